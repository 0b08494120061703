//! SuiteSparse's `GxB_Matrix_concat` (`C = [A11 A12 …; A21 …]` from an
//! `m × n` array of tiles in row-major order) and `GxB_Matrix_split` (the
//! reverse: new tiles of given row and column counts), through the engine's
//! assign and extract of index ranges.

use crate::api::{api, count, slice, GrB_Index, GrB_Info};
use crate::handle::*;
use engine::raw::object::{Descriptor, Matrix};
use engine::raw::ops::assign::assign;
use engine::raw::ops::extract::extract;
use engine::raw::ops::indices::Indices;
use engine::{Error, Info, Result};

fn mismatch(message: String) -> Error {
    Error::new(Info::DimensionMismatch, message)
}

/// The index list `start, start + 1, …, start + len - 1`.
fn range(start: u64, len: u64) -> Vec<u64> {
    (start..start + len).collect()
}

/// Offsets of consecutive blocks of the given sizes, which must add up to `total`.
fn offsets(sizes: &[u64], total: u64, what: &str) -> Result<Vec<u64>> {
    let mut at = Vec::with_capacity(sizes.len());
    let mut sum = 0u64;
    for &s in sizes {
        at.push(sum);
        sum = sum
            .checked_add(s)
            .ok_or_else(|| mismatch(format!("the tile {what} overflow")))?;
    }
    if sum != total {
        return Err(mismatch(format!(
            "the tile {what} add up to {sum}, but the matrix has {total}"
        )));
    }
    Ok(at)
}

/// `GxB_Matrix_concat(C, Tiles, m, n, desc)`: `C`'s content becomes the
/// tiles (typecast to `C`'s type); the tiles of a block row have the same
/// number of rows, those of a block column the same number of columns, and
/// they fill `C` exactly (`GrB_DIMENSION_MISMATCH` otherwise).
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_concat(
    C: GrB_Matrix,
    Tiles: *const GrB_Matrix,
    m: GrB_Index,
    n: GrB_Index,
    _desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let c = unsafe { &get(C)?.matrix };
        let (bm, bn) = (count(m, "m")?, count(n, "n")?);
        if bm == 0 || bn == 0 {
            return Err(Error::new(Info::InvalidValue, "m and n must be positive"));
        }
        let ntiles = bm
            .checked_mul(bn)
            .filter(|&k| k <= isize::MAX as usize / 8)
            .ok_or_else(|| Error::new(Info::InvalidValue, "m * n tiles are too many"))?;
        let handles = unsafe { slice(Tiles, ntiles, "Tiles")? };
        let tiles = handles
            .iter()
            .map(|&t| unsafe { get(t).map(|o| &o.matrix) })
            .collect::<Result<Vec<&Matrix>>>()?;
        let tile = |i: usize, j: usize| tiles[i * bn + j];
        let rows: Vec<u64> = (0..bm).map(|i| tile(i, 0).nrows()).collect();
        let cols: Vec<u64> = (0..bn).map(|j| tile(0, j).ncols()).collect();
        for (k, t) in tiles.iter().enumerate() {
            let (i, j) = (k / bn, k % bn);
            if t.nrows() != rows[i] || t.ncols() != cols[j] {
                return Err(mismatch(format!(
                    "tile ({i}, {j}) does not fit its block row and column"
                )));
            }
        }
        let (row_at, col_at) = (
            offsets(&rows, c.nrows(), "rows")?,
            offsets(&cols, c.ncols(), "columns")?,
        );
        // Every tile is checked before C changes; the assigns then cannot fail
        // on dimensions (only on types, before anything is written).
        let result = Matrix::new_oriented(c.ty(), c.nrows(), c.ncols(), c.orientation())?;
        let plain = Descriptor::default();
        for i in 0..bm {
            for j in 0..bn {
                let (r, k) = (range(row_at[i], rows[i]), range(col_at[j], cols[j]));
                assign(
                    &result,
                    None,
                    None,
                    tile(i, j),
                    Indices::List(&r),
                    Indices::List(&k),
                    &plain,
                )?;
            }
        }
        c.set_arc(result.snapshot()?);
        Ok(())
    })
}

/// `GxB_Matrix_split(Tiles, m, n, Tile_nrows, Tile_ncols, A, desc)`: the
/// `m × n` new tiles of `A` (row-major in `Tiles`) with the given row and
/// column counts, which must add up to `A`'s dimensions.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_split(
    Tiles: *mut GrB_Matrix,
    m: GrB_Index,
    n: GrB_Index,
    Tile_nrows: *const GrB_Index,
    Tile_ncols: *const GrB_Index,
    A: GrB_Matrix,
    _desc: GrB_Descriptor,
) -> GrB_Info {
    api(A, || {
        let a = unsafe { &get(A)?.matrix };
        let (bm, bn) = (count(m, "m")?, count(n, "n")?);
        if bm == 0 || bn == 0 {
            return Err(Error::new(Info::InvalidValue, "m and n must be positive"));
        }
        non_null(Tiles, "Tiles")?;
        let rows = unsafe { slice(Tile_nrows, bm, "Tile_nrows")? };
        let cols = unsafe { slice(Tile_ncols, bn, "Tile_ncols")? };
        let (row_at, col_at) = (
            offsets(rows, a.nrows(), "rows")?,
            offsets(cols, a.ncols(), "columns")?,
        );
        let plain = Descriptor::default();
        let mut made = Vec::with_capacity(bm * bn);
        for i in 0..bm {
            for j in 0..bn {
                let t = Matrix::new_oriented(a.ty(), rows[i], cols[j], a.orientation())?;
                let (r, k) = (range(row_at[i], rows[i]), range(col_at[j], cols[j]));
                extract(
                    &t,
                    None,
                    None,
                    a,
                    Indices::List(&r),
                    Indices::List(&k),
                    &plain,
                )?;
                made.push(t);
            }
        }
        // Handed out only when every tile is made.
        for (k, t) in made.into_iter().enumerate() {
            unsafe { *Tiles.add(k) = into_handle(GB_Matrix_opaque::new(t)) };
        }
        Ok(())
    })
}
