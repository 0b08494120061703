//! SuiteSparse's options: `GxB_Global_Option_{get,set}*`,
//! `GxB_Matrix_Option_{get,set}*`, `GxB_Vector_Option_{get,set}*`, behind the
//! `GxB_get` / `GxB_set` macros of the header (Rust cannot define C variadic
//! functions: `GxB_*_Option_get` take a `void *`, the typed `_INT32`, `_FP64`,
//! … variants a typed pointer, and the macros choose by the value's type).
//!
//! Each field has the C type SuiteSparse documents (docs/COMPATIBILITY.md):
//! `int32_t` (`GxB_NTHREADS`, `GxB_SPARSITY_CONTROL`, `GxB_SPARSITY_STATUS`,
//! `GxB_GPU_CONTROL`, `GxB_MODE`, `GxB_FORMAT` as `GxB_Format_Value`), `bool`
//! (`GxB_BURBLE`, `GxB_IS_HYPER`, `GxB_LIBRARY_OPENMP`), `double`
//! (`GxB_HYPER_SWITCH`, `GxB_BITMAP_SWITCH` of an object, `GxB_CHUNK`,
//! `GxB_GPU_CHUNK`), `double[8]` (global `GxB_BITMAP_SWITCH`), `int[3]`
//! (`GxB_LIBRARY_VERSION`, `GxB_API_VERSION`, `GxB_COMPILER_VERSION`),
//! `int64_t[64]` (`GxB_MEMORY_POOL`), `const char *` (names, dates, URLs),
//! `void *` (`GxB_MALLOC_FUNCTION` … `GxB_FREE_FUNCTION`).
//!
//! Honoured: `GxB_FORMAT`, `GxB_NTHREADS`, `GxB_BURBLE`,
//! `GxB_SPARSITY_CONTROL` (the engine stores the object's content only in the
//! allowed formats). Recorded and reported only: the hyper and bitmap
//! switches (the engine chooses among allowed formats by its own rules),
//! `GxB_CHUNK`, the GPU settings (no GPU is used); `GxB_MEMORY_POOL` reads as
//! zeros and setting it does nothing, as in SuiteSparse 7.

use crate::api::{api, mode, GrB_Field, GrB_Info};
use crate::getset::{field, get_int, global, vector_object, Fields};
use crate::handle::*;
use crate::memory::allocator;
use engine::error::{Error, Info, Result};
use engine::object::Matrix;
use engine::storage::Sparsity;
use std::ffi::{c_char, c_void, CStr};
use std::sync::Mutex;

/// The extension fields (`GrB_Field` values, as in SuiteSparse).
mod gxb {
    pub(super) const HYPER_SWITCH: i32 = 7000;
    pub(super) const BITMAP_SWITCH: i32 = 7001;
    pub(super) const MODE: i32 = 7003;
    pub(super) const LIBRARY_NAME: i32 = 7004;
    pub(super) const LIBRARY_VERSION: i32 = 7005;
    pub(super) const LIBRARY_DATE: i32 = 7006;
    pub(super) const LIBRARY_ABOUT: i32 = 7007;
    pub(super) const LIBRARY_URL: i32 = 7008;
    pub(super) const LIBRARY_LICENSE: i32 = 7009;
    pub(super) const API_VERSION: i32 = 7012;
    pub(super) const API_DATE: i32 = 7013;
    pub(super) const API_ABOUT: i32 = 7014;
    pub(super) const API_URL: i32 = 7015;
    pub(super) const COMPILER_VERSION: i32 = 7016;
    pub(super) const COMPILER_NAME: i32 = 7017;
    pub(super) const LIBRARY_OPENMP: i32 = 7018;
    pub(super) const MEMORY_POOL: i32 = 7022;
    pub(super) const SPARSITY_STATUS: i32 = 7034;
    pub(super) const IS_HYPER: i32 = 7035;
    pub(super) const SPARSITY_CONTROL: i32 = 7036;
    pub(super) const MALLOC_FUNCTION: i32 = 7037;
    pub(super) const CALLOC_FUNCTION: i32 = 7038;
    pub(super) const REALLOC_FUNCTION: i32 = 7039;
    pub(super) const FREE_FUNCTION: i32 = 7040;
    pub(super) const CHUNK: i32 = 7087;
    pub(super) const GPU_CONTROL: i32 = 7088;
    pub(super) const GPU_CHUNK: i32 = 7089;
}

/// `GxB_IMPLEMENTATION_MAJOR` … `_SUB` and `GxB_IMPLEMENTATION_DATE` of the
/// header (the SuiteSparse release whose extensions are followed).
const IMPLEMENTATION: [i32; 3] = [7, 4, 0];
const IMPLEMENTATION_DATE: &CStr = c"Nov 28, 2026";

/// The value of an option, in the C type of its field.
enum OptionValue {
    Int(i32),
    Bool(bool),
    Double(f64),
    Doubles(Vec<f64>),
    Ints([i32; 3]),
    Int64s(Vec<i64>),
    Text(&'static CStr),
    Function(*mut c_void),
}

/// The global settings that are recorded and reported.
struct Recorded {
    hyper_switch: f64,
    bitmap_switch: [f64; 8],
    chunk: f64,
    gpu_control: i32,
    gpu_chunk: f64,
}

static RECORDED: Mutex<Recorded> = Mutex::new(Recorded {
    hyper_switch: 0.0625,
    bitmap_switch: [0.04, 0.05, 0.06, 0.08, 0.10, 0.20, 0.30, 0.40],
    chunk: 65536.0,
    gpu_control: 0,
    gpu_chunk: 1e6,
});

fn recorded() -> std::sync::MutexGuard<'static, Recorded> {
    RECORDED.lock().unwrap_or_else(|e| e.into_inner())
}

fn unknown(f: i32, what: &str) -> Error {
    Error::new(
        Info::InvalidValue,
        format!("option {f} is not supported for {what}"),
    )
}

/// A NUL-terminated constant as a C string.
fn c_text(s: &'static str) -> &'static CStr {
    CStr::from_bytes_with_nul(s.as_bytes()).unwrap_or(c"")
}

/// The `(major, minor, patch)` of `rustc` that built the library.
fn compiler_version() -> [i32; 3] {
    let mut v = [0; 3];
    for (k, part) in env!("GRAPHBLAS_RUSTC_VERSION")
        .split('.')
        .take(3)
        .enumerate()
    {
        v[k] = part.parse().unwrap_or(0);
    }
    v
}

/// Reads a global option.
fn global_option(f: i32) -> Result<OptionValue> {
    let r = recorded();
    let a = allocator();
    Ok(match f {
        gxb::HYPER_SWITCH => OptionValue::Double(r.hyper_switch),
        gxb::BITMAP_SWITCH => OptionValue::Doubles(r.bitmap_switch.to_vec()),
        field::GXB_FORMAT | field::GXB_NTHREADS => OptionValue::Int(get_int(global(), f)?),
        field::GXB_BURBLE => OptionValue::Bool(get_int(global(), f)? != 0),
        gxb::MODE => OptionValue::Int(mode()),
        gxb::LIBRARY_NAME => OptionValue::Text(c"graphblas-rs"),
        gxb::LIBRARY_VERSION => OptionValue::Ints(IMPLEMENTATION),
        gxb::LIBRARY_DATE => OptionValue::Text(IMPLEMENTATION_DATE),
        gxb::LIBRARY_ABOUT => OptionValue::Text(
            c"graphblas-rs: the GraphBLAS C API 2.1 in Rust, with SuiteSparse:GraphBLAS extensions",
        ),
        gxb::LIBRARY_URL => OptionValue::Text(c_text(concat!(env!("CARGO_PKG_REPOSITORY"), "\0"))),
        gxb::LIBRARY_LICENSE => OptionValue::Text(c_text(concat!(env!("CARGO_PKG_LICENSE"), "\0"))),
        gxb::API_VERSION => OptionValue::Ints([2, 1, 0]),
        gxb::API_DATE => OptionValue::Text(c"Dec 22, 2023"),
        gxb::API_ABOUT => OptionValue::Text(c"The GraphBLAS C API Specification, version 2.1"),
        gxb::API_URL => OptionValue::Text(c"https://graphblas.org"),
        gxb::COMPILER_VERSION => OptionValue::Ints(compiler_version()),
        gxb::COMPILER_NAME => OptionValue::Text(c"rustc"),
        gxb::LIBRARY_OPENMP => OptionValue::Bool(false),
        gxb::MEMORY_POOL => OptionValue::Int64s(vec![0; 64]),
        gxb::MALLOC_FUNCTION => OptionValue::Function(a.malloc as *mut c_void),
        gxb::CALLOC_FUNCTION => {
            OptionValue::Function(a.calloc.map_or(std::ptr::null_mut(), |f| f as *mut c_void))
        }
        gxb::REALLOC_FUNCTION => {
            OptionValue::Function(a.realloc.map_or(std::ptr::null_mut(), |f| f as *mut c_void))
        }
        gxb::FREE_FUNCTION => OptionValue::Function(a.free as *mut c_void),
        gxb::CHUNK => OptionValue::Double(r.chunk),
        gxb::GPU_CONTROL => OptionValue::Int(r.gpu_control),
        gxb::GPU_CHUNK => OptionValue::Double(r.gpu_chunk),
        _ => return Err(unknown(f, "the library")),
    })
}

/// Sets an integer global option.
fn set_global_int(f: i32, value: i32) -> Result<()> {
    match f {
        field::GXB_FORMAT | field::GXB_NTHREADS | field::GXB_BURBLE => global().set_int(f, value),
        gxb::GPU_CONTROL => {
            recorded().gpu_control = value;
            Ok(())
        }
        _ => Err(unknown(f, "an int32_t value of the library")),
    }
}

/// Sets a `double` global option.
fn set_global_double(f: i32, value: f64) -> Result<()> {
    let mut r = recorded();
    match f {
        gxb::HYPER_SWITCH => r.hyper_switch = value,
        gxb::CHUNK => r.chunk = value,
        gxb::GPU_CHUNK => r.gpu_chunk = value,
        _ => return Err(unknown(f, "a double value of the library")),
    }
    Ok(())
}

/// Reads an option of a matrix (or vector).
fn object_option(m: &Matrix, f: i32, format: i32) -> Result<OptionValue> {
    let [hyper, bitmap] = m.format_switches();
    Ok(match f {
        gxb::HYPER_SWITCH => OptionValue::Double(hyper),
        gxb::BITMAP_SWITCH => OptionValue::Double(bitmap),
        field::GXB_FORMAT => OptionValue::Int(format),
        gxb::SPARSITY_CONTROL => OptionValue::Int(m.sparsity_control().bits()),
        gxb::SPARSITY_STATUS => OptionValue::Int(m.sparsity_status()?.bits()),
        gxb::IS_HYPER => OptionValue::Bool(m.sparsity_status()? == Sparsity::HYPERSPARSE),
        _ => return Err(unknown(f, "a matrix or vector")),
    })
}

/// Sets an integer option of a matrix or vector (`GxB_FORMAT` goes to `obj`).
fn set_object_int<T: Fields>(obj: &T, m: &Matrix, f: i32, value: i32) -> Result<()> {
    match f {
        field::GXB_FORMAT => obj.set_int(f, value),
        gxb::SPARSITY_CONTROL => m.set_sparsity_control(Sparsity::from_bits(value)),
        _ => Err(unknown(f, "an int32_t value of a matrix or vector")),
    }
}

/// Sets a `double` option of a matrix or vector.
fn set_object_double(m: &Matrix, f: i32, value: f64) -> Result<()> {
    let [hyper, bitmap] = m.format_switches();
    match f {
        gxb::HYPER_SWITCH => m.set_format_switches([value, bitmap]),
        gxb::BITMAP_SWITCH => m.set_format_switches([hyper, value]),
        _ => return Err(unknown(f, "a double value of a matrix or vector")),
    }
    Ok(())
}

/// Writes a value through `void *` in its field's C type.
unsafe fn write_any(v: OptionValue, out: *mut c_void) -> Result<()> {
    non_null(out, "value")?;
    match v {
        OptionValue::Int(x) => (out as *mut i32).write_unaligned(x),
        OptionValue::Bool(x) => (out as *mut bool).write(x),
        OptionValue::Double(x) => (out as *mut f64).write_unaligned(x),
        OptionValue::Doubles(x) => write_array(&x, out as *mut f64),
        OptionValue::Ints(x) => write_array(&x, out as *mut i32),
        OptionValue::Int64s(x) => write_array(&x, out as *mut i64),
        OptionValue::Text(x) => (out as *mut *const c_char).write_unaligned(x.as_ptr()),
        OptionValue::Function(x) => (out as *mut *mut c_void).write_unaligned(x),
    }
    Ok(())
}

unsafe fn write_array<T: Copy>(values: &[T], out: *mut T) {
    for (k, &v) in values.iter().enumerate() {
        out.add(k).write_unaligned(v);
    }
}

fn wrong_type(what: &str) -> Error {
    Error::new(
        Info::InvalidValue,
        format!("this option is not read as {what}"),
    )
}

/// Writes an `int32_t` (or `int32_t` array, or a `bool` as 0 / 1).
unsafe fn write_int32(v: OptionValue, out: *mut i32) -> Result<()> {
    non_null(out, "value")?;
    match v {
        OptionValue::Int(x) => *out = x,
        OptionValue::Bool(x) => *out = x as i32,
        OptionValue::Ints(x) => write_array(&x, out),
        _ => return Err(wrong_type("int32_t")),
    }
    Ok(())
}

/// Writes a `double` (or `double` array).
unsafe fn write_fp64(v: OptionValue, out: *mut f64) -> Result<()> {
    non_null(out, "value")?;
    match v {
        OptionValue::Double(x) => *out = x,
        OptionValue::Doubles(x) => write_array(&x, out),
        _ => return Err(wrong_type("double")),
    }
    Ok(())
}

/// `GxB_Global_Option_get(field, &value)`: any global option, in its C type.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get(f: GrB_Field, value: *mut c_void) -> GrB_Info {
    api((), || write_any(global_option(f)?, value))
}

/// `GxB_Global_Option_get_INT32(field, &value)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get_INT32(f: GrB_Field, value: *mut i32) -> GrB_Info {
    api((), || write_int32(global_option(f)?, value))
}

/// `GxB_Global_Option_get_FP64(field, &value)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get_FP64(f: GrB_Field, value: *mut f64) -> GrB_Info {
    api((), || write_fp64(global_option(f)?, value))
}

/// `GxB_Global_Option_get_INT64(field, value)`: `GxB_MEMORY_POOL` (64 values).
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get_INT64(f: GrB_Field, value: *mut i64) -> GrB_Info {
    api((), || {
        non_null(value, "value")?;
        match global_option(f)? {
            OptionValue::Int64s(x) => write_array(&x, value),
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
        OptionValue::Text(x) => put(value, x.as_ptr(), "value"),
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
        OptionValue::Function(x) => put(value, x, "value"),
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
    api((), || set_global_double(f, value))
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
        let v = std::slice::from_raw_parts(value, 8);
        recorded().bitmap_switch.copy_from_slice(v);
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
        non_null(value, "value")
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
                    let $o = $object(obj)?;
                    let v = object_option($matrix, f, get_int($o, field::GXB_FORMAT)?)?;
                    write_any(v, value)
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_Option_get_INT32(obj, field, &value)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_get_INT32>](obj: $handle, f: GrB_Field, value: *mut i32) -> GrB_Info {
                api(obj, || {
                    let $o = $object(obj)?;
                    let v = object_option($matrix, f, get_int($o, field::GXB_FORMAT)?)?;
                    write_int32(v, value)
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_Option_get_FP64(obj, field, &value)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_get_FP64>](obj: $handle, f: GrB_Field, value: *mut f64) -> GrB_Info {
                api(obj, || {
                    let $o = $object(obj)?;
                    let v = object_option($matrix, f, get_int($o, field::GXB_FORMAT)?)?;
                    write_fp64(v, value)
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_Option_set_INT32(obj, field, value)`: `GxB_FORMAT`, `GxB_SPARSITY_CONTROL`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_set_INT32>](obj: $handle, f: GrB_Field, value: i32) -> GrB_Info {
                api(obj, || {
                    let $o = $object(obj)?;
                    set_object_int($o, $matrix, f, value)
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_Option_set_FP64(obj, field, value)`: `GxB_HYPER_SWITCH`, `GxB_BITMAP_SWITCH`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _Option_set_FP64>](obj: $handle, f: GrB_Field, value: f64) -> GrB_Info {
                api(obj, || {
                    let $o = $object(obj)?;
                    set_object_double($matrix, f, value)
                })
            }
        }
    };
}

object_options!(Matrix, GrB_Matrix, get, |o| &o.matrix);
object_options!(Vector, GrB_Vector, vector_object, |o| o.vector.as_matrix());
