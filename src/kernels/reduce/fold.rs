//! Folding values of one domain with an associative, commutative operator:
//! the value handling every reduction shares, in a typed tier (built-in types
//! and operators, monomorphic closures) and a byte-level tier (any type or
//! operator, user-defined ones included).
//!
//! A kernel is written once against [`Fold`], wrapped in a [`FoldUser`], and
//! handed to [`with_fold`], which picks the tier.

use crate::algebra::arith::Arith;
use crate::algebra::binary::arith_fn;
use crate::algebra::{cast, BinaryCode, BinaryOp, ByteBinaryFn, Element, Type, Value};
use crate::storage::{Array, ArrayElement, Values};
use crate::with_type;
use std::mem::MaybeUninit;
use std::ops::Range;

/// Values of the reduction domain (positions `0..n` of an array) and the
/// operator `⊕` that combines them.
pub trait Fold: Sync {
    /// One value of the domain.
    type Acc: Clone + Send + Sync;

    /// The value at position `q`.
    fn load(&self, q: usize) -> Self::Acc;

    /// `acc = acc ⊕ x[q]`.
    fn add_at(&self, acc: &mut Self::Acc, q: usize);

    /// `acc = acc ⊕ next`.
    fn combine(&self, acc: &mut Self::Acc, next: &Self::Acc);

    /// True when `acc` is the operator's terminal value: combining anything
    /// with it gives it back, so a fold can stop.
    fn is_terminal(&self, acc: &Self::Acc) -> bool;

    /// The left fold `(x[a] ⊕ x[a+1]) ⊕ …` of a non-empty range, in index order,
    /// stopping once the terminal value is reached.
    fn fold_in_order(&self, r: Range<usize>) -> Self::Acc {
        let mut acc = self.load(r.start);
        for q in r.start + 1..r.end {
            if self.is_terminal(&acc) {
                break;
            }
            self.add_at(&mut acc, q);
        }
        acc
    }

    /// A value for a slot that holds none (its content is never read).
    fn placeholder(&self) -> Self::Acc;

    /// Folds each of the consecutive ranges `bounds[k]..bounds[k + 1]` in
    /// index order into `out[k]` (`bounds` has one more element than `out`),
    /// writing every slot of `out`: an empty range's slot gets a
    /// [`Fold::placeholder`]. Returns the number of empty ranges.
    fn fold_runs(&self, bounds: &[usize], out: &mut [MaybeUninit<Self::Acc>]) -> usize {
        let mut empty = 0;
        for (k, slot) in out.iter_mut().enumerate() {
            let r = bounds[k]..bounds[k + 1];
            if r.is_empty() {
                empty += 1;
                slot.write(self.placeholder());
            } else {
                slot.write(self.fold_in_order(r));
            }
        }
        empty
    }

    /// The fold of a non-empty range in an association that depends on the
    /// range alone (never on threads); may be faster than [`Fold::fold_in_order`].
    fn fold_fast(&self, r: Range<usize>) -> Self::Acc {
        self.fold_in_order(r)
    }

    /// Values as an array of the domain type.
    fn to_array(&self, values: Vec<Self::Acc>) -> Array;
}

/// A kernel that runs with any [`Fold`].
pub trait FoldUser {
    /// What the kernel produces.
    type Out;
    /// Runs the kernel.
    fn run<F: Fold>(self, fold: &F) -> Self::Out;
}

/// Runs `user` with the fold of the values `x` by `op`. `x` must already hold
/// values of the operator's domain (all three of its domains are that type);
/// `terminal`, if known, is a value of that domain that absorbs every other.
pub fn with_fold<U: FoldUser>(
    x: &Array,
    op: &BinaryOp,
    terminal: Option<&Value>,
    user: U,
) -> U::Out {
    debug_assert!(x.ty() == *op.ztype() && op.xtype() == op.ztype());
    if let Some(code) = op.code() {
        if !code.is_comparison() && x.ty().is_builtin() {
            return with_type!(x.code(),
                T => typed::<T, U>(x.values::<T>().expect("array of the operator's type"), code, terminal, user),
                udt => unreachable!("built-in operators have built-in types"));
        }
    }
    user.run(&ByteFold::new(x, op, terminal))
}

/// The typed tier: monomorphic closures for the common monoids, the typed
/// function of any other same-type built-in operator.
fn typed<T: Arith + ArrayElement, U: FoldUser>(
    xs: Values<'_, T>,
    code: BinaryCode,
    terminal: Option<&Value>,
    user: U,
) -> U::Out {
    let terminal = terminal.map(|t| T::read(t.bytes()));
    fn fold<T, F>(xs: Values<'_, T>, f: F, terminal: Option<T>) -> TypedFold<'_, T, F> {
        TypedFold {
            xs,
            f,
            terminal,
            first_wins: false,
        }
    }
    match code {
        BinaryCode::Plus => user.run(&fold(xs, |x: T, y: T| x.add(y), terminal)),
        BinaryCode::Times => user.run(&fold(xs, |x: T, y: T| x.mul(y), terminal)),
        BinaryCode::Min => user.run(&fold(xs, |x: T, y: T| x.min_of(y), terminal)),
        BinaryCode::Max => user.run(&fold(xs, |x: T, y: T| x.max_of(y), terminal)),
        BinaryCode::Lor => user.run(&fold(
            xs,
            |x: T, y: T| cast::<bool, T>(x.to_bool() | y.to_bool()),
            terminal,
        )),
        BinaryCode::Land => user.run(&fold(
            xs,
            |x: T, y: T| cast::<bool, T>(x.to_bool() & y.to_bool()),
            terminal,
        )),
        // ANY may return any of the values: the first one, found without a scan.
        BinaryCode::Any => user.run(&TypedFold {
            xs,
            f: |x: T, _: T| x,
            terminal: None,
            first_wins: true,
        }),
        other => {
            let f = arith_fn::<T>(other).expect("every non-comparison code has a typed function");
            user.run(&fold(xs, f, terminal))
        }
    }
}

/// Independent accumulators in [`TypedFold::fold_fast`].
const LANES: usize = 8;
/// How many values [`TypedFold::fold_fast`] folds between terminal checks.
const TERMINAL_CHECK: usize = 64 * LANES;

/// Values of a built-in type combined by a typed function.
struct TypedFold<'a, T, F> {
    /// The values; an iso array's one value is folded with itself, never
    /// expanded.
    xs: Values<'a, T>,
    f: F,
    terminal: Option<T>,
    /// The operator returns its first argument (ANY): a fold is its first value.
    first_wins: bool,
}

impl<T: Element + ArrayElement, F: Fn(T, T) -> T + Sync> Fold for TypedFold<'_, T, F> {
    type Acc = T;

    #[inline]
    fn load(&self, q: usize) -> T {
        self.xs.at(q)
    }

    #[inline]
    fn add_at(&self, acc: &mut T, q: usize) {
        *acc = (self.f)(*acc, self.xs.at(q));
    }

    #[inline]
    fn combine(&self, acc: &mut T, next: &T) {
        *acc = (self.f)(*acc, *next);
    }

    #[inline]
    fn is_terminal(&self, acc: &T) -> bool {
        self.terminal == Some(*acc)
    }

    fn fold_in_order(&self, r: Range<usize>) -> T {
        let Some(all) = self.xs.stored() else {
            return self.fold_repeated(r.len());
        };
        let xs = &all[r];
        if self.first_wins {
            return xs[0];
        }
        match self.terminal {
            None => xs[1..].iter().fold(xs[0], |a, &b| (self.f)(a, b)),
            Some(t) => {
                let mut acc = xs[0];
                for &v in &xs[1..] {
                    if acc == t {
                        break;
                    }
                    acc = (self.f)(acc, v);
                }
                acc
            }
        }
    }

    fn placeholder(&self) -> T {
        T::default()
    }

    fn fold_runs(&self, bounds: &[usize], out: &mut [MaybeUninit<T>]) -> usize {
        let mut empty = 0;
        let Some(xs) = self.xs.stored() else {
            for (b, slot) in bounds.windows(2).zip(out.iter_mut()) {
                let n = b[1] - b[0];
                empty += usize::from(n == 0);
                slot.write(if n == 0 {
                    T::default()
                } else {
                    self.fold_repeated(n)
                });
            }
            return empty;
        };
        if !self.first_wins && self.terminal.is_none() {
            // The common case (PLUS, TIMES on floats, …): short runs are
            // folded without a loop (40 % faster on a grid's rows of four).
            let f = &self.f;
            let mut start = bounds[0];
            for (&end, slot) in bounds[1..].iter().zip(out.iter_mut()) {
                let run = &xs[start..end];
                start = end;
                slot.write(match *run {
                    [] => {
                        empty += 1;
                        T::default()
                    }
                    [a] => a,
                    [a, b] => f(a, b),
                    [a, b, c] => f(f(a, b), c),
                    [a, b, c, d] => f(f(f(a, b), c), d),
                    [a, ref rest @ ..] => rest.iter().fold(a, |acc, &v| f(acc, v)),
                });
            }
            return empty;
        }
        let runs = bounds.windows(2).zip(out.iter_mut());
        // Empty runs are counted without a branch of their own in the loops
        // that need none: the fold of a run starts from its first value.
        match (self.first_wins, self.terminal) {
            (true, _) => runs.for_each(|(b, slot)| {
                let held = b[0] != b[1];
                empty += usize::from(!held);
                slot.write(if held { xs[b[0]] } else { T::default() });
            }),
            (false, _) => runs.for_each(|(b, slot)| {
                if b[0] == b[1] {
                    empty += 1;
                    slot.write(T::default());
                } else {
                    slot.write(self.fold_in_order(b[0]..b[1]));
                }
            }),
        }
        empty
    }

    fn fold_fast(&self, r: Range<usize>) -> T {
        let stored = self.xs.stored();
        let (Some(all), false) = (stored, self.first_wins || r.len() < 2 * LANES) else {
            return self.fold_in_order(r);
        };
        let xs = &all[r];
        let mut acc: [T; LANES] = xs[..LANES].try_into().expect("LANES values");
        for part in xs[LANES..].chunks(TERMINAL_CHECK) {
            let mut groups = part.chunks_exact(LANES);
            for g in &mut groups {
                for l in 0..LANES {
                    acc[l] = (self.f)(acc[l], g[l]);
                }
            }
            for (l, &v) in groups.remainder().iter().enumerate() {
                acc[l] = (self.f)(acc[l], v);
            }
            if let Some(t) = self.terminal {
                if acc.contains(&t) {
                    return t;
                }
            }
        }
        acc[1..].iter().fold(acc[0], |a, &b| (self.f)(a, b))
    }

    fn to_array(&self, values: Vec<T>) -> Array {
        T::into_array(values)
    }
}

impl<T: Element, F: Fn(T, T) -> T> TypedFold<'_, T, F> {
    /// The fold of `n > 0` copies of an iso array's value, in order, stopping
    /// at the terminal value.
    fn fold_repeated(&self, n: usize) -> T {
        let v = self.xs.at(0);
        let mut acc = v;
        if self.first_wins {
            return acc;
        }
        for _ in 1..n {
            if self.terminal == Some(acc) {
                break;
            }
            acc = (self.f)(acc, v);
        }
        acc
    }
}

/// Values of any type combined by an operator's byte function.
struct ByteFold<'a> {
    x: &'a [u8],
    size: usize,
    /// How far apart consecutive values are: `size`, or 0 for an iso
    /// array's one value.
    step: usize,
    f: ByteBinaryFn,
    terminal: Option<Vec<u8>>,
    ty: Type,
}

impl<'a> ByteFold<'a> {
    fn new(x: &'a Array, op: &BinaryOp, terminal: Option<&Value>) -> ByteFold<'a> {
        let (bytes, step) = x.strided_bytes();
        ByteFold {
            x: bytes,
            size: x.elem_size(),
            step,
            f: op.byte_fn(),
            terminal: terminal.map(|t| t.bytes().to_vec()),
            ty: x.ty(),
        }
    }

    fn at(&self, q: usize) -> &[u8] {
        let at = q * self.step;
        &self.x[at..at + self.size]
    }
}

impl Fold for ByteFold<'_> {
    type Acc = Vec<u8>;

    fn placeholder(&self) -> Vec<u8> {
        vec![0; self.size]
    }

    fn load(&self, q: usize) -> Vec<u8> {
        self.at(q).to_vec()
    }

    fn add_at(&self, acc: &mut Vec<u8>, q: usize) {
        let mut z = vec![0u8; self.size];
        (self.f)(&mut z, acc, self.at(q));
        *acc = z;
    }

    fn combine(&self, acc: &mut Vec<u8>, next: &Vec<u8>) {
        let mut z = vec![0u8; self.size];
        (self.f)(&mut z, acc, next);
        *acc = z;
    }

    fn is_terminal(&self, acc: &Vec<u8>) -> bool {
        self.terminal.as_ref() == Some(acc)
    }

    fn fold_in_order(&self, r: Range<usize>) -> Vec<u8> {
        let mut acc = self.load(r.start);
        let mut z = vec![0u8; self.size];
        for q in r.start + 1..r.end {
            if self.is_terminal(&acc) {
                break;
            }
            (self.f)(&mut z, &acc, self.at(q));
            std::mem::swap(&mut acc, &mut z);
        }
        acc
    }

    fn to_array(&self, values: Vec<Vec<u8>>) -> Array {
        Array::from_bytes(&self.ty, &values.concat())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::TypeCode;

    struct Whole;
    impl FoldUser for Whole {
        type Out = (Array, Array);
        fn run<F: Fold>(self, fold: &F) -> (Array, Array) {
            (
                fold.to_array(vec![fold.fold_in_order(0..100)]),
                fold.to_array(vec![fold.fold_fast(0..100)]),
            )
        }
    }

    #[test]
    fn typed_and_byte_tiers_agree() {
        let x = Array::from_vec((1..=100i64).collect());
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int64).unwrap();
        let (a, b) = with_fold(&x, &plus, None, Whole);
        assert_eq!(a.as_slice::<i64>().unwrap(), &[5050]);
        assert_eq!(b.as_slice::<i64>().unwrap(), &[5050]);
        let user_plus = BinaryOp::user(
            "myplus",
            plus.byte_fn(),
            Type::INT64,
            Type::INT64,
            Type::INT64,
        );
        let (a, b) = with_fold(&x, &user_plus, None, Whole);
        assert_eq!(a.as_slice::<i64>().unwrap(), &[5050]);
        assert_eq!(b.as_slice::<i64>().unwrap(), &[5050]);
    }

    #[test]
    fn terminal_and_any() {
        let x = Array::from_vec((0..100).map(|k| k == 37).collect::<Vec<bool>>());
        let lor = BinaryOp::builtin(BinaryCode::Lor, TypeCode::Bool).unwrap();
        let (a, b) = with_fold(&x, &lor, Some(&Value::new(true)), Whole);
        assert_eq!(a.as_slice::<bool>().unwrap(), &[true]);
        assert_eq!(b.as_slice::<bool>().unwrap(), &[true]);
        let x = Array::from_vec((5..105u8).collect());
        let any = BinaryOp::builtin(BinaryCode::Any, TypeCode::Uint8).unwrap();
        let (a, b) = with_fold(&x, &any, None, Whole);
        assert_eq!(a.as_slice::<u8>().unwrap(), &[5]);
        assert_eq!(b.as_slice::<u8>().unwrap(), &[5]);
    }
}
