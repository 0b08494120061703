//! The push product of one vector with a matrix into a dense result: `c = l * R`
//! for a single row `l` whose products cover enough of `c`'s positions
//! (PageRank's `w * A`, a large BFS frontier). A mask is applied to the
//! result afterwards ([`keep_allowed`]): a product this dense costs about as
//! much per position checked as per product a masked kernel would skip.
//!
//! The entries of `l` are cut into a few pieces of about equal work, by their
//! rows' lengths in `R`. Each piece scatters its rows into a workspace of its
//! own the length of `c` (values and flags), so no two tasks touch one slot;
//! then the workspaces are merged into the first, in piece order, split by
//! positions. The number of pieces depends on the sizes only, never on the
//! thread count, so every entry is folded in the same order on any pool.

use super::operand::{MaskView, Row};
use super::output::Product;
use super::tiers::Job;
use super::values::typed::TypedSr;
use super::values::{by_reads, fold_taken, oriented, Pushed, Sr, Take};
use crate::algebra::arith::Arith;
use crate::algebra::typed_op::Op;
use crate::error::Result;
use crate::parallel;
use crate::storage::ArrayElement;
use crate::storage::{Array, Bitmap, Compressed, Idx};
use std::ops::Range;

/// A vector times a matrix is pushed into dense workspaces when its products
/// number at least this fraction of the result's positions.
const DENSE_PUSH: f64 = 0.25;

/// At most this many workspaces (each the length of the result).
const MAX_PIECES: usize = 2;

/// Positions merged per task.
const MERGE_CHUNK: usize = 1 << 14;

/// Whether [`PushDense`] computes a product of `l_rows` rows with `flops`
/// products into rows of `width` positions.
pub fn applies(l_rows: u64, flops: f64, width: u64) -> bool {
    l_rows == 1 && flops >= width as f64 * DENSE_PUSH
}

/// How many workspaces a push of `flops` products into `width` positions
/// uses: enough products per piece to pay for merging its workspace (a
/// second piece halves the scatter and adds a merge of `width` positions,
/// itself split over the threads), so from `1.5 * width` products on.
pub fn piece_count(flops: usize, width: usize) -> usize {
    let width = width.max(1);
    (flops.saturating_add(width) / width.saturating_mul(2)).clamp(1, MAX_PIECES)
}

/// The push product of the single row `l` with the rows of `r` (not
/// hypersparse). Runs to `None` when the product does not have that shape or
/// is too sparse for dense workspaces, or the semiring's tier does not push.
pub struct PushDense<'a> {
    /// The row vector.
    pub l: Row<'a>,
    /// Rows of the right operand.
    pub r: &'a Compressed,
}

impl PushDense<'_> {
    /// The entries of `l` (value positions) cut into pieces of about equal
    /// work, or `None` when the product is not pushed.
    pub fn pieces(&self) -> Option<Vec<Range<usize>>> {
        let r = self.r;
        if r.h.is_some() {
            return None;
        }
        // The work before each entry: `R`'s own pointers when the row holds
        // every index (or is a bitmap: pieces are then cut as if it held
        // every index), else summed once.
        let summed;
        let (entries, before): (Range<usize>, &[usize]) = match self.l {
            Row::Full => (0..r.nvec(), &r.p),
            Row::Bitmap(b) if b.len() == r.nvec() => (0..r.nvec(), &r.p),
            Row::Sparse(l) if l.vdim == 1 && l.nvec() == 1 => {
                let entries = l.range(0);
                let rows = l.i.idx_range(entries.clone());
                if rows.len() == r.nvec() {
                    (entries, &r.p)
                } else {
                    summed = std::iter::once(0)
                        .chain(rows.iter().scan(0, |done, i| {
                            *done += r.range(i as usize).len();
                            Some(*done)
                        }))
                        .collect::<Vec<_>>();
                    (entries, &summed)
                }
            }
            _ => return None,
        };
        let n_entries = entries.len();
        let span = before[n_entries];
        let total = match self.l {
            // Without a branch per row: the flags are unpredictable.
            Row::Bitmap(b) => b
                .iter()
                .zip(r.p.windows(2))
                .map(|(&held, ends)| (ends[1] - ends[0]) * held as usize)
                .sum(),
            Row::Full | Row::Sparse(_) => span,
        };
        let width = usize::try_from(r.vlen).ok()?;
        if !applies(1, total as f64, r.vlen) {
            return None;
        }
        // Piece `t` ends at the first entry before which `t / count` of the
        // work is done.
        let count = piece_count(total, width);
        // The products, and each workspace cleared and merged.
        crate::work::count(total + width * count);
        let mut cuts: Vec<usize> = (1..count)
            .map(|t| before.partition_point(|&b| b * count < span * t))
            .collect();
        cuts.push(n_entries);
        let mut start = 0;
        let pieces = cuts
            .into_iter()
            .filter_map(|end| {
                let piece = entries.start + start..entries.start + end;
                start = end;
                (!piece.is_empty()).then_some(piece)
            })
            .collect();
        Some(pieces)
    }
}

impl Job for PushDense<'_> {
    type Out = Option<Product>;

    fn run<S: Sr>(self, sr: &S) -> Option<Product> {
        let pieces = self.pieces()?;
        let push = Pushed {
            l: self.l,
            r: self.r,
            pieces: &pieces,
        };
        let (w, present, nvals) = sr.push_dense(push)?;
        Some(Product::Column(Bitmap {
            vlen: self.r.vlen,
            vdim: 1,
            b: present,
            x: sr.to_array(w),
            nvals,
        }))
    }
}

/// Clears the flags of the positions of a pushed row (row 0 of `mask`'s
/// rows) that `mask` does not allow, counting those left: a product's
/// result holds entries only where its mask allows.
pub fn keep_allowed(row: &mut Bitmap, mask: &MaskView) {
    match mask {
        MaskView::None => {}
        MaskView::Dense(d) => {
            let allowed = d.row(0);
            let counts = parallel::map_chunks_mut(&mut row.b, MERGE_CHUNK, |range, flags| {
                let mut kept = 0;
                for (j, flag) in (range.start as u64..).zip(flags) {
                    *flag &= allowed.allows(j);
                    kept += usize::from(*flag);
                }
                kept
            });
            row.nvals = counts.iter().sum();
        }
        MaskView::Rows { rows, complement } => {
            let marked = rows.i.idx_range(rows.vector_range(0));
            if *complement {
                for j in marked.iter() {
                    let flag = &mut row.b[j as usize];
                    row.nvals -= usize::from(*flag);
                    *flag = false;
                }
            } else {
                let (mut kept, mut nvals) = (vec![false; row.b.len()], 0);
                for j in marked.iter() {
                    let flag = row.b[j as usize];
                    kept[j as usize] = flag;
                    nvals += usize::from(flag);
                }
                (row.b, row.nvals) = (kept, nvals);
            }
        }
    }
}

/// The push product folded into the values of a full result with the
/// semiring's monoid (see [`Sr::push_into`]): `c = c ⊕ l * R`, PageRank's
/// `r += w * A`, with no workspace for the first piece and no flags.
pub struct PushInto<'a> {
    /// The product.
    pub push: PushDense<'a>,
    /// Its pieces ([`PushDense::pieces`]).
    pub pieces: Vec<Range<usize>>,
    /// Hands over the result's values.
    pub take: Take<'a>,
}

impl Job for PushInto<'_> {
    type Out = Option<Result<Array>>;

    fn run<S: Sr>(self, sr: &S) -> Option<Result<Array>> {
        let push = Pushed {
            l: self.push.l,
            r: self.push.r,
            pieces: &self.pieces,
        };
        sr.push_into(push, self.take)
    }
}

/// How a scatter treats the slots it folds products into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slots {
    /// Every slot holds a value already (a full result, or a workspace
    /// started at an exact identity whose flags are not needed): products
    /// are folded in and no flag is touched.
    Full,
    /// Every slot starts at an exact identity: products are folded in
    /// without testing the flag, which is set.
    Exact,
    /// A slot holds a value only where its flag is set: an empty slot takes
    /// the product.
    Flagged,
}

/// Scatters the products of a piece of the row's entries (positions in
/// `l`) into a workspace's values and flags (no flags with [`Slots::Full`]).
pub type Scatter<'a, T> = dyn Fn(&mut [T], &mut [bool], Range<usize>) + Sync + 'a;

/// The body of [`Sr::push_dense`] for slot values of type `T`: each piece
/// of positions of `l` is scattered by `scatter(w, present, piece)` into a
/// workspace of `width` slots of its own, in parallel; then the workspaces
/// are merged into the first with `combine(first, later)`. With `start`, an
/// exact identity of `combine` (see [`Op::exact_identity`]),
/// every slot starts at it and the merge combines every slot; otherwise a
/// slot holds a value only where its flag is set. Returns the values, the
/// flags and how many are set.
pub fn scatter_and_merge<T: Copy + Default + Send + Sync>(
    width: usize,
    pieces: &[Range<usize>],
    start: Option<T>,
    scatter: &Scatter<'_, T>,
    combine: impl Fn(T, T) -> T + Sync,
) -> (Vec<T>, Vec<bool>, usize) {
    let fill = start.unwrap_or_default();
    let workspace = || (vec![fill; width], vec![false; width]);
    let mut spaces = parallel::map(pieces.len(), 1, |t| {
        let (mut w, mut present) = workspace();
        scatter(&mut w, &mut present, pieces[t].clone());
        (w, present)
    });
    let (mut w, mut present) = match spaces.is_empty() {
        true => workspace(),
        false => spaces.remove(0),
    };
    let chunks = parallel::chunk_ranges(width, MERGE_CHUNK);
    let counts = parallel::map_ranges_mut(&mut w, &mut present, &chunks, |t, w, set| {
        let at = chunks[t].start;
        for (ow, op) in &spaces {
            let (ow, op) = (&ow[at..at + w.len()], &op[at..at + w.len()]);
            if start.is_some() {
                for (s, (&later, &has)) in ow.iter().zip(op).enumerate() {
                    w[s] = combine(w[s], later);
                    set[s] |= has;
                }
            } else {
                for (s, (&later, &has)) in ow.iter().zip(op).enumerate() {
                    if has {
                        w[s] = if set[s] { combine(w[s], later) } else { later };
                        set[s] = true;
                    }
                }
            }
        }
        set.iter().filter(|&&b| b).count()
    });
    (w, present, counts.iter().sum())
}

/// The body of [`Sr::push_into`] for values of type `T`: the first piece is
/// scattered straight into `c`, each later one into a workspace of its own
/// that starts at `start` (an exact identity of `combine`; required when
/// there is more than one piece), in parallel; then the workspaces are
/// folded into `c`, in piece order, split by positions.
pub fn scatter_into<T: Copy + Send + Sync>(
    c: &mut [T],
    pieces: &[Range<usize>],
    start: Option<T>,
    scatter: &Scatter<'_, T>,
    combine: impl Fn(T, T) -> T + Sync,
) {
    let fill = match (pieces, start) {
        ([], _) => return,
        ([piece], _) => return scatter(c, &mut [], piece.clone()),
        (_, Some(fill)) => fill,
        (_, None) => unreachable!("several pieces need an exact identity"),
    };
    let width = c.len();
    let mut targets: Vec<Option<&mut [T]>> = Vec::with_capacity(pieces.len());
    targets.push(Some(&mut *c));
    targets.resize_with(pieces.len(), || None);
    let spaces = parallel::map_items(
        targets.into_iter().zip(pieces.iter().cloned()).collect(),
        |(target, piece)| match target {
            Some(c) => {
                scatter(c, &mut [], piece);
                None
            }
            None => {
                let mut w = vec![fill; width];
                scatter(&mut w, &mut [], piece);
                Some(w)
            }
        },
    );
    let spaces: Vec<Vec<T>> = spaces.into_iter().flatten().collect();
    parallel::for_each_chunk_mut(c, MERGE_CHUNK, |range, part| {
        for w in &spaces {
            for (s, &later) in part.iter_mut().zip(&w[range.clone()]) {
                *s = combine(*s, later);
            }
        }
    });
}

impl<T: Arith + ArrayElement, A: Op<T>, M: Op<T>> TypedSr<'_, T, A, M> {
    /// [`Sr::push_dense`] in the typed tier.
    pub(crate) fn push_slots(&self, push: Pushed<'_>) -> Option<(Vec<T>, Vec<bool>, usize)> {
        let Pushed { l, r, pieces } = push;
        let width = usize::try_from(r.vlen).ok()?;
        let start = self.add.exact_identity().filter(|_| !self.any);
        let slots = match start {
            Some(_) => Slots::Exact,
            None => Slots::Flagged,
        };
        let combine = self.push_combine();
        self.with_scatter(l, r, slots, |scatter| {
            Some(scatter_and_merge(width, pieces, start, scatter, combine))
        })
    }

    /// [`Sr::push_into`] in the typed tier.
    pub(crate) fn push_slots_into(
        &self,
        push: Pushed<'_>,
        take: Take<'_>,
    ) -> Option<Result<Array>> {
        let Pushed { l, r, pieces } = push;
        if self.any {
            return None;
        }
        // Pieces after the first fold into workspaces that start at an
        // exact identity; without one, a single piece folds into `c`.
        let start = self.add.exact_identity();
        let whole = pieces.first()?.start..pieces.last()?.end;
        let pieces = match start {
            Some(_) => pieces,
            None => std::slice::from_ref(&whole),
        };
        let combine = self.push_combine();
        Some(fold_taken(take, |values: &mut Vec<T>| {
            self.with_scatter(l, r, Slots::Full, |scatter| {
                scatter_into(values, pieces, start, scatter, combine)
            })
        }))
    }

    /// The monoid as a push folds products into slots (ANY keeps the first).
    fn push_combine(&self) -> impl Fn(T, T) -> T + Copy + Sync {
        let (any, add) = (self.any, self.add);
        move |a: T, b: T| if any { a } else { add.f(a, b) }
    }

    /// Calls `body` with the scatter of the row `l` times the rows of `r`
    /// (see [`scatter_rows`]), its slots treated as `slots` says: one loop
    /// per way the multiply reads its inputs, as in `fold`.
    fn with_scatter<R>(
        &self,
        l: Row<'_>,
        r: &Compressed,
        slots: Slots,
        body: impl FnOnce(&Scatter<'_, T>) -> R,
    ) -> R {
        let (lv, rv, mul, zero) = (self.l, self.r, self.mul, T::ZERO);
        let combine = self.push_combine();
        macro_rules! scatter {
            ($product:expr) => {
                body(&scatter_rows(l, r, slots, combine, $product))
            };
        }
        by_reads!(M, (self.read_l, self.read_r, self.flip), |L, R, FLIP| {
            scatter!(move |q, rp| {
                let (x, y) = (if L { lv[q] } else { zero }, if R { rv[rp] } else { zero });
                oriented(mul, FLIP, x, y)
            })
        }, else |flip| {
            let zeros = [T::ZERO];
            let ((lv, lm), (rv, rm)) = self.masked(&zeros);
            if flip {
                scatter!(move |q, rp| mul.f(rv[rp & rm], lv[q & lm]))
            } else {
                scatter!(move |q, rp| mul.f(lv[q & lm], rv[rp & rm]))
            }
        })
    }
}

/// The scatter of a piece of the row `l` in [`Sr::push_dense`]: for each
/// entry `q`, row `l.index(q)` of `r` times that entry, each product folded
/// into its column's slot with `combine`, the slots and their flags treated
/// as `slots` says.
#[inline(always)]
fn scatter_rows<'a, T: Copy, P: Fn(usize, usize) -> T + Sync + Copy + 'a>(
    l: Row<'a>,
    r: &'a Compressed,
    slots: Slots,
    combine: impl Fn(T, T) -> T + Sync + Copy + 'a,
    product: P,
) -> impl Fn(&mut [T], &mut [bool], Range<usize>) + Sync + 'a {
    // The index array, the product and the fold are read through local
    // copies, and each row's entries through an iterator: through `r.i[rp]`
    // and references the loop reloaded addresses and lengths for every entry.
    let ri = r.i.as_idx();
    move |w, present, piece| {
        let (product, combine) = (product, combine);
        crate::with_idx!(ri, ri => match slots {
            Slots::Full => {
                for q in piece {
                    let rows = pushed_row(l, r, q);
                    for (rp, &j) in rows.clone().zip(&ri[rows]) {
                        let j = j.zx();
                        w[j] = combine(w[j], product(q, rp));
                    }
                }
            }
            Slots::Exact => {
                let present = &mut present[..w.len()];
                for q in piece {
                    let rows = pushed_row(l, r, q);
                    for (rp, &j) in rows.clone().zip(&ri[rows]) {
                        let j = j.zx();
                        w[j] = combine(w[j], product(q, rp));
                        present[j] = true;
                    }
                }
            }
            Slots::Flagged => {
                let present = &mut present[..w.len()];
                for q in piece {
                    let rows = pushed_row(l, r, q);
                    for (rp, &j) in rows.clone().zip(&ri[rows]) {
                        let j = j.zx();
                        let z = product(q, rp);
                        w[j] = if present[j] { combine(w[j], z) } else { z };
                        present[j] = true;
                    }
                }
            }
        })
    }
}

/// The entries of the row of `r` that entry `q` of `l` multiplies (none
/// where a bitmap `l` holds no entry).
#[inline(always)]
fn pushed_row(l: Row<'_>, r: &Compressed, q: usize) -> Range<usize> {
    if l.holds(q) {
        r.range(l.index(q))
    } else {
        0..0
    }
}
