//! `GrB_Scalar` methods: new, dup, clear, nvals, setElement, extractElement, free, wait.

use crate::api::{api, check_wait_mode, free_entry, GrB_Index, GrB_Info, GrB_WaitMode};
use crate::handle::*;
use crate::values::*;
use engine::raw::algebra::Value;
use engine::raw::object::Scalar;
use engine::{Error, Info, Result};
use paste::paste;
use std::ffi::c_void;

/// `GrB_Scalar_new(&s, type)`: an empty scalar.
#[no_mangle]
pub unsafe extern "C" fn GrB_Scalar_new(s: *mut GrB_Scalar, type_: GrB_Type) -> GrB_Info {
    api((), || {
        non_null(s, "s")?;
        let ty = unsafe { get(type_)? };
        unsafe { put_handle(s, GB_Scalar_opaque::new(Scalar::new(&ty.ty)), "s") }
    })
}

/// `GrB_Scalar_dup(&s, t)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Scalar_dup(s: *mut GrB_Scalar, t: GrB_Scalar) -> GrB_Info {
    api(t, || {
        non_null(s, "s")?;
        let made = unsafe { get(t)?.scalar.dup() };
        unsafe { put_handle(s, GB_Scalar_opaque::new(made), "s") }
    })
}

/// `GrB_Scalar_clear(s)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Scalar_clear(s: GrB_Scalar) -> GrB_Info {
    api(s, || {
        unsafe { get(s)?.scalar.clear() };
        Ok(())
    })
}

/// `GrB_Scalar_nvals(&n, s)`: 1 if the scalar holds a value, else 0.
#[no_mangle]
pub unsafe extern "C" fn GrB_Scalar_nvals(nvals: *mut GrB_Index, s: GrB_Scalar) -> GrB_Info {
    api(s, || unsafe {
        put(nvals, get(s)?.scalar.nvals() as GrB_Index, "nvals")
    })
}

/// `GrB_Scalar_wait(s, mode)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Scalar_wait(s: GrB_Scalar, mode: GrB_WaitMode) -> GrB_Info {
    api(s, || {
        unsafe { get(s)? };
        check_wait_mode(mode)
    })
}

/// `GrB_Scalar_free(&s)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Scalar_free(s: *mut GrB_Scalar) -> GrB_Info {
    unsafe { free_entry(s) }
}

/// The scalar's value, or `GrB_NO_VALUE`.
fn value(s: &Scalar) -> Result<Value> {
    s.get()
        .ok_or_else(|| Error::new(Info::NoValue, "the scalar holds no value"))
}

macro_rules! typed_scalar_methods {
    ($prefix:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! {
            #[doc = concat!("`", stringify!($prefix), "_Scalar_setElement_", stringify!($suffix), "(s, x)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Scalar_setElement_ $suffix>](s: GrB_Scalar, x: $t) -> GrB_Info {
                api(s, || unsafe { get(s)?.scalar.set(&x.value()) })
            }

            #[doc = concat!("`", stringify!($prefix), "_Scalar_extractElement_", stringify!($suffix), "(&x, s)`: `GrB_NO_VALUE` when empty.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Scalar_extractElement_ $suffix>](x: *mut $t, s: GrB_Scalar) -> GrB_Info {
                api(s, || {
                    let sc = unsafe { &get(s)?.scalar };
                    non_null(x, "x")?;
                    check_castable::<$t>(sc.ty())?;
                    unsafe { put(x, value_as::<$t>(&value(sc)?)?, "x") }
                })
            }
        }
    };
}
for_each_builtin!(typed_scalar_methods, GrB);
for_each_complex!(typed_scalar_methods, GxB);

/// `GrB_Scalar_setElement_UDT(s, &x)`: `x` points to a value of the scalar's type.
#[no_mangle]
pub unsafe extern "C" fn GrB_Scalar_setElement_UDT(s: GrB_Scalar, x: *const c_void) -> GrB_Info {
    api(s, || {
        let sc = unsafe { &get(s)?.scalar };
        let v = unsafe { value_from_bytes(sc.ty(), x, "x")? };
        sc.set(&v)
    })
}

/// `GrB_Scalar_extractElement_UDT(&x, s)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Scalar_extractElement_UDT(x: *mut c_void, s: GrB_Scalar) -> GrB_Info {
    api(s, || {
        let sc = unsafe { &get(s)?.scalar };
        non_null(x, "x")?;
        unsafe { write_value_bytes(&value(sc)?, x, "x") }
    })
}
