//! A scalar assigned under a mask to an output with nothing to keep:
//! `C<M>(:, :) = s` with no accumulator, where `C` has no entries or
//! `GrB_REPLACE` clears everything outside the mask. The result is the
//! positions the mask allows holding `s`, one stored value for all: a copy
//! of the mask's pattern (its true entries, or every entry for a structural
//! mask) when it is not complemented (the way a graph's structure is taken
//! as a matrix of ones: `S<A, struct> = true`), and a bitmap of the positions
//! it does not hold when it is (PageRank's dangling vertices:
//! `sink<!struct(d_out)> = true`), not a merge of each vector.

use crate::algebra::Value;
use crate::error::Result;
use crate::kernels::Mask;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::{Array, Bitmap, Compressed, CompressedRef, Format, MatrixStore, Orientation};

/// `C`'s new content: the true positions of `mask` (not complemented)
/// holding `value` (already of `C`'s type), in orientation `orient`.
pub fn scalar_on_pattern(mask: &Mask, value: &Value, orient: Orientation) -> Result<MatrixStore> {
    debug_assert!(!mask.complement);
    let positions = mask.try_positions(orient)?;
    let x = Array::filled(value, positions.nvals())?;
    let c = match positions {
        CompressedRef::Owned(p) => Compressed { x, ..p },
        p => Compressed {
            vlen: p.vlen,
            vdim: p.vdim,
            h: p.h.clone(),
            p: p.p.clone(),
            i: p.i.clone(),
            x,
        },
    };
    Ok(MatrixStore::from_compressed(orient, c).conform())
}

/// `C`'s new content when `mask` is complemented: `value` (already of `C`'s
/// type) at every position the mask allows, as a bitmap laid out in
/// orientation `orient`; `None` when the mask holds so much of a large
/// output that the few allowed positions are better built as compressed
/// vectors.
pub fn scalar_off_pattern(
    mask: &Mask,
    value: &Value,
    orient: Orientation,
) -> Result<Option<MatrixStore>> {
    debug_assert!(mask.complement);
    let (nrows, ncols) = (mask.store.nrows(), mask.store.ncols());
    let Some(positions) = nrows.checked_mul(ncols) else {
        return Ok(None);
    };
    let at_least = positions - mask.store.nvals() as u64;
    if !dense_workspace_ok(positions, at_least as usize) {
        return Ok(None);
    }
    let b = mask.try_flags(orient, positions)?;
    let (vlen, vdim) = orient.vector_dims(nrows, ncols);
    let x = Array::filled(value, b.len())?;
    let bitmap = Bitmap::from_flags(vlen, vdim, b, x);
    Ok(Some(
        MatrixStore::new(orient, Format::Bitmap(bitmap)).conform(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn the_true_mask_positions_hold_the_value() {
        let m = Compressed::vector(6, vec![1, 3, 4], Array::from_vec(vec![true, false, true]));
        let store = Arc::new(MatrixStore::from_compressed(Orientation::ByCol, m));
        let held = |structural| {
            let mask = Mask {
                store: store.clone(),
                structural,
                complement: false,
            };
            let out = scalar_on_pattern(&mask, &Value::new(7i16), Orientation::ByCol).unwrap();
            let mut entries = Vec::new();
            out.for_each_entry(|r, _, q| entries.push((r, out.values().get_as::<i16>(q))));
            entries
        };
        assert_eq!(held(true), vec![(1, 7), (3, 7), (4, 7)]);
        assert_eq!(held(false), vec![(1, 7), (4, 7)]);
    }

    #[test]
    fn the_positions_outside_the_mask_hold_the_value() {
        let m = Compressed::vector(6, vec![1, 3, 4], Array::from_vec(vec![true, false, true]));
        let sparse = MatrixStore::from_compressed(Orientation::ByCol, m);
        let bitmap = MatrixStore::new(
            Orientation::ByCol,
            Format::Bitmap(sparse.to_bitmap().unwrap()),
        );
        for store in [sparse, bitmap] {
            let store = Arc::new(store);
            let held = |structural| {
                let mask = Mask {
                    store: store.clone(),
                    structural,
                    complement: true,
                };
                let out = scalar_off_pattern(&mask, &Value::new(7i16), Orientation::ByCol)
                    .unwrap()
                    .expect("a small output takes the bitmap");
                let mut entries = Vec::new();
                out.for_each_entry(|r, _, q| entries.push((r, out.values().get_as::<i16>(q))));
                entries
            };
            assert_eq!(held(true), vec![(0, 7), (2, 7), (5, 7)]);
            assert_eq!(held(false), vec![(0, 7), (2, 7), (3, 7), (5, 7)]);
        }
    }
}
