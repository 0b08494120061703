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
use crate::storage::ranges::copy_vec;
use crate::storage::{Array, ArrayElement, Format, Full, MatrixStore, Orientation};
use crate::with_type;

/// Positions per parallel task of an element-wise accumulation.
const POSITIONS_PER_TASK: usize = 1 << 14;

/// True when `s` holds an entry at every position (and has positions).
pub fn is_full(s: &MatrixStore) -> bool {
    s.nvals() > 0 && s.nvals() as u128 == s.nrows() as u128 * s.ncols() as u128
}

/// `C = accum(C, T)` for a `C` that holds every position: the position of
/// vector `v`, index `i` (in orientation `orient`) is `v * vlen + i`.
pub fn accumulate_into_full(
    old: &MatrixStore,
    ctype: &Type,
    orient: Orientation,
    accum: Option<&BinaryOp>,
    t: &MatrixStore,
) -> Result<MatrixStore> {
    let converted;
    let cx = match old.format() {
        Format::Full(f) if old.laid_out(orient) => &f.x,
        _ => {
            converted = old.try_compressed(orient)?;
            &converted.x
        }
    };
    let (vlen, vdim) = match orient {
        Orientation::ByRow => (old.ncols(), old.nrows()),
        Orientation::ByCol => (old.nrows(), old.ncols()),
    };
    let full = |x| MatrixStore::new(orient, Format::Full(Full { vlen, vdim, x }));
    if let Some(x) = typed_accumulate(cx, t, orient, accum)? {
        return Ok(full(x));
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
    Ok(full(values(cx, &tc.x, &src, ctype, accum)))
}

/// [`accumulate_into_full`] when `C`, `T` and the accumulator share one
/// built-in type (`None` otherwise): a dense `T` is combined position by
/// position in parallel; a sparse one is folded into a copy of `C`'s values.
fn typed_accumulate(
    cx: &Array,
    t: &MatrixStore,
    orient: Orientation,
    accum: Option<&BinaryOp>,
) -> Result<Option<Array>> {
    if accum.is_none() || !cx.ty().is_builtin() || t.ty().code() != cx.code() {
        return Ok(None);
    }
    with_type!(cx.code(), T => match typed_accum_fns::<T>(accum) {
        Some(f) => typed_accumulate_for::<T>(cx, t, orient, f).map(Some),
        None => Ok(None),
    }, udt => Ok(None))
}

fn typed_accumulate_for<T: Arith + ArrayElement>(
    cx: &Array,
    t: &MatrixStore,
    orient: Orientation,
    f: TypedFns<T, T>,
) -> Result<Array> {
    // An iso C or T is read expanded (the result stores every value anyway).
    let cx = cx.expanded()?;
    let c = cx.as_slice::<T>().expect("C's values have C's type");
    let dense = match t.format() {
        Format::Full(ft) if t.laid_out(orient) => Some((&ft.x, None)),
        Format::Bitmap(bt) if t.laid_out(orient) => Some((&bt.x, Some(&bt.b[..]))),
        _ => None,
    };
    if let Some((tx, present)) = dense {
        let tx = tx.expanded()?;
        let tx = tx.as_slice::<T>().expect("T's values have C's type");
        return Ok(T::into_array(combine_dense(c, tx, present, f.slices)));
    }
    let tc = t.try_compressed(orient)?;
    let tx = tc.x.values::<T>().expect("T's values have C's type");
    let mut x = copy_vec(c);
    for (v, i, qt) in tc.entries() {
        let q = (v * tc.vlen + i) as usize;
        x[q] = (f.one)(x[q], tx.at(qt));
    }
    Ok(T::into_array(x))
}

/// Positions of a dense combination computed together, on the stack.
const BLOCK: usize = 256;

/// `f(c[q], t[q])` at every position `q` (where `present` allows; `c[q]`
/// elsewhere), in parallel: `f` runs over blocks of slices (one call a
/// block, a loop the compiler vectorises), its results then kept or not.
/// A bitmap's hole holds a value no reader sees, which `f` may get: the
/// built-in operators are defined on every value.
fn combine_dense<T: Arith>(c: &[T], t: &[T], present: Option<&[bool]>, f: SliceFn<T, T>) -> Vec<T> {
    let n = c.len();
    let mut out = Vec::with_capacity(n);
    parallel::for_each_chunk_mut(
        &mut out.spare_capacity_mut()[..n],
        POSITIONS_PER_TASK,
        |r, out| {
            let mut z = [T::ZERO; BLOCK];
            for (k, out) in out.chunks_mut(BLOCK).enumerate() {
                let at = r.start + k * BLOCK..r.start + k * BLOCK + out.len();
                let (c, z) = (&c[at.clone()], &mut z[..out.len()]);
                f(c, &t[at.clone()], z);
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
        for code in [
            BinaryCode::Minus,
            BinaryCode::Div,
            BinaryCode::Max,
            BinaryCode::Second,
        ] {
            let f = arith_fns::<i64>(code).expect("arithmetic");
            let all = combine_dense(&c, &t, None, f.slices);
            let some = combine_dense(&c, &t, Some(&present), f.slices);
            for q in 0..n {
                let z = (f.one)(c[q], t[q]);
                assert_eq!(all[q], z, "{code:?} at {q}");
                assert_eq!(
                    some[q],
                    if present[q] { z } else { c[q] },
                    "{code:?} at {q}"
                );
            }
        }
    }
}
