//! A scalar assigned under a mask to an output with nothing to keep:
//! `C<M>(:, :) = s` with a mask that is not complemented and no accumulator,
//! where `C` has no entries or `GrB_REPLACE` clears everything outside the
//! mask. The result is the mask's pattern (its true entries, or every entry
//! for a structural mask) holding `s`: a copy of the pattern and a fill, not
//! a merge of each vector (the way a graph's structure is taken as a matrix
//! of ones: `S<A, struct> = true`).

use crate::algebra::Value;
use crate::error::Result;
use crate::kernels::Mask;
use crate::storage::{Array, Compressed, CompressedRef, MatrixStore, Orientation};

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
}
