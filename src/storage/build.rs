//! Assembling compressed storage from unsorted tuples, combining duplicates.

use super::array::Array;
use super::compressed::{prefer_hyper, Compressed};
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
pub fn build_compressed(
    vlen: u64,
    vdim: u64,
    outer: &[u64],
    inner: &[u64],
    vals: &Array,
    dup: Dup<'_>,
) -> Result<Compressed> {
    let n = outer.len();
    debug_assert_eq!(inner.len(), n);
    debug_assert_eq!(vals.len(), n);
    let key = |k: usize| (outer[k], inner[k]);
    let sorted = (1..n).all(|k| key(k - 1) < key(k));
    let perm: Vec<usize> = if sorted {
        Vec::new()
    } else {
        sorted_order(vdim, outer, inner)
    };
    let at = |s: usize| if sorted { s } else { perm[s] };

    // Group equal keys: `first[g]..first[g+1]` in sorted order is group g.
    let mut starts = Vec::with_capacity(n + 1);
    for s in 0..n {
        if s == 0 || key(at(s - 1)) != key(at(s)) {
            starts.push(s);
        }
    }
    let groups = starts.len();
    starts.push(n);
    if groups < n {
        if let Dup::Error = dup {
            let g = (0..groups)
                .find(|&g| starts[g + 1] - starts[g] > 1)
                .unwrap();
            let (o, i) = key(at(starts[g]));
            fail!(
                InvalidValue,
                "duplicate entries at ({o}, {i}) and no operator to combine them"
            );
        }
    }

    let pick: Vec<usize> = (0..groups)
        .map(|g| match dup {
            Dup::LastWins => at(starts[g + 1] - 1),
            _ => at(starts[g]),
        })
        .collect();
    let mut x = if sorted && groups == n {
        vals.clone()
    } else {
        vals.gather(&pick)
    };
    if let Dup::Combine(f) = dup {
        if groups < n {
            let size = x.elem_size();
            let mut acc = vec![0u8; size];
            for g in 0..groups {
                if starts[g + 1] - starts[g] > 1 {
                    acc.copy_from_slice(x.get_bytes(g));
                    for s in starts[g] + 1..starts[g + 1] {
                        f(&mut acc, vals.get_bytes(at(s)));
                    }
                    x.set_bytes(g, &acc);
                }
            }
        }
    }

    let i: Vec<u64> = pick.iter().map(|&k| inner[k]).collect();
    let mut ids = Vec::new();
    let mut p = vec![0usize];
    for (g, &k) in pick.iter().enumerate() {
        if ids.last() != Some(&outer[k]) {
            if g > 0 {
                p.push(g);
            }
            ids.push(outer[k]);
        }
    }
    if groups > 0 {
        p.push(groups);
    }
    let hyper = Compressed {
        vlen,
        vdim,
        h: Some(ids),
        p,
        i,
        x,
    };
    Ok(if prefer_hyper(vdim, hyper.nvec()) {
        hyper
    } else {
        hyper.into_sparse()?
    })
}

/// The tuples' positions in `(outer, inner)` order, ties in input order.
fn sorted_order(vdim: u64, outer: &[u64], inner: &[u64]) -> Vec<usize> {
    let n = outer.len();
    match usize::try_from(vdim) {
        Ok(vdim) if vdim <= n.saturating_mul(4).max(1 << 16) => by_vectors(vdim, outer, inner),
        _ => {
            // Too many vectors to count them (hypersparse): compare keys.
            let key = |k: usize| (outer[k], inner[k]);
            let mut perm: Vec<usize> = (0..n).collect();
            if n > PARALLEL_SORT {
                perm.par_sort_by_key(|&k| key(k));
            } else {
                perm.sort_by_key(|&k| key(k));
            }
            perm
        }
    }
}

/// [`sorted_order`] by a counting sort on the vector, then each vector's
/// tuples sorted by inner index (both stable), the vectors in parallel.
fn by_vectors(vdim: usize, outer: &[u64], inner: &[u64]) -> Vec<usize> {
    let n = outer.len();
    let mut start = vec![0usize; vdim + 1];
    for &o in outer {
        start[o as usize + 1] += 1;
    }
    for j in 0..vdim {
        start[j + 1] += start[j];
    }
    let mut next = start.clone();
    let mut perm = vec![0usize; n];
    for (k, &o) in outer.iter().enumerate() {
        let slot = &mut next[o as usize];
        perm[*slot] = k;
        *slot += 1;
    }
    let sort_vectors = |vectors: std::ops::Range<usize>, piece: &mut [usize]| {
        let base = start[vectors.start];
        for j in vectors {
            let v = &mut piece[start[j] - base..start[j + 1] - base];
            if v.windows(2).any(|w| inner[w[0]] > inner[w[1]]) {
                v.sort_by_key(|&k| inner[k]);
            }
        }
    };
    if n <= PARALLEL_SORT {
        sort_vectors(0..vdim, &mut perm);
        return perm;
    }
    // Pieces of about equal numbers of tuples, split between vectors.
    let pieces = 64;
    let mut bounds: Vec<usize> = (0..=pieces)
        .map(|t| start.partition_point(|&s| s < t * n / pieces).min(vdim))
        .collect();
    bounds[pieces] = vdim;
    bounds.dedup();
    let mut slices = Vec::with_capacity(bounds.len());
    let mut rest: &mut [usize] = &mut perm;
    for w in bounds.windows(2) {
        let (piece, tail) = rest.split_at_mut(start[w[1]] - start[w[0]]);
        slices.push((w[0]..w[1], piece));
        rest = tail;
    }
    crate::parallel::map_items(slices, |(vectors, piece)| sort_vectors(vectors, piece));
    perm
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
            &Array::from_vec(vec![3i32, 2, 1]),
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
        let mut seed = 7u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
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
            let c = build_compressed(64, vdim, &outer, &inner, &array, Dup::LastWins).unwrap();
            c.check().unwrap();
            assert_eq!(entries(&c), last.into_iter().collect::<Vec<_>>());
            let plus = |acc: &mut [u8], v: &[u8]| {
                let a = i64::from_ne_bytes(acc.try_into().unwrap());
                let b = i64::from_ne_bytes(v.try_into().unwrap());
                acc.copy_from_slice(&(a + b).to_ne_bytes());
            };
            let c =
                build_compressed(64, vdim, &outer, &inner, &array, Dup::Combine(&plus)).unwrap();
            assert_eq!(entries(&c), sum.into_iter().collect::<Vec<_>>());
        }
    }

    #[test]
    fn duplicates() {
        let vals = Array::from_vec(vec![1i32, 2, 3]);
        let err = build_compressed(2, 2, &[1, 1, 0], &[1, 1, 0], &vals, Dup::Error).unwrap_err();
        assert_eq!(err.info, crate::error::Info::InvalidValue);
        let last = build_compressed(2, 2, &[1, 1, 0], &[1, 1, 0], &vals, Dup::LastWins).unwrap();
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
            &Array::from_vec(vec![1i32, 2, 3, 10]),
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
            &Array::from_vec(vec![1u8, 2]),
            Dup::Error,
        )
        .unwrap();
        c.check().unwrap();
        assert_eq!(c.h, Some(vec![3, big - 1]));
    }
}
