//! PageRank as in the GAP benchmark (`lagraph_ports::pagerank`'s `Gap`
//! variant): `r' = (1 - d)/n + d · A' (r ./ degree)` until the 1-norm of
//! the change falls below the tolerance.

use super::out_degree;
use crate::{DistMatrix, DistVector};
use graphblas::{binary, monoid, semiring, unary, Result, ValueType};

/// The ranks and the number of iterations taken.
pub struct PageRank {
    /// Every vertex's rank.
    pub rank: DistVector<f64>,
    /// The iterations taken.
    pub iterations: usize,
}

/// PageRank of the graph `a` with damping 0.85, tolerance `tolerance` and at
/// most `max_iterations` iterations (collective).
pub fn pagerank<A: ValueType>(
    a: &DistMatrix<A>,
    tolerance: f64,
    max_iterations: usize,
) -> Result<PageRank> {
    const DAMPING: f64 = 0.85;
    let (grid, n) = (a.grid(), a.shape().0);
    let at = a.transpose()?;
    let degree = out_degree(a)?;
    let nf = n.max(1) as f64;
    let mut rank = DistVector::filled(grid, n, 1.0 / nf)?;
    let mut iterations = 0;
    while iterations < max_iterations {
        iterations += 1;
        let w = DistVector::<f64>::new(grid, n)?;
        w.output()
            .ewise_mult(&rank, &degree, binary::div::<f64>())?;
        w.output()
            .apply_second(&w, binary::times::<f64>(), DAMPING)?;
        let next = DistVector::filled(grid, n, (1.0 - DAMPING) / nf)?;
        next.output()
            .accum(binary::plus())
            .mxv(&at, &w, semiring::plus_second::<f64>())?;
        let change = DistVector::<f64>::new(grid, n)?;
        change
            .output()
            .ewise_add(&next, &rank, binary::minus::<f64>())?;
        change.output().apply(&change, unary::abs::<f64>())?;
        let change = change.reduce(monoid::plus())?;
        rank = next;
        if change < tolerance {
            break;
        }
    }
    Ok(PageRank { rank, iterations })
}
