//! Gathering values into a new [`Array`]: by positions (given, computed,
//! or in parts), by a placement, or by runs.

use super::{Array, Placement, UdtArray, PARALLEL_GATHER};
use crate::error::Result;
use crate::storage::index::{Idx, IdxSlice, Indices, Position};
use crate::storage::ranges::{copy_vec, gather_runs, shares, PartRuns};
use crate::storage::ArrayElement;
use std::ops::Range;

impl Array {
    /// The values moved to new positions by `placement` (see [`Placement`]).
    pub fn rearranged(&self, placement: &mut impl Placement) -> Array {
        if self.iso().is_some() {
            let len = placement.place(|_| ()).len();
            return self.iso_of_len(len).expect("an iso array");
        }
        with_array!(self, v => {
            let v = v.as_slice();
            GatherInto::into_array_owned(placement.place(|q| v[q]))
        }, _u => {
            let positions = placement.place(|q| q);
            self.gather(&positions)
        })
    }

    /// The values at the given positions, in order.
    pub fn gather<P: Position>(&self, positions: &[P]) -> Array {
        if let Some(iso) = self.iso_of_len(positions.len()) {
            return iso;
        }
        with_array!(self, v => GatherInto::into_array_gather(v, positions), u => {
            udt_gather(u, positions.len(), positions.iter().map(|p| p.at()))
        })
    }

    /// The values at the positions of each list in `parts`, the lists one
    /// after another: one array of the exact length, each list's share
    /// filled by a task of its own (no array a list, then joined).
    pub fn gather_parts<P: Position>(&self, parts: &[Vec<P>]) -> Result<Array> {
        let total = parts.iter().map(Vec::len).sum();
        if let Some(iso) = self.iso_of_len(total) {
            return Ok(iso);
        }
        with_array!(self, v => {
            let mut out = crate::error::try_with_capacity(total, "values")?;
            let room = &mut out.spare_capacity_mut()[..total];
            let jobs = shares(room, parts.iter().map(|part| (part, part.len())));
            crate::parallel::map_items(jobs, |(part, mine)| {
                for (d, &q) in mine.iter_mut().zip(part.iter()) {
                    d.write(v[q.at()]);
                }
            });
            // SAFETY: the lists' shares cover `0..total` and each was
            // written whole above.
            unsafe { out.set_len(total) };
            Ok(GatherInto::into_array_owned(out))
        }, u => Ok(udt_gather(u, total, parts.iter().flatten().map(|p| p.at()))))
    }

    /// The values at the positions `sources(chunk)` yields for each chunk of
    /// `0..n`, in order: a gather whose positions are computed as it goes,
    /// never stored.
    pub fn gather_computed<S: Iterator<Item = usize>>(
        &self,
        n: usize,
        sources: impl Fn(Range<usize>) -> S + Sync,
    ) -> Array {
        if let Some(iso) = self.iso_of_len(n) {
            return iso;
        }
        with_array!(self, v => {
            let v = v.as_slice();
            GatherInto::into_array_owned(crate::parallel::collect_chunks(n, 1 << 12, |r| {
                sources(r).map(|p| v[p])
            }))
        }, u => udt_gather(u, n, sources(0..n)))
    }

    /// A copy of the values in `range`.
    pub fn slice(&self, range: Range<usize>) -> Array {
        if let Some(iso) = self.iso_of_len(range.len()) {
            return iso;
        }
        with_array!(self, v => GatherInto::into_array_owned(copy_vec(&v[range])), u => {
            let s = u.ty.size();
            Array::from_bytes(&u.ty, &u.bytes()[range.start * s..range.end * s])
        })
    }

    /// Runs of entries (inner indices `idx` and these values) gathered part
    /// by part into new arrays (see [`gather_runs`]).
    pub fn gather_runs(
        &self,
        idx: IdxSlice,
        part_lens: &[usize],
        runs: &PartRuns<'_>,
    ) -> (Indices, Array) {
        crate::with_idx!(idx, idx => self.gather_runs_as(idx, part_lens, runs))
    }

    fn gather_runs_as<I: Idx>(
        &self,
        idx: &[I],
        part_lens: &[usize],
        runs: &PartRuns<'_>,
    ) -> (Indices, Array) {
        if self.iso().is_some() {
            let (i, _) = gather_runs::<I, u8>(idx, &[], 0, part_lens, runs);
            let len = i.len();
            return (I::store(i), self.iso_of_len(len).expect("an iso array"));
        }
        with_array!(self, v => {
            let (i, x) = gather_runs(idx, v, 1, part_lens, runs);
            (I::store(i), GatherInto::into_array_owned(x))
        }, u => {
            let (i, x) = gather_runs(idx, u.bytes(), u.ty.size(), part_lens, runs);
            (I::store(i), Array::from_bytes(&u.ty, &x))
        })
    }
}

/// The `n` values of `u` at the positions `sources`, in order.
fn udt_gather(u: &UdtArray, n: usize, sources: impl Iterator<Item = usize>) -> Array {
    let s = u.ty.size();
    let src = u.bytes();
    let mut out = UdtArray {
        ty: u.ty.clone(),
        len: 0,
        chunks: Vec::new(),
    };
    out.resize(n);
    let dst = out.bytes_mut();
    for (k, p) in sources.enumerate() {
        dst[k * s..(k + 1) * s].copy_from_slice(&src[p * s..(p + 1) * s]);
    }
    Array::Udt(out)
}

/// Gathering and wrapping helpers used through the dispatch macro.
pub(super) trait GatherInto: Sized {
    fn into_array_gather<P: Position>(v: &[Self], positions: &[P]) -> Array;
    fn into_array_owned(v: Vec<Self>) -> Array;
}

impl<T: ArrayElement> GatherInto for T {
    fn into_array_gather<P: Position>(v: &[T], positions: &[P]) -> Array {
        if positions.len() < PARALLEL_GATHER {
            T::into_array(positions.iter().map(|&p| v[p.at()]).collect())
        } else {
            T::into_array(crate::parallel::map(positions.len(), 1 << 12, |t| {
                v[positions[t].at()]
            }))
        }
    }
    fn into_array_owned(v: Vec<T>) -> Array {
        T::into_array(v)
    }
}
