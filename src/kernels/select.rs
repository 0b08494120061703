//! The kernel of `GrB_select`: the entries of a store for which
//! `(bool) op(A(i,j), i, j, thunk)` is true, their values copied unchanged.
//!
//! Fast paths: content whose values are all one value is tested once;
//! positional predicates on compressed data copy whole runs of
//! each vector ([`positional`]); `VALUE*` on values of the operator's own type
//! and positional predicates elsewhere are typed; a user-defined predicate
//! on values of its own type is called on the values' bytes; any other
//! operator goes through the byte-level evaluator. Compressed content no
//! one else holds keeps its entries in its own arrays
//! ([`select_in_place`]).

mod filter;
mod positional;

use crate::algebra::{
    Element, IndexUnaryCode, IndexUnaryKind, IndexUnaryOp, Type, TypeCode, Value,
};
use crate::kernels::eval::IndexEval;
use crate::storage::{Array, ArrayElement, Compressed, Format, MatrixStore, Orientation, Values};
use crate::with_type;
use filter::{filter, flag_compressed, Kept, Predicate};
use std::ops::Range;
use std::sync::Arc;

/// The entries of `a` that `op` keeps, with vectors in orientation `orient`
/// (`a`'s own, or the other one to read `a` transposed).
pub fn select(
    op: &IndexUnaryOp,
    thunk: &Value,
    a: &MatrixStore,
    orient: Orientation,
) -> MatrixStore {
    let verdict = a
        .uniform_value()
        .and_then(|u| uniform_verdict(op, thunk, a.values(), u));
    let format = match verdict {
        Some(true) => a.format().clone(),
        Some(false) => {
            let (vlen, vdim) = a.vdims();
            Format::Sparse(Compressed::empty(&a.values().ty(), vlen, vdim))
        }
        None => select_format(op, thunk, a.format(), orient),
    };
    MatrixStore::new(orient, format).conform()
}

/// True when `op` keeps every entry of `a` for certain: `a`'s entries all
/// hold one value that a built-in `VALUE*` comparison keeps (LAGraph's
/// delta-stepping selects the light edges of a pattern of ones). The
/// result is then `a` itself, shared rather than copied.
pub fn keeps_every_entry(op: &IndexUnaryOp, thunk: &Value, a: &MatrixStore) -> bool {
    a.uniform_value()
        .and_then(|u| uniform_verdict(op, thunk, a.values(), u))
        .unwrap_or(false)
}

/// The bytes [`select`] allocates at most for `a`, for a probe before it
/// runs (see [`crate::error::check_room`]): a positional predicate on
/// compressed vectors fills exactly sized arrays (pointers, then an index
/// and a value a kept entry); any other builds each task's entries, then
/// joins them (twice an index and a value an entry, indices in 64 bits).
/// `None` past `usize`.
pub fn select_bytes(op: &IndexUnaryOp, a: &MatrixStore) -> Option<usize> {
    let elem = a.values().elem_size();
    match (positional(op), a.format()) {
        (Some(_), Format::Sparse(c)) => {
            let idx = if c.i.is_narrow() { 4 } else { 8 };
            let pointers = c.p.len().checked_mul(8)?;
            c.nvals().checked_mul(idx + elem)?.checked_add(pointers)
        }
        _ => a.values().len().checked_mul(2 * (8 + elem)),
    }
}

/// [`select`] of content handed over to it: when no one else holds it and
/// it is compressed, the kept entries are moved to the front of its own
/// arrays (no second copy of them; positional predicates by runs, see
/// [`positional::keep_positional`], others entry by entry). The content
/// comes back when that does not apply.
pub fn select_in_place(
    op: &IndexUnaryOp,
    thunk: &Value,
    a: Arc<MatrixStore>,
    orient: Orientation,
) -> Result<MatrixStore, Arc<MatrixStore>> {
    let in_place = a.orient() == orient
        && matches!(a.format(), Format::Sparse(_))
        && a.uniform_value()
            .is_none_or(|u| uniform_verdict(op, thunk, a.values(), u).is_none());
    if !in_place {
        return Err(a);
    }
    let Format::Sparse(c) = Arc::try_unwrap(a)?.into_parts().1 else {
        unreachable!("compressed content, checked above")
    };
    let kept = match positional(op) {
        Some(code) => {
            let s = thunk.get::<i64>().expect("thunk type checked");
            positional::keep_positional(c, orient, code, s)
        }
        None => with_predicate(op, thunk, &c.x, Flag { c: &c, orient }).keep_in_place(c),
    };
    Ok(MatrixStore::new(orient, Format::Sparse(kept)))
}

/// `op`'s code when it is a built-in positional predicate (`TRIL` …
/// `ROWGT`: it reads neither the value nor an index-valued result).
fn positional(op: &IndexUnaryOp) -> Option<IndexUnaryCode> {
    op.code()
        .filter(|c| !c.is_index_valued() && !c.reads_value())
}

/// Whether a built-in `VALUE*` comparison on values of its own type keeps
/// every entry of content whose entries all hold the value `uniform` (or
/// none): one test instead of one per entry (LAGraph's delta-stepping
/// splits a pattern of ones into its light and heavy edges this way);
/// `None` for any other operator.
fn uniform_verdict(op: &IndexUnaryOp, thunk: &Value, x: &Array, uniform: &Value) -> Option<bool> {
    let code = op.code().filter(|c| c.reads_value())?;
    if op.xtype().is_none_or(|t| t.code() != x.code()) {
        return None;
    }
    with_type!(x.code(), T => {
        let (v, s) = (uniform.get::<T>()?, thunk.get::<T>()?);
        Some(code.value_test(v, s))
    }, udt => None)
}

/// The kept entries of `format` (vectors in orientation `orient`).
fn select_format(op: &IndexUnaryOp, thunk: &Value, format: &Format, orient: Orientation) -> Format {
    if let (Some(code), Format::Sparse(c)) = (positional(op), format) {
        let s = thunk.get::<i64>().expect("thunk type checked");
        return positional::select_positional(c, orient, code, s);
    }
    let x = match format {
        Format::Sparse(c) => &c.x,
        Format::Bitmap(b) => &b.x,
        Format::Full(f) => &f.x,
    };
    with_predicate(op, thunk, x, Filter { format, orient })
}

/// What is done with the predicate an operator makes.
trait Apply: Copy {
    type Out;
    fn apply<P: Predicate>(self, p: &P) -> Self::Out;
}

/// Filtering data into a new result.
#[derive(Clone, Copy)]
struct Filter<'a> {
    format: &'a Format,
    orient: Orientation,
}

impl Apply for Filter<'_> {
    type Out = Format;
    fn apply<P: Predicate>(self, p: &P) -> Format {
        filter(self.format, self.orient, p)
    }
}

/// Flagging the entries of compressed data to keep.
#[derive(Clone, Copy)]
struct Flag<'a> {
    c: &'a Compressed,
    orient: Orientation,
}

impl Apply for Flag<'_> {
    type Out = Kept;
    fn apply<P: Predicate>(self, p: &P) -> Kept {
        flag_compressed(self.c, self.orient, p)
    }
}

/// `then` applied to the predicate of `op` with `thunk` on the values `x`:
/// typed for built-in positional and `VALUE*` predicates, the user's
/// function on the values' bytes for a user-defined one on values of its
/// own type returning a bool, the byte-level evaluator otherwise.
fn with_predicate<A: Apply>(op: &IndexUnaryOp, thunk: &Value, x: &Array, then: A) -> A::Out {
    if let Some(code) = positional(op) {
        let s = thunk.get::<i64>().expect("thunk type checked");
        return then.apply(&Position { code, s });
    }
    if let Some(code) = op.code() {
        let same_type = op.xtype().is_some_and(|t| t.code() == x.code());
        if code.reads_value() && same_type {
            let typed = with_type!(x.code(), T => thunk.get::<T>().map(|s| then.apply(&ValueTest::<T> {
                x: x.values::<T>().expect("values of the dispatched type"),
                code,
                s,
            })), udt => None);
            if let Some(out) = typed {
                return out;
            }
        }
    }
    if let IndexUnaryKind::User(f) = op.kind() {
        let own_type = op.xtype().is_some_and(|t| *t == x.ty());
        if own_type && op.ztype().code() == TypeCode::Bool {
            let thunk = thunk.cast(op.ytype()).expect("thunk type checked");
            let (thunk, size) = (thunk.bytes(), x.elem_size());
            let (bytes, step) = x.strided_bytes();
            return match op.foreign_fn() {
                // The C function called on the values in place.
                Some(f) => then.apply(&UserTest(|q: usize, row, col| {
                    let mut z = 0u8;
                    let value = bytes.as_ptr().wrapping_add(q * step);
                    // SAFETY: `value` points to a value of the operator's
                    // `xtype`, `thunk` to one of its `ytype`, `z` to a
                    // bool: the types `f` was made for
                    // (`IndexUnaryOp::foreign`).
                    unsafe {
                        f(
                            (&raw mut z).cast(),
                            value.cast(),
                            row,
                            col,
                            thunk.as_ptr().cast(),
                        )
                    };
                    z != 0
                })),
                None => then.apply(&UserTest(|q: usize, row, col| {
                    let mut z = [0u8];
                    f(&mut z, &bytes[q * step..q * step + size], row, col, thunk);
                    z[0] != 0
                })),
            };
        }
    }
    let eval = IndexEval::new(op, &x.ty(), thunk, &Type::BOOL);
    let (bytes, step) = x.strided_bytes();
    then.apply(&Generic {
        x: bytes,
        size: x.elem_size(),
        step,
        eval,
    })
}

/// A built-in positional predicate (`TRIL` … `ROWGT`).
struct Position {
    code: IndexUnaryCode,
    s: i64,
}

impl Predicate for Position {
    type State = ();
    const POSITIONAL: bool = true;
    fn state(&self) {}
    #[inline]
    fn keep(&self, _: &mut (), _q: usize, row: u64, col: u64) -> bool {
        self.code.position_test(row, col, self.s)
    }
}

/// A built-in `VALUE*` comparison on values of its own type.
struct ValueTest<'a, T> {
    x: Values<'a, T>,
    code: IndexUnaryCode,
    s: T,
}

impl<T: Element + ArrayElement> Predicate for ValueTest<'_, T> {
    type State = ();
    const POSITIONAL: bool = false;
    fn state(&self) {}
    #[inline]
    fn keep(&self, _: &mut (), q: usize, _row: u64, _col: u64) -> bool {
        self.code.value_test(self.x.at(q), self.s)
    }
    const VALUES_ONLY: bool = true;
    fn keep_values(&self, slots: Range<usize>, flags: &mut Vec<bool>) {
        let s = self.s;
        let Some(all) = self.x.stored() else {
            flags.extend(slots.map(|q| self.code.value_test(self.x.at(q), s)));
            return;
        };
        let x = &all[slots];
        // One loop per comparison: the test is not dispatched per value.
        match self.code {
            IndexUnaryCode::ValueEq => flags.extend(x.iter().map(|&v| v == s)),
            IndexUnaryCode::ValueNe => flags.extend(x.iter().map(|&v| v != s)),
            IndexUnaryCode::ValueLt => flags.extend(x.iter().map(|&v| v < s)),
            IndexUnaryCode::ValueLe => flags.extend(x.iter().map(|&v| v <= s)),
            IndexUnaryCode::ValueGt => flags.extend(x.iter().map(|&v| v > s)),
            IndexUnaryCode::ValueGe => flags.extend(x.iter().map(|&v| v >= s)),
            _ => unreachable!("not a value comparison"),
        }
    }
}

/// A user-defined predicate on values of its own type, returning a bool:
/// `test(q, row, col)` calls it on value `q`.
struct UserTest<F>(F);

impl<F: Fn(usize, u64, u64) -> bool + Sync> Predicate for UserTest<F> {
    type State = ();
    const POSITIONAL: bool = true;
    fn state(&self) {}
    #[inline]
    fn keep(&self, _: &mut (), q: usize, row: u64, col: u64) -> bool {
        (self.0)(q, row, col)
    }
}

/// Any operator, on any types, through the byte-level evaluator.
struct Generic<'a> {
    /// The values' bytes, `size` each, value `q` at `q * step`.
    x: &'a [u8],
    size: usize,
    step: usize,
    eval: IndexEval,
}

impl Predicate for Generic<'_> {
    type State = IndexEval;
    const POSITIONAL: bool = true;
    fn state(&self) -> IndexEval {
        self.eval.clone()
    }
    #[inline]
    fn keep(&self, eval: &mut IndexEval, q: usize, row: u64, col: u64) -> bool {
        eval.test(&self.x[q * self.step..q * self.step + self.size], row, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::store::compressed_to_bitmap;
    use std::ffi::c_void;

    /// `z = |i - j| >= s` on INT32 values (read, unused), in C's form.
    unsafe extern "C" fn far(z: *mut c_void, x: *const c_void, i: u64, j: u64, s: *const c_void) {
        // SAFETY: the operator is made with these types below.
        unsafe {
            let _ = x.cast::<i32>().read();
            z.cast::<bool>()
                .write(i.abs_diff(j) >= s.cast::<u64>().read());
        }
    }

    #[test]
    fn a_c_predicate_keeps_what_the_same_closure_keeps() {
        // A full 4 x 4 INT32 matrix held by rows, compressed and as a bitmap.
        let c = Compressed {
            vlen: 4,
            vdim: 4,
            h: None,
            p: vec![0, 4, 8, 12, 16],
            i: (0..16u64).map(|q| q % 4).collect::<Vec<_>>().into(),
            x: Array::from_vec((0..16i32).collect()),
        };
        let bitmap = Format::Bitmap(compressed_to_bitmap(&c).unwrap());
        // SAFETY: `far` reads an INT32 and a UINT64 and writes a BOOL.
        let foreign =
            unsafe { IndexUnaryOp::foreign("far", far, Type::BOOL, Type::INT32, Type::UINT64) };
        let closure = Arc::new(|z: &mut [u8], _x: &[u8], i: u64, j: u64, s: &[u8]| {
            z[0] = (i.abs_diff(j) >= u64::from_ne_bytes(s.try_into().unwrap())) as u8;
        });
        let user = IndexUnaryOp::user("far", closure, Type::BOOL, Type::INT32, Type::UINT64);
        let thunk = Value::from(2u64);
        for format in [Format::Sparse(c), bitmap] {
            let a = MatrixStore::new(Orientation::ByRow, format);
            let kept = |op: &IndexUnaryOp| {
                let out = select(op, &thunk, &a, Orientation::ByRow);
                let mut entries = Vec::new();
                out.for_each_entry(|i, j, q| entries.push((i, j, out.values().get_as::<i32>(q))));
                entries
            };
            let expected: Vec<_> = (0..16)
                .map(|q: i32| ((q / 4) as u64, (q % 4) as u64, q))
                .filter(|&(i, j, _)| i.abs_diff(j) >= 2)
                .collect();
            assert_eq!(kept(&foreign), expected);
            assert_eq!(kept(&user), expected);
        }
    }
}
