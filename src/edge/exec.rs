//! Running one lowered equation: each instruction is one call of `src/ops`
//! on the tensors' engine objects and the equation's temporaries.

use super::ast::{Arith, Cmp};
use super::error::{Error, ErrorKind, Span};
use super::ir::*;
use super::operators as ops;
use crate::algebra::{BinaryCode, BinaryOp, Monoid, Type, TypeCode, Value};
use crate::kernels::indices::Indices;
use crate::object::{Descriptor, Matrix, Scalar, Vector};
use crate::ops::ewise::Padded;
use crate::ops::reduce::ReduceOp;
use crate::{explain, ops as engine};
use std::collections::HashMap;

/// A tensor's engine object.
pub(super) enum Obj {
    Scalar(Scalar),
    Vector(Vector),
    Matrix(Matrix),
}

impl Obj {
    /// A new empty object of the given type and dimensions (none: rank 0).
    pub fn new(ty: &Type, dims: &[u64]) -> crate::Result<Obj> {
        Ok(match dims {
            [] => Obj::Scalar(Scalar::new(ty)),
            [n] => Obj::Vector(Vector::new(ty, *n)?),
            [m, n] => Obj::Matrix(Matrix::new(ty, *m, *n)?),
            _ => unreachable!("rank checked when lowering"),
        })
    }

    /// The object as a matrix (a vector as `n × 1`); `None` for rank 0.
    pub fn matrix(&self) -> Option<&Matrix> {
        match self {
            Obj::Scalar(_) => None,
            Obj::Vector(v) => Some(v.as_matrix()),
            Obj::Matrix(m) => Some(m),
        }
    }

    pub fn vector(&self) -> Option<&Vector> {
        match self {
            Obj::Vector(v) => Some(v),
            _ => None,
        }
    }

    pub fn nvals(&self) -> crate::Result<usize> {
        match self {
            Obj::Scalar(s) => Ok(s.nvals()),
            Obj::Vector(v) => v.nvals(),
            Obj::Matrix(m) => m.nvals(),
        }
    }

    pub fn dup(&self) -> crate::Result<Obj> {
        Ok(match self {
            Obj::Scalar(s) => Obj::Scalar(s.dup()),
            Obj::Vector(v) => Obj::Vector(v.dup()?),
            Obj::Matrix(m) => Obj::Matrix(m.dup()?),
        })
    }
}

/// The values an instruction may read besides tensors.
pub(super) struct Env<'a> {
    pub tensors: &'a [TensorInfo],
    pub objs: &'a [Obj],
    pub params: &'a [Option<Value>],
    pub sizes: &'a HashMap<String, u64>,
    pub counters: &'a [u64],
}

/// A number while evaluating a [`Const`].
#[derive(Clone, Copy, Debug)]
enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    fn float(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(x) => x,
        }
    }

    fn value(self) -> Value {
        match self {
            Num::Int(i) => Value::new(i),
            Num::Float(x) => Value::new(x),
        }
    }
}

impl Env<'_> {
    /// The value of `c` (integers stay integers under `+ - *`; `/` divides as reals).
    pub fn value(&self, c: &Const, span: Span) -> Result<Value, Error> {
        Ok(self.num(c, span)?.value())
    }

    fn num(&self, c: &Const, span: Span) -> Result<Num, Error> {
        let from_value = |v: &Value| match v.ty().code() {
            TypeCode::Fp32 | TypeCode::Fp64 => Num::Float(v.get::<f64>().unwrap_or(f64::NAN)),
            _ => Num::Int(v.get::<i64>().unwrap_or(0)),
        };
        Ok(match c {
            Const::Literal(v) => from_value(v),
            Const::Param(p, name) => match &self.params[*p] {
                Some(v) => from_value(v),
                None => return Err(run_error(span, format!("parameter '{name}' has no value"))),
            },
            Const::Size(s) => Num::Int(self.sizes[s] as i64),
            Const::Counter(l, _) => Num::Int(self.counters[*l] as i64),
            Const::Scalar(t, name) => {
                let Obj::Scalar(s) = &self.objs[*t] else {
                    unreachable!("rank checked when lowering")
                };
                match s.get().or_else(|| self.tensors[*t].empty.clone()) {
                    Some(v) => from_value(&v),
                    None => return Err(run_error(span, format!("'{name}' holds no value"))),
                }
            }
            Const::Neg(x) => match self.num(x, span)? {
                Num::Int(i) => Num::Int(i.wrapping_neg()),
                Num::Float(x) => Num::Float(-x),
            },
            Const::Arith(op, a, b) => {
                let (a, b) = (self.num(a, span)?, self.num(b, span)?);
                match (op, a, b) {
                    (Arith::Add, Num::Int(x), Num::Int(y)) => Num::Int(x.wrapping_add(y)),
                    (Arith::Sub, Num::Int(x), Num::Int(y)) => Num::Int(x.wrapping_sub(y)),
                    (Arith::Mul, Num::Int(x), Num::Int(y)) => Num::Int(x.wrapping_mul(y)),
                    (Arith::Add, a, b) => Num::Float(a.float() + b.float()),
                    (Arith::Sub, a, b) => Num::Float(a.float() - b.float()),
                    (Arith::Mul, a, b) => Num::Float(a.float() * b.float()),
                    (Arith::Div, a, b) => Num::Float(a.float() / b.float()),
                }
            }
        })
    }

    /// `a CMP b` on two values.
    pub fn compare(&self, a: &Const, cmp: Cmp, b: &Const, span: Span) -> Result<bool, Error> {
        let (x, y) = (self.num(a, span)?, self.num(b, span)?);
        let ord = match (x, y) {
            (Num::Int(x), Num::Int(y)) => Some(x.cmp(&y)),
            (x, y) => x.float().partial_cmp(&y.float()),
        };
        let Some(ord) = ord else {
            return Ok(cmp == Cmp::Ne);
        };
        use std::cmp::Ordering::*;
        Ok(match cmp {
            Cmp::Eq => ord == Equal,
            Cmp::Ne => ord != Equal,
            Cmp::Lt => ord == Less,
            Cmp::Le => ord != Greater,
            Cmp::Gt => ord == Greater,
            Cmp::Ge => ord != Less,
        })
    }
}

pub(super) fn run_error(span: Span, message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Run, span, message)
}

/// Runs equation `eq`, printing its lowering first when explain is on.
pub(super) fn equation(env: &Env, eq: &Lowered) -> Result<(), Error> {
    if explain::enabled() {
        let names = Names(env.tensors);
        let mut text = format!("[edge] line {}: {}\n", eq.span.line, eq.text);
        for ins in &eq.instrs {
            text.push_str(&format!("    {}\n", names.instr(ins)));
        }
        eprint!("{text}");
    }
    let mut temps = Vec::with_capacity(eq.temps.len());
    for t in &eq.temps {
        let dims: Vec<u64> = t.shape.iter().map(|s| env.sizes[s]).collect();
        temps.push(Obj::new(&t.ty, &dims).map_err(|e| Error::engine(eq.span, e))?);
    }
    for ins in &eq.instrs {
        instr(env, &temps, ins, eq.span)?;
    }
    Ok(())
}

fn instr(env: &Env, temps: &[Obj], ins: &Instr, span: Span) -> Result<(), Error> {
    let obj = |s: Slot| match s {
        Slot::Tensor(t) => &env.objs[t],
        Slot::Temp(k) => &temps[k],
    };
    let matrix = |i: &In| obj(i.slot).matrix().expect("rank checked when lowering");
    let out = obj(ins.out);
    let engine_err = |e| Error::engine(span, e);
    let mut desc = Descriptor {
        replace: ins.replace,
        ..Descriptor::default()
    };
    if let Some(m) = ins.mask {
        desc.mask_structural = m.structural;
        desc.mask_complement = m.complement;
    }
    let mask = ins
        .mask
        .map(|m| obj(m.slot).matrix().expect("masks have rank 1 or 2"));
    let accum = ins.accum.as_ref();
    if let Obj::Scalar(s) = out {
        return scalar_instr(env, s, ins, accum, span, &matrix);
    }
    let c = out.matrix().expect("not rank 0");
    let result = match &ins.call {
        Call::Fill(v) => {
            let v = env.value(v, span)?;
            engine::assign::assign_scalar(c, mask, accum, &v, Indices::All, Indices::All, &desc)
        }
        Call::SetScalar(_) => unreachable!("rank-0 outputs only"),
        Call::Apply(op, a) => {
            desc.transpose_first = a.transpose;
            engine::apply::apply_unary(c, mask, accum, op, matrix(a), &desc)
        }
        Call::Bind {
            op,
            a,
            value,
            value_first,
        } => {
            let v = env.value(value, span)?;
            if *value_first {
                desc.transpose_second = a.transpose;
                let v = v.cast(op.xtype()).expect("built-in casts");
                engine::apply::apply_bind_first(c, mask, accum, op, &v, matrix(a), &desc)
            } else {
                desc.transpose_first = a.transpose;
                let v = v.cast(op.ytype()).expect("built-in casts");
                engine::apply::apply_bind_second(c, mask, accum, op, matrix(a), &v, &desc)
            }
        }
        Call::Ewise { op, a, b, merge } => {
            desc.transpose_first = a.transpose;
            desc.transpose_second = b.transpose;
            let (a, b) = (matrix(a), matrix(b));
            match merge {
                Ewise::Mult => engine::ewise::ewise_mult(c, mask, accum, op, a, b, &desc),
                Ewise::Add => engine::ewise::ewise_add(c, mask, accum, op, a, b, &desc),
                Ewise::Union(x, y) => {
                    let (x, y) = (
                        x.cast(op.xtype()).expect("built-in casts"),
                        y.cast(op.ytype()).expect("built-in casts"),
                    );
                    let (a, b) = (Padded { input: a, fill: &x }, Padded { input: b, fill: &y });
                    engine::ewise::ewise_union(c, mask, accum, op, a, b, &desc)
                }
            }
        }
        Call::Product {
            semiring,
            a,
            b,
            form,
        } => {
            desc.transpose_first = a.transpose;
            desc.transpose_second = b.transpose;
            let vec = |i: &In| obj(i.slot).vector().expect("a vector operand");
            let (w, m) = (out.vector(), ins.mask.map(|m| obj(m.slot).vector()));
            match form {
                Form::Mxm => {
                    engine::mxm::mxm(c, mask, accum, semiring, matrix(a), matrix(b), &desc)
                }
                Form::Mxv => engine::mxm::mxv(
                    w.expect("vector output"),
                    m.map(|m| m.expect("vector mask")),
                    accum,
                    semiring,
                    matrix(a),
                    vec(b),
                    &desc,
                ),
                Form::Vxm => engine::mxm::vxm(
                    w.expect("vector output"),
                    m.map(|m| m.expect("vector mask")),
                    accum,
                    semiring,
                    vec(a),
                    matrix(b),
                    &desc,
                ),
            }
        }
        Call::Reduce(monoid, a) => {
            desc.transpose_first = a.transpose;
            let w = out.vector().expect("a reduction to rank 1");
            let m = ins.mask.map(|m| obj(m.slot).vector().expect("vector mask"));
            engine::reduce::reduce_to_vector(w, m, accum, monoid.op(), matrix(a), &desc)
        }
        Call::Select { op, a, thunk } => {
            desc.transpose_first = a.transpose;
            // A positional operator's argument is an INT64, a value comparison's the operator's type.
            let thunk = env
                .value(thunk, span)?
                .cast(op.ytype())
                .expect("built-in casts");
            engine::select::select(c, mask, accum, op, matrix(a), &thunk, &desc)
        }
        Call::Index(op, a) => {
            desc.transpose_first = a.transpose;
            engine::apply::apply_index(c, mask, accum, op, matrix(a), &Value::new(0i64), &desc)
        }
        Call::Gather { source, index } => {
            let indices = index_values(obj(index.slot), span)?;
            let (w, u) = (
                out.vector().expect("vector"),
                obj(source.slot).vector().expect("vector"),
            );
            let m = ins.mask.map(|m| obj(m.slot).vector().expect("vector mask"));
            engine::extract::extract_vector(w, m, accum, u, Indices::List(&indices), &desc)
        }
    };
    result.map_err(engine_err)
}

/// The values of a full index vector, as indices.
fn index_values(index: &Obj, span: Span) -> Result<Vec<u64>, Error> {
    let v = index.vector().expect("rank checked when lowering");
    let (positions, values) = v.extract_tuples().map_err(|e| Error::engine(span, e))?;
    if positions.len() as u64 != v.size() {
        return Err(run_error(
            span,
            format!(
                "an indirect index must hold every point: it holds {} of {}",
                positions.len(),
                v.size()
            ),
        ));
    }
    (0..positions.len())
        .map(|k| {
            let i = values.get_as::<i64>(k);
            u64::try_from(i).map_err(|_| run_error(span, format!("index {i} is negative")))
        })
        .collect()
}

/// An instruction writing a rank-0 tensor: a value, or a reduction.
fn scalar_instr<'m>(
    env: &Env,
    s: &Scalar,
    ins: &Instr,
    accum: Option<&BinaryOp>,
    span: Span,
    matrix: &dyn Fn(&In) -> &'m Matrix,
) -> Result<(), Error> {
    match &ins.call {
        Call::SetScalar(c) => {
            let v = env.value(c, span)?;
            let v = match (accum, s.get()) {
                (Some(op), Some(old)) => ops::eval(op, &old, &v).expect("built-in casts"),
                _ => v,
            };
            let v = v.cast(s.ty()).expect("built-in casts");
            s.set(&v).map_err(|e| Error::engine(span, e))
        }
        Call::Reduce(monoid, a) => {
            engine::reduce::reduce_to_scalar(s, accum, ReduceOp::Monoid(monoid), matrix(a))
                .map_err(|e| Error::engine(span, e))
        }
        _ => unreachable!("rank-0 outputs take values and reductions"),
    }
}

/// True when `a` and `b` hold the same points with equal values.
pub(super) fn same(a: &Obj, b: &Obj, span: Span) -> Result<bool, Error> {
    let err = |e| Error::engine(span, e);
    if a.nvals().map_err(err)? != b.nvals().map_err(err)? {
        return Ok(false);
    }
    match (a, b) {
        (Obj::Scalar(x), Obj::Scalar(y)) => Ok(x.get() == y.get()),
        _ => {
            let (x, y) = (
                a.matrix().expect("rank 1 or 2"),
                b.matrix().expect("rank 1 or 2"),
            );
            let eq = BinaryOp::builtin(BinaryCode::Eq, x.ty().code()).expect("eq exists");
            let both = Matrix::new(&Type::BOOL, x.nrows(), x.ncols()).map_err(err)?;
            engine::ewise::ewise_mult(&both, None, None, &eq, x, y, &Descriptor::default())
                .map_err(err)?;
            if both.nvals().map_err(err)? != x.nvals().map_err(err)? {
                return Ok(false);
            }
            let land = Monoid::builtin(BinaryCode::Land, TypeCode::Bool).expect("land is a monoid");
            let all = engine::reduce::reduce_to_value(&land, &both).map_err(err)?;
            Ok(all.and_then(|v| v.get::<bool>()).unwrap_or(true))
        }
    }
}
