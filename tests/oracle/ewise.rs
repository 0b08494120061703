//! The model of eWiseAdd, eWiseMult and eWiseUnion, straight from the spec.
//! A positional operator gives the row or column index of the result entry
//! wherever it is applied (SuiteSparse); eWiseAdd copies an entry present in
//! one input only, whatever the operator.

use super::{apply_binary_at, OMatrix};
use graphblas::raw::algebra::{BinaryOp, Value};

/// Which element-wise operation.
#[derive(Clone, Debug)]
pub enum OKind {
    Add,
    Mult,
    /// eWiseUnion with `alpha` (for a missing `A` entry) and `beta` (for a missing `B` entry).
    Union(Value, Value),
}

/// `T = A ⊕ B` for inputs of equal dimensions (already transposed as needed).
pub fn ewise(op: &BinaryOp, kind: &OKind, a: &OMatrix, b: &OMatrix) -> OMatrix {
    assert_eq!((a.nrows, a.ncols), (b.nrows, b.ncols));
    let mut t = OMatrix::new(op.ztype(), a.nrows, a.ncols);
    let f = |k, x, y| apply_binary_at(op, (x, k), (y, k));
    for (&k, av) in &a.entries {
        let v = match (b.entries.get(&k), kind) {
            (Some(bv), _) => Some(f(k, av, bv)),
            (None, OKind::Add) => Some(av.cast(op.ztype()).unwrap()),
            (None, OKind::Mult) => None,
            (None, OKind::Union(_, beta)) => Some(f(k, av, beta)),
        };
        if let Some(v) = v {
            t.entries.insert(k, v);
        }
    }
    for (&k, bv) in &b.entries {
        if a.entries.contains_key(&k) {
            continue;
        }
        match kind {
            OKind::Add => {
                t.entries.insert(k, bv.cast(op.ztype()).unwrap());
            }
            OKind::Union(alpha, _) => {
                t.entries.insert(k, f(k, alpha, bv));
            }
            OKind::Mult => {}
        }
    }
    t
}
