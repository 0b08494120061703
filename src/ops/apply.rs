//! `GrB_apply`: `C<M, replace> = accum(C, f(A))` with `f` a unary operator, a
//! binary operator with a bound scalar (`op(x, A(i,j))` or `op(A(i,j), y)`), or
//! an index-unary operator (`op(A(i,j), i, j, thunk)`; `j = 0` for vectors).
//!
//! The result has exactly the input's structure: only the values are computed
//! (transposing the input just reads the same data in the other orientation).
//! Per spec 2.1 the matrix is transposed by `GrB_INP0` — except when the scalar
//! is bound first, where the matrix is the operator's second input and
//! `GrB_INP1` applies. A positional operator gives each entry's index
//! (SuiteSparse's `GxB_POSITIONI`, or `GxB_FIRSTI` … with the scalar ignored).

use super::record;
use super::vector_form::vector_args;
use crate::algebra::{BinaryOp, IndexUnaryOp, Position, Type, UnaryOp, Value};
use crate::ensure;
use crate::error::Result;
use crate::kernels::apply::{self as kernel, with_values};
use crate::kernels::positional;
use crate::object::{Descriptor, Matrix, Vector};
use crate::plan::{new_content, Map, Node, Op};
use crate::storage::{Array, Format, MatrixStore, Orientation};
use std::sync::Arc;

/// `C<M, replace> = accum(C, op(A))`.
pub fn apply_unary(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &UnaryOp,
    a: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let name = format!("apply({})", op.name());
    if let Some(pos) = op.position() {
        let a = (a, desc.transpose_first);
        return apply_position(c, (mask, accum, desc), a, pos, op.ztype(), name);
    }
    check_input(a.ty(), op.xtype(), op.name(), "input")?;
    let f = op.clone();
    apply_with(
        c,
        (mask, accum, desc),
        (a, desc.transpose_first),
        op.ztype(),
        (name, false),
        move |format, o| kernel::unary(&f, format, o),
    )
}

/// `C<M, replace> = accum(C, op(x, A))`; `A` is transposed by `desc.transpose_second`.
pub fn apply_bind_first(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    x: &Value,
    a: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let name = format!("apply({}, bound first)", op.name());
    if let Some(pos) = op.position() {
        let a = (a, desc.transpose_second);
        return apply_position(c, (mask, accum, desc), a, pos, op.ztype(), name);
    }
    check_input(x.ty(), op.xtype(), op.name(), "first input (the scalar)")?;
    check_input(a.ty(), op.ytype(), op.name(), "second input")?;
    let (f, x) = (op.clone(), x.clone());
    apply_with(
        c,
        (mask, accum, desc),
        (a, desc.transpose_second),
        op.ztype(),
        (name, false),
        move |format, o| kernel::bind(&f, &x, true, format, o),
    )
}

/// `C<M, replace> = accum(C, op(A, y))`.
pub fn apply_bind_second(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    a: &Matrix,
    y: &Value,
    desc: &Descriptor,
) -> Result<()> {
    let name = format!("apply({}, bound second)", op.name());
    if let Some(pos) = op.position() {
        let a = (a, desc.transpose_first);
        return apply_position(c, (mask, accum, desc), a, pos, op.ztype(), name);
    }
    check_input(a.ty(), op.xtype(), op.name(), "first input")?;
    check_input(y.ty(), op.ytype(), op.name(), "second input (the scalar)")?;
    let (f, y) = (op.clone(), y.clone());
    apply_with(
        c,
        (mask, accum, desc),
        (a, desc.transpose_first),
        op.ztype(),
        (name, false),
        move |format, o| kernel::bind(&f, &y, false, format, o),
    )
}

/// `C<M, replace> = accum(C, op(A(i,j), i, j, thunk))`.
pub fn apply_index(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &IndexUnaryOp,
    a: &Matrix,
    thunk: &Value,
    desc: &Descriptor,
) -> Result<()> {
    check_index_op(op, a.ty(), thunk)?;
    let name = format!("apply({})", op.name());
    let (f, thunk) = (op.clone(), thunk.clone());
    apply_with(
        c,
        (mask, accum, desc),
        (a, desc.transpose_first),
        op.ztype(),
        (name, true),
        move |format, o| kernel::index(&f, &thunk, format, o),
    )
}

/// `w<mask, replace> = accum(w, op(u))`.
pub fn apply_unary_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &UnaryOp,
    u: &Vector,
    desc: &Descriptor,
) -> Result<()> {
    let (mask, desc) = vector_args(mask, desc);
    apply_unary(w.as_matrix(), mask, accum, op, u.as_matrix(), &desc)
}

/// `w<mask, replace> = accum(w, op(x, u))`.
pub fn apply_bind_first_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    x: &Value,
    u: &Vector,
    desc: &Descriptor,
) -> Result<()> {
    let (mask, desc) = vector_args(mask, desc);
    apply_bind_first(w.as_matrix(), mask, accum, op, x, u.as_matrix(), &desc)
}

/// `w<mask, replace> = accum(w, op(u, y))`.
pub fn apply_bind_second_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    u: &Vector,
    y: &Value,
    desc: &Descriptor,
) -> Result<()> {
    let (mask, desc) = vector_args(mask, desc);
    apply_bind_second(w.as_matrix(), mask, accum, op, u.as_matrix(), y, &desc)
}

/// `w<mask, replace> = accum(w, op(u(i), i, 0, thunk))`.
pub fn apply_index_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &IndexUnaryOp,
    u: &Vector,
    thunk: &Value,
    desc: &Descriptor,
) -> Result<()> {
    let (mask, desc) = vector_args(mask, desc);
    apply_index(w.as_matrix(), mask, accum, op, u.as_matrix(), thunk, &desc)
}

/// Apply of a positional operator (unary, or binary with a bound scalar,
/// which it ignores): each entry's row or column index plus the offset,
/// the index-unary `ROWINDEX` / `COLINDEX` (see [`crate::kernels::positional`]).
/// Any input type is accepted.
fn apply_position(
    c: &Matrix,
    out: (Option<&Matrix>, Option<&BinaryOp>, &Descriptor),
    a: (&Matrix, bool),
    pos: Position,
    ztype: &Type,
    name: String,
) -> Result<()> {
    // The mapper reads coordinates as the operation sees them (transposed).
    let (f, thunk) = positional::index_op(pos, false, ztype);
    apply_with(c, out, a, ztype, (name, true), move |format, o| {
        kernel::index(&f, &thunk, format, o)
    })
}

/// Checks that values of type `ty` can be cast to an operator input of type `domain`.
fn check_input(ty: &Type, domain: &Type, op: &str, which: &str) -> Result<()> {
    ensure!(
        ty.compatible(domain),
        DomainMismatch,
        "a value of type {ty:?} cannot be cast to the {which} of {op} ({domain:?})"
    );
    Ok(())
}

/// The domain rules of an index-unary operator: the matrix's type with the
/// operator's input (positional operators read no values and accept any type)
/// and the thunk's with its `ytype`.
pub fn check_index_op(op: &IndexUnaryOp, aty: &Type, thunk: &Value) -> Result<()> {
    if let Some(xtype) = op.xtype() {
        check_input(aty, xtype, op.name(), "input")?;
    }
    check_input(thunk.ty(), op.ytype(), op.name(), "thunk")
}

/// The shared steps of every apply: checks, then records `T = f(op(A))` (with
/// `A` transposed when `transpose`) and its write-back. `values(format,
/// orient)` computes one value of type `ztype` per value position of the
/// input's data, whose vectors are in orientation `orient`; `reads_indices`
/// says whether it needs the entries' positions (index-unary operators).
fn apply_with(
    c: &Matrix,
    (mask, accum, desc): (Option<&Matrix>, Option<&BinaryOp>, &Descriptor),
    (a, transpose): (&Matrix, bool),
    ztype: &Type,
    (name, reads_indices): (String, bool),
    values: impl Fn(&Format, Orientation) -> Array + Send + Sync + 'static,
) -> Result<()> {
    let (nrows, ncols) = if transpose {
        (a.ncols(), a.nrows())
    } else {
        (a.nrows(), a.ncols())
    };
    let mask = record::mask_input(mask, desc, nrows, ncols)?;
    let out = record::output(c, nrows, ncols, mask, accum, desc.replace, ztype)?;
    let zsize = ztype.size();
    let run = move |inputs: Vec<Arc<MatrixStore>>, _: Orientation| {
        let sa = &inputs[0];
        // The transpose is the same data read in the other orientation.
        let orient = if transpose {
            sa.orient().flip()
        } else {
            sa.orient()
        };
        // The new values and a copy of the structure (at most two indices a value).
        crate::error::check_room(sa.values().len(), zsize + 16, "the apply result")?;
        let x = values(sa.format(), orient);
        Ok(MatrixStore::new(orient, with_values(sa.format(), x)))
    };
    let map = Map {
        name,
        inputs: vec![record::source(a)?],
        positionwise: !transpose,
        position_free: !transpose && !reads_indices,
        intersection: true,
        run: new_content(run),
    };
    record::submit(c, Node::new(Op::Map(map), out))
}
