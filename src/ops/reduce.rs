//! `GrB_reduce`: a matrix to a vector (`w<M, replace> = accum(w, ⊕_j A(:, j))`),
//! or a matrix or vector to a scalar (`s = accum(s, ⊕ A)`).
//!
//! The reduction operator is a monoid or a binary operator whose three domains
//! are equal; either way it must be associative and commutative (spec 2.1).
//! Values of `A` are cast to that domain first. Results never depend on the
//! number of threads: vectors are folded in index order, and a whole matrix in
//! fixed-size blocks combined in block order. Folding stops early when the
//! operator's terminal value is reached.

mod fold;
mod kernels;

use self::fold::with_fold;
use self::kernels::{FoldAll, FoldVectors, Held, Reduced, Scatter, Vectors};
use super::eval::BinaryEval;
use crate::algebra::{BinaryOp, Monoid, Type, Value};
use crate::error::Result;
use crate::object::{Descriptor, Matrix, Scalar, Vector};
use crate::plan;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::{Array, Bitmap, Compressed, Format, Full, MatrixStore, Orientation};
use crate::{ensure, fail};
use std::borrow::Cow;
use std::sync::Arc;

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
    let mask = plan::mask_input(mask.map(Vector::as_matrix), desc, len, 1)?;
    let out = plan::output(w.as_matrix(), len, 1, mask, accum, desc.replace, op.ztype())?;
    let reduce = plan::Op::Reduce {
        a: plan::source(a)?,
        op: op.clone(),
        by_cols,
    };
    plan::submit(w.as_matrix(), plan::Node::new(reduce, out))
}

/// `t(i) = ⊕_j a(i, j)` over the entries of each row of `a` (of each column
/// when `by_cols`) as an `n × 1` store; vectors without entries give none.
pub(crate) fn reduce_store(a: &MatrixStore, op: &BinaryOp, by_cols: bool) -> Result<MatrixStore> {
    let (len, orient) = if by_cols {
        (a.ncols(), Orientation::ByCol)
    } else {
        (a.nrows(), Orientation::ByRow)
    };
    let Reduced { held, values } = reduce_vectors(a, orient, op, known_terminal(op).as_ref())?;
    let format = match held {
        Held::Every if values.len() as u64 == len => Format::Full(Full {
            vlen: len,
            vdim: 1,
            x: values,
        }),
        Held::Every => {
            let ids = (0..values.len() as u64).collect();
            Format::Sparse(Compressed::vector(len, ids, values))
        }
        Held::Ids(ids) => Format::Sparse(Compressed::vector(len, ids, values)),
        Held::Flags { present, nvals } => Format::Bitmap(Bitmap {
            vlen: len,
            vdim: 1,
            b: present,
            x: values,
            nvals,
        }),
    };
    Ok(MatrixStore::new(Orientation::ByCol, format).conform())
}

/// `⊕` of all entries of `A` (a vector is passed as its `n × 1` matrix), or
/// `None` when `A` has no entries. The value has the monoid's type.
pub fn reduce_to_value(monoid: &Monoid, a: &Matrix) -> Result<Option<Value>> {
    check_input(a.ty(), monoid.op())?;
    let a = content_to_fold(a, monoid.op())?;
    Ok(fold_store(&a, monoid.op(), monoid.terminal()))
}

/// What a reduction of all of `a` with `op` folds: `a`'s content, or the
/// reductions of its rows when `a` is a pending product they can be computed
/// from without forming it (the same result: `op` is associative and
/// commutative).
fn content_to_fold(a: &Matrix, op: &BinaryOp) -> Result<Arc<MatrixStore>> {
    match plan::reduce::reduce_product(&a.source()?, op, false)? {
        Some(rows) => Ok(Arc::new(rows)),
        None => a.snapshot(),
    }
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
    let a = content_to_fold(a, rop)?;
    let Some(t) = fold_store(&a, rop, op.terminal().as_ref()) else {
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

/// The terminal value of a built-in operator on its type, if it has one.
fn known_terminal(op: &BinaryOp) -> Option<Value> {
    Monoid::builtin(op.code()?, op.ztype().code())?
        .terminal()
        .cloned()
}

/// Values cast to the reduction domain (borrowed when they already are).
fn in_domain<'a>(x: &'a Array, op: &BinaryOp) -> Cow<'a, Array> {
    if x.ty() == *op.ztype() {
        Cow::Borrowed(x)
    } else {
        Cow::Owned(x.cast(op.ztype()))
    }
}

/// `⊕` of every entry of a store, or `None` when it has none.
fn fold_store(a: &MatrixStore, op: &BinaryOp, terminal: Option<&Value>) -> Option<Value> {
    let present: Cow<'_, Array> = match a.format() {
        Format::Sparse(c) => Cow::Borrowed(&c.x),
        Format::Full(f) => Cow::Borrowed(&f.x),
        Format::Bitmap(b) => {
            let positions: Vec<usize> = (0..b.b.len()).filter(|&q| b.b[q]).collect();
            Cow::Owned(b.x.gather(&positions))
        }
    };
    let x = in_domain(&present, op);
    with_fold(&x, op, terminal, FoldAll { n: x.len() }).map(|t| t.get(0))
}

/// Reduces the vectors of `a` in orientation `orient` (its rows for `ByRow`):
/// the ids of the non-empty ones and their values, in the operator's domain.
///
/// Each vector is folded in increasing index order whichever way `a` is
/// stored, so the result does not depend on the storage either.
fn reduce_vectors(
    a: &MatrixStore,
    orient: Orientation,
    op: &BinaryOp,
    terminal: Option<&Value>,
) -> Result<Reduced> {
    if a.orient() == orient {
        if let Format::Full(f) = a.format() {
            let x = in_domain(&f.x, op);
            let vectors = Vectors::Full(f);
            return Ok(with_fold(&x, op, terminal, FoldVectors { vectors }));
        }
    }
    // Stored the other way: scatter along the inner dimension unless the
    // transpose is already at hand or a dense workspace would be too large.
    let len = match orient {
        Orientation::ByRow => a.nrows(),
        Orientation::ByCol => a.ncols(),
    };
    let scatter =
        a.orient() != orient && !a.has_cached_transpose() && dense_workspace_ok(len, a.nvals());
    if scatter {
        let c = a.compressed(a.orient());
        let x = in_domain(&c.x, op);
        return with_fold(&x, op, terminal, Scatter { c: &c });
    }
    let c = a.compressed(orient);
    let x = in_domain(&c.x, op);
    let vectors = Vectors::Compressed(&c);
    Ok(with_fold(&x, op, terminal, FoldVectors { vectors }))
}
