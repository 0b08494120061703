//! Parallel production of compressed results: the work is cut into chunks of
//! consecutive entries, each chunk produces a [`Fragment`] (its vectors, inner
//! indices and a value buffer), and [`stitch`] joins the fragments in order —
//! a vector cut between two chunks is joined back into one.
//!
//! Chunk boundaries depend only on the amount of work, never on the number of
//! threads, and chunks are joined in order, so results are the same on any pool.

use crate::error::Result;
use crate::storage::{Array, Compressed, Idx, Indices};
use std::ops::Range;

/// Work (in entries) below which an operation runs as a single chunk.
const SEQUENTIAL_WORK: usize = 1 << 15;
/// Target work per chunk for parallel operations.
const CHUNK_WORK: usize = 1 << 14;
/// The most chunks an operation is cut into.
const MAX_CHUNKS: usize = 256;

/// How many chunks `work` units of work are cut into.
pub fn chunk_count(work: usize) -> usize {
    if work < SEQUENTIAL_WORK {
        1
    } else {
        (work / CHUNK_WORK).clamp(1, MAX_CHUNKS)
    }
}

/// The length of the chunks `n` positions are cut into, [`chunk_count`]
/// of them (at least one position each).
pub fn chunk_len(n: usize) -> usize {
    n.div_ceil(chunk_count(n)).max(1)
}

/// `0..n` cut into `chunks` nearly equal consecutive ranges.
pub fn split_even(n: usize, chunks: usize) -> Vec<Range<usize>> {
    let chunks = chunks.clamp(1, n.max(1));
    (0..chunks)
        .map(|c| (n * c / chunks)..(n * (c + 1) / chunks))
        .collect()
}

/// The part of a compressed result produced by one chunk, its inner indices
/// of width `I`.
pub struct Fragment<B, I = u64> {
    /// Ids of the non-empty vectors, increasing.
    pub h: Vec<u64>,
    /// End (exclusive, in `i`) of each vector of `h`.
    pub ends: Vec<usize>,
    /// Inner indices.
    pub i: Vec<I>,
    /// The values, in the producer's own buffer.
    pub buf: B,
}

impl<B, I> Fragment<B, I> {
    /// An empty fragment writing values into `buf`.
    pub fn new(buf: B) -> Fragment<B, I> {
        Fragment {
            h: Vec::new(),
            ends: Vec::new(),
            i: Vec::new(),
            buf,
        }
    }

    /// Closes vector `j`: the entries pushed since the previous close belong to it
    /// (nothing is recorded when there are none).
    #[inline]
    pub fn close_vector(&mut self, j: u64) {
        if self.i.len() > self.ends.last().copied().unwrap_or(0) {
            self.h.push(j);
            self.ends.push(self.i.len());
        }
    }
}

/// The structure of a hypersparse result: vector ids, pointers and inner indices.
pub struct Pattern {
    /// Ids of the non-empty vectors.
    pub h: Vec<u64>,
    /// Vector pointers (`h.len() + 1` of them).
    pub p: Vec<usize>,
    /// Inner indices.
    pub i: Indices,
}

impl Pattern {
    /// The compressed result with these values (one per entry), in its preferred
    /// sparse or hypersparse form.
    pub fn with_values(self, vlen: u64, vdim: u64, x: Array) -> Compressed {
        debug_assert_eq!(x.len(), self.i.len());
        Compressed {
            vlen,
            vdim,
            h: Some(self.h),
            p: self.p,
            i: self.i,
            x,
        }
        .conform()
    }
}

/// Joins fragments (in order) into one pattern of vectors of length `vlen`;
/// returns it with the fragments' value buffers, in order. Several
/// fragments' indices are copied straight into the result's width (32 bits
/// when they fit), each fragment's freed once copied; fails with
/// `GrB_OUT_OF_MEMORY` when the joined indices cannot be allocated.
pub fn stitch<B, I: Idx>(mut frags: Vec<Fragment<B, I>>, vlen: u64) -> Result<(Pattern, Vec<B>)> {
    let (h, p) = join_vectors(frags.iter().map(|f| (&f.h[..], &f.ends[..], f.i.len())));
    let i = if frags.len() == 1 {
        I::store(std::mem::take(&mut frags[0].i))
    } else {
        let parts = frags
            .iter_mut()
            .map(|f| (I::store(std::mem::take(&mut f.i)), 0))
            .collect();
        Indices::concat_shifted(parts, vlen)?
    };
    let bufs = frags.into_iter().map(|f| f.buf).collect();
    Ok((Pattern { h, p, i }, bufs))
}

/// The vectors one chunk of a result holds, and how many entries each, for
/// results whose entries are placed afterwards.
#[derive(Default)]
pub struct Outline {
    h: Vec<u64>,
    ends: Vec<usize>,
    len: usize,
}

impl Outline {
    /// Records `n` entries in vector `j` (nothing when `n` is zero); vectors
    /// come in increasing order.
    pub fn add(&mut self, j: u64, n: usize) {
        if n > 0 {
            self.len += n;
            self.h.push(j);
            self.ends.push(self.len);
        }
    }

    /// How many entries the chunk holds.
    pub fn entries(&self) -> usize {
        self.len
    }
}

/// The vector ids and pointers of the result the chunks `outlines` (in
/// order) make.
pub fn join_outlines(outlines: &[Outline]) -> (Vec<u64>, Vec<usize>) {
    join_vectors(outlines.iter().map(|o| (&o.h[..], &o.ends[..], o.len)))
}

/// Joins the vectors of consecutive chunks — ids, entry ends and entry
/// count of each — into the ids and pointers of one result: a vector cut
/// between two chunks is joined back into one.
fn join_vectors<'a>(
    chunks: impl Iterator<Item = (&'a [u64], &'a [usize], usize)>,
) -> (Vec<u64>, Vec<usize>) {
    let mut h: Vec<u64> = Vec::new();
    let mut p = vec![0usize];
    let mut base = 0;
    for (ids, ends, len) in chunks {
        for (n, (&j, &end)) in ids.iter().zip(ends).enumerate() {
            if n == 0 && h.last() == Some(&j) {
                // The previous chunk ended inside this vector.
                *p.last_mut().unwrap() = base + end;
            } else {
                h.push(j);
                p.push(base + end);
            }
        }
        base += len;
    }
    (h, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_join_split_vectors() {
        let mut a = Fragment::<(), u64>::new(());
        a.i.extend([0, 2]);
        a.close_vector(1);
        a.close_vector(2);
        a.i.push(4);
        a.close_vector(3);
        let mut b = Fragment::new(());
        b.i.push(5);
        b.close_vector(3);
        b.i.push(0);
        b.close_vector(7);
        let (c, bufs) = stitch(vec![a, b], 8).unwrap();
        assert_eq!(bufs.len(), 2);
        assert_eq!(c.h, vec![1, 3, 7]);
        assert_eq!(c.p, vec![0, 2, 4, 5]);
        assert_eq!(c.i, vec![0, 2, 4, 5, 0]);
    }

    #[test]
    fn splitting() {
        assert_eq!(split_even(10, 3), vec![0..3, 3..6, 6..10]);
        assert_eq!(split_even(0, 4), vec![0..0]);
        assert_eq!(chunk_count(10), 1);
        assert!(chunk_count(1 << 20) > 1);
    }
}
