//! `GrB_Matrix_diag` (a matrix from a vector on a diagonal) and
//! `GrB_Vector_diag` / `GxB_Vector_diag` (a diagonal of a matrix as a vector).

use crate::api::{api, GrB_Info};
use crate::descriptor::settings;
use crate::handle::*;
use crate::vector::vector;

/// `GrB_Matrix_diag(&C, v, k)`: a new square matrix with `v` on diagonal `k`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_diag(C: *mut GrB_Matrix, v: GrB_Vector, k: i64) -> GrB_Info {
    api(v, || {
        non_null(C, "C")?;
        let v = unsafe { vector(v)? };
        let m = engine::raw::ops::diag::matrix_diag(v, k)?;
        unsafe { put_handle(C, GB_Matrix_opaque::new(m), "C") }
    })
}

/// `GrB_Vector_diag(v, A, k, desc)`: `v` = diagonal `k` of `A`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_diag(
    v: GrB_Vector,
    A: GrB_Matrix,
    k: i64,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(v, || {
        let (v, a, desc) = unsafe { (vector(v)?, &get(A)?.matrix, settings(desc)?) };
        engine::raw::ops::diag::vector_diag(v, a, k, &desc)
    })
}

/// `GxB_Vector_diag(v, A, k, desc)`: the same as `GrB_Vector_diag`, under SuiteSparse's name.
#[no_mangle]
pub unsafe extern "C" fn GxB_Vector_diag(
    v: GrB_Vector,
    A: GrB_Matrix,
    k: i64,
    desc: GrB_Descriptor,
) -> GrB_Info {
    unsafe { GrB_Vector_diag(v, A, k, desc) }
}

/// `GxB_Matrix_diag(C, v, k, desc)`: an existing square `C` becomes `v` on diagonal `k`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_diag(
    C: GrB_Matrix,
    v: GrB_Vector,
    k: i64,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let (c, v, desc) = unsafe { (&get(C)?.matrix, vector(v)?, settings(desc)?) };
        engine::raw::ops::diag::matrix_diag_into(c, v, k, &desc)
    })
}
