//! Binary operators `z = f(x, y)`: the spec's predefined ones and user-defined ones.

use super::arith::Arith;
use super::element::{cast, Element};
use super::position::Position;
use super::types::{Type, TypeCode};
use crate::error::Result;
use crate::{ensure, with_type};
use std::fmt;
use std::sync::Arc;

/// A binary function on element bytes: `f(z, x, y)` writes `z = f(x, y)`.
pub type ByteBinaryFn = Arc<dyn Fn(&mut [u8], &[u8], &[u8]) + Send + Sync>;

/// The built-in binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryCode {
    /// `z = x`
    First,
    /// `z = y`
    Second,
    /// `z = 1` (`GrB_ONEB`, also known as PAIR)
    Oneb,
    /// `z = x or y`, whichever is cheaper (this library returns `y`)
    Any,
    /// `z = x + y`
    Plus,
    /// `z = x - y`
    Minus,
    /// `z = y - x`
    Rminus,
    /// `z = x * y`
    Times,
    /// `z = x / y`
    Div,
    /// `z = y / x`
    Rdiv,
    /// `z = min(x, y)`
    Min,
    /// `z = max(x, y)`
    Max,
    /// `z = x ^ y`
    Pow,
    /// `z = (x == y)`, boolean result
    Eq,
    /// `z = (x != y)`, boolean result
    Ne,
    /// `z = (x > y)`, boolean result
    Gt,
    /// `z = (x < y)`, boolean result
    Lt,
    /// `z = (x >= y)`, boolean result
    Ge,
    /// `z = (x <= y)`, boolean result
    Le,
    /// logical OR
    Lor,
    /// logical AND
    Land,
    /// logical XOR
    Lxor,
    /// logical XNOR
    Lxnor,
    /// bitwise OR (integers)
    Bor,
    /// bitwise AND (integers)
    Band,
    /// bitwise XOR (integers)
    Bxor,
    /// bitwise XNOR (integers)
    Bxnor,
    /// `z = (x == y)` as 1 or 0 of the operands' type (`GxB_ISEQ`)
    Iseq,
    /// `z = (x != y)`, 1 or 0 (`GxB_ISNE`)
    Isne,
    /// `z = (x > y)`, 1 or 0 (`GxB_ISGT`)
    Isgt,
    /// `z = (x < y)`, 1 or 0 (`GxB_ISLT`)
    Islt,
    /// `z = (x >= y)`, 1 or 0 (`GxB_ISGE`)
    Isge,
    /// `z = (x <= y)`, 1 or 0 (`GxB_ISLE`)
    Isle,
    /// `z = i`, the row index of `x` (`GxB_FIRSTI`; positional, INT32 or INT64)
    FirstI,
    /// `z = i + 1` (`GxB_FIRSTI1`)
    FirstI1,
    /// `z = j`, the column index of `x` (`GxB_FIRSTJ`)
    FirstJ,
    /// `z = j + 1` (`GxB_FIRSTJ1`)
    FirstJ1,
    /// `z = i`, the row index of `y` (`GxB_SECONDI`)
    SecondI,
    /// `z = i + 1` (`GxB_SECONDI1`)
    SecondI1,
    /// `z = j`, the column index of `y` (`GxB_SECONDJ`)
    SecondJ,
    /// `z = j + 1` (`GxB_SECONDJ1`)
    SecondJ1,
}

impl BinaryCode {
    /// Every built-in binary operator.
    pub const ALL: [BinaryCode; 41] = [
        BinaryCode::First,
        BinaryCode::Second,
        BinaryCode::Oneb,
        BinaryCode::Any,
        BinaryCode::Plus,
        BinaryCode::Minus,
        BinaryCode::Rminus,
        BinaryCode::Times,
        BinaryCode::Div,
        BinaryCode::Rdiv,
        BinaryCode::Min,
        BinaryCode::Max,
        BinaryCode::Pow,
        BinaryCode::Eq,
        BinaryCode::Ne,
        BinaryCode::Gt,
        BinaryCode::Lt,
        BinaryCode::Ge,
        BinaryCode::Le,
        BinaryCode::Lor,
        BinaryCode::Land,
        BinaryCode::Lxor,
        BinaryCode::Lxnor,
        BinaryCode::Bor,
        BinaryCode::Band,
        BinaryCode::Bxor,
        BinaryCode::Bxnor,
        BinaryCode::Iseq,
        BinaryCode::Isne,
        BinaryCode::Isgt,
        BinaryCode::Islt,
        BinaryCode::Isge,
        BinaryCode::Isle,
        BinaryCode::FirstI,
        BinaryCode::FirstI1,
        BinaryCode::FirstJ,
        BinaryCode::FirstJ1,
        BinaryCode::SecondI,
        BinaryCode::SecondI1,
        BinaryCode::SecondJ,
        BinaryCode::SecondJ1,
    ];

    /// The operator's name as in `GrB_<NAME>_<TYPE>`.
    pub const fn name(self) -> &'static str {
        match self {
            BinaryCode::First => "FIRST",
            BinaryCode::Second => "SECOND",
            BinaryCode::Oneb => "ONEB",
            BinaryCode::Any => "ANY",
            BinaryCode::Plus => "PLUS",
            BinaryCode::Minus => "MINUS",
            BinaryCode::Rminus => "RMINUS",
            BinaryCode::Times => "TIMES",
            BinaryCode::Div => "DIV",
            BinaryCode::Rdiv => "RDIV",
            BinaryCode::Min => "MIN",
            BinaryCode::Max => "MAX",
            BinaryCode::Pow => "POW",
            BinaryCode::Eq => "EQ",
            BinaryCode::Ne => "NE",
            BinaryCode::Gt => "GT",
            BinaryCode::Lt => "LT",
            BinaryCode::Ge => "GE",
            BinaryCode::Le => "LE",
            BinaryCode::Lor => "LOR",
            BinaryCode::Land => "LAND",
            BinaryCode::Lxor => "LXOR",
            BinaryCode::Lxnor => "LXNOR",
            BinaryCode::Bor => "BOR",
            BinaryCode::Band => "BAND",
            BinaryCode::Bxor => "BXOR",
            BinaryCode::Bxnor => "BXNOR",
            BinaryCode::Iseq => "ISEQ",
            BinaryCode::Isne => "ISNE",
            BinaryCode::Isgt => "ISGT",
            BinaryCode::Islt => "ISLT",
            BinaryCode::Isge => "ISGE",
            BinaryCode::Isle => "ISLE",
            BinaryCode::FirstI => "FIRSTI",
            BinaryCode::FirstI1 => "FIRSTI1",
            BinaryCode::FirstJ => "FIRSTJ",
            BinaryCode::FirstJ1 => "FIRSTJ1",
            BinaryCode::SecondI => "SECONDI",
            BinaryCode::SecondI1 => "SECONDI1",
            BinaryCode::SecondJ => "SECONDJ",
            BinaryCode::SecondJ1 => "SECONDJ1",
        }
    }

    /// The index a positional operator returns (see [`super::position`]), `None` for the others.
    pub const fn position(self) -> Option<Position> {
        Some(match self {
            BinaryCode::FirstI => Position::new(false, false, 0),
            BinaryCode::FirstI1 => Position::new(false, false, 1),
            BinaryCode::FirstJ => Position::new(false, true, 0),
            BinaryCode::FirstJ1 => Position::new(false, true, 1),
            BinaryCode::SecondI => Position::new(true, false, 0),
            BinaryCode::SecondI1 => Position::new(true, false, 1),
            BinaryCode::SecondJ => Position::new(true, true, 0),
            BinaryCode::SecondJ1 => Position::new(true, true, 1),
            _ => return None,
        })
    }

    /// True for the positional operators (`GxB_FIRSTI` …), which read no values.
    pub const fn is_positional(self) -> bool {
        self.position().is_some()
    }

    /// `"GrB"` when the spec defines the operator on type `t`, else `"GxB"`
    /// (SuiteSparse's extensions: `ANY`, `RMINUS`, `RDIV`, `POW`, `ISEQ` …,
    /// the logical operators on types other than bool, the positional ones,
    /// every operator on a complex type).
    pub const fn prefix(self, t: TypeCode) -> &'static str {
        let spec = t.is_real()
            && match self {
                BinaryCode::Lor | BinaryCode::Land | BinaryCode::Lxor | BinaryCode::Lxnor => {
                    matches!(t, TypeCode::Bool)
                }
                BinaryCode::Any | BinaryCode::Rminus | BinaryCode::Rdiv | BinaryCode::Pow => false,
                _ => !self.is_positional() && self.comparison_of().is_none(),
            };
        if spec {
            "GrB"
        } else {
            "GxB"
        }
    }

    /// True for the comparisons, whose result is boolean.
    pub const fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryCode::Eq
                | BinaryCode::Ne
                | BinaryCode::Gt
                | BinaryCode::Lt
                | BinaryCode::Ge
                | BinaryCode::Le
        )
    }

    /// For `ISEQ` … `ISLE`, the comparison whose truth they return as a
    /// value of the operands' type.
    pub const fn comparison_of(self) -> Option<BinaryCode> {
        Some(match self {
            BinaryCode::Iseq => BinaryCode::Eq,
            BinaryCode::Isne => BinaryCode::Ne,
            BinaryCode::Isgt => BinaryCode::Gt,
            BinaryCode::Islt => BinaryCode::Lt,
            BinaryCode::Isge => BinaryCode::Ge,
            BinaryCode::Isle => BinaryCode::Le,
            _ => return None,
        })
    }

    /// True for the bitwise operators, defined on integer types only.
    pub const fn is_bitwise(self) -> bool {
        matches!(
            self,
            BinaryCode::Bor | BinaryCode::Band | BinaryCode::Bxor | BinaryCode::Bxnor
        )
    }

    /// True when `f(x, y) = f(y, x)` for all inputs.
    pub const fn is_commutative(self) -> bool {
        !matches!(
            self,
            BinaryCode::First
                | BinaryCode::Second
                | BinaryCode::Minus
                | BinaryCode::Rminus
                | BinaryCode::Div
                | BinaryCode::Rdiv
                | BinaryCode::Pow
                | BinaryCode::Gt
                | BinaryCode::Lt
                | BinaryCode::Ge
                | BinaryCode::Le
                | BinaryCode::Isgt
                | BinaryCode::Islt
                | BinaryCode::Isge
                | BinaryCode::Isle
                | BinaryCode::Any
        ) && !self.is_positional()
    }

    /// True when the operator exists for the type (a positional operator's
    /// type is its output type, `INT32` or `INT64`).
    pub const fn defined_for(self, t: TypeCode) -> bool {
        match t {
            TypeCode::Udt => false,
            TypeCode::Fc32 | TypeCode::Fc64 => super::complex::binary_defined(self),
            _ if self.is_positional() => matches!(t, TypeCode::Int32 | TypeCode::Int64),
            _ => !self.is_bitwise() || t.is_integer(),
        }
    }
}

/// A built-in operator's function on one pair of values (`one`) and on
/// whole slices (`slices(a, b, z)`: `z[k] = f(a[k], b[k])`): one call a
/// slice and a loop the compiler can vectorise, where a call a value cannot.
#[derive(Clone, Copy)]
pub struct TypedFns<T, Z> {
    /// `f(x, y)`.
    pub one: fn(T, T) -> Z,
    /// `f` over three slices of one length.
    pub slices: SliceFn<T, Z>,
}

/// `z[k] = f(a[k], b[k])` over slices `a`, `b`, `z` of one length.
pub type SliceFn<T, Z> = fn(&[T], &[T], &mut [Z]);

/// [`TypedFns`] of the closure `|x, y| expr` on values of type `T`.
macro_rules! typed_fns {
    (|$x:pat_param, $y:pat_param| $e:expr) => {
        TypedFns {
            one: |$x: T, $y: T| $e,
            slices: |a: &[T], b: &[T], z: &mut [_]| {
                for ((s, &$x), &$y) in z.iter_mut().zip(a).zip(b) {
                    *s = $e;
                }
            },
        }
    };
}

/// The function of a same-type built-in operator (`T × T → T`), or `None`
/// for comparisons and positional operators.
pub fn arith_fn<T: Arith>(code: BinaryCode) -> Option<fn(T, T) -> T> {
    arith_fns::<T>(code).map(|f| f.one)
}

/// [`arith_fn`] with its loop over slices.
pub fn arith_fns<T: Arith>(code: BinaryCode) -> Option<TypedFns<T, T>> {
    fn logic<T: Element>(b: bool) -> T {
        cast::<bool, T>(b)
    }
    Some(match code {
        BinaryCode::First => typed_fns!(|x, _| x),
        BinaryCode::Second | BinaryCode::Any => typed_fns!(|_, y| y),
        BinaryCode::Oneb => typed_fns!(|_, _| T::ONE),
        BinaryCode::Plus => typed_fns!(|x, y| x.add(y)),
        BinaryCode::Minus => typed_fns!(|x, y| x.sub(y)),
        BinaryCode::Rminus => typed_fns!(|x, y| y.sub(x)),
        BinaryCode::Times => typed_fns!(|x, y| x.mul(y)),
        BinaryCode::Div => typed_fns!(|x, y| x.div(y)),
        BinaryCode::Rdiv => typed_fns!(|x, y| y.div(x)),
        BinaryCode::Min => typed_fns!(|x, y| x.min_of(y)),
        BinaryCode::Max => typed_fns!(|x, y| x.max_of(y)),
        BinaryCode::Pow => typed_fns!(|x, y| x.pow(y)),
        BinaryCode::Lor => typed_fns!(|x, y| logic(x.to_bool() | y.to_bool())),
        BinaryCode::Land => typed_fns!(|x, y| logic(x.to_bool() & y.to_bool())),
        BinaryCode::Lxor => typed_fns!(|x, y| logic(x.to_bool() ^ y.to_bool())),
        BinaryCode::Lxnor => typed_fns!(|x, y| logic(x.to_bool() == y.to_bool())),
        BinaryCode::Bor => typed_fns!(|x, y| x.bor(y)),
        BinaryCode::Band => typed_fns!(|x, y| x.band(y)),
        BinaryCode::Bxor => typed_fns!(|x, y| x.bxor(y)),
        BinaryCode::Bxnor => typed_fns!(|x, y| x.bxor(y).bnot()),
        BinaryCode::Iseq => typed_fns!(|x, y| logic(x == y)),
        BinaryCode::Isne => typed_fns!(|x, y| logic(x != y)),
        BinaryCode::Isgt => typed_fns!(|x, y| logic(x > y)),
        BinaryCode::Islt => typed_fns!(|x, y| logic(x < y)),
        BinaryCode::Isge => typed_fns!(|x, y| logic(x >= y)),
        BinaryCode::Isle => typed_fns!(|x, y| logic(x <= y)),
        BinaryCode::Eq
        | BinaryCode::Ne
        | BinaryCode::Gt
        | BinaryCode::Lt
        | BinaryCode::Ge
        | BinaryCode::Le => return None,
        BinaryCode::FirstI
        | BinaryCode::FirstI1
        | BinaryCode::FirstJ
        | BinaryCode::FirstJ1
        | BinaryCode::SecondI
        | BinaryCode::SecondI1
        | BinaryCode::SecondJ
        | BinaryCode::SecondJ1 => return None,
    })
}

/// The function of a built-in comparison (`T × T → bool`), or `None` for other operators.
pub fn compare_fn<T: Element>(code: BinaryCode) -> Option<fn(T, T) -> bool> {
    compare_fns::<T>(code).map(|f| f.one)
}

/// [`compare_fn`] with its loop over slices.
pub fn compare_fns<T: Element>(code: BinaryCode) -> Option<TypedFns<T, bool>> {
    Some(match code {
        BinaryCode::Eq => typed_fns!(|x, y| x == y),
        BinaryCode::Ne => typed_fns!(|x, y| x != y),
        BinaryCode::Gt => typed_fns!(|x, y| x > y),
        BinaryCode::Lt => typed_fns!(|x, y| x < y),
        BinaryCode::Ge => typed_fns!(|x, y| x >= y),
        BinaryCode::Le => typed_fns!(|x, y| x <= y),
        _ => return None,
    })
}

fn builtin_byte_fn<T: Arith>(code: BinaryCode) -> ByteBinaryFn {
    if code.is_positional() {
        // Its value is an index, which no byte function is given.
        return Arc::new(|_: &mut [u8], _: &[u8], _: &[u8]| {
            unreachable!("positional operators are rewritten before any kernel runs")
        });
    }
    if let Some(f) = arith_fn::<T>(code) {
        Arc::new(move |z: &mut [u8], x: &[u8], y: &[u8]| f(T::read(x), T::read(y)).write(z))
    } else {
        let f = compare_fn::<T>(code).expect("every code is arithmetic or a comparison");
        Arc::new(move |z: &mut [u8], x: &[u8], y: &[u8]| f(T::read(x), T::read(y)).write(z))
    }
}

/// How a binary operator computes.
#[derive(Clone)]
pub enum BinaryKind {
    /// A built-in operator; its domains are given by the operator's types.
    Builtin(BinaryCode),
    /// A user-defined function on element bytes.
    User(ByteBinaryFn),
}

/// A binary operator `z = f(x, y)` with domains `x: xtype`, `y: ytype`, `z: ztype`. Cheap to clone.
#[derive(Clone)]
pub struct BinaryOp {
    kind: BinaryKind,
    xtype: Type,
    ytype: Type,
    ztype: Type,
    name: Arc<str>,
}

impl BinaryOp {
    /// The built-in operator `GrB_<code>_<t>`; `None` when it does not exist for the type.
    pub fn builtin(code: BinaryCode, t: TypeCode) -> Option<BinaryOp> {
        if !code.defined_for(t) {
            return None;
        }
        let ty = Type::builtin(t);
        let ztype = if code.is_comparison() {
            Type::BOOL
        } else {
            ty.clone()
        };
        Some(BinaryOp {
            kind: BinaryKind::Builtin(code),
            xtype: ty.clone(),
            ytype: ty,
            ztype,
            name: format!("{}_{}_{}", code.prefix(t), code.name(), t.suffix()).into(),
        })
    }

    /// A user-defined operator from a function on element bytes.
    pub fn user(
        name: impl Into<String>,
        f: ByteBinaryFn,
        ztype: Type,
        xtype: Type,
        ytype: Type,
    ) -> BinaryOp {
        BinaryOp {
            kind: BinaryKind::User(f),
            xtype,
            ytype,
            ztype,
            name: name.into().into(),
        }
    }

    /// How the operator computes.
    pub fn kind(&self) -> &BinaryKind {
        &self.kind
    }

    /// The built-in code, if built-in.
    pub fn code(&self) -> Option<BinaryCode> {
        match self.kind {
            BinaryKind::Builtin(c) => Some(c),
            BinaryKind::User(_) => None,
        }
    }

    /// The domain of `x`.
    pub fn xtype(&self) -> &Type {
        &self.xtype
    }
    /// The domain of `y`.
    pub fn ytype(&self) -> &Type {
        &self.ytype
    }
    /// The domain of `z`.
    pub fn ztype(&self) -> &Type {
        &self.ztype
    }
    /// The operator's name (`"GrB_PLUS_FP64"` for a built-in one).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True when the operator is known to be commutative (user operators never are).
    pub fn is_commutative(&self) -> bool {
        self.code().is_some_and(|c| c.is_commutative())
    }

    /// The index a positional operator returns (`None` for the others).
    pub fn position(&self) -> Option<Position> {
        self.code().and_then(BinaryCode::position)
    }

    /// `GrB_DOMAIN_MISMATCH` for a positional operator used as `role` (an
    /// accumulator, a monoid's operator, build's `dup`, a reduction), which
    /// SuiteSparse forbids: those combine values, and a positional operator
    /// has none to give.
    pub fn check_not_positional(&self, role: &str) -> Result<()> {
        ensure!(
            self.position().is_none(),
            DomainMismatch,
            "the positional operator {} cannot be used as {role}",
            self.name
        );
        Ok(())
    }

    /// The operator as a function on element bytes.
    pub fn byte_fn(&self) -> ByteBinaryFn {
        match &self.kind {
            BinaryKind::User(f) => f.clone(),
            BinaryKind::Builtin(code) => {
                let code = *code;
                let t = self.xtype.code();
                with_type!(t, T => builtin_byte_fn::<T>(code), udt => super::complex::binary_fn(code, t))
            }
        }
    }

    /// Checks that values of `x` and `y` can be cast to the operator's inputs and
    /// its output to `z` (each pair must be compatible). A positional operator
    /// reads no values, so it takes inputs of any type.
    pub fn check_domains(&self, z: &Type, x: &Type, y: &Type) -> Result<()> {
        let any_input = self.position().is_some();
        ensure!(
            any_input || x.compatible(&self.xtype),
            DomainMismatch,
            "type {x:?} cannot be cast to the first input of {} ({:?})",
            self.name,
            self.xtype
        );
        ensure!(
            any_input || y.compatible(&self.ytype),
            DomainMismatch,
            "type {y:?} cannot be cast to the second input of {} ({:?})",
            self.name,
            self.ytype
        );
        ensure!(
            self.ztype.compatible(z),
            DomainMismatch,
            "the output of {} ({:?}) cannot be cast to {z:?}",
            self.name,
            self.ztype
        );
        Ok(())
    }
}

impl fmt::Debug for BinaryOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval<T: Element>(op: &BinaryOp, x: T, y: T, zsize: usize) -> Vec<u8> {
        let mut z = vec![0u8; zsize];
        let mut xb = vec![0u8; T::CODE.size()];
        let mut yb = vec![0u8; T::CODE.size()];
        x.write(&mut xb);
        y.write(&mut yb);
        op.byte_fn()(&mut z, &xb, &yb);
        z
    }

    #[test]
    fn builtin_ops_compute() {
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int8).unwrap();
        assert_eq!(eval(&plus, 100i8, 100i8, 1), vec![200u8]);
        let lt = BinaryOp::builtin(BinaryCode::Lt, TypeCode::Fp64).unwrap();
        assert_eq!(lt.ztype(), &Type::BOOL);
        assert_eq!(eval(&lt, 1.0f64, 2.0, 1), vec![1]);
        assert_eq!(plus.name(), "GrB_PLUS_INT8");
        assert!(BinaryOp::builtin(BinaryCode::Bor, TypeCode::Fp32).is_none());
        let oneb = BinaryOp::builtin(BinaryCode::Oneb, TypeCode::Fp32).unwrap();
        assert_eq!(eval(&oneb, 5.0f32, 7.0, 4), 1.0f32.to_ne_bytes().to_vec());
    }

    #[test]
    fn suitesparse_operators_compute() {
        // ISxx give 1 or 0 in the operands' type; NaN compares false.
        let isgt = BinaryOp::builtin(BinaryCode::Isgt, TypeCode::Fp64).unwrap();
        assert_eq!(isgt.name(), "GxB_ISGT_FP64");
        assert_eq!(isgt.ztype(), &Type::FP64);
        assert_eq!(eval(&isgt, 2.0f64, 1.0, 8), 1.0f64.to_ne_bytes().to_vec());
        assert_eq!(eval(&isgt, f64::NAN, 1.0, 8), 0.0f64.to_ne_bytes().to_vec());
        let isne = BinaryOp::builtin(BinaryCode::Isne, TypeCode::Uint64).unwrap();
        assert_eq!(eval(&isne, 3u64, 3, 8), 0u64.to_ne_bytes().to_vec());
        // Integer POW is computed in double and cast back: saturating, NaN to 0.
        let pow = BinaryOp::builtin(BinaryCode::Pow, TypeCode::Int8).unwrap();
        assert_eq!(pow.name(), "GxB_POW_INT8");
        assert_eq!(eval(&pow, 3i8, 4, 1), vec![81]);
        assert_eq!(eval(&pow, 3i8, 5, 1), vec![127]);
        assert_eq!(eval(&pow, 2i8, -1, 1), vec![0]);
        // Logical operators on other types: 1 or 0 of that type.
        let land = BinaryOp::builtin(BinaryCode::Land, TypeCode::Uint64).unwrap();
        assert_eq!(land.name(), "GxB_LAND_UINT64");
        assert_eq!(eval(&land, 5u64, 7, 8), 1u64.to_ne_bytes().to_vec());
        assert_eq!(eval(&land, 5u64, 0, 8), 0u64.to_ne_bytes().to_vec());
        let lor = BinaryOp::builtin(BinaryCode::Lor, TypeCode::Bool).unwrap();
        assert_eq!(lor.name(), "GrB_LOR_BOOL");
    }

    #[test]
    fn every_code_has_a_function_for_every_type() {
        for code in BinaryCode::ALL.into_iter().filter(|c| !c.is_positional()) {
            for t in TypeCode::BUILTIN {
                if let Some(op) = BinaryOp::builtin(code, t) {
                    let size = t.size();
                    let mut z = vec![0u8; op.ztype().size()];
                    op.byte_fn()(&mut z, &vec![1u8; size], &vec![0u8; size]);
                }
            }
        }
    }

    #[test]
    fn slice_loops_compute_what_the_value_functions_do() {
        let a: Vec<u64> = vec![0, 1, 2, 3, 7, u64::MAX];
        let b: Vec<u64> = vec![0, 2, 2, 1, 3, 1];
        for code in BinaryCode::ALL {
            if let Some(f) = arith_fns::<u64>(code) {
                let mut z = vec![0; a.len()];
                (f.slices)(&a, &b, &mut z);
                let one: Vec<u64> = a.iter().zip(&b).map(|(&x, &y)| (f.one)(x, y)).collect();
                assert_eq!(z, one, "{code:?}");
            }
            if let Some(f) = compare_fns::<f32>(code) {
                let (x, y) = ([1.0f32, 2.0, f32::NAN], [2.0f32, 2.0, 1.0]);
                let mut z = [true; 3];
                (f.slices)(&x, &y, &mut z);
                let one: Vec<bool> = x.iter().zip(&y).map(|(&x, &y)| (f.one)(x, y)).collect();
                assert_eq!(z.to_vec(), one, "{code:?}");
            }
        }
    }
}
