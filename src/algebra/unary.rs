//! Unary operators `z = f(x)`: the spec's predefined ones and user-defined ones.

use super::arith::Arith;
use super::element::cast;
use super::position::Position;
use super::types::{Type, TypeCode};
use crate::with_type;
use std::fmt;
use std::sync::Arc;

/// A unary function on element bytes: `f(z, x)` writes `z = f(x)`.
pub type ByteUnaryFn = Arc<dyn Fn(&mut [u8], &[u8]) + Send + Sync>;

/// The built-in unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryCode {
    /// `z = x`
    Identity,
    /// `z = -x`
    Ainv,
    /// `z = 1/x`
    Minv,
    /// `z = !x` (logical)
    Lnot,
    /// `z = |x|`
    Abs,
    /// `z = ~x` (bitwise, integers)
    Bnot,
    /// `z = 1`
    One,
    /// `z = i`, the entry's row index (`GxB_POSITIONI`; positional, INT32 or INT64)
    PositionI,
    /// `z = i + 1` (`GxB_POSITIONI1`)
    PositionI1,
    /// `z = j`, the entry's column index (`GxB_POSITIONJ`)
    PositionJ,
    /// `z = j + 1` (`GxB_POSITIONJ1`)
    PositionJ1,
}

impl UnaryCode {
    /// Every built-in unary operator.
    pub const ALL: [UnaryCode; 11] = [
        UnaryCode::Identity,
        UnaryCode::Ainv,
        UnaryCode::Minv,
        UnaryCode::Lnot,
        UnaryCode::Abs,
        UnaryCode::Bnot,
        UnaryCode::One,
        UnaryCode::PositionI,
        UnaryCode::PositionI1,
        UnaryCode::PositionJ,
        UnaryCode::PositionJ1,
    ];

    /// The operator's name as in `GrB_<NAME>_<TYPE>`.
    pub const fn name(self) -> &'static str {
        match self {
            UnaryCode::Identity => "IDENTITY",
            UnaryCode::Ainv => "AINV",
            UnaryCode::Minv => "MINV",
            UnaryCode::Lnot => "LNOT",
            UnaryCode::Abs => "ABS",
            UnaryCode::Bnot => "BNOT",
            UnaryCode::One => "ONE",
            UnaryCode::PositionI => "POSITIONI",
            UnaryCode::PositionI1 => "POSITIONI1",
            UnaryCode::PositionJ => "POSITIONJ",
            UnaryCode::PositionJ1 => "POSITIONJ1",
        }
    }

    /// The index a positional operator returns (see [`super::position`]), `None` for the others.
    pub const fn position(self) -> Option<Position> {
        Some(match self {
            UnaryCode::PositionI => Position::new(false, false, 0),
            UnaryCode::PositionI1 => Position::new(false, false, 1),
            UnaryCode::PositionJ => Position::new(false, true, 0),
            UnaryCode::PositionJ1 => Position::new(false, true, 1),
            _ => return None,
        })
    }

    /// `"GrB"` when the spec defines the operator on type `t`, else `"GxB"`
    /// (`ONE`, logical negation on types other than bool, the positional ones,
    /// every operator on a complex type).
    pub const fn prefix(self, t: TypeCode) -> &'static str {
        if t.is_complex() {
            return "GxB";
        }
        match self {
            UnaryCode::Identity | UnaryCode::Ainv | UnaryCode::Minv | UnaryCode::Abs => "GrB",
            UnaryCode::Bnot => "GrB",
            UnaryCode::Lnot if matches!(t, TypeCode::Bool) => "GrB",
            _ => "GxB",
        }
    }

    /// True when the operator exists for the type (a positional operator's
    /// type is its output type, `INT32` or `INT64`).
    pub const fn defined_for(self, t: TypeCode) -> bool {
        match (self, t) {
            (_, TypeCode::Udt) => false,
            (_, TypeCode::Fc32 | TypeCode::Fc64) => super::complex::unary_defined(self),
            (UnaryCode::Bnot, t) => t.is_integer(),
            _ if self.position().is_some() => matches!(t, TypeCode::Int32 | TypeCode::Int64),
            _ => true,
        }
    }
}

/// The function of a built-in unary operator on type `T` (`None` for the
/// positional ones, whose value is an index).
pub fn unary_fn<T: Arith>(code: UnaryCode) -> Option<fn(T) -> T> {
    Some(match code {
        UnaryCode::Identity => |x| x,
        UnaryCode::Ainv => |x: T| x.neg(),
        UnaryCode::Minv => |x: T| x.minv(),
        UnaryCode::Lnot => |x: T| cast::<bool, T>(!x.to_bool()),
        UnaryCode::Abs => |x: T| x.abs_of(),
        UnaryCode::Bnot => |x: T| x.bnot(),
        UnaryCode::One => |_| T::ONE,
        UnaryCode::PositionI
        | UnaryCode::PositionI1
        | UnaryCode::PositionJ
        | UnaryCode::PositionJ1 => return None,
    })
}

fn builtin_byte_fn<T: Arith>(code: UnaryCode) -> ByteUnaryFn {
    match unary_fn::<T>(code) {
        Some(f) => Arc::new(move |z: &mut [u8], x: &[u8]| f(T::read(x)).write(z)),
        None => Arc::new(|_: &mut [u8], _: &[u8]| {
            unreachable!("positional operators are rewritten before any kernel runs")
        }),
    }
}

/// How a unary operator computes.
#[derive(Clone)]
pub enum UnaryKind {
    /// A built-in operator.
    Builtin(UnaryCode),
    /// A user-defined function on element bytes.
    User(ByteUnaryFn),
}

/// A unary operator `z = f(x)`. Cheap to clone.
#[derive(Clone)]
pub struct UnaryOp {
    kind: UnaryKind,
    xtype: Type,
    ztype: Type,
    name: Arc<str>,
}

impl UnaryOp {
    /// The built-in operator `GrB_<code>_<t>`; `None` when it does not exist for the type.
    pub fn builtin(code: UnaryCode, t: TypeCode) -> Option<UnaryOp> {
        if !code.defined_for(t) {
            return None;
        }
        let name = if code == UnaryCode::Lnot && t == TypeCode::Bool {
            "GrB_LNOT".to_string()
        } else {
            format!("{}_{}_{}", code.prefix(t), code.name(), t.suffix())
        };
        // The modulus of a complex value is real.
        let ztype = match (code, t) {
            (UnaryCode::Abs, TypeCode::Fc32) => Type::FP32,
            (UnaryCode::Abs, TypeCode::Fc64) => Type::FP64,
            _ => Type::builtin(t),
        };
        Some(UnaryOp {
            kind: UnaryKind::Builtin(code),
            xtype: Type::builtin(t),
            ztype,
            name: name.into(),
        })
    }

    /// A user-defined operator from a function on element bytes.
    pub fn user(name: impl Into<String>, f: ByteUnaryFn, ztype: Type, xtype: Type) -> UnaryOp {
        UnaryOp {
            kind: UnaryKind::User(f),
            xtype,
            ztype,
            name: name.into().into(),
        }
    }

    /// How the operator computes.
    pub fn kind(&self) -> &UnaryKind {
        &self.kind
    }
    /// The built-in code, if built-in.
    pub fn code(&self) -> Option<UnaryCode> {
        match self.kind {
            UnaryKind::Builtin(c) => Some(c),
            UnaryKind::User(_) => None,
        }
    }
    /// The domain of `x`.
    pub fn xtype(&self) -> &Type {
        &self.xtype
    }
    /// The domain of `z`.
    pub fn ztype(&self) -> &Type {
        &self.ztype
    }
    /// The operator's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The index a positional operator returns (`None` for the others).
    pub fn position(&self) -> Option<Position> {
        self.code().and_then(UnaryCode::position)
    }

    /// The operator as a function on element bytes.
    pub fn byte_fn(&self) -> ByteUnaryFn {
        match &self.kind {
            UnaryKind::User(f) => f.clone(),
            UnaryKind::Builtin(code) => {
                let code = *code;
                let t = self.xtype.code();
                with_type!(t, T => builtin_byte_fn::<T>(code), udt => super::complex::unary_fn(code, t))
            }
        }
    }
}

impl fmt::Debug for UnaryOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unary_ops_compute() {
        let ainv = UnaryOp::builtin(UnaryCode::Ainv, TypeCode::Int32).unwrap();
        let mut z = [0u8; 4];
        ainv.byte_fn()(&mut z, &5i32.to_ne_bytes());
        assert_eq!(i32::from_ne_bytes(z), -5);
        assert!(UnaryOp::builtin(UnaryCode::Bnot, TypeCode::Fp64).is_none());
        assert_eq!(
            UnaryOp::builtin(UnaryCode::Lnot, TypeCode::Bool)
                .unwrap()
                .name(),
            "GrB_LNOT"
        );
        assert_eq!(unary_fn::<f64>(UnaryCode::Minv).unwrap()(4.0), 0.25);
        assert_eq!(unary_fn::<u8>(UnaryCode::Abs).unwrap()(200), 200);
    }
}
