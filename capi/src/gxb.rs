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
//! * `GxB_Type_size`, `GxB_Type_name`, `GxB_Type_from_name`.
//!
//! The options of `GxB_get` / `GxB_set` are in `options`.

use crate::api::{api, GrB_Info};
use crate::getset::vector_object;
use crate::handle::*;
use crate::types::*;
use engine::raw::algebra::{Type, TypeCode};
use engine::Result;
use std::ffi::{c_char, CStr};
use std::sync::Mutex;

/// The longest type name written, terminator included (`GxB_MAX_NAME_LEN`).
const MAX_NAME_LEN: usize = 128;

/// Writes a type's C name into a caller buffer of `GxB_MAX_NAME_LEN` bytes.
unsafe fn write_type_name(ty: &Type, out: *mut c_char) -> Result<()> {
    let name = ty.name().as_bytes();
    let n = name.len().min(MAX_NAME_LEN - 1);
    unsafe {
        std::ptr::copy_nonoverlapping(name.as_ptr(), out as *mut u8, n);
        *out.add(n) = 0;
    }
    Ok(())
}

/// Library-owned handles of user-defined types, one per type, made on demand.
static ALIASES: Mutex<Vec<(Type, usize)>> = Mutex::new(Vec::new());

/// The handle that stands for `ty`.
pub(crate) fn type_handle(ty: &Type) -> GrB_Type {
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
                let $o = unsafe { $object(obj)? };
                unsafe { write_type_name($ty, type_name) }
            })
        }

        #[doc = concat!("`", stringify!($type_fn), "(&type, obj)`: the handle of the element type.")]
        #[no_mangle]
        pub unsafe extern "C" fn $type_fn(type_: *mut GrB_Type, obj: $handle) -> GrB_Info {
            api(obj, || {
                non_null(type_, "type")?;
                let $o = unsafe { $object(obj)? };
                unsafe { put(type_, type_handle($ty), "type") }
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

/// `GxB_Type_size(&size, type)`: the size of a value in bytes.
#[no_mangle]
pub unsafe extern "C" fn GxB_Type_size(size: *mut usize, type_: GrB_Type) -> GrB_Info {
    api(type_, || {
        non_null(size, "size")?;
        unsafe { put(size, get(type_)?.ty.size(), "size") }
    })
}

/// `GxB_Type_name(name, type)`: the type's C name (`"int32_t"`, or the
/// name given to `GxB_Type_new`), at most `GxB_MAX_NAME_LEN` bytes.
#[no_mangle]
pub unsafe extern "C" fn GxB_Type_name(type_name: *mut c_char, type_: GrB_Type) -> GrB_Info {
    api(type_, || {
        non_null(type_name, "type_name")?;
        unsafe { write_type_name(&get(type_)?.ty, type_name) }
    })
}

/// `GxB_Type_from_name(&type, name)`: the built-in type of a C type name
/// (`"bool"`, `"int8_t"`, … `"double"`) or spec name (`"GrB_FP64"`); for any
/// other name `type` is set to NULL, as SuiteSparse does for names it does
/// not know.
#[no_mangle]
pub unsafe extern "C" fn GxB_Type_from_name(
    type_: *mut GrB_Type,
    type_name: *const c_char,
) -> GrB_Info {
    api((), || {
        non_null(type_, "type")?;
        non_null(type_name, "type_name")?;
        let name = unsafe { CStr::from_ptr(type_name).to_bytes() };
        let found = TypeCode::BUILTIN.into_iter().map(Type::builtin).find(|t| {
            t.name().as_bytes() == name || format!("GrB_{}", t.code().suffix()).as_bytes() == name
        });
        unsafe {
            put(
                type_,
                found.map_or(std::ptr::null_mut(), |t| type_handle(&t)),
                "type",
            )
        }
    })
}
