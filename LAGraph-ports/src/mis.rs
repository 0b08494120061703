//! Maximal independent set by Luby's randomized algorithm, seeded.
//!
//! Every round each candidate draws a distinct random score; candidates whose
//! score beats every candidate neighbour's (`A max.second score`) join the
//! set, and they and their neighbours stop being candidates. Isolated
//! vertices join at once.

use crate::lcc::pattern_without_loops;
use graphblas::{
    binary, index, monoid, prelude::*, semiring, unary, Matrix, Result, ValueType, Vector,
};

/// A 64-bit mix of the seed, round and vertex (splitmix64 finalizer).
fn mix(seed: u64, round: u64, vertex: u64) -> u64 {
    let mut z = seed
        ^ round.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ vertex.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A maximal independent set of the symmetric adjacency matrix `a` (values
/// and self-loops ignored), as the sorted vertex list; `seed` fixes the result.
pub fn maximal_independent_set(a: &Matrix<impl ValueType>, seed: u64) -> Result<Vec<u64>> {
    let n = a.nrows();
    let pattern = pattern_without_loops::<u64, _>(a)?;
    let degree = pattern.reduce_rows(monoid::plus()).eval()?;
    let members = Vector::<bool>::new(n)?;
    members
        .masked(&degree)
        .structural()
        .complement()
        .fill(.., true)?;
    let mut candidates = degree;
    for round in 0.. {
        if candidates.nvals()? == 0 {
            break;
        }
        // Scores are distinct: random high bits, the vertex id in the low 32.
        let scores = Vector::from_pairs(
            n,
            candidates
                .pairs()?
                .into_iter()
                .map(|(v, _)| (v, (mix(seed, round, v) << 32) | (v & 0xFFFF_FFFF))),
        )?;
        // Pushed from the scores (`scores' A`, the same as `A scores` for the
        // symmetric pattern) when the candidates are few, else pulled, as
        // LAGraph's MIS chooses.
        let best = if (candidates.nvals()? as u64) < n / 25 {
            scores.vxm(&pattern, semiring::max_first())
        } else {
            pattern.mxv(&scores, semiring::max_second())
        };
        let best_neighbour = Vector::<u64>::new(n)?;
        best_neighbour.masked(&scores).structural().assign(best)?;
        // Winners: candidates with no candidate neighbour scoring higher.
        let beaten = best_neighbour.ewise_mult(&scores, binary::gt()).eval()?;
        let beaten = beaten.select(index::value_eq(), true).eval()?;
        let winners = Vector::<bool>::new(n)?;
        winners
            .masked(&beaten)
            .structural()
            .complement()
            .assign(scores.apply(unary::one()))?;
        members.masked(&winners).structural().fill(.., true)?;
        // Drop winners and their neighbours among the candidates (pushed
        // from the winners when they are few) from the candidates.
        let covered = if (winners.nvals()? as u64) < n / 10 {
            winners.vxm(pattern.cast(), semiring::any_pair())
        } else {
            pattern.cast().mxv(&winners, semiring::any_pair())
        };
        let neighbours = Vector::<bool>::new(n)?;
        neighbours
            .masked(&candidates)
            .structural()
            .assign(covered)?;
        let gone = neighbours.ewise_add(&winners, binary::lor()).eval()?;
        let next = Vector::<u64>::new(n)?;
        next.masked(&gone)
            .structural()
            .complement()
            .assign(candidates.expr())?;
        candidates = next;
    }
    Ok(members.pairs()?.into_iter().map(|(v, _)| v).collect())
}
