//! Index lists of extract and assign: `GrB_ALL` or an explicit list of row or
//! column indices (any order, repeats allowed), and the forms the kernels use.
//!
//! * [`Indices`] is what the caller passes.
//! * `IndexList` is a list prepared for lookups (identity, sorted, or general
//!   with an inverse map), used to *read* `A(I, J)`.
//! * `Targets` is a list prepared for *writing* `C(I, J)`: the distinct target
//!   indices in increasing order, each with the position in the list of its last
//!   occurrence (SuiteSparse's rule for repeated indices).
//! * `Cursor` walks a sorted list with increasing queries (galloping search).

use crate::error::{check_room, out_of_memory, Result};
use crate::fail;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::{Idx, IdxSlice};
use rayon::prelude::*;
use std::borrow::Cow;
use std::sync::OnceLock;

/// Lists longer than this are sorted in parallel.
const PARALLEL_LIST: usize = 1 << 16;

/// Row or column indices of an operation: `GrB_ALL` or an explicit list.
///
/// `All` stands for every index of the dimension it indexes, in order: the
/// dimension of the input for extract (`A(:, J)`), of the output for assign
/// (`C(:, J) = A`). The C layer turns `GrB_ALL` and its count into `All`.
#[derive(Clone, Copy, Debug)]
pub enum Indices<'a> {
    /// `GrB_ALL`: `0, 1, …, dim - 1`.
    All,
    /// An explicit list, in any order, repeats allowed.
    List(&'a [u64]),
}

impl<'a> Indices<'a> {
    /// The number of indices when indexing a dimension of size `dim`.
    pub fn len(&self, dim: u64) -> u64 {
        match self {
            Indices::All => dim,
            Indices::List(l) => l.len() as u64,
        }
    }

    /// The `k`-th index (`k` below the length).
    pub fn get(&self, k: u64) -> u64 {
        match self {
            Indices::All => k,
            Indices::List(l) => l[k as usize],
        }
    }

    /// True when the list selects nothing in a dimension of size `dim`.
    pub fn is_empty(&self, dim: u64) -> bool {
        self.len(dim) == 0
    }

    /// Checks that every index is below `dim` (`GrB_INDEX_OUT_OF_BOUNDS`);
    /// `what` names the indices in the message ("row", "column").
    pub fn check(&self, dim: u64, what: &str) -> Result<()> {
        let Indices::List(l) = self else {
            return Ok(());
        };
        // A sequential scan runs at memory speed (rayon's `position_first`
        // is far slower on long lists).
        if let Some(k) = l.iter().position(|&i| i >= dim) {
            fail!(
                IndexOutOfBounds,
                "{what} index {} (at position {k} of the list) is out of bounds; must be < {dim}",
                l[k]
            );
        }
        Ok(())
    }

    /// The list prepared for reading a dimension of size `dim`.
    pub(crate) fn resolve(&self, dim: u64) -> IndexList<'a> {
        match *self {
            Indices::All => IndexList::Identity(dim),
            Indices::List(l) => IndexList::new(Cow::Borrowed(l), dim),
        }
    }
}

/// An index list kept by a recorded operation (the caller's list is copied,
/// so the operation can run after the call returns).
#[derive(Clone, Debug)]
pub enum KeptIndices {
    /// `GrB_ALL`.
    All,
    /// A copy of an explicit list.
    List(std::sync::Arc<[u64]>),
}

impl KeptIndices {
    /// The list as the caller passed it.
    pub fn get(&self) -> Indices<'_> {
        match self {
            KeptIndices::All => Indices::All,
            KeptIndices::List(l) => Indices::List(l),
        }
    }
}

/// `all` for `GrB_ALL`, else the list's length (for explain).
impl std::fmt::Display for KeptIndices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeptIndices::All => f.write_str("all"),
            KeptIndices::List(l) => write!(f, "{}", l.len()),
        }
    }
}

impl Indices<'_> {
    /// A copy of the list that outlives the caller's (`GrB_OUT_OF_MEMORY`
    /// when it does not fit).
    pub fn keep(&self) -> Result<KeptIndices> {
        Ok(match self {
            Indices::All => KeptIndices::All,
            Indices::List(l) => {
                // One copy, straight into the shared list, after a probe.
                crate::error::check_room(l.len(), std::mem::size_of::<u64>(), "an index list")?;
                KeptIndices::List(std::sync::Arc::from(*l))
            }
        })
    }

    /// True for `GrB_ALL`.
    pub fn is_all(&self) -> bool {
        matches!(self, Indices::All)
    }
}

/// True when `l` is strictly increasing.
fn strictly_increasing(l: &[u64]) -> bool {
    l.windows(2).all(|w| w[0] < w[1])
}

/// An index list ready for lookups: position `p` of the list selects index `get(p)`.
pub(crate) enum IndexList<'a> {
    /// `0, 1, …, n - 1`.
    Identity(u64),
    /// A strictly increasing list, with its inverse built on demand.
    Sorted(Cow<'a, [u64]>, LazyInverse),
    /// Any other list, with its inverse built on demand.
    General(Cow<'a, [u64]>, LazyInverse),
}

impl<'a> IndexList<'a> {
    /// Classifies a list of indices below `dim`.
    pub fn new(l: Cow<'a, [u64]>, dim: u64) -> IndexList<'a> {
        let inverse = LazyInverse {
            dim,
            cell: OnceLock::new(),
        };
        if strictly_increasing(&l) {
            IndexList::Sorted(l, inverse)
        } else {
            IndexList::General(l, inverse)
        }
    }

    /// The number of positions.
    pub fn len(&self) -> u64 {
        match self {
            IndexList::Identity(n) => *n,
            IndexList::Sorted(l, _) | IndexList::General(l, _) => l.len() as u64,
        }
    }

    /// The index at position `p`.
    #[inline]
    pub fn get(&self, p: u64) -> u64 {
        match self {
            IndexList::Identity(_) => p,
            IndexList::Sorted(l, _) | IndexList::General(l, _) => l[p as usize],
        }
    }
}

/// The inverse of a list, built once on first use (by any thread).
pub(crate) struct LazyInverse {
    dim: u64,
    cell: OnceLock<Inverse>,
}

impl LazyInverse {
    /// The inverse of `l`: with a dense table when the dimension is small for
    /// `work` (the caller's total work, which pays for the table), else sorted.
    pub fn get(&self, l: &[u64], work: usize) -> &Inverse {
        self.cell.get_or_init(|| {
            if dense_workspace_ok(self.dim, work.max(l.len())) {
                Inverse::dense(l, self.dim)
            } else {
                Inverse::sorted(l)
            }
        })
    }
}

/// The inverse of an index list: for each index, the positions holding it.
pub(crate) struct Inverse {
    /// Positions ordered by (index, position).
    order: Vec<usize>,
    /// How to find an index's run in `order`.
    lookup: Lookup,
}

enum Lookup {
    /// `offsets[v]..offsets[v + 1]` is the run of index `v` (small dimensions).
    Dense(Vec<usize>),
    /// A list without repeats over a small dimension: `order[v]` is the
    /// position of index `v`, or [`ABSENT`] (one lookup instead of two).
    Unique,
    /// `keys[k]` is the index at `order[k]`; runs are found by binary search.
    Sorted(Vec<u64>),
}

/// Marks an index a list without repeats does not hold.
const ABSENT: usize = usize::MAX;

impl Inverse {
    /// A table from index to position when no index repeats, else a counting
    /// sort of the positions by index (`dim + 1` offsets).
    fn dense(l: &[u64], dim: u64) -> Inverse {
        let mut order = vec![ABSENT; dim as usize];
        let repeats = l.iter().enumerate().any(|(p, &v)| {
            let slot = &mut order[v as usize];
            let seen = *slot != ABSENT;
            *slot = p;
            seen
        });
        if !repeats {
            return Inverse {
                order,
                lookup: Lookup::Unique,
            };
        }
        drop(order);
        let mut offsets = vec![0usize; dim as usize + 1];
        for &v in l {
            offsets[v as usize + 1] += 1;
        }
        for v in 0..dim as usize {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut order = vec![0usize; l.len()];
        for (p, &v) in l.iter().enumerate() {
            order[next[v as usize]] = p;
            next[v as usize] += 1;
        }
        Inverse {
            order,
            lookup: Lookup::Dense(offsets),
        }
    }

    /// The positions sorted by (index, position), found by binary search.
    fn sorted(l: &[u64]) -> Inverse {
        let mut order: Vec<usize> = (0..l.len()).collect();
        if l.len() >= PARALLEL_LIST {
            crate::threads::install(|| order.par_sort_unstable_by_key(|&p| (l[p], p)));
        } else {
            order.sort_unstable_by_key(|&p| (l[p], p));
        }
        let keys = order.iter().map(|&p| l[p]).collect();
        Inverse {
            order,
            lookup: Lookup::Sorted(keys),
        }
    }

    /// True when lookups take constant time.
    pub fn is_dense(&self) -> bool {
        matches!(self.lookup, Lookup::Dense(_) | Lookup::Unique)
    }

    /// The positions of the list holding index `v`, in increasing order.
    #[inline]
    pub fn positions(&self, v: u64) -> &[usize] {
        match &self.lookup {
            Lookup::Unique => match self.order.get(v as usize) {
                Some(p) if *p != ABSENT => std::slice::from_ref(p),
                _ => &[],
            },
            Lookup::Dense(offsets) => {
                let v = v as usize;
                if v + 1 < offsets.len() {
                    &self.order[offsets[v]..offsets[v + 1]]
                } else {
                    &[]
                }
            }
            Lookup::Sorted(keys) => {
                let lo = keys.partition_point(|&k| k < v);
                let hi = lo + keys[lo..].partition_point(|&k| k == v);
                &self.order[lo..hi]
            }
        }
    }
}

/// A set of distinct target indices in increasing order.
#[derive(Clone, Debug)]
pub(crate) enum TargetList<'a> {
    /// Every index `0..n`.
    All(u64),
    /// A strictly increasing list.
    List(Cow<'a, [u64]>),
}

impl TargetList<'_> {
    /// The number of targets.
    pub fn len(&self) -> u64 {
        match self {
            TargetList::All(n) => *n,
            TargetList::List(l) => l.len() as u64,
        }
    }

    /// The `k`-th target.
    #[inline]
    pub fn get(&self, k: u64) -> u64 {
        match self {
            TargetList::All(_) => k,
            TargetList::List(l) => l[k as usize],
        }
    }

    /// The targets in `lo..hi`, as a range of target numbers `k`.
    pub fn range_between(&self, lo: u64, hi: u64) -> std::ops::Range<u64> {
        match self {
            TargetList::All(n) => lo.min(*n)..hi.min(*n),
            TargetList::List(l) => {
                let a = l.partition_point(|&v| v < lo);
                let b = l.partition_point(|&v| v < hi);
                a as u64..b as u64
            }
        }
    }
}

/// An index list prepared for assignment: the distinct targets, and for each
/// the position of its last occurrence in the list (where its value comes from).
pub(crate) struct Targets<'a> {
    /// The distinct targets, increasing.
    pub targets: TargetList<'a>,
    /// `sources[k]` is the list position of the last occurrence of target `k`
    /// (`None`: the identity, the list had no repeats and was increasing).
    pub sources: Option<Vec<u64>>,
    /// The number of positions of the original list.
    pub list_len: u64,
}

impl<'a> Targets<'a> {
    /// Prepares indices into a dimension of size `dim` (already bounds-checked);
    /// `GrB_OUT_OF_MEMORY` when the workspace for an unsorted list does not fit.
    pub fn new(ind: &Indices<'a>, dim: u64) -> Result<Targets<'a>> {
        let l = match *ind {
            Indices::All => {
                return Ok(Targets {
                    targets: TargetList::All(dim),
                    sources: None,
                    list_len: dim,
                })
            }
            Indices::List(l) => l,
        };
        if strictly_increasing(l) {
            return Ok(Targets {
                targets: TargetList::List(Cow::Borrowed(l)),
                sources: None,
                list_len: l.len() as u64,
            });
        }
        let what = "the inverse of an index list";
        if dense_workspace_ok(dim, l.len()) {
            // The last position of each index, by a scan in list order; then
            // the targets and their sources.
            let dim = usize::try_from(dim).map_err(|_| out_of_memory(what))?;
            check_room(dim.saturating_add(2 * l.len().min(dim)), 8, what)?;
            let mut last = vec![u64::MAX; dim];
            for (p, &v) in l.iter().enumerate() {
                last[v as usize] = p as u64;
            }
            let (targets, sources) = (0..dim as u64)
                .zip(last)
                .filter(|&(_, p)| p != u64::MAX)
                .unzip();
            return Ok(Targets {
                targets: TargetList::List(Cow::Owned(targets)),
                sources: Some(sources),
                list_len: l.len() as u64,
            });
        }
        // Sort positions by (index, position); the last of each run wins. The
        // order, then the targets and their sources.
        check_room(l.len().saturating_mul(3), 8, what)?;
        let mut order: Vec<u64> = (0..l.len() as u64).collect();
        let key = |&p: &u64| (l[p as usize], p);
        if l.len() >= PARALLEL_LIST {
            crate::threads::install(|| order.par_sort_unstable_by_key(key));
        } else {
            order.sort_unstable_by_key(key);
        }
        let mut targets = Vec::with_capacity(order.len());
        let mut sources: Vec<u64> = Vec::with_capacity(order.len());
        for &p in &order {
            let v = l[p as usize];
            if targets.last() == Some(&v) {
                *sources.last_mut().expect("a source per target") = p;
            } else {
                targets.push(v);
                sources.push(p);
            }
        }
        Ok(Targets {
            targets: TargetList::List(Cow::Owned(targets)),
            sources: Some(sources),
            list_len: l.len() as u64,
        })
    }

    /// The positions to read from the source (`A`'s dimension of size
    /// `list_len`), one per target, as a list for [`IndexList`] lookups.
    pub fn source_list(&self) -> IndexList<'_> {
        match &self.sources {
            None => IndexList::Identity(self.list_len),
            Some(s) => IndexList::new(Cow::Borrowed(s), self.list_len),
        }
    }

    /// True when target `k` is read from position `k` of the source.
    pub fn sources_are_identity(&self) -> bool {
        self.sources.is_none()
    }
}

/// Walks a sorted slice with non-decreasing queries, by galloping search:
/// `m` queries over a slice of `n` cost `O(m log(n / m))`.
pub(crate) struct Cursor<'a> {
    s: IdxSlice<'a>,
    pos: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `s`.
    pub fn new(s: IdxSlice<'a>) -> Cursor<'a> {
        Cursor { s, pos: 0 }
    }

    /// Moves to the first element `>= x` and returns its offset when it equals `x`.
    #[inline]
    pub fn seek(&mut self, x: u64) -> Option<usize> {
        self.pos = gallop_idx(self.s, self.pos, x);
        (self.pos < self.s.len() && self.s.get(self.pos) == x).then_some(self.pos)
    }

    /// Moves to the first element `>= x` and returns it.
    #[inline]
    pub fn next_at_least(&mut self, x: u64) -> Option<u64> {
        self.pos = gallop_idx(self.s, self.pos, x);
        (self.pos < self.s.len()).then(|| self.s.get(self.pos))
    }
}

/// The values the sorted slices `a` and `b` share, in order: each value of
/// the shorter is sought in the longer, `O(m log(n / m))`.
pub(crate) fn common<'a>(a: IdxSlice<'a>, b: IdxSlice<'a>) -> impl Iterator<Item = u64> + 'a {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let mut cur = Cursor::new(long);
    short.iter().filter(move |&v| cur.seek(v).is_some())
}

/// Membership in a target list with increasing queries.
pub(crate) enum TargetCursor<'a> {
    All(u64),
    List(Cursor<'a>),
}

impl<'a> TargetCursor<'a> {
    /// A cursor at the start of `t`.
    pub fn new(t: &'a TargetList) -> TargetCursor<'a> {
        match t {
            TargetList::All(n) => TargetCursor::All(*n),
            TargetList::List(l) => TargetCursor::List(Cursor::new(l[..].into())),
        }
    }

    /// True when `v` is a target (`v` at least the previous query).
    pub fn contains(&mut self, v: u64) -> bool {
        match self {
            TargetCursor::All(n) => v < *n,
            TargetCursor::List(c) => c.seek(v).is_some(),
        }
    }
}

/// The first position `>= from` of the sorted slice `s` holding a value `>= x`,
/// found by galloping from `from` (cost logarithmic in the distance moved).
#[inline]
pub(crate) fn gallop<I: Idx>(s: &[I], from: usize, x: u64) -> usize {
    if from >= s.len() || s[from].to_u64() >= x {
        return from;
    }
    let mut step = 1;
    while from + step < s.len() && s[from + step].to_u64() < x {
        step *= 2;
    }
    let lo = from + step / 2 + 1;
    let hi = (from + step + 1).min(s.len());
    lo + s[lo..hi].partition_point(|v| v.to_u64() < x)
}

/// [`gallop`] in indices of either width.
#[inline]
pub(crate) fn gallop_idx(s: IdxSlice, from: usize, x: u64) -> usize {
    crate::with_idx!(s, s => gallop(s, from, x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_checked() {
        assert!(Indices::All.check(3, "row").is_ok());
        assert!(Indices::List(&[0, 2, 2]).check(3, "row").is_ok());
        let e = Indices::List(&[0, 3]).check(3, "row").unwrap_err();
        assert_eq!(e.info, crate::Info::IndexOutOfBounds);
        assert_eq!(Indices::List(&[5, 5]).len(9), 2);
        assert_eq!(Indices::All.len(9), 9);
    }

    #[test]
    fn common_values_are_found_from_either_side() {
        let long: Vec<u64> = (0..100).map(|v| 3 * v).collect();
        for (short, both) in [
            (vec![], vec![]),
            (vec![1, 299], vec![]),
            (vec![2, 3, 4, 150, 297], vec![3, 150, 297]),
        ] {
            let (a, b) = (IdxSlice::Wide(&short), IdxSlice::Wide(&long));
            assert_eq!(common(a, b).collect::<Vec<_>>(), both, "{short:?}");
            assert_eq!(common(b, a).collect::<Vec<_>>(), both, "{short:?}");
        }
        let narrow: Vec<u32> = vec![297];
        assert_eq!(
            common(IdxSlice::Narrow(&narrow), IdxSlice::Wide(&long)).count(),
            1
        );
    }

    #[test]
    fn lists_classify_and_invert() {
        assert!(matches!(
            Indices::List(&[1, 4, 7]).resolve(8),
            IndexList::Sorted(..)
        ));
        for dim in [10, 1 << 40] {
            let l = [3u64, 1, 3, 0, 3];
            let IndexList::General(list, lazy) = IndexList::new(Cow::Borrowed(&l), dim) else {
                panic!("a general list")
            };
            let inv = lazy.get(&list, 0);
            assert_eq!(inv.is_dense(), dim == 10);
            assert_eq!(inv.positions(3), &[0, 2, 4]);
            assert_eq!(inv.positions(1), &[1]);
            assert_eq!(inv.positions(2), &[] as &[usize]);
            assert_eq!(inv.positions(9), &[] as &[usize]);
            // Without repeats, each index has at most one position.
            let l = [4u64, 1, 7, 0];
            let inv = LazyInverse {
                dim,
                cell: OnceLock::new(),
            };
            let inv = inv.get(&l, 0);
            assert_eq!(inv.is_dense(), dim == 10);
            for (p, &v) in l.iter().enumerate() {
                assert_eq!(inv.positions(v), &[p]);
            }
            for v in [2, 3, 9, 10, 1 << 41] {
                assert_eq!(inv.positions(v), &[] as &[usize]);
            }
        }
    }

    #[test]
    fn targets_keep_the_last_occurrence() {
        for dim in [5, 1 << 40] {
            let t = Targets::new(&Indices::List(&[4, 1, 4, 0, 1]), dim).unwrap();
            let TargetList::List(l) = &t.targets else {
                panic!("a list")
            };
            assert_eq!(&l[..], &[0, 1, 4]);
            assert_eq!(t.sources, Some(vec![3, 4, 2]));
        }
        let s = Targets::new(&Indices::List(&[0, 2]), 5).unwrap();
        assert!(s.sources_are_identity());
        assert_eq!(s.targets.range_between(1, 3), 1..2);
    }

    #[test]
    fn cursor_gallops() {
        let s: Vec<u64> = (0..100).map(|k| 3 * k).collect();
        let mut c = Cursor::new(s[..].into());
        assert_eq!(c.seek(0), Some(0));
        assert_eq!(c.seek(4), None);
        assert_eq!(c.seek(6), Some(2));
        assert_eq!(c.seek(297), Some(99));
        assert_eq!(c.seek(298), None);
        let mut c = Cursor::new(s[..].into());
        assert_eq!(c.seek(150), Some(50));
        assert_eq!(c.next_at_least(151), Some(153));
        assert_eq!(c.next_at_least(1000), None);
        assert_eq!(gallop(&s, 3, 0), 3);
        assert_eq!(gallop(&s, 3, 100), 34);
    }
}
