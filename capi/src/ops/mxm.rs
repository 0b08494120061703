//! `GrB_mxm`, `GrB_vxm`, `GrB_mxv`.

use super::{matrix_output, vector_output};
use crate::api::{api, GrB_Info};
use crate::handle::*;
use crate::vector::vector;

/// `GrB_mxm(C, Mask, accum, semiring, A, B, desc)`: `C<Mask> = accum(C, A ⊕.⊗ B)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_mxm(
    C: GrB_Matrix,
    Mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    semiring: GrB_Semiring,
    A: GrB_Matrix,
    B: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = unsafe { matrix_output(C, Mask, accum, desc)? };
        let s = unsafe { get(semiring)?.get() };
        let (a, b) = unsafe { (&get(A)?.matrix, &get(B)?.matrix) };
        engine::raw::ops::mxm::mxm(out.c, out.mask, out.accum, s, a, b, &out.desc)
    })
}

/// `GrB_vxm(w, mask, accum, semiring, u, A, desc)`: `w'<mask> = accum(w', u' ⊕.⊗ A)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_vxm(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    semiring: GrB_Semiring,
    u: GrB_Vector,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let s = unsafe { get(semiring)?.get() };
        let (u, a) = unsafe { (vector(u)?, &get(A)?.matrix) };
        engine::raw::ops::mxm::vxm(out.w, out.mask, out.accum, s, u, a, &out.desc)
    })
}

/// `GrB_mxv(w, mask, accum, semiring, A, u, desc)`: `w<mask> = accum(w, A ⊕.⊗ u)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_mxv(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    semiring: GrB_Semiring,
    A: GrB_Matrix,
    u: GrB_Vector,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let s = unsafe { get(semiring)?.get() };
        let (a, u) = unsafe { (&get(A)?.matrix, vector(u)?) };
        engine::raw::ops::mxm::mxv(out.w, out.mask, out.accum, s, a, u, &out.desc)
    })
}
