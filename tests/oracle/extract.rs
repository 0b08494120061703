//! The model of `GrB_extract` (spec 2.1, `ops_extract.tex`), and the spec's
//! masks (a missing mask with `GrB_COMP` allows nothing), shared with assign.

use super::{write, OMatrix, SpecMask};
use graphblas::raw::algebra::BinaryOp;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// An index list of the model: `None` is `GrB_ALL`.
pub type OIndices<'a> = Option<&'a [u64]>;

/// The number of indices of a list over a dimension of size `dim`.
pub fn list_len(l: OIndices, dim: u64) -> u64 {
    l.map_or(dim, |l| l.len() as u64)
}

/// For each index of a list, the positions `k` holding it (`None` for `GrB_ALL`,
/// where index `v` is at position `v`).
pub fn inverse(l: OIndices) -> Option<BTreeMap<u64, Vec<u64>>> {
    l.map(|l| {
        let mut inv: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
        for (k, &v) in l.iter().enumerate() {
            inv.entry(v).or_default().push(k as u64);
        }
        inv
    })
}

/// The positions holding index `v`, from [`inverse`].
pub fn positions(inv: &Option<BTreeMap<u64, Vec<u64>>>, v: u64) -> Vec<u64> {
    match inv {
        None => vec![v],
        Some(m) => m.get(&v).cloned().unwrap_or_default(),
    }
}

/// `T = Ã(I, J)` straight from the spec: `T(i, j) = Ã(I[i], J[j])` for every
/// `(i, j)` with `(I[i], J[j]) ∈ ind(Ã)`.
pub fn submatrix(a: &OMatrix, rows: OIndices, cols: OIndices) -> OMatrix {
    let mut t = OMatrix::new(&a.ty, list_len(rows, a.nrows), list_len(cols, a.ncols));
    let (rinv, cinv) = (inverse(rows), inverse(cols));
    for (&(r, c), v) in &a.entries {
        for i in positions(&rinv, r) {
            for j in positions(&cinv, c) {
                t.entries.insert((i, j), v.clone());
            }
        }
    }
    t
}

/// `C<M, replace> = accum(C, Ã(I, J))` where `a` is `Ã` (already transposed).
pub fn extract(
    c: &OMatrix,
    mask: &SpecMask,
    accum: Option<&BinaryOp>,
    a: &OMatrix,
    rows: OIndices,
    cols: OIndices,
    replace: bool,
) -> OMatrix {
    let t = submatrix(a, rows, cols);
    write(c, mask.omask().as_ref(), accum, replace, &t)
}

/// The engine's form of a model index list.
pub fn indices(l: &Option<Vec<u64>>) -> graphblas::raw::ops::indices::Indices<'_> {
    match l {
        None => graphblas::raw::ops::indices::Indices::All,
        Some(l) => graphblas::raw::ops::indices::Indices::List(l),
    }
}

/// A random index list over a dimension of size `dim`: `GrB_ALL`, a short list
/// with repeats in any order, a permutation, an increasing subset, or empty.
pub fn arb_indices(dim: u64) -> BoxedStrategy<Option<Vec<u64>>> {
    if dim == 0 {
        return prop_oneof![Just(None), Just(Some(vec![]))].boxed();
    }
    let perm_len = dim.min(8);
    prop_oneof![
        Just(None),
        proptest::collection::vec(0..dim, 0..=6).prop_map(Some),
        Just((0..perm_len).collect::<Vec<u64>>())
            .prop_shuffle()
            .prop_map(Some),
        proptest::collection::btree_set(0..dim, 0..=5).prop_map(|s| Some(s.into_iter().collect())),
    ]
    .boxed()
}

/// No accumulator, or one of a few, some with other domains than the output.
pub fn arb_accum() -> BoxedStrategy<Option<BinaryOp>> {
    use graphblas::raw::algebra::{BinaryCode, TypeCode};
    prop_oneof![
        Just(None),
        Just(BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32)),
        Just(BinaryOp::builtin(BinaryCode::Minus, TypeCode::Fp64)),
        Just(BinaryOp::builtin(BinaryCode::Second, TypeCode::Int8)),
        Just(BinaryOp::builtin(BinaryCode::Lt, TypeCode::Int16)),
    ]
    .boxed()
}
