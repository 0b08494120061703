//! `GrB_mxm`, `GrB_mxv` and `GrB_vxm`: `C<M, replace> = accum(C, op(A) ⊕.⊗ op(B))`.
//!
//! Every product is `C = A * B` on stores (a vector is an `n × 1` matrix;
//! `vxm` computes `u' * A` and reads the `1 × n` result as a column). The
//! [`dispatch`] module measures the work of each kernel family — saxpy
//! ([`saxpy`], with the [`accumulator`]s), dot products ([`dot`]) — and runs
//! the cheapest, in parallel by work ([`schedule`]), with the semiring's
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
pub mod saxpy;
pub mod schedule;
pub mod tiers;
pub mod values;

use super::mask::Mask;
use super::writeback::{check_output, write};
use crate::algebra::{BinaryOp, Semiring, Type};
use crate::ensure;
use crate::error::Result;
use crate::object::{Descriptor, Matrix, Vector};
use dispatch::{product, Problem};
use operand::{MaskOperand, Operand};
use std::sync::Arc;

/// Checks the domains: `A`'s type against the multiply's `x`, `B`'s against
/// its `y`, the output against the semiring's result and the accumulator.
fn check_domains(
    s: &Semiring,
    x: &Type,
    y: &Type,
    c: &Type,
    accum: Option<&BinaryOp>,
) -> Result<()> {
    ensure!(
        x.compatible(s.xtype()),
        DomainMismatch,
        "the first operand's type {x:?} cannot be cast to the first input of {s:?} ({:?})",
        s.xtype()
    );
    ensure!(
        y.compatible(s.ytype()),
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
    let mask = Mask::from_matrix(mask, desc)?;
    let a = Operand::new(a.snapshot()?, desc.transpose_first);
    let b = Operand::new(b.snapshot()?, desc.transpose_second);
    check_domains(semiring, &a.store().ty(), &b.store().ty(), c.ty(), accum)?;
    ensure!(
        a.ncols() == b.nrows(),
        DimensionMismatch,
        "the first operand is {}x{} but the second is {}x{}",
        a.nrows(),
        a.ncols(),
        b.nrows(),
        b.ncols()
    );
    let mask = Mask::effective(mask, desc, a.nrows(), b.ncols());
    check_output(
        c,
        a.nrows(),
        b.ncols(),
        mask.as_ref(),
        accum,
        semiring.ztype(),
    )?;
    let problem = Problem {
        a,
        b,
        mask: mask.as_ref().map(|m| MaskOperand {
            mask: m,
            transposed: false,
        }),
        semiring,
        out: c.orientation(),
    };
    let t = product(&problem)?;
    write(c, mask.as_ref(), accum, desc.replace, Arc::new(t))
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
    let mask = Mask::from_vector(mask, desc)?;
    let a = Operand::new(a.snapshot()?, desc.transpose_first);
    let u = Operand::new(u.snapshot()?, false);
    check_domains(semiring, &a.store().ty(), &u.store().ty(), w.ty(), accum)?;
    ensure!(
        a.ncols() == u.nrows(),
        DimensionMismatch,
        "the matrix is {}x{} but the vector has size {}",
        a.nrows(),
        a.ncols(),
        u.nrows()
    );
    let out = w.as_matrix();
    let mask = Mask::effective(mask, desc, a.nrows(), 1);
    check_output(out, a.nrows(), 1, mask.as_ref(), accum, semiring.ztype())?;
    let problem = Problem {
        a,
        b: u,
        mask: mask.as_ref().map(|m| MaskOperand {
            mask: m,
            transposed: false,
        }),
        semiring,
        out: out.orientation(),
    };
    let t = product(&problem)?;
    write(out, mask.as_ref(), accum, desc.replace, Arc::new(t))
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
    let mask = Mask::from_vector(mask, desc)?;
    let ut = Operand::new(u.snapshot()?, true);
    let a = Operand::new(a.snapshot()?, desc.transpose_second);
    check_domains(semiring, &ut.store().ty(), &a.store().ty(), w.ty(), accum)?;
    ensure!(
        ut.ncols() == a.nrows(),
        DimensionMismatch,
        "the vector has size {} but the matrix is {}x{}",
        ut.ncols(),
        a.nrows(),
        a.ncols()
    );
    let out = w.as_matrix();
    let mask = Mask::effective(mask, desc, a.ncols(), 1);
    check_output(out, a.ncols(), 1, mask.as_ref(), accum, semiring.ztype())?;
    // The product is the 1 x n row u' * A; its transpose is the n x 1 result.
    let problem = Problem {
        a: ut,
        b: a,
        mask: mask.as_ref().map(|m| MaskOperand {
            mask: m,
            transposed: true,
        }),
        semiring,
        out: out.orientation().flip(),
    };
    let t = product(&problem)?.transposed();
    write(out, mask.as_ref(), accum, desc.replace, Arc::new(t))
}
