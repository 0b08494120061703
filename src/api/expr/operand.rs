//! The operands of expressions: matrices and vectors, read as they are, as
//! their transpose (`a.t()`) or as another element type (`a.cast::<f64>()`),
//! and index lists.

use crate::api::collections::{Matrix, Vector};
use crate::api::value::ValueType;
use crate::object;
use crate::ops::indices::Indices;
use std::marker::PhantomData;

/// A matrix operand as the engine reads it: an engine matrix, maybe transposed.
#[derive(Clone, Copy)]
pub struct MatrixRef<'a> {
    pub(crate) matrix: &'a object::Matrix,
    pub(crate) transposed: bool,
}

impl MatrixRef<'_> {
    /// The number of rows of the operand (of the transpose when transposed).
    pub fn nrows(&self) -> u64 {
        if self.transposed {
            self.matrix.ncols()
        } else {
            self.matrix.nrows()
        }
    }

    /// The number of columns of the operand.
    pub fn ncols(&self) -> u64 {
        if self.transposed {
            self.matrix.nrows()
        } else {
            self.matrix.ncols()
        }
    }

    /// The operand transposed.
    pub(crate) fn flipped(self) -> Self {
        MatrixRef {
            transposed: !self.transposed,
            ..self
        }
    }
}

/// A matrix read as an operand of element type `T`, maybe transposed, without
/// copying anything: `a.t()` is the transpose, `a.cast::<f64>()` reads the
/// values as `f64` (the engine casts them as it reads; user-defined types do
/// not cast). Views chain: `a.t().cast::<i64>()`.
///
/// ```
/// use graphblas::{prelude::*, semiring, Matrix};
/// let a = Matrix::from_triplets(2, 3, [(0, 2, 3i32), (1, 0, 4)])?;
/// // The semiring's type follows the operands: the i32 matrix read as f64.
/// let g = a.cast::<f64>().mxm(a.t().cast::<f64>(), semiring::plus_times()).eval()?;
/// assert_eq!(g.get(0, 0)?, Some(9.0));
/// # Ok::<(), graphblas::Error>(())
/// ```
pub struct MatrixView<'a, T> {
    operand: MatrixRef<'a>,
    _type: PhantomData<fn() -> T>,
}

impl<T> Clone for MatrixView<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for MatrixView<'_, T> {}

impl<'a, T> MatrixView<'a, T> {
    pub(crate) fn new(operand: MatrixRef<'a>) -> Self {
        MatrixView {
            operand,
            _type: PhantomData,
        }
    }

    /// The transpose of this view.
    pub fn t(self) -> Self {
        MatrixView::new(self.operand.flipped())
    }

    /// This view read as element type `U`.
    pub fn cast<U: ValueType>(self) -> MatrixView<'a, U> {
        MatrixView::new(self.operand)
    }
}

/// Anything usable as a matrix operand: `&Matrix<T>` or a [`MatrixView`].
/// `Elem` is the element type the operation sees, which the operator's input
/// type must match.
pub trait MatrixOperand<'a> {
    /// The element type of the operand.
    type Elem: ValueType;
    /// The operand as the engine reads it.
    fn matrix_ref(&self) -> MatrixRef<'a>;
}

impl<'a, T: ValueType> MatrixOperand<'a> for &'a Matrix<T> {
    type Elem = T;
    fn matrix_ref(&self) -> MatrixRef<'a> {
        MatrixRef {
            matrix: &self.inner,
            transposed: false,
        }
    }
}

impl<'a, T: ValueType> MatrixOperand<'a> for MatrixView<'a, T> {
    type Elem = T;
    fn matrix_ref(&self) -> MatrixRef<'a> {
        self.operand
    }
}

/// A vector read as an operand of element type `T` (`v.cast::<f64>()`), without copying.
pub struct VectorView<'a, T> {
    vector: &'a object::Vector,
    _type: PhantomData<fn() -> T>,
}

impl<T> Clone for VectorView<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for VectorView<'_, T> {}

impl<'a, T> VectorView<'a, T> {
    pub(crate) fn new(vector: &'a object::Vector) -> Self {
        VectorView {
            vector,
            _type: PhantomData,
        }
    }

    /// This view read as element type `U`.
    pub fn cast<U: ValueType>(self) -> VectorView<'a, U> {
        VectorView::new(self.vector)
    }
}

/// Anything usable as a vector operand: `&Vector<T>` or a [`VectorView`].
pub trait VectorOperand<'a> {
    /// The element type of the operand.
    type Elem: ValueType;
    /// The engine vector.
    fn vector_ref(&self) -> &'a object::Vector;
}

impl<'a, T: ValueType> VectorOperand<'a> for &'a Vector<T> {
    type Elem = T;
    fn vector_ref(&self) -> &'a object::Vector {
        &self.inner
    }
}

impl<'a, T: ValueType> VectorOperand<'a> for VectorView<'a, T> {
    type Elem = T;
    fn vector_ref(&self) -> &'a object::Vector {
        self.vector
    }
}

impl<T: ValueType> Matrix<T> {
    /// The transpose, as an operand: `a.t().mxm(&b, s)` computes `A' B`
    /// without forming `A'`.
    pub fn t(&self) -> MatrixView<'_, T> {
        self.cast::<T>().t()
    }

    /// The matrix read as element type `U`, as an operand (nothing is copied;
    /// the engine casts values as it reads them).
    pub fn cast<U: ValueType>(&self) -> MatrixView<'_, U> {
        MatrixView::new(MatrixRef {
            matrix: &self.inner,
            transposed: false,
        })
    }
}

impl<T: ValueType> Vector<T> {
    /// The vector read as element type `U`, as an operand (nothing is copied).
    pub fn cast<U: ValueType>(&self) -> VectorView<'_, U> {
        VectorView::new(&self.inner)
    }
}

/// An index list for extract and assign: `..` (all), a slice, an array, a
/// `Vec` or a range of `u64`.
#[derive(Clone, Debug)]
pub enum IndexList {
    /// Every index, in order (`GrB_ALL`).
    All,
    /// These indices, in this order (repeats allowed).
    List(Vec<u64>),
}

impl IndexList {
    pub(crate) fn indices(&self) -> Indices<'_> {
        match self {
            IndexList::All => Indices::All,
            IndexList::List(v) => Indices::List(v),
        }
    }

    /// The number of indices in a dimension of size `dim`.
    pub(crate) fn len(&self, dim: u64) -> u64 {
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
impl<const N: usize> From<[u64; N]> for IndexList {
    fn from(v: [u64; N]) -> Self {
        IndexList::List(v.to_vec())
    }
}
impl From<&Vec<u64>> for IndexList {
    fn from(v: &Vec<u64>) -> Self {
        IndexList::List(v.clone())
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
