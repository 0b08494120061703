//! `Scalar`: a GraphBLAS scalar, which holds one value or none.

use crate::algebra::{Type, Value};
use crate::error::{Error, Info, Result};
use crate::storage::{Array, Compressed, MatrixStore, Orientation};
use std::sync::Mutex;

/// A typed scalar that may be empty.
pub struct Scalar {
    ty: Type,
    value: Mutex<Option<Value>>,
}

impl Scalar {
    /// A new empty scalar.
    pub fn new(ty: &Type) -> Scalar {
        Scalar {
            ty: ty.clone(),
            value: Mutex::new(None),
        }
    }

    /// A scalar holding `value`.
    pub fn from_value(value: Value) -> Scalar {
        Scalar {
            ty: value.ty().clone(),
            value: Mutex::new(Some(value)),
        }
    }

    /// The element type.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// The value, if any.
    pub fn get(&self) -> Option<Value> {
        self.value.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// 1 if the scalar holds a value, else 0.
    pub fn nvals(&self) -> usize {
        self.get().is_some() as usize
    }

    /// Sets the value, typecast to the scalar's type.
    pub fn set(&self, value: &Value) -> Result<()> {
        let v = value.cast(&self.ty).ok_or_else(|| {
            Error::new(
                Info::DomainMismatch,
                format!(
                    "cannot store a {:?} value in a {:?} scalar",
                    value.ty(),
                    self.ty
                ),
            )
        })?;
        *self.value.lock().unwrap_or_else(|e| e.into_inner()) = Some(v);
        Ok(())
    }

    /// Sets the value or empties the scalar.
    pub fn set_option(&self, value: Option<Value>) -> Result<()> {
        match value {
            Some(v) => self.set(&v),
            None => {
                self.clear();
                Ok(())
            }
        }
    }

    /// Removes the value.
    pub fn clear(&self) {
        *self.value.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// A new scalar with the same value.
    pub fn dup(&self) -> Scalar {
        Scalar {
            ty: self.ty.clone(),
            value: Mutex::new(self.get()),
        }
    }

    /// The scalar as a `1 × 1` matrix store (empty or with one entry).
    pub fn to_store(&self) -> MatrixStore {
        let mut x = Array::new(&self.ty);
        let (p, i) = match self.get() {
            Some(v) => {
                x.push_bytes(v.bytes());
                (vec![0, 1], vec![0])
            }
            None => (vec![0, 0], vec![]),
        };
        MatrixStore::from_compressed(
            Orientation::ByCol,
            Compressed {
                vlen: 1,
                vdim: 1,
                h: None,
                p,
                i: i.into(),
                x,
            },
        )
    }

    /// Sets the value from a `1 × 1` store (empty store empties the scalar).
    pub fn set_from_store(&self, store: &MatrixStore) -> Result<()> {
        self.set_option(store.get(0, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalar_basics() {
        let s = Scalar::new(&Type::INT16);
        assert_eq!(s.nvals(), 0);
        s.set(&Value::new(3.9f64)).unwrap();
        assert_eq!(s.get().unwrap().get::<i16>(), Some(3));
        assert_eq!(s.to_store().nvals(), 1);
        s.clear();
        assert_eq!(s.to_store().nvals(), 0);
        assert!(s
            .set(&Value::from_bytes(&Type::user("u", 2), &[1, 2]))
            .is_err());
    }
}
