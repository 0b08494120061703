//! The syntax tree of an EDGE program, as parsed (names not yet resolved).

use super::error::Span;
use crate::algebra::TypeCode;

/// A name and where it was written.
#[derive(Clone, Debug)]
pub(super) struct Ident {
    pub text: String,
    pub span: Span,
}

/// A literal value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Literal {
    Int(i64),
    Float(f64),
    Bool(bool),
}

/// `input`/`tensor NAME[SIZE, ...] : TYPE [empty VALUE]`.
#[derive(Clone, Debug)]
pub(super) struct Declaration {
    pub input: bool,
    pub name: Ident,
    pub shape: Vec<Ident>,
    pub ty: TypeCode,
    pub empty: Option<(Literal, Span)>,
}

/// `param NAME : TYPE [= VALUE]`.
#[derive(Clone, Debug)]
pub(super) struct Param {
    pub name: Ident,
    pub ty: TypeCode,
    pub default: Option<Literal>,
}

/// One index of an access: a rank variable, or another tensor's values
/// (`f[f[m]]`).
#[derive(Clone, Debug)]
pub(super) enum Index {
    Rank(Ident),
    Indirect(Box<Access>),
}

/// `T[i, j]`; a rank-0 tensor is written `T[]`.
#[derive(Clone, Debug)]
pub(super) struct Access {
    pub name: Ident,
    pub indices: Vec<Index>,
    pub span: Span,
}

/// Arithmetic: `+ - * /`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
}

/// A right-hand side or a condition operand.
#[derive(Clone, Debug)]
pub(super) enum Expr {
    Access(Access),
    Literal(Literal, Span),
    /// A parameter, size, loop counter or rank variable (resolved later).
    Name(Ident),
    Neg(Box<Expr>, Span),
    Binary {
        op: Arith,
        op_span: Span,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Access(a) => a.span,
            Expr::Literal(_, s) | Expr::Neg(_, s) => *s,
            Expr::Name(i) => i.span,
            Expr::Binary { lhs, rhs, .. } => lhs.span().to(rhs.span()),
        }
    }
}

/// How a map combines points present in one operand only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Merge {
    /// ∩: only where both operands have a point.
    Intersect,
    /// ∪: wherever either has one.
    Union,
}

/// Which action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ActionKind {
    Map,
    Reduce,
    Populate,
}

/// `map([RANKS,] OP [, MERGE])`, `reduce(RANKS, OP [, MERGE])`, `populate(OP)`.
#[derive(Clone, Debug)]
pub(super) struct Action {
    pub kind: ActionKind,
    pub ranks: Vec<Ident>,
    pub op: Ident,
    pub merge: Option<(Merge, Span)>,
    pub span: Span,
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// One condition of a `where` clause, or of `until`.
#[derive(Clone, Debug)]
pub(super) enum Condition {
    /// `T[i]`: the point holds a value that is true (non-zero).
    Truthy(Access),
    /// `!T[i]`.
    Falsy(Access, Span),
    /// `a CMP b`; `empty` on the right is [`Operand::Empty`].
    Compare {
        lhs: Expr,
        cmp: Cmp,
        rhs: Operand,
        span: Span,
    },
}

/// The right side of a comparison.
#[derive(Clone, Debug)]
pub(super) enum Operand {
    Expr(Expr),
    /// The keyword `empty`: the point holds no value.
    Empty(Span),
}

/// `Z[..] = E` or `Z[..] <- E`, with actions after `::` and a `where` clause.
#[derive(Clone, Debug)]
pub(super) struct Equation {
    pub target: Access,
    /// `<-`: populate (keep the points not written) instead of replace.
    pub populate: bool,
    pub rhs: Expr,
    pub actions: Vec<Action>,
    pub filter: Vec<Condition>,
    pub span: Span,
    /// The equation's text, for explain.
    pub text: String,
}

/// When a loop stops.
#[derive(Clone, Debug)]
pub(super) enum Until {
    /// `empty(T)`: `T` holds no point.
    Empty(Ident),
    /// `unchanged(T)`: `T` is what it was when the iteration began.
    Unchanged(Ident),
    /// `a CMP b` over constants and rank-0 tensors.
    Compare { lhs: Expr, cmp: Cmp, rhs: Expr },
    /// `a or b`.
    Any(Vec<Until>),
}

/// `loop [COUNTER] [max N] { ... } [until CONDITION]`.
#[derive(Clone, Debug)]
pub(super) struct Loop {
    pub counter: Option<Ident>,
    pub max: Option<u64>,
    pub body: Vec<Statement>,
    pub until: Option<Until>,
    pub span: Span,
}

/// An equation or a loop.
#[derive(Clone, Debug)]
pub(super) enum Statement {
    Equation(Equation),
    Loop(Loop),
}

/// A whole program.
#[derive(Clone, Debug, Default)]
pub(super) struct Program {
    pub declarations: Vec<Declaration>,
    pub params: Vec<Param>,
    pub outputs: Vec<Ident>,
    pub body: Vec<Statement>,
}
