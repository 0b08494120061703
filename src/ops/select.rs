//! `GrB_select`: `C<M, replace> = accum(C, select(A))`, keeping the entries
//! `A(i,j)` for which `(bool) op(A(i,j), i, j, thunk)` is true (`j = 0` for
//! vectors). Kept values are copied unchanged (the write-back casts them to
//! `C`'s type).
//!
//! The entries are chosen by [`crate::kernels::select`].

use super::apply::check_index_op;
use super::record;
use super::vector_form::vector_args;
use crate::algebra::{BinaryOp, IndexUnaryOp, Type, Value};
use crate::ensure;
use crate::error::{check_room, out_of_memory, Result};
use crate::kernels::select as kernel;
use crate::object::{Descriptor, Matrix, Vector};
use crate::plan::{Map, Node, Op};
use crate::storage::{MatrixStore, Orientation};
use std::sync::Arc;

/// `C<M, replace> = accum(C, select(op, A, thunk))`; `A` is transposed by `desc.transpose_first`.
pub fn select(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &IndexUnaryOp,
    a: &Matrix,
    thunk: &Value,
    desc: &Descriptor,
) -> Result<()> {
    ensure!(
        op.ztype().compatible(&Type::BOOL),
        DomainMismatch,
        "select needs an operator whose output can be cast to bool; {} returns {:?}",
        op.name(),
        op.ztype()
    );
    check_index_op(op, a.ty(), thunk)?;
    let transpose = desc.transpose_first;
    let (nrows, ncols) = if transpose {
        (a.ncols(), a.nrows())
    } else {
        (a.nrows(), a.ncols())
    };
    let mask = record::mask_input(mask, desc, nrows, ncols)?;
    let out = record::output(c, nrows, ncols, mask, accum, desc.replace, a.ty())?;
    let name = format!("select({})", op.name());
    // Built-in VALUE* predicates read only the value.
    let value_only = op.code().is_some_and(|c| c.reads_value());
    let (op, thunk) = (op.clone(), thunk.clone());
    let run = move |mut inputs: Vec<Arc<MatrixStore>>, _: Orientation| {
        let sa = inputs.swap_remove(0);
        let orient = if transpose {
            sa.orient().flip()
        } else {
            sa.orient()
        };
        if sa.orient() == orient && kernel::keeps_every_entry(&op, &thunk, &sa) {
            crate::explain::step(|| "every entry kept: the result is the input as it is".into());
            return Ok(sa);
        }
        let sa = match kernel::select_in_place(&op, &thunk, sa, orient) {
            Ok(kept) => {
                crate::explain::step(|| {
                    "in place: the kept entries stay in the input's buffers".into()
                });
                return Ok(Arc::new(kept));
            }
            Err(sa) => sa,
        };
        // At most every entry is kept.
        let what = "the select result";
        let bytes = kernel::select_bytes(&op, &sa).ok_or_else(|| out_of_memory(what))?;
        check_room(bytes, 1, what)?;
        Ok(Arc::new(kernel::select(&op, &thunk, &sa, orient)))
    };
    let map = Map {
        name,
        inputs: vec![record::source_of_aliased(a, c)?],
        positionwise: !transpose,
        position_free: !transpose && value_only,
        intersection: true,
        run: Arc::new(run),
    };
    record::submit(c, Node::new(Op::Map(map), out))
}

/// `w<mask, replace> = accum(w, select(op, u, thunk))`.
pub fn select_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &IndexUnaryOp,
    u: &Vector,
    thunk: &Value,
    desc: &Descriptor,
) -> Result<()> {
    let (mask, desc) = vector_args(mask, desc);
    select(w.as_matrix(), mask, accum, op, u.as_matrix(), thunk, &desc)
}
