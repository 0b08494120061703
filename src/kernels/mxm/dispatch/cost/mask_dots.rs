//! The measured work of the dot products of a mask's entries: dot3's, and
//! dot2's under a mask that is not complemented.

use super::super::sampling::sampled_entries;
use super::{lengths, merge_cost, spread_dot, spread_share, Costs, COUNT_RATIO};
use crate::kernels::mxm::operand::MaskOperand;
use crate::storage::Orientation;

impl Costs<'_, '_> {
    /// The work of the dot products of a (not complemented) mask's entries,
    /// `step` each on average: measured from the operands' lengths when
    /// they are at hand. Only dot3 `spreads` a row met by several entries;
    /// dot2 merges each pair of sparse vectors.
    pub(super) fn mask_dots(
        &self,
        m: &MaskOperand,
        step: f64,
        (by_cols, dense_r): (bool, bool),
        spreads: bool,
    ) -> f64 {
        // `R` is `B` by rows and `A` by columns.
        let form = if dense_r || spreads {
            2 * dense_r as usize + by_cols as usize
        } else {
            4
        };
        self.dot3_measured.get_or_init(|| self.dot3_work())[form]
            .unwrap_or(m.nvals() as f64 * (step + 1.0))
    }

    /// The work of the dot products of the mask's entries from the actual
    /// lengths of `A`'s rows and `B`'s columns, when they are at hand: both
    /// read sparse by rows and by columns (a row or column met by several
    /// entries spread once, see [`spread_dot`]), `B` read dense (each dot
    /// walks a row of `A`), `A` read dense (each walks a column of `B`),
    /// and both merged.
    fn dot3_work(&self) -> [Option<f64>; 5] {
        let p = self.p;
        let Some(m) = p.mask.as_ref() else {
            return [None; 5];
        };
        let store = &m.mask.store;
        let crate::storage::Format::Sparse(entries) = store.format() else {
            return [None; 5];
        };
        let budget = m.nvals().saturating_mul(COUNT_RATIO);
        let rows = lengths(&p.a, Orientation::ByRow, p.a.nrows(), budget);
        let cols = lengths(&p.b, Orientation::ByCol, p.b.ncols(), budget);
        if rows.is_none() && cols.is_none() {
            return [None; 5];
        }
        // B dense: rows of A walked against columns of B; A dense: columns
        // of B walked against rows of A.
        let (hits_b, hits_a) = (
            self.hit_fraction(&p.a, p.b.ncols()),
            self.hit_fraction(&p.b.t(), p.a.nrows()),
        );
        // Whether the mask's vectors are the product's rows (else its
        // columns): the length of that side is looked up once per vector.
        let vectors_are_rows = (store.orient() == Orientation::ByRow) != m.transposed;
        // Mask entries per row and per column of the product, on average:
        // the dot products a spread row or column serves.
        let inner = p.a.ncols();
        let per_row = spread_share(m.nvals(), p.a.nrows(), inner);
        let per_col = spread_share(m.nvals(), p.b.ncols(), inner);
        // One pass over (a sample of) the mask's entries measures every form.
        let [by_rows, by_cols, dense_b, dense_a, merged] = sampled_entries(entries, |v, inner| {
            let (i, j) = if vectors_are_rows {
                (v, inner)
            } else {
                (inner, v)
            };
            let len_a = rows.as_ref().map_or(0.0, |r| r.len(i));
            let len_b = cols.as_ref().map_or(0.0, |c| c.len(j));
            let (walk_a, walk_b) = (self.walk_step(len_a, hits_b), self.walk_step(len_b, hits_a));
            let merge = merge_cost(len_a, len_b);
            [
                1.0 + spread_dot(len_a, len_b, walk_b, per_row).min(merge),
                1.0 + spread_dot(len_b, len_a, walk_a, per_col).min(merge),
                1.0 + walk_a,
                1.0 + walk_b,
                1.0 + merge,
            ]
        });
        let both = rows.is_some() && cols.is_some();
        [
            both.then_some(by_rows),
            both.then_some(by_cols),
            rows.is_some().then_some(dense_b),
            cols.is_some().then_some(dense_a),
            both.then_some(merged),
        ]
    }
}
