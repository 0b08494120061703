//! Assembling compressed storage from unsorted tuples, combining duplicates.
//!
//! Tuples already in order are used as they are. Otherwise a counting sort
//! on the vector (or, for hypersparse dimensions, a comparison sort) gives
//! their storage order, and each vector's inner indices are written sorted
//! on the way, so that the indices are read through the order only once.
//! The values are gathered last: they are then the freshest in the cache
//! for the operation that follows the build. Tuples with a repeated key
//! are adjacent runs in that order: a byte a tuple marks where each run
//! starts, and the sorted inner indices are compacted in place.

use super::array::Array;
use super::compressed::{prefer_hyper, Compressed};
use super::index::{narrow_below, Idx, Indices, Position};
use super::tuple_values::TupleValues;
use crate::algebra::Type;
use crate::alloc::discard_pages;
use crate::error::Result;
use crate::fail;
use rayon::prelude::*;

/// Tuples above this count are sorted in parallel.
const PARALLEL_SORT: usize = 100_000;

/// What to do with several tuples at the same position.
pub enum Dup<'a> {
    /// Duplicates are an error (`GrB_INVALID_VALUE`), as for a build without a dup operator.
    Error,
    /// The last tuple in input order wins (pending updates, assign).
    LastWins,
    /// Fold the values in input order: `acc = f(acc, next)`, on bytes of the array's type.
    Combine(&'a (dyn Fn(&mut [u8], &[u8]) + Sync)),
}

/// Builds `vdim` vectors of length `vlen` from tuples `(outer[k], inner[k], vals[k])`.
/// Indices must already be checked against the dimensions.
pub fn build_compressed<'a>(
    vlen: u64,
    vdim: u64,
    outer: &[u64],
    inner: &[u64],
    vals: impl Into<TupleValues<'a>>,
    dup: Dup<'_>,
) -> Result<Compressed> {
    let vals = vals.into();
    let n = outer.len();
    debug_assert_eq!(inner.len(), n);
    debug_assert_eq!(vals.len(), n);
    let key = |k: usize| (outer[k], inner[k]);
    if (1..n).all(|k| key(k - 1) < key(k)) {
        let shape = shape_of(&vals.ty(), vlen, vdim, n, |e| outer[e])?;
        return Ok(in_order(shape, inner, vals));
    }
    build_unordered(vlen, vdim, outer, inner, &vals, dup)
}

/// [`build_compressed`] of one vector of length `vlen` (a GraphBLAS
/// vector's column): `inner[k]` is the index of tuple `k`. Indices in
/// increasing order are checked and copied in one pass, and the values kept.
pub fn build_single_vector<'a>(
    vlen: u64,
    inner: &[u64],
    vals: impl Into<TupleValues<'a>>,
    dup: Dup<'_>,
) -> Result<Compressed> {
    let vals = vals.into();
    debug_assert_eq!(vals.len(), inner.len());
    if inner.windows(2).all(|w| w[0] < w[1]) {
        let shape = Compressed {
            vlen,
            vdim: 1,
            h: None,
            p: vec![0, inner.len()],
            i: Vec::new().into(),
            x: Array::new(&vals.ty()),
        };
        return Ok(in_order(shape, inner, vals));
    }
    let zeros = vec![0; inner.len()];
    build_unordered(vlen, 1, &zeros, inner, &vals, dup)
}

/// Tuples already in storage order into `shape` (its vectors' pointers):
/// the inner indices copied (narrowed when they fit), the values kept (or
/// copied when they are the caller's).
fn in_order(shape: Compressed, inner: &[u64], vals: TupleValues) -> Compressed {
    Compressed {
        i: Indices::copy_of(inner, shape.vlen),
        x: vals.into_array(),
        ..shape
    }
}

/// [`build_compressed`] of tuples not in storage order.
fn build_unordered(
    vlen: u64,
    vdim: u64,
    outer: &[u64],
    inner: &[u64],
    vals: &TupleValues,
    dup: Dup<'_>,
) -> Result<Compressed> {
    let n = outer.len();
    let tuples = Tuples {
        vlen,
        vdim,
        outer,
        inner,
        vals,
    };
    if u32::try_from(n).is_ok() {
        build_sorted::<u32>(tuples, dup)
    } else {
        build_sorted::<usize>(tuples, dup)
    }
}

/// The tuples `(outer[k], inner[k], vals[k])` of `vdim` vectors of length
/// `vlen` given to [`build_compressed`].
#[derive(Clone, Copy)]
struct Tuples<'a> {
    vlen: u64,
    vdim: u64,
    outer: &'a [u64],
    inner: &'a [u64],
    vals: &'a TupleValues<'a>,
}

/// [`build_compressed`] of tuples not in order, their sorted order held as
/// positions of type `P`.
fn build_sorted<P: Position>(tuples: Tuples, dup: Dup<'_>) -> Result<Compressed> {
    let Tuples {
        vlen,
        vdim,
        outer,
        inner,
        vals,
    } = tuples;
    let key = |k: usize| (outer[k], inner[k]);
    let mut sorted = sorted_order::<P>(vlen, vdim, outer, inner);
    if sorted.distinct {
        let shape = match sorted.starts {
            Some(p) => Compressed {
                vlen,
                vdim,
                h: None,
                p,
                i: Vec::new().into(),
                x: Array::new(&vals.ty()),
            }
            .conform(),
            None => shape_of(&vals.ty(), vlen, vdim, outer.len(), |e| {
                outer[sorted.order[e].at()]
            })?,
        };
        let x = vals.gather(&sorted.order);
        // A permutation below the heap's allocation limit would stay
        // resident after it is freed, until reused: its pages go back now.
        discard_pages(&mut sorted.order);
        return Ok(Compressed {
            i: sorted.inner,
            x,
            ..shape
        });
    }
    let Sorted {
        mut order,
        mut inner,
        ..
    } = sorted;
    // Tuples with equal keys are adjacent; each run is one entry.
    let starts_entry = crate::parallel::map(order.len(), 1 << 14, |s| {
        s == 0
            || inner.get(s) != inner.get(s - 1)
            || outer[order[s].at()] != outer[order[s - 1].at()]
    });
    if let Dup::Error = dup {
        let s = starts_entry.iter().position(|&first| !first).unwrap_or(0);
        let (o, i) = key(order[s].at());
        fail!(
            InvalidValue,
            "duplicate entries at ({o}, {i}) and no operator to combine them"
        );
    }
    // The tuple whose value each entry takes first: the last of its run
    // when the last wins, else the first.
    let last_wins = matches!(dup, Dup::LastWins);
    let mut pick: Vec<P> = (0..order.len())
        .filter(|&s| {
            if last_wins {
                starts_entry.get(s + 1).copied().unwrap_or(true)
            } else {
                starts_entry[s]
            }
        })
        .map(|s| order[s])
        .collect();
    let shape = shape_of(&vals.ty(), vlen, vdim, pick.len(), |e| outer[pick[e].at()])?;
    inner.retain_positions(|s| starts_entry[s]);
    let mut x = vals.gather(&pick);
    if let Dup::Combine(f) = dup {
        fold_runs(&mut x, vals, &order, &starts_entry, f);
    }
    discard_pages(&mut order);
    discard_pages(&mut pick);
    Ok(Compressed {
        i: inner,
        x,
        ..shape
    })
}

/// Folds into `x` (each entry's first value) the values of the other
/// tuples of its run, in input order: `order` lists the tuples in sorted
/// order, `starts_entry[s]` whether `order[s]` begins a run.
fn fold_runs(
    x: &mut Array,
    vals: &TupleValues,
    order: &[impl Position],
    starts_entry: &[bool],
    f: &(dyn Fn(&mut [u8], &[u8]) + Sync),
) {
    let mut acc = vec![0u8; x.elem_size()];
    // The first tuple always starts entry 0.
    let mut entry = 0;
    for (s, &first) in starts_entry.iter().enumerate().skip(1) {
        if first {
            entry += 1;
        } else {
            acc.copy_from_slice(x.get_bytes(entry));
            f(&mut acc, vals.get_bytes(order[s].at()));
            x.set_bytes(entry, &acc);
        }
    }
}

/// The vectors of `entries` entries whose vector ids `vector_of(e)` never
/// decrease, without indices or values: hypersparse or sparse as
/// [`prefer_hyper`] chooses.
fn shape_of(
    ty: &Type,
    vlen: u64,
    vdim: u64,
    entries: usize,
    vector_of: impl Fn(usize) -> u64,
) -> Result<Compressed> {
    let mut h = Vec::new();
    let mut p = vec![0usize];
    for e in 0..entries {
        let v = vector_of(e);
        if h.last() != Some(&v) {
            if e > 0 {
                p.push(e);
            }
            h.push(v);
        }
    }
    if entries > 0 {
        p.push(entries);
    }
    let hyper = Compressed {
        vlen,
        vdim,
        h: Some(h),
        p,
        i: Vec::new().into(),
        x: Array::new(ty),
    };
    if prefer_hyper(vdim, hyper.nvec()) {
        Ok(hyper)
    } else {
        hyper.into_sparse()
    }
}

/// `src[positions[e]]` for every `e` (each below `bound`), in parallel
/// when there are many; in 32 bits when `bound` allows it.
fn gather_indices<P: Position>(src: &[u64], positions: &[P], bound: u64) -> Indices {
    if narrow_below(bound) {
        u32::store(gather_as(src, positions))
    } else {
        u64::store(gather_as(src, positions))
    }
}

fn gather_as<O: Idx, P: Position>(src: &[u64], positions: &[P]) -> Vec<O> {
    if positions.len() < PARALLEL_SORT {
        positions
            .iter()
            .map(|&t| O::from_u64(src[t.at()]))
            .collect()
    } else {
        crate::parallel::map(positions.len(), 1 << 12, |e| {
            O::from_u64(src[positions[e].at()])
        })
    }
}

/// Tuples in storage order.
struct Sorted<P> {
    /// The tuples' positions in `(outer, inner)` order, ties in input order.
    order: Vec<P>,
    /// Their inner indices, in that order.
    inner: Indices,
    /// Where each vector's tuples start in `order` (`vdim + 1` pointers),
    /// when they were sorted by counting vectors.
    starts: Option<Vec<usize>>,
    /// No two tuples share a key.
    distinct: bool,
}

/// The tuples in storage order (their inner indices below `vlen`).
fn sorted_order<P: Position>(vlen: u64, vdim: u64, outer: &[u64], inner: &[u64]) -> Sorted<P> {
    let n = outer.len();
    match usize::try_from(vdim) {
        Ok(vdim) if vdim <= n.saturating_mul(4).max(1 << 16) => {
            if narrow_below(vlen) {
                by_vectors::<u32, P>(vdim, outer, inner)
            } else {
                by_vectors::<u64, P>(vdim, outer, inner)
            }
        }
        _ => {
            // Too many vectors to count them (hypersparse): compare keys.
            let key = |k: usize| (outer[k], inner[k]);
            let mut order: Vec<P> = (0..n).map(P::from_usize).collect();
            if n > PARALLEL_SORT {
                crate::threads::install(|| order.par_sort_by_key(|&k| key(k.at())));
            } else {
                order.sort_by_key(|&k| key(k.at()));
            }
            let distinct = order.windows(2).all(|w| key(w[0].at()) != key(w[1].at()));
            Sorted {
                inner: gather_indices(inner, &order, vlen),
                order,
                starts: None,
                distinct,
            }
        }
    }
}

/// [`sorted_order`] by a counting sort on the vector, then each vector's
/// tuples sorted by inner index (both stable), the vectors in parallel,
/// their inner indices written out and checked for repeats on the way.
fn by_vectors<O: Idx, P: Position>(vdim: usize, outer: &[u64], inner: &[u64]) -> Sorted<P> {
    let n = outer.len();
    // Counted one place late, so that after the prefix sum `start[j + 1]`
    // is where vector `j` begins: it serves as the vector's cursor while
    // the tuples are placed, and ends where the vector ends, that is, where
    // vector `j + 1` begins (no second array of cursors).
    let mut start = vec![0usize; vdim + 2];
    for &o in outer {
        start[o as usize + 2] += 1;
    }
    for j in 0..vdim {
        start[j + 2] += start[j + 1];
    }
    let mut order = vec![P::from_usize(0); n];
    for (k, &o) in outer.iter().enumerate() {
        let slot = &mut start[o as usize + 1];
        order[*slot] = P::from_usize(k);
        *slot += 1;
    }
    start.pop();
    let mut sorted_inner = vec![O::default(); n];
    // Sorts vectors `vectors` (whose tuples are `piece`, inner indices
    // `out`); true when no key repeats among them.
    let sort_vectors = |vectors: std::ops::Range<usize>, piece: &mut [P], out: &mut [O]| {
        let base = start[vectors.start];
        let mut distinct = true;
        for j in vectors {
            let slots = start[j] - base..start[j + 1] - base;
            let (v, o) = (&mut piece[slots.clone()], &mut out[slots]);
            for (o, &k) in o.iter_mut().zip(v.iter()) {
                *o = O::from_u64(inner[k.at()]);
            }
            if o.windows(2).any(|w| w[0] >= w[1]) {
                v.sort_by_key(|&k| inner[k.at()]);
                for (o, &k) in o.iter_mut().zip(v.iter()) {
                    *o = O::from_u64(inner[k.at()]);
                }
                distinct &= o.windows(2).all(|w| w[0] != w[1]);
            }
        }
        distinct
    };
    let distinct = if n <= PARALLEL_SORT {
        sort_vectors(0..vdim, &mut order, &mut sorted_inner)
    } else {
        // Pieces of about equal numbers of tuples, split between vectors.
        let pieces = 64;
        let mut bounds: Vec<usize> = (0..=pieces)
            .map(|t| start.partition_point(|&s| s < t * n / pieces).min(vdim))
            .collect();
        bounds[pieces] = vdim;
        bounds.dedup();
        let mut slices = Vec::with_capacity(bounds.len());
        let (mut rest, mut rest_inner): (&mut [P], &mut [O]) = (&mut order, &mut sorted_inner);
        for w in bounds.windows(2) {
            let len = start[w[1]] - start[w[0]];
            let (piece, tail) = rest.split_at_mut(len);
            let (piece_inner, tail_inner) = rest_inner.split_at_mut(len);
            slices.push((w[0]..w[1], piece, piece_inner));
            rest = tail;
            rest_inner = tail_inner;
        }
        crate::parallel::map_items(slices, |(vectors, piece, out)| {
            sort_vectors(vectors, piece, out)
        })
        .into_iter()
        .all(|d| d)
    };
    Sorted {
        order,
        inner: O::store(sorted_inner),
        starts: Some(start),
        distinct,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_sorted_and_unsorted() {
        let c = build_compressed(
            4,
            3,
            &[2, 0, 0],
            &[0, 3, 1],
            Array::from_vec(vec![3i32, 2, 1]),
            Dup::Error,
        )
        .unwrap();
        c.check().unwrap();
        assert_eq!(c.p, vec![0, 2, 2, 3]);
        assert_eq!(c.i, vec![1, 3, 0]);
        assert_eq!(c.x.as_slice::<i32>().unwrap(), &[1, 2, 3]);
    }

    /// Many tuples (the parallel sorts) with duplicates, against a sorted map,
    /// by counting vectors and, with many more vectors, by comparing keys.
    #[test]
    fn large_builds_match_a_sorted_map() {
        let n = 3 * PARALLEL_SORT;
        let mut next = crate::test_rng::below(7);
        for vdim in [5_000u64, 40 * n as u64] {
            let outer: Vec<u64> = (0..n).map(|_| next(vdim)).collect();
            let inner: Vec<u64> = (0..n).map(|_| next(64)).collect();
            let vals: Vec<i64> = (0..n as i64).collect();
            let mut last = std::collections::BTreeMap::new();
            let mut sum = std::collections::BTreeMap::new();
            for k in 0..n {
                last.insert((outer[k], inner[k]), vals[k]);
                *sum.entry((outer[k], inner[k])).or_insert(0) += vals[k];
            }
            let entries = |c: &Compressed| {
                let x = c.x.as_slice::<i64>().unwrap();
                let mut got = Vec::new();
                for kk in 0..c.nvec() {
                    for q in c.range(kk) {
                        got.push(((c.vector_id(kk), c.i[q]), x[q]));
                    }
                }
                got
            };
            let array = Array::from_vec(vals.clone());
            let c =
                build_compressed(64, vdim, &outer, &inner, array.clone(), Dup::LastWins).unwrap();
            c.check().unwrap();
            assert_eq!(entries(&c), last.into_iter().collect::<Vec<_>>());
            // Positions held in 64 bits (beyond 2^32 tuples) give the same.
            let tuples = Tuples {
                vlen: 64,
                vdim,
                outer: &outer,
                inner: &inner,
                vals: &TupleValues::Owned(array.clone()),
            };
            let wide = build_sorted::<usize>(tuples, Dup::LastWins);
            assert_eq!(wide.unwrap(), c);
            // The caller's values read in place give the same.
            let bytes: Vec<u8> = vals.iter().flat_map(|v| v.to_ne_bytes()).collect();
            let caller = || TupleValues::from_bytes(&Type::INT64, &bytes);
            let borrowed = build_compressed(64, vdim, &outer, &inner, caller(), Dup::LastWins);
            assert_eq!(borrowed.unwrap(), c);
            let plus = |acc: &mut [u8], v: &[u8]| {
                let a = i64::from_ne_bytes(acc.try_into().unwrap());
                let b = i64::from_ne_bytes(v.try_into().unwrap());
                acc.copy_from_slice(&(a + b).to_ne_bytes());
            };
            let c = build_compressed(64, vdim, &outer, &inner, array, Dup::Combine(&plus)).unwrap();
            assert_eq!(entries(&c), sum.into_iter().collect::<Vec<_>>());
            let borrowed =
                build_compressed(64, vdim, &outer, &inner, caller(), Dup::Combine(&plus));
            assert_eq!(borrowed.unwrap(), c);
        }
    }

    /// Many distinct tuples in a shuffled order (the parallel counting sort
    /// with vectors out of order inside), and the same with one repeated key.
    #[test]
    fn large_distinct_builds_and_a_single_repeat_is_found() {
        let (vdim, vlen) = (3_000u64, 200u64);
        let n = (vdim * vlen / 2) as usize;
        assert!(n > PARALLEL_SORT);
        // Every other position, visited in a scrambled order.
        let keys: Vec<(u64, u64)> = (0..n as u64)
            .map(|k| (k * 7_919) % n as u64)
            .map(|k| (k / (vlen / 2), 2 * (k % (vlen / 2)) + 1))
            .collect();
        let (outer, inner): (Vec<u64>, Vec<u64>) = keys.iter().copied().unzip();
        let vals = Array::from_vec((0..n as i64).collect::<Vec<_>>());
        let c = build_compressed(vlen, vdim, &outer, &inner, vals.clone(), Dup::Error).unwrap();
        c.check().unwrap();
        let mut expected: Vec<((u64, u64), i64)> = keys.iter().copied().zip(0..n as i64).collect();
        expected.sort();
        let x = c.x.as_slice::<i64>().unwrap();
        let got: Vec<((u64, u64), i64)> = (0..c.nvec())
            .flat_map(|kk| c.range(kk).map(move |q| (kk, q)))
            .map(|(kk, q)| ((c.vector_id(kk), c.i[q]), x[q]))
            .collect();
        assert_eq!(got, expected);

        let mut inner = inner;
        let last = n - 1;
        let twin = (0..last)
            .find(|&k| outer[k] == outer[last] && k != last)
            .unwrap();
        inner[twin] = inner[last];
        let err =
            build_compressed(vlen, vdim, &outer, &inner, vals.clone(), Dup::Error).unwrap_err();
        assert_eq!(err.info, crate::error::Info::InvalidValue);
        let c = build_compressed(vlen, vdim, &outer, &inner, vals, Dup::LastWins).unwrap();
        assert_eq!(c.nvals(), n - 1);
    }

    #[test]
    fn duplicates() {
        let vals = Array::from_vec(vec![1i32, 2, 3]);
        let err =
            build_compressed(2, 2, &[1, 1, 0], &[1, 1, 0], vals.clone(), Dup::Error).unwrap_err();
        assert_eq!(err.info, crate::error::Info::InvalidValue);
        let last =
            build_compressed(2, 2, &[1, 1, 0], &[1, 1, 0], vals.clone(), Dup::LastWins).unwrap();
        assert_eq!(last.x.as_slice::<i32>().unwrap(), &[3, 2]);
        let minus = |acc: &mut [u8], v: &[u8]| {
            let a = i32::from_ne_bytes(acc.try_into().unwrap());
            let b = i32::from_ne_bytes(v.try_into().unwrap());
            acc.copy_from_slice(&(a - b).to_ne_bytes());
        };
        let folded = build_compressed(
            2,
            2,
            &[1, 1, 0, 1],
            &[1, 1, 0, 1],
            Array::from_vec(vec![1i32, 2, 3, 10]),
            Dup::Combine(&minus),
        )
        .unwrap();
        assert_eq!(folded.x.as_slice::<i32>().unwrap(), &[3, 1 - 2 - 10]);
    }

    #[test]
    fn huge_dimension_builds_hypersparse() {
        let big = 1u64 << 60;
        let c = build_compressed(
            big,
            big,
            &[big - 1, 3],
            &[0, big - 1],
            Array::from_vec(vec![1u8, 2]),
            Dup::Error,
        )
        .unwrap();
        c.check().unwrap();
        assert_eq!(c.h, Some(vec![3, big - 1]));
    }
}
