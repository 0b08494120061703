//! SuiteSparse's complex types, `GxB_FC32` and `GxB_FC64` (C's `float
//! complex` and `double complex`: the real part, then the imaginary part),
//! on element bytes: their typecasts and the byte functions of their
//! built-in operators.
//!
//! Complex values are stored and computed as bytes (like user-defined
//! values), so every kernel serves them through its generic tier; only the
//! typecasts and operators here know what the bytes mean:
//!
//! * real to complex: the value (cast to the component type) and a zero
//!   imaginary part; complex to real: the real part, cast (saturating) to
//!   the real type; complex to bool: true unless both parts are zero; between
//!   the complex types, each part;
//! * `PLUS`, `MINUS`, `RMINUS`, `TIMES` by the textbook formulas, `DIV`,
//!   `RDIV` and `MINV` by Smith's method (ACM Algorithm 116) in double
//!   precision, as SuiteSparse does (`GxB_FC32` divides in double and rounds);
//!   `ABS` is the modulus (a real result); `EQ` and `NE` compare both parts.
//!
//! Products with infinite or NaN parts may differ from C's `*`, which
//! recovers some infinities (C11 Annex G); finite values agree.

use super::binary::{BinaryCode, ByteBinaryFn};
use super::element::{cast, ByteCastFn, Element};
use super::indexunary::{ByteIndexFn, IndexUnaryCode};
use super::types::TypeCode;
use super::unary::{ByteUnaryFn, UnaryCode};
use crate::with_type;
use std::sync::Arc;

/// A component type of a complex type: `f32` or `f64`.
trait Part:
    Element
    + Into<f64>
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Neg<Output = Self>
{
    /// Rounds a double to this component type.
    fn of(x: f64) -> Self;
}

impl Part for f32 {
    fn of(x: f64) -> f32 {
        x as f32
    }
}

impl Part for f64 {
    fn of(x: f64) -> f64 {
        x
    }
}

/// A complex value with parts of type `F`, computed in `F` as C computes
/// `float complex` or `double complex` values.
#[derive(Clone, Copy, Debug, PartialEq)]
struct C<F> {
    re: F,
    im: F,
}

impl<F: Part> C<F> {
    fn new(re: F, im: F) -> C<F> {
        C { re, im }
    }

    fn zero() -> C<F> {
        C::new(F::ZERO, F::ZERO)
    }

    fn one() -> C<F> {
        C::new(F::ONE, F::ZERO)
    }

    fn read(b: &[u8]) -> C<F> {
        let n = F::CODE.size();
        C::new(F::read(&b[..n]), F::read(&b[n..2 * n]))
    }

    fn write(self, out: &mut [u8]) {
        let n = F::CODE.size();
        self.re.write(&mut out[..n]);
        self.im.write(&mut out[n..2 * n]);
    }

    fn add(self, y: C<F>) -> C<F> {
        C::new(self.re + y.re, self.im + y.im)
    }

    fn sub(self, y: C<F>) -> C<F> {
        C::new(self.re - y.re, self.im - y.im)
    }

    fn mul(self, y: C<F>) -> C<F> {
        C::new(
            self.re * y.re - self.im * y.im,
            self.re * y.im + self.im * y.re,
        )
    }

    /// `self / y`, in double precision (see [`div64`]).
    fn div(self, y: C<F>) -> C<F> {
        let (re, im) = div64((self.re.into(), self.im.into()), (y.re.into(), y.im.into()));
        C::new(F::of(re), F::of(im))
    }
}

/// `x / y` by Smith's method, with its special cases for a divisor with a
/// zero part or two infinite parts.
fn div64((xr, xi): (f64, f64), (yr, yi): (f64, f64)) -> (f64, f64) {
    let scaled = |r: f64, d: f64| ((xr + xi * r) / d, (xi - xr * r) / d);
    if yi == 0.0 {
        (xr / yr, xi / yr)
    } else if yr == 0.0 {
        (xi / yi, -xr / yi)
    } else if yr.is_infinite() && yi.is_infinite() {
        let r = if yr.is_sign_negative() == yi.is_sign_negative() {
            1.0
        } else {
            -1.0
        };
        scaled(r, yr + r * yi)
    } else if yr.abs() >= yi.abs() {
        let r = yi / yr;
        scaled(r, yr + r * yi)
    } else {
        let r = yr / yi;
        let d = r * yr + yi;
        ((xr * r + xi) / d, (xi * r - xr) / d)
    }
}

fn to_complex<S: Element, F: Part>(out: &mut [u8], inp: &[u8]) {
    C::new(cast::<S, F>(S::read(inp)), F::ZERO).write(out)
}

fn to_real<F: Part, D: Element>(out: &mut [u8], inp: &[u8]) {
    let c = C::<F>::read(inp);
    if D::CODE == TypeCode::Bool {
        // As C casts a complex value to bool: any part nonzero.
        cast::<bool, D>(c.re != F::ZERO || c.im != F::ZERO).write(out)
    } else {
        cast::<F, D>(c.re).write(out)
    }
}

fn to_other<F: Part, G: Part>(out: &mut [u8], inp: &[u8]) {
    let c = C::<F>::read(inp);
    C::new(cast::<F, G>(c.re), cast::<F, G>(c.im)).write(out)
}

/// Calls `$body` with `$F` bound to the component type of complex `$code`.
macro_rules! with_part {
    ($code:expr, $F:ident => $body:expr) => {
        match $code {
            TypeCode::Fc32 => {
                type $F = f32;
                $body
            }
            _ => {
                type $F = f64;
                $body
            }
        }
    };
}

/// The byte cast from `from` to `to`, at least one of them complex and the
/// other built in.
pub fn cast_fn(from: TypeCode, to: TypeCode) -> ByteCastFn {
    match (from.is_complex(), to.is_complex()) {
        (true, true) => with_part!(from, F => with_part!(to, G => to_other::<F, G>)),
        (true, false) => with_part!(from, F => with_type!(to, D => to_real::<F, D>,
            udt => unreachable!("complex values cast to built-in types only"))),
        _ => with_part!(to, F => with_type!(from, S => to_complex::<S, F>,
            udt => unreachable!("complex values cast from built-in types only"))),
    }
}

/// True when the built-in unary operator exists on a complex type.
pub const fn unary_defined(code: UnaryCode) -> bool {
    matches!(
        code,
        UnaryCode::Identity | UnaryCode::Ainv | UnaryCode::Minv | UnaryCode::Abs | UnaryCode::One
    )
}

/// True when the built-in binary operator exists on a complex type (the
/// ordered ones, logical and bitwise ones do not).
pub const fn binary_defined(code: BinaryCode) -> bool {
    matches!(
        code,
        BinaryCode::First
            | BinaryCode::Second
            | BinaryCode::Oneb
            | BinaryCode::Any
            | BinaryCode::Plus
            | BinaryCode::Minus
            | BinaryCode::Rminus
            | BinaryCode::Times
            | BinaryCode::Div
            | BinaryCode::Rdiv
            | BinaryCode::Eq
            | BinaryCode::Ne
            | BinaryCode::Iseq
            | BinaryCode::Isne
    )
}

/// The byte function of a built-in unary operator on complex type `t`
/// (`ABS` writes the real type of `t`'s parts).
pub fn unary_fn(code: UnaryCode, t: TypeCode) -> ByteUnaryFn {
    with_part!(t, F => {
        let f: fn(C<F>) -> C<F> = match code {
            UnaryCode::Identity => |x| x,
            UnaryCode::Ainv => |x| C::new(-x.re, -x.im),
            UnaryCode::Minv => |x| C::one().div(x),
            UnaryCode::One => |_| C::one(),
            UnaryCode::Abs => {
                return Arc::new(|z: &mut [u8], x: &[u8]| {
                    let c = C::<F>::read(x);
                    c.re.hypot(c.im).write(z)
                })
            }
            _ => unreachable!("{code:?} is not defined on complex types"),
        };
        Arc::new(move |z: &mut [u8], x: &[u8]| f(C::read(x)).write(z))
    })
}

/// The byte function of a built-in binary operator on complex type `t`
/// (`EQ`, `NE` write a bool).
pub fn binary_fn(code: BinaryCode, t: TypeCode) -> ByteBinaryFn {
    with_part!(t, F => {
        if let BinaryCode::Eq | BinaryCode::Ne = code {
            let equal = code == BinaryCode::Eq;
            return Arc::new(move |z: &mut [u8], x: &[u8], y: &[u8]| {
                ((C::<F>::read(x) == C::read(y)) == equal).write(z)
            });
        }
        let f: fn(C<F>, C<F>) -> C<F> = match code {
            BinaryCode::First => |x, _| x,
            BinaryCode::Second | BinaryCode::Any => |_, y| y,
            BinaryCode::Oneb => |_, _| C::one(),
            BinaryCode::Plus => C::add,
            BinaryCode::Minus => C::sub,
            BinaryCode::Rminus => |x, y| y.sub(x),
            BinaryCode::Times => C::mul,
            BinaryCode::Div => C::div,
            BinaryCode::Rdiv => |x, y| y.div(x),
            BinaryCode::Iseq => |x, y| if x == y { C::one() } else { C::zero() },
            BinaryCode::Isne => |x, y| if x != y { C::one() } else { C::zero() },
            _ => unreachable!("{code:?} is not defined on complex types"),
        };
        Arc::new(move |z: &mut [u8], x: &[u8], y: &[u8]| f(C::read(x), C::read(y)).write(z))
    })
}

/// The identity and terminal value (bytes of type `t`) of a built-in monoid
/// on a complex type: `PLUS`, `TIMES`, `ANY`.
pub fn monoid_identity(code: BinaryCode, t: TypeCode) -> Option<(Vec<u8>, Option<Vec<u8>>)> {
    with_part!(t, F => {
        let bytes = |c: C<F>| {
            let mut out = vec![0u8; t.size()];
            c.write(&mut out);
            out
        };
        match code {
            BinaryCode::Plus => Some((bytes(C::zero()), None)),
            BinaryCode::Times => Some((bytes(C::one()), None)),
            BinaryCode::Any => Some((bytes(C::zero()), Some(bytes(C::zero())))),
            _ => None,
        }
    })
}

/// The byte function of `VALUEEQ` / `VALUENE` on a complex type (the other
/// index-unary operators that read values need an order).
pub fn index_fn(code: IndexUnaryCode, t: TypeCode) -> Option<ByteIndexFn> {
    let equal = match code {
        IndexUnaryCode::ValueEq => true,
        IndexUnaryCode::ValueNe => false,
        _ => return None,
    };
    Some(
        with_part!(t, F => Arc::new(move |z: &mut [u8], x: &[u8], _i, _j, s: &[u8]| {
            ((C::<F>::read(x) == C::<F>::read(s)) == equal).write(z)
        })),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fc64(re: f64, im: f64) -> Vec<u8> {
        let mut b = vec![0u8; 16];
        C::new(re, im).write(&mut b);
        b
    }

    fn read64(b: &[u8]) -> (f64, f64) {
        let c = C::<f64>::read(b);
        (c.re, c.im)
    }

    #[test]
    fn casts_follow_suitesparse() {
        let mut out = vec![0u8; 16];
        cast_fn(TypeCode::Int32, TypeCode::Fc64)(&mut out, &(-3i32).to_ne_bytes());
        assert_eq!(read64(&out), (-3.0, 0.0));
        let mut b = [0u8; 1];
        cast_fn(TypeCode::Fc64, TypeCode::Bool)(&mut b, &fc64(0.0, -2.0));
        assert_eq!(b, [1], "a nonzero imaginary part is true");
        cast_fn(TypeCode::Fc64, TypeCode::Bool)(&mut b, &fc64(-0.0, 0.0));
        assert_eq!(b, [0]);
        let mut i = [0u8; 1];
        cast_fn(TypeCode::Fc64, TypeCode::Int8)(&mut i, &fc64(1e9, 5.0));
        assert_eq!(i8::from_ne_bytes(i), i8::MAX, "the real part, saturated");
        let mut f = [0u8; 8];
        cast_fn(TypeCode::Fc64, TypeCode::Fc32)(&mut f, &fc64(1.5, -2.5));
        assert_eq!(C::<f32>::read(&f), C::new(1.5, -2.5));
    }

    #[test]
    fn arithmetic() {
        let (x, y) = (fc64(1.0, 2.0), fc64(3.0, -4.0));
        let apply = |code| {
            let mut z = vec![0u8; 16];
            binary_fn(code, TypeCode::Fc64)(&mut z, &x, &y);
            read64(&z)
        };
        assert_eq!(apply(BinaryCode::Plus), (4.0, -2.0));
        assert_eq!(apply(BinaryCode::Times), (11.0, 2.0));
        assert_eq!(apply(BinaryCode::Rminus), (2.0, -6.0));
        let (re, im) = apply(BinaryCode::Div);
        assert!((re + 0.2).abs() < 1e-15 && (im - 0.4).abs() < 1e-15);
        let mut b = [0u8; 1];
        binary_fn(BinaryCode::Eq, TypeCode::Fc64)(&mut b, &x, &x);
        assert_eq!(b, [1]);
        let mut m = [0u8; 8];
        unary_fn(UnaryCode::Abs, TypeCode::Fc64)(&mut m, &fc64(3.0, -4.0));
        assert_eq!(f64::from_ne_bytes(m), 5.0);
        // Division by a purely imaginary or real number, and by zero.
        assert_eq!(C::<f64>::one().div(C::new(0.0, 2.0)), C::new(0.0, -0.5));
        assert!(C::<f64>::one().div(C::zero()).re.is_infinite());
    }
}
