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
//! of `op(B)` when `op(A)` is full (the same product written as `vxm`). The
//! kept entries are made with their positions as values, in one pass.

use super::dispatch::Problem;
use super::operand::Operand;
use super::tiers::{tier, Tier};
use crate::algebra::{cast, BinaryCode, Position, Semiring, TypeCode};
use crate::error::Result;
use crate::explain::step;
use crate::kernels::fragment::chunk_len;
use crate::kernels::positional::pick;
use crate::parallel;
use crate::storage::prefetch::prefetch;
use crate::storage::{ArrayElement, Compressed, Idx, MatrixStore, Orientation};
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
    // A cut operand already holds its `k`s as values: they are taken from it.
    let (a, b, cut) = match one_k_per_vector(p, pos, &p.a, &p.b, Orientation::ByRow) {
        Some(a) => (a, p.b.clone(), Some(false)),
        None => match one_k_per_vector(p, pos, &p.b, &p.a, Orientation::ByCol) {
            Some(b) => (p.a.clone(), b, Some(true)),
            None => (p.a.clone(), p.b.clone(), None),
        },
    };
    // i comes from op(A), j from op(B), k from the cut or the smaller one.
    let from_b = match (pos.second, pos.column) {
        (false, false) => false,
        (true, true) => true,
        _ => cut.unwrap_or(b.nvals() < a.nvals()),
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
    let positions = |x: &Operand, is_cut: bool| {
        if is_cut {
            Ok(x.clone())
        } else {
            x.position_values(at, z)
        }
    };
    let (a, b) = match (from_b, both) {
        (false, false) => (positions(&a, cut.is_some())?, b),
        (true, false) => (a, positions(&b, cut.is_some())?),
        (_, true) => (
            positions(&a, cut == Some(false))?,
            positions(&b, cut == Some(true))?,
        ),
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
    let kept = extreme_positions(&vectors, last, pos.offset, p.semiring.ztype().code());
    step(|| {
        format!(
            "rewrite positional: {} over a full operand reads one entry a vector of the other ({} of {}), its position",
            p.semiring.name(),
            kept.nvals(),
            vectors.nvals()
        )
    });
    let store = MatrixStore::from_compressed(along, kept);
    Some(Operand::new(Arc::new(store), false))
}

/// The first (or `last`) entry of each vector of `c`, its value that
/// entry's inner index `k` plus `offset` as `z` (`INT32` or `INT64`, which
/// hold it): the positions the rewritten product reads. Two passes in
/// parallel over ranges of vectors, counting the vectors that have entries
/// and then writing their entries; the result keeps `c`'s vectors
/// (hypersparse or not), so only the kept entries are new.
fn extreme_positions(c: &Compressed, last: bool, offset: i64, z: TypeCode) -> Compressed {
    match z {
        TypeCode::Int32 => extreme_positions_as::<i32>(c, last, offset),
        _ => extreme_positions_as::<i64>(c, last, offset),
    }
}

/// Vectors ahead whose kept entry [`extreme_positions`] asks for.
const AHEAD: usize = 16;

/// [`extreme_positions`] with values of type `Z`.
fn extreme_positions_as<Z: ArrayElement>(c: &Compressed, last: bool, offset: i64) -> Compressed {
    let nvec = c.p.len() - 1;
    let len = chunk_len(nvec);
    let vectors = parallel::chunk_ranges(nvec, len);
    let has_entries = |v: usize| c.p[v] < c.p[v + 1];
    let counts = parallel::map(vectors.len(), 1, |t| {
        vectors[t].clone().filter(|&v| has_entries(v)).count()
    });
    let mut starts = Vec::with_capacity(vectors.len() + 1);
    starts.push(0);
    for n in counts {
        starts.push(starts[starts.len() - 1] + n);
    }
    let kept = starts[vectors.len()];
    let mut p = vec![0; nvec + 1];
    parallel::for_each_chunk_mut(&mut p[1..], len, |r, out| {
        let mut n = starts[r.start / len];
        for (end, v) in out.iter_mut().zip(r) {
            n += has_entries(v) as usize;
            *end = n;
        }
    });
    let slices: Vec<_> = (0..vectors.len())
        .map(|t| starts[t]..starts[t + 1])
        .collect();
    let (i, x) = crate::with_idx!(c.i.as_idx(), s => {
        let (i, x, _) = parallel::map_ranges_new(kept, (Default::default(), Z::ZERO), &slices, |t, i, x| {
            let slot = |v: usize| if last { c.p[v + 1].wrapping_sub(1) } else { c.p[v] };
            for (q, v) in vectors[t].clone().filter(|&v| has_entries(v)).enumerate() {
                // One entry a vector, far apart: each a miss unless asked for ahead.
                if v + AHEAD < nvec {
                    prefetch(s, slot(v + AHEAD));
                }
                let k = s[slot(v)];
                i[q] = k;
                x[q] = cast::<i64, Z>(k.to_u64() as i64 + offset);
            }
        });
        (Idx::store(i), x)
    });
    Compressed {
        vlen: c.vlen,
        vdim: c.vdim,
        p,
        i,
        x: Z::into_array(x),
        h: c.h.clone(),
    }
    .conform_counted(kept)
}
