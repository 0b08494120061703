//! The write-back into an output that holds every position, with an
//! accumulator and no mask (a dense vector updated by an operation each
//! iteration, as PageRank and other iterative algorithms do): `C` keeps its
//! pattern, and `T`'s entries are matched by position, without a merge.

use super::{typed_accum_fns, values, Src};
use crate::algebra::arith::Arith;
use crate::algebra::binary::{SliceFn, TypedFns};
use crate::algebra::{BinaryOp, Type};
use crate::error::{check_room, Result};
use crate::parallel;
use crate::storage::compressed::DENSE_PIECE_ENTRIES;
use crate::storage::ranges::copy_vec;
use crate::storage::{Array, ArrayElement, Format, Full, MatrixStore, Orientation, Values};
use crate::with_type;
use std::borrow::Cow;

/// Positions per parallel task of an element-wise accumulation.
const POSITIONS_PER_TASK: usize = 1 << 14;

/// True when `s` holds an entry at every position (and has positions).
pub fn is_full(s: &MatrixStore) -> bool {
    s.nvals() > 0 && s.nvals() as u128 == s.nrows() as u128 * s.ncols() as u128
}

/// `C = accum(C, T)` for a `C` that holds every position: the position of
/// vector `v`, index `i` (in orientation `orient`) is `v * vlen + i`. An
/// owned `old` held full in `orient` lends its values, which a sparse `T`
/// then updates in place (a few entries folded into a large dense `C` cost
/// those entries, not a copy of `C`).
pub fn accumulate_into_full(
    old: Cow<'_, MatrixStore>,
    ctype: &Type,
    orient: Orientation,
    accum: Option<&BinaryOp>,
    t: &MatrixStore,
) -> Result<MatrixStore> {
    let (vlen, vdim) = match orient {
        Orientation::ByRow => (old.ncols(), old.nrows()),
        Orientation::ByCol => (old.nrows(), old.ncols()),
    };
    let full = |x| MatrixStore::new(orient, Format::Full(Full { vlen, vdim, x }));
    let converted;
    let cx: Cow<'_, Array> = match old {
        Cow::Owned(s) if full_values(&s, orient).is_some() => Cow::Owned(s.into_values()),
        ref old => match full_values(old, orient) {
            Some(x) => Cow::Borrowed(x),
            None => {
                converted = old.try_compressed(orient)?;
                Cow::Borrowed(&converted.x)
            }
        },
    };
    // A `T` of another built-in type, under an accumulator on `C`'s type,
    // is cast to that type once (the spec casts it to the accumulator's
    // second input) and takes the typed path.
    let cast;
    let t = match cast_for_typed(&cx, t, accum) {
        Some(c) => {
            cast = c;
            &cast
        }
        None => t,
    };
    if typed_applies(&cx, t, accum) {
        return Ok(full(typed_accumulate(cx, t, orient, accum)?));
    }
    // One probe for a source and a new value (twice for the byte-level
    // path) per position.
    let per_position = std::mem::size_of::<Src>() + 2 * ctype.size();
    check_room(cx.len(), per_position, "the write-back")?;
    let tc = t.try_compressed(orient)?;
    let mut src: Vec<Src> = (0..cx.len()).map(Src::C).collect();
    for (v, i, qt) in tc.entries() {
        let q = (v * tc.vlen + i) as usize;
        src[q] = Src::Both(q, qt);
    }
    Ok(full(values(&cx, &tc.x, &src, ctype, accum)))
}

/// The values of `s` when it is full and laid out in `orient`.
fn full_values(s: &MatrixStore, orient: Orientation) -> Option<&Array> {
    match s.format() {
        Format::Full(f) if s.laid_out(orient) => Some(&f.x),
        _ => None,
    }
}

/// True when `C` (values `cx`), `T` and the accumulator share one built-in
/// type with typed functions: [`typed_accumulate`] applies.
fn typed_applies(cx: &Array, t: &MatrixStore, accum: Option<&BinaryOp>) -> bool {
    accum.is_some()
        && cx.ty().is_builtin()
        && t.ty().code() == cx.code()
        && with_type!(cx.code(), T => typed_accum_fns::<T>(accum).is_some(), udt => false)
}

/// `T` with its values cast to `C`'s type, when they have another built-in
/// type and that makes [`typed_applies`] true.
fn cast_for_typed(cx: &Array, t: &MatrixStore, accum: Option<&BinaryOp>) -> Option<MatrixStore> {
    let other_builtin = t.ty() != cx.ty() && t.ty().is_builtin() && cx.ty().is_builtin();
    let accum_on_c = accum.is_some()
        && with_type!(cx.code(), T => typed_accum_fns::<T>(accum).is_some(), udt => false);
    if !other_builtin || !accum_on_c {
        return None;
    }
    let t = super::cast_store(std::sync::Arc::new(t.clone()), &cx.ty(), t.orient());
    Some(std::sync::Arc::unwrap_or_clone(t))
}

/// [`accumulate_into_full`] when [`typed_applies`]: a dense `T` is combined
/// position by position in parallel; a sparse one is folded into `C`'s
/// values (a copy of them when borrowed) in parallel pieces of its entries.
fn typed_accumulate(
    cx: Cow<'_, Array>,
    t: &MatrixStore,
    orient: Orientation,
    accum: Option<&BinaryOp>,
) -> Result<Array> {
    with_type!(cx.code(), T => match typed_accum_fns::<T>(accum) {
        Some(f) => typed_accumulate_for::<T>(cx, t, orient, f),
        None => unreachable!("typed_applies checked the functions"),
    }, udt => unreachable!("typed_applies checked a built-in type"))
}

fn typed_accumulate_for<T: Arith + ArrayElement>(
    cx: Cow<'_, Array>,
    t: &MatrixStore,
    orient: Orientation,
    f: TypedFns<T, T>,
) -> Result<Array> {
    let dense = match t.format() {
        Format::Full(ft) if t.laid_out(orient) => Some((&ft.x, None)),
        Format::Bitmap(bt) if t.laid_out(orient) => Some((&bt.x, Some(&bt.b[..]))),
        _ => None,
    };
    if let Some((tx, present)) = dense {
        let tx = tx.values::<T>().expect("T's values have C's type");
        let x = match cx {
            // C's own stored values are updated in place.
            Cow::Owned(a) if a.iso().is_none() => {
                let mut x = T::into_vec(a).expect("C's values have C's type");
                combine_dense_into(&mut x, tx, present, f.slices);
                x
            }
            cx => {
                let c = cx.values::<T>().expect("C's values have C's type");
                combine_dense(c, tx, cx.len(), present, f.slices)
            }
        };
        return Ok(T::into_array(x));
    }
    let tc = t.try_compressed(orient)?;
    let tx = tc.x.values::<T>().expect("T's values have C's type");
    let mut x = match cx {
        Cow::Owned(a) => T::into_vec(a).expect("C's values have C's type"),
        Cow::Borrowed(a) => copy_vec(a.expanded()?.as_slice::<T>().expect("C's type")),
    };
    let (slots, positions) = tc.dense_pieces(DENSE_PIECE_ENTRIES);
    parallel::for_each_range_mut(&mut x, &positions, |t, x| {
        let base = positions[t].start;
        tc.for_each_position_in(slots[t].clone(), |d, qt| {
            x[d - base] = (f.one)(x[d - base], tx.at(qt));
        });
    });
    Ok(T::into_array(x))
}

/// Positions of a dense combination computed together, on the stack.
const BLOCK: usize = 256;

/// `f(c[q], t[q])` at every position `q < n` (where `present` allows;
/// `c[q]` elsewhere), in parallel: `f` runs over blocks of slices (one call
/// a block, a loop the compiler vectorises), its results then kept or not.
/// An iso `c` or `t` is read from a block of its value, not expanded.
/// A bitmap's hole holds a value no reader sees, which `f` may get: the
/// built-in operators are defined on every value.
fn combine_dense<T: Arith>(
    c: Values<'_, T>,
    t: Values<'_, T>,
    n: usize,
    present: Option<&[bool]>,
    f: SliceFn<T, T>,
) -> Vec<T> {
    let mut out = Vec::with_capacity(n);
    parallel::for_each_chunk_mut(
        &mut out.spare_capacity_mut()[..n],
        POSITIONS_PER_TASK,
        |r, out| {
            let mut z = [T::ZERO; BLOCK];
            let (block_c, block_t) = (c.block::<BLOCK>(r.start), t.block::<BLOCK>(r.start));
            for (k, out) in out.chunks_mut(BLOCK).enumerate() {
                let at = r.start + k * BLOCK..r.start + k * BLOCK + out.len();
                let (c, z) = (c.slice(at.clone(), &block_c), &mut z[..out.len()]);
                f(c, t.slice(at.clone(), &block_t), z);
                match present {
                    None => {
                        for (o, &v) in out.iter_mut().zip(z.iter()) {
                            o.write(v);
                        }
                    }
                    Some(b) => {
                        for (((o, &v), &cq), &bq) in out.iter_mut().zip(z.iter()).zip(c).zip(&b[at])
                        {
                            o.write(if bq { v } else { cq });
                        }
                    }
                }
            }
        },
    );
    // SAFETY: the chunks cover `0..n`, and every position was written.
    unsafe { out.set_len(n) };
    out
}

/// [`combine_dense`] into `c` itself: `c[q] = f(c[q], t[q])` where
/// `present` allows.
fn combine_dense_into<T: Arith>(
    c: &mut [T],
    t: Values<'_, T>,
    present: Option<&[bool]>,
    f: SliceFn<T, T>,
) {
    parallel::for_each_chunk_mut(c, POSITIONS_PER_TASK, |r, c| {
        let mut z = [T::ZERO; BLOCK];
        let block_t = t.block::<BLOCK>(r.start);
        for (k, c) in c.chunks_mut(BLOCK).enumerate() {
            let at = r.start + k * BLOCK..r.start + k * BLOCK + c.len();
            let z = &mut z[..c.len()];
            f(c, t.slice(at.clone(), &block_t), z);
            match present {
                None => c.copy_from_slice(z),
                Some(b) => {
                    for ((cq, &v), &bq) in c.iter_mut().zip(z.iter()).zip(&b[at]) {
                        if bq {
                            *cq = v;
                        }
                    }
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::binary::arith_fns;
    use crate::algebra::BinaryCode;

    #[test]
    fn dense_combinations_match_the_operator_at_every_position() {
        // Several tasks and a last block that is not full.
        let n = 2 * POSITIONS_PER_TASK + BLOCK + 7;
        let c: Vec<i64> = (0..n as i64).map(|q| q % 97 - 40).collect();
        let t: Vec<i64> = (0..n as i64).map(|q| (q * 7) % 13 - 6).collect();
        let present: Vec<bool> = (0..n).map(|q| q % 3 != 1).collect();
        // Each side stored or iso (one value, read without expansion).
        let stored = |x: &Vec<i64>| Array::from_vec(x.clone());
        let iso = |x: &Vec<i64>| Array::iso_of(Array::from_vec(vec![x[5]]), n);
        let sides = [
            (stored(&c), stored(&t)),
            (iso(&c), stored(&t)),
            (stored(&c), iso(&t)),
            (iso(&c), iso(&t)),
        ];
        for (ca, ta) in &sides {
            let (cv, tv) = (ca.values::<i64>().unwrap(), ta.values::<i64>().unwrap());
            for code in [
                BinaryCode::Minus,
                BinaryCode::Div,
                BinaryCode::Max,
                BinaryCode::Second,
            ] {
                let f = arith_fns::<i64>(code).expect("arithmetic");
                let all = combine_dense(cv, tv, n, None, f.slices);
                let some = combine_dense(cv, tv, n, Some(&present), f.slices);
                let in_place = |present| {
                    let mut x: Vec<i64> = (0..n).map(|q| cv.at(q)).collect();
                    combine_dense_into(&mut x, tv, present, f.slices);
                    x
                };
                assert_eq!(in_place(None), all, "{code:?} in place");
                assert_eq!(in_place(Some(&present)), some, "{code:?} in place");
                for q in 0..n {
                    let z = (f.one)(cv.at(q), tv.at(q));
                    assert_eq!(all[q], z, "{code:?} at {q}");
                    assert_eq!(
                        some[q],
                        if present[q] { z } else { cv.at(q) },
                        "{code:?} at {q}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_sparse_t_updates_an_owned_output_in_place() {
        // Entries enough for several pieces of the parallel fold.
        let n = 3 * DENSE_PIECE_ENTRIES as u64 + 5;
        let c = |x: Vec<f64>| {
            MatrixStore::new(
                Orientation::ByCol,
                Format::Full(Full {
                    vlen: n,
                    vdim: 1,
                    x: Array::from_vec(x),
                }),
            )
        };
        let values: Vec<f64> = (0..n).map(|q| q as f64).collect();
        // T holds every even position q, with the value q / 2.
        let evens: Vec<u64> = (0..n).step_by(2).collect();
        let halves: Vec<f64> = evens.iter().map(|&q| (q / 2) as f64).collect();
        let t = MatrixStore::from_compressed(
            Orientation::ByCol,
            crate::storage::Compressed::vector(n, evens, Array::from_vec(halves)),
        );
        let plus = BinaryOp::builtin(BinaryCode::Plus, crate::algebra::TypeCode::Fp64).unwrap();
        let (old, borrowed) = (c(values.clone()), c(values));
        let before = old.values().as_slice::<f64>().unwrap().as_ptr();
        let ty = Type::FP64;
        let owned = accumulate_into_full(Cow::Owned(old), &ty, Orientation::ByCol, Some(&plus), &t);
        let owned = owned.unwrap();
        let copied = accumulate_into_full(
            Cow::Borrowed(&borrowed),
            &ty,
            Orientation::ByCol,
            Some(&plus),
            &t,
        );
        let x = owned.values().as_slice::<f64>().unwrap();
        assert_eq!(
            x.as_ptr(),
            before,
            "the owned values are updated, not copied"
        );
        for (q, &v) in x.iter().enumerate() {
            let want = q as f64 + if q % 2 == 0 { (q / 2) as f64 } else { 0.0 };
            assert_eq!(v, want, "position {q}");
        }
        assert_eq!(copied.unwrap().values().as_slice::<f64>().unwrap(), x);
        assert_eq!(borrowed.values().as_slice::<f64>().unwrap()[3], 3.0);
    }

    /// A `T` of another type (here `INT64` into `FP64` under `MAX_FP64`) is
    /// cast to `C`'s type and updates `C`'s own values, as one of its type.
    #[test]
    fn a_sparse_t_of_another_type_is_cast_once() {
        let n = 100u64;
        let values: Vec<f64> = (0..n).map(|q| q as f64 / 2.0).collect();
        let old = MatrixStore::new(
            Orientation::ByCol,
            Format::Full(Full {
                vlen: n,
                vdim: 1,
                x: Array::from_vec(values),
            }),
        );
        let before = old.values().as_slice::<f64>().unwrap().as_ptr();
        let t = MatrixStore::from_compressed(
            Orientation::ByCol,
            crate::storage::Compressed::vector(n, vec![3, 90], Array::from_vec(vec![7i64, -5])),
        );
        let max = BinaryOp::builtin(BinaryCode::Max, crate::algebra::TypeCode::Fp64).unwrap();
        let got = accumulate_into_full(
            Cow::Owned(old),
            &Type::FP64,
            Orientation::ByCol,
            Some(&max),
            &t,
        )
        .unwrap();
        let x = got.values().as_slice::<f64>().unwrap();
        assert_eq!(x.as_ptr(), before, "C's values are updated in place");
        assert_eq!((x[3], x[90], x[4]), (7.0, 45.0, 2.0));
    }
}
