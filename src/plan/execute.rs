//! Running a node: resolve its inputs, compute `T`, write it back — applying
//! the rewrites on the way. Each rewrite is a small function that looks at a
//! pending input and either takes a cheaper route to the value the node needs
//! or leaves it alone; each records an explain step when it fires.
//!
//! * [`absorb_transpose`]: a pending `transpose(A)` read by a product becomes
//!   `A` read transposed (no transposed copy is built).
//! * [`restricted`] (mask push-down): when a node's `T` is positionwise in its
//!   inputs (apply, select, eWise without transposes), only the positions its
//!   mask allows matter, so a pending product input is computed with that
//!   mask (a masked kernel) instead of in full; through chains of positionwise
//!   nodes too.
//! * [`cut_to_mask`] (mask cut): the ready inputs of a positionwise map
//!   under a much sparser mask are cut down to the mask's positions first.
//! * [`epilogue`]: a positionwise map (apply, select, typecast) of a pending
//!   product runs on each kernel task's output before assembly, so the
//!   product's full result is never formed.
//! * intersection push-down: an eWiseMult of a pending product and ready
//!   content computes the product only where the other input has entries.
//! * [`mask_content`] (structure only): a pending product used only as a
//!   structural mask is computed for its pattern, with `ANY_PAIR`.
//! * [`super::tiles`] (tiled pipelines, element-wise chains): a chain of
//!   pending element-wise maps (with their masked or accumulated
//!   write-backs, and whole-object assigns) runs tile by tile.
//! * [`super::siblings`]: pending products over the same operands and mask
//!   share one traversal.
//! * [`super::in_place`]: a product accumulated with its semiring's monoid
//!   into a full vector, unmasked, is folded into the vector's values.
//! * dead results: a node whose output is overwritten before it is read is
//!   dropped uncomputed (see [`super::Output`]: a write-back that does not
//!   read the old content does not keep it).
//!
//! Results computed for a restricted request are private to the consumer:
//! the producer's own (full) result is still computed if anyone reads it.
//! A node that someone else may still read is bypassed this way (restricted,
//! epilogue, reduce of a product) by one reader only; the next one forms
//! its result, which the others then share (see [`Node::may_bypass`]).

use super::node::{Map, MaskInput, Node, Op, Output, Product, Source};
use crate::algebra::{BinaryCode, Semiring, TypeCode};
use crate::error::Result;
use crate::explain::{self, step};
use crate::kernels::mxm::output::Epilogue;
use crate::kernels::mxm::{run_product, Factors};
use crate::kernels::writeback::{cast_store, cut, merge, old_within_mask, worth_cutting};
use crate::kernels::Mask;
use crate::storage::store::with_content;
use crate::storage::{Format, MatrixStore, Orientation};
use std::sync::Arc;

/// Computes a node's result (its output's new content).
pub fn run(node: &Node) -> Result<Arc<MatrixStore>> {
    if let Op::Product(p) = &node.op {
        if !node.has_sibling_t() {
            if let Some(c) = super::in_place::accumulated(node, p)? {
                return Ok(c);
            }
        }
    }
    let mask = resolve_mask(node.out.mask.as_ref())?;
    // A product is computed only where its mask allows; so is a map with
    // entries only where its inputs have them, once they are cut to it.
    let (t, within_mask) = match &node.op {
        Op::Product(p) => (super::siblings::product_t(node, p, mask.as_ref())?, true),
        Op::Map(m) => {
            let (t, cut) = map(m, mask.as_ref(), node.out.orient)?;
            (t, cut && m.intersection)
        }
        op => (compute(op, mask.as_ref(), node.out.orient)?, false),
    };
    // A sibling's offer made while this node ran is not needed any more.
    drop(node.take_sibling_t());
    finish(&node.out, mask.as_ref(), t, within_mask)
}

/// The write-back `C<M, replace> = accum(C, T)` of a node; `within_mask`
/// when `T` has entries only where the mask allows.
pub(super) fn finish(
    out: &Output,
    mask: Option<&Mask>,
    t: Arc<MatrixStore>,
    within_mask: bool,
) -> Result<Arc<MatrixStore>> {
    if out.is_plain() {
        return Ok(t_as_result(out, t, ""));
    }
    // Without an accumulator, C becomes T where the mask allows and keeps
    // its old entries elsewhere: T itself when T lies within the mask and,
    // unless replace empties the rest, C has no entry outside it.
    let t_is_c = within_mask && out.accum.is_none();
    if t_is_c && out.replace {
        return Ok(t_as_result(out, t, " (T is within the mask; replace)"));
    }
    let old = match &out.old {
        Some(s) => s.take_value()?,
        None => Arc::new(MatrixStore::empty(
            &out.ty, out.nrows, out.ncols, out.orient,
        )),
    };
    if t_is_c && mask.is_some_and(|m| old_within_mask(&old, m)) {
        let why = " (T and C's old entries are within the mask)";
        return Ok(t_as_result(out, t, why));
    }
    explain::timed(
        || "write-back: mask / accumulate".into(),
        || {
            // Written in place when this node is the old content's last reader.
            with_content(old, |old| {
                let (accum, replace) = (out.accum.as_ref(), out.replace);
                merge(old, &out.ty, out.orient, mask, accum, replace, &t)
            })
        },
    )
    .map(Arc::new)
}

/// `T` as the output's new content, cast to its type and orientation;
/// explain says `why` the write-back had nothing else to do.
fn t_as_result(out: &Output, t: Arc<MatrixStore>, why: &str) -> Arc<MatrixStore> {
    explain::timed(
        || format!("write-back: cast / orient{why}"),
        || cast_store(t, &out.ty, out.orient),
    )
}

/// The content of a node's mask, computed if pending.
pub fn resolve_mask(m: Option<&MaskInput>) -> Result<Option<Mask>> {
    m.map(|m| {
        Ok(Mask {
            store: mask_content(m)?,
            structural: m.structural,
            complement: m.complement,
        })
    })
    .transpose()
}

/// Structure only: a structural mask needs only the pattern of its content,
/// so a pending plain product behind it is computed with `ANY_PAIR` (no value
/// is loaded or combined, and each dot product stops at its first match). A
/// private result: the product's own is still computed if it is read.
fn mask_content(m: &MaskInput) -> Result<Arc<MatrixStore>> {
    if let Some(n) = m
        .source
        .uncomputed()
        .filter(|n| m.structural && n.out.is_plain())
    {
        if let Op::Product(p) = &n.op {
            step(|| {
                "rewrite structure only: the structural mask's product is computed for its pattern (ANY_PAIR)".into()
            });
            let pattern = Product {
                semiring: Semiring::builtin(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool)
                    .expect("ANY_PAIR is built in"),
                ..p.clone()
            };
            return product(&pattern, None, n.out.orient).map(Arc::new);
        }
    }
    m.source.value()
}

/// `T` of an operation; `mask` is the node's write-back mask, which the
/// computation may use to skip positions the write-back would not keep.
pub(super) fn compute(
    op: &Op,
    mask: Option<&Mask>,
    orient: Orientation,
) -> Result<Arc<MatrixStore>> {
    match op {
        Op::Product(p) => product(p, mask, orient).map(Arc::new),
        Op::Transpose { a, transpose } => {
            let a = a.value()?;
            if !transpose {
                return Ok(a);
            }
            // A' in the wanted orientation is A read in the other one.
            explain::timed(
                || "kernel transpose".into(),
                || {
                    let at = a.try_compressed_owned(orient.flip())?;
                    Ok(Arc::new(MatrixStore::from_compressed(orient, at)))
                },
            )
        }
        Op::Reduce { a, op, by_cols } => {
            if let Some(t) = super::reduce::fold_pending(a, op, *by_cols, 1)? {
                return Ok(Arc::new(t));
            }
            let a = a.value()?;
            explain::timed(
                || format!("kernel reduce with {}", op.name()),
                || crate::kernels::reduce::reduce_store(&a, op, *by_cols),
            )
            .map(Arc::new)
        }
        Op::Map(m) => map(m, mask, orient).map(|(t, _)| t),
    }
}

/// A product, reading pending transposes as transposed operands.
pub(super) fn product(
    p: &Product,
    mask: Option<&Mask>,
    orient: Orientation,
) -> Result<MatrixStore> {
    product_then(p, mask, orient, None)
}

/// [`product`], its result passed through `epilogue` inside the kernel.
fn product_then(
    p: &Product,
    mask: Option<&Mask>,
    orient: Orientation,
    epilogue: Option<(&str, Epilogue)>,
) -> Result<MatrixStore> {
    let (a, ta) = absorb_transpose(&p.a, p.ta);
    let (b, tb) = absorb_transpose(&p.b, p.tb);
    // An absorbed transpose's input is claimed by the transpose only while
    // it is uncomputed, and computing one operand may compute it (as a mask,
    // say): both operands are claimed here until both are read.
    let _held = [a.claim(), b.claim()];
    let (a, b) = (a.value()?, b.value()?);
    // A mask that allows every position restricts nothing: computing under
    // it would only add its tests.
    let mask = mask.filter(|m| !m.allows_everything());
    let what = || {
        let m = match mask {
            None => String::new(),
            Some(m) if m.complement => " with complemented mask".into(),
            Some(_) => " with mask".into(),
        };
        let then = epilogue.map_or(String::new(), |(name, _)| format!(", then {name}"));
        format!("kernel {:?} {}{m}{then}", p.form, p.semiring.name())
    };
    let f = epilogue.map(|(_, f)| f);
    explain::timed(what, || {
        let factors = Factors {
            semiring: &p.semiring,
            a: (a, ta),
            b: (b, tb),
            form: p.form,
        };
        run_product(factors, mask, orient, f)
    })
}

/// Transpose absorption: a pending, plain `transpose(A)` read with flag `t`
/// is `A` read with flag `!t` (a copy, `GrB_INP0` on transpose, with `t`).
pub fn absorb_transpose(s: &Source, t: bool) -> (Source, bool) {
    if let Some(n) = s.uncomputed() {
        if let Op::Transpose { a, transpose } = &n.op {
            if n.out.is_plain() && a.ty() == n.out.ty {
                step(|| {
                    "rewrite transpose absorption: the product reads the transpose's input with the other orientation".into()
                });
                return absorb_transpose(a, t ^ transpose);
            }
        }
    }
    (s.clone(), t)
}

/// A map: its inputs (restricted to the mask's positions when that is
/// allowed), then its function; true with `T` when its inputs were cut to
/// the mask's positions (see [`cut_to_mask`]).
fn map(m: &Map, mask: Option<&Mask>, orient: Orientation) -> Result<(Arc<MatrixStore>, bool)> {
    let hint = mask.filter(|_| m.positionwise);
    if let Some(t) = epilogue(m, hint)? {
        return Ok((Arc::new(t), false));
    }
    if hint.is_none() {
        if let Some(t) = super::tiles::pipeline(m, orient)? {
            return Ok((Arc::new(t), false));
        }
    }
    let mut inputs: Vec<Option<Arc<MatrixStore>>> = vec![None; m.inputs.len()];
    if m.intersection && hint.is_none() {
        intersection_push_down(m, &mut inputs)?;
    }
    let inputs = m
        .inputs
        .iter()
        .zip(inputs)
        .map(|(s, done)| match done {
            Some(v) => Ok(v),
            None => resolve(s, hint),
        })
        .collect::<Result<Vec<_>>>()?;
    let (inputs, cut) = match hint {
        Some(mask) if !mask.complement => cut_to_mask(inputs, mask, orient)?,
        _ => (inputs, false),
    };
    let t = explain::timed(|| format!("kernel {}", m.name), || (m.run)(inputs, orient))?;
    Ok((t, cut))
}

/// Mask cut: the inputs of a positionwise map under a mask that is not
/// complemented, held sparse and with several times fewer entries than they
/// have in all, cut down to the mask's positions, so that `T` is computed
/// only where the write-back keeps it (betweenness centrality's
/// `W<S[i]> = bc_update ./ paths` for one level's few vertices). True with
/// the inputs when they were cut.
fn cut_to_mask(
    inputs: Vec<Arc<MatrixStore>>,
    mask: &Mask,
    orient: Orientation,
) -> Result<(Vec<Arc<MatrixStore>>, bool)> {
    let entries = inputs
        .iter()
        .map(|s| s.nvals())
        .fold(0, usize::saturating_add);
    let sparse = matches!(mask.store.format(), Format::Sparse(_));
    if !sparse || !worth_cutting(mask.store.nvals(), entries) {
        return Ok((inputs, false));
    }
    let positions = mask.try_positions(orient)?;
    step(|| {
        let n = positions.nvals();
        format!("rewrite mask cut: the inputs are cut to the mask's {n} positions")
    });
    let cut = inputs
        .iter()
        .map(|s| {
            let c = cut(s, orient, &positions)?;
            Ok(Arc::new(MatrixStore::from_compressed(orient, c)))
        })
        .collect::<Result<_>>()?;
    Ok((cut, true))
}

/// Epilogue: a positionwise map of one input that is a pending plain product,
/// and that has entries only where its input has (apply, select), runs
/// inside the product, on each task's output before the parts are
/// assembled (with `hint`, the map's mask, pushed into the product too). The
/// product's own result is not formed; if its output is read later, it is
/// computed then.
fn epilogue(m: &Map, hint: Option<&Mask>) -> Result<Option<MatrixStore>> {
    let [input] = &m.inputs[..] else {
        return Ok(None);
    };
    let Some(n) = input
        .uncomputed()
        .filter(|n| m.positionwise && m.intersection && n.out.is_plain() && n.may_bypass(1))
    else {
        return Ok(None);
    };
    let Op::Product(p) = &n.op else {
        return Ok(None);
    };
    n.note_bypass(1);
    if let Some(mask) = hint {
        push_down_step(mask, n);
    }
    step(|| {
        format!(
            "rewrite epilogue: {} runs on each task's output inside the product",
            m.name
        )
    });
    let ty = &n.out.ty;
    let then = |part: MatrixStore| {
        let orient = part.orient();
        let part = cast_store(Arc::new(part), ty, orient);
        (m.run)(vec![part], orient).map(Arc::unwrap_or_clone)
    };
    product_then(p, hint, n.out.orient, Some((&m.name, &then))).map(Some)
}

/// Intersection push-down for a positionwise intersection without a mask:
/// when exactly one input is a pending product (or positionwise chain over
/// one) and the others are not, the others are computed first and their
/// structure restricts it.
fn intersection_push_down(m: &Map, inputs: &mut [Option<Arc<MatrixStore>>]) -> Result<()> {
    if !m.positionwise {
        return Ok(());
    }
    let restrictable: Vec<usize> = (0..m.inputs.len())
        .filter(|&k| m.inputs[k].uncomputed().is_some_and(|n| can_restrict(n)))
        .collect();
    let [target] = restrictable[..] else {
        return Ok(());
    };
    let Some(other) = (0..m.inputs.len()).find(|&k| k != target) else {
        return Ok(());
    };
    for (k, s) in m.inputs.iter().enumerate() {
        if k != target {
            inputs[k] = Some(s.value()?);
        }
    }
    let structure = Mask {
        store: inputs[other].clone().expect("computed above"),
        structural: true,
        complement: false,
    };
    step(|| {
        format!("rewrite intersection push-down: {} needs its other input only where input {} has entries", m.name, other + 1)
    });
    inputs[target] = Some(resolve(&m.inputs[target], Some(&structure))?);
    Ok(())
}

/// True when a restricted request can be answered for this node more cheaply
/// than its full result: a plain product, or a plain positionwise map over one.
fn can_restrict(n: &Node) -> bool {
    n.out.is_plain()
        && n.may_bypass(1)
        && match &n.op {
            Op::Product(_) => true,
            Op::Map(m) => {
                m.positionwise
                    && m.inputs
                        .iter()
                        .any(|s| s.uncomputed().is_some_and(|n| can_restrict(n)))
            }
            Op::Transpose { .. } | Op::Reduce { .. } => false,
        }
}

/// The value of a source where only the positions `hint` allows matter.
/// Without a hint this is a node's own computation (a restricted request
/// always has one), which takes the value if it is the last reader.
fn resolve(s: &Source, hint: Option<&Mask>) -> Result<Arc<MatrixStore>> {
    let Some(mask) = hint else {
        return s.take_value();
    };
    match s.uncomputed() {
        Some(n) if can_restrict(n) => restricted(n, mask),
        _ => s.value(),
    }
}

/// Records that `mask` is pushed into node `n`.
fn push_down_step(mask: &Mask, n: &Node) {
    step(|| {
        let kind = if mask.complement {
            "complemented mask"
        } else {
            "mask"
        };
        let what = match &n.op {
            Op::Product(p) => format!("{:?}", p.form),
            Op::Map(m) => m.name.clone(),
            Op::Transpose { .. } => "transpose".into(),
            Op::Reduce { .. } => "reduce".into(),
        };
        format!("rewrite mask push-down: the consumer's {kind} is pushed into {what}")
    });
}

/// Mask push-down: a plain node's `T` computed only where `mask` allows (a
/// private result; the node's own is not affected).
fn restricted(n: &Node, mask: &Mask) -> Result<Arc<MatrixStore>> {
    push_down_step(mask, n);
    n.note_bypass(1);
    let t = match &n.op {
        Op::Product(p) => Arc::new(product(p, Some(mask), n.out.orient)?),
        Op::Map(m) => map(m, Some(mask), n.out.orient)?.0,
        Op::Transpose { .. } | Op::Reduce { .. } => n.value()?,
    };
    Ok(cast_store(t, &n.out.ty, n.out.orient))
}
