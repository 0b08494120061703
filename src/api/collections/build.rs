//! Building typed collections from Rust data: triplets and pairs, CSR / CSC
//! arrays (moved in without copying when they are valid and sorted), and a
//! matrix from the entries of vectors.

use super::compressed::CompressedArrays;
use super::matrix::Matrix;
use super::vector::Vector;
use crate::algebra;
use crate::api::operators::BinaryOp;
use crate::api::value::{values_of, Integer, ValueType};
use crate::error::Result;
use crate::object::{self, matrix::check_dimension};
use crate::storage::compressed::{indices_sorted_within, pointers_increase};
use crate::storage::exchange::{self, ExchangeFormat, ImportArrays};
use crate::storage::{Compressed, MatrixStore, Orientation};
use crate::{ensure, fail};

impl<T: ValueType> Matrix<T> {
    /// A matrix from `(row, column, value)` triplets; duplicates are an error.
    pub fn from_triplets(
        nrows: u64,
        ncols: u64,
        triplets: impl IntoIterator<Item = (u64, u64, T)>,
    ) -> Result<Self> {
        Self::build(nrows, ncols, triplets, None)
    }

    /// A matrix from triplets, combining duplicates with `dup` in input order
    /// (`GrB_Matrix_build`).
    ///
    /// ```
    /// use graphblas::{binary, Matrix};
    /// let a = Matrix::from_triplets_with(2, 2, [(0, 1, 1), (0, 1, 5), (1, 0, 2)], binary::plus())?;
    /// assert_eq!(a.get(0, 1)?, Some(6));
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn from_triplets_with(
        nrows: u64,
        ncols: u64,
        triplets: impl IntoIterator<Item = (u64, u64, T)>,
        dup: BinaryOp<T, T, T>,
    ) -> Result<Self> {
        Self::build(nrows, ncols, triplets, Some(&dup.op))
    }

    fn build(
        nrows: u64,
        ncols: u64,
        triplets: impl IntoIterator<Item = (u64, u64, T)>,
        dup: Option<&algebra::BinaryOp>,
    ) -> Result<Self> {
        let (mut rows, mut cols, mut vals) = (Vec::new(), Vec::new(), Vec::new());
        for (i, j, v) in triplets {
            rows.push(i);
            cols.push(j);
            vals.push(v);
        }
        let m = Self::new(nrows, ncols)?;
        m.inner.build(&rows, &cols, T::into_array(vals), dup)?;
        Ok(m)
    }

    /// A matrix from compressed sparse rows: row `i` holds the columns
    /// `indices[indptr[i]..indptr[i+1]]` with the matching `values` (in any
    /// order within a row; duplicates are an error). The arrays are copied and
    /// validated (`GrB_INVALID_VALUE`, `GrB_INDEX_OUT_OF_BOUNDS`).
    ///
    /// ```
    /// use graphblas::Matrix;
    /// let a = Matrix::from_csr(2, 3, &[0, 2, 3], &[2, 0, 1], &[1.0, 2.0, 3.0])?;
    /// assert_eq!(a.triplets()?, vec![(0, 0, 2.0), (0, 2, 1.0), (1, 1, 3.0)]);
    /// let csc = a.to_csc()?;
    /// assert_eq!((csc.pointers, csc.indices), (vec![0, 1, 2, 3], vec![0, 1, 0]));
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn from_csr(
        nrows: u64,
        ncols: u64,
        indptr: &[u64],
        indices: &[u64],
        values: &[T],
    ) -> Result<Self> {
        let values = T::into_array(values.to_vec());
        Self::import(nrows, ncols, ExchangeFormat::Csr, indptr, indices, &values)
    }

    /// A matrix from compressed sparse columns (as [`from_csr`](Self::from_csr),
    /// by column).
    pub fn from_csc(
        nrows: u64,
        ncols: u64,
        indptr: &[u64],
        indices: &[u64],
        values: &[T],
    ) -> Result<Self> {
        let values = T::into_array(values.to_vec());
        Self::import(nrows, ncols, ExchangeFormat::Csc, indptr, indices, &values)
    }

    /// The spec's validated import (`GrB_Matrix_import`).
    fn import(
        nrows: u64,
        ncols: u64,
        format: ExchangeFormat,
        indptr: &[u64],
        indices: &[u64],
        values: &crate::storage::Array,
    ) -> Result<Self> {
        let arrays = ImportArrays {
            indptr,
            indices,
            values: values.bytes(),
        };
        let store = exchange::import(&T::graphblas_type(), nrows, ncols, format, arrays)?;
        Ok(Self::wrap(object::Matrix::from_store(store)))
    }

    /// A matrix that takes over CSR or CSC arrays. When every row's (column's)
    /// indices are strictly increasing, the index and value arrays become the
    /// matrix's storage without being copied (only the pointers are
    /// converted); otherwise they are validated and sorted as by
    /// [`from_csr`](Self::from_csr).
    ///
    /// ```
    /// use graphblas::{CompressedArrays, Matrix};
    /// let csr = CompressedArrays::csr(2, 4, vec![0, 1, 3], vec![3, 0, 2], vec![7u32, 8, 9]);
    /// let a = Matrix::from_compressed(csr)?;
    /// assert_eq!(a.get(1, 2)?, Some(9));
    /// let back = a.into_csr()?; // moved out again
    /// assert_eq!(back.values, vec![7, 8, 9]);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn from_compressed(arrays: CompressedArrays<T>) -> Result<Self> {
        let CompressedArrays {
            orientation,
            nrows,
            ncols,
            pointers,
            indices,
            values,
        } = arrays;
        check_dimension(nrows, "number of rows")?;
        check_dimension(ncols, "number of columns")?;
        let (vlen, vdim) = orientation.vector_dims(nrows, ncols);
        // The checks a pack makes, in parallel pieces.
        let sorted = pointers.len() as u64 == vdim + 1
            && pointers[0] == 0
            && pointers_increase(&pointers)
            && pointers[pointers.len() - 1] == indices.len() as u64
            && values.len() == indices.len()
            && indices_sorted_within(&pointers, &indices, vlen);
        let c = Compressed {
            vlen,
            vdim,
            h: None,
            p: pointers.iter().map(|&p| p as usize).collect(),
            i: indices.into(),
            x: T::into_array(values),
        };
        if sorted {
            debug_assert!(c.check().is_ok());
            // Kept at the caller's index width, so that an export hands the
            // same buffers back (unless every entry is present: then full).
            let c = c.conform();
            let full = c.vlen.checked_mul(c.vdim) == Some(c.nvals() as u64) && c.nvals() > 0;
            let store = if full {
                MatrixStore::from_compressed(orientation, c).conform()
            } else {
                MatrixStore::keeping_widths(orientation, crate::storage::Format::Sparse(c))
            };
            return Ok(Self::wrap(object::Matrix::from_store(store)));
        }
        let format = match orientation {
            Orientation::ByRow => ExchangeFormat::Csr,
            Orientation::ByCol => ExchangeFormat::Csc,
        };
        Self::import(nrows, ncols, format, &pointers, &c.i, &c.x)
    }

    /// The matrix with an entry `(i, columns(i)) = values(i)` for every `i`
    /// where both vectors have an entry: one entry per row, in the column
    /// the first vector names (LAGraph builds these with `GrB_Matrix_build` from
    /// extracted tuples). Its transpose `m.t()` puts the entries at
    /// `(columns(i), i)`. `GrB_INDEX_OUT_OF_BOUNDS` for a column `≥ ncols`
    /// (a negative one included).
    ///
    /// ```
    /// use graphblas::{Matrix, Vector};
    /// let label = Vector::from_pairs(3, [(0, 2i64), (1, 0), (2, 2)])?;
    /// let weight = Vector::from_pairs(3, [(0, 1.5), (2, 4.0)])?;
    /// let m = Matrix::from_vector_entries(3, &label, &weight)?;
    /// assert_eq!(m.triplets()?, vec![(0, 2, 1.5), (2, 2, 4.0)]);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn from_vector_entries<I: Integer>(
        ncols: u64,
        columns: &Vector<I>,
        values: &Vector<T>,
    ) -> Result<Self> {
        let n = columns.size();
        ensure!(
            values.size() == n,
            DimensionMismatch,
            "the column vector has size {n} but the value vector {}",
            values.size()
        );
        let (index, cols) = columns.inner.extract_tuples()?;
        let cols = values_of::<u64>(cols)?;
        let mut column_of = index.iter().zip(&cols).peekable();
        let mut triplets = Vec::new();
        for (i, x) in values.pairs()? {
            while column_of.next_if(|&(&k, _)| k < i).is_some() {}
            if let Some((_, &j)) = column_of.next_if(|&(&k, _)| k == i) {
                if j >= ncols {
                    fail!(
                        IndexOutOfBounds,
                        "entry {i} names column {j} of a matrix with {ncols} columns"
                    );
                }
                triplets.push((i, j, x));
            }
        }
        Self::from_triplets(n, ncols, triplets)
    }
}

impl<T: ValueType> Vector<T> {
    /// A vector from `(index, value)` pairs; duplicates are an error.
    pub fn from_pairs(n: u64, pairs: impl IntoIterator<Item = (u64, T)>) -> Result<Self> {
        Self::build(n, pairs, None)
    }

    /// A vector from pairs, combining duplicates with `dup` in input order
    /// (`GrB_Vector_build`).
    pub fn from_pairs_with(
        n: u64,
        pairs: impl IntoIterator<Item = (u64, T)>,
        dup: BinaryOp<T, T, T>,
    ) -> Result<Self> {
        Self::build(n, pairs, Some(&dup.op))
    }

    fn build(
        n: u64,
        pairs: impl IntoIterator<Item = (u64, T)>,
        dup: Option<&algebra::BinaryOp>,
    ) -> Result<Self> {
        let (idx, vals): (Vec<u64>, Vec<T>) = pairs.into_iter().unzip();
        let v = Self::new(n)?;
        v.inner.build(&idx, T::into_array(vals), dup)?;
        Ok(v)
    }

    /// A vector holding `value` at every index.
    pub fn filled(n: u64, value: T) -> Result<Self> {
        let v = Self::new(n)?;
        v.output().fill(.., value)?;
        Ok(v)
    }
}
