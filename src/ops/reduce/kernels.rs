//! The reduction kernels: a whole set of values to one value, each vector of a
//! compressed matrix to one value, and a scatter that reduces the other
//! dimension without transposing. Every kernel's result depends only on its
//! input, never on the number of threads.

use super::fold::{Fold, FoldUser};
use crate::error::{try_vec, Result};
use crate::parallel;
use crate::storage::{Array, Compressed, Full};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// Values per block of a parallel fold: fixed, so that the association of the
/// fold (and so a floating-point result) is the same for any thread count.
const BLOCK: usize = 1 << 14;

/// Folds positions `0..n` into one value (`None` when `n == 0`): blocks in
/// parallel, then the block results in block order. Stops early once any block
/// reaches the terminal value, which is then the result.
pub struct FoldAll {
    /// Number of values.
    pub n: usize,
}

impl FoldUser for FoldAll {
    type Out = Option<Array>;

    fn run<F: Fold>(self, fold: &F) -> Option<Array> {
        if self.n == 0 {
            return None;
        }
        let stop = AtomicBool::new(false);
        let partials: Vec<Option<F::Acc>> = parallel::map(self.n.div_ceil(BLOCK), 1, |b| {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let acc = fold.fold_fast(b * BLOCK..self.n.min((b + 1) * BLOCK));
            if fold.is_terminal(&acc) {
                stop.store(true, Ordering::Relaxed);
            }
            Some(acc)
        });
        // A block is skipped only after another reached the terminal value.
        let mut blocks = partials.into_iter().flatten();
        let mut result = blocks.next().expect("the first block always runs");
        for acc in blocks {
            if fold.is_terminal(&result) {
                break;
            }
            if fold.is_terminal(&acc) {
                result = acc;
                break;
            }
            fold.combine(&mut result, &acc);
        }
        Some(fold.to_array(vec![result]))
    }
}

/// The vectors a [`FoldVectors`] reduces: those of a compressed matrix, or the
/// `vdim` vectors of `vlen` consecutive positions of a full one.
pub enum Vectors<'a> {
    /// The held vectors of a compressed matrix.
    Compressed(&'a Compressed),
    /// The vectors of a full matrix.
    Full(&'a Full),
}

impl Vectors<'_> {
    fn count(&self) -> usize {
        match self {
            Vectors::Compressed(c) => c.nvec(),
            Vectors::Full(f) if f.vlen == 0 => 0,
            Vectors::Full(f) => f.vdim as usize,
        }
    }

    fn range(&self, k: usize) -> Range<usize> {
        match self {
            Vectors::Compressed(c) => c.range(k),
            Vectors::Full(f) => {
                let vlen = f.vlen as usize;
                k * vlen..(k + 1) * vlen
            }
        }
    }

    /// The hypersparse vector ids, if any.
    fn hyper_ids(&self) -> Option<&[u64]> {
        match self {
            Vectors::Compressed(c) => c.h.as_deref(),
            Vectors::Full(_) => None,
        }
    }

    /// The id of vector `k`.
    fn id(&self, k: usize) -> u64 {
        self.hyper_ids().map_or(k as u64, |h| h[k])
    }

    /// How many of the vectors `ks` hold entries (counted without an early
    /// exit, so that the loop vectorises).
    fn held_in(&self, ks: Range<usize>) -> usize {
        match self {
            Vectors::Compressed(c) => c.p[ks.start..=ks.end]
                .windows(2)
                .filter(|w| w[0] != w[1])
                .count(),
            Vectors::Full(_) => ks.len(),
        }
    }
}

/// The result of reducing vectors: one value per non-empty vector.
pub struct Reduced {
    /// The ids of the non-empty vectors, or `None` when they are all of
    /// `0..values.len()`.
    pub ids: Option<Vec<u64>>,
    /// Their values, in the operator's domain.
    pub values: Array,
}

/// Folds each non-empty vector in index order.
pub struct FoldVectors<'a> {
    /// The vectors to fold.
    pub vectors: Vectors<'a>,
}

/// Vectors per parallel task of [`FoldVectors`] for a full matrix.
const VECTORS_PER_TASK: usize = 256;
/// Vectors per parallel task of [`FoldVectors`] for a compressed matrix:
/// the runs of `p`, one tight loop per task.
const RUNS_PER_TASK: usize = 4096;

impl FoldUser for FoldVectors<'_> {
    type Out = Reduced;

    fn run<F: Fold>(self, fold: &F) -> Reduced {
        let v = &self.vectors;
        let n = v.count();
        let c = match v {
            Vectors::Full(_) => {
                let values = parallel::map(n, VECTORS_PER_TASK, |k| fold.fold_in_order(v.range(k)));
                return Reduced {
                    ids: None,
                    values: fold.to_array(values),
                };
            }
            Vectors::Compressed(c) => c,
        };
        let chunks = parallel::chunk_ranges(n, RUNS_PER_TASK);
        let held = parallel::map(chunks.len(), 1, |t| v.held_in(chunks[t].clone()));
        let total: usize = held.iter().sum();
        if total == n {
            let mut values = Vec::with_capacity(n);
            parallel::for_each_chunk_mut(
                &mut values.spare_capacity_mut()[..n],
                RUNS_PER_TASK,
                |ks, out| fold.fold_runs(&c.p[ks.start..=ks.end], out),
            );
            // SAFETY: `fold_runs` wrote each of the `n` slots.
            unsafe { values.set_len(n) };
            return Reduced {
                ids: c.h.clone(),
                values: fold.to_array(values),
            };
        }
        // Each chunk writes the ids and values of its held vectors into
        // slots of its own, placed by the counts.
        let slots: Vec<Range<usize>> = held
            .iter()
            .scan(0, |at, &h| {
                *at += h;
                Some(*at - h..*at)
            })
            .collect();
        let (mut ids, mut values) = (Vec::with_capacity(total), Vec::with_capacity(total));
        parallel::map_ranges_mut(
            &mut ids.spare_capacity_mut()[..total],
            &mut values.spare_capacity_mut()[..total],
            &slots,
            |t, ids, values| {
                let mut s = 0;
                for k in chunks[t].clone() {
                    let r = v.range(k);
                    if !r.is_empty() {
                        ids[s].write(v.id(k));
                        values[s].write(fold.fold_in_order(r));
                        s += 1;
                    }
                }
                assert_eq!(s, ids.len(), "every slot of the chunk written");
            },
        );
        // SAFETY: each chunk wrote every one of its slots (asserted above),
        // and the chunks' slots cover `0..total`.
        unsafe {
            ids.set_len(total);
            values.set_len(total);
        }
        Reduced {
            ids: Some(ids),
            values: fold.to_array(values),
        }
    }
}

/// Reduces the inner dimension of a compressed matrix: `w(i) = ⊕_j C(j, i)`,
/// combining each `w(i)` in increasing `j` (the same order as folding the
/// transposed vector `i` in index order). The inner dimension is split into
/// ranges reduced in parallel, each with a dense workspace; how it is split
/// does not change any result.
pub struct Scatter<'a> {
    /// The matrix whose inner dimension is reduced.
    pub c: &'a Compressed,
}

impl FoldUser for Scatter<'_> {
    type Out = Result<Reduced>;

    fn run<F: Fold>(self, fold: &F) -> Result<Reduced> {
        let c = self.c;
        let len = c.vlen as usize;
        // Each range scans every vector once: keep that small next to the entries.
        let ranges = (c.nvals() / (4 * c.nvec().max(1)))
            .clamp(1, rayon::current_num_threads())
            .min(len.max(1));
        let step = len.div_ceil(ranges).max(1);
        let parts: Vec<Result<RangeReduced<F::Acc>>> = parallel::map(len.div_ceil(step), 1, |t| {
            scatter_range(c, fold, t * step..len.min((t + 1) * step))
        });
        let mut ids = Vec::new();
        let mut values = Vec::new();
        for part in parts {
            let (i, v) = part?;
            ids.extend(i);
            values.extend(v);
        }
        Ok(Reduced {
            ids: Some(ids),
            values: fold.to_array(values),
        })
    }
}

/// Ids of the non-empty results of a range and their values.
type RangeReduced<A> = (Vec<u64>, Vec<A>);

/// [`Scatter`] for the inner indices in `range`.
fn scatter_range<F: Fold>(
    c: &Compressed,
    fold: &F,
    range: Range<usize>,
) -> Result<RangeReduced<F::Acc>> {
    let (lo, hi) = (range.start as u64, range.end as u64);
    let mut work: Vec<Option<F::Acc>> = try_vec(range.len(), None, "reduce workspace")?;
    for k in 0..c.nvec() {
        let r = c.range(k);
        let first = r.start + c.i[r.clone()].partition_point(|&i| i < lo);
        for q in first..r.end {
            let i = c.i[q];
            if i >= hi {
                break;
            }
            match &mut work[(i - lo) as usize] {
                slot @ None => *slot = Some(fold.load(q)),
                Some(acc) => {
                    if !fold.is_terminal(acc) {
                        fold.add_at(acc, q)
                    }
                }
            }
        }
    }
    let mut ids = Vec::new();
    let mut values = Vec::new();
    for (i, slot) in work.into_iter().enumerate() {
        if let Some(acc) = slot {
            ids.push(lo + i as u64);
            values.push(acc);
        }
    }
    Ok((ids, values))
}
