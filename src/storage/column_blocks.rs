//! [`ColumnBlocks`]: the vectors of a compressed matrix cut at every
//! [`BLOCK_COLUMNS`]-th inner index, each block of inner indices a pattern
//! of its own (the vectors with indices in the block, their pointers and
//! their 32-bit indices, no values). A product
//! that gathers a dense column's values at each vector's indices reads the
//! whole matrix against one block of the column at a time, which stays in
//! the processor's cache, where one pass over the vectors reads the whole
//! column at random (PageRank's `r += A' w` with `w` beyond the cache).

use super::compressed::Compressed;
use super::index::IdxSlice;
use super::kept::Derived;
use crate::parallel;
use std::ops::Range;

/// Inner indices per block: 1 MB of `FP32` values, 2 MB of `FP64`.
pub const BLOCK_COLUMNS: usize = 1 << 18;

/// Vectors per task while the blocks are built.
const VECTORS_PER_TASK: usize = 1 << 14;

/// The blocks of one compressed pattern (see the module's documentation).
pub struct ColumnBlocks {
    /// Block `b` holds the indices `b * BLOCK_COLUMNS` up to the next block's.
    pub blocks: Vec<Block>,
}

/// One block: the vectors' indices in the block, in order; each vector's
/// are `i[p[v]..p[v + 1]]`, or, when the block lists its vectors, the
/// `k`-th listed vector's are `i[p[k]..p[k + 1]]`.
pub struct Block {
    /// The vectors with indices in the block, ascending, when they are
    /// fewer than half of all (a skewed graph's low-degree rows miss most
    /// blocks); `None`: every vector has its pointer.
    pub vectors: Option<Vec<u32>>,
    /// Pointers into `i`: one more than there are vectors (listed).
    pub p: Vec<u32>,
    /// The indices, absolute (not offset by the block's first).
    pub i: Vec<u32>,
}

impl Block {
    /// Calls `each(s, segment)` for each vector `range.start + s` of
    /// `range` with indices in the block, in order.
    #[inline(always)]
    pub fn each_segment(&self, range: Range<usize>, mut each: impl FnMut(usize, &[u32])) {
        let segment = |a: u32, b: u32| &self.i[a as usize..b as usize];
        match &self.vectors {
            None => {
                let p = &self.p[range.start..=range.end];
                for (s, run) in p.windows(2).enumerate() {
                    if run[0] != run[1] {
                        each(s, segment(run[0], run[1]));
                    }
                }
            }
            Some(vectors) => {
                let at = |v: usize| vectors.partition_point(|&u| (u as usize) < v);
                let (from, to) = (at(range.start), at(range.end));
                let runs = self.p[from..=to].windows(2);
                for (&v, run) in vectors[from..to].iter().zip(runs) {
                    each(v as usize - range.start, segment(run[0], run[1]));
                }
            }
        }
    }
}

impl Derived for ColumnBlocks {
    fn heap_bytes(&self) -> usize {
        self.blocks
            .iter()
            .map(|b| (b.vectors.as_ref().map_or(0, Vec::len) + b.p.len() + b.i.len()) * 4)
            .sum()
    }
}

/// Indices [`segments`] compares at once before it searches: a segment
/// is rarely longer (a row of 32 entries cut in four blocks).
const SCANNED: usize = 16;

/// Calls `each(b, segment)` for the consecutive segments of the sorted
/// indices `is` that fall in one block `b`, in order (none empty).
#[inline]
pub fn segments(mut is: &[u32], mut each: impl FnMut(usize, &[u32])) {
    while let Some(&first) = is.first() {
        let b = first as usize / BLOCK_COLUMNS;
        let end = (b + 1) * BLOCK_COLUMNS;
        // A count without branches over the first indices (the segment's
        // length when it ends among them), a binary search past them.
        let head = &is[..is.len().min(SCANNED)];
        let mut n = head.iter().filter(|&&k| (k as usize) < end).count();
        if n == SCANNED {
            n += is[n..].partition_point(|&k| (k as usize) < end);
        }
        let (segment, rest) = is.split_at(n);
        each(b, segment);
        is = rest;
    }
}

impl ColumnBlocks {
    /// True when these are blocks of a pattern of `nvec` vectors and
    /// `nvals` entries (a check that they belong to the pattern read).
    pub fn covers(&self, nvec: usize, nvals: usize) -> bool {
        let held: usize = self.blocks.iter().map(|b| b.i.len()).sum();
        let within = |b: &Block| match &b.vectors {
            None => b.p.len() == nvec + 1,
            Some(v) => v.last().is_none_or(|&v| (v as usize) < nvec),
        };
        self.blocks.iter().all(within) && held == nvals
    }

    /// Bytes at most that [`ColumnBlocks::of`] holds for a pattern of
    /// `nvals` entries in `nvec` vectors and `nblocks` blocks: per entry an
    /// index, per block a pointer a vector and one more (or fewer than half
    /// the vectors listed, each with a pointer).
    pub fn bytes_at_most(nvals: usize, nvec: usize, nblocks: usize) -> usize {
        let pointers = nblocks.saturating_mul(nvec.saturating_add(1));
        nvals.saturating_add(pointers).saturating_mul(4)
    }

    /// The blocks of `c`'s pattern; `None` unless its indices are 32-bit,
    /// it is not hypersparse, and its entries and vectors are counted in
    /// 32 bits.
    pub fn of(c: &Compressed) -> Option<ColumnBlocks> {
        let IdxSlice::Narrow(idx) = c.i.as_idx() else {
            return None;
        };
        let nvec = c.p.len() - 1;
        if c.h.is_some() || u32::try_from(c.nvals()).is_err() || u32::try_from(nvec).is_err() {
            return None;
        }
        let nblocks = usize::try_from(c.vlen).ok()?.div_ceil(BLOCK_COLUMNS).max(1);
        let tasks = parallel::chunk_ranges(nvec, VECTORS_PER_TASK);
        let run = |v: usize| &idx[c.p[v]..c.p[v + 1]];
        // Each task's segment lengths, block by block.
        let lens = parallel::map(tasks.len(), 1, |t| {
            let rows = tasks[t].clone();
            let mut lens = vec![0u32; nblocks * rows.len()];
            for (r, v) in rows.clone().enumerate() {
                segments(run(v), |b, s| lens[b * rows.len() + r] = s.len() as u32);
            }
            lens
        });
        // Each block's vectors and pointers, and each task's entries in it.
        let mut held = vec![0usize; nblocks * tasks.len()];
        let mut blocks: Vec<Block> = (0..nblocks)
            .map(|b| {
                let of_task = |t: usize| &lens[t][b * tasks[t].len()..(b + 1) * tasks[t].len()];
                let listed: usize = (0..tasks.len())
                    .map(|t| of_task(t).iter().filter(|&&n| n > 0).count())
                    .sum();
                let mut vectors = (2 * listed < nvec).then(|| Vec::with_capacity(listed));
                let mut p = Vec::with_capacity(vectors.as_ref().map_or(nvec, |_| listed) + 1);
                p.push(0u32);
                for (t, rows) in tasks.iter().enumerate() {
                    let before = p[p.len() - 1];
                    for (v, &n) in rows.clone().zip(of_task(t)) {
                        match &mut vectors {
                            None => {}
                            Some(_) if n == 0 => continue,
                            Some(vectors) => vectors.push(v as u32),
                        }
                        p.push(p[p.len() - 1] + n);
                    }
                    held[b * tasks.len() + t] = (p[p.len() - 1] - before) as usize;
                }
                let i = vec![0u32; p[p.len() - 1] as usize];
                Block { vectors, p, i }
            })
            .collect();
        drop(lens);
        // Each task's part of every block, handed to it whole.
        let mut parts: Vec<Vec<&mut [u32]>> = tasks.iter().map(|_| Vec::new()).collect();
        for (b, block) in blocks.iter_mut().enumerate() {
            let mut rest = &mut block.i[..];
            for (t, part) in parts.iter_mut().enumerate() {
                let (mine, more) = rest.split_at_mut(held[b * tasks.len() + t]);
                part.push(mine);
                rest = more;
            }
        }
        parallel::map_items(
            tasks.iter().cloned().zip(parts).collect(),
            |(rows, mut dst)| {
                let mut at = vec![0usize; nblocks];
                for v in rows {
                    segments(run(v), |b, s| {
                        dst[b][at[b]..at[b] + s.len()].copy_from_slice(s);
                        at[b] += s.len();
                    });
                }
            },
        );
        Some(ColumnBlocks { blocks })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{Array, Indices};

    /// A compressed pattern of `nvec` vectors of length `vlen`, each with
    /// sorted distinct indices drawn from `seed`.
    fn pattern(vlen: u64, nvec: usize, per: usize, seed: u64) -> Compressed {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % vlen
        };
        let (mut p, mut i) = (vec![0usize], Vec::new());
        for v in 0..nvec {
            let mut run: Vec<u32> = (0..per * (v % 3)).map(|_| next() as u32).collect();
            run.sort_unstable();
            run.dedup();
            i.extend(run);
            p.push(i.len());
        }
        let n = i.len();
        Compressed {
            vlen,
            vdim: nvec as u64,
            h: None,
            p,
            i: Indices::narrow(i),
            x: Array::from_vec(vec![1.0f64; n]),
        }
    }

    /// Vector `v`'s indices in `c`.
    fn indices_of(c: &Compressed, v: usize) -> Vec<u32> {
        let IdxSlice::Narrow(idx) = c.i.as_idx() else {
            unreachable!("built narrow")
        };
        idx[c.p[v]..c.p[v + 1]].to_vec()
    }

    /// Vector `v`'s indices in each block, joined in block order.
    fn joined(blocks: &ColumnBlocks, v: usize) -> Vec<u32> {
        let mut joined = Vec::new();
        for (b, block) in blocks.blocks.iter().enumerate() {
            let first = (b * BLOCK_COLUMNS) as u32;
            block.each_segment(v..v + 1, |s, part| {
                assert_eq!(s, 0);
                assert!(!part.is_empty(), "no empty segment");
                assert!(part.iter().all(|&k| (k - first) < BLOCK_COLUMNS as u32));
                joined.extend_from_slice(part);
            });
        }
        joined
    }

    #[test]
    fn each_vector_is_its_blocks_in_order() {
        for (vlen, nvec, per) in [
            (1, 3, 2),
            (BLOCK_COLUMNS as u64 * 3 + 5, 40_000, 9),
            (700_000, 5, 4_000),
            (BLOCK_COLUMNS as u64 * 4, 30_000, 1),
        ] {
            let c = pattern(vlen, nvec, per, vlen ^ nvec as u64);
            let blocks = ColumnBlocks::of(&c).expect("narrow, not hypersparse");
            assert_eq!(blocks.blocks.len(), (vlen as usize).div_ceil(BLOCK_COLUMNS));
            // Vectors of at most two indices in four blocks: each block
            // lists the few it has.
            let listed = blocks.blocks.iter().all(|b| b.vectors.is_some());
            assert_eq!(listed, per == 1, "{vlen} × {nvec}");
            assert!(blocks.covers(nvec, c.nvals()));
            assert!(!blocks.covers(nvec, c.nvals() + 1));
            for v in 0..nvec {
                assert_eq!(joined(&blocks, v), indices_of(&c, v), "vector {v}");
            }
            let total: usize = blocks.blocks.iter().map(|b| b.i.len()).sum();
            assert_eq!(total, c.nvals());
        }
    }

    #[test]
    fn a_store_keeps_its_blocks_from_the_second_ask_until_it_changes() {
        use crate::storage::{Format, MatrixStore, Orientation};
        let c = pattern(BLOCK_COLUMNS as u64 * 2 + 7, 300, 5, 3);
        let (by_row, by_col) = (Orientation::ByRow, Orientation::ByCol);
        let mut store = MatrixStore::new(by_row, Format::Sparse(c));
        assert!(
            store.column_blocks(by_row).is_none(),
            "one product does not repay the copy"
        );
        let kept = store.column_blocks(by_row).expect("made at the second ask");
        assert_eq!(kept.blocks.len(), 3);
        let again = store.column_blocks(by_row).expect("kept");
        assert!(std::sync::Arc::ptr_eq(&kept, &again));
        assert!(std::sync::Arc::ptr_eq(
            &store.clone().column_blocks(by_row).unwrap(),
            &kept
        ));

        // The other orientation's blocks are those of the kept transpose.
        let wide = pattern(300, BLOCK_COLUMNS + 7, 5, 4);
        let read_across = MatrixStore::new(by_col, Format::Sparse(wide));
        assert!(read_across.column_blocks(by_row).is_none());
        assert!(
            read_across.column_blocks(by_row).is_none(),
            "no transpose kept yet"
        );
        let t = read_across.compressed(by_row).into_owned();
        let other = read_across.column_blocks(by_row);
        if t.i.is_narrow() {
            let other = other.expect("the transpose's");
            assert_eq!(other.blocks.len(), 2);
            for v in 0..t.nvec() {
                assert_eq!(joined(&other, v), indices_of(&t, v), "vector {v}");
            }
        } else {
            assert!(other.is_none(), "64-bit indices (GRB_INDEX_WIDTH=64)");
        }

        store.format_mut();
        assert!(
            store.column_blocks(by_row).is_none(),
            "changed content: asked anew"
        );
    }

    #[test]
    fn segments_split_at_block_boundaries() {
        let w = BLOCK_COLUMNS as u32;
        let is = [0, 5, w - 1, w, 3 * w + 2, 3 * w + 9];
        let mut got = Vec::new();
        segments(&is, |b, s| got.push((b, s.to_vec())));
        assert_eq!(
            got,
            vec![
                (0, vec![0, 5, w - 1]),
                (1, vec![w]),
                (3, vec![3 * w + 2, 3 * w + 9])
            ]
        );
        segments(&[], |_, _| panic!("no segment of nothing"));
    }
}
