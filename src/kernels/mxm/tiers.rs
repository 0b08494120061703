//! Choosing the value tier for a semiring: a monomorphic kernel for the
//! semirings real programs use, the typed tier for other built-in same-type
//! semirings, and the byte-level generic tier for everything else.

use super::values::bytes::ByteSr;
use super::values::typed::TypedSr;
use super::values::Sr;
use crate::algebra::arith::Arith;
use crate::algebra::binary::arith_fn;
use crate::algebra::typed_op::{Any, First, FnOp, Land, Lor, Max, Min, Oneb, Plus, Second, Times};
use crate::algebra::{BinaryCode, Semiring, TypeCode};
use crate::storage::{Array, ArrayElement};
use crate::with_type;

/// A kernel, written once for every value tier.
pub trait Job {
    /// What the kernel returns.
    type Out;
    /// Runs the kernel with the semiring implementation `sr`.
    fn run<S: Sr>(self, sr: &S) -> Self::Out;
}

/// Which tier computes a semiring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// A fully monomorphic kernel (zero-sized operators, inlined).
    Monomorphic,
    /// Typed values, operators through function pointers.
    Typed,
    /// Element bytes, operators through byte functions with typecasts.
    Generic,
}

/// The one built-in type of a semiring whose monoid and multiply are built-in
/// operators on that type with arithmetic (not comparison) functions.
fn typed_domain(s: &Semiring) -> Option<TypeCode> {
    let mul = s.mul();
    let t = s.ztype().code();
    let same = mul.xtype().code() == t && mul.ytype().code() == t;
    let builtin = t.is_real() && s.add().code().is_some() && mul.code().is_some();
    let arithmetic = !mul.code()?.is_comparison() && !s.add().code()?.is_comparison();
    (same && builtin && arithmetic).then_some(t)
}

/// Calls `$on!(Add, Mul, T)` for the matching row of a table of semirings,
/// `$otherwise` when none matches.
macro_rules! monomorphic {
    ($key:expr, $on:ident, $otherwise:expr; $($add:ident $mul:ident: $($t:ident)+;)*) => {
        match $key {
            $($(
                (BinaryCode::$add, BinaryCode::$mul, TypeCode::$t) => $on!($add, $mul, $t),
            )+)*
            _ => $otherwise,
        }
    };
}

/// Rust types of the type codes in the list above.
macro_rules! rust_type {
    (Bool) => {
        bool
    };
    (Int32) => {
        i32
    };
    (Uint32) => {
        u32
    };
    (Int64) => {
        i64
    };
    (Uint64) => {
        u64
    };
    (Fp32) => {
        f32
    };
    (Fp64) => {
        f64
    };
}

/// Calls `$cb!(args; table)` with the curated table of monomorphic semirings:
/// `Add Mul: Type...;` rows.
macro_rules! curated {
    ($cb:ident!($($args:tt)*)) => {
        $cb!($($args)*;
            Plus Times: Fp64 Fp32 Int64;
            Plus Oneb: Int64 Int32 Uint32 Fp64;
            Plus First: Fp64 Fp32;
            Plus Second: Fp64 Fp32 Int64;
            Lor Land: Bool;
            Min Plus: Fp64 Fp32 Int64 Int32;
            Max Plus: Fp64;
            Min First: Int64 Int32 Uint64 Uint32;
            Min Second: Int64 Uint64 Uint32;
            Max First: Int64 Fp32;
            Max Second: Int64 Uint64 Fp32;
            Any Oneb: Bool;
            Any First: Int64 Int32;
            Any Second: Int64 Int32;
        )
    };
}

/// Lists the table as `(add, multiply, type)` triples.
macro_rules! table_list {
    (; $($add:ident $mul:ident: $($t:ident)+;)*) => {
        &[$($((BinaryCode::$add, BinaryCode::$mul, TypeCode::$t),)+)*]
    };
}

/// The semirings with monomorphic kernels: `(monoid, multiply, type)`.
pub const MONOMORPHIC: &[(BinaryCode, BinaryCode, TypeCode)] = curated!(table_list!());

/// The tier that computes the semiring.
pub fn tier(s: &Semiring) -> Tier {
    let Some(t) = typed_domain(s) else {
        return Tier::Generic;
    };
    let (Some(add), Some(mul)) = (s.add().code(), s.mul().code()) else {
        return Tier::Generic;
    };
    macro_rules! found {
        ($a:ident, $m:ident, $t:ident) => {
            Tier::Monomorphic
        };
    }
    curated!(monomorphic!((add, mul, t), found, Tier::Typed))
}

/// Runs `job` with the implementation of semiring `s` over value arrays `l`
/// and `r` (cast to the multiply's input types, or to its `(y, x)` types when
/// `flip`; values the multiply does not read may be left uncast).
pub fn run<J: Job>(s: &Semiring, l: &Array, r: &Array, flip: bool, job: J) -> J::Out {
    let Some(t) = typed_domain(s) else {
        return job.run(&ByteSr::new(s, l, r, flip));
    };
    let (add, mul) = (s.add().code().unwrap(), s.mul().code().unwrap());
    macro_rules! mono {
        ($a:ident, $m:ident, $t:ident) => {
            job.run(&TypedSr::<rust_type!($t), _, _>::new(s, l, r, flip, $a, $m))
        };
    }
    curated!(monomorphic!(
        (add, mul, t),
        mono,
        with_type!(t, T => typed::<T, J>(s, l, r, flip, add, mul, job), udt => unreachable!("typed tiers are built-in"))
    ))
}

/// The typed tier: operators through function pointers.
fn typed<T: Arith + ArrayElement, J: Job>(
    s: &Semiring,
    l: &Array,
    r: &Array,
    flip: bool,
    add: BinaryCode,
    mul: BinaryCode,
    job: J,
) -> J::Out {
    let f = |code| FnOp::<T>(arith_fn::<T>(code).expect("arithmetic operator"));
    job.run(&TypedSr::new(s, l, r, flip, f(add), f(mul)))
}
