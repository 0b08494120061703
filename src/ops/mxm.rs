//! `GrB_mxm`, `GrB_mxv` and `GrB_vxm`: `C<M, replace> = accum(C, op(A) ⊕.⊗ op(B))`.
//!
//! The front ends check the domains and dimensions and record an
//! `Op::Product`; the product itself is computed by [`crate::kernels::mxm`]
//! when the plan runs.

use super::record;
use crate::algebra::{BinaryOp, Semiring, Type};
use crate::ensure;
use crate::error::Result;
use crate::kernels::mxm::{Factors, ProductForm};
use crate::object::{Descriptor, Matrix, Vector};
use crate::plan::{self, Node, Op};

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
    let mask = record::mask_input(mask, desc, nrows, ncols)?;
    let out = record::output(c, nrows, ncols, mask, accum, desc.replace, semiring.ztype())?;
    let op = Op::Product(plan::Product {
        semiring: semiring.clone(),
        a: record::source(a)?,
        ta,
        b: record::source(b)?,
        tb,
        form,
    });
    record::submit(c, Node::new(op, out))
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
