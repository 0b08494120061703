//! `GrB_reduce`: a matrix to a vector (monoid or binary operator), and a matrix
//! or vector to a scalar (typed C scalar or `GrB_Scalar`).

use super::vector_output;
use crate::api::{api, GrB_Info};
use crate::descriptor::settings;
use crate::handle::*;
use crate::values::{value_as, value_from_bytes, write_value_bytes, CValue};
use crate::vector::vector;
use engine::raw::algebra::{BinaryOp, Monoid, Type, Value};
use engine::raw::object::Matrix;
use engine::raw::ops::reduce;
use engine::Result;
use paste::paste;
use std::ffi::c_void;

/// `GrB_Matrix_reduce_Monoid(w, mask, accum, monoid, A, desc)`: `w(i) = ⊕_j A(i,j)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_reduce_Monoid(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    monoid: GrB_Monoid,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let op = unsafe { get(monoid)?.get().op().clone() };
        let a = unsafe { &get(A)?.matrix };
        reduce::reduce_to_vector(out.w, out.mask, out.accum, &op, a, &out.desc)
    })
}

/// `GrB_Matrix_reduce_BinaryOp(w, mask, accum, op, A, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_reduce_BinaryOp(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    op: GrB_BinaryOp,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let (op, a) = unsafe { (get(op)?.get(), &get(A)?.matrix) };
        reduce::reduce_to_vector(out.w, out.mask, out.accum, op, a, &out.desc)
    })
}

/// `val = accum(val, ⊕ A)` for a C scalar of type `ty` at `val`, whose old value
/// is read only when there is an accumulator (an empty `A` gives the identity).
unsafe fn reduce_into(
    ty: &Type,
    val: *const c_void,
    accum: Option<&BinaryOp>,
    monoid: &Monoid,
    a: &Matrix,
) -> Result<Value> {
    let old = match accum {
        Some(_) => unsafe { value_from_bytes(ty, val, "val")? },
        None => Value::zero(ty),
    };
    reduce::reduce_to_c_value(&old, accum, monoid, a)
}

/// The matrix behind a matrix or vector handle (a vector handle reads as its `n × 1` matrix).
unsafe fn collection<'a>(A: GrB_Matrix) -> Result<&'a Matrix> {
    Ok(unsafe { &get(A)?.matrix })
}

macro_rules! reduce_typed {
    ($prefix:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! {
            #[doc = concat!("`", stringify!($prefix), "_Matrix_reduce_", stringify!($suffix), "(&val, accum, monoid, A, desc)`: `val = accum(val, ⊕ A)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Matrix_reduce_ $suffix>](val: *mut $t, accum: GrB_BinaryOp, monoid: GrB_Monoid, A: GrB_Matrix, desc: GrB_Descriptor) -> GrB_Info {
                api(A, || {
                    non_null(val, "val")?;
                    unsafe { settings(desc)? };
                    let accum = unsafe { get_opt(accum)?.map(|op| op.get()) };
                    let r = unsafe { reduce_into(&<$t as CValue>::ty(), val as *const c_void, accum, get(monoid)?.get(), collection(A)?)? };
                    unsafe { put(val, value_as::<$t>(&r)?, "val") }
                })
            }

            #[doc = concat!("`", stringify!($prefix), "_Vector_reduce_", stringify!($suffix), "(&val, accum, monoid, u, desc)`: `val = accum(val, ⊕ u)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Vector_reduce_ $suffix>](val: *mut $t, accum: GrB_BinaryOp, monoid: GrB_Monoid, u: GrB_Vector, desc: GrB_Descriptor) -> GrB_Info {
                api(u, || {
                    non_null(val, "val")?;
                    unsafe { settings(desc)? };
                    let accum = unsafe { get_opt(accum)?.map(|op| op.get()) };
                    let r = unsafe { reduce_into(&<$t as CValue>::ty(), val as *const c_void, accum, get(monoid)?.get(), vector(u)?.as_matrix())? };
                    unsafe { put(val, value_as::<$t>(&r)?, "val") }
                })
            }
        }
    };
}
for_each_builtin!(reduce_typed, GrB);
for_each_complex!(reduce_typed, GxB);

/// Reduces into user-defined memory holding a value of the monoid's type.
unsafe fn reduce_udt(
    val: *mut c_void,
    accum: GrB_BinaryOp,
    monoid: GrB_Monoid,
    a: &Matrix,
) -> Result<()> {
    let monoid = unsafe { get(monoid)?.get() };
    non_null(val, "val")?;
    let accum = unsafe { get_opt(accum)?.map(|op| op.get()) };
    let r = unsafe { reduce_into(monoid.ty(), val, accum, monoid, a)? };
    unsafe { write_value_bytes(&r, val, "val") }
}

/// `GrB_Matrix_reduce_UDT(&val, accum, monoid, A, desc)`: `val` holds a value of the monoid's type.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_reduce_UDT(
    val: *mut c_void,
    accum: GrB_BinaryOp,
    monoid: GrB_Monoid,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(A, || unsafe {
        settings(desc)?;
        reduce_udt(val, accum, monoid, collection(A)?)
    })
}

/// `GrB_Vector_reduce_UDT(&val, accum, monoid, u, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_reduce_UDT(
    val: *mut c_void,
    accum: GrB_BinaryOp,
    monoid: GrB_Monoid,
    u: GrB_Vector,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(u, || unsafe {
        settings(desc)?;
        reduce_udt(val, accum, monoid, vector(u)?.as_matrix())
    })
}

/// Reduces into a `GrB_Scalar`: `s = accum(s, ⊕ A)`; an empty `A` empties `s`
/// (without an accumulator) or leaves it unchanged (with one).
unsafe fn reduce_scalar(
    s: GrB_Scalar,
    accum: GrB_BinaryOp,
    op: reduce::ReduceOp<'_>,
    a: &Matrix,
    desc: GrB_Descriptor,
) -> Result<()> {
    unsafe { settings(desc)? };
    let accum = unsafe { get_opt(accum)?.map(|op| op.get()) };
    let s = unsafe { &get(s)?.scalar };
    reduce::reduce_to_scalar(s, accum, op, a)
}

/// `GrB_Matrix_reduce_Monoid_Scalar(s, accum, monoid, A, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_reduce_Monoid_Scalar(
    s: GrB_Scalar,
    accum: GrB_BinaryOp,
    monoid: GrB_Monoid,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(s, || unsafe {
        reduce_scalar(
            s,
            accum,
            reduce::ReduceOp::Monoid(get(monoid)?.get()),
            collection(A)?,
            desc,
        )
    })
}

/// `GrB_Matrix_reduce_BinaryOp_Scalar(s, accum, op, A, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_reduce_BinaryOp_Scalar(
    s: GrB_Scalar,
    accum: GrB_BinaryOp,
    op: GrB_BinaryOp,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(s, || unsafe {
        reduce_scalar(
            s,
            accum,
            reduce::ReduceOp::BinaryOp(get(op)?.get()),
            collection(A)?,
            desc,
        )
    })
}

/// `GrB_Vector_reduce_Monoid_Scalar(s, accum, monoid, u, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_reduce_Monoid_Scalar(
    s: GrB_Scalar,
    accum: GrB_BinaryOp,
    monoid: GrB_Monoid,
    u: GrB_Vector,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(s, || unsafe {
        reduce_scalar(
            s,
            accum,
            reduce::ReduceOp::Monoid(get(monoid)?.get()),
            vector(u)?.as_matrix(),
            desc,
        )
    })
}

/// `GrB_Vector_reduce_BinaryOp_Scalar(s, accum, op, u, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_reduce_BinaryOp_Scalar(
    s: GrB_Scalar,
    accum: GrB_BinaryOp,
    op: GrB_BinaryOp,
    u: GrB_Vector,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(s, || unsafe {
        reduce_scalar(
            s,
            accum,
            reduce::ReduceOp::BinaryOp(get(op)?.get()),
            vector(u)?.as_matrix(),
            desc,
        )
    })
}
