//! Results whose values are all equal, known before any entry is computed:
//! both inputs iso (one value each) and a built-in operator giving the same
//! value wherever an entry comes from. The structure kernel then runs with
//! [`Iso`], which only counts entries, and the result stores its value once
//! (a union of two patterns of `true` under `LOR`, of two patterns of ones
//! under `MIN`, `ANY` or `FIRST`).

use super::combine::{with_combiner, Combiner, Kernel};
use super::EwiseKind;
use crate::algebra::BinaryOp;
use crate::error::Result;
use crate::storage::Array;
use std::ops::Range;

/// The one value of every entry of `A ⊕ B` when it is known from the
/// values alone: `a` and `b` iso, a built-in `op` (no effects, the same
/// result for the same inputs), and the values of an entry in both, in `A`
/// alone and in `B` alone (eWiseAdd, eWiseUnion) equal bit for bit.
pub fn result_value(
    op: &BinaryOp,
    kind: EwiseKind<'_>,
    a: &Array,
    b: &Array,
) -> Result<Option<Array>> {
    let one = |x: &Array| {
        x.iso()
            .map(|iso| Array::from_bytes(&x.ty(), iso.value_bytes()))
    };
    let (Some(a), Some(b)) = (one(a), one(b)) else {
        return Ok(None);
    };
    if op.code().is_none() {
        return Ok(None);
    }
    let candidates = with_combiner(&Candidates(kind), op, kind, &a, &b)??;
    let size = candidates.elem_size();
    let bytes = candidates.bytes();
    let uniform = bytes.chunks(size).all(|v| v == &bytes[..size]);
    Ok(uniform.then(|| candidates.slice(0..1)))
}

/// Computes the values an entry may take: from both inputs, then (unless the
/// kind is an intersection) from `A` alone and from `B` alone.
struct Candidates<'a>(EwiseKind<'a>);

impl Kernel for Candidates<'_> {
    type Output = Result<Array>;

    fn run<C: Combiner>(&self, comb: &C) -> Result<Array> {
        let mut buf = comb.buffer(3);
        comb.both(&mut buf, 0, 0);
        if !matches!(self.0, EwiseKind::Mult) {
            comb.only_a(&mut buf, 0);
            comb.only_b(&mut buf, 0);
        }
        comb.finish(vec![buf])
    }
}

/// A combiner for results of one known value: each chunk counts the values
/// it would append, and the result is that value, once.
pub struct Iso {
    one: Array,
}

impl Iso {
    /// The combiner of results whose values are all `one` (an array of length 1).
    pub fn new(one: Array) -> Iso {
        Iso { one }
    }
}

impl Combiner for Iso {
    type Buf = usize;

    fn buffer(&self, _cap: usize) -> usize {
        0
    }
    #[inline(always)]
    fn both(&self, n: &mut usize, _qa: usize, _qb: usize) {
        *n += 1;
    }
    #[inline(always)]
    fn only_a(&self, n: &mut usize, _qa: usize) {
        *n += 1;
    }
    #[inline(always)]
    fn only_b(&self, n: &mut usize, _qb: usize) {
        *n += 1;
    }
    #[inline(always)]
    fn absent(&self, n: &mut usize) {
        *n += 1;
    }
    fn both_range(&self, n: &mut usize, range: Range<usize>) {
        *n += range.len();
    }
    fn finish(&self, counts: Vec<usize>) -> Result<Array> {
        Ok(Array::iso_of(self.one.clone(), counts.into_iter().sum()))
    }
    fn both_all(&self, n: usize) -> Option<Array> {
        Some(Array::iso_of(self.one.clone(), n))
    }
    fn total(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{BinaryCode, TypeCode, Value};

    fn iso<T: crate::storage::ArrayElement>(v: T, n: usize) -> Array {
        Array::iso_of(Array::from_vec(vec![v]), n)
    }

    #[test]
    fn a_result_is_iso_only_when_every_source_of_an_entry_agrees() {
        let lor = BinaryOp::builtin(BinaryCode::Lor, TypeCode::Bool).unwrap();
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        let min = BinaryOp::builtin(BinaryCode::Min, TypeCode::Int32).unwrap();
        let (t, ones, twos) = (iso(true, 5), iso(1i32, 5), iso(2i32, 5));
        let value = |op, kind, a, b| result_value(op, kind, a, b).unwrap();
        let add = EwiseKind::Add;
        assert_eq!(value(&lor, add, &t, &t), Some(Array::from_vec(vec![true])));
        // 1 + 1 is 2, but an entry of A alone stays 1.
        assert_eq!(value(&plus, add, &ones, &ones), None);
        assert_eq!(
            value(&plus, EwiseKind::Mult, &ones, &ones),
            Some(Array::from_vec(vec![2i32]))
        );
        assert_eq!(
            value(&min, add, &ones, &ones),
            Some(Array::from_vec(vec![1i32]))
        );
        assert_eq!(value(&min, add, &ones, &twos), None);
        // eWiseUnion: min(1, beta) for an entry of A alone.
        let (alpha, beta) = (Value::new(1i32), Value::new(0i32));
        let union = EwiseKind::Union {
            alpha: &alpha,
            beta: &beta,
        };
        assert_eq!(value(&min, union, &ones, &ones), None);
        // Stored values are not looked at.
        let stored = Array::from_vec(vec![1i32; 5]);
        assert_eq!(value(&min, add, &stored, &ones), None);
    }

    #[test]
    fn the_iso_combiner_counts_what_it_would_append() {
        let comb = Iso::new(Array::from_vec(vec![7u8]));
        let mut n = comb.buffer(0);
        comb.both(&mut n, 0, 0);
        comb.only_a(&mut n, 3);
        comb.only_b(&mut n, 4);
        comb.absent(&mut n);
        comb.both_range(&mut n, 10..20);
        let x = comb.finish(vec![n, 2]).unwrap();
        assert_eq!(x.len(), 16);
        assert!(x.iso().is_some());
        assert_eq!(x.get(15), Value::new(7u8));
    }
}
