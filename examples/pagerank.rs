//! PageRank by power iteration with the Rust API: `r = (1-d)/n + d · (r ./ outdegree) A`
//! until the ranks change by less than a tolerance.
//!
//! `cargo run --example pagerank`

use graphblas::{binary, monoid, prelude::*, semiring, unary, Matrix, Result, Vector};

fn main() -> Result<()> {
    // A small directed graph; every vertex has an out-edge.
    let edges = [(0, 1), (0, 2), (1, 2), (2, 0), (3, 2), (4, 0), (4, 3)];
    let a = Matrix::from_triplets(5, 5, edges.iter().map(|&(i, j)| (i, j, 1.0)))?;
    let n = a.nrows();
    let (damping, tolerance) = (0.85, 1e-9);

    let out_degree = a.reduce_rows(monoid::plus()).eval()?;
    let mut rank = Vector::filled(n, 1.0 / n as f64)?;
    for iteration in 1..=100 {
        // Each vertex sends d · rank / outdegree along its out-edges.
        let share = rank
            .ewise_mult(&out_degree, binary::div())
            .eval()?
            .apply_second(binary::times(), damping)
            .eval()?;
        let next = Vector::filled(n, (1.0 - damping) / n as f64)?;
        next.output()
            .accum(binary::plus())
            .assign(share.vxm(&a, semiring::plus_first()))?;
        let change = next
            .ewise_add(&rank, binary::minus())
            .eval()?
            .apply(unary::abs())
            .eval()?
            .reduce(monoid::max())?;
        rank = next;
        if change < tolerance {
            println!("converged after {iteration} iterations");
            break;
        }
    }
    // No dangling vertices: the ranks stay a probability distribution.
    assert!((rank.reduce(monoid::plus())? - 1.0).abs() < 1e-9);
    let mut ranked = rank.pairs()?;
    ranked.sort_by(|x, y| y.1.total_cmp(&x.1));
    for (vertex, r) in ranked {
        println!("vertex {vertex}: {r:.4}");
    }
    Ok(())
}
