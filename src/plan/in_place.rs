//! A product accumulated into its output in place: `w = w ⊕ u ⊕.⊗ A` (or
//! `A ⊕.⊗ u`) with the semiring's own monoid as the accumulator, no mask,
//! and `w` full of the semiring's type — PageRank's `r += w * A` after `r`
//! was set to the teleport value. When the product is pushed (see
//! [`crate::kernels::mxm::push::PushInto`]), its products are folded straight
//! into `w`'s values (its own buffer when this node is the old content's
//! last reader): no workspace, no flags, no merge of `T` into `w`. When it
//! is pulled against a full vector, each dot product is added to its slot
//! of `w` as it is computed: no `T`, no write-back pass.
//!
//! A push's result differs from `w ⊕ T` only in the order the monoid
//! combines the values (`w` first, then the products), which the spec
//! leaves free: a monoid is associative. Floating-point sums may round
//! differently. A pull's result is exactly `w ⊕ T`.

use super::execute::absorb_transpose;
use super::node::{Node, Product, ProductForm};
use crate::error::{Error, Info, Result};
use crate::explain::{self, step};
use crate::kernels::mxm::{run_product_into, Factors};
use crate::storage::store::with_content;
use crate::storage::{Array, Format, Full, MatrixStore, Orientation};
use std::borrow::Cow;
use std::sync::Arc;

/// The node's result with its product folded into the output's values, or
/// `None` when the node is not of that shape or its product is neither
/// pushed nor pulled against a full vector.
pub fn accumulated(node: &Node, p: &Product) -> Result<Option<Arc<MatrixStore>>> {
    let out = &node.out;
    let (Some(accum), None, Some(old)) = (&out.accum, &out.mask, &out.old) else {
        return Ok(None);
    };
    let s = &p.semiring;
    let z = s.ztype();
    let same_monoid = accum.code().is_some() && accum.code() == s.add().code();
    let same_types = [accum.xtype(), accum.ytype(), accum.ztype(), &out.ty]
        .into_iter()
        .all(|t| t == z);
    if !same_monoid || !same_types || p.form == ProductForm::Mxm || out.ncols != 1 {
        return Ok(None);
    }
    let current = old.value()?;
    if !matches!(current.format(), Format::Full(_)) || current.ty() != *z {
        return Ok(None);
    }
    drop(current);
    let (a, ta) = absorb_transpose(&p.a, p.ta);
    let (b, tb) = absorb_transpose(&p.b, p.tb);
    let _held = [a.claim(), b.claim()];
    let (a, b) = (a.value()?, b.value()?);
    // Content someone else still holds is copied: one pass over memory,
    // where the write-back the fold saves reads two stores and writes a
    // third.
    let take = Box::new(|| full_values(old.take_value()?));
    let what = || format!("kernel {:?} {}, folded into the output", p.form, s.name());
    let folded = explain::timed(what, || {
        let factors = Factors {
            semiring: s,
            a: (a, ta),
            b: (b, tb),
            form: p.form,
        };
        run_product_into(factors, out.orient, take)
    })?;
    let Some(x) = folded else {
        return Ok(None);
    };
    step(|| {
        "in place: the product is folded into the output's values (its accumulator is the semiring's monoid)".into()
    });
    let (vlen, vdim) = match out.orient {
        Orientation::ByCol => (out.nrows, 1),
        Orientation::ByRow => (1, out.nrows),
    };
    let full = Full { vlen, vdim, x };
    Ok(Some(Arc::new(MatrixStore::new(
        out.orient,
        Format::Full(full),
    ))))
}

/// The values of a full store: its own buffer when no one else holds it.
fn full_values(store: Arc<MatrixStore>) -> Result<Array> {
    let not_full = || Error::new(Info::Panic, "the accumulated output is no longer full");
    with_content(store, |c| match c {
        Cow::Owned(s) => match s.into_parts().1 {
            Format::Full(f) => Ok(f.x),
            _ => Err(not_full()),
        },
        Cow::Borrowed(s) => match s.format() {
            Format::Full(f) => {
                step(|| "copied: the output's old content is shared".into());
                Ok(f.x.clone())
            }
            _ => Err(not_full()),
        },
    })
}
