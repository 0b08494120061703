//! The reduction kernels: a whole set of values to one value, each vector of a
//! compressed matrix to one value, and a scatter that reduces the other
//! dimension without transposing. Every kernel's result depends only on its
//! input, never on the number of threads.

use super::fold::{Fold, FoldUser};
use crate::error::{try_vec, Result};
use crate::parallel;
use crate::storage::{Array, Compressed, Full};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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
}

/// The result of reducing vectors: one value per non-empty vector.
pub struct Reduced {
    /// Which vectors the values are of.
    pub held: Held,
    /// The values, in the operator's domain.
    pub values: Array,
}

/// The vectors a [`Reduced`] holds values of.
pub enum Held {
    /// Every vector `0..values.len()`, in order.
    Every,
    /// The vectors with these ids, one per value.
    Ids(Vec<u64>),
    /// The vectors whose flag is set: one value per vector, meaningless
    /// where the flag is not set.
    Flags {
        /// One flag per vector.
        present: Vec<bool>,
        /// The number of flags set.
        nvals: usize,
    },
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
/// A result of a compressed matrix's vectors with at least one in this many
/// of them held keeps a value for every vector and a flag per vector.
const FLAGGED_DENSITY: usize = 8;

impl FoldUser for FoldVectors<'_> {
    type Out = Reduced;

    fn run<F: Fold>(self, fold: &F) -> Reduced {
        let v = &self.vectors;
        let n = v.count();
        let c = match v {
            Vectors::Full(_) => {
                let values = parallel::map(n, VECTORS_PER_TASK, |k| fold.fold_in_order(v.range(k)));
                return Reduced {
                    held: Held::Every,
                    values: fold.to_array(values),
                };
            }
            Vectors::Compressed(c) => c,
        };
        // One pass folds every vector; the empty ones are counted (their
        // slots hold placeholders) and dropped afterwards, which most
        // matrices never need.
        let mut values = Vec::with_capacity(n);
        let empty = AtomicUsize::new(0);
        parallel::for_each_chunk_mut(
            &mut values.spare_capacity_mut()[..n],
            RUNS_PER_TASK,
            |ks, out| {
                let e = fold.fold_runs(&c.p[ks.start..=ks.end], out);
                if e > 0 {
                    empty.fetch_add(e, Ordering::Relaxed);
                }
            },
        );
        // SAFETY: `fold_runs` wrote each of the `n` slots.
        unsafe { values.set_len(n) };
        let held = n - empty.into_inner();
        let ids = match &c.h {
            _ if held == n => {
                return Reduced {
                    held: c.h.clone().map_or(Held::Every, Held::Ids),
                    values: fold.to_array(values),
                };
            }
            None if held * FLAGGED_DENSITY >= n => {
                let present = c.p.windows(2).map(|w| w[0] != w[1]).collect();
                return Reduced {
                    held: Held::Flags {
                        present,
                        nvals: held,
                    },
                    values: fold.to_array(values),
                };
            }
            _ => (0..n).filter(|&k| !c.range(k).is_empty()),
        };
        let (ids, values): (Vec<u64>, Vec<F::Acc>) =
            ids.map(|k| (c.vector_id(k), values[k].clone())).unzip();
        Reduced {
            held: Held::Ids(ids),
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
            held: Held::Ids(ids),
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
        let first = r.start + c.i.idx_range(r.clone()).count_below(lo);
        for q in first..r.end {
            let i = c.i.get(q);
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
