//! Sorting the entries within each vector of compressed arrays whose
//! vectors may be out of order ("jumbled", as a caller may pack them).

use crate::parallel;

/// Entries sorted per task by [`sort_within_vectors`].
const SORTED_PER_TASK: usize = 1 << 16;

/// Vectors at most this long are sorted in place by insertion.
const INSERTED: usize = 16;

/// Sorts the indices of each vector delimited by `p` (starting at 0 and
/// never decreasing, within `i`) together with their values (`size` bytes
/// each in `x`; `x` empty for an iso value), in parallel over runs of whole
/// vectors of about equal entries. A sorted vector is only read; a short
/// one is sorted in place, a longer one through its order. Repeated indices
/// stay (next to each other): the caller's check finds them.
pub fn sort_within_vectors(p: &[u64], i: &mut [u64], x: &mut [u8], size: usize) {
    if p.len() < 2 {
        return;
    }
    debug_assert_eq!(p[0], 0);
    let nvec = p.len() - 1;
    let mut cuts = vec![0];
    for t in 1..i.len().div_ceil(SORTED_PER_TASK) {
        let v = p[..nvec].partition_point(|&s| (s as usize) < t * SORTED_PER_TASK);
        if v > cuts[cuts.len() - 1] {
            cuts.push(v);
        }
    }
    cuts.push(nvec);
    let mut pieces = Vec::with_capacity(cuts.len());
    let (mut i_rest, mut x_rest) = (i, x);
    for w in cuts.windows(2) {
        let len = (p[w[1]] - p[w[0]]) as usize;
        let values = if x_rest.is_empty() { 0 } else { len * size };
        let (i_here, i_next) = std::mem::take(&mut i_rest).split_at_mut(len);
        let (x_here, x_next) = std::mem::take(&mut x_rest).split_at_mut(values);
        (i_rest, x_rest) = (i_next, x_next);
        pieces.push((&p[w[0]..=w[1]], i_here, x_here));
    }
    parallel::map_items(pieces, |(p, i, x)| sort_piece(p, i, x, size));
}

/// [`sort_within_vectors`] of the vectors `p` delimits, `i` and `x` starting
/// at the first.
fn sort_piece(p: &[u64], i: &mut [u64], x: &mut [u8], size: usize) {
    let base = p[0];
    for w in p.windows(2) {
        let (a, b) = ((w[0] - base) as usize, (w[1] - base) as usize);
        if i[a..b].windows(2).all(|v| v[0] < v[1]) {
            continue;
        }
        if b - a <= INSERTED {
            insert_sorted(i, x, size, a..b);
        } else {
            sort_by_order(i, x, size, a..b);
        }
    }
}

/// Sorts `i[r]` and its values by insertion, swapping neighbours.
fn insert_sorted(i: &mut [u64], x: &mut [u8], size: usize, r: std::ops::Range<usize>) {
    for q in r.start + 1..r.end {
        let mut at = q;
        while at > r.start && i[at - 1] > i[at] {
            i.swap(at - 1, at);
            if !x.is_empty() {
                let (before, from) = x.split_at_mut(at * size);
                before[(at - 1) * size..].swap_with_slice(&mut from[..size]);
            }
            at -= 1;
        }
    }
}

/// Sorts `i[r]` and its values through the order of the indices.
fn sort_by_order(i: &mut [u64], x: &mut [u8], size: usize, r: std::ops::Range<usize>) {
    let mut order: Vec<usize> = r.clone().collect();
    order.sort_by_key(|&k| i[k]);
    let sorted: Vec<u64> = order.iter().map(|&k| i[k]).collect();
    i[r.clone()].copy_from_slice(&sorted);
    if !x.is_empty() {
        let values: Vec<u8> = order
            .iter()
            .flat_map(|&k| x[k * size..(k + 1) * size].iter().copied())
            .collect();
        x[r.start * size..r.end * size].copy_from_slice(&values);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_are_sorted_with_their_values() {
        // Vectors of 0-40 entries (short and long ones) over several tasks,
        // with 3-byte values that name their index, and iso (no values).
        let mut next = crate::test_rng::below(11);
        let (mut p, mut i) = (vec![0u64], Vec::new());
        while i.len() < 3 * SORTED_PER_TASK {
            let len = if next(4) == 0 { next(41) } else { next(6) };
            for _ in 0..len {
                i.push(next(1000));
            }
            p.push(i.len() as u64);
        }
        let value = |k: u64| [(k % 251) as u8, (k / 251) as u8, 7];
        let mut x: Vec<u8> = i.iter().flat_map(|&k| value(k)).collect();
        let mut iso_i = i.clone();
        sort_within_vectors(&p, &mut i, &mut x, 3);
        sort_within_vectors(&p, &mut iso_i, &mut [], 3);
        assert_eq!(i, iso_i);
        for w in p.windows(2) {
            let v = &i[w[0] as usize..w[1] as usize];
            assert!(v.windows(2).all(|s| s[0] <= s[1]), "vector at {}", w[0]);
        }
        let expected: Vec<u8> = i.iter().flat_map(|&k| value(k)).collect();
        assert_eq!(x, expected);
        sort_within_vectors(&[0], &mut [], &mut [], 1);
    }
}
