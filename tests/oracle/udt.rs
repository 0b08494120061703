//! A user-defined type for tests: a pair of `i32` (8 bytes), with random
//! matrices of it and operators given as byte functions (as the C layer
//! wraps user C functions).

use super::OMatrix;
use graphblas::raw::algebra::{BinaryOp, Type, Value};
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};

/// The pair type (one instance for the whole test binary).
pub fn pair_type() -> Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| Type::user("pair", 8)).clone()
}

/// A pair value.
pub fn pair(x: i32, y: i32) -> Value {
    let mut b = [0u8; 8];
    b[..4].copy_from_slice(&x.to_ne_bytes());
    b[4..].copy_from_slice(&y.to_ne_bytes());
    Value::from_bytes(&pair_type(), &b)
}

/// The components of pair bytes.
pub fn unpair(b: &[u8]) -> (i32, i32) {
    (
        i32::from_ne_bytes(b[..4].try_into().unwrap()),
        i32::from_ne_bytes(b[4..8].try_into().unwrap()),
    )
}

fn write_pair(z: &mut [u8], (x, y): (i32, i32)) {
    z[..4].copy_from_slice(&x.to_ne_bytes());
    z[4..8].copy_from_slice(&y.to_ne_bytes());
}

/// `z = (x.0 - y.1, x.1 * 2 + y.0)`: a non-commutative pair × pair → pair operator.
pub fn pair_op() -> BinaryOp {
    let t = pair_type();
    BinaryOp::user(
        "pair_op",
        Arc::new(|z: &mut [u8], x: &[u8], y: &[u8]| {
            let (a, b) = (unpair(x), unpair(y));
            write_pair(
                z,
                (a.0.wrapping_sub(b.1), a.1.wrapping_mul(2).wrapping_add(b.0)),
            )
        }),
        t.clone(),
        t.clone(),
        t,
    )
}

/// `z = x.0 * y + x.1` as `f64`: pair × int32 → fp64, for mixed domains.
pub fn pair_scale() -> BinaryOp {
    BinaryOp::user(
        "pair_scale",
        Arc::new(|z: &mut [u8], x: &[u8], y: &[u8]| {
            let (a, b) = unpair(x);
            let y = i32::from_ne_bytes(y.try_into().unwrap());
            let v = a as f64 * y as f64 + b as f64;
            z.copy_from_slice(&v.to_ne_bytes());
        }),
        Type::FP64,
        pair_type(),
        Type::INT32,
    )
}

/// A random `nrows × ncols` matrix of pairs with up to `max_nnz` entries.
pub fn arb_pair_matrix(nrows: u64, ncols: u64, max_nnz: usize) -> BoxedStrategy<OMatrix> {
    if nrows == 0 || ncols == 0 {
        return Just(OMatrix::new(&pair_type(), nrows, ncols)).boxed();
    }
    proptest::collection::vec((0..nrows, 0..ncols, -3i32..=3, -3i32..=3), 0..=max_nnz)
        .prop_map(move |ents| {
            let mut m = OMatrix::new(&pair_type(), nrows, ncols);
            for (r, c, x, y) in ents {
                m.set(r, c, pair(x, y));
            }
            m
        })
        .boxed()
}

/// `z = x.0 * x.0 + x.1` as `i32`: pair → int32.
pub fn pair_norm() -> graphblas::raw::algebra::UnaryOp {
    graphblas::raw::algebra::UnaryOp::user(
        "pair_norm",
        Arc::new(|z: &mut [u8], x: &[u8]| {
            let (a, b) = unpair(x);
            z.copy_from_slice(&a.wrapping_mul(a).wrapping_add(b).to_ne_bytes());
        }),
        Type::INT32,
        pair_type(),
    )
}

/// `z = (x.0 + row - col > s)`: an index-unary predicate on pairs with an int32 thunk.
pub fn pair_index() -> graphblas::raw::algebra::IndexUnaryOp {
    graphblas::raw::algebra::IndexUnaryOp::user(
        "pair_index",
        Arc::new(|z: &mut [u8], x: &[u8], row: u64, col: u64, s: &[u8]| {
            let (a, _) = unpair(x);
            let s = i32::from_ne_bytes(s.try_into().unwrap()) as i64;
            z[0] = (a as i64 + row as i64 - col as i64 > s) as u8;
        }),
        Type::BOOL,
        pair_type(),
        Type::INT32,
    )
}

/// `z = -0.0` when `x == 0`, else `x + row - col - s` (as `f64`): int16 → fp64,
/// so that a predicate result of negative zero must count as false.
pub fn signed_zero_index() -> graphblas::raw::algebra::IndexUnaryOp {
    graphblas::raw::algebra::IndexUnaryOp::user(
        "signed_zero",
        Arc::new(|z: &mut [u8], x: &[u8], row: u64, col: u64, s: &[u8]| {
            let x = i16::from_ne_bytes(x.try_into().unwrap()) as f64;
            let s = i32::from_ne_bytes(s.try_into().unwrap()) as f64;
            let v = if x == 0.0 {
                -0.0
            } else {
                x + row as f64 - col as f64 - s
            };
            z.copy_from_slice(&v.to_ne_bytes());
        }),
        Type::FP64,
        Type::INT16,
        Type::INT32,
    )
}
