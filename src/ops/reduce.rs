//! `GrB_reduce`: a matrix to a vector (`w<M, replace> = accum(w, ⊕_j A(:, j))`),
//! or a matrix or vector to a scalar (`s = accum(s, ⊕ A)`).
//!
//! The reduction operator is a monoid or a binary operator whose three domains
//! are equal; either way it must be associative and commutative (spec 2.1).
//! Values of `A` are cast to that domain first. Results never depend on the
//! number of threads: vectors are folded in index order, and a whole matrix in
//! fixed-size blocks combined in block order. Folding stops early when the
//! operator's terminal value is reached.

use super::record;
use crate::algebra::{BinaryOp, Monoid, Type, Value};
use crate::error::Result;
use crate::kernels::eval::BinaryEval;
use crate::kernels::reduce::{fold_store, fold_values, known_terminal};
use crate::object::{Descriptor, Matrix, Scalar, Vector};
use crate::plan;
use crate::{ensure, fail};

/// The operator of a reduction to a scalar.
#[derive(Clone, Copy, Debug)]
pub enum ReduceOp<'a> {
    /// A monoid; its identity is the result of reducing no values.
    Monoid(&'a Monoid),
    /// A binary operator whose three domains are the same type.
    BinaryOp(&'a BinaryOp),
}

impl ReduceOp<'_> {
    /// The operator that combines values.
    pub fn op(&self) -> &BinaryOp {
        match self {
            ReduceOp::Monoid(m) => m.op(),
            ReduceOp::BinaryOp(op) => op,
        }
    }

    /// The terminal value: the monoid's, or the one a built-in operator is known to have.
    fn terminal(&self) -> Option<Value> {
        match self {
            ReduceOp::Monoid(m) => m.terminal().cloned(),
            ReduceOp::BinaryOp(op) => known_terminal(op),
        }
    }
}

/// `w<mask, replace> = accum(w, t)` where `t(i) = ⊕_j A(i, j)` over the entries
/// of row `i` (of column `i` with `GrB_INP0 = GrB_TRAN`); rows without entries
/// give no entry. `op` is the reduction operator (the C layer passes a
/// monoid's operator); its three domains must be equal.
pub fn reduce_to_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    a: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    check_reduce_op(op)?;
    check_input(a.ty(), op)?;
    // The vectors to reduce are the rows of A, or its columns when transposed.
    let by_cols = desc.transpose_first;
    let len = if by_cols { a.ncols() } else { a.nrows() };
    let mask = record::mask_input(mask.map(Vector::as_matrix), desc, len, 1)?;
    let out = record::output(w.as_matrix(), len, 1, mask, accum, desc.replace, op.ztype())?;
    let reduce = plan::Op::Reduce {
        a: record::source(a)?,
        op: op.clone(),
        by_cols,
    };
    record::submit(w.as_matrix(), plan::Node::new(reduce, out))
}

/// `⊕` of all entries of `A` (a vector is passed as its `n × 1` matrix), or
/// `None` when `A` has no entries. The value has the monoid's type.
pub fn reduce_to_value(monoid: &Monoid, a: &Matrix) -> Result<Option<Value>> {
    check_input(a.ty(), monoid.op())?;
    fold_all(a, monoid.op(), monoid.terminal())
}

/// `⊕` of all entries of `a` with `op`: of `a`'s content, or, when `a` is
/// pending, of what the non-blocking engine can fold without forming it:
/// the reductions of a product's rows (the same result, `op` being
/// associative and commutative), or the values a mask keeps of an output
/// that held nothing.
fn fold_all(a: &Matrix, op: &BinaryOp, terminal: Option<&Value>) -> Result<Option<Value>> {
    let source = a.source()?;
    if let Some(rows) = plan::reduce::reduce_product(&source, op, false)? {
        return Ok(fold_store(&rows, op, terminal));
    }
    if let Some(t) = plan::reduce::fold_masked(&source, |x| fold_values(x, op, terminal))? {
        return Ok(t);
    }
    Ok(fold_store(&*a.snapshot()?, op, terminal))
}

/// `s = accum(s, ⊕ A)` for a `GrB_Scalar` output. When `A` has no entries, `s`
/// is cleared without an accumulator and unchanged with one; when `s` is empty
/// the result is stored as it is (spec 2.1, reduce to scalar).
pub fn reduce_to_scalar(
    s: &Scalar,
    accum: Option<&BinaryOp>,
    op: ReduceOp<'_>,
    a: &Matrix,
) -> Result<()> {
    let rop = op.op();
    check_reduce_op(rop)?;
    check_scalar_output(s.ty(), accum, rop.ztype())?;
    check_input(a.ty(), rop)?;
    let Some(t) = fold_all(a, rop, op.terminal().as_ref())? else {
        if accum.is_none() {
            s.clear();
        }
        return Ok(());
    };
    match (accum, s.get()) {
        (Some(acc), Some(old)) => s.set(&apply(acc, &old, &t, s.ty())),
        _ => s.set(&t),
    }
}

/// `val = accum(val, ⊕ A)` for a C scalar output of `val`'s type: the result
/// is returned. When `A` has no entries, `⊕ A` is the monoid's identity.
pub fn reduce_to_c_value(
    val: &Value,
    accum: Option<&BinaryOp>,
    monoid: &Monoid,
    a: &Matrix,
) -> Result<Value> {
    check_scalar_output(val.ty(), accum, monoid.ty())?;
    let t = reduce_to_value(monoid, a)?.unwrap_or_else(|| monoid.identity().clone());
    Ok(match accum {
        Some(acc) => apply(acc, val, &t, val.ty()),
        None => t.cast(val.ty()).expect("types checked"),
    })
}

/// The reduction operator's domains must be one type (spec 2.1: `F_b = <D, D, D, ⊕>`).
fn check_reduce_op(op: &BinaryOp) -> Result<()> {
    op.check_not_positional("a reduction operator")?;
    ensure!(
        op.xtype() == op.ytype() && op.ytype() == op.ztype(),
        DomainMismatch,
        "a reduction operator needs three equal domains; {} is {:?} x {:?} -> {:?}",
        op.name(),
        op.xtype(),
        op.ytype(),
        op.ztype()
    );
    Ok(())
}

/// The input's values must be castable to the reduction domain.
fn check_input(aty: &Type, op: &BinaryOp) -> Result<()> {
    ensure!(
        aty.compatible(op.ztype()),
        DomainMismatch,
        "input of type {aty:?} cannot be reduced by {} (domain {:?})",
        op.name(),
        op.ztype()
    );
    Ok(())
}

/// Domain checks of a scalar output `s = accum(s, t)` with `t` of type `tty`.
fn check_scalar_output(sty: &Type, accum: Option<&BinaryOp>, tty: &Type) -> Result<()> {
    match accum {
        Some(acc) => {
            acc.check_not_positional("an accumulator")?;
            acc.check_domains(sty, sty, tty)
        }
        None => {
            if !tty.compatible(sty) {
                fail!(
                    DomainMismatch,
                    "a reduction of type {tty:?} cannot be stored in a {sty:?} scalar"
                );
            }
            Ok(())
        }
    }
}

/// `(out) accum(old, t)` with the spec's typecasts.
fn apply(accum: &BinaryOp, old: &Value, t: &Value, out: &Type) -> Value {
    let mut z = vec![0u8; out.size()];
    BinaryEval::new(accum, old.ty(), t.ty(), out).call(&mut z, old.bytes(), t.bytes());
    Value::from_bytes(out, &z)
}
