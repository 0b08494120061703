//! Model of `GrB_kronecker`: a positional operator gives the row or column
//! index of the entry of `A` (`FIRST*`) or `B` (`SECOND*`).

use super::{apply_binary_at, OMatrix};
use graphblas::raw::algebra::BinaryOp;

/// `T(iA·mB + iB, jA·nB + jB) = A(iA, jA) ⊗ B(iB, jB)`.
pub fn kron(a: &OMatrix, b: &OMatrix, op: &BinaryOp) -> OMatrix {
    let mut t = OMatrix::new(op.ztype(), a.nrows * b.nrows, a.ncols * b.ncols);
    for (&(ia, ja), va) in &a.entries {
        for (&(ib, jb), vb) in &b.entries {
            t.entries.insert(
                (ia * b.nrows + ib, ja * b.ncols + jb),
                apply_binary_at(op, (va, (ia, ja)), (vb, (ib, jb))),
            );
        }
    }
    t
}
