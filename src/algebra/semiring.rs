//! Semirings: an additive monoid and a multiplicative binary operator.

use super::binary::{BinaryCode, BinaryOp};
use super::monoid::Monoid;
use super::types::{Type, TypeCode};
use crate::ensure;
use crate::error::Result;
use std::fmt;

/// A semiring `(⊕, ⊗)`: `⊗` maps `x × y → z` and `⊕` is a monoid on `z`. Cheap to clone.
#[derive(Clone)]
pub struct Semiring {
    add: Monoid,
    mul: BinaryOp,
}

/// True for the semirings the spec predefines (its table of `GrB_*_SEMIRING_*`).
pub fn is_spec_semiring(add: BinaryCode, mul: BinaryCode, t: TypeCode) -> bool {
    use BinaryCode::*;
    if !t.is_real() {
        return false;
    }
    if t == TypeCode::Bool {
        return matches!(
            (add, mul),
            (Lor, Land) | (Land, Lor) | (Lxor, Land) | (Lxnor, Lor)
        );
    }
    matches!(
        (add, mul),
        (Plus, Times | Min)
            | (Min, Plus | Times | First | Second | Max)
            | (Max, Plus | Times | First | Second | Min)
    )
}

impl Semiring {
    /// A semiring from a monoid and an operator whose output domain is the monoid's domain.
    pub fn new(add: Monoid, mul: BinaryOp) -> Result<Semiring> {
        ensure!(
            mul.ztype() == add.ty(),
            DomainMismatch,
            "the multiply operator {} outputs {:?} but the monoid {} is on {:?}",
            mul.name(),
            mul.ztype(),
            add.name(),
            add.ty()
        );
        Ok(Semiring { add, mul })
    }

    /// The built-in semiring `<add>_<mul>` on type `t` (for comparisons `mul`
    /// outputs bool, and `add` must then be a boolean monoid); `None` if it does not exist.
    pub fn builtin(add: BinaryCode, mul: BinaryCode, t: TypeCode) -> Option<Semiring> {
        let mul = BinaryOp::builtin(mul, t)?;
        let add = Monoid::builtin(add, mul.ztype().code())?;
        Semiring::new(add, mul).ok()
    }

    /// The additive monoid.
    pub fn add(&self) -> &Monoid {
        &self.add
    }
    /// The multiplicative operator.
    pub fn mul(&self) -> &BinaryOp {
        &self.mul
    }
    /// The domain of the left input.
    pub fn xtype(&self) -> &Type {
        self.mul.xtype()
    }
    /// The domain of the right input.
    pub fn ytype(&self) -> &Type {
        self.mul.ytype()
    }
    /// The domain of the result.
    pub fn ztype(&self) -> &Type {
        self.add.ty()
    }
    /// The semiring's name: `"GrB_PLUS_TIMES_SEMIRING_FP64"` for one the
    /// spec defines, SuiteSparse's `"GxB_PLUS_PAIR_INT64"` for another
    /// built-in one (named by the multiply's input type).
    pub fn name(&self) -> String {
        let t = self.mul.xtype().code();
        match (self.add.code(), self.mul.code()) {
            (Some(a), Some(m)) if is_spec_semiring(a, m, t) => {
                format!("GrB_{}_{}_SEMIRING_{}", a.name(), m.name(), t.suffix())
            }
            // SuiteSparse calls ONEB PAIR in its semirings' names.
            (Some(a), Some(BinaryCode::Oneb)) => format!("GxB_{}_PAIR_{}", a.name(), t.suffix()),
            (Some(a), Some(m)) => format!("GxB_{}_{}_{}", a.name(), m.name(), t.suffix()),
            _ => format!("semiring({}, {})", self.add.name(), self.mul.name()),
        }
    }
}

impl fmt::Debug for Semiring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_semirings() {
        let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
        assert_eq!(s.name(), "GrB_PLUS_TIMES_SEMIRING_FP64");
        let s = Semiring::builtin(BinaryCode::Lor, BinaryCode::Eq, TypeCode::Int32).unwrap();
        assert_eq!(s.ztype(), &Type::BOOL);
        assert!(Semiring::builtin(BinaryCode::Plus, BinaryCode::Eq, TypeCode::Int32).is_some());
        assert!(Semiring::builtin(BinaryCode::Minus, BinaryCode::Times, TypeCode::Int32).is_none());
    }
}
