//! The GraphBLAS operations. Each computes a result `T` and hands it to
//! [`writeback`], which applies the output mask, accumulator and replace.

pub mod apply;
pub mod entries;
pub mod eval;
pub mod ewise;
pub mod fragment;
pub mod mask;
pub mod runs;
pub mod select;
pub mod transpose;
pub mod vector_form;
pub mod writeback;

pub use mask::Mask;
