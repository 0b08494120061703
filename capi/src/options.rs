//! SuiteSparse 7's options: `GxB_Global_Option_{get,set}*`,
//! `GxB_Matrix_Option_{get,set}*`, `GxB_Vector_Option_{get,set}*`, behind the
//! `GxB_get` / `GxB_set` macros of the header (Rust cannot define C variadic
//! functions: `GxB_*_Option_get` take a `void *`, the typed `_INT32`, `_FP64`,
//! … variants a typed pointer, and the macros choose by the value's type).
//!
//! Each field has the C type SuiteSparse documents (docs/COMPATIBILITY.md):
//! `GxB_FORMAT` (`GxB_Format_Value`) and `GxB_NTHREADS` are `int32_t`,
//! `GxB_BURBLE` a `bool`, the other fields as `gxb_fields` lists them.
//! `GxB_FORMAT`, `GxB_NTHREADS` and `GxB_BURBLE` are honoured.

use crate::api::{api, GrB_Field, GrB_Info};
use crate::getset::{field, get_int, global, vector_object, Fields};
use crate::gxb_fields::{self, gxb, Setting};
use crate::handle::*;
use engine::raw::object::Matrix;
use engine::{Error, Info, Result};
use std::ffi::{c_char, c_void};

fn unknown(f: i32, what: &str) -> Error {
    Error::new(
        Info::InvalidValue,
        format!("option {f} is not supported for {what}"),
    )
}

/// Reads a global option.
fn global_option(f: i32) -> Result<Setting> {
    match f {
        field::GXB_FORMAT | field::GXB_NTHREADS => Ok(Setting::Int(get_int(global(), f)?)),
        field::GXB_BURBLE => Ok(Setting::Bool(get_int(global(), f)? != 0)),
        _ => gxb_fields::library(f).ok_or_else(|| unknown(f, "the library")),
    }
}

/// Sets an integer global option.
fn set_global_int(f: i32, value: i32) -> Result<()> {
    match f {
        field::GXB_FORMAT | field::GXB_NTHREADS | field::GXB_BURBLE => global().set_int(f, value),
        _ if gxb_fields::set_library_int(f, value) => Ok(()),
        _ => Err(unknown(f, "an int32_t value of the library")),
    }
}

/// Reads an option of a matrix (or vector).
fn object_option(m: &Matrix, f: i32, format: i32) -> Result<Setting> {
    if f == field::GXB_FORMAT {
        return Ok(Setting::Int(format));
    }
    gxb_fields::object(m, f)?.ok_or_else(|| unknown(f, "a matrix or vector"))
}

/// Sets an integer option of a matrix or vector (`GxB_FORMAT` goes to `obj`).
fn set_object_int<T: Fields>(obj: &T, m: &Matrix, f: i32, value: i32) -> Result<()> {
    if f == field::GXB_FORMAT {
        return obj.set_int(f, value);
    }
    if gxb_fields::set_object_int(m, f, value)? {
        Ok(())
    } else {
        Err(unknown(f, "an int32_t value of a matrix or vector"))
    }
}

/// Writes a value through `void *` in its field's C type.
unsafe fn write_any(v: Setting, out: *mut c_void) -> Result<()> {
    non_null(out, "value")?;
    // SAFETY: the C API has the caller pass room for the field's C type.
    unsafe {
        match v {
            Setting::Int(x) => (out as *mut i32).write_unaligned(x),
            Setting::Bool(x) => (out as *mut bool).write(x),
            Setting::Double(x) => (out as *mut f64).write_unaligned(x),
            Setting::Doubles(x) => write_array(&x, out as *mut f64),
            Setting::Ints(x) => write_array(&x, out as *mut i32),
            Setting::Int64s(x) => write_array(&x, out as *mut i64),
            Setting::Text(x) => (out as *mut *const c_char).write_unaligned(x.as_ptr()),
            Setting::Function(x) => (out as *mut *mut c_void).write_unaligned(x),
        }
    }
    Ok(())
}

unsafe fn write_array<T: Copy>(values: &[T], out: *mut T) {
    for (k, &v) in values.iter().enumerate() {
        unsafe { out.add(k).write_unaligned(v) };
    }
}

fn wrong_type(what: &str) -> Error {
    Error::new(
        Info::InvalidValue,
        format!("this option is not read as {what}"),
    )
}

/// Writes an `int32_t` (or `int32_t` array, or a `bool` as 0 / 1).
unsafe fn write_int32(v: Setting, out: *mut i32) -> Result<()> {
    non_null(out, "value")?;
    unsafe {
        match v {
            Setting::Int(x) => *out = x,
            Setting::Bool(x) => *out = x as i32,
            Setting::Ints(x) => write_array(&x, out),
            _ => return Err(wrong_type("int32_t")),
        }
    }
    Ok(())
}

/// Writes a `double` (or `double` array).
unsafe fn write_fp64(v: Setting, out: *mut f64) -> Result<()> {
    non_null(out, "value")?;
    unsafe {
        match v {
            Setting::Double(x) => *out = x,
            Setting::Doubles(x) => write_array(&x, out),
            _ => return Err(wrong_type("double")),
        }
    }
    Ok(())
}

/// `GxB_Global_Option_get(field, &value)`: any global option, in its C type.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get(f: GrB_Field, value: *mut c_void) -> GrB_Info {
    api((), || unsafe { write_any(global_option(f)?, value) })
}

/// `GxB_Global_Option_get_INT32(field, &value)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get_INT32(f: GrB_Field, value: *mut i32) -> GrB_Info {
    api((), || unsafe { write_int32(global_option(f)?, value) })
}

/// `GxB_Global_Option_get_FP64(field, &value)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get_FP64(f: GrB_Field, value: *mut f64) -> GrB_Info {
    api((), || unsafe { write_fp64(global_option(f)?, value) })
}

/// `GxB_Global_Option_get_INT64(field, value)`: `GxB_MEMORY_POOL` (64 values).
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get_INT64(f: GrB_Field, value: *mut i64) -> GrB_Info {
    api((), || {
        non_null(value, "value")?;
        match global_option(f)? {
            Setting::Int64s(x) => unsafe { write_array(&x, value) },
            _ => return Err(wrong_type("int64_t")),
        }
        Ok(())
    })
}

/// `GxB_Global_Option_get_CHAR(field, &string)`: a name, date, URL, … of the library.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get_CHAR(
    f: GrB_Field,
    value: *mut *const c_char,
) -> GrB_Info {
    api((), || match global_option(f)? {
        Setting::Text(x) => unsafe { put(value, x.as_ptr(), "value") },
        _ => Err(wrong_type("a string")),
    })
}

/// `GxB_Global_Option_get_FUNCTION(field, &function)`: a memory function.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get_FUNCTION(
    f: GrB_Field,
    value: *mut *mut c_void,
) -> GrB_Info {
    api((), || match global_option(f)? {
        Setting::Function(x) => unsafe { put(value, x, "value") },
        _ => Err(wrong_type("a function")),
    })
}

/// `GxB_Global_Option_set_INT32(field, value)`: `GxB_FORMAT`, `GxB_NTHREADS`
/// (≤ 0: one thread per core), `GxB_BURBLE`, `GxB_GPU_CONTROL`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_set_INT32(f: GrB_Field, value: i32) -> GrB_Info {
    api((), || set_global_int(f, value))
}

/// `GxB_Global_Option_set_FP64(field, value)`: `GxB_HYPER_SWITCH`, `GxB_CHUNK`, `GxB_GPU_CHUNK`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_set_FP64(f: GrB_Field, value: f64) -> GrB_Info {
    api((), || {
        if gxb_fields::set_library_double(f, value) {
            Ok(())
        } else {
            Err(unknown(f, "a double value of the library"))
        }
    })
}

/// `GxB_Global_Option_set_FP64_ARRAY(GxB_BITMAP_SWITCH, values)`: 8 values.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_set_FP64_ARRAY(
    f: GrB_Field,
    value: *const f64,
) -> GrB_Info {
    api((), || {
        if f != gxb::BITMAP_SWITCH {
            return Err(unknown(f, "a double array of the library"));
        }
        non_null(value, "value")?;
        // SAFETY: the C API passes GxB_BITMAP_SWITCH as an array of 8 doubles.
        let switches = unsafe { &*(value as *const [f64; 8]) };
        gxb_fields::set_library_array(f, Some(switches));
        Ok(())
    })
}

/// `GxB_Global_Option_set_INT64_ARRAY(GxB_MEMORY_POOL, values)`: accepted and ignored.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_set_INT64_ARRAY(
    f: GrB_Field,
    value: *const i64,
) -> GrB_Info {
    api((), || {
        if f != gxb::MEMORY_POOL {
            return Err(unknown(f, "an int64_t array of the library"));
        }
        non_null(value, "value")?;
        gxb_fields::set_library_array(f, None);
        Ok(())
    })
}

/// Defines the option functions of matrices or vectors.
macro_rules! object_options {
    ($kind:ident, $handle:ty, $object:path, |$o:ident| $matrix:expr) => {
        paste::paste! {
            #[doc = concat!("`GxB_", stringify!($kind), "_Option_get(obj, field, &value)`: any option, in its C type.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_get>](obj: $handle, f: GrB_Field, value: *mut c_void) -> GrB_Info {
                api(obj, || {
                    let $o = unsafe { $object(obj)? };
                    let v = object_option($matrix, f, get_int($o, field::GXB_FORMAT)?)?;
                    unsafe { write_any(v, value) }
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_Option_get_INT32(obj, field, &value)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_get_INT32>](obj: $handle, f: GrB_Field, value: *mut i32) -> GrB_Info {
                api(obj, || {
                    let $o = unsafe { $object(obj)? };
                    let v = object_option($matrix, f, get_int($o, field::GXB_FORMAT)?)?;
                    unsafe { write_int32(v, value) }
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_Option_get_FP64(obj, field, &value)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_get_FP64>](obj: $handle, f: GrB_Field, value: *mut f64) -> GrB_Info {
                api(obj, || {
                    let $o = unsafe { $object(obj)? };
                    let v = object_option($matrix, f, get_int($o, field::GXB_FORMAT)?)?;
                    unsafe { write_fp64(v, value) }
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_Option_set_INT32(obj, field, value)`: `GxB_FORMAT`, `GxB_SPARSITY_CONTROL`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_set_INT32>](obj: $handle, f: GrB_Field, value: i32) -> GrB_Info {
                api(obj, || {
                    let $o = unsafe { $object(obj)? };
                    set_object_int($o, $matrix, f, value)
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_Option_set_FP64(obj, field, value)`: `GxB_HYPER_SWITCH`, `GxB_BITMAP_SWITCH`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_set_FP64>](obj: $handle, f: GrB_Field, value: f64) -> GrB_Info {
                api(obj, || {
                    let $o = unsafe { $object(obj)? };
                    if gxb_fields::set_object_double($matrix, f, value) {
                        Ok(())
                    } else {
                        Err(unknown(f, "a double value of a matrix or vector"))
                    }
                })
            }
        }
    };
}

object_options!(Matrix, GrB_Matrix, get, |o| &o.matrix);
object_options!(Vector, GrB_Vector, vector_object, |o| o.vector.as_matrix());
