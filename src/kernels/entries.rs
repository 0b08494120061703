//! Walking the stored entries of a matrix in chunks of value positions, with
//! their coordinates — the shared loop of operations that keep the input's
//! structure (apply) or a subset of it (select).
//!
//! The value positions of a store are the slots of compressed storage and
//! the dense positions (`vector * vlen + inner`) of bitmap and full storage.

use super::runs::runs;
use crate::storage::{Format, Orientation};
use std::ops::Range;

/// Number of value positions of a store's data.
pub fn positions(format: &Format) -> usize {
    match format {
        Format::Sparse(c) => c.x.len(),
        Format::Bitmap(b) => b.x.len(),
        Format::Full(f) => f.x.len(),
    }
}

/// `(row, col)` of the entry at `(vector j, inner i)` of data in orientation `orient`.
#[inline(always)]
pub fn matrix_coords(orient: Orientation, j: u64, i: u64) -> (u64, u64) {
    match orient {
        Orientation::ByRow => (j, i),
        Orientation::ByCol => (i, j),
    }
}

/// Calls `f(q, present, j, i)` for every value position `q` in `chunk`: `j` and
/// `i` are its vector and inner index (only computed when `coords`; zero
/// otherwise); `present` is false for the holes of a bitmap.
#[inline]
pub fn for_each_position(
    format: &Format,
    chunk: Range<usize>,
    coords: bool,
    mut f: impl FnMut(usize, bool, u64, u64),
) {
    match format {
        Format::Sparse(c) if coords => {
            for (j, slots) in runs(c, chunk) {
                for q in slots {
                    f(q, true, j, c.i.get(q));
                }
            }
        }
        Format::Sparse(_) | Format::Full(_) if !coords => {
            for q in chunk {
                f(q, true, 0, 0);
            }
        }
        Format::Full(full) => dense(full.vlen, chunk, |q, j, i| f(q, true, j, i)),
        Format::Bitmap(b) if coords => dense(b.vlen, chunk, |q, j, i| f(q, b.b[q], j, i)),
        Format::Bitmap(b) => {
            for q in chunk {
                f(q, b.b[q], 0, 0);
            }
        }
        Format::Sparse(_) => unreachable!(),
    }
}

/// Dense positions `chunk` with their `(vector, inner)` coordinates.
#[inline]
fn dense(vlen: u64, chunk: Range<usize>, mut f: impl FnMut(usize, u64, u64)) {
    if chunk.is_empty() {
        return;
    }
    let vlen = vlen as usize;
    let (mut j, mut i) = (chunk.start / vlen, chunk.start % vlen);
    for q in chunk {
        f(q, j as u64, i as u64);
        i += 1;
        if i == vlen {
            i = 0;
            j += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{Array, Bitmap, Compressed, Full};

    #[test]
    fn coordinates_in_every_format() {
        let sparse = Format::Sparse(Compressed {
            vlen: 3,
            vdim: 2,
            h: None,
            p: vec![0, 1, 3],
            i: vec![2, 0, 1].into(),
            x: Array::from_vec(vec![1u8, 2, 3]),
        });
        let mut seen = Vec::new();
        for_each_position(&sparse, 1..3, true, |q, p, j, i| seen.push((q, p, j, i)));
        assert_eq!(seen, vec![(1, true, 1, 0), (2, true, 1, 1)]);
        let bitmap = Format::Bitmap(Bitmap {
            vlen: 2,
            vdim: 2,
            b: vec![true, false, false, true],
            x: Array::from_vec(vec![1u8, 0, 0, 4]),
            nvals: 2,
        });
        seen.clear();
        for_each_position(&bitmap, 1..4, true, |q, p, j, i| seen.push((q, p, j, i)));
        assert_eq!(
            seen,
            vec![(1, false, 0, 1), (2, false, 1, 0), (3, true, 1, 1)]
        );
        let full = Format::Full(Full {
            vlen: 2,
            vdim: 1,
            x: Array::from_vec(vec![1u8, 2]),
        });
        seen.clear();
        for_each_position(&full, 0..2, false, |q, p, j, i| seen.push((q, p, j, i)));
        assert_eq!(seen, vec![(0, true, 0, 0), (1, true, 0, 0)]);
        assert_eq!(positions(&bitmap), 4);
        assert_eq!(matrix_coords(Orientation::ByCol, 1, 2), (2, 1));
    }
}
