//! Output rows produced by kernel tasks, and their assembly into compressed storage.

use super::values::Sr;
use crate::error::{check_room, out_of_memory, Result};
use crate::storage::{Array, Compressed};

/// Fails with `GrB_OUT_OF_MEMORY` unless a product of at most `entries`
/// entries with values of `value_bytes` bytes can be built now: one probe
/// (see [`check_room`]) for the tasks' rows and their joined copy, an index
/// and a value an entry each. Called before a kernel's tasks start.
pub fn check_product_room(entries: usize, value_bytes: usize) -> Result<()> {
    check_room(entries, 2 * (8 + value_bytes), "the product")
}

/// Fails with `GrB_OUT_OF_MEMORY` unless [`assemble`] can join `parts` now:
/// one probe for the joined indices and values (the values grow by doubling).
pub fn check_assemble_room<W>(parts: &[Rows<W>], value_bytes: usize) -> Result<()> {
    let entries = parts.iter().map(|p| p.i.len()).sum();
    check_room(entries, 8 + 2 * value_bytes, "the product")
}

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

    /// Makes room for a row of up to `n` entries, failing with
    /// `GrB_OUT_OF_MEMORY` when it cannot be allocated (cheap when there is
    /// room already: the buffers grow by doubling).
    pub fn try_reserve<S: Sr<W = W>>(&mut self, sr: &S, n: usize) -> Result<()> {
        let oom = |_| out_of_memory("the product");
        self.i.try_reserve(n).map_err(oom)?;
        self.ids.try_reserve(1).map_err(oom)?;
        self.ends.try_reserve(1).map_err(oom)?;
        sr.try_reserve(&mut self.w, n)
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

/// Concatenates task outputs (in row order; consecutive outputs may hold
/// column ranges of the same row) into `vdim` vectors of length `vlen`.
pub fn assemble<S: Sr>(sr: &S, parts: Vec<Rows<S::W>>, vlen: u64, vdim: u64) -> Compressed {
    let mut index = Vec::with_capacity(parts.len());
    let mut values = Vec::with_capacity(parts.len());
    for part in parts {
        index.push((part.ids, part.ends, part.i));
        values.push(part.w);
    }
    let mut values = values.into_iter();
    let mut w = values.next().unwrap_or_else(|| sr.alloc(0));
    for part in values {
        sr.append(&mut w, &part);
    }
    assemble_index(index, vlen, vdim, sr.to_array(w))
}

/// Row ids, row ends and column indices of one task's rows.
type Index = (Vec<u64>, Vec<usize>, Vec<u64>);

/// [`assemble`] for the structure (not generic, so shared by every semiring).
fn assemble_index(parts: Vec<Index>, vlen: u64, vdim: u64, x: Array) -> Compressed {
    let rows: usize = parts.iter().map(|p| p.0.len()).sum();
    let nnz: usize = parts.iter().map(|p| p.2.len()).sum();
    let mut h = Vec::with_capacity(rows);
    let mut p = Vec::with_capacity(rows + 1);
    p.push(0);
    let mut i = Vec::new();
    for (ids, ends, idx) in parts {
        if i.is_empty() {
            // The first part's indices are moved, not copied.
            i = idx;
            i.reserve(nnz - i.len());
            h.extend_from_slice(&ids);
            p.extend_from_slice(&ends);
            continue;
        }
        let base = i.len();
        for (r, (&id, &end)) in ids.iter().zip(&ends).enumerate() {
            // The column ranges of a split row continue the same row.
            if r == 0 && h.last() == Some(&id) {
                *p.last_mut().expect("a row") = base + end;
            } else {
                h.push(id);
                p.push(base + end);
            }
        }
        i.extend_from_slice(&idx);
    }
    Compressed {
        vlen,
        vdim,
        h: Some(h),
        p,
        i,
        x,
    }
    .conform()
}
