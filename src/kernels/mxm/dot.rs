//! Dot-product products: `C(i,j) = L(i,:) · R(:,j)`, each entry folded in
//! increasing `k` by one task, stopping early when the monoid reaches its
//! terminal value.
//!
//! * [`Dot3`] (`dot3.rs`) computes only the entries present in a (non-complemented) mask:
//!   the kernel of `C<M> = A * B'` (triangle counting).
//! * [`Dot2`] (`dot2.rs`) computes every row of `L` against every column of `R`, checking
//!   the mask (often complemented) per entry: with `R` a single dense column
//!   this is the "pull" matrix-vector product. Against a dense `R` of
//!   several columns too large for the cache together, a block of rows is
//!   computed one column at a time (betweenness's `W * A'` by columns).
//!
//! `R`'s columns are read as sparse vectors (merged with `L`'s rows, galloping
//! when their lengths differ a lot) or by random access into a dense form.

use super::operand::{DenseCol, DenseView, MaskRow, MaskView};
use super::output::{parts, Parts, Product, Rows};
use super::schedule::{ranges_by_prefix, run_tasks, scratch, task_count};
use super::tiers::Job;
use super::values::typed::TypedSr;
use super::values::{
    by_reads, dot_rows_by_fold, dot_rows_flagged_by_fold, fold_taken, oriented, Blocks, DenseDots,
    FlaggedDots, Sr, Take,
};
use crate::algebra::arith::Arith;
use crate::algebra::typed_op::Op;
use crate::error::Result;
use crate::parallel;
use crate::storage::ranges::extend_copy;
use crate::storage::ArrayElement;
use crate::storage::{Array, Bitmap, Compressed, Idx};
use crate::work;
use std::ops::Range;

mod dot2;
mod dot3;
mod gather;
mod scatter;

pub use dot2::{Dot2, PullInto};
pub use dot3::{Dot3, Dot3Rows};
pub use scatter::spreadable;

/// The columns of the right operand.
pub enum RCols<'a> {
    /// As compressed vectors (vector `j` is column `j`).
    Sparse(&'a Compressed),
    /// By random access.
    Dense(&'a DenseView<'a>),
}

/// Lengths below this ratio are merged; above it the shorter list gallops.
const GALLOP_RATIO: usize = 16;

/// `z = L(i,:) · R(:,j)` for the entries of `L`'s row at `lr`; false when
/// no `k` is shared.
#[inline]
fn dot<S: Sr>(sr: &S, z: &mut S::Z, l: &Compressed, lr: Range<usize>, r: &RCols, j: u64) -> bool {
    match r {
        RCols::Dense(d) => {
            crate::with_idx!(l.i.idx_range(lr.clone()), a => dot_dense(sr, z, a, lr.start, d, j))
        }
        RCols::Sparse(rc) => {
            let rr = rc.vector_range(j);
            let (a, b) = (l.i.idx_range(lr.clone()), rc.i.idx_range(rr.clone()));
            crate::with_idx2!(a, b, (a, b) => dot_sparse(sr, z, a, lr.start, b, rr.start))
        }
    }
}

/// The dot product of the sorted indices `a` (values from position `a0` of
/// `L`) with a dense column `j` of `R`.
fn dot_dense<S: Sr, I: Idx>(
    sr: &S,
    z: &mut S::Z,
    a: &[I],
    a0: usize,
    d: &DenseView,
    j: u64,
) -> bool {
    dot_dense_col(sr, z, a, a0, d.col(j))
}

/// [`dot_dense`] with the column at hand.
#[inline(always)]
fn dot_dense_col<S: Sr, I: Idx>(sr: &S, z: &mut S::Z, a: &[I], a0: usize, col: DenseCol) -> bool {
    work::count(a.len());
    if col.is_full() {
        let pairs = a
            .iter()
            .enumerate()
            .map(|(pa, &k)| (a0 + pa, col.position(k.to_u64())));
        sr.fold(z, pairs)
    } else if let Some((flags, base)) = col.unit_flags() {
        // The common column of a bitmap vector: its flags read directly.
        let pairs = a
            .iter()
            .enumerate()
            .filter(|(_, &k)| flags[k.to_u64() as usize])
            .map(|(pa, &k)| (a0 + pa, base + k.to_u64() as usize));
        sr.fold(z, pairs)
    } else {
        let pairs = a
            .iter()
            .enumerate()
            .filter_map(|(pa, &k)| col.get(k.to_u64()).map(|q| (a0 + pa, q)));
        sr.fold(z, pairs)
    }
}

/// The positions of the common indices of two sorted lists, by merging.
struct Merge<'x, I> {
    a: &'x [I],
    b: &'x [I],
    pa: usize,
    pb: usize,
}

impl<I: Idx> Iterator for Merge<'_, I> {
    type Item = (usize, usize);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, usize)> {
        while self.pa < self.a.len() && self.pb < self.b.len() {
            let (ka, kb) = (self.a[self.pa], self.b[self.pb]);
            if ka == kb {
                self.pa += 1;
                self.pb += 1;
                return Some((self.pa - 1, self.pb - 1));
            }
            self.pa += (ka < kb) as usize;
            self.pb += (kb < ka) as usize;
        }
        None
    }
}

/// The positions in `long` of the indices of `short` it holds, by searching.
fn gallop<'x, I: Idx>(short: &'x [I], long: &'x [I]) -> impl Iterator<Item = (usize, usize)> + 'x {
    let mut p = 0;
    short
        .iter()
        .enumerate()
        .map_while(move |(ps, &k)| {
            p += long[p..].partition_point(|&x| x < k);
            (p < long.len()).then(|| (long[p] == k).then_some((ps, p)))
        })
        .flatten()
}

/// The dot product of sorted index lists `a` and `b` (values from positions
/// `a0` of `L` and `b0` of `R`): merged, or the shorter list searched in the
/// longer one when their lengths differ a lot.
#[inline(always)]
fn dot_sparse<S: Sr, I: Idx>(sr: &S, z: &mut S::Z, a: &[I], a0: usize, b: &[I], b0: usize) -> bool {
    if a.is_empty() || b.is_empty() || a[0] > b[b.len() - 1] || b[0] > a[a.len() - 1] {
        work::count(1);
        return false;
    }
    if a.len() * GALLOP_RATIO < b.len() {
        work::count(a.len() * (b.len().ilog2() as usize + 1));
        sr.fold(z, gallop(a, b).map(|(pa, pb)| (a0 + pa, b0 + pb)))
    } else if b.len() * GALLOP_RATIO < a.len() {
        work::count(b.len() * (a.len().ilog2() as usize + 1));
        sr.fold(z, gallop(b, a).map(|(pb, pa)| (a0 + pa, b0 + pb)))
    } else {
        work::count(a.len() + b.len());
        let merge = Merge { a, b, pa: 0, pb: 0 };
        sr.fold(z, merge.map(|(pa, pb)| (a0 + pa, b0 + pb)))
    }
}

/// The space a task reuses across its rows.
struct Space<Z> {
    /// A dot product's accumulator.
    z: Z,
    /// A row of `L` spread by index.
    row: scatter::RowScatter,
}

/// Runs `row(space, range, out)` over `ranges` of rows in parallel, each
/// task writing into its own `new()` output.
fn by_rows<S: Sr, O: Send>(
    sr: &S,
    ranges: &[Range<usize>],
    new: impl Fn() -> O + Sync,
    row: impl Fn(&mut Space<S::Z>, Range<usize>, &mut O) + Sync,
) -> Vec<O> {
    run_tasks(ranges.len(), |s, t| {
        let mut out = new();
        let space = scratch(s, || Space {
            z: sr.z(),
            row: Default::default(),
        });
        row(space, ranges[t].clone(), &mut out);
        out
    })
}

#[cfg(test)]
mod tests;
