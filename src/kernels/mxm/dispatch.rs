//! The kernel chooser: measures the work of each way to compute `C = A * B`
//! and runs the cheapest.
//!
//! A plan is a method and an orientation. *By rows*, the kernel produces the
//! rows of `C` from `L = A` and `R = B`; *by columns* it produces the rows of
//! `C' = B' * A'` (the columns of `C`) from `L = B'`, `R = A'` with the
//! multiply's operands swapped. Transposed operands are never copied: the
//! store is read in the other orientation, which it computes once and keeps.
//!
//! * **Saxpy** needs the rows of `L` and `R`; its work is the number of
//!   products (flops).
//! * **Dot3** needs the rows of `L` and the columns of `R` and computes only
//!   the entries of a non-complemented mask.
//! * **Dot2** computes every row of `L` against every column of `R`, checking
//!   the mask per entry; with `R` one dense column it is the "pull"
//!   matrix-vector product, which stops at the monoid's terminal value.
//!
//! [`cost`] measures the plans and chooses one ([`choose`]); [`execute`](mod@execute)
//! prepares the operands a plan reads and runs its kernel.

mod cost;
mod execute;
mod sampling;

pub use cost::{choose, flops, Rent};
pub use execute::{execute, fold_into, fold_product, product, product_by};

use super::operand::{MaskOperand, Operand};
use super::output::Epilogue;
use super::simplify;
use crate::algebra::Semiring;
use crate::kernels::Mask;
use crate::storage::Orientation;

/// A product to compute: `C<mask> = A * B` over `semiring`.
pub struct Problem<'a> {
    /// The left operand (already transposed if the descriptor says so).
    pub a: Operand,
    /// The right operand.
    pub b: Operand,
    /// The mask, in `C`'s coordinates.
    pub mask: Option<MaskOperand<'a>>,
    /// The semiring.
    pub semiring: &'a Semiring,
    /// The orientation the result is wanted in.
    pub out: Orientation,
    /// A positionwise function the result goes through, run on each task's
    /// output before assembly (see [`Epilogue`]).
    pub epilogue: Option<Epilogue<'a>>,
}

impl<'a> Problem<'a> {
    /// `C<mask> = a * b` over `semiring`, wanted in `out`, with the mask in
    /// `C`'s coordinates and no epilogue.
    pub fn new(
        (a, b): (Operand, Operand),
        mask: Option<&'a Mask>,
        semiring: &'a Semiring,
        out: Orientation,
    ) -> Self {
        Problem {
            a,
            b,
            mask: mask.map(|mask| MaskOperand {
                mask,
                transposed: false,
            }),
            semiring,
            out,
            epilogue: None,
        }
    }
}

impl Problem<'_> {
    /// A simpler semiring for this problem's operand values, if there is one
    /// (see [`simplify`]).
    pub(super) fn simplified(&self) -> Option<Semiring> {
        simplify::simplified(self.semiring, self.a.store(), self.b.store())
    }

    /// True when the product has no entry to compute: an empty dimension,
    /// an operand without entries, or a mask that allows nothing.
    pub fn is_empty(&self) -> bool {
        let masked_out = self.mask.as_ref().is_some_and(|m| m.mask.allows_nothing());
        self.a.nrows() == 0
            || self.b.ncols() == 0
            || self.a.nvals() == 0
            || self.b.nvals() == 0
            || masked_out
    }

    /// The same problem over another semiring.
    pub(super) fn with_semiring<'s>(&'s self, semiring: &'s Semiring) -> Problem<'s> {
        Problem {
            a: self.a.clone(),
            b: self.b.clone(),
            mask: self.mask.clone(),
            semiring,
            out: self.out,
            epilogue: self.epilogue,
        }
    }
}

/// A kernel family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Gustavson / hash saxpy.
    Saxpy,
    /// Dot products for every pair of a row and a column.
    Dot2,
    /// Dot products for the entries of the mask.
    Dot3,
}

/// How to compute a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The kernel family.
    pub method: Method,
    /// Compute `C' = B' * A'` (the columns of `C`) instead of the rows of `C`.
    pub by_cols: bool,
    /// For dot products: read `R`'s columns by random access into a dense form.
    pub dense_r: bool,
}

impl std::fmt::Display for Plan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let method = match self.method {
            Method::Saxpy => "saxpy",
            Method::Dot2 => "dot2",
            Method::Dot3 => "dot3",
        };
        let side = if self.by_cols { "columns" } else { "rows" };
        let dense = if self.dense_r {
            ", right side dense"
        } else {
            ""
        };
        write!(f, "{method} by {side}{dense}")
    }
}

#[cfg(test)]
mod plan_quality;

#[cfg(test)]
mod tests;
