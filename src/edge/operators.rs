//! The operators an EDGE program names in its actions, and the properties
//! its lowering checks against declared empty values: a reduction's identity
//! (from the engine's monoid) and a map's annihilator (checked on sample
//! values).

use crate::algebra::{BinaryCode, BinaryOp, Monoid, Type, TypeCode, UnaryCode, UnaryOp, Value};
use crate::api::ValueType;
use std::collections::HashMap;

/// Operators a program may name besides the built-in ones (whose names
/// cannot be taken): user-defined binary operators for maps and populate,
/// and monoids, whose identity lets them reduce. Their annihilators are
/// checked by evaluating them, like the built-in ones.
///
/// ```
/// use graphblas::{edge::{Operators, Program}, BinaryOp, Monoid, Vector};
/// let hypot = BinaryOp::new("hypot", |x: f64, y: f64| x.hypot(y));
/// let ops = Operators::new().monoid("hypot", Monoid::new(hypot, 0.0)?);
/// let p = Program::parse_with(
///     "input x[N] : fp64  tensor n[] : fp64  n[] = x[i] :: reduce(i, hypot)",
///     &ops,
/// )?;
/// let mut run = p.runner();
/// run.vector_input("x", &Vector::from_pairs(2, [(0, 3.0), (1, 4.0)])?)?;
/// run.run()?;
/// assert_eq!(run.scalar::<f64>("n")?, Some(5.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default)]
pub struct Operators {
    binary: HashMap<String, BinaryOp>,
    monoids: HashMap<String, Monoid>,
}

impl Operators {
    /// No operators beyond the built-in ones.
    pub fn new() -> Operators {
        Operators::default()
    }

    /// `op` under `name`, for `map(…)` and `populate(…)` on `T` values.
    pub fn binary<T: ValueType>(
        mut self,
        name: &str,
        op: crate::api::BinaryOp<T, T, T>,
    ) -> Operators {
        self.binary.insert(name.to_string(), op.op);
        self
    }

    /// `m` under `name`: its operator for maps, and itself for `reduce(…)`.
    pub fn monoid<T: ValueType>(mut self, name: &str, m: crate::api::Monoid<T>) -> Operators {
        self.binary.insert(name.to_string(), m.monoid.op().clone());
        self.monoids.insert(name.to_string(), m.monoid);
        self
    }

    /// The operator `name` names, built-in first.
    pub(super) fn named(&self, name: &str) -> Option<Named> {
        match binary_code(name) {
            Some(code) => Some(Named::Builtin(code)),
            None => self.binary.get(name).cloned().map(Named::User),
        }
    }

    /// The user monoid called `name`.
    pub(super) fn user_monoid(&self, name: &str) -> Option<&Monoid> {
        self.monoids.get(name)
    }
}

/// A binary operator named in a program.
#[derive(Clone)]
pub(super) enum Named {
    Builtin(BinaryCode),
    /// A registered operator, defined on one type.
    User(BinaryOp),
}

impl Named {
    /// True for the built-in comparisons (computed in their operand's type).
    pub fn is_comparison(&self) -> bool {
        matches!(self, Named::Builtin(c) if is_comparison(*c))
    }

    /// The operator with its operands swapped (built-in ones only).
    pub fn swapped(&self) -> Option<Named> {
        match self {
            Named::Builtin(c) => swapped(*c).map(Named::Builtin),
            Named::User(_) => None,
        }
    }

    /// The operator on `t`, if it is defined there.
    pub fn at(&self, t: TypeCode) -> Option<BinaryOp> {
        match self {
            Named::Builtin(c) => BinaryOp::builtin(*c, t),
            Named::User(op) => (op.xtype().code() == t).then(|| op.clone()),
        }
    }
}

/// The binary operator called `name`, if there is one.
pub(super) fn binary_code(name: &str) -> Option<BinaryCode> {
    use BinaryCode::*;
    Some(match name {
        "first" => First,
        "second" => Second,
        "pair" | "oneb" => Oneb,
        "any" => Any,
        "plus" => Plus,
        "minus" => Minus,
        "rminus" => Rminus,
        "times" => Times,
        "div" => Div,
        "rdiv" => Rdiv,
        "min" => Min,
        "max" => Max,
        "pow" => Pow,
        "eq" => Eq,
        "ne" => Ne,
        "lt" => Lt,
        "le" => Le,
        "gt" => Gt,
        "ge" => Ge,
        "land" => Land,
        "lor" => Lor,
        "lxor" => Lxor,
        _ => return None,
    })
}

/// The unary operator called `name`, if there is one.
pub(super) fn unary_code(name: &str) -> Option<UnaryCode> {
    use UnaryCode::*;
    Some(match name {
        "identity" => Identity,
        "ainv" | "neg" => Ainv,
        "minv" => Minv,
        "abs" => Abs,
        "lnot" => Lnot,
        "one" => One,
        _ => return None,
    })
}

/// The names [`binary_code`] and [`unary_code`] know, for messages.
pub(super) const BINARY_NAMES: &str = "first, second, pair, any, plus, minus, rminus, times, \
     div, rdiv, min, max, pow, eq, ne, lt, le, gt, ge, land, lor, lxor";
pub(super) const UNARY_NAMES: &str = "identity, ainv, minv, abs, lnot, one";

/// True for operators whose result is bool whatever their inputs.
pub(super) fn is_comparison(code: BinaryCode) -> bool {
    use BinaryCode::*;
    matches!(code, Eq | Ne | Lt | Le | Gt | Ge)
}

/// The operator with its operands swapped, `g(y, x) = f(x, y)`.
pub(super) fn swapped(code: BinaryCode) -> Option<BinaryCode> {
    use BinaryCode::*;
    Some(match code {
        First => Second,
        Second => First,
        Minus => Rminus,
        Rminus => Minus,
        Div => Rdiv,
        Rdiv => Div,
        Lt => Gt,
        Gt => Lt,
        Le => Ge,
        Ge => Le,
        Pow => return None,
        c => c,
    })
}

/// `f(x, y)`, each input cast to the operator's.
pub(super) fn eval(op: &BinaryOp, x: &Value, y: &Value) -> Option<Value> {
    let (x, y) = (x.cast(op.xtype())?, y.cast(op.ytype())?);
    let mut z = vec![0u8; op.ztype().size()];
    op.byte_fn()(&mut z, x.bytes(), y.bytes());
    Some(Value::from_bytes(op.ztype(), &z))
}

/// `f(x)`, the input cast to the operator's.
pub(super) fn eval_unary(op: &UnaryOp, x: &Value) -> Option<Value> {
    let x = x.cast(op.xtype())?;
    let mut z = vec![0u8; op.ztype().size()];
    op.byte_fn()(&mut z, x.bytes());
    Some(Value::from_bytes(op.ztype(), &z))
}

/// Sample values of `t` standing for "any value" in the annihilator check:
/// small numbers of both signs, a fraction, and the type's extremes (not the
/// infinities: `inf + -inf` has no answer, and graphs do not weigh edges so).
fn samples(t: &Type) -> Vec<Value> {
    let mut out: Vec<Value> = [0.0, 1.0, -1.0, 2.0, 3.0, 100.0, 0.5, -2.5, 1e300, -1e300]
        .iter()
        .filter_map(|x| Value::new(*x).cast(t))
        .collect();
    for extreme in [i64::MAX, i64::MIN] {
        out.extend(Value::new(extreme).cast(t));
    }
    out
}

/// True when `e`, on the given side of `op` (`first` true: `op(e, y)`),
/// gives `result` whatever the other operand is, i.e. `e` annihilates
/// `op` with that result (checked on sample values).
pub(super) fn annihilates(op: &BinaryOp, e: &Value, first: bool, result: &Value) -> bool {
    let other = if first { op.ytype() } else { op.xtype() };
    let Some(result) = result.cast(op.ztype()) else {
        return false;
    };
    samples(other).iter().all(|y| {
        let z = if first {
            eval(op, e, y)
        } else {
            eval(op, y, e)
        };
        z.is_some_and(|z| equal(&z, &result))
    })
}

/// Equal values of one type; reals compare as numbers (`-0 == 0`).
pub(super) fn equal(a: &Value, b: &Value) -> bool {
    match a.ty().code() {
        TypeCode::Fp32 | TypeCode::Fp64 => a.get::<f64>() == b.get::<f64>(),
        _ => a == b,
    }
}

/// `v` as written in a message.
pub(super) fn show(v: &Value) -> String {
    let t = v.ty().code();
    if t == TypeCode::Bool {
        return format!("{}", v.get::<bool>().unwrap_or(false));
    }
    if matches!(t, TypeCode::Fp32 | TypeCode::Fp64) {
        return format!("{}", v.get::<f64>().unwrap_or(f64::NAN));
    }
    format!("{}", v.get::<i64>().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annihilators_of_the_usual_maps() {
        let times = BinaryOp::builtin(BinaryCode::Times, TypeCode::Fp64).unwrap();
        let zero = Value::new(0.0f64);
        assert!(annihilates(&times, &zero, true, &zero)); // 0 · -1e300 is -0
        assert!(annihilates(&times, &zero, false, &zero));
        assert!(!annihilates(
            &times,
            &Value::new(1.0f64),
            true,
            &Value::new(1.0f64)
        ));
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
        let inf = Value::new(f64::INFINITY);
        assert!(annihilates(&plus, &inf, false, &inf));
        assert!(!annihilates(&plus, &zero, false, &zero));
        let second = BinaryOp::builtin(BinaryCode::Second, TypeCode::Int64).unwrap();
        let seven = Value::new(7i64);
        assert!(annihilates(&second, &seven, false, &seven));
        assert!(!annihilates(&second, &seven, true, &seven));
        let land = BinaryOp::builtin(BinaryCode::Land, TypeCode::Bool).unwrap();
        assert!(annihilates(
            &land,
            &Value::new(false),
            true,
            &Value::new(false)
        ));
    }

    #[test]
    fn swapping_keeps_the_function() {
        for code in [
            BinaryCode::Minus,
            BinaryCode::Div,
            BinaryCode::Lt,
            BinaryCode::First,
        ] {
            let f = BinaryOp::builtin(code, TypeCode::Fp64).unwrap();
            let g = BinaryOp::builtin(swapped(code).unwrap(), TypeCode::Fp64).unwrap();
            let (x, y) = (Value::new(3.0f64), Value::new(5.0f64));
            assert!(eval(&f, &x, &y) == eval(&g, &y, &x));
        }
    }
}
