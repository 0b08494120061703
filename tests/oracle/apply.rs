//! The models of apply (unary, bound binary, index-unary) and select. A
//! positional operator gives the entry's row or column index (the bound
//! scalar is ignored).

use super::{apply_binary_at, position_value, OMatrix};
use graphblas::raw::algebra::{BinaryOp, IndexUnaryCode, IndexUnaryOp, Type, UnaryOp, Value};

/// `op(x)` with `x` cast to the operator's input type.
pub fn eval_unary(op: &UnaryOp, x: &Value) -> Value {
    let x = x.cast(op.xtype()).expect("x castable");
    let mut z = vec![0u8; op.ztype().size()];
    op.byte_fn()(&mut z, x.bytes());
    Value::from_bytes(op.ztype(), &z)
}

/// `op(x, row, col, thunk)` with the casts to the operator's domains. The
/// built-in positional operators are computed from the specification's table
/// (C API 2.1, "Predefined index unary operators"), not by the engine.
pub fn eval_index(op: &IndexUnaryOp, x: &Value, row: u64, col: u64, thunk: &Value) -> Value {
    if let Some(z) = op
        .code()
        .and_then(|code| spec_positional(code, op, row, col, thunk))
    {
        return z;
    }
    let xb = match op.xtype() {
        Some(t) => x.cast(t).expect("x castable").bytes().to_vec(),
        None => x.bytes().to_vec(),
    };
    let s = thunk.cast(op.ytype()).expect("thunk castable");
    let mut z = vec![0u8; op.ztype().size()];
    op.byte_fn()(&mut z, &xb, row, col, s.bytes());
    Value::from_bytes(op.ztype(), &z)
}

/// A built-in operator that depends on the position only, as the spec's table
/// defines it; `None` for the `VALUE*` operators.
fn spec_positional(
    code: IndexUnaryCode,
    op: &IndexUnaryOp,
    i: u64,
    j: u64,
    thunk: &Value,
) -> Option<Value> {
    use IndexUnaryCode::*;
    let s = thunk.cast(op.ytype())?.cast(&Type::INT64)?.get::<i64>()? as i128;
    let (i, j) = (i as i128, j as i128);
    let index = match code {
        RowIndex => i + s,
        ColIndex => j + s,
        DiagIndex => j - i + s,
        _ => {
            let keep = match code {
                Tril => j <= i + s,
                Triu => j >= i + s,
                Diag => j == i + s,
                Offdiag => j != i + s,
                Colle => j <= s,
                Colgt => j > s,
                Rowle => i <= s,
                Rowgt => i > s,
                _ => return None,
            };
            return Some(Value::new(keep));
        }
    };
    Some(if op.ztype() == &Type::INT32 {
        Value::new(index as i32)
    } else {
        Value::new(index as i64)
    })
}

/// Every entry mapped by `f(value, row, col)` into a matrix of type `ty`.
fn map(a: &OMatrix, ty: &Type, f: impl Fn(&Value, u64, u64) -> Value) -> OMatrix {
    let mut t = OMatrix::new(ty, a.nrows, a.ncols);
    for (&(r, c), v) in &a.entries {
        t.entries.insert((r, c), f(v, r, c));
    }
    t
}

/// `T = op(A)`.
pub fn apply_unary(op: &UnaryOp, a: &OMatrix) -> OMatrix {
    map(a, op.ztype(), |v, r, c| match op.position() {
        Some(pos) => position_value(pos, op.ztype(), (r, c), (r, c)),
        None => eval_unary(op, v),
    })
}

/// `T = op(x, A)`.
pub fn apply_bind_first(op: &BinaryOp, x: &Value, a: &OMatrix) -> OMatrix {
    map(a, op.ztype(), |v, r, c| {
        apply_binary_at(op, (x, (r, c)), (v, (r, c)))
    })
}

/// `T = op(A, y)`.
pub fn apply_bind_second(op: &BinaryOp, a: &OMatrix, y: &Value) -> OMatrix {
    map(a, op.ztype(), |v, r, c| {
        apply_binary_at(op, (v, (r, c)), (y, (r, c)))
    })
}

/// `T = op(A(i,j), i, j, thunk)`.
pub fn apply_index(op: &IndexUnaryOp, a: &OMatrix, thunk: &Value) -> OMatrix {
    map(a, op.ztype(), |v, r, c| eval_index(op, v, r, c, thunk))
}

/// `T = A(i,j)` where `(bool) op(A(i,j), i, j, thunk)`.
pub fn select(op: &IndexUnaryOp, a: &OMatrix, thunk: &Value) -> OMatrix {
    let mut t = OMatrix::new(&a.ty, a.nrows, a.ncols);
    for (&(r, c), v) in &a.entries {
        let z = eval_index(op, v, r, c, thunk);
        if z.cast(&Type::BOOL).unwrap().bytes() != [0] {
            t.entries.insert((r, c), v.clone());
        }
    }
    t
}
