//! `MatrixStore`: the immutable content of a matrix or vector — its type,
//! dimensions, orientation and one of the storage formats.
//!
//! A store is shared behind `Arc` by objects and pending operations; a change
//! makes a new store (copy-on-write). Transposing a store is O(1): the same
//! data read in the other orientation.

use super::array::{Array, Placement};
use super::column_blocks::ColumnBlocks;
use super::compressed::Compressed;
use super::kept::{CompressedRef, Derived, Kept, KeptTranspose};
use crate::algebra::{Type, Value};
use crate::error::{check_room, out_of_memory, Result};
use std::borrow::Cow;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// Which dimension the stored vectors run along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Vectors are rows (CSR-like). The default for matrices.
    ByRow,
    /// Vectors are columns (CSC-like). Always used for `GrB_Vector`.
    ByCol,
}

impl Orientation {
    /// The other orientation.
    pub fn flip(self) -> Orientation {
        match self {
            Orientation::ByRow => Orientation::ByCol,
            Orientation::ByCol => Orientation::ByRow,
        }
    }

    /// `(vlen, vdim)`: the length and the number of the stored vectors of an
    /// `nrows × ncols` matrix held in this orientation.
    pub fn vector_dims(self, nrows: u64, ncols: u64) -> (u64, u64) {
        match self {
            Orientation::ByRow => (ncols, nrows),
            Orientation::ByCol => (nrows, ncols),
        }
    }
}

/// Dense storage with a presence flag per position; entry `(vector k, inner i)`
/// is at `k * vlen + i`.
#[derive(Debug, PartialEq)]
pub struct Bitmap {
    /// Length of each vector.
    pub vlen: u64,
    /// Number of vectors.
    pub vdim: u64,
    /// Presence flags, `vlen * vdim` of them.
    pub b: Vec<bool>,
    /// Values, `vlen * vdim` of them (meaningless where `b` is false).
    pub x: Array,
    /// Number of present entries.
    pub nvals: usize,
}

impl Bitmap {
    /// The bitmap of presence flags `b` over values `x`, its entries counted.
    pub fn from_flags(vlen: u64, vdim: u64, b: Vec<bool>, x: Array) -> Bitmap {
        let nvals = b.iter().filter(|&&f| f).count();
        Bitmap {
            vlen,
            vdim,
            b,
            x,
            nvals,
        }
    }

    /// The positions of the present entries, in increasing order. Written
    /// without a branch on the flags (each position is stored, and kept by
    /// advancing past it when present), which a scattered pattern would
    /// mispredict half the time.
    pub fn present_positions(&self) -> Vec<usize> {
        let mut out = vec![0; self.nvals + 1];
        let mut k = 0;
        for (q, &f) in self.b.iter().enumerate() {
            out[k.min(self.nvals)] = q;
            k += usize::from(f);
        }
        out.truncate(self.nvals);
        out
    }
}

/// A copy, made in pieces (see [`super::ranges`]).
impl Clone for Bitmap {
    fn clone(&self) -> Bitmap {
        Bitmap {
            vlen: self.vlen,
            vdim: self.vdim,
            b: super::ranges::copy_vec(&self.b),
            x: self.x.clone(),
            nvals: self.nvals,
        }
    }
}

/// Dense storage with every entry present; entry `(vector k, inner i)` is at `k * vlen + i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Full {
    /// Length of each vector.
    pub vlen: u64,
    /// Number of vectors.
    pub vdim: u64,
    /// Values, `vlen * vdim` of them.
    pub x: Array,
}

/// The storage format of a matrix.
#[derive(Clone, Debug, PartialEq)]
pub enum Format {
    /// Sparse or hypersparse compressed vectors.
    Sparse(Compressed),
    /// Dense values with presence flags.
    Bitmap(Bitmap),
    /// Dense values, all present.
    Full(Full),
}

/// The content of a matrix or vector.
///
/// A store never changes once shared, so it can keep its data converted to the
/// other orientation once computed: an algorithm that needs `A'` every
/// iteration pays for the transpose once per version of `A`.
#[derive(Clone)]
pub struct MatrixStore {
    orient: Orientation,
    format: Format,
    /// The data as compressed vectors in the other orientation, once
    /// computed and while the cache budget keeps it.
    other: Arc<KeptTranspose>,
    /// What the products so far would have saved with the transpose at
    /// hand (see [`MatrixStore::pay_transpose_rent`]).
    transpose_rent: TransposeRent,
    /// The value every entry holds, once looked for (see [`MatrixStore::uniform_value`]).
    uniform: OnceLock<Option<Value>>,
    /// The column blocks of the compressed vectors in the stored
    /// orientation (`[0]`) and in the other one (`[1]`, those of the kept
    /// transpose; see [`MatrixStore::column_blocks`]).
    blocks: [KeptBlocks; 2],
}

/// Column blocks once a product has asked for them twice, and how many
/// products have asked (shared by the clones of a store: same content).
#[derive(Clone, Default)]
struct KeptBlocks {
    kept: Arc<Kept<ColumnBlocks>>,
    asks: Arc<AtomicU32>,
}

/// The work, in the planner's cost units (rounded down), that products
/// reading a store would have saved with its transpose at hand; a clone of
/// the store starts from it (same content, same history).
#[derive(Default)]
struct TransposeRent(AtomicU64);

impl Clone for TransposeRent {
    fn clone(&self) -> Self {
        TransposeRent(AtomicU64::new(self.0.load(Ordering::Relaxed)))
    }
}

impl PartialEq for MatrixStore {
    fn eq(&self, other: &MatrixStore) -> bool {
        self.orient == other.orient && self.format == other.format
    }
}

impl std::fmt::Debug for MatrixStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MatrixStore")
            .field("orient", &self.orient)
            .field("format", &self.format)
            .finish()
    }
}

impl MatrixStore {
    /// An empty `nrows × ncols` matrix of type `ty`.
    pub fn empty(ty: &Type, nrows: u64, ncols: u64, orient: Orientation) -> MatrixStore {
        let (vlen, vdim) = orient.vector_dims(nrows, ncols);
        MatrixStore::new(orient, Format::Sparse(Compressed::empty(ty, vlen, vdim)))
    }

    /// A store from an orientation and a format. Compressed or full
    /// values that are all equal are kept once (see [`crate::storage::IsoArray`]);
    /// compressed indices are stored in 32 bits when they fit (see
    /// [`crate::storage::Indices`]).
    pub fn new(orient: Orientation, mut format: Format) -> MatrixStore {
        if let Format::Sparse(c) = &mut format {
            c.narrow_indices();
        }
        MatrixStore::keeping_widths(orient, format)
    }

    /// A store whose compressed indices keep the width given: a pack (an
    /// unpack hands the same buffers back), or content a kernel hands back
    /// to the builder it came from.
    pub fn keeping_widths(orient: Orientation, mut format: Format) -> MatrixStore {
        match &mut format {
            Format::Sparse(c) => c.x.make_iso_if_uniform(),
            Format::Full(f) => f.x.make_iso_if_uniform(),
            // Absent positions hold any value: equal values there say nothing.
            Format::Bitmap(_) => {}
        }
        MatrixStore {
            orient,
            format,
            other: Arc::default(),
            transpose_rent: TransposeRent::default(),
            uniform: OnceLock::new(),
            blocks: Default::default(),
        }
    }

    /// The value every stored entry holds, bit for bit, when there is at
    /// least one entry and the type is built in (a pattern of ones); looked
    /// for once per content.
    pub fn uniform_value(&self) -> Option<&Value> {
        self.uniform
            .get_or_init(|| super::uniform::uniform_value(&self.format))
            .as_ref()
    }

    /// Records that a product read this content the way it is stored where
    /// the transpose would have saved it `saving` (the planner's estimate).
    /// The planner charges a transpose only what this rent has not yet paid
    /// for: a store read product after product the other way (the matrix of
    /// an iterative algorithm) is transposed once the savings forgone reach
    /// the transpose's cost, and one that no product wants transposed never is.
    pub fn pay_transpose_rent(&self, saving: f64) {
        // A saturating cast: negative or NaN estimates count as nothing.
        let saving = saving as u64;
        let _ = self
            .transpose_rent
            .0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
                Some(w.saturating_add(saving))
            });
    }

    /// The savings forgone so far for want of the transpose (see
    /// [`MatrixStore::pay_transpose_rent`]); nothing when a transpose of
    /// this size could not be kept (the cache budget is smaller than the
    /// store): each product would then pay for a transpose of its own.
    pub fn transpose_rent(&self) -> f64 {
        if !crate::cache_budget::fits(self.heap_bytes()) {
            return 0.0;
        }
        self.transpose_rent.0.load(Ordering::Relaxed) as f64
    }

    /// The orientation of the stored vectors.
    pub fn orient(&self) -> Orientation {
        self.orient
    }

    /// True when the dense positions are laid out as in orientation
    /// `orient`: stored that way, or a vector (one layout either way).
    pub fn laid_out(&self, orient: Orientation) -> bool {
        self.orient == orient || self.nrows() == 1 || self.ncols() == 1
    }

    /// The data.
    pub fn format(&self) -> &Format {
        &self.format
    }

    /// A copy whose buffers have the same capacities as this store's (a
    /// clone has room for the content only): what `GxB_*_unpack` hands out
    /// when the content is shared, so that the caller gets arrays as large
    /// as it packed.
    pub fn copy_keeping_capacity(&self) -> MatrixStore {
        fn keep<T: Copy>(v: &Vec<T>) -> Vec<T> {
            super::ranges::copy_vec_with_capacity(v, v.capacity())
        }
        let format = match &self.format {
            Format::Sparse(c) => Format::Sparse(Compressed {
                vlen: c.vlen,
                vdim: c.vdim,
                h: c.h.as_ref().map(keep),
                p: keep(&c.p),
                i: c.i.copy_keeping_capacity(),
                x: c.x.copy_keeping_capacity(),
            }),
            Format::Bitmap(b) => Format::Bitmap(Bitmap {
                vlen: b.vlen,
                vdim: b.vdim,
                b: keep(&b.b),
                x: b.x.copy_keeping_capacity(),
                nvals: b.nvals,
            }),
            Format::Full(f) => Format::Full(Full {
                vlen: f.vlen,
                vdim: f.vdim,
                x: f.x.copy_keeping_capacity(),
            }),
        };
        MatrixStore {
            orient: self.orient,
            format,
            other: self.other.clone(),
            transpose_rent: self.transpose_rent.clone(),
            uniform: self.uniform.clone(),
            blocks: self.blocks.clone(),
        }
    }

    /// The data, for changing in place (forgets what was derived from it).
    pub fn format_mut(&mut self) -> &mut Format {
        self.other = Arc::default();
        self.uniform = OnceLock::new();
        self.blocks = Default::default();
        &mut self.format
    }

    /// The orientation and data, consuming the store.
    pub fn into_parts(self) -> (Orientation, Format) {
        (self.orient, self.format)
    }

    /// A store holding compressed vectors in the given orientation.
    pub fn from_compressed(orient: Orientation, c: Compressed) -> MatrixStore {
        MatrixStore::new(orient, Format::Sparse(c))
    }

    /// `(vlen, vdim)` of the stored vectors.
    pub fn vdims(&self) -> (u64, u64) {
        match &self.format {
            Format::Sparse(c) => (c.vlen, c.vdim),
            Format::Bitmap(b) => (b.vlen, b.vdim),
            Format::Full(f) => (f.vlen, f.vdim),
        }
    }

    /// Number of rows.
    pub fn nrows(&self) -> u64 {
        let (vlen, vdim) = self.vdims();
        match self.orient {
            Orientation::ByRow => vdim,
            Orientation::ByCol => vlen,
        }
    }

    /// Number of columns.
    pub fn ncols(&self) -> u64 {
        let (vlen, vdim) = self.vdims();
        match self.orient {
            Orientation::ByRow => vlen,
            Orientation::ByCol => vdim,
        }
    }

    /// The values.
    pub fn values(&self) -> &Array {
        match &self.format {
            Format::Sparse(c) => &c.x,
            Format::Bitmap(b) => &b.x,
            Format::Full(f) => &f.x,
        }
    }

    /// The values, consuming the store.
    pub fn into_values(self) -> Array {
        match self.format {
            Format::Sparse(c) => c.x,
            Format::Bitmap(b) => b.x,
            Format::Full(f) => f.x,
        }
    }

    /// The element type.
    pub fn ty(&self) -> Type {
        self.values().ty()
    }

    /// Number of stored entries.
    pub fn nvals(&self) -> usize {
        match &self.format {
            Format::Sparse(c) => c.nvals(),
            Format::Bitmap(b) => b.nvals,
            Format::Full(f) => f.x.len(),
        }
    }

    /// The transpose, in O(1): the same vectors read in the other orientation.
    pub fn transposed(self) -> MatrixStore {
        MatrixStore::new(self.orient.flip(), self.format)
    }

    /// Maps `(row, col)` to `(vector id, inner index)` in this store's orientation.
    pub fn to_vector_coords(&self, row: u64, col: u64) -> (u64, u64) {
        match self.orient {
            Orientation::ByRow => (row, col),
            Orientation::ByCol => (col, row),
        }
    }

    /// Maps `(vector id, inner index)` back to `(row, col)`.
    pub fn to_matrix_coords(&self, j: u64, i: u64) -> (u64, u64) {
        match self.orient {
            Orientation::ByRow => (j, i),
            Orientation::ByCol => (i, j),
        }
    }

    /// The value stored at `(row, col)`, if any.
    pub fn get(&self, row: u64, col: u64) -> Option<Value> {
        let (j, i) = self.to_vector_coords(row, col);
        match &self.format {
            Format::Sparse(c) => c.find(j, i).map(|q| c.x.get(q)),
            Format::Bitmap(b) => {
                let q = (j * b.vlen + i) as usize;
                b.b[q].then(|| b.x.get(q))
            }
            Format::Full(f) => Some(f.x.get((j * f.vlen + i) as usize)),
        }
    }

    /// The bytes its arrays hold (lengths, not capacities; see
    /// [`Compressed::heap_bytes`]).
    pub fn heap_bytes(&self) -> usize {
        match &self.format {
            Format::Sparse(c) => c.heap_bytes(),
            Format::Bitmap(b) => b.b.len() + b.x.heap_bytes(),
            Format::Full(f) => f.x.heap_bytes(),
        }
    }

    /// The content as compressed vectors in orientation `orient`: borrowed when
    /// it already is; the other orientation is computed once and kept while
    /// the cache budget allows.
    pub fn compressed(&self, orient: Orientation) -> CompressedRef<'_> {
        if orient == self.orient {
            match &self.format {
                Format::Sparse(c) => CompressedRef::Borrowed(c),
                Format::Bitmap(b) => CompressedRef::Owned(bitmap_to_compressed(b)),
                Format::Full(f) => CompressedRef::Owned(full_to_compressed(f)),
            }
        } else {
            CompressedRef::Shared(self.other_orientation())
        }
    }

    /// [`MatrixStore::compressed`], failing with `GrB_OUT_OF_MEMORY` instead
    /// of aborting when the buffers of a conversion it has to make do not fit
    /// (one probe of their total size first, see [`check_room`]).
    pub fn try_compressed(&self, orient: Orientation) -> Result<CompressedRef<'_>> {
        self.conversion_room(orient)?;
        Ok(self.compressed(orient))
    }

    /// Probes for the buffers [`MatrixStore::compressed`] allocates for
    /// `orient` (see [`check_room`]).
    pub fn conversion_room(&self, orient: Orientation) -> Result<()> {
        let dense = !matches!(self.format, Format::Sparse(_));
        let elem = self.values().elem_size();
        let nnz = self.nvals();
        let (vlen, vdim) = self.vdims();
        // Compressing dense data: vector pointers, then an index, a position
        // (bitmap) and a value an entry.
        let own = if dense {
            let pointers = usize::try_from(vdim).map_err(|_| out_of_memory("vector pointers"))?;
            nnz.checked_mul(16 + elem)
                .and_then(|b| b.checked_add(pointers.checked_add(1)?.checked_mul(8)?))
        } else {
            Some(0)
        };
        let bytes = if orient == self.orient {
            own
        } else if self.has_cached_transpose() {
            Some(0)
        } else {
            let nvec = match &self.format {
                Format::Sparse(c) => c.nvec(),
                _ => vdim as usize,
            };
            own.zip(Compressed::transpose_bytes(vlen, nvec, nnz, elem))
                .and_then(|(a, b)| a.checked_add(b))
        };
        let what = "a conversion of the storage";
        match bytes {
            Some(0) => Ok(()),
            Some(b) => check_room(b, 1, what),
            None => Err(out_of_memory(what)),
        }
    }

    /// The content as owned compressed vectors in orientation `orient` (a
    /// copy when [`MatrixStore::try_compressed`] borrows), failing with
    /// `GrB_OUT_OF_MEMORY` when the conversion or the copy does not fit. The
    /// other orientation, when not kept yet, is computed for the caller
    /// alone: not kept, so not copied either.
    pub fn try_compressed_owned(&self, orient: Orientation) -> Result<Compressed> {
        if orient != self.orient && !self.has_cached_transpose() {
            self.conversion_room(orient)?;
            return Ok(self.compressed(self.orient).transpose());
        }
        let c = self.try_compressed(orient)?;
        if c.is_free() {
            let b = &*c;
            let bytes = b.nvals().saturating_mul(8 + b.x.elem_size());
            let pointers = (b.p.len() + b.h.as_ref().map_or(0, Vec::len)).saturating_mul(8);
            check_room(bytes.saturating_add(pointers), 1, "a copy of the storage")?;
        }
        Ok(c.into_owned())
    }

    /// The content in the other orientation: the kept transpose, or
    /// computed now (and kept while the cache budget allows).
    fn other_orientation(&self) -> Arc<Compressed> {
        self.other
            .get_or_compute(|| self.compressed(self.orient).transpose())
    }

    /// The content as compressed vectors in orientation `orient` when that
    /// costs nothing: the stored vectors, or the kept transpose.
    pub fn compressed_if_free(&self, orient: Orientation) -> Option<CompressedRef<'_>> {
        match &self.format {
            Format::Sparse(c) if orient == self.orient => Some(CompressedRef::Borrowed(c)),
            _ if orient == self.orient => None,
            _ => self.other.get().map(CompressedRef::Shared),
        }
    }

    /// The compressed vectors in orientation `orient` cut into column
    /// blocks (see [`ColumnBlocks`]), for a product that gathers a column's
    /// values by blocks: kept ones, or made now from the second product on
    /// that asks (one product alone does not repay the copy) when the cache
    /// budget and the memory have room for them. `None` otherwise, or when
    /// those vectors are neither stored nor a kept transpose, or do not
    /// have 32-bit indices: the product then cuts each vector as it goes,
    /// with the same sums.
    pub fn column_blocks(&self, orient: Orientation) -> Option<Arc<ColumnBlocks>> {
        let slot = &self.blocks[usize::from(orient != self.orient)];
        if let Some(b) = slot.kept.get() {
            return Some(b);
        }
        if slot.asks.fetch_add(1, Ordering::Relaxed) == 0 {
            return None;
        }
        let c = self.compressed_if_free(orient)?;
        if !c.i.is_narrow() || c.h.is_some() {
            return None;
        }
        let nblocks = (c.vlen as usize).div_ceil(super::column_blocks::BLOCK_COLUMNS);
        let bytes = ColumnBlocks::bytes_at_most(c.nvals(), c.nvec(), nblocks);
        if !crate::cache_budget::fits(bytes) || check_room(bytes, 1, "column blocks").is_err() {
            return None;
        }
        let blocks = slot.kept.get_or_compute_some(|| ColumnBlocks::of(&c))?;
        debug_assert!(blocks.heap_bytes() <= bytes);
        Some(blocks)
    }

    /// True when the content in the other orientation is kept now.
    pub fn has_cached_transpose(&self) -> bool {
        self.other.is_kept()
    }

    /// The content as compressed vectors in orientation `orient`, consuming the store.
    pub fn into_compressed(self, orient: Orientation) -> Compressed {
        if orient == self.orient {
            if let Format::Sparse(c) = self.format {
                return c;
            }
        }
        self.compressed(orient).into_owned()
    }

    /// The same content in orientation `orient` (converting the data if needed).
    pub fn reoriented(&self, orient: Orientation) -> MatrixStore {
        if orient == self.orient {
            return self.clone();
        }
        MatrixStore::from_compressed(orient, self.compressed(orient).into_owned())
    }

    /// The content in bitmap form, when `vlen * vdim` is small enough to allocate.
    pub fn to_bitmap(&self) -> Option<Bitmap> {
        match &self.format {
            Format::Bitmap(b) => Some(b.clone()),
            Format::Full(f) => Some(Bitmap {
                vlen: f.vlen,
                vdim: f.vdim,
                b: vec![true; f.x.len()],
                x: f.x.clone(),
                nvals: f.x.len(),
            }),
            Format::Sparse(c) => compressed_to_bitmap(c).ok(),
        }
    }

    /// Iterates over `(row, col, position in values())` of every entry, in storage order.
    pub fn for_each_entry(&self, mut f: impl FnMut(u64, u64, usize)) {
        let (flags, vlen) = match &self.format {
            Format::Sparse(c) => {
                for (j, i, q) in c.entries() {
                    let (r, col) = self.to_matrix_coords(j, i);
                    f(r, col, q)
                }
                return;
            }
            Format::Bitmap(b) => (Some(&b.b), b.vlen),
            Format::Full(full) => (None, full.vlen),
        };
        // Position `q` is entry `q % vlen` of vector `q / vlen`: stepped
        // through, not divided.
        let (mut j, mut i) = (0, 0);
        for q in 0..self.values().len() {
            if flags.is_none_or(|b| b[q]) {
                let (r, col) = self.to_matrix_coords(j, i);
                f(r, col, q)
            }
            i += 1;
            if i == vlen {
                (j, i) = (j + 1, 0);
            }
        }
    }

    /// Chooses the format for the content: hypersparse or sparse by vector use,
    /// full when every entry is present in a non-trivial dense shape. Bitmap is
    /// only produced on request by kernels that benefit from it.
    pub fn conform(self) -> MatrixStore {
        let orient = self.orient;
        let format = match self.format {
            Format::Sparse(c) => {
                let total = c.vlen.checked_mul(c.vdim);
                if total.is_some_and(|t| t > 0 && t as usize == c.nvals()) {
                    Format::Full(Full {
                        vlen: c.vlen,
                        vdim: c.vdim,
                        x: c.x,
                    })
                } else {
                    Format::Sparse(c.conform())
                }
            }
            Format::Bitmap(b) if b.nvals == b.b.len() => Format::Full(Full {
                vlen: b.vlen,
                vdim: b.vdim,
                x: b.x,
            }),
            other => other,
        };
        MatrixStore::new(orient, format)
    }

    /// True when both stores hold the same entries with the same values and types
    /// (whatever their formats and orientations).
    pub fn same_entries(&self, other: &MatrixStore) -> bool {
        if self.nrows() != other.nrows()
            || self.ncols() != other.ncols()
            || self.ty() != other.ty()
            || self.nvals() != other.nvals()
        {
            return false;
        }
        let a = self
            .compressed(Orientation::ByRow)
            .into_owned()
            .into_hyper();
        let b = other
            .compressed(Orientation::ByRow)
            .into_owned()
            .into_hyper();
        a == b
    }

    /// Checks the format's invariants (for tests).
    pub fn check(&self) -> std::result::Result<(), String> {
        match &self.format {
            Format::Sparse(c) => c.check(),
            Format::Bitmap(b) => {
                let n = (b.vlen * b.vdim) as usize;
                if b.b.len() != n || b.x.len() != n || b.b.iter().filter(|&&x| x).count() != b.nvals
                {
                    return Err("bitmap sizes disagree".into());
                }
                Ok(())
            }
            Format::Full(f) => {
                if f.x.len() as u64 != f.vlen * f.vdim {
                    return Err("full size disagrees".into());
                }
                Ok(())
            }
        }
    }
}

fn bitmap_to_compressed(b: &Bitmap) -> Compressed {
    let vlen = b.vlen as usize;
    let mut p = Vec::with_capacity(b.vdim as usize + 1);
    p.push(0);
    let mut i = Vec::with_capacity(b.nvals);
    let mut pos = Vec::with_capacity(b.nvals);
    for k in 0..b.vdim as usize {
        for r in 0..vlen {
            let q = k * vlen + r;
            if b.b[q] {
                i.push(r as u64);
                pos.push(q);
            }
        }
        p.push(i.len());
    }
    Compressed {
        vlen: b.vlen,
        vdim: b.vdim,
        h: None,
        p,
        i: i.into(),
        x: b.x.gather(&pos),
    }
    .conform()
}

fn full_to_compressed(f: &Full) -> Compressed {
    let vlen = f.vlen as usize;
    let vdim = f.vdim as usize;
    Compressed {
        vlen: f.vlen,
        vdim: f.vdim,
        h: None,
        p: (0..=vdim).map(|k| k * vlen).collect(),
        i: (0..vdim).flat_map(|_| 0..f.vlen).collect(),
        x: f.x.clone(),
    }
}

/// Calls `f` with the content behind `s`: owned when `s` was its only
/// handle (so `f` may reuse its buffers), borrowed otherwise.
pub fn with_content<R>(s: Arc<MatrixStore>, f: impl FnOnce(Cow<'_, MatrixStore>) -> R) -> R {
    match Arc::try_unwrap(s) {
        Ok(owned) => f(Cow::Owned(owned)),
        Err(shared) => f(Cow::Borrowed(&shared)),
    }
}

/// Scatters compressed vectors into a bitmap; fails when the dense size is too large.
pub fn compressed_to_bitmap(c: &Compressed) -> Result<Bitmap> {
    let n = c
        .vlen
        .checked_mul(c.vdim)
        .filter(|&n| n <= (isize::MAX as u64) / 16)
        .ok_or_else(|| crate::error::out_of_memory("bitmap"))? as usize;
    check_room(n, 1 + c.ty().size(), "bitmap")?;
    let (slots, positions) = c.dense_pieces(super::compressed::DENSE_PIECE_ENTRIES);
    let (b, _, _) = spread(c, n, (false, ()), &slots, &positions, |_| true);
    let x = if c.x.is_empty() {
        Array::filled(&Value::zero(&c.ty()), n)?
    } else {
        c.x.rearranged(&mut Spread {
            c,
            n,
            slots,
            positions,
        })
    };
    Ok(Bitmap {
        vlen: c.vlen,
        vdim: c.vdim,
        b,
        x,
        nvals: c.nvals(),
    })
}

/// A new vector of `n` values, `fill` but `value(q)` at the position of each
/// entry `q` of `c`, written in parallel: piece `t` places the entries in
/// `slots[t]`, all within `positions[t]` ([`Compressed::dense_pieces`]).
fn spread<V: Copy + Send + Sync>(
    c: &Compressed,
    n: usize,
    fill: (V, ()),
    slots: &[Range<usize>],
    positions: &[Range<usize>],
    value: impl Fn(usize) -> V + Sync,
) -> (Vec<V>, Vec<()>, Vec<()>) {
    crate::parallel::map_ranges_new(n, fill, positions, |t, out, _| {
        let base = positions[t].start;
        c.for_each_position_in(slots[t].clone(), |d, q| out[d - base] = value(q));
    })
}

/// Each value of `c` moved to its position in the dense form of `n`
/// positions, in parallel pieces; the absent ones take the default value
/// (never read).
struct Spread<'a> {
    c: &'a Compressed,
    n: usize,
    slots: Vec<Range<usize>>,
    positions: Vec<Range<usize>>,
}

impl Placement for Spread<'_> {
    fn place<V, F>(&mut self, value: F) -> Vec<V>
    where
        V: Copy + Default + Send + Sync,
        F: Fn(usize) -> V + Sync,
    {
        let fill = (V::default(), ());
        spread(self.c, self.n, fill, &self.slots, &self.positions, value).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_contents_keep_equal_values_once() {
        let c = Compressed {
            vlen: 3,
            vdim: 2,
            h: None,
            p: vec![0, 2, 3],
            i: vec![0, 2, 1].into(),
            x: Array::from_vec(vec![1.0f64; 3]),
        };
        let sparse = MatrixStore::from_compressed(Orientation::ByRow, c);
        assert!(sparse.values().iso().is_some());
        assert_eq!(sparse.uniform_value(), Some(&Value::new(1.0f64)));
        let t = sparse.compressed(Orientation::ByCol);
        assert!(t.x.iso().is_some(), "a transpose keeps the one value");
        let full = MatrixStore::new(
            Orientation::ByCol,
            Format::Full(Full {
                vlen: 2,
                vdim: 1,
                x: Array::from_vec(vec![3i32, 3]),
            }),
        );
        assert!(full.values().iso().is_some());
        let bitmap = compressed_to_bitmap(&sparse.compressed(Orientation::ByRow)).unwrap();
        let b = MatrixStore::new(Orientation::ByRow, Format::Bitmap(bitmap));
        assert_eq!(b.get(1, 1), Some(Value::new(1.0f64)));
    }

    #[test]
    fn present_positions_are_the_set_flags_in_order() {
        let patterns: [&[bool]; 5] = [
            &[],
            &[false, false],
            &[true, true, true],
            &[true, false, true, false],
            &[false, true, true, false, false],
        ];
        for flags in patterns {
            let b = Bitmap::from_flags(
                flags.len() as u64,
                1,
                flags.to_vec(),
                Array::from_vec(vec![0u8; flags.len()]),
            );
            let expected: Vec<usize> = (0..flags.len()).filter(|&q| flags[q]).collect();
            assert_eq!(b.present_positions(), expected, "{flags:?}");
        }
    }

    fn sample() -> MatrixStore {
        MatrixStore::from_compressed(
            Orientation::ByRow,
            super::super::compressed::tests::sample(),
        )
    }

    #[test]
    fn orientation_and_lookup() {
        let a = sample();
        assert_eq!((a.nrows(), a.ncols()), (3, 4));
        assert_eq!(a.get(0, 3).unwrap().get::<i32>(), Some(2));
        assert!(a.get(1, 1).is_none());
        let t = a.clone().transposed();
        assert_eq!((t.nrows(), t.ncols()), (4, 3));
        assert_eq!(t.get(3, 0).unwrap().get::<i32>(), Some(2));
        let c = a.reoriented(Orientation::ByCol);
        assert!(c.same_entries(&a));
        assert_eq!(c.get(2, 0).unwrap().get::<i32>(), Some(3));
    }

    #[test]
    fn bitmap_and_full_round_trip() {
        let a = sample();
        let b = MatrixStore::new(Orientation::ByRow, Format::Bitmap(a.to_bitmap().unwrap()));
        b.check().unwrap();
        assert!(b.same_entries(&a));
        assert_eq!(b.get(2, 0).unwrap().get::<i32>(), Some(3));
        let full = MatrixStore::new(
            Orientation::ByCol,
            Format::Full(Full {
                vlen: 2,
                vdim: 2,
                x: Array::from_vec(vec![1.0f64, 2.0, 3.0, 4.0]),
            }),
        );
        assert_eq!(full.get(1, 0).unwrap().get::<f64>(), Some(2.0));
        let (r, c, v) = full.tuples();
        assert_eq!((r, c), (vec![0, 1, 0, 1], vec![0, 0, 1, 1]));
        assert_eq!(v.as_slice::<f64>().unwrap(), &[1.0, 2.0, 3.0, 4.0]);
        let sparse = MatrixStore::from_compressed(
            Orientation::ByCol,
            full.compressed(Orientation::ByCol).into_owned(),
        );
        assert!(matches!(sparse.clone().conform().format, Format::Full(_)));
        assert!(sparse.same_entries(&full));
    }

    #[test]
    fn tuples_are_the_same_in_every_format() {
        for orient in [Orientation::ByRow, Orientation::ByCol] {
            let a = sample().reoriented(orient);
            let bitmap = MatrixStore::new(orient, Format::Bitmap(a.to_bitmap().unwrap()));
            let (r, c, v) = a.tuples();
            assert_eq!(bitmap.tuples(), (r.clone(), c.clone(), v.clone()));
            assert_eq!(a.tuples_of(true, false), (r.clone(), vec![], v.clone()));
            assert_eq!(bitmap.tuples_of(false, true), (vec![], c, v.clone()));
            assert_eq!(bitmap.tuples_of(false, false), (vec![], vec![], v));
        }
    }
}
