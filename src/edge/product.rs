//! Lowering two tensor operands: a contraction (a rank in both operands and
//! not on the left) becomes `mxm`, `mxv` or `vxm` over the semiring of the
//! reduce and map operators; otherwise an element-wise map (`eWiseMult` for
//! ∩, `eWiseAdd` or `eWiseUnion` for ∪), maybe followed by a reduction.

use super::ast::{self, Merge};
use super::error::{Error, ErrorKind, Span};
use super::ir::*;
use super::lower::{mismatch, unsupported, Computed, Equation, Operand};
use super::operators::{self as ops, show};
use crate::algebra::{BinaryOp, Monoid, Semiring, Value};

/// `A[..] op B[..]` with the equation's map, merge and reduce.
#[allow(clippy::too_many_arguments)]
pub(super) fn two_tensors(
    e: &mut Equation,
    code: ops::Named,
    op_span: Span,
    merge: Merge,
    a: Operand,
    b: Operand,
    reduce: Option<&ast::Action>,
    map: Option<&ast::Action>,
) -> Result<Computed, Error> {
    let target = e.target_ranks.clone();
    let contracted: Vec<String> = a
        .ranks
        .iter()
        .filter(|r| b.ranks.contains(r) && !target.contains(r))
        .cloned()
        .collect();
    if let Some(m) = map {
        let listed: Vec<&str> = m.ranks.iter().map(|r| r.text.as_str()).collect();
        if !listed.is_empty()
            && (listed.len() != contracted.len()
                || contracted.iter().any(|r| !listed.contains(&r.as_str())))
        {
            return Err(mismatch(
                m.span,
                format!(
                    "the ranks both operands share and the left lacks are [{}]",
                    contracted.join(", ")
                ),
            ));
        }
    }
    let op_ty = e.operator_type(&code, &a);
    if contracted.is_empty() {
        return elementwise(e, code, op_ty, op_span, merge, a, b, reduce);
    }
    if merge == Merge::Union {
        return Err(unsupported(
            op_span,
            "a contraction merged by union (∪) has no semiring: the terms with one factor empty would need its empty value",
        ));
    }
    let mut reduced: Vec<String> = a
        .ranks
        .iter()
        .chain(&b.ranks)
        .filter(|r| !target.contains(r))
        .cloned()
        .collect();
    reduced.sort();
    reduced.dedup();
    let Some(r) = reduce else {
        return Err(mismatch(
            e.eq.rhs.span(),
            format!(
                "rank '{}' is not on the left: reduce it with reduce({}, OP)",
                contracted[0], contracted[0]
            ),
        ));
    };
    if reduced.len() != contracted.len() || contracted.len() > 1 {
        return Err(unsupported(
            e.eq.rhs.span(),
            "a product contracts one rank shared by both operands (matrix × matrix, matrix × vector, vector · vector)",
        ));
    }
    let k = &contracted[0];
    let (ra, rb) = (a.ranks.len(), b.ranks.len());
    let (left, right, code, form) = match (ra, rb, target.len()) {
        (2, 2, 2) if a.ranks.contains(&target[0]) && b.ranks.contains(&target[1]) => {
            (a, b, code, Form::Mxm)
        }
        (2, 2, 2) if b.ranks.contains(&target[0]) && a.ranks.contains(&target[1]) => {
            let swapped = code.swapped().ok_or_else(|| {
                unsupported(
                    op_span,
                    "write the operand holding the left side's first rank first",
                )
            })?;
            (b, a, swapped, Form::Mxm)
        }
        (2, 1, 1) => (a, b, code, Form::Mxv),
        (1, 2, 1) => (a, b, code, Form::Vxm),
        (1, 1, 0) => {
            return dot(e, code, op_ty, op_span, a, b, r);
        }
        _ => {
            return Err(unsupported(
                e.eq.rhs.span(),
                "this contraction is not a matrix or vector product",
            ))
        }
    };
    let mul = e.operator_on(&code, op_ty, op_span)?;
    let monoid = e.monoid(&r.op, mul.ztype().code())?;
    let identity = monoid.identity().clone();
    e.check_annihilates(&mul, &left, true, &identity, op_span)?;
    e.check_annihilates(&mul, &right, false, &identity, op_span)?;
    let (ta, tb) = match form {
        Form::Mxm => (left.ranks[0] != target[0], right.ranks[1] != target[1]),
        Form::Mxv => (left.ranks[1] != *k, false),
        Form::Vxm => (false, right.ranks[0] != *k),
    };
    let semiring = Semiring::new(monoid, mul).map_err(|err| mismatch(op_span, err.to_string()))?;
    let ty = semiring.ztype().clone();
    let call = Call::Product {
        semiring,
        a: In {
            slot: Slot::Tensor(left.tensor),
            transpose: ta,
        },
        b: In {
            slot: Slot::Tensor(right.tensor),
            transpose: tb,
        },
        form,
    };
    Ok(Computed::new(call, ty, Some(identity)))
}

/// `u[k] op v[k] :: reduce(k, ..)` into a rank-0 tensor.
fn dot(
    e: &mut Equation,
    code: ops::Named,
    op_ty: crate::algebra::TypeCode,
    op_span: Span,
    a: Operand,
    b: Operand,
    r: &ast::Action,
) -> Result<Computed, Error> {
    let mul = e.operator_on(&code, op_ty, op_span)?;
    let monoid = e.monoid(&r.op, mul.ztype().code())?;
    e.check_annihilates(&mul, &a, true, monoid.identity(), op_span)?;
    e.check_annihilates(&mul, &b, false, monoid.identity(), op_span)?;
    let t = e.temp(mul.ztype().clone(), e.shape_of(&a.ranks));
    let call = Call::Ewise {
        op: mul,
        a: In {
            slot: Slot::Tensor(a.tensor),
            transpose: false,
        },
        b: In {
            slot: Slot::Tensor(b.tensor),
            transpose: false,
        },
        merge: Ewise::Mult,
    };
    e.push(t, call);
    e.reduce_temp(t, &a.ranks, r)
}

/// An element-wise map of two operands over the same ranks, then maybe a reduction.
#[allow(clippy::too_many_arguments)]
fn elementwise(
    e: &mut Equation,
    code: ops::Named,
    op_ty: crate::algebra::TypeCode,
    op_span: Span,
    merge: Merge,
    a: Operand,
    b: Operand,
    reduce: Option<&ast::Action>,
) -> Result<Computed, Error> {
    let same_ranks = a.ranks.len() == b.ranks.len() && a.ranks.iter().all(|r| b.ranks.contains(r));
    if !same_ranks {
        return Err(unsupported(
            op_span,
            "an element-wise map needs both operands over the same ranks (broadcasting is not supported)",
        ));
    }
    let target = e.target_ranks.clone();
    let reduced = e.not_on_left(&a.ranks);
    e.check_reduced(reduce, &reduced)?;
    let op = e.operator_on(&code, op_ty, op_span)?;
    let order = if reduced.is_empty() {
        target.clone()
    } else {
        a.ranks.clone()
    };
    let (ea, eb) = (
        e.info(a.tensor).empty.clone(),
        e.info(b.tensor).empty.clone(),
    );
    let result_empty: Option<Value> = match reduce {
        Some(r) => Some(e.monoid(&r.op, op.ztype().code())?.identity().clone()),
        None => e.info(e.target).empty.clone(),
    };
    let (merge, empty) = match merge {
        Merge::Intersect => {
            if let Some(result) = &result_empty {
                e.check_annihilates(&op, &a, true, result, op_span)?;
                e.check_annihilates(&op, &b, false, result, op_span)?;
            }
            (Ewise::Mult, result_empty.clone())
        }
        Merge::Union => match (ea, eb) {
            (Some(x), Some(y)) => {
                let both = ops::eval(&op, &x, &y);
                if let (Some(both), Some(result)) = (&both, &result_empty) {
                    if both.cast(op.ztype()) != result.cast(op.ztype()) {
                        return Err(Error::new(
                            ErrorKind::Property,
                            op_span,
                            format!(
                                "a point empty in both operands would hold {}({}, {}) = {}, but the result's empty value is {}",
                                op.name(),
                                show(&x),
                                show(&y),
                                show(both),
                                show(result)
                            ),
                        ));
                    }
                }
                (union_merge(&op, x, y), both)
            }
            _ => (Ewise::Add, None),
        },
    };
    let call = Call::Ewise {
        op: op.clone(),
        a: In {
            slot: Slot::Tensor(a.tensor),
            transpose: a.ranks != order,
        },
        b: In {
            slot: Slot::Tensor(b.tensor),
            transpose: b.ranks != order,
        },
        merge,
    };
    let Some(r) = reduce.filter(|_| !reduced.is_empty()) else {
        return Ok(Computed::new(call, op.ztype().clone(), empty));
    };
    let t = e.temp(op.ztype().clone(), e.shape_of(&order));
    e.push(t, call);
    e.reduce_temp(t, &order, r)
}

/// ∪ with both empty values: `eWiseAdd` when each is the operator's
/// identity (an absent point changes nothing), else `eWiseUnion` with them.
fn union_merge(op: &BinaryOp, x: Value, y: Value) -> Ewise {
    let identity = op
        .code()
        .and_then(|c| Monoid::builtin(c, op.ztype().code()))
        .map(|m| m.identity().clone());
    match identity {
        Some(id)
            if x.cast(op.xtype()).as_ref() == Some(&id)
                && y.cast(op.ytype()).as_ref() == Some(&id) =>
        {
            Ewise::Add
        }
        _ => Ewise::Union(x, y),
    }
}
