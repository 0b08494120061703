//! Lowering a right-hand side of one term: a value (`assign`), a
//! coordinate (`apply(ROWINDEX)`), an indirect index (`extract`), or one
//! tensor — copied, transposed, mapped by a unary operator (`apply`) and
//! maybe reduced (`reduce` to a vector or a rank-0 tensor).

use super::ast;
use super::error::{Error, ErrorKind};
use super::ir::*;
use super::lower::{mismatch, name_error, unsupported, Actions, Computed, Equation, Term};
use super::operators::{self as ops, show};
use crate::algebra::{
    IndexUnaryCode, IndexUnaryOp, Monoid, Type, TypeCode, UnaryCode, UnaryOp, Value,
};

impl Equation<'_> {
    /// A value, a coordinate, one operand with a unary map, or a gather.
    pub(super) fn unary(
        &mut self,
        term: Term,
        actions: &Actions,
        mask: Option<MaskUse>,
    ) -> Result<Computed, Error> {
        let tt = self.target_info().ty.clone();
        let rank0 = self.target_ranks.is_empty();
        if let (Some(m), false) = (actions.map, matches!(term, Term::Tensor(_))) {
            return Err(mismatch(m.span, "a map needs a tensor operand"));
        }
        match term {
            Term::Value(c) => {
                self.check_reduced(actions.reduce, &[])?;
                let call = if rank0 {
                    Call::SetScalar(c)
                } else {
                    Call::Fill(c)
                };
                Ok(Computed::new(call, tt, None))
            }
            Term::Coordinate(rank, span) => {
                self.check_reduced(actions.reduce, &[])?;
                if self.target_ranks.len() != 1 {
                    return Err(unsupported(
                        span,
                        "a coordinate as a value fills a rank-1 tensor only",
                    ));
                }
                // Every point's coordinate; only the mask's points when a
                // mask keeps them (it filters the result anyway).
                let points = match mask {
                    Some(m) if !m.complement => m.slot,
                    _ => {
                        let filled = self.temp(Type::INT64, self.shape_of(&[rank]));
                        self.push(filled, Call::Fill(Const::Literal(Value::new(0i64))));
                        filled
                    }
                };
                let op = IndexUnaryOp::builtin(IndexUnaryCode::RowIndex, TypeCode::Int64)
                    .expect("ROWINDEX exists");
                let a = In {
                    slot: points,
                    transpose: false,
                };
                Ok(Computed::new(Call::Index(op, a), Type::INT64, None))
            }
            Term::Gather(source, index) => {
                self.check_reduced(actions.reduce, &[])?;
                if index.ranks != self.target_ranks {
                    return Err(mismatch(
                        index.span,
                        "the index tensor's ranks must be the left side's",
                    ));
                }
                let call = Call::Gather {
                    source: In {
                        slot: Slot::Tensor(source.tensor),
                        transpose: false,
                    },
                    index: In {
                        slot: Slot::Tensor(index.tensor),
                        transpose: false,
                    },
                };
                let ty = self.info(source.tensor).ty.clone();
                let empty = self.info(source.tensor).empty.clone();
                Ok(Computed::new(call, ty, empty))
            }
            Term::Tensor(a) => {
                let reduced = self.not_on_left(&a.ranks);
                self.check_reduced(actions.reduce, &reduced)?;
                let (mut input, ranks) = (
                    In {
                        slot: Slot::Tensor(a.tensor),
                        transpose: false,
                    },
                    a.ranks.clone(),
                );
                let mut empty = self.info(a.tensor).empty.clone();
                let mut ty = self.info(a.tensor).ty.clone();
                if let Some(m) = actions.map {
                    if !m.ranks.is_empty() || m.merge.is_some() {
                        return Err(Error::syntax(
                            m.span,
                            "a map of one operand takes one operator: map(OP)",
                        ));
                    }
                    let code = ops::unary_code(&m.op.text).ok_or_else(|| {
                        name_error(
                            m.op.span,
                            format!(
                                "'{}' is not a unary operator ({})",
                                m.op.text,
                                ops::UNARY_NAMES
                            ),
                        )
                    })?;
                    let op = UnaryOp::builtin(code, tt.code()).ok_or_else(|| {
                        mismatch(
                            m.op.span,
                            format!("'{}' is not defined on {}", m.op.text, tt.name()),
                        )
                    })?;
                    empty = empty.and_then(|e| ops::eval_unary(&op, &e));
                    ty = op.ztype().clone();
                    if reduced.is_empty() {
                        let transpose = ranks != self.target_ranks;
                        let call = Call::Apply(op, In { transpose, ..input });
                        return Ok(Computed::new(call, ty, empty));
                    }
                    let t = self.temp(ty.clone(), self.shape_of(&ranks));
                    self.push(t, Call::Apply(op, input));
                    input = In {
                        slot: t,
                        transpose: false,
                    };
                }
                if reduced.is_empty() {
                    let transpose = ranks != self.target_ranks;
                    let identity =
                        UnaryOp::builtin(UnaryCode::Identity, tt.code()).expect("identity exists");
                    let call = Call::Apply(identity, In { transpose, ..input });
                    return Ok(Computed::new(call, ty, empty));
                }
                let r = actions.reduce.expect("checked");
                let monoid = self.monoid(&r.op, tt.code())?;
                if let Some(e) = &empty {
                    check_reduce_empty(&monoid, e, r)?;
                }
                if !rank0 {
                    // Rank 2 to rank 1: keep the target's rank as the rows.
                    input.transpose = ranks[0] != self.target_ranks[0];
                }
                let identity = monoid.identity().clone();
                Ok(Computed::new(
                    Call::Reduce(monoid, input),
                    tt,
                    Some(identity),
                ))
            }
        }
    }
}

/// A reduction over operand points whose empty value is `e`: counting an
/// empty point must change nothing, so `e` must be the identity.
fn check_reduce_empty(monoid: &Monoid, e: &Value, r: &ast::Action) -> Result<(), Error> {
    if e.cast(monoid.ty()).as_ref() == Some(monoid.identity()) {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::Property,
        r.span,
        format!(
            "the reduced operand's empty value {} is not the identity {} of {}",
            show(e),
            show(monoid.identity()),
            monoid.name()
        ),
    ))
}
