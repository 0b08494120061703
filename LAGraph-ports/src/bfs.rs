//! Breadth-first search: the level and a parent of every vertex reachable
//! from a source, direction-optimizing (Beamer, Asanović and Patterson,
//! SC 2012).
//!
//! Each step finds the unvisited vertices adjacent to the frontier `q`, which
//! holds each frontier vertex's own id. *Push* multiplies the frontier into
//! the graph, `q' A` (work proportional to the frontier's edges); *pull* asks
//! every unvisited vertex for a neighbour in the frontier, `A' q` with the
//! visited vertices masked out (work proportional to the unvisited vertices'
//! edges, stopping at the first hit). Both use the MIN_FIRST semiring, so a
//! vertex's parent is its smallest-numbered frontier neighbour whichever the
//! direction. The search pulls while the frontier's edges exceed a fraction of
//! the unexplored edges, and pushes again once the frontier is small.

use crate::Graph;
use graphblas::{binary, index, monoid, prelude::*, semiring, Result, Vector};

/// Levels and parents from a breadth-first search.
pub struct Bfs {
    /// `level(v)`: 0 for the source, `k` for vertices `k` edges away; no
    /// entry for unreachable vertices.
    pub level: Vector<i64>,
    /// `parent(v)`: a vertex one level closer to the source with an edge to
    /// `v`; the source is its own parent.
    pub parent: Vector<i64>,
}

/// Switch to pull when the frontier's edges exceed the unexplored edges / ALPHA.
const ALPHA: f64 = 14.0;
/// Switch back to push when the frontier has fewer than n / BETA vertices.
const BETA: f64 = 24.0;

/// Breadth-first search from `source` (`GrB_INVALID_INDEX` when it is not a vertex).
pub fn bfs(g: &Graph, source: u64) -> Result<Bfs> {
    let n = g.n();
    g.check_vertex(source)?;
    let (a, at, degree) = (g.adjacency(), g.transpose()?, g.out_degree()?);
    let level = Vector::<i64>::from_pairs(n, [(source, 0)])?;
    let parent = Vector::<i64>::from_pairs(n, [(source, source as i64)])?;
    let mut frontier = Vector::<i64>::from_pairs(n, [(source, source as i64)])?;
    let mut unexplored_edges = g.nvals()? as f64;
    let mut pulling = false;
    for depth in 1.. {
        let frontier_size = frontier.nvals()? as f64;
        let frontier_edges = frontier
            .ewise_mult(degree, binary::second())
            .eval()?
            .reduce(monoid::plus())? as f64;
        unexplored_edges -= frontier_edges;
        pulling = if pulling {
            frontier_size >= n as f64 / BETA
        } else {
            frontier_edges > unexplored_edges / ALPHA
        };
        let next = Vector::<i64>::new(n)?;
        let out = next.masked(&parent).structural().complement().replace();
        if pulling {
            out.assign(at.cast().mxv(&frontier, semiring::min_second()))?;
        } else {
            out.assign(frontier.vxm(a.cast(), semiring::min_first()))?;
        }
        if next.nvals()? == 0 {
            break;
        }
        parent.masked(&next).structural().assign(next.expr())?;
        level.masked(&next).structural().fill(.., depth)?;
        // The next frontier holds each vertex's own id.
        frontier = next.apply_index(index::row_index(), 0).eval()?;
    }
    Ok(Bfs { level, parent })
}
