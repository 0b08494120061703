//! Criterion benchmarks of the operations graph algorithms spend their time
//! in, on generated graphs (`graphblas::GraphKind`: Graph500 Kronecker with
//! A = 0.57, B = C = 0.19, uniform random, 2-D grid; edge factor 16, seed 1):
//!
//! * matrix multiply: `C = A*A` (PLUS_TIMES, FP64) on the grid, masked
//!   `C<L> = L*L'` (PLUS_TIMES, INT64, structural mask: triangle counting),
//!   `y = A*x` with a dense `x`, and one BFS step `q<!v> = q LOR.LAND A`;
//! * the other operations: eWiseAdd `A + A'`, transpose, select TRIL,
//!   reduce to a vector, assign with a structural mask, extract of a random
//!   submatrix.
//!
//! `cargo bench --bench operations` runs at scale 16 (`GRB_BENCH_SCALE=18`
//! for larger graphs); under `cargo test --benches` each runs once at scale 8.
//! Every iteration gets freshly built inputs where a matrix could carry a
//! cached transpose from one iteration into the next.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use graphblas::raw::algebra::{
    BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, Monoid, Semiring, Type, TypeCode, Value,
};
use graphblas::raw::io::generate::generate;
use graphblas::raw::object::{Descriptor, Matrix, Vector};
use graphblas::raw::ops::indices::Indices;
use graphblas::raw::ops::{assign, ewise, extract, mxm, reduce, select, transpose};
use graphblas::raw::storage::Array;
use graphblas::{GraphKind, GraphSpec};

/// Samples per benchmark (criterion's default of 100 is too slow at scale 18).
const SAMPLES: usize = 10;

/// The graphs' scale: `GRB_BENCH_SCALE`, else 16 when benchmarking and 8 when
/// `cargo test --benches` runs each benchmark once.
fn scale() -> u32 {
    let benchmarking = std::env::args().any(|a| a == "--bench");
    match std::env::var("GRB_BENCH_SCALE") {
        Ok(s) => s.parse().expect("GRB_BENCH_SCALE must be a number"),
        Err(_) if benchmarking => 16,
        Err(_) => 8,
    }
}

/// A generated graph as tuples, so that every iteration can build a fresh matrix.
struct Graph {
    name: String,
    n: u64,
    rows: Vec<u64>,
    cols: Vec<u64>,
    vals: Array,
}

impl Graph {
    /// The weighted (FP64) graph of the given kind at `scale()`.
    fn new(kind: GraphKind) -> Graph {
        let scale = scale();
        let spec = GraphSpec {
            weighted: true,
            ..GraphSpec::new(kind, scale)
        };
        let a = generate(&spec).expect("generate");
        let (rows, cols, vals) = a.extract_tuples().expect("extractTuples");
        let kind = match kind {
            GraphKind::Kronecker => "kron",
            GraphKind::Uniform => "uniform",
            GraphKind::Grid => "grid",
        };
        Graph {
            name: format!("{kind}-{scale}"),
            n: a.nrows(),
            rows,
            cols,
            vals,
        }
    }

    /// A freshly built matrix of the graph with values `vals` (of type `ty`).
    fn build_with(&self, ty: &Type, vals: Array) -> Matrix {
        let m = Matrix::new(ty, self.n, self.n).expect("matrix");
        m.build(&self.rows, &self.cols, vals, None).expect("build");
        m
    }

    /// A freshly built FP64 matrix of the graph.
    fn matrix(&self) -> Matrix {
        self.build_with(&Type::FP64, self.vals.clone())
    }

    /// A freshly built matrix of the graph's pattern with every value `one`.
    fn ones<T: graphblas::raw::storage::ArrayElement + Clone>(&self, ty: &Type, one: T) -> Matrix {
        self.build_with(ty, Array::from_vec(vec![one; self.rows.len()]))
    }

    /// An empty `n × n` output of type `ty`.
    fn output(&self, ty: &Type) -> Matrix {
        Matrix::new(ty, self.n, self.n).expect("matrix")
    }
}

fn binary(code: BinaryCode, t: TypeCode) -> BinaryOp {
    BinaryOp::builtin(code, t).expect("built-in operator")
}

fn semiring(add: BinaryCode, mul: BinaryCode, t: TypeCode) -> Semiring {
    Semiring::builtin(add, mul, t).expect("built-in semiring")
}

fn desc(f: impl FnOnce(&mut Descriptor)) -> Descriptor {
    let mut d = Descriptor::default();
    f(&mut d);
    d
}

/// `select(op, a, k)` into a new matrix of `a`'s type.
fn select_into(a: &Matrix, code: IndexUnaryCode, k: i64) -> Matrix {
    let op = IndexUnaryOp::builtin(code, TypeCode::Int64).expect("built-in index-unary op");
    let c = Matrix::new(a.ty(), a.nrows(), a.ncols()).expect("matrix");
    select::select(
        &c,
        None,
        None,
        &op,
        a,
        &Value::new(k),
        &Descriptor::default(),
    )
    .expect("select");
    c
}

/// Runs `op` on fresh inputs from `inputs` every iteration, waiting for its output.
fn bench_fresh<I>(
    c: &mut Criterion,
    group: &str,
    graph: &Graph,
    inputs: impl Fn() -> I,
    op: impl Fn(&I) -> Matrix,
) {
    let mut g = c.benchmark_group(group);
    g.sample_size(SAMPLES);
    g.bench_function(&graph.name, |b| {
        b.iter_batched(
            &inputs,
            |i| {
                let out = op(&i);
                out.wait().expect("wait");
                (i, out)
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

fn multiply(c: &mut Criterion) {
    let grid = Graph::new(GraphKind::Grid);
    let plus_times = semiring(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64);
    bench_fresh(
        c,
        "mxm_A*A",
        &grid,
        || grid.matrix(),
        |a| {
            let out = grid.output(&Type::FP64);
            mxm::mxm(&out, None, None, &plus_times, a, a, &Descriptor::default()).expect("mxm");
            out
        },
    );

    let kron = Graph::new(GraphKind::Kronecker);
    let count = semiring(BinaryCode::Plus, BinaryCode::Times, TypeCode::Int64);
    let st1 = desc(|d| {
        d.mask_structural = true;
        d.transpose_second = true;
    });
    bench_fresh(
        c,
        "mxm_masked_L*L'",
        &kron,
        || select_into(&kron.ones(&Type::INT64, 1i64), IndexUnaryCode::Tril, -1),
        |l| {
            let out = kron.output(&Type::INT64);
            mxm::mxm(&out, Some(l), None, &count, l, l, &st1).expect("mxm");
            out
        },
    );

    for graph in [&kron, &Graph::new(GraphKind::Uniform)] {
        let x = Vector::new(&Type::FP64, graph.n).expect("vector");
        let all = Indices::All;
        assign::assign_vector_scalar(
            &x,
            None,
            None,
            &Value::new(1.0f64),
            all,
            &Descriptor::default(),
        )
        .expect("assign");
        let a = graph.matrix();
        let mut g = c.benchmark_group("mxv_A*x");
        g.sample_size(SAMPLES);
        g.bench_function(&graph.name, |b| {
            b.iter(|| {
                let y = Vector::new(&Type::FP64, graph.n).expect("vector");
                mxm::mxv(&y, None, None, &plus_times, &a, &x, &Descriptor::default()).expect("mxv");
                y.wait().expect("wait");
                y
            })
        });
        g.finish();
        bfs_step(c, graph);
    }
}

/// One BFS step from the frontier two levels out of vertex 0:
/// `q<!v, struct, replace> = q LOR.LAND A`.
fn bfs_step(c: &mut Criterion, graph: &Graph) {
    let a = graph.ones(&Type::BOOL, true);
    let lor_land = semiring(BinaryCode::Lor, BinaryCode::Land, TypeCode::Bool);
    let rsc = desc(|d| {
        d.replace = true;
        d.mask_structural = true;
        d.mask_complement = true;
    });
    let s = desc(|d| d.mask_structural = true);
    let v = Vector::new(&Type::INT32, graph.n).expect("vector");
    let q = Vector::new(&Type::BOOL, graph.n).expect("vector");
    q.set_element(0, &Value::new(true)).expect("setElement");
    for level in 1..=2i32 {
        assign::assign_vector_scalar(&v, Some(&q), None, &Value::new(level), Indices::All, &s)
            .expect("assign");
        mxm::vxm(&q, Some(&v), None, &lor_land, &q, &a, &rsc).expect("vxm");
    }
    q.wait().expect("wait");
    let mut g = c.benchmark_group("bfs_step");
    g.sample_size(SAMPLES);
    g.bench_function(&graph.name, |b| {
        b.iter(|| {
            let next = Vector::new(&Type::BOOL, graph.n).expect("vector");
            mxm::vxm(&next, Some(&v), None, &lor_land, &q, &a, &rsc).expect("vxm");
            next.wait().expect("wait");
            next
        })
    });
    g.finish();
}

fn other_operations(c: &mut Criterion) {
    let kron = Graph::new(GraphKind::Kronecker);
    let plus = binary(BinaryCode::Plus, TypeCode::Fp64);
    let none = Descriptor::default();
    let t0 = desc(|d| d.transpose_second = true);
    bench_fresh(
        c,
        "ewise_add_A+A'",
        &kron,
        || kron.matrix(),
        |a| {
            let out = kron.output(&Type::FP64);
            ewise::ewise_add(&out, None, None, &plus, a, a, &t0).expect("eWiseAdd");
            out
        },
    );
    bench_fresh(
        c,
        "transpose",
        &kron,
        || kron.matrix(),
        |a| {
            let out = kron.output(&Type::FP64);
            transpose::transpose(&out, None, None, a, &none).expect("transpose");
            out
        },
    );
    bench_fresh(
        c,
        "select_tril",
        &kron,
        || kron.matrix(),
        |a| select_into(a, IndexUnaryCode::Tril, -1),
    );
    let sum = Monoid::builtin(BinaryCode::Plus, TypeCode::Fp64).expect("PLUS monoid");
    bench_fresh(
        c,
        "reduce_rows",
        &kron,
        || kron.matrix(),
        |a| {
            let w = Vector::new(&Type::FP64, kron.n).expect("vector");
            reduce::reduce_to_vector(&w, None, None, sum.op(), a, &none).expect("reduce");
            w.as_matrix().dup().expect("dup")
        },
    );
    // C<M, struct> = A' with M the strictly lower triangle, C starting as A.
    let s = desc(|d| d.mask_structural = true);
    bench_fresh(
        c,
        "assign_masked",
        &kron,
        || {
            let a = kron.matrix();
            let m = select_into(&kron.ones(&Type::BOOL, true), IndexUnaryCode::Tril, -1);
            let at = kron.output(&Type::FP64);
            transpose::transpose(&at, None, None, &a, &none).expect("transpose");
            at.wait().expect("wait");
            (a, at, m)
        },
        |(a, at, m)| {
            assign::assign(a, Some(m), None, at, Indices::All, Indices::All, &s).expect("assign");
            a.dup().expect("dup")
        },
    );
    let (rows, cols) = random_halves(kron.n, 42);
    bench_fresh(
        c,
        "extract_sub",
        &kron,
        || kron.matrix(),
        |a| {
            let out =
                Matrix::new(&Type::FP64, rows.len() as u64, cols.len() as u64).expect("matrix");
            extract::extract(
                &out,
                None,
                None,
                a,
                Indices::List(&rows),
                Indices::List(&cols),
                &none,
            )
            .expect("extract");
            out
        },
    );
}

/// Two random halves of `0..n` (the first `n/2` of two seeded shuffles).
fn random_halves(n: u64, seed: u64) -> (Vec<u64>, Vec<u64>) {
    let mut state = seed;
    let mut half = || {
        let mut p: Vec<u64> = (0..n).collect();
        for k in (2..=n).rev() {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            p.swap((k - 1) as usize, ((state >> 33) % k) as usize);
        }
        p.truncate((n / 2) as usize);
        p
    };
    (half(), half())
}

criterion_group!(benches, multiply, other_operations);
criterion_main!(benches);
