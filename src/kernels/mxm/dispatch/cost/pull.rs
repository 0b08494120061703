//! The measured work of a pull (dot2) under a complemented mask.

use super::super::sampling::{sampled_entries, sampled_sums};
use super::{lengths, merge_cost, Costs};
use crate::kernels::mxm::operand::{MaskOperand, Operand};
use crate::storage::Orientation;

/// Columns of `R` up to which a pull under a dense complemented mask checks
/// the mask for each sampled row and column to measure its dot products.
const DENSE_MASK_COLUMNS: u64 = 64;

impl Costs<'_, '_> {
    /// The work of the dot products of a pull under a complemented mask, `R`
    /// read sparse and read dense, from the lengths of (a sample of) the rows
    /// of `L` it allows, when they are at hand: under a dense mask, each row
    /// checked against each column of `R` (a few of them); under a sparse mask, every row against
    /// each column of `R` less the pairs the mask's entries take away. The
    /// rows a late BFS level leaves unvisited are mostly short or empty (the
    /// hubs are reached first); an average length would count them as long
    /// as any.
    pub(super) fn complemented_pull_dots(
        &self,
        l: &Operand,
        r: &Operand,
        m: &MaskOperand,
    ) -> Option<[f64; 2]> {
        let rows = lengths(l, Orientation::ByRow, l.nrows(), 0)?;
        let cols = r.ncols().max(1);
        let (hits, len_r) = (self.hit_fraction(l, cols), r.nvals() as f64 / cols as f64);
        let dots = |len: f64| {
            if len > 0.0 {
                [
                    1.0 + merge_cost(len, len_r),
                    1.0 + self.walk_step(len, hits),
                ]
            } else {
                [0.0; 2]
            }
        };
        if m.is_dense() {
            if cols > DENSE_MASK_COLUMNS {
                return None;
            }
            let view = m.view(false).ok()?;
            return Some(sampled_sums(l.nrows() as usize, |i| {
                let allowed = (0..cols).filter(|&j| view.allows(i as u64, j)).count();
                dots(rows.len(i as u64)).map(|d| d * allowed as f64)
            }));
        }
        let store = &m.mask.store;
        let crate::storage::Format::Sparse(entries) = store.format() else {
            return None;
        };
        let every = sampled_sums(l.nrows() as usize, |i| dots(rows.len(i as u64)));
        // Whether the mask's vectors are the rows of `L * R`.
        let vectors_are_rows = (store.orient() == Orientation::ByRow) != m.transposed;
        let taken = sampled_entries(entries, |v, inner| {
            dots(rows.len(if vectors_are_rows { v } else { inner }))
        });
        Some([0, 1].map(|k| (every[k] * cols as f64 - taken[k]).max(0.0)))
    }
}
