//! What the non-blocking engine does with a short program. Operations are
//! recorded, not run; reading a result runs them, and explain prints the plan,
//! the rewrites that fired, the kernels chosen and their times (on stderr).
//!
//! `cargo run --example explain` (or run any program with `GRB_EXPLAIN=1`)

use graphblas::{binary, prelude::*, semiring, unary, Matrix, Result};

/// A pseudo-random `n × n` matrix with about `per_row` entries per row.
fn random(n: u64, per_row: u64, seed: u64) -> Result<Matrix<f64>> {
    let mut s = seed;
    let mut next = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        s >> 33
    };
    let entries: Vec<(u64, u64, f64)> = (0..n * per_row)
        .map(|k| (k / per_row, next() % n, (next() % 10) as f64))
        .collect();
    Matrix::from_triplets_with(n, n, entries, binary::plus())
}

fn main() -> Result<()> {
    graphblas::set_explain(true);
    let n = 4000;
    let (a, b, m) = (random(n, 8, 1)?, random(n, 8, 2)?, random(n, 2, 3)?);

    // Mask push-down: T = A*B is only needed where M allows, so the masked
    // product kernel computes just those entries.
    let t = a.mxm(&b, semiring::plus_times()).eval()?;
    let c = Matrix::<f64>::new(n, n)?;
    c.masked(&m).structural().assign(t.apply(unary::ainv()))?;
    drop(t);
    println!("C<M> = -(A*B): {} entries", c.nvals()?);

    // Intersection push-down: eWiseMult(A*B, M) is A*B computed only where M has entries.
    let p = a.mxm(&b, semiring::plus_times()).eval()?;
    let d = p.ewise_mult(&m, binary::times()).eval()?;
    drop(p);
    println!("(A*B) .* M: {} entries", d.nvals()?);

    // A dead result: E's first value is overwritten before anyone reads it,
    // so its product is never computed.
    let e = a.mxm(&b, semiring::plus_times()).eval()?;
    e.assign(a.apply(unary::abs()))?;
    println!("E = |A|: {} entries", e.nvals()?);
    Ok(())
}
