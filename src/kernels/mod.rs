//! Store-to-store computation: the kernels every operation runs when its
//! plan is executed. A kernel reads [`MatrixStore`](crate::storage::MatrixStore)s
//! and writes one; it knows nothing of objects, descriptors or plans, and
//! imports only `storage`, `algebra`, the leaf modules (`error`, `explain`,
//! `parallel`, …) and other kernels.
//!
//! One module per operation: [`mxm`] (the matrix-multiply family),
//! [`writeback`] (`C<M, replace> = accum(C, T)`, which every operation's
//! result goes through), [`reduce`], [`ewise`], [`apply`], [`select`],
//! [`extract`], [`assign`] and [`kron`]. What they share: [`Mask`] (a mask
//! as kernels read it), [`Operand`] (a store read as-is or transposed),
//! [`eval`] (the byte-level operator evaluators), [`positional`]
//! (positional operators rewritten over positions),
//! [`indices`] (index lists), and the pieces that build results in parallel
//! ([`assemble`], [`fragment`], [`entries`], [`runs`]).

pub mod apply;
pub mod assemble;
pub mod assign;
pub mod entries;
pub mod eval;
pub mod ewise;
pub mod extract;
pub mod fragment;
pub mod indices;
pub mod kron;
pub mod mask;
pub mod mxm;
pub mod operand;
pub mod positional;
pub mod reduce;
pub mod runs;
pub mod select;
pub mod writeback;

pub use mask::{DenseMask, Mask};
pub use operand::Operand;
#[cfg(test)]
mod testing;
