//! Connected components of an undirected graph by FastSV (Zhang, Azad and Hu,
//! "FastSV: a distributed-memory connected component algorithm with fast
//! convergence", 2020), a linear-algebra Shiloach–Vishkin.
//!
//! Every vertex keeps a parent `f` (initially itself); `gp = f(f)` is its
//! grandparent. Each round
//! 1. computes `mngp(i)`, the smallest grandparent among `i`'s neighbours
//!    (`A min.second gp`);
//! 2. *stochastic hooking*: `f(f(i)) = min(f(f(i)), mngp(i))` — a vertex's
//!    parent adopts the smaller label (several `i` can share a parent: the
//!    minimum wins; done by building the matrix of proposals
//!    `P(i, f(i)) = mngp(i)` and reducing its columns with MIN);
//! 3. *aggressive hooking*: `f = min(f, mngp)`;
//! 4. *shortcutting*: `f = min(f, gp)`;
//!
//! and stops when the grandparents no longer change. Every vertex ends with
//! the smallest vertex id of its component.

use crate::Graph;
use graphblas::{binary, monoid, prelude::*, semiring, Matrix, Result, Vector};

/// The component label of every vertex: the smallest vertex id in its component.
pub fn components(g: &Graph) -> Result<Vector<i64>> {
    let n = g.n();
    let a = g.adjacency();
    let f = Vector::from_pairs(n, (0..n).map(|i| (i, i as i64)))?;
    let mut gp = f.expr().eval()?;
    loop {
        let mngp = a.cast().mxv(&gp, semiring::min_second()).eval()?;
        // Stochastic hooking: proposals P(i, f(i)) = mngp(i), reduced by MIN per column.
        let proposals = Matrix::from_vector_entries(n, &f, &mngp)?;
        let hook = |expr| f.output().accum(binary::min()).assign(expr);
        hook(proposals.reduce_cols(monoid::min()))?;
        // Aggressive hooking and shortcutting.
        hook(mngp.expr())?;
        hook(gp.expr())?;
        // The new grandparents, gp = f(f).
        let parents: Vec<u64> = f.to_dense(0)?.into_iter().map(|p| p as u64).collect();
        let next = f.extract(parents).eval()?;
        let changed = next
            .ewise_mult(&gp, binary::ne())
            .eval()?
            .reduce(monoid::lor())?;
        gp = next;
        if !changed {
            break;
        }
    }
    Ok(f)
}

/// The number of distinct labels.
pub fn count(labels: &Vector<i64>) -> Result<usize> {
    let mut seen: Vec<i64> = labels.pairs()?.into_iter().map(|(_, x)| x).collect();
    seen.sort_unstable();
    seen.dedup();
    Ok(seen.len())
}
