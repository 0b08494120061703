//! Assembling the entries of a file into compressed rows with a counting sort
//! by row (the rows of most files come out already sorted by column), instead
//! of the general comparison sort of `Matrix::build`. Needs a workspace of one
//! counter per row, so it is used only when that is affordable.

use super::value::MtxValue;
use crate::error::{try_vec, Result};
use crate::parallel;
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::{Array, Compressed};

/// The entries `(rows[k], cols[k], vals[k])` as compressed rows (`vdim =
/// nrows`, `vlen = ncols`); `None` when a per-row workspace is too large.
/// Duplicate positions are an error naming the first one (1-based).
pub fn assemble_rows<T: MtxValue>(
    nrows: u64,
    ncols: u64,
    rows: &[u64],
    cols: &[u64],
    vals: &[T],
) -> Result<Option<Compressed>> {
    let nnz = vals.len();
    if !dense_workspace_ok(nrows, nnz) {
        return Ok(None);
    }
    let n = nrows as usize;
    let mut p = try_vec(n + 1, 0usize, "row pointers")?;
    for &r in rows {
        p[r as usize + 1] += 1;
    }
    for r in 0..n {
        p[r + 1] += p[r];
    }
    let mut next = p.clone();
    let mut slots = try_vec(nnz, (0u64, T::ZERO), "entries")?;
    for k in 0..nnz {
        let d = &mut next[rows[k] as usize];
        slots[*d] = (cols[k], vals[k]);
        *d += 1;
    }
    drop(next);

    // Sort each row by column and look for repeated positions, in tasks of
    // `ROWS_PER_TASK` rows.
    const ROWS_PER_TASK: usize = 256;
    let mut batches = Vec::with_capacity(n.div_ceil(ROWS_PER_TASK));
    let mut rest = slots.as_mut_slice();
    for r in 0..n {
        if r % ROWS_PER_TASK == 0 {
            batches.push(Vec::with_capacity(ROWS_PER_TASK));
        }
        let (row, tail) = rest.split_at_mut(p[r + 1] - p[r]);
        batches.last_mut().expect("a batch").push((r as u64, row));
        rest = tail;
    }
    let duplicate = parallel::map_items(batches, |batch| {
        batch
            .into_iter()
            .filter_map(|(r, row)| {
                if !row.windows(2).all(|w| w[0].0 < w[1].0) {
                    row.sort_unstable_by_key(|e| e.0);
                }
                row.windows(2)
                    .find(|w| w[0].0 == w[1].0)
                    .map(|w| (r, w[0].0))
            })
            .min()
    })
    .into_iter()
    .flatten()
    .min();
    if let Some((r, c)) = duplicate {
        return Err(super::duplicate(r, c));
    }
    let i = parallel::map(slots.len(), 1 << 12, |k| slots[k].0);
    let x: Vec<T> = parallel::map(slots.len(), 1 << 12, |k| slots[k].1);
    Ok(Some(Compressed {
        vlen: ncols,
        vdim: nrows,
        h: None,
        p,
        i: i.into(),
        x: Array::from_vec(x),
    }))
}
