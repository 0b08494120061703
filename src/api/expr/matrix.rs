//! Matrix expressions ([`MatrixExpr`]) and the operations that build them
//! from matrix operands ([`MatrixOps`]).

use super::operand::{IndexList, MatrixOperand, MatrixRef, VectorOperand};
use super::scalar::ScalarExpr;
use super::vector::{VectorExpr, VectorOp};
use crate::algebra::{self, Value};
use crate::api::collections::Matrix;
use crate::api::operators::{BinaryOp, IndexUnaryOp, Monoid, Reducer, Semiring, UnaryOp};
use crate::api::value::{from_value, ValueType};
use crate::error::Result;
use crate::object::{self, Descriptor};
use crate::ops;
use std::marker::PhantomData;

/// The matrix operations an expression can stand for.
enum MatrixOp<'a> {
    Mxm(MatrixRef<'a>, MatrixRef<'a>, algebra::Semiring),
    EwiseAdd(MatrixRef<'a>, MatrixRef<'a>, algebra::BinaryOp),
    EwiseMult(MatrixRef<'a>, MatrixRef<'a>, algebra::BinaryOp),
    EwiseUnion(
        MatrixRef<'a>,
        Value,
        MatrixRef<'a>,
        Value,
        algebra::BinaryOp,
    ),
    Apply(MatrixRef<'a>, algebra::UnaryOp),
    BindFirst(Value, MatrixRef<'a>, algebra::BinaryOp),
    BindSecond(MatrixRef<'a>, Value, algebra::BinaryOp),
    ApplyIndex(MatrixRef<'a>, algebra::IndexUnaryOp, Value),
    Select(MatrixRef<'a>, algebra::IndexUnaryOp, Value),
    Copy(MatrixRef<'a>),
    Extract(MatrixRef<'a>, IndexList, IndexList),
    Kronecker(MatrixRef<'a>, MatrixRef<'a>, algebra::BinaryOp),
}

/// An unevaluated matrix expression whose result holds `Z` values: assign it
/// into a matrix (`c.assign(expr)`, or through [`Matrix::masked`] /
/// [`Matrix::output`] with a mask, accumulator and replace), or evaluate it
/// into a new matrix with [`eval`](MatrixExpr::eval).
#[must_use = "an expression does nothing until it is assigned or evaluated"]
pub struct MatrixExpr<'a, Z> {
    op: MatrixOp<'a>,
    nrows: u64,
    ncols: u64,
    _result: PhantomData<Z>,
}

/// The descriptor with the transpose flags of the operands.
pub(crate) fn desc_with(
    mut desc: Descriptor,
    first: Option<&MatrixRef>,
    second: Option<&MatrixRef>,
) -> Descriptor {
    desc.transpose_first = first.is_some_and(|r| r.transposed);
    desc.transpose_second = second.is_some_and(|r| r.transposed);
    desc
}

impl<Z: ValueType> MatrixExpr<'_, Z> {
    fn new(op: MatrixOp<'_>, nrows: u64, ncols: u64) -> MatrixExpr<'_, Z> {
        MatrixExpr {
            op,
            nrows,
            ncols,
            _result: PhantomData,
        }
    }

    /// An expression whose result has the operand's dimensions.
    fn like<'a>(a: &MatrixRef<'a>, op: MatrixOp<'a>) -> MatrixExpr<'a, Z> {
        MatrixExpr::new(op, a.nrows(), a.ncols())
    }

    /// The result's dimensions.
    pub fn shape(&self) -> (u64, u64) {
        (self.nrows, self.ncols)
    }

    /// Computes `C<mask> = accum(C, expr)` with the given mask, accumulator and descriptor.
    pub(crate) fn run(
        self,
        c: &object::Matrix,
        mask: Option<&object::Matrix>,
        accum: Option<&algebra::BinaryOp>,
        desc: Descriptor,
    ) -> Result<()> {
        use MatrixOp::*;
        let two = |a: &MatrixRef, b: &MatrixRef| desc_with(desc, Some(a), Some(b));
        let one = |a: &MatrixRef| desc_with(desc, Some(a), None);
        match self.op {
            Mxm(a, b, s) => ops::mxm::mxm(c, mask, accum, &s, a.matrix, b.matrix, &two(&a, &b)),
            EwiseAdd(a, b, op) => {
                ops::ewise::ewise_add(c, mask, accum, &op, a.matrix, b.matrix, &two(&a, &b))
            }
            EwiseMult(a, b, op) => {
                ops::ewise::ewise_mult(c, mask, accum, &op, a.matrix, b.matrix, &two(&a, &b))
            }
            EwiseUnion(a, alpha, b, beta, op) => {
                let pa = ops::ewise::Padded::new(a.matrix, &alpha);
                let pb = ops::ewise::Padded::new(b.matrix, &beta);
                ops::ewise::ewise_union(c, mask, accum, &op, pa, pb, &two(&a, &b))
            }
            Apply(a, op) => ops::apply::apply_unary(c, mask, accum, &op, a.matrix, &one(&a)),
            BindFirst(x, a, op) => {
                ops::apply::apply_bind_first(c, mask, accum, &op, &x, a.matrix, &one(&a))
            }
            BindSecond(a, y, op) => {
                ops::apply::apply_bind_second(c, mask, accum, &op, a.matrix, &y, &one(&a))
            }
            ApplyIndex(a, op, s) => {
                ops::apply::apply_index(c, mask, accum, &op, a.matrix, &s, &one(&a))
            }
            Select(a, op, s) => ops::select::select(c, mask, accum, &op, a.matrix, &s, &one(&a)),
            Copy(a) => {
                // GrB_transpose transposes unless INP0 is transposed: A' twice is A.
                let d = Descriptor {
                    transpose_first: !a.transposed,
                    ..desc
                };
                ops::transpose::transpose(c, mask, accum, a.matrix, &d)
            }
            Extract(a, rows, cols) => ops::extract::extract(
                c,
                mask,
                accum,
                a.matrix,
                rows.indices(),
                cols.indices(),
                &one(&a),
            ),
            Kronecker(a, b, op) => {
                ops::kron::kronecker(c, mask, accum, &op, a.matrix, b.matrix, &two(&a, &b))
            }
        }
    }

    /// Evaluates into a new matrix.
    pub fn eval(self) -> Result<Matrix<Z>> {
        let c = Matrix::<Z>::new(self.nrows, self.ncols)?;
        self.run(&c.inner, None, None, Descriptor::default())?;
        Ok(c)
    }
}

/// The operations on a matrix operand (`&Matrix<T>`, `a.t()`, `a.cast::<U>()`).
/// Each returns an unevaluated expression, except [`reduce`](MatrixOps::reduce).
/// The operators' input types are the operands' element types, so predefined
/// operators need no type annotation.
///
/// ```
/// use graphblas::{binary, index, monoid, prelude::*, semiring, unary, Matrix};
/// let a = Matrix::from_triplets(2, 2, [(0, 0, 1.0), (0, 1, 2.0), (1, 1, 3.0)])?;
/// let b = a.mxm(a.t(), semiring::plus_times()).eval()?; // A A'
/// assert_eq!(b.get(0, 0)?, Some(5.0));
/// let c = a.ewise_add(&b, binary::max()).eval()?;
/// assert_eq!(c.get(0, 1)?, Some(6.0));
/// let upper = a.select(index::triu(), 1).eval()?;
/// assert_eq!(upper.triplets()?, vec![(0, 1, 2.0)]);
/// let negated = a.apply(unary::ainv()).eval()?;
/// assert_eq!(negated.reduce(monoid::plus())?, -6.0);
/// let row_sums = a.reduce_rows(monoid::plus()).eval()?;
/// assert_eq!(row_sums.pairs()?, vec![(0, 3.0), (1, 3.0)]);
/// # Ok::<(), graphblas::Error>(())
/// ```
pub trait MatrixOps<'a>: MatrixOperand<'a> + Sized {
    /// `self ⊕.⊗ b` (`GrB_mxm`).
    fn mxm<B: MatrixOperand<'a>, Z: ValueType>(
        self,
        b: B,
        s: Semiring<Self::Elem, B::Elem, Z>,
    ) -> MatrixExpr<'a, Z> {
        let (a, b) = (self.matrix_ref(), b.matrix_ref());
        let (m, n) = (a.nrows(), b.ncols());
        MatrixExpr::new(MatrixOp::Mxm(a, b, s.semiring), m, n)
    }

    /// `self ⊕.⊗ u` (`GrB_mxv`).
    fn mxv<U: VectorOperand<'a>, Z: ValueType>(
        self,
        u: U,
        s: Semiring<Self::Elem, U::Elem, Z>,
    ) -> VectorExpr<'a, Z> {
        let a = self.matrix_ref();
        VectorExpr::new(VectorOp::Mxv(a, u.vector_ref(), s.semiring), a.nrows())
    }

    /// Element-wise union (`GrB_eWiseAdd`): `op` where both have an entry, the
    /// one value where only one has.
    fn ewise_add<B: MatrixOperand<'a>, Z: ValueType>(
        self,
        b: B,
        op: BinaryOp<Self::Elem, B::Elem, Z>,
    ) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::like(&a, MatrixOp::EwiseAdd(a, b.matrix_ref(), op.op))
    }

    /// Element-wise intersection (`GrB_eWiseMult`).
    fn ewise_mult<B: MatrixOperand<'a>, Z: ValueType>(
        self,
        b: B,
        op: BinaryOp<Self::Elem, B::Elem, Z>,
    ) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::like(&a, MatrixOp::EwiseMult(a, b.matrix_ref(), op.op))
    }

    /// Element-wise union where a missing value counts as `alpha` (in `self`)
    /// or `beta` (in `b`) (`GxB_eWiseUnion`).
    fn ewise_union<B: MatrixOperand<'a>, Z: ValueType>(
        self,
        alpha: Self::Elem,
        b: B,
        beta: B::Elem,
        op: BinaryOp<Self::Elem, B::Elem, Z>,
    ) -> MatrixExpr<'a, Z> {
        let (a, b) = (self.matrix_ref(), b.matrix_ref());
        let (alpha, beta) = (alpha.to_value(), beta.to_value());
        MatrixExpr::like(&a, MatrixOp::EwiseUnion(a, alpha, b, beta, op.op))
    }

    /// `op(a_ij)` for every entry (`GrB_apply`).
    fn apply<Z: ValueType>(self, op: UnaryOp<Self::Elem, Z>) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::like(&a, MatrixOp::Apply(a, op.op))
    }

    /// `op(x, a_ij)` for every entry (`GrB_apply` with the first input bound).
    fn apply_first<X: ValueType, Z: ValueType>(
        self,
        x: X,
        op: BinaryOp<X, Self::Elem, Z>,
    ) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::like(&a, MatrixOp::BindFirst(x.to_value(), a, op.op))
    }

    /// `op(a_ij, y)` for every entry (`GrB_apply` with the second input bound).
    fn apply_second<Y: ValueType, Z: ValueType>(
        self,
        op: BinaryOp<Self::Elem, Y, Z>,
        y: Y,
    ) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::like(&a, MatrixOp::BindSecond(a, y.to_value(), op.op))
    }

    /// `op(a_ij, i, j, s)` for every entry (`GrB_apply` with an index-unary operator).
    fn apply_index<S: ValueType, Z: ValueType>(
        self,
        op: IndexUnaryOp<Self::Elem, S, Z>,
        s: S,
    ) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::like(&a, MatrixOp::ApplyIndex(a, op.op, s.to_value()))
    }

    /// The entries where `op(a_ij, i, j, s)` is true (`GrB_select`).
    fn select<S: ValueType>(
        self,
        op: IndexUnaryOp<Self::Elem, S, bool>,
        s: S,
    ) -> MatrixExpr<'a, Self::Elem> {
        let a = self.matrix_ref();
        MatrixExpr::like(&a, MatrixOp::Select(a, op.op, s.to_value()))
    }

    /// The submatrix `a(rows, cols)` (`GrB_extract`).
    fn extract(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
    ) -> MatrixExpr<'a, Self::Elem> {
        let a = self.matrix_ref();
        let (rows, cols) = (rows.into(), cols.into());
        let (m, n) = (rows.len(a.nrows()), cols.len(a.ncols()));
        MatrixExpr::new(MatrixOp::Extract(a, rows, cols), m, n)
    }

    /// Column `j` (at the rows `rows`) as a vector (`GrB_Col_extract`).
    fn column(self, rows: impl Into<IndexList>, j: u64) -> VectorExpr<'a, Self::Elem> {
        let a = self.matrix_ref();
        let rows = rows.into();
        let n = rows.len(a.nrows());
        VectorExpr::new(VectorOp::ExtractColumn(a, rows, j), n)
    }

    /// Row `i` (at the columns `cols`) as a vector (`GrB_Col_extract` of the transpose).
    fn row(self, i: u64, cols: impl Into<IndexList>) -> VectorExpr<'a, Self::Elem> {
        let a = self.matrix_ref().flipped();
        let cols = cols.into();
        let n = cols.len(a.nrows());
        VectorExpr::new(VectorOp::ExtractColumn(a, cols, i), n)
    }

    /// The Kronecker product with `op` (`GrB_kronecker`).
    fn kronecker<B: MatrixOperand<'a>, Z: ValueType>(
        self,
        b: B,
        op: BinaryOp<Self::Elem, B::Elem, Z>,
    ) -> MatrixExpr<'a, Z> {
        let (a, b) = (self.matrix_ref(), b.matrix_ref());
        let m = a.nrows().saturating_mul(b.nrows());
        let n = a.ncols().saturating_mul(b.ncols());
        MatrixExpr::new(MatrixOp::Kronecker(a, b, op.op), m, n)
    }

    /// Each row reduced with a monoid or operator: a vector with an entry per
    /// non-empty row (`GrB_reduce` to a vector).
    fn reduce_rows(self, r: impl Reducer<Self::Elem>) -> VectorExpr<'a, Self::Elem> {
        let a = self.matrix_ref();
        let op = r.reduce_op().op().clone();
        VectorExpr::new(VectorOp::ReduceRows(a, op), a.nrows())
    }

    /// Each column reduced (`GrB_reduce` of the transpose to a vector).
    fn reduce_cols(self, r: impl Reducer<Self::Elem>) -> VectorExpr<'a, Self::Elem> {
        let a = self.matrix_ref().flipped();
        let op = r.reduce_op().op().clone();
        VectorExpr::new(VectorOp::ReduceRows(a, op), a.nrows())
    }

    /// Every entry reduced with the monoid, at once (its identity when there
    /// are none).
    fn reduce(self, monoid: Monoid<Self::Elem>) -> Result<Self::Elem> {
        let v = ops::reduce::reduce_to_value(&monoid.monoid, self.matrix_ref().matrix)?
            .unwrap_or_else(|| monoid.monoid.identity().clone());
        from_value(&v)
    }

    /// Every entry reduced, as an expression for a [`Scalar`](crate::Scalar)
    /// output (`GrB_reduce` to a scalar, with an optional accumulator).
    fn reduce_scalar<R: Reducer<Self::Elem>>(self, r: R) -> ScalarExpr<'a, Self::Elem> {
        ScalarExpr::reduce(self.matrix_ref().matrix, &r)
    }

    /// The operand itself as an expression: a copy, or the transpose for
    /// `a.t()`, or a typecast copy for `a.cast::<U>()`.
    fn expr(self) -> MatrixExpr<'a, Self::Elem> {
        let a = self.matrix_ref();
        MatrixExpr::like(&a, MatrixOp::Copy(a))
    }

    /// The transpose of the operand (`GrB_transpose`).
    fn transpose(self) -> MatrixExpr<'a, Self::Elem> {
        let a = self.matrix_ref().flipped();
        MatrixExpr::like(&a, MatrixOp::Copy(a))
    }
}

impl<'a, M: MatrixOperand<'a>> MatrixOps<'a> for M {}
