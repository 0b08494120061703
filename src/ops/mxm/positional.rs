//! A product whose multiply is positional (`GxB_MIN_SECONDI_INT64`, …),
//! rewritten over an ordinary multiply (see [`crate::ops::positional`]):
//! `f(A(i,k), B(k,j))` is `i` (`FIRSTI`), `k` (`FIRSTJ`, `SECONDI`) or `j`
//! (`SECONDJ`), so the product is the same one with `FIRST` over `op(A)`'s
//! positions or `SECOND` over `op(B)`'s. `k` is both `op(A)`'s column and
//! `op(B)`'s row: it is taken from the operand with fewer entries.

use super::dispatch::Problem;
use super::operand::Operand;
use super::tiers::{tier, Tier};
use crate::algebra::{Position, Semiring};
use crate::error::Result;
use crate::ops::positional::pick;
use crate::plan::explain::step;

/// The operands and semiring of a rewritten product.
pub struct Lowered {
    a: Operand,
    b: Operand,
    semiring: Semiring,
}

impl Lowered {
    /// `p` over the rewritten operands and semiring.
    pub fn problem<'s>(&'s self, p: &Problem<'s>) -> Problem<'s> {
        Problem {
            a: self.a.clone(),
            b: self.b.clone(),
            mask: p.mask.clone(),
            semiring: &self.semiring,
            out: p.out,
            epilogue: p.epilogue,
        }
    }
}

/// The rewrite of `p` when its multiply is positional, else `None`.
pub fn lowered(p: &Problem) -> Result<Option<Lowered>> {
    let s = p.semiring;
    let Some(pos) = s.mul().position() else {
        return Ok(None);
    };
    let z = s.ztype();
    // i comes from op(A), j from op(B), k from the smaller one.
    let from_b = match (pos.second, pos.column) {
        (false, false) => false,
        (true, true) => true,
        _ => p.b.nvals() < p.a.nvals(),
    };
    // Along the operand read: a k is op(A)'s column or op(B)'s row.
    let column = if from_b {
        pos.second && pos.column
    } else {
        pos.second || pos.column
    };
    let at = Position { column, ..pos };
    let semiring = Semiring::new(s.add().clone(), pick(from_b, z))?;
    // The typed tiers never read the other operand's values; the generic one
    // (a user-defined monoid) reads both, so both are positions then.
    let both = tier(&semiring) == Tier::Generic;
    let (a, b) = match (from_b, both) {
        (false, false) => (p.a.position_values(at, z)?, p.b.clone()),
        (true, false) => (p.a.clone(), p.b.position_values(at, z)?),
        (_, true) => (p.a.position_values(at, z)?, p.b.position_values(at, z)?),
    };
    step(|| {
        let (side, index) = match (from_b, column) {
            (false, false) => ("first", "row"),
            (false, true) => ("first", "column"),
            (true, false) => ("second", "row"),
            (true, true) => ("second", "column"),
        };
        format!(
            "rewrite positional: {} computes as {} over the {side} operand's {index} indices",
            s.name(),
            semiring.name()
        )
    });
    Ok(Some(Lowered { a, b, semiring }))
}
