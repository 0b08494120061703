//! `C<M, replace> = accum(C, T)` with a mask that is not complemented:
//! every entry outside `M` is deleted, so `C` and `T` only matter at `M`'s
//! positions. When `M` has far fewer entries than `C` and `T` (BFS's
//! `w<q, replace> = degree` for a small frontier), both are first cut down
//! to `M`'s pattern by searching each of `M`'s indices in them:
//! `O(|M| log)` instead of a walk of every entry of `C` and `T`.

use crate::ops::indices::gallop;
use crate::storage::Compressed;

/// `C` and `T` together hold at least this many times the mask's entries
/// for the cut to pay.
const SMALL_MASK: usize = 8;

/// Whether `C` and `T` are worth cutting down to the mask `m` first.
pub(super) fn applies(c: &Compressed, t: &Compressed, m: &Compressed) -> bool {
    m.nvals().saturating_mul(SMALL_MASK) < c.nvals().saturating_add(t.nvals())
}

/// The entries of `x` at the positions of `m` (same dimensions and
/// orientation), hypersparse over `m`'s vectors.
pub(super) fn restrict(x: &Compressed, m: &Compressed) -> Compressed {
    let mut h = Vec::with_capacity(m.nvec());
    let mut p = vec![0];
    let (mut i, mut slots) = (Vec::new(), Vec::new());
    for k in 0..m.nvec() {
        let j = m.vector_id(k);
        let xr = x.vector_range(j);
        if xr.is_empty() {
            continue;
        }
        let xi = &x.i[xr.clone()];
        let mut at = 0;
        for &want in &m.i[m.range(k)] {
            at = gallop(xi, at, want);
            if at == xi.len() {
                break;
            }
            if xi[at] == want {
                i.push(want);
                slots.push(xr.start + at);
            }
        }
        if i.len() > *p.last().expect("starts at 0") {
            h.push(j);
            p.push(i.len());
        }
    }
    Compressed {
        vlen: x.vlen,
        vdim: x.vdim,
        h: Some(h),
        p,
        i,
        x: x.x.gather(&slots),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Array;

    #[test]
    fn keeps_the_entries_at_the_mask_positions_only() {
        let x = Compressed::vector(
            10,
            vec![0, 2, 3, 5, 8],
            Array::from_vec(vec![1i32, 2, 3, 4, 5]),
        );
        let m = Compressed::vector(10, vec![2, 4, 5, 9], Array::from_vec(vec![true; 4]));
        let r = restrict(&x, &m);
        assert_eq!(r.i, vec![2, 5]);
        assert_eq!(r.x.as_slice::<i32>().unwrap(), &[2, 4]);
        assert_eq!(r.nvals(), 2);
        let none = restrict(
            &x,
            &Compressed::vector(10, vec![1, 9], Array::from_vec(vec![true; 2])),
        );
        assert_eq!(none.nvals(), 0);
        assert_eq!(none.nvec(), 0);
    }
}
