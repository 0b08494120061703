//! SuiteSparse's `GxB_sort`: the entries of each row (or column) of `A`
//! ordered by a comparator `op` (`z = op(x, y)`, true when `x` comes first,
//! as `GrB_LT_*` sorts ascending): `C(i, k)` is the `k`-th value of row `i`
//! and `P(i, k)` its column index; equal values keep their index order.
//! `C` and `P` have `A`'s dimensions; either may be omitted.
//!
//! The sort is a merge sort of each vector's positions, which stays correct
//! (and never panics) for a comparator that is not a total order, such as
//! `LT` on NaNs.

use crate::algebra::{BinaryOp, Type};
use crate::error::Result;
use crate::object::Matrix;
use crate::storage::{Array, Compressed, MatrixStore, Orientation};
use crate::{ensure, fail};

/// Sorts the rows of `a` (its columns when `by_col`) into `c` (values, `a`'s
/// type) and `p` (indices, `INT64`).
pub fn sort(
    c: Option<&Matrix>,
    p: Option<&Matrix>,
    op: &BinaryOp,
    a: &Matrix,
    by_col: bool,
) -> Result<()> {
    ensure!(
        c.is_some() || p.is_some(),
        NullPointer,
        "sort needs an output: C, P or both"
    );
    let dims = (a.nrows(), a.ncols());
    for out in [c, p].into_iter().flatten() {
        if (out.nrows(), out.ncols()) != dims {
            fail!(
                DimensionMismatch,
                "the outputs of sort must be {}x{}",
                dims.0,
                dims.1
            );
        }
    }
    ensure!(
        c.is_none_or(|c| c.ty() == a.ty()),
        DomainMismatch,
        "C must have the type of A"
    );
    ensure!(
        p.is_none_or(|p| p.ty() == &Type::INT64),
        DomainMismatch,
        "P must be of type GrB_INT64"
    );
    ensure!(
        op.ztype() == &Type::BOOL && a.ty().compatible(op.xtype()) && a.ty().compatible(op.ytype()),
        DomainMismatch,
        "the comparator {} must return bool and take A's values",
        op.name()
    );
    let orient = if by_col {
        Orientation::ByCol
    } else {
        Orientation::ByRow
    };
    let store = a.snapshot()?;
    let src = store.try_compressed(orient)?;
    let (xs, ys) = (src.x.cast(op.xtype()), src.x.cast(op.ytype()));
    let f = op.byte_fn();
    let first = |q: usize, r: usize| {
        let mut z = [0u8];
        f(&mut z, xs.get_bytes(q), ys.get_bytes(r));
        z[0] != 0
    };
    let mut order = Vec::with_capacity(src.nvals());
    let mut i = Vec::with_capacity(src.nvals());
    for k in 0..src.nvec() {
        let range = src.range(k);
        i.extend(0..range.len() as u64);
        order.extend(merge_sort(range.collect(), &first));
    }
    let shaped = |x: Array| Compressed {
        vlen: src.vlen,
        vdim: src.vdim,
        h: src.h.clone(),
        p: src.p.clone(),
        i: i.clone().into(),
        x,
    };
    if let Some(p) = p {
        let idx: Vec<i64> = order.iter().map(|&q| src.i.get(q) as i64).collect();
        let perm = shaped(Array::from_vec(idx));
        p.set_orientation(orient);
        p.set_store(MatrixStore::from_compressed(orient, perm));
    }
    if let Some(c) = c {
        let values = shaped(src.x.gather(&order));
        c.set_orientation(orient);
        c.set_store(MatrixStore::from_compressed(orient, values));
    }
    Ok(())
}

/// Stable merge sort of `v` where `first(a, b)` says `a` goes before `b`.
fn merge_sort(v: Vec<usize>, first: &impl Fn(usize, usize) -> bool) -> Vec<usize> {
    if v.len() <= 1 {
        return v;
    }
    let mut right = v;
    let left = right.drain(..right.len() / 2).collect();
    let (left, right) = (merge_sort(left, first), merge_sort(right, first));
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut a, mut b) = (0, 0);
    while a < left.len() && b < right.len() {
        // Right first only when strictly first: ties keep their order.
        if first(right[b], left[a]) {
            out.push(right[b]);
            b += 1;
        } else {
            out.push(left[a]);
            a += 1;
        }
    }
    out.extend_from_slice(&left[a..]);
    out.extend_from_slice(&right[b..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{BinaryCode, TypeCode, Value};

    #[test]
    fn rows_sorted_by_the_comparator_with_ties_in_index_order() {
        let a = Matrix::new(&Type::FP64, 2, 5).unwrap();
        for (j, x) in [(0, 3.0), (1, f64::NAN), (2, 1.0), (3, 3.0), (4, -2.0)] {
            a.set_element(0, j, &Value::new(x)).unwrap();
        }
        a.set_element(1, 3, &Value::new(7.0)).unwrap();
        let c = Matrix::new(&Type::FP64, 2, 5).unwrap();
        let p = Matrix::new(&Type::INT64, 2, 5).unwrap();
        let lt = BinaryOp::builtin(BinaryCode::Lt, TypeCode::Fp64).unwrap();
        sort(Some(&c), Some(&p), &lt, &a, false).unwrap();
        let perm: Vec<i64> = (0..5)
            .map(|k| p.extract_element(0, k).unwrap().unwrap().get().unwrap())
            .collect();
        // NaN compares false both ways: it stays among its neighbours.
        assert_eq!(&perm[..2], &[4, 2]);
        assert_eq!(
            c.extract_element(1, 0).unwrap().unwrap().get::<f64>(),
            Some(7.0)
        );
        assert_eq!(
            p.extract_element(1, 0).unwrap().unwrap().get::<i64>(),
            Some(3)
        );
        assert_eq!(c.nvals().unwrap(), 6);
        let gt = BinaryOp::builtin(BinaryCode::Gt, TypeCode::Fp64).unwrap();
        sort(Some(&c), None, &gt, &a, true).unwrap();
        assert_eq!(
            c.extract_element(0, 3).unwrap().unwrap().get::<f64>(),
            Some(7.0)
        );
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
        let err = sort(Some(&c), None, &plus, &a, false).unwrap_err();
        assert_eq!(err.info, crate::Info::DomainMismatch);
    }
}
