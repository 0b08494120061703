//! `GrB_extract`: submatrix, subvector and column extraction.

use super::indices::indices;
use super::{matrix_output, vector_output};
use crate::api::{api, GrB_Index, GrB_Info};
use crate::handle::*;
use crate::vector::vector;
use engine::raw::ops::extract;

/// `GrB_Vector_extract(w, mask, accum, u, I, ni, desc)`: `w<mask> = accum(w, u(I))`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_extract(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    u: GrB_Vector,
    I: *const GrB_Index,
    ni: GrB_Index,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let (u, rows) = unsafe { (vector(u)?, indices(I, ni, "I")?) };
        extract::extract_vector(out.w, out.mask, out.accum, u, rows, &out.desc)
    })
}

/// `GrB_Matrix_extract(C, Mask, accum, A, I, ni, J, nj, desc)`: `C<Mask> = accum(C, A(I,J))`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_extract(
    C: GrB_Matrix,
    Mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    A: GrB_Matrix,
    I: *const GrB_Index,
    ni: GrB_Index,
    J: *const GrB_Index,
    nj: GrB_Index,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = unsafe { matrix_output(C, Mask, accum, desc)? };
        let (rows, cols) = unsafe { (indices(I, ni, "I")?, indices(J, nj, "J")?) };
        let a = unsafe { &get(A)?.matrix };
        extract::extract(out.c, out.mask, out.accum, a, rows, cols, &out.desc)
    })
}

/// `GrB_Col_extract(w, mask, accum, A, I, ni, j, desc)`: `w<mask> = accum(w, A(I, j))`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Col_extract(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    A: GrB_Matrix,
    I: *const GrB_Index,
    ni: GrB_Index,
    j: GrB_Index,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let (a, rows) = unsafe { (&get(A)?.matrix, indices(I, ni, "I")?) };
        extract::extract_col(out.w, out.mask, out.accum, a, rows, j, &out.desc)
    })
}
