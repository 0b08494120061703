//! The predefined operators, monoids and semirings. Their element type is a
//! type parameter that Rust infers from the operands they are used with
//! (`a.mxm(&b, semiring::plus_times())`); name it (`binary::plus::<f64>()`)
//! where nothing else fixes it. Operators that exist only for some types say so
//! in their bounds (the bitwise ones need [`Integer`]), so misuse is a compile
//! error.

use super::{BinaryOp, IndexUnaryOp, Monoid, Semiring, UnaryOp};
use crate::algebra::{self, BinaryCode, IndexUnaryCode, UnaryCode};
use crate::api::value::{Builtin, IndexType, Integer, ValueType};

fn builtin_binary<X, Y, Z, T: Builtin>(code: BinaryCode) -> BinaryOp<X, Y, Z> {
    BinaryOp::wrap(
        algebra::BinaryOp::builtin(code, T::CODE)
            .unwrap_or_else(|| panic!("{} is not defined for {:?}", code.name(), T::CODE)),
    )
}

/// The predefined unary operators.
pub mod unary {
    use super::*;

    fn builtin<T: Builtin>(code: UnaryCode) -> UnaryOp<T, T> {
        UnaryOp::wrap(
            algebra::UnaryOp::builtin(code, T::CODE)
                .unwrap_or_else(|| panic!("{} is not defined for {:?}", code.name(), T::CODE)),
        )
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
    /// `z = ~x` (bitwise)
    pub fn bnot<T: Integer>() -> UnaryOp<T, T> {
        builtin(UnaryCode::Bnot)
    }
    /// `z = 1`
    pub fn one<T: Builtin>() -> UnaryOp<T, T> {
        builtin(UnaryCode::One)
    }

    fn positional<X, Z: IndexType>(code: UnaryCode) -> UnaryOp<X, Z> {
        UnaryOp::wrap(
            algebra::UnaryOp::builtin(code, Z::CODE)
                .expect("positional operators exist for i32 and i64"),
        )
    }

    /// `z = i`, the entry's row index, for values of any type (`GxB_POSITIONI`)
    pub fn position_i<X: ValueType, Z: IndexType>() -> UnaryOp<X, Z> {
        positional(UnaryCode::PositionI)
    }
    /// `z = i + 1` (`GxB_POSITIONI1`)
    pub fn position_i1<X: ValueType, Z: IndexType>() -> UnaryOp<X, Z> {
        positional(UnaryCode::PositionI1)
    }
    /// `z = j`, the entry's column index (`GxB_POSITIONJ`)
    pub fn position_j<X: ValueType, Z: IndexType>() -> UnaryOp<X, Z> {
        positional(UnaryCode::PositionJ)
    }
    /// `z = j + 1` (`GxB_POSITIONJ1`)
    pub fn position_j1<X: ValueType, Z: IndexType>() -> UnaryOp<X, Z> {
        positional(UnaryCode::PositionJ1)
    }
}

/// The predefined binary operators.
pub mod binary {
    use super::*;

    /// Operators `fn name<generics>() -> BinaryOp<X, Y, Z>` for the codes
    /// listed, one at a time; `T` is the type that names the engine's operator.
    macro_rules! ops {
        ([$($g:tt)*] -> <$x:ty, $y:ty, $z:ty> by $t:ty:) => {};
        ([$($g:tt)*] -> <$x:ty, $y:ty, $z:ty> by $t:ty:
         $(#[$doc:meta])* $name:ident = $code:ident; $($rest:tt)*) => {
            $(#[$doc])*
            pub fn $name<$($g)*>() -> BinaryOp<$x, $y, $z> {
                builtin_binary::<$x, $y, $z, $t>(BinaryCode::$code)
            }
            ops!([$($g)*] -> <$x, $y, $z> by $t: $($rest)*);
        };
    }

    ops! { [T: Builtin] -> <T, T, T> by T:
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
        /// `z = (x == y)`, 1 or 0 of `T` (`GxB_ISEQ`)
        iseq = Iseq;
        /// `z = (x != y)`, 1 or 0 of `T`
        isne = Isne;
        /// `z = (x > y)`, 1 or 0 of `T`
        isgt = Isgt;
        /// `z = (x < y)`, 1 or 0 of `T`
        islt = Islt;
        /// `z = (x >= y)`, 1 or 0 of `T`
        isge = Isge;
        /// `z = (x <= y)`, 1 or 0 of `T`
        isle = Isle;
    }

    ops! { [T: Integer] -> <T, T, T> by T:
        /// bitwise OR
        bor = Bor;
        /// bitwise AND
        band = Band;
        /// bitwise XOR
        bxor = Bxor;
        /// bitwise XNOR
        bxnor = Bxnor;
    }

    ops! { [X: ValueType, Y: ValueType, Z: IndexType] -> <X, Y, Z> by Z:
        /// `z = i`, the row index of `x` (`GxB_FIRSTI`): in a product
        /// `A(i,k) ⊗ B(k,j)` it is `i`; operands of any type
        first_i = FirstI;
        /// `z = i + 1` (`GxB_FIRSTI1`)
        first_i1 = FirstI1;
        /// `z = j`, the column index of `x` (`GxB_FIRSTJ`): `k` in a product
        first_j = FirstJ;
        /// `z = j + 1` (`GxB_FIRSTJ1`)
        first_j1 = FirstJ1;
        /// `z = i`, the row index of `y` (`GxB_SECONDI`): `k` in a product
        second_i = SecondI;
        /// `z = i + 1` (`GxB_SECONDI1`)
        second_i1 = SecondI1;
        /// `z = j`, the column index of `y` (`GxB_SECONDJ`): `j` in a product
        second_j = SecondJ;
        /// `z = j + 1` (`GxB_SECONDJ1`)
        second_j1 = SecondJ1;
    }

    ops! { [T: Builtin] -> <T, T, bool> by T:
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
        IndexUnaryOp::wrap(
            algebra::IndexUnaryOp::builtin(code, t).expect("predefined index-unary operator"),
        )
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
        ($bound:ident: $($(#[$doc:meta])* $name:ident = $code:ident;)*) => {$(
            $(#[$doc])*
            pub fn $name<T: $bound>() -> Monoid<T> {
                Monoid::wrap(
                    algebra::Monoid::builtin(BinaryCode::$code, T::CODE)
                        .unwrap_or_else(|| panic!("no {} monoid on {:?}", stringify!($name), T::CODE)),
                )
            }
        )*};
    }

    monoids! { Builtin:
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

    monoids! { Integer:
        /// bitwise OR, identity 0
        bor = Bor;
        /// bitwise AND, identity all ones
        band = Band;
        /// bitwise XOR, identity 0
        bxor = Bxor;
        /// bitwise XNOR, identity all ones
        bxnor = Bxnor;
    }
}

/// The predefined semirings `<add>_<multiply>` on one built-in type.
pub mod semiring {
    use super::*;

    fn builtin<T: Builtin, Z>(add: BinaryCode, mul: BinaryCode) -> Semiring<T, T, Z> {
        Semiring::wrap(
            algebra::Semiring::builtin(add, mul, T::CODE).unwrap_or_else(|| {
                panic!("no {}_{} semiring on {:?}", add.name(), mul.name(), T::CODE)
            }),
        )
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
    macro_rules! positional {
        ($($add:ident: $($name:ident = $mul:ident),*;)*) => {$($(
            #[doc = concat!("`", stringify!($add), ".", stringify!($mul),
                "`: the positional semiring (SuiteSparse's `GxB_<add>_<mul>_<Z>`), operands of any type")]
            pub fn $name<X: ValueType, Y: ValueType, Z: IndexType>() -> Semiring<X, Y, Z> {
                Semiring::wrap(
                    algebra::Semiring::builtin(BinaryCode::$add, BinaryCode::$mul, Z::CODE)
                        .expect("positional semirings exist for i32 and i64"),
                )
            }
        )*)*};
    }

    positional! {
        Plus: plus_first_i = FirstI, plus_first_i1 = FirstI1, plus_first_j = FirstJ, plus_first_j1 = FirstJ1, plus_second_i = SecondI, plus_second_i1 = SecondI1, plus_second_j = SecondJ, plus_second_j1 = SecondJ1;
        Times: times_first_i = FirstI, times_first_i1 = FirstI1, times_first_j = FirstJ, times_first_j1 = FirstJ1, times_second_i = SecondI, times_second_i1 = SecondI1, times_second_j = SecondJ, times_second_j1 = SecondJ1;
        Min: min_first_i = FirstI, min_first_i1 = FirstI1, min_first_j = FirstJ, min_first_j1 = FirstJ1, min_second_i = SecondI, min_second_i1 = SecondI1, min_second_j = SecondJ, min_second_j1 = SecondJ1;
        Max: max_first_i = FirstI, max_first_i1 = FirstI1, max_first_j = FirstJ, max_first_j1 = FirstJ1, max_second_i = SecondI, max_second_i1 = SecondI1, max_second_j = SecondJ, max_second_j1 = SecondJ1;
        Any: any_first_i = FirstI, any_first_i1 = FirstI1, any_first_j = FirstJ, any_first_j1 = FirstJ1, any_second_i = SecondI, any_second_i1 = SecondI1, any_second_j = SecondJ, any_second_j1 = SecondJ1;
    }
}
