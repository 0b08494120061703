//! Saxpy (Gustavson) products: row `i` of `C = L * R` is the sum over the
//! entries `L(i,k)` of `L(i,k) ⊗ R(k,:)`, gathered in a row accumulator
//! (dense or hash). Each output entry is folded in increasing `k` by one
//! task, so results do not depend on how the work is split.
//!
//! The mask is used to compute less: a non-complemented sparse mask row is
//! scattered into the accumulator as the allowed positions (with inline
//! operators and a dense accumulator, the products it forbids are written to
//! spare slots rather than branched around), a complemented one as the
//! forbidden positions (with spare slots, a row with at least as many
//! products as columns is instead computed whole and read at the mask's
//! positions or around them, so that once most positions hold a value the
//! test of each product's position is predictable; under a complemented
//! mask only while it forbids at most half the row), and a dense mask is
//! probed once per
//! position; so is a sparse mask row much longer than the row's work (by
//! binary search), so that a small push under a large mask (a late BFS
//! level) costs its products, not the mask. A heavy row (such as the single
//! row of a sparse vector push) is split by output columns: each task
//! computes the columns of one range; tasks are claimed largest first. A
//! row vector times a matrix with products covering enough of the output's
//! positions goes to [`super::push`] instead.

use super::accumulator::{Acc, BitmapAcc, DenseAcc, Gather, HashAcc, RowAcc, State, SPARES};
use super::operand::{MaskRow, MaskView};
use super::output::{parts, Parts, Rows};
use super::schedule::{run_tasks_largest_first, scratch, tasks, Task};
use super::tiers::Job;
use super::values::Sr;
use crate::error::Result;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::index::Idx;
use crate::storage::prefetch::prefetch;
use crate::storage::{Compressed, IdxSlice};
use std::ops::Range;

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
    /// Only marked positions, the columns given, are allowed.
    Allowed(IdxSlice<'m>),
    /// Nothing is marked: the row is computed whole, then read at the mask
    /// row's columns or around them.
    After(Read<'m>),
    /// Marked positions are forbidden.
    Forbidden,
    /// Untouched positions are checked once; forbidden ones become marked.
    Probe(Probe<'m>),
}

/// A mask row checked position by position (when first touched) instead of
/// scattered into the accumulator.
#[derive(Clone, Copy)]
enum Probe<'m> {
    /// A dense mask's row.
    Dense(MaskRow<'m>),
    /// A sparse mask row much longer than the row's work: its sorted
    /// positions (before complementing) are searched.
    Sorted {
        /// The mask row's positions.
        idx: IdxSlice<'m>,
        /// Whether the mask is complemented.
        complement: bool,
    },
}

impl Probe<'_> {
    /// Whether the mask allows writing at column `j`.
    #[inline]
    fn allows(&self, j: u64) -> bool {
        match self {
            Probe::Dense(d) => d.allows(j),
            Probe::Sorted { idx, complement } => idx.contains(j) != *complement,
        }
    }
}

/// A sparse mask row is searched rather than scattered when it is longer than
/// this many times the row's work.
pub const SEARCH_MASK_RATIO: usize = 4;

/// True when a dense accumulator suits output rows of `width` columns for `work` products.
pub fn dense_accumulator(width: u64, work: usize) -> bool {
    dense_workspace_ok(width, work) && width <= (work as u64).saturating_mul(16) + 4096
}

/// An accumulator with its value workspace.
struct Workspace<A, W> {
    acc: A,
    w: W,
    slots: usize,
}

impl<A: Acc, W> Workspace<A, W> {
    /// Prepares a row of at most `cap` positions in columns `cols`, growing
    /// the values if needed.
    fn prepare<S: Sr<W = W>>(&mut self, sr: &S, cap: usize, cols: &Range<u64>) {
        self.acc.prepare(cap, cols);
        if self.acc.slots() > self.slots {
            self.slots = self.acc.slots();
            self.w = sr.alloc(self.slots);
        }
    }
}

/// The accumulators of one worker, created when first needed.
struct Workspaces<W> {
    dense: Option<Workspace<DenseAcc, W>>,
    bitmap: Option<Workspace<BitmapAcc, W>>,
    hash: Option<Workspace<HashAcc, W>>,
}

impl<W> Workspaces<W> {
    fn dense<S: Sr<W = W>>(&mut self, sr: &S) -> &mut Workspace<DenseAcc, W> {
        self.dense.get_or_insert_with(|| Workspace {
            acc: DenseAcc::default(),
            w: sr.alloc(0),
            slots: 0,
        })
    }

    fn bitmap<S: Sr<W = W>>(&mut self, sr: &S) -> &mut Workspace<BitmapAcc, W> {
        self.bitmap.get_or_insert_with(|| Workspace {
            acc: BitmapAcc::default(),
            w: sr.alloc(0),
            slots: 0,
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

/// The rows of the right operand, as slices (so the hot loop keeps them in registers).
#[derive(Clone, Copy)]
struct RRows<'a> {
    p: &'a [usize],
    i: IdxSlice<'a>,
    /// The length of the rows.
    vlen: u64,
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

    /// Asks for the pointer to row `k` to be loaded (plain rows only), so
    /// that [`RRows::prefetch_row`] finds it in the cache a few entries later.
    #[inline(always)]
    fn prefetch_pointer(&self, k: u64) {
        if self.hyper.is_none() {
            prefetch(self.p, k as usize);
        }
    }

    /// Asks for the start of row `k` to be loaded (plain rows only): the
    /// rows a product reads are scattered, short runs of a large array.
    #[inline(always)]
    fn prefetch_row(&self, k: u64) -> Option<usize> {
        if self.hyper.is_none() {
            if let Some(&start) = self.p.get(k as usize) {
                self.i.prefetch(start);
                return Some(start);
            }
        }
        None
    }

    /// The positions of row `k` whose columns are in `cols`, found by binary
    /// search (every task of a split row looks up every row of `R`, so this
    /// must cost far less than reading the row); an end of the range at the
    /// row's own end needs no search.
    #[inline(always)]
    fn row_in(&self, k: u64, cols: &Range<u64>) -> Range<usize> {
        let r = self.row(k);
        let idx = self.i.slice(r.clone());
        let lo = if cols.start == 0 {
            0
        } else {
            idx.count_below(cols.start)
        };
        let hi = if cols.end >= self.vlen {
            idx.len()
        } else {
            idx.count_below(cols.end)
        };
        r.start + lo..r.start + hi
    }
}

/// The most entries a task of rows makes room for before its first row.
const UPFRONT_ROOM: usize = 1 << 20;

/// The least average length of the rows of `R` read by a row worth
/// splitting by columns (each of the one-per-thread parts searches each row
/// once, about `log2(len)` steps against the `len / parts` products it saves).
pub const SPLIT_ROW_LEN: usize = 64;

/// The least width of a row split by columns whatever the length of the rows
/// of `R` it reads (see [`Saxpy::column_split`]), when the threads need it
/// split (see [`super::schedule::tasks`]): a million `FP64` columns take
/// 8 MB of values, which the parts share instead of each scattering over a
/// workspace beyond its cache. At 2^18 columns the split cost more than it
/// saved.
pub const SPLIT_WIDE_ROW: u64 = 1 << 20;

/// The least width of the rows gathered in a [`BitmapAcc`] (when each has
/// at least as many products as columns): from here on [`DenseAcc`]'s
/// 16-bit stamps (1 MiB) no longer fit in a core's L2 cache beside the
/// rows being read, while two bits a column take 128 KiB.
pub const BITMAP_WIDTH: u64 = 1 << 19;

/// The positions of the sorted indices `idx` within `cols` (searched for
/// only when `cols` cuts them: a whole row costs two comparisons).
#[inline]
fn within(idx: IdxSlice, cols: &Range<u64>) -> Range<usize> {
    if idx.is_empty() {
        return 0..0;
    }
    let (first, last) = (idx.get(0), idx.get(idx.len() - 1));
    let lo = if first >= cols.start {
        0
    } else {
        idx.count_below(cols.start)
    };
    let hi = if last < cols.end {
        idx.len()
    } else {
        idx.count_below(cols.end)
    };
    lo..hi
}

/// How many entries of `l` ahead [`products`] asks for the workspace slots
/// of a row of `R` to be loaded, when the workspace is wider than
/// [`FAR_WORKSPACE`].
const SLOT_LOOKAHEAD: usize = 2;

/// The least size of a row's value workspace whose slots [`products`] asks
/// for ahead: beyond a core's L2 cache each product's slot misses it, and
/// the loop's branches on the slots' states keep the processor from having
/// many misses in flight (bc's backward push on a uniform graph of 2^20
/// vertices, four rows of 12 M products into 8 MB of values each: 155–250
/// ms a call without, 152–181 with; SuiteSparse 7.4 173–190). At 2 MB
/// (bc's pushes on a Kronecker graph of 2^18 vertices) the prefetches cost
/// more than they saved.
const FAR_WORKSPACE: usize = 4 << 20;

/// How many entries of `l` ahead [`products`] asks for the row of `R` to be
/// loaded; it asks for the row's pointer twice as far ahead, as reading the
/// pointer to find the row would otherwise wait for memory.
const ROW_LOOKAHEAD: usize = 4;

/// [`products`] for [`Mode::All`].
const ALL: u8 = 0;
/// [`products`] for [`Mode::Allowed`].
const ALLOWED: u8 = 1;
/// [`products`] for [`Mode::Forbidden`] and [`Mode::Probe`].
const FORBIDDEN: u8 = 2;
/// [`products`] for [`Mode::After`]: as [`ALL`], without listing the
/// columns (the row ends with [`RowAcc::finish_marked`] or
/// [`RowAcc::finish_outside`]).
const UNLISTED: u8 = 4;
/// [`products`] for [`Mode::Allowed`] in an accumulator with
/// [`RowAcc::spare`] slots, for a semiring that [`Sr::selects_cheaply`]:
/// the products the mask forbids are written
/// there, so the loop does not branch on the mask (under a mask allowing
/// about half the products, as in `C<A> = A*A`, the branch is mispredicted
/// about as often as not).
const ALLOWED_SPARE: u8 = 3;

/// The entries of a row of `L`: their indices `k`, and the position of the
/// first in `L`.
#[derive(Clone, Copy)]
struct LRow<'a> {
    k: IdxSlice<'a>,
    start: usize,
}

/// Gathers `L(i,k) ⊗ R(k,j)` for the entries `k` of `l` and the columns `j`
/// in `cols` (all of them unless `split`) into the accumulator, under the
/// row's mask: `MODE` is [`ALL`], [`ALLOWED`] (marked positions are allowed;
/// [`ALLOWED_SPARE`] when the accumulator has spare slots) or [`FORBIDDEN`]
/// (marked positions are forbidden; with `probe`, untouched ones are checked
/// once).
fn products<S: Sr, R: RowAcc, const MODE: u8>(
    sr: &S,
    mut acc: R,
    w: &mut S::W,
    l: LRow,
    r: RRows,
    probe: Option<Probe>,
    split: Option<&Range<u64>>,
) -> R {
    let LRow { k: l, start: l0 } = l;
    // With the ANY monoid nothing changes a value once set: positions that
    // hold one are skipped like forbidden ones, by one well-predicted test.
    let noop = sr.add_is_noop();
    let spare = acc.spare().unwrap_or(0);
    let far = spare.saturating_mul(sr.slot_bytes()) >= FAR_WORKSPACE;
    for (pl, k) in l.iter().enumerate() {
        if pl + 2 * ROW_LOOKAHEAD < l.len() {
            r.prefetch_pointer(l.get(pl + 2 * ROW_LOOKAHEAD));
        }
        if pl + ROW_LOOKAHEAD < l.len() {
            if let Some(start) = r.prefetch_row(l.get(pl + ROW_LOOKAHEAD)) {
                sr.prefetch_r(start);
            }
        }
        if far && pl + SLOT_LOOKAHEAD < l.len() {
            let kn = l.get(pl + SLOT_LOOKAHEAD);
            let rn = match split {
                None => r.row(kn),
                Some(cols) => r.row_in(kn, cols),
            };
            for j in r.i.slice(rn).iter() {
                if let Some(s) = acc.prefetch(j) {
                    sr.prefetch_slot(w, s);
                }
            }
        }
        let ql = l0 + pl;
        let rr = match split {
            None => r.row(k),
            Some(cols) => r.row_in(k, cols),
        };
        crate::work::count(1 + rr.len());
        if MODE == UNLISTED || MODE == ALLOWED_SPARE {
            let at = Positions { l: ql, r: rr.start };
            entry_products::<S, R, MODE>(sr, &mut acc, w, at, (r.i.slice(rr), spare));
            continue;
        }
        for (qr, j) in rr.clone().zip(r.i.slice(rr).iter()) {
            let (s, st) = acc.probe(j);
            if st != State::UNTOUCHED {
                if noop && MODE != ALLOWED {
                    continue;
                }
                if st == State::DONE {
                    sr.add(w, s, ql, qr);
                    continue;
                }
                if MODE != ALLOWED {
                    continue;
                }
            } else if MODE == ALLOWED {
                continue;
            }
            if MODE == ALL {
                acc.done(s, j);
                sr.set(w, s, ql, qr);
            } else {
                let at = Positions { l: ql, r: qr };
                first_touch::<S, R, MODE>(sr, &mut acc, w, s, j, at, probe.as_ref());
            }
        }
    }
    acc
}

/// The products of `L`'s entry `at.l` with the entries of a row of `R` (at
/// `at.r`, columns `cols`) under [`ALLOWED_SPARE`] or [`UNLISTED`]. Under
/// [`ALLOWED_SPARE`] a product the mask forbids goes to a spare slot from
/// `spare`, so nothing branches on the mask; under [`UNLISTED`] nothing is
/// marked, so a position holds a value or is untouched. The loop is
/// compiled for each index width: it is the whole of such a row's work,
/// where the general loop tests the width at every entry.
#[inline(always)]
fn entry_products<S: Sr, R: RowAcc, const MODE: u8>(
    sr: &S,
    acc: &mut R,
    w: &mut S::W,
    at: Positions,
    (cols, spare): (IdxSlice, usize),
) {
    let Positions { l: ql, r: qr0 } = at;
    let noop = sr.add_is_noop();
    crate::with_idx!(cols, cols => {
        for (e, &j) in cols.iter().enumerate() {
            let qr = qr0 + e;
            let (s, st) = acc.probe(j.to_u64());
            if MODE == ALLOWED_SPARE {
                let t = if st == State::UNTOUCHED {
                    spare + (qr & (SPARES - 1))
                } else {
                    s
                };
                sr.set_or_add(w, t, st != State::DONE, ql, qr);
                acc.set_done(t);
            } else if st == State::DONE {
                if !noop {
                    sr.add(w, s, ql, qr);
                }
            } else if st == State::UNTOUCHED {
                acc.set_done(s);
                sr.set(w, s, ql, qr);
            }
        }
    })
}

/// How a computed row's columns are read from its accumulator.
#[derive(Clone, Copy)]
enum Read<'m> {
    /// Every column holding a value.
    Listed,
    /// The columns given that hold a value.
    At(IdxSlice<'m>),
    /// The columns holding a value, except those given.
    Outside(IdxSlice<'m>),
}

/// The positions of a product's operands in `L`'s and `R`'s values.
#[derive(Clone, Copy)]
struct Positions {
    l: usize,
    r: usize,
}

/// Computes the first product at a position the row's mask allows
/// (checking a dense mask first); kept out of the hot loop of a masked row,
/// where it is the rarer case (an unmasked row computes it inline).
#[inline(never)]
fn first_touch<S: Sr, R: RowAcc, const MODE: u8>(
    sr: &S,
    acc: &mut R,
    w: &mut S::W,
    s: usize,
    j: u64,
    at: Positions,
    probe: Option<&Probe>,
) {
    let Positions { l: ql, r: qr } = at;
    if let Some(d) = probe.filter(|_| MODE == FORBIDDEN) {
        if !d.allows(j) {
            acc.mark(s);
            return;
        }
    }
    acc.done(s, j);
    sr.set(w, s, ql, qr);
}

/// The columns of a row that a task computes: all of them, or (`split`)
/// part of a long row cut over several tasks.
#[derive(Clone, Copy)]
struct Span<'c> {
    cols: &'c Range<u64>,
    split: bool,
}

impl Saxpy<'_> {
    fn r_rows(&self) -> RRows<'_> {
        RRows {
            p: &self.r.p,
            i: self.r.i.as_idx(),
            vlen: self.r.vlen,
            hyper: self.r.h.as_ref().map(|_| self.r),
        }
    }

    /// The number of products of each held row of `l`.
    fn row_work(&self) -> Vec<usize> {
        let (l, r) = (self.l, self.r_rows());
        crate::work::count(l.nvals() + l.nvec());
        let work = |kk: usize| -> usize { l.range(kk).map(|q| r.row(l.i.get(q)).len()).sum() };
        if l.nvals() > 1 << 16 {
            crate::parallel::map(l.nvec(), 256, work)
        } else {
            (0..l.nvec()).map(work).collect()
        }
    }

    /// Boundaries splitting the columns of row `kk` into `parts` ranges of
    /// about equal work, from a sample of the row's products.
    ///
    /// Rows of `R` averaging fewer than [`SPLIT_ROW_LEN`] entries make the
    /// row one task (every task of a split row searches every row of `R` it
    /// reads, which then costs more than the products it shares), unless the
    /// row is at least [`SPLIT_WIDE_ROW`] columns wide and has as many
    /// products as columns: the threads then share its scattered writes,
    /// each over a part of the columns, instead of each scattering a row of
    /// its own over a workspace beyond its cache.
    fn column_split(&self, kk: usize, work: usize, parts: usize) -> Vec<u64> {
        let (l, r) = (self.l, self.r_rows());
        let width = self.r.vlen;
        let wide_and_dense = width >= SPLIT_WIDE_ROW && work as u64 >= width;
        if !wide_and_dense && work < l.range(kk).len().saturating_mul(SPLIT_ROW_LEN) {
            return vec![0, self.r.vlen];
        }
        let step = (work / 4096).max(1);
        let mut sample = Vec::with_capacity(work / step + 1);
        let mut skip = 0;
        for k in l.i.idx_range(l.range(kk)).iter() {
            let row = r.row(k);
            let mut p = skip;
            while p < row.len() {
                sample.push(r.i.get(row.start + p));
                p += step;
            }
            skip = p - row.len();
        }
        sample.sort_unstable();
        let mut bounds: Vec<u64> = (1..parts)
            .map(|t| sample[t * sample.len() / parts])
            .collect();
        bounds.dedup();
        bounds.retain(|&b| b > 0);
        bounds.insert(0, 0);
        bounds.push(self.r.vlen);
        bounds
    }

    /// Sets up the mask for row `i`, columns `cols`, in `acc` (unless
    /// `search`: a sparse mask row is then searched at each first touch;
    /// or `after`: the mask is applied to the whole row, if not complemented
    /// or forbidding at most half of it).
    fn mask_row<R: RowAcc>(
        &self,
        i: u64,
        cols: &Range<u64>,
        acc: &mut R,
        (search, after): (bool, bool),
    ) -> Mode<'_> {
        match self.mask {
            MaskView::None => Mode::All,
            MaskView::Rows { rows, complement } => {
                let complement = *complement;
                let mr = rows.vector_range(i);
                let row = rows.i.idx_range(mr);
                let idx = row.slice(within(row, cols));
                if search {
                    return Mode::Probe(Probe::Sorted { idx, complement });
                }
                if after && (!complement || 2 * idx.len() as u64 <= cols.end - cols.start) {
                    return Mode::After(if complement {
                        Read::Outside(idx)
                    } else {
                        Read::At(idx)
                    });
                }
                for j in idx.iter() {
                    let (s, _) = acc.probe(j);
                    acc.mark(s);
                }
                if complement {
                    Mode::Forbidden
                } else {
                    Mode::Allowed(idx)
                }
            }
            MaskView::Dense(d) => Mode::Probe(Probe::Dense(d.row(i))),
        }
    }

    /// Number of positions the mask marks in row `i`, columns `cols`, or
    /// `None` when the mask allows nothing there.
    fn mask_len(&self, i: u64, cols: &Range<u64>) -> Option<usize> {
        match self.mask {
            MaskView::Rows { rows, complement } => {
                let n = within(rows.i.idx_range(rows.vector_range(i)), cols).len();
                (n > 0 || *complement).then_some(n)
            }
            _ => Some(0),
        }
    }

    /// Computes the columns `span` of the row of held vector `kk` of `l`
    /// and appends it to `out`.
    fn row<S: Sr, A: Acc>(
        &self,
        sr: &S,
        ws: &mut Workspace<A, S::W>,
        kk: usize,
        span: Span,
        work: usize,
        out: &mut Rows<S::W>,
    ) {
        let Span { cols, split } = span;
        let i = self.l.vector_id(kk);
        let Some(mask_len) = self.mask_len(i, cols) else {
            return;
        };
        let search = mask_len > work.saturating_mul(SEARCH_MASK_RATIO);
        crate::work::count(if search { 0 } else { mask_len });
        ws.prepare(sr, work + if search { 0 } else { mask_len }, cols);
        let Workspace { acc, w, .. } = ws;
        let mut acc = acc.row();
        // Forbidden products cost as much as allowed ones with spare slots:
        // a row covering its width is computed whole.
        let spares = sr.selects_cheaply() && acc.spare().is_some();
        let after = spares && work as u64 >= cols.end - cols.start;
        let mode = self.mask_row(i, cols, &mut acc, (search, after));
        let range = self.l.range(kk);
        let l = LRow {
            k: self.l.i.idx_range(range.clone()),
            start: range.start,
        };
        let r = self.r_rows();
        let split = split.then_some(cols);
        let start = out.i.len();
        // The row's products, and how it is read.
        let (acc, read) = match mode {
            Mode::All => (
                products::<S, _, ALL>(sr, acc, w, l, r, None, split),
                Read::Listed,
            ),
            Mode::After(read) => (
                products::<S, _, UNLISTED>(sr, acc, w, l, r, None, split),
                read,
            ),
            Mode::Allowed(idx) if spares => (
                products::<S, _, ALLOWED_SPARE>(sr, acc, w, l, r, None, split),
                Read::At(idx),
            ),
            Mode::Allowed(_) => (
                products::<S, _, ALLOWED>(sr, acc, w, l, r, None, split),
                Read::Listed,
            ),
            Mode::Forbidden => (
                products::<S, _, FORBIDDEN>(sr, acc, w, l, r, None, split),
                Read::Listed,
            ),
            Mode::Probe(d) => (
                products::<S, _, FORBIDDEN>(sr, acc, w, l, r, Some(d), split),
                Read::Listed,
            ),
        };
        let w = &*w;
        let gather = |g: Gather<'_>| sr.gather(&mut out.w, w, g);
        match read {
            Read::Listed => acc.finish(&mut out.i, gather),
            Read::At(idx) => acc.finish_marked(idx, &mut out.i, gather),
            Read::Outside(idx) => acc.finish_outside(idx, &mut out.i, gather),
        }
        out.end_row(i, start);
    }

    /// Runs one task with accumulator workspace `ws`. Before each row it
    /// makes room for the row's most entries (one per product and column):
    /// an upfront bound of the whole result would overstate products with
    /// many products per entry, and fail where the result fits.
    fn task<S: Sr, A: Acc>(
        &self,
        sr: &S,
        ws: &mut Workspace<A, S::W>,
        task: &Task,
        row_work: &[usize],
        work: usize,
    ) -> Result<Rows<S::W>> {
        let mut out = Rows::new(sr);
        let most = |kk: usize, cols: &Range<u64>| {
            row_work[kk].min(usize::try_from(cols.end - cols.start).unwrap_or(usize::MAX))
        };
        match task {
            Task::Rows(rows) => {
                let all = 0..self.r.vlen;
                // Unmasked, the room of the task's rows (their products,
                // capped) made upfront saves the copies of growing one row
                // at a time and the reservation of each row; room that
                // cannot be had is no error: each row then reserves its
                // own. (Under a mask, products overstate the result.)
                let mut reserved = false;
                if matches!(self.mask, MaskView::None) {
                    let room: usize = rows.clone().map(|kk| most(kk, &all)).sum();
                    if room <= UPFRONT_ROOM {
                        reserved = out.try_reserve_rows(sr, rows.len(), room).is_ok();
                    } else {
                        let _ = out.try_reserve(sr, UPFRONT_ROOM);
                    }
                }
                for kk in rows.clone() {
                    if row_work[kk] > 0 {
                        if !reserved {
                            out.try_reserve(sr, most(kk, &all))?;
                        }
                        let span = Span {
                            cols: &all,
                            split: false,
                        };
                        self.row(sr, ws, kk, span, row_work[kk], &mut out);
                    }
                }
            }
            Task::Cols { row, cols } => {
                out.try_reserve(sr, most(*row, cols))?;
                let span = Span { cols, split: true };
                self.row(sr, ws, *row, span, work, &mut out);
            }
        }
        Ok(out)
    }
}

impl Job for Saxpy<'_> {
    type Out = Result<Parts>;

    fn run<S: Sr>(self, sr: &S) -> Result<Parts> {
        let row_work = self.row_work();
        let plan = tasks(&row_work, &|kk, parts| {
            self.column_split(kk, row_work[kk], parts)
        });
        // A task's work, the width of its rows, and the least work of a row.
        let task_cols = |t: &Task| match t {
            Task::Rows(r) => {
                let rows = &row_work[r.clone()];
                let least = rows.iter().filter(|&&w| w > 0).min();
                (rows.iter().sum(), self.r.vlen, *least.unwrap_or(&0))
            }
            Task::Cols { row, cols } => {
                let work = row_work[*row] / plan.iter().filter(|t| t.row() == Some(*row)).count();
                (work, cols.end - cols.start, work)
            }
        };
        let works: Vec<usize> = plan.iter().map(|t| task_cols(t).0).collect();
        let results = run_tasks_largest_first(&works, |s, t| {
            let spaces = scratch(s, || Workspaces::<S::W> {
                dense: None,
                bitmap: None,
                hash: None,
            });
            let task = &plan[t];
            let (work, width, least) = task_cols(task);
            if dense_accumulator(width, work) {
                if width >= BITMAP_WIDTH && least as u64 >= width {
                    self.task(sr, spaces.bitmap(sr), task, &row_work, work)
                } else {
                    self.task(sr, spaces.dense(sr), task, &row_work, work)
                }
            } else {
                self.task(sr, spaces.hash(sr), task, &row_work, work)
            }
        });
        let results = results.into_iter().collect::<Result<Vec<_>>>()?;
        Ok(parts(sr, results, self.r.vlen, self.l.vdim))
    }
}
