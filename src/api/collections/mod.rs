//! Typed collections: [`Matrix<T>`], [`Vector<T>`] and [`Scalar<T>`] over the
//! engine's objects, how to build them from Rust data and read them back
//! ([`CompressedArrays`], triplets, pairs, iterators), and how they print.

mod build;
mod compressed;
mod display;
mod export;
mod matrix;
mod pattern;
mod scalar;
mod vector;

pub use compressed::CompressedArrays;
pub use matrix::Matrix;
pub use pattern::{PatternView, VectorPattern};
pub use scalar::Scalar;
pub use vector::Vector;
