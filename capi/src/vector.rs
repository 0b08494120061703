//! `GrB_Vector` methods: new, dup, clear, size, nvals, resize, build,
//! setElement, removeElement, extractElement, extractTuples, free, wait.

use crate::api::{
    api, check_wait_mode, count, free_entry, slice, GrB_Index, GrB_Info, GrB_WaitMode,
};
use crate::handle::*;
use crate::values::*;
use engine::raw::algebra::Value;
use engine::raw::object::Vector;
use engine::raw::storage::{Array, TupleValues};
use engine::{Error, Info, Result};
use paste::paste;
use std::ffi::c_void;

/// The vector behind a handle (a matrix handle cast to a vector must be `n × 1`).
pub(crate) unsafe fn vector<'a>(v: GrB_Vector) -> Result<&'a Vector> {
    let o = unsafe { get(v)? };
    if o.vector.as_matrix().ncols() != 1 {
        return Err(Error::new(
            Info::InvalidObject,
            "the GrB_Vector argument is a matrix with more than one column",
        ));
    }
    Ok(&o.vector)
}

/// `GrB_Vector_new(&v, type, n)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_new(
    v: *mut GrB_Vector,
    type_: GrB_Type,
    n: GrB_Index,
) -> GrB_Info {
    api((), || {
        non_null(v, "v")?;
        let ty = unsafe { get(type_)? };
        let made = Vector::new(&ty.ty, n)?;
        unsafe { put_handle(v, GB_Vector_opaque::new(made), "v") }
    })
}

/// `GrB_Vector_dup(&w, u)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_dup(w: *mut GrB_Vector, u: GrB_Vector) -> GrB_Info {
    api(u, || {
        non_null(w, "w")?;
        let made = unsafe { vector(u)?.dup()? };
        unsafe { put_handle(w, GB_Vector_opaque::new(made), "w") }
    })
}

/// `GrB_Vector_clear(v)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_clear(v: GrB_Vector) -> GrB_Info {
    api(v, || {
        unsafe { vector(v)?.clear() };
        Ok(())
    })
}

/// `GrB_Vector_size(&n, v)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_size(n: *mut GrB_Index, v: GrB_Vector) -> GrB_Info {
    api(v, || unsafe { put(n, vector(v)?.size(), "n") })
}

/// `GrB_Vector_nvals(&n, v)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_nvals(nvals: *mut GrB_Index, v: GrB_Vector) -> GrB_Info {
    api(v, || {
        non_null(nvals, "nvals")?;
        let n = unsafe { vector(v)?.nvals()? };
        unsafe { put(nvals, n as GrB_Index, "nvals") }
    })
}

/// `GrB_Vector_resize(w, n)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_resize(w: GrB_Vector, n: GrB_Index) -> GrB_Info {
    api(w, || unsafe { vector(w)?.resize(n) })
}

/// `GrB_Vector_removeElement(v, i)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_removeElement(v: GrB_Vector, i: GrB_Index) -> GrB_Info {
    api(v, || unsafe { vector(v)?.remove_element(i) })
}

/// `GrB_Vector_wait(v, mode)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_wait(v: GrB_Vector, mode: GrB_WaitMode) -> GrB_Info {
    api(v, || {
        let vec = unsafe { vector(v)? };
        check_wait_mode(mode)?;
        vec.wait()
    })
}

/// `GrB_Vector_free(&v)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_free(v: *mut GrB_Vector) -> GrB_Info {
    unsafe { free_entry(v) }
}

unsafe fn build<'a>(
    w: GrB_Vector,
    I: *const GrB_Index,
    n: GrB_Index,
    dup: GrB_BinaryOp,
    values: impl FnOnce(&Vector, usize) -> Result<TupleValues<'a>>,
) -> Result<()> {
    let w = unsafe { vector(w)? };
    let n = count(n, "nvals")?;
    let ix = unsafe { slice(I, n, "I")? };
    let dup = unsafe { get_opt(dup)?.map(|d| d.get()) };
    let x = values(w, n)?;
    w.build(ix, x, dup)
}

unsafe fn extract_tuples(
    I: *mut GrB_Index,
    nvals: *mut GrB_Index,
    v: GrB_Vector,
    write_values: impl FnOnce(&Array) -> Result<()>,
) -> Result<()> {
    let v = unsafe { vector(v)? };
    let null = std::ptr::null_mut();
    unsafe { write_tuples(&*v.snapshot()?, I, null, nvals, "vector", write_values) }
}

fn element(v: &Vector, i: GrB_Index) -> Result<Value> {
    v.extract_element(i)?
        .ok_or_else(|| Error::new(Info::NoValue, "no entry at that index"))
}

macro_rules! typed_vector_methods {
    ($prefix:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! {
            #[doc = concat!("`", stringify!($prefix), "_Vector_setElement_", stringify!($suffix), "(w, x, i)`: `w(i) = x`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Vector_setElement_ $suffix>](w: GrB_Vector, x: $t, i: GrB_Index) -> GrB_Info {
                api(w, || unsafe { vector(w)?.set_element(i, &x.value()) })
            }

            #[doc = concat!("`", stringify!($prefix), "_Vector_extractElement_", stringify!($suffix), "(&x, v, i)`: `x = v(i)`, or `GrB_NO_VALUE`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Vector_extractElement_ $suffix>](x: *mut $t, v: GrB_Vector, i: GrB_Index) -> GrB_Info {
                api(v, || {
                    let vec = unsafe { vector(v)? };
                    non_null(x, "x")?;
                    check_castable::<$t>(vec.ty())?;
                    unsafe { put(x, value_as::<$t>(&element(vec, i)?)?, "x") }
                })
            }

            #[doc = concat!("`", stringify!($prefix), "_Vector_build_", stringify!($suffix), "(w, I, X, nvals, dup)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Vector_build_ $suffix>](w: GrB_Vector, I: *const GrB_Index, X: *const $t, nvals: GrB_Index, dup: GrB_BinaryOp) -> GrB_Info {
                api(w, || unsafe { build(w, I, nvals, dup, |_, n| tuple_values(X, n, "X")) })
            }

            #[doc = concat!("`", stringify!($prefix), "_Vector_extractTuples_", stringify!($suffix), "(I, X, &nvals, v)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Vector_extractTuples_ $suffix>](I: *mut GrB_Index, X: *mut $t, nvals: *mut GrB_Index, v: GrB_Vector) -> GrB_Info {
                api(v, || unsafe { extract_tuples(I, nvals, v, |x| write_array_as(x, X)) })
            }
        }
    };
}
for_each_builtin!(typed_vector_methods, GrB);
for_each_complex!(typed_vector_methods, GxB);

/// `GrB_Vector_setElement_UDT(w, &x, i)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_setElement_UDT(
    w: GrB_Vector,
    x: *const c_void,
    i: GrB_Index,
) -> GrB_Info {
    api(w, || {
        let w = unsafe { vector(w)? };
        let v = unsafe { value_from_bytes(w.ty(), x, "x")? };
        w.set_element(i, &v)
    })
}

/// `GrB_Vector_setElement_Scalar(w, s, i)`: an empty scalar removes `w(i)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_setElement_Scalar(
    w: GrB_Vector,
    s: GrB_Scalar,
    i: GrB_Index,
) -> GrB_Info {
    api(w, || {
        let w = unsafe { vector(w)? };
        match unsafe { get(s)? }.scalar.get() {
            Some(v) => w.set_element(i, &v),
            None => w.remove_element(i),
        }
    })
}

/// `GrB_Vector_extractElement_UDT(&x, v, i)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_extractElement_UDT(
    x: *mut c_void,
    v: GrB_Vector,
    i: GrB_Index,
) -> GrB_Info {
    api(v, || {
        let vec = unsafe { vector(v)? };
        non_null(x, "x")?;
        unsafe { write_value_bytes(&element(vec, i)?, x, "x") }
    })
}

/// `GrB_Vector_extractElement_Scalar(s, v, i)`: `s` becomes empty when there is no entry.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_extractElement_Scalar(
    s: GrB_Scalar,
    v: GrB_Vector,
    i: GrB_Index,
) -> GrB_Info {
    api(s, || {
        let vec = unsafe { vector(v)? };
        let s = unsafe { &get(s)?.scalar };
        let x = vec.extract_element(i)?;
        if let Some(x) = &x {
            if !x.ty().compatible(s.ty()) {
                return Err(Error::new(
                    Info::DomainMismatch,
                    format!(
                        "a {:?} value cannot be stored in a {:?} scalar",
                        x.ty(),
                        s.ty()
                    ),
                ));
            }
        }
        s.set_option(x)
    })
}

/// `GrB_Vector_build_UDT(w, I, X, nvals, dup)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_build_UDT(
    w: GrB_Vector,
    I: *const GrB_Index,
    X: *const c_void,
    nvals: GrB_Index,
    dup: GrB_BinaryOp,
) -> GrB_Info {
    api(w, || unsafe {
        build(w, I, nvals, dup, |w, n| tuple_values_of(w.ty(), X, n, "X"))
    })
}

/// `GrB_Vector_extractTuples_UDT(I, X, &nvals, v)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Vector_extractTuples_UDT(
    I: *mut GrB_Index,
    X: *mut c_void,
    nvals: *mut GrB_Index,
    v: GrB_Vector,
) -> GrB_Info {
    api(v, || unsafe {
        extract_tuples(I, nvals, v, |x| write_array_bytes(x, X))
    })
}
