//! The GraphBLAS operations' front ends, one module per operation: each
//! checks its arguments (domains, dimensions, indices: API errors are
//! returned by the call) and records a [`crate::plan::Node`] through
//! [`record`]. The plan runs the node later, calling the operation's kernel
//! in [`crate::kernels`] and the write-back
//! ([`crate::kernels::writeback`]), which applies the output mask,
//! accumulator and replace.

pub mod apply;
pub mod assign;
pub mod diag;
pub mod ewise;
pub mod extract;
pub mod kron;
pub mod mxm;
pub mod record;
pub mod reduce;
pub mod select;
pub mod sort;
pub mod subassign;
pub mod transpose;
pub mod vector_form;

/// The index lists the front ends take (`GrB_ALL`, a list, a range, a stride).
pub use crate::kernels::indices;
