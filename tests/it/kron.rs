//! `GrB_kronecker` against the oracle: every mask kind, accumulator, replace,
//! transpose flags and layout, mixed types, built-in and user-defined
//! operators, aliasing, and dimensions up to 2^60.

use crate::oracle;

use graphblas::raw::algebra::{BinaryCode, BinaryOp, Type, TypeCode, Value};
use graphblas::raw::object::{Descriptor, Matrix, INDEX_MAX};
use graphblas::raw::ops::kron::kronecker;
use graphblas::Info;
use graphblas::Orientation;
use oracle::kron::kron;
use oracle::*;
use proptest::prelude::*;

fn ops() -> Vec<BinaryOp> {
    let times = BinaryOp::builtin(BinaryCode::Times, TypeCode::Int32).unwrap();
    vec![
        times.clone(),
        BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap(),
        BinaryOp::builtin(BinaryCode::First, TypeCode::Int16).unwrap(),
        BinaryOp::builtin(BinaryCode::Second, TypeCode::Uint8).unwrap(),
        BinaryOp::builtin(BinaryCode::Oneb, TypeCode::Int64).unwrap(),
        BinaryOp::builtin(BinaryCode::Lt, TypeCode::Int16).unwrap(),
        BinaryOp::builtin(BinaryCode::Minus, TypeCode::Int8).unwrap(),
        BinaryOp::builtin(BinaryCode::Land, TypeCode::Bool).unwrap(),
        BinaryOp::builtin(BinaryCode::FirstI, TypeCode::Int64).unwrap(),
        BinaryOp::builtin(BinaryCode::FirstJ1, TypeCode::Int32).unwrap(),
        BinaryOp::builtin(BinaryCode::SecondI1, TypeCode::Int64).unwrap(),
        BinaryOp::builtin(BinaryCode::SecondJ, TypeCode::Int32).unwrap(),
        BinaryOp::user(
            "my_times",
            times.byte_fn(),
            Type::INT32,
            Type::INT32,
            Type::INT32,
        ),
    ]
}

fn arb_accum() -> impl Strategy<Value = Option<BinaryOp>> {
    prop_oneof![
        Just(None),
        Just(BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32)),
        Just(BinaryOp::builtin(BinaryCode::Max, TypeCode::Fp64)),
        Just(BinaryOp::builtin(BinaryCode::Second, TypeCode::Int8)),
    ]
}

/// `(A, B, C, mask)` with `A` and `B` of random types, `C` sized for the
/// product of the (possibly transposed) inputs.
fn arb_case(t0: bool, t1: bool) -> impl Strategy<Value = (OMatrix, OMatrix, OMatrix, OMatrix)> {
    (
        0u64..4,
        0u64..4,
        0u64..4,
        0u64..4,
        arb_type(),
        arb_type(),
        arb_type(),
    )
        .prop_flat_map(move |(am, an, bm, bn, ta, tb, tc)| {
            let (ma, na) = if t0 { (an, am) } else { (am, an) };
            let (mb, nb) = if t1 { (bn, bm) } else { (bm, bn) };
            (
                arb_matrix_dims(ta, am, an, 8),
                arb_matrix_dims(tb, bm, bn, 8),
                arb_matrix_dims(tc, ma * mb, na * nb, 20),
                arb_matrix_dims(TypeCode::Bool, ma * mb, na * nb, 30),
            )
        })
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn kronecker_matches_the_model(
        ((a, b, c, m), desc) in arb_descriptor().prop_flat_map(|d| (arb_case(d.transpose_first, d.transpose_second), Just(d))),
        op in proptest::sample::select(ops()),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        let (am, bm, cm, mm) = (a.matrix(la), b.matrix(lb), c.matrix(lc), m.matrix(lm));
        kronecker(&cm, use_mask.then_some(&mm), accum.as_ref(), &op, &am, &bm, &desc).unwrap();
        let at = if desc.transpose_first { a.transpose() } else { a.clone() };
        let bt = if desc.transpose_second { b.transpose() } else { b.clone() };
        let expected = write_desc(&c, use_mask.then_some(&m), accum.as_ref(), &desc, &kron(&at, &bt, &op));
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn kronecker_with_the_output_as_input(
        (c, b) in (1u64..4, 1u64..4).prop_flat_map(|(m, n)| (arb_matrix_dims(TypeCode::Int32, m, n, 6), arb_matrix_dims(TypeCode::Int32, 1, 1, 1))),
        lc in arb_layout(),
    ) {
        // C = kron(C, B) with a 1x1 B, C also the mask.
        let cm = c.matrix(lc);
        let bm = b.matrix(lc);
        let times = BinaryOp::builtin(BinaryCode::Times, TypeCode::Int32).unwrap();
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        let desc = Descriptor { mask_structural: true, ..Descriptor::default() };
        kronecker(&cm, Some(&cm), Some(&plus), &times, &cm, &bm, &desc).unwrap();
        let omask = OMask { m: &c, structural: true, complement: false };
        let expected = write(&c, Some(&omask), Some(&plus), false, &kron(&c, &b, &times));
        assert_matches(&cm, &expected, 0.0);
    }
}

#[test]
fn dimensions_are_checked_before_writing() {
    let a = Matrix::new(&Type::INT32, 2, 3).unwrap();
    a.set_element(1, 2, &Value::new(4i32)).unwrap();
    let b = Matrix::new(&Type::INT32, 4, 5).unwrap();
    b.set_element(0, 0, &Value::new(2i32)).unwrap();
    let times = BinaryOp::builtin(BinaryCode::Times, TypeCode::Int32).unwrap();
    let c = Matrix::new(&Type::INT32, 8, 16).unwrap();
    c.set_element(0, 0, &Value::new(1i32)).unwrap();
    let d = Descriptor::default();
    let e = kronecker(&c, None, None, &times, &a, &b, &d).unwrap_err();
    assert_eq!(e.info, Info::DimensionMismatch);
    assert_eq!(c.nvals().unwrap(), 1);
    let c = Matrix::new(&Type::INT32, 8, 15).unwrap();
    let wrong_mask = Matrix::new(&Type::BOOL, 8, 14).unwrap();
    assert_eq!(
        kronecker(&c, Some(&wrong_mask), None, &times, &a, &b, &d)
            .unwrap_err()
            .info,
        Info::DimensionMismatch
    );
    let udt = Type::user("u", 4);
    let au = Matrix::new(&udt, 2, 3).unwrap();
    assert_eq!(
        kronecker(&c, None, None, &times, &au, &b, &d)
            .unwrap_err()
            .info,
        Info::DomainMismatch
    );
    kronecker(&c, None, None, &times, &a, &b, &d).unwrap();
    assert_eq!(c.extract_element(4, 10).unwrap(), Some(Value::new(8i32)));
    assert_eq!(c.nvals().unwrap(), 1);
}

#[test]
fn overflowing_dimensions_are_a_dimension_mismatch() {
    let big = 1u64 << 31;
    let a = Matrix::new(&Type::FP64, big, 1).unwrap();
    let b = Matrix::new(&Type::FP64, big, 1).unwrap();
    let c = Matrix::new(&Type::FP64, INDEX_MAX + 1, 1).unwrap();
    let times = BinaryOp::builtin(BinaryCode::Times, TypeCode::Fp64).unwrap();
    let e = kronecker(&c, None, None, &times, &a, &b, &Descriptor::default()).unwrap_err();
    assert_eq!(e.info, Info::DimensionMismatch);
    assert!(e.message.contains("2^60"), "{e}");
    let a = Matrix::new(&Type::FP64, INDEX_MAX + 1, 1).unwrap();
    let b = Matrix::new(&Type::FP64, INDEX_MAX, 1).unwrap();
    let e = kronecker(&c, None, None, &times, &a, &b, &Descriptor::default()).unwrap_err();
    assert_eq!(e.info, Info::DimensionMismatch);
}

#[test]
fn huge_hypersparse_product() {
    let n = 1u64 << 30;
    for orient in [Orientation::ByRow, Orientation::ByCol] {
        let a = Matrix::new_oriented(&Type::INT64, n, n, orient).unwrap();
        a.set_element(n - 1, 3, &Value::new(2i64)).unwrap();
        a.set_element(7, n - 1, &Value::new(3i64)).unwrap();
        let b = Matrix::new(&Type::INT64, n, n).unwrap();
        b.set_element(n - 2, n - 1, &Value::new(5i64)).unwrap();
        let c = Matrix::new_oriented(&Type::INT64, n * n, n * n, orient.flip()).unwrap();
        let times = BinaryOp::builtin(BinaryCode::Times, TypeCode::Int64).unwrap();
        kronecker(&c, None, None, &times, &a, &b, &Descriptor::default()).unwrap();
        assert_eq!(c.nvals().unwrap(), 2);
        assert_eq!(
            c.extract_element((n - 1) * n + n - 2, 3 * n + n - 1)
                .unwrap(),
            Some(Value::new(10i64))
        );
        assert_eq!(
            c.extract_element(7 * n + n - 2, (n - 1) * n + n - 1)
                .unwrap(),
            Some(Value::new(15i64))
        );
    }
}
