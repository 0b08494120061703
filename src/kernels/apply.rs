//! The kernels of `apply`: one value per value position of the input,
//! by a [`Mapper`] — typed (a built-in operator on its own built-in type, or a
//! positional operator that never reads values) or byte-level (any operator,
//! any types, with typecasts).

use super::entries::{for_each_position, matrix_coords, positions};
use super::eval::{BinaryEval, IndexEval, UnaryEval};
use super::fragment::{chunk_count, chunk_len, split_even};
use crate::algebra::arith::Arith;
use crate::algebra::binary::{arith_fns, compare_fns, TypedFns};
use crate::algebra::unary::unary_fn;
use crate::algebra::{
    BinaryCode, BinaryOp, IndexUnaryOp, Type, TypeCode, UnaryCode, UnaryOp, Value,
};
use crate::parallel;
use crate::storage::ranges::for_each_piece_mut;
use crate::storage::{
    Array, ArrayElement, Bitmap, Compressed, Format, Full, MatrixStore, Orientation, Values,
};
use crate::with_type;

/// Computes one output value per input entry.
trait Mapper: Sync {
    /// Per-chunk output (and scratch).
    type Buf: Send;
    /// True when the mapper needs the entries' coordinates.
    const POSITIONAL: bool;
    /// A new buffer with room for `cap` values.
    fn buffer(&self, cap: usize) -> Self::Buf;
    /// Appends the value for the entry at value position `q`, `(row, col)`.
    fn map(&self, buf: &mut Self::Buf, q: usize, row: u64, col: u64);
    /// Appends a placeholder for a hole of a bitmap.
    fn absent(&self, buf: &mut Self::Buf);
    /// The values of all buffers, in order.
    fn finish(&self, bufs: Vec<Self::Buf>) -> Array;
    /// All the values of `format` (data in orientation `orient`) at once,
    /// each straight into its place in the output: `None` to map entry by
    /// entry into buffers instead.
    fn map_all(&self, _format: &Format, _orient: Orientation) -> Option<Array> {
        None
    }
}

/// The values of `m` applied to every entry of `format` (data in orientation `orient`).
fn map_values<M: Mapper>(format: &Format, orient: Orientation, m: &M) -> Array {
    if let Some(out) = m.map_all(format, orient) {
        return out;
    }
    let n = positions(format);
    let bufs = parallel::map_items(split_even(n, chunk_count(n)), |r| {
        let mut buf = m.buffer(r.len());
        for_each_position(format, r, M::POSITIONAL, |q, present, j, i| {
            if present {
                let (row, col) = matrix_coords(orient, j, i);
                m.map(&mut buf, q, row, col);
            } else {
                m.absent(&mut buf);
            }
        });
        buf
    });
    m.finish(bufs)
}

/// `z = op(x)` on every value: `GrB_apply` with a unary operator.
pub fn unary(op: &UnaryOp, format: &Format, orient: Orientation) -> Array {
    let x = values(format);
    if let Some(code) = op.code() {
        // Built-in values of another type are cast once, as a whole, so that
        // the typed loop runs instead of a typecast per value.
        let same = x.code() == op.xtype().code();
        let cast =
            (!same && x.ty().is_builtin() && op.xtype().is_builtin()).then(|| x.cast(op.xtype()));
        if code == UnaryCode::Identity && (same || cast.is_some()) {
            // The values as they are, in the operator's type.
            return cast.unwrap_or_else(|| x.clone());
        }
        let typed_x = if same { Some(x) } else { cast.as_ref() };
        if let Some(tx) = typed_x {
            let typed = match tx.code() {
                TypeCode::Fp64 => unary_hot::<f64>(code, tx, format, orient),
                TypeCode::Fp32 => unary_hot::<f32>(code, tx, format, orient),
                TypeCode::Int64 => unary_hot::<i64>(code, tx, format, orient),
                TypeCode::Int32 => unary_hot::<i32>(code, tx, format, orient),
                t => with_type!(t, T => unary_typed::<T>(code, tx, format, orient), udt => None),
            };
            if let Some(out) = typed {
                return out;
            }
        }
    }
    let eval = UnaryEval::new(op, &x.ty(), op.ztype());
    let call = |e: &mut UnaryEval, out: &mut [u8], v: &[u8], _r: u64, _c: u64| e.call(out, v);
    map_values(
        format,
        orient,
        &Bytes::<_, _, false>::new(x, op.ztype(), eval, call),
    )
}

/// [`unary`] on values `x` of the built-in type `T`, the common operators
/// inlined (PageRank's `abs`; a loop the compiler vectorises), the others
/// called through a pointer.
fn unary_hot<T: Arith + ArrayElement>(
    code: UnaryCode,
    x: &Array,
    format: &Format,
    orient: Orientation,
) -> Option<Array> {
    Some(match code {
        UnaryCode::Abs => map_values(format, orient, &ValueFn::new(x, |v: T| v.abs_of())),
        UnaryCode::Ainv => map_values(format, orient, &ValueFn::new(x, |v: T| v.neg())),
        UnaryCode::Minv => map_values(format, orient, &ValueFn::new(x, |v: T| v.minv())),
        _ => return unary_typed::<T>(code, x, format, orient),
    })
}

/// [`unary`] on values `x` of the built-in type `T`, the operator called
/// through a pointer.
fn unary_typed<T: Arith + ArrayElement>(
    code: UnaryCode,
    x: &Array,
    format: &Format,
    orient: Orientation,
) -> Option<Array> {
    unary_fn::<T>(code).map(|f| map_values(format, orient, &ValueFn::new(x, f)))
}

/// `z = op(s, x)` (`first`) or `z = op(x, s)` on every value: `GrB_apply` with
/// a binary operator and a bound scalar (compatibility checked by the caller).
pub fn bind(op: &BinaryOp, s: &Value, first: bool, format: &Format, orient: Orientation) -> Array {
    let x = values(format);
    if let Some(code) = op.code() {
        // Built-in values of another type than the operator's (both inputs
        // of one type) are cast once, as a whole, as in [`unary`]: PageRank's
        // `d = d_out / damping` divides `INT64` degrees as `FP32`.
        let domain = op.xtype();
        let same = x.code() == domain.code();
        let castable = x.ty().is_builtin() && domain == op.ytype();
        let cast = (!same && castable && domain.is_builtin()).then(|| x.cast(domain));
        let typed_x = if same { Some(x) } else { cast.as_ref() };
        if let Some(tx) = typed_x.filter(|_| domain.is_builtin()) {
            let at = (tx, format, orient);
            let typed = match tx.code() {
                TypeCode::Fp64 => bind_hot::<f64>(code, s, first, at),
                TypeCode::Fp32 => bind_hot::<f32>(code, s, first, at),
                TypeCode::Int64 => bind_hot::<i64>(code, s, first, at),
                TypeCode::Int32 => bind_hot::<i32>(code, s, first, at),
                t => with_type!(t, T => bind_typed::<T>(code, s, first, at), udt => None),
            };
            if let Some(out) = typed {
                return out;
            }
        }
    }
    let (xty, yty) = if first {
        (op.xtype().clone(), x.ty())
    } else {
        (x.ty(), op.ytype().clone())
    };
    let domain = if first { op.xtype() } else { op.ytype() };
    let scalar = s.cast(domain).expect("scalar type checked by the caller");
    let scalar = scalar.bytes().to_vec();
    let eval = BinaryEval::new(op, &xty, &yty, op.ztype());
    let call = move |e: &mut BinaryEval, out: &mut [u8], v: &[u8], _r: u64, _c: u64| {
        if first {
            e.call(out, &scalar, v)
        } else {
            e.call(out, v, &scalar)
        }
    };
    map_values(
        format,
        orient,
        &Bytes::<_, _, false>::new(x, op.ztype(), eval, call),
    )
}

/// The values a typed [`bind`] reads (of its type `T`), with the store
/// whose pattern they follow.
type Bound<'a> = (&'a Array, &'a Format, Orientation);

/// [`bind`] on values of the built-in type `T`, the operator called through
/// a function pointer.
fn bind_typed<T: Arith + ArrayElement>(
    code: BinaryCode,
    s: &Value,
    first: bool,
    at: Bound,
) -> Option<Array> {
    let s = s.get::<T>()?;
    if let Some(f) = compare_fns::<T>(code) {
        return Some(bind_slices(f, s, first, at));
    }
    Some(bind_slices(arith_fns::<T>(code)?, s, first, at))
}

/// Values per call of an operator's loop over slices in [`bind_slices`].
const SCALAR_BLOCK: usize = 256;

/// [`bind_with`] through the operator's loop over slices, against a block
/// filled with the scalar, where the values are stored one per entry (not a
/// bitmap, whose holes are not mapped, nor iso): the loop is compiled with
/// the operator inlined, where `f.one` is called by pointer for each value
/// (`NE_UINT64` bound to 2^20 values: 0.86 ms through the pointer, 0.23
/// through the loop).
fn bind_slices<T: ArrayElement, Z: ArrayElement>(
    f: TypedFns<T, Z>,
    s: T,
    first: bool,
    at: Bound,
) -> Array {
    let (x, format, _) = at;
    let stored = x.values::<T>().and_then(|v| v.stored());
    let (Some(x), false) = (stored, matches!(format, Format::Bitmap(_))) else {
        return bind_with(f.one, s, first, at);
    };
    let x = &x[..positions(format)];
    let mut out = vec![Z::default(); x.len()];
    for_each_piece_mut(&mut out, |r, z| {
        let block = [s; SCALAR_BLOCK];
        for (z, x) in z.chunks_mut(SCALAR_BLOCK).zip(x[r].chunks(SCALAR_BLOCK)) {
            let s = &block[..x.len()];
            if first {
                (f.slices)(s, x, z)
            } else {
                (f.slices)(x, s, z)
            }
        }
    });
    Z::into_array(out)
}

/// [`bind_typed`] with the common arithmetic operators inlined into the
/// loop (a division per value through a function pointer took twice as
/// long), on the types graph algorithms use them with.
fn bind_hot<T: Arith + ArrayElement>(
    code: BinaryCode,
    s: &Value,
    first: bool,
    at: Bound,
) -> Option<Array> {
    let v = s.get::<T>()?;
    Some(match code {
        BinaryCode::Plus => bind_with(|x: T, y| x.add(y), v, first, at),
        BinaryCode::Minus => bind_with(|x: T, y| x.sub(y), v, first, at),
        BinaryCode::Times => bind_with(|x: T, y| x.mul(y), v, first, at),
        BinaryCode::Div => bind_with(|x: T, y| x.div(y), v, first, at),
        _ => return bind_typed::<T>(code, s, first, at),
    })
}

/// `f(s, x)` (`first`) or `f(x, s)` on every value `x` of `x`, laid out as
/// `format`.
fn bind_with<T: ArrayElement, Z: ArrayElement>(
    f: impl Fn(T, T) -> Z + Copy + Sync,
    s: T,
    first: bool,
    (x, format, orient): Bound,
) -> Array {
    if first {
        map_values(format, orient, &ValueFn::new(x, move |y: T| f(s, y)))
    } else {
        map_values(format, orient, &ValueFn::new(x, move |v: T| f(v, s)))
    }
}

/// `z = op(x, row, col, thunk)` on every entry: `GrB_apply` with an
/// index-unary operator (compatibility checked by the caller).
pub fn index(op: &IndexUnaryOp, thunk: &Value, format: &Format, orient: Orientation) -> Array {
    if let Some(out) = index_typed(op, thunk, format, orient) {
        return out;
    }
    let x = values(format);
    let eval = IndexEval::new(op, &x.ty(), thunk, op.ztype());
    let call = |e: &mut IndexEval, out: &mut [u8], v: &[u8], r: u64, c: u64| e.call(out, v, r, c);
    map_values(
        format,
        orient,
        &Bytes::<_, _, true>::new(x, op.ztype(), eval, call),
    )
}

fn index_typed(
    op: &IndexUnaryOp,
    thunk: &Value,
    format: &Format,
    orient: Orientation,
) -> Option<Array> {
    let code = op.code()?;
    let x = values(format);
    if code.is_index_valued() {
        return Some(if op.ztype().code() == TypeCode::Int32 {
            let s = thunk.get::<i32>()? as i64;
            map_values(
                format,
                orient,
                &IndexFn::new(move |r, c| code.index_value(r, c, s) as i32),
            )
        } else {
            let s = thunk.get::<i64>()?;
            map_values(
                format,
                orient,
                &IndexFn::new(move |r, c| code.index_value(r, c, s)),
            )
        });
    }
    if !code.reads_value() {
        let s = thunk.get::<i64>()?;
        return Some(map_values(
            format,
            orient,
            &IndexFn::new(move |r, c| code.position_test(r, c, s)),
        ));
    }
    let xty = op.xtype()?;
    if x.code() != xty.code() {
        return None;
    }
    with_type!(x.code(), T => {
        let s = thunk.get::<T>()?;
        Some(map_values(format, orient, &ValueFn::new(x, move |v: T| code.value_test(v, s))))
    }, udt => None)
}

/// The values of a store's data.
fn values(format: &Format) -> &Array {
    match format {
        Format::Sparse(c) => &c.x,
        Format::Bitmap(b) => &b.x,
        Format::Full(f) => &f.x,
    }
}

/// Typed: `z = f(x)` on values of type `T`.
struct ValueFn<'a, T, F> {
    x: Values<'a, T>,
    f: F,
}

impl<'a, T: ArrayElement, F> ValueFn<'a, T, F> {
    fn new(x: &'a Array, f: F) -> Self {
        ValueFn {
            x: x.values::<T>().expect("values of the dispatched type"),
            f,
        }
    }
}

impl<T: ArrayElement, Z: ArrayElement, F: Fn(T) -> Z + Sync> Mapper for ValueFn<'_, T, F> {
    type Buf = Vec<Z>;
    const POSITIONAL: bool = false;
    fn buffer(&self, cap: usize) -> Vec<Z> {
        Vec::with_capacity(cap)
    }
    #[inline(always)]
    fn map(&self, buf: &mut Vec<Z>, q: usize, _row: u64, _col: u64) {
        buf.push((self.f)(self.x.at(q)));
    }
    fn absent(&self, buf: &mut Vec<Z>) {
        buf.push(Z::default());
    }
    fn finish(&self, bufs: Vec<Vec<Z>>) -> Array {
        Z::into_array(bufs.concat())
    }
    /// Every value position of a sparse or full format holds an entry (a
    /// bitmap's holes are not mapped: `f` may fail on what they hold).
    fn map_all(&self, format: &Format, _orient: Orientation) -> Option<Array> {
        if matches!(format, Format::Bitmap(_)) {
            return None;
        }
        let n = positions(format);
        let Some(x) = self.x.stored() else {
            // An iso input maps to an iso output.
            return Some(Array::iso_of(
                Z::into_array(vec![(self.f)(self.x.at(0))]),
                n,
            ));
        };
        let x = &x[..n];
        let out = parallel::collect_chunks(n, chunk_len(n), |r| x[r].iter().map(|&v| (self.f)(v)));
        Some(Z::into_array(out))
    }
}

/// Typed: `z = f(row, col)` (positional operators never read values).
struct IndexFn<F> {
    f: F,
}

impl<F> IndexFn<F> {
    fn new(f: F) -> Self {
        IndexFn { f }
    }
}

impl<Z: ArrayElement, F: Fn(u64, u64) -> Z + Sync> Mapper for IndexFn<F> {
    type Buf = Vec<Z>;
    const POSITIONAL: bool = true;
    fn buffer(&self, cap: usize) -> Vec<Z> {
        Vec::with_capacity(cap)
    }
    #[inline(always)]
    fn map(&self, buf: &mut Vec<Z>, _q: usize, row: u64, col: u64) {
        buf.push((self.f)(row, col));
    }
    fn absent(&self, buf: &mut Vec<Z>) {
        buf.push(Z::default());
    }
    fn finish(&self, bufs: Vec<Vec<Z>>) -> Array {
        Z::into_array(bufs.concat())
    }
    /// A bitmap or full format: its coordinates follow from the positions
    /// (a bitmap's holes get the default value), so every value is written
    /// in place without per-chunk buffers (LAGraph's BFS frontier, a bitmap
    /// of every vertex, rewritten to its row indices on every pull).
    fn map_all(&self, format: &Format, orient: Orientation) -> Option<Array> {
        let (vlen, present) = match format {
            Format::Bitmap(b) => (b.vlen as usize, Some(&b.b[..])),
            Format::Full(f) => (f.vlen as usize, None),
            Format::Sparse(_) => return None,
        };
        let n = positions(format);
        let out = parallel::collect_chunks(n, chunk_len(n), |r| {
            let (mut j, mut i) = (r.start / vlen.max(1), r.start % vlen.max(1));
            r.map(move |q| {
                let (row, col) = matrix_coords(orient, j as u64, i as u64);
                // Computed at a hole too and then dropped: a choice, not a
                // branch on the flags.
                let v = (self.f)(row, col);
                i += 1;
                if i == vlen {
                    (i, j) = (0, j + 1);
                }
                if present.is_none_or(|b| b[q]) {
                    v
                } else {
                    Z::default()
                }
            })
        });
        Some(Z::into_array(out))
    }
}

/// Byte-level: `call(evaluator, out, value, row, col)` with a per-chunk copy
/// of the evaluator `E`; `POS` says whether the coordinates are needed.
struct Bytes<'a, E, F, const POS: bool> {
    x: &'a Array,
    z: Type,
    eval: E,
    call: F,
}

impl<'a, E, F, const POS: bool> Bytes<'a, E, F, POS> {
    fn new(x: &'a Array, z: &Type, eval: E, call: F) -> Self {
        Bytes {
            x,
            z: z.clone(),
            eval,
            call,
        }
    }
}

impl<E, F, const POS: bool> Mapper for Bytes<'_, E, F, POS>
where
    E: Clone + Send + Sync,
    F: Fn(&mut E, &mut [u8], &[u8], u64, u64) + Sync,
{
    type Buf = (Vec<u8>, E);
    const POSITIONAL: bool = POS;
    fn buffer(&self, cap: usize) -> (Vec<u8>, E) {
        (Vec::with_capacity(cap * self.z.size()), self.eval.clone())
    }
    fn map(&self, (out, eval): &mut (Vec<u8>, E), q: usize, row: u64, col: u64) {
        let n = out.len();
        out.resize(n + self.z.size(), 0);
        (self.call)(eval, &mut out[n..], self.x.get_bytes(q), row, col);
    }
    fn absent(&self, (out, _): &mut (Vec<u8>, E)) {
        out.resize(out.len() + self.z.size(), 0);
    }
    fn finish(&self, bufs: Vec<(Vec<u8>, E)>) -> Array {
        let bytes: Vec<Vec<u8>> = bufs.into_iter().map(|(b, _)| b).collect();
        Array::from_bytes(&self.z, &bytes.concat())
    }
}

/// `op(A(i,j), i, j, thunk)` for every entry of `store`: its structure with
/// new values.
pub fn index_values(store: &MatrixStore, op: &IndexUnaryOp, thunk: &Value) -> MatrixStore {
    let x = index(op, thunk, store.format(), store.orient());
    MatrixStore::new(store.orient(), with_values(store.format(), x))
}

/// The structure of `format` with new values (one per value position).
pub fn with_values(format: &Format, x: Array) -> Format {
    match format {
        Format::Sparse(c) => Format::Sparse(Compressed {
            vlen: c.vlen,
            vdim: c.vdim,
            h: c.h.clone(),
            p: c.p.clone(),
            i: c.i.copied(),
            x,
        }),
        Format::Bitmap(b) => Format::Bitmap(Bitmap {
            vlen: b.vlen,
            vdim: b.vdim,
            b: b.b.clone(),
            x,
            nvals: b.nvals,
        }),
        Format::Full(f) => Format::Full(Full {
            vlen: f.vlen,
            vdim: f.vdim,
            x,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::binary::{arith_fn, compare_fn};

    /// A bound scalar over more values than one piece of the parallel loop
    /// and one block of the scalar, on either side, against the operator's
    /// function called value by value.
    #[test]
    fn bound_scalars_through_slices_match_the_operator() {
        let n = 70_000;
        let xs: Vec<i32> = (0..n).map(|k| (k * 7_919 % 1_000) - 500).collect();
        let format = Format::Full(Full {
            vlen: n as u64,
            vdim: 1,
            x: Array::from_vec(xs.clone()),
        });
        let s = 17i32;
        let codes = [
            BinaryCode::Ne,
            BinaryCode::Lt,
            BinaryCode::Minus,
            BinaryCode::Min,
        ];
        for (code, first) in codes.into_iter().flat_map(|c| [(c, false), (c, true)]) {
            let op = BinaryOp::builtin(code, TypeCode::Int32).unwrap();
            let out = bind(&op, &Value::new(s), first, &format, Orientation::ByCol);
            let call = |x: i32| if first { (s, x) } else { (x, s) };
            for (q, &x) in xs.iter().enumerate() {
                let (a, b) = call(x);
                match compare_fn::<i32>(code) {
                    Some(f) => assert_eq!(out.get_as::<bool>(q), f(a, b), "{code:?} at {q}"),
                    None => assert_eq!(out.get_as::<i32>(q), arith_fn::<i32>(code).unwrap()(a, b)),
                }
            }
        }
    }
}
