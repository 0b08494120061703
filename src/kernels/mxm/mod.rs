//! The products of `GrB_mxm`, `GrB_mxv` and `GrB_vxm`: `T = op(A) ⊕.⊗ op(B)`
//! on stores, computed only where the mask allows.
//!
//! Every product is `C = A * B` on stores (a vector is an `n × 1` matrix;
//! `vxm` computes `u' * A` and reads the `1 × n` result as a column; a
//! positional multiply is first rewritten by [`positional`]). The
//! [`dispatch`] module measures the work of each kernel family — saxpy
//! ([`saxpy`], with the [`accumulator`]s), dot products ([`dot`]) — and runs
//! the cheapest, in parallel by work ([`schedule`]), after [`simplify`]ing
//! a multiply whose operand values are all one, with the semiring's
//! value tier ([`tiers`], [`values`]): monomorphic kernels for the common
//! semirings, a typed tier for other built-in ones, and a byte-level tier for
//! everything else. The result goes through [`super::writeback`].
//!
//! Each output entry is folded in increasing `k` by one task, so results do
//! not depend on the number of threads. The ANY monoid returns the first
//! product in `k` order.

pub mod accumulator;
pub mod dispatch;
pub mod dot;
pub mod operand;
pub mod output;
pub mod positional;
pub mod push;
pub mod saxpy;
pub mod schedule;
pub mod simplify;
pub mod tiers;
pub mod values;

use super::mask::Mask;
use crate::algebra::Semiring;
use crate::error::Result;
use crate::storage::{MatrixStore, Orientation};
use dispatch::{product, Problem};
use operand::{MaskOperand, Operand};
use std::sync::Arc;
use values::Take;

/// Which product a [`Factors`] is (they differ in how the vector is read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProductForm {
    /// `GrB_mxm`: `op(A) * op(B)`.
    Mxm,
    /// `GrB_mxv`: `op(A) * u`.
    Mxv,
    /// `GrB_vxm`: `u' * op(A)`, the row read as a column.
    Vxm,
}

impl ProductForm {
    /// The operation's name (`mxm`, `mxv`, `vxm`).
    pub fn name(self) -> &'static str {
        match self {
            ProductForm::Mxm => "mxm",
            ProductForm::Mxv => "mxv",
            ProductForm::Vxm => "vxm",
        }
    }
}

/// The factors of a product `op(A) ⊕.⊗ op(B)`: the semiring, each input
/// (a matrix, or a store when the product runs) with whether it is
/// transposed, and which of the three operations it is. For `Vxm`, `a` is
/// the vector `u` and `b` the matrix.
pub struct Factors<'s, X> {
    /// The semiring.
    pub semiring: &'s Semiring,
    /// The first input and whether it is transposed.
    pub a: (X, bool),
    /// The second input and whether it is transposed.
    pub b: (X, bool),
    /// Which operation.
    pub form: ProductForm,
}

/// The product `T` of a recorded mxm / mxv / vxm: `op(A) ⊕.⊗ op(B)` computed
/// only where `mask` (in the output's coordinates) allows, with its vectors in
/// (or near) `orient`, and passed through `epilogue` when one is given.
pub fn run_product(
    factors: Factors<'_, Arc<MatrixStore>>,
    mask: Option<&Mask>,
    orient: Orientation,
    epilogue: Option<output::Epilogue>,
) -> Result<MatrixStore> {
    let row_form = factors.form == ProductForm::Vxm;
    let t = product(&factors.problem(mask, orient, epilogue))?;
    // vxm computes the 1 x n row u' * A; its transpose is the n x 1 result.
    Ok(if row_form { t.transposed() } else { t })
}

/// `c = c ⊕ (op(A) ⊕.⊗ op(B))`, unmasked, folded into the values of a full
/// result `c` (a vector: `Mxv` or `Vxm`) with the semiring's monoid, when
/// the product is pushed or pulled against a full vector (see
/// [`dispatch::fold_into`]): the new values. `None`, without calling `take`
/// (which hands over `c`'s values), otherwise.
/// `orient` is the result's orientation, as in [`run_product`].
pub fn run_product_into(
    factors: Factors<'_, Arc<MatrixStore>>,
    orient: Orientation,
    take: Take<'_>,
) -> Result<Option<crate::storage::Array>> {
    dispatch::fold_into(&factors.problem(None, orient, None), take)
}

impl<'s> Factors<'s, Arc<MatrixStore>> {
    /// The problem of computing the product under `mask`, with its vectors
    /// in (or near) `orient`: for `Vxm`, the row `u' * A` in the other
    /// orientation (its transpose is the result).
    fn problem(
        self,
        mask: Option<&'s Mask>,
        orient: Orientation,
        epilogue: Option<output::Epilogue<'s>>,
    ) -> Problem<'s> {
        let Factors {
            semiring,
            a: (a, ta),
            b: (b, tb),
            form,
        } = self;
        let row_form = form == ProductForm::Vxm;
        Problem {
            a: Operand::new(a, ta || row_form),
            b: Operand::new(b, tb),
            mask: mask.map(|m| MaskOperand {
                mask: m,
                transposed: row_form,
            }),
            semiring,
            out: if row_form { orient.flip() } else { orient },
            epilogue,
        }
    }
}
