//! Single-source shortest paths, two ways:
//!
//! * [`bellman_ford`] over the MIN_PLUS semiring: `d = min(d, d min.+ A)`
//!   until nothing changes. Works with negative weights; a negative cycle
//!   reachable from the source keeps distances falling after `n - 1` rounds
//!   and is reported as an error.
//! * [`delta_stepping`] (Meyer and Sanders, 2003) for non-negative weights:
//!   tentative distances are settled bucket by bucket (`[kΔ, (k+1)Δ)`);
//!   inside a bucket only the light edges (weight ≤ Δ) are relaxed, repeatedly,
//!   then the heavy edges once from every vertex the bucket settled.

use crate::Graph;
use graphblas::{binary, index, monoid, prelude::*, semiring, Result, Vector};

/// The distance from `source` to every reachable vertex (no entry for the others).
pub fn bellman_ford(g: &Graph, source: u64) -> Result<Vector<f64>> {
    let n = g.n();
    g.check_vertex(source)?;
    let a = g.adjacency();
    let d = Vector::from_pairs(n, [(source, 0.0)])?;
    for _round in 0..n {
        let previous = d.dup()?;
        d.output()
            .accum(binary::min())
            .assign(previous.vxm(a, semiring::min_plus()))?;
        let same = d.nvals()? == previous.nvals()?
            && d.ewise_mult(&previous, binary::eq())
                .eval()?
                .reduce(monoid::land())?;
        if same {
            return Ok(d);
        }
    }
    Err(graphblas::Error::new(
        graphblas::Info::InvalidValue,
        format!("a negative cycle is reachable from vertex {source}"),
    ))
}

/// Shortest distances from `source` by delta-stepping with bucket width
/// `delta` (`GrB_INVALID_VALUE` for a negative weight or a `delta` that is
/// not positive).
pub fn delta_stepping(g: &Graph, source: u64, delta: f64) -> Result<Vector<f64>> {
    let n = g.n();
    let a = g.adjacency();
    g.check_vertex(source)?;
    if delta.is_nan() || delta <= 0.0 || a.reduce(monoid::min())? < 0.0 {
        return Err(graphblas::Error::new(
            graphblas::Info::InvalidValue,
            format!("delta-stepping needs non-negative weights and delta > 0 (delta = {delta})"),
        ));
    }
    let light = a.select(index::value_le(), delta).eval()?;
    let heavy = a.select(index::value_gt(), delta).eval()?;
    let t = Vector::from_pairs(n, [(source, 0.0)])?;
    let mut low = 0.0;
    loop {
        // The next non-empty bucket at or above `low`.
        let unsettled = t.select(index::value_ge(), low).eval()?;
        if unsettled.nvals()? == 0 {
            return Ok(t);
        }
        low = (unsettled.reduce(monoid::min())? / delta).floor() * delta;
        let high = low + delta;
        let mut frontier = unsettled.select(index::value_lt(), high).eval()?;
        let settled = Vector::<bool>::new(n)?;
        while frontier.nvals()? > 0 {
            settled.masked(&frontier).structural().fill(.., true)?;
            let request = frontier.vxm(&light, semiring::min_plus()).eval()?;
            let better = improvements(&request, &t)?;
            t.masked(&better).assign(request.expr())?;
            // Improved vertices still in this bucket relax their light edges again.
            let improved = Vector::<f64>::new(n)?;
            improved.masked(&better).assign(request.expr())?;
            frontier = improved.select(index::value_lt(), high).eval()?;
        }
        let from_bucket = Vector::<f64>::new(n)?;
        from_bucket.masked(&settled).structural().assign(t.expr())?;
        t.output()
            .accum(binary::min())
            .assign(from_bucket.vxm(&heavy, semiring::min_plus()))?;
        low = high;
    }
}

/// `true` where `request` is below `t` (or `t` has no entry), `false` elsewhere.
fn improvements(request: &Vector<f64>, t: &Vector<f64>) -> Result<Vector<bool>> {
    request
        .ewise_union(f64::INFINITY, t, f64::INFINITY, binary::lt())
        .eval()
}
