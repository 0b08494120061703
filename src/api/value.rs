//! The Rust types a typed collection can hold: the 11 built-in types
//! ([`Builtin`], with [`Integer`] for the bitwise operators), and user types
//! ([`UserType`](super::UserType)).

use crate::algebra::{Element, Type, Value};
use crate::error::{Error, Info, Result};
use crate::storage::{Array, ArrayElement};

/// A Rust type whose values a [`Matrix`](super::Matrix), [`Vector`](super::Vector)
/// or [`Scalar`](super::Scalar) can hold: a built-in type or a
/// [`UserType`](super::UserType) (implemented for both). The methods convert
/// values to and from the engine's byte representation.
pub trait ValueType: Copy + Send + Sync + 'static {
    /// The GraphBLAS type of the values.
    fn graphblas_type() -> Type;
    /// Reads a value from its bytes.
    fn from_bytes(bytes: &[u8]) -> Self;
    /// Writes the value's bytes into `out` (of the type's size).
    fn write_bytes(&self, out: &mut [u8]);
    /// The value as an engine value.
    fn to_value(&self) -> Value {
        let mut bytes = vec![0u8; Self::graphblas_type().size()];
        self.write_bytes(&mut bytes);
        Value::from_bytes(&Self::graphblas_type(), &bytes)
    }
    /// Moves values into an engine array (without copying for the built-in types).
    fn into_array(values: Vec<Self>) -> Array {
        let size = Self::graphblas_type().size();
        let mut bytes = vec![0u8; values.len() * size];
        for (v, out) in values.iter().zip(bytes.chunks_exact_mut(size)) {
            v.write_bytes(out);
        }
        Array::from_bytes(&Self::graphblas_type(), &bytes)
    }
    /// Takes the values out of an engine array of this type (without copying
    /// for the built-in types).
    fn from_array(array: Array) -> Vec<Self> {
        let size = Self::graphblas_type().size();
        array
            .bytes()
            .chunks_exact(size)
            .map(Self::from_bytes)
            .collect()
    }
}

/// A built-in element type: `bool`, the eight integer types, `f32` and `f64`.
/// The predefined operators exist for these.
pub trait Builtin: ValueType + Element {}

/// The integer types, for which the bitwise operators are defined.
pub trait Integer: Builtin {}

macro_rules! builtin_value_type {
    ($($t:ty),*) => {$(
        impl ValueType for $t {
            fn graphblas_type() -> Type {
                <$t as Element>::graphblas_type()
            }
            fn from_bytes(bytes: &[u8]) -> Self {
                <$t as Element>::read(bytes)
            }
            fn write_bytes(&self, out: &mut [u8]) {
                Element::write(*self, out)
            }
            fn into_array(values: Vec<Self>) -> Array {
                Array::from_vec(values)
            }
            fn from_array(array: Array) -> Vec<Self> {
                <$t as ArrayElement>::into_vec(array.into_cast(&<$t as Element>::graphblas_type()))
                    .unwrap_or_else(|_| unreachable!("an array cast to {} holds it", stringify!($t)))
            }
        }
        impl Builtin for $t {}
    )*};
}
builtin_value_type!(bool, i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

macro_rules! integer {
    ($($t:ty),*) => {$( impl Integer for $t {} )*};
}
integer!(i8, u8, i16, u16, i32, u32, i64, u64);

/// The output types of the positional operators (`i32`, `i64`).
pub trait IndexType: Integer {}
impl IndexType for i32 {}
impl IndexType for i64 {}

/// Reads a value of `T` from an engine value of the same type, or casts a
/// built-in value to `T`'s built-in type.
pub(crate) fn from_value<T: ValueType>(v: &Value) -> Result<T> {
    let ty = T::graphblas_type();
    let v = v.cast(&ty).ok_or_else(|| {
        Error::new(
            Info::DomainMismatch,
            format!("a {:?} value cannot be read as {:?}", v.ty(), ty),
        )
    })?;
    Ok(T::from_bytes(v.bytes()))
}

/// The values of an engine array as `T` (cast when both types are built-in;
/// `GrB_DOMAIN_MISMATCH` when they cannot be).
pub(crate) fn values_of<T: ValueType>(a: Array) -> Result<Vec<T>> {
    let ty = T::graphblas_type();
    if a.ty() == ty {
        return Ok(T::from_array(a));
    }
    if !a.ty().compatible(&ty) {
        return Err(Error::new(
            Info::DomainMismatch,
            format!("{:?} values cannot be read as {:?}", a.ty(), ty),
        ));
    }
    Ok(T::from_array(a.into_cast(&ty)))
}
