//! The write-back `C<M, replace> = accum(C, T)`: the one place where the result
//! `T` of every operation reaches its output, with the spec's mask, accumulator,
//! replace and typecasting semantics.
//!
//! Spec 2.1 (the "standard matrix accumulate" and "mask and replace"):
//! * `Z = T` without an accumulator; with one, `Z` is the union of `C` and `T`
//!   with `Z(i,j) = accum(C(i,j), T(i,j))` where both exist, and otherwise the
//!   one that exists. `Z` has the accumulator's output domain, so every value of
//!   `Z` is cast to that domain and then to `C`'s type.
//! * With replace, `C = Z ∩ M`; without, `C = (C ∩ ¬M) ∪ (Z ∩ M)`.
//!
//! Kernels may use the mask to skip work; the semantics stay defined here.

pub mod dense;
mod full;

use self::full::{accumulate_into_full, is_full};
use super::assemble::{self, Part, Task};
use super::mask::Mask;
use crate::algebra::arith::Arith;
use crate::algebra::element::byte_cast_fn;
use crate::algebra::{BinaryOp, Type};
use crate::error::{check_room, Result};
use crate::object::Matrix;
use crate::storage::{Array, ArrayElement, Compressed, MatrixStore, Orientation};
use crate::{ensure, fail, with_type};
use std::ops::Range;
use std::sync::Arc;

/// Where an output value comes from.
#[derive(Clone, Copy, Debug)]
pub enum Src {
    /// The old `C` value, unchanged (outside the mask).
    Keep(usize),
    /// The old `C` value as an entry of `Z` (inside the mask, no `T` there).
    C(usize),
    /// The `T` value at this position.
    T(usize),
    /// Both: `accum(C, T)`.
    Both(usize, usize),
}

/// Checks an operation's output arguments: mask dimensions, and that the
/// accumulator (if any) fits `C`'s type and the result type `t_ty`, or without
/// an accumulator that `t_ty` can be cast to `C`'s type.
pub fn check_output(
    c: &Matrix,
    nrows: u64,
    ncols: u64,
    mask: Option<&Mask>,
    accum: Option<&BinaryOp>,
    t_ty: &Type,
) -> Result<()> {
    ensure!(
        c.nrows() == nrows && c.ncols() == ncols,
        DimensionMismatch,
        "output is {}x{} but the result is {nrows}x{ncols}",
        c.nrows(),
        c.ncols()
    );
    if let Some(m) = mask {
        m.check_dims(nrows, ncols)?;
    }
    match accum {
        Some(op) => op.check_domains(c.ty(), c.ty(), t_ty)?,
        None => ensure!(
            t_ty.compatible(c.ty()),
            DomainMismatch,
            "a result of type {t_ty:?} cannot be stored in a {:?} output",
            c.ty()
        ),
    }
    Ok(())
}

/// `C<M, replace> = accum(C, T)` on the object `c`. `T` may be shared with
/// other objects: when it already has `C`'s type and orientation and nothing is
/// merged, `C` simply shares it.
pub fn write(
    c: &Matrix,
    mask: Option<&Mask>,
    accum: Option<&BinaryOp>,
    replace: bool,
    t: Arc<MatrixStore>,
) -> Result<()> {
    let orient = c.orientation();
    if mask.is_none() && accum.is_none() {
        // C = T: the old content is never read.
        c.set_arc(cast_store(t, c.ty(), orient));
        return Ok(());
    }
    let old = c.snapshot()?;
    let new = merge(&old, c.ty(), orient, mask, accum, replace, &t)?;
    c.set_store(new);
    Ok(())
}

/// `T` typecast to `ty` and stored in orientation `orient` (shared when it already is).
pub fn cast_store(t: Arc<MatrixStore>, ty: &Type, orient: Orientation) -> Arc<MatrixStore> {
    if t.ty() == *ty && t.orient() == orient {
        return t;
    }
    let t = Arc::try_unwrap(t).unwrap_or_else(|shared| (*shared).clone());
    let mut c = t.into_compressed(orient);
    if c.x.ty() != *ty {
        c.x = c.x.cast(ty);
    }
    Arc::new(MatrixStore::from_compressed(orient, c).conform())
}

/// The new content of `C` from its old content `old`, per the module's semantics.
pub fn merge(
    old: &MatrixStore,
    ctype: &Type,
    orient: Orientation,
    mask: Option<&Mask>,
    accum: Option<&BinaryOp>,
    replace: bool,
    t: &MatrixStore,
) -> Result<MatrixStore> {
    if old.nrows() != t.nrows() || old.ncols() != t.ncols() {
        fail!(DimensionMismatch, "result and output dimensions differ");
    }
    if mask.is_none() && accum.is_some() && is_full(old) {
        return accumulate_into_full(old, ctype, orient, accum, t);
    }
    if let (Some(m), None, false) = (mask, accum, replace) {
        if let Some(dense) = dense::masked_into_dense(old, ctype, orient, m, t)? {
            return Ok(dense);
        }
    }
    let c = old.try_compressed(orient)?;
    let tc = t.try_compressed(orient)?;
    let m = match mask {
        Some(m) => Some((m.try_positions(orient)?, m.complement)),
        None => None,
    };
    // One probe for the merged copy: per entry an index, its source and a
    // value (twice for the byte-level path); per vector an id and a pointer.
    let entries = c.nvals().saturating_add(tc.nvals());
    let vectors = c.nvec().saturating_add(tc.nvec());
    let per_entry = 8 + std::mem::size_of::<Src>() + 2 * ctype.size();
    check_room(
        entries
            .saturating_mul(per_entry)
            .saturating_add(vectors.saturating_mul(16)),
        1,
        "the write-back",
    )?;
    let items = merged_vectors(&c, &tc);
    let mask = m.as_ref().map(|(pat, comp)| (&**pat, *comp));
    let tasks = assemble::plan(
        items.len(),
        |k| items[k].c.len() + items[k].t.len() + 1,
        |k, pieces| {
            let item = &items[k];
            let idx = if item.c.len() >= item.t.len() {
                &c.i[item.c.clone()]
            } else {
                &tc.i[item.t.clone()]
            };
            assemble::split_by_indices(idx, c.vlen, pieces)
        },
    );
    let parts = assemble::run(&tasks, |task| {
        let mut part = Part::new(ctype);
        let mut src = Vec::new();
        let mut visit = |item: &MergedVector, want: &Range<u64>| {
            let start = part.i.len();
            merge_vector(
                &c,
                c.within(item.c.clone(), want),
                &tc,
                tc.within(item.t.clone(), want),
                mask.map(|(pat, comp)| (pat, pat.within(pat.vector_range(item.j), want), comp)),
                accum.is_some(),
                replace,
                &mut part.i,
                &mut src,
            );
            part.close_vector(item.j, start);
        };
        let whole = 0..c.vlen;
        match task {
            Task::Items(r) => items[r.clone()].iter().for_each(|item| visit(item, &whole)),
            Task::Piece(k, want) => visit(&items[*k], want),
        }
        part.x = values(&c.x, &tc.x, &src, ctype, accum);
        Ok(part)
    })?;
    let out = assemble::concat(parts, c.vlen, c.vdim, ctype)?;
    Ok(MatrixStore::from_compressed(orient, out.conform()).conform())
}

/// A vector held by `C` or `T` (or both): its id and its slots in each.
struct MergedVector {
    j: u64,
    c: Range<usize>,
    t: Range<usize>,
}

/// Every vector held by `c` or `t`, in order (mask-only vectors produce nothing).
fn merged_vectors(c: &Compressed, t: &Compressed) -> Vec<MergedVector> {
    let mut items = Vec::with_capacity(c.nvec().max(t.nvec()));
    let (mut kc, mut kt) = (0usize, 0usize);
    while kc < c.nvec() || kt < t.nvec() {
        let jc = (kc < c.nvec()).then(|| c.vector_id(kc));
        let jt = (kt < t.nvec()).then(|| t.vector_id(kt));
        let j = match (jc, jt) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => unreachable!(),
        };
        let rc = if jc == Some(j) {
            kc += 1;
            c.range(kc - 1)
        } else {
            0..0
        };
        let rt = if jt == Some(j) {
            kt += 1;
            t.range(kt - 1)
        } else {
            0..0
        };
        items.push(MergedVector { j, c: rc, t: rt });
    }
    items
}

/// Merges one vector of C and T under the mask, appending kept indices and their sources.
#[allow(clippy::too_many_arguments)]
fn merge_vector(
    c: &Compressed,
    rc: Range<usize>,
    t: &Compressed,
    rt: Range<usize>,
    mask: Option<(&Compressed, Range<usize>, bool)>,
    accumulate: bool,
    replace: bool,
    idx: &mut Vec<u64>,
    src: &mut Vec<Src>,
) {
    let (mut qc, mut qt) = (rc.start, rt.start);
    let mut qm = mask.as_ref().map_or(0, |(_, r, _)| r.start);
    while qc < rc.end || qt < rt.end {
        let ic = (qc < rc.end).then(|| c.i[qc]);
        let it = (qt < rt.end).then(|| t.i[qt]);
        let i = match (ic, it) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => unreachable!(),
        };
        let in_c = ic == Some(i);
        let in_t = it == Some(i);
        let allowed = match &mask {
            None => true,
            Some((pat, r, comp)) => {
                qm = skip_below(&pat.i[..r.end], qm, i);
                let present = qm < r.end && pat.i[qm] == i;
                present != *comp
            }
        };
        let out = if allowed {
            match (in_c, in_t, accumulate) {
                (true, true, true) => Some(Src::Both(qc, qt)),
                (_, true, _) => Some(Src::T(qt)),
                (true, false, true) => Some(Src::C(qc)),
                (true, false, false) => None,
                (false, false, _) => unreachable!(),
            }
        } else if in_c && !replace {
            Some(Src::Keep(qc))
        } else {
            None
        };
        if let Some(s) = out {
            idx.push(i);
            src.push(s);
        }
        if in_c {
            qc += 1;
        }
        if in_t {
            qt += 1;
        }
    }
}

/// The first position from `q` in the sorted `idx` whose index is at least
/// `i`, galloping (a long mask row is not walked entry by entry when the
/// merged vectors are short).
#[inline]
fn skip_below(idx: &[u64], q: usize, i: u64) -> usize {
    let rest = &idx[q.min(idx.len())..];
    if rest.first().is_none_or(|&x| x >= i) {
        return q;
    }
    let mut step = 1;
    while step < rest.len() && rest[step] < i {
        step *= 2;
    }
    let lo = step / 2;
    let hi = step.min(rest.len());
    q + lo + rest[lo..hi].partition_point(|&x| x < i)
}

/// Computes the output values. Without an accumulator, `C` values are kept and
/// `T` values cast to `C`'s type; with one, every value goes through the
/// accumulator's output domain.
pub fn values(
    cx: &Array,
    tx: &Array,
    src: &[Src],
    ctype: &Type,
    accum: Option<&BinaryOp>,
) -> Array {
    if let Some(x) = typed_values(cx, tx, src, accum) {
        return x;
    }
    let cs = ctype.size();
    let mut out = vec![0u8; src.len() * cs];
    let t_to_c = byte_cast_fn(tx.code(), ctype.code());
    match accum {
        None => {
            for (k, s) in src.iter().enumerate() {
                let o = &mut out[k * cs..(k + 1) * cs];
                match *s {
                    Src::Keep(q) | Src::C(q) => o.copy_from_slice(cx.get_bytes(q)),
                    Src::T(q) => t_to_c(o, tx.get_bytes(q)),
                    Src::Both(..) => unreachable!("no accumulator"),
                }
            }
        }
        Some(op) => {
            let f = op.byte_fn();
            let c_to_x = byte_cast_fn(ctype.code(), op.xtype().code());
            let t_to_y = byte_cast_fn(tx.code(), op.ytype().code());
            let c_to_z = byte_cast_fn(ctype.code(), op.ztype().code());
            let t_to_z = byte_cast_fn(tx.code(), op.ztype().code());
            let z_to_c = byte_cast_fn(op.ztype().code(), ctype.code());
            let mut x = vec![0u8; op.xtype().size()];
            let mut y = vec![0u8; op.ytype().size()];
            let mut z = vec![0u8; op.ztype().size()];
            for (k, s) in src.iter().enumerate() {
                let o = &mut out[k * cs..(k + 1) * cs];
                match *s {
                    Src::Keep(q) => {
                        o.copy_from_slice(cx.get_bytes(q));
                        continue;
                    }
                    Src::C(q) => c_to_z(&mut z, cx.get_bytes(q)),
                    Src::T(q) => t_to_z(&mut z, tx.get_bytes(q)),
                    Src::Both(qc, qt) => {
                        c_to_x(&mut x, cx.get_bytes(qc));
                        t_to_y(&mut y, tx.get_bytes(qt));
                        f(&mut z, &x, &y);
                    }
                }
                z_to_c(o, &z);
            }
        }
    }
    Array::from_bytes(ctype, &out)
}

/// The accumulator as a function on the built-in type `T` when its inputs
/// and output are all `T` and it is arithmetic (no accumulator: `T`'s value
/// replaces `C`'s).
pub(crate) fn typed_accum<T: Arith>(accum: Option<&BinaryOp>) -> Option<fn(T, T) -> T> {
    let Some(op) = accum else {
        return Some(|_, y| y);
    };
    let types = [op.xtype(), op.ytype(), op.ztype()];
    if types.iter().any(|t| t.code() != T::CODE) {
        return None;
    }
    crate::algebra::binary::arith_fn::<T>(op.code()?)
}

/// The fast path: `C`, `T` and the accumulator all on one built-in type.
fn typed_values(cx: &Array, tx: &Array, src: &[Src], accum: Option<&BinaryOp>) -> Option<Array> {
    if cx.code() != tx.code() || !tx.ty().is_builtin() {
        return None;
    }
    with_type!(cx.code(), T => typed_values_for::<T>(cx, tx, src, typed_accum::<T>(accum)?), udt => None)
}

fn typed_values_for<T: Arith + ArrayElement>(
    cx: &Array,
    tx: &Array,
    src: &[Src],
    f: fn(T, T) -> T,
) -> Option<Array> {
    let c = cx.as_slice::<T>()?;
    let t = tx.as_slice::<T>()?;
    let out: Vec<T> = src
        .iter()
        .map(|s| match *s {
            Src::Keep(q) | Src::C(q) => c[q],
            Src::T(q) => t[q],
            Src::Both(qc, qt) => f(c[qc], t[qt]),
        })
        .collect();
    Some(T::into_array(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: Element>(a: &MatrixStore, r: u64, c: u64) -> Option<T> {
        a.get(r, c).and_then(|v| v.get::<T>())
    }
    use crate::algebra::{BinaryCode, Element, TypeCode, Value};
    use crate::object::{Descriptor, Matrix};

    fn mat(ty: &Type, n: u64, entries: &[(u64, u64, f64)]) -> Matrix {
        let m = Matrix::new(ty, n, n).unwrap();
        for &(r, c, v) in entries {
            m.set_element(r, c, &Value::new(v)).unwrap();
        }
        m
    }

    #[test]
    fn mask_accum_replace() {
        let c = mat(&Type::INT32, 3, &[(0, 0, 1.0), (1, 1, 2.0), (2, 2, 3.0)]);
        let t = mat(&Type::INT32, 3, &[(0, 0, 10.0), (0, 1, 20.0), (2, 2, 30.0)]);
        let m = mat(&Type::BOOL, 3, &[(0, 0, 1.0), (0, 1, 0.0), (1, 1, 1.0)]);
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        let desc = Descriptor::default();
        let mask = Mask::from_matrix(Some(&m), &desc).unwrap();
        let t = t.snapshot().unwrap();
        // Valued mask allows (0,0) and (1,1); (0,1) has value false.
        let out = merge(
            &c.snapshot().unwrap(),
            &Type::INT32,
            Orientation::ByRow,
            mask.as_ref(),
            Some(&plus),
            false,
            &t,
        )
        .unwrap();
        assert_eq!(read::<i32>(&out, 0, 0), Some(11));
        assert_eq!(read::<i32>(&out, 0, 1), None);
        assert_eq!(read::<i32>(&out, 1, 1), Some(2));
        assert_eq!(read::<i32>(&out, 2, 2), Some(3));
        // Replace drops C outside the mask.
        let out = merge(
            &c.snapshot().unwrap(),
            &Type::INT32,
            Orientation::ByRow,
            mask.as_ref(),
            Some(&plus),
            true,
            &t,
        )
        .unwrap();
        assert_eq!(out.nvals(), 2);
        // Structural complemented mask, no accumulator: writes where M is absent.
        let sdesc = Descriptor {
            mask_structural: true,
            mask_complement: true,
            ..Descriptor::default()
        };
        let smask = Mask::from_matrix(Some(&m), &sdesc).unwrap();
        let out = merge(
            &c.snapshot().unwrap(),
            &Type::INT32,
            Orientation::ByRow,
            smask.as_ref(),
            None,
            false,
            &t,
        )
        .unwrap();
        assert_eq!(read::<i32>(&out, 0, 0), Some(1));
        assert_eq!(read::<i32>(&out, 1, 1), Some(2));
        assert_eq!(read::<i32>(&out, 2, 2), Some(30));
        assert_eq!(read::<i32>(&out, 0, 1), None);
    }

    /// The write-back of one position, straight from the spec.
    fn model_entry(
        c: Option<i32>,
        t: Option<i32>,
        m: Option<bool>,
        accumulate: bool,
        replace: bool,
        complement: bool,
    ) -> Option<i32> {
        let z = match (c, t, accumulate) {
            (Some(a), Some(b), true) => Some(a.wrapping_add(b)),
            (Some(a), None, true) => Some(a),
            (_, t, _) => t,
        };
        if m.unwrap_or(false) != complement {
            z
        } else if replace {
            None
        } else {
            c
        }
    }

    #[test]
    fn large_write_backs_in_pieces_match_the_model_on_any_thread_count() {
        // Many vectors (tasks of whole vectors) and one long vector (cut into
        // pieces by index), with every mask kind, accumulator and replace.
        for (nrows, ncols) in [(300u64, 300u64), (1, 200_000)] {
            let n = nrows * ncols;
            let at = |k: u64| (k % nrows, k / nrows);
            let entries = |step: u64, offset: u64| -> Vec<(u64, u64, f64)> {
                (offset..n)
                    .step_by(step as usize)
                    .map(|k| (at(k).0, at(k).1, (k % 97) as f64 - 40.0))
                    .collect()
            };
            let build = |ty: &Type, e: &[(u64, u64, f64)]| {
                let m = Matrix::new(ty, nrows, ncols).unwrap();
                for &(r, c, v) in e {
                    m.set_element(r, c, &Value::new(v)).unwrap();
                }
                m.snapshot().unwrap()
            };
            let (ce, te, me) = (entries(2, 0), entries(3, 1), entries(5, 0));
            let (c, t, m) = (
                build(&Type::INT32, &ce),
                build(&Type::INT32, &te),
                build(&Type::BOOL, &me),
            );
            let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
            for (structural, complement, accumulate, replace) in [
                (false, false, false, false),
                (true, false, true, true),
                (false, true, true, false),
                (true, true, false, true),
            ] {
                let mask = Mask {
                    store: m.clone(),
                    structural,
                    complement,
                };
                let accum = accumulate.then_some(&plus);
                let run = |threads: usize| {
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .unwrap();
                    pool.install(|| {
                        merge(
                            &c,
                            &Type::INT32,
                            Orientation::ByRow,
                            Some(&mask),
                            accum,
                            replace,
                            &t,
                        )
                        .unwrap()
                    })
                };
                let out = run(3);
                let one = run(1);
                for k in 0..n {
                    let (r, col) = at(k);
                    let get = |a: &MatrixStore| read::<i32>(a, r, col);
                    let mv = m
                        .get(r, col)
                        .map(|v| structural || v.get::<bool>().unwrap());
                    let want = model_entry(get(&c), get(&t), mv, accumulate, replace, complement);
                    assert_eq!(get(&out), want, "({r}, {col})");
                    assert_eq!(get(&one), want, "({r}, {col}), one thread");
                }
            }
        }
    }

    #[test]
    fn accumulating_into_a_full_output_keeps_its_pattern() {
        let all: Vec<(u64, u64, f64)> = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c, (r * 3 + c) as f64 + 0.5)))
            .collect();
        let t = mat(&Type::FP64, 3, &[(0, 1, 10.25), (2, 2, -4.75)]);
        for orient in [Orientation::ByRow, Orientation::ByCol] {
            let c = Matrix::new_oriented(&Type::FP64, 3, 3, orient).unwrap();
            for &(r, col, v) in &all {
                c.set_element(r, col, &Value::new(v)).unwrap();
            }
            // The accumulator's domain (INT32) truncates every value of Z.
            let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
            let out = merge(
                &c.snapshot().unwrap(),
                &Type::FP64,
                orient,
                None,
                Some(&plus),
                false,
                &t.snapshot().unwrap(),
            )
            .unwrap();
            assert_eq!(out.nvals(), 9);
            assert_eq!(read::<f64>(&out, 0, 1), Some(11.0));
            assert_eq!(read::<f64>(&out, 2, 2), Some(4.0));
            assert_eq!(read::<f64>(&out, 1, 2), Some(5.0));
            let min = BinaryOp::builtin(BinaryCode::Min, TypeCode::Fp64).unwrap();
            let out = merge(
                &c.snapshot().unwrap(),
                &Type::FP64,
                orient,
                None,
                Some(&min),
                false,
                &t.snapshot().unwrap(),
            )
            .unwrap();
            assert_eq!(read::<f64>(&out, 0, 1), Some(1.5));
            assert_eq!(read::<f64>(&out, 2, 2), Some(-4.75));
            assert_eq!(read::<f64>(&out, 1, 0), Some(3.5));
        }
    }

    #[test]
    fn values_go_through_the_accumulator_domain() {
        let c = mat(&Type::FP64, 2, &[(0, 0, 2.5), (1, 1, 1.5)]);
        let t = mat(&Type::FP64, 2, &[(0, 0, 0.75), (0, 1, 3.25)]);
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        let out = merge(
            &c.snapshot().unwrap(),
            &Type::FP64,
            Orientation::ByRow,
            None,
            Some(&plus),
            false,
            &t.snapshot().unwrap(),
        )
        .unwrap();
        assert_eq!(read::<f64>(&out, 0, 0), Some(2.0));
        assert_eq!(read::<f64>(&out, 1, 1), Some(1.0));
        assert_eq!(read::<f64>(&out, 0, 1), Some(3.0));
    }
}
