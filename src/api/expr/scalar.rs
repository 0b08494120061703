//! Scalar expressions: a matrix or vector reduced to one value
//! ([`MatrixOps::reduce_scalar`](super::MatrixOps::reduce_scalar)).

use crate::algebra;
use crate::api::collections::Scalar;
use crate::api::operators::Reducer;
use crate::api::value::ValueType;
use crate::error::Result;
use crate::object;
use crate::ops::reduce::{reduce_to_scalar, ReduceOp};
use std::marker::PhantomData;

/// The reduction of a scalar expression, owned.
enum Reduction {
    Monoid(algebra::Monoid),
    Operator(algebra::BinaryOp),
}

/// An unevaluated reduction of all entries to one value of type `T`: assign it
/// into a [`Scalar`] (`s.assign(expr)`, or `s.output().accum(op).assign(expr)`),
/// or evaluate it into a new scalar. An empty input gives an empty scalar
/// (and leaves an accumulated scalar unchanged).
///
/// ```
/// use graphblas::{binary, monoid, prelude::*, Scalar, Vector};
/// let v = Vector::from_pairs(4, [(0, 3), (2, 4)])?;
/// let total = Scalar::from_value(10);
/// total.output().accum(binary::plus()).assign(v.reduce_scalar(monoid::plus()))?;
/// assert_eq!(total.get()?, Some(17));
/// assert_eq!(v.reduce_scalar(binary::max()).eval()?.get()?, Some(4));
/// # Ok::<(), graphblas::Error>(())
/// ```
#[must_use = "an expression does nothing until it is assigned or evaluated"]
pub struct ScalarExpr<'a, T> {
    input: &'a object::Matrix,
    reduction: Reduction,
    _result: PhantomData<T>,
}

impl<'a, T: ValueType> ScalarExpr<'a, T> {
    pub(crate) fn reduce<R: Reducer<T>>(input: &'a object::Matrix, r: &R) -> Self {
        let reduction = match r.reduce_op() {
            ReduceOp::Monoid(m) => Reduction::Monoid(m.clone()),
            ReduceOp::BinaryOp(op) => Reduction::Operator(op.clone()),
        };
        ScalarExpr {
            input,
            reduction,
            _result: PhantomData,
        }
    }

    /// Computes `s = accum(s, ⊕ input)`.
    pub(crate) fn run(self, s: &object::Scalar, accum: Option<&algebra::BinaryOp>) -> Result<()> {
        let op = match &self.reduction {
            Reduction::Monoid(m) => ReduceOp::Monoid(m),
            Reduction::Operator(op) => ReduceOp::BinaryOp(op),
        };
        reduce_to_scalar(s, accum, op, self.input)
    }

    /// Evaluates into a new scalar.
    pub fn eval(self) -> Result<Scalar<T>> {
        let s = Scalar::new();
        self.run(&s.inner, None)?;
        Ok(s)
    }
}
