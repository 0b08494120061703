//! A product whose multiply is positional (`GxB_MIN_SECONDI_INT64`, …),
//! rewritten over an ordinary multiply (see [`crate::kernels::positional`]):
//! `f(A(i,k), B(k,j))` is `i` (`FIRSTI`), `k` (`FIRSTJ`, `SECONDI`) or `j`
//! (`SECONDJ`), so the product is the same one with `FIRST` over `op(A)`'s
//! positions or `SECOND` over `op(B)`'s. `k` is both `op(A)`'s column and
//! `op(B)`'s row: it is taken from the operand with fewer entries.
//!
//! When the multiply gives `k` and the monoid keeps one extreme of its
//! inputs (`MIN`, `MAX`, `ANY`) and `op(B)` holds every position, every `k`
//! of a row of `op(A)` meets every column of `op(B)`: the row's smallest `k`
//! (largest for `MAX`) decides the result, and the other entries of the row
//! are dropped first (FastSV's `MIN_SECONDI` product over a full vector
//! reads one entry a row instead of all of them). Likewise for the columns
//! of `op(B)` when `op(A)` is full (the same product written as `vxm`).

use super::dispatch::Problem;
use super::operand::Operand;
use super::tiers::{tier, Tier};
use crate::algebra::{BinaryCode, Position, Semiring, TypeCode};
use crate::error::Result;
use crate::explain::step;
use crate::kernels::positional::pick;
use crate::storage::{Compressed, Idx, MatrixStore, Orientation};
use std::sync::Arc;

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
    let a = one_k_per_vector(p, pos, &p.a, &p.b, Orientation::ByRow).unwrap_or_else(|| p.a.clone());
    let b = one_k_per_vector(p, pos, &p.b, &p.a, Orientation::ByCol).unwrap_or_else(|| p.b.clone());
    // i comes from op(A), j from op(B), k from the smaller one.
    let from_b = match (pos.second, pos.column) {
        (false, false) => false,
        (true, true) => true,
        _ => b.nvals() < a.nvals(),
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
        (false, false) => (a.position_values(at, z)?, b),
        (true, false) => (a, b.position_values(at, z)?),
        (_, true) => (a.position_values(at, z)?, b.position_values(at, z)?),
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

/// `x` (`op(A)` read by rows, or `op(B)` by columns: `along`) with only the
/// entry of each vector whose `k` decides the product (see the module's
/// docs), when that applies, `other` being full, and `x`'s vectors are at
/// hand; `None` otherwise.
fn one_k_per_vector(
    p: &Problem,
    pos: Position,
    x: &Operand,
    other: &Operand,
    along: Orientation,
) -> Option<Operand> {
    let gives_k = pos.second != pos.column;
    let last = match p.semiring.add().code()? {
        BinaryCode::Min | BinaryCode::Any => false,
        BinaryCode::Max => true,
        _ => return None,
    };
    // `k + offset` keeps the order of the `k`s in the product's type.
    let fits = match p.semiring.ztype().code() {
        TypeCode::Int32 => p.a.ncols() < i32::MAX as u64,
        TypeCode::Int64 => p.a.ncols() < i64::MAX as u64,
        _ => false,
    };
    let other_full = other.nvals() as u64 == other.positions();
    if !gives_k || !fits || !other_full {
        return None;
    }
    let vectors = x.native_vectors(along)?;
    if vectors.nvals() <= vectors.nvec() {
        return None;
    }
    let kept = extreme_entries(&vectors, last);
    step(|| {
        format!(
            "rewrite positional: {} over a full operand reads one entry a vector of the other ({} of {})",
            p.semiring.name(),
            kept.nvals(),
            vectors.nvals()
        )
    });
    let store = MatrixStore::from_compressed(along, kept);
    Some(Operand::new(Arc::new(store), false))
}

/// The first (or `last`) entry of each vector of `c`: one read of the
/// indices a vector, in parallel and in their stored width. The result keeps
/// `c`'s vectors (hypersparse or not), so only the kept entries are new.
fn extreme_entries(c: &Compressed, last: bool) -> Compressed {
    let mut slots = Vec::new();
    let mut p = Vec::with_capacity(c.p.len());
    p.push(0);
    for w in c.p.windows(2) {
        if w[0] < w[1] {
            slots.push(if last { w[1] - 1 } else { w[0] });
        }
        p.push(slots.len());
    }
    let i = crate::with_idx!(c.i.as_idx(), s => Idx::store(
        crate::parallel::collect_chunks(slots.len(), 1 << 14, |r| slots[r].iter().map(|&q| s[q]))
    ));
    Compressed {
        vlen: c.vlen,
        vdim: c.vdim,
        p,
        i,
        x: c.x.gather(&slots),
        h: c.h.clone(),
    }
    .conform_counted(slots.len())
}
