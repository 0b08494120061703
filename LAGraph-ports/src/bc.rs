//! Betweenness centrality by batched Brandes (Brandes 2001, in the linear
//! algebra form of Buluç and Gilbert): from a batch of `k` sources at once,
//! a `k × n` breadth-first sweep counts the shortest paths `P` and keeps the
//! frontier of every depth; a backward sweep then accumulates the
//! dependencies `δ` from the deepest level up:
//! `B = 1 + δ`, `W<S_d> = B ./ P`, `B<S_{d-1}> += (W · A') .* P`.
//! The centrality of `v` is `Σ_s δ_s(v)` over the batch's sources
//! (`Σ_s (B(s, v) − 1)`); edge weights are ignored.

use crate::Graph;
use graphblas::{binary, monoid, prelude::*, semiring, Matrix, Result};

/// The betweenness centrality of every vertex with respect to the paths from
/// `sources` (a dense list, one value per vertex; `GrB_INVALID_INDEX` for a
/// source that is not a vertex).
pub fn betweenness(g: &Graph, sources: &[u64]) -> Result<Vec<f64>> {
    let (n, k) = (g.n(), sources.len() as u64);
    for &s in sources {
        g.check_vertex(s)?;
    }
    let (a, at) = (g.adjacency(), g.transpose()?);
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
        .assign(paths.mxm(a, semiring::plus_first()))?;
    let mut levels = Vec::new();
    while frontier.nvals()? > 0 {
        paths
            .output()
            .accum(binary::plus())
            .assign(frontier.expr())?;
        let next = Matrix::<f64>::new(k, n)?;
        next.masked(&paths)
            .structural()
            .complement()
            .assign(frontier.mxm(a, semiring::plus_first()))?;
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
            .assign(b.ewise_mult(&paths, binary::div()))?;
        let t = Matrix::<f64>::new(k, n)?;
        t.masked(&levels[depth - 1])
            .structural()
            .assign(w.mxm(at, semiring::plus_first()))?;
        b.output()
            .accum(binary::plus())
            .assign(t.ewise_mult(&paths, binary::times()))?;
    }
    let delta = b.apply_second(binary::minus(), 1.0).eval()?;
    let centrality = delta.reduce_cols(monoid::plus()).eval()?;
    centrality.to_dense(0.0)
}
