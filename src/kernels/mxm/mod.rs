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
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::store::compressed_to_bitmap;
use crate::storage::{Format, MatrixStore, Orientation};
use dispatch::{product, Plan, Problem};
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

/// A product planned once, whole, and run block by block: the tiles of a
/// pipeline cut one operand into blocks of its vectors and read the other
/// whole. Planning every block would repeat the whole plan's work per tile
/// (and make a compressed whole operand dense once per tile).
pub struct BlockPlan {
    /// The semiring the whole product's values simplify to (or its own).
    semiring: Semiring,
    plan: Plan,
}

impl BlockPlan {
    /// The plan for `factors` (unmasked, result in `orient`), when it
    /// computes the result along the cut: its rows from `op(A)`'s rows when
    /// `cut_a` (tiles of rows cut `op(A)`), else its columns from `op(B)`'s
    /// columns. `None` otherwise, and for a product with nothing to compute.
    pub fn new(
        factors: Factors<'_, Arc<MatrixStore>>,
        orient: Orientation,
        cut_a: bool,
    ) -> Option<BlockPlan> {
        let whole = factors.problem(None, orient, None);
        let simpler = whole.simplified();
        let p = whole.with_semiring(simpler.as_ref().unwrap_or(whole.semiring));
        if p.is_empty() {
            return None;
        }
        let (plan, rent) = dispatch::choose(&p);
        if plan.by_cols == cut_a {
            return None;
        }
        rent.pay(&p);
        Some(BlockPlan {
            semiring: p.semiring.clone(),
            plan,
        })
    }

    /// The operand every block reads whole, as the plan reads it: one it
    /// reads by random access is made dense (a bitmap) once.
    pub fn whole(&self, store: Arc<MatrixStore>) -> Result<Arc<MatrixStore>> {
        let Format::Sparse(c) = store.format() else {
            return Ok(store);
        };
        let positions = store.nrows().saturating_mul(store.ncols());
        if !self.plan.dense_r || !dense_workspace_ok(positions, c.nvals()) {
            return Ok(store);
        }
        let bitmap = compressed_to_bitmap(c)?;
        Ok(Arc::new(MatrixStore::new(
            store.orient(),
            Format::Bitmap(bitmap),
        )))
    }

    /// The product of one block (`factors` over the blocks' stores), as
    /// [`run_product`] without a mask computes it.
    pub fn run(
        &self,
        factors: Factors<'_, Arc<MatrixStore>>,
        orient: Orientation,
    ) -> Result<MatrixStore> {
        let row_form = factors.form == ProductForm::Vxm;
        let factors = Factors {
            semiring: &self.semiring,
            ..factors
        };
        let t = dispatch::product_by(&factors.problem(None, orient, None), self.plan)?;
        Ok(if row_form { t.transposed() } else { t })
    }
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
