//! The model of `GrB_mxm`, `GrB_mxv` and `GrB_vxm`: each output entry folds
//! the products `A(i,k) ⊗ B(k,j)` in increasing `k` with the monoid (the
//! first product starts the fold). The spec leaves the ANY monoid's choice
//! free; this library returns the first product in `k` order, and so does
//! the model. A positional multiply gives `i`, `k` or `j` (+ its offset).

use super::{apply_binary, apply_binary_at, OMatrix};
use graphblas::raw::algebra::{BinaryCode, Semiring};
use std::collections::BTreeMap;

/// `A ⊕.⊗ B` (`A` is `m × k`, `B` is `k × n`; transposes already applied).
pub fn mxm(a: &OMatrix, b: &OMatrix, s: &Semiring) -> OMatrix {
    assert_eq!(a.ncols, b.nrows, "inner dimensions");
    let any = s.add().code() == Some(BinaryCode::Any);
    let mut b_rows: BTreeMap<u64, Vec<(u64, &graphblas::raw::algebra::Value)>> = BTreeMap::new();
    for (&(k, j), v) in &b.entries {
        b_rows.entry(k).or_default().push((j, v));
    }
    let mut t = OMatrix::new(s.ztype(), a.nrows, b.ncols);
    // A's entries are ordered by (i, k): each row's products arrive in k order.
    for (&(i, k), av) in &a.entries {
        for &(j, bv) in b_rows.get(&k).map_or(&[][..], |r| &r[..]) {
            let p = apply_binary_at(s.mul(), (av, (i, k)), (bv, (k, j)));
            let next = match t.entries.get(&(i, j)) {
                None => p,
                Some(acc) if any => acc.clone(),
                Some(acc) => apply_binary(s.add().op(), acc, &p),
            };
            t.entries.insert((i, j), next);
        }
    }
    t
}

/// `A ⊕.⊗ u` for `u` an `n × 1` matrix.
pub fn mxv(a: &OMatrix, u: &OMatrix, s: &Semiring) -> OMatrix {
    mxm(a, u, s)
}

/// `(u' ⊕.⊗ A)'` for `u` an `n × 1` matrix: `w(j) = ⊕_k u(k) ⊗ A(k,j)`.
pub fn vxm(u: &OMatrix, a: &OMatrix, s: &Semiring) -> OMatrix {
    mxm(&u.transpose(), a, s).transpose()
}
