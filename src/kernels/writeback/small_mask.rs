//! `C<M, replace> = accum(C, T)` with a mask that is not complemented:
//! every entry outside `M` is deleted, so `C` and `T` only matter at `M`'s
//! positions. When `M` has several times fewer entries than `C` and `T`
//! (BFS's `w<q, replace> = degree` for a frontier), both are first cut down
//! to `M`'s pattern by galloping to each of `M`'s indices in them: about
//! `|M| log(gap)` steps in one pass instead of two walks (count, then fill)
//! of every entry of `C` and `T`.

use crate::error::Result;
use crate::kernels::fragment::Pattern;
use crate::kernels::indices::gallop_idx;
use crate::parallel;
use crate::storage::array::Placement;
use crate::storage::ranges::copy_vec;
use crate::storage::{Array, Compressed, Format, MatrixStore, Orientation};

/// `C` and `T` together hold at least this many times the mask's entries
/// for the cut to pay (at twice, a gallop costs about what a merge step does).
const SMALL_MASK: usize = 4;

/// Whether `C` and `T` are worth cutting down to the mask `m` first.
pub(super) fn applies(c: &MatrixStore, t: &MatrixStore, m: &Compressed) -> bool {
    worth_cutting(m.nvals(), c.nvals().saturating_add(t.nvals()))
}

/// Whether stores holding `entries` in all are worth cutting down to a
/// mask of `mask_entries` positions.
pub fn worth_cutting(mask_entries: usize, entries: usize) -> bool {
    mask_entries.saturating_mul(SMALL_MASK) < entries
}

/// The entries of `x` at the positions of `m` (its pattern in orientation
/// `orient`), hypersparse over `m`'s vectors: read in place from a bitmap
/// or full store held in that orientation, searched in compressed vectors
/// otherwise.
pub fn cut(x: &MatrixStore, orient: Orientation, m: &Compressed) -> Result<Compressed> {
    let dense = match x.format() {
        Format::Bitmap(b) => Some((b.vlen, b.vdim, Some(&b.b[..]), &b.x)),
        Format::Full(f) => Some((f.vlen, f.vdim, None, &f.x)),
        Format::Sparse(_) => None,
    };
    match dense.filter(|_| x.orient() == orient) {
        Some((vlen, vdim, None, values)) => Ok(at_every_position(vlen, vdim, values, m)),
        Some((vlen, vdim, present, values)) => {
            let held = |q: usize| present.is_none_or(|b| b[q]);
            let mut picked = Picked::with_capacity(m.nvec());
            for k in 0..m.nvec() {
                let j = m.vector_id(k);
                let base = j as usize * vlen as usize;
                for want in m.i.idx_range(m.range(k)).iter() {
                    if held(base + want as usize) {
                        picked.push(want, base + want as usize);
                    }
                }
                picked.end_vector(j);
            }
            Ok(picked.into_compressed(vlen, vdim, values))
        }
        None => Ok(restrict(&*x.try_compressed(orient)?, m)),
    }
}

/// Mask entries per parallel task when a full store is read at them.
const GATHERED_PER_TASK: usize = 1 << 15;

/// The values of a full store (`vlen × vdim`, laid out as `m`) at every
/// position of `m`: `m`'s pattern, copied, with the values gathered in
/// parallel pieces of `m`'s entries.
fn at_every_position(vlen: u64, vdim: u64, values: &Array, m: &Compressed) -> Compressed {
    let x = values.rearranged(&mut AtPositions(m));
    Compressed {
        vlen,
        vdim,
        h: m.h.clone(),
        p: copy_vec(&m.p),
        i: m.i.copied(),
        x,
    }
}

/// Reads a dense store's values at the positions of `m`'s entries, in
/// `m`'s order.
struct AtPositions<'a>(&'a Compressed);

impl Placement for AtPositions<'_> {
    fn place<V, F>(&mut self, value: F) -> Vec<V>
    where
        V: Copy + Default + Send + Sync,
        F: Fn(usize) -> V + Sync,
    {
        let m = self.0;
        parallel::collect_chunks(m.nvals(), GATHERED_PER_TASK, |slots| {
            let mut picked = Vec::with_capacity(slots.len());
            m.for_each_position_in(slots, |d, _| picked.push(value(d)));
            picked.into_iter()
        })
    }
}

/// Entries picked out of a store, vector by vector: their indices and the
/// positions of their values.
struct Picked {
    h: Vec<u64>,
    p: Vec<usize>,
    i: Vec<u64>,
    slots: Vec<usize>,
}

impl Picked {
    fn with_capacity(vectors: usize) -> Picked {
        Picked {
            h: Vec::with_capacity(vectors),
            p: vec![0],
            i: Vec::new(),
            slots: Vec::new(),
        }
    }

    fn push(&mut self, index: u64, slot: usize) {
        self.i.push(index);
        self.slots.push(slot);
    }

    /// Closes vector `j` (kept only when it got entries).
    fn end_vector(&mut self, j: u64) {
        if self.i.len() > *self.p.last().expect("starts at 0") {
            self.h.push(j);
            self.p.push(self.i.len());
        }
    }

    fn into_compressed(self, vlen: u64, vdim: u64, values: &crate::storage::Array) -> Compressed {
        let x = values.gather(&self.slots);
        let (h, p, i) = (self.h, self.p, self.i);
        Pattern { h, p, i: i.into() }.with_values(vlen, vdim, x)
    }
}

/// The entries of `x` at the positions of `m` (same dimensions and
/// orientation), hypersparse over `m`'s vectors.
pub(super) fn restrict(x: &Compressed, m: &Compressed) -> Compressed {
    let mut picked = Picked::with_capacity(m.nvec());
    for k in 0..m.nvec() {
        let j = m.vector_id(k);
        let xr = x.vector_range(j);
        if xr.is_empty() {
            continue;
        }
        let xi = x.i.idx_range(xr.clone());
        let mut at = 0;
        for want in m.i.idx_range(m.range(k)).iter() {
            at = gallop_idx(xi, at, want);
            if at == xi.len() {
                break;
            }
            if xi.get(at) == want {
                picked.push(want, xr.start + at);
            }
        }
        picked.end_vector(j);
    }
    picked.into_compressed(x.vlen, x.vdim, &x.x)
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
    }

    #[test]
    fn cuts_a_dense_store_in_place_like_its_compressed_form() {
        use crate::storage::{Bitmap, Full};
        // 3 vectors of length 4, by row; the bitmap misses (0, 1) and (2, 3).
        let x = Array::from_vec((0..12).map(|v: i32| v * 10).collect::<Vec<_>>());
        let b: Vec<bool> = (0..12).map(|q| q != 1 && q != 11).collect();
        let mask = Compressed {
            vlen: 4,
            vdim: 3,
            h: None,
            p: vec![0, 2, 2, 4],
            i: vec![1, 2, 0, 3].into(),
            x: Array::from_vec(vec![true; 4]),
        };
        let full = MatrixStore::new(
            Orientation::ByRow,
            Format::Full(Full {
                vlen: 4,
                vdim: 3,
                x: x.clone(),
            }),
        );
        let bitmap = MatrixStore::new(
            Orientation::ByRow,
            Format::Bitmap(Bitmap {
                vlen: 4,
                vdim: 3,
                b,
                x,
                nvals: 10,
            }),
        );
        for (store, want) in [(&full, vec![10, 20, 80, 110]), (&bitmap, vec![20, 80])] {
            let got = cut(store, Orientation::ByRow, &mask).unwrap();
            let searched = restrict(&store.try_compressed(Orientation::ByRow).unwrap(), &mask);
            assert_eq!(got.x.as_slice::<i32>().unwrap(), &want[..]);
            assert_eq!(
                (&got.h, &got.p, &got.i),
                (&searched.h, &searched.p, &searched.i)
            );
            assert_eq!(got.x.as_slice::<i32>(), searched.x.as_slice::<i32>());
        }
    }
}
