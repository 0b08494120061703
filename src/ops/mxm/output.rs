//! Output rows produced by kernel tasks, and their assembly into compressed storage.

use super::values::Sr;
use crate::storage::Compressed;

/// Consecutive output rows produced by one task (only non-empty rows are listed).
pub struct Rows<W> {
    /// The row ids.
    pub ids: Vec<u64>,
    /// End of each row in `i` and `w`.
    pub ends: Vec<usize>,
    /// Column indices, increasing within each row.
    pub i: Vec<u64>,
    /// The values.
    pub w: W,
}

impl<W> Rows<W> {
    /// No rows yet.
    pub fn new<S: Sr<W = W>>(sr: &S) -> Self {
        Rows {
            ids: Vec::new(),
            ends: Vec::new(),
            i: Vec::new(),
            w: sr.alloc(0),
        }
    }

    /// Ends row `id`, which started at entry `start`; an empty row is not listed.
    #[inline]
    pub fn end_row(&mut self, id: u64, start: usize) {
        if self.i.len() > start {
            self.ids.push(id);
            self.ends.push(self.i.len());
        }
    }
}

/// Concatenates task outputs (in row order) into `vdim` vectors of length `vlen`.
pub fn assemble<S: Sr>(sr: &S, parts: Vec<Rows<S::W>>, vlen: u64, vdim: u64) -> Compressed {
    let rows: usize = parts.iter().map(|p| p.ids.len()).sum();
    let nnz: usize = parts.iter().map(|p| p.i.len()).sum();
    let mut h = Vec::with_capacity(rows);
    let mut p = Vec::with_capacity(rows + 1);
    p.push(0);
    let mut i = Vec::with_capacity(nnz);
    let mut w = sr.alloc(0);
    for part in parts {
        let base = i.len();
        h.extend_from_slice(&part.ids);
        p.extend(part.ends.iter().map(|&e| base + e));
        if i.is_empty() {
            i = part.i;
        } else {
            i.extend_from_slice(&part.i);
        }
        sr.append(&mut w, &part.w);
    }
    Compressed {
        vlen,
        vdim,
        h: Some(h),
        p,
        i,
        x: sr.to_array(w),
    }
    .conform()
}
