//! `GrB_assign` and SuiteSparse's `GxB_subassign`: matrix, vector, row,
//! column and scalar assignment (typed C scalars, user-defined values and
//! `GrB_Scalar`). Both families have the same arguments; `GxB_subassign`'s
//! mask has the size of the submatrix (`engine::raw::ops::subassign`).

use super::indices::indices;
use super::{matrix_output, vector_output};
use crate::api::{api, GrB_Index, GrB_Info};
use crate::handle::*;
use crate::values::value_from_bytes;
use crate::vector::vector;
use engine::raw::algebra::Value;
use engine::raw::ops::{assign, subassign};
use paste::paste;
use std::ffi::c_void;

/// A vector argument that may be NULL (no mask).
unsafe fn optional_vector<'a>(
    v: GrB_Vector,
) -> engine::Result<Option<&'a engine::raw::object::Vector>> {
    if v.is_null() {
        Ok(None)
    } else {
        unsafe { Some(vector(v)).transpose() }
    }
}

/// Defines `<P>_Vector_<op>`, `<P>_Matrix_<op>`, `<P>_Col_<op>`,
/// `<P>_Row_<op>` and the scalar forms over the engine module `$engine`.
macro_rules! assign_family {
    ($p:ident, $op:ident, $engine:ident) => {
        paste! {
            #[doc = concat!("`", stringify!($p), "_Vector_", stringify!($op), "(w, mask, accum, u, I, ni, desc)`: `w<mask>(I) = accum(w(I), u)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$p _Vector_ $op>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, u: GrB_Vector, I: *const GrB_Index, ni: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let (u, rows) = unsafe { (vector(u)?, indices(I, ni, "I")?) };
                    $engine::assign_vector(out.w, out.mask, out.accum, u, rows, &out.desc)
                })
            }

            #[doc = concat!("`", stringify!($p), "_Matrix_", stringify!($op), "(C, Mask, accum, A, I, ni, J, nj, desc)`: `C<Mask>(I,J) = accum(C(I,J), A)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$p _Matrix_ $op>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, A: GrB_Matrix, I: *const GrB_Index, ni: GrB_Index, J: *const GrB_Index, nj: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let (rows, cols) = unsafe { (indices(I, ni, "I")?, indices(J, nj, "J")?) };
                    let a = unsafe { &get(A)?.matrix };
                    $engine::assign(out.c, out.mask, out.accum, a, rows, cols, &out.desc)
                })
            }

            #[doc = concat!("`", stringify!($p), "_Col_", stringify!($op), "(C, mask, accum, u, I, ni, j, desc)`: `C<mask>(I, j) = accum(C(I, j), u)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$p _Col_ $op>](C: GrB_Matrix, mask: GrB_Vector, accum: GrB_BinaryOp, u: GrB_Vector, I: *const GrB_Index, ni: GrB_Index, j: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, std::ptr::null_mut(), accum, desc)? };
                    let mask = unsafe { optional_vector(mask)? };
                    let (u, rows) = unsafe { (vector(u)?, indices(I, ni, "I")?) };
                    $engine::assign_col(out.c, mask, out.accum, u, rows, j, &out.desc)
                })
            }

            #[doc = concat!("`", stringify!($p), "_Row_", stringify!($op), "(C, mask, accum, u, i, J, nj, desc)`: `C<mask'>(i, J) = accum(C(i, J), u')`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$p _Row_ $op>](C: GrB_Matrix, mask: GrB_Vector, accum: GrB_BinaryOp, u: GrB_Vector, i: GrB_Index, J: *const GrB_Index, nj: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, std::ptr::null_mut(), accum, desc)? };
                    let mask = unsafe { optional_vector(mask)? };
                    let (u, cols) = unsafe { (vector(u)?, indices(J, nj, "J")?) };
                    $engine::assign_row(out.c, mask, out.accum, u, i, cols, &out.desc)
                })
            }

            #[doc = concat!("`", stringify!($p), "_Vector_", stringify!($op), "_Scalar(w, mask, accum, s, I, ni, desc)`: an empty `s` assigns nothing (without an accumulator the entries the mask allows are deleted).")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$p _Vector_ $op _Scalar>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, s: GrB_Scalar, I: *const GrB_Index, ni: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let (s, rows) = unsafe { (&get(s)?.scalar, indices(I, ni, "I")?) };
                    $engine::assign_vector_scalar_object(out.w, out.mask, out.accum, s, rows, &out.desc)
                })
            }

            #[doc = concat!("`", stringify!($p), "_Matrix_", stringify!($op), "_Scalar(C, Mask, accum, s, I, ni, J, nj, desc)`: an empty `s` assigns nothing.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$p _Matrix_ $op _Scalar>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, s: GrB_Scalar, I: *const GrB_Index, ni: GrB_Index, J: *const GrB_Index, nj: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let (rows, cols) = unsafe { (indices(I, ni, "I")?, indices(J, nj, "J")?) };
                    let s = unsafe { &get(s)?.scalar };
                    $engine::assign_scalar_object(out.c, out.mask, out.accum, s, rows, cols, &out.desc)
                })
            }
        }
        for_each_builtin!(builtin_assign, $p, $op, $engine);
        scalar_assign!($p, $op, $engine, UDT, *const c_void, |x: *const c_void, ty: &engine::raw::algebra::Type| unsafe { value_from_bytes(ty, x, "x") });
    };
}

/// Generates `<P>_Vector_<op>_<T>` and `<P>_Matrix_<op>_<T>` for one scalar
/// kind; `$value` turns the argument into an engine value given the output's type.
macro_rules! scalar_assign {
    ($p:ident, $op:ident, $engine:ident, $suffix:ident, $t:ty, $value:expr) => {
        paste! {
            #[doc = concat!("`", stringify!($p), "_Vector_", stringify!($op), "_", stringify!($suffix), "(w, mask, accum, x, I, ni, desc)`: `w<mask>(I) = accum(w(I), x)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$p _Vector_ $op _ $suffix>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, x: $t, I: *const GrB_Index, ni: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let x: Value = $value(x, out.w.ty())?;
                    let rows = unsafe { indices(I, ni, "I")? };
                    $engine::assign_vector_scalar(out.w, out.mask, out.accum, &x, rows, &out.desc)
                })
            }

            #[doc = concat!("`", stringify!($p), "_Matrix_", stringify!($op), "_", stringify!($suffix), "(C, Mask, accum, x, I, ni, J, nj, desc)`: `C<Mask>(I,J) = accum(C(I,J), x)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$p _Matrix_ $op _ $suffix>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, x: $t, I: *const GrB_Index, ni: GrB_Index, J: *const GrB_Index, nj: GrB_Index, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let x: Value = $value(x, out.c.ty())?;
                    let (rows, cols) = unsafe { (indices(I, ni, "I")?, indices(J, nj, "J")?) };
                    $engine::assign_scalar(out.c, out.mask, out.accum, &x, rows, cols, &out.desc)
                })
            }
        }
    };
}

macro_rules! builtin_assign {
    ($p:ident, $op:ident, $engine:ident, $suffix:ident, $t:ty, $tc:ident) => {
        scalar_assign!($p, $op, $engine, $suffix, $t, |x: $t,
                                                       _|
         -> engine::Result<Value> {
            Ok(Value::new(x))
        });
    };
}

assign_family!(GrB, assign, assign);
assign_family!(GxB, subassign, subassign);
