//! The idiomatic Rust API: typed collections, operators as values, and (as
//! the operations land) lazy expressions assigned through masks.

pub mod collections;
pub mod expr;
mod io;
pub mod operators;
pub mod value;

pub use collections::{Matrix, Scalar, Vector};
pub use expr::{
    AsMatrixRef, IndexList, MatrixExpr, MatrixOps, MatrixRef, Output, Transposed, VectorExpr,
};
pub use operators::{
    binary, index, monoid, semiring, unary, BinaryOp, Builtin, IndexUnaryOp, Monoid, Semiring,
    UnaryOp,
};
pub use value::{UserType, ValueType};

/// Execution settings: [`Mode::NonBlocking`] (the default) records operations
/// and fuses them when a result is read; [`Mode::Blocking`] computes each at
/// once. [`set_explain`] prints every plan, what the engine fused and the
/// kernels' times (also switched on by the environment variable `GRB_EXPLAIN=1`).
///
/// ```
/// graphblas::set_mode(graphblas::Mode::NonBlocking);
/// graphblas::set_explain(false);
/// ```
pub use crate::plan::{explain::set_explain, set_mode, Mode};
