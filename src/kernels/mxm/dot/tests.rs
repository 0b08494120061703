//! Unit tests of the dot-product kernels.

use super::dot2::fold_run;
use super::*;
use crate::algebra::typed_op::FnOp;
use crate::algebra::{BinaryCode, Semiring, TypeCode};
use crate::storage::Array;

/// One vector of length `len` with entries at `ks`, valued `k + 1`.
fn vector(len: u64, ks: &[u64]) -> Compressed {
    let x = Array::from_vec(ks.iter().map(|&k| k as f64 + 1.0).collect::<Vec<_>>());
    Compressed::vector(len, ks.to_vec(), x)
}

fn dot_of(l: &Compressed, r: &Compressed) -> Option<f64> {
    let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
    let job = Dot2 {
        l,
        r: RCols::Sparse(r),
        ncols: 1,
        mask: &MaskView::None,
    };
    let x = match crate::kernels::mxm::tiers::run(&s, &l.x, &r.x, false, job) {
        Product::Column(b) => b.b[0].then_some(b.x),
        Product::Rows(parts) => {
            let c = parts.assemble(None).unwrap();
            (c.nvals() == 1).then_some(c.x)
        }
    };
    x.map(|x| x.as_slice::<f64>().unwrap()[0])
}

#[test]
fn merges_and_gallops_agree() {
    let long: Vec<u64> = (0..500).filter(|k| k % 3 != 1).collect();
    for short in [vec![1, 3, 299, 498], vec![0, 499], vec![1, 4, 7]] {
        let expected: f64 = short
            .iter()
            .filter(|k| long.contains(k))
            .map(|&k| (k as f64 + 1.0) * (k as f64 + 1.0))
            .sum();
        let expected = (expected > 0.0).then_some(expected);
        let (a, b) = (vector(500, &short), vector(500, &long));
        assert_eq!(dot_of(&a, &b), expected, "short left {short:?}");
        assert_eq!(dot_of(&b, &a), expected, "short right {short:?}");
    }
    let (a, b) = (vector(500, &long), vector(500, &long[3..]));
    let expected: f64 = long[3..].iter().map(|&k| (k as f64 + 1.0).powi(2)).sum();
    assert_eq!(dot_of(&a, &b), Some(expected));
}

#[test]
fn runs_shorter_than_the_lanes_fold_left_to_right() {
    // `f(z, y) = 2z + y` is not commutative: the result shows the order.
    let f = FnOp::<i64>(|z, y| 2 * z + y);
    for n in 1..8u64 {
        let expected = (1..n as i64).fold(0, |z, k| 2 * z + k);
        let ks: Vec<u64> = (0..n).collect();
        assert_eq!(
            fold_run(f, &ks, &ks, |_, k| k as i64),
            expected,
            "{n} values"
        );
    }
}

#[test]
fn long_runs_pair_each_value_with_its_index() {
    // Every product of a run is folded once, with its own value and
    // index, whatever part of the lanes or the tail it falls in.
    let plus = FnOp::<i64>(|z, y| z + y);
    for n in 5..40i64 {
        let ls: Vec<i64> = (0..n + 3).map(|k| 1000 * k).collect();
        let is: Vec<u64> = (0..n as u64).map(|k| 7 * k).collect();
        let expected: i64 = (0..n).map(|k| 1000 * k * (7 * k)).sum();
        let got = fold_run(plus, &ls, &is, |l, i| l * i as i64);
        assert_eq!(got, expected, "{n} values");
    }
}
