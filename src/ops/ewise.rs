//! Element-wise operations: `GrB_eWiseAdd` (union of the patterns),
//! `GrB_eWiseMult` (intersection) and SuiteSparse's `GxB_eWiseUnion` (union
//! with scalars standing in for missing entries), for matrices and vectors.
//!
//! `C<M, replace> = accum(C, A ⊕ B)` where, per spec 2.1:
//! * eWiseMult: `T(i,j) = op(A(i,j), B(i,j))` where both exist;
//! * eWiseAdd: that, plus `T(i,j) = A(i,j)` or `B(i,j)` where only one exists —
//!   the single value cast to the operator's output type (so `A` and `B` must
//!   be castable to it);
//! * eWiseUnion: `op(A(i,j), beta)` where only `A` has an entry and
//!   `op(alpha, B(i,j))` where only `B` has one.
//!
//! The C layer passes the binary operator of a monoid or semiring (the
//! semiring's add for eWiseAdd, its multiply for eWiseMult). A positional
//! operator gives the entry's row or column index where it is applied (the
//! intersection; eWiseUnion's other entries too) and takes inputs of any type.

use super::record;
use super::vector_form::vector_args;
use crate::algebra::{BinaryOp, Type, Value};
use crate::error::Result;
use crate::kernels::ewise::{compute, result_orientation, EwiseKind};
use crate::object::{Descriptor, Matrix, Vector};
use crate::plan::{new_content, Map, Node, Op};
use crate::storage::{MatrixStore, Orientation};
use crate::{ensure, fail};
use std::sync::Arc;

/// An input of eWiseUnion and the value that stands in for its missing
/// entries (`alpha` for `A`, `beta` for `B`).
#[derive(Clone, Copy)]
pub struct Padded<'a, T> {
    /// The input.
    pub input: &'a T,
    /// Stands in for a missing entry of `input`.
    pub fill: &'a Value,
}

impl<'a, T> Padded<'a, T> {
    /// `input` with `fill` for its missing entries.
    pub fn new(input: &'a T, fill: &'a Value) -> Self {
        Padded { input, fill }
    }
}

/// The element-wise operation: its operator and which one it is.
#[derive(Clone, Copy)]
struct Ewise<'a> {
    op: &'a BinaryOp,
    kind: EwiseKind<'a>,
}

/// `C<M, replace> = accum(C, A ⊕ B)` (`GrB_eWiseAdd`); `A` and `B` are
/// transposed per `desc.transpose_first` / `desc.transpose_second`.
pub fn ewise_add(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    a: &Matrix,
    b: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let e = Ewise {
        op,
        kind: EwiseKind::Add,
    };
    ewise(c, mask, accum, e, a, b, desc)
}

/// `C<M, replace> = accum(C, A ⊗ B)` (`GrB_eWiseMult`).
pub fn ewise_mult(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    a: &Matrix,
    b: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let e = Ewise {
        op,
        kind: EwiseKind::Mult,
    };
    ewise(c, mask, accum, e, a, b, desc)
}

/// `C<M, replace> = accum(C, union(A, alpha, B, beta))` (`GxB_eWiseUnion`).
pub fn ewise_union(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    a: Padded<'_, Matrix>,
    b: Padded<'_, Matrix>,
    desc: &Descriptor,
) -> Result<()> {
    let (alpha, beta) = (a.fill, b.fill);
    let e = Ewise {
        op,
        kind: EwiseKind::Union { alpha, beta },
    };
    ewise(c, mask, accum, e, a.input, b.input, desc)
}

/// `w<mask, replace> = accum(w, u ⊕ v)` (`GrB_eWiseAdd` on vectors; transpose flags ignored).
pub fn ewise_add_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    u: &Vector,
    v: &Vector,
    desc: &Descriptor,
) -> Result<()> {
    let e = Ewise {
        op,
        kind: EwiseKind::Add,
    };
    ewise_vector(w, mask, accum, e, u, v, desc)
}

/// `w<mask, replace> = accum(w, u ⊗ v)` (`GrB_eWiseMult` on vectors).
pub fn ewise_mult_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    u: &Vector,
    v: &Vector,
    desc: &Descriptor,
) -> Result<()> {
    let e = Ewise {
        op,
        kind: EwiseKind::Mult,
    };
    ewise_vector(w, mask, accum, e, u, v, desc)
}

/// `w<mask, replace> = accum(w, union(u, alpha, v, beta))` (`GxB_eWiseUnion` on vectors).
pub fn ewise_union_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &BinaryOp,
    u: Padded<'_, Vector>,
    v: Padded<'_, Vector>,
    desc: &Descriptor,
) -> Result<()> {
    let (alpha, beta) = (u.fill, v.fill);
    let e = Ewise {
        op,
        kind: EwiseKind::Union { alpha, beta },
    };
    ewise_vector(w, mask, accum, e, u.input, v.input, desc)
}

/// The vector forms: the matrix operation on `n × 1` matrices, never transposed.
fn ewise_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    e: Ewise<'_>,
    u: &Vector,
    v: &Vector,
    desc: &Descriptor,
) -> Result<()> {
    let (mask, desc) = vector_args(mask, desc);
    ewise(
        w.as_matrix(),
        mask,
        accum,
        e,
        u.as_matrix(),
        v.as_matrix(),
        &desc,
    )
}

/// [`EwiseKind`] owning its scalars, for recorded operations.
#[derive(Clone)]
enum OwnedKind {
    Add,
    Mult,
    Union(Value, Value),
}

impl OwnedKind {
    fn of(kind: EwiseKind<'_>) -> OwnedKind {
        match kind {
            EwiseKind::Add => OwnedKind::Add,
            EwiseKind::Mult => OwnedKind::Mult,
            EwiseKind::Union { alpha, beta } => OwnedKind::Union(alpha.clone(), beta.clone()),
        }
    }

    fn kind(&self) -> EwiseKind<'_> {
        match self {
            OwnedKind::Add => EwiseKind::Add,
            OwnedKind::Mult => EwiseKind::Mult,
            OwnedKind::Union(alpha, beta) => EwiseKind::Union { alpha, beta },
        }
    }
}

/// The operation: checks, then records `T = A ⊕ B` and its write-back.
fn ewise(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    e: Ewise<'_>,
    a: &Matrix,
    b: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let Ewise { op, kind } = e;
    check_domains(op, a.ty(), b.ty(), kind)?;
    let (ta, tb) = (desc.transpose_first, desc.transpose_second);
    let dims = |m: &Matrix, t: bool| {
        if t {
            (m.ncols(), m.nrows())
        } else {
            (m.nrows(), m.ncols())
        }
    };
    let (dims_a, dims_b) = (dims(a, ta), dims(b, tb));
    if dims_a != dims_b {
        fail!(
            DimensionMismatch,
            "the inputs of {} are {}x{} and {}x{} (after transposing)",
            op.name(),
            dims_a.0,
            dims_a.1,
            dims_b.0,
            dims_b.1
        );
    }
    let mask = record::mask_input(mask, desc, dims_a.0, dims_a.1)?;
    let out = record::output(c, dims_a.0, dims_a.1, mask, accum, desc.replace, op.ztype())?;
    let name = match kind {
        EwiseKind::Add => format!("eWiseAdd({})", op.name()),
        EwiseKind::Mult => format!("eWiseMult({})", op.name()),
        EwiseKind::Union { .. } => format!("eWiseUnion({})", op.name()),
    };
    let intersection = matches!(kind, EwiseKind::Mult);
    let positional = op.position().is_some();
    let (op, kind) = (op.clone(), OwnedKind::of(kind));
    let run = move |inputs: Vec<Arc<MatrixStore>>, wanted: Orientation| {
        let (sa, sb) = (&inputs[0], &inputs[1]);
        let orient = result_orientation(wanted, sa, ta, sb, tb);
        // At most one entry per input entry, each an index and a value, built in chunks.
        let entries = sa.values().len().saturating_add(sb.values().len());
        crate::error::check_room(entries, 2 * (op.ztype().size() + 8), "the eWise result")?;
        compute(&op, kind.kind(), sa, ta, sb, tb, orient)
    };
    let map = Map {
        name,
        inputs: vec![record::source(a)?, record::source(b)?],
        positionwise: !ta && !tb,
        position_free: !ta && !tb && !positional,
        intersection,
        run: new_content(run),
    };
    record::submit(c, Node::new(Op::Map(map), out))
}

/// The spec's domain rules for the inputs (the output is checked by the write-back).
fn check_domains(op: &BinaryOp, aty: &Type, bty: &Type, kind: EwiseKind<'_>) -> Result<()> {
    let name = op.name();
    // A positional operator reads no values: inputs of any type.
    let any_input = op.position().is_some();
    ensure!(
        any_input || aty.compatible(op.xtype()),
        DomainMismatch,
        "the first input's type {aty:?} cannot be cast to the first input of {name} ({:?})",
        op.xtype()
    );
    ensure!(
        any_input || bty.compatible(op.ytype()),
        DomainMismatch,
        "the second input's type {bty:?} cannot be cast to the second input of {name} ({:?})",
        op.ytype()
    );
    match kind {
        EwiseKind::Add => {
            for (which, ty) in [("first", aty), ("second", bty)] {
                ensure!(
                    ty.compatible(op.ztype()),
                    DomainMismatch,
                    "eWiseAdd copies entries of the {which} input ({ty:?}) into the result, \
                     but they cannot be cast to the output of {name} ({:?})",
                    op.ztype()
                );
            }
        }
        EwiseKind::Union { alpha, beta } => {
            ensure!(
                alpha.ty().compatible(op.xtype()),
                DomainMismatch,
                "alpha ({:?}) cannot be cast to the first input of {name} ({:?})",
                alpha.ty(),
                op.xtype()
            );
            ensure!(
                beta.ty().compatible(op.ytype()),
                DomainMismatch,
                "beta ({:?}) cannot be cast to the second input of {name} ({:?})",
                beta.ty(),
                op.ytype()
            );
        }
        EwiseKind::Mult => {}
    }
    Ok(())
}
