//! Tiles of a store: a range of its vectors — or, for a single vector, a
//! range of its indices — as a smaller store whose coordinates start at the
//! range's start, and a store rebuilt from consecutive tiles. The non-blocking
//! engine runs pipelines of element-wise operations tile by tile with them.

use super::compressed::prefer_hyper;
use super::{Array, Bitmap, Compressed, Format, Full, Indices, MatrixStore, Orientation};
use crate::error::Result;
use std::ops::Range;

/// Which dimension tiles cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Along {
    /// Ranges of vectors.
    Vectors,
    /// Ranges of indices of the single vector.
    Indices,
}

impl Along {
    /// How a store with `vdim` vectors is cut: by vectors, unless it has one.
    pub fn for_vdim(vdim: u64) -> Along {
        if vdim > 1 {
            Along::Vectors
        } else {
            Along::Indices
        }
    }
}

impl MatrixStore {
    /// The tile `range` (of vectors, or of indices when `along` is
    /// `Indices`, which needs a single vector), in the store's orientation.
    pub fn tile(&self, along: Along, range: Range<u64>) -> MatrixStore {
        let format = match self.format() {
            Format::Sparse(c) => Format::Sparse(match along {
                Along::Vectors => vectors_of(c, range),
                Along::Indices => indices_of(c, range),
            }),
            Format::Full(f) => {
                let (vlen, vdim, positions) = dense_tile(f.vlen, f.vdim, along, range);
                Format::Full(Full {
                    vlen,
                    vdim,
                    x: f.x.slice(positions),
                })
            }
            Format::Bitmap(b) => {
                let (vlen, vdim, positions) = dense_tile(b.vlen, b.vdim, along, range);
                let present = b.b[positions.clone()].to_vec();
                Format::Bitmap(Bitmap::from_flags(
                    vlen,
                    vdim,
                    present,
                    b.x.slice(positions),
                ))
            }
        };
        MatrixStore::new(self.orient(), format)
    }
}

/// The shape of a dense tile and the positions it covers.
fn dense_tile(vlen: u64, vdim: u64, along: Along, r: Range<u64>) -> (u64, u64, Range<usize>) {
    match along {
        Along::Vectors => (
            vlen,
            r.end - r.start,
            (r.start * vlen) as usize..(r.end * vlen) as usize,
        ),
        Along::Indices => {
            debug_assert!(vdim == 1, "index tiles of a single vector");
            (r.end - r.start, 1, r.start as usize..r.end as usize)
        }
    }
}

/// Vectors `r` of `c`, renumbered from 0.
fn vectors_of(c: &Compressed, r: Range<u64>) -> Compressed {
    let (k0, k1) = match &c.h {
        None => (r.start as usize, r.end as usize),
        Some(h) => (
            h.partition_point(|&v| v < r.start),
            h.partition_point(|&v| v < r.end),
        ),
    };
    let (q0, q1) = (c.p[k0], c.p[k1]);
    Compressed {
        vlen: c.vlen,
        vdim: r.end - r.start,
        h: c.h
            .as_ref()
            .map(|h| h[k0..k1].iter().map(|v| v - r.start).collect()),
        p: c.p[k0..=k1].iter().map(|q| q - q0).collect(),
        i: c.i.idx_range(q0..q1).iter().collect(),
        x: c.x.slice(q0..q1),
    }
}

/// Indices `r` of the single vector of `c`, renumbered from 0.
fn indices_of(c: &Compressed, r: Range<u64>) -> Compressed {
    let v = c.vector_range(0);
    let (q0, q1) = (
        v.start + c.i.idx_range(v.clone()).count_below(r.start),
        v.start + c.i.idx_range(v.clone()).count_below(r.end),
    );
    let i = c.i.idx_range(q0..q1).iter().map(|i| i - r.start).collect();
    Compressed::vector(r.end - r.start, i, c.x.slice(q0..q1))
}

/// The store made of consecutive tiles (as [`MatrixStore::tile`] cuts them,
/// in orientation `orient`; tiles in another orientation are converted).
/// Fails with `GrB_OUT_OF_MEMORY` when the joined arrays cannot be allocated.
pub fn join(tiles: Vec<MatrixStore>, along: Along, orient: Orientation) -> Result<MatrixStore> {
    let formats: Vec<Format> = tiles
        .into_iter()
        .map(|t| {
            if t.orient() == orient {
                t.into_parts().1
            } else {
                Format::Sparse(t.into_compressed(orient))
            }
        })
        .collect();
    let dense = formats.iter().all(|f| !matches!(f, Format::Sparse(_)));
    let format = if dense {
        join_dense(formats, along)
    } else {
        let parts = formats
            .into_iter()
            .map(|f| MatrixStore::new(orient, f).into_compressed(orient))
            .collect();
        Format::Sparse(join_compressed(parts, along)?)
    };
    Ok(MatrixStore::new(orient, format).conform())
}

/// The joined shape: `(vlen, vdim)` of tiles joined along `along`.
fn joined_shape(shapes: impl Iterator<Item = (u64, u64)>, along: Along) -> (u64, u64) {
    shapes.fold((0, 0), |(vlen, vdim), (l, d)| match along {
        Along::Vectors => (l, vdim + d),
        Along::Indices => (vlen + l, 1),
    })
}

/// Bitmap and full tiles joined (full when every tile is).
fn join_dense(formats: Vec<Format>, along: Along) -> Format {
    let shape = |f: &Format| match f {
        Format::Full(f) => (f.vlen, f.vdim),
        Format::Bitmap(b) => (b.vlen, b.vdim),
        Format::Sparse(_) => unreachable!("dense tiles"),
    };
    let (vlen, vdim) = joined_shape(formats.iter().map(shape), along);
    let all_full = formats.iter().all(|f| matches!(f, Format::Full(_)));
    let mut x: Option<Array> = None;
    let mut b = Vec::new();
    for f in formats {
        let (present, values) = match f {
            Format::Full(f) => (None, f.x),
            Format::Bitmap(bm) => (Some(bm.b), bm.x),
            Format::Sparse(_) => unreachable!("dense tiles"),
        };
        if !all_full {
            match present {
                Some(p) => b.extend_from_slice(&p),
                None => b.resize(b.len() + values.len(), true),
            }
        }
        match &mut x {
            Some(x) => x.append(&values),
            None => x = Some(values),
        }
    }
    let x = x.expect("at least one tile");
    if all_full {
        Format::Full(Full { vlen, vdim, x })
    } else {
        Format::Bitmap(Bitmap::from_flags(vlen, vdim, b, x))
    }
}

/// Compressed tiles joined: the vector pointers, then the indices and the
/// values, each tile's copied in parallel into exactly sized arrays and
/// freed once copied (the memory in use grows by little more than the
/// result).
fn join_compressed(parts: Vec<Compressed>, along: Along) -> Result<Compressed> {
    let (vlen, vdim) = joined_shape(parts.iter().map(|c| (c.vlen, c.vdim)), along);
    let ty = parts[0].x.ty();
    let (h, p, nonempty) = match along {
        Along::Vectors => joined_pointers(&parts, vdim),
        Along::Indices => {
            let nvals = parts.iter().map(Compressed::nvals).sum();
            (None, vec![0, nvals], usize::from(nvals > 0))
        }
    };
    let mut shift = 0;
    let mut indices = Vec::with_capacity(parts.len());
    let mut values = Vec::with_capacity(parts.len());
    for c in parts {
        indices.push((c.i, shift));
        values.push(c.x);
        if along == Along::Indices {
            shift += c.vlen;
        }
    }
    let joined = Compressed {
        vlen,
        vdim,
        h,
        p,
        i: Indices::concat_shifted(indices, vlen)?,
        x: Array::concat_owned(&ty, values)?,
    };
    Ok(joined.conform_counted(nonempty))
}

/// The vector pointers (and the ids of the stored vectors, when the result
/// is hypersparse) of tiles of vectors joined, and how many vectors hold
/// entries.
fn joined_pointers(parts: &[Compressed], vdim: u64) -> (Option<Vec<u64>>, Vec<usize>, usize) {
    let nonempty = parts.iter().map(Compressed::nonempty_vectors).sum();
    let hyper = prefer_hyper(vdim, nonempty);
    let mut h = hyper.then(|| Vec::with_capacity(nonempty));
    let mut p = Vec::with_capacity(if hyper { nonempty } else { vdim as usize } + 1);
    p.push(0);
    let (mut first, mut end) = (0, 0);
    for c in parts {
        for k in 0..c.nvec() {
            let len = c.range(k).len();
            if len == 0 {
                continue;
            }
            let j = first + c.vector_id(k);
            match &mut h {
                Some(h) => h.push(j),
                // The vectors since the last one with entries are empty.
                None => p.resize(j as usize + 1, end),
            }
            end += len;
            p.push(end);
        }
        first += c.vdim;
    }
    if !hyper {
        p.resize(vdim as usize + 1, end);
    }
    (h, p, nonempty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::Type;

    /// A `vlen × vdim` store (vectors by column) with entries where `keep(k, i)`.
    fn store(vlen: u64, vdim: u64, keep: impl Fn(u64, u64) -> bool) -> MatrixStore {
        let mut c = Compressed::empty(&Type::INT64, vlen, vdim);
        c.h = None;
        c.p.clear();
        c.p.push(0);
        let mut x = Vec::new();
        for k in 0..vdim {
            for i in (0..vlen).filter(|&i| keep(k, i)) {
                c.i.wide_mut().push(i);
                x.push((k * 100 + i) as i64);
            }
            c.p.push(c.i.len());
        }
        c.x = Array::from_vec(x);
        MatrixStore::from_compressed(Orientation::ByCol, c.conform())
    }

    /// Every format of a store.
    fn formats(s: &MatrixStore) -> Vec<MatrixStore> {
        let c = s.compressed(Orientation::ByCol).into_owned();
        let mut out = vec![
            MatrixStore::from_compressed(Orientation::ByCol, c.clone().into_hyper()),
            MatrixStore::new(
                Orientation::ByCol,
                Format::Bitmap(crate::storage::store::compressed_to_bitmap(&c).unwrap()),
            ),
        ];
        if let Ok(sparse) = c.into_sparse() {
            out.push(MatrixStore::from_compressed(Orientation::ByCol, sparse));
        }
        out.push(s.clone().conform());
        out
    }

    fn tuples(s: &MatrixStore) -> Vec<(u64, u64, i64)> {
        let (r, c, x) = s.tuples();
        let x = x.as_slice::<i64>().unwrap().to_vec();
        let mut t: Vec<_> = (0..r.len()).map(|k| (r[k], c[k], x[k])).collect();
        t.sort();
        t
    }

    #[test]
    fn tiles_join_back_into_the_store() {
        let cases = [
            store(5, 7, |k, i| (k + i) % 3 == 0),
            store(4, 6, |_, _| true),
            store(9, 1, |_, i| i % 2 == 1),
            store(6, 1, |_, _| true),
            store(3, 4, |_, _| false),
            // Joined hypersparse: one vector of 64 holds entries.
            store(5, 64, |k, i| k == 40 && i % 2 == 0),
        ];
        for s in &cases {
            let (vlen, vdim) = s.vdims();
            let along = Along::for_vdim(vdim);
            let extent = if along == Along::Vectors { vdim } else { vlen };
            for f in formats(s) {
                for cuts in [
                    vec![0, extent],
                    vec![0, 1, extent],
                    vec![0, extent / 2, extent / 2, extent],
                ] {
                    let tiles: Vec<MatrixStore> =
                        cuts.windows(2).map(|w| f.tile(along, w[0]..w[1])).collect();
                    for (t, w) in tiles.iter().zip(cuts.windows(2)) {
                        // A tile's entries are the store's in its range, renumbered.
                        let expected: Vec<_> = tuples(s)
                            .into_iter()
                            .filter(|&(i, k, _)| {
                                let at = if along == Along::Vectors { k } else { i };
                                (w[0]..w[1]).contains(&at)
                            })
                            .map(|(i, k, x)| match along {
                                Along::Vectors => (i, k - w[0], x),
                                Along::Indices => (i - w[0], k, x),
                            })
                            .collect();
                        assert_eq!(tuples(t), expected);
                    }
                    let joined = join(tiles, along, Orientation::ByCol).unwrap();
                    assert_eq!(joined.vdims(), (vlen, vdim));
                    assert_eq!(tuples(&joined), tuples(s));
                    joined.check().unwrap();
                }
            }
        }
    }
}
