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

use crate::error::Result;
use crate::ops::assemble::{self, Part, Task};
use crate::ops::indices::{Cursor, IndexList};
use crate::storage::Compressed;
use std::ops::Range;

/// `A(outer, inner)` as hypersparse compressed vectors (listing only non-empty
/// vectors), with `A`'s type.
pub fn select(a: &Compressed, outer: &IndexList, inner: &IndexList) -> Result<Compressed> {
    let sel = Selector { a, outer, inner };
    let n = sel.items();
    let tasks = assemble::plan(
        n,
        |k| sel.cost(sel.source(k).len()),
        |k, pieces| sel.split(k, pieces),
    );
    let parts = assemble::run(&tasks, |t| sel.task(t))?;
    assemble::concat(parts, inner.len(), outer.len(), &a.ty())
}

struct Selector<'a> {
    a: &'a Compressed,
    outer: &'a IndexList<'a>,
    inner: &'a IndexList<'a>,
}

/// `log2(n)`, at least 1.
fn log2(n: usize) -> usize {
    (usize::BITS - n.leading_zeros()).max(1) as usize
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
            IndexList::Sorted(_) => {
                let (small, large) = (r.min(n), r.max(n));
                small * log2(large / small.max(1)) + 1
            }
            IndexList::General(..) => (n * log2(r)).min(r * 2 + r * log2(r)),
        }
    }

    /// Cuts item `k` into pieces by output inner position.
    fn split(&self, k: usize, pieces: usize) -> Vec<Range<u64>> {
        match self.inner {
            IndexList::Identity(n) => {
                assemble::split_by_indices(&self.a.i[self.source(k)], *n, pieces)
            }
            _ => assemble::split_evenly(self.inner.len(), pieces),
        }
    }

    fn task(&self, t: &Task) -> Result<Part> {
        let mut part = Part::new(&self.a.ty());
        let mut pos = Vec::new();
        let whole = 0..self.inner.len();
        match t {
            Task::Items(r) => {
                for k in r.clone() {
                    self.select_vector(k, whole.clone(), &mut part, &mut pos);
                }
            }
            Task::Piece(k, r) => self.select_vector(*k, r.clone(), &mut part, &mut pos),
        }
        part.x = self.a.x.gather(&pos);
        Ok(part)
    }

    /// Appends the entries of item `k` at output positions in `want`: their
    /// positions go to `part.i`, their positions in `A` to `pos`.
    fn select_vector(&self, k: usize, want: Range<u64>, part: &mut Part, pos: &mut Vec<usize>) {
        let src = self.source(k);
        if src.is_empty() || want.is_empty() {
            return;
        }
        let start = part.i.len();
        let ai = &self.a.i;
        match self.inner {
            IndexList::Identity(_) => {
                let s = &ai[src.clone()];
                let lo = src.start + s.partition_point(|&i| i < want.start);
                let hi = src.start + s.partition_point(|&i| i < want.end);
                part.i.extend_from_slice(&ai[lo..hi]);
                pos.extend(lo..hi);
            }
            IndexList::Sorted(l) => {
                let l = &l[want.start as usize..want.end as usize];
                let s = &ai[src.clone()];
                // Only A's entries within the list's span can match.
                let lo = s.partition_point(|&i| i < l[0]);
                let hi = s.partition_point(|&i| i <= l[l.len() - 1]);
                let (s, base) = (&s[lo..hi], src.start + lo);
                if s.len() <= l.len() {
                    let mut cur = Cursor::new(l);
                    for (off, &i) in s.iter().enumerate() {
                        if let Some(p) = cur.seek(i) {
                            part.i.push(want.start + p as u64);
                            pos.push(base + off);
                        }
                    }
                } else {
                    let mut cur = Cursor::new(s);
                    for (p, &v) in l.iter().enumerate() {
                        if let Some(off) = cur.seek(v) {
                            part.i.push(want.start + p as u64);
                            pos.push(base + off);
                        }
                    }
                }
            }
            IndexList::General(l, inverse) => {
                let s = &ai[src.clone()];
                let n = (want.end - want.start) as usize;
                if s.len() * 2 < n * log2(s.len()) {
                    // Look each entry up in the inverse, then order by position.
                    let mut hits: Vec<(u64, usize)> = Vec::new();
                    for (off, &i) in s.iter().enumerate() {
                        for &p in inverse.positions(i) {
                            if want.contains(&(p as u64)) {
                                hits.push((p as u64, src.start + off));
                            }
                        }
                    }
                    hits.sort_unstable();
                    part.i.extend(hits.iter().map(|h| h.0));
                    pos.extend(hits.iter().map(|h| h.1));
                } else {
                    for p in want.clone() {
                        if let Ok(off) = s.binary_search(&l[p as usize]) {
                            part.i.push(p);
                            pos.push(src.start + off);
                        }
                    }
                }
            }
        }
        part.close_vector(self.output_id(k), start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::indices::Indices;
    use crate::storage::Array;

    fn sample() -> Compressed {
        // 3 vectors of length 6: v0 = {1:10, 4:40}, v1 = {}, v2 = {0:1, 1:2, 5:6}
        Compressed {
            vlen: 6,
            vdim: 3,
            h: None,
            p: vec![0, 2, 2, 5],
            i: vec![1, 4, 0, 1, 5],
            x: Array::from_vec(vec![10i32, 40, 1, 2, 6]),
        }
    }

    fn dense(c: &Compressed) -> Vec<Vec<Option<i32>>> {
        let mut out = vec![vec![None; c.vlen as usize]; c.vdim as usize];
        for (j, i, q) in c.entries() {
            out[j as usize][i as usize] = Some(c.x.as_slice::<i32>().unwrap()[q]);
        }
        out
    }

    #[test]
    fn every_list_kind_selects_the_same() {
        let a = sample();
        let want = |outer: &[u64], inner: &[u64]| {
            let d = dense(&a);
            outer
                .iter()
                .map(|&j| inner.iter().map(|&i| d[j as usize][i as usize]).collect())
                .collect::<Vec<Vec<_>>>()
        };
        let cases: [(&[u64], &[u64]); 4] = [
            (&[2, 0], &[1, 5]),
            (&[2, 2, 1], &[5, 1, 1, 0]),
            (&[0], &[0, 1, 2, 3, 4, 5]),
            (&[1], &[]),
        ];
        for (outer, inner) in cases {
            let o = Indices::List(outer).resolve(3);
            let n = Indices::List(inner).resolve(6);
            let t = select(&a, &o, &n).unwrap();
            t.check().unwrap();
            assert_eq!(dense(&t), want(outer, inner), "{outer:?} {inner:?}");
        }
        let all = select(&a, &Indices::All.resolve(3), &Indices::All.resolve(6)).unwrap();
        assert_eq!(dense(&all), dense(&a));
        assert_eq!(all.h, Some(vec![0, 2]));
    }
}
