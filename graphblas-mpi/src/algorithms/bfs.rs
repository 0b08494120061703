//! Breadth-first search by pushing the frontier through the graph: each
//! step's frontier holds its vertices' own ids, and `q' A` with the MIN_FIRST
//! semiring gives every newly reached vertex its smallest-numbered frontier
//! neighbour as parent (the parents `lagraph_ports::bfs` finds).

use crate::{DistMatrix, DistVector};
use graphblas::{index, semiring, Error, Info, Result, ValueType};

/// Levels and parents from a breadth-first search.
pub struct Bfs {
    /// `level(v)`: the number of edges from the source; no entry when unreachable.
    pub level: DistVector<i64>,
    /// `parent(v)`: a neighbour one level closer; the source is its own parent.
    pub parent: DistVector<i64>,
}

/// Breadth-first search from `source` over the square matrix `a` (collective).
pub fn bfs<A: ValueType>(a: &DistMatrix<A>, source: u64) -> Result<Bfs> {
    let (grid, n) = (a.grid(), a.shape().0);
    if a.shape().1 != n {
        return Err(Error::new(
            Info::DimensionMismatch,
            "the graph is not square",
        ));
    }
    let level = DistVector::new(grid, n)?;
    let parent = DistVector::new(grid, n)?;
    let mut frontier = DistVector::new(grid, n)?;
    level.set(source, 0)?;
    parent.set(source, source as i64)?;
    frontier.set(source, source as i64)?;
    for depth in 1.. {
        let next = DistVector::<i64>::new(grid, n)?;
        next.masked(&parent)
            .structural()
            .complement()
            .replace()
            .vxm(&frontier, a, semiring::min_first::<i64>())?;
        if next.nvals()? == 0 {
            break;
        }
        parent.masked(&next).structural().assign(&next)?;
        level.masked(&next).structural().fill(depth)?;
        frontier = DistVector::new(grid, n)?;
        frontier
            .output()
            .apply_index(&next, index::row_index::<i64>(), 0)?;
    }
    Ok(Bfs { level, parent })
}
