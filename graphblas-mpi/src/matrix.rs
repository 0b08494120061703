//! Distributed matrices: a 2-D block distribution over the grid. The rows
//! are split into one range per grid row and the columns into one range per
//! grid column; the rank at grid place `(i, j)` holds the block of row range
//! `i` and column range `j` as an engine matrix indexed from the block's
//! first row and column.

use crate::check_index;
use crate::comm::{self, agree, Inbox};
use crate::grid::{Grid, Scope, Split};
use crate::wire;
use graphblas::prelude::*;
use graphblas::{
    BinaryOp, Builtin, GraphSpec, IndexUnaryOp, Matrix, Monoid, Result, UnaryOp, ValueType,
};
use std::ops::Range;
use std::path::Path;

/// A matrix spread over the ranks of a grid in blocks.
pub struct DistMatrix<T> {
    pub(crate) grid: Grid,
    pub(crate) nrows: u64,
    pub(crate) ncols: u64,
    pub(crate) local: Matrix<T>,
}

impl<T: ValueType> DistMatrix<T> {
    /// An empty `nrows × ncols` matrix (collective).
    pub fn new(grid: &Grid, nrows: u64, ncols: u64) -> Result<Self> {
        let (i, j) = grid.place();
        let (rows, cols) = Self::splits_of(grid, nrows, ncols);
        let local = Matrix::new(rows.len(i), cols.len(j));
        Ok(DistMatrix {
            grid: grid.clone(),
            nrows,
            ncols,
            local: agree(grid, local)?,
        })
    }

    /// A matrix from triplets each rank contributes (any position on any
    /// rank), sent to the ranks holding them; duplicates are combined with
    /// `dup` in rank order, or are an error (`GrB_INVALID_VALUE`) without
    /// one (collective).
    pub fn from_triplets(
        grid: &Grid,
        nrows: u64,
        ncols: u64,
        triplets: impl IntoIterator<Item = (u64, u64, T)>,
        dup: Option<BinaryOp<T, T, T>>,
    ) -> Result<Self> {
        let m = Self::new(grid, nrows, ncols)?;
        let (rows, cols) = m.splits();
        let triplets: Vec<(u64, u64, T)> = triplets.into_iter().collect();
        let checked = triplets
            .iter()
            .try_for_each(|&(r, c, _)| check_index(r, nrows).and(check_index(c, ncols)));
        agree(grid, checked)?;
        let inbox = comm::route(
            grid,
            Scope::World,
            &triplets,
            wire::triplet_size::<T>(),
            &comm::each_rank(grid, Scope::World),
            |&(r, c, _)| grid.rank_at(rows.owner(r), cols.owner(c)),
            |&(r, c, x), out| wire::write_triplet(out, r, c, x),
        )?;
        m.set_local_from(&inbox, dup)?;
        Ok(m)
    }

    /// Replaces the block with the triplets (global positions) in `buffers`.
    fn set_local_from(&self, inbox: &Inbox, dup: Option<BinaryOp<T, T, T>>) -> Result<()> {
        let (r0, c0) = (self.block_rows().start, self.block_cols().start);
        let entries = inbox
            .parts()
            .flat_map(wire::triplets::<T>)
            .map(|(r, c, x)| (r - r0, c - c0, x));
        let (nr, nc) = self.local.shape();
        let block = match dup {
            Some(dup) => Matrix::from_triplets_with(nr, nc, entries, dup),
            None => Matrix::from_triplets(nr, nc, entries),
        };
        let block = agree(&self.grid, block)?;
        self.local.assign(block.expr())
    }

    /// The whole matrix, on every rank (collective).
    pub fn to_matrix(&self) -> Result<Matrix<T>> {
        let mut mine = Vec::new();
        for (r, c, x) in self.entries()? {
            wire::put_triplet(&mut mine, r, c, x);
        }
        let all = comm::all_gather(&self.grid, Scope::World, &mine)?;
        let entries = all.parts().flat_map(wire::triplets::<T>);
        Matrix::from_triplets(self.nrows, self.ncols, entries)
    }

    /// The block's entries at their global positions (collective).
    pub(crate) fn entries(&self) -> Result<Vec<(u64, u64, T)>> {
        let (r0, c0) = (self.block_rows().start, self.block_cols().start);
        let entries = agree(&self.grid, self.local.iter())?;
        Ok(entries.map(|(r, c, x)| (r0 + r, c0 + c, x)).collect())
    }

    /// The transpose (collective). On a square grid each block's transpose,
    /// computed where it is, is the mirror block of the result and travels
    /// whole; otherwise every entry travels to its holder.
    pub fn transpose(&self) -> Result<DistMatrix<T>> {
        let (pr, pc) = self.grid.shape();
        if pr == pc {
            let (i, j) = self.grid.place();
            let block = agree(&self.grid, self.local.transpose().eval())?;
            let inbox = self.send_block(&block, &[self.grid.rank_at(j, i)])?;
            let mirror = agree(
                &self.grid,
                Matrix::deserialize(inbox.from(self.grid.rank_at(j, i))),
            );
            return Ok(DistMatrix {
                grid: self.grid.clone(),
                nrows: self.ncols,
                ncols: self.nrows,
                local: mirror?,
            });
        }
        let t = DistMatrix::new(&self.grid, self.ncols, self.nrows)?;
        let (rows, cols) = t.splits();
        let inbox = comm::route(
            &self.grid,
            Scope::World,
            &self.entries()?,
            wire::triplet_size::<T>(),
            &comm::each_rank(&self.grid, Scope::World),
            |&(r, c, _)| self.grid.rank_at(rows.owner(c), cols.owner(r)),
            |&(r, c, x), out| wire::write_triplet(out, c, r, x),
        )?;
        t.set_local_from(&inbox, None)?;
        Ok(t)
    }

    /// Sends `block` (serialized) to each rank in `to`; returns what came.
    pub(crate) fn send_block<Z: ValueType>(
        &self,
        block: &Matrix<Z>,
        to: &[usize],
    ) -> Result<Inbox> {
        let blob = agree(&self.grid, block.serialize())?;
        let blobs: Vec<(usize, Vec<u8>)> = to.iter().map(|&r| (r, blob.clone())).collect();
        comm::send_blobs(&self.grid, &blobs)
    }

    /// The entries for which `op(a_ij, i, j, s)` is true (`GrB_select`;
    /// built-in operators only, whose use of the position is known;
    /// collective).
    pub fn select<S: ValueType>(&self, op: IndexUnaryOp<T, S, bool>, s: S) -> Result<Self> {
        let (r0, c0) = (self.block_rows().start, self.block_cols().start);
        let s = block_argument(&op, s, r0, c0)?;
        let block = agree(&self.grid, self.local.select(op, s).eval())?;
        Ok(self.with_block(block))
    }

    /// `op(a_ij)` for every entry (`GrB_apply`; collective).
    pub fn apply<X: ValueType, Z: ValueType>(&self, op: UnaryOp<X, Z>) -> Result<DistMatrix<Z>> {
        let block = agree(&self.grid, self.local.cast::<X>().apply(op).eval())?;
        Ok(self.with_block(block))
    }

    /// Every entry reduced with the monoid (collective).
    pub fn reduce(&self, monoid: Monoid<T>) -> Result<T> {
        let mine = agree(&self.grid, self.local.reduce(monoid.clone()))?;
        crate::vector::combine(&self.grid, mine, monoid)
    }

    /// The number of entries (collective).
    pub fn nvals(&self) -> Result<u64> {
        let mine = agree(&self.grid, self.local.nvals())?;
        Ok(self.grid.sum(mine as u64))
    }

    /// Finishes the deferred work on this rank's block (collective).
    pub fn wait(&self) -> Result<()> {
        agree(&self.grid, self.local.wait())
    }

    /// The shape (for what vectors and matrices share).
    pub(crate) fn dims(&self) -> (u64, u64) {
        self.shape()
    }

    /// The shape.
    pub fn shape(&self) -> (u64, u64) {
        (self.nrows, self.ncols)
    }

    /// The rows of this rank's block.
    pub fn block_rows(&self) -> Range<u64> {
        self.splits().0.range(self.grid.place().0)
    }

    /// The columns of this rank's block.
    pub fn block_cols(&self) -> Range<u64> {
        self.splits().1.range(self.grid.place().1)
    }

    /// This rank's block, indexed from its first row and column.
    pub fn local(&self) -> &Matrix<T> {
        &self.local
    }

    /// The grid the matrix is spread over.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The row split over the grid's rows and the column split over its columns.
    pub(crate) fn splits(&self) -> (Split, Split) {
        Self::splits_of(&self.grid, self.nrows, self.ncols)
    }

    fn splits_of(grid: &Grid, nrows: u64, ncols: u64) -> (Split, Split) {
        let (pr, pc) = grid.shape();
        (Split::new(nrows, pr), Split::new(ncols, pc))
    }

    /// A matrix of this one's shape holding `block` here.
    pub(crate) fn with_block<Z>(&self, block: Matrix<Z>) -> DistMatrix<Z> {
        DistMatrix {
            grid: self.grid.clone(),
            nrows: self.nrows,
            ncols: self.ncols,
            local: block,
        }
    }
}

impl<T: Builtin> DistMatrix<T> {
    /// The graph a spec describes, each rank drawing its share of the edges
    /// (the same graph for any number of ranks; collective).
    pub fn generate(grid: &Grid, spec: &GraphSpec) -> Result<Self> {
        let rank = grid.rank() as u64;
        let part = agree(grid, spec.edge_part::<T>(rank, grid.size() as u64))?;
        let n = 1u64 << spec.scale;
        Self::from_triplets(grid, n, n, part, Some(graphblas::binary::first()))
    }

    /// A Matrix Market file, each rank reading its share of the lines
    /// (collective).
    pub fn read_mtx(grid: &Grid, path: impl AsRef<Path>) -> Result<Self> {
        let (rank, size) = (grid.rank() as u64, grid.size() as u64);
        let part = agree(grid, Matrix::<T>::read_mtx_part(path, rank, size))?;
        let listed = grid.sum(part.listed);
        if listed != part.declared {
            return Err(graphblas::Error::new(
                graphblas::Info::InvalidValue,
                format!(
                    "the Matrix Market file lists {listed} entries, not the {} it declares",
                    part.declared
                ),
            ));
        }
        Self::from_triplets(grid, part.nrows, part.ncols, part.triplets, None)
    }
}

/// The argument that makes a built-in index-unary operator give on a block
/// starting at `(r0, c0)` what it gives on the whole; `GrB_NOT_IMPLEMENTED`
/// for a user-defined one.
pub(crate) fn block_argument<X, S: ValueType, Z>(
    op: &IndexUnaryOp<X, S, Z>,
    s: S,
    r0: u64,
    c0: u64,
) -> Result<S> {
    op.block_argument(s, r0, c0).ok_or_else(|| {
        graphblas::Error::new(
            graphblas::Info::NotImplemented,
            format!(
                "the user-defined operator {} reads positions a distributed block cannot translate",
                op.name()
            ),
        )
    })
}
