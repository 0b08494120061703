//! Writing into a distributed vector or matrix with the spec's mask,
//! accumulator and replace semantics: `C<M, replace> = accum(C, T)`.
//!
//! A distributed operation computes its result `T` in the output's own
//! distribution, so every rank's piece or block of `C`, `M` and `T` covers
//! the same indices; the write is then the engine's own write-back on each
//! rank's part, which is the spec's semantics entry by entry.

use crate::matrix::DistMatrix;
use crate::vector::DistVector;
use graphblas::{
    BinaryOp, Collection, Matrix, MatrixExpr, Output, Result, ValueType, Vector, VectorExpr,
};

/// The mask type of an output without a mask.
pub enum NoMask {}

/// A distributed vector mask: a [`DistVector`] of any type, or [`NoMask`].
pub trait VectorMask {
    /// The element type of the mask's pieces.
    type Elem;
    /// This rank's piece.
    fn piece(&self) -> &Vector<Self::Elem>;
    /// The mask's dimensions, `(n, 1)`.
    fn dims(&self) -> (u64, u64);
}

impl<M> VectorMask for DistVector<M> {
    type Elem = M;
    fn piece(&self) -> &Vector<M> {
        &self.local
    }
    fn dims(&self) -> (u64, u64) {
        (self.n, 1)
    }
}

impl VectorMask for NoMask {
    type Elem = ();
    fn piece(&self) -> &Vector<()> {
        match *self {}
    }
    fn dims(&self) -> (u64, u64) {
        match *self {}
    }
}

/// A distributed matrix mask: a [`DistMatrix`] of any type, or [`NoMask`].
pub trait MatrixMask {
    /// The element type of the mask's blocks.
    type Elem;
    /// This rank's block.
    fn block(&self) -> &Matrix<Self::Elem>;
    /// The mask's shape.
    fn dims(&self) -> (u64, u64);
}

impl<M> MatrixMask for DistMatrix<M> {
    type Elem = M;
    fn block(&self) -> &Matrix<M> {
        &self.local
    }
    fn dims(&self) -> (u64, u64) {
        (self.nrows, self.ncols)
    }
}

impl MatrixMask for NoMask {
    type Elem = ();
    fn block(&self) -> &Matrix<()> {
        match *self {}
    }
    fn dims(&self) -> (u64, u64) {
        match *self {}
    }
}

/// The output of a distributed operation into `C` with mask kind `K`: set
/// the descriptor and accumulator, then call the operation.
#[must_use = "an output does nothing until an operation writes to it"]
pub struct DistOutput<'a, C, K, T> {
    pub(crate) target: &'a C,
    pub(crate) mask: Option<&'a K>,
    structural: bool,
    complement: bool,
    replace: bool,
    accum: Option<BinaryOp<T, T, T>>,
}

impl<'a, C, K, T: ValueType> DistOutput<'a, C, K, T> {
    pub(crate) fn new(target: &'a C, mask: Option<&'a K>) -> Self {
        DistOutput {
            target,
            mask,
            structural: false,
            complement: false,
            replace: false,
            accum: None,
        }
    }

    /// Use only the mask's structure (`GrB_STRUCTURE`).
    pub fn structural(mut self) -> Self {
        self.structural = true;
        self
    }

    /// Use the mask's complement (`GrB_COMP`).
    pub fn complement(mut self) -> Self {
        self.complement = true;
        self
    }

    /// Delete the output's entries outside the mask (`GrB_REPLACE`).
    pub fn replace(mut self) -> Self {
        self.replace = true;
        self
    }

    /// Accumulate into the existing entries: `c = op(c, t)`.
    pub fn accum(mut self, op: BinaryOp<T, T, T>) -> Self {
        self.accum = Some(op);
        self
    }

    /// The engine output with the same settings.
    fn configure<'b, L: Collection<Elem = T>, M>(
        &self,
        mut out: Output<'b, L, M>,
    ) -> Output<'b, L, M> {
        if self.structural {
            out = out.structural();
        }
        if self.complement {
            out = out.complement();
        }
        if self.replace {
            out = out.replace();
        }
        if let Some(op) = &self.accum {
            out = out.accum(op.clone());
        }
        out
    }
}

impl<T: ValueType, K: VectorMask> DistOutput<'_, DistVector<T>, K, T> {
    /// Writes `expr`, an expression over this rank's pieces, into this
    /// rank's piece of the output; every rank agrees on the outcome.
    pub(crate) fn write<Z: ValueType>(&self, expr: VectorExpr<'_, Z>) -> Result<()> {
        let piece = &self.target.local;
        let done = match self.mask {
            Some(m) => self.configure(piece.masked(m.piece())).assign(expr),
            None => self.configure(piece.output()).assign(expr),
        };
        crate::comm::agree(&self.target.grid, done)
    }
}

impl<T: ValueType, K: MatrixMask> DistOutput<'_, DistMatrix<T>, K, T> {
    /// Writes `expr`, an expression over this rank's blocks, into this
    /// rank's block of the output; every rank agrees on the outcome.
    pub(crate) fn write<Z: ValueType>(&self, expr: MatrixExpr<'_, Z>) -> Result<()> {
        let block = &self.target.local;
        let done = match self.mask {
            Some(m) => self.configure(block.masked(m.block())).assign(expr),
            None => self.configure(block.output()).assign(expr),
        };
        crate::comm::agree(&self.target.grid, done)
    }
}

impl<T: ValueType> DistVector<T> {
    /// The output with a mask: `w.masked(&m).complement().replace().mxv(…)`.
    pub fn masked<'a, K: VectorMask>(&'a self, mask: &'a K) -> DistOutput<'a, Self, K, T> {
        DistOutput::new(self, Some(mask))
    }

    /// The output without a mask (add `.accum(op)`, then call the operation).
    pub fn output(&self) -> DistOutput<'_, Self, NoMask, T> {
        DistOutput::new(self, None)
    }
}

impl<T: ValueType> DistMatrix<T> {
    /// The output with a mask: `c.masked(&m).structural().mxm(…)`.
    pub fn masked<'a, K: MatrixMask>(&'a self, mask: &'a K) -> DistOutput<'a, Self, K, T> {
        DistOutput::new(self, Some(mask))
    }

    /// The output without a mask (add `.accum(op)`, then call the operation).
    pub fn output(&self) -> DistOutput<'_, Self, NoMask, T> {
        DistOutput::new(self, None)
    }
}
