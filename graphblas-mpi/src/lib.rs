//! Distributed GraphBLAS over MPI: matrices in 2-D blocks over a grid of
//! processes and vectors in one piece per process, with the `graphblas`
//! engine computing each process's part.
//!
//! Every operation is *collective*: every rank of the grid calls it, in the
//! same order, with the same arguments (each with its own part of the
//! distributed objects). Results follow the GraphBLAS C API's semantics —
//! masks, accumulators, replace, typecasting — as the single-process engine
//! does; integer results are the same exactly, floating-point sums may
//! differ in rounding (partial sums are combined in rank order). An error
//! on one rank is an error on all of them.
//!
//! ```no_run
//! use graphblas::{monoid, semiring, GraphKind, GraphSpec};
//! use graphblas_mpi::{DistMatrix, DistVector, Grid};
//! let universe = mpi::initialize().unwrap();
//! let grid = Grid::new(universe.world());
//! let a = DistMatrix::<bool>::generate(&grid, &GraphSpec::new(GraphKind::Kronecker, 12))?;
//! let x = DistVector::filled(&grid, 4096, 1i64)?;
//! let degree = DistVector::<i64>::new(&grid, 4096)?;
//! degree.output().mxv(&a, &x, semiring::plus_second())?;
//! println!("{} edges", degree.reduce(monoid::plus())?);
//! # Ok::<(), graphblas::Error>(())
//! ```

pub mod algorithms;
mod comm;
mod grid;
mod matrix;
mod ops;
mod output;
mod product;
mod vector;
mod wire;

pub use comm::bytes_sent;
pub use grid::{Grid, Split};
pub use matrix::DistMatrix;
pub use output::{DistOutput, MatrixMask, NoMask, VectorMask};
pub use vector::DistVector;

use graphblas::{Error, Info, Result};

/// `GrB_INVALID_INDEX` unless `i < n`.
fn check_index(i: u64, n: u64) -> Result<()> {
    if i < n {
        return Ok(());
    }
    Err(Error::new(
        Info::InvalidIndex,
        format!("index {i} is outside 0..{n}"),
    ))
}
