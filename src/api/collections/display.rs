//! Typed collections: [`Matrix<T>`], [`Vector<T>`] and [`Scalar<T>`] over the
//! engine's objects.

use super::operators::BinaryOp;
use super::value::{from_value, ValueType};
use crate::error::{Error, Info, Result};
use crate::object;
use crate::storage::{Array, Orientation};
use std::fmt;
use std::marker::PhantomData;

/// A sparse matrix of `T` values.
///
/// ```
/// use graphblas::Matrix;
/// let a = Matrix::from_triplets(2, 3, [(0, 0, 1.0), (1, 2, 2.5)]).unwrap();
/// assert_eq!(a.nvals().unwrap(), 2);
/// assert_eq!(a.get(1, 2).unwrap(), Some(2.5));
/// assert_eq!(a.get(0, 1).unwrap(), None);
/// ```
pub struct Matrix<T> {
    pub(crate) inner: object::Matrix,
    _type: PhantomData<T>,
}

/// A sparse vector of `T` values.
///
/// ```
/// use graphblas::Vector;
/// let v = Vector::from_pairs(5, [(1, 10i64), (4, 40)]).unwrap();
/// assert_eq!(v.pairs().unwrap(), vec![(1, 10), (4, 40)]);
/// ```
pub struct Vector<T> {
    pub(crate) inner: object::Vector,
    _type: PhantomData<T>,
}

/// A scalar that holds one `T` value or none.
pub struct Scalar<T> {
    pub(crate) inner: object::Scalar,
    _type: PhantomData<T>,
}

/// The values of `items` as an engine array of `T`.
fn array_of<T: ValueType>(items: impl Iterator<Item = T>) -> Array {
    let ty = T::graphblas_type();
    let size = ty.size();
    let mut bytes = Vec::new();
    let mut buf = vec![0u8; size];
    for v in items {
        v.write_bytes(&mut buf);
        bytes.extend_from_slice(&buf);
    }
    Array::from_bytes(&ty, &bytes)
}

/// The values of an engine array as `T` (cast when both are built-in).
fn values_of<T: ValueType>(a: &Array) -> Result<Vec<T>> {
    let ty = T::graphblas_type();
    let a = if a.ty() == ty {
        a.clone()
    } else if a.ty().compatible(&ty) {
        a.cast(&ty)
    } else {
        return Err(Error::new(
            Info::DomainMismatch,
            format!("{:?} values cannot be read as {:?}", a.ty(), ty),
        ));
    };
    let size = ty.size();
    Ok(a.bytes().chunks_exact(size).map(T::from_bytes).collect())
}

impl<T: ValueType> Matrix<T> {
    /// Wraps an engine matrix (which must hold `T` values).
    pub(crate) fn wrap(inner: object::Matrix) -> Self {
        debug_assert!(*inner.ty() == T::graphblas_type());
        Matrix {
            inner,
            _type: PhantomData,
        }
    }

    /// An empty `nrows × ncols` matrix (dimensions up to 2^60).
    pub fn new(nrows: u64, ncols: u64) -> Result<Self> {
        Ok(Self::wrap(object::Matrix::new(
            &T::graphblas_type(),
            nrows,
            ncols,
        )?))
    }

    /// A matrix from `(row, column, value)` triplets; duplicates are an error.
    pub fn from_triplets(
        nrows: u64,
        ncols: u64,
        triplets: impl IntoIterator<Item = (u64, u64, T)>,
    ) -> Result<Self> {
        Self::build(nrows, ncols, triplets, None)
    }

    /// A matrix from triplets, combining duplicates with `dup` in input order.
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
        dup: Option<&crate::algebra::BinaryOp>,
    ) -> Result<Self> {
        let (mut rows, mut cols, mut vals) = (Vec::new(), Vec::new(), Vec::new());
        for (i, j, v) in triplets {
            rows.push(i);
            cols.push(j);
            vals.push(v);
        }
        let m = Self::new(nrows, ncols)?;
        m.inner
            .build(&rows, &cols, &array_of(vals.into_iter()), dup)?;
        Ok(m)
    }

    /// A matrix from compressed sparse rows: row `i` holds the columns
    /// `indices[indptr[i]..indptr[i+1]]` with the matching `values`.
    pub fn from_csr(
        nrows: u64,
        ncols: u64,
        indptr: &[u64],
        indices: &[u64],
        values: &[T],
    ) -> Result<Self> {
        if indptr.len() as u64 != nrows + 1 || indices.len() != values.len() {
            return Err(Error::new(
                Info::InvalidValue,
                "CSR arrays: indptr needs nrows + 1 entries and indices as many entries as values",
            ));
        }
        let mut rows = Vec::with_capacity(indices.len());
        for i in 0..nrows as usize {
            let (lo, hi) = (indptr[i], indptr[i + 1]);
            if lo > hi || hi as usize > indices.len() {
                return Err(Error::new(
                    Info::InvalidValue,
                    format!("CSR row pointers decrease at row {i}"),
                ));
            }
            rows.extend(std::iter::repeat_n(i as u64, (hi - lo) as usize));
        }
        let m = Self::new(nrows, ncols)?;
        m.inner
            .build(&rows, indices, &array_of(values.iter().copied()), None)?;
        Ok(m)
    }

    /// Number of rows.
    pub fn nrows(&self) -> u64 {
        self.inner.nrows()
    }

    /// Number of columns.
    pub fn ncols(&self) -> u64 {
        self.inner.ncols()
    }

    /// `(nrows, ncols)`.
    pub fn shape(&self) -> (u64, u64) {
        (self.nrows(), self.ncols())
    }

    /// Number of stored entries (finishes pending work).
    pub fn nvals(&self) -> Result<usize> {
        self.inner.nvals()
    }

    /// The value at `(i, j)`, or `None`.
    pub fn get(&self, i: u64, j: u64) -> Result<Option<T>> {
        self.inner
            .extract_element(i, j)?
            .map(|v| from_value(&v))
            .transpose()
    }

    /// Stores `value` at `(i, j)` (cheap: updates are assembled at the next read).
    pub fn set(&self, i: u64, j: u64, value: T) -> Result<()> {
        self.inner.set_element(i, j, &value.to_value())
    }

    /// Removes the entry at `(i, j)` if present.
    pub fn remove(&self, i: u64, j: u64) -> Result<()> {
        self.inner.remove_element(i, j)
    }

    /// Removes every entry.
    pub fn clear(&self) {
        self.inner.clear()
    }

    /// Changes the dimensions, dropping entries outside them.
    pub fn resize(&self, nrows: u64, ncols: u64) -> Result<()> {
        self.inner.resize(nrows, ncols)
    }

    /// Every entry as `(row, column, value)`, in row-major order.
    pub fn triplets(&self) -> Result<Vec<(u64, u64, T)>> {
        let store = self.inner.snapshot()?.reoriented(Orientation::ByRow);
        let (rows, cols, vals) = store.tuples();
        let vals = values_of::<T>(&vals)?;
        Ok(rows
            .into_iter()
            .zip(cols)
            .zip(vals)
            .map(|((i, j), v)| (i, j, v))
            .collect())
    }

    /// The matrix as compressed sparse rows `(indptr, indices, values)`.
    pub fn to_csr(&self) -> Result<(Vec<u64>, Vec<u64>, Vec<T>)> {
        let store = self.inner.snapshot()?;
        let c = store
            .compressed(Orientation::ByRow)
            .into_owned()
            .into_sparse()?;
        let indptr = c.p.iter().map(|&p| p as u64).collect();
        Ok((indptr, c.i.clone(), values_of::<T>(&c.x)?))
    }

    /// Finishes all pending work.
    pub fn wait(&self) -> Result<()> {
        self.inner.wait()
    }

    /// The engine object (for mixing with the dynamically typed layer).
    pub fn as_object(&self) -> &object::Matrix {
        &self.inner
    }
}

impl<T: ValueType> Clone for Matrix<T> {
    /// An independent copy (O(1): the content is shared until either changes).
    fn clone(&self) -> Self {
        Self::wrap(self.inner.dup().expect("duplicating a matrix"))
    }
}

impl<T: ValueType> Vector<T> {
    /// Wraps an engine vector (which must hold `T` values).
    pub(crate) fn wrap(inner: object::Vector) -> Self {
        debug_assert!(*inner.ty() == T::graphblas_type());
        Vector {
            inner,
            _type: PhantomData,
        }
    }

    /// An empty vector of length `n`.
    pub fn new(n: u64) -> Result<Self> {
        Ok(Self::wrap(object::Vector::new(&T::graphblas_type(), n)?))
    }

    /// A vector from `(index, value)` pairs; duplicates are an error.
    pub fn from_pairs(n: u64, pairs: impl IntoIterator<Item = (u64, T)>) -> Result<Self> {
        let (idx, vals): (Vec<u64>, Vec<T>) = pairs.into_iter().unzip();
        let v = Self::new(n)?;
        v.inner.build(&idx, &array_of(vals.into_iter()), None)?;
        Ok(v)
    }

    /// A vector holding `value` at every index (full).
    pub fn filled(n: u64, value: T) -> Result<Self> {
        Self::from_pairs(n, (0..n).map(|i| (i, value)))
    }

    /// The length.
    pub fn size(&self) -> u64 {
        self.inner.size()
    }

    /// Number of stored entries.
    pub fn nvals(&self) -> Result<usize> {
        self.inner.nvals()
    }

    /// The value at `i`, or `None`.
    pub fn get(&self, i: u64) -> Result<Option<T>> {
        self.inner
            .extract_element(i)?
            .map(|v| from_value(&v))
            .transpose()
    }

    /// Stores `value` at `i`.
    pub fn set(&self, i: u64, value: T) -> Result<()> {
        self.inner.set_element(i, &value.to_value())
    }

    /// Removes the entry at `i` if present.
    pub fn remove(&self, i: u64) -> Result<()> {
        self.inner.remove_element(i)
    }

    /// Removes every entry.
    pub fn clear(&self) {
        self.inner.clear()
    }

    /// Changes the length.
    pub fn resize(&self, n: u64) -> Result<()> {
        self.inner.resize(n)
    }

    /// Every entry as `(index, value)`, in increasing index order.
    pub fn pairs(&self) -> Result<Vec<(u64, T)>> {
        let (idx, vals) = self.inner.extract_tuples()?;
        Ok(idx.into_iter().zip(values_of::<T>(&vals)?).collect())
    }

    /// The vector as a dense `Vec`, with `fill` where there is no entry.
    pub fn to_dense(&self, fill: T) -> Result<Vec<T>> {
        let mut out = vec![fill; self.size() as usize];
        for (i, v) in self.pairs()? {
            out[i as usize] = v;
        }
        Ok(out)
    }

    /// Finishes all pending work.
    pub fn wait(&self) -> Result<()> {
        self.inner.wait()
    }

    /// The engine object.
    pub fn as_object(&self) -> &object::Vector {
        &self.inner
    }
}

impl<T: ValueType> Clone for Vector<T> {
    fn clone(&self) -> Self {
        Self::wrap(self.inner.dup().expect("duplicating a vector"))
    }
}

impl<T: ValueType> Scalar<T> {
    /// An empty scalar.
    pub fn new() -> Self {
        Scalar {
            inner: object::Scalar::new(&T::graphblas_type()),
            _type: PhantomData,
        }
    }

    /// A scalar holding `value`.
    pub fn from_value(value: T) -> Self {
        Scalar {
            inner: object::Scalar::from_value(value.to_value()),
            _type: PhantomData,
        }
    }

    /// The value, if any.
    pub fn get(&self) -> Result<Option<T>> {
        self.inner.get().map(|v| from_value(&v)).transpose()
    }

    /// Sets the value.
    pub fn set(&self, value: T) -> Result<()> {
        self.inner.set(&value.to_value())
    }

    /// Removes the value.
    pub fn clear(&self) {
        self.inner.clear()
    }
}

impl<T: ValueType> Default for Scalar<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// Prints up to 20 × 20 matrices as a grid (`.` for no entry), larger ones as a summary.
impl<T: ValueType + fmt::Debug> fmt::Display for Matrix<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (nrows, ncols) = self.shape();
        let entries = self.triplets().map_err(|_| fmt::Error)?;
        writeln!(
            f,
            "{nrows}x{ncols} matrix of {:?}, {} entries",
            T::graphblas_type(),
            entries.len()
        )?;
        if nrows > 20 || ncols > 20 {
            return Ok(());
        }
        let cells: Vec<Vec<String>> = (0..nrows)
            .map(|i| {
                (0..ncols)
                    .map(|j| {
                        entries
                            .iter()
                            .find(|e| e.0 == i && e.1 == j)
                            .map_or(".".to_string(), |e| format!("{:?}", e.2))
                    })
                    .collect()
            })
            .collect();
        let width = cells.iter().flatten().map(String::len).max().unwrap_or(1);
        for row in cells {
            let line: Vec<String> = row.iter().map(|c| format!("{c:>width$}")).collect();
            writeln!(f, "  {}", line.join(" "))?;
        }
        Ok(())
    }
}

impl<T: ValueType + fmt::Debug> fmt::Debug for Matrix<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entries = self.triplets().map_err(|_| fmt::Error)?;
        f.debug_struct("Matrix")
            .field("shape", &self.shape())
            .field("entries", &entries)
            .finish()
    }
}

impl<T: ValueType + fmt::Debug> fmt::Display for Vector<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs = self.pairs().map_err(|_| fmt::Error)?;
        write!(
            f,
            "vector of {} of {:?}, {} entries: ",
            self.size(),
            T::graphblas_type(),
            pairs.len()
        )?;
        let shown: Vec<String> = pairs
            .iter()
            .take(20)
            .map(|(i, v)| format!("{i}:{v:?}"))
            .collect();
        write!(
            f,
            "[{}{}]",
            shown.join(", "),
            if pairs.len() > 20 { ", …" } else { "" }
        )
    }
}

impl<T: ValueType + fmt::Debug> fmt::Debug for Vector<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs = self.pairs().map_err(|_| fmt::Error)?;
        f.debug_struct("Vector")
            .field("size", &self.size())
            .field("entries", &pairs)
            .finish()
    }
}
