//! Masks: which positions of the output an operation may write.

use crate::algebra::{Type, TypeCode};
use crate::error::{check_room, Result};
use crate::object::{Descriptor, Matrix, Vector};
use crate::storage::{Array, Compressed, Format, MatrixStore, Orientation};
use crate::{ensure, fail};
use std::borrow::Cow;
use std::sync::Arc;

/// A write mask: the mask's content and how to read it.
#[derive(Clone)]
pub struct Mask {
    /// The mask's content.
    pub store: Arc<MatrixStore>,
    /// Use only the pattern (`GrB_STRUCTURE`), not the values.
    pub structural: bool,
    /// Use the complement (`GrB_COMP`).
    pub complement: bool,
}

impl Mask {
    /// The mask of an operation from a matrix and the descriptor; `None` when
    /// there is no mask. A user-defined mask used by value is a domain mismatch.
    pub fn from_matrix(m: Option<&Matrix>, desc: &Descriptor) -> Result<Option<Mask>> {
        let Some(m) = m else {
            return Ok(None);
        };
        ensure!(
            desc.mask_structural || m.ty().code() != TypeCode::Udt,
            DomainMismatch,
            "a mask of user-defined type {:?} can only be used by structure (GrB_STRUCTURE)",
            m.ty()
        );
        Ok(Some(Mask {
            store: m.snapshot()?,
            structural: desc.mask_structural,
            complement: desc.mask_complement,
        }))
    }

    /// As [`Mask::from_matrix`] for a vector mask.
    pub fn from_vector(m: Option<&Vector>, desc: &Descriptor) -> Result<Option<Mask>> {
        Mask::from_matrix(m.map(|v| v.as_matrix()), desc)
    }

    /// The mask an operation applies to an `nrows × ncols` output: `mask` itself,
    /// or, for a missing mask with `GrB_COMP`, the complement of the all-true
    /// mask, which allows nothing (an empty structural mask). Every operation
    /// passes its mask through this once the output's dimensions are known.
    pub fn effective(
        mask: Option<Mask>,
        desc: &Descriptor,
        nrows: u64,
        ncols: u64,
    ) -> Option<Mask> {
        if mask.is_some() || !desc.mask_complement {
            return mask;
        }
        Some(Mask {
            store: Arc::new(MatrixStore::empty(
                &Type::BOOL,
                nrows,
                ncols,
                Orientation::ByRow,
            )),
            structural: true,
            complement: false,
        })
    }

    /// True when the mask allows no position: not complemented and empty,
    /// or structural, complemented and holding every position (BFS's
    /// visited set once every vertex is reached).
    pub fn allows_nothing(&self) -> bool {
        let held = self.store.nvals() as u128;
        if self.complement {
            self.structural
                && held == u128::from(self.store.nrows()) * u128::from(self.store.ncols())
        } else {
            held == 0
        }
    }

    /// Checks that the mask has the output's dimensions.
    pub fn check_dims(&self, nrows: u64, ncols: u64) -> Result<()> {
        if self.store.nrows() != nrows || self.store.ncols() != ncols {
            fail!(
                DimensionMismatch,
                "mask is {}x{} but the output is {nrows}x{ncols}",
                self.store.nrows(),
                self.store.ncols()
            );
        }
        Ok(())
    }

    /// The positions where the mask (before complementing) is true, as compressed
    /// vectors in orientation `orient` with boolean `true` values.
    pub fn pattern(&self, orient: Orientation) -> Compressed {
        self.pattern_of(&self.store.compressed(orient))
    }

    /// [`Mask::pattern`], failing with `GrB_OUT_OF_MEMORY` when it does not
    /// fit: the conversion of the mask, then one probe for the pattern (per
    /// entry an index, a position and two flags; the vector pointers).
    pub fn try_pattern(&self, orient: Orientation) -> Result<Compressed> {
        let c = self.store.try_compressed(orient)?;
        let bytes = c
            .nvals()
            .saturating_mul(18)
            .saturating_add((c.p.len() + c.h.as_ref().map_or(0, Vec::len)).saturating_mul(8));
        check_room(bytes, 1, "the mask's pattern")?;
        Ok(self.pattern_of(&c))
    }

    /// The positions where the mask (before complementing) is true, as
    /// compressed vectors in orientation `orient` whose values mean nothing:
    /// a structural mask's own storage, borrowed when it is held that way;
    /// otherwise [`Mask::try_pattern`].
    pub fn try_positions(&self, orient: Orientation) -> Result<Cow<'_, Compressed>> {
        if self.structural {
            return self.store.try_compressed(orient);
        }
        self.try_pattern(orient).map(Cow::Owned)
    }

    /// The pattern of the mask's content `c`.
    fn pattern_of(&self, c: &Compressed) -> Compressed {
        let mut pat = if self.structural {
            Compressed {
                x: Array::new(&crate::algebra::Type::BOOL),
                ..c.clone()
            }
        } else {
            let truth = c.x.truth_values();
            let mut kept = c.filter(|_, _, q| truth[q]);
            kept.x = Array::new(&crate::algebra::Type::BOOL);
            kept
        };
        pat.x = Array::from_vec(vec![true; pat.nvals()]);
        pat
    }

    /// True when the mask is a dense bitmap or full in its storage (cheap to probe).
    pub fn is_dense(&self) -> bool {
        !matches!(self.store.format(), Format::Sparse(_))
    }

    /// Whether the mask allows writing at `(row, col)` (after complementing).
    pub fn allows(&self, row: u64, col: u64) -> bool {
        let present = match self.store.get(row, col) {
            None => false,
            Some(_) if self.structural => true,
            Some(v) => v.get::<bool>().unwrap_or(true),
        };
        present != self.complement
    }
}
