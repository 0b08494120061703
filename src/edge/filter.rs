//! Lowering a `where` clause: conditions on a tensor's points become the
//! mask (by value, by structure, complemented, or the structure of a
//! `select` when a value is compared), coordinate conditions become selects
//! with the positional operators (`TRIL`, `TRIU`, `DIAG`, `OFFDIAG`,
//! `ROWLE`, `ROWGT`, `COLLE`, `COLGT`).

use super::ast::{self, Arith, Cmp, Condition, Expr, Operand as Rhs};
use super::error::{Error, Span};
use super::ir::*;
use super::lower::{literal_value, mismatch, unsupported, Equation};
use super::operators as ops;
use crate::algebra::{BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, TypeCode, Value};

/// The mask and the selects of an equation.
pub(super) struct Filter {
    pub mask: Option<MaskUse>,
    pub selects: Vec<(IndexUnaryOp, Const)>,
}

/// Lowers the equation's `where` clause.
pub(super) fn lower(e: &mut Equation) -> Result<Filter, Error> {
    let ranks = e.target_ranks.clone();
    let mut f = Filter {
        mask: None,
        selects: Vec::new(),
    };
    for c in &e.eq.filter {
        let (mask, span) = match c {
            Condition::Truthy(a) => (point(e, a, Cmp::Ne, &zero_literal())?, a.span),
            // Not truthy: where the point is absent too, whatever the empty value.
            Condition::Falsy(a, span) => {
                let truthy = point(e, a, Cmp::Ne, &zero_literal())?;
                let complement = !truthy.complement;
                (
                    MaskUse {
                        complement,
                        ..truthy
                    },
                    *span,
                )
            }
            Condition::Compare {
                lhs,
                cmp,
                rhs,
                span,
            } => match (lhs, rhs) {
                (Expr::Access(a), rhs) if !a.indices.is_empty() => {
                    let mask = match rhs {
                        Rhs::Empty(_) => presence(e, a, *cmp, *span)?,
                        Rhs::Expr(value) => point(e, a, *cmp, value)?,
                    };
                    (mask, *span)
                }
                (_, Rhs::Expr(rhs)) => {
                    coordinate(e, &ranks, lhs, *cmp, rhs, *span, &mut f.selects)?;
                    continue;
                }
                (_, Rhs::Empty(s)) => {
                    return Err(mismatch(*s, "only a tensor point is compared with 'empty'"))
                }
            },
        };
        if f.mask.replace(mask).is_some() {
            return Err(unsupported(
                span,
                "one condition on a tensor per equation (the mask): combine them in an equation of their own",
            ));
        }
    }
    Ok(f)
}

fn zero_literal() -> Expr {
    Expr::Literal(ast::Literal::Int(0), Span::at(1, 1, 1))
}

/// The mask tensor of a condition: its ranks must be the target's, in order.
fn mask_operand(e: &mut Equation, a: &ast::Access) -> Result<usize, Error> {
    let op = e.operand(a)?;
    if op.ranks != e.target_ranks {
        return Err(unsupported(
            a.span,
            "a condition's tensor is indexed by the left side's ranks, in the same order",
        ));
    }
    Ok(op.tensor)
}

/// `T[i] == empty` / `T[i] != empty`.
fn presence(e: &mut Equation, a: &ast::Access, cmp: Cmp, span: Span) -> Result<MaskUse, Error> {
    let complement = match cmp {
        Cmp::Ne => false,
        Cmp::Eq => true,
        _ => return Err(mismatch(span, "'empty' is compared with == or != only")),
    };
    let t = mask_operand(e, a)?;
    Ok(MaskUse {
        slot: Slot::Tensor(t),
        structural: true,
        complement,
    })
}

/// `T[i] CMP value`: holds at `T`'s points whose value compares so, and at
/// its empty points when its declared empty value does.
fn point(e: &mut Equation, a: &ast::Access, cmp: Cmp, value: &Expr) -> Result<MaskUse, Error> {
    let t = mask_operand(e, a)?;
    let info = e.info(t).clone();
    let literal = match value {
        Expr::Literal(l, _) => Some(literal_value(*l)),
        _ => None,
    };
    let at_empty = match (&info.empty, &literal) {
        (None, _) => false,
        (Some(empty), Some(v)) => holds(cmp, empty, v),
        (Some(_), None) => {
            return Err(unsupported(
                value.span(),
                format!(
                    "'{}' declares an empty value: compare its points with a literal, so the lowering knows whether empty points pass",
                    info.name
                ),
            ))
        }
    };
    let is_zero = literal
        .as_ref()
        .is_some_and(|v| v.get::<f64>() == Some(0.0));
    // A mask by value holds where a point is present and non-zero.
    if is_zero && ((cmp == Cmp::Ne && !at_empty) || (cmp == Cmp::Eq && at_empty)) {
        return Ok(MaskUse {
            slot: Slot::Tensor(t),
            structural: false,
            complement: cmp == Cmp::Eq,
        });
    }
    // Else the structure of the points where the comparison is `!at_empty`.
    let kept = if at_empty { negate(cmp) } else { cmp };
    let code = match kept {
        Cmp::Eq => IndexUnaryCode::ValueEq,
        Cmp::Ne => IndexUnaryCode::ValueNe,
        Cmp::Lt => IndexUnaryCode::ValueLt,
        Cmp::Le => IndexUnaryCode::ValueLe,
        Cmp::Gt => IndexUnaryCode::ValueGt,
        Cmp::Ge => IndexUnaryCode::ValueGe,
    };
    let op = IndexUnaryOp::builtin(code, info.ty.code())
        .ok_or_else(|| mismatch(a.span, format!("'{}' cannot be compared", info.name)))?;
    let thunk = e.scope.constant(value, &e.target_ranks)?;
    let shape = info.shape.clone();
    let out = e.temp(info.ty.clone(), shape);
    e.push(
        out,
        Call::Select {
            op,
            a: In {
                slot: Slot::Tensor(t),
                transpose: false,
            },
            thunk,
        },
    );
    Ok(MaskUse {
        slot: out,
        structural: true,
        complement: at_empty,
    })
}

fn negate(cmp: Cmp) -> Cmp {
    match cmp {
        Cmp::Eq => Cmp::Ne,
        Cmp::Ne => Cmp::Eq,
        Cmp::Lt => Cmp::Ge,
        Cmp::Le => Cmp::Gt,
        Cmp::Gt => Cmp::Le,
        Cmp::Ge => Cmp::Lt,
    }
}

/// `x CMP y` on two values, compared in `x`'s type.
fn holds(cmp: Cmp, x: &Value, y: &Value) -> bool {
    let code = match cmp {
        Cmp::Eq => BinaryCode::Eq,
        Cmp::Ne => BinaryCode::Ne,
        Cmp::Lt => BinaryCode::Lt,
        Cmp::Le => BinaryCode::Le,
        Cmp::Gt => BinaryCode::Gt,
        Cmp::Ge => BinaryCode::Ge,
    };
    let t = if x.ty().code() == TypeCode::Bool {
        TypeCode::Fp64
    } else {
        x.ty().code()
    };
    let op = BinaryOp::builtin(code, t).expect("comparisons exist on every real type");
    ops::eval(&op, x, y)
        .and_then(|z| z.get::<bool>())
        .unwrap_or(false)
}

/// A condition on coordinates: `r CMP s [± k]` or `r CMP value`, for ranks of
/// the left side; pushes its selects.
fn coordinate(
    e: &Equation,
    ranks: &[String],
    lhs: &Expr,
    cmp: Cmp,
    rhs: &Expr,
    span: Span,
    selects: &mut Vec<(IndexUnaryOp, Const)>,
) -> Result<(), Error> {
    let rank_of = |x: &Expr| match x {
        Expr::Name(id) if ranks.contains(&id.text) => Some(id.text.clone()),
        _ => None,
    };
    // `rank CMP rank + k`, with the rank on the left.
    let (lhs, cmp, rhs) = match (rank_of(lhs), rank_of(rhs)) {
        (None, Some(_)) => (rhs, mirror(cmp), lhs),
        (None, None) if is_rank_offset(rhs, ranks) => (rhs, mirror(cmp), lhs),
        _ => (lhs, cmp, rhs),
    };
    let Some(r) = rank_of(lhs) else {
        return Err(unsupported(
            span,
            "a condition compares a tensor point, or a rank of the left side with a rank or a value",
        ));
    };
    let (other, offset) = split_offset(e, rhs, ranks)?;
    let row = ranks.first() == Some(&r);
    let op = |code| IndexUnaryOp::builtin(code, TypeCode::Int64).expect("positional ops exist");
    let plus = |k: &Const, d: i64| {
        if d == 0 {
            k.clone()
        } else {
            Const::Arith(
                Arith::Add,
                Box::new(k.clone()),
                Box::new(Const::Literal(Value::new(d))),
            )
        }
    };
    match other {
        Some(s) => {
            if s == r {
                return Err(mismatch(span, "a condition between a rank and itself"));
            }
            // Written as `j CMP i + k` with i the row rank: TRIL keeps j <= i + k.
            let (cmp, k) = if row {
                (mirror(cmp), Const::Neg(Box::new(offset)))
            } else {
                (cmp, offset)
            };
            let (code, k) = match cmp {
                Cmp::Lt => (IndexUnaryCode::Tril, plus(&k, -1)),
                Cmp::Le => (IndexUnaryCode::Tril, k),
                Cmp::Gt => (IndexUnaryCode::Triu, plus(&k, 1)),
                Cmp::Ge => (IndexUnaryCode::Triu, k),
                Cmp::Eq => (IndexUnaryCode::Diag, k),
                Cmp::Ne => (IndexUnaryCode::Offdiag, k),
            };
            selects.push((op(code), k));
        }
        None => {
            let (le, gt) = if row {
                (IndexUnaryCode::Rowle, IndexUnaryCode::Rowgt)
            } else {
                (IndexUnaryCode::Colle, IndexUnaryCode::Colgt)
            };
            match cmp {
                Cmp::Lt => selects.push((op(le), plus(&offset, -1))),
                Cmp::Le => selects.push((op(le), offset)),
                Cmp::Gt => selects.push((op(gt), offset)),
                Cmp::Ge => selects.push((op(gt), plus(&offset, -1))),
                Cmp::Eq => {
                    selects.push((op(le), offset.clone()));
                    selects.push((op(gt), plus(&offset, -1)));
                }
                Cmp::Ne => {
                    return Err(unsupported(
                        span,
                        "'rank != value' keeps two ranges: no single select does that",
                    ))
                }
            }
        }
    }
    Ok(())
}

fn mirror(cmp: Cmp) -> Cmp {
    match cmp {
        Cmp::Lt => Cmp::Gt,
        Cmp::Le => Cmp::Ge,
        Cmp::Gt => Cmp::Lt,
        Cmp::Ge => Cmp::Le,
        c => c,
    }
}

fn is_rank_offset(x: &Expr, ranks: &[String]) -> bool {
    matches!(x, Expr::Binary { op: Arith::Add | Arith::Sub, lhs, .. }
        if matches!(&**lhs, Expr::Name(id) if ranks.contains(&id.text)))
}

/// `s ± k` → (Some(s), ±k); a value → (None, value).
fn split_offset(
    e: &Equation,
    x: &Expr,
    ranks: &[String],
) -> Result<(Option<String>, Const), Error> {
    let zero = || Const::Literal(Value::new(0i64));
    match x {
        Expr::Name(id) if ranks.contains(&id.text) => Ok((Some(id.text.clone()), zero())),
        Expr::Binary { op, lhs, rhs, .. } if is_rank_offset(x, ranks) => {
            let Expr::Name(id) = &**lhs else {
                unreachable!()
            };
            let k = e.scope.constant(rhs, ranks)?;
            let k = if *op == Arith::Sub {
                Const::Neg(Box::new(k))
            } else {
                k
            };
            Ok((Some(id.text.clone()), k))
        }
        other => Ok((None, e.scope.constant(other, ranks)?)),
    }
}
