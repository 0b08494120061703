//! `GrB_transpose`: `C<M, replace> = accum(C, A')`.

use super::record;
use crate::algebra::BinaryOp;
use crate::error::Result;
use crate::object::{Descriptor, Matrix};
use crate::plan::{Node, Op};

/// `C<M, replace> = accum(C, A')`; with `GrB_INP0 = GrB_TRAN` the input is
/// transposed twice, giving `C = A`.
pub fn transpose(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    a: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let transpose = !desc.transpose_first;
    let (nrows, ncols) = if transpose {
        (a.ncols(), a.nrows())
    } else {
        (a.nrows(), a.ncols())
    };
    let mask = record::mask_input(mask, desc, nrows, ncols)?;
    let out = record::output(c, nrows, ncols, mask, accum, desc.replace, a.ty())?;
    let op = Op::Transpose {
        a: record::source(a)?,
        transpose,
    };
    record::submit(c, Node::new(op, out))
}
