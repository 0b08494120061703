//! The reduction kernels: each row or column of a store to one value, or
//! the whole store to one value, with an associative and commutative
//! operator on values cast to its domain. Vectors are folded in index
//! order, a whole store in fixed-size blocks combined in block order, so
//! results never depend on the number of threads; folding stops early when
//! the operator's terminal value is reached.

mod fold;
mod kernels;

use self::fold::with_fold;
use self::kernels::{FoldAll, FoldVectors, Held, Reduced, Scatter, Vectors};
use crate::algebra::{BinaryOp, Monoid, Value};
use crate::error::Result;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::{Array, Bitmap, Compressed, Format, Full, MatrixStore, Orientation};
use std::borrow::Cow;

/// `t(i) = ⊕_j a(i, j)` over the entries of each row of `a` (of each column
/// when `by_cols`) as an `n × 1` store; vectors without entries give none.
pub fn reduce_store(a: &MatrixStore, op: &BinaryOp, by_cols: bool) -> Result<MatrixStore> {
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

/// The terminal value of a built-in operator on its type, if it has one.
pub fn known_terminal(op: &BinaryOp) -> Option<Value> {
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
pub fn fold_store(a: &MatrixStore, op: &BinaryOp, terminal: Option<&Value>) -> Option<Value> {
    fold_values(&a.values_in_order(), op, terminal)
}

/// `⊕` of the values `x` (a store's, in its order), or `None` when there
/// are none.
pub fn fold_values(x: &Array, op: &BinaryOp, terminal: Option<&Value>) -> Option<Value> {
    let x = in_domain(x, op);
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
