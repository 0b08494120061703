//! [`Matrix<T>`]: the typed sparse matrix, its dimensions, entries and
//! diagonals.

use super::vector::Vector;
use crate::api::value::{from_value, ValueType};
use crate::error::Result;
use crate::object::{self, Descriptor};
use crate::ops::diag;
use crate::plan::Source;
use crate::storage::Orientation;
use std::marker::PhantomData;

/// A sparse matrix of `T` values: the built-in types, or a
/// [`UserType`](crate::UserType).
///
/// ```
/// use graphblas::Matrix;
/// let a = Matrix::from_triplets(2, 3, [(0, 0, 1.0), (1, 2, 2.5)])?;
/// assert_eq!(a.nvals()?, 2);
/// assert_eq!(a.get(1, 2)?, Some(2.5));
/// assert_eq!(a.get(0, 1)?, None);
/// # Ok::<(), graphblas::Error>(())
/// ```
pub struct Matrix<T> {
    pub(crate) inner: object::Matrix,
    _type: PhantomData<T>,
}

impl<T: ValueType> Matrix<T> {
    /// Wraps an engine matrix (which must hold `T` values).
    pub(crate) fn wrap(inner: object::Matrix) -> Self {
        debug_assert!(*inner.ty() == T::graphblas_type());
        Matrix {
            inner,
            _type: PhantomData,
        }
    }

    /// An empty `nrows × ncols` matrix (dimensions up to 2^60).
    pub fn new(nrows: u64, ncols: u64) -> Result<Self> {
        let ty = T::graphblas_type();
        Ok(Self::wrap(object::Matrix::new(&ty, nrows, ncols)?))
    }

    /// The square matrix with `v` on diagonal `k` (`k > 0` above the main
    /// diagonal, `k < 0` below), of size `v.size() + |k|` (`GrB_Matrix_diag`).
    ///
    /// ```
    /// use graphblas::{Matrix, Vector};
    /// let v = Vector::from_pairs(2, [(0, 5), (1, 6)])?;
    /// let d = Matrix::from_diag(&v, 1)?;
    /// assert_eq!(d.shape(), (3, 3));
    /// assert_eq!(d.triplets()?, vec![(0, 1, 5), (1, 2, 6)]);
    /// assert_eq!(d.diagonal(1)?.pairs()?, v.pairs()?);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn from_diag(v: &Vector<T>, k: i64) -> Result<Self> {
        Ok(Self::wrap(diag::matrix_diag(&v.inner, k)?))
    }

    /// Replaces the content with `v` on diagonal `k` (`GxB_Matrix_diag`; the
    /// matrix must be square of size `v.size() + |k|`, its values cast to `T`).
    pub fn assign_diag<U: ValueType>(&self, v: &Vector<U>, k: i64) -> Result<()> {
        diag::matrix_diag_into(&self.inner, &v.inner, k, &Descriptor::default())
    }

    /// Diagonal `k` as a vector (`GxB_Vector_diag`).
    pub fn diagonal(&self, k: i64) -> Result<Vector<T>> {
        let len = diag::diagonal_length(self.nrows(), self.ncols(), k);
        let v = Vector::new(len)?;
        diag::vector_diag(&v.inner, &self.inner, k, &Descriptor::default())?;
        Ok(v)
    }

    /// Number of rows.
    pub fn nrows(&self) -> u64 {
        self.inner.nrows()
    }

    /// Number of columns.
    pub fn ncols(&self) -> u64 {
        self.inner.ncols()
    }

    /// `(nrows, ncols)`.
    pub fn shape(&self) -> (u64, u64) {
        (self.nrows(), self.ncols())
    }

    /// The orientation the matrix prefers to be stored in.
    pub fn orientation(&self) -> Orientation {
        self.inner.orientation()
    }

    /// Sets the preferred storage orientation (by row, the default, or by
    /// column); the content is converted when next written. Results never
    /// depend on it.
    pub fn set_orientation(&self, orientation: Orientation) {
        self.inner.set_orientation(orientation)
    }

    /// Number of stored entries (finishes pending work).
    pub fn nvals(&self) -> Result<usize> {
        self.inner.nvals()
    }

    /// The value at `(i, j)`, or `None`.
    pub fn get(&self, i: u64, j: u64) -> Result<Option<T>> {
        self.inner
            .extract_element(i, j)?
            .map(|v| from_value(&v))
            .transpose()
    }

    /// Stores `value` at `(i, j)` (cheap: updates are assembled at the next read).
    pub fn set(&self, i: u64, j: u64, value: T) -> Result<()> {
        self.inner.set_element(i, j, &value.to_value())
    }

    /// Removes the entry at `(i, j)` if present.
    pub fn remove(&self, i: u64, j: u64) -> Result<()> {
        self.inner.remove_element(i, j)
    }

    /// Removes every entry.
    pub fn clear(&self) {
        self.inner.clear()
    }

    /// Changes the dimensions, dropping entries outside them.
    pub fn resize(&self, nrows: u64, ncols: u64) -> Result<()> {
        self.inner.resize(nrows, ncols)
    }

    /// An independent copy (`GrB_Matrix_dup`; O(1): the content, or the
    /// pending work computing it, is shared until either changes).
    pub fn dup(&self) -> Result<Self> {
        Ok(Self::wrap(self.inner.dup()?))
    }

    /// Finishes all pending work.
    pub fn wait(&self) -> Result<()> {
        self.inner.wait()
    }

    /// The plan of the pending work that will compute this matrix, as
    /// [`set_explain`](crate::set_explain) prints it; `None` when there is none
    /// (in blocking mode, or once computed).
    ///
    /// ```
    /// use graphblas::{prelude::*, semiring, Matrix};
    /// let a = Matrix::from_triplets(2, 2, [(0, 1, 1.0)])?;
    /// let b = graphblas::with_mode(graphblas::Mode::NonBlocking, || {
    ///     a.mxm(&a, semiring::plus_times()).eval()
    /// })?;
    /// assert!(b.pending_plan()?.is_some_and(|plan| plan.contains("mxm")));
    /// b.wait()?;
    /// assert_eq!(b.pending_plan()?, None);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn pending_plan(&self) -> Result<Option<String>> {
        Ok(match self.inner.source()? {
            Source::Pending(node) if !node.is_computed() => Some(node.describe()),
            _ => None,
        })
    }
}

impl<T: ValueType> Clone for Matrix<T> {
    /// [`dup`](Matrix::dup), panicking if pending work that computes the
    /// matrix fails.
    fn clone(&self) -> Self {
        self.dup().expect("duplicating a matrix")
    }
}
