//! Distributed vectors: `0..n` split into one piece per rank (rank `r`
//! holds piece `r`), each piece an engine vector indexed from the piece's
//! start.

use crate::check_index;
use crate::comm::{self, agree, Inbox};
use crate::grid::{Grid, Scope, Split};
use crate::wire;
use graphblas::prelude::*;
use graphblas::{BinaryOp, Monoid, Result, ValueType, Vector};
use std::ops::Range;

/// A vector of length `n` spread over the ranks of a grid.
pub struct DistVector<T> {
    pub(crate) grid: Grid,
    pub(crate) n: u64,
    pub(crate) local: Vector<T>,
}

impl<T: ValueType> DistVector<T> {
    /// An empty vector of length `n` (collective).
    pub fn new(grid: &Grid, n: u64) -> Result<Self> {
        let local = Vector::new(Self::split_of(grid, n).len(grid.rank()));
        Ok(DistVector {
            grid: grid.clone(),
            n,
            local: agree(grid, local)?,
        })
    }

    /// A vector holding `value` at every index (collective).
    pub fn filled(grid: &Grid, n: u64, value: T) -> Result<Self> {
        let v = Self::new(grid, n)?;
        v.local.output().fill(.., value)?;
        Ok(v)
    }

    /// This rank's piece of a vector every rank holds whole (collective).
    pub fn from_vector(grid: &Grid, whole: &Vector<T>) -> Result<Self> {
        let v = Self::new(grid, whole.size())?;
        let piece = v.piece();
        let local = whole.extract(piece).eval();
        Ok(DistVector {
            local: agree(grid, local)?,
            ..v
        })
    }

    /// A vector from pairs each rank contributes (any index on any rank),
    /// combining duplicates with `dup` in rank order (collective).
    pub fn from_pairs(
        grid: &Grid,
        n: u64,
        pairs: impl IntoIterator<Item = (u64, T)>,
        dup: BinaryOp<T, T, T>,
    ) -> Result<Self> {
        let v = Self::new(grid, n)?;
        let split = v.split();
        let pairs: Vec<(u64, T)> = pairs.into_iter().collect();
        let checked = pairs.iter().try_for_each(|&(i, _)| check_index(i, n));
        agree(grid, checked)?;
        let inbox = comm::route(
            grid,
            Scope::World,
            &pairs,
            wire::pair_size::<T>(),
            &comm::each_rank(grid, Scope::World),
            |&(i, _)| split.owner(i),
            |&(i, x), out| wire::write_pair(out, i, x),
        )?;
        v.set_local_from(&inbox, Some(dup))?;
        Ok(v)
    }

    /// Replaces the piece with the pairs (global indices) in `buffers`.
    pub(crate) fn set_local_from(
        &self,
        inbox: &Inbox,
        dup: Option<BinaryOp<T, T, T>>,
    ) -> Result<()> {
        let start = self.piece().start;
        let pairs = inbox
            .parts()
            .flat_map(wire::pairs::<T>)
            .map(|(i, x)| (i - start, x));
        let local = match dup {
            Some(dup) => Vector::from_pairs_with(self.local.size(), pairs, dup),
            None => Vector::from_pairs(self.local.size(), pairs),
        };
        let local = agree(&self.grid, local)?;
        self.local.output().assign(local.expr())
    }

    /// `w(k) = u(index(k))` for every entry of `index`, no entry where `u`
    /// has none (`GrB_extract` with the index list spread like a vector;
    /// collective): each rank asks the holders of the indices its piece of
    /// `index` names, and they answer.
    pub fn extract_at(&self, index: &DistVector<i64>) -> Result<DistVector<T>> {
        let grid = &self.grid;
        let (split, start) = (self.split(), index.piece().start);
        let asks = agree(grid, index.local.iter())?.map(|(k, i)| (start + k, i as u64));
        let asks: Vec<(u64, u64)> = asks.collect();
        // Negative indices read as u64 are out of range too.
        let checked = asks.iter().try_for_each(|&(_, i)| check_index(i, self.n));
        agree(grid, checked)?;
        let asked = comm::route(
            grid,
            Scope::World,
            &asks,
            wire::pair_size::<u64>(),
            &comm::each_rank(grid, Scope::World),
            |&(_, i)| split.owner(i),
            |&(k, i), out| wire::write_pair(out, k, i),
        )?;
        let here = self.piece().start;
        let mut held = vec![None; self.local.size() as usize];
        for (i, x) in agree(grid, self.local.iter())? {
            held[i as usize] = Some(x);
        }
        let mut answers = Vec::new();
        for from in 0..grid.size() {
            for (k, i) in wire::pairs::<u64>(asked.from(from)) {
                if let Some(x) = held[(i - here) as usize] {
                    answers.push((from, k, x));
                }
            }
        }
        let answered = comm::route(
            grid,
            Scope::World,
            &answers,
            wire::pair_size::<T>(),
            &comm::each_rank(grid, Scope::World),
            |&(from, _, _)| from,
            |&(_, k, x), out| wire::write_pair(out, k, x),
        )?;
        let w = DistVector::new(grid, index.n)?;
        w.set_local_from(&answered, None)?;
        Ok(w)
    }

    /// The whole vector, on every rank (collective).
    pub fn to_vector(&self) -> Result<Vector<T>> {
        let start = self.piece().start;
        let mut mine = Vec::new();
        for (i, x) in agree(&self.grid, self.local.iter())? {
            wire::put_pair(&mut mine, start + i, x);
        }
        let all = comm::all_gather(&self.grid, Scope::World, &mine)?;
        Vector::from_pairs(self.n, all.parts().flat_map(wire::pairs::<T>))
    }

    /// Finishes the deferred work on this rank's piece (collective).
    pub fn wait(&self) -> Result<()> {
        agree(&self.grid, self.local.wait())
    }

    /// The dimensions as a column, `(n, 1)`.
    pub(crate) fn dims(&self) -> (u64, u64) {
        (self.n, 1)
    }

    /// The length.
    pub fn size(&self) -> u64 {
        self.n
    }

    /// The number of entries (collective).
    pub fn nvals(&self) -> Result<u64> {
        let mine = agree(&self.grid, self.local.nvals())?;
        Ok(self.grid.sum(mine as u64))
    }

    /// Every entry reduced with the monoid: each rank reduces its piece, and
    /// the pieces' results are combined in rank order (collective).
    pub fn reduce(&self, monoid: Monoid<T>) -> Result<T> {
        let mine = agree(&self.grid, self.local.reduce(monoid.clone()))?;
        combine(&self.grid, mine, monoid)
    }

    /// The entry at `i`, on every rank (collective).
    pub fn get(&self, i: u64) -> Result<Option<T>> {
        check_index(i, self.n)?;
        let owner = self.split().owner(i);
        let mut mine = Vec::new();
        if owner == self.grid.rank() {
            if let Some(x) = self.local.get(i - self.piece().start)? {
                wire::put_value(&mut mine, x);
            }
        }
        let all = comm::all_gather(&self.grid, Scope::World, &mine)?;
        let x = wire::values::<T>(all.from(owner)).next();
        Ok(x)
    }

    /// Sets the entry at `i` (collective: every rank passes the same
    /// arguments, and the rank holding `i` stores it).
    pub fn set(&self, i: u64, x: T) -> Result<()> {
        check_index(i, self.n)?;
        let done = match self.split().owner(i) == self.grid.rank() {
            true => self.local.set(i - self.piece().start, x),
            false => Ok(()),
        };
        agree(&self.grid, done)
    }

    /// The indices this rank holds.
    pub fn piece(&self) -> Range<u64> {
        self.split().range(self.grid.rank())
    }

    /// This rank's piece, indexed from the piece's start.
    pub fn local(&self) -> &Vector<T> {
        &self.local
    }

    /// The grid the vector is spread over.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub(crate) fn split(&self) -> Split {
        Self::split_of(&self.grid, self.n)
    }

    fn split_of(grid: &Grid, n: u64) -> Split {
        Split::new(n, grid.size())
    }
}

/// Every rank's `mine` combined with the monoid in rank order, on every rank
/// (collective).
pub(crate) fn combine<T: ValueType>(grid: &Grid, mine: T, monoid: Monoid<T>) -> Result<T> {
    use graphblas::prelude::*;
    let mut bytes = Vec::new();
    wire::put_value(&mut bytes, mine);
    let all = comm::all_gather(grid, Scope::World, &bytes)?;
    let parts = all.parts().flat_map(wire::values::<T>);
    Vector::from_pairs(grid.size() as u64, (0..).zip(parts))?.reduce(monoid)
}
