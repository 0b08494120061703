//! `GrB_extract`: `C<M, replace> = accum(C, A(I, J))` and its vector and column
//! variants (spec 2.1, `ops_extract.tex`).
//!
//! `T = Ã(I, J)` has `A`'s type and `|I| × |J|` dimensions, with
//! `T(i, j) = Ã(I[i], J[j])` wherever that entry exists; `Ã` is `A` or, with
//! `GrB_INP0 = GrB_TRAN`, `A'`. Index lists may be in any order and may repeat
//! indices: repeated indices give repeated rows or columns. `GrB_ALL`
//! ([`Indices::All`]) selects the whole dimension of `Ã` in order, so its length
//! is that dimension (as in SuiteSparse). `T` is then written to `C` by the
//! standard write-back ([`super::writeback::write`]).
//!
//! Errors, checked before `C` changes: a user-typed mask used by value or
//! incompatible types (`GrB_DOMAIN_MISMATCH`), `C` or the mask not matching
//! `|I| × |J|` (`GrB_DIMENSION_MISMATCH`), for the column variant a column index
//! outside `Ã` (`GrB_INVALID_INDEX`), and an index beyond `Ã`'s dimensions
//! (`GrB_INDEX_OUT_OF_BOUNDS`).
//!
//! A missing mask with `GrB_COMP` is the spec's complemented all-true mask:
//! nothing is written, and with `GrB_REPLACE` the output is cleared.

mod select;

pub(crate) use select::select;

use super::indices::Indices;
use super::mask::Mask;
use super::writeback::{check_output, write};
use crate::algebra::{BinaryOp, Type};
use crate::ensure;
use crate::error::Result;
use crate::object::{Descriptor, Matrix, Vector};
use crate::storage::{Compressed, MatrixStore, Orientation};
use std::borrow::Cow;
use std::sync::Arc;

/// A matrix read as itself or as its transpose, without copying its data.
pub(crate) struct View {
    store: Arc<MatrixStore>,
    transposed: bool,
}

impl View {
    /// `store`, or its transpose when `transposed`.
    pub fn new(store: Arc<MatrixStore>, transposed: bool) -> View {
        View { store, transposed }
    }

    /// Number of rows of the view.
    pub fn nrows(&self) -> u64 {
        if self.transposed {
            self.store.ncols()
        } else {
            self.store.nrows()
        }
    }

    /// Number of columns of the view.
    pub fn ncols(&self) -> u64 {
        if self.transposed {
            self.store.nrows()
        } else {
            self.store.ncols()
        }
    }

    /// The element type.
    pub fn ty(&self) -> Type {
        self.store.ty()
    }

    /// The orientation in which the stored data reads as the view.
    pub fn native_orientation(&self) -> Orientation {
        if self.transposed {
            self.store.orient().flip()
        } else {
            self.store.orient()
        }
    }

    /// The view's content as compressed vectors in orientation `orient`
    /// (borrowed when the data already is in that form); `GrB_OUT_OF_MEMORY`
    /// when a conversion does not fit.
    pub fn compressed(&self, orient: Orientation) -> Result<Cow<'_, Compressed>> {
        self.store.try_compressed(if self.transposed {
            orient.flip()
        } else {
            orient
        })
    }

    /// The view as a store (shared when not transposed).
    pub fn into_store(self) -> Result<Arc<MatrixStore>> {
        if !self.transposed {
            return Ok(self.store);
        }
        let orient = self.native_orientation();
        Ok(Arc::new(MatrixStore::from_compressed(
            orient,
            self.compressed(orient)?.into_owned(),
        )))
    }
}

/// `C<M, replace> = accum(C, Ã(I, J))`.
pub fn extract(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    a: &Matrix,
    rows: Indices,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let mask = Mask::from_matrix(mask, desc)?;
    let a = View::new(a.snapshot()?, desc.transpose_first);
    let (nrows, ncols) = (rows.len(a.nrows()), cols.len(a.ncols()));
    check_output(c, nrows, ncols, mask.as_ref(), accum, &a.ty())?;
    rows.check(a.nrows(), "row")?;
    cols.check(a.ncols(), "column")?;
    let mask = Mask::effective(mask, desc, nrows, ncols);
    let t = submatrix(a, &rows, &cols)?;
    write(c, mask.as_ref(), accum, desc.replace, t)
}

/// `w<m, replace> = accum(w, u(I))` (`GrB_Vector_extract`).
pub fn extract_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    indices: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let desc = Descriptor {
        transpose_first: false,
        ..*desc
    };
    extract(
        w.as_matrix(),
        mask.map(Vector::as_matrix),
        accum,
        u.as_matrix(),
        indices,
        Indices::All,
        &desc,
    )
}

/// `w<m, replace> = accum(w, Ã(I, col))` (`GrB_Col_extract`): a column of `A`,
/// or with `GrB_INP0 = GrB_TRAN` row `col` of `A`.
pub fn extract_col(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    a: &Matrix,
    rows: Indices,
    col: u64,
    desc: &Descriptor,
) -> Result<()> {
    let mask = Mask::from_vector(mask, desc)?;
    let a = View::new(a.snapshot()?, desc.transpose_first);
    let n = rows.len(a.nrows());
    let out = w.as_matrix();
    check_output(out, n, 1, mask.as_ref(), accum, &a.ty())?;
    ensure!(
        col < a.ncols(),
        InvalidIndex,
        "column index {col} out of range; must be < {}",
        a.ncols()
    );
    rows.check(a.nrows(), "row")?;
    let mask = Mask::effective(mask, desc, n, 1);
    let t = submatrix(a, &rows, &Indices::List(&[col]))?;
    write(out, mask.as_ref(), accum, desc.replace, t)
}

/// `Ã(I, J)` as a store (indices already checked).
fn submatrix(a: View, rows: &Indices, cols: &Indices) -> Result<Arc<MatrixStore>> {
    if matches!((rows, cols), (Indices::All, Indices::All)) {
        return a.into_store();
    }
    // Work in the orientation the data is stored in: outer vectors are rows
    // when it is by row.
    let orient = a.native_orientation();
    let (outer, inner) = match orient {
        Orientation::ByRow => (rows.resolve(a.nrows()), cols.resolve(a.ncols())),
        Orientation::ByCol => (cols.resolve(a.ncols()), rows.resolve(a.nrows())),
    };
    let data = a.compressed(orient)?;
    let t = select(&data, &outer, &inner)?;
    Ok(Arc::new(
        MatrixStore::from_compressed(orient, t.conform()).conform(),
    ))
}
