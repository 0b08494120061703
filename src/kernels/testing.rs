//! Stores for the kernels' unit tests, built as `GrB_Matrix_build` and
//! `setElement` build them but without objects.

use crate::algebra::{BinaryCode, BinaryOp, Type, TypeCode};
use crate::storage::build::{build_compressed, Dup};
use crate::storage::{Array, MatrixStore, Orientation};
use std::sync::Arc;

/// An `nrows × ncols` store of type `ty` in orientation `orient` holding
/// `entries` (values cast from `f64`); a repeated position is combined in
/// `f64` with `dup`, or the last one wins.
pub fn store(
    ty: &Type,
    (nrows, ncols): (u64, u64),
    orient: Orientation,
    entries: &[(u64, u64, f64)],
    dup: Option<BinaryCode>,
) -> Arc<MatrixStore> {
    let rows: Vec<u64> = entries.iter().map(|e| e.0).collect();
    let cols: Vec<u64> = entries.iter().map(|e| e.1).collect();
    let vals = Array::from_vec(entries.iter().map(|e| e.2).collect::<Vec<f64>>());
    let (outer, inner, vlen, vdim) = match orient {
        Orientation::ByRow => (&rows, &cols, ncols, nrows),
        Orientation::ByCol => (&cols, &rows, nrows, ncols),
    };
    let f = dup.map(|code| BinaryOp::builtin(code, TypeCode::Fp64).unwrap().byte_fn());
    let combine = |acc: &mut [u8], next: &[u8]| {
        let old = acc.to_vec();
        f.as_ref().unwrap()(acc, &old, next)
    };
    let dup = match f {
        Some(_) => Dup::Combine(&combine),
        None => Dup::LastWins,
    };
    let mut c = build_compressed(vlen, vdim, outer, inner, vals, dup).unwrap();
    c.x = c.x.cast(ty);
    let store = MatrixStore::from_compressed(orient, c).conform();
    store.uniform_value();
    Arc::new(store)
}

/// An `nrows × ncols` `FP64` store in orientation `orient` with a 1 at each
/// of `pairs`; a repeated pair is combined with `dup`.
pub fn ones(
    nrows: u64,
    ncols: u64,
    pairs: &[(u64, u64)],
    orient: Orientation,
    dup: BinaryCode,
) -> Arc<MatrixStore> {
    let entries: Vec<(u64, u64, f64)> = pairs.iter().map(|&(i, j)| (i, j, 1.0)).collect();
    store(&Type::FP64, (nrows, ncols), orient, &entries, Some(dup))
}
