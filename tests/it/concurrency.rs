//! Concurrency stress: many threads run operations at once on their own output
//! objects while all reading the same input matrices; every result must equal
//! the one a single thread computes, and the shared inputs must not change.

use graphblas::raw::algebra::{
    BinaryCode, BinaryOp, Monoid, Semiring, Type, TypeCode, UnaryCode, UnaryOp, Value,
};
use graphblas::raw::object::{Descriptor, Matrix, Vector};
use graphblas::raw::ops::indices::Indices;
use graphblas::raw::ops::{apply, ewise, extract, mxm, reduce};

const N: u64 = 400;
const THREADS: usize = 8;
const ROUNDS: usize = 20;

/// The entries of a matrix as `(row, col, value)`, in the order extracted.
type Tuples = Vec<(u64, u64, i64)>;

/// A deterministic pseudo-random `n × n` INT64 matrix with about `per_row` entries a row.
fn random_matrix(n: u64, per_row: u64, seed: u64) -> Matrix {
    let m = Matrix::new(&Type::INT64, n, n).unwrap();
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for i in 0..n {
        for _ in 0..per_row {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let j = (x >> 33) % n;
            let v = ((x >> 13) % 19) as i64 - 9;
            m.set_element(i, j, &Value::new(v)).unwrap();
        }
    }
    m.wait().unwrap();
    m
}

fn tuples(m: &Matrix) -> Tuples {
    let (r, c, x) = m.extract_tuples().unwrap();
    (0..r.len())
        .map(|k| (r[k], c[k], x.get_as::<i64>(k)))
        .collect()
}

fn vector_tuples(v: &Vector) -> Tuples {
    tuples(v.as_matrix())
}

/// The shared, read-only inputs.
struct Inputs {
    a: Matrix,
    b: Matrix,
    u: Vector,
}

/// One job's results: mxm, eWiseAdd, apply, reduce, extract and mxv.
fn job(inputs: &Inputs, id: usize) -> Vec<Tuples> {
    let int = TypeCode::Int64;
    let semirings = [
        Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, int).unwrap(),
        Semiring::builtin(BinaryCode::Min, BinaryCode::Plus, int).unwrap(),
        Semiring::builtin(BinaryCode::Max, BinaryCode::Times, int).unwrap(),
    ];
    let sr = &semirings[id % semirings.len()];
    let desc = Descriptor {
        transpose_first: id % 2 == 1,
        ..Descriptor::default()
    };
    let plain = Descriptor::default();
    let (a, b, u) = (&inputs.a, &inputs.b, &inputs.u);

    let c = Matrix::new(&Type::INT64, N, N).unwrap();
    mxm::mxm(&c, None, None, sr, a, b, &desc).unwrap();

    let sum = Matrix::new(&Type::INT64, N, N).unwrap();
    let plus = BinaryOp::builtin(BinaryCode::Plus, int).unwrap();
    ewise::ewise_add(&sum, Some(b), None, &plus, a, &c, &plain).unwrap();

    let neg = Matrix::new(&Type::INT64, N, N).unwrap();
    let ainv = UnaryOp::builtin(UnaryCode::Ainv, int).unwrap();
    apply::apply_unary(&neg, None, Some(&plus), &ainv, &sum, &desc).unwrap();

    let rows = Vector::new(&Type::INT64, N).unwrap();
    let monoid = Monoid::builtin(BinaryCode::Plus, int).unwrap();
    reduce::reduce_to_vector(&rows, None, None, monoid.op(), a, &desc).unwrap();

    let picks: Vec<u64> = (0..N / 2).map(|k| (k * 7 + id as u64) % N).collect();
    let sub = Matrix::new(&Type::INT64, N / 2, N).unwrap();
    extract::extract(
        &sub,
        None,
        None,
        b,
        Indices::List(&picks),
        Indices::All,
        &plain,
    )
    .unwrap();

    let w = Vector::new(&Type::INT64, N).unwrap();
    mxm::mxv(&w, None, None, sr, a, u, &desc).unwrap();

    vec![
        tuples(&c),
        tuples(&sum),
        tuples(&neg),
        vector_tuples(&rows),
        tuples(&sub),
        vector_tuples(&w),
    ]
}

#[test]
fn threads_on_shared_inputs_match_a_single_thread() {
    let inputs = Inputs {
        a: random_matrix(N, 8, 1),
        b: random_matrix(N, 5, 2),
        u: {
            let u = Vector::new(&Type::INT64, N).unwrap();
            for i in (0..N).step_by(3) {
                u.set_element(i, &Value::new(i as i64 % 5 - 2)).unwrap();
            }
            u
        },
    };
    let before = (
        tuples(&inputs.a),
        tuples(&inputs.b),
        vector_tuples(&inputs.u),
    );
    let expected: Vec<Vec<Tuples>> = (0..THREADS).map(|id| job(&inputs, id)).collect();

    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|id| {
                let inputs = &inputs;
                scope.spawn(move || {
                    (0..ROUNDS)
                        .map(|round| job(inputs, (id + round) % THREADS))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for (id, h) in handles.into_iter().enumerate() {
            let results = h.join().expect("a worker thread panicked");
            for (round, got) in results.iter().enumerate() {
                assert_eq!(
                    got,
                    &expected[(id + round) % THREADS],
                    "thread {id}, round {round}"
                );
            }
        }
    });

    let after = (
        tuples(&inputs.a),
        tuples(&inputs.b),
        vector_tuples(&inputs.u),
    );
    assert_eq!(before, after, "a shared input changed");
}

/// Pending work shared by threads: a product recorded (not computed) in
/// non-blocking mode is read by every thread at once, directly and as the
/// input of further pending operations; it is computed once, and every thread
/// sees the result a blocking run gives.
#[test]
fn threads_share_pending_results() {
    use graphblas::{with_mode, Mode};
    let a = random_matrix(N, 6, 11);
    let b = random_matrix(N, 6, 12);
    let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Int64).unwrap();
    let ainv = UnaryOp::builtin(UnaryCode::Ainv, TypeCode::Int64).unwrap();
    let d = Descriptor::default();
    let product = |mode| {
        with_mode(mode, || {
            let p = Matrix::new(&Type::INT64, N, N).unwrap();
            mxm::mxm(&p, None, None, &s, &a, &b, &d).unwrap();
            p
        })
    };
    let expected = tuples(&product(Mode::Blocking));
    let pending = product(Mode::NonBlocking);
    assert!(pending.has_pending_work());
    let negated_expected: Tuples = expected.iter().map(|&(i, j, x)| (i, j, -x)).collect();
    std::thread::scope(|scope| {
        for id in 0..THREADS {
            let (pending, expected, negated) = (&pending, &expected, &negated_expected);
            let (ainv, d) = (&ainv, &d);
            scope.spawn(move || {
                with_mode(Mode::NonBlocking, || {
                    let c = Matrix::new(&Type::INT64, N, N).unwrap();
                    apply::apply_unary(&c, None, None, ainv, pending, d).unwrap();
                    if id % 2 == 0 {
                        assert_eq!(&tuples(pending), expected);
                    }
                    assert_eq!(&tuples(&c), negated);
                })
            });
        }
    });
    assert_eq!(tuples(&pending), expected);
}
