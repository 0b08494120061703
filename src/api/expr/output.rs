//! The output side of an operation: `c.masked(&m).structural().accum(op).replace()`
//! then `.assign(expr)` (or one of the assign variants), which applies the
//! mask, accumulator and replace of the GraphBLAS write-back in one call.
//!
//! Which variants exist depends on the output and the mask, so misuse is a
//! compile error: a matrix output with a matrix mask (or none) takes matrix
//! expressions and region assignments; with a vector mask (or none) it takes
//! row and column assignments; a vector output takes vector expressions.
//!
//! ```
//! use graphblas::{binary, prelude::*, Matrix, Vector};
//! let c = Matrix::<i32>::new(3, 3)?;
//! // C(0:1, :) = 7, then C(2, 0:1) += [1, 2] through a mask over row 2.
//! c.output().fill([0, 1], .., 7)?;
//! let u = Vector::from_pairs(2, [(0, 1), (1, 2)])?;
//! let m = Vector::from_pairs(3, [(1, true)])?;
//! c.masked(&m).accum(binary::plus()).assign_row(2, [0, 1], &u)?;
//! assert_eq!(c.get(2, 1)?, Some(2));
//! assert_eq!(c.get(2, 0)?, None);
//! assert_eq!(c.nvals()?, 7);
//! # Ok::<(), graphblas::Error>(())
//! ```

use super::matrix::{desc_with, MatrixExpr};
use super::operand::{IndexList, MatrixOperand, VectorOperand};
use super::scalar::ScalarExpr;
use super::vector::VectorExpr;
use crate::algebra;
use crate::api::collections::{Matrix, Scalar, Vector};
use crate::api::operators::BinaryOp;
use crate::api::value::ValueType;
use crate::error::Result;
use crate::object::{self, Descriptor};
use crate::ops::indices::Indices;
use crate::ops::{assign, extract};

/// A typed collection and its element type.
pub trait Collection {
    /// The element type.
    type Elem: ValueType;
}
impl<T: ValueType> Collection for Matrix<T> {
    type Elem = T;
}
impl<T: ValueType> Collection for Vector<T> {
    type Elem = T;
}

/// The mask type of an output without a mask (it has no values).
pub enum NoMask {}

/// A mask for a matrix output: a matrix of any element type (or none).
pub trait MatrixMask {
    /// The engine matrix.
    fn matrix_mask(&self) -> &object::Matrix;
}
impl<M> MatrixMask for Matrix<M> {
    fn matrix_mask(&self) -> &object::Matrix {
        &self.inner
    }
}
impl MatrixMask for NoMask {
    fn matrix_mask(&self) -> &object::Matrix {
        match *self {}
    }
}

/// A mask for a vector output, or for a row or column of a matrix output: a
/// vector of any element type (or none).
pub trait VectorMask {
    /// The engine vector.
    fn vector_mask(&self) -> &object::Vector;
}
impl<M> VectorMask for Vector<M> {
    fn vector_mask(&self) -> &object::Vector {
        &self.inner
    }
}
impl VectorMask for NoMask {
    fn vector_mask(&self) -> &object::Vector {
        match *self {}
    }
}

/// The output of an operation into `C`, with mask kind `K`: set the
/// descriptor and accumulator, then assign.
#[must_use = "an output does nothing until an expression is assigned to it"]
pub struct Output<'a, C, K> {
    target: &'a C,
    mask: Option<&'a K>,
    accum: Option<algebra::BinaryOp>,
    desc: Descriptor,
}

impl<'a, C: Collection, K> Output<'a, C, K> {
    fn new(target: &'a C, mask: Option<&'a K>) -> Self {
        Output {
            target,
            mask,
            accum: None,
            desc: Descriptor::default(),
        }
    }

    /// Use only the mask's structure (`GrB_STRUCTURE`).
    pub fn structural(mut self) -> Self {
        self.desc.mask_structural = true;
        self
    }

    /// Use the mask's complement (`GrB_COMP`).
    pub fn complement(mut self) -> Self {
        self.desc.mask_complement = true;
        self
    }

    /// Delete the output's entries outside the mask (`GrB_REPLACE`).
    pub fn replace(mut self) -> Self {
        self.desc.replace = true;
        self
    }

    /// Accumulate into the existing entries: `c = op(c, t)`.
    pub fn accum<Y: ValueType>(mut self, op: BinaryOp<C::Elem, Y, C::Elem>) -> Self {
        self.accum = Some(op.op);
        self
    }
}

/// `GxB_subassign` as three operations: `R = C(I, J)`, `update(R)` (the masked,
/// accumulated write into the region), `C(I, J) = R`.
fn through_region(
    c: &object::Matrix,
    rows: Indices,
    cols: Indices,
    region: &object::Matrix,
    update: impl FnOnce() -> Result<()>,
) -> Result<()> {
    let plain = Descriptor::default();
    extract::extract(region, None, None, c, rows, cols, &plain)?;
    update()?;
    assign::assign(c, None, None, region, rows, cols, &plain)
}

impl<T: ValueType, K: MatrixMask> Output<'_, Matrix<T>, K> {
    fn mask(&self) -> Option<&object::Matrix> {
        self.mask.map(K::matrix_mask)
    }

    /// `C<mask> = accum(C, expr)`.
    pub fn assign<Z: ValueType>(self, expr: MatrixExpr<'_, Z>) -> Result<()> {
        let c = &self.target.inner;
        expr.run(c, self.mask(), self.accum.as_ref(), self.desc)
    }

    /// `C<mask>(rows, cols) = accum(C(rows, cols), a)` (`GrB_assign`; the
    /// mask has `C`'s dimensions).
    pub fn assign_region<'b>(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
        a: impl MatrixOperand<'b>,
    ) -> Result<()> {
        let a = a.matrix_ref();
        let (rows, cols) = (rows.into(), cols.into());
        let desc = desc_with(self.desc, Some(&a), None);
        let (c, mask, accum) = (&self.target.inner, self.mask(), self.accum.as_ref());
        assign::assign(
            c,
            mask,
            accum,
            a.matrix,
            rows.indices(),
            cols.indices(),
            &desc,
        )
    }

    /// `C<mask>(rows, cols) = accum(C(rows, cols), value)` at every position of
    /// the region (`GrB_assign` of a scalar).
    pub fn fill<X: ValueType>(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
        value: X,
    ) -> Result<()> {
        let (rows, cols) = (rows.into(), cols.into());
        let (c, mask, accum) = (&self.target.inner, self.mask(), self.accum.as_ref());
        let (i, j) = (rows.indices(), cols.indices());
        assign::assign_scalar(c, mask, accum, &value.to_value(), i, j, &self.desc)
    }

    /// [`fill`](Self::fill) from a [`Scalar`]: an empty scalar assigns
    /// nothing, so without an accumulator it deletes the region's entries
    /// where the mask allows (`GrB_assign` of a `GrB_Scalar`).
    pub fn fill_scalar<X: ValueType>(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
        s: &Scalar<X>,
    ) -> Result<()> {
        let (rows, cols) = (rows.into(), cols.into());
        let (c, mask, accum) = (&self.target.inner, self.mask(), self.accum.as_ref());
        let (i, j) = (rows.indices(), cols.indices());
        assign::assign_scalar_object(c, mask, accum, &s.inner, i, j, &self.desc)
    }

    /// `C(rows, cols)<mask> = accum(C(rows, cols), expr)` (`GxB_subassign`):
    /// the mask and the expression have the region's dimensions, and entries
    /// outside the region never change. The indices must be distinct. Runs as
    /// an extract, a masked assignment into the region, and an assign.
    pub fn subassign<Z: ValueType>(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
        expr: MatrixExpr<'_, Z>,
    ) -> Result<()> {
        let (rows, cols) = (rows.into(), cols.into());
        let c = &self.target.inner;
        let region = object::Matrix::new(c.ty(), rows.len(c.nrows()), cols.len(c.ncols()))?;
        let (mask, accum) = (self.mask(), self.accum.as_ref());
        through_region(c, rows.indices(), cols.indices(), &region, || {
            expr.run(&region, mask, accum, self.desc)
        })
    }

    /// `C(rows, cols)<mask> = accum(C(rows, cols), value)` (`GxB_subassign`
    /// of a scalar; see [`subassign`](Self::subassign)).
    pub fn subfill<X: ValueType>(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
        value: X,
    ) -> Result<()> {
        let (rows, cols) = (rows.into(), cols.into());
        let c = &self.target.inner;
        let region = object::Matrix::new(c.ty(), rows.len(c.nrows()), cols.len(c.ncols()))?;
        let (mask, accum) = (self.mask(), self.accum.as_ref());
        let value = value.to_value();
        through_region(c, rows.indices(), cols.indices(), &region, || {
            let all = Indices::All;
            assign::assign_scalar(&region, mask, accum, &value, all, all, &self.desc)
        })
    }
}

impl<T: ValueType, K: VectorMask> Output<'_, Matrix<T>, K> {
    /// `C<mask>(row, cols) = accum(C(row, cols), u')` (`GrB_Row_assign`; the
    /// mask is a vector over the row, and only row `row` can change).
    pub fn assign_row<'b>(
        self,
        row: u64,
        cols: impl Into<IndexList>,
        u: impl VectorOperand<'b>,
    ) -> Result<()> {
        let cols = cols.into();
        let (c, accum) = (&self.target.inner, self.accum.as_ref());
        let mask = self.mask.map(K::vector_mask);
        let u = u.vector_ref();
        assign::assign_row(c, mask, accum, u, row, cols.indices(), &self.desc)
    }

    /// `C<mask>(rows, col) = accum(C(rows, col), u)` (`GrB_Col_assign`; the
    /// mask is a vector over the column, and only column `col` can change).
    pub fn assign_col<'b>(
        self,
        rows: impl Into<IndexList>,
        col: u64,
        u: impl VectorOperand<'b>,
    ) -> Result<()> {
        let rows = rows.into();
        let (c, accum) = (&self.target.inner, self.accum.as_ref());
        let mask = self.mask.map(K::vector_mask);
        let u = u.vector_ref();
        assign::assign_col(c, mask, accum, u, rows.indices(), col, &self.desc)
    }
}

impl<T: ValueType, K: VectorMask> Output<'_, Vector<T>, K> {
    fn mask(&self) -> Option<&object::Vector> {
        self.mask.map(K::vector_mask)
    }

    /// `w<mask> = accum(w, expr)`.
    pub fn assign<Z: ValueType>(self, expr: VectorExpr<'_, Z>) -> Result<()> {
        let w = &self.target.inner;
        expr.run(w, self.mask(), self.accum.as_ref(), self.desc)
    }

    /// `w<mask>(indices) = accum(w(indices), u)` (`GrB_assign`).
    pub fn assign_region<'b>(
        self,
        indices: impl Into<IndexList>,
        u: impl VectorOperand<'b>,
    ) -> Result<()> {
        let list = indices.into();
        let (w, mask, accum) = (&self.target.inner, self.mask(), self.accum.as_ref());
        let u = u.vector_ref();
        assign::assign_vector(w, mask, accum, u, list.indices(), &self.desc)
    }

    /// `w<mask>(indices) = accum(w(indices), value)`.
    pub fn fill<X: ValueType>(self, indices: impl Into<IndexList>, value: X) -> Result<()> {
        let list = indices.into();
        let (w, mask, accum) = (&self.target.inner, self.mask(), self.accum.as_ref());
        let value = value.to_value();
        assign::assign_vector_scalar(w, mask, accum, &value, list.indices(), &self.desc)
    }

    /// [`fill`](Self::fill) from a [`Scalar`] (an empty one deletes, without
    /// an accumulator).
    pub fn fill_scalar<X: ValueType>(
        self,
        indices: impl Into<IndexList>,
        s: &Scalar<X>,
    ) -> Result<()> {
        let list = indices.into();
        let (w, mask, accum) = (&self.target.inner, self.mask(), self.accum.as_ref());
        assign::assign_vector_scalar_object(w, mask, accum, &s.inner, list.indices(), &self.desc)
    }

    /// `w(indices)<mask> = accum(w(indices), expr)` (`GxB_subassign`; the mask
    /// and the expression have the length of `indices`, which must be distinct).
    pub fn subassign<Z: ValueType>(
        self,
        indices: impl Into<IndexList>,
        expr: VectorExpr<'_, Z>,
    ) -> Result<()> {
        let list = indices.into();
        let w = &self.target.inner;
        let region = object::Vector::new(w.ty(), list.len(w.size()))?;
        let (mask, accum) = (self.mask(), self.accum.as_ref());
        let (w, i, all) = (w.as_matrix(), list.indices(), Indices::All);
        through_region(w, i, all, region.as_matrix(), || {
            expr.run(&region, mask, accum, self.desc)
        })
    }

    /// `w(indices)<mask> = accum(w(indices), value)` (`GxB_subassign` of a scalar).
    pub fn subfill<X: ValueType>(self, indices: impl Into<IndexList>, value: X) -> Result<()> {
        let list = indices.into();
        let w = &self.target.inner;
        let region = object::Vector::new(w.ty(), list.len(w.size()))?;
        let (mask, accum) = (self.mask(), self.accum.as_ref());
        let (w, i, all) = (w.as_matrix(), list.indices(), Indices::All);
        let value = value.to_value();
        through_region(w, i, all, region.as_matrix(), || {
            assign::assign_vector_scalar(&region, mask, accum, &value, all, &self.desc)
        })
    }
}

/// The output of a reduction into a [`Scalar`]: an optional accumulator, then
/// [`assign`](ScalarOutput::assign).
#[must_use = "an output does nothing until an expression is assigned to it"]
pub struct ScalarOutput<'a, T> {
    target: &'a Scalar<T>,
    accum: Option<algebra::BinaryOp>,
}

impl<T: ValueType> ScalarOutput<'_, T> {
    /// Accumulate into the scalar's value: `s = op(s, t)`.
    pub fn accum<Y: ValueType>(mut self, op: BinaryOp<T, Y, T>) -> Self {
        self.accum = Some(op.op);
        self
    }

    /// `s = accum(s, expr)`.
    pub fn assign<Z: ValueType>(self, expr: ScalarExpr<'_, Z>) -> Result<()> {
        expr.run(&self.target.inner, self.accum.as_ref())
    }
}

/// `masked`, `output` and `assign` for a collection type and its expressions.
macro_rules! output_methods {
    ($collection:ident, $expr:ident, $mask:literal) => {
        impl<T: ValueType> $collection<T> {
            #[doc = concat!("The output with a mask (", $mask, "): ")]
            /// `c.masked(&m).structural().accum(op).replace().assign(expr)`.
            pub fn masked<'a, K>(&'a self, mask: &'a K) -> Output<'a, $collection<T>, K> {
                Output::new(self, Some(mask))
            }

            /// The output without a mask (add `.accum(op)`, then `.assign(expr)`).
            pub fn output(&self) -> Output<'_, $collection<T>, NoMask> {
                Output::new(self, None)
            }

            /// Assigns the expression, without mask or accumulator.
            pub fn assign<Z: ValueType>(&self, expr: $expr<'_, Z>) -> Result<()> {
                self.output().assign(expr)
            }
        }
    };
}

output_methods!(
    Matrix,
    MatrixExpr,
    "a matrix of the output's dimensions, or a vector for `assign_row` and `assign_col`"
);
output_methods!(Vector, VectorExpr, "a vector of the output's length");

impl<T: ValueType> Scalar<T> {
    /// The output of a reduction into this scalar (add `.accum(op)`, then `.assign(expr)`).
    pub fn output(&self) -> ScalarOutput<'_, T> {
        ScalarOutput {
            target: self,
            accum: None,
        }
    }

    /// `s = expr`.
    pub fn assign<Z: ValueType>(&self, expr: ScalarExpr<'_, Z>) -> Result<()> {
        self.output().assign(expr)
    }
}
