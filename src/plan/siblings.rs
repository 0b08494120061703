//! Sibling products: pending products over the same operands and mask share
//! one traversal.
//!
//! Two products are siblings when they read the same `A` and the same `B` (a
//! vector for `mxv` / `vxm`) the same way, under the same mask: BFS that
//! records levels (`q<!v> = q ANY.ONEB A`) and parents
//! (`p<!v> = q ANY.SECONDI A`) is the common case. Their results have the
//! same pattern — the positions where some `k` matches — so
//!
//! * a *pattern* product (multiply `ONEB`, an idempotent monoid: every entry
//!   is one; or a semiring that simplifies to `ANY_ONEB` on these operands)
//!   takes its result from a value-carrying sibling's traversal: the same
//!   pattern, every value one;
//! * two products over the same built-in semiring have the same result.
//!
//! Whichever sibling is read first runs the one traversal; when it is the
//! pattern product, it computes the value sibling's `T` for it (that sibling
//! is alive and pending, so its result is wanted). The other then finds its
//! `T` computed and only runs its own write-back. User-defined semirings get
//! none of this (only built-in operators' properties are known).
//!
//! Pending products are found through a short list of the most recently
//! recorded ones ([`register`]); a product recorded long before its sibling
//! is not found, and is simply computed on its own.

use super::execute::{absorb_transpose, product};
use super::node::{Node, Op, Product, Source};
use crate::algebra::{BinaryCode, Semiring, Value};
use crate::error::Result;
use crate::explain::step;
use crate::kernels::apply::with_values;
use crate::kernels::mxm::simplify::simplified;
use crate::kernels::Mask;
use crate::storage::{Array, MatrixStore};
use std::cell::RefCell;
use std::sync::{Arc, Weak};

/// How many recently recorded products are remembered.
const RECENT: usize = 16;

thread_local! {
    /// Products recently recorded by this thread, oldest first. Per thread:
    /// siblings are found among one program's own operations, and another
    /// thread's executor never sees (or briefly holds, by upgrading) these
    /// nodes — it reads a node's reference count to decide whether it may
    /// fuse it (see `tiles::sole_pending`).
    static PENDING: RefCell<Vec<Weak<Node>>> = const { RefCell::new(Vec::new()) };
}

/// Remembers a recorded product node so that its siblings can find it.
pub fn register(node: &Arc<Node>) {
    if !matches!(node.op, Op::Product(_)) {
        return;
    }
    PENDING.with_borrow_mut(|list| remember(list, node));
}

/// Adds `node` to `list`, dropping nodes that are gone and the oldest beyond [`RECENT`].
fn remember(list: &mut Vec<Weak<Node>>, node: &Arc<Node>) {
    list.retain(|w| w.strong_count() > 0);
    if list.len() >= RECENT {
        list.remove(0);
    }
    list.push(Arc::downgrade(node));
}

/// `T` of product node `node` (whose mask is `mask`): taken from a sibling's
/// traversal when one ran, else computed — for a pattern product by its
/// value sibling's traversal when there is one — and offered to its siblings.
pub fn product_t(node: &Node, p: &Product, mask: Option<&Mask>) -> Result<Arc<MatrixStore>> {
    if let Some((t, pattern)) = node.take_sibling_t() {
        step(|| "rewrite sibling products: T comes from a sibling's traversal".into());
        return derive(p, &t, pattern);
    }
    let siblings = siblings_of(node, p);
    if siblings.is_empty() {
        return product(p, mask, node.out.orient).map(Arc::new);
    }
    // The operands' values (a pending transpose is read through, not formed).
    let (a, b) = (
        absorb_transpose(&p.a, p.ta).0.value()?,
        absorb_transpose(&p.b, p.tb).0.value()?,
    );
    let pattern = is_pattern(&p.semiring, &a, &b);
    if pattern {
        let rich = siblings
            .iter()
            .find_map(|(s, sp)| (!is_pattern(&sp.semiring, &a, &b)).then_some((s, sp)));
        if let Some((s, sp)) = rich {
            step(|| {
                format!(
                    "rewrite sibling products: one traversal for this product and its sibling over {}; this one takes the pattern",
                    sp.semiring.name()
                )
            });
            let t = Arc::new(product(sp, mask, s.out.orient)?);
            s.offer_sibling_t(t.clone(), false);
            return derive(p, &t, true);
        }
    }
    let t = Arc::new(product(p, mask, node.out.orient)?);
    for (s, sp) in &siblings {
        let same = same_semiring(&sp.semiring, &p.semiring);
        if same || (!pattern && is_pattern(&sp.semiring, &a, &b)) {
            step(|| {
                format!(
                    "rewrite sibling products: the sibling over {} takes its T from this traversal",
                    sp.semiring.name()
                )
            });
            s.offer_sibling_t(t.clone(), !same);
        }
    }
    Ok(t)
}

/// The pending products recorded recently over the same operands, read the
/// same way, under the same mask as `node`, with their products.
fn siblings_of(node: &Node, p: &Product) -> Vec<(Arc<Node>, Product)> {
    PENDING.with_borrow(|list| {
        list.iter()
            .filter_map(Weak::upgrade)
            .filter(|s| !std::ptr::eq(&**s, node) && !s.is_computed())
            .filter_map(|s| {
                let Op::Product(sp) = &s.op else {
                    return None;
                };
                let same = sp.form == p.form
                    && (sp.ta, sp.tb) == (p.ta, p.tb)
                    && same_source(&sp.a, &p.a)
                    && same_source(&sp.b, &p.b)
                    && same_mask(s.as_ref(), node);
                let sp = sp.clone();
                same.then_some((s, sp))
            })
            .collect()
    })
}

/// True when both nodes' write-backs use the same mask the same way.
fn same_mask(x: &Node, y: &Node) -> bool {
    match (&x.out.mask, &y.out.mask) {
        (None, None) => true,
        (Some(m), Some(n)) => {
            (m.structural, m.complement) == (n.structural, n.complement)
                && same_source(&m.source, &n.source)
        }
        _ => false,
    }
}

/// True when two sources are the same content (the same store, or the same
/// node, or a node and the store it computed).
fn same_source(x: &Source, y: &Source) -> bool {
    match (x, y) {
        (Source::Ready(s), Source::Ready(t)) => Arc::ptr_eq(s, t),
        (Source::Pending(n), Source::Pending(m)) => Arc::ptr_eq(n, m),
        (Source::Pending(n), Source::Ready(s)) | (Source::Ready(s), Source::Pending(n)) => {
            n.computed_value().is_some_and(|v| Arc::ptr_eq(&v, s))
        }
    }
}

/// True when every entry of `a ⊕.⊗ b` over `s` is one, whatever the
/// operands' values: multiply `ONEB` with an idempotent monoid, or a
/// semiring these operands simplify to that.
fn is_pattern(s: &Semiring, a: &MatrixStore, b: &MatrixStore) -> bool {
    let ones = |s: &Semiring| s.mul().code() == Some(BinaryCode::Oneb) && s.add().is_idempotent();
    ones(s) || simplified(s, a, b).is_some_and(|t| ones(&t))
}

/// True when two built-in semirings are the same.
fn same_semiring(x: &Semiring, y: &Semiring) -> bool {
    x.add().code().is_some()
        && x.mul().code().is_some()
        && (x.add().code(), x.mul().code()) == (y.add().code(), y.mul().code())
        && (x.mul().xtype(), x.mul().ytype(), x.ztype())
            == (y.mul().xtype(), y.mul().ytype(), y.ztype())
}

/// This product's `T` from a sibling's: the same (a product over the same
/// semiring), or with `pattern` its pattern with every value one.
fn derive(p: &Product, t: &Arc<MatrixStore>, pattern: bool) -> Result<Arc<MatrixStore>> {
    if !pattern {
        return Ok(t.clone());
    }
    let one = Value::new(1u8)
        .cast(p.semiring.ztype())
        .expect("one in a built-in type");
    let x = Array::filled(&one, t.values().len())?;
    Ok(Arc::new(MatrixStore::new(
        t.orient(),
        with_values(t.format(), x),
    )))
}
