//! The entries of `C` inside a region, found by search instead of a merge:
//! deleting a row or a column of a big `C` touches a few entries, which can
//! become pending removals instead of a rebuilt `C`.

use crate::kernels::indices::{common, TargetCursor, TargetList};
use crate::storage::Compressed;

/// The positions `(j, i)` of `c`'s entries in a vector of `outer` at an inner
/// index of `inner`, in order; `None` as soon as there are more than `limit`.
/// Costs a search per vector of `outer` (or a scan of `c`'s vectors, when
/// `outer` is longer) and a galloping intersection with `inner` per vector.
pub(crate) fn entries_within(
    c: &Compressed,
    outer: &TargetList,
    inner: &TargetList,
    limit: usize,
) -> Option<Vec<(u64, u64)>> {
    let held: Box<dyn Iterator<Item = usize>> = match outer {
        TargetList::List(l) if l.len() < c.nvec() => {
            Box::new(l.iter().filter_map(|&j| c.find_vector(j)))
        }
        _ => {
            let mut region = TargetCursor::new(outer);
            Box::new((0..c.nvec()).filter(move |&k| region.contains(c.vector_id(k))))
        }
    };
    let mut found = Vec::new();
    for k in held {
        let j = c.vector_id(k);
        let idx = c.i.idx_range(c.range(k));
        match inner {
            TargetList::All(_) => found.extend(idx.iter().take(limit + 1).map(|i| (j, i))),
            TargetList::List(l) => found.extend(common(idx, l[..].into()).map(|i| (j, i))),
        }
        if found.len() > limit {
            return None;
        }
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::Type;
    use crate::storage::Array;
    use std::borrow::Cow;

    /// Vectors 0, 2 and 5 of a hypersparse 6 x 6: {1, 3}, {0, 1, 2, 3}, {3}.
    fn sample() -> Compressed {
        let mut c = Compressed::empty(&Type::INT64, 6, 6);
        c.h = Some(vec![0, 2, 5]);
        c.p = vec![0, 2, 6, 7];
        c.i = vec![1u64, 3, 0, 1, 2, 3, 3].into();
        c.x = Array::from_vec(vec![0i64; 7]);
        c
    }

    #[test]
    fn entries_in_lists_and_whole_dimensions_are_found_in_order() {
        let c = sample();
        let list = |l: &[u64]| TargetList::List(Cow::Owned(l.to_vec()));
        let all = TargetList::All(6);
        let column3 = entries_within(&c, &all, &list(&[3]), 10);
        assert_eq!(column3, Some(vec![(0, 3), (2, 3), (5, 3)]));
        let row2 = entries_within(&c, &list(&[2]), &all, 10);
        assert_eq!(row2, Some(vec![(2, 0), (2, 1), (2, 2), (2, 3)]));
        let some = entries_within(&c, &list(&[1, 2, 5]), &list(&[1, 3, 4]), 10);
        assert_eq!(some, Some(vec![(2, 1), (2, 3), (5, 3)]));
        assert_eq!(entries_within(&c, &all, &all, 6), None);
        assert_eq!(entries_within(&c, &all, &all, 7).map(|f| f.len()), Some(7));
    }
}
