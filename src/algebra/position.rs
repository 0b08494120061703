//! Positional operators, SuiteSparse's `GxB_FIRSTI` … `GxB_SECONDJ1` (binary)
//! and `GxB_POSITIONI` … `GxB_POSITIONJ1` (unary): their result is an index
//! of an entry, never a value, so they accept operands of any type. Their
//! output type is `INT32` or `INT64`.
//!
//! In a product `C = A ⊕.⊗ B` the multiply `f(A(i,k), B(k,j))` gives `i`
//! (`FIRSTI`), `k` (`FIRSTJ`, `SECONDI`) or `j` (`SECONDJ`); everywhere else
//! (element-wise operations, apply, kronecker) the operator gives the row or
//! column index of the entry it reads. The `1` forms add one. The kernels
//! never see them: `crate::kernels::positional` rewrites each use into an
//! ordinary operator over operands whose values are their positions.

/// Which index a positional operator returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The index of the second operand's entry (`SECOND*`), else the first's.
    pub second: bool,
    /// The column index (`*J`), else the row index (`*I`).
    pub column: bool,
    /// Added to the index: 1 for the one-based forms (`*1`), else 0.
    pub offset: i64,
}

impl Position {
    /// The position `second`, `column`, `offset`.
    pub const fn new(second: bool, column: bool, offset: i64) -> Position {
        Position {
            second,
            column,
            offset,
        }
    }
}
