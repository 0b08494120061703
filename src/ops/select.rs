//! `GrB_select`: `C<M, replace> = accum(C, select(A))`, keeping the entries
//! `A(i,j)` for which `(bool) op(A(i,j), i, j, thunk)` is true (`j = 0` for
//! vectors). Kept values are copied unchanged (the write-back casts them to
//! `C`'s type).
//!
//! Fast paths: positional predicates on compressed data copy whole runs of
//! each vector ([`positional`]); `VALUE*` on values of the operator's own type
//! and positional predicates elsewhere are typed; a user-defined predicate
//! on values of its own type is called on the values' bytes; any other
//! operator goes through the byte-level evaluator.

mod filter;
mod positional;

use super::apply::check_index_op;
use super::vector_form::vector_args;
use crate::algebra::{
    BinaryOp, ByteIndexFn, Element, IndexUnaryCode, IndexUnaryKind, IndexUnaryOp, Type, TypeCode,
    Value,
};
use crate::ensure;
use crate::error::{check_room, Result};
use crate::object::{Descriptor, Matrix, Vector};
use crate::ops::eval::IndexEval;
use crate::plan::{self, Map, Node, Op};
use crate::storage::{Array, ArrayElement, Compressed, Format, MatrixStore, Orientation};
use crate::with_type;
use filter::{filter, Predicate};
use std::ops::Range;
use std::sync::Arc;

/// `C<M, replace> = accum(C, select(op, A, thunk))`; `A` is transposed by `desc.transpose_first`.
pub fn select(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    op: &IndexUnaryOp,
    a: &Matrix,
    thunk: &Value,
    desc: &Descriptor,
) -> Result<()> {
    ensure!(
        op.ztype().compatible(&Type::BOOL),
        DomainMismatch,
        "select needs an operator whose output can be cast to bool; {} returns {:?}",
        op.name(),
        op.ztype()
    );
    check_index_op(op, a.ty(), thunk)?;
    let transpose = desc.transpose_first;
    let (nrows, ncols) = if transpose {
        (a.ncols(), a.nrows())
    } else {
        (a.nrows(), a.ncols())
    };
    let mask = plan::mask_input(mask, desc, nrows, ncols)?;
    let out = plan::output(c, nrows, ncols, mask, accum, desc.replace, a.ty())?;
    let name = format!("select({})", op.name());
    // Built-in VALUE* predicates read only the value.
    let value_only = op.code().is_some_and(|c| c.reads_value());
    let (op, thunk) = (op.clone(), thunk.clone());
    let run = move |inputs: Vec<Arc<MatrixStore>>, _: Orientation| {
        let sa = &inputs[0];
        let orient = if transpose {
            sa.orient().flip()
        } else {
            sa.orient()
        };
        // At most every entry is kept: an index and a value each, in chunks
        // and then joined, or (dense data) presence flags and a copy of the values.
        let elem = sa.values().elem_size();
        check_room(sa.values().len(), 2 * (8 + elem), "the select result")?;
        let verdict = sa
            .uniform_value()
            .and_then(|u| uniform_verdict(&op, &thunk, sa.values(), u));
        let format = match verdict {
            Some(true) => sa.format().clone(),
            Some(false) => {
                let (vlen, vdim) = sa.vdims();
                Format::Sparse(Compressed::empty(&sa.values().ty(), vlen, vdim))
            }
            None => select_format(&op, &thunk, sa.format(), orient),
        };
        Ok(MatrixStore::new(orient, format).conform())
    };
    let map = Map {
        name,
        inputs: vec![plan::source(a)?],
        positionwise: !transpose,
        position_free: !transpose && value_only,
        intersection: true,
        run: Arc::new(run),
    };
    plan::submit(c, Node::new(Op::Map(map), out))
}

/// `w<mask, replace> = accum(w, select(op, u, thunk))`.
pub fn select_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    op: &IndexUnaryOp,
    u: &Vector,
    thunk: &Value,
    desc: &Descriptor,
) -> Result<()> {
    let (mask, desc) = vector_args(mask, desc);
    select(w.as_matrix(), mask, accum, op, u.as_matrix(), thunk, &desc)
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
    let x = match format {
        Format::Sparse(c) => &c.x,
        Format::Bitmap(b) => &b.x,
        Format::Full(f) => &f.x,
    };
    if let Some(code) = op.code() {
        let positional = !code.is_index_valued() && !code.reads_value();
        if positional {
            let s = thunk.get::<i64>().expect("thunk type checked");
            return match format {
                Format::Sparse(c) => positional::select_positional(c, orient, code, s),
                _ => filter(format, orient, &Position { code, s }),
            };
        }
        let same_type = op.xtype().is_some_and(|t| t.code() == x.code());
        if code.reads_value() && same_type {
            let typed = with_type!(x.code(), T => thunk.get::<T>().map(|s| filter(format, orient, &ValueTest::<T> {
                x: x.as_slice::<T>().expect("values of the dispatched type"),
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
            let user = UserTest {
                f,
                x: x.bytes(),
                size: x.elem_size(),
                thunk: thunk.bytes(),
            };
            return filter(format, orient, &user);
        }
    }
    let eval = IndexEval::new(op, &x.ty(), thunk, &Type::BOOL);
    let generic = Generic {
        x: x.bytes(),
        size: x.elem_size(),
        eval,
    };
    filter(format, orient, &generic)
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
    x: &'a [T],
    code: IndexUnaryCode,
    s: T,
}

impl<T: Element + ArrayElement> Predicate for ValueTest<'_, T> {
    type State = ();
    const POSITIONAL: bool = false;
    fn state(&self) {}
    #[inline]
    fn keep(&self, _: &mut (), q: usize, _row: u64, _col: u64) -> bool {
        self.code.value_test(self.x[q], self.s)
    }
    const VALUES_ONLY: bool = true;
    fn keep_values(&self, slots: Range<usize>, flags: &mut Vec<bool>) {
        let (x, s) = (&self.x[slots], self.s);
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
/// called on the entries' bytes directly.
struct UserTest<'a> {
    f: &'a ByteIndexFn,
    /// The values' bytes, `size` each.
    x: &'a [u8],
    size: usize,
    thunk: &'a [u8],
}

impl Predicate for UserTest<'_> {
    type State = ();
    const POSITIONAL: bool = true;
    fn state(&self) {}
    #[inline]
    fn keep(&self, _: &mut (), q: usize, row: u64, col: u64) -> bool {
        let mut z = [0u8];
        let x = &self.x[q * self.size..(q + 1) * self.size];
        (self.f)(&mut z, x, row, col, self.thunk);
        z[0] != 0
    }
}

/// Any operator, on any types, through the byte-level evaluator.
struct Generic<'a> {
    /// The values' bytes, `size` each.
    x: &'a [u8],
    size: usize,
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
        eval.test(&self.x[q * self.size..(q + 1) * self.size], row, col)
    }
}
