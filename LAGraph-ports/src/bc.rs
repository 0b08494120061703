//! Betweenness centrality by batched Brandes (Brandes 2001, in the linear
//! algebra form of Buluç and Gilbert): from a batch of `k` sources at once,
//! a `k × n` breadth-first sweep counts the shortest paths `P` and keeps the
//! frontier of every depth; a backward sweep then accumulates the
//! dependencies `δ` from the deepest level up:
//! `B = 1 + δ`, `W<S_d> = B ./ P`, `B<S_{d-1}> += (W · A') .* P`.
//! The centrality of `v` is `Σ_s δ_s(v)` over the batch's sources
//! (`Σ_s (B(s, v) − 1)`); edge weights are ignored.

use crate::Graph;
use graphblas::{binary, monoid, semiring, Matrix, MatrixOps, Result};

/// The betweenness centrality of every vertex with respect to the paths from
/// `sources` (a dense list, one value per vertex; `GrB_INVALID_INDEX` for a
/// source that is not a vertex).
pub fn betweenness(g: &Graph, sources: &[u64]) -> Result<Vec<f64>> {
    let (n, k) = (g.n(), sources.len() as u64);
    for &s in sources {
        g.check_vertex(s)?;
    }
    let (a, at) = (g.adjacency(), g.transpose()?);
    let count = semiring::plus_first::<f64>;
    // Forward: paths(i, v) = number of shortest paths from sources[i] to v.
    let paths = Matrix::from_triplets(
        k,
        n,
        sources.iter().enumerate().map(|(i, &s)| (i as u64, s, 1.0)),
    )?;
    let mut frontier = Matrix::<f64>::new(k, n)?;
    frontier
        .masked(&paths)
        .structural()
        .complement()
        .assign(paths.mxm(a, count()))?;
    let mut levels = Vec::new();
    while frontier.nvals()? > 0 {
        paths
            .output()
            .accum(binary::plus::<f64>())
            .assign(frontier.expr::<f64>())?;
        let next = Matrix::<f64>::new(k, n)?;
        next.masked(&paths)
            .structural()
            .complement()
            .assign(frontier.mxm(a, count()))?;
        levels.push(frontier);
        frontier = next;
    }
    // Backward: b = 1 + δ, from the deepest level up.
    let b = Matrix::<f64>::new(k, n)?;
    b.output().fill(.., .., 1.0)?;
    for depth in (1..levels.len()).rev() {
        let w = Matrix::<f64>::new(k, n)?;
        w.masked(&levels[depth])
            .structural()
            .assign(b.ewise_mult(&paths, binary::div::<f64>()))?;
        let t = Matrix::<f64>::new(k, n)?;
        t.masked(&levels[depth - 1])
            .structural()
            .assign(w.mxm(at, count()))?;
        b.output()
            .accum(binary::plus::<f64>())
            .assign(t.ewise_mult(&paths, binary::times::<f64>()))?;
    }
    let delta = b.apply_second(binary::minus::<f64>(), 1.0).eval()?;
    let centrality = delta.t().reduce_rows(monoid::plus::<f64>()).eval()?;
    centrality.to_dense(0.0)
}
