//! Five of the algorithms written as EDGE programs (extended Einsums,
//! `graphblas::edge`; the programs are `examples/edge/*.edge` at the
//! repository root), run on a [`Graph`] and returned as the hand-written
//! ports return them, so the two can be compared and timed side by side.

use crate::bfs::Bfs;
use crate::pagerank::PageRank;
use crate::Graph;
use graphblas::edge::{self, Program, Runner};
use graphblas::{Info, Result, Vector};

/// `examples/edge/bfs.edge`: levels and parents from a source.
pub const BFS: &str = include_str!("../../examples/edge/bfs.edge");
/// `examples/edge/sssp.edge`: Bellman-Ford distances from a source.
pub const SSSP: &str = include_str!("../../examples/edge/sssp.edge");
/// `examples/edge/pagerank.edge`: the GAP variant of PageRank.
pub const PAGERANK: &str = include_str!("../../examples/edge/pagerank.edge");
/// `examples/edge/triangles.edge`: `C<L> = L·L`, summed.
pub const TRIANGLES: &str = include_str!("../../examples/edge/triangles.edge");
/// `examples/edge/components.edge`: Shiloach-Vishkin components.
pub const COMPONENTS: &str = include_str!("../../examples/edge/components.edge");

fn engine(e: edge::Error) -> graphblas::Error {
    match e.engine_error() {
        Some(err) => err.clone(),
        None => graphblas::Error::new(Info::InvalidValue, e.to_string()),
    }
}

/// Parses `text`, binds `A` to the graph's adjacency matrix, sets the
/// parameters, runs, and hands the finished run to `read`.
fn run<R>(
    text: &str,
    g: &Graph,
    params: &[(&str, f64)],
    read: impl FnOnce(&Runner) -> std::result::Result<R, edge::Error>,
) -> Result<R> {
    let program = Program::parse(text).map_err(engine)?;
    let mut runner = program.runner();
    runner.matrix_input("A", g.adjacency()).map_err(engine)?;
    for &(name, value) in params {
        runner.param(name, value).map_err(engine)?;
    }
    runner.run().map_err(engine)?;
    read(&runner).map_err(engine)
}

/// Breadth-first search from `source` (`bfs.edge`).
pub fn bfs(g: &Graph, source: u64) -> Result<Bfs> {
    g.check_vertex(source)?;
    run(BFS, g, &[("source", source as f64)], |r| {
        Ok(Bfs {
            level: r.vector("level")?,
            parent: r.vector("parent")?,
        })
    })
}

/// Bellman-Ford distances from `source` (`sssp.edge`).
pub fn bellman_ford(g: &Graph, source: u64) -> Result<Vector<f64>> {
    g.check_vertex(source)?;
    run(SSSP, g, &[("source", source as f64)], |r| r.vector("d"))
}

/// PageRank, GAP variant, at most 100 iterations (`pagerank.edge`).
pub fn pagerank(g: &Graph, damping: f64, tolerance: f64) -> Result<PageRank> {
    let params = [("damping", damping), ("tolerance", tolerance)];
    run(PAGERANK, g, &params, |r| {
        Ok(PageRank {
            rank: r.vector("rank")?,
            iterations: r.iterations()[0] as usize,
        })
    })
}

/// The number of triangles of an undirected graph (`triangles.edge`).
pub fn triangles(g: &Graph) -> Result<u64> {
    run(TRIANGLES, g, &[], |r| {
        Ok(r.scalar::<i64>("count")?.unwrap_or(0) as u64)
    })
}

/// Component labels, the smallest vertex id of each component (`components.edge`).
pub fn components(g: &Graph) -> Result<Vector<i64>> {
    run(COMPONENTS, g, &[], |r| r.vector("f"))
}
