//! A scalar assigned under a mask into a dense output: `C<M>(:, :) = s` with
//! a mask that is not complemented, no accumulator and no replace (BFS's
//! `v<q, struct> = level`). When `C` is a bitmap or full store, or a sparse
//! one about to become dense, the value is written at the mask's true
//! positions of `C`'s dense form: `O(nnz(M))` writes instead of a merge of
//! every vector of `C`. The dense form is `C`'s own buffers when the caller
//! owns `C`'s old content (see `plan::Source::take_value`), and a copy
//! otherwise.

use crate::algebra::Value;
use crate::error::Result;
use crate::kernels::writeback::dense::{into_dense_form, takes_dense_form};
use crate::kernels::Mask;
use crate::storage::{Bitmap, Format, MatrixStore, Orientation};
use std::borrow::Cow;

/// True when [`scalar_under_mask`] applies to `C`'s content `c` in
/// orientation `orient`: the mask is not complemented and `C` is laid out
/// that way and takes a dense form.
pub fn scalar_applies(c: &MatrixStore, mask: &Mask, orient: Orientation) -> bool {
    c.orient() == orient
        && !mask.complement
        && takes_dense_form(c, mask.store.nvals() as u64, orient)
}

/// `C`'s new content after `C<mask>(:, :) = value` (the value already of
/// `C`'s type; no accumulator, no replace) in orientation `orient`, when
/// [`scalar_applies`].
pub fn scalar_under_mask(
    c: Cow<'_, MatrixStore>,
    mask: &Mask,
    value: &Value,
    orient: Orientation,
) -> Result<MatrixStore> {
    debug_assert!(scalar_applies(&c, mask, orient));
    let (nrows, ncols) = (c.nrows(), c.ncols());
    let mut dense = into_dense_form(c)?;
    let position = |row: u64, col: u64| match orient {
        Orientation::ByRow => (row * ncols + col) as usize,
        Orientation::ByCol => (col * nrows + row) as usize,
    };
    let truth = (!mask.structural).then(|| mask.store.values().truth_values());
    let bytes = value.bytes();
    let (mut flags, x) = match &mut dense {
        Format::Full(f) => (None, &mut f.x),
        Format::Bitmap(Bitmap { b, x, nvals, .. }) => (Some((b, nvals)), x),
        Format::Sparse(_) => unreachable!("a dense form"),
    };
    mask.store.for_each_entry(|row, col, q| {
        if truth.as_ref().is_some_and(|t| !t[q]) {
            return;
        }
        let at = position(row, col);
        if let Some((b, nvals)) = &mut flags {
            **nvals += !b[at] as usize;
            b[at] = true;
        }
        x.set_bytes(at, bytes);
    });
    Ok(MatrixStore::new(orient, dense).conform())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{Array, Compressed};
    use std::sync::Arc;

    fn vector<T: crate::storage::ArrayElement>(n: u64, ids: &[u64], x: Vec<T>) -> MatrixStore {
        let c = Compressed::vector(n, ids.to_vec(), Array::from_vec(x));
        MatrixStore::from_compressed(Orientation::ByCol, c)
    }

    fn entries(s: &MatrixStore) -> Vec<(u64, i32)> {
        let mut out = Vec::new();
        s.for_each_entry(|r, _, q| out.push((r, s.values().as_slice::<i32>().unwrap()[q])));
        out
    }

    #[test]
    fn a_dense_enough_output_becomes_a_bitmap_written_at_the_true_mask_positions() {
        let c = vector(8, &[0, 2, 5], vec![1i32, 2, 3]);
        // Valued mask: position 3 holds false and is not written.
        let m = vector(8, &[2, 3, 7], vec![true, false, true]);
        let mask = Mask {
            store: Arc::new(m),
            structural: false,
            complement: false,
        };
        assert!(scalar_applies(&c, &mask, Orientation::ByCol));
        let out = scalar_under_mask(
            Cow::Borrowed(&c),
            &mask,
            &Value::new(9i32),
            Orientation::ByCol,
        )
        .unwrap();
        assert!(matches!(out.format(), Format::Bitmap(_)));
        assert_eq!(out.nvals(), 4);
        assert_eq!(entries(&out), vec![(0, 1), (2, 9), (5, 3), (7, 9)]);
        // The complement, or a sparse output, is left to the general kernel.
        let comp = Mask {
            complement: true,
            ..mask.clone()
        };
        assert!(!scalar_applies(&c, &comp, Orientation::ByCol));
        let sparse = vector(1 << 12, &[1], vec![1i32]);
        let one = Mask {
            store: Arc::new(vector(1 << 12, &[5], vec![true])),
            structural: true,
            complement: false,
        };
        assert!(!scalar_applies(&sparse, &one, Orientation::ByCol));
    }

    #[test]
    fn a_full_output_stays_full() {
        let c = vector(4, &[0, 1, 2, 3], vec![1i32, 2, 3, 4]).conform();
        assert!(matches!(c.format(), Format::Full(_)));
        let mask = Mask {
            store: Arc::new(vector(4, &[1], vec![true])),
            structural: true,
            complement: false,
        };
        // Owned: written into the store's own values.
        let out =
            scalar_under_mask(Cow::Owned(c), &mask, &Value::new(0i32), Orientation::ByCol).unwrap();
        assert!(matches!(out.format(), Format::Full(_)));
        assert_eq!(entries(&out), vec![(0, 1), (1, 0), (2, 3), (3, 4)]);
    }
}
