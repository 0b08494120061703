//! The GraphBLAS operations. Each computes a result `T` and hands it to
//! [`writeback`], which applies the output mask, accumulator and replace.

pub mod eval;
pub mod mask;
pub mod mxm;
pub mod transpose;
pub mod writeback;

pub use mask::Mask;
