//! Reading and writing one value of a built-in type as Matrix Market text.

use crate::storage::ArrayElement;

/// A built-in type as it appears in a Matrix Market file.
pub trait MtxValue: ArrayElement {
    /// Parses a token; `None` when it is not a value of the type (out of range,
    /// not a number, or not integral for an integer type).
    fn parse(tok: &[u8]) -> Option<Self>;
    /// `-x` (wrapping for integers), for skew-symmetric files.
    fn negate(self) -> Self;
    /// Appends the shortest text that parses back to exactly this value.
    fn format(self, out: &mut Vec<u8>);
}

/// Parses an optionally signed decimal integer.
fn parse_integer(tok: &[u8]) -> Option<i128> {
    let (neg, digits) = match tok.first()? {
        b'-' => (true, &tok[1..]),
        b'+' => (false, &tok[1..]),
        _ => (false, tok),
    };
    if digits.is_empty() || digits.len() > 38 {
        return None;
    }
    let mut v: i128 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (d - b'0') as i128;
    }
    Some(if neg { -v } else { v })
}

/// Parses a floating-point token: decimal or exponent form, `inf`, `nan`, and
/// Fortran's `d` exponent marker.
fn parse_float<F: std::str::FromStr>(tok: &[u8]) -> Option<F> {
    let text = std::str::from_utf8(tok).ok()?;
    if text.contains(['d', 'D']) && !text.to_ascii_lowercase().contains("inf") {
        return text.replace(['d', 'D'], "e").parse().ok();
    }
    text.parse().ok()
}

/// An integer token, or an integral floating-point one (`3.0`, `1e3`).
fn parse_integral(tok: &[u8]) -> Option<i128> {
    parse_integer(tok).or_else(|| {
        let x: f64 = parse_float(tok)?;
        (x.fract() == 0.0 && x.abs() < 1e38).then_some(x as i128)
    })
}

/// Appends an unsigned integer in decimal.
pub fn push_u64(out: &mut Vec<u8>, mut v: u64) {
    let mut buf = [0u8; 20];
    let mut k = buf.len();
    loop {
        k -= 1;
        buf[k] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[k..]);
}

/// Appends a signed integer in decimal.
fn push_i64(out: &mut Vec<u8>, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    push_u64(out, v.unsigned_abs());
}

macro_rules! mtx_int {
    ($t:ty, $push:ident, $wide:ty) => {
        impl MtxValue for $t {
            fn parse(tok: &[u8]) -> Option<Self> {
                <$t>::try_from(parse_integral(tok)?).ok()
            }
            fn negate(self) -> Self {
                self.wrapping_neg()
            }
            fn format(self, out: &mut Vec<u8>) {
                $push(out, self as $wide)
            }
        }
    };
}

mtx_int!(i8, push_i64, i64);
mtx_int!(i16, push_i64, i64);
mtx_int!(i32, push_i64, i64);
mtx_int!(i64, push_i64, i64);
mtx_int!(u8, push_u64, u64);
mtx_int!(u16, push_u64, u64);
mtx_int!(u32, push_u64, u64);
mtx_int!(u64, push_u64, u64);

impl MtxValue for bool {
    fn parse(tok: &[u8]) -> Option<Self> {
        match parse_integral(tok)? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
    fn negate(self) -> Self {
        self
    }
    fn format(self, out: &mut Vec<u8>) {
        out.push(if self { b'1' } else { b'0' })
    }
}

macro_rules! mtx_float {
    ($t:ty) => {
        impl MtxValue for $t {
            fn parse(tok: &[u8]) -> Option<Self> {
                parse_float::<$t>(tok)
            }
            fn negate(self) -> Self {
                -self
            }
            fn format(self, out: &mut Vec<u8>) {
                use std::io::Write;
                let a = self.abs();
                if self.is_nan() {
                    out.extend_from_slice(b"nan");
                } else if a == 0.0 || a.is_infinite() || (1e-5..1e16).contains(&a) {
                    write!(out, "{}", self).expect("writing to memory");
                } else {
                    write!(out, "{:e}", self).expect("writing to memory");
                }
            }
        }
    };
}

mtx_float!(f32);
mtx_float!(f64);

#[cfg(test)]
mod tests {
    use super::*;

    fn text<T: MtxValue>(x: T) -> String {
        let mut out = Vec::new();
        x.format(&mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn integers_parse_with_range_checks() {
        assert_eq!(i8::parse(b"-128"), Some(-128));
        assert_eq!(i8::parse(b"-129"), None);
        assert_eq!(u8::parse(b"256"), None);
        assert_eq!(u64::parse(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(i32::parse(b"+7"), Some(7));
        assert_eq!(i32::parse(b"3.0"), Some(3));
        assert_eq!(i32::parse(b"3.5"), None);
        assert_eq!(i32::parse(b"pi"), None);
        assert_eq!(bool::parse(b"1"), Some(true));
        assert_eq!(bool::parse(b"2"), None);
        assert_eq!(text(-42i16), "-42");
        assert_eq!(text(i64::MIN), "-9223372036854775808");
        assert_eq!(text(u64::MAX), "18446744073709551615");
    }

    #[test]
    fn floats_round_trip() {
        for x in [
            0.1f64,
            -0.0,
            1e300,
            1.5e-7,
            123.456,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            -3.0,
        ] {
            let t = text(x);
            assert_eq!(
                f64::parse(t.as_bytes()).unwrap().to_bits(),
                x.to_bits(),
                "{t}"
            );
        }
        for x in [0.1f32, 16777217.0, f32::MAX, 1e-40] {
            let t = text(x);
            assert_eq!(
                f32::parse(t.as_bytes()).unwrap().to_bits(),
                x.to_bits(),
                "{t}"
            );
        }
        assert!(f64::parse(b"nan").unwrap().is_nan());
        assert_eq!(f64::parse(b"-inf"), Some(f64::NEG_INFINITY));
        assert_eq!(f64::parse(b"Infinity"), Some(f64::INFINITY));
        assert_eq!(f64::parse(b"1.5D+02"), Some(150.0));
        assert_eq!(f64::parse(b".646"), Some(0.646));
        assert_eq!(text(f64::INFINITY), "inf");
        assert_eq!(text(f64::NEG_INFINITY), "-inf");
        assert_eq!(f64::parse(b"forty-two"), None);
    }
}
