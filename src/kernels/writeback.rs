//! The write-back `C<M, replace> = accum(C, T)`: the one place where the result
//! `T` of every operation reaches its output, with the spec's mask, accumulator,
//! replace and typecasting semantics.
//!
//! Spec 2.1 (the "standard matrix accumulate" and "mask and replace"):
//! * `Z = T` without an accumulator; with one, `Z` is the union of `C` and `T`
//!   with `Z(i,j) = accum(C(i,j), T(i,j))` where both exist, and otherwise the
//!   one that exists. `Z` has the accumulator's output domain, so every value of
//!   `Z` is cast to that domain and then to `C`'s type.
//! * With replace, `C = Z ∩ M`; without, `C = (C ∩ ¬M) ∪ (Z ∩ M)`.
//!
//! Kernels may use the mask to skip work; the semantics stay defined here.

mod bitmap;
pub mod dense;
mod full;
mod small_mask;
mod values_only;

use self::full::{accumulate_into_full, is_full};
pub use self::small_mask::{cut, worth_cutting};
use crate::algebra::arith::Arith;
use crate::algebra::binary::{arith_fns, ByteBinaryFn, TypedFns};
use crate::algebra::element::{byte_cast_fn, ByteCastFn};
use crate::algebra::{BinaryCode, BinaryOp, Type};
use crate::error::{check_room, Result};
use crate::kernels::assemble::{self, Task};
use crate::kernels::indices::gallop_idx;
use crate::kernels::Mask;
use crate::storage::index::IdxDest;
use crate::storage::{
    Array, ArrayElement, Compressed, CompressedRef, Format, Idx, Indices, MatrixStore, Orientation,
    Values,
};
use crate::{fail, with_type};
use std::borrow::Cow;
use std::mem::MaybeUninit;
use std::ops::Range;
use std::sync::Arc;

/// Where an output value comes from.
#[derive(Clone, Copy, Debug)]
pub enum Src {
    /// The old `C` value, unchanged (outside the mask).
    Keep(usize),
    /// The old `C` value as an entry of `Z` (inside the mask, no `T` there).
    C(usize),
    /// The `T` value at this position.
    T(usize),
    /// Both: `accum(C, T)`.
    Both(usize, usize),
}

/// True when every entry of `C`'s old content `old` lies where `mask`
/// allows: `old` has no entry (a new output, as triangle counting's), or the
/// mask is structural, not complemented, and its content is `old` itself or
/// has its pattern (`C<C, struct>`, as k-truss writes its supports). With no
/// accumulator and `T` within the mask, `C`'s new content is then `T` alone.
pub fn old_within_mask(old: &MatrixStore, mask: &Mask) -> bool {
    if old.nvals() == 0 {
        return true;
    }
    if mask.complement || !mask.structural {
        return false;
    }
    let m = &*mask.store;
    if std::ptr::eq(old, m) {
        return true;
    }
    if old.nrows() != m.nrows() || old.ncols() != m.ncols() || old.orient() != m.orient() {
        return false;
    }
    match (old.format(), m.format()) {
        (Format::Sparse(a), Format::Sparse(b)) => a.h == b.h && a.p == b.p && a.i == b.i,
        (Format::Full(_), Format::Full(_)) => true,
        _ => false,
    }
}

/// `T` typecast to `ty` and stored in orientation `orient` (shared when it already is).
pub fn cast_store(t: Arc<MatrixStore>, ty: &Type, orient: Orientation) -> Arc<MatrixStore> {
    if t.ty() == *ty && t.orient() == orient {
        return t;
    }
    let mut t = Arc::try_unwrap(t).unwrap_or_else(|shared| (*shared).clone());
    if t.orient() == orient {
        // Only the values change, in whatever format they are held.
        let x = match t.format_mut() {
            Format::Sparse(c) => &mut c.x,
            Format::Bitmap(b) => &mut b.x,
            Format::Full(f) => &mut f.x,
        };
        *x = x.cast(ty);
        return Arc::new(t);
    }
    let mut c = t.into_compressed(orient);
    if c.x.ty() != *ty {
        c.x = c.x.cast(ty);
    }
    Arc::new(MatrixStore::from_compressed(orient, c).conform())
}

/// The new content of `C` from its old content `old`, per the module's
/// semantics. An owned `old` (see `storage::store::with_content`) lends its
/// buffers: a dense `C` under a mask is then written in place, not copied.
pub fn merge(
    mut old: Cow<'_, MatrixStore>,
    ctype: &Type,
    orient: Orientation,
    mask: Option<&Mask>,
    accum: Option<&BinaryOp>,
    replace: bool,
    t: &MatrixStore,
) -> Result<MatrixStore> {
    if old.nrows() != t.nrows() || old.ncols() != t.ncols() {
        fail!(DimensionMismatch, "result and output dimensions differ");
    }
    if let (None, Some(op)) = (mask, accum) {
        if is_full(&old) {
            return accumulate_into_full(old, ctype, orient, accum, t);
        }
        match bitmap::accumulate_into_bitmap(old, orient, op, t)? {
            Ok(out) => return Ok(out),
            Err(back) => old = back,
        }
    }
    if let (Some(m), None, false) = (mask, accum, replace) {
        if dense::masked_applies(&old, orient, m, t) {
            return dense::masked_into_dense(old, ctype, orient, m, t);
        }
    }
    if let (Some(m), Some(op), false) = (mask, accum, replace) {
        // C<M> = accum(C, T) into a C that holds every position keeps it
        // full: only T's entries the mask allows take part. (Not when C's
        // values change type through the accumulator: entries of C alone
        // then take the cast inside the mask but not outside it.)
        let lossless = *op.xtype() == *ctype && *op.ztype() == *ctype;
        if lossless && is_full(&old) {
            if let Some(allowed) = dense::within_mask(t, m, orient)? {
                return accumulate_into_full(old, ctype, orient, accum, &allowed);
            }
        }
    }
    let m = match mask {
        Some(m) => Some((m.try_positions(orient)?, m.complement)),
        None => None,
    };
    if let (Some((pat, false)), None, true) = (&m, accum, replace || old.nvals() == 0) {
        // Without an accumulator, `T` takes the mask's positions and every
        // other entry of `C` goes (or there was none): the result is `T` at
        // those positions, whatever `C` held (BFS's `w<q, replace> =
        // degree`, PageRank's `rsink<sink> = r` into a cleared `rsink`).
        crate::explain::step(|| "write-back: T at the mask's positions (replace)".into());
        let mut out = small_mask::cut(t, orient, pat)?;
        if out.x.ty() != *ctype {
            out.x = out.x.cast(ctype);
        }
        return Ok(MatrixStore::from_compressed(orient, out.conform()).conform());
    }
    let (c, tc) = match (&m, replace) {
        (Some((pat, false)), true) if small_mask::applies(&old, t, pat) => (
            CompressedRef::Owned(small_mask::cut(&old, orient, pat)?),
            CompressedRef::Owned(small_mask::cut(t, orient, pat)?),
        ),
        _ => (old.try_compressed(orient)?, t.try_compressed(orient)?),
    };
    // One probe for the merged copy: per entry an index, its source and a
    // value (twice for the byte-level path); per vector an id and a pointer.
    let entries = c.nvals().saturating_add(tc.nvals());
    let vectors = c.nvec().saturating_add(tc.nvec());
    let per_entry = 8 + std::mem::size_of::<Src>() + 2 * ctype.size();
    check_room(
        entries
            .saturating_mul(per_entry)
            .saturating_add(vectors.saturating_mul(16)),
        1,
        "the write-back",
    )?;
    let mask = m.as_ref().map(|(pat, comp)| (&**pat, *comp));
    let writer = typed_writer(&c.x, &tc.x, accum);
    // C's own values, held by nothing else, are written in place once a
    // walk that writes nothing has found that the write-back changes
    // values only (a fresh array is fresh pages, as slow as the walk).
    let in_place = matches!(c, CompressedRef::Borrowed(_))
        && matches!(old, Cow::Owned(_))
        && writer.is_some()
        && !matches!(c.x, Array::Iso(_));
    if in_place && values_only::fits(&c, &tc, mask, accum.is_some(), replace) {
        let code = c.x.code();
        let Cow::Owned(store) = old else {
            unreachable!("matched above")
        };
        let mut c = store.into_compressed(orient);
        with_type!(code, T => values_only::write_in_place::<T>(&mut c, &tc, mask, accum),
            udt => unreachable!("the typed writer takes built-in types only"));
        return Ok(MatrixStore::from_compressed(orient, c));
    }
    // (Where `fits` found a position to insert or delete, so would this.)
    let values = match &writer {
        Some(w) if !in_place => values_only::new_values(&c, &tc, mask, w, replace)?,
        _ => None,
    };
    if let Some(x) = values {
        // C's pattern is moved when it was computed for this write-back (an
        // owned C's own content was written in place above).
        let out = match c {
            CompressedRef::Owned(c) => values_only::on_own_pattern(c, x),
            c => values_only::on_copied_pattern(&c, x),
        };
        return Ok(MatrixStore::from_compressed(orient, out));
    }
    let items = merged_vectors(&c, &tc);
    let tasks = assemble::plan(
        items.len(),
        |k| items[k].c.len() + items[k].t.len() + 1,
        |k, pieces| {
            let item = &items[k];
            let idx = if item.c.len() >= item.t.len() {
                c.i.idx_range(item.c.clone())
            } else {
                tc.i.idx_range(item.t.clone())
            };
            assemble::split_by_indices(idx, c.vlen, pieces)
        },
    );
    let walk = Walk {
        c: &c,
        t: &tc,
        items: &items,
        mask,
        rules: Rules {
            accumulate: accum.is_some(),
            replace,
        },
    };
    let count = |task: &Task, counts: &mut [usize]| {
        let (n, mut k) = (std::cell::Cell::new(0), 0);
        walk.task(
            task,
            |_, _| n.set(n.get() + 1),
            || {
                counts[k] = n.replace(0);
                k += 1;
            },
        );
    };
    let (p, i, x) = match writer {
        Some(writer) => writer.fill(&tasks, &walk, count)?,
        None => {
            let bytes = ByteValues::new(&c.x, &tc.x, ctype, accum);
            let cs = ctype.size();
            let filled = assemble::count_then_fill(
                &tasks,
                items.len(),
                (cs, c.vlen),
                count,
                |task, oi, ox| {
                    let mut o = vec![0u8; cs];
                    let mut bytes = bytes.clone();
                    walk.fill(task, oi, |k, s| {
                        bytes.write(&mut o, s);
                        for (d, &b) in ox[k * cs..(k + 1) * cs].iter_mut().zip(&o) {
                            d.write(b);
                        }
                    })
                },
            )?;
            (filled.p, filled.i, Array::from_bytes(ctype, &filled.x))
        }
    };
    let out = Compressed {
        vlen: c.vlen,
        vdim: c.vdim,
        h: Some(items.iter().map(|item| item.j).collect()),
        p,
        i,
        x,
    };
    Ok(MatrixStore::from_compressed(orient, out.conform()).conform())
}

/// How the write-back walks the merged vectors of one task.
struct Walk<'a> {
    c: &'a Compressed,
    t: &'a Compressed,
    items: &'a [MergedVector],
    mask: Option<(&'a Compressed, bool)>,
    rules: Rules,
}

/// What the write-back does with an entry of `C`: with `accumulate`,
/// combine it with `T`'s entry inside the mask (or keep it where `T` has
/// none); with `replace`, delete it outside the mask.
#[derive(Clone, Copy)]
struct Rules {
    accumulate: bool,
    replace: bool,
}

impl Walk<'_> {
    /// Calls `emit(index, source)` for every output entry of the task, in
    /// order, and `end_vector()` after each of its items (once for a piece).
    #[inline]
    fn task(&self, task: &Task, mut emit: impl FnMut(u64, Src), mut end_vector: impl FnMut()) {
        let mut visit = |item: &MergedVector, want: &Range<u64>| {
            merge_vector(
                self.c,
                self.c.within(item.c.clone(), want),
                self.t,
                self.t.within(item.t.clone(), want),
                self.mask
                    .map(|(pat, comp)| (pat, pat.within(pat.vector_range(item.j), want), comp)),
                self.rules,
                &mut emit,
            );
            end_vector();
        };
        match task {
            Task::Items(r) => {
                let whole = 0..self.c.vlen;
                self.items[r.clone()]
                    .iter()
                    .for_each(|item| visit(item, &whole));
            }
            Task::Piece(k, want) => visit(&self.items[*k], want),
        }
    }

    /// Writes the task's indices into `oi` and each value through
    /// `put(entry, source)`; returns how many entries it wrote.
    #[inline]
    fn fill(&self, task: &Task, oi: IdxDest, put: impl FnMut(usize, Src)) -> usize {
        match oi {
            IdxDest::Narrow(oi) => self.fill_as(task, oi, put),
            IdxDest::Wide(oi) => self.fill_as(task, oi, put),
        }
    }

    /// [`Walk::fill`] into indices of width `I`.
    #[inline]
    fn fill_as<I: Idx>(
        &self,
        task: &Task,
        oi: &mut [MaybeUninit<I>],
        mut put: impl FnMut(usize, Src),
    ) -> usize {
        let mut k = 0;
        self.task(
            task,
            |i, s| {
                oi[k].write(I::from_u64(i));
                put(k, s);
                k += 1;
            },
            || {},
        );
        k
    }
}

/// A vector held by `C` or `T` (or both): its id and its slots in each.
struct MergedVector {
    j: u64,
    c: Range<usize>,
    t: Range<usize>,
}

/// Every vector held by `c` or `t`, in order (mask-only vectors produce nothing).
fn merged_vectors(c: &Compressed, t: &Compressed) -> Vec<MergedVector> {
    let mut items = Vec::with_capacity(c.nvec().max(t.nvec()));
    let (mut kc, mut kt) = (0usize, 0usize);
    while kc < c.nvec() || kt < t.nvec() {
        let jc = (kc < c.nvec()).then(|| c.vector_id(kc));
        let jt = (kt < t.nvec()).then(|| t.vector_id(kt));
        let j = match (jc, jt) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => unreachable!(),
        };
        let rc = if jc == Some(j) {
            kc += 1;
            c.range(kc - 1)
        } else {
            0..0
        };
        let rt = if jt == Some(j) {
            kt += 1;
            t.range(kt - 1)
        } else {
            0..0
        };
        items.push(MergedVector { j, c: rc, t: rt });
    }
    items
}

/// Merges one vector of C and T under the mask, emitting each kept index with its source.
fn merge_vector(
    c: &Compressed,
    rc: Range<usize>,
    t: &Compressed,
    rt: Range<usize>,
    mask: Option<(&Compressed, Range<usize>, bool)>,
    rules: Rules,
    emit: &mut impl FnMut(u64, Src),
) {
    let Rules {
        accumulate,
        replace,
    } = rules;
    let (mut qc, mut qt) = (rc.start, rt.start);
    let mut qm = mask.as_ref().map_or(0, |(_, r, _)| r.start);
    while qc < rc.end || qt < rt.end {
        let ic = (qc < rc.end).then(|| c.i.get(qc));
        let it = (qt < rt.end).then(|| t.i.get(qt));
        let i = match (ic, it) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => unreachable!(),
        };
        let in_c = ic == Some(i);
        let in_t = it == Some(i);
        let allowed = match &mask {
            None => true,
            Some((pat, r, comp)) => {
                qm = gallop_idx(pat.i.idx_range(0..r.end), qm, i);
                let present = qm < r.end && pat.i.get(qm) == i;
                present != *comp
            }
        };
        let out = if allowed {
            match (in_c, in_t, accumulate) {
                (true, true, true) => Some(Src::Both(qc, qt)),
                (_, true, _) => Some(Src::T(qt)),
                (true, false, true) => Some(Src::C(qc)),
                (true, false, false) => None,
                (false, false, _) => unreachable!(),
            }
        } else if in_c && !replace {
            Some(Src::Keep(qc))
        } else {
            None
        };
        if let Some(s) = out {
            emit(i, s);
        }
        if in_c {
            qc += 1;
        }
        if in_t {
            qt += 1;
        }
    }
}

/// Computes the output values. Without an accumulator, `C` values are kept and
/// `T` values cast to `C`'s type; with one, every value goes through the
/// accumulator's output domain.
pub fn values(
    cx: &Array,
    tx: &Array,
    src: &[Src],
    ctype: &Type,
    accum: Option<&BinaryOp>,
) -> Array {
    if let Some(x) = typed_values(cx, tx, src, accum) {
        return x;
    }
    let cs = ctype.size();
    let mut out = vec![0u8; src.len() * cs];
    let mut bytes = ByteValues::new(cx, tx, ctype, accum);
    for (o, &s) in out.chunks_exact_mut(cs.max(1)).zip(src) {
        bytes.write(o, s);
    }
    Array::from_bytes(ctype, &out)
}

/// Output values computed byte by byte, for any types and accumulator.
#[derive(Clone)]
struct ByteValues<'a> {
    cx: &'a Array,
    tx: &'a Array,
    t_to_c: ByteCastFn,
    accum: Option<ByteAccum>,
}

/// An accumulator applied to byte-level values, with its casts and scratch.
#[derive(Clone)]
struct ByteAccum {
    f: ByteBinaryFn,
    c_to_x: ByteCastFn,
    t_to_y: ByteCastFn,
    c_to_z: ByteCastFn,
    t_to_z: ByteCastFn,
    z_to_c: ByteCastFn,
    x: Vec<u8>,
    y: Vec<u8>,
    z: Vec<u8>,
}

impl<'a> ByteValues<'a> {
    fn new(cx: &'a Array, tx: &'a Array, ctype: &Type, accum: Option<&BinaryOp>) -> Self {
        let accum = accum.map(|op| ByteAccum {
            f: op.byte_fn(),
            c_to_x: byte_cast_fn(ctype.code(), op.xtype().code()),
            t_to_y: byte_cast_fn(tx.code(), op.ytype().code()),
            c_to_z: byte_cast_fn(ctype.code(), op.ztype().code()),
            t_to_z: byte_cast_fn(tx.code(), op.ztype().code()),
            z_to_c: byte_cast_fn(op.ztype().code(), ctype.code()),
            x: vec![0u8; op.xtype().size()],
            y: vec![0u8; op.ytype().size()],
            z: vec![0u8; op.ztype().size()],
        });
        ByteValues {
            cx,
            tx,
            t_to_c: byte_cast_fn(tx.code(), ctype.code()),
            accum,
        }
    }

    /// Writes the output value from `s` into `o` (`C`'s type).
    fn write(&mut self, o: &mut [u8], s: Src) {
        let (cx, tx) = (self.cx, self.tx);
        let Some(a) = &mut self.accum else {
            match s {
                Src::Keep(q) | Src::C(q) => o.copy_from_slice(cx.get_bytes(q)),
                Src::T(q) => (self.t_to_c)(o, tx.get_bytes(q)),
                Src::Both(..) => unreachable!("no accumulator"),
            }
            return;
        };
        match s {
            Src::Keep(q) => return o.copy_from_slice(cx.get_bytes(q)),
            Src::C(q) => (a.c_to_z)(&mut a.z, cx.get_bytes(q)),
            Src::T(q) => (a.t_to_z)(&mut a.z, tx.get_bytes(q)),
            Src::Both(qc, qt) => {
                (a.c_to_x)(&mut a.x, cx.get_bytes(qc));
                (a.t_to_y)(&mut a.y, tx.get_bytes(qt));
                (a.f)(&mut a.z, &a.x, &a.y);
            }
        }
        (a.z_to_c)(o, &a.z);
    }
}

/// The accumulator as a function on the built-in type `T` when its inputs
/// and output are all `T` and it is arithmetic (no accumulator: `T`'s value
/// replaces `C`'s).
pub(crate) fn typed_accum<T: Arith>(accum: Option<&BinaryOp>) -> Option<fn(T, T) -> T> {
    typed_accum_fns::<T>(accum).map(|f| f.one)
}

/// [`typed_accum`] with its loop over slices.
pub(crate) fn typed_accum_fns<T: Arith>(accum: Option<&BinaryOp>) -> Option<TypedFns<T, T>> {
    let Some(op) = accum else {
        return arith_fns::<T>(BinaryCode::Second);
    };
    let types = [op.xtype(), op.ytype(), op.ztype()];
    if types.iter().any(|t| t.code() != T::CODE) {
        return None;
    }
    arith_fns::<T>(op.code()?)
}

/// The fast path: `C`, `T` and the accumulator all on one built-in type.
fn typed_values(cx: &Array, tx: &Array, src: &[Src], accum: Option<&BinaryOp>) -> Option<Array> {
    let writer = typed_writer(cx, tx, accum)?;
    with_type!(cx.code(), T => Some(writer.gather::<T>(src)), udt => None)
}

/// Output values of one built-in type shared by `C`, `T` and the accumulator.
struct TypedWriter<'a> {
    cx: &'a Array,
    tx: &'a Array,
    accum: Option<&'a BinaryOp>,
}

/// The typed writer when `C`, `T` and the accumulator share one built-in type.
fn typed_writer<'a>(
    cx: &'a Array,
    tx: &'a Array,
    accum: Option<&'a BinaryOp>,
) -> Option<TypedWriter<'a>> {
    if cx.code() != tx.code() || !tx.ty().is_builtin() {
        return None;
    }
    let fits = with_type!(cx.code(), T => typed_accum::<T>(accum).is_some(), udt => false);
    fits.then_some(TypedWriter { cx, tx, accum })
}

impl TypedWriter<'_> {
    /// The value function on `T`: the sources' arrays and the accumulator.
    fn parts<T: Arith + ArrayElement>(&self) -> TypedValues<'_, T> {
        TypedValues {
            c: self.cx.values::<T>().expect("C holds T"),
            t: self.tx.values::<T>().expect("T holds T"),
            f: typed_accum::<T>(self.accum).expect("checked by typed_writer"),
        }
    }

    /// The values of `src`, in order.
    fn gather<T: Arith + ArrayElement>(&self, src: &[Src]) -> Array {
        let v = self.parts::<T>();
        T::into_array(src.iter().map(|&s| v.value(s)).collect())
    }

    /// The merged pointers, indices and values of the write-back's tasks.
    fn fill(
        &self,
        tasks: &[Task],
        walk: &Walk<'_>,
        count: impl Fn(&Task, &mut [usize]) + Sync,
    ) -> Result<(Vec<usize>, Indices, Array)> {
        with_type!(self.cx.code(), T => self.fill_typed::<T>(tasks, walk, count), udt => unreachable!("built-in types only"))
    }

    fn fill_typed<T: Arith + ArrayElement>(
        &self,
        tasks: &[Task],
        walk: &Walk<'_>,
        count: impl Fn(&Task, &mut [usize]) + Sync,
    ) -> Result<(Vec<usize>, Indices, Array)> {
        let v = self.parts::<T>();
        let filled = assemble::count_then_fill(
            tasks,
            walk.items.len(),
            (1, walk.c.vlen),
            count,
            |task, oi, ox| {
                walk.fill(task, oi, |k, s| {
                    ox[k].write(v.value(s));
                })
            },
        )?;
        Ok((filled.p, filled.i, T::into_array(filled.x)))
    }
}

/// The sources' values and the accumulator on one built-in type `T`.
struct TypedValues<'a, T> {
    c: Values<'a, T>,
    t: Values<'a, T>,
    f: fn(T, T) -> T,
}

impl<T: Copy> TypedValues<'_, T> {
    /// The output value from source `s`.
    #[inline(always)]
    fn value(&self, s: Src) -> T {
        match s {
            Src::Keep(q) | Src::C(q) => self.c.at(q),
            Src::T(q) => self.t.at(q),
            Src::Both(qc, qt) => (self.f)(self.c.at(qc), self.t.at(qt)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: Element>(a: &MatrixStore, r: u64, c: u64) -> Option<T> {
        a.get(r, c).and_then(|v| v.get::<T>())
    }
    use crate::algebra::{BinaryCode, Element, TypeCode};
    use crate::kernels::testing::store;

    fn mat(ty: &Type, n: u64, entries: &[(u64, u64, f64)]) -> Arc<MatrixStore> {
        store(ty, (n, n), Orientation::ByRow, entries, None)
    }

    /// Where the inner indices of a compressed store live.
    fn pattern_address(s: &MatrixStore) -> usize {
        match s.format() {
            Format::Sparse(c) => crate::with_idx!(c.i.as_idx(), v => v.as_ptr() as usize),
            _ => panic!("compressed content expected"),
        }
    }

    #[test]
    fn a_values_only_write_back_keeps_an_owned_pattern() {
        let entries = [(0, 0, 1.0), (0, 2, 2.0), (1, 1, 3.0), (2, 0, 4.0)];
        let c = mat(&Type::FP64, 100, &entries);
        let t = mat(&Type::FP64, 100, &entries.map(|(r, k, v)| (r, k, 10.0 * v)));
        let mask = Mask {
            store: mat(&Type::BOOL, 100, &[(0, 2, 1.0), (2, 0, 1.0)]),
            structural: true,
            complement: false,
        };
        fn run(old: Cow<'_, MatrixStore>, mask: &Mask, t: &MatrixStore) -> MatrixStore {
            let byrow = Orientation::ByRow;
            merge(old, &Type::FP64, byrow, Some(mask), None, false, t).unwrap()
        }
        let copied = run(Cow::Borrowed(&c), &mask, &t);
        let at = pattern_address(&c);
        let owned = run(Cow::Owned(Arc::try_unwrap(c).unwrap()), &mask, &t);
        assert_eq!(pattern_address(&owned), at);
        assert_ne!(pattern_address(&copied), at);
        for s in [&copied, &owned] {
            assert_eq!(s.nvals(), 4);
            assert_eq!(read::<f64>(s, 0, 0), Some(1.0));
            assert_eq!(read::<f64>(s, 0, 2), Some(20.0));
            assert_eq!(read::<f64>(s, 1, 1), Some(3.0));
            assert_eq!(read::<f64>(s, 2, 0), Some(40.0));
        }
    }

    /// The address of a compressed store's values.
    fn values_address(s: &MatrixStore) -> usize {
        match s.format() {
            Format::Sparse(c) => c.x.bytes().as_ptr() as usize,
            _ => panic!("compressed content expected"),
        }
    }

    #[test]
    fn owned_values_are_written_in_place_unless_the_pattern_changes() {
        let entries = [(0, 0, 1.0), (0, 2, 2.0), (1, 1, 3.0), (2, 0, 4.0)];
        let c = || mat(&Type::FP64, 100, &entries);
        let same = mat(&Type::FP64, 100, &entries.map(|(r, k, v)| (r, k, 10.0 * v)));
        let wider = mat(&Type::FP64, 100, &[(0, 2, 5.0), (1, 2, 6.0)]);
        let mask = |entries: &[(u64, u64, f64)], complement| Mask {
            store: mat(&Type::BOOL, 100, entries),
            structural: true,
            complement,
        };
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
        // (mask, accumulator, T, written in place)
        let cases = [
            (
                Some(mask(&[(0, 2), (2, 0)].map(|(r, k)| (r, k, 1.0)), false)),
                None,
                &same,
                true,
            ),
            (None, Some(&plus), &same, true),
            (Some(mask(&[(1, 1, 1.0)], true)), Some(&plus), &same, true),
            // T brings (1, 2), which C lacks: the write-back merges.
            (None, Some(&plus), &wider, false),
            (Some(mask(&[(1, 2, 1.0)], false)), None, &wider, false),
        ];
        for (m, accum, t, in_place) in cases {
            let run = |old| {
                let byrow = Orientation::ByRow;
                merge(old, &Type::FP64, byrow, m.as_ref(), accum, false, t).unwrap()
            };
            let borrowed = c();
            let expected = run(Cow::Borrowed(&borrowed));
            let own = Arc::try_unwrap(c()).unwrap();
            let at = values_address(&own);
            let got = run(Cow::Owned(own));
            assert_eq!(values_address(&got) == at, in_place);
            assert_eq!(got.nvals(), expected.nvals());
            for r in 0..3 {
                for k in 0..3 {
                    assert_eq!(read::<f64>(&got, r, k), read::<f64>(&expected, r, k));
                }
            }
        }
    }

    #[test]
    fn mask_accum_replace() {
        let c = mat(&Type::INT32, 3, &[(0, 0, 1.0), (1, 1, 2.0), (2, 2, 3.0)]);
        let t = mat(&Type::INT32, 3, &[(0, 0, 10.0), (0, 1, 20.0), (2, 2, 30.0)]);
        let m = mat(&Type::BOOL, 3, &[(0, 0, 1.0), (0, 1, 0.0), (1, 1, 1.0)]);
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        let mask = Some(Mask {
            store: m.clone(),
            structural: false,
            complement: false,
        });
        // Valued mask allows (0,0) and (1,1); (0,1) has value false.
        let out = merge(
            Cow::Borrowed(&c),
            &Type::INT32,
            Orientation::ByRow,
            mask.as_ref(),
            Some(&plus),
            false,
            &t,
        )
        .unwrap();
        assert_eq!(read::<i32>(&out, 0, 0), Some(11));
        assert_eq!(read::<i32>(&out, 0, 1), None);
        assert_eq!(read::<i32>(&out, 1, 1), Some(2));
        assert_eq!(read::<i32>(&out, 2, 2), Some(3));
        // Replace drops C outside the mask.
        let out = merge(
            Cow::Borrowed(&c),
            &Type::INT32,
            Orientation::ByRow,
            mask.as_ref(),
            Some(&plus),
            true,
            &t,
        )
        .unwrap();
        assert_eq!(out.nvals(), 2);
        // Structural complemented mask, no accumulator: writes where M is absent.
        let smask = Some(Mask {
            store: m.clone(),
            structural: true,
            complement: true,
        });
        let out = merge(
            Cow::Borrowed(&c),
            &Type::INT32,
            Orientation::ByRow,
            smask.as_ref(),
            None,
            false,
            &t,
        )
        .unwrap();
        assert_eq!(read::<i32>(&out, 0, 0), Some(1));
        assert_eq!(read::<i32>(&out, 1, 1), Some(2));
        assert_eq!(read::<i32>(&out, 2, 2), Some(30));
        assert_eq!(read::<i32>(&out, 0, 1), None);
    }

    /// The write-back of one position, straight from the spec.
    fn model_entry(
        c: Option<i32>,
        t: Option<i32>,
        m: Option<bool>,
        accumulate: bool,
        replace: bool,
        complement: bool,
    ) -> Option<i32> {
        let z = match (c, t, accumulate) {
            (Some(a), Some(b), true) => Some(a.wrapping_add(b)),
            (Some(a), None, true) => Some(a),
            (_, t, _) => t,
        };
        if m.unwrap_or(false) != complement {
            z
        } else if replace {
            None
        } else {
            c
        }
    }

    #[test]
    fn large_write_backs_in_pieces_match_the_model_on_any_thread_count() {
        // Many vectors (tasks of whole vectors) and one long vector (cut into
        // pieces by index), with every mask kind, accumulator and replace, for
        // patterns (steps and offsets of C, T and M) that merge, that keep
        // C's pattern with an accumulator (T inside C), and that keep it
        // without one (T's pattern is C's).
        let patterns = [
            [(2, 0), (3, 1), (5, 0)],
            [(2, 0), (6, 0), (5, 0)],
            [(40, 0), (40, 0), (3, 0)],
        ];
        for ((nrows, ncols), [cp, tp, mp]) in [(300u64, 300u64), (1, 200_000)]
            .into_iter()
            .flat_map(|dims| patterns.map(|p| (dims, p)))
        {
            let n = nrows * ncols;
            let at = |k: u64| (k % nrows, k / nrows);
            let entries = |step: u64, offset: u64| -> Vec<(u64, u64, f64)> {
                (offset..n)
                    .step_by(step as usize)
                    .map(|k| (at(k).0, at(k).1, (k % 97) as f64 - 40.0))
                    .collect()
            };
            let build = |ty: &Type, e: &[(u64, u64, f64)]| {
                store(ty, (nrows, ncols), Orientation::ByRow, e, None)
            };
            let mut te = entries(tp.0, tp.1);
            te.iter_mut().for_each(|e| e.2 = 3.0 * e.2 + 1.0);
            let (ce, me) = (entries(cp.0, cp.1), entries(mp.0, mp.1));
            let (c, t, m) = (
                build(&Type::INT32, &ce),
                build(&Type::INT32, &te),
                build(&Type::BOOL, &me),
            );
            let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
            for (structural, complement, accumulate, replace) in [
                (false, false, false, false),
                (true, false, false, false),
                (true, false, true, false),
                (true, false, true, true),
                (false, true, true, false),
                (true, true, false, true),
            ] {
                let mask = Mask {
                    store: m.clone(),
                    structural,
                    complement,
                };
                let accum = accumulate.then_some(&plus);
                let run = |threads: usize| {
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .unwrap();
                    pool.install(|| {
                        merge(
                            Cow::Borrowed(&c),
                            &Type::INT32,
                            Orientation::ByRow,
                            Some(&mask),
                            accum,
                            replace,
                            &t,
                        )
                        .unwrap()
                    })
                };
                let out = run(3);
                let one = run(1);
                for k in 0..n {
                    let (r, col) = at(k);
                    let get = |a: &MatrixStore| read::<i32>(a, r, col);
                    let mv = m
                        .get(r, col)
                        .map(|v| structural || v.get::<bool>().unwrap());
                    let want = model_entry(get(&c), get(&t), mv, accumulate, replace, complement);
                    assert_eq!(get(&out), want, "({r}, {col})");
                    assert_eq!(get(&one), want, "({r}, {col}), one thread");
                }
            }
        }
    }

    #[test]
    fn accumulating_into_a_full_output_keeps_its_pattern() {
        let all: Vec<(u64, u64, f64)> = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c, (r * 3 + c) as f64 + 0.5)))
            .collect();
        let t = mat(&Type::FP64, 3, &[(0, 1, 10.25), (2, 2, -4.75)]);
        for orient in [Orientation::ByRow, Orientation::ByCol] {
            let c = store(&Type::FP64, (3, 3), orient, &all, None);
            // The accumulator's domain (INT32) truncates every value of Z.
            let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
            let out = merge(
                Cow::Borrowed(&c),
                &Type::FP64,
                orient,
                None,
                Some(&plus),
                false,
                &t,
            )
            .unwrap();
            assert_eq!(out.nvals(), 9);
            assert_eq!(read::<f64>(&out, 0, 1), Some(11.0));
            assert_eq!(read::<f64>(&out, 2, 2), Some(4.0));
            assert_eq!(read::<f64>(&out, 1, 2), Some(5.0));
            let min = BinaryOp::builtin(BinaryCode::Min, TypeCode::Fp64).unwrap();
            let out = merge(
                Cow::Borrowed(&c),
                &Type::FP64,
                orient,
                None,
                Some(&min),
                false,
                &t,
            )
            .unwrap();
            assert_eq!(read::<f64>(&out, 0, 1), Some(1.5));
            assert_eq!(read::<f64>(&out, 2, 2), Some(-4.75));
            assert_eq!(read::<f64>(&out, 1, 0), Some(3.5));
        }
    }

    #[test]
    fn values_go_through_the_accumulator_domain() {
        let c = mat(&Type::FP64, 2, &[(0, 0, 2.5), (1, 1, 1.5)]);
        let t = mat(&Type::FP64, 2, &[(0, 0, 0.75), (0, 1, 3.25)]);
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        let out = merge(
            Cow::Borrowed(&c),
            &Type::FP64,
            Orientation::ByRow,
            None,
            Some(&plus),
            false,
            &t,
        )
        .unwrap();
        assert_eq!(read::<f64>(&out, 0, 0), Some(2.0));
        assert_eq!(read::<f64>(&out, 1, 1), Some(1.0));
        assert_eq!(read::<f64>(&out, 0, 1), Some(3.0));
    }
}
