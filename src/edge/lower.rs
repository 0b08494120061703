//! Lowering: a parsed program to engine calls ([`ir`](super::ir)). Names are
//! resolved, ranks matched against shapes, each equation's right-hand side
//! classified (a value, one operand, or two operands with a map), its
//! contraction turned into a product over the semiring its map and reduce
//! make, its `where` clause into a mask and selects, and the declared empty
//! values checked against the operators' identities and annihilators.

use super::ast::{self, Access, ActionKind, Expr, Index, Merge};
use super::error::{Error, ErrorKind, Span};
use super::filter;
use super::ir::*;
use super::operators::{self as ops, annihilates, show};
use crate::algebra::{BinaryCode, BinaryOp, Monoid, Type, TypeCode, UnaryCode, Value};
use std::collections::HashMap;

/// A declared parameter.
#[derive(Clone, Debug)]
pub(super) struct ParamInfo {
    pub name: String,
    pub ty: TypeCode,
    pub default: Option<Value>,
}

/// A program after lowering.
#[derive(Clone, Debug)]
pub(super) struct Lowering {
    pub tensors: Vec<TensorInfo>,
    pub params: Vec<ParamInfo>,
    pub outputs: Vec<usize>,
    pub body: Vec<Step>,
}

pub(super) fn unsupported(span: Span, message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Unsupported, span, message)
}

pub(super) fn mismatch(span: Span, message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Mismatch, span, message)
}

pub(super) fn name_error(span: Span, message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Name, span, message)
}

/// A literal as an engine value: integers as INT64, the rest as FP64 or BOOL.
pub(super) fn literal_value(l: ast::Literal) -> Value {
    match l {
        ast::Literal::Int(i) => Value::new(i),
        ast::Literal::Float(x) => Value::new(x),
        ast::Literal::Bool(b) => Value::new(b),
    }
}

/// Lowers a parsed program.
pub(super) fn lower(p: &ast::Program, operators: &ops::Operators) -> Result<Lowering, Error> {
    let mut scope = Scope {
        operators: operators.clone(),
        ..Scope::default()
    };
    for d in &p.declarations {
        if scope.tensor_index(&d.name.text).is_some() || scope.param(&d.name.text).is_some() {
            return Err(name_error(
                d.name.span,
                format!("'{}' is declared twice", d.name.text),
            ));
        }
        if d.shape.len() > 2 {
            return Err(unsupported(
                d.name.span,
                format!(
                    "'{}' has rank {}: the engine holds tensors of rank 0, 1 and 2",
                    d.name.text,
                    d.shape.len()
                ),
            ));
        }
        let ty = Type::builtin(d.ty);
        let empty = match d.empty {
            Some((l, span)) => Some(literal_value(l).cast(&ty).ok_or_else(|| {
                mismatch(span, "the empty value cannot be held by the tensor's type")
            })?),
            None => None,
        };
        scope.tensors.push(TensorInfo {
            name: d.name.text.clone(),
            shape: d.shape.iter().map(|s| s.text.clone()).collect(),
            ty,
            empty,
            input: d.input,
        });
    }
    for prm in &p.params {
        if scope.tensor_index(&prm.name.text).is_some() || scope.param(&prm.name.text).is_some() {
            return Err(name_error(
                prm.name.span,
                format!("'{}' is declared twice", prm.name.text),
            ));
        }
        scope.params.push(ParamInfo {
            name: prm.name.text.clone(),
            ty: prm.ty,
            default: prm.default.map(|l| {
                literal_value(l)
                    .cast(&Type::builtin(prm.ty))
                    .expect("built-in casts")
            }),
        });
    }
    let outputs = p
        .outputs
        .iter()
        .map(|o| scope.tensor(o))
        .collect::<Result<Vec<_>, _>>()?;
    let body = scope.statements(&p.body)?;
    Ok(Lowering {
        tensors: scope.tensors,
        params: scope.params,
        outputs,
        body,
    })
}

/// The names in force while lowering.
#[derive(Default)]
pub(super) struct Scope {
    pub tensors: Vec<TensorInfo>,
    pub params: Vec<ParamInfo>,
    pub operators: ops::Operators,
    /// The counters of the enclosing loops: name and loop id.
    counters: Vec<(String, usize)>,
    loops: usize,
}

impl Scope {
    fn tensor_index(&self, name: &str) -> Option<usize> {
        self.tensors.iter().position(|t| t.name == name)
    }

    fn param(&self, name: &str) -> Option<usize> {
        self.params.iter().position(|p| p.name == name)
    }

    pub fn tensor(&self, name: &ast::Ident) -> Result<usize, Error> {
        self.tensor_index(&name.text)
            .ok_or_else(|| name_error(name.span, format!("no tensor is called '{}'", name.text)))
    }

    fn is_size(&self, name: &str) -> bool {
        self.tensors
            .iter()
            .any(|t| t.shape.iter().any(|s| s == name))
    }

    fn statements(&mut self, body: &[ast::Statement]) -> Result<Vec<Step>, Error> {
        body.iter()
            .map(|s| match s {
                ast::Statement::Equation(eq) => Ok(Step::Equation(self.equation(eq)?)),
                ast::Statement::Loop(l) => Ok(Step::Loop(self.looped(l)?)),
            })
            .collect()
    }

    fn looped(&mut self, l: &ast::Loop) -> Result<LoopIr, Error> {
        let id = self.loops;
        self.loops += 1;
        let pushed = match &l.counter {
            Some(c) => {
                if self.tensor_index(&c.text).is_some() || self.param(&c.text).is_some() {
                    return Err(name_error(
                        c.span,
                        format!("'{}' already names something", c.text),
                    ));
                }
                self.counters.push((c.text.clone(), id));
                true
            }
            None => false,
        };
        let body = self.statements(&l.body);
        let until = l.until.as_ref().map(|u| self.stop(u)).transpose();
        if pushed {
            self.counters.pop();
        }
        Ok(LoopIr {
            id,
            max: l.max,
            body: body?,
            until: until?,
            span: l.span,
        })
    }

    fn stop(&self, u: &ast::Until) -> Result<Stop, Error> {
        Ok(match u {
            ast::Until::Empty(n) => Stop::Empty(self.tensor(n)?),
            ast::Until::Unchanged(n) => Stop::Unchanged(self.tensor(n)?),
            ast::Until::Compare { lhs, cmp, rhs, .. } => {
                Stop::Compare(self.constant(lhs, &[])?, *cmp, self.constant(rhs, &[])?)
            }
            ast::Until::Any(all) => {
                Stop::Any(all.iter().map(|u| self.stop(u)).collect::<Result<_, _>>()?)
            }
        })
    }

    /// A value known at run time; `ranks` are the names that are rank
    /// variables here (an error if used as a value).
    pub fn constant(&self, e: &Expr, ranks: &[String]) -> Result<Const, Error> {
        Ok(match e {
            Expr::Literal(l, _) => Const::Literal(literal_value(*l)),
            Expr::Name(id) => {
                if let Some(p) = self.param(&id.text) {
                    Const::Param(p, id.text.clone())
                } else if let Some((_, l)) = self.counters.iter().rev().find(|(n, _)| *n == id.text)
                {
                    Const::Counter(*l, id.text.clone())
                } else if let Some(t) = self.tensor_index(&id.text) {
                    self.scalar(t, id.span)?
                } else if self.is_size(&id.text) {
                    Const::Size(id.text.clone())
                } else if ranks.contains(&id.text) {
                    return Err(unsupported(
                        id.span,
                        format!(
                            "the coordinate '{}' as a value must be the whole right-hand side",
                            id.text
                        ),
                    ));
                } else {
                    return Err(name_error(
                        id.span,
                        format!("'{}' is not declared", id.text),
                    ));
                }
            }
            Expr::Access(a) => {
                let t = self.tensor(&a.name)?;
                if !a.indices.is_empty() {
                    return Err(mismatch(a.span, "a tensor point is not a value here"));
                }
                self.scalar(t, a.span)?
            }
            Expr::Neg(inner, _) => Const::Neg(Box::new(self.constant(inner, ranks)?)),
            Expr::Binary { op, lhs, rhs, .. } => Const::Arith(
                *op,
                Box::new(self.constant(lhs, ranks)?),
                Box::new(self.constant(rhs, ranks)?),
            ),
        })
    }

    fn scalar(&self, t: usize, span: Span) -> Result<Const, Error> {
        let info = &self.tensors[t];
        if !info.shape.is_empty() {
            return Err(mismatch(
                span,
                format!(
                    "'{}' has rank {}: only a rank-0 tensor is a value",
                    info.name,
                    info.shape.len()
                ),
            ));
        }
        Ok(Const::Scalar(t, info.name.clone()))
    }

    fn equation(&self, eq: &ast::Equation) -> Result<Lowered, Error> {
        Equation::new(self, eq)?.lower()
    }
}

/// A tensor read in an equation: which, its rank variables, where.
#[derive(Clone, Debug)]
pub(super) struct Operand {
    pub tensor: usize,
    pub ranks: Vec<String>,
    pub span: Span,
}

/// A right-hand side's term.
pub(super) enum Term {
    Tensor(Operand),
    Value(Const),
    /// A rank variable of the target, its coordinate as the value.
    Coordinate(String, Span),
    /// `S[I[m]]`.
    Gather(Operand, Operand),
}

/// The actions of an equation, at most one of each kind.
#[derive(Default)]
pub(super) struct Actions<'a> {
    pub map: Option<&'a ast::Action>,
    pub reduce: Option<&'a ast::Action>,
    pub populate: Option<&'a ast::Action>,
}

/// One equation being lowered.
pub(super) struct Equation<'a> {
    pub scope: &'a Scope,
    pub eq: &'a ast::Equation,
    pub target: usize,
    pub target_ranks: Vec<String>,
    /// The size each rank variable ranges over.
    pub sizes: HashMap<String, String>,
    pub temps: Vec<Temp>,
    pub instrs: Vec<Instr>,
}

impl<'a> Equation<'a> {
    fn new(scope: &'a Scope, eq: &'a ast::Equation) -> Result<Equation<'a>, Error> {
        let target = scope.tensor(&eq.target.name)?;
        let mut e = Equation {
            scope,
            eq,
            target,
            target_ranks: Vec::new(),
            sizes: HashMap::new(),
            temps: Vec::new(),
            instrs: Vec::new(),
        };
        let op = e.operand(&eq.target)?;
        for (i, r) in op.ranks.iter().enumerate() {
            if op.ranks[..i].contains(r) {
                return Err(mismatch(
                    eq.target.span,
                    format!("rank '{r}' appears twice on the left"),
                ));
            }
        }
        e.target_ranks = op.ranks;
        Ok(e)
    }

    pub fn info(&self, t: usize) -> &TensorInfo {
        &self.scope.tensors[t]
    }

    pub fn target_info(&self) -> &TensorInfo {
        self.info(self.target)
    }

    /// A tensor access with plain rank variables, checked against the shape.
    pub fn operand(&mut self, a: &Access) -> Result<Operand, Error> {
        let tensor = self.scope.tensor(&a.name)?;
        let shape = self.info(tensor).shape.clone();
        if a.indices.len() != shape.len() {
            return Err(mismatch(
                a.span,
                format!(
                    "'{}' has rank {}, but {} indices are given",
                    a.name.text,
                    shape.len(),
                    a.indices.len()
                ),
            ));
        }
        let mut ranks = Vec::new();
        for (index, size) in a.indices.iter().zip(&shape) {
            let Index::Rank(r) = index else {
                return Err(unsupported(
                    a.span,
                    "an index taken from another tensor is only supported as the whole right-hand side (S[I[m]])",
                ));
            };
            if self.scope.tensor_index(&r.text).is_some() || self.scope.param(&r.text).is_some() {
                return Err(name_error(
                    r.span,
                    format!("'{}' names a tensor or parameter, not a rank", r.text),
                ));
            }
            match self.sizes.get(&r.text) {
                Some(s) if s != size => {
                    return Err(mismatch(
                        r.span,
                        format!(
                            "rank '{}' ranges over {s} elsewhere, over {size} here",
                            r.text
                        ),
                    ))
                }
                _ => {
                    self.sizes.insert(r.text.clone(), size.clone());
                }
            }
            ranks.push(r.text.clone());
        }
        Ok(Operand {
            tensor,
            ranks,
            span: a.span,
        })
    }

    fn term(&mut self, e: &Expr) -> Result<Term, Error> {
        match e {
            Expr::Access(a) if a.indices.is_empty() => {
                Ok(Term::Value(self.scope.constant(e, &self.target_ranks)?))
            }
            Expr::Access(a) => match a.indices.as_slice() {
                [Index::Indirect(inner)] => {
                    let index = self.operand(inner)?;
                    let tensor = self.scope.tensor(&a.name)?;
                    if self.info(tensor).shape.len() != 1 {
                        return Err(unsupported(
                            a.span,
                            "an indirect index reads a rank-1 tensor",
                        ));
                    }
                    let source = Operand {
                        tensor,
                        ranks: index.ranks.clone(),
                        span: a.span,
                    };
                    Ok(Term::Gather(source, index))
                }
                _ => Ok(Term::Tensor(self.operand(a)?)),
            },
            Expr::Name(id) if self.target_ranks.contains(&id.text) => {
                Ok(Term::Coordinate(id.text.clone(), id.span))
            }
            _ if has_access(e) => Err(unsupported(
                inner_op_span(e),
                "one map per equation: compute this part in an equation of its own",
            )),
            _ => Ok(Term::Value(self.scope.constant(e, &self.target_ranks)?)),
        }
    }

    pub fn temp(&mut self, ty: Type, shape: Vec<String>) -> Slot {
        self.temps.push(Temp { ty, shape });
        Slot::Temp(self.temps.len() - 1)
    }

    /// The shape of a result whose rank variables are `ranks`.
    pub fn shape_of(&self, ranks: &[String]) -> Vec<String> {
        ranks.iter().map(|r| self.sizes[r].clone()).collect()
    }

    fn actions(&self) -> Result<Actions<'a>, Error> {
        let mut a = Actions::default();
        for act in &self.eq.actions {
            let slot = match act.kind {
                ActionKind::Map => &mut a.map,
                ActionKind::Reduce => &mut a.reduce,
                ActionKind::Populate => &mut a.populate,
            };
            if slot.replace(act).is_some() {
                return Err(Error::syntax(act.span, "each action appears at most once"));
            }
        }
        if let Some(p) = a.populate {
            if !self.eq.populate {
                return Err(Error::syntax(
                    p.span,
                    "populate(...) goes with '<-', not '='",
                ));
            }
            if !p.ranks.is_empty() || p.merge.is_some() {
                return Err(Error::syntax(
                    p.span,
                    "populate takes one operator: populate(OP)",
                ));
            }
        }
        if let Some(r) = a.reduce {
            if matches!(r.merge, Some((Merge::Intersect, _))) {
                return Err(unsupported(
                    r.merge.unwrap().1,
                    "a reduction merges its terms by union (∪); intersect has no engine operation",
                ));
            }
        }
        Ok(a)
    }

    fn lower(mut self) -> Result<Lowered, Error> {
        let actions = self.actions()?;
        let rank0 = self.target_ranks.is_empty();
        if rank0 && !self.eq.filter.is_empty() {
            return Err(unsupported(
                self.eq.filter_span(),
                "a rank-0 tensor takes no 'where' clause",
            ));
        }
        // Populating keeps the points not written: without an operator, a
        // written point takes the new value (SECOND).
        let tt = self.target_info().ty.code();
        let accum = match actions.populate {
            Some(p) => Some(self.binary_op(&p.op, tt)?),
            None if self.eq.populate => {
                Some(BinaryOp::builtin(BinaryCode::Second, tt).expect("second exists"))
            }
            None => None,
        };
        let filter = filter::lower(&mut self)?;
        let result = match &self.eq.rhs {
            Expr::Binary {
                op,
                op_span,
                lhs,
                rhs,
            } if has_access(&self.eq.rhs) => {
                let (l, r) = (self.term(lhs)?, self.term(rhs)?);
                self.binary(*op, *op_span, l, r, &actions)?
            }
            rhs => {
                let t = self.term(rhs)?;
                self.unary(t, &actions, filter.mask)?
            }
        };
        let target_empty = self.target_info().empty.clone();
        if let (Some(implied), Some(declared)) = (&result.empty, &target_empty) {
            if !self.eq.populate && implied.cast(&self.target_info().ty).as_ref() != Some(declared)
            {
                return Err(Error::new(
                    ErrorKind::Property,
                    self.eq.span,
                    format!(
                        "an empty point of the result holds {}, but '{}' is declared with empty {}",
                        show(implied),
                        self.target_info().name,
                        show(declared)
                    ),
                ));
            }
        }
        if let (Some(acc), Some(implied), Some(_)) = (&accum, &result.empty, actions.populate) {
            let neutral = acc
                .code()
                .and_then(|c| Monoid::builtin(c, acc.ztype().code()));
            if let Some(m) = neutral {
                if implied.cast(m.ty()).as_ref() != Some(m.identity()) {
                    return Err(Error::new(
                        ErrorKind::Property,
                        actions.populate.unwrap().span,
                        format!(
                            "an empty point of the result holds {}, which is not the identity {} of populate({})",
                            show(implied),
                            show(m.identity()),
                            actions.populate.unwrap().op.text
                        ),
                    ));
                }
            }
        }
        self.finish(result.call, result.output_ty, filter, accum)
    }

    /// The last instruction (or instructions, with selects) writing the target.
    fn finish(
        mut self,
        call: Call,
        ty: Type,
        filter: filter::Filter,
        accum: Option<BinaryOp>,
    ) -> Result<Lowered, Error> {
        let out = Slot::Tensor(self.target);
        let replace = !self.eq.populate && filter.mask.is_some();
        let mut call = call;
        let shape = self.shape_of(&self.target_ranks.clone());
        for (op, thunk) in &filter.selects {
            // A plain copy is selected from its source directly.
            let a = match &call {
                Call::Apply(op, a) if op.code() == Some(UnaryCode::Identity) => *a,
                _ => {
                    let t = self.temp(ty.clone(), shape.clone());
                    self.push(t, call);
                    In {
                        slot: t,
                        transpose: false,
                    }
                }
            };
            call = Call::Select {
                op: op.clone(),
                a,
                thunk: thunk.clone(),
            };
        }
        self.instrs.push(Instr {
            out,
            mask: filter.mask,
            accum,
            replace,
            call,
        });
        Ok(Lowered {
            span: self.eq.span,
            text: self.eq.text.clone(),
            temps: self.temps,
            instrs: self.instrs,
        })
    }

    /// An instruction writing a whole temporary.
    pub fn push(&mut self, out: Slot, call: Call) {
        self.instrs.push(Instr {
            out,
            mask: None,
            accum: None,
            replace: false,
            call,
        });
    }

    /// The binary operator called `name` (built-in or registered).
    pub fn named(&self, name: &str, span: Span) -> Result<ops::Named, Error> {
        self.scope.operators.named(name).ok_or_else(|| {
            name_error(
                span,
                format!(
                    "'{name}' is not a binary operator ({}, or one given to Program::parse_with)",
                    ops::BINARY_NAMES
                ),
            )
        })
    }

    fn binary_op(&self, name: &ast::Ident, t: TypeCode) -> Result<BinaryOp, Error> {
        self.named(&name.text, name.span)?.at(t).ok_or_else(|| {
            mismatch(
                name.span,
                format!(
                    "'{}' is not defined on {}",
                    name.text,
                    Type::builtin(t).name()
                ),
            )
        })
    }

    pub fn monoid(&self, name: &ast::Ident, t: TypeCode) -> Result<Monoid, Error> {
        if let Some(m) = self.scope.operators.user_monoid(&name.text) {
            return match m.ty().code() == t {
                true => Ok(m.clone()),
                false => Err(mismatch(
                    name.span,
                    format!(
                        "'{}' reduces {}, not {}",
                        name.text,
                        m.ty().name(),
                        Type::builtin(t).name()
                    ),
                )),
            };
        }
        let op = self.binary_op(name, t)?;
        op.code()
            .and_then(|code| Monoid::builtin(code, t))
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Property,
                    name.span,
                    format!(
                        "'{}' has no identity on {}: it cannot reduce",
                        name.text,
                        Type::builtin(t).name()
                    ),
                )
            })
    }

    /// The type an operator works in: a comparison in its first operand's,
    /// any other in the target's.
    pub fn operator_type(&self, code: &ops::Named, first: &Operand) -> TypeCode {
        if code.is_comparison() {
            self.info(first.tensor).ty.code()
        } else {
            self.target_info().ty.code()
        }
    }

    /// The operator on type `t`.
    pub fn operator_on(
        &self,
        code: &ops::Named,
        t: TypeCode,
        span: Span,
    ) -> Result<BinaryOp, Error> {
        code.at(t).ok_or_else(|| {
            mismatch(
                span,
                format!("the operator is not defined on {}", Type::builtin(t).name()),
            )
        })
    }

    /// The ranks of `ranks` that are not on the left side.
    pub fn not_on_left(&self, ranks: &[String]) -> Vec<String> {
        ranks
            .iter()
            .filter(|r| !self.target_ranks.contains(r))
            .cloned()
            .collect()
    }

    /// The reduce action's ranks must be exactly `ranks`.
    pub fn check_reduced(
        &self,
        reduce: Option<&ast::Action>,
        ranks: &[String],
    ) -> Result<(), Error> {
        match reduce {
            None if ranks.is_empty() => Ok(()),
            None => Err(mismatch(
                self.eq.rhs.span(),
                format!(
                    "rank '{}' is not on the left: reduce it with reduce({}, OP)",
                    ranks[0],
                    ranks.join(", ")
                ),
            )),
            Some(r) if ranks.is_empty() => Err(mismatch(
                r.span,
                "nothing to reduce: every rank on the right is on the left",
            )),
            Some(r) => {
                let named: Vec<&str> = r.ranks.iter().map(|i| i.text.as_str()).collect();
                let ok = named.is_empty()
                    || (named.len() == ranks.len()
                        && ranks.iter().all(|x| named.contains(&x.as_str())));
                if ok {
                    Ok(())
                } else {
                    Err(mismatch(
                        r.span,
                        format!(
                            "the ranks reduced are {}, not {}",
                            ranks.join(", "),
                            named.join(", ")
                        ),
                    ))
                }
            }
        }
    }

    /// Two terms with a map, maybe a contraction.
    fn binary(
        &mut self,
        sym: ast::Arith,
        sym_span: Span,
        l: Term,
        r: Term,
        actions: &Actions,
    ) -> Result<Computed, Error> {
        let (default_op, default_merge) = match sym {
            ast::Arith::Add => ("plus", Merge::Union),
            ast::Arith::Sub => ("minus", Merge::Union),
            ast::Arith::Mul => ("times", Merge::Intersect),
            ast::Arith::Div => ("div", Merge::Intersect),
        };
        let (op_name, op_span) = match actions.map {
            Some(m) => (m.op.text.as_str(), m.op.span),
            None => (default_op, sym_span),
        };
        let merge = actions
            .map
            .and_then(|m| m.merge)
            .map_or(default_merge, |(m, _)| m);
        let code = self.named(op_name, op_span)?;
        match (l, r) {
            (Term::Tensor(a), Term::Tensor(b)) => {
                super::product::two_tensors(self, code, op_span, merge, a, b, actions.reduce, actions.map)
            }
            (Term::Tensor(a), Term::Value(c)) => self.bind(code, op_span, a, c, false, actions),
            (Term::Value(c), Term::Tensor(a)) => self.bind(code, op_span, a, c, true, actions),
            _ => Err(unsupported(
                sym_span,
                "a map takes tensors, or a tensor and a value; coordinates and indirect indices stand alone",
            )),
        }
    }

    /// `op(A, c)` or `op(c, A)`, then maybe a reduce.
    fn bind(
        &mut self,
        code: ops::Named,
        op_span: Span,
        a: Operand,
        value: Const,
        value_first: bool,
        actions: &Actions,
    ) -> Result<Computed, Error> {
        if let Some((_, span)) = actions.map.and_then(|m| m.merge) {
            return Err(Error::syntax(
                span,
                "a map with a value has nothing to merge",
            ));
        }
        let op_ty = self.operator_type(&code, &a);
        let op = self.operator_on(&code, op_ty, op_span)?;
        let reduced = self.not_on_left(&a.ranks);
        self.check_reduced(actions.reduce, &reduced)?;
        let input = In {
            slot: Slot::Tensor(a.tensor),
            transpose: reduced.is_empty() && a.ranks != self.target_ranks,
        };
        let call = Call::Bind {
            op: op.clone(),
            a: input,
            value,
            value_first,
        };
        if reduced.is_empty() {
            return Ok(Computed::new(call, op.ztype().clone(), None));
        }
        let t = self.temp(op.ztype().clone(), self.shape_of(&a.ranks));
        self.push(t, call);
        self.reduce_temp(t, &a.ranks, actions.reduce.expect("checked"))
    }

    /// Reduces temporary `t` (ranks `ranks`) to the target.
    pub fn reduce_temp(
        &mut self,
        t: Slot,
        ranks: &[String],
        r: &ast::Action,
    ) -> Result<Computed, Error> {
        let tt = self.target_info().ty.clone();
        let monoid = self.monoid(&r.op, tt.code())?;
        let transpose = !self.target_ranks.is_empty() && ranks[0] != self.target_ranks[0];
        let identity = monoid.identity().clone();
        Ok(Computed::new(
            Call::Reduce(monoid, In { slot: t, transpose }),
            tt,
            Some(identity),
        ))
    }

    /// Checks that empty value `e` of an operand annihilates `op` on its side
    /// with `result`.
    pub fn check_annihilates(
        &self,
        op: &BinaryOp,
        operand: &Operand,
        first: bool,
        result: &Value,
        map_span: Span,
    ) -> Result<(), Error> {
        let Some(e) = self.info(operand.tensor).empty.clone() else {
            return Ok(());
        };
        if annihilates(op, &e, first, result) {
            return Ok(());
        }
        Err(Error::new(
            ErrorKind::Property,
            map_span,
            format!(
                "an intersection (∩) skips the empty points of '{}', but its empty value {} is not an annihilator of {} giving {}: declare it without an empty value, or merge by union",
                self.info(operand.tensor).name,
                show(&e),
                op.name(),
                show(result)
            ),
        ))
    }
}

/// What an equation's right-hand side computes: the call that makes it, its
/// type, and the value its empty points stand for (when known).
pub(super) struct Computed {
    pub call: Call,
    pub output_ty: Type,
    pub empty: Option<Value>,
}

impl Computed {
    pub fn new(call: Call, output_ty: Type, empty: Option<Value>) -> Computed {
        Computed {
            call,
            output_ty,
            empty,
        }
    }
}

impl ast::Equation {
    fn filter_span(&self) -> Span {
        match self.filter.first() {
            Some(ast::Condition::Truthy(a)) => a.span,
            Some(ast::Condition::Falsy(_, s)) | Some(ast::Condition::Compare { span: s, .. }) => *s,
            None => self.span,
        }
    }
}

fn has_access(e: &Expr) -> bool {
    match e {
        Expr::Access(a) => !a.indices.is_empty(),
        Expr::Neg(x, _) => has_access(x),
        Expr::Binary { lhs, rhs, .. } => has_access(lhs) || has_access(rhs),
        Expr::Literal(..) | Expr::Name(_) => false,
    }
}

/// Where the first nested map is, for the "one map per equation" message.
fn inner_op_span(e: &Expr) -> Span {
    match e {
        Expr::Binary { op_span, .. } => *op_span,
        Expr::Neg(_, s) => *s,
        other => other.span(),
    }
}
