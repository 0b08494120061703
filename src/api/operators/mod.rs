//! Operators, monoids and semirings as typed values: the predefined ones
//! ([`binary::plus()`](binary::plus), [`monoid::min()`](monoid::min),
//! [`semiring::plus_times()`](semiring::plus_times), …), whose element type is
//! inferred from the operands they are used with, and user-defined ones from
//! Rust closures. Each carries its properties (name, identity, terminal value,
//! commutativity).
//!
//! ```
//! use graphblas::{monoid, semiring, BinaryOp, Monoid};
//! let min = monoid::min::<i32>();
//! assert_eq!(min.identity(), i32::MAX);
//! assert_eq!(min.terminal(), Some(i32::MIN));
//! assert!(min.is_idempotent());
//! assert_eq!(semiring::min_plus::<f64>().add().name(), "GrB_MIN_MONOID_FP64");
//! let gcd = BinaryOp::new("gcd", |mut a: u64, mut b: u64| {
//!     while b != 0 { (a, b) = (b, a % b); }
//!     a
//! });
//! let gcd = Monoid::new(gcd, 0)?;
//! assert_eq!(gcd.name(), "monoid(gcd)");
//! # Ok::<(), graphblas::Error>(())
//! ```

mod predefined;

pub use predefined::{binary, index, monoid, semiring, unary};

use super::value::{from_value, ValueType};
use crate::algebra;
use crate::error::Result;
use crate::ops::reduce::ReduceOp;
use std::marker::PhantomData;
use std::sync::Arc;

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

impl<X, Z> UnaryOp<X, Z> {
    pub(crate) fn wrap(op: algebra::UnaryOp) -> Self {
        UnaryOp {
            op,
            _types: PhantomData,
        }
    }

    /// The operator's name (`"GrB_ABS_FP64"` for a predefined one).
    pub fn name(&self) -> &str {
        self.op.name()
    }
}

impl<X: ValueType, Z: ValueType> UnaryOp<X, Z> {
    /// A user-defined operator from a closure.
    ///
    /// ```
    /// use graphblas::{prelude::*, UnaryOp, Vector};
    /// let half = UnaryOp::new("half", |x: f64| x / 2.0);
    /// let v = Vector::from_pairs(3, [(1, 5.0)])?;
    /// assert_eq!(v.apply(half).eval()?.get(1)?, Some(2.5));
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn new(name: &str, f: impl Fn(X) -> Z + Send + Sync + 'static) -> Self {
        let bytes = Arc::new(move |z: &mut [u8], x: &[u8]| f(X::from_bytes(x)).write_bytes(z));
        Self::wrap(algebra::UnaryOp::user(
            name,
            bytes,
            Z::graphblas_type(),
            X::graphblas_type(),
        ))
    }
}

impl<X, Y, Z> BinaryOp<X, Y, Z> {
    pub(crate) fn wrap(op: algebra::BinaryOp) -> Self {
        BinaryOp {
            op,
            _types: PhantomData,
        }
    }

    /// The operator's name (`"GrB_PLUS_INT64"` for a predefined one).
    pub fn name(&self) -> &str {
        self.op.name()
    }

    /// True when the operator is known to be commutative (predefined ones only).
    pub fn is_commutative(&self) -> bool {
        self.op.is_commutative()
    }
}

impl<X: ValueType, Y: ValueType, Z: ValueType> BinaryOp<X, Y, Z> {
    /// A user-defined operator from a closure.
    ///
    /// ```
    /// use graphblas::BinaryOp;
    /// let hypot = BinaryOp::new("hypot", |x: f64, y: f64| x.hypot(y));
    /// assert_eq!(hypot.name(), "hypot");
    /// assert!(!hypot.is_commutative()); // not known for a closure
    /// ```
    pub fn new(name: &str, f: impl Fn(X, Y) -> Z + Send + Sync + 'static) -> Self {
        let bytes = Arc::new(move |z: &mut [u8], x: &[u8], y: &[u8]| {
            f(X::from_bytes(x), Y::from_bytes(y)).write_bytes(z)
        });
        Self::wrap(algebra::BinaryOp::user(
            name,
            bytes,
            Z::graphblas_type(),
            X::graphblas_type(),
            Y::graphblas_type(),
        ))
    }
}

impl<X, S, Z> IndexUnaryOp<X, S, Z> {
    pub(crate) fn wrap(op: algebra::IndexUnaryOp) -> Self {
        IndexUnaryOp {
            op,
            _types: PhantomData,
        }
    }

    /// The operator's name (`"GrB_TRIL"` for a predefined one).
    pub fn name(&self) -> &str {
        self.op.name()
    }
}

impl<X, S: ValueType, Z> IndexUnaryOp<X, S, Z> {
    /// The argument `s'` that makes the operator give, on a block of a larger
    /// matrix whose first row and column are `row_offset` and `col_offset`,
    /// the results it gives with `s` on the whole: `f(x, i, j, s') =
    /// f(x, i + row_offset, j + col_offset, s)`. `None` for a user-defined
    /// operator, whose use of the position is unknown.
    ///
    /// ```
    /// use graphblas::index;
    /// // The strict lower triangle of rows 4.. and columns 2..: j - i <= -1 + 4 - 2.
    /// assert_eq!(index::tril::<f64>().block_argument(-1, 4, 2), Some(1));
    /// assert_eq!(index::value_gt::<i32>().block_argument(7, 4, 2), Some(7));
    /// ```
    pub fn block_argument(&self, s: S, row_offset: u64, col_offset: u64) -> Option<S> {
        use algebra::IndexUnaryCode as C;
        let code = self.op.code()?;
        if code.reads_value() {
            return Some(s);
        }
        // The positional operators take an INT64 argument.
        let mut bytes = [0u8; 8];
        s.write_bytes(&mut bytes);
        let s64 = i64::from_ne_bytes(bytes) as i128;
        let (r, c) = (row_offset as i128, col_offset as i128);
        let shifted = match code {
            C::RowIndex => s64 + r,
            C::ColIndex => s64 + c,
            C::DiagIndex => s64 + c - r,
            C::Tril | C::Triu | C::Diag | C::Offdiag => s64 + r - c,
            C::Colle | C::Colgt => s64 - c,
            C::Rowle | C::Rowgt => s64 - r,
            C::ValueEq | C::ValueNe | C::ValueLt | C::ValueLe | C::ValueGt | C::ValueGe => s64,
        };
        let out = if code.is_index_valued() {
            shifted as i64 // wrapping, as the operator's own sum
        } else {
            shifted.clamp(i64::MIN as i128, i64::MAX as i128) as i64
        };
        Some(S::from_bytes(&out.to_ne_bytes()))
    }
}

impl<X: ValueType, S: ValueType, Z: ValueType> IndexUnaryOp<X, S, Z> {
    /// A user-defined operator from a closure `f(value, row, column, thunk)`
    /// (a vector's entries have column 0).
    ///
    /// ```
    /// use graphblas::{prelude::*, IndexUnaryOp, Matrix};
    /// // Keep the entries at least `s` away from the diagonal.
    /// let far = IndexUnaryOp::new("far", |_: i32, i: u64, j: u64, s: u64| i.abs_diff(j) >= s);
    /// let a = Matrix::from_triplets(3, 3, [(0, 0, 1), (0, 2, 2), (2, 1, 3)])?;
    /// assert_eq!(a.select(far, 2).eval()?.triplets()?, vec![(0, 2, 2)]);
    /// # Ok::<(), graphblas::Error>(())
    /// ```
    pub fn new(name: &str, f: impl Fn(X, u64, u64, S) -> Z + Send + Sync + 'static) -> Self {
        let bytes = Arc::new(move |z: &mut [u8], x: &[u8], i: u64, j: u64, s: &[u8]| {
            f(X::from_bytes(x), i, j, S::from_bytes(s)).write_bytes(z)
        });
        Self::wrap(algebra::IndexUnaryOp::user(
            name,
            bytes,
            Z::graphblas_type(),
            X::graphblas_type(),
            S::graphblas_type(),
        ))
    }
}

impl<T> Monoid<T> {
    pub(crate) fn wrap(monoid: algebra::Monoid) -> Self {
        Monoid {
            monoid,
            _types: PhantomData,
        }
    }

    /// The monoid's name (`"GrB_PLUS_MONOID_FP64"` for a predefined one).
    pub fn name(&self) -> String {
        self.monoid.name()
    }

    /// The monoid's operator.
    pub fn operator(&self) -> BinaryOp<T, T, T> {
        BinaryOp::wrap(self.monoid.op().clone())
    }

    /// True when the operator is known to be commutative.
    pub fn is_commutative(&self) -> bool {
        self.monoid.is_commutative()
    }

    /// True when `x ⊕ x = x` is known to hold (MIN, MAX, LOR, LAND, ANY, BOR, BAND).
    pub fn is_idempotent(&self) -> bool {
        self.monoid.is_idempotent()
    }
}

impl<T: ValueType> Monoid<T> {
    /// A monoid from an associative operator and its identity.
    pub fn new(op: BinaryOp<T, T, T>, identity: T) -> Result<Self> {
        Ok(Self::wrap(algebra::Monoid::new(
            op.op,
            identity.to_value(),
        )?))
    }

    /// A monoid with a terminal value `t` (`t ⊕ x = t` for every `x`), which
    /// lets reductions stop early.
    pub fn with_terminal(op: BinaryOp<T, T, T>, identity: T, terminal: T) -> Result<Self> {
        Ok(Self::wrap(algebra::Monoid::with_terminal(
            op.op,
            identity.to_value(),
            Some(terminal.to_value()),
        )?))
    }

    /// The identity: the result of reducing no values.
    pub fn identity(&self) -> T {
        from_value(self.monoid.identity()).expect("a monoid's identity has its type")
    }

    /// The terminal value, when there is one.
    pub fn terminal(&self) -> Option<T> {
        self.monoid
            .terminal()
            .map(|t| from_value(t).expect("a monoid's terminal has its type"))
    }
}

impl<X, Y, Z> Semiring<X, Y, Z> {
    pub(crate) fn wrap(semiring: algebra::Semiring) -> Self {
        Semiring {
            semiring,
            _types: PhantomData,
        }
    }

    /// The semiring's name (`"GrB_PLUS_TIMES_SEMIRING_FP64"` for a predefined one).
    pub fn name(&self) -> String {
        self.semiring.name()
    }

    /// The additive monoid.
    pub fn add(&self) -> Monoid<Z> {
        Monoid::wrap(self.semiring.add().clone())
    }

    /// The multiplicative operator.
    pub fn multiply(&self) -> BinaryOp<X, Y, Z> {
        BinaryOp::wrap(self.semiring.mul().clone())
    }
}

impl<X: ValueType, Y: ValueType, Z: ValueType> Semiring<X, Y, Z> {
    /// A semiring from an additive monoid and a multiplicative operator.
    pub fn new(add: Monoid<Z>, multiply: BinaryOp<X, Y, Z>) -> Result<Self> {
        Ok(Self::wrap(algebra::Semiring::new(add.monoid, multiply.op)?))
    }
}

/// An operator that reduces values of `T` (to a vector or a scalar): a
/// [`Monoid<T>`], or a [`BinaryOp<T, T, T>`] (which must be associative and
/// commutative; reducing no values then gives no value).
pub trait Reducer<T> {
    /// The reduction as the engine runs it.
    fn reduce_op(&self) -> ReduceOp<'_>;
}

impl<T> Reducer<T> for Monoid<T> {
    fn reduce_op(&self) -> ReduceOp<'_> {
        ReduceOp::Monoid(&self.monoid)
    }
}

impl<T> Reducer<T> for BinaryOp<T, T, T> {
    fn reduce_op(&self) -> ReduceOp<'_> {
        ReduceOp::BinaryOp(&self.op)
    }
}
