//! `GrB_kronecker`: `C<M, replace> = accum(C, kron(A, B))` where
//! `C(iA·mB + iB, jA·nB + jB) = A(iA, jA) ⊗ B(iB, jB)`, computed by
//! [`crate::kernels::kron`].

use super::record;
use crate::algebra::BinaryOp;
use crate::error::Result;
use crate::fail;
use crate::kernels::kron as kernel;
use crate::object::{Descriptor, Matrix, INDEX_MAX};
use crate::plan::{new_content, Map, Node, Op};
use crate::storage::{MatrixStore, Orientation};
use std::sync::Arc;

/// `C<mask, replace> = accum(C, kron(op(A), op(B)))` with `⊗ = op` (the C layer
/// passes the binary operator, a monoid's operator or a semiring's multiply).
/// `GrB_INP0`/`GrB_INP1` transpose `A`/`B`. A positional operator gives the
/// row or column index in `op(A)` (`FIRST*`) or `op(B)` (`SECOND*`) of the
/// entry it reads.
pub fn kronecker(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    a: &Matrix,
    b: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    op.check_domains(op.ztype(), a.ty(), b.ty())?;
    let (ta, tb) = (desc.transpose_first, desc.transpose_second);
    let (am, an) = dims(a.nrows(), a.ncols(), ta);
    let (bm, bn) = dims(b.nrows(), b.ncols(), tb);
    let nrows = product_dimension(am, bm, "rows")?;
    let ncols = product_dimension(an, bn, "columns")?;
    let mask = record::mask_input(mask, desc, nrows, ncols)?;
    let out = record::output(c, nrows, ncols, mask, accum, desc.replace, op.ztype())?;
    let kernel_op = op.clone();
    // Built in the output's orientation: A' stored that way is A read in the other one.
    let run = move |inputs: Vec<Arc<MatrixStore>>, orient: Orientation| {
        kernel::kronecker(&kernel_op, (&inputs[0], ta), (&inputs[1], tb), orient)
    };
    let map = Map {
        name: format!("kronecker({})", op.name()),
        inputs: vec![record::source(a)?, record::source(b)?],
        positionwise: false,
        position_free: false,
        intersection: false,
        run: new_content(run),
    };
    record::submit(c, Node::new(Op::Map(map), out))
}

/// `(nrows, ncols)`, swapped if `transpose`.
fn dims(nrows: u64, ncols: u64, transpose: bool) -> (u64, u64) {
    if transpose {
        (ncols, nrows)
    } else {
        (nrows, ncols)
    }
}

/// `x · y` as a dimension; a product beyond `GrB_INDEX_MAX + 1` cannot be the
/// dimension of any output, so it is a dimension mismatch.
fn product_dimension(x: u64, y: u64, what: &str) -> Result<u64> {
    match x.checked_mul(y) {
        Some(n) if n <= INDEX_MAX + 1 => Ok(n),
        _ => fail!(
            DimensionMismatch,
            "the Kronecker product would have {x} x {y} {what}, more than GrB_INDEX_MAX + 1 = 2^60"
        ),
    }
}
