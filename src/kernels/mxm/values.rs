//! How the kernels compute values: the [`Sr`] trait, which the value tiers
//! implement.
//!
//! A kernel is written once against [`Sr`], which names operand values by
//! their positions in the left (`l`) and right (`r`) value arrays and result
//! values by slots in a workspace `W`. The implementations are the value tiers:
//! [`typed::TypedSr`] over one built-in type (with zero-sized operators for the
//! monomorphic kernels, or function pointers for the other built-in
//! operators) and [`bytes::ByteSr`] on element bytes for everything else.
//! A tier may also offer a kernel's fast path (the methods of [`Sr`] that
//! return an `Option`); the typed tier's are written with their kernels, in
//! [`super::dot`] and [`super::push`].
//!
//! When `flip` is set the left operand is the multiply's *second* input: the
//! kernels compute `C' = B' A'` that way when they produce `C` by columns.
//!
//! The ANY monoid keeps the first value it is given, so every kernel returns
//! the first product in `k` order (and may stop there).

pub mod bytes;
pub mod typed;

use super::accumulator::Gather;
use super::operand::{DenseCol, Row};
use crate::algebra::typed_op::Op;
use crate::algebra::{Semiring, TypeCode};
use crate::error::{Error, Info, Result};
use crate::storage::column_blocks::ColumnBlocks;
use crate::storage::{Array, ArrayElement, Compressed};
use std::ops::Range;
use std::sync::Arc;

/// A semiring evaluated on operand positions, writing into slots of a workspace.
pub trait Sr: Sync {
    /// A buffer of result values addressed by slot (also used as a growable output).
    type W: Send + 'static;
    /// One result value being folded (a dot product's accumulator).
    type Z: Send + Clone + 'static;
    /// A workspace with `n` slots (their initial values are unspecified).
    fn alloc(&self, n: usize) -> Self::W;
    /// `w[s] = l[lp] ⊗ r[rp]`.
    fn set(&self, w: &mut Self::W, s: usize, lp: usize, rp: usize);
    /// `w[s] = w[s] ⊕ (l[lp] ⊗ r[rp])`.
    fn add(&self, w: &mut Self::W, s: usize, lp: usize, rp: usize);
    /// `w[s] = l[lp] ⊗ r[rp]` when `first`, else `w[s] = w[s] ⊕ (l[lp] ⊗ r[rp])`.
    fn set_or_add(&self, w: &mut Self::W, s: usize, first: bool, lp: usize, rp: usize) {
        if first {
            self.set(w, s, lp, rp);
        } else {
            self.add(w, s, lp, rp);
        }
    }
    /// Asks for the value of `R` at position `rp` to be loaded, when the
    /// multiply reads it: a saxpy jumps between short rows of `R`, whose
    /// values miss the cache like their indices.
    #[inline(always)]
    fn prefetch_r(&self, _rp: usize) {}
    /// Asks for slot `s` of `w` to be loaded: a saxpy row wider than the
    /// cache scatters its products over it.
    #[inline(always)]
    fn prefetch_slot(&self, _w: &Self::W, _s: usize) {}
    /// The bytes a slot of a workspace takes.
    fn slot_bytes(&self) -> usize;
    /// True when [`Sr::set_or_add`] computes both values and keeps one, no
    /// dearer than either: worth it even for a product that is then thrown
    /// away, to save a branch.
    fn selects_cheaply(&self) -> bool {
        false
    }
    /// True when the monoid has a terminal value (early exit is possible).
    fn has_terminal(&self) -> bool;
    /// True when adding to a value never changes it (the ANY monoid).
    fn add_is_noop(&self) -> bool;
    /// Appends `w[s]` to the output buffer `out`.
    fn push(&self, out: &mut Self::W, w: &Self::W, s: usize);
    /// Appends the values of the slots `g` of `w` to `out`, in order.
    fn gather(&self, out: &mut Self::W, w: &Self::W, g: Gather<'_>);
    /// Appends every value of `part` to `out`.
    fn append(&self, out: &mut Self::W, part: &Self::W);
    /// Makes room in the output buffer `out` for `n` more values, failing
    /// with `GrB_OUT_OF_MEMORY` when they cannot be allocated.
    fn try_reserve(&self, out: &mut Self::W, n: usize) -> Result<()>;
    /// A scalar accumulator (its initial value is unspecified).
    fn z(&self) -> Self::Z;
    /// `z = ⊕ l[lp] ⊗ r[rp]` over the position pairs, in order, stopping at
    /// the monoid's terminal value; false (and `z` unspecified) when there
    /// are no pairs.
    fn fold<I: Iterator<Item = (usize, usize)>>(&self, z: &mut Self::Z, pairs: I) -> bool;
    /// Appends `z` to the output buffer `out`.
    fn z_push(&self, out: &mut Self::W, z: &Self::Z);
    /// `w[s] = z`.
    fn z_set(&self, w: &mut Self::W, s: usize, z: &Self::Z);
    /// `acc = acc ⊕ z` with the semiring's monoid (ANY keeps `acc`).
    fn z_combine(&self, acc: &mut Self::Z, z: &Self::Z);
    /// The values of an output buffer as an array of the semiring's type.
    fn to_array(&self, w: Self::W) -> Array;

    /// Dot products of rows against a column that holds every entry: for
    /// each slot `s`, `w[s] = ⊕_q l[q] ⊗ r[col.position(idx[q])]` over
    /// `q` in `p[s]..p[s + 1]`, with `present[s]` set when that run is not
    /// empty. Returns how many are not.
    fn dot_rows_full(&self, dots: DenseDots<'_>, w: &mut Self::W, present: &mut [bool]) -> usize {
        dot_rows_by_fold(self, dots, present, |s, z| self.z_set(w, s, z))
    }

    /// Dot products of rows against a column with presence flags, for the
    /// slots `allowed(s)` admits: each slot `s` whose run `p[s]..p[s + 1]`
    /// shares an entry with the column gets `set(s, z)`.
    fn dot_rows_flagged(
        &self,
        dots: FlaggedDots<'_>,
        allowed: impl Fn(usize) -> bool,
        set: impl FnMut(usize, &Self::Z),
    ) {
        dot_rows_flagged_by_fold(self, dots, allowed, set)
    }

    /// [`Sr::dot_rows_full`] for every run of `p` (one slot per run), the
    /// slot ranges `ranges` computed in parallel into one buffer: the
    /// values, the flags and how many are set. `None` when this tier leaves
    /// it to the caller's chunks.
    fn dot_all_rows_full(
        &self,
        _dots: DenseDots<'_>,
        _ranges: &[Range<usize>],
    ) -> Option<(Self::W, Vec<bool>, usize)> {
        None
    }

    /// The push product `l * r` of the single row `l` with the rows of `r`
    /// (not hypersparse) into dense workspaces, one per piece of `l`'s
    /// entry positions (see [`super::push`]): the values, the flags and how
    /// many are set. `None` when this tier does not push.
    fn push_dense(&self, _push: Pushed<'_>) -> Option<(Self::W, Vec<bool>, usize)> {
        None
    }

    /// The push product `l * r` of [`Sr::push_dense`] folded into the
    /// values of a full result with the semiring's monoid: `c[j] = c[j] ⊕
    /// (l * r)[j]` wherever the product has an entry. `take()` hands over
    /// `c`'s values, of the semiring's type. `None`, without calling
    /// `take`, when this tier does not fold products into a full result.
    fn push_into(&self, _push: Pushed<'_>, _take: Take<'_>) -> Option<Result<Array>> {
        None
    }

    /// The dot products of [`Sr::dot_all_rows_full`] (one slot per run of
    /// `p`, covering the result) folded into the values of a full result
    /// with the semiring's monoid: `c[s] = c[s] ⊕ w[s]` for each run with
    /// products, exactly the write-back `accum(C, T)`. `take()` hands over
    /// `c`'s values, of the semiring's type and one per run, before the
    /// first product: each dot product is folded into its slot as soon as
    /// it is computed, in one pass. `None`, without calling `take`, when
    /// this tier does not fold them.
    fn dot_rows_into(
        &self,
        _dots: DenseDots<'_>,
        _ranges: &[Range<usize>],
        _take: Take<'_>,
    ) -> Option<Result<Array>> {
        None
    }
}

/// Dot products of rows against a column that holds every entry: slot `s`
/// is the run `p[s]..p[s + 1]` of the left operand's entry positions, whose
/// indices `idx` pick the values of the column `col` (see
/// [`Sr::dot_rows_full`]).
#[derive(Clone, Copy)]
pub struct DenseDots<'a> {
    /// The runs.
    pub p: &'a [usize],
    /// The index of each position.
    pub idx: crate::storage::IdxSlice<'a>,
    /// The column.
    pub col: DenseCol<'a>,
    /// The runs cut into column blocks, where they can be had.
    pub blocks: Blocks<'a>,
}

/// The column blocks of the runs of [`DenseDots`] (see
/// [`crate::storage::column_blocks`]), which a product gathering a column
/// beyond the cache sums by.
#[derive(Clone, Copy)]
pub enum Blocks<'a> {
    /// None: each run is cut at the blocks as it is summed.
    None,
    /// To be asked for once, by a kernel that sums by blocks.
    Ask(&'a (dyn Fn() -> Option<Arc<ColumnBlocks>> + Sync)),
    /// The blocks of the whole matrix, whose vector `first` is the first run.
    At(&'a ColumnBlocks, usize),
}

/// Dot products of rows against a column with presence flags (see
/// [`Sr::dot_rows_flagged`]): slot `s` is the run `p[s]..p[s + 1]` of the
/// left operand's entry positions, whose indices `idx` pick the column's
/// entries, entry `k` present when `flags[k]`, its value at `base + k`.
#[derive(Clone, Copy)]
pub struct FlaggedDots<'a> {
    /// The runs.
    pub p: &'a [usize],
    /// The index of each position.
    pub idx: crate::storage::IdxSlice<'a>,
    /// The column's flags from entry 0 on.
    pub flags: &'a [bool],
    /// The position of the column's entry 0 in the right operand's values.
    pub base: usize,
}

/// The push product `l * r` of the single row `l` with the rows of `r`
/// (not hypersparse), cut into `pieces` of `l`'s entry positions (see
/// [`Sr::push_dense`]).
#[derive(Clone, Copy)]
pub struct Pushed<'a> {
    /// The row.
    pub l: Row<'a>,
    /// The matrix whose rows it multiplies.
    pub r: &'a Compressed,
    /// Pieces of `l`'s entry positions, each pushed into a workspace of its own.
    pub pieces: &'a [Range<usize>],
}

/// Hands over the values of a full result for [`Sr::push_into`] and
/// [`Sr::dot_rows_into`].
pub type Take<'a> = Box<dyn FnOnce() -> Result<Array> + 'a>;

/// The values `take` hands over, after `fold` changed them as `T`s.
pub fn fold_taken<T: ArrayElement>(
    take: Take<'_>,
    fold: impl FnOnce(&mut Vec<T>),
) -> Result<Array> {
    let mut c = take()?;
    let values = c.as_vec_mut::<T>().ok_or_else(|| {
        Error::new(
            Info::Panic,
            "the accumulated output's values are not of the semiring's type",
        )
    })?;
    fold(values);
    Ok(c)
}

/// [`Sr::dot_rows_full`] through the general [`Sr::fold`] (terminal values,
/// ANY, byte-level values), each result handed to `set(slot, z)`.
pub fn dot_rows_by_fold<S: Sr + ?Sized>(
    sr: &S,
    dots: DenseDots<'_>,
    present: &mut [bool],
    mut set: impl FnMut(usize, &S::Z),
) -> usize {
    let DenseDots { p, idx, col, .. } = dots;
    let mut z = sr.z();
    let mut nvals = 0;
    for (s, seen) in present.iter_mut().enumerate() {
        let pairs = (p[s]..p[s + 1]).map(|q| (q, col.position(idx.get(q))));
        if sr.fold(&mut z, pairs) {
            *seen = true;
            set(s, &z);
            nvals += 1;
        }
    }
    nvals
}

/// [`Sr::dot_rows_flagged`] through the general [`Sr::fold`].
pub fn dot_rows_flagged_by_fold<S: Sr + ?Sized>(
    sr: &S,
    dots: FlaggedDots<'_>,
    allowed: impl Fn(usize) -> bool,
    mut set: impl FnMut(usize, &S::Z),
) {
    let FlaggedDots {
        p,
        idx,
        flags,
        base,
    } = dots;
    let mut z = sr.z();
    for s in (0..p.len().saturating_sub(1)).filter(|&s| allowed(s)) {
        let pairs = (p[s]..p[s + 1]).filter_map(|q| {
            let k = idx.get(q) as usize;
            flags[k].then_some((q, base + k))
        });
        if sr.fold(&mut z, pairs) {
            set(s, &z);
        }
    }
}

/// `match (read_l, read_r, flip)` over the ways a multiply `M` reads its
/// operands' values, with one arm written for all of them:
/// `by_reads!(M, key, |L, R, FLIP| arm, else |flip| masked)`. A multiply
/// whose reads are known at compile time (the zero-sized operators) runs
/// `arm` with the constants `L` and `R` (whether it reads the left and the
/// right operand) and `FLIP` for its reads (`FLIP` is false when it reads
/// neither); any other (an operator through a function pointer) runs
/// `masked`, which reads both operands through masks (see
/// [`typed::TypedSr::masked`]) with `flip` the run-time value. The arms are
/// guarded by constants of `M`, and code under a guard that is false once
/// `M` is known is not instantiated: each multiply keeps two loops, one per
/// value of `flip`, instead of one per way of reading.
macro_rules! by_reads {
    ($M:ident, $key:expr, |$L:ident, $R:ident, $FLIP:ident| $arm:expr,
        else |$f:ident| $masked:expr $(,)?) => {
        by_reads!(@table $M, $key, |$L, $R, $FLIP| $arm, |$f| $masked;
            (true, true, false) (true, true, true) (true, false, false) (true, false, true)
            (false, true, false) (false, true, true) (false, false, _))
    };
    (@table $M:ident, $key:expr, |$L:ident, $R:ident, $FLIP:ident| $arm:expr,
        |$f:ident| $masked:expr; $(($l:tt, $r:tt, $flip:tt))*) => {
        match $key {
            $(($l, $r, $flip) if $M::KNOWN_READS && by_reads!(@arm $M, $l, $r, $flip) => {
                const $L: bool = $l;
                const $R: bool = $r;
                const $FLIP: bool = by_reads!(@flip $flip);
                $arm
            })*
            (_, _, $f) if !$M::KNOWN_READS => $masked,
            _ => unreachable!("a multiply reads the operands its operator reads"),
        }
    };
    (@flip _) => { false };
    (@flip $flip:tt) => { $flip };
    // Unflipped, the left operand is the multiply's `x`; flipped, its `y`.
    (@arm $M:ident, $l:tt, $r:tt, false) => {
        by_reads!(@is $M, $l, X) && by_reads!(@is $M, $r, Y)
    };
    (@arm $M:ident, $l:tt, $r:tt, true) => {
        by_reads!(@is $M, $l, Y) && by_reads!(@is $M, $r, X)
    };
    // Either way: the multiply reads neither operand or both.
    (@arm $M:ident, $l:tt, $r:tt, _) => {
        by_reads!(@arm $M, $l, $r, false) || by_reads!(@arm $M, $l, $r, true)
    };
    (@is $M:ident, true, X) => { $M::READS_X };
    (@is $M:ident, false, X) => { $M::IGNORES_X };
    (@is $M:ident, true, Y) => { $M::READS_Y };
    (@is $M:ident, false, Y) => { $M::IGNORES_Y };
}
pub(crate) use by_reads;

/// `mul(x, y)` of the left operand's value `l` and the right one's `r`:
/// `x = l` unless `flip`.
#[inline(always)]
pub fn oriented<T, M: Op<T>>(mul: M, flip: bool, l: T, r: T) -> T {
    if flip {
        mul.f(r, l)
    } else {
        mul.f(l, r)
    }
}

/// Which operand values the multiply reads: `(x, y)`. Built-in FIRST, SECOND
/// and ONEB ignore one or both, so their values need no typecast.
pub fn multiply_reads(s: &Semiring) -> (bool, bool) {
    use crate::algebra::BinaryCode::*;
    match s.mul().code() {
        Some(First) => (true, false),
        Some(Second) => (false, true),
        Some(Oneb) => (false, false),
        _ => (true, true),
    }
}

/// True when the semiring's monoid is ANY (keep the first value).
pub fn is_any(s: &Semiring) -> bool {
    s.add().code() == Some(crate::algebra::BinaryCode::Any)
}

/// True when a dot product can be expected to stop at its first product:
/// ANY, or a boolean monoid with a terminal value (LOR, LAND). The terminal
/// values of MIN and MAX are the extremes of their type (−∞ for floats),
/// which real data seldom reaches, so their dot products are costed in full.
pub fn stops_at_first(s: &Semiring) -> bool {
    is_any(s) || (s.add().terminal().is_some() && s.ztype().code() == TypeCode::Bool)
}
