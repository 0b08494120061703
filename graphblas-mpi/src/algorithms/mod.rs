//! Graph algorithms written on the distributed API, each the same
//! formulation as its single-process port in `lagraph-ports` (so their
//! results can be compared): breadth-first search, PageRank, triangle
//! counting and connected components (FastSV).

mod bfs;
mod cc;
mod pagerank;
mod tricount;

pub use bfs::{bfs, Bfs};
pub use cc::components;
pub use pagerank::{pagerank, PageRank};
pub use tricount::triangles;

use crate::{DistMatrix, DistVector};
use graphblas::{semiring, Result, ValueType};

/// The number of entries in each row of `a`.
pub fn out_degree<A: ValueType>(a: &DistMatrix<A>) -> Result<DistVector<i64>> {
    let ones = DistVector::filled(a.grid(), a.shape().1, 1i64)?;
    let degree = DistVector::new(a.grid(), a.shape().0)?;
    degree
        .output()
        .mxv(a, &ones, semiring::plus_pair::<i64>())?;
    Ok(degree)
}
