//! `Vector`: a GraphBLAS vector, held as an `n × 1` matrix stored by column so
//! that every matrix operation applies to it unchanged.

use super::matrix::Matrix;
use crate::algebra::{BinaryOp, Type, Value};
use crate::error::Result;
use crate::storage::{Array, MatrixStore, Orientation, TupleValues};
use std::sync::Arc;

/// A sparse vector of length `n`. Transparent over its matrix, so a C handle to
/// a vector may be read as a handle to a matrix (as C programs sometimes cast).
#[repr(transparent)]
pub struct Vector(Matrix);

impl Vector {
    /// A new empty vector of length `n`.
    pub fn new(ty: &Type, n: u64) -> Result<Vector> {
        Ok(Vector(Matrix::new_oriented(ty, n, 1, Orientation::ByCol)?))
    }

    /// A vector holding the given `n × 1` content (re-oriented by column if needed).
    pub fn from_store(store: MatrixStore) -> Vector {
        debug_assert_eq!(store.ncols(), 1);
        let store = if store.orient() == Orientation::ByCol {
            store
        } else {
            store.reoriented(Orientation::ByCol)
        };
        Vector(Matrix::from_store(store))
    }

    /// The vector as an `n × 1` matrix (shares the object).
    pub fn as_matrix(&self) -> &Matrix {
        &self.0
    }

    /// The element type.
    pub fn ty(&self) -> &Type {
        self.0.ty()
    }

    /// The length.
    pub fn size(&self) -> u64 {
        self.0.nrows()
    }

    /// Number of stored entries.
    pub fn nvals(&self) -> Result<usize> {
        self.0.nvals()
    }

    /// The content (finishing pending work).
    pub fn snapshot(&self) -> Result<Arc<MatrixStore>> {
        self.0.snapshot()
    }

    /// Replaces the content (must be `n × 1`).
    pub fn set_store(&self, store: MatrixStore) {
        debug_assert_eq!(store.ncols(), 1);
        let store = if store.orient() == Orientation::ByCol {
            store
        } else {
            store.reoriented(Orientation::ByCol)
        };
        self.0.set_store(store)
    }

    /// A new vector with the same content.
    pub fn dup(&self) -> Result<Vector> {
        Ok(Vector(self.0.dup()?))
    }

    /// Removes every entry.
    pub fn clear(&self) {
        self.0.clear()
    }

    /// Changes the length.
    pub fn resize(&self, n: u64) -> Result<()> {
        self.0.resize(n, 1)
    }

    /// `v(i) = value`, typecast to the vector's type.
    pub fn set_element(&self, i: u64, value: &Value) -> Result<()> {
        self.0.set_element(i, 0, value)
    }

    /// `v(i) = value` given as bytes of the vector's type.
    pub fn set_element_bytes(&self, i: u64, value: &[u8]) -> Result<()> {
        self.0.set_element_bytes(i, 0, value)
    }

    /// Removes `v(i)` if present.
    pub fn remove_element(&self, i: u64) -> Result<()> {
        self.0.remove_element(i, 0)
    }

    /// The value at `i`, or `None`.
    pub fn extract_element(&self, i: u64) -> Result<Option<Value>> {
        self.0.extract_element(i, 0)
    }

    /// Builds from `(indices, values)` (`GrB_Vector_build`).
    pub fn build<'a>(
        &self,
        indices: &[u64],
        vals: impl Into<TupleValues<'a>>,
        dup: Option<&BinaryOp>,
    ) -> Result<()> {
        self.0.build_column(indices, vals.into(), dup)
    }

    /// Builds from indices that all take `value` (`GxB_Vector_build_Scalar`).
    pub fn build_uniform(&self, indices: &[u64], value: &Value) -> Result<()> {
        let zeros = vec![0u64; indices.len()];
        self.0.build_uniform(indices, &zeros, value)
    }

    /// Every entry as `(indices, values)`, in increasing index order.
    pub fn extract_tuples(&self) -> Result<(Vec<u64>, Array)> {
        let (rows, _, vals) = self.0.extract_tuples_of(true, false)?;
        Ok((rows, vals))
    }

    /// Finishes pending work.
    pub fn wait(&self) -> Result<()> {
        self.0.wait()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_basics() {
        let v = Vector::new(&Type::UINT16, 10).unwrap();
        v.build(
            &[7, 2, 7],
            Array::from_vec(vec![1u16, 2, 3]),
            Some(
                &BinaryOp::builtin(
                    crate::algebra::BinaryCode::Max,
                    crate::algebra::TypeCode::Uint16,
                )
                .unwrap(),
            ),
        )
        .unwrap();
        let (i, x) = v.extract_tuples().unwrap();
        assert_eq!(i, vec![2, 7]);
        assert_eq!(x.as_slice::<u16>().unwrap(), &[2, 3]);
        v.remove_element(2).unwrap();
        assert_eq!(v.nvals().unwrap(), 1);
        assert_eq!(v.size(), 10);
    }
}
