//! Operands as the product sees them: an [`Operand`] (a store read as-is
//! or transposed) with its positions as values, its one-row dense forms and
//! dense random access into bitmap and full operands; and the mask in the
//! forms the kernels use.

use crate::algebra::{Position, Type};
use crate::error::Result;
pub use crate::kernels::Operand;
use crate::kernels::{positional, Mask};
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::{Array, Bitmap, Compressed, CompressedRef, Format, Full, Orientation};
use std::borrow::Cow;
use std::sync::Arc;

impl Operand {
    /// The operand's values replaced by its positions `pos` (see
    /// [`crate::kernels::positional`]), of type `ty`.
    pub fn position_values(&self, pos: Position, ty: &Type) -> Result<Operand> {
        let store = positional::positions(&self.store, self.transposed, pos, ty)?;
        Ok(self.with_store(Arc::new(store)))
    }

    /// The store when it is full and the operand one row: its values are
    /// the row's, column `j` at position `j`, in either orientation.
    pub fn full_row(&self) -> Option<&Full> {
        match self.store.format() {
            Format::Full(f) if self.nrows() == 1 => Some(f),
            _ => None,
        }
    }

    /// The store when it is a bitmap and the operand one row: its flags and
    /// values are the row's, column `j` at position `j`, in either
    /// orientation.
    pub fn bitmap_row(&self) -> Option<&Bitmap> {
        match self.store.format() {
            Format::Bitmap(b) if self.nrows() == 1 => Some(b),
            _ => None,
        }
    }

    /// True when the store is bitmap or full.
    pub fn is_dense(&self) -> bool {
        !matches!(self.store.format(), Format::Sparse(_))
    }

    /// Number of positions (`nrows * ncols`), saturating.
    pub fn positions(&self) -> u64 {
        self.store.nrows().saturating_mul(self.store.ncols())
    }

    /// Index strides `(si, sj)` of position `(i, j)` in a dense form of the
    /// store: position `i * si + j * sj`.
    fn strides(&self) -> (u64, u64) {
        let (vlen, _) = self.store.vdims();
        if (self.store.orient() == Orientation::ByRow) != self.transposed {
            (vlen, 1)
        } else {
            (1, vlen)
        }
    }

    /// Random access to the entries: direct for bitmap and full stores; a
    /// sparse store is scattered into a bitmap when `scatter` and affordable.
    pub fn dense(&self, scatter: bool) -> Result<Option<DenseView<'_>>> {
        let (si, sj) = self.strides();
        Ok(match self.store.format() {
            Format::Full(f) => Some(DenseView {
                present: None,
                values: Cow::Borrowed(&f.x),
                si,
                sj,
            }),
            Format::Bitmap(b) => Some(DenseView {
                present: Some(Cow::Borrowed(&b.b)),
                values: Cow::Borrowed(&b.x),
                si,
                sj,
            }),
            Format::Sparse(c) if scatter && dense_workspace_ok(self.positions(), self.nvals()) => {
                crate::work::count(c.nvals() + c.nvec());
                let Bitmap { b, x, .. } = crate::storage::store::compressed_to_bitmap(c)?;
                Some(DenseView {
                    present: Some(Cow::Owned(b)),
                    values: Cow::Owned(x),
                    si,
                    sj,
                })
            }
            Format::Sparse(_) => None,
        })
    }
}

impl Operand {
    /// [`Operand::dense`] for dot products that each walk a column, read
    /// `lookups` times in all: a bitmap or full store held by rows (a
    /// column's entries a whole row apart, each lookup a cache line and
    /// soon a page of its own) is laid out by columns first when the
    /// lookups outnumber its positions, from its columns as compressed
    /// vectors (kept by the store).
    pub fn dense_by_cols(&self, lookups: u64) -> Result<Option<DenseView<'_>>> {
        let (si, _) = self.strides();
        if si == 1 || !self.is_dense() || lookups < self.positions() {
            return self.dense(true);
        }
        let cols = self.try_vectors(Orientation::ByCol)?;
        let Bitmap { b, x, nvals, .. } = crate::storage::store::compressed_to_bitmap(&cols)?;
        crate::work::count(b.len());
        Ok(Some(DenseView {
            present: (nvals < b.len()).then_some(Cow::Owned(b)),
            values: Cow::Owned(x),
            si: 1,
            sj: self.nrows(),
        }))
    }
}

/// Random access into a dense (bitmap or full) form of an operand.
pub struct DenseView<'a> {
    present: Option<Cow<'a, [bool]>>,
    /// The values, at the dense positions.
    pub values: Cow<'a, Array>,
    si: u64,
    sj: u64,
}

impl DenseView<'_> {
    /// The position of entry `(i, j)`, if present.
    #[inline(always)]
    pub fn get(&self, i: u64, j: u64) -> Option<usize> {
        self.col(j).get(i)
    }

    /// Column `j` (a small value the hot loops keep in registers).
    #[inline(always)]
    pub fn col(&self, j: u64) -> DenseCol<'_> {
        DenseCol {
            present: self.present.as_deref(),
            base: j * self.sj,
            si: self.si,
        }
    }
}

/// One column of a [`DenseView`].
#[derive(Clone, Copy)]
pub struct DenseCol<'a> {
    present: Option<&'a [bool]>,
    base: u64,
    si: u64,
}

impl<'a> DenseCol<'a> {
    /// The position of entry `i` of the column.
    #[inline(always)]
    pub fn position(&self, i: u64) -> usize {
        (i * self.si + self.base) as usize
    }

    /// The position of entry `i` of the column, if present.
    #[inline(always)]
    pub fn get(&self, i: u64) -> Option<usize> {
        let q = self.position(i);
        match self.present {
            Some(b) if !b[q] => None,
            _ => Some(q),
        }
    }

    /// Where entry 0 sits when the column's entries are consecutive
    /// (entry `i` at `base + i`).
    #[inline(always)]
    pub fn unit_base(&self) -> Option<usize> {
        (self.si == 1).then_some(self.base as usize)
    }

    /// True when every entry is present.
    pub fn is_full(&self) -> bool {
        self.present.is_none()
    }

    /// The presence flags from entry 0 on and entry 0's position, when the
    /// column has flags and its entries are consecutive (entry `i`'s flag
    /// at `i`, its value at the position plus `i`).
    #[inline(always)]
    pub fn unit_flags(&self) -> Option<(&'a [bool], usize)> {
        match (self.present, self.unit_base()) {
            (Some(b), Some(base)) => Some((&b[base..], base)),
            _ => None,
        }
    }
}

/// The mask of a product, read as-is or transposed like an operand.
#[derive(Clone)]
pub struct MaskOperand<'a> {
    /// The mask.
    pub mask: &'a Mask,
    /// Whether the product's `(i, j)` is the mask's `(j, i)`.
    pub transposed: bool,
}

impl MaskOperand<'_> {
    /// The transpose (O(1)).
    pub fn t(&self) -> Self {
        MaskOperand {
            mask: self.mask,
            transposed: !self.transposed,
        }
    }

    fn operand(&self) -> Operand {
        Operand::new(self.mask.store.clone(), self.transposed)
    }

    /// Number of entries of the mask (before reading values or complementing).
    pub fn nvals(&self) -> usize {
        self.mask.store.nvals()
    }

    /// True when the mask is complemented.
    pub fn complement(&self) -> bool {
        self.mask.complement
    }

    /// True when the mask is stored bitmap or full.
    pub fn is_dense(&self) -> bool {
        self.mask.is_dense()
    }

    /// True when its rows are free to read as a structural pattern.
    pub fn rows_are_native(&self) -> bool {
        self.mask.structural && self.operand().is_native(Orientation::ByRow)
    }

    /// The rows of the positions where the mask is true (before complementing):
    /// borrowed for a structural mask already stored by rows.
    pub fn rows(&self) -> CompressedRef<'_> {
        let phys = if self.transposed {
            Orientation::ByCol
        } else {
            Orientation::ByRow
        };
        if self.mask.structural {
            self.mask.store.compressed(phys)
        } else {
            CompressedRef::Owned(self.mask.pattern(phys))
        }
    }

    /// The mask as a kernel reads it: dense random access when the mask is
    /// bitmap or full, or (when `scatter` and affordable) scattered into one;
    /// otherwise its rows.
    pub fn view(&self, scatter: bool) -> Result<MaskView<'_>> {
        let op = self.operand();
        let complement = self.mask.complement;
        if op.is_dense() || scatter {
            let (si, sj) = op.strides();
            let dense = match self.mask.store.format() {
                Format::Full(f) => Some((None, Some(&f.x))),
                Format::Bitmap(b) => Some((Some(Cow::Borrowed(&b.b[..])), Some(&b.x))),
                Format::Sparse(_) if dense_workspace_ok(op.positions(), op.nvals()) => {
                    // A structural mask's storage is borrowed, not copied.
                    let rows = self.mask.try_positions(self.mask.store.orient())?;
                    let mut present =
                        crate::error::try_vec(op.positions() as usize, false, "mask bitmap")?;
                    rows.for_each_position(|d, _| present[d] = true);
                    Some((Some(Cow::Owned(present)), None))
                }
                Format::Sparse(_) => None,
            };
            if let Some((present, values)) = dense {
                let values = values.filter(|_| !self.mask.structural);
                // An iso mask is all true where present, or true nowhere.
                let (present, values) = match values.map(|x| (x, x.iso())) {
                    None => (present, None),
                    Some((_, Some(iso))) if iso.truth() => (present, None),
                    Some((_, Some(_))) => {
                        let nowhere =
                            crate::error::try_vec(op.positions() as usize, false, "mask bitmap")?;
                        (Some(Cow::Owned(nowhere)), None)
                    }
                    Some((x, None)) => (present, Some((x.bytes(), x.elem_size()))),
                };
                return Ok(MaskView::Dense(DenseMask {
                    present,
                    values,
                    si,
                    sj,
                    complement,
                }));
            }
        }
        Ok(MaskView::Rows {
            rows: self.rows(),
            complement,
        })
    }
}

/// The mask in the form a kernel reads it.
pub enum MaskView<'a> {
    /// No mask: every position may be written.
    None,
    /// The rows of the positions where the mask is true (before complementing).
    Rows {
        /// The pattern, one vector per output row.
        rows: CompressedRef<'a>,
        /// Whether the mask is complemented.
        complement: bool,
    },
    /// Random access.
    Dense(DenseMask<'a>),
}

impl MaskView<'_> {
    /// Whether the mask allows writing at `(i, j)` (after complementing):
    /// a search of row `i` when the mask comes by rows.
    pub fn allows(&self, i: u64, j: u64) -> bool {
        match self {
            MaskView::None => true,
            MaskView::Rows { rows, complement } => {
                rows.i.idx_range(rows.vector_range(i)).contains(j) != *complement
            }
            MaskView::Dense(d) => d.allows(i, j),
        }
    }
}

/// Random access into a dense mask.
pub struct DenseMask<'a> {
    present: Option<Cow<'a, [bool]>>,
    values: Option<(&'a [u8], usize)>,
    si: u64,
    sj: u64,
    complement: bool,
}

impl DenseMask<'_> {
    /// Whether the mask allows writing at `(i, j)` (after complementing).
    #[inline(always)]
    pub fn allows(&self, i: u64, j: u64) -> bool {
        self.row(i).allows(j)
    }

    /// Column `j` of the mask (a [`MaskRow`] indexed by row).
    #[inline(always)]
    pub fn col(&self, j: u64) -> MaskRow<'_> {
        MaskRow {
            present: self.present.as_deref(),
            values: self.values,
            base: j * self.sj,
            sj: self.si,
            complement: self.complement,
        }
    }

    /// Row `i` of the mask.
    #[inline(always)]
    pub fn row(&self, i: u64) -> MaskRow<'_> {
        MaskRow {
            present: self.present.as_deref(),
            values: self.values,
            base: i * self.si,
            sj: self.sj,
            complement: self.complement,
        }
    }
}

/// One row (or column) of a dense mask (a small value the hot loops keep in registers).
#[derive(Clone, Copy)]
pub struct MaskRow<'a> {
    present: Option<&'a [bool]>,
    values: Option<(&'a [u8], usize)>,
    base: u64,
    sj: u64,
    complement: bool,
}

impl<'a> MaskRow<'a> {
    /// Whether the mask allows writing at column `j` (row `j` of a column) after complementing.
    #[inline(always)]
    pub fn allows(&self, j: u64) -> bool {
        let q = (self.base + j * self.sj) as usize;
        let present = match self.present {
            Some(b) => b[q],
            None => true,
        };
        // No branch on the flag for the common masks (structural, or values
        // of one byte: a dense form holds a value at every position).
        let set = match self.values {
            None => present,
            Some((x, 1)) => present & (x[q] != 0),
            Some((x, s)) => present && x[q * s..(q + 1) * s].iter().any(|&b| b != 0),
        };
        set != self.complement
    }

    /// The flags of a structural mask from entry 0 on, and whether they are
    /// complemented, when the entries are consecutive (entry `j`'s flag at
    /// `j`): the mask then allows `j` when `flags[j] != complement`.
    pub fn unit_structural(&self) -> Option<(&'a [bool], bool)> {
        match (self.present, self.values, self.sj) {
            (Some(b), None, 1) => Some((&b[self.base as usize..], self.complement)),
            _ => None,
        }
    }
}

/// The row vector `l` of a push product ([`super::push`]).
#[derive(Clone, Copy)]
pub enum Row<'a> {
    /// Compressed entries: entry `q` is at index `l.i[q]`, value `q`.
    Sparse(&'a Compressed),
    /// Every index of a full vector (one per row of `R`): entry `q` is at
    /// index `q`, value `q` (read in place, never compressed).
    Full,
    /// The indices of a bitmap vector (one flag per row of `R`) whose flag
    /// is set: entry `q` is at index `q`, value `q` (read in place).
    Bitmap(&'a [bool]),
}

impl Row<'_> {
    /// The index of entry `q`.
    #[inline(always)]
    pub fn index(&self, q: usize) -> usize {
        match self {
            Row::Sparse(l) => l.i.get(q) as usize,
            Row::Full | Row::Bitmap(_) => q,
        }
    }

    /// False when entry `q` is a position a bitmap row does not hold.
    #[inline(always)]
    pub fn holds(&self, q: usize) -> bool {
        match self {
            Row::Bitmap(b) => b[q],
            Row::Sparse(_) | Row::Full => true,
        }
    }
}
