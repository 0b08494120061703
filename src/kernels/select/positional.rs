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

/// Runs `$body` with `$iv` bound to the interval function of `code` in
/// orientation `orient` with thunk `s`: one copy of the code per
/// predicate, so that its interval folds into the loops.
macro_rules! each_predicate {
    ($orient:expr, $code:expr, $s:expr, $iv:ident => $body:expr) => {{
        let s = $s;
        each_predicate!(@ $orient, $code, s, $iv => $body;
            (ByRow, Tril), (ByRow, Triu), (ByRow, Diag), (ByRow, Offdiag),
            (ByRow, Colle), (ByRow, Colgt), (ByRow, Rowle), (ByRow, Rowgt),
            (ByCol, Tril), (ByCol, Triu), (ByCol, Diag), (ByCol, Offdiag),
            (ByCol, Colle), (ByCol, Colgt), (ByCol, Rowle), (ByCol, Rowgt))
    }};
    (@ $orient:expr, $code:expr, $s:ident, $iv:ident => $body:expr; $(($o:ident, $c:ident)),*) => {
        match ($orient, $code) {
            $((Orientation::$o, IndexUnaryCode::$c) => {
                let $iv = |j| interval(IndexUnaryCode::$c, Orientation::$o, j, $s);
                $body
            })*
            _ => unreachable!("not a positional predicate"),
        }
    };
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
    Format::Sparse(each_predicate!(orient, code, s, iv => select_by(c, iv)))
}

/// [`select_positional`] of data no one else reads: the kept runs are moved
/// to the front of its own arrays, one task of vectors after the other (no
/// second copy of the entries).
pub fn keep_positional(
    c: Compressed,
    orient: Orientation,
    code: IndexUnaryCode,
    s: i64,
) -> Compressed {
    each_predicate!(orient, code, s, iv => keep_by(c, iv))
}

/// [`select_positional`] with vector `j`'s interval `iv(j)`.
fn select_by(c: &Compressed, iv: impl Fn(u64) -> Interval + Sync) -> Compressed {
    let (p, tasks) = kept_pointers(c, &iv);
    let nonempty = tasks.iter().map(|t| t.nonempty).sum();
    let lens: Vec<usize> = tasks.iter().map(|t| t.len).collect();
    let runs = |t: usize, emit: &mut dyn FnMut(Range<usize>)| kept_runs(c, &p, &iv, t, emit);
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

/// [`keep_positional`] with vector `j`'s interval `iv(j)`. A task's runs
/// lie at or after the slots the tasks before it keep, so moving them in
/// task order never overwrites a slot still to be read.
fn keep_by(mut c: Compressed, iv: impl Fn(u64) -> Interval + Sync) -> Compressed {
    let (p, tasks) = kept_pointers(&c, &iv);
    let nonempty = tasks.iter().map(|t| t.nonempty).sum();
    let mut runs = Vec::new();
    let mut kept = 0;
    for t in 0..tasks.len() {
        runs.clear();
        kept_runs(&c, &p, &iv, t, &mut |r| runs.push(r));
        c.x.pack_runs(&runs, kept);
        kept = c.i.pack_runs(&runs, kept);
    }
    c.i.truncate(kept);
    c.x.truncate(kept);
    c.p = p;
    c.conform_counted(nonempty)
}

/// The result's vector pointers (`p` of the kept slots) and what each task
/// of vectors keeps.
fn kept_pointers(
    c: &Compressed,
    iv: &(impl Fn(u64) -> Interval + Sync),
) -> (Vec<usize>, Vec<TaskCount>) {
    let mut p = vec![0; c.nvec() + 1];
    let tasks = count_kept(c, &mut p[1..], iv);
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
    (p, tasks)
}

/// Emits, in order, the runs of slots of `c` kept in task `t`'s vectors
/// (`p`: the result's pointers, from [`kept_pointers`]).
fn kept_runs(
    c: &Compressed,
    p: &[usize],
    iv: &impl Fn(u64) -> Interval,
    t: usize,
    emit: &mut dyn FnMut(Range<usize>),
) {
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
    use crate::algebra::Value;
    use crate::storage::{Array, Indices};

    /// A `vlen × vdim` compressed matrix with pseudo-random entries, its
    /// indices narrow or wide, its values distinct or all one value, and
    /// hypersparse when `hyper`.
    fn random(vlen: u64, vdim: u64, seed: u64, narrow: bool, iso: bool, hyper: bool) -> Compressed {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        let (mut p, mut i) = (vec![0], Vec::new());
        for _ in 0..vdim {
            i.extend((0..vlen).filter(|_| next() % 3 == 0));
            p.push(i.len());
        }
        let x = if iso {
            Array::filled(&Value::new(7i32), i.len()).unwrap()
        } else {
            Array::from_vec((0..i.len() as i32).collect())
        };
        let i = if narrow {
            Indices::narrow(i.iter().map(|&j| j as u32).collect())
        } else {
            Indices::from(i)
        };
        let c = Compressed {
            vlen,
            vdim,
            h: None,
            p,
            i,
            x,
        };
        if hyper {
            c.into_hyper()
        } else {
            c
        }
    }

    #[test]
    fn kept_in_place_as_copied() {
        use IndexUnaryCode::*;
        let mut seed = 1;
        for (vlen, vdim) in [(0, 3), (5, 0), (9, 7), (40, 9000)] {
            for flags in 0..8 {
                let (narrow, iso, hyper) = (flags & 1 == 1, flags & 2 == 2, flags & 4 == 4);
                seed += 1;
                let c = random(vlen, vdim, seed, narrow, iso, hyper);
                for code in [Tril, Triu, Diag, Offdiag, Colle, Colgt, Rowle, Rowgt] {
                    for orient in [Orientation::ByRow, Orientation::ByCol] {
                        for s in [-3, 0, 2, 7000] {
                            let Format::Sparse(copied) = select_positional(&c, orient, code, s)
                            else {
                                unreachable!("compressed")
                            };
                            let kept = keep_positional(c.clone(), orient, code, s);
                            kept.check().unwrap();
                            assert_eq!(kept, copied, "{code:?} {orient:?} {s} {flags}");
                            assert_eq!(kept.i.is_narrow(), narrow);
                        }
                    }
                }
            }
        }
    }

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
