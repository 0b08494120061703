//! `GrB_transpose`.

use super::matrix_output;
use crate::api::{api, GrB_Info};
use crate::handle::*;

/// `GrB_transpose(C, Mask, accum, A, desc)`: `C<Mask> = accum(C, A')`.
#[no_mangle]
pub unsafe extern "C" fn GrB_transpose(
    C: GrB_Matrix,
    Mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = unsafe { matrix_output(C, Mask, accum, desc)? };
        let a = unsafe { &get(A)?.matrix };
        engine::raw::ops::transpose::transpose(out.c, out.mask, out.accum, a, &out.desc)
    })
}
