//! `GrB_extract`: `C<M, replace> = accum(C, A(I, J))` and its vector and column
//! variants (spec 2.1, `ops_extract.tex`).
//!
//! `T = Ã(I, J)` has `A`'s type and `|I| × |J|` dimensions, with
//! `T(i, j) = Ã(I[i], J[j])` wherever that entry exists; `Ã` is `A` or, with
//! `GrB_INP0 = GrB_TRAN`, `A'`. Index lists may be in any order and may repeat
//! indices: repeated indices give repeated rows or columns. `GrB_ALL`
//! ([`Indices::All`]) selects the whole dimension of `Ã` in order, so its length
//! is that dimension (as in SuiteSparse). `T` is then written to `C` by the
//! standard write-back. The extraction is recorded (computed when `C` is read
//! in non-blocking mode); with `GrB_ALL` in both dimensions it is a copy or a
//! transpose of `A`, which a product reading it absorbs.
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
use super::vector_form::vector_args;
use crate::algebra::BinaryOp;
use crate::ensure;
use crate::error::check_room;
use crate::error::Result;
use crate::object::{Descriptor, Matrix, Vector};
use crate::ops::indices::IndexList;
use crate::parallel;
use crate::plan::{self, Map, Node, Op};
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::{Bitmap, Compressed, Format, Full, MatrixStore, Orientation};
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
    let transpose = desc.transpose_first;
    let (anrows, ancols) = view_dims(a, transpose);
    let (nrows, ncols) = (rows.len(anrows), cols.len(ancols));
    let mask = plan::mask_input(mask, desc, nrows, ncols)?;
    let out = plan::output(c, nrows, ncols, mask, accum, desc.replace, a.ty())?;
    rows.check(anrows, "row")?;
    cols.check(ancols, "column")?;
    record(c, out, a, transpose, rows, cols)
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
    let transpose = desc.transpose_first;
    let (anrows, ancols) = view_dims(a, transpose);
    let n = rows.len(anrows);
    let (mask, vdesc) = vector_args(mask, desc);
    let mask = plan::mask_input(mask, &vdesc, n, 1)?;
    let out = plan::output(w.as_matrix(), n, 1, mask, accum, desc.replace, a.ty())?;
    ensure!(
        col < ancols,
        InvalidIndex,
        "column index {col} out of range; must be < {ancols}"
    );
    rows.check(anrows, "row")?;
    record(
        w.as_matrix(),
        out,
        a,
        transpose,
        rows,
        Indices::List(&[col]),
    )
}

/// The dimensions of `a`, or of `a'` when `transpose`.
fn view_dims(a: &Matrix, transpose: bool) -> (u64, u64) {
    if transpose {
        (a.ncols(), a.nrows())
    } else {
        (a.nrows(), a.ncols())
    }
}

/// Records the checked extraction `T = Ã(I, J)` written back through `out`:
/// with `GrB_ALL` in both dimensions a copy or a transpose (which products
/// absorb), otherwise a map over `A` keeping its own copy of the lists.
fn record(
    c: &Matrix,
    out: plan::Output,
    a: &Matrix,
    transpose: bool,
    rows: Indices,
    cols: Indices,
) -> Result<()> {
    let a = plan::source(a)?;
    if rows.is_all() && cols.is_all() {
        return plan::submit(c, Node::new(Op::Transpose { a, transpose }, out));
    }
    let (rows, cols) = (rows.keep()?, cols.keep()?);
    let name = format!(
        "extract(rows {rows}, columns {cols}{})",
        if transpose { ", transposed" } else { "" }
    );
    let run = move |inputs: Vec<Arc<MatrixStore>>, _: Orientation| {
        submatrix(
            View::new(inputs[0].clone(), transpose),
            &rows.get(),
            &cols.get(),
        )
    };
    let map = Map {
        name,
        inputs: vec![a],
        positionwise: false,
        position_free: false,
        intersection: false,
        run: Arc::new(run),
    };
    plan::submit(c, Node::new(Op::Map(map), out))
}

/// `Ã(I, J)` as a store (indices already checked; not both `GrB_ALL`).
fn submatrix(a: View, rows: &Indices, cols: &Indices) -> Result<MatrixStore> {
    // Work in the orientation the data is stored in: outer vectors are rows
    // when it is by row.
    let orient = a.native_orientation();
    let (outer, inner) = match orient {
        Orientation::ByRow => (rows.resolve(a.nrows()), cols.resolve(a.ncols())),
        Orientation::ByCol => (cols.resolve(a.ncols()), rows.resolve(a.nrows())),
    };
    if let Some(t) = dense_gather(&a.store, &outer, &inner)? {
        return Ok(MatrixStore::new(orient, t).conform());
    }
    let data = a.compressed(orient)?;
    let t = select(&data, &outer, &inner)?;
    Ok(MatrixStore::from_compressed(orient, t.conform()).conform())
}

/// `A(outer, inner)` of bitmap or full data, read in its stored orientation:
/// each output position's source is computed, not searched for, and the
/// result keeps the format (LAGraph's `gp = parent(Px)`: a gather of a full
/// vector). `None` for compressed data.
fn dense_gather(a: &MatrixStore, outer: &IndexList, inner: &IndexList) -> Result<Option<Format>> {
    let (x, present, vlen) = match a.format() {
        Format::Full(f) => (&f.x, None, f.vlen),
        Format::Bitmap(b) => (&b.x, Some(&b.b), b.vlen),
        Format::Sparse(_) => return Ok(None),
    };
    let (vdim, len) = (outer.len(), inner.len());
    // A full result holds an entry per position; a bitmap one is only made
    // when dense enough for `A`'s entries.
    let Some(total) = vdim.checked_mul(len).filter(|&t| {
        let entries = present.map_or(t, |_| a.nvals() as u64);
        dense_workspace_ok(t, usize::try_from(entries).unwrap_or(usize::MAX))
    }) else {
        return Ok(None);
    };
    check_room(
        total as usize,
        8 + x.elem_size() + 1,
        "the extracted entries",
    )?;
    let positions = parallel::map(total as usize, 1 << 12, |t| {
        let (k, p) = (t as u64 / len.max(1), t as u64 % len.max(1));
        (outer.get(k) * vlen + inner.get(p)) as usize
    });
    let values = x.gather(&positions);
    Ok(Some(match present {
        None => Format::Full(Full {
            vlen: len,
            vdim,
            x: values,
        }),
        Some(b) => {
            let flags: Vec<bool> = parallel::map(positions.len(), 1 << 12, |t| b[positions[t]]);
            let nvals = flags.iter().filter(|&&f| f).count();
            Format::Bitmap(Bitmap {
                vlen: len,
                vdim,
                b: flags,
                x: values,
                nvals,
            })
        }
    }))
}
