//! [`Scalar<T>`]: one value or none.

use crate::api::value::{from_value, ValueType};
use crate::error::Result;
use crate::object;
use std::marker::PhantomData;

/// A scalar that holds one `T` value or none (`GrB_Scalar`): the output of
/// [`reduce_scalar`](crate::MatrixOps::reduce_scalar), and the input of
/// [`fill_scalar`](crate::Output::fill_scalar).
///
/// ```
/// use graphblas::Scalar;
/// let s = Scalar::<u8>::new();
/// assert_eq!(s.get()?, None);
/// s.set(7)?;
/// assert_eq!(s.get()?, Some(7));
/// assert_eq!(format!("{s}"), "7");
/// # Ok::<(), graphblas::Error>(())
/// ```
pub struct Scalar<T> {
    pub(crate) inner: object::Scalar,
    _type: PhantomData<T>,
}

impl<T: ValueType> Scalar<T> {
    /// An empty scalar.
    pub fn new() -> Self {
        Scalar {
            inner: object::Scalar::new(&T::graphblas_type()),
            _type: PhantomData,
        }
    }

    /// A scalar holding `value`.
    pub fn from_value(value: T) -> Self {
        Scalar {
            inner: object::Scalar::from_value(value.to_value()),
            _type: PhantomData,
        }
    }

    /// The value, if any.
    pub fn get(&self) -> Result<Option<T>> {
        self.inner.get().map(|v| from_value(&v)).transpose()
    }

    /// Sets the value.
    pub fn set(&self, value: T) -> Result<()> {
        self.inner.set(&value.to_value())
    }

    /// Removes the value.
    pub fn clear(&self) {
        self.inner.clear()
    }
}

impl<T: ValueType> Default for Scalar<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: ValueType> Clone for Scalar<T> {
    fn clone(&self) -> Self {
        Scalar {
            inner: self.inner.dup(),
            _type: PhantomData,
        }
    }
}
