//! Sparsity control: the set of formats an object may be stored in, and the
//! conversion of a store into one of them (SuiteSparse's `GxB_SPARSITY_CONTROL`,
//! with its bit values: hypersparse 1, sparse 2, bitmap 4, full 8).

use super::store::{Bitmap, Format, Full, MatrixStore};
use crate::error::Result;

/// A set of storage formats (a sparsity control, or one format as a status).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sparsity(u8);

impl Sparsity {
    /// Hypersparse compressed vectors.
    pub const HYPERSPARSE: Sparsity = Sparsity(1);
    /// Sparse compressed vectors.
    pub const SPARSE: Sparsity = Sparsity(2);
    /// Dense values with presence flags.
    pub const BITMAP: Sparsity = Sparsity(4);
    /// Dense values, every entry present.
    pub const FULL: Sparsity = Sparsity(8);
    /// Any format: the engine chooses (the default).
    pub const AUTO: Sparsity = Sparsity(15);

    /// The control from its bits; no bit set (or a value outside the four
    /// bits) means any format, as in SuiteSparse.
    pub fn from_bits(bits: i32) -> Sparsity {
        match bits {
            1..=15 => Sparsity(bits as u8),
            _ => Sparsity::AUTO,
        }
    }

    /// The bits of the set.
    pub fn bits(self) -> i32 {
        self.0 as i32
    }

    /// True when `format` is in the set.
    pub fn allows(self, format: Sparsity) -> bool {
        self.0 & format.0 != 0
    }

    /// The format a store is held in.
    pub fn of(store: &MatrixStore) -> Sparsity {
        match store.format() {
            Format::Sparse(c) if c.is_hyper() => Sparsity::HYPERSPARSE,
            Format::Sparse(_) => Sparsity::SPARSE,
            Format::Bitmap(_) => Sparsity::BITMAP,
            Format::Full(_) => Sparsity::FULL,
        }
    }

    /// `store` in a format of the set: unchanged when its format is allowed;
    /// otherwise full when allowed and every entry is present, else bitmap
    /// when allowed (also for a full-only control with absent entries, which
    /// no full matrix can hold), else sparse, else hypersparse. `None` when
    /// nothing changes.
    pub fn conform(self, store: &MatrixStore) -> Result<Option<MatrixStore>> {
        if self == Sparsity::AUTO || self.allows(Sparsity::of(store)) {
            return Ok(None);
        }
        let orient = store.orient();
        let (vlen, vdim) = store.vdims();
        let dense = vlen.checked_mul(vdim);
        let complete = dense.is_some_and(|n| n == store.nvals() as u64);
        let format = if self.allows(Sparsity::FULL) && complete {
            let bitmap = dense_of(store)?;
            Format::Full(Full {
                vlen,
                vdim,
                x: bitmap.x,
            })
        } else if self.allows(Sparsity::BITMAP) || !self.allows_compressed() {
            Format::Bitmap(dense_of(store)?)
        } else {
            let c = store.try_compressed_owned(orient)?;
            Format::Sparse(if self.allows(Sparsity::SPARSE) {
                c.into_sparse()?
            } else {
                c.into_hyper()
            })
        };
        Ok(Some(MatrixStore::new(orient, format)))
    }

    fn allows_compressed(self) -> bool {
        self.allows(Sparsity::SPARSE) || self.allows(Sparsity::HYPERSPARSE)
    }
}

/// The content as a bitmap (fails when `vlen * vdim` cannot be allocated).
fn dense_of(store: &MatrixStore) -> Result<Bitmap> {
    match store.format() {
        Format::Sparse(c) => super::store::compressed_to_bitmap(c),
        _ => Ok(store
            .to_bitmap()
            .expect("bitmap and full stores convert to a bitmap")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{build_compressed, Array, Dup, Orientation};

    fn store(rows: &[u64], cols: &[u64], nrows: u64, ncols: u64) -> MatrixStore {
        let vals: Vec<i32> = (0..rows.len() as i32).collect();
        let c =
            build_compressed(ncols, nrows, rows, cols, Array::from_vec(vals), Dup::Error).unwrap();
        MatrixStore::from_compressed(Orientation::ByRow, c)
    }

    fn converted(control: Sparsity, s: &MatrixStore) -> MatrixStore {
        control.conform(s).unwrap().unwrap_or_else(|| s.clone())
    }

    #[test]
    fn each_control_gives_an_allowed_format_with_the_same_entries() {
        let partial = store(&[0, 2], &[1, 0], 3, 2);
        let complete = store(&[0, 0, 1, 1], &[0, 1, 0, 1], 2, 2);
        for bits in 1..=15 {
            let control = Sparsity::from_bits(bits);
            for s in [&partial, &complete] {
                let c = converted(control, s);
                assert!(s.same_entries(&c), "control {bits}");
                let got = Sparsity::of(&c);
                let full_only_partial = bits == 8 && c.nvals() < 4;
                assert!(
                    control.allows(got) || (full_only_partial && got == Sparsity::BITMAP),
                    "control {bits} gave {got:?}"
                );
                c.check().unwrap();
            }
        }
        assert_eq!(
            Sparsity::of(&converted(Sparsity::FULL, &complete)),
            Sparsity::FULL
        );
        assert_eq!(
            Sparsity::of(&converted(Sparsity::HYPERSPARSE, &complete)),
            Sparsity::HYPERSPARSE
        );
        assert_eq!(Sparsity::from_bits(0), Sparsity::AUTO);
        assert_eq!(Sparsity::from_bits(99), Sparsity::AUTO);
    }
}
