//! Dot-product products: `C(i,j) = L(i,:) · R(:,j)`, each entry folded in
//! increasing `k` by one task, stopping early when the monoid reaches its
//! terminal value.
//!
//! * [`Dot3`] computes only the entries present in a (non-complemented) mask:
//!   the kernel of `C<M> = A * B'` (triangle counting).
//! * [`Dot2`] computes every row of `L` against every column of `R`, checking
//!   the mask (often complemented) per entry: with `R` a single dense column
//!   this is the "pull" matrix-vector product. Against a dense `R` of
//!   several columns too large for the cache together, a block of rows is
//!   computed one column at a time (betweenness's `W * A'` by columns).
//!
//! `R`'s columns are read as sparse vectors (merged with `L`'s rows, galloping
//! when their lengths differ a lot) or by random access into a dense form.

use super::operand::{DenseCol, DenseView, MaskView};
use super::output::{parts, Parts, Product, Rows};
use super::schedule::{ranges_by_prefix, run_tasks, scratch};
use super::tiers::Job;
use super::values::typed::TypedSr;
use super::values::{by_reads, dot_rows_by_fold, fold_taken, oriented, DenseDots, Sr, Take};
use crate::algebra::arith::Arith;
use crate::algebra::typed_op::Op;
use crate::error::Result;
use crate::parallel;
use crate::storage::ranges::extend_copy;
use crate::storage::ArrayElement;
use crate::storage::{Array, Bitmap, Compressed};
use crate::work;
use std::ops::Range;

/// The columns of the right operand.
pub enum RCols<'a> {
    /// As compressed vectors (vector `j` is column `j`).
    Sparse(&'a Compressed),
    /// By random access.
    Dense(&'a DenseView<'a>),
}

/// Rows per block of the work measured to split a [`Dot3`] into tasks.
const WORK_BLOCK: usize = 256;
/// Blocks of [`WORK_BLOCK`] rows measured per parallel task.
const WORK_BLOCKS_PER_TASK: usize = 16;
/// Cap on each factor of a row's work in a [`Dot3`] (so a row counts at most 2^40).
const WORK_CAP: usize = 1 << 20;

/// Lengths below this ratio are merged; above it the shorter list gallops.
const GALLOP_RATIO: usize = 16;

/// `z = L(i,:) · R(:,j)` for the entries of `L`'s row at `lr`; false when
/// no `k` is shared.
#[inline]
fn dot<S: Sr>(sr: &S, z: &mut S::Z, l: &Compressed, lr: Range<usize>, r: &RCols, j: u64) -> bool {
    match r {
        RCols::Dense(d) => dot_dense(sr, z, &l.i[lr.clone()], lr.start, d, j),
        RCols::Sparse(rc) => {
            let rr = rc.vector_range(j);
            dot_sparse(
                sr,
                z,
                &l.i[lr.clone()],
                lr.start,
                &rc.i[rr.clone()],
                rr.start,
            )
        }
    }
}

/// The dot product of the sorted indices `a` (values from position `a0` of
/// `L`) with a dense column `j` of `R`.
fn dot_dense<S: Sr>(sr: &S, z: &mut S::Z, a: &[u64], a0: usize, d: &DenseView, j: u64) -> bool {
    dot_dense_col(sr, z, a, a0, d.col(j))
}

/// [`dot_dense`] with the column at hand.
#[inline(always)]
fn dot_dense_col<S: Sr>(sr: &S, z: &mut S::Z, a: &[u64], a0: usize, col: DenseCol) -> bool {
    work::count(a.len());
    if col.is_full() {
        let pairs = a
            .iter()
            .enumerate()
            .map(|(pa, &k)| (a0 + pa, col.position(k)));
        sr.fold(z, pairs)
    } else {
        let pairs = a
            .iter()
            .enumerate()
            .filter_map(|(pa, &k)| col.get(k).map(|q| (a0 + pa, q)));
        sr.fold(z, pairs)
    }
}

/// The positions of the common indices of two sorted lists, by merging.
struct Merge<'x> {
    a: &'x [u64],
    b: &'x [u64],
    pa: usize,
    pb: usize,
}

impl Iterator for Merge<'_> {
    type Item = (usize, usize);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, usize)> {
        while self.pa < self.a.len() && self.pb < self.b.len() {
            let (ka, kb) = (self.a[self.pa], self.b[self.pb]);
            if ka == kb {
                self.pa += 1;
                self.pb += 1;
                return Some((self.pa - 1, self.pb - 1));
            }
            self.pa += (ka < kb) as usize;
            self.pb += (kb < ka) as usize;
        }
        None
    }
}

/// The positions in `long` of the indices of `short` it holds, by searching.
fn gallop<'x>(short: &'x [u64], long: &'x [u64]) -> impl Iterator<Item = (usize, usize)> + 'x {
    let mut p = 0;
    short
        .iter()
        .enumerate()
        .map_while(move |(ps, &k)| {
            p += long[p..].partition_point(|&x| x < k);
            (p < long.len()).then(|| (long[p] == k).then_some((ps, p)))
        })
        .flatten()
}

/// The dot product of sorted index lists `a` and `b` (values from positions
/// `a0` of `L` and `b0` of `R`): merged, or the shorter list searched in the
/// longer one when their lengths differ a lot.
#[inline(always)]
fn dot_sparse<S: Sr>(sr: &S, z: &mut S::Z, a: &[u64], a0: usize, b: &[u64], b0: usize) -> bool {
    if a.is_empty() || b.is_empty() || a[0] > b[b.len() - 1] || b[0] > a[a.len() - 1] {
        work::count(1);
        return false;
    }
    if a.len() * GALLOP_RATIO < b.len() {
        work::count(a.len() * (b.len().ilog2() as usize + 1));
        sr.fold(z, gallop(a, b).map(|(pa, pb)| (a0 + pa, b0 + pb)))
    } else if b.len() * GALLOP_RATIO < a.len() {
        work::count(b.len() * (a.len().ilog2() as usize + 1));
        sr.fold(z, gallop(b, a).map(|(pb, pa)| (a0 + pa, b0 + pb)))
    } else {
        work::count(a.len() + b.len());
        let merge = Merge { a, b, pa: 0, pb: 0 };
        sr.fold(z, merge.map(|(pa, pb)| (a0 + pa, b0 + pb)))
    }
}

/// Runs `row(range, out)` over `ranges` of rows in parallel, each task
/// writing into its own `new()` output.
fn by_rows<S: Sr, O: Send>(
    sr: &S,
    ranges: &[Range<usize>],
    new: impl Fn() -> O + Sync,
    row: impl Fn(&mut S::Z, Range<usize>, &mut O) + Sync,
) -> Vec<O> {
    run_tasks(ranges.len(), |s, t| {
        let mut out = new();
        row(scratch(s, || sr.z()), ranges[t].clone(), &mut out);
        out
    })
}

/// The entries of `C = L * R` present in the mask `mask` (rows of `C`).
pub struct Dot3<'a> {
    /// Rows of the left operand.
    pub l: &'a Compressed,
    /// Columns of the right operand.
    pub r: RCols<'a>,
    /// The positions to compute.
    pub mask: &'a Compressed,
}

impl Dot3<'_> {
    /// Ranges of the mask's rows with about equal work, a row's work being
    /// its entries times its row of `L`. The work is summed per block of
    /// [`WORK_BLOCK`] rows, so the ranges are whole blocks: a prefix per row
    /// cost more than a small product's dot products.
    fn row_ranges(&self) -> Vec<Range<usize>> {
        let (l, m) = (self.l, self.mask);
        let n = m.nvec();
        // Each factor is capped so that a row's work fits without checks.
        let work = |m_len: usize, l_len: usize| m_len.min(WORK_CAP) * (l_len + 1).min(WORK_CAP);
        let aligned = m.h.is_none() && l.h.is_none() && m.p.len() == l.p.len();
        let blocks = n.div_ceil(WORK_BLOCK);
        let block_work = parallel::map(blocks, WORK_BLOCKS_PER_TASK, |b| {
            let rows = b * WORK_BLOCK..((b + 1) * WORK_BLOCK).min(n);
            if aligned {
                // Row k of the mask is row k of `L`: both pointer arrays streamed.
                let (mp, lp) = (&m.p[rows.start..=rows.end], &l.p[rows.start..=rows.end]);
                mp.windows(2)
                    .zip(lp.windows(2))
                    .map(|(mp, lp)| work(mp[1] - mp[0], lp[1] - lp[0]))
                    .sum::<usize>()
            } else {
                rows.map(|kk| work(m.range(kk).len(), l.vector_range(m.vector_id(kk)).len()))
                    .sum()
            }
        });
        let mut before = Vec::with_capacity(blocks + 1);
        before.push(0usize);
        for w in block_work {
            before.push(before[before.len() - 1].saturating_add(w));
        }
        ranges_by_prefix(blocks, |b| before[b])
            .into_iter()
            .map(|r| r.start * WORK_BLOCK..(r.end * WORK_BLOCK).min(n))
            .collect()
    }

    /// Computes the mask's entries of the rows `rows` (indices of the mask's
    /// vectors): `entry(out, z, j)` for each entry `(i, j)` that has a value
    /// `z`, then `end(out, i)` for each row `i`.
    fn rows<S: Sr, O>(
        &self,
        sr: &S,
        w: &mut S::Z,
        rows: Range<usize>,
        out: &mut O,
        entry: impl Fn(&mut O, &S::Z, u64),
        end: impl Fn(&mut O, u64),
    ) {
        let (l, m) = (self.l, self.mask);
        for kk in rows {
            let i = m.vector_id(kk);
            let lr = l.vector_range(i);
            work::count(1 + m.range(kk).len());
            if lr.is_empty() {
                continue;
            }
            let (a, a0) = (&l.i[lr.clone()], lr.start);
            // The operand's form is tested once per row, not per entry.
            match &self.r {
                RCols::Sparse(rc) if rc.h.is_none() => {
                    // Column `j` is vector `j`: its range read straight
                    // from the pointers.
                    let (rp, ri) = (&rc.p[..], &rc.i[..]);
                    for &j in &m.i[m.range(kk)] {
                        let (b0, b1) = (rp[j as usize], rp[j as usize + 1]);
                        if dot_sparse(sr, w, a, a0, &ri[b0..b1], b0) {
                            entry(out, w, j);
                        }
                    }
                }
                RCols::Sparse(rc) => {
                    for &j in &m.i[m.range(kk)] {
                        let rr = rc.vector_range(j);
                        if dot_sparse(sr, w, a, a0, &rc.i[rr.clone()], rr.start) {
                            entry(out, w, j);
                        }
                    }
                }
                RCols::Dense(d) => {
                    for &j in &m.i[m.range(kk)] {
                        if dot_dense(sr, w, a, a0, d, j) {
                            entry(out, w, j);
                        }
                    }
                }
            }
            end(out, i);
        }
    }
}

impl Job for Dot3<'_> {
    type Out = Parts;

    fn run<S: Sr>(self, sr: &S) -> Parts {
        // Each task's rows, and where its current row started.
        let tasks = by_rows(
            sr,
            &self.row_ranges(),
            || (Rows::new(sr), 0),
            |w, rows, out| {
                self.rows(
                    sr,
                    w,
                    rows,
                    out,
                    |(out, _), z, j| {
                        out.i.push(j);
                        sr.z_push(&mut out.w, z);
                    },
                    |(out, start), i| {
                        out.end_row(i, *start);
                        *start = out.i.len();
                    },
                )
            },
        );
        let rows = tasks.into_iter().map(|(rows, _)| rows).collect();
        parts(sr, rows, self.mask.vlen, self.mask.vdim)
    }
}

/// The rows of `C<M> = L * R` (`M` not complemented) each folded with the
/// semiring's monoid, without forming `C`: the kernel of a reduction of a
/// masked product. The result is one vector with an entry for every row of
/// `C` that has one; each row is folded in increasing column order.
pub struct Dot3Rows<'a>(pub Dot3<'a>);

/// The folded rows of one task: row ids and their values.
struct Folded<W, Z> {
    ids: Vec<u64>,
    w: W,
    /// The fold of the current row, when it has a value yet.
    acc: Option<Z>,
}

impl Job for Dot3Rows<'_> {
    type Out = Compressed;

    fn run<S: Sr>(self, sr: &S) -> Compressed {
        let dot3 = &self.0;
        let new = || Folded {
            ids: Vec::new(),
            w: sr.alloc(0),
            acc: None,
        };
        let parts = by_rows(sr, &dot3.row_ranges(), new, |w, rows, out| {
            dot3.rows(
                sr,
                w,
                rows,
                out,
                |out, z, _| match &mut out.acc {
                    Some(acc) => sr.z_combine(acc, z),
                    None => out.acc = Some(z.clone()),
                },
                |out, i| {
                    if let Some(acc) = out.acc.take() {
                        out.ids.push(i);
                        sr.z_push(&mut out.w, &acc);
                    }
                },
            )
        });
        let mut parts = parts.into_iter();
        let (mut ids, mut w) = match parts.next() {
            Some(first) => (first.ids, first.w),
            None => (Vec::new(), sr.alloc(0)),
        };
        for part in parts {
            ids.extend_from_slice(&part.ids);
            sr.append(&mut w, &part.w);
        }
        Compressed::vector(dot3.mask.vdim, ids, sr.to_array(w))
    }
}

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
                let mr = &rows.i[rows.vector_range(i)];
                if mr.is_empty() && !complement {
                    return;
                }
                let mut q = 0;
                for &j in cols {
                    q += mr[q..].partition_point(|&x| x < j);
                    let present = q < mr.len() && mr[q] == j;
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
                            idx: &l.i,
                            col,
                        },
                        &ranges,
                    ) {
                        return column_of_slots(sr, w, present, nvals, l);
                    }
                }
                self.pull_with(sr, |_, rows, chunk| {
                    let p = &l.p[rows.start..=rows.end];
                    let dots = DenseDots { p, idx: &l.i, col };
                    chunk.nvals = sr.dot_rows_full(dots, &mut chunk.w, &mut chunk.present);
                })
            }
            (RCols::Dense(d), MaskView::Dense(m)) => {
                let (col, mask) = (d.col(0), m.col(0));
                self.pull_rows(
                    sr,
                    |i| mask.allows(i),
                    |z, a, a0| dot_dense_col(sr, z, a, a0, col),
                )
            }
            (RCols::Dense(d), mask) => {
                let col = d.col(0);
                self.pull_rows(
                    sr,
                    |i| mask.allows(i, 0),
                    |z, a, a0| dot_dense_col(sr, z, a, a0, col),
                )
            }
            (RCols::Sparse(rc), mask) => {
                let rr = rc.vector_range(0);
                let (b, b0) = (&rc.i[rr.clone()], rr.start);
                self.pull_rows(
                    sr,
                    |i| mask.allows(i, 0),
                    |z, a, a0| dot_sparse(sr, z, a, a0, b, b0),
                )
            }
        }
    }

    /// [`Dot2::pull`] row by row, with the mask test `allowed(i)` and the dot
    /// product `dot(z, indices, position)` of a row of `L`.
    fn pull_rows<S: Sr>(
        &self,
        sr: &S,
        allowed: impl Fn(u64) -> bool + Sync,
        dot: impl Fn(&mut S::Z, &[u64], usize) -> bool + Sync,
    ) -> Product {
        let l = self.l;
        self.pull_with(sr, |z, rows, chunk| {
            for (slot, kk) in rows.enumerate() {
                let lr = l.range(kk);
                work::count(1);
                if !lr.is_empty() && allowed(l.vector_id(kk)) && dot(z, &l.i[lr.clone()], lr.start)
                {
                    chunk.present[slot] = true;
                    sr.z_set(&mut chunk.w, slot, z);
                    chunk.nvals += 1;
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
            idx: &l.i,
            col: self.col,
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
        let by_columns = self.dense_beyond_cache(&cols);
        let rows = by_rows(
            sr,
            &ranges,
            || Rows::new(sr),
            |w, rows, out| {
                if by_columns {
                    let mut block = ColumnBlock::new(sr);
                    for start in rows.clone().step_by(BLOCK_ROWS) {
                        let end = (start + BLOCK_ROWS).min(rows.end);
                        self.rows_by_columns(sr, w, start..end, &cols, &mut block, out);
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

/// Rows of `L` that [`Dot2::rows_by_columns`] computes together.
const BLOCK_ROWS: usize = 4096;
/// Bytes of a dense `R` up to which its columns share the cache.
const DENSE_CACHED_BYTES: usize = 1 << 20;

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

impl Dot2<'_> {
    /// Whether `R` is dense with several columns that together do not fit
    /// in the cache: a row's dot products with each column then read
    /// scattered positions of every column, missing the cache where one
    /// column at a time stays in it (SuiteSparse cuts its dot2 tasks by
    /// columns of `R` for the same reason).
    fn dense_beyond_cache(&self, cols: &[u64]) -> bool {
        let RCols::Dense(d) = &self.r else {
            return false;
        };
        let bytes = d.values.len() * (d.values.elem_size() + 1);
        cols.len() > 1 && bytes > DENSE_CACHED_BYTES
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
            for (slot, kk) in rows.clone().enumerate() {
                let lr = l.range(kk);
                work::count(1);
                if lr.is_empty() || !self.mask.allows(l.vector_id(kk), j) {
                    continue;
                }
                if dot(sr, z, l, lr, &self.r, j) {
                    let s = slot * cols.len() + c;
                    block.present[s] = true;
                    sr.z_set(&mut block.w, s, z);
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
        let DenseDots { p, idx, col } = dots;
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
        // Whether to fold into `w` is a constant of each loop: a test per
        // slot cost 10 % on short rows.
        macro_rules! runs {
            ($l:expr, $product:expr) => {
                if into {
                    fold_runs::<true, _, _>(p, $l, idx, w, present, add, $product)
                } else {
                    fold_runs::<false, _, _>(p, $l, idx, w, present, add, $product)
                }
            };
        }
        by_reads!(M, (self.read_l, self.read_r, self.flip), |L, R, FLIP| {
            if !L && !R {
                by_fold(w, present)
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

    /// [`Sr::dot_all_rows_full`] in the typed tier.
    pub(crate) fn dot_all_slots_full(
        &self,
        dots: DenseDots<'_>,
        ranges: &[Range<usize>],
    ) -> (Vec<T>, Vec<bool>, usize) {
        let n = dots.p.len().saturating_sub(1);
        let (w, present, counts) =
            parallel::map_ranges_new(n, (T::default(), false), ranges, |t, w, present| {
                let rows = &ranges[t];
                let p = &dots.p[rows.start..=rows.end];
                self.dot_slots_full(DenseDots { p, ..dots }, w, present, false)
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
        Some(fold_taken(take, |values: &mut Vec<T>| {
            let mut present = vec![false; n];
            parallel::map_ranges_mut(&mut values[..n], &mut present, ranges, |t, c, present| {
                let rows = &ranges[t];
                let p = &dots.p[rows.start..=rows.end];
                self.dot_slots_full(DenseDots { p, ..dots }, c, present, true)
            });
        }))
    }
}

/// For each slot `s` whose run `p[s]..p[s + 1]` is not empty, `w[s]` = the
/// fold `z` by `add` of `product(l[q], idx[q])` over the run (with `INTO`,
/// `w[s] = add(w[s], z)`), with `present[s]` set; returns how many runs are
/// not empty. `l` is `None` when `product` ignores it (it then gets
/// `T::default()`).
#[inline(always)]
fn fold_runs<const INTO: bool, T: Copy + Default, A: Op<T>>(
    p: &[usize],
    l: Option<&[T]>,
    idx: &[u64],
    w: &mut [T],
    present: &mut [bool],
    add: A,
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
            None => fold_run(add, is, is, |_, i| product(T::default(), i)),
            Some(_) => {
                let ls;
                (ls, ls_left) = ls_left.split_at(n);
                fold_run(add, ls, is, &product)
            }
        };
        *slot = if INTO { add.f(*slot, z) } else { z };
        *seen = true;
        nvals += 1;
    }
    nvals
}

/// Folds `product(ls[k], is[k])` for `k` in `0..is.len()` (not empty; `ls`
/// is at least as long) by `add`. Long runs are folded as four interleaved
/// partial results, combined at the end, so that the chain of dependent adds
/// is a quarter as long: the built-in monoids are associative and
/// commutative, and floating-point sums may round differently from a
/// left-to-right fold, as SuiteSparse's SIMD reductions do. The runs are
/// walked in chunks of four, whose reads need no bounds checks.
#[inline(always)]
fn fold_run<T: Copy, L: Copy, A: Op<T>>(
    add: A,
    ls: &[L],
    is: &[u64],
    product: impl Fn(L, u64) -> T,
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
        _ => {}
    }
    let (lc, ic) = (ls.chunks_exact(4), is.chunks_exact(4));
    let tail = lc.remainder().iter().zip(ic.remainder());
    let mut quads = lc.zip(ic);
    let (l, i) = quads.next().expect("a run of more than four");
    let mut acc = [
        product(l[0], i[0]),
        product(l[1], i[1]),
        product(l[2], i[2]),
        product(l[3], i[3]),
    ];
    let z = if n >= 8 {
        for (l, i) in quads {
            for t in 0..4 {
                acc[t] = f(acc[t], product(l[t], i[t]));
            }
        }
        f(f(acc[0], acc[1]), f(acc[2], acc[3]))
    } else {
        f(f(f(acc[0], acc[1]), acc[2]), acc[3])
    };
    tail.fold(z, |z, (&l, &i)| f(z, product(l, i)))
}

#[cfg(test)]
mod tests;
