//! The Rust types of the 11 built-in GraphBLAS element types, and the spec's typecasts between them.

use super::types::{Type, TypeCode};
use std::fmt::Debug;

/// A Rust type that is one of the 11 built-in GraphBLAS element types.
pub trait Element:
    Copy + Send + Sync + 'static + PartialEq + PartialOrd + Default + Debug + CastAll + CastFrom
{
    /// The type's code.
    const CODE: TypeCode;
    /// The zero of the type (`false` for bool).
    const ZERO: Self;
    /// The one of the type (`true` for bool).
    const ONE: Self;
    /// The smallest value (`-inf` for floats, `false` for bool).
    const MIN_VALUE: Self;
    /// The largest value (`+inf` for floats, `true` for bool).
    const MAX_VALUE: Self;

    /// The GraphBLAS type.
    fn graphblas_type() -> Type {
        Type::builtin(Self::CODE)
    }
    /// Reads a value from its native-endian bytes (`bytes.len()` must be the type's size;
    /// any nonzero byte is `true` for bool).
    fn read(bytes: &[u8]) -> Self;
    /// Writes the value's native-endian bytes into `out`.
    fn write(self, out: &mut [u8]);
}

/// Casting to every built-in type, with the spec's rules (C casts; float to integer
/// saturates at the bounds and maps NaN to 0; anything to bool is `x != 0`).
pub trait CastAll: Sized {
    /// Casts to `bool`.
    fn to_bool(self) -> bool;
    /// Casts to `i8`.
    fn to_i8(self) -> i8;
    /// Casts to `u8`.
    fn to_u8(self) -> u8;
    /// Casts to `i16`.
    fn to_i16(self) -> i16;
    /// Casts to `u16`.
    fn to_u16(self) -> u16;
    /// Casts to `i32`.
    fn to_i32(self) -> i32;
    /// Casts to `u32`.
    fn to_u32(self) -> u32;
    /// Casts to `i64`.
    fn to_i64(self) -> i64;
    /// Casts to `u64`.
    fn to_u64(self) -> u64;
    /// Casts to `f32`.
    fn to_f32(self) -> f32;
    /// Casts to `f64`.
    fn to_f64(self) -> f64;
}

/// Casts any element to the element type `D`.
#[inline(always)]
pub fn cast<S: Element, D: Element>(s: S) -> D {
    D::cast_from(s)
}

/// Construction of an element by casting from any other element type.
pub trait CastFrom {
    /// Casts `s` to `Self`.
    fn cast_from<S: Element>(s: S) -> Self;
}

macro_rules! numeric_cast_all {
    ($t:ty) => {
        impl CastAll for $t {
            #[inline(always)]
            fn to_bool(self) -> bool {
                self != (0 as $t)
            }
            #[inline(always)]
            fn to_i8(self) -> i8 {
                self as i8
            }
            #[inline(always)]
            fn to_u8(self) -> u8 {
                self as u8
            }
            #[inline(always)]
            fn to_i16(self) -> i16 {
                self as i16
            }
            #[inline(always)]
            fn to_u16(self) -> u16 {
                self as u16
            }
            #[inline(always)]
            fn to_i32(self) -> i32 {
                self as i32
            }
            #[inline(always)]
            fn to_u32(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn to_i64(self) -> i64 {
                self as i64
            }
            #[inline(always)]
            fn to_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn to_f32(self) -> f32 {
                self as f32
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    };
}

impl CastAll for bool {
    #[inline(always)]
    fn to_bool(self) -> bool {
        self
    }
    #[inline(always)]
    fn to_i8(self) -> i8 {
        self as i8
    }
    #[inline(always)]
    fn to_u8(self) -> u8 {
        self as u8
    }
    #[inline(always)]
    fn to_i16(self) -> i16 {
        self as i16
    }
    #[inline(always)]
    fn to_u16(self) -> u16 {
        self as u16
    }
    #[inline(always)]
    fn to_i32(self) -> i32 {
        self as i32
    }
    #[inline(always)]
    fn to_u32(self) -> u32 {
        self as u32
    }
    #[inline(always)]
    fn to_i64(self) -> i64 {
        self as i64
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self as u8 as f32
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self as u8 as f64
    }
}

macro_rules! element {
    ($t:ty, $code:ident, $to:ident, $zero:expr, $one:expr, $min:expr, $max:expr) => {
        impl Element for $t {
            const CODE: TypeCode = TypeCode::$code;
            const ZERO: Self = $zero;
            const ONE: Self = $one;
            const MIN_VALUE: Self = $min;
            const MAX_VALUE: Self = $max;
            #[inline(always)]
            fn read(bytes: &[u8]) -> Self {
                <$t>::from_ne_bytes(bytes.try_into().expect("element size"))
            }
            #[inline(always)]
            fn write(self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_ne_bytes());
            }
        }
        impl CastFrom for $t {
            #[inline(always)]
            fn cast_from<S: Element>(s: S) -> Self {
                s.$to()
            }
        }
    };
}

numeric_cast_all!(i8);
numeric_cast_all!(u8);
numeric_cast_all!(i16);
numeric_cast_all!(u16);
numeric_cast_all!(i32);
numeric_cast_all!(u32);
numeric_cast_all!(i64);
numeric_cast_all!(u64);
numeric_cast_all!(f32);
numeric_cast_all!(f64);

element!(i8, Int8, to_i8, 0, 1, i8::MIN, i8::MAX);
element!(u8, Uint8, to_u8, 0, 1, u8::MIN, u8::MAX);
element!(i16, Int16, to_i16, 0, 1, i16::MIN, i16::MAX);
element!(u16, Uint16, to_u16, 0, 1, u16::MIN, u16::MAX);
element!(i32, Int32, to_i32, 0, 1, i32::MIN, i32::MAX);
element!(u32, Uint32, to_u32, 0, 1, u32::MIN, u32::MAX);
element!(i64, Int64, to_i64, 0, 1, i64::MIN, i64::MAX);
element!(u64, Uint64, to_u64, 0, 1, u64::MIN, u64::MAX);
element!(
    f32,
    Fp32,
    to_f32,
    0.0,
    1.0,
    f32::NEG_INFINITY,
    f32::INFINITY
);
element!(
    f64,
    Fp64,
    to_f64,
    0.0,
    1.0,
    f64::NEG_INFINITY,
    f64::INFINITY
);

impl Element for bool {
    const CODE: TypeCode = TypeCode::Bool;
    const ZERO: Self = false;
    const ONE: Self = true;
    const MIN_VALUE: Self = false;
    const MAX_VALUE: Self = true;
    #[inline(always)]
    fn read(bytes: &[u8]) -> Self {
        bytes[0] != 0
    }
    #[inline(always)]
    fn write(self, out: &mut [u8]) {
        out[0] = self as u8;
    }
}

impl CastFrom for bool {
    #[inline(always)]
    fn cast_from<S: Element>(s: S) -> Self {
        s.to_bool()
    }
}

/// Calls `$body` with the type alias `$T` bound to the Rust type of a built-in
/// real [`TypeCode`]; evaluates `$udt` for the types held as bytes (user-defined
/// and complex).
macro_rules! with_type {
    ($code:expr, $T:ident => $body:expr, udt => $udt:expr) => {
        match $code {
            $crate::algebra::TypeCode::Bool => {
                type $T = bool;
                $body
            }
            $crate::algebra::TypeCode::Int8 => {
                type $T = i8;
                $body
            }
            $crate::algebra::TypeCode::Uint8 => {
                type $T = u8;
                $body
            }
            $crate::algebra::TypeCode::Int16 => {
                type $T = i16;
                $body
            }
            $crate::algebra::TypeCode::Uint16 => {
                type $T = u16;
                $body
            }
            $crate::algebra::TypeCode::Int32 => {
                type $T = i32;
                $body
            }
            $crate::algebra::TypeCode::Uint32 => {
                type $T = u32;
                $body
            }
            $crate::algebra::TypeCode::Int64 => {
                type $T = i64;
                $body
            }
            $crate::algebra::TypeCode::Uint64 => {
                type $T = u64;
                $body
            }
            $crate::algebra::TypeCode::Fp32 => {
                type $T = f32;
                $body
            }
            $crate::algebra::TypeCode::Fp64 => {
                type $T = f64;
                $body
            }
            $crate::algebra::TypeCode::Fc32
            | $crate::algebra::TypeCode::Fc64
            | $crate::algebra::TypeCode::Udt => $udt,
        }
    };
}
pub(crate) use with_type;

/// A function that casts one element given as bytes into another type's bytes.
pub type ByteCastFn = fn(&mut [u8], &[u8]);

fn cast_bytes<S: Element, D: Element>(out: &mut [u8], inp: &[u8]) {
    cast::<S, D>(S::read(inp)).write(out)
}

fn copy_bytes(out: &mut [u8], inp: &[u8]) {
    out.copy_from_slice(inp)
}

/// The byte-level cast function from built-in type `from` to built-in type `to`
/// (a plain copy when they are equal, including user types; complex types
/// as [`super::complex`] says).
pub fn byte_cast_fn(from: TypeCode, to: TypeCode) -> ByteCastFn {
    if from == to {
        return copy_bytes;
    }
    if from.is_complex() || to.is_complex() {
        return super::complex::cast_fn(from, to);
    }
    with_type!(from, S => with_type!(to, D => cast_bytes::<S, D>, udt => copy_bytes), udt => copy_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_int_saturates_and_nan_is_zero() {
        assert_eq!(cast::<f64, i32>(1e20), i32::MAX);
        assert_eq!(cast::<f64, i32>(-1e20), i32::MIN);
        assert_eq!(cast::<f64, i32>(f64::NAN), 0);
        assert_eq!(cast::<f64, u8>(-3.0), 0);
        assert_eq!(cast::<f32, u64>(f32::INFINITY), u64::MAX);
        assert_eq!(cast::<f64, i64>(-2.7), -2);
    }

    #[test]
    fn bool_casts() {
        assert!(cast::<f64, bool>(f64::NAN));
        assert!(!cast::<i32, bool>(0));
        assert!(cast::<i32, bool>(-5));
        assert_eq!(cast::<bool, f64>(true), 1.0);
        assert_eq!(cast::<bool, i8>(true), 1);
    }

    #[test]
    fn int_casts_wrap_like_c() {
        assert_eq!(cast::<i32, u8>(257), 1);
        assert_eq!(cast::<i64, i8>(-129), 127);
        assert_eq!(cast::<u64, i64>(u64::MAX), -1);
    }

    #[test]
    fn byte_casts() {
        let f = byte_cast_fn(TypeCode::Fp64, TypeCode::Int16);
        let mut out = [0u8; 2];
        f(&mut out, &(-7.9f64).to_ne_bytes());
        assert_eq!(i16::from_ne_bytes(out), -7);
    }
}
