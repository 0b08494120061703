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
