//! The masked write-back into a dense output: `C<M> = T` with a mask that is
//! not complemented, no accumulator and no replace (BFS's `pi<p, struct> = p`
//! each level). When `C` is a bitmap or full store, or a sparse one about to
//! become dense, the mask's positions of a copy of `C`'s dense form take
//! `T`'s values (or lose their entry where `T` has none): a copy of `C` plus
//! `O(nnz(M) + nnz(T))` work, instead of a merge of every vector of `C`.

use super::full::same_layout;
use crate::algebra::Type;
use crate::error::Result;
use crate::ops::mask::Mask;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::store::compressed_to_bitmap;
use crate::storage::{Bitmap, Format, MatrixStore, Orientation};
use std::borrow::Cow;

/// A sparse output with at least one entry (counting those an operation may
/// add) per this many positions is made a bitmap.
const DENSE_OUTPUT: u64 = 16;

/// A copy of `c`'s content in a dense format laid out in orientation
/// `orient` (full stays full), or `None` when `c` is sparse and would stay
/// sparse with `more` entries added, or is laid out the other way.
pub fn dense_copy(c: &MatrixStore, more: u64, orient: Orientation) -> Result<Option<Format>> {
    if !same_layout(c, orient) {
        return Ok(None);
    }
    let positions = c.nrows().saturating_mul(c.ncols());
    Ok(Some(match c.format() {
        Format::Full(f) => Format::Full(f.clone()),
        Format::Bitmap(b) => Format::Bitmap(b.clone()),
        Format::Sparse(cc) => {
            let reach = (cc.nvals() as u64).saturating_add(more);
            if reach.saturating_mul(DENSE_OUTPUT) < positions
                || !dense_workspace_ok(positions, cc.nvals())
            {
                return Ok(None);
            }
            Format::Bitmap(compressed_to_bitmap(cc)?)
        }
    }))
}

/// `C<mask> = T` (the mask not complemented; no accumulator, no replace) on
/// `C`'s old content `old` of type `ctype`, in orientation `orient`, or
/// `None` when `C` is not dense enough: the general merge runs then.
pub fn masked_into_dense(
    old: &MatrixStore,
    ctype: &Type,
    orient: Orientation,
    mask: &Mask,
    t: &MatrixStore,
) -> Result<Option<MatrixStore>> {
    if mask.complement {
        return Ok(None);
    }
    let Some(dense) = dense_copy(old, t.nvals() as u64, orient)? else {
        return Ok(None);
    };
    // Entries may be deleted (mask true, no T entry): full becomes a bitmap.
    let mut bitmap = match dense {
        Format::Full(f) => Bitmap {
            vlen: f.vlen,
            vdim: f.vdim,
            b: vec![true; f.x.len()],
            nvals: f.x.len(),
            x: f.x,
        },
        Format::Bitmap(b) => b,
        Format::Sparse(_) => return Ok(None),
    };
    let m = mask.try_positions(orient)?;
    let tc = t.try_compressed(orient)?;
    let tx = if tc.x.ty() == *ctype {
        Cow::Borrowed(&tc.x)
    } else {
        Cow::Owned(tc.x.cast(ctype))
    };
    let Bitmap {
        vlen, b, x, nvals, ..
    } = &mut bitmap;
    for k in 0..m.nvec() {
        let j = m.vector_id(k);
        let base = j * *vlen;
        let tr = tc.vector_range(j);
        let (ti, mut at) = (&tc.i[tr.clone()], 0);
        for &i in &m.i[m.range(k)] {
            at += ti[at..].iter().take_while(|&&x| x < i).count();
            let q = (base + i) as usize;
            if ti.get(at) == Some(&i) {
                x.set_bytes(q, tx.get_bytes(tr.start + at));
                *nvals += !b[q] as usize;
                b[q] = true;
            } else if b[q] {
                b[q] = false;
                *nvals -= 1;
            }
        }
    }
    Ok(Some(
        MatrixStore::new(orient, Format::Bitmap(bitmap)).conform(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{Array, ArrayElement, Compressed, Full};
    use std::sync::Arc;

    fn vector<T: ArrayElement>(n: u64, ids: &[u64], x: Vec<T>) -> MatrixStore {
        let c = Compressed::vector(n, ids.to_vec(), Array::from_vec(x));
        MatrixStore::from_compressed(Orientation::ByCol, c)
    }

    fn entries(s: &MatrixStore) -> Vec<(u64, i32)> {
        let mut out = Vec::new();
        s.for_each_entry(|r, _, q| out.push((r, s.values().get_as::<i32>(q))));
        out
    }

    fn mask(m: MatrixStore, structural: bool) -> Mask {
        Mask {
            store: Arc::new(m),
            structural,
            complement: false,
        }
    }

    #[test]
    fn the_mask_positions_take_t_or_lose_their_entry() {
        let c = vector(8, &[0, 2, 3, 5], vec![1i32, 2, 3, 4]);
        // Valued mask: 5 holds false (kept as it is); 2 and 6 true.
        let m = mask(
            vector(8, &[2, 5, 6, 7], vec![true, false, true, true]),
            false,
        );
        // T (of another type, cast) at 5 (outside the mask), 6 and 7; none at 2.
        let t = vector(8, &[5, 6, 7], vec![50i64, 60, 70]);
        let out = masked_into_dense(&c, &Type::INT32, Orientation::ByCol, &m, &t)
            .unwrap()
            .expect("dense enough");
        assert_eq!(out.nvals(), 5);
        assert_eq!(
            entries(&out),
            vec![(0, 1), (3, 3), (5, 4), (6, 60), (7, 70)]
        );
    }

    #[test]
    fn a_full_output_stays_full_unless_an_entry_is_deleted() {
        let full = MatrixStore::new(
            Orientation::ByCol,
            Format::Full(Full {
                vlen: 4,
                vdim: 1,
                x: Array::from_vec(vec![1i32, 2, 3, 4]),
            }),
        );
        let t = vector(4, &[1], vec![9i32]);
        let within = mask(vector(4, &[1], vec![true]), true);
        let out = masked_into_dense(&full, &Type::INT32, Orientation::ByCol, &within, &t)
            .unwrap()
            .unwrap();
        assert!(matches!(out.format(), Format::Full(_)));
        assert_eq!(entries(&out), vec![(0, 1), (1, 9), (2, 3), (3, 4)]);
        let wider = mask(vector(4, &[1, 2], vec![true, true]), true);
        let out = masked_into_dense(&full, &Type::INT32, Orientation::ByCol, &wider, &t)
            .unwrap()
            .unwrap();
        assert_eq!(entries(&out), vec![(0, 1), (1, 9), (3, 4)]);
    }

    #[test]
    fn complemented_masks_and_sparse_outputs_are_declined() {
        let t = vector(1 << 12, &[5], vec![9i32]);
        let one = mask(vector(1 << 12, &[5], vec![true]), true);
        let sparse = vector(1 << 12, &[1], vec![1i32]);
        let ty = Type::INT32;
        assert!(
            masked_into_dense(&sparse, &ty, Orientation::ByCol, &one, &t)
                .unwrap()
                .is_none()
        );
        let dense = vector(4, &[0, 1, 2], vec![1i32, 2, 3]);
        let comp = Mask {
            complement: true,
            ..mask(vector(4, &[1], vec![true]), true)
        };
        let t = vector(4, &[1], vec![9i32]);
        assert!(
            masked_into_dense(&dense, &ty, Orientation::ByCol, &comp, &t)
                .unwrap()
                .is_none()
        );
    }
}
