//! Moving values between C memory and engine values and arrays, with the
//! spec's typecasts and domain checks.

use crate::api::{slice, GrB_Index};
use crate::handle::non_null;
use engine::raw::algebra::{Type, Value};
use engine::raw::storage::{Array, MatrixStore, TupleValues};
use engine::{Error, Info, Result};
use std::ffi::c_void;

/// A C type of the typed functions' values (`GrB_Matrix_setElement_FP64`,
/// `GxB_Matrix_build_FC32`, …): the 11 built-in real types and the complex
/// ones, each the layout of its GraphBLAS type's values.
pub(crate) trait CValue: Copy {
    /// The GraphBLAS type of the values.
    fn ty() -> Type;

    /// Writes the values of `a` cast to this type into `out` (as long as
    /// `a`), straight from the array; `false`, with nothing written, when
    /// they cast only through a new array (complex values).
    fn cast_into(_a: &Array, _out: &mut [Self]) -> bool {
        false
    }

    /// The value's bytes.
    fn bytes(&self) -> &[u8] {
        // SAFETY: a plain value of `size_of::<Self>()` bytes without padding.
        unsafe { std::slice::from_raw_parts(self as *const Self as *const u8, size_of::<Self>()) }
    }

    /// The engine value.
    fn value(self) -> Value {
        Value::from_bytes(&Self::ty(), self.bytes())
    }
}

macro_rules! c_value {
    ($suffix:ident, $t:ty, $tc:ident) => {
        impl CValue for $t {
            fn ty() -> Type {
                Type::builtin(engine::raw::algebra::TypeCode::$tc)
            }
        }
    };
}
macro_rules! real_c_value {
    ($suffix:ident, $t:ty, $tc:ident) => {
        impl CValue for $t {
            fn ty() -> Type {
                Type::builtin(engine::raw::algebra::TypeCode::$tc)
            }
            fn cast_into(a: &Array, out: &mut [$t]) -> bool {
                a.cast_into(out)
            }
        }
    };
}
for_each_builtin!(real_c_value);
for_each_complex!(c_value);

/// A value of type `ty` read from C memory holding `ty.size()` bytes.
pub(crate) unsafe fn value_from_bytes(ty: &Type, p: *const c_void, what: &str) -> Result<Value> {
    non_null(p, what)?;
    unsafe {
        Ok(Value::from_bytes(
            ty,
            std::slice::from_raw_parts(p as *const u8, ty.size()),
        ))
    }
}

/// `GrB_DOMAIN_MISMATCH` unless values of type `ty` can be cast to `T`.
pub(crate) fn check_castable<T: CValue>(ty: &Type) -> Result<()> {
    if ty.compatible(&T::ty()) {
        Ok(())
    } else {
        Err(Error::new(
            Info::DomainMismatch,
            format!("{ty:?} values cannot be cast to {}", T::ty().name()),
        ))
    }
}

/// A value cast to the C type `T`; a user-defined value is a domain mismatch.
pub(crate) fn value_as<T: CValue>(v: &Value) -> Result<T> {
    check_castable::<T>(v.ty())?;
    let v = v.cast(&T::ty()).expect("compatible types cast");
    // SAFETY: `v` holds `size_of::<T>()` bytes of a valid `T`.
    Ok(unsafe { std::ptr::read_unaligned(v.bytes().as_ptr() as *const T) })
}

/// Writes a value's bytes to C memory.
pub(crate) unsafe fn write_value_bytes(v: &Value, p: *mut c_void, what: &str) -> Result<()> {
    non_null(p, what)?;
    unsafe { std::ptr::copy_nonoverlapping(v.bytes().as_ptr(), p as *mut u8, v.bytes().len()) };
    Ok(())
}

/// The C values `p[0..n]` of type `T` given to a build, read where they are.
pub(crate) unsafe fn tuple_values<'a, T: CValue>(
    p: *const T,
    n: usize,
    what: &str,
) -> Result<TupleValues<'a>> {
    unsafe { tuple_values_of(&T::ty(), p as *const c_void, n, what) }
}

/// `n` values of type `ty` in C memory given to a build, read where they are.
pub(crate) unsafe fn tuple_values_of<'a>(
    ty: &Type,
    p: *const c_void,
    n: usize,
    what: &str,
) -> Result<TupleValues<'a>> {
    let values = unsafe { slice(p as *const u8, n * ty.size(), what)? };
    Ok(TupleValues::from_bytes(ty, values))
}

/// Writes the values of `a` cast to `T` into the C array `out` (skipped when NULL).
pub(crate) unsafe fn write_array_as<T: CValue>(a: &Array, out: *mut T) -> Result<()> {
    if out.is_null() || a.is_empty() {
        return Ok(());
    }
    check_castable::<T>(&a.ty())?;
    if a.ty() == T::ty() {
        return unsafe { write_array_bytes(a, out as *mut c_void) };
    }
    // SAFETY: the caller's array holds the values (the function's contract).
    if T::cast_into(a, unsafe { std::slice::from_raw_parts_mut(out, a.len()) }) {
        return Ok(());
    }
    unsafe { write_array_bytes(&a.cast(&T::ty()), out as *mut c_void) }
}

/// Writes the raw bytes of `a` into C memory (skipped when NULL).
pub(crate) unsafe fn write_array_bytes(a: &Array, out: *mut c_void) -> Result<()> {
    if !out.is_null() && !a.is_empty() {
        let len = a.len() * a.elem_size();
        // SAFETY: the caller's array holds the values (the function's contract).
        a.write_bytes_into(unsafe { std::slice::from_raw_parts_mut(out as *mut u8, len) });
    }
    Ok(())
}

/// Writes the entries of `store` (a matrix, or a vector as one column) into
/// the caller's arrays of capacity `*nvals` (`GrB_*_extractTuples`): the
/// values through `write_values`, then the rows into `I` and the columns
/// into `J` (each skipped when NULL), straight from the store.
///
/// # Safety
/// `nvals` is NULL or valid; `I` and `J` are NULL or hold `*nvals` indices.
pub(crate) unsafe fn write_tuples(
    store: &MatrixStore,
    I: *mut GrB_Index,
    J: *mut GrB_Index,
    nvals: *mut GrB_Index,
    what: &str,
    write_values: impl FnOnce(&Array) -> Result<()>,
) -> Result<()> {
    non_null(nvals, "nvals")?;
    let n = store.nvals();
    let capacity = unsafe { *nvals };
    if capacity < n as GrB_Index {
        return Err(Error::new(
            Info::InsufficientSpace,
            format!("the output arrays hold {capacity} entries but the {what} has {n}"),
        ));
    }
    write_values(&store.values_in_order())?;
    // SAFETY: each non-NULL array holds at least `capacity >= n` indices.
    let list =
        |p: *mut GrB_Index| (!p.is_null()).then(|| unsafe { std::slice::from_raw_parts_mut(p, n) });
    store.write_coordinates(list(I), list(J));
    unsafe { *nvals = n as GrB_Index };
    Ok(())
}
