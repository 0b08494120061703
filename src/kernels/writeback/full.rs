//! The write-back into an output that holds every position, with an
//! accumulator and no mask (a dense vector updated by an operation each
//! iteration, as PageRank and other iterative algorithms do): `C` keeps its
//! pattern, and `T`'s entries are matched by position, without a merge.

use super::{typed_accum, values, Src};
use crate::algebra::arith::Arith;
use crate::algebra::typed_op::{FnOp, Max, Min, Op, Plus};
use crate::algebra::{BinaryCode, BinaryOp, Type};
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
    with_type!(cx.code(), T => match typed_accum::<T>(accum) {
        Some(f) => typed_accumulate_for::<T>(cx, t, orient, accum, f).map(Some),
        None => Ok(None),
    }, udt => Ok(None))
}

fn typed_accumulate_for<T: Arith + ArrayElement>(
    cx: &Array,
    t: &MatrixStore,
    orient: Orientation,
    accum: Option<&BinaryOp>,
    f: fn(T, T) -> T,
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
        // The accumulators of iterative algorithms get loops of their own
        // (inlined and vectorised); others call through the pointer.
        let x = match accum.and_then(BinaryOp::code) {
            Some(BinaryCode::Min) => combine_dense(c, tx, present, Min),
            Some(BinaryCode::Max) => combine_dense(c, tx, present, Max),
            Some(BinaryCode::Plus) => combine_dense(c, tx, present, Plus),
            _ => combine_dense(c, tx, present, FnOp(f)),
        };
        return Ok(T::into_array(x));
    }
    let tc = t.try_compressed(orient)?;
    let tx = tc.x.values::<T>().expect("T's values have C's type");
    let mut x = copy_vec(c);
    for (v, i, qt) in tc.entries() {
        let q = (v * tc.vlen + i) as usize;
        x[q] = f(x[q], tx.at(qt));
    }
    Ok(T::into_array(x))
}

/// `f(c[q], t[q])` at every position `q` (where `present` allows; `c[q]`
/// elsewhere), in parallel.
fn combine_dense<T: Copy + Send + Sync>(
    c: &[T],
    t: &[T],
    present: Option<&[bool]>,
    f: impl Op<T>,
) -> Vec<T> {
    let n = c.len();
    let mut out = Vec::with_capacity(n);
    parallel::for_each_chunk_mut(
        &mut out.spare_capacity_mut()[..n],
        POSITIONS_PER_TASK,
        |r, out| {
            let (c, t) = (&c[r.clone()], &t[r.clone()]);
            match present {
                None => {
                    for ((o, &cq), &tq) in out.iter_mut().zip(c).zip(t) {
                        o.write(f.f(cq, tq));
                    }
                }
                Some(b) => {
                    for (((o, &cq), &tq), &bq) in out.iter_mut().zip(c).zip(t).zip(&b[r]) {
                        o.write(if bq { f.f(cq, tq) } else { cq });
                    }
                }
            }
        },
    );
    // SAFETY: the chunks cover `0..n`, and every position was written.
    unsafe { out.set_len(n) };
    out
}
