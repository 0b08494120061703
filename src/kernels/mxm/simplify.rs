//! Multiply simplification by operand values: when every stored value of an
//! operand is the multiply's identity (the pattern of ones most graphs are
//! built as), the multiply need not read that operand's values.
//!
//! * `TIMES` (or `LAND`) with every `x` one is `SECOND`; with every `y` one,
//!   `FIRST`.
//! * With both sides all one every product is one: an idempotent monoid
//!   (`LOR`, `MIN`, `MAX`, …) gives one wherever some `k` matches, which is
//!   `ANY_ONEB` (stopping at the first match); another monoid folds ones
//!   (`PLUS_ONEB`, counting).
//! * A `ONEB` multiply gives one whatever the values: under an idempotent
//!   monoid it is `ANY_ONEB` too (BFS's and MIS's `LOR_PAIR_BOOL`).
//!
//! The results are bit-identical: `1 ⊗ y = y` exactly for every built-in
//! type, and each entry is still folded in increasing `k`. A rewrite is taken
//! only when the simpler semiring runs in a tier at least as fast as the
//! original's (a monomorphic kernel is not traded for a typed one). Built-in
//! operators only; user-defined ones are never rewritten.

use super::tiers::{tier, Tier};
use crate::algebra::{BinaryCode, Semiring, Value};
use crate::explain::step;
use crate::storage::MatrixStore;

/// The semiring to use instead of `s` for `x ⊕.⊗ y`, when the operands'
/// values allow a simpler multiply.
pub fn simplified(s: &Semiring, x: &MatrixStore, y: &MatrixStore) -> Option<Semiring> {
    let t = s.ztype().code();
    let add = s.add().code()?;
    if s.mul().code() == Some(BinaryCode::Oneb) {
        return ones_everywhere(s);
    }
    if !matches!(s.mul().code(), Some(BinaryCode::Times | BinaryCode::Land)) {
        return None;
    }
    let one = |m: &MatrixStore, ty| {
        let one = Value::new(1u8).cast(ty)?;
        m.uniform_value()
            .and_then(|v| v.cast(ty))
            .filter(|v| *v == one)
    };
    let (x_one, y_one) = (one(x, s.xtype()).is_some(), one(y, s.ytype()).is_some());
    let candidates: &[(BinaryCode, BinaryCode)] = match (x_one, y_one) {
        (true, true) if s.add().is_idempotent() => &[(BinaryCode::Any, BinaryCode::Oneb)],
        (true, true) => &[(add, BinaryCode::Oneb), (add, BinaryCode::Second)],
        (true, false) => &[(add, BinaryCode::Second)],
        (false, true) => &[(add, BinaryCode::First)],
        (false, false) => return None,
    };
    let simpler = candidates
        .iter()
        .filter_map(|&(a, m)| Semiring::builtin(a, m, t))
        .find(|c| rank(tier(c)) >= rank(tier(s)))?;
    step(|| {
        let side = match (x_one, y_one) {
            (true, true) => "both operands' values are",
            (true, false) => "the first operand's values are",
            _ => "the second operand's values are",
        };
        format!(
            "rewrite uniform operand: {side} all one, so {} computes as {}",
            s.name(),
            simpler.name()
        )
    });
    Some(simpler)
}

/// A multiply that gives one for every pair (`ONEB`, SuiteSparse's `PAIR`)
/// under an idempotent monoid other than `ANY` (`LOR_PAIR`, `MAX_PAIR`, …):
/// one wherever some `k` matches, whatever the values, so `ANY_ONEB`.
fn ones_everywhere(s: &Semiring) -> Option<Semiring> {
    if s.add().code()? == BinaryCode::Any || !s.add().is_idempotent() {
        return None;
    }
    let any_oneb = Semiring::builtin(BinaryCode::Any, BinaryCode::Oneb, s.ztype().code())?;
    if rank(tier(&any_oneb)) < rank(tier(s)) {
        return None;
    }
    step(|| {
        format!(
            "rewrite: every product is one, so {} computes as {}",
            s.name(),
            any_oneb.name()
        )
    });
    Some(any_oneb)
}

/// How fast a tier runs, for comparing tiers.
fn rank(t: Tier) -> u8 {
    match t {
        Tier::Monomorphic => 2,
        Tier::Typed => 1,
        Tier::Generic => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::TypeCode;
    use crate::storage::{Array, Format, Full, Orientation};

    fn column(x: Array) -> MatrixStore {
        let vlen = x.len() as u64;
        MatrixStore::new(Orientation::ByCol, Format::Full(Full { vlen, vdim: 1, x }))
    }

    fn name(s: Option<Semiring>) -> Option<String> {
        s.map(|s| s.name())
    }

    #[test]
    fn ones_drop_the_multiply_s_read_of_that_side() {
        let plus_times = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64);
        let s = plus_times.unwrap();
        let ones = column(Array::from_vec(vec![1.0f64; 8]));
        let flags = column(Array::from_vec(vec![true; 8]));
        let other = column(Array::from_vec((0..8).map(f64::from).collect()));
        let second = Semiring::builtin(BinaryCode::Plus, BinaryCode::Second, TypeCode::Fp64);
        let first = Semiring::builtin(BinaryCode::Plus, BinaryCode::First, TypeCode::Fp64);
        assert_eq!(name(simplified(&s, &ones, &other)), name(second.clone()));
        // A boolean pattern of ones cast to the multiply's type is one too.
        assert_eq!(name(simplified(&s, &flags, &other)), name(second));
        assert_eq!(name(simplified(&s, &other, &ones)), name(first));
        assert!(simplified(&s, &other, &other).is_none());
    }

    #[test]
    fn ones_on_both_sides_make_the_product_structural() {
        let flags = column(Array::from_vec(vec![true; 8]));
        let lor_land = Semiring::builtin(BinaryCode::Lor, BinaryCode::Land, TypeCode::Bool);
        let any_oneb = Semiring::builtin(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool);
        let got = simplified(&lor_land.unwrap(), &flags, &flags);
        assert_eq!(name(got), name(any_oneb));
        let ints = column(Array::from_vec(vec![1i64; 8]));
        let plus_times = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Int64);
        let plus_oneb = Semiring::builtin(BinaryCode::Plus, BinaryCode::Oneb, TypeCode::Int64);
        let got = simplified(&plus_times.unwrap(), &ints, &ints);
        assert_eq!(name(got), name(plus_oneb));
    }

    #[test]
    fn a_pair_multiply_under_an_idempotent_monoid_is_any_pair() {
        // Whatever the values: every product is one.
        let mixed = column(Array::from_vec(vec![true, false, true, true]));
        let lor_pair = Semiring::builtin(BinaryCode::Lor, BinaryCode::Oneb, TypeCode::Bool);
        let any_pair = Semiring::builtin(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool);
        let got = simplified(&lor_pair.unwrap(), &mixed, &mixed);
        assert_eq!(name(got), name(any_pair));
        // PLUS counts the ones; ANY_PAIR is already itself.
        let ints = column(Array::from_vec(vec![3i64, 0, 7]));
        let plus_pair = Semiring::builtin(BinaryCode::Plus, BinaryCode::Oneb, TypeCode::Int64);
        assert!(simplified(&plus_pair.unwrap(), &ints, &ints).is_none());
        let any_pair = Semiring::builtin(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool);
        assert!(simplified(&any_pair.unwrap(), &mixed, &mixed).is_none());
    }

    #[test]
    fn other_values_and_multiplies_are_left_alone() {
        let twos = column(Array::from_vec(vec![2.0f64; 8]));
        let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
        assert!(simplified(&s, &twos, &twos).is_none());
        let ones = column(Array::from_vec(vec![1.0f64; 8]));
        let min_plus = Semiring::builtin(BinaryCode::Min, BinaryCode::Plus, TypeCode::Fp64);
        assert!(simplified(&min_plus.unwrap(), &ones, &ones).is_none());
        // 256 cast to UINT8 is 0, not one.
        let big = column(Array::from_vec(vec![256i64; 8]));
        let u8_times = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Uint8);
        assert!(simplified(&u8_times.unwrap(), &big, &big).is_none());
        // A monomorphic kernel is not traded for a typed one: LOR_SECOND is typed.
        let flags = column(Array::from_vec(vec![true; 8]));
        let mixed = column(Array::from_vec(vec![true, false, true, true]));
        let lor_land = Semiring::builtin(BinaryCode::Lor, BinaryCode::Land, TypeCode::Bool);
        assert!(simplified(&lor_land.unwrap(), &flags, &mixed).is_none());
    }
}
