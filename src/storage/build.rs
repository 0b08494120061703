//! Assembling compressed storage from unsorted tuples, combining duplicates.

use super::array::Array;
use super::compressed::{prefer_hyper, Compressed};
use crate::error::Result;
use crate::fail;
use rayon::prelude::*;

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
        let mut perm: Vec<usize> = (0..n).collect();
        if n > 100_000 {
            perm.par_sort_by_key(|&k| key(k));
        } else {
            perm.sort_by_key(|&k| key(k));
        }
        perm
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
