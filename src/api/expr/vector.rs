//! Vector expressions ([`VectorExpr`]) and the operations that build them
//! from vector operands ([`VectorOps`]).

use super::matrix::desc_with;
use super::operand::{IndexList, MatrixOperand, MatrixRef, VectorOperand};
use super::scalar::ScalarExpr;
use crate::algebra::{self, Value};
use crate::api::collections::Vector;
use crate::api::operators::{BinaryOp, IndexUnaryOp, Monoid, Reducer, Semiring, UnaryOp};
use crate::api::value::{from_value, ValueType};
use crate::error::Result;
use crate::object::{self, Descriptor};
use crate::ops;
use std::marker::PhantomData;

/// The vector operations an expression can stand for.
pub(crate) enum VectorOp<'a> {
    Mxv(MatrixRef<'a>, &'a object::Vector, algebra::Semiring),
    Vxm(&'a object::Vector, MatrixRef<'a>, algebra::Semiring),
    EwiseAdd(&'a object::Vector, &'a object::Vector, algebra::BinaryOp),
    EwiseMult(&'a object::Vector, &'a object::Vector, algebra::BinaryOp),
    EwiseUnion(
        &'a object::Vector,
        Value,
        &'a object::Vector,
        Value,
        algebra::BinaryOp,
    ),
    Apply(&'a object::Vector, algebra::UnaryOp),
    BindFirst(Value, &'a object::Vector, algebra::BinaryOp),
    BindSecond(&'a object::Vector, Value, algebra::BinaryOp),
    ApplyIndex(&'a object::Vector, algebra::IndexUnaryOp, Value),
    Select(&'a object::Vector, algebra::IndexUnaryOp, Value),
    Extract(&'a object::Vector, IndexList),
    ExtractColumn(MatrixRef<'a>, IndexList, u64),
    ReduceRows(MatrixRef<'a>, algebra::BinaryOp),
}

/// An unevaluated vector expression whose result holds `Z` values: assign it
/// into a vector (`w.assign(expr)`, or through [`Vector::masked`] /
/// [`Vector::output`]), or evaluate it into a new vector with
/// [`eval`](VectorExpr::eval).
#[must_use = "an expression does nothing until it is assigned or evaluated"]
pub struct VectorExpr<'a, Z> {
    op: VectorOp<'a>,
    size: u64,
    _result: PhantomData<Z>,
}

impl<Z: ValueType> VectorExpr<'_, Z> {
    pub(crate) fn new(op: VectorOp<'_>, size: u64) -> VectorExpr<'_, Z> {
        VectorExpr {
            op,
            size,
            _result: PhantomData,
        }
    }

    /// The result's length.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Computes `w<mask> = accum(w, expr)`.
    pub(crate) fn run(
        self,
        w: &object::Vector,
        mask: Option<&object::Vector>,
        accum: Option<&algebra::BinaryOp>,
        desc: Descriptor,
    ) -> Result<()> {
        use VectorOp::*;
        match self.op {
            Mxv(a, u, s) => {
                let d = desc_with(desc, Some(&a), None);
                ops::mxm::mxv(w, mask, accum, &s, a.matrix, u, &d)
            }
            Vxm(u, a, s) => {
                let d = desc_with(desc, None, Some(&a));
                ops::mxm::vxm(w, mask, accum, &s, u, a.matrix, &d)
            }
            EwiseAdd(u, v, op) => ops::ewise::ewise_add_vector(w, mask, accum, &op, u, v, &desc),
            EwiseMult(u, v, op) => ops::ewise::ewise_mult_vector(w, mask, accum, &op, u, v, &desc),
            EwiseUnion(u, alpha, v, beta, op) => {
                let u = ops::ewise::Padded::new(u, &alpha);
                let v = ops::ewise::Padded::new(v, &beta);
                ops::ewise::ewise_union_vector(w, mask, accum, &op, u, v, &desc)
            }
            Apply(u, op) => ops::apply::apply_unary_vector(w, mask, accum, &op, u, &desc),
            BindFirst(x, u, op) => {
                ops::apply::apply_bind_first_vector(w, mask, accum, &op, &x, u, &desc)
            }
            BindSecond(u, y, op) => {
                ops::apply::apply_bind_second_vector(w, mask, accum, &op, u, &y, &desc)
            }
            ApplyIndex(u, op, s) => {
                ops::apply::apply_index_vector(w, mask, accum, &op, u, &s, &desc)
            }
            Select(u, op, s) => ops::select::select_vector(w, mask, accum, &op, u, &s, &desc),
            Extract(u, list) => {
                ops::extract::extract_vector(w, mask, accum, u, list.indices(), &desc)
            }
            ExtractColumn(a, rows, col) => {
                let d = desc_with(desc, Some(&a), None);
                ops::extract::extract_col(w, mask, accum, a.matrix, rows.indices(), col, &d)
            }
            ReduceRows(a, op) => {
                let d = desc_with(desc, Some(&a), None);
                ops::reduce::reduce_to_vector(w, mask, accum, &op, a.matrix, &d)
            }
        }
    }

    /// Evaluates into a new vector.
    pub fn eval(self) -> Result<Vector<Z>> {
        let w = Vector::<Z>::new(self.size)?;
        self.run(&w.inner, None, None, Descriptor::default())?;
        Ok(w)
    }
}

/// The operations on a vector operand (`&Vector<T>`, `v.cast::<U>()`). Each
/// returns an unevaluated expression, except [`reduce`](VectorOps::reduce).
///
/// ```
/// use graphblas::{binary, monoid, prelude::*, semiring, Matrix, Vector};
/// let a = Matrix::from_triplets(2, 3, [(0, 1, 2), (1, 2, 3)])?;
/// let u = Vector::from_pairs(2, [(0, 10), (1, 1)])?;
/// let w = u.vxm(&a, semiring::plus_times()).eval()?; // u' A
/// assert_eq!(w.pairs()?, vec![(1, 20), (2, 3)]);
/// let sum = w.ewise_add(&w.extract(..).eval()?, binary::plus()).eval()?;
/// assert_eq!(sum.reduce(monoid::plus())?, 46);
/// let copy = u.expr().eval()?;
/// assert_eq!(copy.pairs()?, u.pairs()?);
/// # Ok::<(), graphblas::Error>(())
/// ```
pub trait VectorOps<'a>: VectorOperand<'a> + Sized {
    /// `u' ⊕.⊗ a` (`GrB_vxm`).
    fn vxm<A: MatrixOperand<'a>, Z: ValueType>(
        self,
        a: A,
        s: Semiring<Self::Elem, A::Elem, Z>,
    ) -> VectorExpr<'a, Z> {
        let a = a.matrix_ref();
        VectorExpr::new(VectorOp::Vxm(self.vector_ref(), a, s.semiring), a.ncols())
    }

    /// Element-wise union with `v` (`GrB_eWiseAdd`).
    fn ewise_add<V: VectorOperand<'a>, Z: ValueType>(
        self,
        v: V,
        op: BinaryOp<Self::Elem, V::Elem, Z>,
    ) -> VectorExpr<'a, Z> {
        let u = self.vector_ref();
        VectorExpr::new(VectorOp::EwiseAdd(u, v.vector_ref(), op.op), u.size())
    }

    /// Element-wise intersection with `v` (`GrB_eWiseMult`).
    fn ewise_mult<V: VectorOperand<'a>, Z: ValueType>(
        self,
        v: V,
        op: BinaryOp<Self::Elem, V::Elem, Z>,
    ) -> VectorExpr<'a, Z> {
        let u = self.vector_ref();
        VectorExpr::new(VectorOp::EwiseMult(u, v.vector_ref(), op.op), u.size())
    }

    /// Element-wise union where a missing value counts as `alpha` (here) or
    /// `beta` (in `v`) (`GxB_eWiseUnion`).
    fn ewise_union<V: VectorOperand<'a>, Z: ValueType>(
        self,
        alpha: Self::Elem,
        v: V,
        beta: V::Elem,
        op: BinaryOp<Self::Elem, V::Elem, Z>,
    ) -> VectorExpr<'a, Z> {
        let u = self.vector_ref();
        let (alpha, beta) = (alpha.to_value(), beta.to_value());
        let op = VectorOp::EwiseUnion(u, alpha, v.vector_ref(), beta, op.op);
        VectorExpr::new(op, u.size())
    }

    /// `op(u_i)` for every entry (`GrB_apply`).
    fn apply<Z: ValueType>(self, op: UnaryOp<Self::Elem, Z>) -> VectorExpr<'a, Z> {
        let u = self.vector_ref();
        VectorExpr::new(VectorOp::Apply(u, op.op), u.size())
    }

    /// `op(x, u_i)` for every entry.
    fn apply_first<X: ValueType, Z: ValueType>(
        self,
        x: X,
        op: BinaryOp<X, Self::Elem, Z>,
    ) -> VectorExpr<'a, Z> {
        let u = self.vector_ref();
        VectorExpr::new(VectorOp::BindFirst(x.to_value(), u, op.op), u.size())
    }

    /// `op(u_i, y)` for every entry.
    fn apply_second<Y: ValueType, Z: ValueType>(
        self,
        op: BinaryOp<Self::Elem, Y, Z>,
        y: Y,
    ) -> VectorExpr<'a, Z> {
        let u = self.vector_ref();
        VectorExpr::new(VectorOp::BindSecond(u, y.to_value(), op.op), u.size())
    }

    /// `op(u_i, i, 0, s)` for every entry.
    fn apply_index<S: ValueType, Z: ValueType>(
        self,
        op: IndexUnaryOp<Self::Elem, S, Z>,
        s: S,
    ) -> VectorExpr<'a, Z> {
        let u = self.vector_ref();
        VectorExpr::new(VectorOp::ApplyIndex(u, op.op, s.to_value()), u.size())
    }

    /// The entries where `op(u_i, i, 0, s)` is true (`GrB_select`).
    fn select<S: ValueType>(
        self,
        op: IndexUnaryOp<Self::Elem, S, bool>,
        s: S,
    ) -> VectorExpr<'a, Self::Elem> {
        let u = self.vector_ref();
        VectorExpr::new(VectorOp::Select(u, op.op, s.to_value()), u.size())
    }

    /// The subvector `u(indices)` (`GrB_extract`).
    fn extract(self, indices: impl Into<IndexList>) -> VectorExpr<'a, Self::Elem> {
        let (u, list) = (self.vector_ref(), indices.into());
        let n = list.len(u.size());
        VectorExpr::new(VectorOp::Extract(u, list), n)
    }

    /// The operand itself as an expression: a copy (a typecast copy for `v.cast::<U>()`).
    fn expr(self) -> VectorExpr<'a, Self::Elem> {
        self.extract(..)
    }

    /// Every entry reduced with the monoid, at once (its identity when there are none).
    fn reduce(self, monoid: Monoid<Self::Elem>) -> Result<Self::Elem> {
        let u = self.vector_ref().as_matrix();
        let v = ops::reduce::reduce_to_value(&monoid.monoid, u)?
            .unwrap_or_else(|| monoid.monoid.identity().clone());
        from_value(&v)
    }

    /// Every entry reduced, as an expression for a [`Scalar`](crate::Scalar) output.
    fn reduce_scalar<R: Reducer<Self::Elem>>(self, r: R) -> ScalarExpr<'a, Self::Elem> {
        ScalarExpr::reduce(self.vector_ref().as_matrix(), &r)
    }
}

impl<'a, V: VectorOperand<'a>> VectorOps<'a> for V {}
