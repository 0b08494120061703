//! Typed matrices from outside the API: engine matrices, Matrix Market files
//! and the synthetic graph generators.
//!
//! ```
//! use graphblas::io::generate::GraphKind;
//! use graphblas::Matrix;
//! let a = Matrix::<f64>::generate(GraphKind::Grid, 4).unwrap();
//! assert_eq!(a.shape(), (16, 16));
//! assert_eq!(a.get(0, 1).unwrap(), Some(1.0)); // BOOL `true` read as 1.0
//! ```

use super::collections::Matrix;
use super::value::ValueType;
use crate::error::Result;
use crate::io::{generate, mtx};
use crate::object;
use std::path::Path;

impl<T: ValueType> Matrix<T> {
    /// A typed matrix holding the content of an engine matrix, its values cast
    /// to `T` (`GrB_DOMAIN_MISMATCH` when they cannot be).
    pub fn from_object(m: &object::Matrix) -> Result<Self> {
        let ty = T::graphblas_type();
        if *m.ty() == ty {
            return Ok(Self::wrap(m.dup()?));
        }
        let (rows, cols, vals) = m.extract_tuples()?;
        let vals = if vals.ty().compatible(&ty) {
            vals.cast(&ty)
        } else {
            crate::fail!(
                DomainMismatch,
                "{:?} values cannot be cast to {:?}",
                vals.ty(),
                ty
            )
        };
        let out = Self::new(m.nrows(), m.ncols())?;
        out.inner.build(&rows, &cols, &vals, None)?;
        Ok(out)
    }

    /// Reads a Matrix Market file, its values cast to `T`.
    pub fn read_mtx(path: impl AsRef<Path>) -> Result<Self> {
        Ok(Self::wrap(mtx::read_file(
            path,
            Some(&T::graphblas_type()),
        )?))
    }

    /// Writes the matrix as a Matrix Market file.
    pub fn write_mtx(&self, path: impl AsRef<Path>) -> Result<()> {
        mtx::write_file(&self.inner, path)
    }

    /// The unweighted symmetric graph of the given kind with `2^scale`
    /// vertices (edge factor 16, seed 1; see [`generate::GraphSpec`]), its
    /// `true` values cast to `T`.
    pub fn generate(kind: generate::GraphKind, scale: u32) -> Result<Self> {
        Self::generate_with(&generate::GraphSpec::new(kind, scale))
    }

    /// The graph a [`generate::GraphSpec`] describes, its values cast to `T`.
    pub fn generate_with(spec: &generate::GraphSpec) -> Result<Self> {
        Self::from_object(&generate::generate(spec)?)
    }
}
