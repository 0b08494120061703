//! GrB_select against the oracle: every predefined index-unary operator,
//! user-defined ones (including one whose result is `-0.0`), every mask kind,
//! accumulator, replace, transpose and layout, user-defined types, aliasing,
//! huge hypersparse dimensions with extreme thunks, errors, large inputs on
//! any thread count; a pending input no one else reads selected in place.

use crate::oracle;

use graphblas::raw::algebra::{
    BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, Type, TypeCode, UnaryCode, UnaryOp, Value,
};
use graphblas::raw::explain;
use graphblas::raw::object::{Descriptor, Matrix, INDEX_MAX};
use graphblas::raw::ops::apply::apply_unary;
use graphblas::raw::ops::select::*;
use graphblas::Info;
use graphblas::Orientation;
use graphblas::{with_mode, Mode};
use oracle::apply::select as model;
use oracle::case::*;
use oracle::udt::*;
use oracle::*;
use proptest::prelude::*;

fn arb_index_op() -> impl Strategy<Value = IndexUnaryOp> {
    (
        proptest::sample::select(IndexUnaryCode::ALL.to_vec()),
        arb_type(),
    )
        .prop_filter_map("defined", |(c, t)| IndexUnaryOp::builtin(c, t))
}

fn arb_thunk() -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => arb_type().prop_flat_map(arb_value),
        1 => Just(Value::new(i64::MAX)),
        1 => Just(Value::new(i64::MIN)),
    ]
}

/// `z = (x + row + col + s) is odd`, a user-defined predicate on INT16
/// values returning a bool (called on the values in place).
fn odd_sum_index() -> IndexUnaryOp {
    IndexUnaryOp::user(
        "odd_sum",
        std::sync::Arc::new(|z: &mut [u8], x: &[u8], row: u64, col: u64, s: &[u8]| {
            let x = i16::from_ne_bytes(x.try_into().unwrap()) as i64;
            let s = i32::from_ne_bytes(s.try_into().unwrap()) as i64;
            z[0] = ((x + row as i64 + col as i64 + s) & 1) as u8;
        }),
        Type::BOOL,
        Type::INT16,
        Type::INT32,
    )
}

/// Whether explain's `steps` show a select of content like `a`'s kept in
/// place, or it could not be: compressed content only (with every entry
/// present it may be full), and a comparison of content holding one value
/// is decided once for all its entries.
fn kept_in_place_where_it_can(a: &OMatrix, op: &IndexUnaryOp, steps: &[String]) -> bool {
    let full = !a.entries.is_empty() && a.entries.len() as u64 == a.nrows * a.ncols;
    let values: Vec<&Value> = a.entries.values().collect();
    let one_value = values.windows(2).all(|w| w[0] == w[1]);
    let decided_once = one_value && op.code().is_some_and(|c| c.reads_value());
    let in_place = steps
        .iter()
        .any(|s| s.starts_with("in place: the kept entries"));
    in_place || full || decided_once
}

/// `a` with every value replaced by `v`.
fn one_valued(mut a: OMatrix, v: i32) -> OMatrix {
    a.entries.values_mut().for_each(|x| *x = Value::new(v));
    a
}

fn stored(m: &OMatrix, transpose: bool) -> OMatrix {
    if transpose {
        m.transpose()
    } else {
        m.clone()
    }
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn matrices_match_the_model(
        (a, case) in (0u64..7, 0u64..7, arb_type()).prop_flat_map(|(r, k, t)| (arb_matrix_dims(t, r, k, 25), arb_case(r, k, 20))),
        op in arb_index_op(), s in arb_thunk(), la in arb_layout(),
    ) {
        let am = stored(&a, case.desc.transpose_first).matrix(la);
        case.check(&model(&op, &a, &s), |c, m, acc, d| select(c, m, acc, &op, &am, &s, d));
    }

    #[test]
    fn positional_ops_on_compressed_data(
        (a, case) in (0u64..8, 0u64..8).prop_flat_map(|(r, k)| (arb_matrix_dims(TypeCode::Int8, r, k, 40), arb_case(r, k, 10))),
        code in proptest::sample::select(vec![IndexUnaryCode::Tril, IndexUnaryCode::Triu, IndexUnaryCode::Diag,
            IndexUnaryCode::Offdiag, IndexUnaryCode::Colle, IndexUnaryCode::Colgt, IndexUnaryCode::Rowle, IndexUnaryCode::Rowgt]),
        s in -4i64..4, la in proptest::sample::select(Layout::ALL[..4].to_vec()),
    ) {
        let op = IndexUnaryOp::builtin(code, TypeCode::Int64).unwrap();
        let s = Value::new(s);
        let am = stored(&a, case.desc.transpose_first).matrix(la);
        case.check(&model(&op, &a, &s), |c, m, acc, d| select(c, m, acc, &op, &am, &s, d));
    }

    #[test]
    fn a_pending_result_read_by_select_alone_is_kept_in_place(
        a in (0u64..8, 0u64..8).prop_flat_map(|(r, k)| arb_matrix_dims(TypeCode::Int16, r, k, 40)),
        op in prop_oneof![
            proptest::sample::select(vec![IndexUnaryCode::Tril, IndexUnaryCode::Triu, IndexUnaryCode::Diag,
                IndexUnaryCode::Offdiag, IndexUnaryCode::Colle, IndexUnaryCode::Colgt, IndexUnaryCode::Rowle,
                IndexUnaryCode::Rowgt]).prop_map(|c| IndexUnaryOp::builtin(c, TypeCode::Int64).unwrap()),
            arb_index_op(),
            Just(signed_zero_index()),
            Just(odd_sum_index()),
        ],
        s in -4i32..4, la in proptest::sample::select(Layout::ALL[..4].to_vec()),
    ) {
        // C = select(-A) with -A pending and read by the select alone: its
        // entries are kept in its own buffers, with the blocking result.
        let s = Value::new(s);
        let ainv = UnaryOp::builtin(UnaryCode::Ainv, TypeCode::Int16).unwrap();
        let d = Descriptor::default();
        let program = || {
            let t = Matrix::new(&Type::INT16, a.nrows, a.ncols).unwrap();
            apply_unary(&t, None, None, &ainv, &a.matrix(la), &d).unwrap();
            let c = Matrix::new(&Type::INT16, a.nrows, a.ncols).unwrap();
            select(&c, None, None, &op, &t, &s, &d).unwrap();
            drop(t);
            explain::capture(|| OMatrix::of(&c))
        };
        let (expected, _) = with_mode(Mode::Blocking, program);
        let (kept, steps) = with_mode(Mode::NonBlocking, program);
        prop_assert_eq!(kept, expected);
        prop_assert!(kept_in_place_where_it_can(&a, &op, &steps), "{:?}", steps);
    }

    #[test]
    fn a_select_keeping_every_entry_shares_its_input(
        a in (0u64..8, 0u64..8).prop_flat_map(|(r, k)| arb_matrix_dims(TypeCode::Int32, r, k, 40)),
        v in -3i32..3, s in -3i32..3, la in arb_layout(),
        code in proptest::sample::select(vec![IndexUnaryCode::ValueLe, IndexUnaryCode::ValueGe,
            IndexUnaryCode::ValueEq, IndexUnaryCode::ValueNe]),
    ) {
        // C = select(A) of content holding one value: the verdict is the
        // same for every entry; when it keeps them all, C is A's content
        // itself, and later changes to C leave A alone.
        let a = one_valued(a, v);
        let op = IndexUnaryOp::builtin(code, TypeCode::Int32).unwrap();
        let s = Value::new(s);
        let d = Descriptor::default();
        let expected = model(&op, &a, &s);
        let program = || {
            let am = a.matrix(la);
            let c = Matrix::new(&Type::INT32, a.nrows, a.ncols).unwrap();
            let (_, steps) = explain::capture(|| {
                select(&c, None, None, &op, &am, &s, &d).unwrap();
                OMatrix::of(&c)
            });
            let selected = OMatrix::of(&c);
            if a.nrows > 0 && a.ncols > 0 {
                c.set_element(0, 0, &Value::new(100i32)).unwrap();
                c.remove_element(a.nrows - 1, a.ncols - 1).unwrap();
                OMatrix::of(&c);
            }
            (selected, OMatrix::of(&am), steps)
        };
        for mode in [Mode::Blocking, Mode::NonBlocking] {
            let (selected, after, steps) = with_mode(mode, program);
            prop_assert_eq!(&selected, &expected);
            prop_assert_eq!(&after, &a);
            let shared = steps.iter().any(|s| s.starts_with("every entry kept"));
            let keeps_all = expected.entries.len() == a.entries.len() && !a.entries.is_empty();
            prop_assert!(shared || !keeps_all || mode == Mode::Blocking, "{:?}", steps);
        }
    }

    #[test]
    fn a_matrix_selecting_from_itself_keeps_its_entries_in_place(
        a in (0u64..8, 0u64..8).prop_flat_map(|(r, k)| arb_matrix_dims(TypeCode::Int16, r, k, 40)),
        op in prop_oneof![arb_index_op(), Just(odd_sum_index())],
        s in -4i32..4, la in proptest::sample::select(Layout::ALL[..4].to_vec()),
    ) {
        // A = select(A), as LAGraph's Boruvka prunes its graph: in
        // non-blocking mode A's entries stay in its own buffers once it lets
        // go of them, with the blocking result.
        let s = Value::new(s);
        let d = Descriptor::default();
        let program = || {
            let am = a.matrix(la);
            OMatrix::of(&am);
            explain::capture(|| {
                select(&am, None, None, &op, &am, &s, &d).unwrap();
                OMatrix::of(&am)
            })
        };
        let (expected, _) = with_mode(Mode::Blocking, program);
        let (kept, steps) = with_mode(Mode::NonBlocking, program);
        prop_assert_eq!(kept, expected);
        prop_assert!(kept_in_place_where_it_can(&a, &op, &steps), "{:?}", steps);
    }

    #[test]
    fn vectors_match_the_model(
        (a, case) in (0u64..12, arb_type()).prop_flat_map(|(n, t)| (arb_matrix_dims(t, n, 1, 10), arb_case(n, 1, 10))),
        op in arb_index_op(), s in arb_thunk(), la in arb_layout(),
    ) {
        let u = a.vector(la);
        case.check_vector(&model(&op, &a, &s), |w, m, acc, d| select_vector(w, m, acc, &op, &u, &s, d));
    }

    #[test]
    fn user_defined_types_and_operators(
        (a, ints, case) in (0u64..6, 0u64..6).prop_flat_map(|(r, k)| (
            arb_pair_matrix(r, k, 15), arb_matrix_dims(TypeCode::Int16, r, k, 15), arb_case(r, k, 15))),
        code in proptest::sample::select(vec![IndexUnaryCode::Tril, IndexUnaryCode::Triu, IndexUnaryCode::Offdiag,
            IndexUnaryCode::Colgt, IndexUnaryCode::Rowle, IndexUnaryCode::RowIndex]),
        s in -3i32..3, la in arb_layout(), lc in arb_layout(),
    ) {
        let thunk = Value::new(s);
        let at = stored(&a, case.desc.transpose_first);
        // Pairs selected into a pair output (no accumulator: none exists for pairs).
        let pc = OMatrix::new(&pair_type(), a.nrows, a.ncols);
        let mask = case.m.matrix(case.lm);
        let desc = Descriptor { mask_structural: true, ..case.desc };
        let omask = OMask { m: &case.m, structural: true, complement: desc.mask_complement };
        let builtin = IndexUnaryOp::builtin(code, TypeCode::Int32).unwrap();
        for op in [pair_index(), builtin] {
            let cm = pc.matrix(lc);
            select(&cm, Some(&mask), None, &op, &at.matrix(la), &thunk, &desc).unwrap();
            let exp = write(&pc, Some(&omask), None, desc.replace, &model(&op, &a, &thunk));
            assert_matches(&cm, &exp, 0.0);
        }
        // A user operator on a built-in type whose result may be -0.0 (false).
        let sz = signed_zero_index();
        let im = stored(&ints, case.desc.transpose_first).matrix(la);
        case.check(&model(&sz, &ints, &thunk), |c, m, acc, d| select(c, m, acc, &sz, &im, &thunk, d));
    }

    #[test]
    fn output_aliased_with_input_and_mask(
        a in (0u64..7).prop_flat_map(|n| arb_matrix_dims(TypeCode::Fp32, n, n, 30)),
        op in arb_index_op(), s in arb_thunk(), desc in arb_descriptor(), la in arb_layout(),
    ) {
        let am = a.matrix(la);
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
        select(&am, Some(&am), Some(&plus), &op, &am, &s, &desc).unwrap();
        let omask = OMask { m: &a, structural: desc.mask_structural, complement: desc.mask_complement };
        let at = stored(&a, desc.transpose_first);
        let exp = write(&a, Some(&omask), Some(&plus), desc.replace, &model(&op, &at, &s));
        assert_matches(&am, &exp, 1e-12);
    }

    #[test]
    fn huge_hypersparse_dimensions(
        ents in proptest::collection::vec((0usize..6, 0usize..6, -3i32..=3), 0..25),
        op in arb_index_op(), s in prop_oneof![arb_thunk(), Just(Value::new(1i64 << 59)), Just(Value::new(-(1i64 << 59)))],
        desc in arb_descriptor(), la in arb_layout(), lc in arb_layout(),
    ) {
        let n = INDEX_MAX + 1;
        let coords = [0, 1, 1 << 59, (1 << 59) + 1, n - 2, n - 1];
        let mut a = OMatrix::new(&Type::INT32, n, n);
        for (r, c, v) in ents {
            a.set(coords[r], coords[c], Value::new(v));
        }
        let c0 = OMatrix::new(&Type::INT32, n, n);
        let cm = c0.matrix(lc);
        let desc = Descriptor { mask_structural: true, ..desc };
        let am = stored(&a, desc.transpose_first).matrix(la);
        let mm = a.matrix(la);
        select(&cm, Some(&mm), None, &op, &am, &s, &desc).unwrap();
        let omask = OMask { m: &a, structural: true, complement: desc.mask_complement };
        let exp = write(&c0, Some(&omask), None, desc.replace, &model(&op, &a, &s));
        assert_matches(&cm, &exp, 0.0);
    }
}

#[test]
fn errors_leave_the_output_unchanged() {
    let d = Descriptor::default();
    let mut c0 = OMatrix::new(&Type::INT32, 3, 2);
    c0.set(2, 1, Value::new(7i32));
    let c = c0.matrix(Layout::ALL[3]);
    let a = Matrix::new(&Type::INT32, 3, 2).unwrap();
    let at = Matrix::new(&Type::INT32, 2, 3).unwrap();
    let pairs = OMatrix::new(&pair_type(), 3, 2).matrix(Layout::ALL[0]);
    let tril = IndexUnaryOp::builtin(IndexUnaryCode::Tril, TypeCode::Int64).unwrap();
    let veq = IndexUnaryOp::builtin(IndexUnaryCode::ValueEq, TypeCode::Int32).unwrap();
    let zero = Value::new(0i64);
    let check = |r: graphblas::Result<()>, info: Info| {
        assert_eq!(r.unwrap_err().info, info);
        assert_matches(&c, &c0, 0.0);
    };
    check(
        select(&c, None, None, &tril, &at, &zero, &d),
        Info::DimensionMismatch,
    );
    let t = Descriptor {
        transpose_first: true,
        ..d
    };
    check(
        select(&c, None, None, &tril, &a, &zero, &t),
        Info::DimensionMismatch,
    );
    check(
        select(&c, Some(&at), None, &tril, &a, &zero, &d),
        Info::DimensionMismatch,
    );
    check(
        select(&c, None, None, &veq, &pairs, &zero, &d),
        Info::DomainMismatch,
    );
    check(
        select(&c, None, None, &tril, &a, &pair(0, 0), &d),
        Info::DomainMismatch,
    );
    // Positional operators accept user-defined inputs, but pairs do not fit an int32 output.
    check(
        select(&c, None, None, &tril, &pairs, &zero, &d),
        Info::DomainMismatch,
    );
    // The operator's result must be castable to bool.
    let to_pair = IndexUnaryOp::user(
        "to_pair",
        std::sync::Arc::new(|z: &mut [u8], _x: &[u8], _i, _j, _s: &[u8]| z.fill(1)),
        pair_type(),
        Type::INT32,
        Type::INT32,
    );
    check(
        select(&c, None, None, &to_pair, &a, &Value::new(0i32), &d),
        Info::DomainMismatch,
    );
    check(
        select(&c, Some(&pairs), None, &tril, &a, &zero, &d),
        Info::DomainMismatch,
    );
}

#[test]
fn large_inputs_on_any_thread_count() {
    let (nrows, ncols) = (400u64, 300u64);
    let mut a = OMatrix::new(&Type::FP64, nrows, ncols);
    let mut g = 99u64;
    for r in 0..nrows {
        for c in 0..ncols {
            g = g
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if !(g >> 40).is_multiple_of(3) {
                a.entries
                    .insert((r, c), Value::new(((g >> 45) % 9) as f64 - 4.0));
            }
        }
    }
    let ops = [
        (
            IndexUnaryOp::builtin(IndexUnaryCode::Tril, TypeCode::Int64).unwrap(),
            Value::new(-5i64),
        ),
        (
            IndexUnaryOp::builtin(IndexUnaryCode::Offdiag, TypeCode::Int64).unwrap(),
            Value::new(2i64),
        ),
        (
            IndexUnaryOp::builtin(IndexUnaryCode::ValueGt, TypeCode::Fp64).unwrap(),
            Value::new(0.5f64),
        ),
        (
            IndexUnaryOp::builtin(IndexUnaryCode::ValueLe, TypeCode::Int32).unwrap(),
            Value::new(1i32),
        ),
    ];
    for layout in [
        Layout::Sparse(Orientation::ByRow),
        Layout::Sparse(Orientation::ByCol),
        Layout::Hyper(Orientation::ByRow),
        Layout::Bitmap(Orientation::ByCol),
    ] {
        let am = a.matrix(layout);
        for (op, s) in &ops {
            let exp = model(op, &a, s);
            let mut results = Vec::new();
            for threads in [1, 3] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let cm = Matrix::new(&Type::FP64, nrows, ncols).unwrap();
                pool.install(|| select(&cm, None, None, op, &am, s, &Descriptor::default()))
                    .unwrap();
                assert_matches(&cm, &exp, 0.0);
                results.push(cm.snapshot().unwrap());
            }
            assert!(results[0].same_entries(&results[1]));
        }
    }
}
