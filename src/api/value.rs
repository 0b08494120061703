//! The Rust types a typed matrix can hold: the 11 built-in types, and user
//! types (any `#[repr(C)]` plain-data struct deriving `bytemuck::Pod`).

use crate::algebra::{Element, Type, Value};
use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// A Rust type whose values a [`Matrix`](super::Matrix), [`Vector`](super::Vector)
/// or [`Scalar`](super::Scalar) can hold.
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
}

/// A user-defined element type: plain data (`bytemuck::Pod`) with a name.
///
/// ```
/// use graphblas::UserType;
/// #[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
/// #[repr(C)]
/// struct Complex { re: f64, im: f64 }
/// impl UserType for Complex { const NAME: &'static str = "Complex"; }
/// let m = graphblas::Matrix::<Complex>::new(2, 2).unwrap();
/// m.set(0, 1, Complex { re: 1.0, im: -1.0 }).unwrap();
/// assert_eq!(m.get(0, 1).unwrap(), Some(Complex { re: 1.0, im: -1.0 }));
/// ```
pub trait UserType: bytemuck::Pod + Send + Sync {
    /// The type's name, reported to C as its type name.
    const NAME: &'static str;
}

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
        }
    )*};
}
builtin_value_type!(bool, i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

/// One engine type per Rust user type, so that two matrices of the same Rust
/// type have the same GraphBLAS type.
fn user_type_of<T: UserType>() -> Type {
    static REGISTRY: OnceLock<Mutex<HashMap<TypeId, Type>>> = OnceLock::new();
    let map = REGISTRY.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
    map.entry(TypeId::of::<T>())
        .or_insert_with(|| Type::user(T::NAME, std::mem::size_of::<T>()))
        .clone()
}

impl<T: UserType> ValueType for T {
    fn graphblas_type() -> Type {
        user_type_of::<T>()
    }
    fn from_bytes(bytes: &[u8]) -> Self {
        bytemuck::pod_read_unaligned(bytes)
    }
    fn write_bytes(&self, out: &mut [u8]) {
        out.copy_from_slice(bytemuck::bytes_of(self))
    }
}

/// Reads a value of `T` from an engine value of the same type, or casts a
/// built-in value to `T`'s built-in type.
pub(crate) fn from_value<T: ValueType>(v: &Value) -> crate::Result<T> {
    let ty = T::graphblas_type();
    let v = v.cast(&ty).ok_or_else(|| {
        crate::Error::new(
            crate::Info::DomainMismatch,
            format!("a {:?} value cannot be read as {:?}", v.ty(), ty),
        )
    })?;
    Ok(T::from_bytes(v.bytes()))
}
