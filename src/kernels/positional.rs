//! Positional operators in operations (see [`crate::algebra::position`]).
//!
//! A positional operator ignores values, so every use of one is rewritten
//! into the same operation with an ordinary operator over an operand whose
//! values are replaced by their positions: `O(nnz)` of that operand, an
//! `INT32` / `INT64` array computed like `GrB_apply` with `GrB_ROWINDEX` or
//! `GrB_COLINDEX`. The kernels, their value tiers and the planner's rewrites
//! then need no change and keep their speed:
//!
//! * a product `op(A) ⊕.⊗ op(B)` multiplies with `FIRST` over the positions
//!   of `op(A)` or `SECOND` over those of `op(B)` (`mxm::dispatch`): `i` is
//!   `op(A)`'s row, `j` is `op(B)`'s column, and `k` is both `op(A)`'s column
//!   and `op(B)`'s row, taken from the operand with fewer entries (in a BFS
//!   step `q' ⊕.⊗ A` with `ANY_SECONDI`, from the frontier `q`). The other
//!   operand's values are never read.
//! * eWiseMult, eWiseUnion and kronecker read both operands as their
//!   positions, with `FIRST` or `SECOND` picking the side the operator names
//!   (eWiseUnion then is eWiseAdd of the positions: every result entry is a
//!   position); eWiseAdd keeps SuiteSparse's rule that an entry present in
//!   one input only is that input's value, so it is the eWiseAdd of the
//!   values with the positions of the intersection laid over it.
//! * apply with a positional unary operator or a bound positional binary
//!   operator is apply of `ROWINDEX` / `COLINDEX` with the offset as thunk.
//!
//! Positions are computed when the operation runs, on the stores it reads,
//! so a recorded operation gives the same result as a blocking one; the
//! non-blocking engine only keeps such maps and products out of tiled
//! pipelines (a tile's coordinates start at 0). SuiteSparse's restrictions
//! are checked where values are combined: a positional operator cannot be
//! an accumulator, a monoid's operator, build's `dup` or a reduction
//! operator (`GrB_DOMAIN_MISMATCH`, [`BinaryOp::check_not_positional`]).

use crate::algebra::{BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, Position, Type, Value};
use crate::error::{check_room, Result};
use crate::storage::MatrixStore;

/// The index-unary operator and thunk that give each entry of an operand its
/// position `pos` (`GrB_ROWINDEX` or `GrB_COLINDEX` of type `ty`, the offset
/// as thunk); `transposed`: the entries are read transposed, so the
/// operand's rows are the coordinates' columns.
pub fn index_op(pos: Position, transposed: bool, ty: &Type) -> (IndexUnaryOp, Value) {
    let code = if pos.column != transposed {
        IndexUnaryCode::ColIndex
    } else {
        IndexUnaryCode::RowIndex
    };
    let op = IndexUnaryOp::builtin(code, ty.code()).expect("positions are INT32 or INT64");
    let thunk = Value::new(pos.offset)
        .cast(ty)
        .expect("an offset in a built-in type");
    (op, thunk)
}

/// `store` (read transposed when `transposed`) with every value replaced by
/// its position `pos`, of type `ty`: the same structure and orientation.
pub fn positions(
    store: &MatrixStore,
    transposed: bool,
    pos: Position,
    ty: &Type,
) -> Result<MatrixStore> {
    // The values and a copy of the structure (at most two indices a value).
    check_room(store.values().len(), ty.size() + 16, "the positions")?;
    let (op, thunk) = index_op(pos, transposed, ty);
    Ok(super::apply::index_values(store, &op, &thunk))
}

/// `FIRST` (or `SECOND` when `second`) on `ty`: the ordinary operator that
/// takes the position from the side a positional operator names.
pub fn pick(second: bool, ty: &Type) -> BinaryOp {
    let code = if second {
        BinaryCode::Second
    } else {
        BinaryCode::First
    };
    BinaryOp::builtin(code, ty.code()).expect("FIRST and SECOND exist for every built-in type")
}

/// Both operands of an element-wise or Kronecker use of a positional
/// operator with position `pos` and output type `z`, as their positions
/// (each operand's own row or column index), and the operator that picks
/// the side the positional operator names.
pub fn both_positions(
    pos: Position,
    z: &Type,
    (a, ta): (&MatrixStore, bool),
    (b, tb): (&MatrixStore, bool),
) -> Result<(MatrixStore, MatrixStore, BinaryOp)> {
    let pa = positions(a, ta, pos, z)?;
    let pb = positions(b, tb, pos, z)?;
    Ok((pa, pb, pick(pos.second, z)))
}
