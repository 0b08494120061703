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

use crate::comm::{self, agree, Inbox};
use crate::grid::{Grid, Scope, Split};
use crate::matrix::DistMatrix;
use crate::ops::same_shape;
use crate::output::{DistOutput, MatrixMask, VectorMask};
use crate::vector::DistVector;
use crate::wire;
use graphblas::prelude::*;
use graphblas::{BinaryOp, CompressedArrays, Matrix, Result, Semiring, ValueType, Vector};
use std::ops::Range;

impl<T: ValueType, K: VectorMask> DistOutput<'_, DistVector<T>, K, T> {
    fn check_mask(&self) -> Result<()> {
        match self.mask {
            Some(m) => same_shape("mask", self.target.dims(), m.dims()),
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
        let add = s.add().operator();
        let local = |x: Vector<U>| a.local.cast::<X>().mxv(x.cast::<Y>(), s).eval();
        let t = multiply(a, u, Axis::Columns, local, add)?;
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
        let add = s.add().operator();
        let local = |x: Vector<U>| x.cast::<X>().vxm(a.local.cast::<Y>(), s).eval();
        let t = multiply(a, u, Axis::Rows, local, add)?;
        self.write(t.local.expr())
    }
}

/// The axis of `A` a vector operand runs along.
#[derive(Clone, Copy)]
enum Axis {
    /// `A u`: `u` is indexed like `A`'s columns, the result like its rows.
    Columns,
    /// `u A`: `u` is indexed like `A`'s rows, the result like its columns.
    Rows,
}

/// A product of `a` and `u` along `axis`: `u` gathered to the blocks that
/// need it, multiplied by `local` on each rank, and the partial results
/// combined with `add` at their owners.
fn multiply<A: ValueType, U: ValueType, Z: ValueType>(
    a: &DistMatrix<A>,
    u: &DistVector<U>,
    axis: Axis,
    local: impl FnOnce(Vector<U>) -> Result<Vector<Z>>,
    add: BinaryOp<Z, Z, Z>,
) -> Result<DistVector<Z>> {
    let grid = &a.grid;
    let (rows, cols) = a.splits();
    let ((i, j), pr) = (grid.place(), grid.shape().0);
    // Row range `i` is exactly the pieces of grid row `i`'s ranks (the
    // vector's split refines the rows' split), so `vxm`'s operand and
    // `mxv`'s result stay within a grid row.
    let (x, out, out_n, scope) = match axis {
        Axis::Columns => {
            let peers = |b| (0..pr).map(|r| grid.rank_at(r, b)).collect();
            let x = gather(u, cols, j, peers)?;
            (x, rows.range(i).start, a.nrows, Scope::GridRow)
        }
        Axis::Rows => {
            let x = gather_in_row(u, rows.range(i))?;
            (x, cols.range(j).start, a.ncols, Scope::World)
        }
    };
    let y = agree(grid, local(x))?;
    scatter(grid, scope, &y, out, out_n, add)
}

/// `u`'s entries in range `mine` of `split`, indexed from the range's start:
/// every rank sends the entries of its piece in range `b` to the ranks
/// `to(b)` that need that range.
fn gather<U: ValueType>(
    u: &DistVector<U>,
    split: Split,
    mine: usize,
    to: impl Fn(usize) -> Vec<usize>,
) -> Result<Vector<U>> {
    let grid = &u.grid;
    let (entries, full) = piece_entries(u)?;
    let mut blobs = Vec::new();
    let mut first = 0;
    for b in split.parts_meeting(u.piece()) {
        let range = split.range(b);
        let count = entries[first..].partition_point(|&(i, _)| i < range.end);
        let run = &entries[first..first + count];
        first += count;
        if !run.is_empty() {
            let blob = encode(run, full);
            blobs.extend(to(b).into_iter().map(|r| (r, blob.clone())));
        }
    }
    let inbox = comm::send_blobs(grid, &blobs)?;
    decode(grid, &inbox, split.range(mine))
}

/// `u`'s entries in `range`, the row range of this rank's grid row, which
/// the pieces of that row's ranks make up: gathered within the grid row.
fn gather_in_row<U: ValueType>(u: &DistVector<U>, range: Range<u64>) -> Result<Vector<U>> {
    let (entries, full) = piece_entries(u)?;
    let blob = match entries.is_empty() {
        true => Vec::new(),
        false => encode(&entries, full),
    };
    let inbox = comm::all_gather(&u.grid, Scope::GridRow, &blob)?;
    decode(&u.grid, &inbox, range)
}

/// This rank's entries of `u` at their global indices, and whether the
/// piece holds every index.
fn piece_entries<U: ValueType>(u: &DistVector<U>) -> Result<(Vec<(u64, U)>, bool)> {
    let piece = u.piece();
    let entries: Vec<(u64, U)> = agree(&u.grid, u.local.iter())?
        .map(|(k, x)| (piece.start + k, x))
        .collect();
    let full = entries.len() as u64 == piece.end - piece.start;
    Ok((entries, full))
}

/// A run of consecutive indices as its values alone ([`RUN`], the first
/// index, the values) when `dense`, else as `(index, value)` pairs
/// ([`PAIRS`], the pairs).
fn encode<U: ValueType>(run: &[(u64, U)], dense: bool) -> Vec<u8> {
    let mut blob = Vec::new();
    if dense {
        blob.push(RUN);
        wire::put_index(&mut blob, run[0].0);
        run.iter().for_each(|&(_, x)| wire::put_value(&mut blob, x));
    } else {
        blob.push(PAIRS);
        run.iter()
            .for_each(|&(i, x)| wire::put_pair(&mut blob, i, x));
    }
    blob
}

/// The vector of `range`'s length holding the entries of every message
/// [`encode`] made, indexed from the range's start.
fn decode<U: ValueType>(grid: &Grid, inbox: &Inbox, range: Range<u64>) -> Result<Vector<U>> {
    let mut pairs = Vec::new();
    for part in inbox.parts().filter(|p| !p.is_empty()) {
        if part[0] == RUN {
            let at = wire::index(&part[1..9]);
            let values = wire::values::<U>(&part[9..]);
            pairs.extend((at - range.start..).zip(values));
        } else {
            pairs.extend(wire::pairs::<U>(&part[1..]).map(|(i, x)| (i - range.start, x)));
        }
    }
    agree(grid, Vector::from_pairs(range.end - range.start, pairs))
}

/// The kinds of [`encode`]'s messages.
const PAIRS: u8 = 0;
const RUN: u8 = 1;

/// The distributed vector of length `n` whose entries are the sums (with
/// `add`, in rank order) of every rank's partial result `y`, whose index 0
/// is global index `offset`; the owners of `y`'s indices are all within
/// `scope`.
fn scatter<Z: ValueType>(
    grid: &Grid,
    scope: Scope,
    y: &Vector<Z>,
    offset: u64,
    n: u64,
    add: BinaryOp<Z, Z, Z>,
) -> Result<DistVector<Z>> {
    let t = DistVector::new(grid, n)?;
    let split = t.split();
    // The rank of scope index 0.
    let base = match scope {
        Scope::World => 0,
        Scope::GridRow => grid.rank_at(grid.place().0, 0),
    };
    let partial: Vec<(u64, Z)> = agree(grid, y.iter())?
        .map(|(k, x)| (offset + k, x))
        .collect();
    let inbox = comm::route(
        grid,
        scope,
        &partial,
        wire::pair_size::<Z>(),
        &comm::each_rank(grid, scope),
        |&(i, _)| split.owner(i) - base,
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
            same_shape("mask", self.target.shape(), m.dims())?;
        }
        let grid = &a.grid;
        let (pr, pc) = grid.shape();
        let (i, j) = grid.place();
        let row_ranks: Vec<usize> = (0..pc).map(|c| grid.rank_at(i, c)).collect();
        let col_ranks: Vec<usize> = (0..pr).map(|r| grid.rank_at(r, j)).collect();
        let a_band = band(a, &row_ranks, Side::ByColumns)?;
        let b_band = band(b, &col_ranks, Side::ByRows)?;
        self.write(a_band.cast::<X>().mxm(b_band.cast::<Y>(), s))
    }
}

/// How the blocks of a band lie.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    /// Side by side: a grid row's blocks, every column.
    ByColumns,
    /// Stacked: a grid column's blocks, every row.
    ByRows,
}

/// A band of `a` on this rank: every rank sends its block whole to the ranks
/// `to` (its grid row or column, in grid order), and each joins the blocks
/// it receives, in rank order, into one matrix.
fn band<A: ValueType>(a: &DistMatrix<A>, to: &[usize], side: Side) -> Result<Matrix<A>> {
    let grid = &a.grid;
    let inbox = a.send_block(&a.local, to)?;
    let blocks: Result<Vec<CompressedArrays<A>>> = to
        .iter()
        .map(|&r| Matrix::<A>::deserialize(inbox.from(r))?.into_csr())
        .collect();
    let blocks = agree(grid, blocks)?;
    agree(grid, join(blocks, side))
}

/// Joins CSR blocks side by side (rows merged, columns offset) or stacked
/// (rows appended): sorted rows without sorting.
fn join<A: ValueType>(blocks: Vec<CompressedArrays<A>>, side: Side) -> Result<Matrix<A>> {
    let nrows = match side {
        Side::ByColumns => blocks.first().map_or(0, |b| b.nrows),
        Side::ByRows => blocks.iter().map(|b| b.nrows).sum(),
    };
    let ncols = match side {
        Side::ByColumns => blocks.iter().map(|b| b.ncols).sum(),
        Side::ByRows => blocks.first().map_or(0, |b| b.ncols),
    };
    let total: usize = blocks.iter().map(|b| b.indices.len()).sum();
    let (mut pointers, mut indices, mut values) = (
        vec![0u64],
        Vec::with_capacity(total),
        Vec::with_capacity(total),
    );
    match side {
        Side::ByRows => {
            for b in &blocks {
                for (_, cols, vals) in b.vectors() {
                    indices.extend_from_slice(cols);
                    values.extend_from_slice(vals);
                    pointers.push(indices.len() as u64);
                }
            }
        }
        Side::ByColumns => {
            let offsets: Vec<u64> = blocks
                .iter()
                .scan(0, |at, b| {
                    *at += b.ncols;
                    Some(*at - b.ncols)
                })
                .collect();
            for row in 0..nrows as usize {
                for (b, &offset) in blocks.iter().zip(&offsets) {
                    let range = b.pointers[row] as usize..b.pointers[row + 1] as usize;
                    indices.extend(b.indices[range.clone()].iter().map(|&c| c + offset));
                    values.extend_from_slice(&b.values[range]);
                }
                pointers.push(indices.len() as u64);
            }
        }
    }
    // Imported (a copy) rather than moved in: an import stores the indices
    // in 32 bits where they fit, which the product reads faster.
    Matrix::from_csr(nrows, ncols, &pointers, &indices, &values)
}
