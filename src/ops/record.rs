//! Recording an operation: its inputs as [`Source`]s, its checked mask and
//! output, and the [`Node`] handed to the non-blocking engine ([`submit`]).
//! Every front end goes through these after its own argument checks.

use crate::algebra::{BinaryOp, Type, TypeCode};
use crate::ensure;
use crate::error::Result;
use crate::object::{Descriptor, Matrix};
use crate::plan::{self, MaskInput, Mode, Node, Output, Source};
use crate::storage::{MatrixStore, Orientation};
use std::sync::Arc;

/// An input of an operation: the object's content, or the node computing it.
pub fn source(m: &Matrix) -> Result<Source> {
    m.source()
}

/// [`source`] of an input that may be the output `c` itself
/// (`C = f(C)`): then the operation replaces the content it reads, which
/// comes as a computed node ([`Matrix::source_to_replace`]) so that the
/// operation may take it over and reuse its buffers.
pub fn source_of_aliased(a: &Matrix, c: &Matrix) -> Result<Source> {
    if std::ptr::eq(a, c) {
        c.source_to_replace()
    } else {
        a.source()
    }
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
    check_output(c, nrows, ncols, accum, t_ty)?;
    // Without an accumulator, C's old content is read only outside the mask,
    // and not at all with replace.
    let reads_old = accum.is_some() || (mask.is_some() && !replace);
    Ok(Output {
        ty: c.ty().clone(),
        orient: c.orientation(),
        nrows,
        ncols,
        old: if reads_old {
            Some(c.source_to_replace()?)
        } else {
            None
        },
        mask,
        accum: accum.cloned(),
        replace,
    })
}

/// Hands a checked operation to the engine: computed now in blocking mode
/// (the output is unchanged if that fails), recorded otherwise.
pub fn submit(c: &Matrix, node: Node) -> Result<()> {
    let node = Arc::new(node);
    match plan::mode() {
        Mode::Blocking => {
            let store = plan::materialize(&node)?;
            c.set_arc(store);
        }
        Mode::NonBlocking => {
            plan::siblings::register(&node);
            c.set_deferred(node)
        }
    }
    Ok(())
}

/// Checks an operation's output arguments: its dimensions, and that the
/// accumulator (if any) fits `C`'s type and the result type `t_ty`, or without
/// an accumulator that `t_ty` can be cast to `C`'s type.
pub fn check_output(
    c: &Matrix,
    nrows: u64,
    ncols: u64,
    accum: Option<&BinaryOp>,
    t_ty: &Type,
) -> Result<()> {
    ensure!(
        c.nrows() == nrows && c.ncols() == ncols,
        DimensionMismatch,
        "output is {}x{} but the result is {nrows}x{ncols}",
        c.nrows(),
        c.ncols()
    );
    match accum {
        Some(op) => {
            op.check_not_positional("an accumulator")?;
            op.check_domains(c.ty(), c.ty(), t_ty)?
        }
        None => ensure!(
            t_ty.compatible(c.ty()),
            DomainMismatch,
            "a result of type {t_ty:?} cannot be stored in a {:?} output",
            c.ty()
        ),
    }
    Ok(())
}
