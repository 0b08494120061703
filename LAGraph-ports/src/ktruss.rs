//! k-truss: the largest subgraph whose every edge lies on at least `k − 2`
//! triangles of the subgraph; and the all-k-truss sweep.
//!
//! Starting from the pattern `C` (self-loops dropped), each round computes the
//! support `C<C> = C ⊕.pair C` and keeps the edges with support `≥ k − 2`,
//! until no edge is removed. The result holds each edge's support.

use crate::lcc::pattern_without_loops;
use graphblas::{index, prelude::*, semiring, Matrix, Result, ValueType};

/// The k-truss of the symmetric adjacency matrix `a` (`k ≥ 3`; smaller `k`
/// is treated as 3): entries are the edges' triangle supports.
pub fn ktruss(a: &Matrix<impl ValueType>, k: u32) -> Result<Matrix<u32>> {
    let start = pattern_without_loops::<u32, _>(a)?;
    peel(start, k.max(3))
}

/// Peels `c` (a pattern or a previous truss) down to its k-truss.
fn peel(mut c: Matrix<u32>, k: u32) -> Result<Matrix<u32>> {
    let mut edges = c.nvals()?;
    loop {
        let support = Matrix::<u32>::new(c.nrows(), c.ncols())?;
        support
            .masked(&c)
            .structural()
            .assign(c.mxm(&c, semiring::plus_pair()))?;
        c = support.select(index::value_ge(), k - 2).eval()?;
        let remaining = c.nvals()?;
        if remaining == edges {
            return Ok(c);
        }
        edges = remaining;
    }
}

/// Every k-truss from `k = 3` until the truss is empty: element `i` holds the
/// `(k, undirected edge count)` of the `(i + 3)`-truss, the last one non-empty.
pub fn all_ktruss(a: &Matrix<impl ValueType>) -> Result<Vec<(u32, usize)>> {
    let mut c = pattern_without_loops::<u32, _>(a)?;
    let mut counts = Vec::new();
    for k in 3.. {
        c = peel(c, k)?;
        let edges = c.nvals()? / 2;
        if edges == 0 {
            break;
        }
        counts.push((k, edges));
    }
    Ok(counts)
}
