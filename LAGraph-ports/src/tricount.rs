//! Triangle counting on an undirected graph (self-loops ignored), by several
//! methods of Wolf et al.'s "Sandia" family, chosen by a heuristic:
//!
//! * [`Method::SandiaLL`]: `C<L> = L·L`, saxpy, `L` the strictly lower triangle;
//! * [`Method::SandiaLUT`]: `C<L> = L·U'` as dot products (`U` the strictly
//!   upper triangle, so `U' = L`: each entry of `L` asks whether two rows meet);
//! * [`Method::SortedDot`]: vertices renumbered by increasing degree first,
//!   then `C<L> = L·U'`: high-degree vertices get the short rows, which bounds
//!   the work of the dot products on skewed (power-law) graphs.
//!
//! Each counts every triangle `k < j < i` once: `sum(C)`.

use crate::lcc::pattern_without_loops;
use crate::Graph;
use graphblas::{index, monoid, prelude::*, semiring, Matrix, Result};

/// The counting method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Pick one by the degree distribution ([`choose`]).
    Auto,
    /// `C<L> = L·L` (saxpy).
    SandiaLL,
    /// `C<L> = L·U'` (dot products).
    SandiaLUT,
    /// Degree-sorted, then `C<L> = L·U'`.
    SortedDot,
}

/// The method [`Method::Auto`] uses: the degree-sorted dot product when the
/// degrees are skewed (the largest more than 10× the mean, as on power-law
/// graphs), plain dot products otherwise.
pub fn choose(g: &Graph) -> Result<Method> {
    let degree = g.out_degree()?;
    let max = degree.reduce(monoid::max())? as f64;
    let mean = g.nvals()? as f64 / g.n().max(1) as f64;
    Ok(if max > 10.0 * mean {
        Method::SortedDot
    } else {
        Method::SandiaLUT
    })
}

/// The number of triangles of the undirected graph `g`.
pub fn triangles(g: &Graph, method: Method) -> Result<u64> {
    let pattern = pattern_without_loops::<i64, _>(g.adjacency())?;
    let method = match method {
        Method::Auto => choose(g)?,
        m => m,
    };
    let a = if method == Method::SortedDot {
        let order = by_degree(g)?;
        pattern.extract(order.as_slice(), order.as_slice()).eval()?
    } else {
        pattern
    };
    let l = a.select(index::tril(), -1).eval()?;
    let c = Matrix::<i64>::new(g.n(), g.n())?;
    let counted = c.masked(&l).structural();
    match method {
        Method::SandiaLL => counted.assign(l.mxm(&l, semiring::plus_pair()))?,
        _ => {
            let u = a.select(index::triu(), 1).eval()?;
            counted.assign(l.mxm(u.t(), semiring::plus_pair()))?
        }
    }
    Ok(c.reduce(monoid::plus())? as u64)
}

/// The vertices in order of increasing degree (ties by id).
fn by_degree(g: &Graph) -> Result<Vec<u64>> {
    let degree = g.out_degree()?.to_dense(0)?;
    let mut order: Vec<u64> = (0..g.n()).collect();
    order.sort_by_key(|&v| (degree[v as usize], v));
    Ok(order)
}
