//! Products over the grid.
//!
//! `mxv` (`w = A u`): the rank at grid place `(i, j)` needs `u` on column
//! range `j`; each rank sends its piece's entries to the ranks of the grid
//! column whose range holds them, multiplies its block by what it receives,
//! and sends each partial result to the rank holding that index of `w`,
//! which combines the partial results with the semiring's monoid. `vxm` is
//! the same along the other axis.
//!
//! `mxm` (`C = A B`): the rank at `(i, j)` gathers `A`'s blocks of its grid
//! row (row range `i`, every column) and `B`'s blocks of its grid column
//! (every row, column range `j`) and multiplies them, under its block of the
//! mask: SUMMA with every stage at once (the same volume; memory for one
//! row band and one column band).

use crate::comm::{self, agree};
use crate::grid::{Grid, Split};
use crate::matrix::DistMatrix;
use crate::ops::same_shape;
use crate::output::{DistOutput, MatrixMask, VectorMask};
use crate::vector::DistVector;
use crate::wire;
use graphblas::prelude::*;
use graphblas::{BinaryOp, Matrix, Result, Semiring, ValueType, Vector};

impl<T: ValueType, K: VectorMask> DistOutput<'_, DistVector<T>, K, T> {
    fn check_mask(&self) -> Result<()> {
        match self.mask {
            Some(m) => same_shape("mask", self.target.n, m.size()),
            None => Ok(()),
        }
    }

    /// `w<m> = accum(w, A ⊕.⊗ u)` (`GrB_mxv`).
    pub fn mxv<A: ValueType, U: ValueType, X: ValueType, Y: ValueType>(
        self,
        a: &DistMatrix<A>,
        u: &DistVector<U>,
        s: Semiring<X, Y, T>,
    ) -> Result<()> {
        same_shape("mxv: A's columns and u", a.ncols, u.n)?;
        same_shape("mxv: A's rows and w", a.nrows, self.target.n)?;
        self.check_mask()?;
        let (rows, cols) = a.splits();
        let (i, j) = a.grid.place();
        let pr = a.grid.shape().0;
        let x = gather(u, cols, j, |b| {
            (0..pr).map(|r| a.grid.rank_at(r, b)).collect()
        })?;
        let y = agree(
            &a.grid,
            a.local.cast::<X>().mxv(x.cast::<Y>(), s.clone()).eval(),
        )?;
        let t = scatter(
            &a.grid,
            &y,
            rows.range(i).start,
            a.nrows,
            s.add().operator(),
        )?;
        self.write(t.local.expr())
    }

    /// `w<m> = accum(w, u ⊕.⊗ A)` (`GrB_vxm`).
    pub fn vxm<U: ValueType, A: ValueType, X: ValueType, Y: ValueType>(
        self,
        u: &DistVector<U>,
        a: &DistMatrix<A>,
        s: Semiring<X, Y, T>,
    ) -> Result<()> {
        same_shape("vxm: u and A's rows", u.n, a.nrows)?;
        same_shape("vxm: A's columns and w", a.ncols, self.target.n)?;
        self.check_mask()?;
        let (rows, cols) = a.splits();
        let (i, j) = a.grid.place();
        let pc = a.grid.shape().1;
        let x = gather(u, rows, i, |b| {
            (0..pc).map(|c| a.grid.rank_at(b, c)).collect()
        })?;
        let y = agree(
            &a.grid,
            x.cast::<X>().vxm(a.local.cast::<Y>(), s.clone()).eval(),
        )?;
        let t = scatter(
            &a.grid,
            &y,
            cols.range(j).start,
            a.ncols,
            s.add().operator(),
        )?;
        self.write(t.local.expr())
    }
}

/// `u`'s entries in range `mine` of `split`, indexed from the range's start:
/// every rank sends each entry of its piece to the ranks `to(b)` that need
/// range `b` holding it.
fn gather<U: ValueType>(
    u: &DistVector<U>,
    split: Split,
    mine: usize,
    to: impl Fn(usize) -> Vec<usize>,
) -> Result<Vector<U>> {
    let grid = &u.grid;
    let start = u.piece().start;
    let targets: Vec<Vec<usize>> = (0..split.parts()).map(to).collect();
    let entries: Vec<(u64, U)> = agree(grid, u.local.iter())?
        .map(|(k, x)| (start + k, x))
        .collect();
    let inbox = comm::route(
        grid,
        &entries,
        wire::pair_size::<U>(),
        &targets,
        |&(i, _)| split.owner(i),
        |&(i, x), out| wire::write_pair(out, i, x),
    )?;
    let range = split.range(mine);
    let pairs = inbox
        .parts()
        .flat_map(wire::pairs::<U>)
        .map(|(i, x)| (i - range.start, x));
    agree(grid, Vector::from_pairs(range.end - range.start, pairs))
}

/// The distributed vector of length `n` whose entries are the sums (with
/// `add`, in rank order) of every rank's partial result `y`, whose index 0
/// is global index `offset`.
fn scatter<Z: ValueType>(
    grid: &Grid,
    y: &Vector<Z>,
    offset: u64,
    n: u64,
    add: BinaryOp<Z, Z, Z>,
) -> Result<DistVector<Z>> {
    let t = DistVector::new(grid, n)?;
    let split = t.split();
    let partial: Vec<(u64, Z)> = agree(grid, y.iter())?
        .map(|(k, x)| (offset + k, x))
        .collect();
    let inbox = comm::route(
        grid,
        &partial,
        wire::pair_size::<Z>(),
        &comm::each_rank(grid),
        |&(i, _)| split.owner(i),
        |&(i, x), out| wire::write_pair(out, i, x),
    )?;
    t.set_local_from(&inbox, Some(add))?;
    Ok(t)
}

impl<T: ValueType, K: MatrixMask> DistOutput<'_, DistMatrix<T>, K, T> {
    /// `C<M> = accum(C, A ⊕.⊗ B)` (`GrB_mxm`).
    pub fn mxm<A: ValueType, B: ValueType, X: ValueType, Y: ValueType>(
        self,
        a: &DistMatrix<A>,
        b: &DistMatrix<B>,
        s: Semiring<X, Y, T>,
    ) -> Result<()> {
        same_shape("mxm: A's columns and B's rows", a.ncols, b.nrows)?;
        same_shape("mxm: C", self.target.shape(), (a.nrows, b.ncols))?;
        if let Some(m) = self.mask {
            same_shape("mask", self.target.shape(), m.shape())?;
        }
        let grid = &a.grid;
        let (pr, pc) = grid.shape();
        let (i, j) = grid.place();
        let row_ranks: Vec<usize> = (0..pc).map(|c| grid.rank_at(i, c)).collect();
        let col_ranks: Vec<usize> = (0..pr).map(|r| grid.rank_at(r, j)).collect();
        let (a_rows, b_cols) = (a.block_rows(), b.block_cols());
        let a_shape = (a_rows.end - a_rows.start, a.ncols);
        let a_band = band(a, &row_ranks, |r, c| (r - a_rows.start, c), a_shape)?;
        let b_shape = (b.nrows, b_cols.end - b_cols.start);
        let b_band = band(b, &col_ranks, |r, c| (r, c - b_cols.start), b_shape)?;
        self.write(a_band.cast::<X>().mxm(b_band.cast::<Y>(), s))
    }
}

/// A band of `a` on this rank: every rank sends its block's entries to the
/// ranks `to`, and the receivers place each entry at `at(row, col)` in a
/// matrix of `shape`.
fn band<A: ValueType>(
    a: &DistMatrix<A>,
    to: &[usize],
    at: impl Fn(u64, u64) -> (u64, u64),
    shape: (u64, u64),
) -> Result<Matrix<A>> {
    let grid = &a.grid;
    let inbox = comm::route(
        grid,
        &a.entries()?,
        wire::triplet_size::<A>(),
        &[to.to_vec()],
        |_| 0,
        |&(r, c, x), out| wire::write_triplet(out, r, c, x),
    )?;
    let entries = inbox
        .parts()
        .flat_map(wire::triplets::<A>)
        .map(|(r, c, x)| {
            let (r, c) = at(r, c);
            (r, c, x)
        });
    agree(grid, Matrix::from_triplets(shape.0, shape.1, entries))
}
