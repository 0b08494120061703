//! Model of `GrB_reduce`: folds in the plain order of the model's entries.

use super::{apply_binary, OMatrix};
use graphblas::raw::algebra::{BinaryOp, Value};

/// `v1 ⊕ v2 ⊕ …` (values cast to the operator's domain), or `None` for no values.
pub fn fold<'a>(op: &BinaryOp, values: impl IntoIterator<Item = &'a Value>) -> Option<Value> {
    values.into_iter().fold(None, |acc, v| {
        let v = v.cast(op.ztype()).expect("castable to the domain");
        Some(match acc {
            None => v,
            Some(a) => apply_binary(op, &a, &v),
        })
    })
}

/// `t(i) = ⊕_j A(i, j)` as an `nrows × 1` matrix of the operator's type.
pub fn reduce_rows(a: &OMatrix, op: &BinaryOp) -> OMatrix {
    let mut t = OMatrix::new(op.ztype(), a.nrows, 1);
    for i in 0..a.nrows {
        let row = a.entries.range((i, 0)..=(i, u64::MAX)).map(|(_, v)| v);
        if let Some(v) = fold(op, row) {
            t.entries.insert((i, 0), v);
        }
    }
    t
}

/// `⊕` of every entry.
pub fn reduce_all(a: &OMatrix, op: &BinaryOp) -> Option<Value> {
    fold(op, a.entries.values())
}
