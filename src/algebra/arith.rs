//! Arithmetic on built-in element types with GraphBLAS semantics: integer
//! arithmetic wraps, integer division by zero follows SuiteSparse (0/0 = 0,
//! x/0 = the type's extreme of x's sign), float MIN/MAX ignore NaN (`fmin`/`fmax`),
//! and the bool type maps arithmetic onto logic (PLUS = LOR, TIMES = LAND, …).

use super::element::Element;

/// The per-type arithmetic the built-in operators need.
pub trait Arith: Element {
    /// `x + y`
    fn add(self, y: Self) -> Self;
    /// `x - y`
    fn sub(self, y: Self) -> Self;
    /// `x * y`
    fn mul(self, y: Self) -> Self;
    /// `x / y`
    fn div(self, y: Self) -> Self;
    /// The minimum.
    fn min_of(self, y: Self) -> Self;
    /// The maximum.
    fn max_of(self, y: Self) -> Self;
    /// `-x`
    fn neg(self) -> Self;
    /// `|x|`
    fn abs_of(self) -> Self;
    /// `1 / x`
    fn minv(self) -> Self;
    /// Bitwise OR (logical for bool; unused for floats).
    fn bor(self, y: Self) -> Self;
    /// Bitwise AND.
    fn band(self, y: Self) -> Self;
    /// Bitwise XOR.
    fn bxor(self, y: Self) -> Self;
    /// Bitwise complement.
    fn bnot(self) -> Self;
    /// `x ^ y` (power).
    fn pow(self, y: Self) -> Self;
}

macro_rules! int_arith {
    ($t:ty, signed) => {
        int_arith!(@common $t);
        impl IntDiv for $t {
            #[inline(always)]
            fn idiv(self, y: Self) -> Self {
                if y == 0 {
                    if self == 0 { 0 } else if self < 0 { <$t>::MIN } else { <$t>::MAX }
                } else if y == -1 {
                    self.wrapping_neg()
                } else {
                    self / y
                }
            }
            #[inline(always)]
            fn iabs(self) -> Self { self.wrapping_abs() }
            #[inline(always)]
            fn ineg(self) -> Self { self.wrapping_neg() }
        }
    };
    ($t:ty, unsigned) => {
        int_arith!(@common $t);
        impl IntDiv for $t {
            #[inline(always)]
            fn idiv(self, y: Self) -> Self {
                if y == 0 {
                    if self == 0 { 0 } else { <$t>::MAX }
                } else {
                    self / y
                }
            }
            #[inline(always)]
            fn iabs(self) -> Self { self }
            #[inline(always)]
            fn ineg(self) -> Self { self.wrapping_neg() }
        }
    };
    (@common $t:ty) => {
        impl Arith for $t {
            #[inline(always)]
            fn add(self, y: Self) -> Self { self.wrapping_add(y) }
            #[inline(always)]
            fn sub(self, y: Self) -> Self { self.wrapping_sub(y) }
            #[inline(always)]
            fn mul(self, y: Self) -> Self { self.wrapping_mul(y) }
            #[inline(always)]
            fn div(self, y: Self) -> Self { self.idiv(y) }
            #[inline(always)]
            fn min_of(self, y: Self) -> Self { if self < y { self } else { y } }
            #[inline(always)]
            fn max_of(self, y: Self) -> Self { if self > y { self } else { y } }
            #[inline(always)]
            fn neg(self) -> Self { self.ineg() }
            #[inline(always)]
            fn abs_of(self) -> Self { self.iabs() }
            #[inline(always)]
            fn minv(self) -> Self { (1 as $t).idiv(self) }
            #[inline(always)]
            fn bor(self, y: Self) -> Self { self | y }
            #[inline(always)]
            fn band(self, y: Self) -> Self { self & y }
            #[inline(always)]
            fn bxor(self, y: Self) -> Self { self ^ y }
            #[inline(always)]
            fn bnot(self) -> Self { !self }
            #[inline(always)]
            fn pow(self, y: Self) -> Self {
                let r = (self as f64).powf(y as f64);
                super::element::cast::<f64, $t>(r)
            }
        }
    };
}

/// Integer division and negation with defined results for every input.
trait IntDiv: Sized {
    fn idiv(self, y: Self) -> Self;
    fn iabs(self) -> Self;
    fn ineg(self) -> Self;
}

int_arith!(i8, signed);
int_arith!(i16, signed);
int_arith!(i32, signed);
int_arith!(i64, signed);
int_arith!(u8, unsigned);
int_arith!(u16, unsigned);
int_arith!(u32, unsigned);
int_arith!(u64, unsigned);

macro_rules! float_arith {
    ($t:ty, $bits:ty) => {
        impl Arith for $t {
            #[inline(always)]
            fn add(self, y: Self) -> Self {
                self + y
            }
            #[inline(always)]
            fn sub(self, y: Self) -> Self {
                self - y
            }
            #[inline(always)]
            fn mul(self, y: Self) -> Self {
                self * y
            }
            #[inline(always)]
            fn div(self, y: Self) -> Self {
                self / y
            }
            #[inline(always)]
            fn min_of(self, y: Self) -> Self {
                self.min(y)
            }
            #[inline(always)]
            fn max_of(self, y: Self) -> Self {
                self.max(y)
            }
            #[inline(always)]
            fn neg(self) -> Self {
                -self
            }
            #[inline(always)]
            fn abs_of(self) -> Self {
                self.abs()
            }
            #[inline(always)]
            fn minv(self) -> Self {
                1.0 / self
            }
            #[inline(always)]
            fn bor(self, y: Self) -> Self {
                <$t>::from_bits(self.to_bits() | y.to_bits())
            }
            #[inline(always)]
            fn band(self, y: Self) -> Self {
                <$t>::from_bits(self.to_bits() & y.to_bits())
            }
            #[inline(always)]
            fn bxor(self, y: Self) -> Self {
                <$t>::from_bits(self.to_bits() ^ y.to_bits())
            }
            #[inline(always)]
            fn bnot(self) -> Self {
                <$t>::from_bits(!self.to_bits())
            }
            #[inline(always)]
            fn pow(self, y: Self) -> Self {
                self.powf(y)
            }
        }
    };
}

float_arith!(f32, u32);
float_arith!(f64, u64);

impl Arith for bool {
    #[inline(always)]
    fn add(self, y: Self) -> Self {
        self | y
    }
    #[inline(always)]
    fn sub(self, y: Self) -> Self {
        self ^ y
    }
    #[inline(always)]
    fn mul(self, y: Self) -> Self {
        self & y
    }
    #[inline(always)]
    fn div(self, _y: Self) -> Self {
        self
    }
    #[inline(always)]
    fn min_of(self, y: Self) -> Self {
        self & y
    }
    #[inline(always)]
    fn max_of(self, y: Self) -> Self {
        self | y
    }
    #[inline(always)]
    fn neg(self) -> Self {
        self
    }
    #[inline(always)]
    fn abs_of(self) -> Self {
        self
    }
    #[inline(always)]
    fn minv(self) -> Self {
        true
    }
    #[inline(always)]
    fn bor(self, y: Self) -> Self {
        self | y
    }
    #[inline(always)]
    fn band(self, y: Self) -> Self {
        self & y
    }
    #[inline(always)]
    fn bxor(self, y: Self) -> Self {
        self ^ y
    }
    #[inline(always)]
    fn bnot(self) -> Self {
        !self
    }
    #[inline(always)]
    fn pow(self, y: Self) -> Self {
        self | !y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_division_is_total() {
        assert_eq!(7i32.div(0), i32::MAX);
        assert_eq!((-7i32).div(0), i32::MIN);
        assert_eq!(0i32.div(0), 0);
        assert_eq!(i32::MIN.div(-1), i32::MIN);
        assert_eq!(7u8.div(0), u8::MAX);
        assert_eq!(7i64.div(2), 3);
    }

    #[test]
    fn float_min_max_ignore_nan() {
        assert_eq!(f64::NAN.min_of(2.0), 2.0);
        assert_eq!(2.0f64.max_of(f64::NAN), 2.0);
    }

    #[test]
    fn bool_arithmetic_is_logic() {
        assert!(true.add(false));
        assert!(!true.mul(false));
        assert!(!true.sub(true));
    }
}
