//! The process grid: `p` ranks as a `rows × cols` grid as square as `p`
//! allows, and the balanced splits of an index range into parts.

use mpi::collective::SystemOperation;
use mpi::topology::{Color, Communicator, SimpleCommunicator};
use mpi::traits::*;
use std::ops::Range;
use std::rc::Rc;

/// The ranks of a communicator arranged as a `rows × cols` grid, rank
/// `r` at grid row `r / cols`, grid column `r % cols`. Cheap to clone.
#[derive(Clone)]
pub struct Grid {
    inner: Rc<Inner>,
}

struct Inner {
    comm: SimpleCommunicator,
    /// The ranks of this rank's grid row, in column order.
    row: SimpleCommunicator,
    rank: usize,
    size: usize,
    rows: usize,
    cols: usize,
}

impl Grid {
    /// The grid of every rank of `comm`: `rows` is the largest divisor of the
    /// rank count not above its square root.
    pub fn new(comm: SimpleCommunicator) -> Grid {
        let size = comm.size() as usize;
        let rows = (1..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size.is_multiple_of(*r))
            .last()
            .unwrap_or(1);
        let rank = comm.rank() as usize;
        let cols = size / rows;
        let row = comm
            .split_by_color(Color::with_value((rank / cols) as i32))
            .expect("every rank has a grid row");
        Grid {
            inner: Rc::new(Inner {
                rank,
                size,
                rows,
                cols,
                comm,
                row,
            }),
        }
    }

    /// The communicator.
    pub fn comm(&self) -> &SimpleCommunicator {
        &self.inner.comm
    }

    /// The communicator of an exchange's scope.
    pub(crate) fn comm_of(&self, scope: Scope) -> &SimpleCommunicator {
        match scope {
            Scope::World => &self.inner.comm,
            Scope::GridRow => &self.inner.row,
        }
    }

    /// The number of ranks in a scope, and this rank's index among them.
    pub(crate) fn within(&self, scope: Scope) -> (usize, usize) {
        match scope {
            Scope::World => (self.size(), self.rank()),
            Scope::GridRow => (self.inner.cols, self.place().1),
        }
    }

    /// This process's rank.
    pub fn rank(&self) -> usize {
        self.inner.rank
    }

    /// The number of ranks.
    pub fn size(&self) -> usize {
        self.inner.size
    }

    /// The grid's shape: (rows, columns).
    pub fn shape(&self) -> (usize, usize) {
        (self.inner.rows, self.inner.cols)
    }

    /// This rank's place: (grid row, grid column).
    pub fn place(&self) -> (usize, usize) {
        (self.rank() / self.inner.cols, self.rank() % self.inner.cols)
    }

    /// Waits until every rank arrives (collective).
    pub fn barrier(&self) {
        self.comm().barrier();
    }

    /// The sum of every rank's `mine`, on every rank (collective).
    pub fn sum(&self, mine: u64) -> u64 {
        let mut total = 0u64;
        self.comm()
            .all_reduce_into(&mine, &mut total, SystemOperation::sum());
        total
    }

    /// The rank at a place of the grid.
    pub fn rank_at(&self, row: usize, col: usize) -> usize {
        row * self.inner.cols + col
    }
}

/// The ranks an exchange spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Every rank, indexed by rank.
    World,
    /// The ranks of this rank's grid row, indexed by grid column.
    GridRow,
}

/// `0..n` cut into `parts` contiguous ranges whose lengths differ by at most one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    n: u64,
    parts: usize,
}

impl Split {
    /// The split of `0..n` into `parts` ranges.
    pub fn new(n: u64, parts: usize) -> Split {
        Split { n, parts }
    }

    /// The number of parts.
    pub fn parts(&self) -> usize {
        self.parts
    }

    /// The first index of part `k` (`n` for `k == parts`).
    fn start(&self, k: usize) -> u64 {
        (self.n as u128 * k as u128 / self.parts as u128) as u64
    }

    /// Part `k`'s range.
    pub fn range(&self, k: usize) -> Range<u64> {
        self.start(k)..self.start(k + 1)
    }

    /// Part `k`'s length.
    pub fn len(&self, k: usize) -> u64 {
        self.start(k + 1) - self.start(k)
    }

    /// The part holding index `i < n`.
    pub fn owner(&self, i: u64) -> usize {
        // The largest k with start(k) <= i: k < (i + 1) · parts / n.
        let k = ((i as u128 + 1) * self.parts as u128).div_ceil(self.n as u128) - 1;
        k as usize
    }

    /// The parts whose ranges meet `range`.
    pub fn parts_meeting(&self, range: Range<u64>) -> Range<usize> {
        if range.is_empty() {
            return 0..0;
        }
        self.owner(range.start)..self.owner(range.end - 1) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::Split;

    #[test]
    fn every_index_has_the_part_whose_range_holds_it() {
        for n in 0..40u64 {
            for parts in 1..9 {
                let s = Split::new(n, parts);
                let mut next = 0;
                for k in 0..parts {
                    let r = s.range(k);
                    assert_eq!(r.start, next);
                    assert!(r.end - r.start <= n / parts as u64 + 1);
                    for i in r.clone() {
                        assert_eq!(s.owner(i), k, "n {n} parts {parts} i {i}");
                    }
                    next = r.end;
                }
                assert_eq!(next, n);
            }
        }
    }
}
