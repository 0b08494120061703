//! [`Vector<T>`]: the typed sparse vector, its length and entries.

use crate::api::value::{from_value, ValueType};
use crate::error::Result;
use crate::object;
use std::marker::PhantomData;

/// A sparse vector of `T` values.
///
/// ```
/// use graphblas::Vector;
/// let v = Vector::from_pairs(5, [(1, 10i64), (4, 40)])?;
/// assert_eq!(v.pairs()?, vec![(1, 10), (4, 40)]);
/// assert_eq!(v.to_dense(0)?, vec![0, 10, 0, 0, 40]);
/// # Ok::<(), graphblas::Error>(())
/// ```
pub struct Vector<T> {
    pub(crate) inner: object::Vector,
    _type: PhantomData<T>,
}

impl<T: ValueType> Vector<T> {
    /// Wraps an engine vector (which must hold `T` values).
    pub(crate) fn wrap(inner: object::Vector) -> Self {
        debug_assert!(*inner.ty() == T::graphblas_type());
        Vector {
            inner,
            _type: PhantomData,
        }
    }

    /// An empty vector of length `n`.
    pub fn new(n: u64) -> Result<Self> {
        Ok(Self::wrap(object::Vector::new(&T::graphblas_type(), n)?))
    }

    /// The length.
    pub fn size(&self) -> u64 {
        self.inner.size()
    }

    /// Number of stored entries.
    pub fn nvals(&self) -> Result<usize> {
        self.inner.nvals()
    }

    /// The value at `i`, or `None`.
    pub fn get(&self, i: u64) -> Result<Option<T>> {
        self.inner
            .extract_element(i)?
            .map(|v| from_value(&v))
            .transpose()
    }

    /// Stores `value` at `i`.
    pub fn set(&self, i: u64, value: T) -> Result<()> {
        self.inner.set_element(i, &value.to_value())
    }

    /// Removes the entry at `i` if present.
    pub fn remove(&self, i: u64) -> Result<()> {
        self.inner.remove_element(i)
    }

    /// Removes every entry.
    pub fn clear(&self) {
        self.inner.clear()
    }

    /// Changes the length, dropping entries beyond it.
    pub fn resize(&self, n: u64) -> Result<()> {
        self.inner.resize(n)
    }

    /// An independent copy (`GrB_Vector_dup`; O(1) until either changes).
    pub fn dup(&self) -> Result<Self> {
        Ok(Self::wrap(self.inner.dup()?))
    }

    /// Finishes all pending work.
    pub fn wait(&self) -> Result<()> {
        self.inner.wait()
    }
}

impl<T: ValueType> Clone for Vector<T> {
    /// [`dup`](Vector::dup), panicking if pending work that computes the
    /// vector fails.
    fn clone(&self) -> Self {
        self.dup().expect("duplicating a vector")
    }
}
