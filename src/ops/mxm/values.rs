//! How the kernels compute values: the [`Sr`] trait and its implementations.
//!
//! A kernel is written once against [`Sr`], which names operand values by
//! their positions in the left (`l`) and right (`r`) value arrays and result
//! values by slots in a workspace `W`. The implementations are the value tiers:
//! [`TypedSr`] over one built-in type (with zero-sized operators for the
//! monomorphic kernels, or function pointers for the other built-in
//! operators) and [`ByteSr`] on element bytes for everything else.
//!
//! When `flip` is set the left operand is the multiply's *second* input: the
//! kernels compute `C' = B' A'` that way when they produce `C` by columns.
//!
//! The ANY monoid keeps the first value it is given, so every kernel returns
//! the first product in `k` order (and may stop there).

use super::accumulator::Gather;
use super::operand::DenseCol;
use super::push;
use crate::algebra::arith::Arith;
use crate::algebra::{cast, Semiring, Type, TypeCode};
use crate::error::{out_of_memory, Error, Info, Result};
use crate::ops::eval::BinaryEval;
use crate::parallel;
use crate::storage::ranges::extend_copy;
use crate::storage::{Array, ArrayElement, Compressed};
use std::ops::Range;

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
    fn dot_rows_full(
        &self,
        p: &[usize],
        idx: &[u64],
        col: DenseCol<'_>,
        w: &mut Self::W,
        present: &mut [bool],
    ) -> usize {
        dot_rows_by_fold(self, p, idx, col, present, |s, z| self.z_set(w, s, z))
    }

    /// [`Sr::dot_rows_full`] for every run of `p` (one slot per run), the
    /// slot ranges `ranges` computed in parallel into one buffer: the
    /// values, the flags and how many are set. `None` when this tier leaves
    /// it to the caller's chunks.
    fn dot_all_rows_full(
        &self,
        _p: &[usize],
        _idx: &[u64],
        _col: DenseCol<'_>,
        _ranges: &[Range<usize>],
    ) -> Option<(Self::W, Vec<bool>, usize)> {
        None
    }

    /// The push product `l * r` of the single row `l` with the rows of `r`
    /// (not hypersparse) into dense workspaces, one per piece of `l`'s
    /// entry positions (see [`super::push`]): the values, the flags and how
    /// many are set. `None` when this tier does not push.
    fn push_dense(
        &self,
        _l: push::Row<'_>,
        _r: &Compressed,
        _pieces: &[Range<usize>],
    ) -> Option<(Self::W, Vec<bool>, usize)> {
        None
    }

    /// The push product `l * r` of [`Sr::push_dense`] folded into the
    /// values of a full result with the semiring's monoid: `c[j] = c[j] ⊕
    /// (l * r)[j]` wherever the product has an entry. `take()` hands over
    /// `c`'s values, of the semiring's type. `None`, without calling
    /// `take`, when this tier does not fold products into a full result.
    fn push_into(
        &self,
        _l: push::Row<'_>,
        _r: &Compressed,
        _pieces: &[Range<usize>],
        _take: push::Take<'_>,
    ) -> Option<Result<Array>> {
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
        _p: &[usize],
        _idx: &[u64],
        _col: DenseCol<'_>,
        _ranges: &[Range<usize>],
        _take: push::Take<'_>,
    ) -> Option<Result<Array>> {
        None
    }
}

/// [`Sr::dot_rows_full`] through the general [`Sr::fold`] (terminal values,
/// ANY, byte-level values), each result handed to `set(slot, z)`.
fn dot_rows_by_fold<S: Sr + ?Sized>(
    sr: &S,
    p: &[usize],
    idx: &[u64],
    col: DenseCol<'_>,
    present: &mut [bool],
    mut set: impl FnMut(usize, &S::Z),
) -> usize {
    let mut z = sr.z();
    let mut nvals = 0;
    for (s, seen) in present.iter_mut().enumerate() {
        let pairs = (p[s]..p[s + 1]).map(|q| (q, col.position(idx[q])));
        if sr.fold(&mut z, pairs) {
            *seen = true;
            set(s, &z);
            nvals += 1;
        }
    }
    nvals
}

/// A binary operator on one built-in type, as the typed tier calls it.
pub trait Op<T>: Copy + Send + Sync {
    /// `f(x, y)`.
    fn f(self, x: T, y: T) -> T;

    /// A value `e` with `f(e, x) == x == f(x, e)` bit for bit for every `x`
    /// (NaN and the sign of zero included), when the operator is known to
    /// have one: a fold may then start from `e` instead of its first value.
    fn exact_identity(self) -> Option<T> {
        None
    }

    /// True when the operator is known to read its first input `x`.
    const READS_X: bool = false;
    /// True when the operator is known to read its second input `y`.
    const READS_Y: bool = false;
    /// True when the operator is known never to read `x`.
    const IGNORES_X: bool = false;
    /// True when the operator is known never to read `y`.
    const IGNORES_Y: bool = false;
    /// True when the operator is known to read both its inputs: a kernel
    /// then reads both without testing which ones it needs.
    const READS_BOTH: bool = Self::READS_X && Self::READS_Y;
    /// True when it is known, for each input, whether the operator reads it.
    const KNOWN_READS: bool =
        (Self::READS_X || Self::IGNORES_X) && (Self::READS_Y || Self::IGNORES_Y);
}

/// `match (read_l, read_r, flip) { arms }` over the ways a multiply `M`
/// reads its operands' values. A multiply whose reads are known at compile
/// time (the zero-sized operators) takes the arm written `(l, r, flip)` for
/// its reads, with three literals (`_` for either flip); any other (an
/// operator through a function pointer) takes the last arm,
/// `else |flip| body`, which reads both operands through masks (see
/// [`TypedSr::masked`]). The arms are
/// guarded by constants of `M`, and code under a guard that is false once
/// `M` is known is not instantiated: each multiply keeps two loops, one per
/// value of `flip`, instead of one per arm.
macro_rules! by_reads {
    ($M:ident, $key:expr, {
        $(($l:tt, $r:tt, $flip:tt) => $body:expr,)*
        else |$f:ident| $masked:expr,
    }) => {
        match $key {
            $(($l, $r, $flip) if $M::KNOWN_READS && by_reads!(@arm $M, $l, $r, $flip) => $body,)*
            (_, _, $f) if !$M::KNOWN_READS => $masked,
            _ => unreachable!("a multiply reads the operands its operator reads"),
        }
    };
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

/// Declares zero-sized operators for the monomorphic kernels.
macro_rules! zst_ops {
    ($($(#[$doc:meta])* $name:ident, x: $rx:ident, y: $ry:ident, |$x:ident, $y:ident| $e:expr $(, identity $id:expr)?;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;
        impl<T: Arith> Op<T> for $name {
            const READS_X: bool = zst_ops!(@reads $rx);
            const READS_Y: bool = zst_ops!(@reads $ry);
            const IGNORES_X: bool = zst_ops!(@ignores $rx);
            const IGNORES_Y: bool = zst_ops!(@ignores $ry);

            #[inline(always)]
            #[allow(unused_variables)]
            fn f(self, $x: T, $y: T) -> T {
                $e
            }
            $(
                #[inline(always)]
                fn exact_identity(self) -> Option<T> {
                    Some($id)
                }
            )?
        }
    )*};
    (@reads read) => { true };
    (@reads $other:ident) => { false };
    (@ignores ignored) => { true };
    (@ignores $other:ident) => { false };
}

zst_ops! {
    /// `x + y` (exact identity `-0`: `-0.0 + x` is `x` for every float,
    /// where `0.0 + -0.0` is `0.0`; `false` for bool, 0 for integers)
    Plus, x: read, y: read, |x, y| x.add(y), identity T::ZERO.neg();
    /// `x * y`
    Times, x: read, y: read, |x, y| x.mul(y), identity T::ONE;
    /// `min(x, y)`
    Min, x: read, y: read, |x, y| x.min_of(y);
    /// `max(x, y)`
    Max, x: read, y: read, |x, y| x.max_of(y);
    /// `x`
    First, x: read, y: ignored, |x, y| x;
    /// `y`
    Second, x: ignored, y: read, |x, y| y;
    /// `1`
    Oneb, x: ignored, y: ignored, |x, y| T::ONE;
    /// `x or y`
    Lor, x: read, y: read, |x, y| cast::<bool, T>(x.to_bool() | y.to_bool());
    /// `x and y`
    Land, x: read, y: read, |x, y| cast::<bool, T>(x.to_bool() & y.to_bool());
    /// The ANY monoid (the kernels keep the first value; this is never called to combine).
    Any, x: unknown, y: unknown, |x, y| x;
}

/// A built-in operator through its function pointer (the typed tier).
#[derive(Clone, Copy, Debug)]
pub struct FnOp<T>(pub fn(T, T) -> T);

impl<T: Arith> Op<T> for FnOp<T> {
    #[inline(always)]
    fn f(self, x: T, y: T) -> T {
        (self.0)(x, y)
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

/// Values read through an index mask: the value at `q` is `values[q & mask]`.
type Masked<'s, T> = (&'s [T], usize);

/// The typed tier: every value is a `T`.
pub struct TypedSr<'a, T, A, M> {
    l: &'a [T],
    r: &'a [T],
    flip: bool,
    read_l: bool,
    read_r: bool,
    add: A,
    mul: M,
    terminal: Option<T>,
    any: bool,
    /// Whether dot products test each partial result for the terminal
    /// value ([`stops_at_first`]).
    stops_at_first: bool,
}

impl<'a, T: Arith + ArrayElement, A: Op<T>, M: Op<T>> TypedSr<'a, T, A, M> {
    /// The typed semiring over value arrays `l` and `r` (values that the
    /// multiply does not read may be of any type; they are never touched).
    pub fn new(s: &Semiring, l: &'a Array, r: &'a Array, flip: bool, add: A, mul: M) -> Self {
        let (rx, ry) = multiply_reads(s);
        assert!(
            (rx || !M::READS_X)
                && (!rx || !M::IGNORES_X)
                && (ry || !M::READS_Y)
                && (!ry || !M::IGNORES_Y),
            "a multiply reads the operands its operator reads"
        );
        let (read_l, read_r) = if flip { (ry, rx) } else { (rx, ry) };
        let slice = |a: &'a Array, read: bool| -> &'a [T] {
            if read {
                a.as_slice::<T>()
                    .expect("operand values cast to the semiring's type")
            } else {
                &[]
            }
        };
        let any = is_any(s);
        TypedSr {
            l: slice(l, read_l),
            r: slice(r, read_r),
            flip,
            read_l,
            read_r,
            add,
            mul,
            terminal: if any {
                None
            } else {
                s.add().terminal_as::<T>()
            },
            any,
            stops_at_first: stops_at_first(s),
        }
    }

    /// The left and right operands' values as the masked loops of
    /// [`by_reads!`] read them: `(values, mask)`, the value at `q` being
    /// `values[q & mask]`; an operand the multiply does not read gives
    /// `zeros` and a mask of 0.
    #[inline(always)]
    fn masked<'s>(&'s self, zeros: &'s [T; 1]) -> (Masked<'s, T>, Masked<'s, T>) {
        let side = |values: &'s [T], read: bool| {
            if read {
                (values, usize::MAX)
            } else {
                (&zeros[..], 0)
            }
        };
        (side(self.l, self.read_l), side(self.r, self.read_r))
    }

    #[inline(always)]
    fn product(&self, lp: usize, rp: usize) -> T {
        let x = if M::READS_BOTH || self.read_l {
            self.l[lp]
        } else {
            T::ZERO
        };
        let y = if M::READS_BOTH || self.read_r {
            self.r[rp]
        } else {
            T::ZERO
        };
        if self.flip {
            self.mul.f(y, x)
        } else {
            self.mul.f(x, y)
        }
    }
}

impl<T: Arith + ArrayElement, A: Op<T>, M: Op<T>> TypedSr<'_, T, A, M> {
    /// `acc ⊕ product(pairs...)` in order, stopping at the monoid's terminal value.
    #[inline(always)]
    fn fold_with<I, P>(&self, mut acc: T, pairs: I, product: P) -> T
    where
        I: Iterator<Item = (usize, usize)>,
        P: Fn(usize, usize) -> T,
    {
        match self.terminal {
            None => {
                for (lp, rp) in pairs {
                    acc = self.add.f(acc, product(lp, rp));
                }
            }
            Some(t) => {
                for (lp, rp) in pairs {
                    if acc == t {
                        break;
                    }
                    acc = self.add.f(acc, product(lp, rp));
                }
            }
        }
        acc
    }
}

impl<T: Arith + ArrayElement, A: Op<T>, M: Op<T>> Sr for TypedSr<'_, T, A, M> {
    type W = Vec<T>;
    type Z = T;

    fn alloc(&self, n: usize) -> Vec<T> {
        vec![T::default(); n]
    }

    #[inline(always)]
    fn set(&self, w: &mut Vec<T>, s: usize, lp: usize, rp: usize) {
        w[s] = self.product(lp, rp);
    }

    #[inline(always)]
    fn add(&self, w: &mut Vec<T>, s: usize, lp: usize, rp: usize) {
        if !self.any {
            let p = self.product(lp, rp);
            w[s] = self.add.f(w[s], p);
        }
    }

    #[inline(always)]
    fn has_terminal(&self) -> bool {
        self.any || self.terminal.is_some()
    }

    #[inline(always)]
    fn add_is_noop(&self) -> bool {
        self.any
    }

    #[inline(always)]
    fn push(&self, out: &mut Vec<T>, w: &Vec<T>, s: usize) {
        out.push(w[s]);
    }

    #[inline(always)]
    fn gather(&self, out: &mut Vec<T>, w: &Vec<T>, g: Gather<'_>) {
        // Extending from a mapped slice writes without a capacity check per value.
        match g {
            Gather::Offset { cols, lo } => out.extend(cols.iter().map(|&j| w[(j - lo) as usize])),
            Gather::Slots(slots) => out.extend(slots.iter().map(|&s| w[s])),
        }
    }

    fn append(&self, out: &mut Vec<T>, part: &Vec<T>) {
        extend_copy(out, part);
    }

    fn try_reserve(&self, out: &mut Vec<T>, n: usize) -> Result<()> {
        out.try_reserve(n)
            .map_err(|_| out_of_memory("the product's values"))
    }

    fn z(&self) -> T {
        T::default()
    }

    #[inline(always)]
    fn fold<I: Iterator<Item = (usize, usize)>>(&self, z: &mut T, mut pairs: I) -> bool {
        let Some((lp, rp)) = pairs.next() else {
            return false;
        };
        let first = self.product(lp, rp);
        if self.any {
            *z = first;
            return true;
        }
        // One loop per way the multiply reads its inputs, so that the hot
        // loop tests none of them.
        let (l, r, mul, zero) = (self.l, self.r, self.mul, T::ZERO);
        *z = by_reads!(M, (self.read_l, self.read_r, self.flip), {
            (true, true, false) => self.fold_with(first, pairs, |lp, rp| mul.f(l[lp], r[rp])),
            (true, true, true) => self.fold_with(first, pairs, |lp, rp| mul.f(r[rp], l[lp])),
            (true, false, false) => self.fold_with(first, pairs, |lp, _| mul.f(l[lp], zero)),
            (true, false, true) => self.fold_with(first, pairs, |lp, _| mul.f(zero, l[lp])),
            (false, true, false) => self.fold_with(first, pairs, |_, rp| mul.f(zero, r[rp])),
            (false, true, true) => self.fold_with(first, pairs, |_, rp| mul.f(r[rp], zero)),
            (false, false, _) => self.fold_with(first, pairs, |_, _| first),
            else |flip| {
                let zeros = [T::ZERO];
                let ((l, lm), (r, rm)) = self.masked(&zeros);
                if flip {
                    self.fold_with(first, pairs, |lp, rp| mul.f(r[rp & rm], l[lp & lm]))
                } else {
                    self.fold_with(first, pairs, |lp, rp| mul.f(l[lp & lm], r[rp & rm]))
                }
            },
        });
        true
    }

    #[inline(always)]
    fn z_push(&self, out: &mut Vec<T>, z: &T) {
        out.push(*z);
    }

    #[inline(always)]
    fn z_set(&self, w: &mut Vec<T>, s: usize, z: &T) {
        w[s] = *z;
    }

    #[inline(always)]
    fn z_combine(&self, acc: &mut T, z: &T) {
        if !self.any {
            *acc = self.add.f(*acc, *z);
        }
    }

    fn to_array(&self, w: Vec<T>) -> Array {
        T::into_array(w)
    }

    fn dot_rows_full(
        &self,
        p: &[usize],
        idx: &[u64],
        col: DenseCol<'_>,
        w: &mut Vec<T>,
        present: &mut [bool],
    ) -> usize {
        self.dot_slots_full(p, idx, col, w, present, false)
    }

    fn dot_all_rows_full(
        &self,
        p: &[usize],
        idx: &[u64],
        col: DenseCol<'_>,
        ranges: &[Range<usize>],
    ) -> Option<(Vec<T>, Vec<bool>, usize)> {
        let n = p.len().saturating_sub(1);
        let (w, present, counts) =
            parallel::map_ranges_new(n, (T::default(), false), ranges, |t, w, present| {
                let rows = &ranges[t];
                self.dot_slots_full(&p[rows.start..=rows.end], idx, col, w, present, false)
            });
        Some((w, present, counts.iter().sum()))
    }

    fn push_dense(
        &self,
        l: push::Row<'_>,
        r: &Compressed,
        pieces: &[Range<usize>],
    ) -> Option<(Vec<T>, Vec<bool>, usize)> {
        let width = usize::try_from(r.vlen).ok()?;
        let start = self.add.exact_identity().filter(|_| !self.any);
        let slots = match start {
            Some(_) => push::Slots::Exact,
            None => push::Slots::Flagged,
        };
        let combine = self.push_combine();
        self.with_scatter(l, r, slots, |scatter| {
            Some(push::scatter_and_merge(
                width, pieces, start, scatter, combine,
            ))
        })
    }

    fn push_into(
        &self,
        l: push::Row<'_>,
        r: &Compressed,
        pieces: &[Range<usize>],
        take: push::Take<'_>,
    ) -> Option<Result<Array>> {
        if self.any {
            return None;
        }
        // Pieces after the first fold into workspaces that start at an
        // exact identity; without one, a single piece folds into `c`.
        let start = self.add.exact_identity();
        let whole = pieces.first()?.start..pieces.last()?.end;
        let pieces = match start {
            Some(_) => pieces,
            None => std::slice::from_ref(&whole),
        };
        let combine = self.push_combine();
        Some(fold_taken(take, |values: &mut Vec<T>| {
            self.with_scatter(l, r, push::Slots::Full, |scatter| {
                push::scatter_into(values, pieces, start, scatter, combine)
            })
        }))
    }

    fn dot_rows_into(
        &self,
        p: &[usize],
        idx: &[u64],
        col: DenseCol<'_>,
        ranges: &[Range<usize>],
        take: push::Take<'_>,
    ) -> Option<Result<Array>> {
        if self.any {
            return None;
        }
        let n = p.len().saturating_sub(1);
        Some(fold_taken(take, |values: &mut Vec<T>| {
            let mut present = vec![false; n];
            parallel::map_ranges_mut(&mut values[..n], &mut present, ranges, |t, c, present| {
                let rows = &ranges[t];
                self.dot_slots_full(&p[rows.start..=rows.end], idx, col, c, present, true)
            });
        }))
    }
}

/// The values `take` hands over, after `fold` changed them as `T`s.
fn fold_taken<T: ArrayElement>(
    take: push::Take<'_>,
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

impl<T: Arith + ArrayElement, A: Op<T>, M: Op<T>> TypedSr<'_, T, A, M> {
    /// The monoid as a push folds products into slots (ANY keeps the first).
    fn push_combine(&self) -> impl Fn(T, T) -> T + Copy + Sync {
        let (any, add) = (self.any, self.add);
        move |a: T, b: T| if any { a } else { add.f(a, b) }
    }

    /// Calls `body` with the scatter of the row `l` times the rows of `r`
    /// (see [`scatter_rows`]), its slots treated as `slots` says: one loop
    /// per way the multiply reads its inputs, as in `fold`.
    fn with_scatter<R>(
        &self,
        l: push::Row<'_>,
        r: &Compressed,
        slots: push::Slots,
        body: impl FnOnce(&push::Scatter<'_, T>) -> R,
    ) -> R {
        let (lv, rv, mul, zero) = (self.l, self.r, self.mul, T::ZERO);
        let combine = self.push_combine();
        macro_rules! scatter {
            ($product:expr) => {
                body(&scatter_rows(l, r, slots, combine, $product))
            };
        }
        by_reads!(M, (self.read_l, self.read_r, self.flip), {
            (true, true, false) => scatter!(move |q, rp| mul.f(lv[q], rv[rp])),
            (true, true, true) => scatter!(move |q, rp| mul.f(rv[rp], lv[q])),
            (true, false, false) => scatter!(move |q, _| mul.f(lv[q], zero)),
            (true, false, true) => scatter!(move |q, _| mul.f(zero, lv[q])),
            (false, true, false) => scatter!(move |_, rp| mul.f(zero, rv[rp])),
            (false, true, true) => scatter!(move |_, rp| mul.f(rv[rp], zero)),
            (false, false, _) => scatter!(move |_, _| mul.f(zero, zero)),
            else |flip| {
                let zeros = [T::ZERO];
                let ((lv, lm), (rv, rm)) = self.masked(&zeros);
                if flip {
                    scatter!(move |q, rp| mul.f(rv[rp & rm], lv[q & lm]))
                } else {
                    scatter!(move |q, rp| mul.f(lv[q & lm], rv[rp & rm]))
                }
            },
        })
    }
}

/// The scatter of a piece of the row `l` in [`Sr::push_dense`]: for each
/// entry `q`, row `l.index(q)` of `r` times that entry, each product folded
/// into its column's slot with `combine`, the slots and their flags treated
/// as `slots` says.
#[inline(always)]
fn scatter_rows<'a, T: Copy, P: Fn(usize, usize) -> T + Sync + Copy + 'a>(
    l: push::Row<'a>,
    r: &'a Compressed,
    slots: push::Slots,
    combine: impl Fn(T, T) -> T + Sync + Copy + 'a,
    product: P,
) -> impl Fn(&mut [T], &mut [bool], Range<usize>) + Sync + 'a {
    // The index array, the product and the fold are read through local
    // copies, and each row's entries through an iterator: through `r.i[rp]`
    // and references the loop reloaded addresses and lengths for every entry.
    let ri = &r.i[..];
    move |w, present, piece| {
        let (product, combine) = (product, combine);
        match slots {
            push::Slots::Full => {
                for q in piece {
                    let rows = pushed_row(l, r, q);
                    for (rp, &j) in rows.clone().zip(&ri[rows]) {
                        let j = j as usize;
                        w[j] = combine(w[j], product(q, rp));
                    }
                }
            }
            push::Slots::Exact => {
                let present = &mut present[..w.len()];
                for q in piece {
                    let rows = pushed_row(l, r, q);
                    for (rp, &j) in rows.clone().zip(&ri[rows]) {
                        let j = j as usize;
                        w[j] = combine(w[j], product(q, rp));
                        present[j] = true;
                    }
                }
            }
            push::Slots::Flagged => {
                let present = &mut present[..w.len()];
                for q in piece {
                    let rows = pushed_row(l, r, q);
                    for (rp, &j) in rows.clone().zip(&ri[rows]) {
                        let j = j as usize;
                        let z = product(q, rp);
                        w[j] = if present[j] { combine(w[j], z) } else { z };
                        present[j] = true;
                    }
                }
            }
        }
    }
}

/// The entries of the row of `r` that entry `q` of `l` multiplies (none
/// where a bitmap `l` holds no entry).
#[inline(always)]
fn pushed_row(l: push::Row<'_>, r: &Compressed, q: usize) -> Range<usize> {
    if l.holds(q) {
        r.range(l.index(q))
    } else {
        0..0
    }
}

impl<T: Arith + ArrayElement, A: Op<T>, M: Op<T>> TypedSr<'_, T, A, M> {
    /// [`Sr::dot_rows_full`] into a slice of slots; with `into`, each dot
    /// product is folded into the value its slot holds (`w[s] = w[s] ⊕ z`).
    fn dot_slots_full(
        &self,
        p: &[usize],
        idx: &[u64],
        col: DenseCol<'_>,
        w: &mut [T],
        present: &mut [bool],
        into: bool,
    ) -> usize {
        let (l, r, mul, add) = (self.l, self.r, self.mul, self.add);
        // Tight loops for the common ways of reading the inputs, when the
        // column's entries are consecutive and no terminal value is worth
        // testing (see `stops_at_first`: the other terminal values absorb
        // every value, `min(−∞, NaN)` being −∞, so a fold that does not stop
        // there gives the same result); the general fold for the others.
        let by_fold = |w: &mut [T], present: &mut [bool]| {
            dot_rows_by_fold(self, p, idx, col, present, |s, z| {
                w[s] = if into { add.f(w[s], *z) } else { *z }
            })
        };
        let Some(base) = col.unit_base().filter(|_| !self.stops_at_first) else {
            return by_fold(w, present);
        };
        let rc = &r[base.min(r.len())..];
        // Whether to fold into `w` is a constant of each loop: a test per
        // slot cost 10 % on short rows.
        macro_rules! runs {
            ($l:expr, $product:expr) => {
                if into {
                    fold_runs::<true, _, _>(p, $l, idx, w, present, add, $product)
                } else {
                    fold_runs::<false, _, _>(p, $l, idx, w, present, add, $product)
                }
            };
        }
        by_reads!(M, (self.read_l, self.read_r, self.flip), {
            (true, true, false) => runs!(Some(l), |x, i| mul.f(x, rc[i as usize])),
            (true, true, true) => runs!(Some(l), |x, i| mul.f(rc[i as usize], x)),
            (true, false, false) => runs!(Some(l), |x, _| mul.f(x, T::ZERO)),
            (true, false, true) => runs!(Some(l), |x, _| mul.f(T::ZERO, x)),
            (false, true, false) => runs!(None, |_, i| mul.f(T::ZERO, rc[i as usize])),
            (false, true, true) => runs!(None, |_, i| mul.f(rc[i as usize], T::ZERO)),
            (false, false, _) => by_fold(w, present),
            else |flip| {
                let zeros = [T::ZERO];
                let (rv, rm) = if self.read_r { (rc, usize::MAX) } else { (&zeros[..], 0) };
                let l = self.read_l.then_some(l);
                if flip {
                    runs!(l, |x, i| mul.f(rv[i as usize & rm], x))
                } else {
                    runs!(l, |x, i| mul.f(x, rv[i as usize & rm]))
                }
            },
        })
    }
}

/// For each slot `s` whose run `p[s]..p[s + 1]` is not empty, `w[s]` = the
/// fold `z` by `add` of `product(l[q], idx[q])` over the run (with `INTO`,
/// `w[s] = add(w[s], z)`), with `present[s]` set; returns how many runs are
/// not empty. `l` is `None` when `product` ignores it (it then gets
/// `T::default()`).
#[inline(always)]
fn fold_runs<const INTO: bool, T: Copy + Default, A: Op<T>>(
    p: &[usize],
    l: Option<&[T]>,
    idx: &[u64],
    w: &mut [T],
    present: &mut [bool],
    add: A,
    product: impl Fn(T, u64) -> T,
) -> usize {
    let mut nvals = 0;
    // The runs are consecutive: each is split off the front of what is left,
    // one length check a run instead of two bounds checks a slice.
    let all = p[0]..p[p.len() - 1];
    let mut is_left = &idx[all.clone()];
    let mut ls_left = l.map_or(&[][..], |l| &l[all]);
    for ((slot, seen), run) in w.iter_mut().zip(present.iter_mut()).zip(p.windows(2)) {
        let n = run[1] - run[0];
        if n == 0 {
            continue;
        }
        let is;
        (is, is_left) = is_left.split_at(n);
        let z = match l {
            // The indices stand in for the values `product` ignores.
            None => fold_run(add, is, is, |_, i| product(T::default(), i)),
            Some(_) => {
                let ls;
                (ls, ls_left) = ls_left.split_at(n);
                fold_run(add, ls, is, &product)
            }
        };
        *slot = if INTO { add.f(*slot, z) } else { z };
        *seen = true;
        nvals += 1;
    }
    nvals
}

/// Folds `product(ls[k], is[k])` for `k` in `0..is.len()` (not empty; `ls`
/// is at least as long) by `add`. Long runs are folded as four interleaved
/// partial results, combined at the end, so that the chain of dependent adds
/// is a quarter as long: the built-in monoids are associative and
/// commutative, and floating-point sums may round differently from a
/// left-to-right fold, as SuiteSparse's SIMD reductions do. The runs are
/// walked in chunks of four, whose reads need no bounds checks.
#[inline(always)]
fn fold_run<T: Copy, L: Copy, A: Op<T>>(
    add: A,
    ls: &[L],
    is: &[u64],
    product: impl Fn(L, u64) -> T,
) -> T {
    let n = is.len();
    let ls = &ls[..n];
    let p = |k: usize| product(ls[k], is[k]);
    // Short runs (a grid's rows of four) are folded without a loop, whose
    // exit the branch predictor misses once per run.
    let f = |x, y| add.f(x, y);
    match n {
        1 => return p(0),
        2 => return f(p(0), p(1)),
        3 => return f(f(p(0), p(1)), p(2)),
        4 => return f(f(f(p(0), p(1)), p(2)), p(3)),
        _ => {}
    }
    let (lc, ic) = (ls.chunks_exact(4), is.chunks_exact(4));
    let tail = lc.remainder().iter().zip(ic.remainder());
    let mut quads = lc.zip(ic);
    let (l, i) = quads.next().expect("a run of more than four");
    let mut acc = [
        product(l[0], i[0]),
        product(l[1], i[1]),
        product(l[2], i[2]),
        product(l[3], i[3]),
    ];
    let z = if n >= 8 {
        for (l, i) in quads {
            for t in 0..4 {
                acc[t] = f(acc[t], product(l[t], i[t]));
            }
        }
        f(f(acc[0], acc[1]), f(acc[2], acc[3]))
    } else {
        f(f(f(acc[0], acc[1]), acc[2]), acc[3])
    };
    tail.fold(z, |z, (&l, &i)| f(z, product(l, i)))
}

/// The generic tier: values as bytes, operators through [`BinaryEval`].
pub struct ByteSr<'a> {
    l: &'a [u8],
    r: &'a [u8],
    ls: usize,
    rs: usize,
    zs: usize,
    flip: bool,
    mul: BinaryEval,
    add: BinaryEval,
    terminal: Option<Vec<u8>>,
    any: bool,
    zty: Type,
}

/// The workspace of [`ByteSr`]: values plus per-thread scratch.
#[derive(Clone)]
pub struct ByteW {
    v: Vec<u8>,
    mul: BinaryEval,
    add: BinaryEval,
    product: Vec<u8>,
    sum: Vec<u8>,
}

impl<'a> ByteSr<'a> {
    /// The generic semiring over value arrays `l` and `r`, already cast to the
    /// multiply's input types (`l` holds the second input when `flip`).
    pub fn new(s: &Semiring, l: &'a Array, r: &'a Array, flip: bool) -> Self {
        let mul = s.mul();
        let (xs, ys) = (mul.xtype(), mul.ytype());
        let z = s.ztype();
        let any = is_any(s);
        ByteSr {
            l: l.bytes(),
            r: r.bytes(),
            ls: if flip { ys.size() } else { xs.size() },
            rs: if flip { xs.size() } else { ys.size() },
            zs: z.size(),
            flip,
            mul: BinaryEval::new(mul, xs, ys, z),
            add: BinaryEval::new(s.add().op(), z, z, z),
            terminal: if any {
                None
            } else {
                s.add().terminal().map(|t| t.bytes().to_vec())
            },
            any,
            zty: z.clone(),
        }
    }

    fn operands(&self, lp: usize, rp: usize) -> (&[u8], &[u8]) {
        let l = &self.l[lp * self.ls..(lp + 1) * self.ls];
        let r = &self.r[rp * self.rs..(rp + 1) * self.rs];
        if self.flip {
            (r, l)
        } else {
            (l, r)
        }
    }

    fn slot(&self, s: usize) -> std::ops::Range<usize> {
        s * self.zs..(s + 1) * self.zs
    }
}

impl Sr for ByteSr<'_> {
    type W = ByteW;
    type Z = ByteW;

    fn alloc(&self, n: usize) -> ByteW {
        ByteW {
            v: vec![0; n * self.zs],
            mul: self.mul.clone(),
            add: self.add.clone(),
            product: vec![0; self.zs],
            sum: vec![0; self.zs],
        }
    }

    fn set(&self, w: &mut ByteW, s: usize, lp: usize, rp: usize) {
        let (x, y) = self.operands(lp, rp);
        let range = self.slot(s);
        w.mul.call(&mut w.v[range], x, y);
    }

    fn add(&self, w: &mut ByteW, s: usize, lp: usize, rp: usize) {
        if self.any {
            return;
        }
        let (x, y) = self.operands(lp, rp);
        w.mul.call(&mut w.product, x, y);
        let range = self.slot(s);
        w.add.call(&mut w.sum, &w.v[range.clone()], &w.product);
        w.v[range].copy_from_slice(&w.sum);
    }

    fn has_terminal(&self) -> bool {
        self.any || self.terminal.is_some()
    }

    fn add_is_noop(&self) -> bool {
        self.any
    }

    fn push(&self, out: &mut ByteW, w: &ByteW, s: usize) {
        out.v.extend_from_slice(&w.v[self.slot(s)]);
    }

    fn gather(&self, out: &mut ByteW, w: &ByteW, g: Gather<'_>) {
        match g {
            Gather::Offset { cols, lo } => {
                for &j in cols {
                    self.push(out, w, (j - lo) as usize);
                }
            }
            Gather::Slots(slots) => {
                for &s in slots {
                    self.push(out, w, s);
                }
            }
        }
    }

    fn append(&self, out: &mut ByteW, part: &ByteW) {
        extend_copy(&mut out.v, &part.v);
    }

    fn try_reserve(&self, out: &mut ByteW, n: usize) -> Result<()> {
        out.v
            .try_reserve(n.saturating_mul(self.zs))
            .map_err(|_| out_of_memory("the product's values"))
    }

    fn z(&self) -> ByteW {
        self.alloc(1)
    }

    fn fold<I: Iterator<Item = (usize, usize)>>(&self, z: &mut ByteW, mut pairs: I) -> bool {
        let Some((lp, rp)) = pairs.next() else {
            return false;
        };
        self.set(z, 0, lp, rp);
        if self.any {
            return true;
        }
        for (lp, rp) in pairs {
            if self
                .terminal
                .as_deref()
                .is_some_and(|t| t == &z.v[self.slot(0)])
            {
                break;
            }
            self.add(z, 0, lp, rp);
        }
        true
    }

    fn z_push(&self, out: &mut ByteW, z: &ByteW) {
        self.push(out, z, 0);
    }

    fn z_set(&self, w: &mut ByteW, s: usize, z: &ByteW) {
        w.v[self.slot(s)].copy_from_slice(&z.v[self.slot(0)]);
    }

    fn z_combine(&self, acc: &mut ByteW, z: &ByteW) {
        if self.any {
            return;
        }
        let slot = self.slot(0);
        acc.add
            .call(&mut acc.sum, &acc.v[slot.clone()], &z.v[slot.clone()]);
        let ByteW { v, sum, .. } = acc;
        v[slot].copy_from_slice(sum);
    }

    fn to_array(&self, w: ByteW) -> Array {
        Array::from_bytes(&self.zty, &w.v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_shorter_than_the_lanes_fold_left_to_right() {
        // `f(z, y) = 2z + y` is not commutative: the result shows the order.
        let f = FnOp::<i64>(|z, y| 2 * z + y);
        for n in 1..8u64 {
            let expected = (1..n as i64).fold(0, |z, k| 2 * z + k);
            let ks: Vec<u64> = (0..n).collect();
            assert_eq!(
                fold_run(f, &ks, &ks, |_, k| k as i64),
                expected,
                "{n} values"
            );
        }
    }

    #[test]
    fn long_runs_pair_each_value_with_its_index() {
        // Every product of a run is folded once, with its own value and
        // index, whatever part of the lanes or the tail it falls in.
        let plus = FnOp::<i64>(|z, y| z + y);
        for n in 5..40i64 {
            let ls: Vec<i64> = (0..n + 3).map(|k| 1000 * k).collect();
            let is: Vec<u64> = (0..n as u64).map(|k| 7 * k).collect();
            let expected: i64 = (0..n).map(|k| 1000 * k * (7 * k)).sum();
            let got = fold_run(plus, &ls, &is, |l, i| l * i as i64);
            assert_eq!(got, expected, "{n} values");
        }
    }
}
