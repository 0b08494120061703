//! The typed tier: every value is a `T`, the operators zero-sized (the
//! monomorphic kernels) or built-in functions through pointers.

use super::super::accumulator::Gather;
use super::{
    by_reads, is_any, multiply_reads, oriented, stops_at_first, DenseDots, FlaggedDots, Pushed, Sr,
    Take,
};
use crate::algebra::arith::Arith;
use crate::algebra::typed_op::Op;
use crate::algebra::Semiring;
use crate::error::{out_of_memory, Result};
use crate::storage::prefetch::prefetch;
use crate::storage::ranges::extend_copy;
use crate::storage::{Array, ArrayElement};
use std::ops::Range;

/// Values read through an index mask: the value at `q` is `values[q & mask]`.
type Masked<'s, T> = (&'s [T], usize);

/// The typed tier: every value is a `T`.
pub struct TypedSr<'a, T, A, M> {
    pub(crate) l: &'a [T],
    pub(crate) r: &'a [T],
    pub(crate) flip: bool,
    pub(crate) read_l: bool,
    pub(crate) read_r: bool,
    pub(crate) add: A,
    pub(crate) mul: M,
    pub(crate) terminal: Option<T>,
    pub(crate) any: bool,
    /// Whether dot products test each partial result for the terminal
    /// value ([`stops_at_first`]).
    pub(crate) stops_at_first: bool,
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
    pub(crate) fn masked<'s>(&'s self, zeros: &'s [T; 1]) -> (Masked<'s, T>, Masked<'s, T>) {
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

    /// Without branching on `first`: both values are computed and one kept
    /// (the slot's old value may be anything; it is only read).
    #[inline(always)]
    fn set_or_add(&self, w: &mut Vec<T>, s: usize, first: bool, lp: usize, rp: usize) {
        let p = self.product(lp, rp);
        let old = w[s];
        let sum = if self.any { old } else { self.add.f(old, p) };
        w[s] = if first { p } else { sum };
    }

    #[inline(always)]
    fn prefetch_r(&self, rp: usize) {
        if M::READS_BOTH || self.read_r {
            prefetch(self.r, rp);
        }
    }

    #[inline(always)]
    fn prefetch_slot(&self, w: &Vec<T>, s: usize) {
        prefetch(w, s);
    }

    fn slot_bytes(&self) -> usize {
        std::mem::size_of::<T>()
    }

    #[inline(always)]
    fn selects_cheaply(&self) -> bool {
        A::INLINE && M::INLINE
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
        *z = by_reads!(M, (self.read_l, self.read_r, self.flip), |L, R, FLIP| {
            self.fold_with(first, pairs, |lp, rp| {
                let (x, y) = (if L { l[lp] } else { zero }, if R { r[rp] } else { zero });
                oriented(mul, FLIP, x, y)
            })
        }, else |flip| {
            let zeros = [T::ZERO];
            let ((l, lm), (r, rm)) = self.masked(&zeros);
            if flip {
                self.fold_with(first, pairs, |lp, rp| mul.f(r[rp & rm], l[lp & lm]))
            } else {
                self.fold_with(first, pairs, |lp, rp| mul.f(l[lp & lm], r[rp & rm]))
            }
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

    fn dot_rows_full(&self, dots: DenseDots<'_>, w: &mut Vec<T>, present: &mut [bool]) -> usize {
        self.dot_slots_full(dots, w, present, false)
    }

    // The fast paths of one kernel are written with it: `dot/dot2.rs` and `push.rs`.

    fn dot_rows_flagged(
        &self,
        dots: FlaggedDots<'_>,
        allowed: impl Fn(usize) -> bool,
        set: impl FnMut(usize, &T),
    ) {
        self.dot_slots_flagged(dots, allowed, set)
    }

    fn dot_all_rows_full(
        &self,
        dots: DenseDots<'_>,
        ranges: &[Range<usize>],
    ) -> Option<(Vec<T>, Vec<bool>, usize)> {
        Some(self.dot_all_slots_full(dots, ranges))
    }

    fn push_dense(&self, push: Pushed<'_>) -> Option<(Vec<T>, Vec<bool>, usize)> {
        self.push_slots(push)
    }

    fn push_into(&self, push: Pushed<'_>, take: Take<'_>) -> Option<Result<Array>> {
        self.push_slots_into(push, take)
    }

    fn dot_rows_into(
        &self,
        dots: DenseDots<'_>,
        ranges: &[Range<usize>],
        take: Take<'_>,
    ) -> Option<Result<Array>> {
        self.dot_slots_into(dots, ranges, take)
    }
}
