//! The non-blocking engine: random programs give the same results in blocking
//! and non-blocking mode (every rewrite, materialisation point and aliasing
//! pattern they happen to hit), a pending result does not see later changes
//! to its inputs, and each rewrite fires where it should (its explain step).

use crate::oracle;

use graphblas::raw::algebra::{
    BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, Monoid, Semiring, TypeCode, UnaryCode,
    UnaryOp, Value,
};
use graphblas::raw::explain;
use graphblas::raw::object::{Descriptor, Matrix, Vector};
use graphblas::raw::ops::indices::Indices;
use graphblas::raw::ops::{apply, assign, ewise, extract, mxm, reduce, select, transpose};
use graphblas::raw::plan::tiles::with_tile_entries;
use graphblas::raw::plan::ProductForm;
use graphblas::{with_mode, Mode};
use oracle::*;
use proptest::prelude::*;

mod masked_reduce;
mod products;

const T: TypeCode = TypeCode::Int64;

fn plus_times() -> Semiring {
    Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, T).unwrap()
}

fn plus() -> BinaryOp {
    BinaryOp::builtin(BinaryCode::Plus, T).unwrap()
}

fn plus_monoid() -> Monoid {
    Monoid::builtin(BinaryCode::Plus, T).unwrap()
}

/// One step of a random program over a pool of `n × n` INT64 matrices.
#[derive(Clone, Debug)]
enum Step {
    Mxm(usize, usize, usize),
    Add(usize, usize, usize),
    Mult(usize, usize, usize),
    Ainv(usize, usize),
    Double(usize, usize),
    Tril(usize, usize),
    Positive(usize, usize),
    Transpose(usize, usize),
    Read(usize),
    Sum(usize),
    RowSums(usize, bool),
    Set(usize, u64, u64, i64),
    Dup(usize, usize),
    /// `C = A ANY.ONEB B`: a sibling of `Mxm` over the same operands.
    Pattern(usize, usize, usize),
    /// `C = A(rev, rev)` with `rev` the reversed index list.
    Extract(usize, usize),
    /// `C(rev, :) = A`.
    Assign(usize, usize),
    /// `C(evens, rev) = value`.
    AssignValue(usize, i64),
    /// `C(:, :) = value`.
    AssignEverywhere(usize, i64),
    /// Replaces the matrix in slot `c` by a new, empty one (a pending result
    /// it held is then read only by the nodes that use it).
    Fresh(usize),
    /// `C = A ⊕.⊗ B` over the positional semiring [`positional_semiring`]`(k)`.
    PositionalMxm(usize, usize, usize, usize),
    /// A positional element-wise step [`positional_ewise`]`(k)`.
    PositionalEwise(usize, usize, usize, usize),
}

/// Positional semirings: the row index of `A` (cut by a row tile), the
/// column index of `B` (cut by a column tile), and `k`.
fn positional_semiring(k: usize) -> Semiring {
    let (add, mul) = [
        (BinaryCode::Min, BinaryCode::FirstI),
        (BinaryCode::Plus, BinaryCode::SecondJ1),
        (BinaryCode::Any, BinaryCode::SecondI),
    ][k];
    Semiring::builtin(add, mul, T).unwrap()
}

/// How a step writes: mask slot, accumulate, descriptor.
#[derive(Clone, Debug)]
struct Write {
    mask: Option<usize>,
    accum: bool,
    desc: Descriptor,
}

const POOL: usize = 4;

fn arb_step(n: u64) -> impl Strategy<Value = (Step, Write)> {
    let s = 0..POOL;
    let step = prop_oneof![
        3 => (s.clone(), s.clone(), s.clone()).prop_map(|(c, a, b)| Step::Mxm(c, a, b)),
        1 => (s.clone(), s.clone(), s.clone()).prop_map(|(c, a, b)| Step::Add(c, a, b)),
        2 => (s.clone(), s.clone(), s.clone()).prop_map(|(c, a, b)| Step::Mult(c, a, b)),
        1 => (s.clone(), s.clone()).prop_map(|(c, a)| Step::Ainv(c, a)),
        1 => (s.clone(), s.clone()).prop_map(|(c, a)| Step::Double(c, a)),
        1 => (s.clone(), s.clone()).prop_map(|(c, a)| Step::Tril(c, a)),
        1 => (s.clone(), s.clone()).prop_map(|(c, a)| Step::Positive(c, a)),
        2 => (s.clone(), s.clone()).prop_map(|(c, a)| Step::Transpose(c, a)),
        1 => s.clone().prop_map(Step::Read),
        1 => s.clone().prop_map(Step::Sum),
        1 => (s.clone(), any::<bool>()).prop_map(|(a, t)| Step::RowSums(a, t)),
        1 => (s.clone(), 0..n, 0..n, -3i64..4).prop_map(|(c, i, j, v)| Step::Set(c, i, j, v)),
        1 => (s.clone(), s.clone()).prop_map(|(c, a)| Step::Dup(c, a)),
        2 => (s.clone(), s.clone(), s.clone()).prop_map(|(c, a, b)| Step::Pattern(c, a, b)),
        1 => (s.clone(), s.clone()).prop_map(|(c, a)| Step::Extract(c, a)),
        1 => (s.clone(), s.clone()).prop_map(|(c, a)| Step::Assign(c, a)),
        1 => (s.clone(), -3i64..4).prop_map(|(c, v)| Step::AssignValue(c, v)),
        1 => (s.clone(), -3i64..4).prop_map(|(c, v)| Step::AssignEverywhere(c, v)),
        2 => s.clone().prop_map(Step::Fresh),
        1 => (s.clone(), s.clone(), s.clone(), 0..3usize).prop_map(|(c, a, b, k)| Step::PositionalMxm(c, a, b, k)),
        1 => (s.clone(), s.clone(), s.clone(), 0..3usize).prop_map(|(c, a, b, k)| Step::PositionalEwise(c, a, b, k)),
    ];
    let write = (
        proptest::option::weighted(0.4, 0..POOL),
        proptest::bool::weighted(0.3),
        arb_descriptor(),
    )
        .prop_map(|(mask, accum, desc)| Write { mask, accum, desc });
    (step, write)
}

/// A random program: starting matrices in random storage layouts, and steps.
type Program = (Vec<(OMatrix, Layout)>, Vec<(Step, Write)>);

fn arb_program() -> impl Strategy<Value = Program> {
    (1u64..9).prop_flat_map(|n| {
        (
            proptest::collection::vec((arb_matrix_dims(T, n, n, 24), arb_layout()), POOL),
            proptest::collection::vec(arb_step(n), 1..14),
        )
    })
}

/// Runs a program and returns what its reductions gave and every pool
/// matrix's final content.
fn run(start: &[(OMatrix, Layout)], program: &[(Step, Write)]) -> (Vec<OMatrix>, Vec<OMatrix>) {
    let mut pool: Vec<Matrix> = start.iter().map(|(m, l)| m.matrix(*l)).collect();
    let mut reduced = Vec::new();
    for (step, w) in program {
        run_step(&mut pool, &mut reduced, step, w);
    }
    (reduced, pool.iter().map(OMatrix::of).collect())
}

/// Runs one step over the pool, adding what a reduction gives to `reduced`.
fn run_step(pool: &mut [Matrix], reduced: &mut Vec<OMatrix>, step: &Step, w: &Write) {
    let accum = w.accum.then(plus);
    let accum = accum.as_ref();
    let d = &w.desc;
    let p = &pool;
    let mask = w.mask.map(|k| &p[k]);
    let r = match step {
        Step::Mxm(c, a, b) => mxm::mxm(&p[*c], mask, accum, &plus_times(), &p[*a], &p[*b], d),
        Step::Add(c, a, b) => ewise::ewise_add(&p[*c], mask, accum, &plus(), &p[*a], &p[*b], d),
        Step::Mult(c, a, b) => {
            let times = BinaryOp::builtin(BinaryCode::Times, T).unwrap();
            ewise::ewise_mult(&p[*c], mask, accum, &times, &p[*a], &p[*b], d)
        }
        Step::Ainv(c, a) => {
            let f = UnaryOp::builtin(UnaryCode::Ainv, T).unwrap();
            apply::apply_unary(&p[*c], mask, accum, &f, &p[*a], d)
        }
        Step::Double(c, a) => {
            let times = BinaryOp::builtin(BinaryCode::Times, T).unwrap();
            apply::apply_bind_second(&p[*c], mask, accum, &times, &p[*a], &Value::new(2i64), d)
        }
        Step::Tril(c, a) => {
            let f = IndexUnaryOp::builtin(IndexUnaryCode::Tril, T).unwrap();
            select::select(&p[*c], mask, accum, &f, &p[*a], &Value::new(0i64), d)
        }
        Step::Positive(c, a) => {
            let f = IndexUnaryOp::builtin(IndexUnaryCode::ValueGt, T).unwrap();
            select::select(&p[*c], mask, accum, &f, &p[*a], &Value::new(0i64), d)
        }
        Step::Transpose(c, a) => transpose::transpose(&p[*c], mask, accum, &p[*a], d),
        Step::Read(c) => p[*c].nvals().map(drop),
        Step::Sum(a) => {
            let sum = reduce::reduce_to_value(&plus_monoid(), &p[*a]).unwrap();
            let mut scalar = OMatrix::new(&graphblas::raw::algebra::Type::INT64, 1, 1);
            if let Some(v) = sum {
                scalar.set(0, 0, v);
            }
            reduced.push(scalar);
            Ok(())
        }
        Step::RowSums(a, by_cols) => {
            let n = p[*a].nrows();
            let w = Vector::new(&graphblas::raw::algebra::Type::INT64, n).unwrap();
            let rd = Descriptor {
                transpose_first: *by_cols,
                ..Descriptor::default()
            };
            reduce::reduce_to_vector(&w, None, None, &plus(), &p[*a], &rd).unwrap();
            reduced.push(OMatrix::of_vector(&w));
            Ok(())
        }
        Step::Set(c, i, j, v) => p[*c].set_element(*i, *j, &Value::new(*v)),
        Step::Dup(c, a) => {
            let copy = p[*a].dup().unwrap();
            pool[*c] = copy;
            Ok(())
        }
        Step::Pattern(c, a, b) => {
            let any_oneb = Semiring::builtin(BinaryCode::Any, BinaryCode::Oneb, T).unwrap();
            mxm::mxm(&p[*c], mask, accum, &any_oneb, &p[*a], &p[*b], d)
        }
        Step::Extract(c, a) => {
            let rev: Vec<u64> = (0..p[*a].nrows()).rev().collect();
            let (rows, cols) = (Indices::List(&rev), Indices::List(&rev));
            extract::extract(&p[*c], mask, accum, &p[*a], rows, cols, d)
        }
        Step::Assign(c, a) => {
            let rev: Vec<u64> = (0..p[*c].nrows()).rev().collect();
            let rows = Indices::List(&rev);
            assign::assign(&p[*c], mask, accum, &p[*a], rows, Indices::All, d)
        }
        Step::AssignValue(c, v) => {
            let n = p[*c].nrows();
            let (evens, rev): (Vec<u64>, Vec<u64>) =
                ((0..n).step_by(2).collect(), (0..n).rev().collect());
            let (rows, cols) = (Indices::List(&evens), Indices::List(&rev));
            assign::assign_scalar(&p[*c], mask, accum, &Value::new(*v), rows, cols, d)
        }
        Step::Fresh(c) => {
            let n = p[*c].nrows();
            pool[*c] = Matrix::new(&graphblas::raw::algebra::Type::INT64, n, n).unwrap();
            Ok(())
        }
        Step::AssignEverywhere(c, v) => {
            let all = Indices::All;
            assign::assign_scalar(&p[*c], mask, accum, &Value::new(*v), all, all, d)
        }
        Step::PositionalMxm(c, a, b, k) => {
            let s = positional_semiring(*k);
            mxm::mxm(&p[*c], mask, accum, &s, &p[*a], &p[*b], d)
        }
        Step::PositionalEwise(c, a, b, k) => {
            let (c, a, b) = (&p[*c], &p[*a], &p[*b]);
            match k {
                0 => {
                    let f = BinaryOp::builtin(BinaryCode::FirstJ, T).unwrap();
                    ewise::ewise_mult(c, mask, accum, &f, a, b, d)
                }
                1 => {
                    let f = BinaryOp::builtin(BinaryCode::SecondI1, T).unwrap();
                    ewise::ewise_add(c, mask, accum, &f, a, b, d)
                }
                _ => {
                    let f = UnaryOp::builtin(UnaryCode::PositionJ, T).unwrap();
                    apply::apply_unary(c, mask, accum, &f, a, d)
                }
            }
        }
    };
    r.unwrap_or_else(|e| panic!("{step:?} {w:?}: {e}"));
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn programs_agree_in_both_modes((start, program) in arb_program()) {
        let blocking = with_mode(Mode::Blocking, || run(&start, &program));
        // Tiny tiles, so that element-wise chains run as tiled pipelines.
        let deferred = with_mode(Mode::NonBlocking, || with_tile_entries(3, || run(&start, &program)));
        prop_assert_eq!(blocking, deferred);
    }
}

/// The slot of a chain's previous result, and of the step writing the next.
const PREV: usize = POOL;
const NEXT: usize = POOL + 1;

/// A step of a chain: it reads the previous step's result (slot `PREV`) and
/// pool matrices, and writes a new matrix (slot `NEXT`).
fn arb_chain_step() -> impl Strategy<Value = (Step, Write)> {
    let other = 0..=PREV;
    let step = prop_oneof![
        2 => other.clone().prop_map(|b| Step::Add(NEXT, PREV, b)),
        2 => other.clone().prop_map(|b| Step::Mult(NEXT, b, PREV)),
        1 => Just(Step::Ainv(NEXT, PREV)),
        1 => Just(Step::Double(NEXT, PREV)),
        1 => Just(Step::Positive(NEXT, PREV)),
        1 => Just(Step::Tril(NEXT, PREV)),
        1 => Just(Step::Transpose(NEXT, PREV)),
        2 => other.clone().prop_map(|b| Step::Mxm(NEXT, PREV, b)),
        1 => other.clone().prop_map(|a| Step::Mxm(NEXT, a, PREV)),
        1 => other.clone().prop_map(|a| Step::Pattern(NEXT, a, PREV)),
        2 => (-3i64..4).prop_map(|v| Step::AssignEverywhere(NEXT, v)),
        1 => (other.clone(), 0..3usize).prop_map(|(b, k)| Step::PositionalMxm(NEXT, PREV, b, k)),
        1 => (other.clone(), 0..3usize).prop_map(|(a, k)| Step::PositionalMxm(NEXT, a, PREV, k)),
        1 => (other.clone(), 0..3usize).prop_map(|(b, k)| Step::PositionalEwise(NEXT, PREV, b, k)),
    ];
    let write = (
        proptest::option::weighted(0.4, 0..=PREV),
        proptest::bool::weighted(0.4),
        arb_descriptor(),
    )
        .prop_map(|(mask, accum, desc)| Write { mask, accum, desc });
    (step, write)
}

/// Runs a chain: slot `PREV` starts as a copy of the first pool matrix, and
/// each step's new matrix (a copy of a pool matrix, when its write-back reads
/// the old content) replaces it. Returns the last result.
fn run_chain(start: &[(OMatrix, Layout)], chain: &[(Step, Write, usize)]) -> OMatrix {
    let mut pool: Vec<Matrix> = start.iter().map(|(m, l)| m.matrix(*l)).collect();
    let n = pool[0].nrows();
    pool.push(pool[0].dup().unwrap());
    for (step, w, old) in chain {
        // `AssignEverywhere` reads the previous result as its old content.
        let next = match (step, w.accum || w.mask.is_some()) {
            (Step::AssignEverywhere(..), _) => pool[PREV].dup().unwrap(),
            (_, true) => pool[*old].dup().unwrap(),
            (_, false) => Matrix::new(&graphblas::raw::algebra::Type::INT64, n, n).unwrap(),
        };
        pool.push(next);
        run_step(&mut pool, &mut Vec::new(), step, w);
        pool.swap_remove(PREV);
    }
    OMatrix::of(&pool[PREV])
}

proptest! {
    #![proptest_config(config(1000))]

    /// Chains of pending element-wise steps and products, each read only by
    /// the next: the tiled pipelines' cases.
    #[test]
    fn chains_agree_in_both_modes(
        (start, chain) in (1u64..9).prop_flat_map(|n| (
            proptest::collection::vec((arb_matrix_dims(T, n, n, 40), arb_layout()), POOL),
            proptest::collection::vec((arb_chain_step(), 0..POOL), 1..8)
                .prop_map(|c| c.into_iter().map(|((s, w), old)| (s, w, old)).collect::<Vec<_>>()),
        ))
    ) {
        let blocking = with_mode(Mode::Blocking, || run_chain(&start, &chain));
        let deferred = with_mode(Mode::NonBlocking, || with_tile_entries(3, || run_chain(&start, &chain)));
        prop_assert_eq!(blocking, deferred);
    }
}

/// A 3×3 INT64 matrix from entries.
fn matrix(entries: &[(u64, u64, i64)]) -> Matrix {
    matrix_n(3, entries.iter().copied())
}

fn sample() -> (Matrix, Matrix) {
    let a = matrix(&[(0, 0, 1), (0, 1, 2), (1, 2, 3), (2, 0, 4), (2, 2, 5)]);
    let b = matrix(&[(0, 1, 6), (1, 0, 7), (1, 2, 8), (2, 1, 9), (2, 2, 1)]);
    (a, b)
}

fn new() -> Matrix {
    Matrix::new(&graphblas::raw::algebra::Type::INT64, 3, 3).unwrap()
}

/// Reads `m` while recording the executor's steps.
fn steps_of(m: &Matrix) -> (OMatrix, Vec<String>) {
    let (content, steps) = explain::capture(|| OMatrix::of(m));
    (content, steps)
}

fn blocking<R>(f: impl FnOnce() -> R) -> R {
    with_mode(Mode::Blocking, f)
}

#[test]
fn pending_result_ignores_later_changes_to_inputs() {
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let c = new();
        let d = Descriptor::default();
        mxm::mxm(&c, None, None, &plus_times(), &a, &b, &d).unwrap();
        let expected = blocking(|| {
            let e = new();
            mxm::mxm(&e, None, None, &plus_times(), &a, &b, &d).unwrap();
            OMatrix::of(&e)
        });
        a.set_element(1, 1, &Value::new(100i64)).unwrap();
        transpose::transpose(&b, None, None, &a, &d).unwrap();
        assert_eq!(OMatrix::of(&c), expected);
    });
}

#[test]
fn transpose_feeding_a_product_is_absorbed() {
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let (bt, c) = (new(), new());
        let d = Descriptor::default();
        transpose::transpose(&bt, None, None, &b, &d).unwrap();
        mxm::mxm(&c, None, None, &plus_times(), &a, &bt, &d).unwrap();
        let (got, steps) = steps_of(&c);
        assert!(
            steps.iter().any(|s| s.contains("transpose absorption")),
            "{steps:?}"
        );
        assert!(
            !steps.iter().any(|s| s.contains("kernel transpose")),
            "{steps:?}"
        );
        let t_desc = Descriptor {
            transpose_second: true,
            ..d
        };
        let expected = blocking(|| {
            let e = new();
            mxm::mxm(&e, None, None, &plus_times(), &a, &b, &t_desc).unwrap();
            OMatrix::of(&e)
        });
        assert_eq!(got, expected);
    });
}

#[test]
fn mask_of_an_apply_is_pushed_into_the_product() {
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let (t, c) = (new(), new());
        let m = matrix(&[(0, 0, 1), (2, 1, 1)]);
        let d = Descriptor::default();
        let ainv = UnaryOp::builtin(UnaryCode::Ainv, T).unwrap();
        mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
        apply::apply_unary(&c, Some(&m), None, &ainv, &t, &d).unwrap();
        drop(t);
        let (got, steps) = steps_of(&c);
        assert!(
            steps.iter().any(|s| s.contains("mask push-down")),
            "{steps:?}"
        );
        assert!(
            steps
                .iter()
                .any(|s| s.contains("kernel Mxm") && s.contains("with mask")),
            "{steps:?}"
        );
        let expected = blocking(|| {
            let (t, e) = (new(), new());
            mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
            apply::apply_unary(&e, Some(&m), None, &ainv, &t, &d).unwrap();
            OMatrix::of(&e)
        });
        assert_eq!(got, expected);
    });
}

#[test]
fn ewise_mult_with_a_product_restricts_the_product() {
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let (t, c) = (new(), new());
        let m = matrix(&[(0, 0, 1), (1, 1, 2), (2, 2, 3)]);
        let d = Descriptor::default();
        let times = BinaryOp::builtin(BinaryCode::Times, T).unwrap();
        mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
        ewise::ewise_mult(&c, None, None, &times, &t, &m, &d).unwrap();
        let (got, steps) = steps_of(&c);
        assert!(
            steps.iter().any(|s| s.contains("intersection push-down")),
            "{steps:?}"
        );
        let expected = blocking(|| {
            let (t, e) = (new(), new());
            mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
            ewise::ewise_mult(&e, None, None, &times, &t, &m, &d).unwrap();
            OMatrix::of(&e)
        });
        assert_eq!(got, expected);
        // The product's own full result is still right when it is read.
        let full = blocking(|| {
            let e = new();
            mxm::mxm(&e, None, None, &plus_times(), &a, &b, &d).unwrap();
            OMatrix::of(&e)
        });
        assert_eq!(OMatrix::of(&t), full);
    });
}

#[test]
fn a_mask_holding_every_position_leaves_the_product_unmasked() {
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let every = matrix_n(3, (0..9).map(|q| (q / 3, q % 3, q as i64 - 4)));
        let d = Descriptor::default();
        let structural = Descriptor {
            mask_structural: true,
            ..d
        };
        let times = BinaryOp::builtin(BinaryCode::Times, T).unwrap();
        let by_intersection = |c: &Matrix| {
            let t = new();
            mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
            ewise::ewise_mult(c, None, None, &times, &t, &every, &d).unwrap();
        };
        let by_mask = |c: &Matrix| {
            mxm::mxm(c, Some(&every), None, &plus_times(), &a, &b, &structural).unwrap();
        };
        for record in [&by_intersection as &dyn Fn(&Matrix), &by_mask] {
            let c = new();
            record(&c);
            let (got, steps) = steps_of(&c);
            let kernels: Vec<_> = steps.iter().filter(|s| s.contains("kernel Mxm")).collect();
            assert!(
                !kernels.is_empty() && kernels.iter().all(|s| !s.contains("with mask")),
                "{steps:?}"
            );
            let expected = blocking(|| {
                let e = new();
                record(&e);
                OMatrix::of(&e)
            });
            assert_eq!(got, expected);
        }
    });
}

#[test]
fn overwritten_results_are_never_computed() {
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let c = new();
        let d = Descriptor::default();
        mxm::mxm(&c, None, None, &plus_times(), &a, &b, &d).unwrap();
        transpose::transpose(&c, None, None, &a, &d).unwrap();
        let (got, steps) = steps_of(&c);
        assert!(!steps.iter().any(|s| s.contains("kernel Mxm")), "{steps:?}");
        assert!(
            steps.iter().any(|s| s.contains("kernel transpose")),
            "{steps:?}"
        );
        let expected = blocking(|| {
            let e = new();
            transpose::transpose(&e, None, None, &a, &d).unwrap();
            OMatrix::of(&e)
        });
        assert_eq!(got, expected);
    });
}

#[test]
fn errors_are_reported_at_once_and_leave_the_output_pending_work_intact() {
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let c = new();
        let d = Descriptor::default();
        mxm::mxm(&c, None, None, &plus_times(), &a, &b, &d).unwrap();
        let wrong = Matrix::new(&graphblas::raw::algebra::Type::INT64, 2, 3).unwrap();
        let err = mxm::mxm(&c, None, None, &plus_times(), &a, &wrong, &d).unwrap_err();
        assert_eq!(err.info, graphblas::Info::DimensionMismatch);
        let expected = blocking(|| {
            let e = new();
            mxm::mxm(&e, None, None, &plus_times(), &a, &b, &d).unwrap();
            OMatrix::of(&e)
        });
        assert_eq!(OMatrix::of(&c), expected);
    });
}

#[test]
fn long_chains_stay_bounded() {
    with_mode(Mode::NonBlocking, || {
        let (a, _) = sample();
        let c = new();
        let d = Descriptor::default();
        for _ in 0..1000 {
            ewise::ewise_add(&c, None, None, &plus(), &c, &a, &d).unwrap();
        }
        let expected = blocking(|| {
            let e = new();
            for _ in 0..1000 {
                ewise::ewise_add(&e, None, None, &plus(), &e, &a, &d).unwrap();
            }
            OMatrix::of(&e)
        });
        assert_eq!(OMatrix::of(&c), expected);
    });
}

/// Masked writes into a dense output whose old content no one else holds
/// reuse its buffers (an explain step says so); content shared with a copy
/// taken earlier is copied, and the copy keeps it.
#[test]
fn dense_outputs_are_written_in_place_only_when_unshared() {
    let full: Vec<_> = (0..3u64)
        .flat_map(|i| (0..3u64).map(move |j| (i, j, (10 * i + j) as i64)))
        .collect();
    let (m1, m2) = (
        matrix(&[(0, 0, 1), (1, 1, 1)]),
        matrix(&[(2, 2, 1), (0, 1, 1)]),
    );
    let src = matrix(&[(0, 1, -5), (2, 0, -6)]);
    let s = Descriptor {
        mask_structural: true,
        ..Descriptor::default()
    };
    let identity = UnaryOp::builtin(UnaryCode::Identity, T).unwrap();
    let program = || {
        let c = matrix(&full);
        let all = Indices::All;
        let assign = |m: &Matrix, v: i64| {
            assign::assign_scalar(&c, Some(m), None, &Value::new(v), all, all, &s).unwrap()
        };
        assign(&m1, 7);
        let copy = c.dup().unwrap();
        // Shared with the copy: copied.
        assign(&m2, 8);
        // Then c's alone: in place, by the assign and by a masked write-back.
        assign(&m1, 9);
        apply::apply_unary(&c, Some(&m2), None, &identity, &src, &s).unwrap();
        let (content, steps) = steps_of(&c);
        (content, OMatrix::of(&copy), steps)
    };
    let (c, copy, _) = blocking(program);
    let (deferred, deferred_copy, steps) = with_mode(Mode::NonBlocking, program);
    assert_eq!(deferred, c);
    assert_eq!(deferred_copy, copy);
    let in_place = steps.iter().filter(|s| s.starts_with("in place")).count();
    assert_eq!(in_place, 2, "{steps:#?}");
}

/// An operation on an output whose content is computed (not pending) reuses
/// that content when nothing else holds it: recording the operation lets
/// go of it. With a copy taken, the content is copied and the copy keeps it.
#[test]
fn computed_outputs_are_written_in_place_only_when_unshared() {
    // Sparse 100 × 100 matrices (a denser C would be a bitmap, updated
    // by another path): C on the diagonal and one more diagonal, A on the
    // even entries of the first.
    let n = 100;
    let c_entries = || (0..n).flat_map(|i| [(i, i, 1), (i, (i + 7) % n, 2)]);
    let a = matrix_n(n, (0..n).step_by(2).map(|i| (i, i, i as i64)));
    let identity = UnaryOp::builtin(UnaryCode::Identity, T).unwrap();
    let program = |keep_a_copy: bool| {
        let c = matrix_n(n, c_entries());
        let copy = keep_a_copy.then(|| c.dup().unwrap());
        // T = A lies inside C's pattern: C += A changes values only.
        let d = Descriptor::default();
        apply::apply_unary(&c, None, Some(&plus()), &identity, &a, &d).unwrap();
        let (content, steps) = steps_of(&c);
        (content, copy.map(|m| OMatrix::of(&m)), steps)
    };
    let expected = c_entries().map(|(i, j, v)| match i == j && i % 2 == 0 {
        true => (i, j, v + i as i64),
        false => (i, j, v),
    });
    let expected = OMatrix::of(&matrix_n(n, expected));
    for keep_a_copy in [false, true] {
        let (c, copy, _) = blocking(|| program(keep_a_copy));
        let (deferred, deferred_copy, steps) =
            with_mode(Mode::NonBlocking, || program(keep_a_copy));
        assert_eq!((&c, &deferred), (&expected, &expected));
        assert_eq!(deferred_copy, copy);
        if let Some(copy) = copy {
            assert_eq!(copy, OMatrix::of(&matrix_n(n, c_entries())));
        }
        let step = match keep_a_copy {
            false => "write-back: values only, written in place",
            true => "write-back: values only, C's pattern copied",
        };
        assert!(steps.iter().any(|s| s == step), "{steps:#?}");
    }
}

/// An element set while an operation is pending lands where it was set,
/// also when the pending result is laid out the other way from the content
/// it replaces.
#[test]
fn elements_set_on_a_pending_result_of_the_other_orientation_land_in_place() {
    let program = || {
        let (a, _) = sample();
        let c = matrix(&[(1, 0, 7)]);
        c.set_orientation(graphblas::raw::storage::Orientation::ByCol);
        transpose::transpose(&c, None, None, &a, &Descriptor::default()).unwrap();
        c.set_element(0, 2, &Value::new(-1i64)).unwrap();
        OMatrix::of(&c)
    };
    let expected = matrix(&[(0, 0, 1), (1, 0, 2), (2, 1, 3), (0, 2, -1), (2, 2, 5)]);
    assert_eq!(blocking(program), OMatrix::of(&expected));
    assert_eq!(
        with_mode(Mode::NonBlocking, program),
        OMatrix::of(&expected)
    );
}

/// An `n × n` INT64 matrix with the entries `(i, j, v)`.
fn matrix_n(n: u64, entries: impl IntoIterator<Item = (u64, u64, i64)>) -> Matrix {
    let mut m = OMatrix::new(&graphblas::raw::algebra::Type::INT64, n, n);
    for (i, j, v) in entries {
        m.set(i, j, Value::new(v));
    }
    m.matrix(Layout::ALL[0])
}
