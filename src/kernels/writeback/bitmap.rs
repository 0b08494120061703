//! The write-back into a bitmap, with an accumulator and no mask, when one
//! side is dense: a vector that an iterative algorithm fills up (the
//! distances of Bellman-Ford, `d = min(d, d min.+ A)`) is kept as a bitmap,
//! and `T`'s entries are matched by position instead of merged:
//!
//! * `C` bitmap, `T` bitmap or full: one pass over the positions;
//! * `C` bitmap, `T` compressed: `T`'s entries folded into `C` (in place
//!   when the write-back owns `C`, into a copy otherwise);
//! * `C` compressed, `T` bitmap: `C`'s entries folded into a copy of `T`;
//! * both compressed, with enough entries between them for a dense result:
//!   `C` scattered into a bitmap, `T` folded into it.
//!
//! Each needs `C`, `T` and the accumulator on one built-in type (the general
//! merge handles the rest). Entries are folded in parallel pieces, each
//! writing its own range of positions.

use super::dense::takes_dense_form;
use super::typed_accum;
use crate::algebra::arith::Arith;
use crate::algebra::typed_op::{FnOp, Max, Min, Op, Plus};
use crate::algebra::{BinaryCode, BinaryOp};
use crate::error::{check_room, Result};
use crate::explain::step;
use crate::parallel;
use crate::storage::compressed::DENSE_PIECE_ENTRIES;
use crate::storage::ranges::copy_vec;
use crate::storage::store::compressed_to_bitmap;
use crate::storage::{ArrayElement, Bitmap, Compressed, Format, MatrixStore, Orientation, Values};
use crate::with_type;
use std::borrow::Cow;

/// Positions per parallel task of the position-by-position pass.
const POSITIONS_PER_TASK: usize = 1 << 14;

/// `C = accum(C, T)` as a bitmap (full when every position ends up held),
/// or `C` given back when the shapes or types are not the ones this module
/// handles.
pub fn accumulate_into_bitmap<'a>(
    old: Cow<'a, MatrixStore>,
    orient: Orientation,
    accum: &BinaryOp,
    t: &MatrixStore,
) -> Result<std::result::Result<MatrixStore, Cow<'a, MatrixStore>>> {
    let code = old.values().code();
    if !old.ty().is_builtin() || t.ty().code() != code {
        return Ok(Err(old));
    }
    with_type!(code, T => match typed_accum::<T>(Some(accum)) {
        Some(f) => typed::<T>(old, orient, accum, t, f),
        None => Ok(Err(old)),
    }, udt => Ok(Err(old)))
}

/// A dense side: values at every position and, for a bitmap, its flags.
struct Dense<'a, T> {
    x: Values<'a, T>,
    /// How many positions there are.
    len: usize,
    b: Option<&'a [bool]>,
    /// How many positions are held.
    nvals: usize,
}

/// The dense form of `s` laid out as in `orient`, if it has one.
fn dense<T: ArrayElement>(s: &MatrixStore, orient: Orientation) -> Option<Dense<'_, T>> {
    if !s.laid_out(orient) {
        return None;
    }
    match s.format() {
        Format::Bitmap(b) => Some(Dense {
            x: b.x.values::<T>()?,
            len: b.b.len(),
            b: Some(&b.b),
            nvals: b.nvals,
        }),
        Format::Full(f) => Some(Dense {
            x: f.x.values::<T>()?,
            len: f.x.len(),
            b: None,
            nvals: f.x.len(),
        }),
        Format::Sparse(_) => None,
    }
}

/// [`accumulate_into_bitmap`] for values of type `T`, combined by `f`.
fn typed<'a, T: Arith + ArrayElement>(
    old: Cow<'a, MatrixStore>,
    orient: Orientation,
    accum: &BinaryOp,
    t: &MatrixStore,
    f: fn(T, T) -> T,
) -> Result<std::result::Result<MatrixStore, Cow<'a, MatrixStore>>> {
    let c_sparse = match old.format() {
        Format::Bitmap(_) => false,
        Format::Sparse(_) => true,
        Format::Full(_) => return Ok(Err(old)),
    };
    let (vlen, vdim) = match orient {
        Orientation::ByRow => (old.ncols(), old.nrows()),
        Orientation::ByCol => (old.nrows(), old.ncols()),
    };
    let t_dense = dense::<T>(t, orient);
    let c_bitmap = !c_sparse && old.laid_out(orient);
    let (x, b, nvals) = match t_dense {
        Some(t) if c_bitmap => {
            let c = dense::<T>(&old, orient).expect("a bitmap laid out in orient");
            room::<T>(c.len)?;
            match accum.code() {
                Some(BinaryCode::Min) => combine(&c, &t, Min),
                Some(BinaryCode::Max) => combine(&c, &t, Max),
                Some(BinaryCode::Plus) => combine(&c, &t, Plus),
                _ => combine(&c, &t, FnOp(f)),
            }
        }
        None if c_bitmap => {
            let tc = t.try_compressed(orient)?;
            let (x, b, held) = dense_buffers::<T>(old)?;
            fold(x, b, held, &tc, f)
        }
        Some(t) if c_sparse => {
            room::<T>(t.len)?;
            let cc = old.try_compressed(orient)?;
            let (x, b) = copy_dense(&t);
            fold(x, b, t.nvals, &cc, move |held, c| f(c, held))
        }
        // Both compressed, the result dense enough (a BFS-like algorithm's
        // `paths += frontier` filling up): C scattered into a bitmap, T
        // folded into it.
        None if c_sparse && takes_dense_form(&old, t.nvals() as u64, orient) => {
            let cc = old.try_compressed(orient)?;
            room::<T>((cc.vlen * cc.vdim) as usize)?;
            let Bitmap { b, x, nvals, .. } = compressed_to_bitmap(&cc)?;
            let x = T::into_vec(x).unwrap_or_else(|_| unreachable!("C's values have C's type"));
            fold(x, b, nvals, &*t.try_compressed(orient)?, f)
        }
        _ => return Ok(Err(old)),
    };
    let bitmap = Bitmap {
        vlen,
        vdim,
        b,
        x: T::into_array(x),
        nvals,
    };
    Ok(Ok(
        MatrixStore::new(orient, Format::Bitmap(bitmap)).conform()
    ))
}

/// The values, flags and count of a bitmap `C` laid out as the result is:
/// its own buffers when the write-back owns it (changed in place), a copy
/// otherwise.
fn dense_buffers<T: ArrayElement>(old: Cow<'_, MatrixStore>) -> Result<(Vec<T>, Vec<bool>, usize)> {
    if let Cow::Owned(store) = old {
        if let Format::Bitmap(Bitmap { b, x, nvals, .. }) = store.into_parts().1 {
            step(|| "in place: the output's bitmap is reused (no copy)".into());
            let x = T::into_vec(x).unwrap_or_else(|_| unreachable!("C's values have C's type"));
            return Ok((x, b, nvals));
        }
        unreachable!("C is a bitmap");
    }
    let c = dense::<T>(&old, old.orient()).expect("a bitmap");
    room::<T>(c.len)?;
    let (x, b) = copy_dense(&c);
    Ok((x, b, c.nvals))
}

/// Probes for the result's values and flags at `n` positions.
fn room<T>(n: usize) -> Result<()> {
    check_room(n, std::mem::size_of::<T>() + 1, "the write-back")
}

/// A dense side's values and flags, copied (flags all set for a full one).
fn copy_dense<T: Copy + Send + Sync>(d: &Dense<'_, T>) -> (Vec<T>, Vec<bool>) {
    let b = match d.b {
        Some(b) => copy_vec(b),
        None => vec![true; d.len],
    };
    let x = match d.x.stored() {
        Some(x) => copy_vec(x),
        None => vec![d.x.at(0); d.len],
    };
    (x, b)
}

/// Folds the entries of `s` into the dense values `x` and flags `b` (with
/// `held` flags set): where a position is held, `x = g(x, entry)`, elsewhere
/// the entry is placed. In parallel pieces of `s`, each writing its own
/// range of positions. Returns them with the number of flags now set.
fn fold<T: ArrayElement + Copy + Send + Sync>(
    mut x: Vec<T>,
    mut b: Vec<bool>,
    held: usize,
    s: &Compressed,
    g: impl Fn(T, T) -> T + Sync,
) -> (Vec<T>, Vec<bool>, usize) {
    let sx = s.x.values::<T>().expect("one type on both sides");
    let (slots, positions) = s.dense_pieces(DENSE_PIECE_ENTRIES);
    let added = parallel::map_ranges_mut(&mut x, &mut b, &positions, |t, x, b| {
        let (base, mut added) = (positions[t].start, 0);
        s.for_each_position_in(slots[t].clone(), |d, q| {
            let at = d - base;
            x[at] = if b[at] { g(x[at], sx.at(q)) } else { sx.at(q) };
            added += !b[at] as usize;
            b[at] = true;
        });
        added
    });
    (x, b, held + added.iter().sum::<usize>())
}

/// `accum(c, t)` where both hold a position, the one that does elsewhere, in
/// parallel; `c` is a bitmap. Returns the values, flags and how many are set.
fn combine<T: Copy + Default + Send + Sync>(
    c: &Dense<'_, T>,
    t: &Dense<'_, T>,
    f: impl Op<T>,
) -> (Vec<T>, Vec<bool>, usize) {
    let n = c.len;
    let cb = c.b.expect("C is a bitmap");
    let chunks = parallel::chunk_ranges(n, POSITIONS_PER_TASK);
    let (x, b, counts) = parallel::map_ranges_new(n, (T::default(), false), &chunks, |k, x, b| {
        let r = chunks[k].clone();
        let (cb, base) = (&cb[r.clone()], r.start);
        let (cx, tx) = (|q: usize| c.x.at(base + q), |q: usize| t.x.at(base + q));
        match t.b {
            None => {
                for q in 0..x.len() {
                    x[q] = if cb[q] { f.f(cx(q), tx(q)) } else { tx(q) };
                }
                b.fill(true);
                x.len()
            }
            Some(tb) => {
                let tb = &tb[r];
                for q in 0..x.len() {
                    let both = f.f(cx(q), tx(q));
                    x[q] = match (cb[q], tb[q]) {
                        (true, true) => both,
                        (false, true) => tx(q),
                        _ => cx(q),
                    };
                    b[q] = cb[q] | tb[q];
                }
                b.iter().filter(|&&h| h).count()
            }
        }
    });
    (x, b, counts.iter().sum())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::TypeCode;
    use crate::storage::Array;

    /// A result's entries, in order.
    fn held(s: &MatrixStore) -> Vec<(u64, f64)> {
        let c = s.compressed(Orientation::ByCol);
        let x: &[f64] = c.x.as_slice().unwrap();
        c.entries().map(|(_, i, q)| (i, x[q])).collect()
    }

    fn vector(n: u64, entries: &[(u64, f64)], format: &str) -> MatrixStore {
        let mut b = vec![false; n as usize];
        let mut x = vec![0.0; n as usize];
        for &(i, v) in entries {
            b[i as usize] = true;
            x[i as usize] = v;
        }
        let bitmap = Bitmap {
            vlen: n,
            vdim: 1,
            nvals: entries.len(),
            b,
            x: Array::from_vec(x),
        };
        let s = MatrixStore::new(Orientation::ByCol, Format::Bitmap(bitmap));
        match format {
            "bitmap" => s,
            "sparse" => {
                let c = s.compressed(Orientation::ByCol).into_owned();
                MatrixStore::from_compressed(Orientation::ByCol, c)
            }
            _ => s.conform(),
        }
    }

    #[test]
    fn large_sides_fold_in_pieces_like_a_merge() {
        // Enough entries for several pieces of the parallel fold and spread.
        let n = 3 * DENSE_PIECE_ENTRIES as u64 + 7;
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
        let c_entries: Vec<(u64, f64)> = (0..n).step_by(3).map(|i| (i, i as f64)).collect();
        let t_entries: Vec<(u64, f64)> = (0..n).step_by(2).map(|i| (i, 0.5)).collect();
        let want: Vec<(u64, f64)> = (0..n)
            .filter(|i| i % 2 == 0 || i % 3 == 0)
            .map(|i| {
                let c = if i % 3 == 0 { i as f64 } else { 0.0 };
                (i, c + if i % 2 == 0 { 0.5 } else { 0.0 })
            })
            .collect();
        let t = vector(n, &t_entries, "sparse");
        for cf in ["bitmap", "sparse"] {
            let c = vector(n, &c_entries, cf);
            let Ok(out) =
                accumulate_into_bitmap(Cow::Owned(c), Orientation::ByCol, &plus, &t).unwrap()
            else {
                panic!("handled")
            };
            assert_eq!(held(&out), want, "{cf}");
        }
    }

    #[test]
    fn every_pairing_of_sides_matches_a_merge() {
        let min = BinaryOp::builtin(BinaryCode::Min, TypeCode::Fp64).unwrap();
        let c_entries = [(0, 5.0), (2, 1.0), (5, -3.0)];
        let t_entries = [(1, 7.0), (2, 4.0), (5, -8.0), (6, 0.5)];
        let want = vec![(0, 5.0), (1, 7.0), (2, 1.0), (5, -8.0), (6, 0.5)];
        for (cf, tf) in [
            ("bitmap", "bitmap"),
            ("bitmap", "sparse"),
            ("sparse", "bitmap"),
            ("sparse", "sparse"),
        ] {
            let t = vector(8, &t_entries, tf);
            // Borrowed C is copied; owned C lends its buffers.
            for old in [
                Cow::Borrowed(&vector(8, &c_entries, cf)),
                Cow::Owned(vector(8, &c_entries, cf)),
            ] {
                let Ok(out) = accumulate_into_bitmap(old, Orientation::ByCol, &min, &t).unwrap()
                else {
                    panic!("handled")
                };
                assert!(matches!(out.format(), Format::Bitmap(_)), "{cf} {tf}");
                assert_eq!(out.nvals(), want.len());
                assert_eq!(held(&out), want, "{cf} {tf}");
            }
        }
        // A full T fills every position: the result is full.
        let full: Vec<(u64, f64)> = (0..8).map(|i| (i, 2.0)).collect();
        let t = vector(8, &full, "full");
        let c = vector(8, &c_entries, "bitmap");
        let Ok(out) =
            accumulate_into_bitmap(Cow::Borrowed(&c), Orientation::ByCol, &min, &t).unwrap()
        else {
            panic!("handled")
        };
        assert!(matches!(out.format(), Format::Full(_)));
        let got = held(&out);
        assert_eq!(got[0], (0, 2.0));
        assert_eq!(got[5], (5, -3.0));
        // Two compressed sides too sparse for a dense result are left to
        // the general merge.
        let (c, t) = (
            vector(1000, &c_entries, "sparse"),
            vector(1000, &t_entries, "sparse"),
        );
        assert!(
            accumulate_into_bitmap(Cow::Borrowed(&c), Orientation::ByCol, &min, &t)
                .unwrap()
                .is_err()
        );
    }
}
