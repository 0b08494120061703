//! The non-blocking engine: operations recorded as [`Node`]s, fused when their
//! results are read.
//!
//! In [`Mode::NonBlocking`] (the default) an operation checks its arguments at
//! once — API errors are returned by the call, as the spec requires — and then
//! records a node over [`Source`]s of its inputs (their content, or the nodes
//! that will compute it), so later changes to an input never change a pending
//! result. Reading an object ([`Matrix::snapshot`], which every reader uses)
//! computes its node; the executor applies the rewrites of [`execute`] on the
//! way (transpose absorption, mask push-down, intersection push-down,
//! epilogues, structure only, tiled pipelines, reduce of a product, sibling
//! products; results overwritten before they are read are never computed). In
//! [`Mode::Blocking`] the node is computed before the call returns.
//!
//! [`explain`] prints each plan and what the executor did with it.

pub mod execute;
pub mod explain;
pub mod in_place;
pub mod mode;
pub mod node;
pub mod reduce;
pub mod siblings;
pub mod tiles;

pub use mode::{mode, set_mode, with_mode, Mode};
pub use node::{Claim, Map, MapFn, MaskInput, Node, Op, Output, Product, ProductForm, Source};

use crate::algebra::{BinaryOp, Type, TypeCode};
use crate::ensure;
use crate::error::Result;
use crate::object::{Descriptor, Matrix};
use crate::ops::writeback::check_output;
use crate::storage::{MatrixStore, Orientation};
use std::sync::Arc;

/// Pending work deeper than this is computed before more is recorded on top,
/// which bounds the recursion of the executor.
pub const MAX_DEPTH: usize = 32;

/// An input of an operation: the object's content, or the node computing it.
pub fn source(m: &Matrix) -> Result<Source> {
    m.source()
}

/// The effective mask of an operation with an `nrows × ncols` output, checked:
/// a user-defined mask used by value is a domain mismatch, a mask of other
/// dimensions a dimension mismatch; `GrB_COMP` without a mask allows nothing.
pub fn mask_input(
    mask: Option<&Matrix>,
    desc: &Descriptor,
    nrows: u64,
    ncols: u64,
) -> Result<Option<MaskInput>> {
    let Some(m) = mask else {
        if !desc.mask_complement {
            return Ok(None);
        }
        let nothing = MatrixStore::empty(&Type::BOOL, nrows, ncols, Orientation::ByRow);
        return Ok(Some(MaskInput {
            source: Source::Ready(Arc::new(nothing)),
            structural: true,
            complement: false,
        }));
    };
    ensure!(
        desc.mask_structural || m.ty().code() != TypeCode::Udt,
        DomainMismatch,
        "a mask of user-defined type {:?} can only be used by structure (GrB_STRUCTURE)",
        m.ty()
    );
    ensure!(
        m.nrows() == nrows && m.ncols() == ncols,
        DimensionMismatch,
        "the mask is {}x{} but the output is {nrows}x{ncols}",
        m.nrows(),
        m.ncols()
    );
    Ok(Some(MaskInput {
        source: m.source()?,
        structural: desc.mask_structural,
        complement: desc.mask_complement,
    }))
}

/// The write-back of an operation whose result `T` (of type `t_ty`) is
/// `nrows × ncols`, checked against the output `c` (dimensions, domains).
pub fn output(
    c: &Matrix,
    nrows: u64,
    ncols: u64,
    mask: Option<MaskInput>,
    accum: Option<&BinaryOp>,
    replace: bool,
    t_ty: &Type,
) -> Result<Output> {
    check_output(c, nrows, ncols, None, accum, t_ty)?;
    // Without an accumulator, C's old content is read only outside the mask,
    // and not at all with replace.
    let reads_old = accum.is_some() || (mask.is_some() && !replace);
    Ok(Output {
        ty: c.ty().clone(),
        orient: c.orientation(),
        nrows,
        ncols,
        old: if reads_old { Some(c.source()?) } else { None },
        mask,
        accum: accum.cloned(),
        replace,
    })
}

/// Hands a checked operation to the engine: computed now in blocking mode
/// (the output is unchanged if that fails), recorded otherwise.
pub fn submit(c: &Matrix, node: Node) -> Result<()> {
    let node = Arc::new(node);
    match mode() {
        Mode::Blocking => {
            let store = materialize(&node)?;
            c.set_arc(store);
        }
        Mode::NonBlocking => {
            siblings::register(&node);
            c.set_deferred(node)
        }
    }
    Ok(())
}

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
