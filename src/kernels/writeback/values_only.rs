//! Write-backs that change values only: every entry `C<M> = accum(C, T)`
//! writes is already in `C`, and none is deleted, so `C`'s pattern is kept
//! and only the written values are computed — no merge of whole vectors.
//!
//! That is the case of an assign or update into positions `C` already holds
//! (`C<M, struct> = A` where `A` and `C` share a pattern; `C<M> += T` with
//! `T`'s pattern inside `C`'s). The walk is driven by the entries that decide
//! the result: the mask's (no accumulator: inside the mask `C` takes `T`'s
//! pattern, so each mask position must be in both or in neither), or `T`'s
//! (with an accumulator nothing is deleted; each written position must be in
//! `C`). The first position that would insert or delete ends the attempt,
//! and the caller merges instead.

use super::{Src, TypedWriter};
use crate::algebra::arith::Arith;
use crate::error::Result;
use crate::kernels::indices::gallop_idx;
use crate::kernels::runs;
use crate::parallel;
use crate::storage::{Array, ArrayElement, Compressed};
use crate::with_type;
use std::mem::MaybeUninit;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// Entries of work per task.
const TASK_WORK: usize = 1 << 14;

/// Which entries drive the walk.
#[derive(Clone, Copy)]
enum Driver {
    /// Each (allowed) mask position is in both `C` and `T` or in neither.
    Mask,
    /// Each allowed `T` entry is in `C` (the accumulator keeps the rest).
    T,
}

/// `C<M> = accum(C, T)` on `C`'s pattern, when the write-back has that shape
/// (no replace; an accumulator or a non-complemented mask) and inserts or
/// deletes nothing: `C`'s new values, in the slots of its pattern. `None`
/// otherwise. `mask` is the mask's allowed positions and whether they are
/// complemented.
pub(super) fn new_values(
    c: &Compressed,
    t: &Compressed,
    mask: Option<(&Compressed, bool)>,
    writer: &TypedWriter<'_>,
    replace: bool,
) -> Result<Option<Array>> {
    let Some(driver) = driver(mask, writer.accum.is_some(), replace) else {
        return Ok(None);
    };
    let walk = Walk { c, t, mask, driver };
    Ok(with_type!(c.x.code(), T => walk.values::<T>(writer), udt => None))
}

/// Whether [`new_values`] would succeed: a walk that writes nothing, so
/// that `C` can then be written in place ([`write_in_place`]) and is left
/// untouched when the write-back must merge instead.
pub(super) fn fits(
    c: &Compressed,
    t: &Compressed,
    mask: Option<(&Compressed, bool)>,
    accum: bool,
    replace: bool,
) -> bool {
    let Some(driver) = driver(mask, accum, replace) else {
        return false;
    };
    let walk = Walk { c, t, mask, driver };
    let d = walk.driving();
    let (tasks, _) = walk.tasks();
    // The first task to meet such a position stops the others.
    let failed = AtomicBool::new(false);
    parallel::map_items(tasks, |vectors| {
        for k in vectors {
            if failed.load(Ordering::Relaxed) {
                return;
            }
            if !walk.vector(d.vector_id(k), d.range(k), |_, _| {}) {
                failed.store(true, Ordering::Relaxed);
                return;
            }
        }
    });
    !failed.into_inner()
}

/// `C<M> = accum(C, T)` written into `c`'s own values, which [`fits`]
/// found possible (`C` and `T` of one built-in type `T`, `accum` typed, `C`
/// not iso): each slot the walk meets is written once, where
/// [`new_values`] writes a new array.
pub(super) fn write_in_place<T: Arith + ArrayElement>(
    c: &mut Compressed,
    t: &Compressed,
    mask: Option<(&Compressed, bool)>,
    accum: Option<&crate::algebra::BinaryOp>,
) {
    crate::explain::step(|| "write-back: values only, written in place".into());
    let driver = driver(mask, accum.is_some(), false).expect("checked by `fits`");
    let tv = t.x.values::<T>().expect("T holds T");
    let f = super::typed_accum::<T>(accum).expect("checked by `typed_writer`");
    let placeholder = Array::new(&c.x.ty());
    let mut x = std::mem::replace(&mut c.x, placeholder);
    {
        let walk = Walk {
            c: &*c,
            t,
            mask,
            driver,
        };
        let d = walk.driving();
        let (tasks, bounds) = walk.tasks();
        let cx = x.as_vec_mut::<T>().expect("C holds T");
        let mut work = Vec::with_capacity(tasks.len());
        let mut rest = &mut cx[..];
        for (r, w) in tasks.into_iter().zip(bounds.windows(2)) {
            let (mine, tail) = std::mem::take(&mut rest).split_at_mut(w[1] - w[0]);
            work.push((r, w[0], mine));
            rest = tail;
        }
        parallel::map_items(work, |(vectors, base, slots)| {
            for k in vectors {
                walk.vector(d.vector_id(k), d.range(k), |qc, s| {
                    let slot = &mut slots[qc - base];
                    *slot = match s {
                        Src::Both(_, qt) => f(*slot, tv.at(qt)),
                        Src::T(qt) => tv.at(qt),
                        Src::Keep(_) | Src::C(_) => *slot,
                    };
                });
            }
        });
    }
    c.x = x;
}

/// Which entries drive the walk of a write-back of this shape (no replace;
/// an accumulator or a non-complemented mask), or `None` when it is not a
/// values-only one.
fn driver(mask: Option<(&Compressed, bool)>, accum: bool, replace: bool) -> Option<Driver> {
    match (mask, accum) {
        _ if replace => None,
        (_, true) => Some(Driver::T),
        (Some((_, false)), false) => Some(Driver::Mask),
        _ => None,
    }
}

/// `C`'s pattern `c` with its new values `x` (from [`new_values`]), `c`
/// owned by this write-back.
pub(super) fn on_own_pattern(c: Compressed, x: Array) -> Compressed {
    crate::explain::step(|| "write-back: values only, in C's own pattern".into());
    Compressed { x, ..c }
}

/// `C`'s pattern `c` with its new values `x` (from [`new_values`]), `c`
/// held elsewhere too: the pattern is copied.
pub(super) fn on_copied_pattern(c: &Compressed, x: Array) -> Compressed {
    crate::explain::step(|| "write-back: values only, C's pattern copied".into());
    Compressed {
        vlen: c.vlen,
        vdim: c.vdim,
        h: c.h.clone(),
        p: c.p.clone(),
        i: c.i.copied(),
        x,
    }
}

struct Walk<'a> {
    c: &'a Compressed,
    t: &'a Compressed,
    mask: Option<(&'a Compressed, bool)>,
    driver: Driver,
}

impl Walk<'_> {
    /// The entries whose vectors drive the walk.
    fn driving(&self) -> &Compressed {
        match (self.driver, self.mask) {
            (Driver::Mask, Some((m, _))) => m,
            _ => self.t,
        }
    }

    /// `C`'s new values, or `None` when a position would be inserted or deleted.
    fn values<T: Arith + ArrayElement>(
        &self,
        writer: &TypedWriter<'_>,
    ) -> Option<crate::storage::Array> {
        let v = writer.parts::<T>();
        // An iso C takes the general path (its values change here).
        let cx = v.c.stored()?;
        let d = self.driving();
        let (tasks, bounds) = self.tasks();
        let mut out: Vec<T> = Vec::with_capacity(cx.len());
        let mut work = Vec::with_capacity(tasks.len());
        let mut rest = &mut out.spare_capacity_mut()[..cx.len()];
        for (r, w) in tasks.iter().zip(bounds.windows(2)) {
            let (mine, tail) = rest.split_at_mut(w[1] - w[0]);
            work.push((r.clone(), w[0], mine));
            rest = tail;
        }
        let failed = AtomicBool::new(false);
        parallel::map_items(work, |(vectors, base, slots)| {
            crate::storage::ranges::copy_uninit(slots, &cx[base..base + slots.len()]);
            // SAFETY: every slot was just written.
            let slots = unsafe { &mut *(slots as *mut [MaybeUninit<T>] as *mut [T]) };
            for k in vectors {
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                let ok = self.vector(d.vector_id(k), d.range(k), |qc, s| {
                    slots[qc - base] = v.value(s)
                });
                if !ok {
                    failed.store(true, Ordering::Relaxed);
                    return;
                }
            }
        });
        if failed.into_inner() {
            return None;
        }
        // SAFETY: the tasks' slot ranges cover `0..cx.len()` and each task
        // copied all of its slots (a task only stops early on failure).
        unsafe { out.set_len(cx.len()) };
        Some(T::into_array(out))
    }

    /// Runs of the driving vectors, and the first slot of `C` each owns:
    /// a task owns the slots of `C`'s vectors with ids from its first up to
    /// the next task's first (the first task also those before), so tasks
    /// write disjoint slots. The bounds end with `C`'s entry count.
    fn tasks(&self) -> (Vec<Range<usize>>, Vec<usize>) {
        let d = self.driving();
        let tasks = vector_tasks(d);
        let bounds = tasks
            .iter()
            .map(|r| match r.start {
                0 => 0,
                k => runs::lower_bound(self.c, (d.vector_id(k), 0)),
            })
            .chain([self.c.nvals()])
            .collect();
        (tasks, bounds)
    }

    /// Writes the new values of vector `j` (slots `dr` of the driving
    /// entries) through `put(slot of C, source)`; false when a position would
    /// be inserted or deleted.
    #[inline]
    fn vector(&self, j: u64, dr: Range<usize>, mut put: impl FnMut(usize, Src)) -> bool {
        let (c, t) = (self.c, self.t);
        let cr = c.vector_range(j);
        let (ci, mut qc) = (c.i.idx_range(0..cr.end), cr.start);
        let mut find_c = |i: u64| {
            qc = gallop_idx(ci, qc, i);
            (qc < ci.len() && ci.get(qc) == i).then_some(qc)
        };
        match self.driver {
            Driver::Mask => {
                let tr = t.vector_range(j);
                let (ti, mut qt) = (t.i.idx_range(0..tr.end), tr.start);
                let m = self.driving();
                for i in m.i.idx_range(dr).iter() {
                    qt = gallop_idx(ti, qt, i);
                    let in_t = qt < ti.len() && ti.get(qt) == i;
                    match (find_c(i), in_t) {
                        (Some(q), true) => put(q, Src::T(qt)),
                        (None, false) => {}
                        _ => return false,
                    }
                }
            }
            Driver::T => {
                let mut allowed = self.mask.map(|(m, comp)| {
                    let mr = m.vector_range(j);
                    let (mi, mut qm) = (m.i.idx_range(0..mr.end), mr.start);
                    move |i: u64| {
                        qm = gallop_idx(mi, qm, i);
                        (qm < mi.len() && mi.get(qm) == i) != comp
                    }
                });
                for qt in dr {
                    let i = t.i.get(qt);
                    if allowed.as_mut().is_some_and(|a| !a(i)) {
                        continue;
                    }
                    match find_c(i) {
                        Some(q) => put(q, Src::Both(q, qt)),
                        None => return false,
                    }
                }
            }
        }
        true
    }
}

/// Runs of the held vectors of `d` with about [`TASK_WORK`] entries each.
fn vector_tasks(d: &Compressed) -> Vec<Range<usize>> {
    let (nvec, nvals) = (d.nvec(), d.nvals());
    let tasks = (nvals / TASK_WORK).clamp(1, 4 * rayon::current_num_threads());
    let mut cuts: Vec<usize> = (1..tasks)
        .map(|t| d.p.partition_point(|&q| q < t * nvals / tasks).min(nvec))
        .collect();
    cuts.dedup();
    let mut ranges = Vec::with_capacity(cuts.len() + 1);
    let mut start = 0;
    for end in cuts.into_iter().chain([nvec]) {
        if end > start {
            ranges.push(start..end);
            start = end;
        }
    }
    if ranges.is_empty() {
        ranges.push(0..nvec);
    }
    ranges
}
