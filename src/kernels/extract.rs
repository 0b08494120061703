//! The kernels of `GrB_extract`: `T = Ã(I, J)` from a store read as itself
//! or as its transpose ([`Operand`]): a gather for bitmap or full data, the
//! compressed kernel of [`mod@select`] otherwise.

mod select;

pub(crate) use select::select;

use crate::error::{check_room, Result};
use crate::kernels::indices::{IndexList, Indices};
use crate::kernels::Operand;
use crate::parallel;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::{Bitmap, Format, Full, MatrixStore, Orientation};
use std::ops::Range;

/// `Ã(I, J)` as a store (indices already checked; not both `GrB_ALL`).
pub(crate) fn submatrix(a: Operand, rows: &Indices, cols: &Indices) -> Result<MatrixStore> {
    // Work in the orientation the data is stored in: outer vectors are rows
    // when it is by row.
    let orient = a.native_orientation();
    let (outer, inner) = match orient {
        Orientation::ByRow => (rows.resolve(a.nrows()), cols.resolve(a.ncols())),
        Orientation::ByCol => (cols.resolve(a.ncols()), rows.resolve(a.nrows())),
    };
    if let Some(t) = dense_gather(a.store(), &outer, &inner)? {
        return Ok(MatrixStore::new(orient, t).conform());
    }
    let data = a.try_vectors(orient)?;
    let t = select(&data, &outer, &inner)?;
    Ok(MatrixStore::from_compressed(orient, t.conform()).conform())
}

/// `A(outer, inner)` of bitmap or full data, read in its stored orientation:
/// each output position's source is computed, not searched for, and the
/// result keeps the format (LAGraph's `gp = parent(Px)`: a gather of a full
/// vector). `None` for compressed data.
fn dense_gather(a: &MatrixStore, outer: &IndexList, inner: &IndexList) -> Result<Option<Format>> {
    let (x, present, vlen) = match a.format() {
        Format::Full(f) => (&f.x, None, f.vlen),
        Format::Bitmap(b) => (&b.x, Some(&b.b), b.vlen),
        Format::Sparse(_) => return Ok(None),
    };
    let (vdim, len) = (outer.len(), inner.len());
    // A full result holds an entry per position; a bitmap one is only made
    // when dense enough for `A`'s entries.
    let Some(total) = vdim.checked_mul(len).filter(|&t| {
        let entries = present.map_or(t, |_| a.nvals() as u64);
        dense_workspace_ok(t, usize::try_from(entries).unwrap_or(usize::MAX))
    }) else {
        return Ok(None);
    };
    check_room(total as usize, x.elem_size() + 1, "the extracted entries")?;
    // Position `t` is entry `t % len` of outer vector `t / len`: divided
    // once a chunk, then stepped (a division per position costs more than
    // the gather).
    let sources = |r: Range<usize>| {
        let (mut k, mut p) = (r.start as u64 / len, r.start as u64 % len);
        r.map(move |_| {
            let q = (outer.get(k) * vlen + inner.get(p)) as usize;
            p += 1;
            if p == len {
                (k, p) = (k + 1, 0);
            }
            q
        })
    };
    let n = total as usize;
    let values = x.gather_computed(n, sources);
    Ok(Some(match present {
        None => Format::Full(Full {
            vlen: len,
            vdim,
            x: values,
        }),
        Some(b) => {
            let flags = parallel::collect_chunks(n, 1 << 12, |r| sources(r).map(|q| b[q]));
            Format::Bitmap(Bitmap::from_flags(len, vdim, flags, values))
        }
    }))
}
