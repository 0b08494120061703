//! The assign kernel: merges `C` with `T` (the assigned values, placed at their
//! targets) inside the region `R = outer × inner`, under the mask, in `C`'s
//! orientation. See the parent module for the semantics.
//!
//! Vectors of `C` that cannot change are copied wholesale; the others are
//! merged entry by entry, each output entry recording where its value comes
//! from ([`Src`]), and the values are computed by the write-back's value path.
//! A scalar source is never expanded beyond the positions the mask can
//! accept, so `v<q, struct>(:) = s` on a huge hypersparse `v` costs
//! `O(nnz(v) + nnz(q))`.

use crate::algebra::{BinaryOp, Type};
use crate::error::{out_of_memory, try_with_capacity, Result};
use crate::kernels::assemble::{self, Part, Task};
use crate::kernels::indices::{common, gallop, Cursor, TargetCursor, TargetList};
use crate::kernels::writeback::{values, Src};
use crate::storage::{Array, Compressed, CompressedRef, IdxSlice};
use std::borrow::Cow;
use std::ops::Range;

/// Copy runs are cut at this many entries so that large copies spread over threads.
const COPY_RUN: usize = 1 << 18;

/// Runs of kept entries at least this long are copied without per-entry sources.
const KEEP_RUN: usize = 16;

/// Where the mask and replace act.
#[derive(Clone, Copy, Debug)]
pub enum Scope {
    /// Everywhere (`GrB_assign` on a whole matrix or vector).
    Whole,
    /// Only in vector `j` (a row of a matrix stored by row, for `GrB_Row_assign`).
    Outer(u64),
    /// Only at inner index `i` of every vector (a row of a matrix stored by column).
    Inner(u64),
}

impl Scope {
    fn has_vector(self, j: u64) -> bool {
        !matches!(self, Scope::Outer(j0) if j0 != j)
    }

    fn has_inner(self, i: u64) -> bool {
        !matches!(self, Scope::Inner(i0) if i0 != i)
    }
}

/// The assigned values.
pub enum Source {
    /// `T` as compressed vectors in `C`'s orientation and dimensions, with
    /// entries only inside the region.
    Matrix(Compressed),
    /// One value (an array of length 1) at every position of the region.
    Scalar(Array),
}

/// The mask read as compressed vectors in `C`'s orientation.
pub struct MaskView<'a> {
    /// The mask's entries.
    pub m: CompressedRef<'a>,
    /// Only the pattern counts (`GrB_STRUCTURE`).
    pub structural: bool,
    /// Use the complement (`GrB_COMP`).
    pub complement: bool,
}

impl MaskView<'_> {
    /// True when mask entry `q` counts as present (before complementing).
    #[inline]
    fn truthy(&self, q: usize) -> bool {
        if self.structural {
            return true;
        }
        self.m.x.get_bytes(q).iter().any(|&b| b != 0)
    }

    /// The positions of vector `j`'s entries with inner index in `want`.
    fn range(&self, j: u64, want: &Range<u64>) -> Range<usize> {
        self.m.within(self.m.vector_range(j), want)
    }
}

/// Everything the kernel needs.
pub struct Plan<'a> {
    /// `C`'s content in the working orientation.
    pub c: &'a Compressed,
    /// `C`'s type.
    pub ctype: &'a Type,
    /// The region's vectors.
    pub outer: &'a TargetList<'a>,
    /// The region's inner indices.
    pub inner: &'a TargetList<'a>,
    /// Where the mask and replace act.
    pub scope: Scope,
    /// The assigned values.
    pub source: &'a Source,
    /// The mask, if any.
    pub mask: Option<MaskView<'a>>,
    /// The accumulator, if any.
    pub accum: Option<&'a BinaryOp>,
    /// `GrB_REPLACE`.
    pub replace: bool,
}

/// One unit of output, in vector order.
#[derive(Clone, Debug)]
enum Item {
    /// C's held vectors `range`, copied unchanged.
    Copy(Range<usize>),
    /// Vector `j` merged: `kc` is C's held vector, `kt` T's (matrix source).
    Merge {
        j: u64,
        kc: Option<usize>,
        kt: Option<usize>,
        in_region: bool,
    },
}

impl Plan<'_> {
    /// Entries outside the region change only when a mask and replace are
    /// both given (entries of `C` outside the mask are then deleted).
    fn changes_outside_region(&self) -> bool {
        self.mask.is_some() && self.replace
    }

    /// A scalar source with a non-complemented mask only reaches positions
    /// where the mask has entries.
    fn scalar_follows_mask(&self) -> bool {
        matches!(self.source, Source::Scalar(_))
            && self.mask.as_ref().is_some_and(|m| !m.complement)
    }

    /// The vectors where the source may write, increasing, with T's held
    /// vector number for a matrix source.
    fn source_vectors(&self) -> Vec<(u64, Option<usize>)> {
        if self.outer.len() == 0 || self.inner.len() == 0 {
            return Vec::new();
        }
        match self.source {
            Source::Matrix(t) => (0..t.nvec())
                .filter(|&k| !t.range(k).is_empty())
                .map(|k| (t.vector_id(k), Some(k)))
                .collect(),
            Source::Scalar(_) => match &self.mask {
                Some(m) if !m.complement => {
                    let mut cur = TargetCursor::new(self.outer);
                    (0..m.m.nvec())
                        .filter(|&k| !m.m.range(k).is_empty())
                        .map(|k| m.m.vector_id(k))
                        .filter(|&j| cur.contains(j))
                        .map(|j| (j, None))
                        .collect()
                }
                _ => (0..self.outer.len())
                    .map(|k| (self.outer.get(k), None))
                    .collect(),
            },
        }
    }

    /// An upper bound of the output size, failing when it cannot be held.
    fn check_output_size(&self) -> Result<()> {
        let added = match self.source {
            Source::Matrix(t) => Some(t.nvals() as u64),
            Source::Scalar(_) if self.scalar_follows_mask() => {
                self.mask.as_ref().map(|m| m.m.nvals() as u64)
            }
            Source::Scalar(_) => self.outer.len().checked_mul(self.inner.len()),
        };
        match added.and_then(|n| n.checked_add(self.c.nvals() as u64)) {
            // Probe that the indices of that many entries can be allocated.
            Some(n) if n <= (isize::MAX as u64) / 32 => {
                try_with_capacity::<u64>(n as usize, "the assigned entries").map(drop)
            }
            _ => Err(out_of_memory("the assigned entries")),
        }
    }

    /// The output units: every vector held by C or reached by the source.
    fn items(&self) -> Vec<Item> {
        let c = self.c;
        let sources = self.source_vectors();
        let mut region = TargetCursor::new(self.outer);
        let outside = self.changes_outside_region();
        let mut items = Vec::new();
        let push_copy = |items: &mut Vec<Item>, kc: usize| {
            if let Some(Item::Copy(r)) = items.last_mut() {
                if r.end == kc && c.p[kc + 1] - c.p[r.start] <= COPY_RUN {
                    r.end = kc + 1;
                    return;
                }
            }
            items.push(Item::Copy(kc..kc + 1));
        };
        let (mut kc, mut ks) = (0, 0);
        while kc < c.nvec() || ks < sources.len() {
            let jc = (kc < c.nvec()).then(|| c.vector_id(kc));
            let js = sources.get(ks).map(|s| s.0);
            let j = match (jc, js) {
                (Some(a), Some(b)) => a.min(b),
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => unreachable!(),
            };
            let c_here = (jc == Some(j)).then_some(kc);
            let s_here = (js == Some(j)).then(|| sources[ks].1);
            let in_region = region.contains(j);
            let has_c = c_here.is_some_and(|k| !c.range(k).is_empty());
            let merge = s_here.is_some()
                || (has_c
                    && (outside && self.scope.has_vector(j)
                        || in_region && !self.keeps_unassigned(j, c_here)));
            if merge {
                items.push(Item::Merge {
                    j,
                    kc: c_here,
                    kt: s_here.flatten(),
                    in_region,
                });
            } else if let Some(k) = c_here {
                push_copy(&mut items, k);
            }
            kc += c_here.is_some() as usize;
            ks += s_here.is_some() as usize;
        }
        items
    }

    /// True when vector `j` of C (held vector `kc`), reached by no assigned
    /// value, surely keeps every entry: none of them is at an event.
    fn keeps_unassigned(&self, j: u64, kc: Option<usize>) -> bool {
        let Some(events) = self.events(j, true, &(0..self.c.vlen)) else {
            return false;
        };
        let held = kc.map_or(IdxSlice::Wide(&[]), |k| self.c.i.idx_range(self.c.range(k)));
        common(held, events).next().is_none()
    }

    /// The entries of vector `j` of the source in `want`: their inner indices
    /// and, for a matrix source, the position of the first one in `T`.
    fn source_entries<'s>(
        &'s self,
        j: u64,
        kt: Option<usize>,
        in_region: bool,
        want: &Range<u64>,
    ) -> (Cow<'s, [u64]>, Option<usize>) {
        match self.source {
            Source::Matrix(t) => match kt {
                Some(k) => {
                    let r = t.within(t.range(k), want);
                    (t.i.idx_range(r.clone()).to_wide(), Some(r.start))
                }
                None => (Cow::Borrowed(&[]), Some(0)),
            },
            Source::Scalar(_) if !in_region => (Cow::Borrowed(&[]), None),
            Source::Scalar(_) if self.scalar_follows_mask() => {
                let m = self.mask.as_ref().expect("a mask");
                let r = m.range(j, want);
                let mut inner = TargetCursor::new(self.inner);
                let hits = r
                    .filter(|&q| m.truthy(q) && inner.contains(m.m.i.get(q)))
                    .map(|q| m.m.i.get(q))
                    .collect();
                (Cow::Owned(hits), None)
            }
            Source::Scalar(_) => {
                let ks = self.inner.range_between(want.start, want.end);
                match self.inner {
                    TargetList::All(_) => (Cow::Owned(ks.collect()), None),
                    TargetList::List(l) => {
                        (Cow::Borrowed(&l[ks.start as usize..ks.end as usize]), None)
                    }
                }
            }
        }
    }

    /// Inner indices of vector `j`, sorted, outside of which an entry of C with
    /// no assigned value is surely kept; `None` when every entry must be
    /// examined. Without replace, such an entry changes only inside the
    /// region where the mask allows, so the events are the mask's entries (a
    /// non-complemented mask) or the region's inner indices (a list).
    fn events(&self, j: u64, in_region: bool, want: &Range<u64>) -> Option<IdxSlice<'_>> {
        if self.replace {
            return None;
        }
        match (&self.mask, self.inner) {
            (Some(m), _) if !m.complement => Some(m.m.i.idx_range(m.range(j, want))),
            (_, TargetList::List(l)) if in_region => Some(l[..].into()),
            (_, _) if !in_region => Some(IdxSlice::Wide(&[])),
            _ => None,
        }
    }

    /// The estimated cost of an item.
    fn cost(&self, item: &Item) -> usize {
        match *item {
            Item::Copy(ref r) => (self.c.p[r.end] - self.c.p[r.start]) / 8 + 1,
            Item::Merge { j, kc, kt, .. } => {
                let nc = kc.map_or(0, |k| self.c.range(k).len());
                let nt = match self.source {
                    Source::Matrix(t) => kt.map_or(0, |k| t.range(k).len()),
                    Source::Scalar(_) if self.scalar_follows_mask() => {
                        self.mask.as_ref().map_or(0, |m| m.m.vector_range(j).len())
                    }
                    Source::Scalar(_) => self.inner.len() as usize,
                };
                nc + nt + 1
            }
        }
    }

    /// Cuts a big merged vector into pieces by inner index, following the
    /// larger of its C and source entries.
    fn split(&self, item: &Item, pieces: usize) -> Vec<Range<u64>> {
        let Item::Merge {
            j,
            kc,
            kt,
            in_region,
        } = *item
        else {
            return std::iter::once(0..self.c.vlen).collect();
        };
        let whole = 0..self.c.vlen;
        let c_idx = kc.map_or(IdxSlice::Wide(&[]), |k| self.c.i.idx_range(self.c.range(k)));
        let (s_idx, _) = self.source_entries(j, kt, in_region, &whole);
        let idx = if c_idx.len() >= s_idx.len() {
            c_idx
        } else {
            s_idx[..].into()
        };
        assemble::split_by_indices(idx, self.c.vlen, pieces)
    }
}

/// Output of one task: entries with their sources, values computed in batches.
struct Out<'a> {
    part: Part,
    src: Vec<Src>,
    plan: &'a Plan<'a>,
    tx: &'a Array,
}

impl Out<'_> {
    /// Computes the values of the entries merged since the last flush.
    fn flush(&mut self) {
        if self.src.is_empty() {
            return;
        }
        let x = values(
            &self.plan.c.x,
            self.tx,
            &self.src,
            self.plan.ctype,
            self.plan.accum,
        );
        self.part.x.append(&x);
        self.src.clear();
    }

    /// Keeps the entries of C at positions `r` (of one vector) unchanged:
    /// long runs are copied directly, short ones recorded as sources.
    fn keep(&mut self, r: Range<usize>) {
        let c = self.plan.c;
        self.part.i.extend(c.i.idx_range(r.clone()).iter());
        if r.len() >= KEEP_RUN {
            self.flush();
            self.part.x.extend_from(&c.x, r);
        } else {
            self.src.extend(r.map(Src::Keep));
        }
    }

    /// Copies C's held vectors `r` unchanged.
    fn copy(&mut self, r: Range<usize>) {
        self.flush();
        let c = self.plan.c;
        for k in r {
            let range = c.range(k);
            let start = self.part.i.len();
            self.part.i.extend(c.i.idx_range(range.clone()).iter());
            self.part.x.extend_from(&c.x, range);
            self.part.close_vector(c.vector_id(k), start);
        }
    }

    /// Merges vector `j` at inner indices in `want`.
    fn merge(&mut self, item: &Item, want: Range<u64>) {
        let Item::Merge {
            j,
            kc,
            kt,
            in_region,
        } = *item
        else {
            unreachable!("only merge items are merged")
        };
        let plan = self.plan;
        let c = plan.c;
        let crange = kc.map_or(0..0, |k| c.within(c.range(k), &want));
        let c_idx = c.i.idx_range(crange.clone()).to_wide();
        let c_idx = &c_idx[..];
        let (t_idx, t_base) = plan.source_entries(j, kt, in_region, &want);
        let mrange = plan.mask.as_ref().map(|m| m.range(j, &want));
        let mut mask = plan
            .mask
            .as_ref()
            .zip(mrange)
            .map(|(m, r)| (m, Cursor::new(m.m.i.idx_range(r.clone())), r.start));
        let mut allowed = |i: u64| match &mut mask {
            None => true,
            Some((m, cur, base)) => {
                let present = cur.seek(i).is_some_and(|off| m.truthy(*base + off));
                present != m.complement
            }
        };
        let mut inner = TargetCursor::new(plan.inner);
        let (accumulate, replace) = (plan.accum.is_some(), plan.replace);
        let mut events = plan.events(j, in_region, &want).map(Cursor::new);
        let start = self.part.i.len();
        let (mut a, mut b) = (0, 0);
        while a < c_idx.len() || b < t_idx.len() {
            if let (Some(ev), Some(&i)) = (&mut events, c_idx.get(a)) {
                // Entries of C before the next event and the next assigned
                // value are kept.
                let next_t = t_idx.get(b).copied().unwrap_or(u64::MAX);
                let limit = ev.next_at_least(i).unwrap_or(u64::MAX).min(next_t);
                let end = gallop(c_idx, a, limit);
                if end > a {
                    self.keep(crange.start + a..crange.start + end);
                    a = end;
                    continue;
                }
            }
            let ic = c_idx.get(a).copied();
            let it = t_idx.get(b).copied();
            let i = match (ic, it) {
                (Some(x), Some(y)) => x.min(y),
                (Some(x), None) | (None, Some(x)) => x,
                (None, None) => unreachable!(),
            };
            let cq = (ic == Some(i)).then(|| crange.start + a);
            let src = if it == Some(i) {
                let tq = t_base.map_or(0, |s| s + b);
                b += 1;
                if allowed(i) {
                    match cq {
                        Some(cq) if accumulate => Some(Src::Both(cq, tq)),
                        _ => Some(Src::T(tq)),
                    }
                } else {
                    cq.filter(|_| !replace).map(Src::Keep)
                }
            } else {
                let cq = cq.expect("an entry of C");
                if !plan.scope.has_inner(i) {
                    Some(Src::Keep(cq))
                } else if in_region && inner.contains(i) {
                    // In the region, no value assigned here.
                    if allowed(i) {
                        accumulate.then_some(Src::C(cq))
                    } else {
                        (!replace).then_some(Src::Keep(cq))
                    }
                } else {
                    (allowed(i) || !replace).then_some(Src::Keep(cq))
                }
            };
            if cq.is_some() {
                a += 1;
            }
            if let Some(s) = src {
                self.part.i.push(i);
                self.src.push(s);
            }
        }
        self.part.close_vector(j, start);
    }
}

/// Computes the new content of `C` (hypersparse; the caller conforms it).
pub fn merge(plan: &Plan) -> Result<Compressed> {
    plan.check_output_size()?;
    let items = plan.items();
    let tasks = assemble::plan(
        items.len(),
        |k| plan.cost(&items[k]),
        |k, pieces| plan.split(&items[k], pieces),
    );
    let tx = match plan.source {
        Source::Matrix(t) => &t.x,
        Source::Scalar(x) => x,
    };
    let parts = assemble::run(&tasks, |task| {
        let mut out = Out {
            part: Part::new(plan.ctype, plan.c.vlen),
            src: Vec::new(),
            plan,
            tx,
        };
        let whole = 0..plan.c.vlen;
        match task {
            Task::Items(r) => {
                for item in &items[r.clone()] {
                    match item {
                        Item::Copy(r) => out.copy(r.clone()),
                        Item::Merge { .. } => out.merge(item, whole.clone()),
                    }
                }
            }
            // Copy items are never cut (their only piece is the whole vector).
            Task::Piece(k, want) => match &items[*k] {
                Item::Copy(r) => out.copy(r.clone()),
                item => out.merge(item, want.clone()),
            },
        }
        out.flush();
        Ok(out.part)
    })?;
    assemble::concat(parts, plan.c.vlen, plan.c.vdim, plan.ctype)
}
