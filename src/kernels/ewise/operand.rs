//! An input of an element-wise operation, read in the orientation of the
//! result: bitmap and full storage are used in place when they already have
//! that orientation; anything else is read as compressed vectors (the store
//! keeps its other orientation once computed, so a transposed input costs one
//! conversion per version of the matrix, not one per use).

use crate::kernels::runs;
use crate::storage::{
    Array, Bitmap, Compressed, CompressedRef, Format, Full, Idx, IdxSlice, MatrixStore, Orientation,
};

/// The storage an operand is read from.
pub enum View<'a> {
    /// Compressed vectors (sparse or hypersparse).
    Sparse(CompressedRef<'a>),
    /// Dense values with presence flags.
    Bitmap(&'a Bitmap),
    /// Dense values, all present.
    Full(&'a Full),
}

/// An operand `Ã` (the input, transposed or not) read in orientation `orient`.
pub struct Operand<'a> {
    store: &'a MatrixStore,
    /// The orientation in which the store itself must be read to give `Ã` in `orient`.
    read: Orientation,
    /// The data.
    pub view: View<'a>,
}

impl<'a> Operand<'a> {
    /// `store` (transposed when `transpose`) read with its vectors in orientation `orient`.
    pub fn new(store: &'a MatrixStore, transpose: bool, orient: Orientation) -> Operand<'a> {
        let read = if transpose { orient.flip() } else { orient };
        let view = match store.format() {
            Format::Bitmap(b) if store.orient() == read => View::Bitmap(b),
            Format::Full(f) if store.orient() == read => View::Full(f),
            _ => View::Sparse(store.compressed(read)),
        };
        Operand { store, read, view }
    }

    /// The values (indexed by slot for compressed data, by position for dense data).
    pub fn values(&self) -> &Array {
        match &self.view {
            View::Sparse(c) => &c.x,
            View::Bitmap(b) => &b.x,
            View::Full(f) => &f.x,
        }
    }

    /// True for bitmap or full storage.
    pub fn is_dense(&self) -> bool {
        !matches!(self.view, View::Sparse(_))
    }

    /// Number of stored entries.
    pub fn nvals(&self) -> usize {
        match &self.view {
            View::Sparse(c) => c.nvals(),
            View::Bitmap(b) => b.nvals,
            View::Full(f) => f.x.len(),
        }
    }

    /// The operand read as compressed vectors (converting dense storage).
    pub fn into_sparse(self) -> Operand<'a> {
        match self.view {
            View::Sparse(_) => self,
            _ => Operand {
                view: View::Sparse(self.store.compressed(self.read)),
                ..self
            },
        }
    }

    /// Looks up the entries of vector `j`.
    pub fn vector(&self, j: u64) -> VectorLookup<'_> {
        match &self.view {
            View::Sparse(c) => {
                let r = c.vector_range(j);
                VectorLookup::Sparse {
                    i: c.i.idx_range(r.clone()),
                    base: r.start,
                }
            }
            View::Bitmap(b) => {
                let base = (j * b.vlen) as usize;
                VectorLookup::Dense {
                    present: Some(&b.b[base..base + b.vlen as usize]),
                    base,
                }
            }
            View::Full(f) => VectorLookup::Dense {
                present: None,
                base: (j * f.vlen) as usize,
            },
        }
    }
}

/// The entries of one vector of an operand, for lookups by inner index.
pub enum VectorLookup<'a> {
    /// Sorted inner indices; the entry `k` of the slice is at slot `base + k`.
    Sparse {
        /// The vector's inner indices.
        i: IdxSlice<'a>,
        /// The slot of the vector's first entry.
        base: usize,
    },
    /// Dense positions `base + i`, present where `present` says (all when `None`).
    Dense {
        /// Presence flags of the vector, for bitmap storage.
        present: Option<&'a [bool]>,
        /// The position of inner index 0.
        base: usize,
    },
}

impl VectorLookup<'_> {
    /// The value position of inner index `i`, if present. For sparse vectors the
    /// search starts at `*from` (lookups must come in increasing `i`) and
    /// leaves it there for the next one.
    #[inline]
    pub fn find(&self, i: u64, from: &mut usize) -> Option<usize> {
        match self {
            VectorLookup::Sparse { i: idx, base } => {
                let k = crate::with_idx!(*idx, idx => gallop_to(idx, *from, i));
                *from = k;
                (k < idx.len() && idx.get(k) == i).then_some(base + k)
            }
            VectorLookup::Dense { present, base } => {
                let q = base + i as usize;
                present.is_none_or(|b| b[i as usize]).then_some(q)
            }
        }
    }
}

/// The first position from `from` of sorted `idx` whose index is not below
/// `i`, galloping: entries are often close to the previous hit.
#[inline]
fn gallop_to<I: Idx>(idx: &[I], from: usize, i: u64) -> usize {
    let rest = &idx[from..];
    let mut hi = 1;
    while hi < rest.len() && rest[hi].to_u64() < i {
        hi *= 2;
    }
    from + rest[..hi.min(rest.len())].partition_point(|x| x.to_u64() < i)
}

/// The slots of a compressed operand split at `cuts` keys: `ranges[c]` holds
/// the entries with keys in `[cuts[c-1], cuts[c])`.
pub fn ranges_at(c: &Compressed, cuts: &[runs::Key]) -> Vec<std::ops::Range<usize>> {
    let mut bounds = vec![0usize];
    bounds.extend(cuts.iter().map(|&k| runs::lower_bound(c, k)));
    bounds.push(c.nvals());
    bounds.windows(2).map(|w| w[0]..w[1]).collect()
}
