//! A store's entries as coordinate lists (`GrB_Matrix_extractTuples`):
//! written into the caller's arrays, or into new ones.

use super::array::Array;
use super::index::Idx;
use super::ranges::{cast_into, for_each_piece_mut};
use super::store::{Format, MatrixStore, Orientation};
use std::borrow::Cow;

impl MatrixStore {
    /// Writes the row and column of every entry, in storage order, into the
    /// first `nvals()` places of `rows` and `cols` (each skipped when `None`),
    /// in parallel pieces when there are many.
    pub fn write_coordinates(&self, mut rows: Option<&mut [u64]>, mut cols: Option<&mut [u64]>) {
        let n = self.nvals();
        if n == 0 {
            return;
        }
        let (outer, inner) = match self.orient() {
            Orientation::ByRow => (rows.as_deref_mut(), cols.as_deref_mut()),
            Orientation::ByCol => (cols.as_deref_mut(), rows.as_deref_mut()),
        };
        match self.format() {
            Format::Sparse(c) => {
                if let Some(inner) = inner {
                    crate::with_idx!(c.i.as_idx(), s => cast_into(&mut inner[..n], &s[..n], Idx::to_u64));
                }
                if let Some(outer) = outer {
                    for_each_piece_mut(&mut outer[..n], |r, out| {
                        // The vector holding the piece's first entry, then
                        // the next one each time its entries end.
                        let mut kk = c.p[1..].partition_point(|&end| end <= r.start);
                        let mut id = c.vector_id(kk);
                        for (q, o) in r.zip(out) {
                            while c.p[kk + 1] <= q {
                                kk += 1;
                                id = c.vector_id(kk);
                            }
                            *o = id;
                        }
                    });
                }
            }
            Format::Full(f) => {
                // Position `q` is entry `q % vlen` of vector `q / vlen`:
                // divided once a piece, then stepped through.
                let vlen = f.vlen;
                let write = |list: &mut [u64], vector: bool| {
                    for_each_piece_mut(&mut list[..n], |r, out| {
                        let (mut j, mut i) = (r.start as u64 / vlen, r.start as u64 % vlen);
                        for o in out {
                            *o = if vector { j } else { i };
                            i += 1;
                            if i == vlen {
                                (j, i) = (j + 1, 0);
                            }
                        }
                    })
                };
                if let Some(inner) = inner {
                    write(inner, false);
                }
                if let Some(outer) = outer {
                    write(outer, true);
                }
            }
            Format::Bitmap(_) => {
                let mut at = 0;
                self.for_each_entry(|r, col, _| {
                    if let Some(rows) = rows.as_deref_mut() {
                        rows[at] = r;
                    }
                    if let Some(cols) = cols.as_deref_mut() {
                        cols[at] = col;
                    }
                    at += 1;
                });
            }
        }
    }

    /// The values of the entries in storage order: the stored array itself
    /// unless the store is a bitmap.
    pub fn values_in_order(&self) -> Cow<'_, Array> {
        match self.format() {
            Format::Bitmap(b) => Cow::Owned(b.x.gather(&b.present_positions())),
            _ => Cow::Borrowed(self.values()),
        }
    }

    /// All entries as `(rows, cols, values)`, in storage order.
    pub fn tuples(&self) -> (Vec<u64>, Vec<u64>, Array) {
        self.tuples_of(true, true)
    }

    /// [`MatrixStore::tuples`] with only the coordinates asked for (the
    /// others empty): the values alone are a copy of the stored ones.
    pub fn tuples_of(&self, want_rows: bool, want_cols: bool) -> (Vec<u64>, Vec<u64>, Array) {
        let n = self.nvals();
        let list = |want: bool| if want { vec![0; n] } else { Vec::new() };
        let (mut rows, mut cols) = (list(want_rows), list(want_cols));
        self.write_coordinates(
            Some(&mut rows[..]).filter(|_| want_rows),
            Some(&mut cols[..]).filter(|_| want_cols),
        );
        (rows, cols, self.values_in_order().into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::compressed::tests::sample;
    use crate::storage::{Compressed, Full};

    /// The same 3 × 4 matrix in every format and orientation, and a full 2 × 2 one.
    fn stores() -> Vec<MatrixStore> {
        let by_row = sample();
        let sparse = MatrixStore::from_compressed(Orientation::ByRow, by_row.clone());
        let hyper = MatrixStore::from_compressed(Orientation::ByRow, by_row.into_hyper());
        let by_col = sparse.reoriented(Orientation::ByCol);
        let bitmap = MatrixStore::new(
            Orientation::ByCol,
            Format::Bitmap(by_col.to_bitmap().unwrap()),
        );
        let full = MatrixStore::new(
            Orientation::ByRow,
            Format::Full(Full {
                vlen: 2,
                vdim: 2,
                x: Array::from_vec(vec![5i32, 6, 7, 8]),
            }),
        );
        vec![sparse, hyper, by_col, bitmap, full]
    }

    /// Stores of more entries than a piece of the parallel writes, their
    /// vectors of varied lengths, some empty.
    fn large_stores() -> Vec<MatrixStore> {
        let (vlen, vdim) = (700u64, 1000u64);
        let (mut p, mut i) = (vec![0usize], Vec::new());
        for j in 0..vdim {
            i.extend((0..(j % 7) * 100).step_by(3));
            p.push(i.len());
        }
        let n = i.len() as i32;
        let c = Compressed {
            vlen,
            vdim,
            h: None,
            p,
            i: i.into(),
            x: Array::from_vec((0..n).collect()),
        };
        let sparse = MatrixStore::from_compressed(Orientation::ByRow, c.clone());
        let hyper = MatrixStore::from_compressed(Orientation::ByCol, c.into_hyper());
        let full = MatrixStore::new(
            Orientation::ByCol,
            Format::Full(Full {
                vlen: 300,
                vdim: 400,
                x: Array::from_vec((0..120_000).collect::<Vec<i32>>()),
            }),
        );
        vec![sparse, hyper, full]
    }

    #[test]
    fn coordinates_written_in_place_match_the_entries_in_storage_order() {
        for s in stores().into_iter().chain(large_stores()) {
            let mut expected = (Vec::new(), Vec::new(), Vec::new());
            let values = s.values();
            s.for_each_entry(|r, c, q| {
                expected.0.push(r);
                expected.1.push(c);
                expected.2.push(values.get_as::<i32>(q));
            });
            let n = s.nvals();
            // Room for one more than needed: the spare place stays untouched.
            let (mut rows, mut cols) = (vec![99; n + 1], vec![99; n + 1]);
            s.write_coordinates(Some(&mut rows), Some(&mut cols));
            assert_eq!((&rows[..n], &cols[..n]), (&expected.0[..], &expected.1[..]));
            assert_eq!((rows[n], cols[n]), (99, 99));
            let mut only_cols = vec![0; n];
            s.write_coordinates(None, Some(&mut only_cols));
            assert_eq!(only_cols, expected.1);
            let x = s.values_in_order();
            let got: Vec<i32> = (0..x.len()).map(|q| x.get_as::<i32>(q)).collect();
            assert_eq!(got, expected.2);
            assert_eq!(s.tuples(), (expected.0, expected.1, x.into_owned()));
        }
    }
}
