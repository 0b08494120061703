//! Reading compressed storage as one sorted sequence of entries: entry
//! positions ("slots") `0..nvals` ordered by `(vector id, inner index)`. Kernels
//! split the slots into chunks for parallel work and walk each chunk vector by
//! vector, without ever touching the vectors outside it (so hypersparse storage
//! with huge dimensions costs only its entries).

use crate::storage::Compressed;
use std::ops::Range;

/// The sort key of an entry: `(vector id, inner index)`.
pub type Key = (u64, u64);

/// The key of the entry in slot `s` (`s < nvals`).
pub fn key_at(c: &Compressed, s: usize) -> Key {
    (c.vector_id(c.vector_of_slot(s)), c.i.get(s))
}

/// The first slot whose key is `>= key` (`nvals` when there is none).
pub fn lower_bound(c: &Compressed, (j, i): Key) -> usize {
    let k = match &c.h {
        Some(h) => h.partition_point(|&x| x < j),
        None => (j.min(c.vdim)) as usize,
    };
    if k >= c.nvec() {
        return c.nvals();
    }
    let r = c.range(k);
    if c.vector_id(k) == j {
        r.start + c.i.idx_range(r.clone()).count_below(i)
    } else {
        r.start
    }
}

/// The non-empty pieces of the held vectors within a slot range, in order:
/// `(vector id, slots)`.
pub struct VectorRuns<'a> {
    c: &'a Compressed,
    k: usize,
    next: usize,
    end: usize,
}

/// Walks the slots `slots` of `c` vector by vector.
pub fn runs(c: &Compressed, slots: Range<usize>) -> VectorRuns<'_> {
    let k = if slots.start < slots.end {
        c.vector_of_slot(slots.start)
    } else {
        0
    };
    VectorRuns {
        c,
        k,
        next: slots.start,
        end: slots.end,
    }
}

impl Iterator for VectorRuns<'_> {
    type Item = (u64, Range<usize>);

    #[inline]
    fn next(&mut self) -> Option<(u64, Range<usize>)> {
        while self.next < self.end {
            let stop = self.c.p[self.k + 1].min(self.end);
            let k = self.k;
            self.k += 1;
            if stop > self.next {
                let r = self.next..stop;
                self.next = stop;
                return Some((self.c.vector_id(k), r));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Array;

    fn sample(hyper: bool) -> Compressed {
        // vectors 0: {1, 3}, 1: {}, 2: {0}, 3: {}, 4: {2}
        let c = Compressed {
            vlen: 5,
            vdim: 5,
            h: None,
            p: vec![0, 2, 2, 3, 3, 4],
            i: vec![1, 3, 0, 2].into(),
            x: Array::from_vec(vec![1u8, 2, 3, 4]),
        };
        if hyper {
            c.into_hyper()
        } else {
            c
        }
    }

    #[test]
    fn keys_and_bounds() {
        for hyper in [false, true] {
            let c = sample(hyper);
            assert_eq!(key_at(&c, 2), (2, 0));
            assert_eq!(key_at(&c, 3), (4, 2));
            assert_eq!(lower_bound(&c, (0, 2)), 1);
            assert_eq!(lower_bound(&c, (1, 0)), 2);
            assert_eq!(lower_bound(&c, (2, 1)), 3);
            assert_eq!(lower_bound(&c, (9, 0)), 4);
            let all: Vec<_> = runs(&c, 0..4).collect();
            assert_eq!(all, vec![(0, 0..2), (2, 2..3), (4, 3..4)]);
            let mid: Vec<_> = runs(&c, 1..3).collect();
            assert_eq!(mid, vec![(0, 1..2), (2, 2..3)]);
            assert_eq!(runs(&c, 2..2).count(), 0);
        }
    }
}
