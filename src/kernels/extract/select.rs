//! The extract kernel: `T = A(outer, inner)` on compressed vectors, where
//! `outer` picks (and may repeat or reorder) vectors of `A` and `inner` picks
//! entries within each vector. `T` has `outer.len()` vectors of length
//! `inner.len()`; entry `(k, p)` of `T` is entry `(outer[k], inner[p])` of `A`.
//!
//! Per vector the kernel picks the cheapest way to intersect `A`'s entries with
//! the inner list: a straight copy for `GrB_ALL`, a galloping merge for sorted
//! lists (walking whichever side is shorter), and for general lists either a
//! lookup of each entry in the list's inverse or a binary search of each list
//! position in the vector. Nothing allocates in the size of a dimension.

use crate::error::{check_room, try_vec, Result};
use crate::kernels::assemble::{self, Part, Task};
use crate::kernels::indices::{Cursor, IndexList, Inverse};
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::prefetch::prefetch;
use crate::storage::{Compressed, Position};
use std::ops::Range;

/// How many output vectors ahead a jumping outer list's source is prefetched.
const LOOKAHEAD: usize = 8;

/// `A(outer, inner)` as hypersparse compressed vectors (listing only non-empty
/// vectors), with `A`'s type.
pub fn select(a: &Compressed, outer: &IndexList, inner: &IndexList) -> Result<Compressed> {
    let work = a.nvals() + inner.len() as usize;
    // One probe for the result, computed in parts and then joined: an index
    // and a value an entry, twice. Without repeated indices it has at most
    // A's entries.
    let entries = outer
        .len()
        .saturating_mul(inner.len())
        .min(a.nvals() as u64);
    check_room(
        usize::try_from(entries).unwrap_or(usize::MAX),
        2 * (8 + a.x.elem_size()),
        "the extracted entries",
    )?;
    // A sorted list gets constant-time lookups when its dimension is small
    // for the work; a general list builds its inverse when first needed.
    let sorted_inverse = match inner {
        IndexList::Sorted(l, lazy) => Some(lazy.get(l, work)).filter(|inv| inv.is_dense()),
        _ => None,
    };
    let sel = Selector {
        a,
        outer,
        inner,
        work,
        sorted_inverse,
        vector_map: vector_map(a, outer, inner, work)?,
    };
    let n = sel.items();
    let tasks = assemble::plan(
        n,
        |k| sel.cost(sel.source(k).len()),
        |k, pieces| sel.split(k, pieces),
    );
    if u32::try_from(a.nvals()).is_ok() {
        sel.join::<u32>(&tasks, outer.len())
    } else {
        sel.join::<usize>(&tasks, outer.len())
    }
}

struct Selector<'a> {
    a: &'a Compressed,
    outer: &'a IndexList<'a>,
    inner: &'a IndexList<'a>,
    /// The total work, which may pay for dense lookup tables.
    work: usize,
    /// The dense inverse of a sorted inner list, if affordable.
    sorted_inverse: Option<&'a Inverse>,
    /// For a single source vector and a general list: the position in `A` of
    /// each inner index plus one (0 when absent), if affordable.
    vector_map: Option<Vec<usize>>,
}

/// The dense map of the one source vector for a general inner list, when the
/// vector's length is small for the work: then every list position costs one
/// lookup, and the work splits over threads by position.
fn vector_map(
    a: &Compressed,
    outer: &IndexList,
    inner: &IndexList,
    work: usize,
) -> Result<Option<Vec<usize>>> {
    let single = match outer {
        IndexList::Identity(_) => a.nvec() == 1,
        _ => outer.len() == 1,
    };
    if !single || !matches!(inner, IndexList::General(..)) || !dense_workspace_ok(a.vlen, work) {
        return Ok(None);
    }
    let src = match outer {
        IndexList::Identity(_) => a.range(0),
        _ => a.vector_range(outer.get(0)),
    };
    let mut map = try_vec(a.vlen as usize, 0usize, "the vector's position map")?;
    for q in src {
        map[a.i.get(q) as usize] = q + 1;
    }
    Ok(Some(map))
}

/// `log2(n)`, at least 1.
fn log2(n: usize) -> usize {
    (usize::BITS - n.leading_zeros()).max(1) as usize
}

/// For a general inner list of `n` positions and a vector of `r` entries: true
/// when looking each entry up in the list's inverse beats searching the
/// vector for each position.
fn scan_entries(r: usize, n: usize) -> bool {
    r * 2 < n * log2(r)
}

impl Selector<'_> {
    /// The number of output vectors to consider: `A`'s held vectors for
    /// `GrB_ALL` (so hypersparse inputs cost nothing per empty vector), else
    /// every position of the outer list.
    fn items(&self) -> usize {
        match self.outer {
            IndexList::Identity(_) => self.a.nvec(),
            _ => self.outer.len() as usize,
        }
    }

    /// The output vector id of item `k`.
    fn output_id(&self, k: usize) -> u64 {
        match self.outer {
            IndexList::Identity(_) => self.a.vector_id(k),
            _ => k as u64,
        }
    }

    /// The positions in `A` of the source vector of item `k`.
    fn source(&self, k: usize) -> Range<usize> {
        match self.outer {
            IndexList::Identity(_) => self.a.range(k),
            _ => self.a.vector_range(self.outer.get(k as u64)),
        }
    }

    /// The estimated cost of selecting from a vector with `r` entries.
    fn cost(&self, r: usize) -> usize {
        if r == 0 {
            return 0;
        }
        let n = self.inner.len() as usize;
        match self.inner {
            IndexList::Identity(_) => r,
            IndexList::Sorted(..) if self.sorted_inverse.is_some() => r.min(n) + 1,
            IndexList::Sorted(..) => {
                let (small, large) = (r.min(n), r.max(n));
                small * log2(large / small.max(1)) + 1
            }
            IndexList::General(..) if self.vector_map.is_some() => n,
            IndexList::General(..) if scan_entries(r, n) => 2 * r + n,
            IndexList::General(..) => n * log2(r),
        }
    }

    /// Cuts item `k` into pieces by output inner position. A general list
    /// whose vector is scanned entry by entry is not cut (each piece would
    /// scan the whole vector).
    fn split(&self, k: usize, pieces: usize) -> Vec<Range<u64>> {
        let n = self.inner.len();
        match self.inner {
            IndexList::Identity(_) => {
                assemble::split_by_indices(self.a.i.idx_range(self.source(k)), n, pieces)
            }
            IndexList::General(..)
                if self.vector_map.is_none() && scan_entries(self.source(k).len(), n as usize) =>
            {
                assemble::split_evenly(n, 1)
            }
            _ => assemble::split_evenly(n, pieces),
        }
    }

    /// When the outer list jumps around `A`, starts loading the vector
    /// pointers and then the entries that the items a few places after `k`
    /// will read (each vector is a cache miss otherwise, and the work per
    /// vector is too short for the processor to overlap them).
    fn prefetch_source(&self, k: usize) {
        let IndexList::General(l, _) = self.outer else {
            return;
        };
        if self.a.h.is_none() {
            if let Some(&j) = l.get(k + 2 * LOOKAHEAD) {
                prefetch(&self.a.p, j as usize);
            }
        }
        if let Some(&j) = l.get(k + LOOKAHEAD) {
            self.a.i.as_idx().prefetch(self.a.vector_range(j).start);
        }
    }

    /// Runs `tasks` and joins their parts into the result of `vdim`
    /// vectors; each part's values are gathered straight into the result's
    /// array from the positions in `A` the part recorded (as `P`).
    fn join<P: Position>(&self, tasks: &[Task], vdim: u64) -> Result<Compressed> {
        let (parts, positions): (Vec<Part>, Vec<Vec<P>>) =
            assemble::run(tasks, |t| self.task(t))?.into_iter().unzip();
        let x = self.a.x.gather_parts(&positions)?;
        drop(positions);
        let joined = assemble::concat(parts, self.inner.len(), vdim, &self.a.ty())?;
        Ok(Compressed { x, ..joined })
    }

    /// The entries of task `t`: their indices (the part's values left
    /// empty) and their positions in `A`.
    fn task<P: Position>(&self, t: &Task) -> Result<(Part, Vec<P>)> {
        let mut part = Part::new(&self.a.ty(), self.inner.len());
        // Room for every entry the task can select, taken once: grown by
        // doubling, the buffers would leave their earlier blocks behind as
        // holes in the heap.
        let most = match t {
            Task::Items(r) => r.clone().map(|k| self.most_selected(k)).sum(),
            Task::Piece(k, r) => self.most_selected(*k).min((r.end - r.start) as usize),
        };
        part.i.reserve(most);
        let mut out = Picked::<P> {
            pos: Vec::with_capacity(most),
            hits: Vec::new(),
        };
        let whole = 0..self.inner.len();
        match t {
            Task::Items(r) => {
                for k in r.clone() {
                    self.prefetch_source(k);
                    self.select_vector(k, whole.clone(), &mut part, &mut out);
                }
            }
            Task::Piece(k, r) => self.select_vector(*k, r.clone(), &mut part, &mut out),
        }
        Ok((part, out.pos))
    }

    /// The most entries item `k` selects, one per position of the inner
    /// list and, unless a general list repeats indices (then the buffers
    /// grow), one per entry of its source vector.
    fn most_selected(&self, k: usize) -> usize {
        self.source(k).len().min(self.inner.len() as usize)
    }

    /// Appends the entries of item `k` at output positions in `want`: their
    /// positions go to `part.i`, their positions in `A` to `out.pos`.
    fn select_vector<P: Position>(
        &self,
        k: usize,
        want: Range<u64>,
        part: &mut Part,
        out: &mut Picked<P>,
    ) {
        let pos = &mut out.pos;
        let src = self.source(k);
        if src.is_empty() || want.is_empty() {
            return;
        }
        let start = part.i.len();
        let si = self.a.i.idx_range(src.clone());
        if let IndexList::Identity(_) = self.inner {
            let (lo, hi) = (si.count_below(want.start), si.count_below(want.end));
            part.i.extend(si.slice(lo..hi).iter());
            pos.extend((src.start + lo..src.start + hi).map(P::from_usize));
            part.close_vector(self.output_id(k), start);
            return;
        }
        let s = &si.to_wide()[..];
        match self.inner {
            IndexList::Identity(_) => unreachable!("handled above"),
            IndexList::Sorted(l, _) => {
                let l = &l[want.start as usize..want.end as usize];
                // Only A's entries within the list's span can match.
                let lo = s.partition_point(|&i| i < l[0]);
                let hi = s.partition_point(|&i| i <= l[l.len() - 1]);
                let (s, base) = (&s[lo..hi], src.start + lo);
                match self.sorted_inverse {
                    Some(inv) if s.len() <= l.len() => {
                        for (off, &i) in s.iter().enumerate() {
                            if let Some(&p) = inv.positions(i).first() {
                                part.i.push(p as u64);
                                pos.push(P::from_usize(base + off));
                            }
                        }
                    }
                    _ => intersect_sorted(s, base, l, want.start, part, pos),
                }
            }
            IndexList::General(l, lazy) => {
                let n = (want.end - want.start) as usize;
                if let Some(map) = &self.vector_map {
                    for p in want.clone() {
                        let q = map[l[p as usize] as usize];
                        if q > 0 {
                            part.i.push(p);
                            pos.push(P::from_usize(q - 1));
                        }
                    }
                } else if scan_entries(s.len(), n) {
                    let inverse = lazy.get(l, self.work);
                    scatter_entries(s, src.start, inverse, &want, part, out);
                } else {
                    for p in want.clone() {
                        if let Ok(off) = s.binary_search(&l[p as usize]) {
                            part.i.push(p);
                            pos.push(P::from_usize(src.start + off));
                        }
                    }
                }
            }
        }
        part.close_vector(self.output_id(k), start);
    }
}

/// The matches of the sorted vector indices `s` (at `base` in `A`) in the
/// sorted list `l` (whose first position is `first`), walking the shorter with
/// a galloping search in the longer.
fn intersect_sorted<P: Position>(
    s: &[u64],
    base: usize,
    l: &[u64],
    first: u64,
    part: &mut Part,
    pos: &mut Vec<P>,
) {
    if s.len() <= l.len() {
        let mut cur = Cursor::new(l.into());
        for (off, &i) in s.iter().enumerate() {
            if let Some(p) = cur.seek(i) {
                part.i.push(first + p as u64);
                pos.push(P::from_usize(base + off));
            }
        }
    } else {
        let mut cur = Cursor::new(s.into());
        for (p, &v) in l.iter().enumerate() {
            if let Some(off) = cur.seek(v) {
                part.i.push(first + p as u64);
                pos.push(P::from_usize(base + off));
            }
        }
    }
}

/// A task's record of the entries it selects.
struct Picked<P> {
    /// The position in `A` of each selected entry, in output order.
    pos: Vec<P>,
    /// Scratch for one vector's hits as (output position, position in `A`).
    hits: Vec<(u64, usize)>,
}

/// Looks each vector index of `s` (at `base` in `A`) up in a general list's
/// inverse, and emits the hits at positions in `want` in position order: by a
/// scatter into a table over `want` when it is not much longer than the
/// vector, else by sorting the hits.
fn scatter_entries<P: Position>(
    s: &[u64],
    base: usize,
    inverse: &Inverse,
    want: &Range<u64>,
    part: &mut Part,
    out: &mut Picked<P>,
) {
    let pos = &mut out.pos;
    let n = (want.end - want.start) as usize;
    let positions = |i: u64| {
        inverse
            .positions(i)
            .iter()
            .map(|&p| p as u64)
            .filter(|p| want.contains(p))
    };
    if n <= 8 * s.len() {
        let mut slot = vec![usize::MAX; n];
        for (off, &i) in s.iter().enumerate() {
            for p in positions(i) {
                slot[(p - want.start) as usize] = base + off;
            }
        }
        for (p, &q) in slot.iter().enumerate() {
            if q != usize::MAX {
                part.i.push(want.start + p as u64);
                pos.push(P::from_usize(q));
            }
        }
    } else {
        let hits = &mut out.hits;
        hits.clear();
        for (off, &i) in s.iter().enumerate() {
            hits.extend(positions(i).map(|p| (p, base + off)));
        }
        hits.sort_unstable();
        part.i.extend(hits.iter().map(|h| h.0));
        pos.extend(hits.iter().map(|h| P::from_usize(h.1)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::indices::Indices;
    use crate::storage::Array;

    fn sample() -> Compressed {
        // 3 vectors of length 6: v0 = {1:10, 4:40}, v1 = {}, v2 = {0:1, 1:2, 5:6}
        Compressed {
            vlen: 6,
            vdim: 3,
            h: None,
            p: vec![0, 2, 2, 5],
            i: vec![1, 4, 0, 1, 5].into(),
            x: Array::from_vec(vec![10i32, 40, 1, 2, 6]),
        }
    }

    /// The entries as `(vector, index, value)`.
    fn entries(c: &Compressed) -> Vec<(u64, u64, i32)> {
        c.entries()
            .map(|(j, i, q)| (j, i, c.x.as_slice::<i32>().unwrap()[q]))
            .collect()
    }

    #[test]
    fn every_list_kind_selects_the_same() {
        // Small inner dimensions use dense lookup tables, huge ones searches.
        for vlen in [6, 1 << 40] {
            let a = Compressed { vlen, ..sample() };
            let want = |outer: &[u64], inner: &[u64]| {
                let mut out = Vec::new();
                for (k, &j) in outer.iter().enumerate() {
                    for (p, &i) in inner.iter().enumerate() {
                        if let Some(q) = a.find(j, i) {
                            out.push((k as u64, p as u64, a.x.as_slice::<i32>().unwrap()[q]));
                        }
                    }
                }
                out
            };
            let long = [5, 1, 1, 0, 3, 3, 2, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2];
            let cases: [(&[u64], &[u64]); 6] = [
                (&[2, 0], &[1, 5]),
                (&[2, 2, 1], &[5, 1, 1, 0]),
                (&[0], &[0, 1, 2, 3, 4, 5]),
                (&[1], &[]),
                (&[0, 2, 1, 0], &long),
                (&[2], &long),
            ];
            for (outer, inner) in cases {
                let o = Indices::List(outer).resolve(3);
                let n = Indices::List(inner).resolve(vlen);
                let t = select(&a, &o, &n).unwrap();
                t.check().unwrap();
                assert_eq!(entries(&t), want(outer, inner), "{outer:?} {inner:?}");
            }
            let all = select(&a, &Indices::All.resolve(3), &Indices::All.resolve(vlen)).unwrap();
            assert_eq!(entries(&all), entries(&a));
            assert_eq!(all.h, Some(vec![0, 2]));
        }
    }
}
