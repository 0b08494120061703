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

/// The non-empty vectors of a compressed matrix: `(vector id, positions)`.
pub fn compressed_segments(c: &Compressed) -> Vec<(u64, Range<usize>)> {
    (0..c.nvec())
        .map(|k| (c.vector_id(k), c.range(k)))
        .filter(|(_, r)| !r.is_empty())
        .collect()
}

/// The vectors of a full matrix: `(vector id, positions)`.
pub fn full_segments(f: &Full) -> Vec<(u64, Range<usize>)> {
    let vlen = f.vlen as usize;
    if vlen == 0 {
        return Vec::new();
    }
    (0..f.vdim as usize)
        .map(|k| (k as u64, k * vlen..(k + 1) * vlen))
        .collect()
}

/// Folds each segment in index order: `(vector ids, one value per vector)`.
pub struct FoldSegments<'a> {
    /// The non-empty vectors and their positions.
    pub segments: &'a [(u64, Range<usize>)],
}

impl FoldUser for FoldSegments<'_> {
    type Out = (Vec<u64>, Array);

    fn run<F: Fold>(self, fold: &F) -> (Vec<u64>, Array) {
        let segments = self.segments;
        let values: Vec<F::Acc> = parallel::map(segments.len(), 64, |s| {
            fold.fold_in_order(segments[s].1.clone())
        });
        let ids = self.segments.iter().map(|(j, _)| *j).collect();
        (ids, fold.to_array(values))
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
    type Out = Result<(Vec<u64>, Array)>;

    fn run<F: Fold>(self, fold: &F) -> Result<(Vec<u64>, Array)> {
        let c = self.c;
        let len = c.vlen as usize;
        // Each range scans every vector once: keep that small next to the entries.
        let ranges = (c.nvals() / (4 * c.nvec().max(1)))
            .clamp(1, rayon::current_num_threads())
            .min(len.max(1));
        let step = len.div_ceil(ranges).max(1);
        let parts: Vec<Result<Reduced<F::Acc>>> = parallel::map(len.div_ceil(step), 1, |t| {
            scatter_range(c, fold, t * step..len.min((t + 1) * step))
        });
        let mut ids = Vec::new();
        let mut values = Vec::new();
        for part in parts {
            let (i, v) = part?;
            ids.extend(i);
            values.extend(v);
        }
        Ok((ids, fold.to_array(values)))
    }
}

/// Ids of the non-empty results and their values.
type Reduced<A> = (Vec<u64>, Vec<A>);

/// [`Scatter`] for the inner indices in `range`.
fn scatter_range<F: Fold>(
    c: &Compressed,
    fold: &F,
    range: Range<usize>,
) -> Result<Reduced<F::Acc>> {
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
