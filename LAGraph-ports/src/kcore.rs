//! k-core decomposition: the core number of every vertex (the largest `k`
//! such that the vertex belongs to a subgraph of minimum degree `k`).
//!
//! Peeling on vectors: `deg` holds the degrees of the vertices still present.
//! For `k = 1, 2, …`, the present vertices of degree `< k` get core `k − 1`
//! and leave; their neighbours' degrees drop by `A ⊕.pair removed`; repeat
//! until none is below `k`, then raise `k`.

use crate::lcc::pattern_without_loops;
use graphblas::{binary, index, monoid, prelude::*, semiring, Matrix, Result, ValueType, Vector};

/// The core number of every vertex of the symmetric adjacency matrix `a`
/// (values and self-loops ignored).
pub fn core_numbers(a: &Matrix<impl ValueType>) -> Result<Vec<u64>> {
    let n = a.nrows();
    let pattern = pattern_without_loops::<i64, _>(a)?;
    let core = Vector::<i64>::new(n)?;
    let mut degree = pattern.reduce_rows(monoid::plus()).eval()?;
    let mut k: i64 = 1;
    while degree.nvals()? > 0 {
        let removed = degree.select(index::value_lt(), k).eval()?;
        if removed.nvals()? == 0 {
            k += 1;
            continue;
        }
        core.masked(&removed).structural().fill(.., k - 1)?;
        let remaining = Vector::<i64>::new(n)?;
        remaining
            .masked(&removed)
            .structural()
            .complement()
            .assign(degree.expr())?;
        let lost = pattern.mxv(&removed, semiring::plus_pair()).eval()?;
        degree = Vector::<i64>::new(n)?;
        degree
            .masked(&remaining)
            .structural()
            .assign(remaining.ewise_add(&lost, binary::minus()))?;
    }
    Ok(core.to_dense(0)?.into_iter().map(|c| c as u64).collect())
}
