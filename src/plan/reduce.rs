//! Reduce of a product: a reduction whose input is a pending masked product
//! folds each row of the product inside its dot products, so the product is
//! never formed (triangle counting's `sum(C<L> = L·U')`, the row sums of
//! local clustering).
//!
//! The rewrite applies when the pending node is `C<M> = A ⊕.⊗ B` with a mask
//! that is not complemented, no accumulator, an output that holds nothing
//! outside the mask (empty before the call) of the semiring's type, and a
//! reduction by the semiring's own built-in monoid, and only when the cost
//! model finds the masked dot products along the reduced dimension cheaper
//! than forming the product with its best kernel and reducing it (folding
//! saves memory, but saxpy can be several times faster on skewed graphs).
//! The pending node itself is left as it is: if anyone reads `C` later, it
//! is computed then (and a second reduction forms it: see
//! [`Node::may_bypass`]).
//!
//! Floating-point sums associate differently from reducing the formed
//! product: each row is folded first (in increasing column order), then the
//! row results; integer results are identical.
//!
//! Reduce of a masked result ([`fold_masked`]): a reduction of all of a
//! pending `C<M> = T` into an output that held nothing folds the values of
//! `T` the mask keeps, in `C`'s order (the same result), and `C` is not
//! formed.

use super::execute::{absorb_transpose, compute, finish, resolve_mask};
use super::node::{Node, Op, Output, Product, ProductForm, Source};
use crate::algebra::BinaryOp;
use crate::error::Result;
use crate::explain::step;
use crate::kernels::mxm::dispatch::{fold_product, Problem};
use crate::kernels::mxm::operand::{MaskOperand, Operand};
use crate::storage::{Array, MatrixStore, Orientation};

/// The rows (the columns when `by_cols`) of `a` each reduced with `op`, as an
/// `n × 1` store, computed without forming `a` when `a` is a pending product
/// the rewrite applies to; `None` when it does not apply. Prints its own plan
/// when explain is on (for reductions to a scalar, which are not recorded).
pub fn reduce_product(a: &Source, op: &BinaryOp, by_cols: bool) -> Result<Option<MatrixStore>> {
    let Some(node) = a.uncomputed() else {
        return Ok(None);
    };
    if !node.may_bypass(0) || foldable(node, op)?.is_none() {
        return Ok(None);
    }
    let header = || {
        let along = if by_cols { "columns" } else { "rows" };
        format!("reduce the {along} with {}", op.name())
    };
    super::explained(header, node, || fold_pending(a, op, by_cols, 0))
}

/// [`reduce_product`] for a reader holding `own` claims on `a`'s node (1
/// inside a plan being executed, where the reduction is a node; see
/// [`Node::may_bypass`]).
pub fn fold_pending(
    a: &Source,
    op: &BinaryOp,
    by_cols: bool,
    own: usize,
) -> Result<Option<MatrixStore>> {
    let Some(node) = a.uncomputed().filter(|n| n.may_bypass(own)) else {
        return Ok(None);
    };
    let Some(p) = foldable(node, op)? else {
        return Ok(None);
    };
    let mask = resolve_mask(node.out.mask.as_ref())?.expect("a masked product");
    let (sa, ta) = absorb_transpose(&p.a, p.ta);
    let (sb, tb) = absorb_transpose(&p.b, p.tb);
    let problem = Problem {
        a: Operand::new(sa.value()?, ta),
        b: Operand::new(sb.value()?, tb),
        mask: Some(MaskOperand {
            mask: &mask,
            transposed: false,
        }),
        semiring: &p.semiring,
        out: Orientation::ByRow,
        epilogue: None,
    };
    let folded = fold_product(&problem, by_cols)?;
    if folded.is_some() {
        node.note_bypass(own);
    }
    step(|| {
        let text = if folded.is_some() {
            "rewrite reduce of a product: each row is folded inside the masked dot products; the product is not formed"
        } else {
            "folding the product's rows costs more than forming it: formed, then reduced"
        };
        text.into()
    });
    Ok(folded.map(|c| MatrixStore::from_compressed(Orientation::ByCol, c).conform()))
}

/// The product of `node` when reducing its result with `op` may skip forming it.
fn foldable<'n>(node: &'n Node, op: &BinaryOp) -> Result<Option<&'n Product>> {
    let Op::Product(p) = &node.op else {
        return Ok(None);
    };
    let out = &node.out;
    let s = &p.semiring;
    let same_monoid = op.code().is_some() && op.code() == s.add().code();
    let same_type = op.ztype() == s.ztype() && out.ty == *s.ztype();
    let masked = out.mask.as_ref().is_some_and(|m| !m.complement);
    if p.form != ProductForm::Mxm || out.accum.is_some() || !same_monoid || !same_type || !masked {
        return Ok(None);
    }
    // The output must hold nothing the write-back would keep outside the mask.
    Ok(empty_before(out)?.then_some(p))
}

/// True when the output of a write-back held nothing before it (a new or
/// cleared object), known without computing anything.
fn empty_before(out: &Output) -> Result<bool> {
    Ok(match &out.old {
        None => true,
        Some(old) => old.uncomputed().is_none() && old.value()?.nvals() == 0,
    })
}

/// Reduce of a masked result: `fold` of the values of `a`, in its storage
/// order, when `a` is a pending `C<M> = T` without accumulator into an
/// output that held nothing (PageRank's sinks, `rsink<struct(sink)> = r`
/// into a cleared `rsink`, then `sum(rsink)`): `T`'s values where the mask
/// allows, gathered without forming `C`. `None` when it does not apply.
/// The values and their order are those of `C`, so the reduction is the
/// same. The pending node is left as it is, like [`reduce_product`]'s, so
/// `T` is computed only where that reads its inputs without taking them
/// (not for a map that is not positionwise).
pub fn fold_masked<R>(a: &Source, fold: impl FnOnce(&Array) -> R) -> Result<Option<R>> {
    let Some(node) = a.uncomputed() else {
        return Ok(None);
    };
    let out = &node.out;
    let masked = out.mask.is_some() && out.accum.is_none();
    let computable = match &node.op {
        Op::Map(m) => m.positionwise,
        _ => true,
    };
    if !node.may_bypass(0) || !masked || !computable || !empty_before(out)? {
        return Ok(None);
    }
    let header = || "reduce a masked result".to_string();
    super::explained(header, node, || {
        let mask = resolve_mask(out.mask.as_ref())?.expect("a masked output");
        let t = compute(&node.op, Some(&mask), out.orient)?;
        // A masked product is computed only where its mask allows.
        let within_mask = matches!(node.op, Op::Product(_));
        node.note_bypass(0);
        if t.laid_out(out.orient) {
            if let Some(x) = mask.kept_values(&t)? {
                step(|| {
                    let n = x.len();
                    format!("rewrite reduce of a masked result: the {n} values of T the mask keeps are folded; the result is not formed")
                });
                return Ok(Some(fold(&x.into_cast(&out.ty))));
            }
        }
        step(|| {
            "a masked result whose T is compressed or laid out otherwise: written back, folded, not kept".into()
        });
        let empty = Output {
            old: None,
            ..out.clone()
        };
        let c = finish(&empty, Some(&mask), t, within_mask)?;
        Ok(Some(fold(&c.values_in_order())))
    })
}
