//! A matrix's pattern read in place, vector by vector: what an algorithm
//! walks itself (LAGraph's FastSV samples the first entries of each row
//! through `GxB_Matrix_unpack_CSR`), without the copy of
//! [`to_csr`](Matrix::to_csr).

use super::matrix::Matrix;
use crate::api::value::ValueType;
use crate::error::Result;
use crate::storage::{Compressed, IdxSlice, Orientation};

/// The pattern of a matrix by rows or by columns, borrowed from its
/// storage: vector `k` is row `k` (by rows) or column `k` (by columns), its
/// indices strictly increasing. See [`Matrix::with_pattern`].
pub struct PatternView<'a> {
    /// Sparse (not hypersparse) vectors.
    c: &'a Compressed,
}

impl<'a> PatternView<'a> {
    /// Number of vectors: rows by rows, columns by columns.
    #[inline]
    pub fn len(&self) -> usize {
        self.c.nvec()
    }

    /// True when there are no vectors.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of entries in all vectors.
    #[inline]
    pub fn nvals(&self) -> usize {
        self.c.nvals()
    }

    /// The indices of vector `k` (panics when `k >= len()`).
    #[inline]
    pub fn vector(&self, k: usize) -> VectorPattern<'a> {
        VectorPattern(self.c.i.idx_range(self.c.range(k)))
    }
}

/// The strictly increasing indices of one vector of a [`PatternView`].
#[derive(Clone, Copy)]
pub struct VectorPattern<'a>(IdxSlice<'a>);

impl<'a> VectorPattern<'a> {
    /// Number of entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when the vector has no entries.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The `q`-th index (panics when `q >= len()`).
    #[inline]
    pub fn get(&self, q: usize) -> u64 {
        self.0.get(q)
    }

    /// The first `k` entries (all when there are fewer).
    #[inline]
    pub fn first(&self, k: usize) -> VectorPattern<'a> {
        VectorPattern(self.0.slice(0..k.min(self.len())))
    }

    /// The indices in increasing order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = u64> + 'a {
        self.0.iter()
    }
}

impl<T: ValueType> Matrix<T> {
    /// Calls `read` with the matrix's pattern by rows or by columns, read in
    /// place: borrowed from the storage when the matrix is held sparse in
    /// that orientation (computed once otherwise, as any operation would).
    /// Pending work is completed first.
    ///
    /// ```
    /// use graphblas::{Matrix, Orientation};
    /// let a = Matrix::from_triplets(2, 3, [(0, 2, 1), (0, 0, 1), (1, 1, 1)])?;
    /// let firsts = a.with_pattern(Orientation::ByRow, |rows| {
    ///     (0..rows.len()).map(|i| rows.vector(i).get(0)).collect::<Vec<_>>()
    /// })?;
    /// assert_eq!(firsts, vec![0, 1]);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn with_pattern<R>(
        &self,
        orient: Orientation,
        read: impl FnOnce(&PatternView<'_>) -> R,
    ) -> Result<R> {
        let store = self.inner.snapshot()?;
        let c = store.try_compressed(orient)?;
        if c.h.is_some() {
            let sparse = c.into_owned().into_sparse()?;
            return Ok(read(&PatternView { c: &sparse }));
        }
        Ok(read(&PatternView { c: &c }))
    }
}
