//! SuiteSparse's extensions on matrices and vectors: `GxB_*_isStoredElement`,
//! `GxB_*_build_Scalar`, `GxB_*_serialize` / `GxB_*_deserialize` (the blob
//! is allocated with the user's `malloc`, and is the same format as
//! `GrB_Matrix_serialize`'s) and `GxB_*_sort`.

use crate::api::{api, count, slice, GrB_Index, GrB_Info};
use crate::handle::*;
use crate::memory::give;
use engine::raw::object::{Matrix, Vector};
use engine::raw::ops::sort::sort;
use engine::raw::storage::serialize::{deserialize, serialize_into, serialized_size};
use engine::raw::storage::MatrixStore;
use engine::{Error, Info, Result};
use std::ffi::c_void;

/// `Ok` when `m(i, j)` holds an entry, `GrB_NO_VALUE` when not.
fn stored(m: &Matrix, i: GrB_Index, j: GrB_Index) -> Result<()> {
    match m.extract_element(i, j)? {
        Some(_) => Ok(()),
        None => Err(Error::new(Info::NoValue, "no entry at that position")),
    }
}

/// `GxB_Matrix_isStoredElement(A, i, j)`: `GrB_SUCCESS` when `A(i,j)` is
/// an entry, `GrB_NO_VALUE` when not.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_isStoredElement(
    A: GrB_Matrix,
    i: GrB_Index,
    j: GrB_Index,
) -> GrB_Info {
    api(A, || unsafe { stored(&get(A)?.matrix, i, j) })
}

/// `GxB_Vector_isStoredElement(v, i)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Vector_isStoredElement(v: GrB_Vector, i: GrB_Index) -> GrB_Info {
    api(v, || unsafe {
        stored(crate::vector::vector(v)?.as_matrix(), i, 0)
    })
}

/// The value of a non-empty scalar.
unsafe fn scalar_value(s: GrB_Scalar) -> Result<engine::raw::algebra::Value> {
    unsafe {
        get(s)?
            .scalar
            .get()
            .ok_or_else(|| Error::new(Info::EmptyObject, "the GrB_Scalar is empty"))
    }
}

/// `GxB_Matrix_build_Scalar(C, I, J, scalar, nvals)`: every `C(I[k], J[k])`
/// takes the scalar's value; repeated positions are one entry.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_build_Scalar(
    C: GrB_Matrix,
    I: *const GrB_Index,
    J: *const GrB_Index,
    scalar: GrB_Scalar,
    nvals: GrB_Index,
) -> GrB_Info {
    api(C, || {
        let c = unsafe { &get(C)?.matrix };
        let n = count(nvals, "nvals")?;
        let (rows, cols) = unsafe { (slice(I, n, "I")?, slice(J, n, "J")?) };
        let value = unsafe { scalar_value(scalar)? };
        c.build_uniform(rows, cols, &value)
    })
}

/// `GxB_Vector_build_Scalar(w, I, scalar, nvals)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Vector_build_Scalar(
    w: GrB_Vector,
    I: *const GrB_Index,
    scalar: GrB_Scalar,
    nvals: GrB_Index,
) -> GrB_Info {
    api(w, || {
        let v = unsafe { crate::vector::vector(w)? };
        let n = count(nvals, "nvals")?;
        let (rows, value) = unsafe { (slice(I, n, "I")?, scalar_value(scalar)?) };
        v.build_uniform(rows, &value)
    })
}

/// Serializes `m` into a new blob of the user's memory.
unsafe fn serialize_new(m: &Matrix, blob: *mut *mut c_void, size: *mut GrB_Index) -> Result<()> {
    non_null(blob, "blob_handle")?;
    non_null(size, "blob_size_handle")?;
    let store = m.snapshot()?;
    let mut bytes = vec![0u8; serialized_size(&store)?];
    let n = serialize_into(&store, &mut bytes)?;
    bytes.truncate(n);
    let (p, _) = give(bytes)?;
    unsafe {
        *blob = p as *mut c_void;
        *size = n as GrB_Index;
    }
    Ok(())
}

/// The content of a blob (`type` may be NULL for a built-in type).
unsafe fn deserialize_blob(
    type_: GrB_Type,
    blob: *const c_void,
    size: GrB_Index,
) -> Result<MatrixStore> {
    let ty = unsafe { get_opt(type_)?.map(|t| &t.ty) };
    let data = unsafe { slice(blob as *const u8, count(size, "blob_size")?, "blob")? };
    deserialize(data, ty)
}

/// `GxB_Matrix_serialize(&blob, &blob_size, A, desc)`: a new blob (freed by
/// the caller with its `free`) holding `A`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_serialize(
    blob: *mut *mut c_void,
    blob_size: *mut GrB_Index,
    A: GrB_Matrix,
    _desc: GrB_Descriptor,
) -> GrB_Info {
    api(A, || unsafe {
        serialize_new(&get(A)?.matrix, blob, blob_size)
    })
}

/// `GxB_Vector_serialize(&blob, &blob_size, u, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Vector_serialize(
    blob: *mut *mut c_void,
    blob_size: *mut GrB_Index,
    u: GrB_Vector,
    _desc: GrB_Descriptor,
) -> GrB_Info {
    api(u, || unsafe {
        serialize_new(crate::vector::vector(u)?.as_matrix(), blob, blob_size)
    })
}

/// `GxB_Matrix_deserialize(&C, type, blob, blob_size, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_deserialize(
    C: *mut GrB_Matrix,
    type_: GrB_Type,
    blob: *const c_void,
    blob_size: GrB_Index,
    _desc: GrB_Descriptor,
) -> GrB_Info {
    api((), || {
        non_null(C, "C")?;
        let store = unsafe { deserialize_blob(type_, blob, blob_size)? };
        unsafe { put_handle(C, GB_Matrix_opaque::new(Matrix::from_store(store)), "C") }
    })
}

/// `GxB_Vector_deserialize(&w, type, blob, blob_size, desc)`: the blob must
/// hold a vector (one column), else `GrB_DIMENSION_MISMATCH`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Vector_deserialize(
    w: *mut GrB_Vector,
    type_: GrB_Type,
    blob: *const c_void,
    blob_size: GrB_Index,
    _desc: GrB_Descriptor,
) -> GrB_Info {
    api((), || {
        non_null(w, "w")?;
        let store = unsafe { deserialize_blob(type_, blob, blob_size)? };
        if store.ncols() != 1 {
            return Err(Error::new(
                Info::DimensionMismatch,
                "the blob holds a matrix of more than one column",
            ));
        }
        unsafe { put_handle(w, GB_Vector_opaque::new(Vector::from_store(store)), "w") }
    })
}

/// `GxB_Matrix_sort(C, P, op, A, desc)`: the entries of each row of `A`
/// (each column with `GrB_INP0 = GrB_TRAN`) ordered by `op`; `C` gets the
/// values and `P` (`GrB_INT64`) their indices; either may be NULL.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_sort(
    C: GrB_Matrix,
    P: GrB_Matrix,
    op: GrB_BinaryOp,
    A: GrB_Matrix,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let c = unsafe { get_opt(C)?.map(|o| &o.matrix) };
        let p = unsafe { get_opt(P)?.map(|o| &o.matrix) };
        let by_col = unsafe { crate::descriptor::settings(desc)?.transpose_first };
        unsafe { sort(c, p, get(op)?.get(), &get(A)?.matrix, by_col) }
    })
}

/// `GxB_Vector_sort(w, p, op, u, desc)`: the entries of `u` ordered by `op`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Vector_sort(
    w: GrB_Vector,
    p: GrB_Vector,
    op: GrB_BinaryOp,
    u: GrB_Vector,
    _desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = |v: GrB_Vector| -> Result<Option<&Matrix>> {
            Ok(if v.is_null() {
                None
            } else {
                Some(unsafe { crate::vector::vector(v)?.as_matrix() })
            })
        };
        let u = unsafe { crate::vector::vector(u)?.as_matrix() };
        unsafe { sort(out(w)?, out(p)?, get(op)?.get(), u, true) }
    })
}
