//! Selecting by position on compressed data without testing each entry: in
//! every vector, the entries kept by `TRIL`, `TRIU`, `DIAG`, `OFFDIAG`,
//! `ROWLE`, `ROWGT`, `COLLE` and `COLGT` are a contiguous run of inner indices
//! (minus one index for `OFFDIAG`), found by binary search and copied whole.

use super::filter::{filter_compressed, Kept};
use crate::algebra::IndexUnaryCode;
use crate::storage::{Compressed, Format, Orientation};
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

/// `select` of compressed data (vectors in orientation `orient`) with a
/// positional predicate `code` and thunk `s`.
pub fn select_positional(
    c: &Compressed,
    orient: Orientation,
    code: IndexUnaryCode,
    s: i64,
) -> Format {
    filter_compressed(
        c,
        |kept: &mut Kept<'_>, _: &mut (), j, slots: Range<usize>| {
            let iv = interval(code, orient, j, s);
            let idx = &c.i[slots.clone()];
            let start = slots.start + idx.partition_point(|&x| (x as i128) < iv.lo);
            let end = slots.start + idx.partition_point(|&x| (x as i128) <= iv.hi);
            if start >= end {
                return;
            }
            match iv.except {
                Some(e) => {
                    let cut = start + c.i[start..end].partition_point(|&x| (x as i128) < e);
                    let skip = cut < end && c.i[cut] as i128 == e;
                    kept.push(c, start..cut);
                    kept.push(c, cut + skip as usize..end);
                }
                None => kept.push(c, start..end),
            }
        },
        || (),
    )
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
