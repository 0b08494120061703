//! Saxpy (Gustavson) products: row `i` of `C = L * R` is the sum over the
//! entries `L(i,k)` of `L(i,k) ⊗ R(k,:)`, gathered in a row accumulator
//! (dense or hash). Each output entry is folded in increasing `k`.
//!
//! The mask is used to compute less: a non-complemented sparse mask row is
//! scattered into the accumulator as the allowed positions, a complemented
//! one as the forbidden positions, and a dense mask is probed once per
//! position. Heavy rows (such as the single row of a vector push) are split
//! into fine tasks whose partial rows are combined in order.

use super::accumulator::{Acc, DenseAcc, HashAcc, State};
use super::operand::{DenseMask, MaskView};
use super::output::{assemble, Rows};
use super::schedule::{run_tasks, scratch, tasks, Task};
use super::tiers::Job;
use super::values::Sr;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::Compressed;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::Mutex;

/// The saxpy product of the rows of `l` and the rows of `r`, under `mask`
/// (whose vectors are the output rows).
pub struct Saxpy<'a> {
    /// Rows of the left operand.
    pub l: &'a Compressed,
    /// Rows of the right operand.
    pub r: &'a Compressed,
    /// The mask.
    pub mask: &'a MaskView<'a>,
}

/// How the current row uses the mask.
#[derive(Clone, Copy)]
enum Mode<'m> {
    /// Every position is allowed.
    All,
    /// Only marked positions are allowed.
    Allowed,
    /// Marked positions are forbidden.
    Forbidden,
    /// Untouched positions are checked once; forbidden ones become marked.
    Probe(&'m DenseMask<'m>),
}

/// True when a dense accumulator suits output rows of length `n` for `work` products.
pub fn dense_accumulator(n: u64, work: usize) -> bool {
    dense_workspace_ok(n, work) && n <= (work as u64).saturating_mul(16) + 4096
}

/// An accumulator with its value workspace.
struct Workspace<A, W> {
    acc: A,
    w: W,
    slots: usize,
}

impl<A: Acc, W> Workspace<A, W> {
    /// Starts a row of at most `cap` positions, growing the values if needed.
    fn begin<S: Sr<W = W>>(&mut self, sr: &S, cap: usize) {
        self.acc.begin(cap);
        if self.acc.slots() > self.slots {
            self.slots = self.acc.slots();
            self.w = sr.alloc(self.slots);
        }
    }
}

/// The accumulators of one worker, created when first needed.
struct Workspaces<W> {
    dense: Option<Workspace<DenseAcc, W>>,
    hash: Option<Workspace<HashAcc, W>>,
}

impl<W> Workspaces<W> {
    fn dense<S: Sr<W = W>>(&mut self, sr: &S, n: usize) -> &mut Workspace<DenseAcc, W> {
        self.dense.get_or_insert_with(|| Workspace {
            acc: DenseAcc::new(n),
            w: sr.alloc(n),
            slots: n,
        })
    }

    fn hash<S: Sr<W = W>>(&mut self, sr: &S) -> &mut Workspace<HashAcc, W> {
        self.hash.get_or_insert_with(|| Workspace {
            acc: HashAcc::default(),
            w: sr.alloc(0),
            slots: 0,
        })
    }
}

impl Saxpy<'_> {
    /// The positions of row `k` of `r`.
    #[inline(always)]
    fn r_row(&self, k: u64) -> Range<usize> {
        match &self.r.h {
            None => self.r.p[k as usize]..self.r.p[k as usize + 1],
            Some(_) => self.r.vector_range(k),
        }
    }

    /// The number of products of each held row of `l`.
    fn row_work(&self) -> Vec<usize> {
        let l = self.l;
        let work = |kk: usize| -> usize { l.range(kk).map(|q| self.r_row(l.i[q]).len()).sum() };
        if l.nvals() > 1 << 16 {
            (0..l.nvec())
                .into_par_iter()
                .with_min_len(256)
                .map(work)
                .collect()
        } else {
            (0..l.nvec()).map(work).collect()
        }
    }

    /// Sets up the mask for row `i` in `acc` (after `begin`).
    fn mask_row<A: Acc>(&self, i: u64, acc: &mut A) -> Mode<'_> {
        match self.mask {
            MaskView::None => Mode::All,
            MaskView::Rows { rows, complement } => {
                for q in rows.vector_range(i) {
                    let (s, _) = acc.probe(rows.i[q]);
                    acc.mark(s);
                }
                if *complement {
                    Mode::Forbidden
                } else {
                    Mode::Allowed
                }
            }
            MaskView::Dense(d) => Mode::Probe(d),
        }
    }

    /// Number of positions the mask marks in row `i`, or `None` when the row
    /// is entirely masked out.
    fn mask_len(&self, i: u64) -> Option<usize> {
        match self.mask {
            MaskView::Rows { rows, complement } => {
                let n = rows.vector_range(i).len();
                (n > 0 || *complement).then_some(n)
            }
            _ => Some(0),
        }
    }

    /// Computes the products of entries `part` of row `kk` of `l` into the
    /// workspace and appends the row to `out`.
    #[allow(clippy::too_many_arguments)]
    fn row<S: Sr, A: Acc>(
        &self,
        sr: &S,
        ws: &mut Workspace<A, S::W>,
        kk: usize,
        part: Range<usize>,
        work: usize,
        out: &mut Rows<S::W>,
    ) {
        let i = self.l.vector_id(kk);
        let Some(mask_len) = self.mask_len(i) else {
            return;
        };
        ws.begin(sr, work + mask_len);
        let Workspace { acc, w, .. } = ws;
        let mode = self.mask_row(i, acc);
        let r = RRows {
            p: &self.r.p,
            i: &self.r.i,
            hyper: self.r.h.as_ref().map(|_| self.r),
        };
        let l = &self.l.i[part.clone()];
        match mode {
            Mode::All => products::<S, A, false>(sr, acc, w, l, part.start, r, mode, i),
            _ => products::<S, A, true>(sr, acc, w, l, part.start, r, mode, i),
        }
        let start = out.i.len();
        let w = &*w;
        acc.finish(|j, s| {
            out.i.push(j);
            sr.push(&mut out.w, w, s);
        });
        out.end_row(i, start);
    }

    /// Runs one task with accumulator workspace `ws`.
    fn task<S: Sr, A: Acc>(
        &self,
        sr: &S,
        ws: &mut Workspace<A, S::W>,
        task: &Task,
        row_work: &[usize],
    ) -> Rows<S::W> {
        let mut out = Rows::new(sr);
        match task {
            Task::Rows(rows) => {
                for kk in rows.clone() {
                    if row_work[kk] > 0 {
                        self.row(sr, ws, kk, self.l.range(kk), row_work[kk], &mut out);
                    }
                }
            }
            Task::Fine { row, part } => {
                let work = part.clone().map(|q| self.r_row(self.l.i[q]).len()).sum();
                self.row(sr, ws, *row, part.clone(), work, &mut out);
            }
        }
        out
    }

    /// Combines the partial results of one heavy row, in task order.
    fn combine<S: Sr>(&self, sr: &S, parts: Vec<Rows<S::W>>) -> Rows<S::W> {
        let mut out = Rows::new(sr);
        let Some(id) = parts.iter().find_map(|p| p.ids.first().copied()) else {
            return out;
        };
        let cap: usize = parts.iter().map(|p| p.i.len()).sum();
        let mut spaces = Workspaces {
            dense: None,
            hash: None,
        };
        let n = self.r.vlen;
        if dense_accumulator(n, cap) {
            merge_parts(sr, spaces.dense(sr, n as usize), &parts, cap, id, &mut out);
        } else {
            merge_parts(sr, spaces.hash(sr), &parts, cap, id, &mut out);
        }
        out
    }
}

/// Folds partial rows into one row, in order.
fn merge_parts<S: Sr, A: Acc>(
    sr: &S,
    ws: &mut Workspace<A, S::W>,
    parts: &[Rows<S::W>],
    cap: usize,
    id: u64,
    out: &mut Rows<S::W>,
) {
    ws.begin(sr, cap);
    let Workspace { acc, w, .. } = ws;
    for part in parts {
        for (t, &j) in part.i.iter().enumerate() {
            let (s, st) = acc.probe(j);
            if st == State::Done {
                sr.merge(w, s, &part.w, t);
            } else {
                acc.done(s, j);
                sr.copy(w, s, &part.w, t);
            }
        }
    }
    let w = &*w;
    acc.finish(|j, s| {
        out.i.push(j);
        sr.push(&mut out.w, w, s);
    });
    out.end_row(id, 0);
}

/// The rows of the right operand, as slices (so the hot loop keeps them in registers).
#[derive(Clone, Copy)]
struct RRows<'a> {
    p: &'a [usize],
    i: &'a [u64],
    /// The operand, when hypersparse (rows are then found by search).
    hyper: Option<&'a Compressed>,
}

impl RRows<'_> {
    /// The positions of row `k`.
    #[inline(always)]
    fn row(&self, k: u64) -> Range<usize> {
        match self.hyper {
            None => self.p[k as usize]..self.p[k as usize + 1],
            Some(c) => c.vector_range(k),
        }
    }
}

/// Gathers `L(i,k) ⊗ R(k,:)` for the entries `k` of `l` (at positions from
/// `l0` of `L`) into the accumulator, under the row's mask `mode`
/// (`MASKED` is false exactly for `Mode::All`).
#[allow(clippy::too_many_arguments)]
fn products<S: Sr, A: Acc, const MASKED: bool>(
    sr: &S,
    acc: &mut A,
    w: &mut S::W,
    l: &[u64],
    l0: usize,
    r: RRows,
    mode: Mode,
    i: u64,
) {
    for (pl, &k) in l.iter().enumerate() {
        let ql = l0 + pl;
        for qr in r.row(k) {
            let j = r.i[qr];
            let (s, st) = acc.probe(j);
            if st == State::Done {
                sr.add(w, s, ql, qr);
                continue;
            }
            let allowed = !MASKED
                || match mode {
                    Mode::All => true,
                    Mode::Allowed => st == State::Marked,
                    Mode::Forbidden => st == State::Untouched,
                    Mode::Probe(d) => {
                        st == State::Untouched && {
                            let ok = d.allows(i, j);
                            if !ok {
                                acc.mark(s);
                            }
                            ok
                        }
                    }
                };
            if allowed {
                acc.done(s, j);
                sr.set(w, s, ql, qr);
            }
        }
    }
}

impl Job for Saxpy<'_> {
    type Out = Compressed;

    fn run<S: Sr>(self, sr: &S) -> Compressed {
        let row_work = self.row_work();
        let l = self.l;
        let plan = tasks(&row_work, true, &|kk| {
            let range = l.range(kk);
            let works = range.clone().map(|q| self.r_row(l.i[q]).len()).collect();
            (range, works)
        });
        let n = self.r.vlen;
        let task_work = |t: &Task| match t {
            Task::Rows(r) => row_work[r.clone()].iter().sum(),
            Task::Fine { row, .. } => row_work[*row],
        };
        let results = run_tasks(plan.len(), |s, t| {
            let spaces = scratch(s, || Workspaces::<S::W> {
                dense: None,
                hash: None,
            });
            let task = &plan[t];
            if dense_accumulator(n, task_work(task)) {
                self.task(sr, spaces.dense(sr, n as usize), task, &row_work)
            } else {
                self.task(sr, spaces.hash(sr), task, &row_work)
            }
        });
        let parts = self.gather_fine(sr, &plan, results);
        assemble(sr, parts, n, l.vdim)
    }
}

impl Saxpy<'_> {
    /// Replaces each run of fine-task results by the combined row.
    fn gather_fine<S: Sr>(
        &self,
        sr: &S,
        plan: &[Task],
        results: Vec<Rows<S::W>>,
    ) -> Vec<Rows<S::W>> {
        if plan.iter().all(|t| matches!(t, Task::Rows(_))) {
            return results;
        }
        // Group results: a coarse result alone, or the fine results of one row.
        let mut groups: Vec<Mutex<Vec<Rows<S::W>>>> = Vec::new();
        let mut last_row = None;
        for (t, r) in plan.iter().zip(results) {
            match t {
                Task::Fine { row, .. } if last_row == Some(*row) => {
                    groups
                        .last_mut()
                        .expect("a group")
                        .get_mut()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(r);
                }
                Task::Fine { row, .. } => {
                    last_row = Some(*row);
                    groups.push(Mutex::new(vec![r]));
                }
                Task::Rows(_) => {
                    last_row = None;
                    groups.push(Mutex::new(vec![r]));
                }
            }
        }
        run_tasks(groups.len(), |_, t| {
            let mut g = std::mem::take(&mut *groups[t].lock().unwrap_or_else(|e| e.into_inner()));
            if g.len() == 1 {
                g.pop().expect("one result")
            } else {
                self.combine(sr, g)
            }
        })
    }
}
