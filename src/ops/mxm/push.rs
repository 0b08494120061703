//! The push product of one vector with a matrix into a dense result: `c = l * R`
//! for a single row `l`, without a mask, whose products cover enough of
//! `c`'s positions (PageRank's `w * A`, a large BFS frontier).
//!
//! The entries of `l` are cut into a few pieces of about equal work, by their
//! rows' lengths in `R`. Each piece scatters its rows into a workspace of its
//! own the length of `c` (values and flags), so no two tasks touch one slot;
//! then the workspaces are merged into the first, in piece order, split by
//! positions. The number of pieces depends on the sizes only, never on the
//! thread count, so every entry is folded in the same order on any pool.

use super::output::Product;
use super::tiers::Job;
use super::values::Sr;
use crate::parallel;
use crate::storage::{Bitmap, Compressed};
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
pub fn applies(l_rows: u64, masked: bool, flops: f64, width: u64) -> bool {
    l_rows == 1 && !masked && flops >= width as f64 * DENSE_PUSH
}

/// How many workspaces a push of `flops` products into `width` positions
/// uses: enough products per piece to pay for merging its workspace (a
/// second piece halves the scatter and adds a merge of `width` positions,
/// itself split over the threads), so from `1.5 * width` products on.
fn piece_count(flops: usize, width: usize) -> usize {
    let width = width.max(1);
    (flops.saturating_add(width) / width.saturating_mul(2)).clamp(1, MAX_PIECES)
}

/// The push product of the single row `l` (one held vector, `vdim == 1`)
/// with the rows of `r` (not hypersparse). Runs to `None` when the product
/// does not have that shape or is too sparse for dense workspaces, or the
/// semiring's tier does not push.
pub struct PushDense<'a> {
    /// The row vector.
    pub l: &'a Compressed,
    /// Rows of the right operand.
    pub r: &'a Compressed,
}

impl PushDense<'_> {
    /// The entries of `l` (positions in `l.i`) cut into pieces of about
    /// equal work, or `None` when the product is not pushed.
    fn pieces(&self) -> Option<Vec<Range<usize>>> {
        let (l, r) = (self.l, self.r);
        if l.vdim != 1 || l.nvec() != 1 || r.h.is_some() {
            return None;
        }
        let entries = l.range(0);
        let rows = &l.i[entries.clone()];
        // The work before each entry: `R`'s own pointers when the row holds
        // every index (a dense vector), else summed once.
        let summed;
        let before: &[usize] = if rows.len() == r.nvec() {
            &r.p
        } else {
            summed = std::iter::once(0)
                .chain(rows.iter().scan(0, |done, &i| {
                    *done += r.range(i as usize).len();
                    Some(*done)
                }))
                .collect::<Vec<_>>();
            &summed
        };
        let total = before[rows.len()];
        let width = usize::try_from(r.vlen).ok()?;
        if !applies(1, false, total as f64, r.vlen) {
            return None;
        }
        // Piece `t` ends at the first entry before which `t / count` of the
        // work is done.
        let count = piece_count(total, width);
        let mut cuts: Vec<usize> = (1..count)
            .map(|t| before.partition_point(|&b| b * count < total * t))
            .collect();
        cuts.push(rows.len());
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
        let (w, present, nvals) = sr.push_dense(self.l, self.r, &pieces)?;
        Some(Product::Column(Bitmap {
            vlen: self.r.vlen,
            vdim: 1,
            b: present,
            x: sr.to_array(w),
            nvals,
        }))
    }
}

/// Scatters the products of one entry of the row (its position in `l`)
/// into a workspace's values and flags.
pub type Scatter<'a, T> = dyn Fn(&mut [T], &mut [bool], usize) + Sync + 'a;

/// The body of [`Sr::push_dense`] for slot values of type `T`: each piece
/// of positions `q` of `l` calls `scatter(w, present, q)` on a workspace of
/// `width` slots of its own, in parallel; then the workspaces are merged
/// into the first with `combine(first, later)`. Returns the values, the
/// flags and how many are set.
pub fn scatter_and_merge<T: Copy + Default + Send + Sync>(
    width: usize,
    pieces: &[Range<usize>],
    scatter: &Scatter<'_, T>,
    combine: impl Fn(T, T) -> T + Sync,
) -> (Vec<T>, Vec<bool>, usize) {
    let mut spaces = parallel::map(pieces.len(), 1, |t| {
        let (mut w, mut present) = (vec![T::default(); width], vec![false; width]);
        for q in pieces[t].clone() {
            scatter(&mut w, &mut present, q);
        }
        (w, present)
    });
    let (mut w, mut present) = match spaces.is_empty() {
        true => (vec![T::default(); width], vec![false; width]),
        false => spaces.remove(0),
    };
    let chunks: Vec<Range<usize>> = (0..width)
        .step_by(MERGE_CHUNK)
        .map(|s| s..width.min(s + MERGE_CHUNK))
        .collect();
    let counts = parallel::map_ranges_mut(&mut w, &mut present, &chunks, |t, w, set| {
        let at = chunks[t].start;
        for (ow, op) in &spaces {
            let (ow, op) = (&ow[at..at + w.len()], &op[at..at + w.len()]);
            for (s, (&later, &has)) in ow.iter().zip(op).enumerate() {
                if has {
                    w[s] = if set[s] { combine(w[s], later) } else { later };
                    set[s] = true;
                }
            }
        }
        set.iter().filter(|&&b| b).count()
    });
    (w, present, counts.iter().sum())
}
