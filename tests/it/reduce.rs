//! `GrB_reduce` against the oracle: to a vector under every mask kind,
//! accumulator, replace, transpose and layout, with mixed types; to a
//! `GrB_Scalar` and a C scalar, empty inputs, user-defined monoids and types,
//! thread-count independence and huge hypersparse dimensions.

use crate::oracle;

use graphblas::raw::algebra::{BinaryCode, BinaryOp, Monoid, Type, TypeCode, Value};
use graphblas::raw::object::{Descriptor, Matrix, Scalar, Vector, INDEX_MAX};
use graphblas::raw::ops::reduce::{
    reduce_to_c_value, reduce_to_scalar, reduce_to_value, reduce_to_vector, ReduceOp,
};
use graphblas::raw::storage::{Array, Orientation};
use graphblas::Info;
use oracle::reduce::{reduce_all, reduce_rows};
use oracle::*;
use proptest::prelude::*;
use std::sync::Arc;

fn monoid(code: BinaryCode, t: TypeCode) -> Monoid {
    Monoid::builtin(code, t).unwrap()
}

/// A user-defined operator computing `PLUS_INT64` through the byte-level tier.
fn user_plus_int64() -> Monoid {
    let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int64).unwrap();
    let op = BinaryOp::user(
        "my_plus",
        plus.byte_fn(),
        Type::INT64,
        Type::INT64,
        Type::INT64,
    );
    Monoid::new(op, Value::new(0i64)).unwrap()
}

/// Monoids whose result does not depend on the order of the (small integer) values.
fn monoids() -> Vec<Monoid> {
    vec![
        monoid(BinaryCode::Plus, TypeCode::Int32),
        monoid(BinaryCode::Times, TypeCode::Int16),
        monoid(BinaryCode::Min, TypeCode::Fp64),
        monoid(BinaryCode::Max, TypeCode::Int8),
        monoid(BinaryCode::Lor, TypeCode::Bool),
        monoid(BinaryCode::Land, TypeCode::Bool),
        monoid(BinaryCode::Plus, TypeCode::Fp32),
        monoid(BinaryCode::Bxor, TypeCode::Uint8),
        monoid(BinaryCode::Eq, TypeCode::Bool),
        monoid(BinaryCode::Max, TypeCode::Uint64),
        monoid(BinaryCode::Plus, TypeCode::Bool),
        // Exact in any order for these values (a complex product's signed
        // zeros depend on the order, and ANY may pick any value).
        monoid(BinaryCode::Plus, TypeCode::Fc64),
        monoid(BinaryCode::Plus, TypeCode::Fc32),
        monoid(BinaryCode::Min, TypeCode::Uint16),
        user_plus_int64(),
    ]
}

fn arb_monoid() -> impl Strategy<Value = Monoid> {
    proptest::sample::select(monoids())
}

fn arb_accum() -> impl Strategy<Value = Option<BinaryOp>> {
    prop_oneof![
        Just(None),
        Just(BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32)),
        Just(BinaryOp::builtin(BinaryCode::Minus, TypeCode::Fp64)),
        Just(BinaryOp::builtin(BinaryCode::Second, TypeCode::Int8)),
        Just(BinaryOp::builtin(BinaryCode::Lt, TypeCode::Int16)),
        Just(BinaryOp::builtin(BinaryCode::Times, TypeCode::Fc64)),
    ]
}

/// `(A, w, mask, transpose)` with `w` and the mask sized for the reduction.
fn arb_vector_case() -> impl Strategy<Value = (OMatrix, OMatrix, OMatrix, bool)> {
    (0u64..7, 0u64..7, arb_type(), arb_type(), any::<bool>()).prop_flat_map(|(r, c, ta, tw, t)| {
        let n = if t { c } else { r };
        (
            arb_matrix_dims(ta, r, c, 25),
            arb_matrix_dims(tw, n, 1, 6),
            arb_matrix_dims(TypeCode::Uint8, n, 1, 6),
            Just(t),
        )
    })
}

fn expected_scalar(
    old: Option<Value>,
    accum: Option<&BinaryOp>,
    t: Option<Value>,
    sty: &Type,
) -> Option<Value> {
    match (t, accum, old) {
        (None, None, _) => None,
        (None, Some(_), old) => old,
        (Some(t), Some(acc), Some(old)) => Some(apply_binary(acc, &old, &t).cast(sty).unwrap()),
        (Some(t), _, _) => Some(t.cast(sty).unwrap()),
    }
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn reduce_to_vector_matches_the_model(
        (a, w, m, t) in arb_vector_case(),
        op in arb_monoid(),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        la in arb_layout(), lw in arb_layout(), lm in arb_layout(),
    ) {
        let desc = Descriptor { transpose_first: t, ..desc };
        let (am, wv, mv) = (a.matrix(la), w.vector(lw), m.vector(lm));
        reduce_to_vector(&wv, use_mask.then_some(&mv), accum.as_ref(), op.op(), &am, &desc).unwrap();
        let at = if t { a.transpose() } else { a.clone() };
        let expected = write_desc(&w, use_mask.then_some(&m), accum.as_ref(), &desc, &reduce_rows(&at, op.op()));
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }

    #[test]
    fn reduce_with_any_picks_a_value_of_each_row(
        a in arb_matrix(TypeCode::Int32, 6, 25), la in arb_layout(), t in any::<bool>(),
    ) {
        let any = BinaryOp::builtin(BinaryCode::Any, TypeCode::Int32).unwrap();
        let at = if t { a.transpose() } else { a.clone() };
        let wv = Vector::new(&Type::INT32, at.nrows).unwrap();
        let desc = Descriptor { transpose_first: t, ..Descriptor::default() };
        reduce_to_vector(&wv, None, None, &any, &a.matrix(la), &desc).unwrap();
        let got = OMatrix::of_vector(&wv);
        for i in 0..at.nrows {
            let row: Vec<&Value> = at.entries.range((i, 0)..=(i, u64::MAX)).map(|(_, v)| v).collect();
            match got.get(i, 0) {
                None => prop_assert!(row.is_empty()),
                Some(v) => prop_assert!(row.contains(&v)),
            }
        }
    }

    #[test]
    fn reduce_to_scalar_matches_the_model(
        a in (0u64..6, 0u64..6, arb_type()).prop_flat_map(|(r, c, t)| arb_matrix_dims(t, r, c, 20)),
        la in arb_layout(),
        op in arb_monoid(),
        as_binary_op in any::<bool>(),
        sty in arb_type(),
        old in proptest::option::of(arb_value(TypeCode::Int8)),
        accum in arb_accum(),
    ) {
        let s = Scalar::new(&Type::builtin(sty));
        s.set_option(old.clone()).unwrap();
        let old = s.get();
        let rop = if as_binary_op { ReduceOp::BinaryOp(op.op()) } else { ReduceOp::Monoid(&op) };
        reduce_to_scalar(&s, accum.as_ref(), rop, &a.matrix(la)).unwrap();
        let t = reduce_all(&a, op.op());
        prop_assert_eq!(s.get(), expected_scalar(old, accum.as_ref(), t.clone(), &Type::builtin(sty)));

        // The same through reduce_to_value and the C-scalar variant.
        prop_assert_eq!(reduce_to_value(&op, &a.matrix(la)).unwrap(), t.clone());
        let val = Value::new(2.0f64).cast(&Type::builtin(sty)).unwrap();
        let got = reduce_to_c_value(&val, accum.as_ref(), &op, &a.matrix(la)).unwrap();
        let t = t.unwrap_or_else(|| op.identity().clone());
        let want = match &accum {
            Some(acc) => apply_binary(acc, &val, &t).cast(&Type::builtin(sty)).unwrap(),
            None => t.cast(&Type::builtin(sty)).unwrap(),
        };
        prop_assert_eq!(got, want);
    }

    #[test]
    fn reduce_to_vector_is_aliasing_safe(w in arb_matrix_dims(TypeCode::Int64, 6, 1, 6), lw in arb_layout()) {
        // w is also the mask; A is w viewed as a matrix.
        let wv = w.vector(lw);
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int64).unwrap();
        let a = w.clone();
        reduce_to_vector(&wv, Some(&wv), Some(&plus), &plus, wv.as_matrix(), &Descriptor { mask_structural: true, ..Descriptor::default() }).unwrap();
        let omask = OMask { m: &w, structural: true, complement: false };
        let expected = write(&w, Some(&omask), Some(&plus), false, &reduce_rows(&a, &plus));
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }
}

#[test]
fn empty_inputs_give_no_value_or_the_identity() {
    let a = Matrix::new(&Type::FP64, 3, 4).unwrap();
    let plus = monoid(BinaryCode::Plus, TypeCode::Fp64);
    assert_eq!(reduce_to_value(&plus, &a).unwrap(), None);
    let s = Scalar::from_value(Value::new(5i32));
    reduce_to_scalar(&s, None, ReduceOp::Monoid(&plus), &a).unwrap();
    assert_eq!(s.get(), None, "no accumulator: cleared");
    let s = Scalar::from_value(Value::new(5i32));
    reduce_to_scalar(&s, Some(plus.op()), ReduceOp::Monoid(&plus), &a).unwrap();
    assert_eq!(
        s.get(),
        Some(Value::new(5i32)),
        "with accumulator: unchanged"
    );
    let min = monoid(BinaryCode::Min, TypeCode::Int16);
    let v = reduce_to_c_value(&Value::new(1.5f64), None, &min, &a).unwrap();
    assert_eq!(v, Value::new(i16::MAX as f64), "C scalar: the identity");
    let v = reduce_to_c_value(&Value::new(7i32), Some(min.op()), &min, &a).unwrap();
    assert_eq!(v, Value::new(7i32), "C scalar: val ⊙ identity");
    let w = Vector::new(&Type::INT32, 3).unwrap();
    w.set_element(1, &Value::new(9i32)).unwrap();
    reduce_to_vector(&w, None, None, plus.op(), &a, &Descriptor::default()).unwrap();
    assert_eq!(w.nvals().unwrap(), 0);
    let w0 = Vector::new(&Type::INT32, 0).unwrap();
    let a0 = Matrix::new(&Type::INT32, 0, 5).unwrap();
    reduce_to_vector(&w0, None, None, plus.op(), &a0, &Descriptor::default()).unwrap();
}

#[test]
fn errors_leave_the_output_unchanged() {
    let a = Matrix::new(&Type::INT32, 3, 4).unwrap();
    a.set_element(0, 0, &Value::new(1i32)).unwrap();
    let w = Vector::new(&Type::INT32, 3).unwrap();
    w.set_element(2, &Value::new(5i32)).unwrap();
    let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
    let lt = BinaryOp::builtin(BinaryCode::Lt, TypeCode::Int32).unwrap();
    let d = Descriptor::default();
    let check = |e: graphblas::Error, info: Info| {
        assert_eq!(e.info, info, "{e}");
        assert_eq!(w.extract_tuples().unwrap().0, vec![2]);
    };
    check(
        reduce_to_vector(&w, None, None, &lt, &a, &d).unwrap_err(),
        Info::DomainMismatch,
    );
    let t0 = Descriptor {
        transpose_first: true,
        ..d
    };
    check(
        reduce_to_vector(&w, None, None, &plus, &a, &t0).unwrap_err(),
        Info::DimensionMismatch,
    );
    let m = Vector::new(&Type::BOOL, 4).unwrap();
    check(
        reduce_to_vector(&w, Some(&m), None, &plus, &a, &d).unwrap_err(),
        Info::DimensionMismatch,
    );
    let udt = Type::user("blob", 4);
    let au = Matrix::new(&udt, 3, 4).unwrap();
    check(
        reduce_to_vector(&w, None, None, &plus, &au, &d).unwrap_err(),
        Info::DomainMismatch,
    );
    let um = Vector::new(&udt, 3).unwrap();
    check(
        reduce_to_vector(&w, Some(&um), None, &plus, &a, &d).unwrap_err(),
        Info::DomainMismatch,
    );

    let s = Scalar::from_value(Value::new(3i32));
    let e = reduce_to_scalar(&s, None, ReduceOp::BinaryOp(&lt), &a).unwrap_err();
    assert_eq!(e.info, Info::DomainMismatch);
    let su = Scalar::new(&udt);
    let m = monoid(BinaryCode::Plus, TypeCode::Int32);
    let e = reduce_to_scalar(&su, None, ReduceOp::Monoid(&m), &a).unwrap_err();
    assert_eq!(e.info, Info::DomainMismatch);
    assert_eq!(s.get(), Some(Value::new(3i32)));
    assert_eq!(
        reduce_to_value(&m, &au).unwrap_err().info,
        Info::DomainMismatch
    );
}

/// A user-defined type: two `i32`s, reduced by an element-wise maximum.
#[test]
fn user_defined_type_and_monoid() {
    let pair = Type::user("pair", 8);
    let max2 = BinaryOp::user(
        "pair_max",
        Arc::new(|z: &mut [u8], x: &[u8], y: &[u8]| {
            for k in 0..2 {
                let r = k * 4..k * 4 + 4;
                let a = i32::from_ne_bytes(x[r.clone()].try_into().unwrap());
                let b = i32::from_ne_bytes(y[r.clone()].try_into().unwrap());
                z[r].copy_from_slice(&a.max(b).to_ne_bytes());
            }
        }),
        pair.clone(),
        pair.clone(),
        pair.clone(),
    );
    let bytes = |a: i32, b: i32| [a.to_ne_bytes(), b.to_ne_bytes()].concat();
    let identity = Value::from_bytes(&pair, &bytes(i32::MIN, i32::MIN));
    let m = Monoid::new(max2.clone(), identity).unwrap();
    let a = Matrix::new(&pair, 3, 3).unwrap();
    let vals: Vec<u8> = [bytes(1, 9), bytes(4, 2), bytes(-3, 3), bytes(7, 7)].concat();
    a.build(
        &[0, 0, 2, 2],
        &[0, 2, 1, 2],
        Array::from_bytes(&pair, &vals),
        None,
    )
    .unwrap();
    let w = Vector::new(&pair, 3).unwrap();
    reduce_to_vector(&w, None, None, m.op(), &a, &Descriptor::default()).unwrap();
    let (i, x) = w.extract_tuples().unwrap();
    assert_eq!(i, vec![0, 2]);
    assert_eq!(x.bytes(), [bytes(4, 9), bytes(7, 7)].concat());
    let t = reduce_to_value(&m, &a).unwrap().unwrap();
    assert_eq!(t.bytes(), bytes(7, 9));
    let s = Scalar::new(&pair);
    reduce_to_scalar(&s, Some(&max2), ReduceOp::BinaryOp(&max2), &a).unwrap();
    assert_eq!(s.get().unwrap().bytes(), bytes(7, 9));
    let e = Matrix::new(&pair, 2, 2).unwrap();
    let v = reduce_to_c_value(&Value::from_bytes(&pair, &bytes(0, 0)), None, &m, &e).unwrap();
    assert_eq!(v.bytes(), bytes(i32::MIN, i32::MIN));
}

/// Pseudo-random floats with many digits, so that the order of a sum shows.
fn random_floats(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 1e3
        })
        .collect()
}

fn random_matrix(n: u64, nnz: usize, orient: Orientation) -> Matrix {
    let x = random_floats(3 * nnz, 7);
    let rows: Vec<u64> = x[..nnz]
        .iter()
        .map(|v| (v.abs() * 1e6) as u64 % n)
        .collect();
    let cols: Vec<u64> = x[nnz..2 * nnz]
        .iter()
        .map(|v| (v.abs() * 1e6) as u64 % n)
        .collect();
    let m = Matrix::new_oriented(&Type::FP64, n, n, orient).unwrap();
    let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
    m.build(
        &rows,
        &cols,
        Array::from_vec(x[2 * nnz..].to_vec()),
        Some(&plus),
    )
    .unwrap();
    m
}

fn in_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

fn vector_bits(w: &Vector) -> (Vec<u64>, Vec<u64>) {
    let (i, x) = w.extract_tuples().unwrap();
    (
        i,
        x.as_slice::<f64>()
            .unwrap()
            .iter()
            .map(|v| v.to_bits())
            .collect(),
    )
}

#[test]
fn results_do_not_depend_on_threads_or_storage() {
    let plus = monoid(BinaryCode::Plus, TypeCode::Fp64);
    let a = random_matrix(3000, 200_000, Orientation::ByRow);
    let sums: Vec<u64> = [1, 2, 3]
        .iter()
        .map(|&k| {
            in_pool(k, || {
                reduce_to_value(&plus, &a)
                    .unwrap()
                    .unwrap()
                    .get::<f64>()
                    .unwrap()
                    .to_bits()
            })
        })
        .collect();
    assert!(sums.windows(2).all(|w| w[0] == w[1]), "{sums:?}");

    // Row and column reductions: any thread count, either orientation (segment
    // or scatter kernels), with or without a cached transpose, give the same bits.
    let cached = random_matrix(3000, 200_000, Orientation::ByRow);
    let _ = cached.snapshot().unwrap().compressed(Orientation::ByCol);
    for transpose in [false, true] {
        let desc = Descriptor {
            transpose_first: transpose,
            ..Descriptor::default()
        };
        let mut results = Vec::new();
        for (k, orient) in [
            (1, Orientation::ByRow),
            (2, Orientation::ByRow),
            (1, Orientation::ByCol),
            (3, Orientation::ByCol),
        ] {
            let m = random_matrix(3000, 200_000, orient);
            let w = Vector::new(&Type::FP64, 3000).unwrap();
            in_pool(k, || {
                reduce_to_vector(&w, None, None, plus.op(), &m, &desc).unwrap()
            });
            results.push(vector_bits(&w));
        }
        let w = Vector::new(&Type::FP64, 3000).unwrap();
        reduce_to_vector(&w, None, None, plus.op(), &cached, &desc).unwrap();
        results.push(vector_bits(&w));
        assert!(
            results.windows(2).all(|w| w[0] == w[1]),
            "transpose {transpose}"
        );
    }
}

#[test]
fn rows_with_gaps_across_many_tasks_match_a_direct_sum() {
    // Runs of empty rows longer than a task of rows, tasks with every row
    // held, and scattered empty rows: each held row's sum, and no entry for
    // an empty one, on any number of threads.
    let n = 20_000u64;
    let held = |i: u64| (i / 5000).is_multiple_of(2) || i.is_multiple_of(7);
    let (mut rows, mut cols, mut vals) = (Vec::new(), Vec::new(), Vec::new());
    for i in (0..n).filter(|&i| held(i)) {
        for k in 0..1 + i % 4 {
            rows.push(i);
            cols.push((i * 31 + k * 977) % n);
            vals.push(0.5 + (i % 11) as f64 * 0.25 + k as f64);
        }
    }
    let want: Vec<(u64, f64)> = (0..n)
        .filter(|&i| held(i))
        .map(|i| {
            (
                i,
                (0..1 + i % 4)
                    .map(|k| 0.5 + (i % 11) as f64 * 0.25 + k as f64)
                    .sum(),
            )
        })
        .collect();
    let a = Matrix::new_oriented(&Type::FP64, n, n, Orientation::ByRow).unwrap();
    a.build(&rows, &cols, Array::from_vec(vals), None).unwrap();
    let plus = monoid(BinaryCode::Plus, TypeCode::Fp64);
    for threads in [1, 2, 3] {
        let w = Vector::new(&Type::FP64, n).unwrap();
        in_pool(threads, || {
            reduce_to_vector(&w, None, None, plus.op(), &a, &Descriptor::default()).unwrap()
        });
        let (i, x) = w.extract_tuples().unwrap();
        let got: Vec<(u64, f64)> = i
            .into_iter()
            .zip(x.as_slice::<f64>().unwrap().to_vec())
            .collect();
        assert_eq!(got, want, "{threads} threads");
    }
}

#[test]
fn terminal_values_stop_the_fold() {
    let n = 100_000u64;
    let v = Vector::new(&Type::INT32, n).unwrap();
    let idx: Vec<u64> = (0..n).collect();
    let mut x: Vec<i32> = (0..n as i32).map(|k| k % 1000 - 500).collect();
    x[54_321] = i32::MIN;
    v.build(&idx, Array::from_vec(x), None).unwrap();
    let min = monoid(BinaryCode::Min, TypeCode::Int32);
    let t = reduce_to_value(&min, v.as_matrix()).unwrap().unwrap();
    assert_eq!(t.get::<i32>(), Some(i32::MIN));
    let b = Vector::new(&Type::BOOL, n).unwrap();
    let flags: Vec<bool> = (0..n).map(|k| k == 77_777).collect();
    b.build(&idx, Array::from_vec(flags), None).unwrap();
    let lor = monoid(BinaryCode::Lor, TypeCode::Bool);
    assert_eq!(
        reduce_to_value(&lor, b.as_matrix()).unwrap(),
        Some(Value::new(true))
    );
    let land = monoid(BinaryCode::Land, TypeCode::Bool);
    assert_eq!(
        reduce_to_value(&land, b.as_matrix()).unwrap(),
        Some(Value::new(false))
    );
    let plus = monoid(BinaryCode::Plus, TypeCode::Int64);
    let s = reduce_to_value(&plus, b.as_matrix()).unwrap().unwrap();
    assert_eq!(s.get::<i64>(), Some(1));
}

#[test]
fn huge_hypersparse_dimensions() {
    let n = INDEX_MAX + 1;
    for orient in [Orientation::ByRow, Orientation::ByCol] {
        let a = Matrix::new_oriented(&Type::INT64, n, n, orient).unwrap();
        for &(r, c, v) in &[
            (5, n - 1, 1i64),
            (n - 1, 3, 10),
            (5, 7, 100),
            (n - 2, n - 1, 1000),
        ] {
            a.set_element(r, c, &Value::new(v)).unwrap();
        }
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int64).unwrap();
        let w = Vector::new(&Type::INT64, n).unwrap();
        reduce_to_vector(&w, None, None, &plus, &a, &Descriptor::default()).unwrap();
        let (i, x) = w.extract_tuples().unwrap();
        assert_eq!(i, vec![5, n - 2, n - 1]);
        assert_eq!(x.as_slice::<i64>().unwrap(), &[101, 1000, 10]);
        let t0 = Descriptor {
            transpose_first: true,
            ..Descriptor::default()
        };
        reduce_to_vector(&w, None, None, &plus, &a, &t0).unwrap();
        let (i, x) = w.extract_tuples().unwrap();
        assert_eq!(i, vec![3, 7, n - 1]);
        assert_eq!(x.as_slice::<i64>().unwrap(), &[10, 100, 1001]);
        let m = monoid(BinaryCode::Plus, TypeCode::Int64);
        assert_eq!(reduce_to_value(&m, &a).unwrap(), Some(Value::new(1111i64)));
    }
}
