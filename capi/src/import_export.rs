//! Moving matrices in and out of the library: `GrB_Matrix_import_<T>` /
//! `GrB_Matrix_export_<T>` (the spec's CSR, CSC, COO and dense formats; see
//! `engine::raw::storage::exchange` for the layouts and checks), `exportSize`,
//! `exportHint`, and `GrB_Matrix_serializeSize` / `serialize` / `deserialize`
//! (the blob format is documented in `docs/SERIALIZATION.md`).
//!
//! The typed functions require the values' C type to be the matrix's type
//! exactly (`GrB_DOMAIN_MISMATCH`); the `_UDT` ones a user-defined type. An
//! array pointer may be NULL only when its length is 0 (the dense formats never
//! read `indptr` or `indices`).

use crate::api::{api, count, slice, GrB_Format, GrB_Index, GrB_Info};
use crate::handle::*;
use engine::raw::algebra::{Type, TypeCode};
use engine::raw::object::Matrix;
use engine::raw::storage::exchange::{
    export, export_hint, export_sizes, import, ExchangeFormat, ExportBuffers, ImportArrays,
};
use engine::raw::storage::serialize::{deserialize, serialize_into, serialized_size};
use engine::{Error, Info, Result};
use paste::paste;
use std::ffi::c_void;

/// The element type a typed function expects: one built-in type, or any
/// user-defined type (`None`).
fn check_domain(ty: &Type, expected: Option<TypeCode>) -> Result<()> {
    let ok = match expected {
        Some(code) => ty.code() == code,
        None => !ty.is_builtin(),
    };
    if ok {
        Ok(())
    } else {
        let wanted = expected.map_or("a user-defined type".to_string(), |c| {
            c.c_name().to_string()
        });
        Err(Error::new(
            Info::DomainMismatch,
            format!("the matrix type is {ty:?} but the values are of {wanted}"),
        ))
    }
}

/// The number of bytes of `n` values of `size` bytes, if addressable.
fn value_bytes(n: usize, size: usize) -> Result<usize> {
    n.checked_mul(size)
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or_else(|| Error::new(Info::InvalidValue, format!("{n} values are too many")))
}

/// A caller array of `n` elements of `T`; lengths no array can have are
/// `GrB_INVALID_VALUE`. An empty array may be NULL here (an import of an empty
/// matrix need not allocate), unlike the index lists of the operations.
unsafe fn array<'a, T>(p: *const T, n: GrB_Index, what: &str) -> Result<&'a [T]> {
    let n = count(n, what)?;
    value_bytes(n, std::mem::size_of::<T>())?;
    if n == 0 {
        return Ok(&[]);
    }
    unsafe { slice(p, n, what) }
}

/// The caller's arrays of `GrB_Matrix_import` and `GrB_Matrix_export`
/// (index arrays `P`, values `V`) and their lengths (`N`: given to import,
/// behind pointers for export).
struct CArrays<P, V, N> {
    indptr: P,
    indices: P,
    values: V,
    n_indptr: N,
    n_indices: N,
    n_values: N,
}

/// `GrB_Matrix_import`: builds `*A` from the caller's arrays.
unsafe fn import_matrix(
    A: *mut GrB_Matrix,
    type_: GrB_Type,
    nrows: GrB_Index,
    ncols: GrB_Index,
    arrays: CArrays<*const GrB_Index, *const u8, GrB_Index>,
    format: GrB_Format,
    expected: Option<TypeCode>,
) -> Result<()> {
    let CArrays {
        indptr,
        indices,
        values,
        n_indptr,
        n_indices,
        n_values,
    } = arrays;
    non_null(A, "A")?;
    let ty = unsafe { &get(type_)?.ty };
    check_domain(ty, expected)?;
    let format = ExchangeFormat::from_spec_code(format)?;
    let dense = matches!(format, ExchangeFormat::DenseRow | ExchangeFormat::DenseCol);
    let (indptr, indices) = if dense {
        (&[][..], &[][..])
    } else {
        unsafe {
            (
                array(indptr, n_indptr, "indptr")?,
                array(indices, n_indices, "indices")?,
            )
        }
    };
    let nbytes = value_bytes(count(n_values, "n_values")?, ty.size())?;
    let values = unsafe { array(values, nbytes as GrB_Index, "values")? };
    let store = import(
        ty,
        nrows,
        ncols,
        format,
        ImportArrays {
            indptr,
            indices,
            values,
        },
    )?;
    unsafe { put_handle(A, GB_Matrix_opaque::new(Matrix::from_store(store)), "A") }
}

/// A mutable C array of `n` elements (empty when `n = 0`, even if NULL).
unsafe fn slice_mut<'a, T>(p: *mut T, n: usize, what: &str) -> Result<&'a mut [T]> {
    if n == 0 {
        return Ok(&mut []);
    }
    non_null(p, what)?;
    Ok(unsafe { std::slice::from_raw_parts_mut(p, n) })
}

/// `GrB_Matrix_export`: writes `A` into the caller's arrays, whose capacities
/// come in `*n_*` and whose used lengths go out there.
unsafe fn export_matrix(
    arrays: CArrays<*mut GrB_Index, *mut u8, *mut GrB_Index>,
    format: GrB_Format,
    A: GrB_Matrix,
    expected: Option<TypeCode>,
) -> Result<()> {
    let (n_indptr, n_indices, n_values) = (arrays.n_indptr, arrays.n_indices, arrays.n_values);
    let a = unsafe { &get(A)?.matrix };
    non_null(n_indptr, "n_indptr")?;
    non_null(n_indices, "n_indices")?;
    non_null(n_values, "n_values")?;
    let format = ExchangeFormat::from_spec_code(format)?;
    check_domain(a.ty(), expected)?;
    let store = a.snapshot()?;
    let need = export_sizes(&store, format)?;
    let (cap_p, cap_i, cap_x) = unsafe { (*n_indptr, *n_indices, *n_values) };
    if cap_p < need.indptr as u64 || cap_i < need.indices as u64 || cap_x < need.values as u64 {
        return Err(Error::new(
            Info::InsufficientSpace,
            format!(
                "the export needs {} (indptr), {} (indices) and {} (values) elements; \
                 the arrays hold {cap_p}, {cap_i} and {cap_x}",
                need.indptr, need.indices, need.values
            ),
        ));
    }
    let size = a.ty().size();
    let out = unsafe {
        ExportBuffers {
            indptr: slice_mut(arrays.indptr, need.indptr, "indptr")?,
            indices: slice_mut(arrays.indices, need.indices, "indices")?,
            values: slice_mut(arrays.values, value_bytes(need.values, size)?, "values")?,
        }
    };
    let written = export(&store, format, out)?;
    unsafe {
        *n_indptr = written.indptr as GrB_Index;
        *n_indices = written.indices as GrB_Index;
        *n_values = written.values as GrB_Index;
    }
    Ok(())
}

macro_rules! typed_import_export {
    ($suffix:ident, $t:ty, $expected:expr) => {
        paste! {
            #[doc = concat!("`GrB_Matrix_import_", stringify!($suffix), "(&A, type, nrows, ncols, indptr, indices, values, n_indptr, n_indices, n_values, format)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_import_ $suffix>](
                A: *mut GrB_Matrix,
                type_: GrB_Type,
                nrows: GrB_Index,
                ncols: GrB_Index,
                indptr: *const GrB_Index,
                indices: *const GrB_Index,
                values: *const $t,
                n_indptr: GrB_Index,
                n_indices: GrB_Index,
                n_values: GrB_Index,
                format: GrB_Format,
            ) -> GrB_Info {
                api((), || {
                    let arrays = CArrays { indptr, indices, values: values as *const u8,
                        n_indptr, n_indices, n_values };
                    unsafe { import_matrix(A, type_, nrows, ncols, arrays, format, $expected) }
                })
            }

            #[doc = concat!("`GrB_Matrix_export_", stringify!($suffix), "(indptr, indices, values, &n_indptr, &n_indices, &n_values, format, A)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_export_ $suffix>](
                indptr: *mut GrB_Index,
                indices: *mut GrB_Index,
                values: *mut $t,
                n_indptr: *mut GrB_Index,
                n_indices: *mut GrB_Index,
                n_values: *mut GrB_Index,
                format: GrB_Format,
                A: GrB_Matrix,
            ) -> GrB_Info {
                api(A, || {
                    let arrays = CArrays { indptr, indices, values: values as *mut u8,
                        n_indptr, n_indices, n_values };
                    unsafe { export_matrix(arrays, format, A, $expected) }
                })
            }
        }
    };
}

macro_rules! builtin_import_export {
    ($suffix:ident, $t:ty, $tc:ident) => {
        typed_import_export!($suffix, $t, Some(TypeCode::$tc));
    };
}
for_each_builtin!(builtin_import_export);
typed_import_export!(UDT, c_void, None);

/// `GrB_Matrix_exportSize(&n_indptr, &n_indices, &n_values, format, A)`: the
/// array lengths an export of `A` in `format` needs.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_exportSize(
    n_indptr: *mut GrB_Index,
    n_indices: *mut GrB_Index,
    n_values: *mut GrB_Index,
    format: GrB_Format,
    A: GrB_Matrix,
) -> GrB_Info {
    api(A, || {
        let a = unsafe { &get(A)?.matrix };
        non_null(n_indptr, "n_indptr")?;
        non_null(n_indices, "n_indices")?;
        non_null(n_values, "n_values")?;
        let format = ExchangeFormat::from_spec_code(format)?;
        let need = export_sizes(&*a.snapshot()?, format)?;
        unsafe {
            put(n_indptr, need.indptr as GrB_Index, "n_indptr")?;
            put(n_indices, need.indices as GrB_Index, "n_indices")?;
            put(n_values, need.values as GrB_Index, "n_values")
        }
    })
}

/// `GrB_Matrix_exportHint(&format, A)`: CSR or CSC by the matrix's orientation,
/// COO for hypersparse content.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_exportHint(hint: *mut GrB_Format, A: GrB_Matrix) -> GrB_Info {
    api(A, || {
        let a = unsafe { &get(A)?.matrix };
        non_null(hint, "hint")?;
        unsafe { put(hint, export_hint(&*a.snapshot()?).spec_code(), "hint") }
    })
}

/// `GrB_Matrix_serializeSize(&size, A)`: the exact size of `A`'s serialization.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_serializeSize(size: *mut GrB_Index, A: GrB_Matrix) -> GrB_Info {
    api(A, || {
        let a = unsafe { &get(A)?.matrix };
        non_null(size, "size")?;
        unsafe { put(size, serialized_size(&*a.snapshot()?)? as GrB_Index, "size") }
    })
}

/// `GrB_Matrix_serialize(blob, &size, A)`: writes `A` into `blob`, whose size
/// comes in `*size` and whose used length goes out there.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_serialize(
    blob: *mut c_void,
    size: *mut GrB_Index,
    A: GrB_Matrix,
) -> GrB_Info {
    api(A, || {
        let a = unsafe { &get(A)?.matrix };
        non_null(blob, "serialized_data")?;
        non_null(size, "serialized_size")?;
        let store = a.snapshot()?;
        let need = serialized_size(&store)?;
        let capacity = unsafe { *size };
        if capacity < need as u64 {
            return Err(Error::new(
                Info::InsufficientSpace,
                format!("the buffer holds {capacity} bytes; the serialized matrix needs {need}"),
            ));
        }
        let out = unsafe { slice_mut(blob as *mut u8, need, "serialized_data")? };
        let written = serialize_into(&store, out)?;
        unsafe { *size = written as GrB_Index };
        Ok(())
    })
}

/// `GrB_Matrix_deserialize(&A, type, blob, size)`: `type` may be NULL for a
/// built-in type and must be given for a user-defined one.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_deserialize(
    A: *mut GrB_Matrix,
    type_: GrB_Type,
    blob: *const c_void,
    size: GrB_Index,
) -> GrB_Info {
    api((), || {
        non_null(A, "A")?;
        let ty = unsafe { get_opt(type_)?.map(|t| &t.ty) };
        non_null(blob, "serialized_data")?;
        let data = unsafe { array(blob as *const u8, size, "serialized_data")? };
        let store = deserialize(data, ty)?;
        unsafe { put_handle(A, GB_Matrix_opaque::new(Matrix::from_store(store)), "A") }
    })
}
