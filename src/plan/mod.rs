//! The non-blocking engine: operations recorded as [`Node`]s, fused when their
//! results are read.
//!
//! In [`Mode::NonBlocking`] (the default) an operation checks its arguments at
//! once — API errors are returned by the call, as the spec requires — and then
//! records a node over [`Source`]s of its inputs (their content, or the nodes
//! that will compute it), so later changes to an input never change a pending
//! result (the front ends in `ops` do this, through `ops::record`). Reading
//! an object (`object::Matrix::snapshot`, which every reader uses) computes
//! its node ([`materialize`]); the executor applies the rewrites of
//! [`execute`] on the way (transpose absorption, mask push-down, intersection
//! push-down, epilogues, structure only, tiled pipelines, reduce of a
//! product, sibling products; results overwritten before they are read are
//! never computed) and runs the kernels of [`crate::kernels`]. In
//! [`Mode::Blocking`] the node is computed before the call returns.
//!
//! `plan` sees stores and nodes only: it imports `kernels`, `storage`,
//! `algebra` and the leaf modules, never `ops`, `object` or `api`.
//! [`explained`] prints each plan and what the executor did with it
//! ([`crate::explain`] records the steps).

pub mod execute;
pub mod held;
pub mod in_place;
pub mod mode;
pub mod node;
pub mod readers;
pub mod reduce;
pub mod siblings;
pub mod tiles;

pub use mode::{mode, set_mode, with_mode, Mode};
pub use node::{
    new_content, Claim, Map, MapFn, MaskInput, Node, Op, Output, Owner, Product, ProductForm,
    Source,
};

use crate::error::Result;
use crate::explain;
use crate::storage::MatrixStore;
use std::sync::Arc;

/// Pending work deeper than this is computed before more is recorded on top,
/// which bounds the recursion of the executor.
pub const MAX_DEPTH: usize = 32;

/// Computes a node on behalf of a reader, printing the plan and the executor's
/// steps when explain is on.
pub fn materialize(node: &Node) -> Result<Arc<MatrixStore>> {
    if node.is_computed() {
        return node.value();
    }
    explained(|| "materialise".into(), node, || node.value())
}

/// Runs `f`, work on behalf of `node`'s plan; when explain is on, prints
/// `header`, the plan and the steps `f` recorded.
pub fn explained<R>(header: impl FnOnce() -> String, node: &Node, f: impl FnOnce() -> R) -> R {
    if !explain::enabled() {
        return f();
    }
    let plan = node.describe();
    let (result, steps) = explain::capture(f);
    let mut text = format!("[graphblas explain] {}\n plan:\n{plan} steps:\n", header());
    for s in steps {
        text.push_str("   ");
        text.push_str(&s);
        text.push('\n');
    }
    eprint!("{text}");
    result
}
