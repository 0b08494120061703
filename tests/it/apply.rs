//! GrB_apply (unary, bound binary, index-unary) against the oracle: every mask
//! kind, accumulator, replace, transpose flag and input layout, mixed types,
//! every predefined index-unary operator, user-defined types and operators,
//! aliasing, huge hypersparse dimensions, errors, large inputs on any thread count.

use crate::oracle;

use graphblas::raw::algebra::{
    BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, Type, TypeCode, UnaryCode, UnaryOp, Value,
};
use graphblas::raw::object::{Descriptor, Matrix, INDEX_MAX};
use graphblas::raw::ops::apply::*;
use graphblas::Info;
use graphblas::Orientation;
use oracle::apply as model;
use oracle::case::*;
use oracle::udt::*;
use oracle::*;
use proptest::prelude::*;

/// An output type of the positional operators.
fn arb_index_type() -> impl Strategy<Value = TypeCode> {
    proptest::sample::select(vec![TypeCode::Int32, TypeCode::Int64])
}

fn arb_unary() -> impl Strategy<Value = UnaryOp> {
    let positional = UnaryCode::ALL
        .into_iter()
        .filter(|c| c.position().is_some());
    prop_oneof![
        3 => (proptest::sample::select(UnaryCode::ALL.to_vec()), arb_type()),
        1 => (proptest::sample::select(positional.collect::<Vec<_>>()), arb_index_type()),
    ]
    .prop_filter_map("defined", |(c, t)| UnaryOp::builtin(c, t))
}

fn arb_binary() -> impl Strategy<Value = BinaryOp> {
    let positional = BinaryCode::ALL.into_iter().filter(|c| c.is_positional());
    prop_oneof![
        3 => (proptest::sample::select(BinaryCode::ALL.to_vec()), arb_type()),
        1 => (proptest::sample::select(positional.collect::<Vec<_>>()), arb_index_type()),
    ]
    .prop_filter_map("defined", |(c, t)| BinaryOp::builtin(c, t))
}

/// Every predefined index-unary operator with a valid type.
fn arb_index_op() -> impl Strategy<Value = IndexUnaryOp> {
    (
        proptest::sample::select(IndexUnaryCode::ALL.to_vec()),
        arb_type(),
    )
        .prop_filter_map("defined", |(c, t)| IndexUnaryOp::builtin(c, t))
}

/// Small thunks of any type, and the extremes of `i64`.
fn arb_thunk() -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => arb_type().prop_flat_map(arb_value),
        1 => Just(Value::new(i64::MAX)),
        1 => Just(Value::new(i64::MIN)),
    ]
}

/// An input and an output context of matching shapes (the input stored
/// transposed when the descriptor's flag `second` or first says so).
fn arb_input_case(max_dim: u64) -> impl Strategy<Value = (OMatrix, Case)> {
    (0..=max_dim, 0..=max_dim, arb_type())
        .prop_flat_map(|(r, k, t)| (arb_matrix_dims(t, r, k, 20), arb_case(r, k, 20)))
}

fn stored(m: &OMatrix, transpose: bool) -> OMatrix {
    if transpose {
        m.transpose()
    } else {
        m.clone()
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn unary_matches_the_model((a, case) in arb_input_case(6), op in arb_unary(), la in arb_layout()) {
        let am = stored(&a, case.desc.transpose_first).matrix(la);
        case.check(&model::apply_unary(&op, &a), |c, m, acc, d| apply_unary(c, m, acc, &op, &am, d));
    }

    #[test]
    fn bind_first_matches_the_model((a, case) in arb_input_case(6), op in arb_binary(), x in arb_thunk(), la in arb_layout()) {
        // The matrix is the operator's second input: GrB_INP1 transposes it.
        let am = stored(&a, case.desc.transpose_second).matrix(la);
        case.check(&model::apply_bind_first(&op, &x, &a), |c, m, acc, d| apply_bind_first(c, m, acc, &op, &x, &am, d));
    }

    #[test]
    fn bind_second_matches_the_model((a, case) in arb_input_case(6), op in arb_binary(), y in arb_thunk(), la in arb_layout()) {
        let am = stored(&a, case.desc.transpose_first).matrix(la);
        case.check(&model::apply_bind_second(&op, &a, &y), |c, m, acc, d| apply_bind_second(c, m, acc, &op, &am, &y, d));
    }

    #[test]
    fn index_ops_match_the_model((a, case) in arb_input_case(6), op in arb_index_op(), s in arb_thunk(), la in arb_layout()) {
        let am = stored(&a, case.desc.transpose_first).matrix(la);
        case.check(&model::apply_index(&op, &a, &s), |c, m, acc, d| apply_index(c, m, acc, &op, &am, &s, d));
    }

    #[test]
    fn vectors_match_the_model(
        (a, case) in (0u64..12, arb_type()).prop_flat_map(|(n, t)| (arb_matrix_dims(t, n, 1, 10), arb_case(n, 1, 10))),
        un in arb_unary(), bin in arb_binary(), iop in arb_index_op(), s in arb_thunk(), la in arb_layout(),
    ) {
        // Transpose flags do not apply to vectors.
        let u = a.vector(la);
        case.check_vector(&model::apply_unary(&un, &a), |w, m, acc, d| apply_unary_vector(w, m, acc, &un, &u, d));
        case.check_vector(&model::apply_bind_first(&bin, &s, &a), |w, m, acc, d| apply_bind_first_vector(w, m, acc, &bin, &s, &u, d));
        case.check_vector(&model::apply_bind_second(&bin, &a, &s), |w, m, acc, d| apply_bind_second_vector(w, m, acc, &bin, &u, &s, d));
        case.check_vector(&model::apply_index(&iop, &a, &s), |w, m, acc, d| apply_index_vector(w, m, acc, &iop, &u, &s, d));
    }

    #[test]
    fn user_defined_types_and_operators(
        (a, case) in (0u64..6, 0u64..6).prop_flat_map(|(r, k)| (arb_pair_matrix(r, k, 15), arb_case(r, k, 15))),
        ints in arb_matrix_dims(TypeCode::Int16, 4, 5, 12),
        code in proptest::sample::select(vec![IndexUnaryCode::RowIndex, IndexUnaryCode::DiagIndex, IndexUnaryCode::Tril, IndexUnaryCode::Offdiag]),
        s in -3i32..3, la in arb_layout(),
    ) {
        let am = stored(&a, case.desc.transpose_first).matrix(la);
        let norm = pair_norm();
        case.check(&model::apply_unary(&norm, &a), |c, m, acc, d| apply_unary(c, m, acc, &norm, &am, d));
        let pidx = pair_index();
        let thunk = Value::new(s);
        case.check(&model::apply_index(&pidx, &a, &thunk), |c, m, acc, d| apply_index(c, m, acc, &pidx, &am, &thunk, d));
        // Positional operators read no values: any input type is fine.
        let pos = IndexUnaryOp::builtin(code, TypeCode::Int64).unwrap();
        case.check(&model::apply_index(&pos, &a, &thunk), |c, m, acc, d| apply_index(c, m, acc, &pos, &am, &thunk, d));
        let posj = UnaryOp::builtin(UnaryCode::PositionJ1, TypeCode::Int32).unwrap();
        case.check(&model::apply_unary(&posj, &a), |c, m, acc, d| apply_unary(c, m, acc, &posj, &am, d));
        let secondi = BinaryOp::builtin(BinaryCode::SecondI, TypeCode::Int64).unwrap();
        let p = pair(s, -s);
        case.check(&model::apply_bind_second(&secondi, &a, &p), |c, m, acc, d| apply_bind_second(c, m, acc, &secondi, &am, &p, d));
        // A user operator on a built-in type returning fp64.
        let sz = signed_zero_index();
        let out = OMatrix::new(&Type::FP64, 4, 5);
        let cm = out.matrix(la);
        apply_index(&cm, None, None, &sz, &ints.matrix(la), &thunk, &Descriptor::default()).unwrap();
        assert_matches(&cm, &model::apply_index(&sz, &ints, &thunk), 0.0);
    }

    #[test]
    fn output_aliased_with_input_and_mask(
        a in (0u64..6).prop_flat_map(|n| arb_matrix_dims(TypeCode::Int32, n, n, 20)),
        op in arb_binary(), desc in arb_descriptor(), la in arb_layout(),
    ) {
        let am = a.matrix(la);
        let y = Value::new(2i32);
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        let ok = apply_bind_second(&am, Some(&am), Some(&plus), &op, &am, &y, &desc);
        ok.unwrap();
        let at = if desc.transpose_first { a.transpose() } else { a.clone() };
        let omask = OMask { m: &a, structural: desc.mask_structural, complement: desc.mask_complement };
        let exp = write(&a, Some(&omask), Some(&plus), desc.replace, &model::apply_bind_second(&op, &at, &y));
        assert_matches(&am, &exp, 0.0);
    }

    #[test]
    fn huge_hypersparse_dimensions(
        ents in proptest::collection::vec((0usize..5, 0usize..5, -3i32..=3), 0..20),
        op in arb_index_op(), s in arb_thunk(), desc in arb_descriptor(), la in arb_layout(), lc in arb_layout(),
    ) {
        let n = INDEX_MAX + 1;
        let coords = [0, 1, 1 << 59, n - 2, n - 1];
        let mut a = OMatrix::new(&Type::INT32, n, n);
        for (r, c, v) in ents {
            a.set(coords[r], coords[c], Value::new(v));
        }
        let c0 = OMatrix::new(&Type::INT64, n, n);
        let cm = c0.matrix(lc);
        let desc = Descriptor { mask_structural: true, ..desc };
        let am = stored(&a, desc.transpose_first).matrix(la);
        apply_index(&cm, Some(&am), None, &op, &am, &s, &desc).unwrap();
        let omask = OMask { m: &stored(&a, desc.transpose_first), structural: true, complement: desc.mask_complement };
        let exp = write(&c0, Some(&omask), None, desc.replace, &model::apply_index(&op, &a, &s));
        assert_matches(&cm, &exp, 0.0);
    }
}

#[test]
fn errors_leave_the_output_unchanged() {
    let d = Descriptor::default();
    let mut c0 = OMatrix::new(&Type::FP64, 2, 3);
    c0.set(0, 1, Value::new(4.0f64));
    let c = c0.matrix(Layout::ALL[2]);
    let a = Matrix::new(&Type::FP64, 2, 3).unwrap();
    let at = Matrix::new(&Type::FP64, 3, 2).unwrap();
    let pairs = OMatrix::new(&pair_type(), 2, 3).matrix(Layout::ALL[0]);
    let abs = UnaryOp::builtin(UnaryCode::Abs, TypeCode::Fp64).unwrap();
    let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
    let tril = IndexUnaryOp::builtin(IndexUnaryCode::Tril, TypeCode::Int64).unwrap();
    let vgt = IndexUnaryOp::builtin(IndexUnaryCode::ValueGt, TypeCode::Fp64).unwrap();
    let one = Value::new(1.0f64);
    let check = |r: graphblas::Result<()>, info: Info| {
        assert_eq!(r.unwrap_err().info, info);
        assert_matches(&c, &c0, 0.0);
    };
    check(
        apply_unary(&c, None, None, &abs, &at, &d),
        Info::DimensionMismatch,
    );
    check(
        apply_unary(&c, Some(&at), None, &abs, &a, &d),
        Info::DimensionMismatch,
    );
    let t0 = Descriptor {
        transpose_first: true,
        ..d
    };
    let t1 = Descriptor {
        transpose_second: true,
        ..d
    };
    check(
        apply_bind_second(&c, None, None, &plus, &a, &one, &t0),
        Info::DimensionMismatch,
    );
    check(
        apply_bind_first(&c, None, None, &plus, &one, &a, &t1),
        Info::DimensionMismatch,
    );
    apply_bind_first(&c, None, Some(&plus), &plus, &one, &a, &t0).unwrap();
    check(
        apply_unary(&c, None, None, &abs, &pairs, &d),
        Info::DomainMismatch,
    );
    check(
        apply_bind_first(&c, None, None, &plus, &pair(1, 2), &a, &d),
        Info::DomainMismatch,
    );
    check(
        apply_bind_second(&c, None, None, &plus, &a, &pair(1, 2), &d),
        Info::DomainMismatch,
    );
    check(
        apply_index(&c, None, None, &vgt, &pairs, &one, &d),
        Info::DomainMismatch,
    );
    check(
        apply_index(&c, None, None, &tril, &a, &pair(0, 0), &d),
        Info::DomainMismatch,
    );
    check(
        apply_unary(&c, Some(&pairs), None, &abs, &a, &d),
        Info::DomainMismatch,
    );
    // The result type must fit the output.
    let norm = pair_norm();
    check(
        apply_unary(&pairs, None, None, &norm, &pairs, &d),
        Info::DomainMismatch,
    );
}

/// A large `f64` matrix with about half the positions present.
fn big(nrows: u64, ncols: u64) -> OMatrix {
    let mut m = OMatrix::new(&Type::FP64, nrows, ncols);
    let mut g = 12345u64;
    for r in 0..nrows {
        for c in 0..ncols {
            g = g
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (g >> 40).is_multiple_of(2) {
                m.entries
                    .insert((r, c), Value::new(((g >> 45) % 9) as f64 - 4.0));
            }
        }
    }
    m
}

#[test]
fn large_inputs_on_any_thread_count() {
    let a = big(300, 400);
    let ainv = UnaryOp::builtin(UnaryCode::Ainv, TypeCode::Fp64).unwrap();
    let diag = IndexUnaryOp::builtin(IndexUnaryCode::DiagIndex, TypeCode::Int32).unwrap();
    let pidx = signed_zero_index();
    let thunk = Value::new(3i32);
    for layout in [
        Layout::Sparse(Orientation::ByRow),
        Layout::Hyper(Orientation::ByCol),
        Layout::Bitmap(Orientation::ByRow),
    ] {
        let am = a.matrix(layout);
        let mut results = Vec::new();
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let c1 = Matrix::new(&Type::FP64, 300, 400).unwrap();
            let c2 = Matrix::new(&Type::INT32, 300, 400).unwrap();
            let c3 = Matrix::new(&Type::FP32, 300, 400).unwrap();
            pool.install(|| {
                apply_unary(&c1, None, None, &ainv, &am, &Descriptor::default()).unwrap();
                apply_index(&c2, None, None, &diag, &am, &thunk, &Descriptor::default()).unwrap();
                let ints = a.cast(&Type::INT16).matrix(layout);
                apply_index(
                    &c3,
                    None,
                    None,
                    &pidx,
                    &ints,
                    &thunk,
                    &Descriptor::default(),
                )
                .unwrap();
            });
            assert_matches(&c1, &model::apply_unary(&ainv, &a), 0.0);
            assert_matches(&c2, &model::apply_index(&diag, &a, &thunk), 0.0);
            assert_matches(
                &c3,
                &model::apply_index(&pidx, &a.cast(&Type::INT16), &thunk).cast(&Type::FP32),
                0.0,
            );
            results.push(c2.snapshot().unwrap());
        }
        assert!(results[0].same_entries(&results[1]));
    }
}
