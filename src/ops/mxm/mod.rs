//! `GrB_mxm`, `GrB_mxv` and `GrB_vxm`: `C<M, replace> = accum(C, op(A) ⊕.⊗ op(B))`.
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
//! everything else. The result goes through [`crate::ops::writeback`].
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
use crate::algebra::{BinaryOp, Semiring, Type};
use crate::ensure;
use crate::error::Result;
use crate::object::{Descriptor, Matrix, Vector};
use crate::plan::{self, Node, Op, ProductForm};
use crate::storage::{MatrixStore, Orientation};
use dispatch::{product, Problem};
use operand::{MaskOperand, Operand};
use std::sync::Arc;
use values::Take;

/// Checks the domains: `A`'s type against the multiply's `x`, `B`'s against
/// its `y`, the output against the semiring's result and the accumulator.
fn check_domains(
    s: &Semiring,
    x: &Type,
    y: &Type,
    c: &Type,
    accum: Option<&BinaryOp>,
) -> Result<()> {
    // A positional multiply reads no values: operands of any type.
    let any_input = s.mul().position().is_some();
    ensure!(
        any_input || x.compatible(s.xtype()),
        DomainMismatch,
        "the first operand's type {x:?} cannot be cast to the first input of {s:?} ({:?})",
        s.xtype()
    );
    ensure!(
        any_input || y.compatible(s.ytype()),
        DomainMismatch,
        "the second operand's type {y:?} cannot be cast to the second input of {s:?} ({:?})",
        s.ytype()
    );
    ensure!(
        c.compatible(s.ztype()),
        DomainMismatch,
        "the output's type {c:?} is not compatible with the result of {s:?} ({:?})",
        s.ztype()
    );
    if let Some(op) = accum {
        op.check_domains(c, c, s.ztype())?;
    }
    Ok(())
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

/// The recorded product of one of the three operations, after its checks.
fn record(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    factors: Factors<'_, &Matrix>,
    desc: &Descriptor,
) -> Result<()> {
    let Factors {
        semiring,
        a: (a, ta),
        b: (b, tb),
        form,
    } = factors;
    check_domains(semiring, a.ty(), b.ty(), c.ty(), accum)?;
    let dims = |m: &Matrix, t: bool| {
        if t {
            (m.ncols(), m.nrows())
        } else {
            (m.nrows(), m.ncols())
        }
    };
    let ((m, k1), (k2, n)) = match form {
        ProductForm::Vxm => ((1, a.nrows()), dims(b, tb)),
        _ => (dims(a, ta), dims(b, tb)),
    };
    ensure!(
        k1 == k2,
        DimensionMismatch,
        "{form:?}: the first operand is {m}x{k1} but the second is {k2}x{n}{}",
        if form == ProductForm::Mxm {
            ""
        } else {
            " (the vector as a row or column)"
        }
    );
    let (nrows, ncols) = match form {
        ProductForm::Mxm => (m, n),
        ProductForm::Mxv => (m, 1),
        ProductForm::Vxm => (n, 1),
    };
    let mask = plan::mask_input(mask, desc, nrows, ncols)?;
    let out = plan::output(c, nrows, ncols, mask, accum, desc.replace, semiring.ztype())?;
    let op = Op::Product(plan::Product {
        semiring: semiring.clone(),
        a: plan::source(a)?,
        ta,
        b: plan::source(b)?,
        tb,
        form,
    });
    plan::submit(c, Node::new(op, out))
}

/// `C<M, replace> = accum(C, op(A) ⊕.⊗ op(B))` (`GrB_mxm`); `transpose_first`
/// transposes `A`, `transpose_second` transposes `B`.
pub fn mxm(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    semiring: &Semiring,
    a: &Matrix,
    b: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let (ta, tb) = (desc.transpose_first, desc.transpose_second);
    let factors = Factors {
        semiring,
        a: (a, ta),
        b: (b, tb),
        form: ProductForm::Mxm,
    };
    record(c, mask, accum, factors, desc)
}

/// `w<m, replace> = accum(w, op(A) ⊕.⊗ u)` (`GrB_mxv`): `w(i) = ⊕_k A(i,k) ⊗ u(k)`;
/// `transpose_first` transposes `A`.
pub fn mxv(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    semiring: &Semiring,
    a: &Matrix,
    u: &Vector,
    desc: &Descriptor,
) -> Result<()> {
    let (w, mask) = (w.as_matrix(), mask.map(Vector::as_matrix));
    let factors = Factors {
        semiring,
        a: (a, desc.transpose_first),
        b: (u.as_matrix(), false),
        form: ProductForm::Mxv,
    };
    record(w, mask, accum, factors, desc)
}

/// `w'<m, replace> = accum(w', u' ⊕.⊗ op(A))` (`GrB_vxm`): `w(j) = ⊕_k u(k) ⊗ A(k,j)`
/// with `u` the multiply's first input; `transpose_second` transposes `A`.
pub fn vxm(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    semiring: &Semiring,
    u: &Vector,
    a: &Matrix,
    desc: &Descriptor,
) -> Result<()> {
    let (w, mask) = (w.as_matrix(), mask.map(Vector::as_matrix));
    let factors = Factors {
        semiring,
        a: (u.as_matrix(), false),
        b: (a, desc.transpose_second),
        form: ProductForm::Vxm,
    };
    record(w, mask, accum, factors, desc)
}
