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

use super::record;
use super::vector_form::vector_args;
use crate::algebra::BinaryOp;
use crate::ensure;
use crate::error::Result;
use crate::kernels::extract::submatrix;
use crate::kernels::indices::Indices;
use crate::kernels::Operand;
use crate::object::{Descriptor, Matrix, Vector};
use crate::plan::{self, new_content, Map, Node, Op};
use crate::storage::{MatrixStore, Orientation};
use std::sync::Arc;

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
    let mask = record::mask_input(mask, desc, nrows, ncols)?;
    let out = record::output(c, nrows, ncols, mask, accum, desc.replace, a.ty())?;
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
    let mask = record::mask_input(mask, &vdesc, n, 1)?;
    let out = record::output(w.as_matrix(), n, 1, mask, accum, desc.replace, a.ty())?;
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
    let a = record::source(a)?;
    if rows.is_all() && cols.is_all() {
        return record::submit(c, Node::new(Op::Transpose { a, transpose }, out));
    }
    let (rows, cols) = (rows.keep()?, cols.keep()?);
    let name = format!(
        "extract(rows {rows}, columns {cols}{})",
        if transpose { ", transposed" } else { "" }
    );
    let run = move |inputs: Vec<Arc<MatrixStore>>, _: Orientation| {
        submatrix(
            Operand::new(inputs[0].clone(), transpose),
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
        run: new_content(run),
    };
    record::submit(c, Node::new(Op::Map(map), out))
}
