//! Community detection by label propagation (CDLP, as in LDBC Graphalytics):
//! every vertex starts with its own id as label; each synchronous iteration
//! gives every vertex the most frequent label among its neighbours, the
//! smallest such label on ties; vertices without neighbours keep theirs.
//!
//! With `L(j, label_j)` an entry per vertex, `F = A ⊕.pair L` counts each label among each
//! vertex's neighbours; `F` is mapped to the key `count·2³² + (2³²−1−label)`
//! whose row maximum names the winning label.

use crate::lcc::pattern_without_loops;
use graphblas::{
    monoid, prelude::*, semiring, IndexUnaryOp, Matrix, Result, UnaryOp, ValueType, Vector,
};

/// Labels fit in the low 32 bits of a key.
const LABEL_BITS: u32 = 32;
const LABEL_MASK: u64 = (1 << LABEL_BITS) - 1;

/// The labels after `iterations` rounds of label propagation on the symmetric
/// adjacency matrix `a` (values and self-loops ignored; at most 2³² vertices).
pub fn label_propagation(a: &Matrix<impl ValueType>, iterations: usize) -> Result<Vec<u64>> {
    let n = a.nrows();
    let pattern = pattern_without_loops::<u64, _>(a)?;
    let key = IndexUnaryOp::new("cdlp_key", |count: u64, _i: u64, label: u64, _s: u64| {
        (count << LABEL_BITS) | (LABEL_MASK - label)
    });
    let decode = UnaryOp::new("cdlp_label", |key: u64| LABEL_MASK - (key & LABEL_MASK));
    let labels = Vector::from_pairs(n, (0..n).map(|v| (v, v)))?;
    for _ in 0..iterations {
        let membership = Matrix::from_vector_entries(n, &labels, &labels)?;
        let counts = pattern.mxm(&membership, semiring::plus_pair()).eval()?;
        let keys = counts.apply_index(key.clone(), 0).eval()?;
        let best = keys.reduce_rows(monoid::max()).eval()?;
        labels
            .masked(&best)
            .structural()
            .assign(best.apply(decode.clone()))?;
    }
    labels.to_dense(0)
}
