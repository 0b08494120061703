//! Moving values between C memory and engine values and arrays, with the
//! spec's typecasts and domain checks.

use crate::api::slice;
use crate::handle::non_null;
use engine::algebra::{Element, Type, Value};
use engine::error::{Error, Info, Result};
use engine::storage::{Array, ArrayElement};
use std::ffi::c_void;

/// A value of type `ty` read from C memory holding `ty.size()` bytes.
pub(crate) unsafe fn value_from_bytes(ty: &Type, p: *const c_void, what: &str) -> Result<Value> {
    non_null(p, what)?;
    Ok(Value::from_bytes(
        ty,
        std::slice::from_raw_parts(p as *const u8, ty.size()),
    ))
}

/// A value cast to the built-in C type `T`; a user-defined value is a domain mismatch.
pub(crate) fn value_as<T: Element>(v: &Value) -> Result<T> {
    v.get::<T>().ok_or_else(|| {
        Error::new(
            Info::DomainMismatch,
            format!(
                "a {:?} value cannot be cast to {}",
                v.ty(),
                T::CODE.c_name()
            ),
        )
    })
}

/// Writes a value's bytes to C memory.
pub(crate) unsafe fn write_value_bytes(v: &Value, p: *mut c_void, what: &str) -> Result<()> {
    non_null(p, what)?;
    std::ptr::copy_nonoverlapping(v.bytes().as_ptr(), p as *mut u8, v.bytes().len());
    Ok(())
}

/// An array of the C values `p[0..n]` of built-in type `T`.
pub(crate) unsafe fn array_from<T: ArrayElement>(
    p: *const T,
    n: usize,
    what: &str,
) -> Result<Array> {
    let values = slice(p as *const u8, n * T::CODE.size(), what)?;
    Ok(Array::from_bytes(&T::graphblas_type(), values))
}

/// An array of `n` values of type `ty` from C memory.
pub(crate) unsafe fn array_from_bytes(
    ty: &Type,
    p: *const c_void,
    n: usize,
    what: &str,
) -> Result<Array> {
    let values = slice(p as *const u8, n * ty.size(), what)?;
    Ok(Array::from_bytes(ty, values))
}

/// Writes the values of `a` cast to `T` into the C array `out` (skipped when NULL).
pub(crate) unsafe fn write_array_as<T: Element>(a: &Array, out: *mut T) -> Result<()> {
    if out.is_null() || a.is_empty() {
        return Ok(());
    }
    let dst = std::slice::from_raw_parts_mut(out, a.len());
    if !a.cast_into(dst) {
        return Err(Error::new(
            Info::DomainMismatch,
            format!("{:?} values cannot be cast to {}", a.ty(), T::CODE.c_name()),
        ));
    }
    Ok(())
}

/// Writes the raw bytes of `a` into C memory (skipped when NULL).
pub(crate) unsafe fn write_array_bytes(a: &Array, out: *mut c_void) -> Result<()> {
    if !out.is_null() && !a.is_empty() {
        std::ptr::copy_nonoverlapping(a.bytes().as_ptr(), out as *mut u8, a.bytes().len());
    }
    Ok(())
}

/// Writes indices into a C array (skipped when NULL).
pub(crate) unsafe fn write_indices(ix: &[u64], out: *mut u64) {
    if !out.is_null() && !ix.is_empty() {
        std::ptr::copy_nonoverlapping(ix.as_ptr(), out, ix.len());
    }
}
