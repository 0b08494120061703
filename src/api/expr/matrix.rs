//! Lazy expressions: `a.mxm(&b, semiring)`, `a.t()`, `u.vxm(&a, s)`,
//! `a.ewise_add(&b, op)`, `a.apply(op)`, `a.select(op, s)`, … build an
//! unevaluated expression; assigning it into an output applies the mask,
//! accumulator and replace in one call, and `.eval()` makes a new object.
//!
//! ```
//! use graphblas::{binary, semiring, Matrix, MatrixOps};
//! let a = Matrix::from_triplets(2, 2, [(0, 1, 2.0), (1, 0, 3.0)]).unwrap();
//! let b = a.mxm(&a, semiring::plus_times()).eval().unwrap();
//! assert_eq!(b.get(0, 0).unwrap(), Some(6.0));
//! // C<M> += A' * A, with a structural mask:
//! let c = Matrix::<f64>::new(2, 2).unwrap();
//! c.masked(&b).structural().accum(binary::plus::<f64>()).assign(a.t().mxm(&a, semiring::plus_times::<f64>())).unwrap();
//! assert_eq!(c.get(1, 1).unwrap(), Some(4.0));
//! ```

use super::collections::{Matrix, Vector};
use super::operators::{BinaryOp, IndexUnaryOp, Monoid, Semiring, UnaryOp};
use super::value::ValueType;
use crate::algebra::{self, Value};
use crate::error::Result;
use crate::object::{self, Descriptor};
use crate::ops;
use crate::ops::indices::Indices;
use std::marker::PhantomData;

/// A matrix operand: a matrix, or its transpose (`a.t()`).
#[derive(Clone, Copy)]
pub struct MatrixRef<'a> {
    matrix: &'a object::Matrix,
    transposed: bool,
}

impl MatrixRef<'_> {
    fn nrows(&self) -> u64 {
        if self.transposed {
            self.matrix.ncols()
        } else {
            self.matrix.nrows()
        }
    }
    fn ncols(&self) -> u64 {
        if self.transposed {
            self.matrix.nrows()
        } else {
            self.matrix.ncols()
        }
    }
}

/// The transpose of a matrix, as an operand (`a.t()`).
pub struct Transposed<'a, T>(&'a Matrix<T>);

/// Anything usable as a matrix operand: `&Matrix<T>` or `a.t()`.
pub trait AsMatrixRef<'a> {
    /// The operand.
    fn matrix_ref(&self) -> MatrixRef<'a>;
}

impl<'a, T> AsMatrixRef<'a> for &'a Matrix<T> {
    fn matrix_ref(&self) -> MatrixRef<'a> {
        MatrixRef {
            matrix: &self.inner,
            transposed: false,
        }
    }
}

impl<'a, T> AsMatrixRef<'a> for Transposed<'a, T> {
    fn matrix_ref(&self) -> MatrixRef<'a> {
        MatrixRef {
            matrix: &self.0.inner,
            transposed: true,
        }
    }
}

/// An index list for extract and assign: `..` (all), a slice, or a `Vec`.
#[derive(Clone, Debug)]
pub enum IndexList {
    /// Every index, in order (`GrB_ALL`).
    All,
    /// These indices, in this order (repeats allowed).
    List(Vec<u64>),
}

impl IndexList {
    fn indices(&self) -> Indices<'_> {
        match self {
            IndexList::All => Indices::All,
            IndexList::List(v) => Indices::List(v),
        }
    }
    fn len(&self, dim: u64) -> u64 {
        match self {
            IndexList::All => dim,
            IndexList::List(v) => v.len() as u64,
        }
    }
}

impl From<std::ops::RangeFull> for IndexList {
    fn from(_: std::ops::RangeFull) -> Self {
        IndexList::All
    }
}
impl From<&[u64]> for IndexList {
    fn from(v: &[u64]) -> Self {
        IndexList::List(v.to_vec())
    }
}
impl<const N: usize> From<&[u64; N]> for IndexList {
    fn from(v: &[u64; N]) -> Self {
        IndexList::List(v.to_vec())
    }
}
impl From<Vec<u64>> for IndexList {
    fn from(v: Vec<u64>) -> Self {
        IndexList::List(v)
    }
}
impl From<std::ops::Range<u64>> for IndexList {
    fn from(r: std::ops::Range<u64>) -> Self {
        IndexList::List(r.collect())
    }
}

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

/// An unevaluated matrix expression whose result holds `Z` values.
#[must_use = "an expression does nothing until it is assigned or evaluated"]
pub struct MatrixExpr<'a, Z> {
    op: MatrixOp<'a>,
    nrows: u64,
    ncols: u64,
    _result: PhantomData<Z>,
}

/// The vector operations an expression can stand for.
enum VectorOp<'a> {
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

/// An unevaluated vector expression whose result holds `Z` values.
#[must_use = "an expression does nothing until it is assigned or evaluated"]
pub struct VectorExpr<'a, Z> {
    op: VectorOp<'a>,
    size: u64,
    _result: PhantomData<Z>,
}

fn desc_with(
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

    /// The result's dimensions.
    pub fn shape(&self) -> (u64, u64) {
        (self.nrows, self.ncols)
    }

    /// Computes `C<mask> = accum(C, expr)` with the given mask, accumulator and descriptor.
    fn run(
        self,
        c: &object::Matrix,
        mask: Option<&object::Matrix>,
        accum: Option<&algebra::BinaryOp>,
        desc: Descriptor,
    ) -> Result<()> {
        use MatrixOp::*;
        match self.op {
            Mxm(a, b, s) => ops::mxm::mxm(
                c,
                mask,
                accum,
                &s,
                a.matrix,
                b.matrix,
                &desc_with(desc, Some(&a), Some(&b)),
            ),
            EwiseAdd(a, b, op) => ops::ewise::ewise_add(
                c,
                mask,
                accum,
                &op,
                a.matrix,
                b.matrix,
                &desc_with(desc, Some(&a), Some(&b)),
            ),
            EwiseMult(a, b, op) => ops::ewise::ewise_mult(
                c,
                mask,
                accum,
                &op,
                a.matrix,
                b.matrix,
                &desc_with(desc, Some(&a), Some(&b)),
            ),
            EwiseUnion(a, alpha, b, beta, op) => ops::ewise::ewise_union(
                c,
                mask,
                accum,
                &op,
                a.matrix,
                &alpha,
                b.matrix,
                &beta,
                &desc_with(desc, Some(&a), Some(&b)),
            ),
            Apply(a, op) => ops::apply::apply_unary(
                c,
                mask,
                accum,
                &op,
                a.matrix,
                &desc_with(desc, Some(&a), None),
            ),
            BindFirst(x, a, op) => ops::apply::apply_bind_first(
                c,
                mask,
                accum,
                &op,
                &x,
                a.matrix,
                &desc_with(desc, Some(&a), None),
            ),
            BindSecond(a, y, op) => ops::apply::apply_bind_second(
                c,
                mask,
                accum,
                &op,
                a.matrix,
                &y,
                &desc_with(desc, Some(&a), None),
            ),
            ApplyIndex(a, op, s) => ops::apply::apply_index(
                c,
                mask,
                accum,
                &op,
                a.matrix,
                &s,
                &desc_with(desc, Some(&a), None),
            ),
            Select(a, op, s) => ops::select::select(
                c,
                mask,
                accum,
                &op,
                a.matrix,
                &s,
                &desc_with(desc, Some(&a), None),
            ),
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
                &desc_with(desc, Some(&a), None),
            ),
            Kronecker(a, b, op) => ops::kron::kronecker(
                c,
                mask,
                accum,
                &op,
                a.matrix,
                b.matrix,
                &desc_with(desc, Some(&a), Some(&b)),
            ),
        }
    }

    /// Evaluates into a new matrix.
    pub fn eval(self) -> Result<Matrix<Z>> {
        let c = Matrix::<Z>::new(self.nrows, self.ncols)?;
        self.run(&c.inner, None, None, Descriptor::default())?;
        Ok(c)
    }
}

impl<Z: ValueType> VectorExpr<'_, Z> {
    fn new(op: VectorOp<'_>, size: u64) -> VectorExpr<'_, Z> {
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

    fn run(
        self,
        w: &object::Vector,
        mask: Option<&object::Vector>,
        accum: Option<&algebra::BinaryOp>,
        desc: Descriptor,
    ) -> Result<()> {
        use VectorOp::*;
        match self.op {
            Mxv(a, u, s) => ops::mxm::mxv(
                w,
                mask,
                accum,
                &s,
                a.matrix,
                u,
                &desc_with(desc, Some(&a), None),
            ),
            Vxm(u, a, s) => ops::mxm::vxm(
                w,
                mask,
                accum,
                &s,
                u,
                a.matrix,
                &desc_with(desc, None, Some(&a)),
            ),
            EwiseAdd(u, v, op) => ops::ewise::ewise_add_vector(w, mask, accum, &op, u, v, &desc),
            EwiseMult(u, v, op) => ops::ewise::ewise_mult_vector(w, mask, accum, &op, u, v, &desc),
            EwiseUnion(u, alpha, v, beta, op) => {
                ops::ewise::ewise_union_vector(w, mask, accum, &op, u, &alpha, v, &beta, &desc)
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
            ExtractColumn(a, rows, col) => ops::extract::extract_col(
                w,
                mask,
                accum,
                a.matrix,
                rows.indices(),
                col,
                &desc_with(desc, Some(&a), None),
            ),
            ReduceRows(a, op) => ops::reduce::reduce_to_vector(
                w,
                mask,
                accum,
                &op,
                a.matrix,
                &desc_with(desc, Some(&a), None),
            ),
        }
    }

    /// Evaluates into a new vector.
    pub fn eval(self) -> Result<Vector<Z>> {
        let w = Vector::<Z>::new(self.size)?;
        self.run(&w.inner, None, None, Descriptor::default())?;
        Ok(w)
    }
}

/// Operations that read a matrix operand (a matrix or its transpose).
pub trait MatrixOps<'a>: AsMatrixRef<'a> + Sized {
    /// `self ⊕.⊗ b`
    fn mxm<Z: ValueType, X, Y>(
        self,
        b: impl AsMatrixRef<'a>,
        s: Semiring<X, Y, Z>,
    ) -> MatrixExpr<'a, Z> {
        let (a, b) = (self.matrix_ref(), b.matrix_ref());
        let (m, n) = (a.nrows(), b.ncols());
        MatrixExpr::new(MatrixOp::Mxm(a, b, s.semiring), m, n)
    }
    /// `self ⊕.⊗ u`
    fn mxv<Z: ValueType, X, Y, U>(
        self,
        u: &'a Vector<U>,
        s: Semiring<X, Y, Z>,
    ) -> VectorExpr<'a, Z> {
        let a = self.matrix_ref();
        VectorExpr::new(VectorOp::Mxv(a, &u.inner, s.semiring), a.nrows())
    }
    /// Element-wise union: `op` where both have entries, the one value elsewhere.
    fn ewise_add<Z: ValueType, X, Y>(
        self,
        b: impl AsMatrixRef<'a>,
        op: BinaryOp<X, Y, Z>,
    ) -> MatrixExpr<'a, Z> {
        let (a, b) = (self.matrix_ref(), b.matrix_ref());
        let (m, n) = (a.nrows(), a.ncols());
        MatrixExpr::new(MatrixOp::EwiseAdd(a, b, op.op), m, n)
    }
    /// Element-wise intersection.
    fn ewise_mult<Z: ValueType, X, Y>(
        self,
        b: impl AsMatrixRef<'a>,
        op: BinaryOp<X, Y, Z>,
    ) -> MatrixExpr<'a, Z> {
        let (a, b) = (self.matrix_ref(), b.matrix_ref());
        let (m, n) = (a.nrows(), a.ncols());
        MatrixExpr::new(MatrixOp::EwiseMult(a, b, op.op), m, n)
    }
    /// Element-wise union where a missing value counts as `alpha` (in `self`) or `beta` (in `b`).
    fn ewise_union<Z: ValueType, X: ValueType, Y: ValueType>(
        self,
        alpha: X,
        b: impl AsMatrixRef<'a>,
        beta: Y,
        op: BinaryOp<X, Y, Z>,
    ) -> MatrixExpr<'a, Z> {
        let (a, b) = (self.matrix_ref(), b.matrix_ref());
        let (m, n) = (a.nrows(), a.ncols());
        MatrixExpr::new(
            MatrixOp::EwiseUnion(a, alpha.to_value(), b, beta.to_value(), op.op),
            m,
            n,
        )
    }
    /// `op(a_ij)` for every entry.
    fn apply<Z: ValueType, X>(self, op: UnaryOp<X, Z>) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::new(MatrixOp::Apply(a, op.op), a.nrows(), a.ncols())
    }
    /// `op(x, a_ij)` for every entry.
    fn apply_first<Z: ValueType, X: ValueType, Y>(
        self,
        x: X,
        op: BinaryOp<X, Y, Z>,
    ) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::new(
            MatrixOp::BindFirst(x.to_value(), a, op.op),
            a.nrows(),
            a.ncols(),
        )
    }
    /// `op(a_ij, y)` for every entry.
    fn apply_second<Z: ValueType, X, Y: ValueType>(
        self,
        op: BinaryOp<X, Y, Z>,
        y: Y,
    ) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::new(
            MatrixOp::BindSecond(a, y.to_value(), op.op),
            a.nrows(),
            a.ncols(),
        )
    }
    /// `op(a_ij, i, j, s)` for every entry.
    fn apply_index<Z: ValueType, X, S: ValueType>(
        self,
        op: IndexUnaryOp<X, S, Z>,
        s: S,
    ) -> MatrixExpr<'a, Z> {
        let a = self.matrix_ref();
        MatrixExpr::new(
            MatrixOp::ApplyIndex(a, op.op, s.to_value()),
            a.nrows(),
            a.ncols(),
        )
    }
    /// The entries where `op(a_ij, i, j, s)` is true (values keep the matrix type `T`).
    fn select<T: ValueType, X, S: ValueType>(
        self,
        op: IndexUnaryOp<X, S, bool>,
        s: S,
    ) -> MatrixExpr<'a, T> {
        let a = self.matrix_ref();
        MatrixExpr::new(
            MatrixOp::Select(a, op.op, s.to_value()),
            a.nrows(),
            a.ncols(),
        )
    }
    /// The submatrix `a(rows, cols)`.
    fn extract<T: ValueType>(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
    ) -> MatrixExpr<'a, T> {
        let a = self.matrix_ref();
        let (rows, cols) = (rows.into(), cols.into());
        let (m, n) = (rows.len(a.nrows()), cols.len(a.ncols()));
        MatrixExpr::new(MatrixOp::Extract(a, rows, cols), m, n)
    }
    /// Column `j` (rows `rows`) as a vector.
    fn column<T: ValueType>(self, rows: impl Into<IndexList>, j: u64) -> VectorExpr<'a, T> {
        let a = self.matrix_ref();
        let rows = rows.into();
        let n = rows.len(a.nrows());
        VectorExpr::new(VectorOp::ExtractColumn(a, rows, j), n)
    }
    /// The Kronecker product with `op`.
    fn kronecker<Z: ValueType, X, Y>(
        self,
        b: impl AsMatrixRef<'a>,
        op: BinaryOp<X, Y, Z>,
    ) -> MatrixExpr<'a, Z> {
        let (a, b) = (self.matrix_ref(), b.matrix_ref());
        let (m, n) = (
            a.nrows().saturating_mul(b.nrows()),
            a.ncols().saturating_mul(b.ncols()),
        );
        MatrixExpr::new(MatrixOp::Kronecker(a, b, op.op), m, n)
    }
    /// Each row reduced with the monoid (a vector with an entry per non-empty row).
    fn reduce_rows<T: ValueType>(self, monoid: Monoid<T>) -> VectorExpr<'a, T> {
        let a = self.matrix_ref();
        VectorExpr::new(
            VectorOp::ReduceRows(a, monoid.monoid.op().clone()),
            a.nrows(),
        )
    }
    /// The operand as an expression (a copy, or the transpose for `a.t()`).
    fn expr<T: ValueType>(self) -> MatrixExpr<'a, T> {
        let a = self.matrix_ref();
        MatrixExpr::new(MatrixOp::Copy(a), a.nrows(), a.ncols())
    }
}

impl<'a, T> MatrixOps<'a> for &'a Matrix<T> {}
impl<'a, T> MatrixOps<'a> for Transposed<'a, T> {}

impl<T: ValueType> Matrix<T> {
    /// The transpose, as an operand of an expression.
    pub fn t(&self) -> Transposed<'_, T> {
        Transposed(self)
    }

    /// The matrix reduced to one value with the monoid (its identity when empty).
    pub fn reduce(&self, monoid: Monoid<T>) -> Result<T> {
        let v = ops::reduce::reduce_to_value(&monoid.monoid, &self.inner)?
            .unwrap_or_else(|| monoid.monoid.identity().clone());
        super::value::from_value(&v)
    }
}

impl<T: ValueType> Vector<T> {
    /// `u' ⊕.⊗ a`
    pub fn vxm<'a, Z: ValueType, X, Y>(
        &'a self,
        a: impl AsMatrixRef<'a>,
        s: Semiring<X, Y, Z>,
    ) -> VectorExpr<'a, Z> {
        let a = a.matrix_ref();
        VectorExpr::new(VectorOp::Vxm(&self.inner, a, s.semiring), a.ncols())
    }
    /// Element-wise union with `v`.
    pub fn ewise_add<'a, Z: ValueType, X, Y, U>(
        &'a self,
        v: &'a Vector<U>,
        op: BinaryOp<X, Y, Z>,
    ) -> VectorExpr<'a, Z> {
        VectorExpr::new(
            VectorOp::EwiseAdd(&self.inner, &v.inner, op.op),
            self.size(),
        )
    }
    /// Element-wise intersection with `v`.
    pub fn ewise_mult<'a, Z: ValueType, X, Y, U>(
        &'a self,
        v: &'a Vector<U>,
        op: BinaryOp<X, Y, Z>,
    ) -> VectorExpr<'a, Z> {
        VectorExpr::new(
            VectorOp::EwiseMult(&self.inner, &v.inner, op.op),
            self.size(),
        )
    }
    /// Element-wise union where a missing value counts as `alpha` (here) or `beta` (in `v`).
    pub fn ewise_union<'a, Z: ValueType, X: ValueType, Y: ValueType, U>(
        &'a self,
        alpha: X,
        v: &'a Vector<U>,
        beta: Y,
        op: BinaryOp<X, Y, Z>,
    ) -> VectorExpr<'a, Z> {
        VectorExpr::new(
            VectorOp::EwiseUnion(
                &self.inner,
                alpha.to_value(),
                &v.inner,
                beta.to_value(),
                op.op,
            ),
            self.size(),
        )
    }
    /// `op(u_i)` for every entry.
    pub fn apply<Z: ValueType, X>(&self, op: UnaryOp<X, Z>) -> VectorExpr<'_, Z> {
        VectorExpr::new(VectorOp::Apply(&self.inner, op.op), self.size())
    }
    /// `op(x, u_i)` for every entry.
    pub fn apply_first<Z: ValueType, X: ValueType, Y>(
        &self,
        x: X,
        op: BinaryOp<X, Y, Z>,
    ) -> VectorExpr<'_, Z> {
        VectorExpr::new(
            VectorOp::BindFirst(x.to_value(), &self.inner, op.op),
            self.size(),
        )
    }
    /// `op(u_i, y)` for every entry.
    pub fn apply_second<Z: ValueType, X, Y: ValueType>(
        &self,
        op: BinaryOp<X, Y, Z>,
        y: Y,
    ) -> VectorExpr<'_, Z> {
        VectorExpr::new(
            VectorOp::BindSecond(&self.inner, y.to_value(), op.op),
            self.size(),
        )
    }
    /// `op(u_i, i, 0, s)` for every entry.
    pub fn apply_index<Z: ValueType, X, S: ValueType>(
        &self,
        op: IndexUnaryOp<X, S, Z>,
        s: S,
    ) -> VectorExpr<'_, Z> {
        VectorExpr::new(
            VectorOp::ApplyIndex(&self.inner, op.op, s.to_value()),
            self.size(),
        )
    }
    /// The entries where `op(u_i, i, 0, s)` is true.
    pub fn select<X, S: ValueType>(&self, op: IndexUnaryOp<X, S, bool>, s: S) -> VectorExpr<'_, T> {
        VectorExpr::new(
            VectorOp::Select(&self.inner, op.op, s.to_value()),
            self.size(),
        )
    }
    /// The subvector `u(indices)`.
    pub fn extract(&self, indices: impl Into<IndexList>) -> VectorExpr<'_, T> {
        let list = indices.into();
        let n = list.len(self.size());
        VectorExpr::new(VectorOp::Extract(&self.inner, list), n)
    }
    /// The vector reduced to one value with the monoid (its identity when empty).
    pub fn reduce(&self, monoid: Monoid<T>) -> Result<T> {
        let v = ops::reduce::reduce_to_value(&monoid.monoid, self.inner.as_matrix())?
            .unwrap_or_else(|| monoid.monoid.identity().clone());
        super::value::from_value(&v)
    }
}

/// The output side of an operation: mask, accumulator and replace, then `assign`.
#[must_use = "an output does nothing until an expression is assigned to it"]
pub struct Output<'a, C, M> {
    target: &'a C,
    mask: Option<&'a M>,
    accum: Option<algebra::BinaryOp>,
    desc: Descriptor,
}

impl<'a, C, M> Output<'a, C, M> {
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
    /// Accumulate into the existing entries with `op`.
    pub fn accum<X, Y, Z>(mut self, op: BinaryOp<X, Y, Z>) -> Self {
        self.accum = Some(op.op);
        self
    }
}

impl<'a, T: ValueType, M> Output<'a, Matrix<T>, Matrix<M>> {
    /// Computes `C<mask> = accum(C, expr)`.
    pub fn assign<Z: ValueType>(self, expr: MatrixExpr<'_, Z>) -> Result<()> {
        expr.run(
            &self.target.inner,
            self.mask.map(|m| &m.inner),
            self.accum.as_ref(),
            self.desc,
        )
    }
    /// `C<mask>(rows, cols) = accum(C(rows, cols), a)` (`GrB_assign`).
    pub fn assign_region<U>(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
        a: impl AsMatrixRef<'a>,
    ) -> Result<()> {
        let a = a.matrix_ref();
        let (rows, cols) = (rows.into(), cols.into());
        let desc = desc_with(self.desc, Some(&a), None);
        ops::assign::assign(
            &self.target.inner,
            self.mask.map(|m| &m.inner),
            self.accum.as_ref(),
            a.matrix,
            rows.indices(),
            cols.indices(),
            &desc,
        )
    }
    /// `C<mask>(rows, cols) = accum(C(rows, cols), value)` for every position of the region.
    pub fn fill<X: ValueType>(
        self,
        rows: impl Into<IndexList>,
        cols: impl Into<IndexList>,
        value: X,
    ) -> Result<()> {
        let (rows, cols) = (rows.into(), cols.into());
        ops::assign::assign_scalar(
            &self.target.inner,
            self.mask.map(|m| &m.inner),
            self.accum.as_ref(),
            &value.to_value(),
            rows.indices(),
            cols.indices(),
            &self.desc,
        )
    }
}

impl<'a, T: ValueType, M> Output<'a, Vector<T>, Vector<M>> {
    /// Computes `w<mask> = accum(w, expr)`.
    pub fn assign<Z: ValueType>(self, expr: VectorExpr<'_, Z>) -> Result<()> {
        expr.run(
            &self.target.inner,
            self.mask.map(|m| &m.inner),
            self.accum.as_ref(),
            self.desc,
        )
    }
    /// `w<mask>(indices) = accum(w(indices), u)` (`GrB_assign`).
    pub fn assign_region<U>(self, indices: impl Into<IndexList>, u: &Vector<U>) -> Result<()> {
        let list = indices.into();
        ops::assign::assign_vector(
            &self.target.inner,
            self.mask.map(|m| &m.inner),
            self.accum.as_ref(),
            &u.inner,
            list.indices(),
            &self.desc,
        )
    }
    /// `w<mask>(indices) = accum(w(indices), value)`.
    pub fn fill<X: ValueType>(self, indices: impl Into<IndexList>, value: X) -> Result<()> {
        let list = indices.into();
        ops::assign::assign_vector_scalar(
            &self.target.inner,
            self.mask.map(|m| &m.inner),
            self.accum.as_ref(),
            &value.to_value(),
            list.indices(),
            &self.desc,
        )
    }
}

impl<T: ValueType> Matrix<T> {
    /// The output with a mask: `c.masked(&m).structural().accum(op).replace().assign(expr)`.
    pub fn masked<'a, M>(&'a self, mask: &'a Matrix<M>) -> Output<'a, Matrix<T>, Matrix<M>> {
        Output {
            target: self,
            mask: Some(mask),
            accum: None,
            desc: Descriptor::default(),
        }
    }
    /// The output without a mask (add `.accum(op)`, then `.assign(expr)`).
    pub fn output(&self) -> Output<'_, Matrix<T>, Matrix<bool>> {
        Output {
            target: self,
            mask: None,
            accum: None,
            desc: Descriptor::default(),
        }
    }
    /// `C = expr`.
    pub fn assign<Z: ValueType>(&self, expr: MatrixExpr<'_, Z>) -> Result<()> {
        self.output().assign(expr)
    }
}

impl<T: ValueType> Vector<T> {
    /// The output with a mask.
    pub fn masked<'a, M>(&'a self, mask: &'a Vector<M>) -> Output<'a, Vector<T>, Vector<M>> {
        Output {
            target: self,
            mask: Some(mask),
            accum: None,
            desc: Descriptor::default(),
        }
    }
    /// The output without a mask.
    pub fn output(&self) -> Output<'_, Vector<T>, Vector<bool>> {
        Output {
            target: self,
            mask: None,
            accum: None,
            desc: Descriptor::default(),
        }
    }
    /// `w = expr`.
    pub fn assign<Z: ValueType>(&self, expr: VectorExpr<'_, Z>) -> Result<()> {
        self.output().assign(expr)
    }
}
