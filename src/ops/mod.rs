//! The GraphBLAS operations. Each computes a result `T` and hands it to
//! [`writeback`], which applies the output mask, accumulator and replace.

pub mod apply;
pub mod assemble;
pub mod assign;
pub mod diag;
pub mod entries;
pub mod eval;
pub mod ewise;
pub mod extract;
pub mod fragment;
pub mod indices;
pub mod kron;
pub mod mask;
pub mod mxm;
pub mod positional;
pub mod reduce;
pub mod runs;
pub mod select;
pub mod sort;
pub mod subassign;
pub mod transpose;
pub mod vector_form;
pub mod writeback;

pub use mask::Mask;
