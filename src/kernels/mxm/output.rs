//! Output rows produced by kernel tasks, and their assembly into compressed
//! storage (with an epilogue run on each task's rows first, when one is fused).

use super::values::Sr;
use crate::error::{check_room, out_of_memory, Result};
use crate::storage::{Array, Bitmap, Compressed, Indices, MatrixStore, Orientation};

/// Fails with `GrB_OUT_OF_MEMORY` unless a product of at most `entries`
/// entries with values of `value_bytes` bytes can be built now: one probe
/// (see [`check_room`]) for the tasks' rows and their joined copy, an index
/// and a value an entry each. Called before a kernel's tasks start.
pub fn check_product_room(entries: usize, value_bytes: usize) -> Result<()> {
    check_room(entries, 2 * (8 + value_bytes), "the product")
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
        self.try_reserve_rows(sr, 1, n)
    }

    /// Makes room for `rows` rows of `n` entries in all, as
    /// [`Rows::try_reserve`] does for one.
    pub fn try_reserve_rows<S: Sr<W = W>>(&mut self, sr: &S, rows: usize, n: usize) -> Result<()> {
        let oom = |_| out_of_memory("the product");
        self.i.try_reserve(n).map_err(oom)?;
        self.ids.try_reserve(rows).map_err(oom)?;
        self.ends.try_reserve(rows).map_err(oom)?;
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

/// The rows one task produced, with their values as an array.
pub struct Part {
    /// The row ids (only non-empty rows).
    pub ids: Vec<u64>,
    /// End of each row in `i` and `x`.
    pub ends: Vec<usize>,
    /// Column indices, increasing within each row.
    pub i: Vec<u64>,
    /// The values.
    pub x: Array,
}

/// A kernel's result: its tasks' rows in row order (consecutive parts may
/// hold column ranges of the same row), forming `vdim` vectors of length `vlen`.
pub struct Parts {
    /// The parts, in order.
    pub parts: Vec<Part>,
    /// Length of each vector.
    pub vlen: u64,
    /// Number of vectors.
    pub vdim: u64,
}

/// A kernel's result: rows to assemble, or the single column of a product
/// held densely.
pub enum Product {
    /// The tasks' rows.
    Rows(Parts),
    /// The one column, with a flag per row.
    Column(Bitmap),
}

/// A function run on each part of a product's result before the parts are
/// assembled (an epilogue fused into the product): it gets the part as a
/// store (its vectors in the part's orientation) and returns what replaces
/// it, with the same vectors.
pub type Epilogue<'a> = &'a (dyn Fn(MatrixStore) -> Result<MatrixStore> + Sync);

/// The task outputs of a kernel, their values converted to arrays.
pub fn parts<S: Sr>(sr: &S, rows: Vec<Rows<S::W>>, vlen: u64, vdim: u64) -> Parts {
    let mut parts: Vec<Part> = rows
        .into_iter()
        .map(|r| Part {
            ids: r.ids,
            ends: r.ends,
            i: r.i,
            x: sr.to_array(r.w),
        })
        .collect();
    if parts.is_empty() {
        parts.push(Part {
            ids: Vec::new(),
            ends: Vec::new(),
            i: Vec::new(),
            x: sr.to_array(sr.alloc(0)),
        });
    }
    Parts { parts, vlen, vdim }
}

impl Part {
    /// The part as compressed vectors (hypersparse: only its rows).
    fn into_compressed(self, vlen: u64, vdim: u64) -> Compressed {
        let mut p = Vec::with_capacity(self.ends.len() + 1);
        p.push(0);
        p.extend_from_slice(&self.ends);
        Compressed {
            vlen,
            vdim,
            h: Some(self.ids),
            p,
            i: self.i.into(),
            x: self.x,
        }
    }

    /// The non-empty vectors of `c` as a part.
    fn from_compressed(c: Compressed) -> Result<Part> {
        let (mut ids, mut ends) = (Vec::new(), Vec::new());
        for k in 0..c.nvec() {
            let r = c.range(k);
            if !r.is_empty() {
                ids.push(c.vector_id(k));
                ends.push(r.end);
            }
        }
        Ok(Part {
            ids,
            ends,
            i: c.i.into_wide_vec()?,
            x: c.x,
        })
    }

    /// The part after `epilogue`, its vectors in orientation `orient`.
    fn after(self, epilogue: Epilogue, orient: Orientation, vlen: u64, vdim: u64) -> Result<Part> {
        let c = self.into_compressed(vlen, vdim);
        let store = MatrixStore::keeping_widths(orient, crate::storage::Format::Sparse(c));
        let out = epilogue(store)?;
        Part::from_compressed(out.into_compressed(orient))
    }
}

impl Parts {
    /// The result as compressed vectors, each part first passed through the
    /// epilogue (in parallel), whose vectors are in the given orientation.
    pub fn assemble(self, epilogue: Option<(Epilogue, Orientation)>) -> Result<Compressed> {
        let (vlen, vdim) = (self.vlen, self.vdim);
        let mut parts = match epilogue {
            None => self.parts,
            Some((f, orient)) => {
                crate::parallel::map_items(self.parts, |part| part.after(f, orient, vlen, vdim))
                    .into_iter()
                    .collect::<Result<Vec<_>>>()?
            }
        };
        if parts.len() == 1 {
            let part = parts.pop().expect("one part");
            return Ok(part.into_compressed(vlen, vdim).conform());
        }
        // One probe for the joined indices and values.
        let entries = parts.iter().map(|p| p.i.len()).sum();
        let value_bytes = parts.first().map_or(0, |p| p.x.elem_size());
        check_room(entries, 8 + value_bytes, "the product")?;
        let ty = parts.first().expect("at least one part").x.ty();
        let (h, p) = join_rows(&parts);
        // The parts are given back as they are copied (see `concat_shifted`),
        // the indices straight into 32 bits when they fit.
        let (i, x): (Vec<_>, Vec<_>) = parts
            .into_iter()
            .map(|part| ((Indices::from(part.i), 0), part.x))
            .unzip();
        let x = Array::concat_owned(&ty, x)?;
        let i = Indices::concat_shifted(i, vlen)?;
        Ok(Compressed {
            vlen,
            vdim,
            h: Some(h),
            p,
            i,
            x,
        }
        .conform())
    }
}

/// The row ids and row pointers of the parts joined in order (the entries
/// of each part follow those of the parts before it); consecutive parts
/// may hold column ranges of one row, which continue that row.
fn join_rows(parts: &[Part]) -> (Vec<u64>, Vec<usize>) {
    let rows: usize = parts.iter().map(|p| p.ids.len()).sum();
    let mut h = Vec::with_capacity(rows);
    let mut p = Vec::with_capacity(rows + 1);
    p.push(0);
    let mut base = 0;
    for part in parts {
        for (r, (&id, &end)) in part.ids.iter().zip(&part.ends).enumerate() {
            if r == 0 && h.last() == Some(&id) {
                *p.last_mut().expect("a row") = base + end;
            } else {
                h.push(id);
                p.push(base + end);
            }
        }
        base += part.i.len();
    }
    (h, p)
}
