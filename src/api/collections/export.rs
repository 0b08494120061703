//! Reading typed collections out into Rust data: triplets and pairs, entry
//! iterators, and CSR / CSC arrays (moved out without copying when the
//! matrix's storage is not shared).

use super::compressed::CompressedArrays;
use super::matrix::Matrix;
use super::vector::Vector;
use crate::api::value::{values_of, ValueType};
use crate::error::Result;
use crate::storage::{Compressed, Orientation};
use std::sync::Arc;

impl<T: ValueType> Matrix<T> {
    /// Every entry as `(row, column, value)`, in row-major order
    /// (`GrB_Matrix_extractTuples`).
    pub fn triplets(&self) -> Result<Vec<(u64, u64, T)>> {
        Ok(self.to_csr()?.entries().collect())
    }

    /// An iterator over every entry as `(row, column, value)`, in row-major order.
    ///
    /// ```
    /// use graphblas::Matrix;
    /// let a = Matrix::from_triplets(2, 2, [(1, 0, 3), (0, 1, 4)])?;
    /// let total: i32 = a.iter()?.map(|(_, _, x)| x).sum();
    /// assert_eq!(total, 7);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn iter(&self) -> Result<std::vec::IntoIter<(u64, u64, T)>> {
        Ok(self.triplets()?.into_iter())
    }

    /// The matrix as CSR arrays (a copy); iterate over its rows with
    /// [`vectors`](CompressedArrays::vectors).
    pub fn to_csr(&self) -> Result<CompressedArrays<T>> {
        self.to_compressed(Orientation::ByRow)
    }

    /// The matrix as CSC arrays (a copy); iterate over its columns with
    /// [`vectors`](CompressedArrays::vectors).
    pub fn to_csc(&self) -> Result<CompressedArrays<T>> {
        self.to_compressed(Orientation::ByCol)
    }

    /// The matrix as CSR arrays, moving its index and value arrays out
    /// without copying when it is stored by row and not shared (with a
    /// [`dup`](Matrix::dup), or pending work).
    pub fn into_csr(self) -> Result<CompressedArrays<T>> {
        self.into_compressed(Orientation::ByRow)
    }

    /// The matrix as CSC arrays, moved out without copying when it is stored
    /// by column and not shared.
    pub fn into_csc(self) -> Result<CompressedArrays<T>> {
        self.into_compressed(Orientation::ByCol)
    }

    fn to_compressed(&self, orient: Orientation) -> Result<CompressedArrays<T>> {
        let store = self.inner.snapshot()?;
        arrays(store.compressed(orient).into_owned(), orient, self.shape())
    }

    fn into_compressed(self, orient: Orientation) -> Result<CompressedArrays<T>> {
        let (store, shape) = (self.inner.snapshot()?, self.shape());
        drop(self);
        let store = Arc::try_unwrap(store).unwrap_or_else(|shared| (*shared).clone());
        arrays(store.into_compressed(orient), orient, shape)
    }
}

/// The arrays of compressed storage (expanded from hypersparse if needed).
fn arrays<T: ValueType>(
    c: Compressed,
    orientation: Orientation,
    (nrows, ncols): (u64, u64),
) -> Result<CompressedArrays<T>> {
    let Compressed { p, i, x, .. } = c.into_sparse()?;
    Ok(CompressedArrays {
        orientation,
        nrows,
        ncols,
        pointers: p.into_iter().map(|p| p as u64).collect(),
        indices: i.into_wide_vec()?,
        values: values_of(x)?,
    })
}

impl<T: ValueType> Vector<T> {
    /// Every entry as `(index, value)`, in increasing index order
    /// (`GrB_Vector_extractTuples`).
    pub fn pairs(&self) -> Result<Vec<(u64, T)>> {
        let (idx, vals) = self.inner.extract_tuples()?;
        Ok(idx.into_iter().zip(values_of::<T>(vals)?).collect())
    }

    /// An iterator over every entry as `(index, value)`, in increasing index order.
    pub fn iter(&self) -> Result<std::vec::IntoIter<(u64, T)>> {
        Ok(self.pairs()?.into_iter())
    }

    /// The vector as a dense `Vec`, with `fill` where there is no entry.
    pub fn to_dense(&self, fill: T) -> Result<Vec<T>> {
        if self.nvals()? as u64 == self.size() {
            // Every index holds a value: the values in order are the vector.
            let (_, _, vals) = self.inner.as_matrix().extract_tuples_of(false, false)?;
            return values_of::<T>(vals);
        }
        let (idx, vals) = self.inner.extract_tuples()?;
        let vals = values_of::<T>(vals)?;
        let mut out = vec![fill; self.size() as usize];
        for (i, v) in idx.into_iter().zip(vals) {
            out[i as usize] = v;
        }
        Ok(out)
    }
}
