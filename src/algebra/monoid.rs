//! Monoids: an associative binary operator on one domain with an identity
//! (and, where the library knows one, a terminal value that allows early exit).

use super::arith::Arith;
use super::binary::{BinaryCode, BinaryOp};
use super::element::Element;
use super::types::{Type, TypeCode};
use super::value::Value;
use crate::error::Result;
use crate::{ensure, with_type};
use std::fmt;

/// A monoid `(D, ⊕, 0)`. Cheap to clone.
#[derive(Clone)]
pub struct Monoid {
    op: BinaryOp,
    identity: Value,
    terminal: Option<Value>,
}

/// The identity and terminal value of a built-in monoid operator on type `T`, or
/// `None` when the operator does not form a monoid.
pub fn builtin_identity<T: Arith>(code: BinaryCode) -> Option<(T, Option<T>)> {
    let is_bool = T::CODE == TypeCode::Bool;
    let int = T::CODE.is_integer();
    let all_ones = || T::ZERO.bnot();
    Some(match code {
        BinaryCode::Plus => (T::ZERO, is_bool.then_some(T::ONE)),
        BinaryCode::Times => (T::ONE, (int || is_bool).then_some(T::ZERO)),
        BinaryCode::Min => (T::MAX_VALUE, Some(T::MIN_VALUE)),
        BinaryCode::Max => (T::MIN_VALUE, Some(T::MAX_VALUE)),
        BinaryCode::Any => (T::ZERO, Some(T::ZERO)),
        BinaryCode::Lor => (T::ZERO, Some(T::ONE)),
        BinaryCode::Land => (T::ONE, Some(T::ZERO)),
        BinaryCode::Lxor => (T::ZERO, None),
        BinaryCode::Lxnor => (T::ONE, None),
        BinaryCode::Eq if is_bool => (T::ONE, None),
        BinaryCode::Bor => (T::ZERO, Some(all_ones())),
        BinaryCode::Band => (all_ones(), Some(T::ZERO)),
        BinaryCode::Bxor => (T::ZERO, None),
        BinaryCode::Bxnor => (all_ones(), None),
        _ => return None,
    })
}

/// True for the monoids the spec predefines: `PLUS`, `TIMES`, `MIN`, `MAX`
/// on the numeric types, the four logical ones on bool.
pub fn is_spec_monoid(code: BinaryCode, t: TypeCode) -> bool {
    match code {
        BinaryCode::Plus | BinaryCode::Times | BinaryCode::Min | BinaryCode::Max => {
            t != TypeCode::Bool && t.is_real()
        }
        BinaryCode::Lor | BinaryCode::Land | BinaryCode::Lxor | BinaryCode::Lxnor => {
            t == TypeCode::Bool
        }
        _ => false,
    }
}

impl Monoid {
    /// The built-in monoid of operator `code` on type `t` (e.g. `GrB_MIN_MONOID_INT32`),
    /// with its identity and terminal value; `None` if the operator is not a monoid there.
    pub fn builtin(code: BinaryCode, t: TypeCode) -> Option<Monoid> {
        let op = BinaryOp::builtin(code, t)?;
        if op.ztype() != op.xtype() {
            return None;
        }
        let (identity, terminal) = with_type!(t, T => {
            let (id, term) = builtin_identity::<T>(code)?;
            (Value::new(id), term.map(Value::new))
        }, udt => {
            let (id, term) = super::complex::monoid_identity(code, t)?;
            let ty = Type::builtin(t);
            (Value::from_bytes(&ty, &id), term.map(|b| Value::from_bytes(&ty, &b)))
        });
        Some(Monoid {
            op,
            identity,
            terminal,
        })
    }

    /// A monoid from an operator whose three domains are equal and an identity of
    /// that domain. A built-in operator whose identity is its usual one also gets
    /// its terminal value.
    pub fn new(op: BinaryOp, identity: Value) -> Result<Monoid> {
        op.check_not_positional("a monoid's operator")?;
        ensure!(
            op.xtype() == op.ytype() && op.ytype() == op.ztype(),
            DomainMismatch,
            "a monoid's operator must have three equal domains, {} has {:?}, {:?} -> {:?}",
            op.name(),
            op.xtype(),
            op.ytype(),
            op.ztype()
        );
        let identity = identity.cast(op.ztype()).ok_or_else(|| {
            crate::error::Error::new(
                crate::error::Info::DomainMismatch,
                "the identity's type does not match the operator",
            )
        })?;
        let terminal = op
            .code()
            .and_then(|code| Monoid::builtin(code, op.ztype().code()))
            .filter(|m| m.identity == identity)
            .and_then(|m| m.terminal);
        Ok(Monoid {
            op,
            identity,
            terminal,
        })
    }

    /// A monoid with an explicit terminal value.
    pub fn with_terminal(op: BinaryOp, identity: Value, terminal: Option<Value>) -> Result<Monoid> {
        let mut m = Monoid::new(op, identity)?;
        m.terminal = match terminal {
            Some(t) => Some(t.cast(m.op.ztype()).ok_or_else(|| {
                crate::error::Error::new(
                    crate::error::Info::DomainMismatch,
                    "the terminal's type does not match the operator",
                )
            })?),
            None => None,
        };
        Ok(m)
    }

    /// The monoid's operator.
    pub fn op(&self) -> &BinaryOp {
        &self.op
    }
    /// The monoid's domain.
    pub fn ty(&self) -> &Type {
        self.op.ztype()
    }
    /// The identity.
    pub fn identity(&self) -> &Value {
        &self.identity
    }
    /// The terminal (annihilating) value, if known.
    pub fn terminal(&self) -> Option<&Value> {
        self.terminal.as_ref()
    }
    /// The built-in operator code, if built-in.
    pub fn code(&self) -> Option<BinaryCode> {
        self.op.code()
    }
    /// The monoid's name: `"GrB_PLUS_MONOID_FP64"` for one the spec
    /// defines, SuiteSparse's `"GxB_ANY_INT32_MONOID"` for another built-in one.
    pub fn name(&self) -> String {
        let t = self.ty().code();
        match self.op.code() {
            Some(code) if is_spec_monoid(code, t) => {
                format!("GrB_{}_MONOID_{}", code.name(), t.suffix())
            }
            Some(code) => format!("GxB_{}_{}_MONOID", code.name(), t.suffix()),
            None => format!("monoid({})", self.op.name()),
        }
    }
    /// True when the library knows the operator is commutative.
    pub fn is_commutative(&self) -> bool {
        self.op.is_commutative()
    }
    /// True when `x ⊕ x = x` is known to hold (MIN, MAX, LOR, LAND, ANY, BOR, BAND).
    pub fn is_idempotent(&self) -> bool {
        matches!(
            self.op.code(),
            Some(
                BinaryCode::Min
                    | BinaryCode::Max
                    | BinaryCode::Lor
                    | BinaryCode::Land
                    | BinaryCode::Any
                    | BinaryCode::Bor
                    | BinaryCode::Band
            )
        )
    }
    /// The identity as a value of the Rust type `T` (which must be the monoid's type).
    pub fn identity_as<T: Element>(&self) -> T {
        debug_assert_eq!(self.ty().code(), T::CODE);
        T::read(self.identity.bytes())
    }
    /// The terminal as a value of the Rust type `T`, if any.
    pub fn terminal_as<T: Element>(&self) -> Option<T> {
        self.terminal.as_ref().map(|t| T::read(t.bytes()))
    }
}

impl fmt::Debug for Monoid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_monoids() {
        let m = Monoid::builtin(BinaryCode::Min, TypeCode::Int32).unwrap();
        assert_eq!(m.identity_as::<i32>(), i32::MAX);
        assert_eq!(m.terminal_as::<i32>(), Some(i32::MIN));
        assert_eq!(m.name(), "GrB_MIN_MONOID_INT32");
        let m = Monoid::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
        assert_eq!(m.identity_as::<f64>(), 0.0);
        assert!(m.terminal().is_none());
        let m = Monoid::builtin(BinaryCode::Lor, TypeCode::Bool).unwrap();
        assert_eq!(m.terminal_as::<bool>(), Some(true));
        assert!(Monoid::builtin(BinaryCode::Minus, TypeCode::Int32).is_none());
        assert!(Monoid::builtin(BinaryCode::Lt, TypeCode::Int32).is_none());
        let m = Monoid::builtin(BinaryCode::Band, TypeCode::Uint8).unwrap();
        assert_eq!(m.identity_as::<u8>(), 255);
    }

    #[test]
    fn user_monoid_from_builtin_op_gets_terminal() {
        let op = BinaryOp::builtin(BinaryCode::Max, TypeCode::Fp64).unwrap();
        let m = Monoid::new(op.clone(), Value::new(f64::NEG_INFINITY)).unwrap();
        assert_eq!(m.terminal_as::<f64>(), Some(f64::INFINITY));
        let m = Monoid::new(op, Value::new(0.0f64)).unwrap();
        assert!(m.terminal().is_none());
        let lt = BinaryOp::builtin(BinaryCode::Lt, TypeCode::Fp64).unwrap();
        assert!(Monoid::new(lt, Value::new(false)).is_err());
    }
}
