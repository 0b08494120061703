//! The measured work of a pull (dot2) under a complemented mask.

use super::super::sampling::{sampled_entries, sampled_sums};
use super::{lengths, merge_cost, Costs};
use crate::kernels::mxm::operand::{MaskOperand, Operand};
use crate::storage::Orientation;

/// Columns of `R` (or vectors of a sparse mask held by column) up to which a
/// pull under a complemented mask checks the mask for each sampled row and
/// column to measure its dot products.
const DENSE_MASK_COLUMNS: u64 = 64;

impl Costs<'_, '_> {
    /// The work of the dot products of a pull under a complemented mask, `R`
    /// read sparse and read dense, from the lengths of (a sample of) the rows
    /// of `L` it allows, when they are at hand: each sampled row weighed by
    /// the columns of `R` the mask allows it (a few columns, or a sparse
    /// mask held by row); past that, every row against each column of `R`
    /// less the pairs a sample of the mask's entries takes away. The
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
        // Each sampled row's dot products weighed by the columns of `R`
        // the mask allows it.
        let weighed = |allowed: &dyn Fn(u64) -> u64| {
            sampled_sums(l.nrows() as usize, |i| {
                let i = i as u64;
                dots(rows.len(i)).map(|d| d * allowed(i) as f64)
            })
        };
        if m.is_dense() {
            if cols > DENSE_MASK_COLUMNS {
                return None;
            }
            let view = m.view(false).ok()?;
            return Some(weighed(&|i| {
                (0..cols).filter(|&j| view.allows(i, j)).count() as u64
            }));
        }
        let store = &m.mask.store;
        let crate::storage::Format::Sparse(entries) = store.format() else {
            return None;
        };
        // Whether the mask's vectors are the rows of `L * R`.
        let vectors_are_rows = (store.orient() == Orientation::ByRow) != m.transposed;
        // The mask's entries in row `i` of `L * R`, where they can be
        // counted without searching many vectors.
        let taken_in_row = |i: u64| {
            if vectors_are_rows {
                entries.vector_range(i).len()
            } else {
                (0..entries.nvec())
                    .filter(|&kk| entries.i.idx_range(entries.range(kk)).contains(i))
                    .count()
            }
        };
        if vectors_are_rows || entries.nvec() as u64 <= DENSE_MASK_COLUMNS {
            // Each sampled row weighed by the columns it allows: a mask that
            // takes most pairs (a late BFS level) leaves an estimate of what
            // remains, where a difference of two estimates would be noise.
            return Some(weighed(&|i| cols.saturating_sub(taken_in_row(i) as u64)));
        }
        let every = weighed(&|_| 1);
        let taken = sampled_entries(entries, |_, inner| dots(rows.len(inner)));
        Some([0, 1].map(|k| (every[k] * cols as f64 - taken[k]).max(0.0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{BinaryCode, Semiring, TypeCode};
    use crate::kernels::mxm::dispatch::Problem;
    use crate::kernels::testing::ones;
    use crate::kernels::Mask;
    use crate::test_rng::below;

    /// A late pull `C<!P> = A * F'` over four columns: `P` takes every row of
    /// `A` with more than one entry and half of the others, so the work left
    /// is a small remainder of the work of every pair; rows of a few hubs
    /// scattered among short and empty ones. The estimate of what remains
    /// must stay within twice the exact work, whichever way `P` is held.
    #[test]
    fn a_mask_taking_most_pairs_leaves_an_estimate_of_the_rest() {
        let n = 100_000u64;
        let mut below = below(7);
        let mut lens = Vec::with_capacity(n as usize);
        let mut a = Vec::new();
        for i in 0..n {
            let len = match below(3000) {
                0..=2 => 2000,
                k if k % 3 == 0 => 0,
                k => k % 3,
            };
            a.extend((0..len).map(|_| (i, below(n))));
            lens.push(len);
        }
        let f: Vec<(u64, u64)> = (0..n)
            .flat_map(|i| (0..4).map(move |j| (i, j)))
            .filter(|_| below(3) == 0)
            .collect();
        let taken: Vec<(u64, u64)> = (0..n)
            .flat_map(|i| (0..4).map(move |j| (i, j)))
            .filter(|&(i, _)| lens[i as usize] > 1 || below(2) == 0)
            .collect();
        let exact: f64 = (0..n)
            .flat_map(|i| (0..4).map(move |j| (i, j)))
            .filter(|&(i, j)| lens[i as usize] > 0 && taken.binary_search(&(i, j)).is_err())
            .map(|(i, _)| 1.0 + lens[i as usize] as f64)
            .sum();
        let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
        let a = ones(n, n, &a, Orientation::ByRow, BinaryCode::First);
        let f = ones(n, 4, &f, Orientation::ByCol, BinaryCode::First);
        for orient in [Orientation::ByRow, Orientation::ByCol] {
            let mask = Mask {
                store: ones(n, 4, &taken, orient, BinaryCode::First),
                structural: true,
                complement: true,
            };
            let p = Problem {
                a: Operand::new(a.clone(), false),
                b: Operand::new(f.clone(), false),
                mask: Some(MaskOperand {
                    mask: &mask,
                    transposed: false,
                }),
                semiring: &s,
                out: Orientation::ByRow,
                epilogue: None,
            };
            let costs = Costs::new(&p);
            let [_, dense] = costs
                .complemented_pull_dots(&p.a, &p.b, p.mask.as_ref().unwrap())
                .unwrap();
            assert!(
                dense <= 2.0 * exact && exact <= 2.0 * dense,
                "mask held {orient:?}: estimated {dense:.0}, exactly {exact:.0}"
            );
        }
    }
}
