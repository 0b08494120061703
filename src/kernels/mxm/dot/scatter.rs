//! [`RowScatter`]: a row of `L` spread over its index range, so that each
//! dot product of that row with a column of `R` is a walk of the column with
//! one lookup per entry instead of a merge of the two lists.
//!
//! A mask row of several entries pairs one row of `L` with several columns
//! of `R` ([`super::Dot3`]): merging costs the row's length again for every
//! column, and each merge step is a branch that is hard to predict. Spread
//! once, the row costs two passes (spread and clear), and every column's
//! entries are independent lookups into a bitmap that stays in the cache.

use super::*;
use crate::storage::compressed::dense_workspace_ok;

/// Whether rows of `L` of inner dimension `n` are spread for a product of
/// `entries` mask entries: each task's space takes `4.125 n` bytes, so a
/// large dimension needs as much work to pay for it.
pub fn spreadable(n: u64, entries: usize) -> bool {
    dense_workspace_ok(n, entries)
}

/// One row of `L` spread by index: a bit per index it holds, and the
/// position (from the row's start) of each.
#[derive(Default)]
pub(super) struct RowScatter {
    /// Bit `k` is set when the row holds index `k`.
    marks: Vec<u64>,
    /// `offsets[k]` is the position of index `k` in the row, when marked.
    offsets: Vec<u32>,
}

impl RowScatter {
    /// Spreads the row `a` (sorted indices below `n`, which is
    /// [`spreadable`]); false, with nothing spread, when the row is too long
    /// for 32-bit positions.
    pub(super) fn spread<I: Idx>(&mut self, a: &[I], n: u64) -> bool {
        if a.len() > u32::MAX as usize {
            return false;
        }
        let n = n as usize;
        if self.offsets.len() < n {
            // Zeroed allocations: pages never touched are never written.
            self.marks = vec![0; n.div_ceil(64)];
            self.offsets = vec![0; n];
        }
        work::count(a.len());
        for (q, &k) in a.iter().enumerate() {
            let k = k.zx();
            self.marks[k >> 6] |= 1 << (k & 63);
            self.offsets[k] = q as u32;
        }
        true
    }

    /// Clears the row `a` spread last.
    pub(super) fn clear<I: Idx>(&mut self, a: &[I]) {
        work::count(a.len());
        for &k in a {
            self.marks[k.zx() >> 6] = 0;
        }
    }

    /// `z = L(i,:) · R(:,j)` for the spread row `i` (its values from
    /// position `a0` of `L`) and the column `b` (values from position `b0`
    /// of `R`), folded in increasing index order; false when no index is
    /// shared.
    #[inline(always)]
    pub(super) fn dot<S: Sr, I: Idx>(
        &self,
        sr: &S,
        z: &mut S::Z,
        a0: usize,
        b: &[I],
        b0: usize,
    ) -> bool {
        work::count(b.len());
        let (marks, offsets) = (&self.marks[..], &self.offsets[..]);
        let pairs = b.iter().enumerate().filter_map(|(q, &k)| {
            let k = k.zx();
            (marks[k >> 6] >> (k & 63) & 1 != 0).then(|| (a0 + offsets[k] as usize, b0 + q))
        });
        sr.fold(z, pairs)
    }
}
