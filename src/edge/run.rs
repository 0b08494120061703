//! [`Runner`]: binds a program's inputs and parameters, runs its steps
//! (loops included) on the engine, and hands its tensors back as typed
//! collections.

use super::error::{Error, ErrorKind, Span};
use super::exec::{self, Env, Obj};
use super::ir::{LoopIr, Step, Stop};
use super::Program;
use crate::algebra::Value;
use crate::api::value::{from_value, Builtin, ValueType};
use crate::api::{Matrix, Vector};
use std::collections::HashMap;

/// One run of a [`Program`]: its inputs, parameters and tensors.
///
/// ```
/// use graphblas::{edge::Program, Vector};
/// let p = Program::parse(
///     "input x[N] : fp64   tensor y[N] : fp64   param s : fp64
///      y[i] = x[i] * s",
/// )?;
/// let mut run = p.runner();
/// run.vector_input("x", &Vector::from_pairs(3, [(0, 1.0), (2, 4.0)])?)?;
/// run.param("s", 0.5)?;
/// run.run()?;
/// assert_eq!(run.vector::<f64>("y")?.pairs()?, vec![(0, 0.5), (2, 2.0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Runner<'p> {
    program: &'p Program,
    /// The bound inputs, by tensor.
    inputs: Vec<Option<Obj>>,
    /// Every tensor's object, once a run has started.
    objs: Vec<Obj>,
    params: Vec<Option<Value>>,
    sizes: HashMap<String, u64>,
    counters: Vec<u64>,
    iterations: Vec<u64>,
}

impl<'p> Runner<'p> {
    pub(super) fn new(program: &'p Program) -> Runner<'p> {
        let l = &program.lowering;
        let loops = count_loops(&l.body);
        Runner {
            program,
            inputs: l.tensors.iter().map(|_| None).collect(),
            objs: Vec::new(),
            params: l.params.iter().map(|p| p.default.clone()).collect(),
            sizes: HashMap::new(),
            counters: vec![0; loops],
            iterations: vec![0; loops],
        }
    }

    fn error(&self, kind: ErrorKind, message: String) -> Error {
        Error::new(kind, Span::at(1, 1, 1), message).in_source(&self.program.text)
    }

    fn input(
        &mut self,
        name: &str,
        obj: Obj,
        dims: &[u64],
        ty: &crate::algebra::Type,
    ) -> Result<(), Error> {
        let l = &self.program.lowering;
        let Some(t) = l.tensors.iter().position(|t| t.name == name && t.input) else {
            return Err(self.error(
                ErrorKind::Name,
                format!("the program has no input '{name}'"),
            ));
        };
        let info = &l.tensors[t];
        if info.shape.len() != dims.len() {
            return Err(self.error(
                ErrorKind::Mismatch,
                format!(
                    "input '{name}' has rank {}, not {}",
                    info.shape.len(),
                    dims.len()
                ),
            ));
        }
        if info.ty != *ty {
            return Err(self.error(
                ErrorKind::Mismatch,
                format!("input '{name}' holds {}, not {}", info.ty.name(), ty.name()),
            ));
        }
        for (size, &d) in info.shape.iter().zip(dims) {
            // Another input may have bound the size already.
            let bound = self.bound_elsewhere(size, t);
            if let Some(n) = bound.filter(|&n| n != d) {
                return Err(self.error(
                    ErrorKind::Mismatch,
                    format!("size {size} is {n} by another input, {d} by '{name}'"),
                ));
            }
        }
        self.inputs[t] = Some(obj);
        Ok(())
    }

    /// The size `size` as another bound input gives it.
    fn bound_elsewhere(&self, size: &str, except: usize) -> Option<u64> {
        let l = &self.program.lowering;
        l.tensors.iter().enumerate().find_map(|(t, info)| {
            let obj = self.inputs[t]
                .as_ref()
                .filter(|_| t != except && info.input)?;
            let k = info.shape.iter().position(|s| s == size)?;
            let m = obj.matrix()?;
            Some(if k == 0 { m.nrows() } else { m.ncols() })
        })
    }

    /// Binds input `name` (declared with rank 2 and `T`'s type) to a matrix;
    /// the program reads it without copying it.
    pub fn matrix_input<T: ValueType>(
        &mut self,
        name: &str,
        m: &Matrix<T>,
    ) -> Result<&mut Self, Error> {
        let obj = Obj::Matrix(
            m.inner
                .dup()
                .map_err(|e| Error::engine(Span::at(1, 1, 1), e))?,
        );
        self.input(name, obj, &[m.nrows(), m.ncols()], &T::graphblas_type())?;
        Ok(self)
    }

    /// Binds input `name` (rank 1) to a vector.
    pub fn vector_input<T: ValueType>(
        &mut self,
        name: &str,
        v: &Vector<T>,
    ) -> Result<&mut Self, Error> {
        let obj = Obj::Vector(
            v.inner
                .dup()
                .map_err(|e| Error::engine(Span::at(1, 1, 1), e))?,
        );
        self.input(name, obj, &[v.size()], &T::graphblas_type())?;
        Ok(self)
    }

    /// Sets parameter `name`, cast to its declared type.
    pub fn param<T: Builtin>(&mut self, name: &str, value: T) -> Result<&mut Self, Error> {
        let l = &self.program.lowering;
        let Some(p) = l.params.iter().position(|p| p.name == name) else {
            return Err(self.error(
                ErrorKind::Name,
                format!("the program has no parameter '{name}'"),
            ));
        };
        let ty = crate::algebra::Type::builtin(l.params[p].ty);
        self.params[p] = Value::new(value).cast(&ty);
        Ok(self)
    }

    /// Runs the program: creates its tensors (empty), then runs its steps.
    pub fn run(&mut self) -> Result<(), Error> {
        self.prepare()?;
        let program = self.program;
        self.steps(&program.lowering.body)
            .map_err(|e| e.in_source(&program.text))
    }

    fn prepare(&mut self) -> Result<(), Error> {
        let l = &self.program.lowering;
        self.sizes.clear();
        self.objs.clear();
        for (t, info) in l.tensors.iter().enumerate() {
            if !info.input {
                continue;
            }
            let Some(obj) = &self.inputs[t] else {
                return Err(self.error(
                    ErrorKind::Run,
                    format!("input '{}' is not bound", info.name),
                ));
            };
            let m = obj.matrix().expect("inputs have rank 1 or 2");
            for (k, size) in info.shape.iter().enumerate() {
                self.sizes
                    .insert(size.clone(), if k == 0 { m.nrows() } else { m.ncols() });
            }
        }
        for (t, info) in l.tensors.iter().enumerate() {
            let span = Span::at(1, 1, 1);
            if let Some(input) = &self.inputs[t] {
                self.objs
                    .push(input.dup().map_err(|e| Error::engine(span, e))?);
                continue;
            }
            let mut dims = Vec::new();
            for size in &info.shape {
                let Some(&n) = self.sizes.get(size) else {
                    return Err(self.error(
                        ErrorKind::Run,
                        format!("no input gives size {size} (of '{}')", info.name),
                    ));
                };
                dims.push(n);
            }
            self.objs
                .push(Obj::new(&info.ty, &dims).map_err(|e| Error::engine(span, e))?);
        }
        Ok(())
    }

    fn env(&self) -> Env<'_> {
        Env {
            tensors: &self.program.lowering.tensors,
            objs: &self.objs,
            params: &self.params,
            sizes: &self.sizes,
            counters: &self.counters,
        }
    }

    fn steps(&mut self, steps: &[Step]) -> Result<(), Error> {
        for step in steps {
            match step {
                Step::Equation(eq) => exec::equation(&self.env(), eq)?,
                Step::Loop(l) => self.looped(l)?,
            }
        }
        Ok(())
    }

    fn looped(&mut self, l: &LoopIr) -> Result<(), Error> {
        let mut iteration = 0u64;
        loop {
            if l.max.is_some_and(|max| iteration >= max) {
                break;
            }
            iteration += 1;
            self.counters[l.id] = iteration;
            let before = self.snapshots(l.until.as_ref(), l.span)?;
            self.steps(&l.body)?;
            self.iterations[l.id] = iteration;
            if let Some(stop) = &l.until {
                if self.stops(stop, &before, l.span)? {
                    break;
                }
            }
        }
        Ok(())
    }

    /// Copies (O(1)) of the tensors an `unchanged` condition compares.
    fn snapshots(&self, stop: Option<&Stop>, span: Span) -> Result<HashMap<usize, Obj>, Error> {
        let mut out = HashMap::new();
        let mut todo: Vec<&Stop> = stop.into_iter().collect();
        while let Some(s) = todo.pop() {
            match s {
                Stop::Unchanged(t) => {
                    let copy = self.objs[*t].dup().map_err(|e| Error::engine(span, e))?;
                    out.insert(*t, copy);
                }
                Stop::Any(all) => todo.extend(all),
                _ => {}
            }
        }
        Ok(out)
    }

    fn stops(&self, stop: &Stop, before: &HashMap<usize, Obj>, span: Span) -> Result<bool, Error> {
        let objs = &self.objs;
        Ok(match stop {
            Stop::Empty(t) => objs[*t].nvals().map_err(|e| Error::engine(span, e))? == 0,
            Stop::Unchanged(t) => exec::same(&objs[*t], &before[t], span)?,
            Stop::Compare(a, cmp, b) => self.env().compare(a, *cmp, b, span)?,
            Stop::Any(all) => {
                for s in all {
                    if self.stops(s, before, span)? {
                        return Ok(true);
                    }
                }
                false
            }
        })
    }

    fn tensor(&self, name: &str, rank: usize) -> Result<&Obj, Error> {
        let l = &self.program.lowering;
        let t = l
            .tensors
            .iter()
            .position(|t| t.name == name)
            .ok_or_else(|| {
                self.error(
                    ErrorKind::Name,
                    format!("the program has no tensor '{name}'"),
                )
            })?;
        if l.tensors[t].shape.len() != rank {
            return Err(self.error(
                ErrorKind::Mismatch,
                format!("'{name}' has rank {}, not {rank}", l.tensors[t].shape.len()),
            ));
        }
        self.objs.get(t).ok_or_else(|| {
            self.error(
                ErrorKind::Run,
                format!("'{name}' has not been computed: run first"),
            )
        })
    }

    fn check_type<T: ValueType>(&self, name: &str, ty: &crate::algebra::Type) -> Result<(), Error> {
        if *ty == T::graphblas_type() {
            return Ok(());
        }
        Err(self.error(
            ErrorKind::Mismatch,
            format!(
                "'{name}' holds {}, not {}",
                ty.name(),
                T::graphblas_type().name()
            ),
        ))
    }

    /// Rank-2 tensor `name` (shares its content: O(1)).
    pub fn matrix<T: ValueType>(&self, name: &str) -> Result<Matrix<T>, Error> {
        let Obj::Matrix(m) = self.tensor(name, 2)? else {
            unreachable!("rank 2")
        };
        self.check_type::<T>(name, m.ty())?;
        let copy = m.dup().map_err(|e| Error::engine(Span::at(1, 1, 1), e))?;
        Ok(Matrix::wrap(copy))
    }

    /// Rank-1 tensor `name` (shares its content: O(1)).
    pub fn vector<T: ValueType>(&self, name: &str) -> Result<Vector<T>, Error> {
        let Obj::Vector(v) = self.tensor(name, 1)? else {
            unreachable!("rank 1")
        };
        self.check_type::<T>(name, v.ty())?;
        let copy = v.dup().map_err(|e| Error::engine(Span::at(1, 1, 1), e))?;
        Ok(Vector::wrap(copy))
    }

    /// Rank-0 tensor `name`: its value, or `None` when it holds none.
    pub fn scalar<T: Builtin>(&self, name: &str) -> Result<Option<T>, Error> {
        let Obj::Scalar(s) = self.tensor(name, 0)? else {
            unreachable!("rank 0")
        };
        s.get()
            .map(|v| from_value(&v))
            .transpose()
            .map_err(|e| Error::engine(Span::at(1, 1, 1), e))
    }

    /// How many iterations each loop ran the last time it ran, in the
    /// order the loops appear in the text.
    pub fn iterations(&self) -> &[u64] {
        &self.iterations
    }
}

fn count_loops(steps: &[Step]) -> usize {
    steps
        .iter()
        .map(|s| match s {
            Step::Equation(_) => 0,
            Step::Loop(l) => 1 + count_loops(&l.body),
        })
        .sum()
}
