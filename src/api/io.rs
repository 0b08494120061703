//! Typed collections to and from the outside: engine objects, Matrix Market
//! files, serialized blobs and the synthetic graph generators.
//!
//! ```
//! use graphblas::{GraphKind, Matrix};
//! let a = Matrix::<f64>::generate(GraphKind::Grid, 4)?;
//! assert_eq!(a.shape(), (16, 16));
//! assert_eq!(a.get(0, 1)?, Some(1.0)); // BOOL `true` read as 1.0
//! # Ok::<(), graphblas::Error>(())
//! ```

use super::collections::{Matrix, Vector};
use super::value::{values_of, ValueType};
use crate::error::Result;
use crate::io::{generate, mtx};
use crate::object;
use crate::storage::{serialize, Array};
use crate::{ensure, fail};
use std::io::{Read, Write};
use std::path::Path;

impl<T: ValueType> Matrix<T> {
    /// A typed matrix holding the content of an engine matrix, its values cast
    /// to `T` (`GrB_DOMAIN_MISMATCH` when they cannot be).
    pub(crate) fn from_object(m: &object::Matrix) -> Result<Self> {
        let ty = T::graphblas_type();
        if *m.ty() == ty {
            return Ok(Self::wrap(m.dup()?));
        }
        if !m.ty().compatible(&ty) {
            fail!(
                DomainMismatch,
                "{:?} values cannot be cast to {ty:?}",
                m.ty()
            );
        }
        let (rows, cols, vals) = m.extract_tuples()?;
        let out = Self::new(m.nrows(), m.ncols())?;
        out.inner
            .build(&rows, &cols, T::into_array(values_of(vals)?), None)?;
        Ok(out)
    }

    /// Reads a Matrix Market file, its values cast to `T`.
    pub fn read_mtx(path: impl AsRef<Path>) -> Result<Self> {
        let ty = T::graphblas_type();
        Ok(Self::wrap(mtx::read_file(path, Some(&ty))?))
    }

    /// Reads a Matrix Market file from a reader, its values cast to `T`.
    ///
    /// ```
    /// use graphblas::Matrix;
    /// let text = "%%MatrixMarket matrix coordinate integer general\n2 2 1\n2 1 7\n";
    /// let a = Matrix::<i32>::read_mtx_from(text.as_bytes())?;
    /// assert_eq!(a.triplets()?, vec![(1, 0, 7)]);
    /// let mut out = Vec::new();
    /// a.write_mtx_to(&mut out)?;
    /// assert_eq!(Matrix::<i32>::read_mtx_from(&out[..])?.triplets()?, a.triplets()?);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn read_mtx_from(reader: impl Read) -> Result<Self> {
        let ty = T::graphblas_type();
        Ok(Self::wrap(mtx::read(reader, Some(&ty))?))
    }

    /// Writes the matrix as a Matrix Market file (built-in types only).
    pub fn write_mtx(&self, path: impl AsRef<Path>) -> Result<()> {
        mtx::write_file(&self.inner, path)
    }

    /// Writes the matrix in Matrix Market form to a writer.
    pub fn write_mtx_to(&self, out: impl Write) -> Result<()> {
        mtx::write(&self.inner, out)
    }

    /// The matrix as an opaque, checksummed byte blob (`GrB_Matrix_serialize`;
    /// the format is in `docs/SERIALIZATION.md`).
    ///
    /// ```
    /// use graphblas::Matrix;
    /// let a = Matrix::from_triplets(3, 2, [(2, 1, -1i8)])?;
    /// let blob = a.serialize()?;
    /// assert_eq!(Matrix::<i8>::deserialize(&blob)?.triplets()?, vec![(2, 1, -1)]);
    /// assert!(Matrix::<u8>::deserialize(&blob).is_err()); // another type
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn serialize(&self) -> Result<Vec<u8>> {
        let store = self.inner.snapshot()?;
        serialize::serialize(&store)
    }

    /// A matrix from a blob made by [`serialize`](Self::serialize), which must
    /// hold `T` values (`GrB_DOMAIN_MISMATCH`); a corrupted blob gives
    /// `GrB_INVALID_OBJECT`.
    pub fn deserialize(blob: &[u8]) -> Result<Self> {
        let store = serialize::deserialize(blob, Some(&T::graphblas_type()))?;
        Ok(Self::wrap(object::Matrix::from_store(store)))
    }

    /// The unweighted symmetric graph of the given kind with `2^scale`
    /// vertices (edge factor 16, seed 1; see [`GraphSpec`](generate::GraphSpec)),
    /// its `true` values cast to `T`.
    pub fn generate(kind: generate::GraphKind, scale: u32) -> Result<Self> {
        Self::generate_with(&generate::GraphSpec::new(kind, scale))
    }

    /// The graph a [`GraphSpec`](generate::GraphSpec) describes, its values cast to `T`.
    pub fn generate_with(spec: &generate::GraphSpec) -> Result<Self> {
        Self::from_object(&generate::generate(spec)?)
    }
}

/// The entries one part of a Matrix Market file lists
/// ([`Matrix::read_mtx_part`]).
pub struct MatrixMarketPart<T> {
    /// The matrix's number of rows.
    pub nrows: u64,
    /// The matrix's number of columns.
    pub ncols: u64,
    /// The number of entries the whole file declares.
    pub declared: u64,
    /// The number of entries this part lists (before mirroring).
    pub listed: u64,
    /// The entries: those listed, and their mirror images when the file is
    /// symmetric or skew-symmetric.
    pub triplets: Vec<(u64, u64, T)>,
}

impl<T: ValueType> Matrix<T> {
    /// Part `part` of `parts` of a `coordinate` Matrix Market file, read
    /// without reading the rest: the data lines are cut into `parts` byte
    /// ranges at line boundaries. Together the parts list every entry once
    /// (summing [`listed`](MatrixMarketPart::listed) over the parts checks
    /// the count the file declares). Values are cast to `T`.
    ///
    /// ```no_run
    /// use graphblas::Matrix;
    /// let half = Matrix::<f64>::read_mtx_part("graph.mtx", 1, 2)?;
    /// println!("{} of {} entries", half.listed, half.declared);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn read_mtx_part(
        path: impl AsRef<Path>,
        part: u64,
        parts: u64,
    ) -> Result<MatrixMarketPart<T>> {
        let ty = T::graphblas_type();
        let p = mtx::read_part(path, part, parts, &ty)?;
        Ok(MatrixMarketPart {
            nrows: p.nrows,
            ncols: p.ncols,
            declared: p.declared,
            listed: p.listed,
            triplets: triplets(p.rows, p.cols, p.vals)?,
        })
    }
}

impl generate::GraphSpec {
    /// Part `part` of `parts` of the graph's entries, their `true` values (or
    /// weights) cast to `T`: each part draws its share of the edges. The
    /// union over the parts, duplicates merged, is the graph
    /// [`Matrix::generate_with`] gives, whatever the number of parts.
    ///
    /// ```
    /// use graphblas::{binary, GraphKind, GraphSpec, Matrix};
    /// let spec = GraphSpec::new(GraphKind::Kronecker, 6);
    /// let mut entries = spec.edge_part::<u8>(0, 3)?;
    /// entries.extend(spec.edge_part::<u8>(1, 3)?);
    /// entries.extend(spec.edge_part::<u8>(2, 3)?);
    /// let a = Matrix::from_triplets_with(64, 64, entries, binary::first())?;
    /// assert_eq!(a.triplets()?, Matrix::<u8>::generate_with(&spec)?.triplets()?);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn edge_part<T: ValueType>(&self, part: u64, parts: u64) -> Result<Vec<(u64, u64, T)>> {
        let p = generate::edge_part(self, part, parts)?;
        triplets(p.rows, p.cols, p.vals)
    }
}

/// Triplets from index lists and an engine array cast to `T`.
fn triplets<T: ValueType>(
    rows: Vec<u64>,
    cols: Vec<u64>,
    vals: Array,
) -> Result<Vec<(u64, u64, T)>> {
    let ty = T::graphblas_type();
    if !vals.ty().compatible(&ty) {
        fail!(
            DomainMismatch,
            "{:?} values cannot be cast to {ty:?}",
            vals.ty()
        );
    }
    let vals = T::from_array(vals.into_cast(&ty));
    Ok(rows
        .into_iter()
        .zip(cols)
        .zip(vals)
        .map(|((i, j), v)| (i, j, v))
        .collect())
}

impl<T: ValueType> Vector<T> {
    /// The vector as a serialized blob (the blob of its `n × 1` matrix).
    pub fn serialize(&self) -> Result<Vec<u8>> {
        let store = self.inner.snapshot()?;
        serialize::serialize(&store)
    }

    /// A vector from a blob made by [`serialize`](Self::serialize): an `n × 1`
    /// matrix of `T` values (`GrB_DIMENSION_MISMATCH` for more columns).
    pub fn deserialize(blob: &[u8]) -> Result<Self> {
        let store = serialize::deserialize(blob, Some(&T::graphblas_type()))?;
        ensure!(
            store.ncols() == 1,
            DimensionMismatch,
            "the blob holds a {} x {} matrix, not a vector",
            store.nrows(),
            store.ncols()
        );
        Ok(Self::wrap(object::Vector::from_store(store)))
    }
}
