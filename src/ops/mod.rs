//! The GraphBLAS operations. Each computes a result `T` and hands it to
//! [`writeback`], which applies the output mask, accumulator and replace.

pub mod assemble;
pub mod assign;
pub mod diag;
pub mod eval;
pub mod extract;
pub mod indices;
pub mod kron;
pub mod mask;
pub mod reduce;
pub mod transpose;
pub mod writeback;

pub use mask::Mask;
