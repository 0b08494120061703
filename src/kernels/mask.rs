//! Masks: which positions of the output an operation may write, as the
//! kernels read them (a store and how to read it; the front ends check the
//! mask object and the descriptor).

use crate::error::{check_room, out_of_memory, try_vec, try_with_capacity, Result};
use crate::kernels::fragment::{chunk_count, split_even};
use crate::parallel;
use crate::storage::compact::Flagged;
use crate::storage::{Array, Compressed, CompressedRef, Format, MatrixStore, Orientation};
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
    /// True when the mask allows no position: not complemented and empty,
    /// or structural, complemented and holding every position (BFS's
    /// visited set once every vertex is reached).
    pub fn allows_nothing(&self) -> bool {
        if self.complement {
            self.structural && self.holds_every_position()
        } else {
            self.store.nvals() == 0
        }
    }

    /// True when the mask restricts nothing: structural, not complemented
    /// and holding every position (the structure of a full vector).
    pub fn allows_everything(&self) -> bool {
        self.structural && !self.complement && self.holds_every_position()
    }

    fn holds_every_position(&self) -> bool {
        self.store.nvals() as u128
            == u128::from(self.store.nrows()) * u128::from(self.store.ncols())
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
    pub fn try_positions(&self, orient: Orientation) -> Result<CompressedRef<'_>> {
        if self.structural {
            return self.store.try_compressed(orient);
        }
        self.try_pattern(orient).map(CompressedRef::Owned)
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

    /// Where the mask (before complementing) allows writing, laid out in
    /// orientation `orient`, when it is bitmap or full in that layout: a
    /// structural mask's presence flags, a valued one's flags where its value
    /// is true (a boolean full mask's values borrowed); `None` for a
    /// compressed mask or one laid out otherwise.
    pub fn dense(&self, orient: Orientation) -> Option<DenseMask<'_>> {
        if !self.store.laid_out(orient) {
            return None;
        }
        Some(match self.store.format() {
            Format::Full(_) if self.structural => DenseMask::All,
            Format::Full(f) => DenseMask::Flags(truth(&f.x)),
            Format::Bitmap(b) if self.structural => DenseMask::Flags(Cow::Borrowed(&b.b)),
            Format::Bitmap(b) => {
                let values = truth(&b.x);
                let flags = b.b.iter().zip(values.iter()).map(|(&p, &v)| p && v);
                DenseMask::Flags(Cow::Owned(flags.collect()))
            }
            Format::Sparse(_) => return None,
        })
    }

    /// Where the mask allows writing (after complementing), one flag for
    /// each of the `positions` positions of the output's dense form laid
    /// out in orientation `orient` (the mask's own when it is, a compressed
    /// one's positions scattered otherwise).
    pub fn try_flags(&self, orient: Orientation, positions: u64) -> Result<Vec<bool>> {
        let n = usize::try_from(positions).map_err(|_| out_of_memory("mask flags"))?;
        let mut flags = match self.dense(orient) {
            Some(DenseMask::All) => try_vec(n, true, "mask flags")?,
            Some(DenseMask::Flags(flags)) => flags.into_owned(),
            None => {
                let pos = self.try_positions(orient)?;
                let mut flags = try_vec(n, false, "mask flags")?;
                pos.for_each_position(|at, _| flags[at] = true);
                flags
            }
        };
        if self.complement {
            flags.iter_mut().for_each(|a| *a = !*a);
        }
        Ok(flags)
    }

    /// The values of `t` at the positions the mask allows, in `t`'s storage
    /// order, when `t` is bitmap or full (its dense form walked beside the
    /// mask's flags, the kept values copied in parallel; a compressed mask's
    /// entries looked up in `t` when it is not complemented); `None` when `t` is
    /// compressed. What `C<M> = T` leaves in a `C` that held nothing,
    /// without forming `C`.
    pub fn kept_values(&self, t: &MatrixStore) -> Result<Option<Array>> {
        let (present, x) = match t.format() {
            Format::Full(f) => (None, &f.x),
            Format::Bitmap(b) => (Some(&b.b[..]), &b.x),
            Format::Sparse(_) => return Ok(None),
        };
        // A compressed mask that is not complemented is walked entry by
        // entry (BFS's frontier picking the degrees it sums): no flags of
        // every position.
        if !self.complement && !self.is_dense() {
            let pos = self.try_positions(t.orient())?;
            let mut kept = try_with_capacity(pos.nvals(), "the mask's kept positions")?;
            pos.for_each_position(|q, _| {
                if present.is_none_or(|p| p[q]) {
                    kept.push(q);
                }
            });
            return Ok(Some(x.gather(&kept)));
        }
        let n = x.len();
        let allowed = self.try_flags(t.orient(), n as u64)?;
        let chunks = split_even(n, chunk_count(n));
        let flagged = parallel::map_items(chunks.clone(), |r| {
            let flags: Vec<bool> = match present {
                Some(p) => allowed[r.clone()]
                    .iter()
                    .zip(&p[r])
                    .map(|(&a, &p)| a & p)
                    .collect(),
                None => allowed[r].to_vec(),
            };
            let kept = flags.iter().filter(|&&f| f).count();
            (flags, kept)
        });
        let (flags, kept): (Vec<_>, Vec<_>) = flagged.into_iter().unzip();
        Ok(Some(x.compact(&Flagged::new(chunks, flags, &kept))))
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

/// Where a dense mask allows writing, before complementing.
pub enum DenseMask<'a> {
    /// Everywhere (a full structural mask).
    All,
    /// At the positions whose flag is set, laid out as the mask's dense form.
    Flags(Cow<'a, [bool]>),
}

/// The truth of each of the values `x`: borrowed when they are booleans.
fn truth(x: &Array) -> Cow<'_, [bool]> {
    match x.as_slice::<bool>() {
        Some(flags) => Cow::Borrowed(flags),
        None => Cow::Owned(x.truth_values()),
    }
}
