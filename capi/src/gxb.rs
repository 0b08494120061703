//! The few SuiteSparse-style extensions that LAGraph uses (without claiming to
//! be SuiteSparse: `GxB_SUITESPARSE_GRAPHBLAS` is never defined):
//!
//! * `GxB_{Matrix,Vector,Scalar}_type_name(name, obj)`: the C name of the
//!   element type (`"bool"`, `"int8_t"`, …, `"double"`, or the name given to
//!   `GxB_Type_new`), at most `GxB_MAX_NAME_LEN` bytes with the terminator;
//! * `GxB_{Matrix,Vector,Scalar}_type(&type, obj)`: the element type's handle —
//!   the predefined handle for built-in types; for a user-defined type a
//!   library-owned handle of that type (the same one on every call; freeing it
//!   does nothing), since the engine does not know the handle it was made with;
//! * options behind the `GxB_get` / `GxB_set` macros: `GxB_FORMAT` of a matrix
//!   or vector and globally, `GxB_NTHREADS` and `GxB_BURBLE` globally.
//!   `GxB_*_Option_get` take a `void *` and write the C type SuiteSparse uses
//!   for the field: `GxB_Format_Value` (an `int`) for `GxB_FORMAT`, `int32_t`
//!   for `GxB_NTHREADS`, `bool` for `GxB_BURBLE`. Rust cannot define C
//!   variadic functions, so these are fixed-argument functions and the macros
//!   dispatch on the first argument with `_Generic`.

use crate::api::{api, GrB_Info};
use crate::getset::{field, get_int, global, vector_object, Fields};
use crate::handle::*;
use crate::types::*;
use engine::algebra::{Type, TypeCode};
use engine::error::{Error, Info, Result};
use std::ffi::{c_char, c_int, c_void};
use std::sync::Mutex;

/// The longest type name written, terminator included (`GxB_MAX_NAME_LEN`).
const MAX_NAME_LEN: usize = 128;

/// Writes a type's C name into a caller buffer of `GxB_MAX_NAME_LEN` bytes.
unsafe fn write_type_name(ty: &Type, out: *mut c_char) -> Result<()> {
    let name = ty.name().as_bytes();
    let n = name.len().min(MAX_NAME_LEN - 1);
    std::ptr::copy_nonoverlapping(name.as_ptr(), out as *mut u8, n);
    *out.add(n) = 0;
    Ok(())
}

/// Library-owned handles of user-defined types, one per type, made on demand.
static ALIASES: Mutex<Vec<(Type, usize)>> = Mutex::new(Vec::new());

/// The handle that stands for `ty`.
fn type_handle(ty: &Type) -> GrB_Type {
    // SAFETY: the predefined handles are only read.
    let builtin = |code| unsafe {
        match code {
            TypeCode::Bool => GrB_BOOL,
            TypeCode::Int8 => GrB_INT8,
            TypeCode::Uint8 => GrB_UINT8,
            TypeCode::Int16 => GrB_INT16,
            TypeCode::Uint16 => GrB_UINT16,
            TypeCode::Int32 => GrB_INT32,
            TypeCode::Uint32 => GrB_UINT32,
            TypeCode::Int64 => GrB_INT64,
            TypeCode::Uint64 => GrB_UINT64,
            TypeCode::Fp32 => GrB_FP32,
            TypeCode::Fp64 | TypeCode::Udt => GrB_FP64,
            TypeCode::Fc32 => GxB_FC32,
            TypeCode::Fc64 => GxB_FC64,
        }
    };
    if ty.code() != TypeCode::Udt {
        return builtin(ty.code());
    }
    let mut aliases = ALIASES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, h)) = aliases.iter().find(|(t, _)| t == ty) {
        return h as GrB_Type;
    }
    let h = into_handle(GB_Type_opaque::alias(ty.clone()));
    aliases.push((ty.clone(), h as usize));
    h
}

/// Defines `GxB_<kind>_type_name` and `GxB_<kind>_type` for a collection handle.
macro_rules! type_queries {
    ($name_fn:ident, $type_fn:ident, $handle:ty, $object:path, |$o:ident| $ty:expr) => {
        #[doc = concat!("`", stringify!($name_fn), "(name, obj)`: the C name of the element type.")]
        #[no_mangle]
        pub unsafe extern "C" fn $name_fn(type_name: *mut c_char, obj: $handle) -> GrB_Info {
            api(obj, || {
                non_null(type_name, "type_name")?;
                let $o = $object(obj)?;
                write_type_name($ty, type_name)
            })
        }

        #[doc = concat!("`", stringify!($type_fn), "(&type, obj)`: the handle of the element type.")]
        #[no_mangle]
        pub unsafe extern "C" fn $type_fn(type_: *mut GrB_Type, obj: $handle) -> GrB_Info {
            api(obj, || {
                non_null(type_, "type")?;
                let $o = $object(obj)?;
                put(type_, type_handle($ty), "type")
            })
        }
    };
}

type_queries!(
    GxB_Matrix_type_name,
    GxB_Matrix_type,
    GrB_Matrix,
    get,
    |o| o.matrix.ty()
);
type_queries!(
    GxB_Vector_type_name,
    GxB_Vector_type,
    GrB_Vector,
    vector_object,
    |o| o.vector.ty()
);
type_queries!(
    GxB_Scalar_type_name,
    GxB_Scalar_type,
    GrB_Scalar,
    get,
    |o| o.scalar.ty()
);

/// Fails unless `f` is one of the options a `GxB_*_Option_*` function handles.
fn check_option(f: c_int, allowed: &[i32], what: &str) -> Result<()> {
    if allowed.contains(&f) {
        Ok(())
    } else {
        Err(Error::new(
            Info::InvalidValue,
            format!("option {f} is not supported for {what}"),
        ))
    }
}

/// The global options.
const GLOBAL_OPTIONS: [i32; 3] = [field::GXB_FORMAT, field::GXB_NTHREADS, field::GXB_BURBLE];

/// Writes an INT32 option value as the C type of the field (`bool` for `GxB_BURBLE`).
unsafe fn write_option(f: c_int, v: i32, out: *mut c_void) -> Result<()> {
    non_null(out, "value")?;
    if f == field::GXB_BURBLE {
        (out as *mut bool).write_unaligned(v != 0);
    } else {
        (out as *mut i32).write_unaligned(v);
    }
    Ok(())
}

/// `GxB_Global_Option_get(field, &value)`: `GxB_FORMAT` (`GxB_Format_Value`),
/// `GxB_NTHREADS` (`int32_t`) or `GxB_BURBLE` (`bool`).
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_get(f: c_int, value: *mut c_void) -> GrB_Info {
    api((), || {
        check_option(f, &GLOBAL_OPTIONS, "the library")?;
        non_null(value, "value")?;
        write_option(f, get_int(global(), f)?, value)
    })
}

/// `GxB_Global_Option_set_INT32(field, value)`: `GxB_FORMAT` (the default
/// orientation hint), `GxB_NTHREADS` (≤ 0: one thread per core), `GxB_BURBLE`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Global_Option_set_INT32(f: c_int, value: i32) -> GrB_Info {
    api((), || {
        check_option(f, &GLOBAL_OPTIONS, "the library")?;
        global().set_int(f, value)
    })
}

/// Defines `GxB_<kind>_Option_get(obj, field, &value)` and
/// `GxB_<kind>_Option_set_INT32(obj, field, value)` for `GxB_FORMAT`.
macro_rules! format_option {
    ($get:ident, $set:ident, $handle:ty, $object:path) => {
        #[doc = concat!("`", stringify!($get), "(obj, GxB_FORMAT, &value)`: `GxB_BY_ROW` or `GxB_BY_COL`.")]
        #[no_mangle]
        pub unsafe extern "C" fn $get(obj: $handle, f: c_int, value: *mut c_void) -> GrB_Info {
            api(obj, || {
                let o = $object(obj)?;
                check_option(f, &[field::GXB_FORMAT], kind_name(o))?;
                non_null(value, "value")?;
                write_option(f, get_int(o, f)?, value)
            })
        }

        #[doc = concat!("`", stringify!($set), "(obj, GxB_FORMAT, value)`: store by row or by column.")]
        #[no_mangle]
        pub unsafe extern "C" fn $set(obj: $handle, f: c_int, value: i32) -> GrB_Info {
            api(obj, || {
                let o = $object(obj)?;
                check_option(f, &[field::GXB_FORMAT], kind_name(o))?;
                o.set_int(f, value)
            })
        }
    };
}

/// The C name of an object's handle type, for messages.
fn kind_name<T: Object>(_: &T) -> &'static str {
    T::NAME
}

format_option!(
    GxB_Matrix_Option_get,
    GxB_Matrix_Option_set_INT32,
    GrB_Matrix,
    get
);
format_option!(
    GxB_Vector_Option_get,
    GxB_Vector_Option_set_INT32,
    GrB_Vector,
    vector_object
);
