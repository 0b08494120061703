//! `GrB_apply` (unary operator; binary operator with a bound first or second
//! scalar; index-unary operator) and `GrB_select`, for matrices and vectors.
//! Every typed scalar form (11 built-in types, UDT, `GrB_Scalar`) is generated.

use super::{matrix_output, scalar_value, vector_output};
use crate::api::{api, GrB_Info};
use crate::handle::*;
use crate::values::value_from_bytes;
use crate::vector::vector;
use engine::raw::algebra::Value;
use engine::raw::ops::{apply, select};
use engine::Result;
use paste::paste;
use std::ffi::c_void;

/// `GrB_Matrix_apply(C, Mask, accum, op, A, desc)`: `C<Mask> = accum(C, op(A))`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_apply(
    C: GrB_Matrix,
    Mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    op: GrB_UnaryOp,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = unsafe { matrix_output(C, Mask, accum, desc)? };
        let (op, a) = unsafe { (get(op)?.get(), &get(A)?.matrix) };
        apply::apply_unary(out.c, out.mask, out.accum, op, a, &out.desc)
    })
}

/// `GrB_Vector_apply(w, mask, accum, op, u, desc)`: `w<mask> = accum(w, op(u))`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_apply(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    op: GrB_UnaryOp,
    u: GrB_Vector,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let (op, u) = unsafe { (get(op)?.get(), vector(u)?) };
        apply::apply_unary_vector(out.w, out.mask, out.accum, op, u, &out.desc)
    })
}

/// The scalar argument of an apply/select form, given the operator's domain for UDT values.
trait ScalarArg {
    unsafe fn value(self, udt_type: &engine::raw::algebra::Type) -> Result<Value>;
}

macro_rules! builtin_scalar_arg {
    ($suffix:ident, $t:ty, $tc:ident) => {
        impl ScalarArg for $t {
            unsafe fn value(self, _: &engine::raw::algebra::Type) -> Result<Value> {
                Ok(Value::new(self))
            }
        }
    };
}
for_each_builtin!(builtin_scalar_arg);

impl ScalarArg for *const c_void {
    unsafe fn value(self, udt_type: &engine::raw::algebra::Type) -> Result<Value> {
        unsafe { value_from_bytes(udt_type, self, "scalar") }
    }
}

impl ScalarArg for GrB_Scalar {
    unsafe fn value(self, _: &engine::raw::algebra::Type) -> Result<Value> {
        unsafe { scalar_value(self, "scalar") }
    }
}

/// Generates the bind-first, bind-second, index-op and select forms for one scalar type.
macro_rules! scalar_forms {
    ($suffix:ident, $t:ty) => {
        paste! {
            #[doc = concat!("`GrB_Matrix_apply_BinaryOp1st_", stringify!($suffix), "(C, Mask, accum, op, x, A, desc)`: `C = op(x, A)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_apply_BinaryOp1st_ $suffix>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, op: GrB_BinaryOp, x: $t, A: GrB_Matrix, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let op = unsafe { get(op)?.get() };
                    let x = unsafe { x.value(op.xtype())? };
                    let a = unsafe { &get(A)?.matrix };
                    apply::apply_bind_first(out.c, out.mask, out.accum, op, &x, a, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Matrix_apply_BinaryOp2nd_", stringify!($suffix), "(C, Mask, accum, op, A, y, desc)`: `C = op(A, y)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_apply_BinaryOp2nd_ $suffix>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, op: GrB_BinaryOp, A: GrB_Matrix, y: $t, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let op = unsafe { get(op)?.get() };
                    let y = unsafe { y.value(op.ytype())? };
                    let a = unsafe { &get(A)?.matrix };
                    apply::apply_bind_second(out.c, out.mask, out.accum, op, a, &y, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Matrix_apply_IndexOp_", stringify!($suffix), "(C, Mask, accum, op, A, thunk, desc)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_apply_IndexOp_ $suffix>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, op: GrB_IndexUnaryOp, A: GrB_Matrix, thunk: $t, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let op = unsafe { get(op)?.get() };
                    let s = unsafe { thunk.value(op.ytype())? };
                    let a = unsafe { &get(A)?.matrix };
                    apply::apply_index(out.c, out.mask, out.accum, op, a, &s, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Matrix_select_", stringify!($suffix), "(C, Mask, accum, op, A, thunk, desc)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_select_ $suffix>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, op: GrB_IndexUnaryOp, A: GrB_Matrix, thunk: $t, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let op = unsafe { get(op)?.get() };
                    let s = unsafe { thunk.value(op.ytype())? };
                    let a = unsafe { &get(A)?.matrix };
                    select::select(out.c, out.mask, out.accum, op, a, &s, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Vector_apply_BinaryOp1st_", stringify!($suffix), "(w, mask, accum, op, x, u, desc)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Vector_apply_BinaryOp1st_ $suffix>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, op: GrB_BinaryOp, x: $t, u: GrB_Vector, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let op = unsafe { get(op)?.get() };
                    let x = unsafe { x.value(op.xtype())? };
                    let u = unsafe { vector(u)? };
                    apply::apply_bind_first_vector(out.w, out.mask, out.accum, op, &x, u, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Vector_apply_BinaryOp2nd_", stringify!($suffix), "(w, mask, accum, op, u, y, desc)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Vector_apply_BinaryOp2nd_ $suffix>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, op: GrB_BinaryOp, u: GrB_Vector, y: $t, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let op = unsafe { get(op)?.get() };
                    let y = unsafe { y.value(op.ytype())? };
                    let u = unsafe { vector(u)? };
                    apply::apply_bind_second_vector(out.w, out.mask, out.accum, op, u, &y, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Vector_apply_IndexOp_", stringify!($suffix), "(w, mask, accum, op, u, thunk, desc)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Vector_apply_IndexOp_ $suffix>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, op: GrB_IndexUnaryOp, u: GrB_Vector, thunk: $t, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let op = unsafe { get(op)?.get() };
                    let s = unsafe { thunk.value(op.ytype())? };
                    let u = unsafe { vector(u)? };
                    apply::apply_index_vector(out.w, out.mask, out.accum, op, u, &s, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Vector_select_", stringify!($suffix), "(w, mask, accum, op, u, thunk, desc)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Vector_select_ $suffix>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, op: GrB_IndexUnaryOp, u: GrB_Vector, thunk: $t, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let op = unsafe { get(op)?.get() };
                    let s = unsafe { thunk.value(op.ytype())? };
                    let u = unsafe { vector(u)? };
                    select::select_vector(out.w, out.mask, out.accum, op, u, &s, &out.desc)
                })
            }
        }
    };
}

macro_rules! builtin_scalar_forms {
    ($suffix:ident, $t:ty, $tc:ident) => {
        scalar_forms!($suffix, $t);
    };
}
for_each_builtin!(builtin_scalar_forms);
scalar_forms!(UDT, *const c_void);
scalar_forms!(Scalar, GrB_Scalar);
