//! Criterion benchmarks of the operations that exist so far: build from
//! tuples, setElement assembly (pending updates finished by a wait) and
//! transpose, on generated uniform random matrices.
//!
//! `cargo bench --bench basics`; under `cargo test --benches` each runs once.

mod common;

use common::Tuples;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use graphblas::raw::algebra::{Type, Value};
use graphblas::raw::object::{Descriptor, Matrix};
use graphblas::raw::ops::transpose::transpose;

/// 2^14 rows, 8 entries per row: about 131 000 entries.
const SCALE: u32 = 14;
const PER_ROW: u64 = 8;
/// Fewer samples than criterion's 100: each iteration rebuilds its input.
const SAMPLES: usize = 20;

fn build(c: &mut Criterion) {
    let t = Tuples::uniform(SCALE, PER_ROW, 1);
    let mut group = c.benchmark_group("build");
    group.throughput(Throughput::Elements(t.rows.len() as u64));
    group.sample_size(SAMPLES);
    group.bench_function("uniform", |b| {
        b.iter_batched(
            || Matrix::new(&Type::FP64, t.n, t.n).expect("matrix"),
            |m| {
                t.build_into(&m);
                m
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn set_element_assembly(c: &mut Criterion) {
    let t = Tuples::uniform(SCALE, PER_ROW, 2);
    let values: Vec<Value> = t.vals.iter().map(|&x| Value::new(x)).collect();
    let mut group = c.benchmark_group("setElement");
    group.throughput(Throughput::Elements(t.rows.len() as u64));
    group.sample_size(SAMPLES);
    group.bench_function("uniform_then_wait", |b| {
        b.iter_batched(
            || Matrix::new(&Type::FP64, t.n, t.n).expect("matrix"),
            |m| {
                for ((&i, &j), x) in t.rows.iter().zip(&t.cols).zip(&values) {
                    m.set_element(i, j, x).expect("setElement");
                }
                m.wait().expect("wait");
                m
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn transpose_fresh(c: &mut Criterion) {
    let t = Tuples::uniform(SCALE, PER_ROW, 3);
    let mut group = c.benchmark_group("transpose");
    group.throughput(Throughput::Elements(t.rows.len() as u64));
    group.sample_size(SAMPLES);
    // A new input every iteration: a matrix keeps its transpose once computed.
    group.bench_function("uniform", |b| {
        b.iter_batched(
            || {
                let a = t.matrix();
                let out = Matrix::new(&Type::FP64, t.n, t.n).expect("matrix");
                (a, out)
            },
            |(a, out)| {
                transpose(&out, None, None, &a, &Descriptor::default()).expect("transpose");
                out.wait().expect("wait");
                (a, out)
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, build, set_element_assembly, transpose_fresh);
criterion_main!(benches);
