//! Generic-tier evaluators: operators applied to element bytes of any input
//! types, with the typecasts the spec requires on the way in and out.
//!
//! Each evaluator owns small scratch buffers, so it is used through `&mut self`;
//! clone one per thread.

use crate::algebra::element::{byte_cast_fn, ByteCastFn};
use crate::algebra::{
    BinaryOp, ByteBinaryFn, ByteIndexFn, ByteUnaryFn, IndexUnaryOp, Type, UnaryOp, Value,
};
use crate::storage::Array;

/// `out = (out_type) op((xtype) x, (ytype) y)` on bytes.
#[derive(Clone)]
pub struct BinaryEval {
    f: ByteBinaryFn,
    /// Casts to the operator's input types; `None` where the types match.
    to_x: Option<ByteCastFn>,
    to_y: Option<ByteCastFn>,
    from_z: ByteCastFn,
    x: Vec<u8>,
    y: Vec<u8>,
    z: Vec<u8>,
}

impl BinaryEval {
    /// An evaluator for `op` reading `x` values of type `xty`, `y` values of
    /// type `yty` and writing values of type `out` (all must be compatible).
    pub fn new(op: &BinaryOp, xty: &Type, yty: &Type, out: &Type) -> BinaryEval {
        BinaryEval {
            f: op.byte_fn(),
            to_x: cast_unless_same(xty, op.xtype()),
            to_y: cast_unless_same(yty, op.ytype()),
            from_z: byte_cast_fn(op.ztype().code(), out.code()),
            x: vec![0; op.xtype().size()],
            y: vec![0; op.ytype().size()],
            z: vec![0; op.ztype().size()],
        }
    }

    /// Computes one value.
    #[inline]
    pub fn call(&mut self, out: &mut [u8], x: &[u8], y: &[u8]) {
        let x = cast_into(self.to_x, &mut self.x, x);
        let y = cast_into(self.to_y, &mut self.y, y);
        (self.f)(&mut self.z, x, y);
        (self.from_z)(out, &self.z);
    }
}

/// `out = (out_type) op((xtype) x)` on bytes.
#[derive(Clone)]
pub struct UnaryEval {
    f: ByteUnaryFn,
    /// The cast to the operator's input type; `None` where the types match.
    to_x: Option<ByteCastFn>,
    from_z: ByteCastFn,
    x: Vec<u8>,
    z: Vec<u8>,
}

impl UnaryEval {
    /// An evaluator for `op` reading values of type `xty` and writing type `out`.
    pub fn new(op: &UnaryOp, xty: &Type, out: &Type) -> UnaryEval {
        UnaryEval {
            f: op.byte_fn(),
            to_x: cast_unless_same(xty, op.xtype()),
            from_z: byte_cast_fn(op.ztype().code(), out.code()),
            x: vec![0; op.xtype().size()],
            z: vec![0; op.ztype().size()],
        }
    }

    /// Computes one value.
    #[inline]
    pub fn call(&mut self, out: &mut [u8], x: &[u8]) {
        let x = cast_into(self.to_x, &mut self.x, x);
        (self.f)(&mut self.z, x);
        (self.from_z)(out, &self.z);
    }
}

/// `out = (out_type) op((xtype) a_ij, i, j, thunk)` on bytes.
#[derive(Clone)]
pub struct IndexEval {
    f: ByteIndexFn,
    /// The cast of `a_ij` to the operator's `xtype`; `None` when the types
    /// are the same (the entry's bytes are passed as they are) or the
    /// operator reads no value.
    to_x: Option<ByteCastFn>,
    from_z: ByteCastFn,
    /// The cast of the result to bool; `None` when the result is a bool.
    z_to_bool: Option<ByteCastFn>,
    thunk: Vec<u8>,
    x: Vec<u8>,
    z: Vec<u8>,
}

impl IndexEval {
    /// An evaluator for `op` reading entries of type `aty`, with the thunk
    /// (cast to the operator's `ytype`), writing values of type `out`.
    pub fn new(op: &IndexUnaryOp, aty: &Type, thunk: &Value, out: &Type) -> IndexEval {
        let thunk = thunk
            .cast(op.ytype())
            .expect("thunk type checked by the caller");
        let bool_code = crate::algebra::TypeCode::Bool;
        IndexEval {
            f: op.byte_fn(),
            to_x: op.xtype().and_then(|t| cast_unless_same(aty, t)),
            from_z: byte_cast_fn(op.ztype().code(), out.code()),
            z_to_bool: (op.ztype().code() != bool_code)
                .then(|| byte_cast_fn(op.ztype().code(), bool_code)),
            thunk: thunk.bytes().to_vec(),
            x: vec![0; op.xtype().map_or(0, |t| t.size())],
            z: vec![0; op.ztype().size()],
        }
    }

    /// Runs the operator on entry `a` at `(i, j)`, leaving its result in `z`.
    #[inline]
    fn eval(&mut self, a: &[u8], i: u64, j: u64) {
        let x = if self.x.is_empty() {
            &self.x
        } else {
            cast_into(self.to_x, &mut self.x, a)
        };
        (self.f)(&mut self.z, x, i, j, &self.thunk);
    }

    /// Computes one value for entry `a` at `(i, j)`.
    #[inline]
    pub fn call(&mut self, out: &mut [u8], a: &[u8], i: u64, j: u64) {
        self.eval(a, i, j);
        (self.from_z)(out, &self.z);
    }

    /// Evaluates the operator as a predicate (its result cast to bool, so
    /// `-0.0` is false); the operator's output type must be built-in.
    #[inline]
    pub fn test(&mut self, a: &[u8], i: u64, j: u64) -> bool {
        self.eval(a, i, j);
        match self.z_to_bool {
            None => self.z[0] != 0,
            Some(cast) => {
                let mut b = [0u8];
                cast(&mut b, &self.z);
                b[0] != 0
            }
        }
    }
}

/// `v` cast into `scratch` by `cast`, or `v` itself when there is no cast.
#[inline]
fn cast_into<'a>(cast: Option<ByteCastFn>, scratch: &'a mut [u8], v: &'a [u8]) -> &'a [u8] {
    match cast {
        Some(cast) => {
            cast(scratch, v);
            scratch
        }
        None => v,
    }
}

/// The cast from values of type `from` to `to`, or `None` when the types
/// are the same (a value's bytes are then used as they are).
fn cast_unless_same(from: &Type, to: &Type) -> Option<ByteCastFn> {
    (from != to).then(|| byte_cast_fn(from.code(), to.code()))
}

/// An array of `n` values of type `ty`, each written by `fill(k, out_bytes)`.
pub fn collect_values(ty: &Type, n: usize, mut fill: impl FnMut(usize, &mut [u8])) -> Array {
    let s = ty.size();
    let mut bytes = vec![0u8; n * s];
    for (k, out) in bytes.chunks_exact_mut(s).enumerate() {
        fill(k, out);
    }
    Array::from_bytes(ty, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{BinaryCode, IndexUnaryCode, TypeCode, UnaryCode};

    #[test]
    fn evaluators_cast_in_and_out() {
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        let mut e = BinaryEval::new(&plus, &Type::FP64, &Type::UINT8, &Type::FP32);
        let mut out = [0u8; 4];
        e.call(&mut out, &2.9f64.to_ne_bytes(), &[3]);
        assert_eq!(f32::from_ne_bytes(out), 5.0);

        let abs = UnaryOp::builtin(UnaryCode::Abs, TypeCode::Int8).unwrap();
        let mut u = UnaryEval::new(&abs, &Type::INT64, &Type::INT16);
        let mut out = [0u8; 2];
        u.call(&mut out, &(-7i64).to_ne_bytes());
        assert_eq!(i16::from_ne_bytes(out), 7);

        let tril = IndexUnaryOp::builtin(IndexUnaryCode::Tril, TypeCode::Int64).unwrap();
        let mut t = IndexEval::new(&tril, &Type::FP64, &Value::new(0i32), &Type::BOOL);
        assert!(t.test(&1.0f64.to_ne_bytes(), 3, 1));
        assert!(!t.test(&1.0f64.to_ne_bytes(), 1, 3));

        let a = collect_values(&Type::INT16, 3, |k, o| {
            o.copy_from_slice(&(k as i16).to_ne_bytes())
        });
        assert_eq!(a.as_slice::<i16>().unwrap(), &[0, 1, 2]);
    }
}
