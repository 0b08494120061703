//! The operations that need no communication: both operands and the output
//! are distributed alike, so each rank computes its own piece or block.
//! Element-wise operations, apply, select and copies, for vectors and matrices.

use crate::matrix::{block_argument, DistMatrix};
use crate::output::{DistOutput, MatrixMask, VectorMask};
use crate::vector::DistVector;
use graphblas::prelude::*;
use graphblas::{BinaryOp, Error, IndexUnaryOp, Info, Result, UnaryOp, ValueType};

/// `GrB_DIMENSION_MISMATCH` unless the shapes are equal.
pub(crate) fn same_shape<D: PartialEq + std::fmt::Debug>(what: &str, a: D, b: D) -> Result<()> {
    if a == b {
        return Ok(());
    }
    Err(Error::new(
        Info::DimensionMismatch,
        format!("{what}: {a:?} and {b:?} differ"),
    ))
}

/// `check`, `assign`, `ewise_add`, `ewise_mult` and `apply` for the output
/// of a distributed collection type and its mask trait.
macro_rules! element_wise {
    ($dist:ident, $mask:ident) => {
        impl<T: ValueType, K: $mask> DistOutput<'_, $dist<T>, K, T> {
            fn check<U>(&self, what: &str, a: &$dist<U>) -> Result<()> {
                same_shape(what, self.target.dims(), a.dims())?;
                match self.mask {
                    Some(m) => same_shape("mask", self.target.dims(), m.dims()),
                    None => Ok(()),
                }
            }

            /// `C<M> = accum(C, A)`: a copy, with typecasting (`GrB_assign`
            /// of the whole object).
            pub fn assign<U: ValueType>(self, a: &$dist<U>) -> Result<()> {
                self.check("assign", a)?;
                self.write(a.local.expr())
            }

            /// `C<M> = accum(C, A ∪ B)` (`GrB_eWiseAdd`).
            pub fn ewise_add<U: ValueType, V: ValueType, X: ValueType, Y: ValueType>(
                self,
                a: &$dist<U>,
                b: &$dist<V>,
                op: BinaryOp<X, Y, T>,
            ) -> Result<()> {
                self.check("eWiseAdd", a)?;
                self.check("eWiseAdd", b)?;
                self.write(a.local.cast::<X>().ewise_add(b.local.cast::<Y>(), op))
            }

            /// `C<M> = accum(C, A ∩ B)` (`GrB_eWiseMult`).
            pub fn ewise_mult<U: ValueType, V: ValueType, X: ValueType, Y: ValueType>(
                self,
                a: &$dist<U>,
                b: &$dist<V>,
                op: BinaryOp<X, Y, T>,
            ) -> Result<()> {
                self.check("eWiseMult", a)?;
                self.check("eWiseMult", b)?;
                self.write(a.local.cast::<X>().ewise_mult(b.local.cast::<Y>(), op))
            }

            /// `C<M> = accum(C, op(A))` (`GrB_apply`).
            pub fn apply<U: ValueType, X: ValueType>(
                self,
                a: &$dist<U>,
                op: UnaryOp<X, T>,
            ) -> Result<()> {
                self.check("apply", a)?;
                self.write(a.local.cast::<X>().apply(op))
            }
        }
    };
}

element_wise!(DistVector, VectorMask);
element_wise!(DistMatrix, MatrixMask);

impl<T: ValueType, K: VectorMask> DistOutput<'_, DistVector<T>, K, T> {
    /// `w<m> = accum(w, value)` at every index (`GrB_assign` of a scalar).
    pub fn fill(self, value: T) -> Result<()> {
        if let Some(m) = self.mask {
            same_shape("mask", self.target.dims(), m.dims())?;
        }
        let constant = graphblas::Vector::filled(self.target.local.size(), value);
        let constant = crate::comm::agree(&self.target.grid, constant)?;
        self.write(constant.expr())
    }

    /// `w<m> = accum(w, op(u, y))` (`GrB_apply` with a bound second operand).
    pub fn apply_second<U: ValueType, X: ValueType, Y: ValueType>(
        self,
        u: &DistVector<U>,
        op: BinaryOp<X, Y, T>,
        y: Y,
    ) -> Result<()> {
        self.check("apply", u)?;
        self.write(u.local.cast::<X>().apply_second(op, y))
    }

    /// `w<m> = accum(w, op(u, i, 0, s))` (`GrB_apply` with an index-unary
    /// operator; built-in operators only).
    pub fn apply_index<U: ValueType, X: ValueType, S: ValueType>(
        self,
        u: &DistVector<U>,
        op: IndexUnaryOp<X, S, T>,
        s: S,
    ) -> Result<()> {
        self.check("apply", u)?;
        let s = block_argument(&op, s, u.piece().start, 0)?;
        self.write(u.local.cast::<X>().apply_index(op, s))
    }

    /// `w<m> = accum(w, u where op(u, i, 0, s))` (`GrB_select`; built-in
    /// operators only).
    pub fn select<S: ValueType>(
        self,
        u: &DistVector<T>,
        op: IndexUnaryOp<T, S, bool>,
        s: S,
    ) -> Result<()> {
        self.check("select", u)?;
        let s = block_argument(&op, s, u.piece().start, 0)?;
        self.write(u.local.select(op, s))
    }
}

impl<T: ValueType, K: MatrixMask> DistOutput<'_, DistMatrix<T>, K, T> {
    /// `C<M> = accum(C, A where op(a_ij, i, j, s))` (`GrB_select`; built-in
    /// operators only).
    pub fn select<S: ValueType>(
        self,
        a: &DistMatrix<T>,
        op: IndexUnaryOp<T, S, bool>,
        s: S,
    ) -> Result<()> {
        self.check("select", a)?;
        let (r0, c0) = (a.block_rows().start, a.block_cols().start);
        let s = block_argument(&op, s, r0, c0)?;
        self.write(a.local.select(op, s))
    }
}
