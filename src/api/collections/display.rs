//! `Display` and `Debug` for the typed collections: small matrices as a grid,
//! larger ones as a summary and their first entries.

use super::matrix::Matrix;
use super::scalar::Scalar;
use super::vector::Vector;
use crate::api::value::ValueType;
use std::fmt;

/// Matrices with at most this many rows and columns print as a grid.
const GRID_MAX: u64 = 20;
/// Larger matrices and vectors print at most this many entries.
const LIST_MAX: usize = 20;

/// The first [`LIST_MAX`] items, then `…` when there are more.
fn list(items: impl ExactSizeIterator<Item = String>) -> String {
    let more = items.len() > LIST_MAX;
    let mut shown: Vec<String> = items.take(LIST_MAX).collect();
    if more {
        shown.push("…".into());
    }
    shown.join(", ")
}

/// A grid with `.` where there is no entry, or a list of the first entries.
///
/// ```
/// use graphblas::Matrix;
/// let a = Matrix::from_triplets(2, 3, [(0, 0, 1), (1, 2, -4)])?;
/// assert_eq!(a.to_string(), "2x3 matrix of INT32, 2 entries\n   1  .  .\n   .  . -4\n");
/// # Ok::<(), graphblas::Error>(())
/// ```
impl<T: ValueType + fmt::Debug> fmt::Display for Matrix<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (nrows, ncols) = self.shape();
        let entries = self.triplets().map_err(|_| fmt::Error)?;
        let ty = T::graphblas_type();
        let count = entries.len();
        writeln!(f, "{nrows}x{ncols} matrix of {ty:?}, {count} entries")?;
        if nrows > GRID_MAX || ncols > GRID_MAX {
            let shown = entries.iter().map(|(i, j, x)| format!("({i}, {j}): {x:?}"));
            return writeln!(f, "  {}", list(shown));
        }
        let mut cells = vec![vec![".".to_string(); ncols as usize]; nrows as usize];
        for (i, j, x) in entries {
            cells[i as usize][j as usize] = format!("{x:?}");
        }
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

/// The length, type and the first entries as `index:value`.
///
/// ```
/// use graphblas::Vector;
/// let v = Vector::from_pairs(4, [(1, 2.5), (3, 1.0)])?;
/// assert_eq!(v.to_string(), "vector of 4 FP64, 2 entries: [1:2.5, 3:1.0]");
/// # Ok::<(), graphblas::Error>(())
/// ```
impl<T: ValueType + fmt::Debug> fmt::Display for Vector<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs = self.pairs().map_err(|_| fmt::Error)?;
        let ty = T::graphblas_type();
        let (size, count) = (self.size(), pairs.len());
        let shown = pairs.iter().map(|(i, v)| format!("{i}:{v:?}"));
        write!(
            f,
            "vector of {size} {ty:?}, {count} entries: [{}]",
            list(shown)
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

/// The value, or `empty`.
impl<T: ValueType + fmt::Debug> fmt::Display for Scalar<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get().map_err(|_| fmt::Error)? {
            Some(v) => write!(f, "{v:?}"),
            None => f.write_str("empty"),
        }
    }
}

impl<T: ValueType + fmt::Debug> fmt::Debug for Scalar<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.get().map_err(|_| fmt::Error)?;
        f.debug_tuple("Scalar").field(&value).finish()
    }
}
