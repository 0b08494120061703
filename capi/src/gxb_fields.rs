//! SuiteSparse's extension fields of the library and of matrices and
//! vectors (`GxB_HYPER_SWITCH` … `GxB_GPU_CHUNK`; `GxB_FORMAT`,
//! `GxB_NTHREADS` and `GxB_BURBLE` live with the spec's fields in
//! `getset`): each field's value in the C type SuiteSparse documents, and
//! its setting. `GrB_get` / `GrB_set` read and write them as SuiteSparse 9
//! does (`getset`), `GxB_get` / `GxB_set` as SuiteSparse 7 does (`options`).
//!
//! The C types (docs/COMPATIBILITY.md): `int32_t` (`GxB_SPARSITY_CONTROL`,
//! `GxB_SPARSITY_STATUS`, `GxB_GPU_CONTROL`, `GxB_MODE`), `bool`
//! (`GxB_IS_HYPER`, `GxB_LIBRARY_OPENMP`), `double` (`GxB_HYPER_SWITCH`,
//! `GxB_BITMAP_SWITCH` of an object, `GxB_CHUNK`, `GxB_GPU_CHUNK`),
//! `double[8]` (the library's `GxB_BITMAP_SWITCH`), `int[3]`
//! (`GxB_LIBRARY_VERSION`, `GxB_API_VERSION`, `GxB_COMPILER_VERSION`),
//! `int64_t[64]` (`GxB_MEMORY_POOL`), `const char *` (names, dates, URLs),
//! `void *` (`GxB_MALLOC_FUNCTION` … `GxB_FREE_FUNCTION`).
//!
//! Honoured: `GxB_SPARSITY_CONTROL` (the engine stores the object's content
//! only in the allowed formats). Recorded and reported only: the hyper and
//! bitmap switches (the engine chooses among allowed formats by its own
//! rules), `GxB_CHUNK`, the GPU settings (no GPU is used);
//! `GxB_MEMORY_POOL` reads as zeros and setting it does nothing, as in
//! SuiteSparse 7.

use crate::api::mode;
use crate::memory::allocator;
use engine::raw::object::Matrix;
use engine::raw::storage::Sparsity;
use engine::Result;
use std::ffi::{c_void, CStr};
use std::sync::Mutex;

/// The extension fields (`GrB_Field` values, as in SuiteSparse).
pub(crate) mod gxb {
    pub(crate) const HYPER_SWITCH: i32 = 7000;
    pub(crate) const BITMAP_SWITCH: i32 = 7001;
    pub(crate) const MODE: i32 = 7003;
    pub(crate) const LIBRARY_NAME: i32 = 7004;
    pub(crate) const LIBRARY_VERSION: i32 = 7005;
    pub(crate) const LIBRARY_DATE: i32 = 7006;
    pub(crate) const LIBRARY_ABOUT: i32 = 7007;
    pub(crate) const LIBRARY_URL: i32 = 7008;
    pub(crate) const LIBRARY_LICENSE: i32 = 7009;
    pub(crate) const API_VERSION: i32 = 7012;
    pub(crate) const API_DATE: i32 = 7013;
    pub(crate) const API_ABOUT: i32 = 7014;
    pub(crate) const API_URL: i32 = 7015;
    pub(crate) const COMPILER_VERSION: i32 = 7016;
    pub(crate) const COMPILER_NAME: i32 = 7017;
    pub(crate) const LIBRARY_OPENMP: i32 = 7018;
    pub(crate) const MEMORY_POOL: i32 = 7022;
    pub(crate) const SPARSITY_STATUS: i32 = 7034;
    pub(crate) const IS_HYPER: i32 = 7035;
    pub(crate) const SPARSITY_CONTROL: i32 = 7036;
    pub(crate) const MALLOC_FUNCTION: i32 = 7037;
    pub(crate) const CALLOC_FUNCTION: i32 = 7038;
    pub(crate) const REALLOC_FUNCTION: i32 = 7039;
    pub(crate) const FREE_FUNCTION: i32 = 7040;
    pub(crate) const CHUNK: i32 = 7087;
    pub(crate) const GPU_CONTROL: i32 = 7088;
    pub(crate) const GPU_CHUNK: i32 = 7089;
}

/// `GxB_IMPLEMENTATION_MAJOR` … `_SUB` and `GxB_IMPLEMENTATION_DATE` of the
/// header (the SuiteSparse release whose extensions are followed), which
/// the library also reports as its version (`GrB_LIBRARY_VER_*`,
/// `GxB_LIBRARY_VERSION`), as SuiteSparse does.
pub(crate) const IMPLEMENTATION: [i32; 3] = [7, 4, 0];
const IMPLEMENTATION_DATE: &CStr = c"Nov 28, 2026";

/// The value of an extension field, in its C type.
pub(crate) enum Setting {
    Int(i32),
    Bool(bool),
    Double(f64),
    Doubles(Vec<f64>),
    Ints([i32; 3]),
    Int64s(Vec<i64>),
    Text(&'static CStr),
    Function(*mut c_void),
}

/// True for the fields whose value is a `double` (set from a `GrB_Scalar`).
pub(crate) fn is_double(f: i32) -> bool {
    matches!(
        f,
        gxb::HYPER_SWITCH | gxb::BITMAP_SWITCH | gxb::CHUNK | gxb::GPU_CHUNK
    )
}

/// The library's settings that are recorded and reported.
struct Recorded {
    hyper_switch: f64,
    bitmap_switch: [f64; 8],
    chunk: f64,
    gpu_control: i32,
    gpu_chunk: f64,
}

/// SuiteSparse's defaults of the library's `GxB_BITMAP_SWITCH`.
const BITMAP_SWITCH_DEFAULT: [f64; 8] = [0.04, 0.05, 0.06, 0.08, 0.10, 0.20, 0.30, 0.40];

static RECORDED: Mutex<Recorded> = Mutex::new(Recorded {
    hyper_switch: 0.0625,
    bitmap_switch: BITMAP_SWITCH_DEFAULT,
    chunk: 65536.0,
    gpu_control: 0,
    gpu_chunk: 1e6,
});

fn recorded() -> std::sync::MutexGuard<'static, Recorded> {
    RECORDED.lock().unwrap_or_else(|e| e.into_inner())
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

/// An extension field of the library; `None` when `f` is not one.
pub(crate) fn library(f: i32) -> Option<Setting> {
    let r = recorded();
    let a = allocator();
    Some(match f {
        gxb::HYPER_SWITCH => Setting::Double(r.hyper_switch),
        gxb::BITMAP_SWITCH => Setting::Doubles(r.bitmap_switch.to_vec()),
        gxb::MODE => Setting::Int(mode()),
        gxb::LIBRARY_NAME => Setting::Text(c"SuiteSparse:GraphBLAS"),
        gxb::LIBRARY_VERSION => Setting::Ints(IMPLEMENTATION),
        gxb::LIBRARY_DATE => Setting::Text(IMPLEMENTATION_DATE),
        gxb::LIBRARY_ABOUT => Setting::Text(
            c"graphblas-rs: the GraphBLAS C API 2.1 in Rust, with SuiteSparse:GraphBLAS extensions",
        ),
        gxb::LIBRARY_URL => Setting::Text(c_text(concat!(env!("CARGO_PKG_REPOSITORY"), "\0"))),
        gxb::LIBRARY_LICENSE => Setting::Text(c_text(concat!(env!("CARGO_PKG_LICENSE"), "\0"))),
        gxb::API_VERSION => Setting::Ints([2, 1, 0]),
        gxb::API_DATE => Setting::Text(c"Dec 22, 2023"),
        gxb::API_ABOUT => Setting::Text(c"The GraphBLAS C API Specification, version 2.1"),
        gxb::API_URL => Setting::Text(c"https://graphblas.org"),
        gxb::COMPILER_VERSION => Setting::Ints(compiler_version()),
        gxb::COMPILER_NAME => Setting::Text(c"rustc"),
        gxb::LIBRARY_OPENMP => Setting::Bool(false),
        gxb::MEMORY_POOL => Setting::Int64s(vec![0; 64]),
        gxb::MALLOC_FUNCTION => Setting::Function(a.malloc as *mut c_void),
        gxb::CALLOC_FUNCTION => {
            Setting::Function(a.calloc.map_or(std::ptr::null_mut(), |f| f as *mut c_void))
        }
        gxb::REALLOC_FUNCTION => {
            Setting::Function(a.realloc.map_or(std::ptr::null_mut(), |f| f as *mut c_void))
        }
        gxb::FREE_FUNCTION => Setting::Function(a.free as *mut c_void),
        gxb::CHUNK => Setting::Double(r.chunk),
        gxb::GPU_CONTROL => Setting::Int(r.gpu_control),
        gxb::GPU_CHUNK => Setting::Double(r.gpu_chunk),
        _ => return None,
    })
}

/// Sets an `int32_t` extension field of the library; false when `f` is not one.
pub(crate) fn set_library_int(f: i32, value: i32) -> bool {
    match f {
        gxb::GPU_CONTROL => recorded().gpu_control = value,
        _ => return false,
    }
    true
}

/// Sets a `double` extension field of the library; false when `f` is not one.
pub(crate) fn set_library_double(f: i32, value: f64) -> bool {
    let mut r = recorded();
    match f {
        gxb::HYPER_SWITCH => r.hyper_switch = value,
        gxb::CHUNK => r.chunk = value,
        gxb::GPU_CHUNK => r.gpu_chunk = value,
        _ => return false,
    }
    true
}

/// Sets the library's `GxB_BITMAP_SWITCH` (8 values; `None`: SuiteSparse's
/// defaults) or accepts a `GxB_MEMORY_POOL` (ignored); false for any other
/// field.
pub(crate) fn set_library_array(f: i32, bitmap_switch: Option<&[f64; 8]>) -> bool {
    match f {
        gxb::BITMAP_SWITCH => {
            recorded().bitmap_switch = *bitmap_switch.unwrap_or(&BITMAP_SWITCH_DEFAULT)
        }
        gxb::MEMORY_POOL => {}
        _ => return false,
    }
    true
}

/// An extension field of a matrix (or vector); `None` when `f` is not one.
pub(crate) fn object(m: &Matrix, f: i32) -> Result<Option<Setting>> {
    let [hyper, bitmap] = m.format_switches();
    Ok(Some(match f {
        gxb::HYPER_SWITCH => Setting::Double(hyper),
        gxb::BITMAP_SWITCH => Setting::Double(bitmap),
        gxb::SPARSITY_CONTROL => Setting::Int(m.sparsity_control().bits()),
        gxb::SPARSITY_STATUS => Setting::Int(m.sparsity_status()?.bits()),
        gxb::IS_HYPER => Setting::Bool(m.sparsity_status()? == Sparsity::HYPERSPARSE),
        _ => return Ok(None),
    }))
}

/// Sets an `int32_t` extension field of a matrix or vector; `Ok(false)` when
/// `f` is not one.
pub(crate) fn set_object_int(m: &Matrix, f: i32, value: i32) -> Result<bool> {
    match f {
        gxb::SPARSITY_CONTROL => m.set_sparsity_control(Sparsity::from_bits(value))?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Sets a `double` extension field of a matrix or vector; false when `f` is
/// not one.
pub(crate) fn set_object_double(m: &Matrix, f: i32, value: f64) -> bool {
    let [hyper, bitmap] = m.format_switches();
    match f {
        gxb::HYPER_SWITCH => m.set_format_switches([value, bitmap]),
        gxb::BITMAP_SWITCH => m.set_format_switches([hyper, value]),
        _ => return false,
    }
    true
}
