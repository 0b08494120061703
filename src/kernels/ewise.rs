//! The kernels of `GrB_eWiseAdd`, `GrB_eWiseMult` and `GxB_eWiseUnion`:
//! `T = A ⊕ B` over the union or the intersection of two stores' patterns,
//! planned by vectors ([`kernel`]) with the operator's values combined by
//! [`combine`]; both inputs are read in one orientation ([`operand`]).

mod combine;
mod kernel;
mod operand;

use crate::algebra::{BinaryOp, Position, Type, Value};
use crate::error::Result;
use crate::kernels::positional;
use crate::storage::{MatrixStore, Orientation};
use kernel::{Mode, Plan};
use operand::Operand;

/// Which element-wise operation, with eWiseUnion's scalars.
#[derive(Clone, Copy, Debug)]
pub enum EwiseKind<'a> {
    /// `GrB_eWiseAdd`: union, single values cast to the output type.
    Add,
    /// `GrB_eWiseMult`: intersection.
    Mult,
    /// `GxB_eWiseUnion`: union, `alpha` for a missing `A(i,j)`, `beta` for a missing `B(i,j)`.
    Union {
        /// Stands in for a missing entry of `A`.
        alpha: &'a Value,
        /// Stands in for a missing entry of `B`.
        beta: &'a Value,
    },
}

/// `T = A ⊕ B` (per `kind`) with its vectors in orientation `orient`; `ta` and
/// `tb` say whether each input is transposed.
pub fn compute(
    op: &BinaryOp,
    kind: EwiseKind<'_>,
    a: &MatrixStore,
    ta: bool,
    b: &MatrixStore,
    tb: bool,
    orient: Orientation,
) -> Result<MatrixStore> {
    if let Some(pos) = op.position() {
        return compute_positional(op.ztype(), pos, kind, (a, ta), (b, tb), orient);
    }
    let oa = Operand::new(a, ta, orient);
    let ob = Operand::new(b, tb, orient);
    let (nrows, ncols) = dims(a, ta);
    let (vlen, vdim) = orient.vector_dims(nrows, ncols);
    let mode = match kind {
        EwiseKind::Mult => Mode::Intersection,
        _ => Mode::Union,
    };
    let plan = Plan::new(oa, ob, mode, vlen, vdim);
    let (xa, xb) = plan.values();
    let format = combine::with_combiner(&plan, op, kind, xa, xb)?;
    Ok(MatrixStore::new(orient, format).conform())
}

/// [`compute`] with a positional operator of output type `z` (see
/// [`crate::kernels::positional`]): over the operands' positions, except that
/// eWiseAdd keeps the value of an entry present in one input only.
fn compute_positional(
    z: &Type,
    pos: Position,
    kind: EwiseKind<'_>,
    (a, ta): (&MatrixStore, bool),
    (b, tb): (&MatrixStore, bool),
    orient: Orientation,
) -> Result<MatrixStore> {
    let (pa, pb, pick) = positional::both_positions(pos, z, (a, ta), (b, tb))?;
    let positions = |kind| compute(&pick, kind, &pa, ta, &pb, tb, orient);
    match kind {
        EwiseKind::Mult => positions(EwiseKind::Mult),
        EwiseKind::Union { .. } => positions(EwiseKind::Add),
        EwiseKind::Add => {
            let values = compute(&positional::pick(false, z), kind, a, ta, b, tb, orient)?;
            let both = positions(EwiseKind::Mult)?;
            let over = positional::pick(true, z);
            compute(&over, kind, &values, false, &both, false, orient)
        }
    }
}

/// `(nrows, ncols)` of a store, transposed or not.
fn dims(s: &MatrixStore, transpose: bool) -> (u64, u64) {
    if transpose {
        (s.ncols(), s.nrows())
    } else {
        (s.nrows(), s.ncols())
    }
}

/// The orientation to compute in: the inputs' own when they agree (no
/// conversion of the inputs), the output's otherwise.
pub fn result_orientation(
    output: Orientation,
    a: &MatrixStore,
    ta: bool,
    b: &MatrixStore,
    tb: bool,
) -> Orientation {
    let native = |s: &MatrixStore, t: bool| if t { s.orient().flip() } else { s.orient() };
    let (na, nb) = (native(a, ta), native(b, tb));
    if na == nb {
        na
    } else {
        output
    }
}
