//! `GrB_Matrix` methods: new, dup, clear, dimensions, resize, build,
//! setElement, removeElement, extractElement, extractTuples, free, wait.

use crate::api::{
    api, check_wait_mode, count, free_entry, slice, GrB_Index, GrB_Info, GrB_WaitMode,
};
use crate::handle::*;
use crate::values::*;
use engine::raw::algebra::Value;
use engine::raw::object::Matrix;
use engine::raw::storage::{Array, TupleValues};
use engine::{Error, Info, Result};
use paste::paste;
use std::ffi::c_void;

/// `GrB_Matrix_new(&A, type, nrows, ncols)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_new(
    A: *mut GrB_Matrix,
    type_: GrB_Type,
    nrows: GrB_Index,
    ncols: GrB_Index,
) -> GrB_Info {
    api((), || {
        non_null(A, "A")?;
        let ty = unsafe { get(type_)? };
        let m = Matrix::new(&ty.ty, nrows, ncols)?;
        unsafe { put_handle(A, GB_Matrix_opaque::new(m), "A") }
    })
}

/// `GrB_Matrix_dup(&C, A)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_dup(C: *mut GrB_Matrix, A: GrB_Matrix) -> GrB_Info {
    api(A, || {
        non_null(C, "C")?;
        let m = unsafe { get(A)?.matrix.dup()? };
        unsafe { put_handle(C, GB_Matrix_opaque::new(m), "C") }
    })
}

/// `GrB_Matrix_clear(A)`: removes every entry.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_clear(A: GrB_Matrix) -> GrB_Info {
    api(A, || {
        unsafe { get(A)?.matrix.clear() };
        Ok(())
    })
}

/// `GrB_Matrix_nrows(&n, A)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_nrows(nrows: *mut GrB_Index, A: GrB_Matrix) -> GrB_Info {
    api(A, || unsafe { put(nrows, get(A)?.matrix.nrows(), "nrows") })
}

/// `GrB_Matrix_ncols(&n, A)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_ncols(ncols: *mut GrB_Index, A: GrB_Matrix) -> GrB_Info {
    api(A, || unsafe { put(ncols, get(A)?.matrix.ncols(), "ncols") })
}

/// `GrB_Matrix_nvals(&n, A)`: finishes pending work and counts the entries.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_nvals(nvals: *mut GrB_Index, A: GrB_Matrix) -> GrB_Info {
    api(A, || {
        non_null(nvals, "nvals")?;
        let n = unsafe { get(A)?.matrix.nvals()? };
        unsafe { put(nvals, n as GrB_Index, "nvals") }
    })
}

/// `GrB_Matrix_resize(C, nrows, ncols)`: entries outside the new size are dropped.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_resize(
    C: GrB_Matrix,
    nrows: GrB_Index,
    ncols: GrB_Index,
) -> GrB_Info {
    api(C, || unsafe { get(C)?.matrix.resize(nrows, ncols) })
}

/// `GrB_Matrix_removeElement(C, i, j)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_removeElement(
    C: GrB_Matrix,
    i: GrB_Index,
    j: GrB_Index,
) -> GrB_Info {
    api(C, || unsafe { get(C)?.matrix.remove_element(i, j) })
}

/// `GrB_Matrix_wait(A, mode)`: finishes all pending work on `A`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_wait(A: GrB_Matrix, mode: GrB_WaitMode) -> GrB_Info {
    api(A, || {
        let a = unsafe { get(A)? };
        check_wait_mode(mode)?;
        a.matrix.wait()
    })
}

/// `GrB_Matrix_free(&A)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_free(A: *mut GrB_Matrix) -> GrB_Info {
    unsafe { free_entry(A) }
}

/// Builds `C` from `n` tuples, their values read from the caller's array.
unsafe fn build<'a>(
    C: GrB_Matrix,
    I: *const GrB_Index,
    J: *const GrB_Index,
    n: GrB_Index,
    dup: GrB_BinaryOp,
    values: impl FnOnce(&Matrix, usize) -> Result<TupleValues<'a>>,
) -> Result<()> {
    let c = unsafe { &get(C)?.matrix };
    let n = count(n, "nvals")?;
    let rows = unsafe { slice(I, n, "I")? };
    let cols = unsafe { slice(J, n, "J")? };
    let dup = unsafe { get_opt(dup)?.map(|d| d.get()) };
    let x = values(c, n)?;
    c.build(rows, cols, x, dup)
}

/// Extracts the tuples of `A` into caller arrays of capacity `*nvals`.
unsafe fn extract_tuples(
    I: *mut GrB_Index,
    J: *mut GrB_Index,
    nvals: *mut GrB_Index,
    A: GrB_Matrix,
    write_values: impl FnOnce(&Array) -> Result<()>,
) -> Result<()> {
    let a = unsafe { &get(A)?.matrix };
    unsafe { write_tuples(&*a.snapshot()?, I, J, nvals, "matrix", write_values) }
}

/// Reads `A(i, j)`: `GrB_NO_VALUE` when absent.
fn element(a: &Matrix, i: GrB_Index, j: GrB_Index) -> Result<Value> {
    a.extract_element(i, j)?
        .ok_or_else(|| Error::new(Info::NoValue, "no entry at that position"))
}

macro_rules! typed_matrix_methods {
    ($prefix:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! {
            #[doc = concat!("`", stringify!($prefix), "_Matrix_setElement_", stringify!($suffix), "(C, x, i, j)`: `C(i,j) = x`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Matrix_setElement_ $suffix>](C: GrB_Matrix, x: $t, i: GrB_Index, j: GrB_Index) -> GrB_Info {
                api(C, || unsafe { get(C)?.matrix.set_element(i, j, &x.value()) })
            }

            #[doc = concat!("`", stringify!($prefix), "_Matrix_extractElement_", stringify!($suffix), "(&x, A, i, j)`: `x = A(i,j)`, or `GrB_NO_VALUE`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Matrix_extractElement_ $suffix>](x: *mut $t, A: GrB_Matrix, i: GrB_Index, j: GrB_Index) -> GrB_Info {
                api(A, || {
                    let a = unsafe { &get(A)?.matrix };
                    non_null(x, "x")?;
                    check_castable::<$t>(a.ty())?;
                    let v = element(a, i, j)?;
                    unsafe { put(x, value_as::<$t>(&v)?, "x") }
                })
            }

            #[doc = concat!("`", stringify!($prefix), "_Matrix_build_", stringify!($suffix), "(C, I, J, X, nvals, dup)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Matrix_build_ $suffix>](C: GrB_Matrix, I: *const GrB_Index, J: *const GrB_Index, X: *const $t, nvals: GrB_Index, dup: GrB_BinaryOp) -> GrB_Info {
                api(C, || unsafe { build(C, I, J, nvals, dup, |_, n| tuple_values(X, n, "X")) })
            }

            #[doc = concat!("`", stringify!($prefix), "_Matrix_extractTuples_", stringify!($suffix), "(I, J, X, &nvals, A)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Matrix_extractTuples_ $suffix>](I: *mut GrB_Index, J: *mut GrB_Index, X: *mut $t, nvals: *mut GrB_Index, A: GrB_Matrix) -> GrB_Info {
                api(A, || unsafe { extract_tuples(I, J, nvals, A, |x| write_array_as(x, X)) })
            }
        }
    };
}
for_each_builtin!(typed_matrix_methods, GrB);
for_each_complex!(typed_matrix_methods, GxB);

/// `GrB_Matrix_setElement_UDT(C, &x, i, j)`: `x` points to a value of `C`'s type.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_setElement_UDT(
    C: GrB_Matrix,
    x: *const c_void,
    i: GrB_Index,
    j: GrB_Index,
) -> GrB_Info {
    api(C, || {
        let c = unsafe { &get(C)?.matrix };
        let v = unsafe { value_from_bytes(c.ty(), x, "x")? };
        c.set_element(i, j, &v)
    })
}

/// `GrB_Matrix_setElement_Scalar(C, s, i, j)`: an empty scalar removes `C(i,j)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_setElement_Scalar(
    C: GrB_Matrix,
    s: GrB_Scalar,
    i: GrB_Index,
    j: GrB_Index,
) -> GrB_Info {
    api(C, || {
        let c = unsafe { &get(C)?.matrix };
        match unsafe { get(s)? }.scalar.get() {
            Some(v) => c.set_element(i, j, &v),
            None => c.remove_element(i, j),
        }
    })
}

/// `GrB_Matrix_extractElement_UDT(&x, A, i, j)`: copies the value's bytes (of `A`'s type).
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_extractElement_UDT(
    x: *mut c_void,
    A: GrB_Matrix,
    i: GrB_Index,
    j: GrB_Index,
) -> GrB_Info {
    api(A, || {
        let a = unsafe { &get(A)?.matrix };
        non_null(x, "x")?;
        unsafe { write_value_bytes(&element(a, i, j)?, x, "x") }
    })
}

/// `GrB_Matrix_extractElement_Scalar(s, A, i, j)`: `s` becomes empty when there is no entry.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_extractElement_Scalar(
    s: GrB_Scalar,
    A: GrB_Matrix,
    i: GrB_Index,
    j: GrB_Index,
) -> GrB_Info {
    api(s, || {
        let a = unsafe { &get(A)?.matrix };
        let s = unsafe { &get(s)?.scalar };
        let v = a.extract_element(i, j)?;
        if let Some(v) = &v {
            if !v.ty().compatible(s.ty()) {
                return Err(Error::new(
                    Info::DomainMismatch,
                    format!(
                        "a {:?} value cannot be stored in a {:?} scalar",
                        v.ty(),
                        s.ty()
                    ),
                ));
            }
        }
        s.set_option(v)
    })
}

/// `GrB_Matrix_build_UDT(C, I, J, X, nvals, dup)`: `X` holds values of `C`'s type.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_build_UDT(
    C: GrB_Matrix,
    I: *const GrB_Index,
    J: *const GrB_Index,
    X: *const c_void,
    nvals: GrB_Index,
    dup: GrB_BinaryOp,
) -> GrB_Info {
    api(C, || unsafe {
        build(C, I, J, nvals, dup, |c, n| {
            tuple_values_of(c.ty(), X, n, "X")
        })
    })
}

/// `GrB_Matrix_extractTuples_UDT(I, J, X, &nvals, A)`: `X` receives values of `A`'s type.
#[no_mangle]
pub unsafe extern "C" fn GrB_Matrix_extractTuples_UDT(
    I: *mut GrB_Index,
    J: *mut GrB_Index,
    X: *mut c_void,
    nvals: *mut GrB_Index,
    A: GrB_Matrix,
) -> GrB_Info {
    api(A, || unsafe {
        extract_tuples(I, J, nvals, A, |x| write_array_bytes(x, X))
    })
}
