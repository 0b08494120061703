//! [`Dot2`]: every row of `L` against every column of `R`, the mask
//! checked per entry (the pull of a matrix-vector product), and its
//! variants folded into a full result.

use super::*;
use crate::storage::column_blocks::ColumnBlocks;
use crate::storage::{Idx, IdxSlice};
use std::sync::Arc;

/// Every entry of `C = L * R` (`ncols` columns) the mask allows; see
/// [`Dot2::column_form`] for the form of the result.
pub struct Dot2<'a> {
    /// Rows of the left operand.
    pub l: &'a Compressed,
    /// Columns of the right operand.
    pub r: RCols<'a>,
    /// Number of columns of `R`.
    pub ncols: u64,
    /// The mask.
    pub mask: &'a MaskView<'a>,
    /// The column blocks of `l`, for a pull against a full column.
    pub blocks: Blocks<'a>,
}

impl Dot2<'_> {
    /// The columns of `R` that hold entries (all of them when dense).
    fn columns(&self) -> Vec<u64> {
        match &self.r {
            RCols::Dense(_) => (0..self.ncols).collect(),
            RCols::Sparse(rc) => (0..rc.nvec())
                .filter(|&kk| !rc.range(kk).is_empty())
                .map(|kk| rc.vector_id(kk))
                .collect(),
        }
    }

    /// Computes row `kk` of `L` against `cols`.
    fn row<S: Sr>(&self, sr: &S, w: &mut S::Z, kk: usize, cols: &[u64], out: &mut Rows<S::W>) {
        let l = self.l;
        let lr = l.range(kk);
        let i = l.vector_id(kk);
        let start = out.i.len();
        work::count(1 + cols.len());
        let emit = |w: &mut S::Z, out: &mut Rows<S::W>, j: u64| {
            if dot(sr, w, l, lr.clone(), &self.r, j) {
                out.i.push(j);
                sr.z_push(&mut out.w, w);
            }
        };
        match self.mask {
            MaskView::None => cols.iter().for_each(|&j| emit(w, out, j)),
            MaskView::Dense(d) => cols
                .iter()
                .filter(|&&j| d.allows(i, j))
                .for_each(|&j| emit(w, out, j)),
            MaskView::Rows { rows, complement } => {
                let mr = rows.i.idx_range(rows.vector_range(i));
                if mr.is_empty() && !complement {
                    return;
                }
                let mut q = 0;
                for &j in cols {
                    q += mr.slice(q..mr.len()).count_below(j);
                    let present = q < mr.len() && mr.get(q) == j;
                    if present != *complement {
                        emit(w, out, j);
                    }
                }
            }
        }
        out.end_row(i, start);
    }
}

impl Dot2<'_> {
    /// True when the result comes as the single column of `C` (one vector of
    /// length `nrows(L)`) rather than as its rows: when `R` has one column.
    pub fn column_form(&self) -> bool {
        self.ncols == 1
    }

    /// The "pull" product with the single column of `R`: one dot product per
    /// row of `L` that the mask allows, the result gathered as a column.
    fn pull<S: Sr>(&self, sr: &S) -> Product {
        match (&self.r, self.mask) {
            (RCols::Dense(d), MaskView::None) if d.col(0).is_full() => {
                let (l, col) = (self.l, d.col(0));
                work::count(l.nvals() + l.nvec());
                if l.h.is_none() {
                    let ranges = held_row_ranges(l);
                    if let Some((w, present, nvals)) = sr.dot_all_rows_full(
                        DenseDots {
                            p: &l.p,
                            idx: l.i.as_idx(),
                            col,
                            blocks: self.blocks,
                        },
                        &ranges,
                    ) {
                        return column_of_slots(sr, w, present, nvals, l);
                    }
                }
                self.pull_with(sr, |_, rows, chunk| {
                    let p = &l.p[rows.start..=rows.end];
                    let dots = DenseDots {
                        p,
                        idx: l.i.as_idx(),
                        col,
                        blocks: Blocks::None,
                    };
                    chunk.nvals = sr.dot_rows_full(dots, &mut chunk.w, &mut chunk.present);
                })
            }
            (RCols::Dense(d), mask) => {
                let col = d.col(0);
                self.pull_rows(
                    sr,
                    Allowed::of(mask),
                    |z, a, a0| crate::with_idx!(a, a => dot_dense_col(sr, z, a, a0, col)),
                )
            }
            (RCols::Sparse(rc), mask) => {
                let rr = rc.vector_range(0);
                let (b, b0) = (rc.i.idx_range(rr.clone()), rr.start);
                self.pull_rows(
                    sr,
                    Allowed::of(mask),
                    |z, a, a0| crate::with_idx2!(a, b, (a, b) => dot_sparse(sr, z, a, a0, b, b0)),
                )
            }
        }
    }

    /// [`Dot2::pull`] row by row, for the rows the mask `allowed`, with the
    /// dot product `dot(z, indices, position)` of a row of `L`.
    fn pull_rows<S: Sr>(
        &self,
        sr: &S,
        allowed: Allowed,
        dot: impl Fn(&mut S::Z, IdxSlice, usize) -> bool + Sync,
    ) -> Product {
        let l = self.l;
        self.pull_with(sr, |z, rows, chunk| {
            let mut todo = [0usize; PULL_BLOCK];
            for block in rows.clone().step_by(PULL_BLOCK) {
                let block = block..(block + PULL_BLOCK).min(rows.end);
                work::count(block.len());
                let todo = rows_to_pull(l, block, &mut todo, allowed);
                for (t, &kk) in todo.iter().enumerate() {
                    // A dot that stops at its first product reads one line of
                    // a row: a miss per row, which the hardware prefetcher
                    // does not hide when rows are skipped or left early.
                    if let Some(&ahead) = todo.get(t + PULL_AHEAD) {
                        l.i.as_idx().prefetch(l.p[ahead]);
                    }
                    let lr = l.range(kk);
                    if dot(z, l.i.idx_range(lr.clone()), lr.start) {
                        let slot = kk - rows.start;
                        chunk.present[slot] = true;
                        sr.z_set(&mut chunk.w, slot, z);
                        chunk.nvals += 1;
                    }
                }
            }
        })
    }

    /// The tasks of [`Dot2::pull`]: `fill(z, rows, chunk)` fills a flag and
    /// a slot for every held row of `L` in `rows` (and the count of values),
    /// then [`column`] forms the result.
    fn pull_with<S: Sr>(
        &self,
        sr: &S,
        fill: impl Fn(&mut S::Z, Range<usize>, &mut Chunk<S::W>) + Sync,
    ) -> Product {
        let l = self.l;
        let ranges = held_row_ranges(l);
        let chunks = run_tasks(ranges.len(), |s, t| {
            let z = scratch(s, || sr.z());
            let rows = ranges[t].clone();
            let mut chunk = Chunk {
                first: rows.start,
                present: vec![false; rows.len()],
                w: sr.alloc(rows.len()),
                nvals: 0,
            };
            fill(z, rows, &mut chunk);
            chunk
        });
        column(sr, chunks, l)
    }
}

/// How many rows ahead [`Dot2::pull_rows`] asks for the first line of a row.
const PULL_AHEAD: usize = 16;

/// How many rows [`Dot2::pull_rows`] sifts through the mask at a time.
const PULL_BLOCK: usize = 512;

/// The rows a pull computes: those its mask allows, read as a column.
#[derive(Clone, Copy)]
enum Allowed<'a> {
    /// Flags of a structural mask (row `i`'s at `i`): allowed when the flag
    /// differs from the second field (the complement).
    Flags(&'a [bool], bool),
    /// Column 0 of a dense mask.
    Dense(MaskRow<'a>),
    /// Any mask, tested entry by entry.
    View(&'a MaskView<'a>),
}

impl<'a> Allowed<'a> {
    fn of(mask: &'a MaskView<'a>) -> Self {
        match mask {
            MaskView::Dense(m) => {
                let col = m.col(0);
                match col.unit_structural() {
                    Some((flags, complement)) => Allowed::Flags(flags, complement),
                    None => Allowed::Dense(col),
                }
            }
            mask => Allowed::View(mask),
        }
    }

    #[inline(always)]
    fn allows(&self, i: u64) -> bool {
        match self {
            Allowed::Flags(f, complement) => f[i as usize] != *complement,
            Allowed::Dense(m) => m.allows(i),
            Allowed::View(m) => m.allows(i, 0),
        }
    }
}

/// The held rows `kk` of `block` that hold entries and that the mask
/// allows, written to the start of `todo` (both tests without a branch).
fn rows_to_pull<'t>(
    l: &Compressed,
    block: Range<usize>,
    todo: &'t mut [usize; PULL_BLOCK],
    allowed: Allowed,
) -> &'t [usize] {
    let mut n = 0;
    let p = &l.p[block.start..=block.end];
    let mut keep = |kk: usize, t: usize, allowed: bool| {
        todo[n] = kk;
        n += ((p[t] != p[t + 1]) & allowed) as usize;
    };
    match (&l.h, allowed) {
        // The common pull: every row held, a structural mask's flags.
        (None, Allowed::Flags(f, complement)) => {
            let f = &f[block.clone()];
            for (t, (kk, &flag)) in block.zip(f).enumerate() {
                keep(kk, t, flag != complement);
            }
        }
        (_, allowed) => {
            for (t, kk) in block.enumerate() {
                keep(kk, t, allowed.allows(l.vector_id(kk)));
            }
        }
    }
    &todo[..n]
}

/// The held rows of `L` in tasks of about equal work (a row's work is its
/// length plus one).
fn held_row_ranges(l: &Compressed) -> Vec<Range<usize>> {
    ranges_by_prefix(l.nvec(), |kk| l.p[kk] + kk)
}

/// One task's share of a pulled column: a flag and a value slot for each
/// held row of `L` from `first` on.
struct Chunk<W> {
    first: usize,
    present: Vec<bool>,
    w: W,
    nvals: usize,
}

/// A pulled column with at least one entry per this many rows is kept as a
/// bitmap; a sparser one is compressed.
const DENSE_COLUMN: usize = 16;

/// The column of `C = L * r` from the tasks' chunks (in row order): a bitmap
/// when `L` holds every row and the column is dense enough (full when every
/// row has a value, once conformed), its entries listed otherwise.
fn column<S: Sr>(sr: &S, chunks: Vec<Chunk<S::W>>, l: &Compressed) -> Product {
    let nvals: usize = chunks.iter().map(|c| c.nvals).sum();
    if as_bitmap(l, nvals) {
        let mut present = Vec::with_capacity(l.nvec());
        let mut chunks = chunks.into_iter();
        let mut w = match chunks.next() {
            Some(first) => {
                extend_copy(&mut present, &first.present);
                first.w
            }
            None => sr.alloc(0),
        };
        for c in chunks {
            extend_copy(&mut present, &c.present);
            sr.append(&mut w, &c.w);
        }
        return bitmap_column(sr, w, present, nvals, l);
    }
    let rows = parallel::map_items(chunks, |c| listed(sr, c.first, &c.present, &c.w, l));
    Product::Rows(parts(sr, rows, l.vdim, 1))
}

/// The column of `C = L * r` from one slot per row of `L` (which holds every
/// row), as [`column`] forms it.
fn column_of_slots<S: Sr>(
    sr: &S,
    w: S::W,
    present: Vec<bool>,
    nvals: usize,
    l: &Compressed,
) -> Product {
    if as_bitmap(l, nvals) {
        return bitmap_column(sr, w, present, nvals, l);
    }
    let rows = vec![listed(sr, 0, &present, &w, l)];
    Product::Rows(parts(sr, rows, l.vdim, 1))
}

/// Whether a pulled column with `nvals` values is kept as a bitmap.
fn as_bitmap(l: &Compressed, nvals: usize) -> bool {
    l.h.is_none() && nvals.saturating_mul(DENSE_COLUMN) >= l.nvec()
}

/// The bitmap column of a slot per row.
fn bitmap_column<S: Sr>(
    sr: &S,
    w: S::W,
    present: Vec<bool>,
    nvals: usize,
    l: &Compressed,
) -> Product {
    Product::Column(Bitmap {
        vlen: l.vdim,
        vdim: 1,
        b: present,
        x: sr.to_array(w),
        nvals,
    })
}

/// The entries of the slots `w` flagged in `present`, for the held rows of
/// `L` from `first` on.
fn listed<S: Sr>(sr: &S, first: usize, present: &[bool], w: &S::W, l: &Compressed) -> Rows<S::W> {
    let mut out = Rows::new(sr);
    for (slot, _) in present.iter().enumerate().filter(|(_, &p)| p) {
        out.i.push(l.vector_id(first + slot));
        sr.push(&mut out.w, w, slot);
    }
    out.end_row(0, 0);
    out
}

/// The pull product of [`Dot2`] with a full column, unmasked, folded into
/// the values of a full result with the semiring's monoid (see
/// [`Sr::dot_rows_into`]): LAGraph's PageRank `r += A' * w`.
pub struct PullInto<'a> {
    /// Rows of the left operand (not hypersparse: one per result slot).
    pub l: &'a Compressed,
    /// The full column.
    pub col: DenseCol<'a>,
    /// The column blocks of `l`.
    pub blocks: Blocks<'a>,
    /// Hands over the result's values.
    pub take: Take<'a>,
}

impl Job for PullInto<'_> {
    type Out = Option<Result<Array>>;

    fn run<S: Sr>(self, sr: &S) -> Option<Result<Array>> {
        let l = self.l;
        if l.h.is_some() {
            return None;
        }
        let ranges = held_row_ranges(l);
        let dots = DenseDots {
            p: &l.p,
            idx: l.i.as_idx(),
            col: self.col,
            blocks: self.blocks,
        };
        sr.dot_rows_into(dots, &ranges, self.take)
    }
}

impl Job for Dot2<'_> {
    type Out = Product;

    fn run<S: Sr>(self, sr: &S) -> Product {
        if self.column_form() {
            return self.pull(sr);
        }
        let cols = self.columns();
        let l = self.l;
        let ranges = ranges_by_prefix(l.nvec(), |kk| l.p[kk].saturating_mul(cols.len()));
        let block_entries = self.column_block_entries(&cols);
        let rows = by_rows(
            sr,
            &ranges,
            || Rows::new(sr),
            |space, rows, out| {
                let w = &mut space.z;
                if let Some(entries) = block_entries {
                    let mut block = ColumnBlock::new(sr);
                    let most_rows = (BLOCK_SLOTS / cols.len()).max(1);
                    let mut start = rows.start;
                    while start < rows.end {
                        let end = block_end(l, start..rows.end.min(start + most_rows), entries);
                        self.rows_by_columns(sr, w, start..end, &cols, &mut block, out);
                        start = end;
                    }
                    return;
                }
                for kk in rows {
                    if !l.range(kk).is_empty() {
                        self.row(sr, w, kk, &cols, out);
                    }
                }
            },
        );
        Product::Rows(parts(sr, rows, self.ncols, l.vdim))
    }
}

/// Bytes of a dense `R` up to which its columns share the cache.
const DENSE_CACHED_BYTES: usize = 1 << 20;
/// Entries of `L` that a block of [`Dot2::rows_by_columns`] holds for each
/// cache line of a column of `R`: a column is read again from memory for
/// every block, and each line fetched then serves about this many lookups.
const LOOKUPS_PER_LINE: usize = 8;
/// The most dot products (rows times columns) a block holds.
const BLOCK_SLOTS: usize = 1 << 18;

/// The end of the block of rows starting at `rows.start`: the first row
/// whose entries before it, from the start, reach `entries` (at least one
/// row, at most `rows.end`).
fn block_end(l: &Compressed, rows: Range<usize>, entries: usize) -> usize {
    let first = l.p[rows.start];
    let past = l.p[rows.start + 1..rows.end].partition_point(|&p| p - first < entries);
    rows.start + 1 + past
}

/// The dot products of a block of rows, one column of `R` at a time: their
/// values and which are present, at `row * columns + column`.
struct ColumnBlock<W> {
    w: W,
    present: Vec<bool>,
}

impl<W> ColumnBlock<W> {
    fn new<S: Sr<W = W>>(sr: &S) -> Self {
        ColumnBlock {
            w: sr.alloc(0),
            present: Vec::new(),
        }
    }
}

impl<'a> Dot2<'a> {
    /// When `R` is dense with several columns that together do not fit in
    /// the cache, the entries of `L` in a block of rows computed column by
    /// column ([`Dot2::rows_by_columns`]): a row's dot products with each
    /// column would read scattered positions of every column, missing the
    /// cache where one column at a time stays in it (SuiteSparse cuts its
    /// dot2 tasks by columns of `R` for the same reason). The block is large
    /// enough for a column's lookups to outnumber its cache lines.
    fn column_block_entries(&self, cols: &[u64]) -> Option<usize> {
        let RCols::Dense(d) = &self.r else {
            return None;
        };
        let bytes = d.values.len() * (d.values.elem_size() + 1);
        if cols.len() < 2 || bytes <= DENSE_CACHED_BYTES {
            return None;
        }
        let column_lines = bytes / cols.len() / 64;
        Some(column_lines.saturating_mul(LOOKUPS_PER_LINE))
    }

    /// Column `j` of a dense `R` as presence flags and the position of
    /// its entry 0, when it has flags and consecutive entries.
    fn unit_flags(&self, j: u64) -> Option<(&'a [bool], usize)> {
        match &self.r {
            RCols::Dense(d) => d.col(j).unit_flags(),
            RCols::Sparse(_) => None,
        }
    }

    /// Rows `rows` of `L` against `cols`, column by column (see
    /// [`Dot2::dense_beyond_cache`]), appended to `out` row by row.
    fn rows_by_columns<S: Sr>(
        &self,
        sr: &S,
        z: &mut S::Z,
        rows: Range<usize>,
        cols: &[u64],
        block: &mut ColumnBlock<S::W>,
        out: &mut Rows<S::W>,
    ) {
        let l = self.l;
        let n = rows.len() * cols.len();
        if block.present.len() < n {
            block.w = sr.alloc(n);
            block.present = vec![false; n];
        }
        block.present[..n].fill(false);
        for (c, &j) in cols.iter().enumerate() {
            // The entries of the slot's row when its dot product is computed
            // (the row has entries and the mask allows the position).
            let computed = |slot: usize| {
                let kk = rows.start + slot;
                let lr = l.range(kk);
                work::count(1);
                (!lr.is_empty() && self.mask.allows(l.vector_id(kk), j)).then_some(lr)
            };
            let mut set = |slot: usize, z: &S::Z| {
                let s = slot * cols.len() + c;
                block.present[s] = true;
                sr.z_set(&mut block.w, s, z);
            };
            if let Some((flags, base)) = self.unit_flags(j) {
                // The column's lookups in one loop, no call per dot product
                // (the row's length counted here, as `dot` counts it).
                let allowed =
                    |slot: usize| computed(slot).map(|lr| work::count(lr.len())).is_some();
                let dots = FlaggedDots {
                    p: &l.p[rows.start..=rows.end],
                    idx: l.i.as_idx(),
                    flags,
                    base,
                };
                sr.dot_rows_flagged(dots, allowed, set);
                continue;
            }
            for slot in 0..rows.len() {
                if let Some(lr) = computed(slot) {
                    if dot(sr, z, l, lr, &self.r, j) {
                        set(slot, z);
                    }
                }
            }
        }
        for (slot, kk) in rows.enumerate() {
            let start = out.i.len();
            for (c, &j) in cols.iter().enumerate() {
                let s = slot * cols.len() + c;
                if block.present[s] {
                    out.i.push(j);
                    sr.push(&mut out.w, &block.w, s);
                }
            }
            if out.i.len() > start {
                out.end_row(l.vector_id(kk), start);
            }
        }
    }
}

impl<T: Arith + ArrayElement, A: Op<T>, M: Op<T>> TypedSr<'_, T, A, M> {
    /// [`Sr::dot_rows_full`] into a slice of slots; with `into`, each dot
    /// product is folded into the value its slot holds (`w[s] = w[s] ⊕ z`).
    pub(crate) fn dot_slots_full(
        &self,
        dots: DenseDots<'_>,
        w: &mut [T],
        present: &mut [bool],
        into: bool,
    ) -> usize {
        let DenseDots {
            p,
            idx,
            col,
            blocks,
        } = dots;
        let blocks = match blocks {
            Blocks::At(b, first) => Some((b, first)),
            Blocks::None | Blocks::Ask(_) => None,
        };
        let (l, r, mul, add) = (self.l, self.r, self.mul, self.add);
        // Tight loops for the common ways of reading the inputs, when the
        // column's entries are consecutive and no terminal value is worth
        // testing (see `stops_at_first`: the other terminal values absorb
        // every value, `min(−∞, NaN)` being −∞, so a fold that does not stop
        // there gives the same result); the general fold for the others.
        let by_fold = |w: &mut [T], present: &mut [bool]| {
            dot_rows_by_fold(self, dots, present, |s, z| {
                w[s] = if into { add.f(w[s], *z) } else { *z }
            })
        };
        let Some(base) = col.unit_base().filter(|_| !self.stops_at_first) else {
            return by_fold(w, present);
        };
        let rc = &r[base.min(r.len())..];
        let lanes = lanes_from(std::mem::size_of_val(rc));
        // Whether to fold into `w` is a constant of each loop: a test per
        // slot cost 10 % on short rows.
        macro_rules! runs {
            ($l:expr, $product:expr) => {
                crate::with_idx!(idx, idx => if into {
                    fold_runs::<true, _, _, _>(p, ($l, idx), (w, present), (add, lanes), $product)
                } else {
                    fold_runs::<false, _, _, _>(p, ($l, idx), (w, present), (add, lanes), $product)
                })
            };
        }
        by_reads!(M, (self.read_l, self.read_r, self.flip), |L, R, FLIP| {
            if !L && !R {
                by_fold(w, present)
            } else if let Some(n) = (!L && R)
                .then(|| crate::with_idx!(idx, idx => gather::sums::<T, A, M, _>(into, FLIP, p, idx, rc, blocks, w, present)))
                .flatten()
            {
                n
            } else {
                runs!(L.then_some(l), |x, i| {
                    let y = if R { rc[i as usize] } else { T::ZERO };
                    oriented(mul, FLIP, if L { x } else { T::ZERO }, y)
                })
            }
        }, else |flip| {
            let zeros = [T::ZERO];
            let (rv, rm) = if self.read_r { (rc, usize::MAX) } else { (&zeros[..], 0) };
            let l = self.read_l.then_some(l);
            if flip {
                runs!(l, |x, i| mul.f(rv[i as usize & rm], x))
            } else {
                runs!(l, |x, i| mul.f(x, rv[i as usize & rm]))
            }
        })
    }

    /// [`Sr::dot_rows_flagged`] in the typed tier: a loop per way of reading
    /// the inputs, unless a dot product may stop at its first value (see
    /// [`Self::dot_slots_full`]).
    pub(crate) fn dot_slots_flagged(
        &self,
        dots: FlaggedDots<'_>,
        allowed: impl Fn(usize) -> bool,
        mut set: impl FnMut(usize, &T),
    ) {
        if self.stops_at_first {
            return dot_rows_flagged_by_fold(self, dots, allowed, set);
        }
        let FlaggedDots {
            p,
            idx,
            flags,
            base,
        } = dots;
        let (l, r, mul, add) = (self.l, self.r, self.mul, self.add);
        let rc = &r[base.min(r.len())..];
        macro_rules! runs {
            ($product:expr) => {
                crate::with_idx!(idx, idx => flagged_runs(p, (idx, flags), (&allowed, &mut set), add, $product))
            };
        }
        by_reads!(M, (self.read_l, self.read_r, self.flip), |L, R, FLIP| {
            let gathered = !L && R && crate::with_idx!(idx, idx => {
                gather::flagged_sums::<T, A, M, _>(FLIP, p, (idx, flags, rc), &allowed, &mut set)
            });
            if gathered {
                return;
            }
            runs!(|q: usize, k: usize| {
                let (x, y) = (if L { l[q] } else { T::ZERO }, if R { rc[k] } else { T::ZERO });
                oriented(mul, FLIP, x, y)
            })
        }, else |flip| {
            let zeros = [T::ZERO];
            let (lv, lm) = if self.read_l { (l, usize::MAX) } else { (&zeros[..], 0) };
            let (rv, rm) = if self.read_r { (rc, usize::MAX) } else { (&zeros[..], 0) };
            if flip {
                runs!(|q: usize, k: usize| mul.f(rv[k & rm], lv[q & lm]))
            } else {
                runs!(|q: usize, k: usize| mul.f(lv[q & lm], rv[k & rm]))
            }
        })
    }

    /// [`Sr::dot_all_rows_full`] in the typed tier.
    pub(crate) fn dot_all_slots_full(
        &self,
        dots: DenseDots<'_>,
        ranges: &[Range<usize>],
    ) -> (Vec<T>, Vec<bool>, usize) {
        let n = dots.p.len().saturating_sub(1);
        let kept = self.ask_blocks(dots);
        let (w, present, counts) =
            parallel::map_ranges_new(n, (T::default(), false), ranges, |t, w, present| {
                let rows = &ranges[t];
                self.dot_slots_full(in_range(dots, rows, kept.as_deref()), w, present, false)
            });
        (w, present, counts.iter().sum())
    }

    /// [`Sr::dot_rows_into`] in the typed tier.
    pub(crate) fn dot_slots_into(
        &self,
        dots: DenseDots<'_>,
        ranges: &[Range<usize>],
        take: Take<'_>,
    ) -> Option<Result<Array>> {
        if self.any {
            return None;
        }
        let n = dots.p.len().saturating_sub(1);
        let kept = self.ask_blocks(dots);
        Some(fold_taken(take, |values: &mut Vec<T>| {
            let mut present = vec![false; n];
            parallel::map_ranges_mut(&mut values[..n], &mut present, ranges, |t, c, present| {
                let rows = &ranges[t];
                self.dot_slots_full(in_range(dots, rows, kept.as_deref()), c, present, true)
            });
        }))
    }

    /// The matrix's column blocks when `dots` offers them and the sums
    /// against its column go by blocks (see [`gather::sums`]).
    fn ask_blocks(&self, dots: DenseDots<'_>) -> Option<Arc<ColumnBlocks>> {
        let Blocks::Ask(ask) = dots.blocks else {
            return None;
        };
        let len = self.r.len().saturating_sub(dots.col.unit_base()?);
        let gathered = !self.stops_at_first
            && self.read_r
            && !self.read_l
            && matches!(dots.idx, IdxSlice::Narrow(_))
            && gather::sums_by_blocks::<T, A, M>(self.flip, len);
        let nvec = dots.p.len().saturating_sub(1);
        gathered
            .then(ask)
            .flatten()
            .filter(|b| b.covers(nvec, dots.idx.len()))
    }
}

/// The runs of `dots` in the slots `rows`, with the blocks `kept` (of the
/// whole matrix) when there are.
fn in_range<'a>(
    dots: DenseDots<'a>,
    rows: &Range<usize>,
    kept: Option<&'a ColumnBlocks>,
) -> DenseDots<'a> {
    DenseDots {
        p: &dots.p[rows.start..=rows.end],
        blocks: kept.map_or(Blocks::None, |b| Blocks::At(b, rows.start)),
        ..dots
    }
}

/// For each slot `s` whose run `p[s]..p[s + 1]` is not empty, `w[s]` = the
/// fold `z` by `add` of `product(l[q], idx[q])` over the run (with `INTO`,
/// `w[s] = add(w[s], z)`), with `present[s]` set; returns how many runs are
/// not empty. `l` is `None` when `product` ignores it (it then gets
/// `T::default()`).
#[inline(always)]
fn fold_runs<const INTO: bool, T: Copy + Default, A: Op<T>, I: Idx>(
    p: &[usize],
    (l, idx): (Option<&[T]>, &[I]),
    (w, present): (&mut [T], &mut [bool]),
    (add, lanes_from): (A, usize),
    product: impl Fn(T, u64) -> T,
) -> usize {
    let mut nvals = 0;
    // The runs are consecutive: each is split off the front of what is left,
    // one length check a run instead of two bounds checks a slice.
    let all = p[0]..p[p.len() - 1];
    let mut is_left = &idx[all.clone()];
    let mut ls_left = l.map_or(&[][..], |l| &l[all]);
    for ((slot, seen), run) in w.iter_mut().zip(present.iter_mut()).zip(p.windows(2)) {
        let n = run[1] - run[0];
        if n == 0 {
            continue;
        }
        let is;
        (is, is_left) = is_left.split_at(n);
        let z = match l {
            // The indices stand in for the values `product` ignores.
            None => fold_run(add, (is, is), lanes_from, |_, i: I| {
                product(T::default(), i.to_u64())
            }),
            Some(_) => {
                let ls;
                (ls, ls_left) = ls_left.split_at(n);
                fold_run(add, (ls, is), lanes_from, |x, i: I| product(x, i.to_u64()))
            }
        };
        *slot = if INTO { add.f(*slot, z) } else { z };
        *seen = true;
        nvals += 1;
    }
    nvals
}

/// For each slot `s` that `allowed` admits, the fold by `add` of
/// `product(q, k)` over the positions `q` of its run `p[s]..p[s + 1]` whose
/// index `k = idx[q]` is flagged, handed to `set(s, z)` when there is one.
#[inline(always)]
fn flagged_runs<T: Copy, A: Op<T>, I: Idx>(
    p: &[usize],
    (idx, flags): (&[I], &[bool]),
    (allowed, set): (&impl Fn(usize) -> bool, &mut impl FnMut(usize, &T)),
    add: A,
    product: impl Fn(usize, usize) -> T,
) {
    for (s, run) in p.windows(2).enumerate() {
        if !allowed(s) {
            continue;
        }
        let mut entries = (run[0]..).zip(&idx[run[0]..run[1]]);
        let mut first = None;
        for (q, &k) in entries.by_ref() {
            let k = k.to_u64() as usize;
            if flags[k] {
                first = Some(product(q, k));
                break;
            }
        }
        let Some(mut z) = first else {
            continue;
        };
        for (q, &k) in entries {
            let k = k.to_u64() as usize;
            if flags[k] {
                z = add.f(z, product(q, k));
            }
        }
        set(s, &z);
    }
}

/// Bytes of a dense column up to which its reads hit the L1 cache: a dot
/// product against it then waits for its chain of dependent adds, which
/// [`fold_run`]'s lanes shorten (a scratch loop over runs of 64 to 4,096
/// random positions: 0.72 ns an entry in lanes against 0.84–1.01 left to
/// right, with a 32 KB column).
const L1_COLUMN_BYTES: usize = 1 << 15;

/// Bytes of a dense column up to which its reads hit the L2 cache: only
/// long runs gain from lanes (PageRank's product `A' * w` on a Kronecker
/// graph of scale 18, 1 MB `w`, whose hubs have rows of thousands:
/// 4.27–4.37 ms in lanes against 4.44–4.47 left to right).
const L2_COLUMN_BYTES: usize = 1 << 20;

/// The shortest run folded in lanes against a column in the L2 cache. A
/// shorter run's reads wait for the cache, not for the adds, and the lanes'
/// loop and tail only add branches that miss where run lengths vary: the
/// same product on a uniform random graph of scale 18 (rows of 32 on
/// average) took 4.8–5.1 ms with runs of 8 or more in lanes, 4.2–4.3 with
/// none (SuiteSparse 7.4: 6.6–6.8).
const L2_LANES_FROM: usize = 64;

/// The shortest run [`fold_run`] folds in lanes against a column of
/// `bytes`: 8 within [`L1_COLUMN_BYTES`], [`L2_LANES_FROM`] within
/// [`L2_COLUMN_BYTES`], none beyond, where every read waits for memory
/// (the product on the uniform graph of scale 20, 4 MB `w`: 31–32 ms with
/// runs of 8 or more in lanes, 19–20 with none, SuiteSparse 32; on the
/// Kronecker graph of scale 20, 24 and 20–22 ms, SuiteSparse 26–27).
pub(super) fn lanes_from(bytes: usize) -> usize {
    if bytes <= L1_COLUMN_BYTES {
        8
    } else if bytes <= L2_COLUMN_BYTES {
        L2_LANES_FROM
    } else {
        usize::MAX
    }
}

/// Folds `product(ls[k], is[k])` for `k` in `0..is.len()` (not empty; `ls`
/// is at least as long) by `add`. Runs of `lanes_from` or more (at least 5)
/// are folded as four interleaved partial results, combined at the end, so
/// that the chain of dependent adds is a quarter as long: the built-in
/// monoids are associative and commutative, and floating-point sums may
/// round differently from a left-to-right fold, as SuiteSparse's SIMD
/// reductions do. Such runs are walked four at a time through slices of
/// four, whose reads need no bounds checks (zipped `chunks_exact` iterators
/// cost a call with two divisions a run where the compiler did not inline
/// their constructor: 15 % of PageRank's product on a uniform graph).
#[inline(always)]
pub(super) fn fold_run<T: Copy, L: Copy, I: Copy, A: Op<T>>(
    add: A,
    (ls, is): (&[L], &[I]),
    lanes_from: usize,
    product: impl Fn(L, I) -> T,
) -> T {
    let n = is.len();
    let ls = &ls[..n];
    let p = |k: usize| product(ls[k], is[k]);
    // Short runs (a grid's rows of four) are folded without a loop, whose
    // exit the branch predictor misses once per run.
    let f = |x, y| add.f(x, y);
    match n {
        1 => return p(0),
        2 => return f(p(0), p(1)),
        3 => return f(f(p(0), p(1)), p(2)),
        4 => return f(f(f(p(0), p(1)), p(2)), p(3)),
        _ if n < lanes_from => {
            // Left to right, four entries an iteration: the compiler does
            // not unroll a loop whose reads have bounds checks, and a loop
            // of one entry spends as much on counting as on the entry
            // (PageRank's product on a uniform graph of scale 18: 3.2 ms a
            // call against 3.6–3.8).
            let whole = 1 + (n - 1) / 4 * 4;
            let mut z = p(0);
            for k in (1..whole).step_by(4) {
                let (l, i) = (&ls[k..k + 4], &is[k..k + 4]);
                for t in 0..4 {
                    z = f(z, product(l[t], i[t]));
                }
            }
            return (whole..n).fold(z, |z, k| f(z, p(k)));
        }
        _ => {}
    }
    let whole = n / 4 * 4;
    let mut acc = [p(0), p(1), p(2), p(3)];
    let (lq, iq) = (&ls[..whole], &is[..whole]);
    for k in (4..whole).step_by(4) {
        let (l, i) = (&lq[k..k + 4], &iq[k..k + 4]);
        for t in 0..4 {
            acc[t] = f(acc[t], product(l[t], i[t]));
        }
    }
    let z = f(f(acc[0], acc[1]), f(acc[2], acc[3]));
    (whole..n).fold(z, |z, k| f(z, p(k)))
}
