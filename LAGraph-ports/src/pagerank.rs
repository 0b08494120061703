//! PageRank by power iteration, in two variants:
//!
//! * [`Variant::Gap`], the GAP benchmark's: `r = (1-d)/n + d · A' (r ./ outdegree)`;
//!   the rank of vertices without out-edges (dangling) leaks away, as in GAP;
//! * [`Variant::Dangling`], LAGraph's "graph analytics" variant: the rank of
//!   dangling vertices is spread evenly over all vertices, so the ranks always
//!   sum to 1.
//!
//! Iteration stops when the 1-norm of the change falls below the tolerance,
//! or after the iteration cap.

use crate::Graph;
use graphblas::{binary, monoid, prelude::*, semiring, unary, Result, Vector};

/// Which treatment of dangling vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// GAP: dangling vertices' rank is dropped.
    Gap,
    /// LAGraph's graph-analytics variant: dangling rank spread over all vertices.
    Dangling,
}

/// Parameters of [`pagerank`].
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// The damping factor `d` (0.85).
    pub damping: f64,
    /// Stop when `sum |r_new - r| < tolerance` (1e-4).
    pub tolerance: f64,
    /// Stop after this many iterations (100).
    pub max_iterations: usize,
    /// How dangling vertices are treated.
    pub variant: Variant,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            damping: 0.85,
            tolerance: 1e-4,
            max_iterations: 100,
            variant: Variant::Gap,
        }
    }
}

/// The ranks and the number of iterations run.
pub struct PageRank {
    /// The rank of every vertex (a full vector).
    pub rank: Vector<f64>,
    /// Iterations run.
    pub iterations: usize,
}

/// PageRank of every vertex of `g`.
pub fn pagerank(g: &Graph, p: &Params) -> Result<PageRank> {
    let n = g.n();
    if n == 0 {
        return Ok(PageRank {
            rank: Vector::new(0)?,
            iterations: 0,
        });
    }
    let (at, degree) = (g.transpose()?, g.out_degree()?);
    let nf = n as f64;
    // Dangling vertices: full vector of 1 minus the vertices with out-edges.
    let dangling = Vector::<bool>::new(n)?;
    if p.variant == Variant::Dangling {
        dangling
            .masked(degree)
            .structural()
            .complement()
            .fill(.., true)?;
    }
    // The out-degree at every vertex, at least 1 (LAGraph's PageRank makes
    // it full the same way): `w = rank ./ d` is then full, and the product
    // pulls against it and adds into the teleport values in place. A vertex
    // without out-edges is never read by the product.
    let d = Vector::filled(n, 1.0)?;
    d.output()
        .accum(binary::max())
        .assign(degree.cast::<f64>().expr())?;
    let mut rank = Vector::filled(n, 1.0 / nf)?;
    let mut iterations = 0;
    while iterations < p.max_iterations {
        iterations += 1;
        // w = d · r ./ outdegree (only vertices with out-edges).
        let w = rank
            .ewise_mult(&d, binary::div())
            .eval()?
            .apply_second(binary::times(), p.damping)
            .eval()?;
        let mut teleport = (1.0 - p.damping) / nf;
        if p.variant == Variant::Dangling && dangling.nvals()? > 0 {
            let lost = Vector::<f64>::new(n)?;
            lost.masked(&dangling).structural().assign(rank.expr())?;
            teleport += p.damping * lost.reduce(monoid::plus())? / nf;
        }
        let next = Vector::filled(n, teleport)?;
        next.output()
            .accum(binary::plus())
            .assign(at.mxv(&w, semiring::plus_second()))?;
        let change = next
            .ewise_add(&rank, binary::minus())
            .eval()?
            .apply(unary::abs())
            .eval()?
            .reduce(monoid::plus())?;
        rank = next;
        if change < p.tolerance {
            break;
        }
    }
    Ok(PageRank { rank, iterations })
}

/// The `k` vertices of highest rank, best first (ties by vertex id).
pub fn top(rank: &Vector<f64>, k: usize) -> Result<Vec<(u64, f64)>> {
    let mut all = rank.pairs()?;
    all.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
    all.truncate(k);
    Ok(all)
}
