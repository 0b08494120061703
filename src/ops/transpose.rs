//! `GrB_transpose`: `C<M, replace> = accum(C, A')`.

use super::mask::Mask;
use super::writeback::{check_output, write};
use crate::algebra::BinaryOp;
use crate::error::Result;
use crate::object::{Descriptor, Matrix};
use crate::storage::MatrixStore;
use std::sync::Arc;

/// `C<M, replace> = accum(C, A')`; with `GrB_INP0 = GrB_TRAN` the input is
/// transposed twice, giving `C = A`.
pub fn transpose(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    a: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let mask = Mask::from_matrix(mask, desc)?;
    let a = a.snapshot()?;
    let t = if desc.transpose_first {
        a
    } else {
        // A' stored in C's orientation is A read in the other one.
        let orient = c.orientation();
        let at = a.compressed(orient.flip()).into_owned();
        Arc::new(MatrixStore::from_compressed(orient, at))
    };
    let mask = Mask::effective(mask, desc, t.nrows(), t.ncols());
    check_output(c, t.nrows(), t.ncols(), mask.as_ref(), accum, &t.ty())?;
    write(c, mask.as_ref(), accum, desc.replace, t)
}
