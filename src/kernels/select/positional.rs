//! Selecting by position on compressed data without testing each entry: in
//! every vector, the entries kept by `TRIL`, `TRIU`, `DIAG`, `OFFDIAG`,
//! `ROWLE`, `ROWGT`, `COLLE` and `COLGT` are a contiguous run of inner indices
//! (minus one index for `OFFDIAG`), found by counting and copied whole.

use crate::algebra::IndexUnaryCode;
use crate::parallel;
use crate::storage::{Compressed, Format, IdxSlice, Orientation};
use std::ops::Range;

/// The inner indices a positional predicate keeps in one vector:
/// `lo ..= hi`, without `except`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Interval {
    lo: i128,
    hi: i128,
    except: Option<i128>,
}

const ALL: Interval = Interval {
    lo: i128::MIN,
    hi: i128::MAX,
    except: None,
};
const NONE: Interval = Interval {
    lo: 1,
    hi: 0,
    except: None,
};

/// The interval of vector `j` of data in orientation `orient` kept by `code`
/// with thunk `s` (a positional predicate).
#[inline]
fn interval(code: IndexUnaryCode, orient: Orientation, j: u64, s: i64) -> Interval {
    use IndexUnaryCode::*;
    let (j, s) = (j as i128, s as i128);
    let upto = |hi| Interval { hi, ..ALL };
    let from = |lo| Interval { lo, ..ALL };
    let only = |x| Interval {
        lo: x,
        hi: x,
        except: None,
    };
    let but = |x| Interval {
        except: Some(x),
        ..ALL
    };
    let all_if = |c: bool| if c { ALL } else { NONE };
    match (orient, code) {
        // By row: j is the row, the inner index the column.
        (Orientation::ByRow, Tril) => upto(j + s),
        (Orientation::ByRow, Triu) => from(j + s),
        (Orientation::ByRow, Diag) => only(j + s),
        (Orientation::ByRow, Offdiag) => but(j + s),
        (Orientation::ByRow, Colle) => upto(s),
        (Orientation::ByRow, Colgt) => from(s + 1),
        (Orientation::ByRow, Rowle) => all_if(j <= s),
        (Orientation::ByRow, Rowgt) => all_if(j > s),
        // By column: j is the column, the inner index the row.
        (Orientation::ByCol, Tril) => from(j - s),
        (Orientation::ByCol, Triu) => upto(j - s),
        (Orientation::ByCol, Diag) => only(j - s),
        (Orientation::ByCol, Offdiag) => but(j - s),
        (Orientation::ByCol, Colle) => all_if(j <= s),
        (Orientation::ByCol, Colgt) => all_if(j > s),
        (Orientation::ByCol, Rowle) => upto(s),
        (Orientation::ByCol, Rowgt) => from(s + 1),
        _ => unreachable!("not a positional predicate"),
    }
}

/// Vectors per parallel task.
const VECTORS_PER_TASK: usize = 4096;

/// `select` of compressed data (vectors in orientation `orient`) with a
/// positional predicate `code` and thunk `s`: each task of vectors counts the
/// kept slots of its vectors and writes its part of the result's pointers;
/// indices and values are then copied once, each task filling its own part of
/// exactly sized arrays from the runs it finds again (at no cost where the
/// run is the start or the end of its vector, as for `TRIL` and `TRIU`).
pub fn select_positional(
    c: &Compressed,
    orient: Orientation,
    code: IndexUnaryCode,
    s: i64,
) -> Format {
    // One copy of the loops per predicate, so that its interval folds into them.
    macro_rules! each_predicate {
        ($(($o:ident, $c:ident)),*) => {
            match (orient, code) {
                $((Orientation::$o, IndexUnaryCode::$c) => {
                    select_by(c, |j| interval(IndexUnaryCode::$c, Orientation::$o, j, s))
                })*
                _ => unreachable!("not a positional predicate"),
            }
        };
    }
    let kept = each_predicate!(
        (ByRow, Tril),
        (ByRow, Triu),
        (ByRow, Diag),
        (ByRow, Offdiag),
        (ByRow, Colle),
        (ByRow, Colgt),
        (ByRow, Rowle),
        (ByRow, Rowgt),
        (ByCol, Tril),
        (ByCol, Triu),
        (ByCol, Diag),
        (ByCol, Offdiag),
        (ByCol, Colle),
        (ByCol, Colgt),
        (ByCol, Rowle),
        (ByCol, Rowgt)
    );
    Format::Sparse(kept)
}

/// [`select_positional`] with vector `j`'s interval `iv(j)`.
fn select_by(c: &Compressed, iv: impl Fn(u64) -> Interval + Sync) -> Compressed {
    let mut p = vec![0; c.nvec() + 1];
    let tasks = count_kept(c, &mut p[1..], &iv);
    // Each task's pointers count from its own first slot: add the slots the
    // tasks before it keep.
    let mut kept_before = Vec::with_capacity(tasks.len());
    let mut total = 0;
    for task in &tasks {
        kept_before.push(total);
        total += task.len;
    }
    parallel::for_each_chunk_mut(&mut p[1..], VECTORS_PER_TASK, |ks, part| {
        let offset = kept_before[ks.start / VECTORS_PER_TASK];
        if offset > 0 {
            part.iter_mut().for_each(|q| *q += offset);
        }
    });
    let nonempty = tasks.iter().map(|t| t.nonempty).sum();
    let lens: Vec<usize> = tasks.iter().map(|t| t.len).collect();
    let runs = |t: usize, emit: &mut dyn FnMut(Range<usize>)| {
        let first = t * VECTORS_PER_TASK;
        for k in first..(first + VECTORS_PER_TASK).min(c.nvec()) {
            let len = p[k + 1] - p[k];
            if len == 0 {
                continue;
            }
            let slots = c.range(k);
            let iv = iv(c.vector_id(k));
            if iv.except.is_none() && iv.lo == i128::MIN {
                emit(slots.start..slots.start + len);
            } else if iv.except.is_none() && iv.hi == i128::MAX {
                emit(slots.end - len..slots.end);
            } else {
                let [a, b] = kept_slots(c, iv, slots);
                emit(a);
                if !b.is_empty() {
                    emit(b);
                }
            }
        }
    };
    let (i, x) = c.x.gather_runs(c.i.as_idx(), &lens, &runs);
    let kept = Compressed {
        vlen: c.vlen,
        vdim: c.vdim,
        h: c.h.clone(),
        p,
        i,
        x,
    };
    kept.conform_counted(nonempty)
}

/// What one task of vectors keeps.
struct TaskCount {
    /// How many slots its vectors keep.
    len: usize,
    /// How many of its vectors keep a slot.
    nonempty: usize,
}

/// For each task of [`VECTORS_PER_TASK`] vectors, how many slots its vectors
/// keep; `ends` (one per vector) gets, for each vector, the slots its task
/// keeps up to the vector's end. `iv(j)` is vector `j`'s interval.
fn count_kept(
    c: &Compressed,
    ends: &mut [usize],
    iv: &(impl Fn(u64) -> Interval + Sync),
) -> Vec<TaskCount> {
    parallel::map_chunks_mut(ends, VECTORS_PER_TASK, |ks, ends| {
        let (mut len, mut nonempty) = (0, 0);
        for (k, end) in ks.zip(ends) {
            let [a, b] = kept_slots(c, iv(c.vector_id(k)), c.range(k));
            let n = a.len() + b.len();
            len += n;
            nonempty += usize::from(n > 0);
            *end = len;
        }
        TaskCount { len, nonempty }
    })
}

/// Vector lengths up to which the indices below a bound are counted by a
/// scan that stops at the first index at or above it (no setup at all);
/// longer vectors are binary-searched. A search reads a few cache lines of
/// the vector where a full scan reads all of them: with the input cold in
/// the cache, as after a build, counting by scans up to 256 entries made
/// `tril` of a 1.8 M-entry graph 10–25 % slower.
const SHORT_LEN: usize = 16;

/// How many of the increasing indices `idx` are below `bound`.
#[inline]
fn count_below(idx: IdxSlice, bound: u64) -> usize {
    if idx.len() <= SHORT_LEN {
        idx.iter().position(|x| x >= bound).unwrap_or(idx.len())
    } else {
        idx.count_below(bound)
    }
}

/// The slots of `slots` (one vector of `c`) whose inner indices lie in `iv`:
/// one run, or two around the excepted index.
#[inline(always)]
fn kept_slots(c: &Compressed, iv: Interval, slots: Range<usize>) -> [Range<usize>; 2] {
    let idx = c.i.idx_range(slots.clone());
    if idx.is_empty() {
        return [slots.clone(), slots];
    }
    let (first, last) = (idx.get(0) as i128, idx.get(idx.len() - 1) as i128);
    if iv.hi < first || iv.lo > last || iv.lo > iv.hi {
        return [slots.start..slots.start, slots.start..slots.start];
    }
    // Both bounds now lie within the vector's indices, so fit in `u64`.
    let start = if iv.lo <= first {
        slots.start
    } else {
        slots.start + count_below(idx, iv.lo as u64)
    };
    let end = if iv.hi >= last {
        slots.end
    } else {
        slots.start + count_below(idx, iv.hi as u64 + 1)
    };
    match iv.except {
        Some(e) if first <= e && e <= last => {
            let cut = start + c.i.idx_range(start..end).count_below(e as u64);
            let skip = cut < end && c.i.get(cut) == e as u64;
            [start..cut, cut + skip as usize..end]
        }
        _ => [start..end, end..end],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_agree_with_the_predicates() {
        use IndexUnaryCode::*;
        for code in [Tril, Triu, Diag, Offdiag, Colle, Colgt, Rowle, Rowgt] {
            for orient in [Orientation::ByRow, Orientation::ByCol] {
                for j in 0..5u64 {
                    for s in -3..4i64 {
                        let iv = interval(code, orient, j, s);
                        for i in 0..6u64 {
                            let (row, col) = match orient {
                                Orientation::ByRow => (j, i),
                                Orientation::ByCol => (i, j),
                            };
                            let x = i as i128;
                            let kept = iv.lo <= x && x <= iv.hi && iv.except != Some(x);
                            assert_eq!(
                                kept,
                                code.position_test(row, col, s),
                                "{code:?} {orient:?} {j} {i} {s}"
                            );
                        }
                    }
                }
            }
        }
    }
}
