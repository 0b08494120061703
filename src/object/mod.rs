//! GraphBLAS objects: matrices, vectors, scalars and descriptors.

pub mod descriptor;
pub mod matrix;
pub mod pending;
pub mod scalar;
pub mod vector;

pub use descriptor::Descriptor;
pub use matrix::{Matrix, INDEX_MAX};
pub use scalar::Scalar;
pub use vector::Vector;
