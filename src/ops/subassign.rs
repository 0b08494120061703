//! SuiteSparse's `GxB_subassign`: `C(I, J)<M, replace> = accum(C(I, J), A)`,
//! where the mask `M` has the size of the submatrix `C(I, J)` (not of `C`, as
//! in `GrB_assign`) and `GrB_REPLACE` only clears entries inside `C(I, J)`:
//! nothing outside the submatrix ever changes.
//!
//! Computed as written: `S = C(I, J)`, then `S<M, replace> = accum(S, A)` with
//! the standard write-back, then `C(I, J) = S`. `C` is only written by the last
//! step, so a call that fails leaves it unchanged. The functions mirror
//! [`super::assign`]'s (same arguments), with the mask of the submatrix's size.

use super::assign;
use super::extract::extract;
use crate::algebra::{BinaryOp, Value};
use crate::error::Result;
use crate::fail;
use crate::kernels::indices::Indices;
use crate::object::{Descriptor, Matrix, Scalar, Vector};

/// Runs `update` on `S = C(I, J)` and stores `S` back into `C(I, J)`.
fn through_submatrix(
    c: &Matrix,
    rows: Indices,
    cols: Indices,
    update: impl FnOnce(&Matrix) -> Result<()>,
) -> Result<()> {
    let s = Matrix::new(c.ty(), rows.len(c.nrows()), cols.len(c.ncols()))?;
    let plain = Descriptor::default();
    extract(&s, None, None, c, rows, cols, &plain)?;
    update(&s)?;
    assign::assign(c, None, None, &s, rows, cols, &plain)
}

/// `C(I, J)<M, replace> = accum(C(I, J), A)` (`GxB_Matrix_subassign`).
pub fn assign(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    a: &Matrix,
    rows: Indices,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    through_submatrix(c, rows, cols, |s| {
        assign::assign(s, mask, accum, a, Indices::All, Indices::All, desc)
    })
}

/// `C(I, J)<M, replace> = accum(C(I, J), x)` (`GxB_Matrix_subassign_<T>`).
pub fn assign_scalar(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    value: &Value,
    rows: Indices,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    through_submatrix(c, rows, cols, |s| {
        assign::assign_scalar(s, mask, accum, value, Indices::All, Indices::All, desc)
    })
}

/// `C(I, J)<M, replace> = accum(C(I, J), s)` with a `GrB_Scalar` (an empty one
/// assigns no value: entries are deleted where the mask allows).
pub fn assign_scalar_object(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    x: &Scalar,
    rows: Indices,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    through_submatrix(c, rows, cols, |s| {
        assign::assign_scalar_object(s, mask, accum, x, Indices::All, Indices::All, desc)
    })
}

/// The descriptor of a vector operation (no transpose).
fn vector_desc(desc: &Descriptor) -> Descriptor {
    Descriptor {
        transpose_first: false,
        ..*desc
    }
}

/// `w(I)<m, replace> = accum(w(I), u)` (`GxB_Vector_subassign`).
pub fn assign_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    indices: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let m = mask.map(Vector::as_matrix);
    let desc = vector_desc(desc);
    assign(
        w.as_matrix(),
        m,
        accum,
        u.as_matrix(),
        indices,
        Indices::All,
        &desc,
    )
}

/// `w(I)<m, replace> = accum(w(I), x)` (`GxB_Vector_subassign_<T>`).
pub fn assign_vector_scalar(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    value: &Value,
    indices: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let m = mask.map(Vector::as_matrix);
    assign_scalar(w.as_matrix(), m, accum, value, indices, Indices::All, desc)
}

/// `w(I)<m, replace> = accum(w(I), s)` with a `GrB_Scalar`.
pub fn assign_vector_scalar_object(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    x: &Scalar,
    indices: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let m = mask.map(Vector::as_matrix);
    assign_scalar_object(w.as_matrix(), m, accum, x, indices, Indices::All, desc)
}

/// Fails unless `k` indexes a dimension of size `dim` (`GrB_INVALID_INDEX`).
fn check_line(k: u64, dim: u64, what: &str) -> Result<()> {
    if k >= dim {
        fail!(InvalidIndex, "{what} {k} out of range; must be < {dim}");
    }
    Ok(())
}

/// `C(i, J)<m, replace> = accum(C(i, J), u')` (`GxB_Row_subassign`): the mask
/// has one entry per index of `J`.
pub fn assign_row(
    c: &Matrix,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    row: u64,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    check_line(row, c.nrows(), "row index")?;
    through_submatrix(c, Indices::List(&[row]), cols, |s| {
        assign::assign_row(s, mask, accum, u, 0, Indices::All, desc)
    })
}

/// `C(I, j)<m, replace> = accum(C(I, j), u)` (`GxB_Col_subassign`): the mask
/// has one entry per index of `I`.
pub fn assign_col(
    c: &Matrix,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    rows: Indices,
    col: u64,
    desc: &Descriptor,
) -> Result<()> {
    check_line(col, c.ncols(), "column index")?;
    through_submatrix(c, rows, Indices::List(&[col]), |s| {
        assign::assign_col(s, mask, accum, u, Indices::All, 0, desc)
    })
}
