//! `GrB_assign`: matrix, vector, row, column and scalar assignment (typed C
//! scalars, user-defined values and `GrB_Scalar`).

use super::indices::indices;
use super::{matrix_output, vector_output};
use crate::api::{api, GrB_Index, GrB_Info};
use crate::handle::*;
use crate::values::value_from_bytes;
use crate::vector::vector;
use engine::algebra::Value;
use engine::ops::assign;
use paste::paste;
use std::ffi::c_void;

/// `GrB_Vector_assign(w, mask, accum, u, I, ni, desc)`: `w<mask>(I) = accum(w(I), u)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_assign(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    u: GrB_Vector,
    I: *const GrB_Index,
    ni: GrB_Index,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = vector_output(w, mask, accum, desc)?;
        assign::assign_vector(
            out.w,
            out.mask,
            out.accum,
            vector(u)?,
            indices(I, ni, "I")?,
            &out.desc,
        )
    })
}

/// `GrB_Matrix_assign(C, Mask, accum, A, I, ni, J, nj, desc)`: `C<Mask>(I,J) = accum(C(I,J), A)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_assign(
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
        let out = matrix_output(C, Mask, accum, desc)?;
        let (rows, cols) = (indices(I, ni, "I")?, indices(J, nj, "J")?);
        assign::assign(
            out.c,
            out.mask,
            out.accum,
            &get(A)?.matrix,
            rows,
            cols,
            &out.desc,
        )
    })
}

/// `GrB_Col_assign(C, mask, accum, u, I, ni, j, desc)`: `C<mask>(I, j) = accum(C(I, j), u)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Col_assign(
    C: GrB_Matrix,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    u: GrB_Vector,
    I: *const GrB_Index,
    ni: GrB_Index,
    j: GrB_Index,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = matrix_output(C, std::ptr::null_mut(), accum, desc)?;
        let mask = if mask.is_null() {
            None
        } else {
            Some(vector(mask)?)
        };
        assign::assign_col(
            out.c,
            mask,
            out.accum,
            vector(u)?,
            indices(I, ni, "I")?,
            j,
            &out.desc,
        )
    })
}

/// `GrB_Row_assign(C, mask, accum, u, i, J, nj, desc)`: `C<mask'>(i, J) = accum(C(i, J), u')`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Row_assign(
    C: GrB_Matrix,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    u: GrB_Vector,
    i: GrB_Index,
    J: *const GrB_Index,
    nj: GrB_Index,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = matrix_output(C, std::ptr::null_mut(), accum, desc)?;
        let mask = if mask.is_null() {
            None
        } else {
            Some(vector(mask)?)
        };
        assign::assign_row(
            out.c,
            mask,
            out.accum,
            vector(u)?,
            i,
            indices(J, nj, "J")?,
            &out.desc,
        )
    })
}

/// Generates `GrB_Vector_assign_<T>` and `GrB_Matrix_assign_<T>` for one scalar kind;
/// `$value` turns the argument into an engine value given the output's type.
macro_rules! scalar_assign {
    ($suffix:ident, $t:ty, $value:expr) => {
        paste! {
            #[doc = concat!("`GrB_Vector_assign_", stringify!($suffix), "(w, mask, accum, x, I, ni, desc)`: `w<mask>(I) = accum(w(I), x)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Vector_assign_ $suffix>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, x: $t, I: *const GrB_Index, ni: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = vector_output(w, mask, accum, desc)?;
                    let x: Value = $value(x, out.w.ty())?;
                    assign::assign_vector_scalar(out.w, out.mask, out.accum, &x, indices(I, ni, "I")?, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Matrix_assign_", stringify!($suffix), "(C, Mask, accum, x, I, ni, J, nj, desc)`: `C<Mask>(I,J) = accum(C(I,J), x)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_assign_ $suffix>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, x: $t, I: *const GrB_Index, ni: GrB_Index, J: *const GrB_Index, nj: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = matrix_output(C, Mask, accum, desc)?;
                    let x: Value = $value(x, out.c.ty())?;
                    let (rows, cols) = (indices(I, ni, "I")?, indices(J, nj, "J")?);
                    assign::assign_scalar(out.c, out.mask, out.accum, &x, rows, cols, &out.desc)
                })
            }
        }
    };
}

macro_rules! builtin_assign {
    ($suffix:ident, $t:ty, $tc:ident) => {
        scalar_assign!($suffix, $t, |x: $t, _| -> engine::error::Result<Value> {
            Ok(Value::new(x))
        });
    };
}
for_each_builtin!(builtin_assign);
scalar_assign!(
    UDT,
    *const c_void,
    |x: *const c_void, ty: &engine::algebra::Type| value_from_bytes(ty, x, "x")
);

/// `GrB_Vector_assign_Scalar(w, mask, accum, s, I, ni, desc)`: an empty `s` assigns nothing
/// (without an accumulator the entries of `w(I)` allowed by the mask are deleted).
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_assign_Scalar(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    s: GrB_Scalar,
    I: *const GrB_Index,
    ni: GrB_Index,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = vector_output(w, mask, accum, desc)?;
        assign::assign_vector_scalar_object(
            out.w,
            out.mask,
            out.accum,
            &get(s)?.scalar,
            indices(I, ni, "I")?,
            &out.desc,
        )
    })
}

/// `GrB_Matrix_assign_Scalar(C, Mask, accum, s, I, ni, J, nj, desc)`: an empty `s` assigns nothing.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_assign_Scalar(
    C: GrB_Matrix,
    Mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    s: GrB_Scalar,
    I: *const GrB_Index,
    ni: GrB_Index,
    J: *const GrB_Index,
    nj: GrB_Index,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = matrix_output(C, Mask, accum, desc)?;
        let (rows, cols) = (indices(I, ni, "I")?, indices(J, nj, "J")?);
        assign::assign_scalar_object(
            out.c,
            out.mask,
            out.accum,
            &get(s)?.scalar,
            rows,
            cols,
            &out.desc,
        )
    })
}
