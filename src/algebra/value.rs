//! A single typed value (a scalar of any built-in or user-defined type).

use super::element::{byte_cast_fn, cast, Element};
use super::types::{Type, TypeCode};
use std::fmt;
use std::sync::Arc;

/// One value of a GraphBLAS type, stored as its bytes.
#[derive(Clone, PartialEq)]
pub struct Value {
    ty: Type,
    bytes: Bytes,
}

#[derive(Clone, PartialEq)]
enum Bytes {
    Inline([u8; 8]),
    Heap(Arc<[u8]>),
}

impl Value {
    /// A value of a built-in Rust element type.
    pub fn new<T: Element>(v: T) -> Value {
        let mut buf = [0u8; 8];
        v.write(&mut buf[..T::CODE.size()]);
        Value {
            ty: T::graphblas_type(),
            bytes: Bytes::Inline(buf),
        }
    }

    /// A value of type `ty` from its bytes (`bytes.len()` must be `ty.size()`;
    /// a bool is normalised to 0 or 1).
    pub fn from_bytes(ty: &Type, bytes: &[u8]) -> Value {
        assert_eq!(bytes.len(), ty.size(), "value size does not match its type");
        let bytes = if ty.is_builtin() {
            let mut buf = [0u8; 8];
            buf[..bytes.len()].copy_from_slice(bytes);
            if ty.code() == TypeCode::Bool {
                buf[0] = (buf[0] != 0) as u8;
            }
            Bytes::Inline(buf)
        } else {
            Bytes::Heap(Arc::from(bytes))
        };
        Value {
            ty: ty.clone(),
            bytes,
        }
    }

    /// The all-zero value of a type (false / 0 / 0.0, or zeroed bytes for a user type).
    pub fn zero(ty: &Type) -> Value {
        Value::from_bytes(ty, &vec![0u8; ty.size()])
    }

    /// The value's type.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// The value's bytes (native endian; `ty().size()` bytes).
    pub fn bytes(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Inline(b) => &b[..self.ty.size()],
            Bytes::Heap(b) => b,
        }
    }

    /// The value cast to the built-in Rust type `T` (a complex value as the
    /// typecast says: its real part, or its truth for bool); `None` for a
    /// user-defined value.
    pub fn get<T: Element>(&self) -> Option<T> {
        let b = self.bytes();
        let code = self.ty.code();
        crate::with_type!(code, S => Some(cast::<S, T>(S::read(b))), udt => code.is_complex().then(|| {
            let mut out = [0u8; 8];
            let out = &mut out[..T::CODE.size()];
            byte_cast_fn(code, T::CODE)(out, b);
            T::read(out)
        }))
    }

    /// The value typecast to `to`; `None` when the types are not compatible.
    pub fn cast(&self, to: &Type) -> Option<Value> {
        if !self.ty.compatible(to) {
            return None;
        }
        if &self.ty == to {
            return Some(self.clone());
        }
        let mut out = vec![0u8; to.size()];
        byte_cast_fn(self.ty.code(), to.code())(&mut out, self.bytes());
        Some(Value::from_bytes(to, &out))
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.bytes();
        crate::with_type!(self.ty.code(), T => write!(f, "{:?}", T::read(b)), udt => write!(f, "{:?}{:02x?}", self.ty, b))
    }
}

impl<T: Element> From<T> for Value {
    fn from(v: T) -> Value {
        Value::new(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_cast() {
        let v = Value::new(3.75f64);
        assert_eq!(v.get::<i32>(), Some(3));
        assert_eq!(v.cast(&Type::UINT8).unwrap().get::<u8>(), Some(3));
        assert_eq!(v.cast(&Type::BOOL).unwrap().bytes(), &[1]);
        let u = Value::from_bytes(&Type::user("t", 3), &[1, 2, 3]);
        assert_eq!(u.get::<i32>(), None);
        assert!(u.cast(&Type::INT32).is_none());
        assert_eq!(u.bytes(), &[1, 2, 3]);
    }
}
