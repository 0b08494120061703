//! The budget for kept transposes and column blocks: a transpose is kept
//! while it fits, never when the budget is zero (nor planned for as if it
//! were), and results do not depend on the budget.

use graphblas::raw::storage::{Array, Compressed, MatrixStore, Orientation};
use graphblas::{prelude::*, semiring, Matrix, Vector};

/// A 300 × 200 store by rows with a few entries a row.
fn sample() -> MatrixStore {
    let (rows, cols) = (300u64, 200u64);
    let mut p = vec![0];
    let mut i = Vec::new();
    for r in 0..rows {
        for c in [r % cols, (r * 7 + 3) % cols, (r * 13 + 11) % cols] {
            if !i[p[p.len() - 1]..].contains(&c) {
                i.push(c);
            }
        }
        i[p[p.len() - 1]..].sort_unstable();
        p.push(i.len());
    }
    let x = Array::from_vec((0..i.len()).map(|q| q as f64).collect::<Vec<_>>());
    let c = Compressed {
        vlen: cols,
        vdim: rows,
        h: None,
        p,
        i: i.into(),
        x,
    };
    MatrixStore::from_compressed(Orientation::ByRow, c)
}

/// The product `Aᵀ·A` of a 500 × 400 matrix, through the Rust API.
fn product() -> Vec<(u64, u64, i64)> {
    let a = Matrix::from_triplets(
        500,
        400,
        (0..500u64).flat_map(|r| [(r, r % 400, 1i64), (r, (r * 31 + 5) % 400, 2)]),
    )
    .unwrap();
    a.t()
        .mxm(&a, semiring::plus_times())
        .eval()
        .unwrap()
        .triplets()
        .unwrap()
}

/// A matrix of 3,000 rows of up to 60 entries spread over 700,000 columns,
/// and a full vector of values of many magnitudes: `A * w` with
/// `PLUS_SECOND` (`FP64`, a 5.6 MB `w`) is summed by column blocks.
fn spread() -> (Matrix<f64>, Vector<f64>) {
    let n = 700_000u64;
    let a = Matrix::from_triplets(
        3000,
        n,
        (0..3000u64)
            .flat_map(move |r| (0..r % 61).map(move |e| (r, (r * 7919 + e * 104_729) % n, 1.0))),
    )
    .unwrap();
    let value = |k: u64| ((k as f64 * 0.618_034).fract() - 0.5) * 10f64.powi((k % 9) as i32);
    let w = Vector::from_pairs(n, (0..n).map(|k| (k, value(k)))).unwrap();
    (a, w)
}

/// `A * w` of [`spread`] computed by `product`, each sum checked against
/// a sum left to right.
fn checked_spread(
    a: &Matrix<f64>,
    w: &Vector<f64>,
    product: impl Fn() -> Vec<(u64, f64)>,
) -> Vec<(u64, f64)> {
    let got = product();
    let (entries, values) = (a.triplets().unwrap(), w.pairs().unwrap());
    let mut want = vec![(0.0, 0.0); 3000];
    for (r, c, _) in entries {
        want[r as usize].0 += values[c as usize].1;
        want[r as usize].1 += values[c as usize].1.abs();
    }
    for &(r, z) in &got {
        let (sum, scale) = want[r as usize];
        assert!(
            (z - sum).abs() <= 1e-12 * scale,
            "row {r}: {z} against {sum}"
        );
    }
    got
}

/// `A * w` of [`spread`] as `mxv`.
fn spread_product(a: &Matrix<f64>, w: &Vector<f64>) -> Vec<(u64, f64)> {
    checked_spread(a, w, || {
        a.mxv(w, semiring::plus_second())
            .eval()
            .unwrap()
            .pairs()
            .unwrap()
    })
}

/// `A * w` of [`spread`] written the other ways a product reads `A`'s rows
/// (`A'` stored, read transposed by `mxv` or by `vxm`; `vxm` over `A`
/// transposed): each the same sums product after product, as the blocks
/// of `A` or of the kept transpose of `A'` are made and then read.
#[test]
fn every_way_of_writing_a_spread_product_sums_alike_with_and_without_blocks() {
    let (a, w) = spread();
    let at = a.t().apply(graphblas::unary::identity()).eval().unwrap();
    let forms: [&dyn Fn() -> Vec<(u64, f64)>; 3] = [
        &|| {
            at.t()
                .mxv(&w, semiring::plus_second())
                .eval()
                .unwrap()
                .pairs()
                .unwrap()
        },
        &|| {
            w.vxm(&at, semiring::plus_first())
                .eval()
                .unwrap()
                .pairs()
                .unwrap()
        },
        &|| {
            w.vxm(a.t(), semiring::plus_first())
                .eval()
                .unwrap()
                .pairs()
                .unwrap()
        },
    ];
    for form in forms {
        let first = checked_spread(&a, &w, form);
        assert_eq!(first.len(), 2950, "every row with entries");
        for _ in 0..2 {
            assert_eq!(checked_spread(&a, &w, form), first);
        }
    }
}

#[test]
fn transposes_are_kept_within_the_budget_and_results_do_not_depend_on_it() {
    let limit = graphblas::cache_limit();
    let expected = product();
    // The first product reads the rows cut at the blocks, the next ones the
    // blocks kept: the same sums, bit for bit.
    let (a, w) = spread();
    let spread_sums = spread_product(&a, &w);
    assert_eq!(spread_sums.len(), 2950, "every row with entries");
    for _ in 0..2 {
        assert_eq!(spread_product(&a, &w), spread_sums);
    }

    let kept = sample();
    let by_cols = kept.compressed(Orientation::ByCol).into_owned();
    assert!(
        kept.has_cached_transpose(),
        "a transpose within the budget is kept"
    );
    assert!(graphblas::cached_bytes() >= by_cols.heap_bytes());

    let rented = sample();
    rented.pay_transpose_rent(1e9);
    assert_eq!(rented.transpose_rent(), 1e9);

    graphblas::set_cache_limit(0);
    assert!(
        !kept.has_cached_transpose(),
        "a budget of zero drops what was kept"
    );
    assert_eq!(
        rented.transpose_rent(),
        0.0,
        "the planner counts no savings toward a transpose it could not keep"
    );
    let fresh = sample();
    assert_eq!(fresh.compressed(Orientation::ByCol).into_owned(), by_cols);
    assert!(
        !fresh.has_cached_transpose(),
        "nothing is kept under a budget of zero"
    );
    assert_eq!(graphblas::cached_bytes(), 0);
    assert_eq!(product(), expected, "the product without kept transposes");
    assert_eq!(spread_product(&a, &w), spread_sums, "without kept blocks");

    graphblas::set_cache_limit(limit);
    assert_eq!(graphblas::cache_limit(), limit);
}
