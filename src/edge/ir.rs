//! What an EDGE program lowers to: engine calls on named tensors and
//! per-equation temporaries, and loops around them. Each [`Instr`] is one
//! call of `src/ops` with a mask, an accumulator and replace, recorded by the
//! non-blocking engine like any other.

use super::ast::{Arith, Cmp};
use super::error::Span;
use crate::algebra::{BinaryOp, IndexUnaryOp, Monoid, Semiring, Type, UnaryOp, Value};
use std::fmt;

/// A declared tensor: its shape (size names; none for rank 0), element type
/// and empty value (`None`: not declared).
#[derive(Clone, Debug)]
pub(super) struct TensorInfo {
    pub name: String,
    pub shape: Vec<String>,
    pub ty: Type,
    pub empty: Option<Value>,
    pub input: bool,
}

/// A value known at run time: literals, parameters, sizes, loop counters,
/// rank-0 tensors and arithmetic on them.
#[derive(Clone, Debug)]
pub(super) enum Const {
    Literal(Value),
    /// A parameter: its index and name.
    Param(usize, String),
    Size(String),
    /// The counter of the loop with this id (1 in the first iteration), and its name.
    Counter(usize, String),
    /// The value of a rank-0 tensor: its index and name.
    Scalar(usize, String),
    Neg(Box<Const>),
    Arith(Arith, Box<Const>, Box<Const>),
}

/// Where an instruction reads or writes: a declared tensor or a temporary
/// of the equation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    Tensor(usize),
    Temp(usize),
}

/// An input: a slot, transposed or not.
#[derive(Clone, Copy, Debug)]
pub(super) struct In {
    pub slot: Slot,
    pub transpose: bool,
}

/// A mask: a slot read by value or by structure, maybe complemented.
#[derive(Clone, Copy, Debug)]
pub(super) struct MaskUse {
    pub slot: Slot,
    pub structural: bool,
    pub complement: bool,
}

/// How an element-wise map merges.
#[derive(Clone, Debug)]
pub(super) enum Ewise {
    /// ∩: `GrB_eWiseMult`.
    Mult,
    /// ∪ where an absent point leaves the other operand's value (the empty
    /// values are the operator's identity, or not declared): `GrB_eWiseAdd`.
    Add,
    /// ∪ with each operand's empty value standing in: `GxB_eWiseUnion`.
    Union(Value, Value),
}

/// A product's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    Mxm,
    Mxv,
    Vxm,
}

/// One engine call.
#[derive(Clone, Debug)]
pub(super) enum Call {
    /// Every point gets the value (`GrB_assign` of a scalar).
    Fill(Const),
    /// A rank-0 output gets the value.
    SetScalar(Const),
    Apply(UnaryOp, In),
    /// `op(A, value)`, or `op(value, A)` when `value_first`.
    Bind {
        op: BinaryOp,
        a: In,
        value: Const,
        value_first: bool,
    },
    Ewise {
        op: BinaryOp,
        a: In,
        b: In,
        merge: Ewise,
    },
    Product {
        semiring: Semiring,
        a: In,
        b: In,
        form: Form,
    },
    /// Reduce the rows of `a` (its columns when transposed) to a vector, or
    /// everything to a rank-0 output.
    Reduce(Monoid, In),
    Select {
        op: IndexUnaryOp,
        a: In,
        thunk: Const,
    },
    /// `op(a_ij, i, j, 0)` as the value (a coordinate).
    Index(IndexUnaryOp, In),
    /// `w(i) = source(index(i))` (`GrB_extract` with the index's values).
    Gather {
        source: In,
        index: In,
    },
}

/// An engine call and where its result goes.
#[derive(Clone, Debug)]
pub(super) struct Instr {
    pub out: Slot,
    pub mask: Option<MaskUse>,
    pub accum: Option<BinaryOp>,
    pub replace: bool,
    pub call: Call,
}

/// A temporary: element type and shape (size names, one for a vector).
#[derive(Clone, Debug)]
pub(super) struct Temp {
    pub ty: Type,
    pub shape: Vec<String>,
}

/// One equation, lowered.
#[derive(Clone, Debug)]
pub(super) struct Lowered {
    pub span: Span,
    pub text: String,
    pub temps: Vec<Temp>,
    pub instrs: Vec<Instr>,
}

/// When a loop stops.
#[derive(Clone, Debug)]
pub(super) enum Stop {
    Empty(usize),
    Unchanged(usize),
    Compare(Const, Cmp, Const),
    Any(Vec<Stop>),
}

/// A loop, lowered.
#[derive(Clone, Debug)]
pub(super) struct LoopIr {
    pub id: usize,
    pub max: Option<u64>,
    pub body: Vec<Step>,
    pub until: Option<Stop>,
    pub span: Span,
}

/// A program step.
#[derive(Clone, Debug)]
pub(super) enum Step {
    Equation(Lowered),
    Loop(LoopIr),
}

/// Names for printing instructions: tensors by name, temporaries `t1, t2, …`.
pub(super) struct Names<'a>(pub &'a [TensorInfo]);

impl Names<'_> {
    fn slot(&self, s: Slot) -> String {
        match s {
            Slot::Tensor(t) => self.0[t].name.clone(),
            Slot::Temp(k) => format!("t{}", k + 1),
        }
    }

    fn input(&self, i: &In) -> String {
        let name = self.slot(i.slot);
        if i.transpose {
            format!("{name}'")
        } else {
            name
        }
    }

    /// The instruction as one line: `out<mask> accum= call`.
    pub fn instr(&self, ins: &Instr) -> String {
        let mut out = self.slot(ins.out);
        if let Some(m) = ins.mask {
            let bang = if m.complement { "!" } else { "" };
            let kind = if m.structural { "struct " } else { "" };
            let replace = if ins.replace { ", replace" } else { "" };
            out = format!("{out}<{bang}{kind}{}{replace}>", self.slot(m.slot));
        }
        let eq = match &ins.accum {
            Some(op) => format!("{}=", op.name()),
            None => "=".into(),
        };
        format!("{out} {eq} {}", self.call(&ins.call))
    }

    fn call(&self, call: &Call) -> String {
        match call {
            Call::Fill(c) => format!("assign(scalar {})", ConstText(c)),
            Call::SetScalar(c) => format!("scalar {}", ConstText(c)),
            Call::Apply(op, a) => format!("apply({}, {})", op.name(), self.input(a)),
            Call::Bind {
                op,
                a,
                value,
                value_first,
            } => {
                let (a, v) = (self.input(a), ConstText(value));
                if *value_first {
                    format!("apply({}, {v}, {a})", op.name())
                } else {
                    format!("apply({}, {a}, {v})", op.name())
                }
            }
            Call::Ewise { op, a, b, merge } => {
                let (a, b) = (self.input(a), self.input(b));
                match merge {
                    Ewise::Mult => format!("eWiseMult({}, {a}, {b})", op.name()),
                    Ewise::Add => format!("eWiseAdd({}, {a}, {b})", op.name()),
                    Ewise::Union(x, y) => format!(
                        "eWiseUnion({}, {a}, {}, {b}, {})",
                        op.name(),
                        super::operators::show(x),
                        super::operators::show(y)
                    ),
                }
            }
            Call::Product {
                semiring,
                a,
                b,
                form,
            } => {
                let f = match form {
                    Form::Mxm => "mxm",
                    Form::Mxv => "mxv",
                    Form::Vxm => "vxm",
                };
                format!(
                    "{f}({}, {}, {})",
                    semiring.name(),
                    self.input(a),
                    self.input(b)
                )
            }
            Call::Reduce(m, a) => format!("reduce({}, {})", m.name(), self.input(a)),
            Call::Select { op, a, thunk } => {
                format!(
                    "select({}, {}, {})",
                    op.name(),
                    self.input(a),
                    ConstText(thunk)
                )
            }
            Call::Index(op, a) => format!("apply({}, {}, 0)", op.name(), self.input(a)),
            Call::Gather { source, index } => format!(
                "extract({}, indices = values of {})",
                self.input(source),
                self.input(index)
            ),
        }
    }
}

/// A [`Const`] as text.
pub(super) struct ConstText<'a>(pub &'a Const);

impl fmt::Display for ConstText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Const::Literal(v) => write!(f, "{}", super::operators::show(v)),
            Const::Param(_, name) | Const::Counter(_, name) => write!(f, "{name}"),
            Const::Size(s) => write!(f, "|{s}|"),
            Const::Scalar(_, name) => write!(f, "{name}[]"),
            Const::Neg(c) => write!(f, "-({})", ConstText(c)),
            Const::Arith(op, a, b) => {
                let s = match op {
                    Arith::Add => "+",
                    Arith::Sub => "-",
                    Arith::Mul => "*",
                    Arith::Div => "/",
                };
                write!(f, "({} {s} {})", ConstText(a), ConstText(b))
            }
        }
    }
}
