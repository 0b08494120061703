//! [`CompressedArrays`]: a matrix as plain CSR or CSC arrays, with iterators
//! over its rows (columns) and entries.

use crate::storage::Orientation;

/// A matrix as compressed arrays: CSR when `orientation` is
/// [`Orientation::ByRow`] (row `k` holds the column indices
/// `indices[pointers[k]..pointers[k+1]]` and the matching values), CSC when
/// [`Orientation::ByCol`] (the same by column). Made by
/// [`Matrix::to_csr`](crate::Matrix::to_csr) and friends, taken by
/// [`Matrix::from_compressed`](crate::Matrix::from_compressed).
///
/// ```
/// use graphblas::Matrix;
/// let a = Matrix::from_triplets(3, 3, [(0, 1, b'a'), (0, 2, b'b'), (2, 0, b'c')])?;
/// let rows = a.to_csr()?;
/// let lengths: Vec<usize> = rows.vectors().map(|(_, cols, _)| cols.len()).collect();
/// assert_eq!(lengths, vec![2, 0, 1]);
/// let columns = a.to_csc()?;
/// let (j, rows_of_2, values) = columns.vectors().nth(2).unwrap();
/// assert_eq!((j, rows_of_2, values), (2, &[0][..], &[b'b'][..]));
/// assert_eq!(columns.entries().count(), 3);
/// # Ok::<(), graphblas::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CompressedArrays<T> {
    /// By row (CSR) or by column (CSC).
    pub orientation: Orientation,
    /// Number of rows.
    pub nrows: u64,
    /// Number of columns.
    pub ncols: u64,
    /// The vector pointers: one more than the number of rows (CSR) or columns (CSC).
    pub pointers: Vec<u64>,
    /// The column (CSR) or row (CSC) index of each entry.
    pub indices: Vec<u64>,
    /// The value of each entry.
    pub values: Vec<T>,
}

impl<T: Copy> CompressedArrays<T> {
    /// CSR arrays of an `nrows × ncols` matrix.
    pub fn csr(
        nrows: u64,
        ncols: u64,
        pointers: Vec<u64>,
        indices: Vec<u64>,
        values: Vec<T>,
    ) -> Self {
        CompressedArrays {
            orientation: Orientation::ByRow,
            nrows,
            ncols,
            pointers,
            indices,
            values,
        }
    }

    /// CSC arrays of an `nrows × ncols` matrix.
    pub fn csc(
        nrows: u64,
        ncols: u64,
        pointers: Vec<u64>,
        indices: Vec<u64>,
        values: Vec<T>,
    ) -> Self {
        CompressedArrays {
            orientation: Orientation::ByCol,
            ..Self::csr(nrows, ncols, pointers, indices, values)
        }
    }

    /// Every row (CSR) or column (CSC) as `(k, indices, values)`, empty ones included.
    pub fn vectors(&self) -> impl Iterator<Item = (u64, &[u64], &[T])> + '_ {
        self.pointers.windows(2).enumerate().map(|(k, w)| {
            let range = w[0] as usize..w[1] as usize;
            (k as u64, &self.indices[range.clone()], &self.values[range])
        })
    }

    /// Every entry as `(row, column, value)`, vector by vector.
    pub fn entries(&self) -> impl Iterator<Item = (u64, u64, T)> + '_ {
        let by_row = self.orientation == Orientation::ByRow;
        self.vectors().flat_map(move |(k, indices, values)| {
            indices.iter().zip(values).map(
                move |(&i, &x)| {
                    if by_row {
                        (k, i, x)
                    } else {
                        (i, k, x)
                    }
                },
            )
        })
    }
}
