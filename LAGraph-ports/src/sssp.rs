//! Single-source shortest paths by Bellman–Ford over the MIN_PLUS semiring:
//! `d = min(d, d min.+ A)` until nothing changes. Works with negative
//! weights; a negative cycle reachable from the source keeps distances
//! falling after `n - 1` rounds and is reported as an error.

use crate::Graph;
use graphblas::{binary, monoid, semiring, Result, Vector};

/// The distance from `source` to every reachable vertex (no entry for the others).
pub fn bellman_ford(g: &Graph, source: u64) -> Result<Vector<f64>> {
    let n = g.n();
    if source >= n {
        return Err(graphblas::Error::new(
            graphblas::Info::InvalidIndex,
            format!("source {source} is not a vertex of a graph with {n} vertices"),
        ));
    }
    let a = g.adjacency();
    let d = Vector::from_pairs(n, [(source, 0.0)])?;
    for _round in 0..n {
        let previous = d.extract(..).eval()?;
        d.output()
            .accum(binary::min::<f64>())
            .assign(previous.vxm(a, semiring::min_plus::<f64>()))?;
        let same = d.nvals()? == previous.nvals()?
            && d.ewise_mult(&previous, binary::eq::<f64>())
                .eval()?
                .reduce(monoid::land::<bool>())?;
        if same {
            return Ok(d);
        }
    }
    Err(graphblas::Error::new(
        graphblas::Info::InvalidValue,
        format!("a negative cycle is reachable from vertex {source}"),
    ))
}
