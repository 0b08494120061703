//! The value side of element-wise kernels: a [`Combiner`] computes the value of
//! each result entry from the positions of its inputs. The structure kernels
//! call it; [`with_combiner`] picks a typed one (all values of one built-in
//! type, built-in operator) or the byte-level one that handles every type.

use super::EwiseKind;
use crate::algebra::arith::Arith;
use crate::algebra::binary::{arith_fns, compare_fns, SliceFn};
use crate::algebra::element::{byte_cast_fn, cast, ByteCastFn};
use crate::algebra::{BinaryCode, BinaryOp, Element, Type, TypeCode};
use crate::error::Result;
use crate::kernels::eval::BinaryEval;
use crate::kernels::fragment::chunk_len;
use crate::parallel;
use crate::storage::ranges::concat_slices;
use crate::storage::{Array, ArrayElement, Values};
use crate::with_type;
use std::borrow::Cow;
use std::marker::PhantomData;
use std::ops::Range;

/// Computes result values from input positions. Each chunk of work gets its own
/// buffer; `finish` joins the buffers in order into the result values.
pub trait Combiner: Sync {
    /// Per-chunk output (and scratch).
    type Buf: Send;
    /// A new buffer with room for `cap` values.
    fn buffer(&self, cap: usize) -> Self::Buf;
    /// Appends `op(A[qa], B[qb])`.
    fn both(&self, buf: &mut Self::Buf, qa: usize, qb: usize);
    /// Appends the value for an entry present only in `A` (at `qa`).
    fn only_a(&self, buf: &mut Self::Buf, qa: usize);
    /// Appends the value for an entry present only in `B` (at `qb`).
    fn only_b(&self, buf: &mut Self::Buf, qb: usize);
    /// Appends a placeholder for a position of a bitmap result that has no entry.
    fn absent(&self, buf: &mut Self::Buf);
    /// Appends `op(A[q], B[q])` for every `q` in `range` (both inputs dense).
    fn both_range(&self, buf: &mut Self::Buf, range: Range<usize>) {
        for q in range {
            self.both(buf, q, q);
        }
    }
    /// The values of all buffers, in order; fails with `GrB_OUT_OF_MEMORY`
    /// when they cannot be joined.
    fn finish(&self, bufs: Vec<Self::Buf>) -> Result<Array>;
    /// `op(A[q], B[q])` for every `q < n`, each straight into its place in
    /// the output: `None` to compute them into buffers instead.
    fn both_all(&self, _n: usize) -> Option<Array> {
        None
    }
    /// True when the operator may be applied to any stored values, present
    /// or not (a built-in operator: it never fails and has no effects), so
    /// a kernel may compute a dense range whole and keep only the present
    /// positions' values.
    fn total(&self) -> bool {
        false
    }
}

/// A structure kernel, run with whichever combiner the types call for.
pub trait Kernel {
    /// The kernel's result.
    type Output;
    /// Runs the kernel with `comb`.
    fn run<C: Combiner>(&self, comb: &C) -> Self::Output;
}

/// Runs `kernel` with the best combiner for `op` on values `a` and `b`.
pub fn with_combiner<K: Kernel>(
    kernel: &K,
    op: &BinaryOp,
    kind: EwiseKind<'_>,
    a: &Array,
    b: &Array,
) -> Result<K::Output> {
    if let Some(out) = typed(kernel, op, kind, a, b) {
        return Ok(out);
    }
    if let Some((a, b)) = cast_for_operator(op, kind, a, b) {
        if let Some(out) = typed(kernel, op, kind, &a, &b) {
            return Ok(out);
        }
    }
    Ok(kernel.run(&Bytes::new(op, kind, a, b)?))
}

/// `a` and `b` cast as a whole to the inputs of a built-in operator (both of
/// one type), so that the typed path runs instead of a typecast per value;
/// `None` when that could change a result or waste work.
///
/// A value present in one input only goes to the output type directly in
/// eWiseAdd: casting it to the operator's input type first is the same only
/// when the operator's output and input types agree. An intersection may be
/// much smaller than an input, so an input is only cast when it has at most
/// a few times the other's values.
fn cast_for_operator<'x>(
    op: &BinaryOp,
    kind: EwiseKind<'_>,
    a: &'x Array,
    b: &'x Array,
) -> Option<(Cow<'x, Array>, Cow<'x, Array>)> {
    let ty = op.xtype();
    let builtin = [ty, &a.ty(), &b.ty()].into_iter().all(Type::is_builtin);
    if op.code().is_none() || op.ytype() != ty || !builtin {
        return None;
    }
    if matches!(kind, EwiseKind::Add) && op.ztype() != ty {
        return None;
    }
    const MOST_WASTED: usize = 4;
    let smaller = a.len().min(b.len()).saturating_mul(MOST_WASTED);
    let cast = |x: &'x Array| -> Option<Cow<'x, Array>> {
        if x.code() == ty.code() {
            Some(Cow::Borrowed(x))
        } else if matches!(kind, EwiseKind::Mult) && x.len() > smaller {
            None
        } else {
            Some(Cow::Owned(x.cast(ty)))
        }
    };
    Some((cast(a)?, cast(b)?))
}

/// The typed path: `A`, `B` and the operator's inputs all of one built-in type.
fn typed<K: Kernel>(
    kernel: &K,
    op: &BinaryOp,
    kind: EwiseKind<'_>,
    a: &Array,
    b: &Array,
) -> Option<K::Output> {
    let code = op.code()?;
    if a.code() != b.code() || a.code() != op.xtype().code() || !op.xtype().is_builtin() {
        return None;
    }
    match a.code() {
        TypeCode::Fp64 => hot::<f64, K>(kernel, code, kind, a, b),
        TypeCode::Fp32 => hot::<f32, K>(kernel, code, kind, a, b),
        TypeCode::Int64 => hot::<i64, K>(kernel, code, kind, a, b),
        TypeCode::Int32 => hot::<i32, K>(kernel, code, kind, a, b),
        TypeCode::Bool => hot::<bool, K>(kernel, code, kind, a, b),
        t => with_type!(t, T => cold::<T, K>(kernel, code, kind, a, b), udt => None),
    }
}

/// Common operators on common types, with the operator inlined into the kernel.
fn hot<T: Arith + ArrayElement, K: Kernel>(
    kernel: &K,
    code: BinaryCode,
    kind: EwiseKind<'_>,
    a: &Array,
    b: &Array,
) -> Option<K::Output> {
    macro_rules! inline {
        ($f:expr) => {
            Typed::<T, T, _>::new(a, b, kind, $f).map(|c| kernel.run(&c))
        };
    }
    match code {
        BinaryCode::Plus => inline!(|x: T, y: T| x.add(y)),
        BinaryCode::Minus => inline!(|x: T, y: T| x.sub(y)),
        BinaryCode::Times => inline!(|x: T, y: T| x.mul(y)),
        BinaryCode::Div => inline!(|x: T, y: T| x.div(y)),
        BinaryCode::Min => inline!(|x: T, y: T| x.min_of(y)),
        BinaryCode::Max => inline!(|x: T, y: T| x.max_of(y)),
        BinaryCode::First => inline!(|x: T, _y: T| x),
        BinaryCode::Second | BinaryCode::Any => inline!(|_x: T, y: T| y),
        BinaryCode::Oneb => inline!(|_x: T, _y: T| T::ONE),
        BinaryCode::Lor => inline!(|x: T, y: T| cast::<bool, T>(x.to_bool() | y.to_bool())),
        BinaryCode::Land => inline!(|x: T, y: T| cast::<bool, T>(x.to_bool() & y.to_bool())),
        _ => cold::<T, K>(kernel, code, kind, a, b),
    }
}

/// Every built-in operator on any built-in type, through a function pointer.
fn cold<T: Arith + ArrayElement, K: Kernel>(
    kernel: &K,
    code: BinaryCode,
    kind: EwiseKind<'_>,
    a: &Array,
    b: &Array,
) -> Option<K::Output> {
    if let Some(f) = compare_fns::<T>(code) {
        return Typed::<T, bool, _>::new(a, b, kind, f.one).map(|c| kernel.run(&c.whole(f.slices)));
    }
    let f = arith_fns::<T>(code)?;
    Typed::<T, T, _>::new(a, b, kind, f.one).map(|c| kernel.run(&c.whole(f.slices)))
}

/// Typed values: `z = f(x, y)` with `x, y: T`, `z: Z`.
struct Typed<'a, T, Z, F> {
    a: Values<'a, T>,
    b: Values<'a, T>,
    f: F,
    /// eWiseUnion's scalar standing in for a missing `A` entry.
    alpha: Option<T>,
    /// eWiseUnion's scalar standing in for a missing `B` entry.
    beta: Option<T>,
    /// `f` over whole slices, for dense ranges of both inputs, when `f` is
    /// called through a pointer.
    whole: Option<SliceFn<T, Z>>,
    _z: PhantomData<fn() -> Z>,
}

impl<'a, T: ArrayElement, Z, F> Typed<'a, T, Z, F> {
    fn new(a: &'a Array, b: &'a Array, kind: EwiseKind<'_>, f: F) -> Option<Self> {
        let (alpha, beta) = match kind {
            EwiseKind::Union { alpha, beta } => (Some(alpha.get::<T>()?), Some(beta.get::<T>()?)),
            _ => (None, None),
        };
        Some(Typed {
            a: a.values::<T>()?,
            b: b.values::<T>()?,
            f,
            alpha,
            beta,
            whole: None,
            _z: PhantomData,
        })
    }

    /// The combiner computing dense ranges with `whole`.
    fn whole(self, whole: SliceFn<T, Z>) -> Self {
        Typed {
            whole: Some(whole),
            ..self
        }
    }
}

impl<T, Z, F> Combiner for Typed<'_, T, Z, F>
where
    T: Element,
    Z: ArrayElement,
    F: Fn(T, T) -> Z + Sync,
{
    type Buf = Vec<Z>;

    fn buffer(&self, cap: usize) -> Vec<Z> {
        Vec::with_capacity(cap)
    }
    #[inline(always)]
    fn both(&self, buf: &mut Vec<Z>, qa: usize, qb: usize) {
        buf.push((self.f)(self.a.at(qa), self.b.at(qb)));
    }
    #[inline(always)]
    fn only_a(&self, buf: &mut Vec<Z>, qa: usize) {
        let x = self.a.at(qa);
        buf.push(match self.beta {
            Some(y) => (self.f)(x, y),
            None => cast::<T, Z>(x),
        });
    }
    #[inline(always)]
    fn only_b(&self, buf: &mut Vec<Z>, qb: usize) {
        let y = self.b.at(qb);
        buf.push(match self.alpha {
            Some(x) => (self.f)(x, y),
            None => cast::<T, Z>(y),
        });
    }
    #[inline(always)]
    fn absent(&self, buf: &mut Vec<Z>) {
        buf.push(Z::default());
    }
    fn both_range(&self, buf: &mut Vec<Z>, range: Range<usize>) {
        if let Some(whole) = self.whole {
            let start = buf.len();
            buf.resize(start + range.len(), Z::default());
            return whole_over(whole, self.a, self.b, range, &mut buf[start..]);
        }
        match (self.a.stored(), self.b.stored()) {
            (Some(a), Some(b)) => {
                let (a, b) = (&a[range.clone()], &b[range]);
                buf.extend(a.iter().zip(b).map(|(&x, &y)| (self.f)(x, y)))
            }
            _ => buf.extend(range.map(|q| (self.f)(self.a.at(q), self.b.at(q)))),
        }
    }
    fn finish(&self, bufs: Vec<Vec<Z>>) -> Result<Array> {
        concat(bufs).map(Z::into_array)
    }
    fn both_all(&self, n: usize) -> Option<Array> {
        if let Some(whole) = self.whole {
            let mut out = vec![Z::default(); n];
            parallel::for_each_chunk_mut(&mut out, chunk_len(n), |r, z| {
                whole_over(whole, self.a, self.b, r, z)
            });
            return Some(Z::into_array(out));
        }
        let out = match (self.a.stored(), self.b.stored()) {
            (Some(a), Some(b)) => parallel::collect_chunks(n, chunk_len(n), |r| {
                let (a, b) = (&a[r.clone()], &b[r]);
                a.iter().zip(b).map(|(&x, &y)| (self.f)(x, y))
            }),
            _ => parallel::collect_chunks(n, chunk_len(n), |r| {
                r.map(|q| (self.f)(self.a.at(q), self.b.at(q)))
            }),
        };
        Some(Z::into_array(out))
    }
    fn total(&self) -> bool {
        true
    }
}

/// `whole` over positions `range` of `a` and `b` into `out`, a block at a
/// time: an iso input (one value for every position) is read from a block
/// filled with its value, so that the slice function runs on it at full
/// speed too, without the input expanded.
fn whole_over<T: Copy, Z>(
    whole: SliceFn<T, Z>,
    a: Values<'_, T>,
    b: Values<'_, T>,
    range: Range<usize>,
    out: &mut [Z],
) {
    const BLOCK: usize = 256;
    let Some(first) = range.clone().next() else {
        return;
    };
    let (block_a, block_b) = (a.block::<BLOCK>(first), b.block::<BLOCK>(first));
    for (k, z) in range.step_by(BLOCK).zip(out.chunks_mut(BLOCK)) {
        let at = k..k + z.len();
        whole(a.slice(at.clone(), &block_a), b.slice(at, &block_b), z);
    }
}

/// Concatenates the chunks' buffers (in parallel when large; a single buffer is moved).
fn concat<Z: Copy + Send + Sync>(mut bufs: Vec<Vec<Z>>) -> Result<Vec<Z>> {
    if bufs.len() == 1 {
        return Ok(bufs.pop().expect("one buffer"));
    }
    let slices: Vec<&[Z]> = bufs.iter().map(|b| &b[..]).collect();
    concat_slices(&slices, "element-wise values")
}

/// How the byte-level path computes an entry present in one input only.
#[derive(Clone)]
enum OneSided {
    /// eWiseAdd: the value cast to the operator's output type.
    Cast(ByteCastFn),
    /// eWiseUnion: the operator with a scalar standing in for the missing entry.
    WithScalar {
        eval: BinaryEval,
        scalar: Vec<u8>,
        /// True when the entry is the operator's first input.
        entry_first: bool,
    },
    /// eWiseMult: never happens.
    Never,
}

impl OneSided {
    fn new(op: &BinaryOp, kind: EwiseKind<'_>, entry: &Type, entry_first: bool) -> Result<Self> {
        Ok(match kind {
            EwiseKind::Add => OneSided::Cast(byte_cast_fn(entry.code(), op.ztype().code())),
            EwiseKind::Mult => OneSided::Never,
            EwiseKind::Union { alpha, beta } => {
                let (scalar, xty, yty) = if entry_first {
                    (beta, entry, op.ytype())
                } else {
                    (alpha, op.xtype(), entry)
                };
                let domain = if entry_first { op.ytype() } else { op.xtype() };
                let scalar = scalar.cast(domain).ok_or_else(|| {
                    crate::error::Error::new(
                        crate::Info::DomainMismatch,
                        format!("scalar cannot be cast to {domain:?}"),
                    )
                })?;
                OneSided::WithScalar {
                    eval: BinaryEval::new(op, xty, yty, op.ztype()),
                    scalar: scalar.bytes().to_vec(),
                    entry_first,
                }
            }
        })
    }

    #[inline]
    fn call(&mut self, out: &mut [u8], entry: &[u8]) {
        match self {
            OneSided::Cast(f) => f(out, entry),
            OneSided::WithScalar {
                eval,
                scalar,
                entry_first: true,
            } => eval.call(out, entry, scalar),
            OneSided::WithScalar { eval, scalar, .. } => eval.call(out, scalar, entry),
            OneSided::Never => unreachable!("eWiseMult has no one-sided entries"),
        }
    }
}

/// Byte-level values: any types, any operator, typecasts on the way in and out.
struct Bytes<'a> {
    a: &'a Array,
    b: &'a Array,
    z: Type,
    scratch: ByteScratch,
}

/// The evaluators a chunk works with (each chunk owns a copy).
#[derive(Clone)]
struct ByteScratch {
    both: BinaryEval,
    only_a: OneSided,
    only_b: OneSided,
}

/// A chunk's output bytes and evaluators.
struct ByteBuf {
    out: Vec<u8>,
    scratch: ByteScratch,
}

impl<'a> Bytes<'a> {
    fn new(op: &BinaryOp, kind: EwiseKind<'_>, a: &'a Array, b: &'a Array) -> Result<Self> {
        let z = op.ztype().clone();
        Ok(Bytes {
            scratch: ByteScratch {
                both: BinaryEval::new(op, &a.ty(), &b.ty(), &z),
                only_a: OneSided::new(op, kind, &a.ty(), true)?,
                only_b: OneSided::new(op, kind, &b.ty(), false)?,
            },
            a,
            b,
            z,
        })
    }

    /// Appends one zeroed value and returns it for writing.
    #[inline]
    fn slot<'b>(&self, out: &'b mut Vec<u8>) -> &'b mut [u8] {
        let n = out.len();
        out.resize(n + self.z.size(), 0);
        &mut out[n..]
    }
}

impl Combiner for Bytes<'_> {
    type Buf = ByteBuf;

    fn buffer(&self, cap: usize) -> ByteBuf {
        ByteBuf {
            out: Vec::with_capacity(cap * self.z.size()),
            scratch: self.scratch.clone(),
        }
    }
    fn both(&self, buf: &mut ByteBuf, qa: usize, qb: usize) {
        let out = self.slot(&mut buf.out);
        buf.scratch
            .both
            .call(out, self.a.get_bytes(qa), self.b.get_bytes(qb));
    }
    fn only_a(&self, buf: &mut ByteBuf, qa: usize) {
        let out = self.slot(&mut buf.out);
        buf.scratch.only_a.call(out, self.a.get_bytes(qa));
    }
    fn only_b(&self, buf: &mut ByteBuf, qb: usize) {
        let out = self.slot(&mut buf.out);
        buf.scratch.only_b.call(out, self.b.get_bytes(qb));
    }
    fn absent(&self, buf: &mut ByteBuf) {
        self.slot(&mut buf.out);
    }
    fn finish(&self, bufs: Vec<ByteBuf>) -> Result<Array> {
        let bytes = concat(bufs.into_iter().map(|b| b.out).collect())?;
        Ok(Array::from_bytes(&self.z, &bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::Value;

    struct Collect;
    impl Kernel for Collect {
        type Output = Result<Array>;
        fn run<C: Combiner>(&self, comb: &C) -> Result<Array> {
            let mut buf = comb.buffer(4);
            comb.both(&mut buf, 0, 1);
            comb.only_a(&mut buf, 1);
            comb.only_b(&mut buf, 0);
            let mut buf2 = comb.buffer(1);
            comb.both_range(&mut buf2, 0..2);
            comb.finish(vec![buf, buf2])
        }
    }

    /// `with_combiner` gives what the byte-level path gives, for the INT32
    /// operators `codes` in eWiseAdd and eWiseUnion (`Collect` reads
    /// one-sided entries, so no eWiseMult).
    fn assert_paths_agree(
        codes: &[BinaryCode],
        (a, b): (&Array, &Array),
        (alpha, beta): (&Value, &Value),
    ) {
        for &code in codes {
            let op = BinaryOp::builtin(code, TypeCode::Int32).unwrap();
            for kind in [EwiseKind::Add, EwiseKind::Union { alpha, beta }] {
                let fast = with_combiner(&Collect, &op, kind, a, b).unwrap().unwrap();
                let slow = Collect.run(&Bytes::new(&op, kind, a, b).unwrap()).unwrap();
                assert_eq!(fast, slow, "{code:?}");
            }
        }
    }

    #[test]
    fn typed_and_byte_paths_agree() {
        let a = Array::from_vec(vec![5i32, 7]);
        let b = Array::from_vec(vec![2i32, 3]);
        let alpha = Value::new(100i32);
        let beta = Value::new(1000.0f64);
        let codes = [BinaryCode::Minus, BinaryCode::Lt, BinaryCode::Pow];
        assert_paths_agree(&codes, (&a, &b), (&alpha, &beta));
        let minus = BinaryOp::builtin(BinaryCode::Minus, TypeCode::Int32).unwrap();
        let union = EwiseKind::Union {
            alpha: &alpha,
            beta: &beta,
        };
        let out = with_combiner(&Collect, &minus, union, &a, &b)
            .unwrap()
            .unwrap();
        assert_eq!(
            out.as_slice::<i32>().unwrap(),
            &[2, 7 - 1000, 100 - 2, 3, 4]
        );
    }

    #[test]
    fn values_of_other_types_are_cast_once_with_the_same_results() {
        let a = Array::from_vec(vec![5.5f64, -7.25]);
        let b = Array::from_vec(vec![2i64, 3]);
        let alpha = Value::new(100i32);
        let beta = Value::new(1000i32);
        let codes = [BinaryCode::Minus, BinaryCode::Lt, BinaryCode::Div];
        assert_paths_agree(&codes, (&a, &b), (&alpha, &beta));
        // eWiseAdd with a comparison: a value of A alone goes to bool
        // directly (-7.25 is true; cast to INT32 first it would stay true,
        // but 0.5 would not), so the whole-array cast is declined.
        let lt = BinaryOp::builtin(BinaryCode::Lt, TypeCode::Int32).unwrap();
        assert!(cast_for_operator(&lt, EwiseKind::Add, &a, &b).is_none());
        let half = Array::from_vec(vec![0.0f64, 0.5]);
        let out = with_combiner(&Collect, &lt, EwiseKind::Add, &half, &b)
            .unwrap()
            .unwrap();
        assert!(out.as_slice::<bool>().unwrap()[1], "0.5 alone is true");
    }

    /// Every position combined, by `both_all` and by `both_range`.
    struct Dense(usize);
    impl Kernel for Dense {
        type Output = (Option<Array>, Result<Array>);
        fn run<C: Combiner>(&self, comb: &C) -> Self::Output {
            let mut buf = comb.buffer(self.0);
            comb.both_range(&mut buf, 0..self.0 / 3);
            comb.both_range(&mut buf, self.0 / 3..self.0);
            (comb.both_all(self.0), comb.finish(vec![buf]))
        }
    }

    #[test]
    fn iso_inputs_combine_like_stored_ones() {
        // Longer than a block, so that whole blocks and a partial one run.
        let n = 1000;
        let a: Vec<u32> = (0..n as u32).map(|q| q * 7 % 31).collect();
        let b: Vec<u32> = (0..n as u32).map(|q| q % 5 + 10).collect();
        let iso = |v: u32| Array::iso_of(Array::from_vec(vec![v]), n);
        let cases = [
            (Array::from_vec(a), iso(12)),
            (iso(12), Array::from_vec(b)),
            (iso(3), iso(12)),
        ];
        // UINT32 operators run through slice functions, INT32 ones inline;
        // the byte-level path gives the expected values.
        let ops = [
            (BinaryCode::Min, TypeCode::Uint32),
            (BinaryCode::Eq, TypeCode::Uint32),
            (BinaryCode::Plus, TypeCode::Int32),
        ];
        for (x, y) in &cases {
            for (code, t) in ops {
                let op = BinaryOp::builtin(code, t).unwrap();
                let (x, y) = (x.cast(op.xtype()), y.cast(op.xtype()));
                let mult = EwiseKind::Mult;
                let (_, want) = Dense(n).run(&Bytes::new(&op, mult, &x, &y).unwrap());
                let want = want.unwrap();
                let (all, ranges) = with_combiner(&Dense(n), &op, mult, &x, &y).unwrap();
                assert_eq!(ranges.unwrap(), want, "{code:?} {t:?}");
                assert_eq!(all.expect("every position"), want, "{code:?} {t:?}");
            }
        }
    }
}
