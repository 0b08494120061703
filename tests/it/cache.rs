//! The budget for kept transposes: a transpose is kept while it fits, never
//! when the budget is zero (nor planned for as if it were), and results do
//! not depend on the budget.

use graphblas::raw::storage::{Array, Compressed, MatrixStore, Orientation};
use graphblas::{prelude::*, semiring, Matrix};

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

#[test]
fn transposes_are_kept_within_the_budget_and_results_do_not_depend_on_it() {
    let limit = graphblas::cache_limit();
    let expected = product();

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

    graphblas::set_cache_limit(limit);
    assert_eq!(graphblas::cache_limit(), limit);
}
