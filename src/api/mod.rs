//! The idiomatic Rust API: typed collections ([`Matrix`], [`Vector`],
//! [`Scalar`]), operators as values ([`binary`], [`monoid`], [`semiring`], …),
//! lazy expressions assigned through masks ([`MatrixOps`], [`VectorOps`],
//! [`Output`]), user-defined element types ([`user_type!`](crate::user_type)),
//! conversions and files ([`CompressedArrays`], Matrix Market, serialize), and
//! the library settings. The crate root re-exports all of it; the crate-level
//! documentation is the guide.

pub mod collections;
pub mod expr;
mod io;
pub mod operators;
pub mod settings;
mod user_type;
pub mod value;

pub use collections::{CompressedArrays, Matrix, PatternView, Scalar, Vector, VectorPattern};
pub use expr::{
    Collection, IndexList, MatrixExpr, MatrixMask, MatrixOperand, MatrixOps, MatrixRef, MatrixView,
    NoMask, Output, ScalarExpr, ScalarOutput, VectorExpr, VectorMask, VectorOperand, VectorOps,
    VectorView,
};
pub use operators::{
    binary, index, monoid, semiring, unary, BinaryOp, IndexUnaryOp, Monoid, Reducer, Semiring,
    UnaryOp,
};
pub use settings::*;
pub use user_type::UserType;
pub use value::{Builtin, IndexType, Integer, ValueType};

pub use crate::io::generate::{GraphKind, GraphSpec};
pub use crate::storage::Orientation;
pub use io::MatrixMarketPart;

/// The traits whose methods build expressions: `use graphblas::prelude::*;`.
pub mod prelude {
    pub use super::{MatrixOps, VectorOps};
}
