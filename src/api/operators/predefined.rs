//! Operators, monoids and semirings as typed values: the predefined ones
//! (`binary::plus::<f64>()`, `monoid::min::<i32>()`, `semiring::plus_times::<f64>()`)
//! and user-defined ones from Rust closures.

use super::value::ValueType;
use crate::algebra::{self, BinaryCode, Element, IndexUnaryCode, UnaryCode};
use crate::error::Result;
use std::marker::PhantomData;
use std::sync::Arc;

/// A built-in element type (the predefined operators exist for these).
pub trait Builtin: ValueType + Element {}
impl<T: ValueType + Element> Builtin for T {}

/// A unary operator `z = f(x)` from `X` to `Z`.
#[derive(Clone)]
pub struct UnaryOp<X, Z> {
    pub(crate) op: algebra::UnaryOp,
    _types: PhantomData<fn(X) -> Z>,
}

/// A binary operator `z = f(x, y)`.
#[derive(Clone)]
pub struct BinaryOp<X, Y, Z> {
    pub(crate) op: algebra::BinaryOp,
    _types: PhantomData<fn(X, Y) -> Z>,
}

/// An index-unary operator `z = f(a_ij, i, j, s)` over values `X` with a thunk `S`.
#[derive(Clone)]
pub struct IndexUnaryOp<X, S, Z> {
    pub(crate) op: algebra::IndexUnaryOp,
    _types: PhantomData<fn(X, S) -> Z>,
}

/// A monoid on `T`: an associative operator with an identity.
#[derive(Clone)]
pub struct Monoid<T> {
    pub(crate) monoid: algebra::Monoid,
    _types: PhantomData<fn(T) -> T>,
}

/// A semiring: multiply `X × Y → Z`, then add with a monoid on `Z`.
#[derive(Clone)]
pub struct Semiring<X, Y, Z> {
    pub(crate) semiring: algebra::Semiring,
    _types: PhantomData<fn(X, Y) -> Z>,
}

impl<X: ValueType, Z: ValueType> UnaryOp<X, Z> {
    /// A user-defined operator from a closure.
    ///
    /// ```
    /// use graphblas::UnaryOp;
    /// let half = UnaryOp::new("half", |x: f64| x / 2.0);
    /// # let _ = half;
    /// ```
    pub fn new(name: &str, f: impl Fn(X) -> Z + Send + Sync + 'static) -> Self {
        let bytes = Arc::new(move |z: &mut [u8], x: &[u8]| f(X::from_bytes(x)).write_bytes(z));
        UnaryOp {
            op: algebra::UnaryOp::user(name, bytes, Z::graphblas_type(), X::graphblas_type()),
            _types: PhantomData,
        }
    }
}

impl<X: ValueType, Y: ValueType, Z: ValueType> BinaryOp<X, Y, Z> {
    /// A user-defined operator from a closure.
    ///
    /// ```
    /// use graphblas::BinaryOp;
    /// let hypot = BinaryOp::new("hypot", |x: f64, y: f64| x.hypot(y));
    /// # let _ = hypot;
    /// ```
    pub fn new(name: &str, f: impl Fn(X, Y) -> Z + Send + Sync + 'static) -> Self {
        let bytes = Arc::new(move |z: &mut [u8], x: &[u8], y: &[u8]| {
            f(X::from_bytes(x), Y::from_bytes(y)).write_bytes(z)
        });
        BinaryOp {
            op: algebra::BinaryOp::user(
                name,
                bytes,
                Z::graphblas_type(),
                X::graphblas_type(),
                Y::graphblas_type(),
            ),
            _types: PhantomData,
        }
    }
}

impl<X: ValueType, S: ValueType, Z: ValueType> IndexUnaryOp<X, S, Z> {
    /// A user-defined operator from a closure `f(value, row, column, thunk)`.
    pub fn new(name: &str, f: impl Fn(X, u64, u64, S) -> Z + Send + Sync + 'static) -> Self {
        let bytes = Arc::new(move |z: &mut [u8], x: &[u8], i: u64, j: u64, s: &[u8]| {
            f(X::from_bytes(x), i, j, S::from_bytes(s)).write_bytes(z)
        });
        IndexUnaryOp {
            op: algebra::IndexUnaryOp::user(
                name,
                bytes,
                Z::graphblas_type(),
                X::graphblas_type(),
                S::graphblas_type(),
            ),
            _types: PhantomData,
        }
    }
}

impl<T: ValueType> Monoid<T> {
    /// A monoid from an associative operator and its identity.
    pub fn new(op: BinaryOp<T, T, T>, identity: T) -> Result<Self> {
        Ok(Monoid {
            monoid: algebra::Monoid::new(op.op, identity.to_value())?,
            _types: PhantomData,
        })
    }
}

impl<X: ValueType, Y: ValueType, Z: ValueType> Semiring<X, Y, Z> {
    /// A semiring from an additive monoid and a multiplicative operator.
    pub fn new(add: Monoid<Z>, multiply: BinaryOp<X, Y, Z>) -> Result<Self> {
        Ok(Semiring {
            semiring: algebra::Semiring::new(add.monoid, multiply.op)?,
            _types: PhantomData,
        })
    }
}

fn builtin_binary<X, Y, Z, T: Builtin>(code: BinaryCode) -> BinaryOp<X, Y, Z> {
    BinaryOp {
        op: algebra::BinaryOp::builtin(code, T::CODE)
            .unwrap_or_else(|| panic!("{} is not defined for {:?}", code.name(), T::CODE)),
        _types: PhantomData,
    }
}

/// The predefined unary operators.
pub mod unary {
    use super::*;

    fn builtin<T: Builtin>(code: UnaryCode) -> UnaryOp<T, T> {
        UnaryOp {
            op: algebra::UnaryOp::builtin(code, T::CODE)
                .unwrap_or_else(|| panic!("{} is not defined for {:?}", code.name(), T::CODE)),
            _types: PhantomData,
        }
    }

    /// `z = x`
    pub fn identity<T: Builtin>() -> UnaryOp<T, T> {
        builtin(UnaryCode::Identity)
    }
    /// `z = -x`
    pub fn ainv<T: Builtin>() -> UnaryOp<T, T> {
        builtin(UnaryCode::Ainv)
    }
    /// `z = 1/x`
    pub fn minv<T: Builtin>() -> UnaryOp<T, T> {
        builtin(UnaryCode::Minv)
    }
    /// `z = |x|`
    pub fn abs<T: Builtin>() -> UnaryOp<T, T> {
        builtin(UnaryCode::Abs)
    }
    /// `z = !x` (logical)
    pub fn lnot<T: Builtin>() -> UnaryOp<T, T> {
        builtin(UnaryCode::Lnot)
    }
    /// `z = ~x` (bitwise; integer types only — panics for others)
    pub fn bnot<T: Builtin>() -> UnaryOp<T, T> {
        builtin(UnaryCode::Bnot)
    }
    /// `z = 1`
    pub fn one<T: Builtin>() -> UnaryOp<T, T> {
        builtin(UnaryCode::One)
    }
}

/// The predefined binary operators.
pub mod binary {
    use super::*;

    macro_rules! same_type {
        ($($(#[$doc:meta])* $name:ident = $code:ident;)*) => {$(
            $(#[$doc])*
            pub fn $name<T: Builtin>() -> BinaryOp<T, T, T> {
                builtin_binary::<T, T, T, T>(BinaryCode::$code)
            }
        )*};
    }

    macro_rules! comparison {
        ($($(#[$doc:meta])* $name:ident = $code:ident;)*) => {$(
            $(#[$doc])*
            pub fn $name<T: Builtin>() -> BinaryOp<T, T, bool> {
                builtin_binary::<T, T, bool, T>(BinaryCode::$code)
            }
        )*};
    }

    same_type! {
        /// `z = x`
        first = First;
        /// `z = y`
        second = Second;
        /// `z = 1` (ONEB, also called PAIR)
        pair = Oneb;
        /// `z = x` or `y`, whichever is cheaper
        any = Any;
        /// `z = x + y`
        plus = Plus;
        /// `z = x - y`
        minus = Minus;
        /// `z = y - x`
        rminus = Rminus;
        /// `z = x * y`
        times = Times;
        /// `z = x / y`
        div = Div;
        /// `z = y / x`
        rdiv = Rdiv;
        /// `z = min(x, y)`
        min = Min;
        /// `z = max(x, y)`
        max = Max;
        /// `z = x ^ y`
        pow = Pow;
        /// logical OR
        lor = Lor;
        /// logical AND
        land = Land;
        /// logical XOR
        lxor = Lxor;
        /// logical XNOR
        lxnor = Lxnor;
        /// bitwise OR (integer types)
        bor = Bor;
        /// bitwise AND (integer types)
        band = Band;
        /// bitwise XOR (integer types)
        bxor = Bxor;
    }

    comparison! {
        /// `z = (x == y)`
        eq = Eq;
        /// `z = (x != y)`
        ne = Ne;
        /// `z = (x > y)`
        gt = Gt;
        /// `z = (x < y)`
        lt = Lt;
        /// `z = (x >= y)`
        ge = Ge;
        /// `z = (x <= y)`
        le = Le;
    }
}

/// The predefined index-unary operators.
pub mod index {
    use super::*;

    fn builtin<X, S, Z>(
        code: IndexUnaryCode,
        t: crate::algebra::TypeCode,
    ) -> IndexUnaryOp<X, S, Z> {
        IndexUnaryOp {
            op: algebra::IndexUnaryOp::builtin(code, t).expect("predefined index-unary operator"),
            _types: PhantomData,
        }
    }

    macro_rules! positional {
        ($($(#[$doc:meta])* $name:ident = $code:ident -> $z:ty;)*) => {$(
            $(#[$doc])*
            pub fn $name<X: ValueType>() -> IndexUnaryOp<X, i64, $z> {
                builtin(IndexUnaryCode::$code, crate::algebra::TypeCode::Int64)
            }
        )*};
    }

    macro_rules! valued {
        ($($(#[$doc:meta])* $name:ident = $code:ident;)*) => {$(
            $(#[$doc])*
            pub fn $name<T: Builtin>() -> IndexUnaryOp<T, T, bool> {
                builtin(IndexUnaryCode::$code, T::CODE)
            }
        )*};
    }

    positional! {
        /// `z = i + s`
        row_index = RowIndex -> i64;
        /// `z = j + s`
        col_index = ColIndex -> i64;
        /// `z = j - i + s`
        diag_index = DiagIndex -> i64;
        /// `z = (j <= i + s)`: the lower triangle
        tril = Tril -> bool;
        /// `z = (j >= i + s)`: the upper triangle
        triu = Triu -> bool;
        /// `z = (j == i + s)`: a diagonal
        diag = Diag -> bool;
        /// `z = (j != i + s)`: everything but a diagonal
        offdiag = Offdiag -> bool;
        /// `z = (j <= s)`
        col_le = Colle -> bool;
        /// `z = (j > s)`
        col_gt = Colgt -> bool;
        /// `z = (i <= s)`
        row_le = Rowle -> bool;
        /// `z = (i > s)`
        row_gt = Rowgt -> bool;
    }

    valued! {
        /// `z = (a_ij == s)`
        value_eq = ValueEq;
        /// `z = (a_ij != s)`
        value_ne = ValueNe;
        /// `z = (a_ij < s)`
        value_lt = ValueLt;
        /// `z = (a_ij <= s)`
        value_le = ValueLe;
        /// `z = (a_ij > s)`
        value_gt = ValueGt;
        /// `z = (a_ij >= s)`
        value_ge = ValueGe;
    }
}

/// The predefined monoids.
pub mod monoid {
    use super::*;

    macro_rules! monoids {
        ($($(#[$doc:meta])* $name:ident = $code:ident;)*) => {$(
            $(#[$doc])*
            pub fn $name<T: Builtin>() -> Monoid<T> {
                Monoid {
                    monoid: algebra::Monoid::builtin(BinaryCode::$code, T::CODE)
                        .unwrap_or_else(|| panic!("no {} monoid on {:?}", stringify!($name), T::CODE)),
                    _types: PhantomData,
                }
            }
        )*};
    }

    monoids! {
        /// `+`, identity 0
        plus = Plus;
        /// `*`, identity 1
        times = Times;
        /// `min`, identity +∞ (or the type's maximum)
        min = Min;
        /// `max`, identity −∞ (or the type's minimum)
        max = Max;
        /// any value; stops at the first
        any = Any;
        /// logical OR, identity false
        lor = Lor;
        /// logical AND, identity true
        land = Land;
        /// logical XOR, identity false
        lxor = Lxor;
        /// logical XNOR, identity true
        lxnor = Lxnor;
    }
}

/// The predefined semirings `<add>_<multiply>` on one built-in type.
pub mod semiring {
    use super::*;

    fn builtin<T: Builtin, Z>(add: BinaryCode, mul: BinaryCode) -> Semiring<T, T, Z> {
        Semiring {
            semiring: algebra::Semiring::builtin(add, mul, T::CODE).unwrap_or_else(|| {
                panic!("no {}_{} semiring on {:?}", add.name(), mul.name(), T::CODE)
            }),
            _types: PhantomData,
        }
    }

    macro_rules! semirings {
        ($($(#[$doc:meta])* $name:ident = $add:ident . $mul:ident;)*) => {$(
            $(#[$doc])*
            pub fn $name<T: Builtin>() -> Semiring<T, T, T> {
                builtin(BinaryCode::$add, BinaryCode::$mul)
            }
        )*};
    }

    semirings! {
        /// `+.*`: arithmetic
        plus_times = Plus.Times;
        /// `+.min`
        plus_min = Plus.Min;
        /// `+.first`
        plus_first = Plus.First;
        /// `+.second`
        plus_second = Plus.Second;
        /// `+.pair`: counting (each product is 1)
        plus_pair = Plus.Oneb;
        /// `min.+`: shortest paths
        min_plus = Min.Plus;
        /// `min.*`
        min_times = Min.Times;
        /// `min.first`
        min_first = Min.First;
        /// `min.second`
        min_second = Min.Second;
        /// `min.max`
        min_max = Min.Max;
        /// `max.+`
        max_plus = Max.Plus;
        /// `max.*`
        max_times = Max.Times;
        /// `max.first`
        max_first = Max.First;
        /// `max.second`
        max_second = Max.Second;
        /// `max.min`
        max_min = Max.Min;
        /// `any.pair`: reachability (structure only)
        any_pair = Any.Oneb;
        /// `any.first`
        any_first = Any.First;
        /// `any.second`
        any_second = Any.Second;
        /// `or.and`: boolean reachability
        lor_land = Lor.Land;
        /// `and.or`
        land_lor = Land.Lor;
        /// `xor.and`
        lxor_land = Lxor.Land;
        /// `xnor.or`
        lxnor_lor = Lxnor.Lor;
    }
}
