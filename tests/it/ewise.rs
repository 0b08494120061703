//! eWiseAdd, eWiseMult and eWiseUnion against the oracle: every mask kind,
//! accumulator, replace, transpose flag and input layout, mixed types,
//! aliasing, huge hypersparse dimensions, user-defined types, errors, large
//! inputs on every kernel path (and any thread count), and algebraic identities.

use crate::oracle;

use crate::lcg::Lcg;
use graphblas::raw::algebra::{BinaryCode, BinaryOp, Type, TypeCode, Value};
use graphblas::raw::object::{Descriptor, Matrix, Vector, INDEX_MAX};
use graphblas::raw::ops::ewise::*;
use graphblas::Info;
use graphblas::Orientation;
use oracle::ewise::{ewise as model, OKind};
use oracle::udt::*;
use oracle::*;
use proptest::prelude::*;

fn op(code: BinaryCode, t: TypeCode) -> BinaryOp {
    BinaryOp::builtin(code, t).unwrap()
}

/// Operators, including non-commutative ones and ones whose output type differs.
fn arb_op() -> impl Strategy<Value = BinaryOp> {
    use BinaryCode::*;
    use TypeCode::*;
    proptest::sample::select(vec![
        (Plus, Int32),
        (Plus, Fp64),
        (Minus, Int16),
        (Div, Fp32),
        (Rdiv, Uint16),
        (Times, Bool),
        (Min, Uint8),
        (Max, Int64),
        (First, Fp64),
        (Second, Int8),
        (Lt, Int32),
        (Ge, Fp64),
        (Pow, Fp64),
        (Lor, Bool),
        (Bxor, Uint32),
        (Oneb, Int64),
        (Isgt, Fp32),
        (Iseq, Uint64),
        (Land, Uint64),
        (FirstI, Int64),
        (FirstJ1, Int32),
        (SecondI1, Int32),
        (SecondJ, Int64),
    ])
    .prop_map(|(c, t)| op(c, t))
}

fn arb_accum() -> impl Strategy<Value = Option<BinaryOp>> {
    prop_oneof![
        Just(None),
        Just(Some(op(BinaryCode::Plus, TypeCode::Int32))),
        Just(Some(op(BinaryCode::Minus, TypeCode::Fp64))),
        Just(Some(op(BinaryCode::Second, TypeCode::Int8))),
        Just(Some(op(BinaryCode::Lt, TypeCode::Int16))),
    ]
}

fn arb_kind() -> impl Strategy<Value = OKind> {
    prop_oneof![
        Just(OKind::Add),
        Just(OKind::Mult),
        (arb_type(), arb_type())
            .prop_flat_map(|(x, y)| (arb_value(x), arb_value(y)))
            .prop_map(|(x, y)| OKind::Union(x, y)),
    ]
}

/// An element-wise operation: which one, and its operator.
#[derive(Clone, Copy)]
struct Operation<'a> {
    kind: &'a OKind,
    op: &'a BinaryOp,
}

/// Runs the matrix operation.
fn run(
    operation: Operation,
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    a: &Matrix,
    b: &Matrix,
    desc: &Descriptor,
) -> graphblas::Result<()> {
    let Operation { kind, op } = operation;
    match kind {
        OKind::Add => ewise_add(c, mask, accum, op, a, b, desc),
        OKind::Mult => ewise_mult(c, mask, accum, op, a, b, desc),
        OKind::Union(alpha, beta) => {
            let a = Padded::new(a, alpha);
            let b = Padded::new(b, beta);
            ewise_union(c, mask, accum, op, a, b, desc)
        }
    }
}

/// Runs the vector operation.
fn run_vector(
    operation: Operation,
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    v: &Vector,
    desc: &Descriptor,
) -> graphblas::Result<()> {
    let Operation { kind, op } = operation;
    match kind {
        OKind::Add => ewise_add_vector(w, mask, accum, op, u, v, desc),
        OKind::Mult => ewise_mult_vector(w, mask, accum, op, u, v, desc),
        OKind::Union(alpha, beta) => {
            let u = Padded::new(u, alpha);
            let v = Padded::new(v, beta);
            ewise_union_vector(w, mask, accum, op, u, v, desc)
        }
    }
}

/// The expected `C` after `C<M, replace> = accum(C, A ⊕ B)`.
fn expected(
    operation: Operation,
    c: &OMatrix,
    mask: Option<&OMatrix>,
    accum: Option<&BinaryOp>,
    a: &OMatrix,
    b: &OMatrix,
    desc: &Descriptor,
) -> OMatrix {
    let Operation { kind, op } = operation;
    write_desc(c, mask, accum, desc, &model(op, kind, a, b))
}

/// `m`, stored transposed when `t` (so that the operation transposes it back).
fn input(m: &OMatrix, t: bool) -> OMatrix {
    if t {
        m.transpose()
    } else {
        m.clone()
    }
}

/// Four matrices of one shape with random types.
fn arb_operands(max_dim: u64, nnz: usize) -> impl Strategy<Value = [OMatrix; 4]> {
    (
        0..=max_dim,
        0..=max_dim,
        arb_type(),
        arb_type(),
        arb_type(),
        arb_type(),
    )
        .prop_flat_map(move |(r, k, ta, tb, tc, tm)| {
            [
                arb_matrix_dims(ta, r, k, nnz),
                arb_matrix_dims(tb, r, k, nnz),
                arb_matrix_dims(tc, r, k, nnz),
                arb_matrix_dims(tm, r, k, nnz),
            ]
        })
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn matrices_match_the_model(
        [a, b, c, m] in arb_operands(6, 24),
        op in arb_op(), kind in arb_kind(), use_mask in any::<bool>(),
        accum in arb_accum(), desc in arb_descriptor(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        let am = input(&a, desc.transpose_first).matrix(la);
        let bm = input(&b, desc.transpose_second).matrix(lb);
        let cm = c.matrix(lc);
        let mm = m.matrix(lm);
        let mask = use_mask.then_some(&mm);
        let e = Operation { kind: &kind, op: &op };
        run(e, &cm, mask, accum.as_ref(), &am, &bm, &desc).unwrap();
        let exp = expected(e, &c, use_mask.then_some(&m), accum.as_ref(), &a, &b, &desc);
        assert_matches(&cm, &exp, 1e-12);
        cm.snapshot().unwrap().check().unwrap();
    }

    #[test]
    fn typed_paths_match_the_model(
        (t, [a, b, c, m]) in (1u64..7, 1u64..7, arb_type()).prop_flat_map(|(r, k, t)| (Just(t), [
            arb_matrix_dims(t, r, k, 30), arb_matrix_dims(t, r, k, 30),
            arb_matrix_dims(t, r, k, 20), arb_matrix_dims(TypeCode::Bool, r, k, 20),
        ])),
        code in proptest::sample::select(BinaryCode::ALL.to_vec()), kind in arb_kind(), use_mask in any::<bool>(),
        accum in arb_accum(), desc in arb_descriptor(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        // Inputs and operator of one built-in type: the typed kernels.
        let Some(op) = BinaryOp::builtin(code, t) else { return Ok(()) };
        let am = input(&a, desc.transpose_first).matrix(la);
        let bm = input(&b, desc.transpose_second).matrix(lb);
        let cm = c.matrix(lc);
        let mm = m.matrix(lm);
        let e = Operation { kind: &kind, op: &op };
        run(e, &cm, use_mask.then_some(&mm), accum.as_ref(), &am, &bm, &desc).unwrap();
        let exp = expected(e, &c, use_mask.then_some(&m), accum.as_ref(), &a, &b, &desc);
        assert_matches(&cm, &exp, 1e-12);
    }

    #[test]
    fn vectors_match_the_model(
        [a, b, c, m] in (0u64..12, arb_type(), arb_type(), arb_type(), arb_type()).prop_flat_map(|(n, ta, tb, tc, tm)| [
            arb_matrix_dims(ta, n, 1, 10), arb_matrix_dims(tb, n, 1, 10),
            arb_matrix_dims(tc, n, 1, 10), arb_matrix_dims(tm, n, 1, 10),
        ]),
        op in arb_op(), kind in arb_kind(), use_mask in any::<bool>(),
        accum in arb_accum(), desc in arb_descriptor(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        // The transpose flags do not apply to vectors.
        let (u, v, w, mv) = (a.vector(la), b.vector(lb), c.vector(lc), m.vector(lm));
        let e = Operation { kind: &kind, op: &op };
        run_vector(e, &w, use_mask.then_some(&mv), accum.as_ref(), &u, &v, &desc).unwrap();
        let plain = Descriptor { transpose_first: false, transpose_second: false, ..desc };
        let exp = expected(e, &c, use_mask.then_some(&m), accum.as_ref(), &a, &b, &plain);
        assert_matches(w.as_matrix(), &exp, 1e-12);
    }

    #[test]
    fn output_aliased_with_input_and_mask(
        [a, c, _, _] in arb_operands(6, 20), op in arb_op(), kind in arb_kind(),
        desc in arb_descriptor(), la in arb_layout(), lc in arb_layout(), first in any::<bool>(),
    ) {
        let desc = Descriptor { transpose_first: false, transpose_second: false, ..desc };
        let am = a.matrix(la);
        let cm = c.matrix(lc);
        // C<C> = C ⊕ A  or  C<C> = A ⊕ C.
        let (x, y, ox, oy) = if first { (&cm, &am, &c, &a) } else { (&am, &cm, &a, &c) };
        let e = Operation { kind: &kind, op: &op };
        run(e, &cm, Some(&cm), None, x, y, &desc).unwrap();
        let exp = expected(e, &c, Some(&c), None, ox, oy, &desc);
        assert_matches(&cm, &exp, 1e-12);
    }

    #[test]
    fn huge_hypersparse_dimensions(
        ents in proptest::collection::vec((0usize..5, 0usize..5, -3i32..=3, 0usize..3), 0..30),
        kind in arb_kind(), desc in arb_descriptor(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(),
    ) {
        let n = INDEX_MAX + 1;
        let coords = [0, 1, 1 << 59, n - 2, n - 1];
        let mut ms = [OMatrix::new(&Type::INT32, n, n), OMatrix::new(&Type::INT32, n, n), OMatrix::new(&Type::INT32, n, n)];
        for (r, c, v, which) in ents {
            ms[which].set(coords[r], coords[c], Value::new(v));
        }
        let [a, b, c] = ms;
        let minus = op(BinaryCode::Minus, TypeCode::Int32);
        let plus = op(BinaryCode::Plus, TypeCode::Int32);
        let cm = c.matrix(lc);
        let e = Operation { kind: &kind, op: &minus };
        let am = input(&a, desc.transpose_first).matrix(la);
        let bm = input(&b, desc.transpose_second).matrix(lb);
        run(e, &cm, Some(&cm), Some(&plus), &am, &bm, &desc).unwrap();
        let exp = expected(e, &c, Some(&c), Some(&plus), &a, &b, &desc);
        assert_matches(&cm, &exp, 0.0);
    }

    #[test]
    fn user_defined_types(
        (a, b, c, ints) in (0u64..6, 0u64..6).prop_flat_map(|(r, k)| (
            arb_pair_matrix(r, k, 15), arb_pair_matrix(r, k, 15), arb_pair_matrix(r, k, 15),
            arb_matrix_dims(TypeCode::Int32, r, k, 15))),
        desc in arb_descriptor(), use_accum in any::<bool>(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(), x in -3i32..3, y in -3i32..3,
    ) {
        let desc = Descriptor { mask_structural: true, ..desc };
        let pop = pair_op();
        let accum = use_accum.then(pair_op);
        for kind in [OKind::Add, OKind::Mult, OKind::Union(pair(x, y), pair(y, x))] {
            let cm = c.matrix(lc);
            let am = input(&a, desc.transpose_first).matrix(la);
            let bm = input(&b, desc.transpose_second).matrix(lb);
            let mask = a.matrix(la);
            let e = Operation { kind: &kind, op: &pop };
            run(e, &cm, Some(&mask), accum.as_ref(), &am, &bm, &desc).unwrap();
            let exp = expected(e, &c, Some(&a), accum.as_ref(), &a, &b, &desc);
            assert_matches(&cm, &exp, 0.0);
        }
        // Mixed domains: pair × int32 → fp64, into an int16 output; and a
        // positional operator, which reads no values: pairs in, INT32 out.
        let (scale, firstj1) = (pair_scale(), op(BinaryCode::FirstJ1, TypeCode::Int32));
        let cases = [
            (&scale, &ints, Type::INT16, OKind::Union(pair(x, y), Value::new(y as f32))),
            (&firstj1, &b, Type::INT64, OKind::Union(Value::new(x), Value::new(y))),
        ];
        for (f, other, ty, union) in cases {
            let out = OMatrix::new(&ty, a.nrows, a.ncols);
            for kind in [OKind::Mult, union] {
                let cm = out.matrix(lc);
                let am = input(&a, desc.transpose_first).matrix(la);
                let om = input(other, desc.transpose_second).matrix(lb);
                let e = Operation { kind: &kind, op: f };
                run(e, &cm, None, None, &am, &om, &desc).unwrap();
                let exp = expected(e, &out, None, None, &a, other, &desc);
                assert_matches(&cm, &exp, 0.0);
            }
        }
        // eWiseAdd copies an entry of one input only: a pair cannot be INT32.
        let cm = OMatrix::new(&Type::INT64, a.nrows, a.ncols).matrix(lc);
        let err = ewise_add(&cm, None, None, &firstj1, &a.matrix(la), &b.matrix(lb), &Descriptor::default());
        prop_assert_eq!(err.unwrap_err().info, Info::DomainMismatch);
    }

    #[test]
    fn commutative_operators_commute(
        [a, b, _, _] in (0u64..7, 0u64..7, arb_real_type()).prop_flat_map(|(r, k, t)| [
            arb_matrix_dims(t, r, k, 25), arb_matrix_dims(t, r, k, 25),
            arb_matrix_dims(t, r, k, 0), arb_matrix_dims(t, r, k, 0),
        ]),
        code in proptest::sample::select(vec![BinaryCode::Plus, BinaryCode::Times, BinaryCode::Min,
            BinaryCode::Max, BinaryCode::Eq, BinaryCode::Lxor, BinaryCode::Oneb]),
        mult in any::<bool>(), la in arb_layout(), lb in arb_layout(),
    ) {
        let ty = a.ty.clone();
        let o = op(code, ty.code());
        let kind = if mult { OKind::Mult } else { OKind::Add };
        let ab = Matrix::new(o.ztype(), a.nrows, a.ncols).unwrap();
        let ba = Matrix::new(o.ztype(), a.nrows, a.ncols).unwrap();
        let (am, bm) = (a.matrix(la), b.matrix(lb));
        let e = Operation { kind: &kind, op: &o };
        run(e, &ab, None, None, &am, &bm, &Descriptor::default()).unwrap();
        run(e, &ba, None, None, &bm, &am, &Descriptor::default()).unwrap();
        assert_matches(&ab, &OMatrix::of(&ba), 0.0);
    }

    #[test]
    fn integer_operators_associate(
        [a, b, c, _] in (0u64..7, 0u64..7).prop_flat_map(|(r, k)| [
            arb_matrix_dims(TypeCode::Int32, r, k, 25), arb_matrix_dims(TypeCode::Int32, r, k, 25),
            arb_matrix_dims(TypeCode::Int32, r, k, 25), arb_matrix_dims(TypeCode::Int32, r, k, 0),
        ]),
        code in proptest::sample::select(vec![BinaryCode::Plus, BinaryCode::Times, BinaryCode::Min,
            BinaryCode::Max, BinaryCode::Bor, BinaryCode::Bxor]),
        mult in any::<bool>(), la in arb_layout(), lb in arb_layout(), lc in arb_layout(),
    ) {
        let o = op(code, TypeCode::Int32);
        let kind = if mult { OKind::Mult } else { OKind::Add };
        let d = Descriptor::default();
        let (am, bm, cm) = (a.matrix(la), b.matrix(lb), c.matrix(lc));
        let new = || Matrix::new(&Type::INT32, a.nrows, a.ncols).unwrap();
        let (ab, ab_c, bc, a_bc) = (new(), new(), new(), new());
        let e = Operation { kind: &kind, op: &o };
        run(e, &ab, None, None, &am, &bm, &d).unwrap();
        run(e, &ab_c, None, None, &ab, &cm, &d).unwrap();
        run(e, &bc, None, None, &bm, &cm, &d).unwrap();
        run(e, &a_bc, None, None, &am, &bc, &d).unwrap();
        assert_matches(&ab_c, &OMatrix::of(&a_bc), 0.0);
    }
}

/// An `n × 1` vector (or `n/100 × 100` matrix when `matrix`) of `f64` with
/// about `density` per mille of the positions present.
fn big(n: u64, density: u64, seed: u64, matrix: bool) -> OMatrix {
    let (r, c) = if matrix { (n / 100, 100) } else { (n, 1) };
    let mut m = OMatrix::new(&Type::FP64, r, c);
    let mut g = Lcg(seed);
    for q in 0..r * c {
        if g.next() % 1000 < density {
            m.entries
                .insert((q / c, q % c), Value::new((g.next() % 7) as f64 - 3.0));
        }
    }
    m
}

/// `C = A op B` of `kind` (no mask or accumulator) on a pool of `threads`,
/// checked against `exp`; returns `C`'s content.
fn run_checked(
    threads: usize,
    kind: &OKind,
    op: &BinaryOp,
    a: &Matrix,
    b: &Matrix,
    exp: &OMatrix,
) -> std::sync::Arc<graphblas::raw::storage::MatrixStore> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let c = Matrix::new(&Type::FP64, a.nrows(), a.ncols()).unwrap();
    pool.install(|| {
        run(
            Operation { kind, op },
            &c,
            None,
            None,
            a,
            b,
            &Descriptor::default(),
        )
    })
    .unwrap();
    assert_matches(&c, exp, 0.0);
    c.snapshot().unwrap()
}

#[test]
fn large_inputs_on_every_path_and_thread_count() {
    let n = 200_000;
    let minus = op(BinaryCode::Minus, TypeCode::Fp64);
    let cases = [
        (
            1000,
            1000,
            Layout::Dense(Orientation::ByCol),
            Layout::Dense(Orientation::ByCol),
        ),
        (
            500,
            400,
            Layout::Sparse(Orientation::ByCol),
            Layout::Sparse(Orientation::ByCol),
        ),
        (
            300,
            1000,
            Layout::Sparse(Orientation::ByCol),
            Layout::Dense(Orientation::ByCol),
        ),
        (
            1000,
            300,
            Layout::Dense(Orientation::ByCol),
            Layout::Sparse(Orientation::ByCol),
        ),
        (
            5,
            600,
            Layout::Hyper(Orientation::ByCol),
            Layout::Sparse(Orientation::ByCol),
        ),
        (
            600,
            600,
            Layout::Bitmap(Orientation::ByCol),
            Layout::Dense(Orientation::ByCol),
        ),
        (
            700,
            200,
            Layout::Bitmap(Orientation::ByCol),
            Layout::Sparse(Orientation::ByCol),
        ),
    ];
    for (k, (da, db, la, lb)) in cases.into_iter().enumerate() {
        for matrix in [false, true] {
            let a = big(n, da, 2 * k as u64 + 1, matrix);
            let b = big(n, db, 2 * k as u64 + 2, matrix);
            let (la, lb) = if matrix {
                (la, lb)
            } else {
                (la.by_col(), lb.by_col())
            };
            for kind in [
                OKind::Add,
                OKind::Mult,
                OKind::Union(Value::new(10.0f64), Value::new(-20i32)),
            ] {
                let exp = model(&minus, &kind, &a, &b);
                let (am, bm) = (a.matrix(la), b.matrix(lb));
                let results: Vec<_> = [1, 3]
                    .map(|threads| run_checked(threads, &kind, &minus, &am, &bm, &exp))
                    .into();
                assert!(results[0].same_entries(&results[1]));
            }
        }
    }
}

/// Inputs with one pattern (as `A` and `A'` of a symmetric `A`) are combined
/// slot by slot: the same results as a merge, on any thread count.
#[test]
fn inputs_with_one_pattern_match_the_model() {
    let minus = op(BinaryCode::Minus, TypeCode::Fp64);
    for (k, layout) in [
        Layout::Sparse(Orientation::ByRow),
        Layout::Hyper(Orientation::ByCol),
    ]
    .into_iter()
    .enumerate()
    {
        let a = big(200_000, 150, 40 + k as u64, true);
        let mut b = a.clone();
        for (n, v) in b.entries.values_mut().enumerate() {
            *v = Value::new(n as f64 * 0.5 - 7.0);
        }
        for kind in [
            OKind::Add,
            OKind::Mult,
            OKind::Union(Value::new(10.0f64), Value::new(-20i32)),
        ] {
            let exp = model(&minus, &kind, &a, &b);
            let (am, bm) = (a.matrix(layout), b.matrix(layout));
            for threads in [1, 3] {
                run_checked(threads, &kind, &minus, &am, &bm, &exp);
            }
        }
    }
}

#[test]
fn errors_leave_the_output_unchanged() {
    let plus = op(BinaryCode::Plus, TypeCode::Fp64);
    let d = Descriptor::default();
    let mut c0 = OMatrix::new(&Type::FP64, 2, 3);
    c0.set(1, 2, Value::new(5.0f64));
    let c = c0.matrix(Layout::ALL[0]);
    let a = Matrix::new(&Type::FP64, 2, 3).unwrap();
    let at = Matrix::new(&Type::FP64, 3, 2).unwrap();
    let pairs = OMatrix::new(&pair_type(), 2, 3).matrix(Layout::ALL[0]);
    let alpha = Value::new(1.0f64);
    let check = |r: graphblas::Result<()>, info: Info| {
        assert_eq!(r.unwrap_err().info, info);
        assert_matches(&c, &c0, 0.0);
    };
    check(
        ewise_add(&c, None, None, &plus, &a, &at, &d),
        Info::DimensionMismatch,
    );
    check(
        ewise_mult(&c, Some(&at), None, &plus, &a, &a, &d),
        Info::DimensionMismatch,
    );
    let tran = Descriptor {
        transpose_first: true,
        ..d
    };
    check(
        ewise_mult(&c, None, None, &plus, &a, &a, &tran),
        Info::DimensionMismatch,
    );
    check(
        ewise_add(&at, None, None, &plus, &at, &at, &tran),
        Info::DimensionMismatch,
    );
    // User-defined values cannot be cast to or from built-in domains.
    check(
        ewise_mult(&c, None, None, &plus, &pairs, &a, &d),
        Info::DomainMismatch,
    );
    check(
        ewise_union(
            &c,
            None,
            None,
            &plus,
            Padded::new(&a, &pair(1, 2)),
            Padded::new(&a, &alpha),
            &d,
        ),
        Info::DomainMismatch,
    );
    check(
        ewise_union(
            &c,
            None,
            None,
            &plus,
            Padded::new(&a, &alpha),
            Padded::new(&a, &pair(1, 2)),
            &d,
        ),
        Info::DomainMismatch,
    );
    // eWiseAdd copies single entries into the result: pair → fp64 is impossible.
    let scale = pair_scale();
    let ints = Matrix::new(&Type::INT32, 2, 3).unwrap();
    check(
        ewise_add(&c, None, None, &scale, &pairs, &ints, &d),
        Info::DomainMismatch,
    );
    ewise_mult(&c, None, Some(&plus), &scale, &pairs, &ints, &d).unwrap();
    check(
        ewise_mult(&pairs, None, None, &plus, &a, &a, &d),
        Info::DomainMismatch,
    );
    // A user-defined mask only by structure.
    check(
        ewise_add(&c, Some(&pairs), None, &plus, &a, &a, &d),
        Info::DomainMismatch,
    );
    let s = Descriptor {
        mask_structural: true,
        ..d
    };
    ewise_add(&c, Some(&pairs), None, &plus, &a, &a, &s).unwrap();
}

/// SuiteSparse refuses a positional operator wherever values are combined:
/// as an accumulator, a monoid's operator, build's `dup`, a reduction
/// operator (`GrB_DOMAIN_MISMATCH`); nothing changes.
#[test]
fn positional_operators_do_not_combine_values() {
    use graphblas::raw::algebra::Monoid;
    use graphblas::raw::ops::reduce::{reduce_to_scalar, reduce_to_vector, ReduceOp};
    let secondj = op(BinaryCode::SecondJ, TypeCode::Int64);
    let mut c0 = OMatrix::new(&Type::INT64, 2, 3);
    c0.set(1, 2, Value::new(5i64));
    let c = c0.matrix(Layout::ALL[0]);
    let a = c0.matrix(Layout::ALL[3]);
    let d = Descriptor::default();
    let check = |r: graphblas::Result<()>| {
        assert_eq!(r.unwrap_err().info, Info::DomainMismatch);
        assert_matches(&c, &c0, 0.0);
    };
    check(ewise_add(&c, None, Some(&secondj), &secondj, &a, &a, &d));
    let mint = op(BinaryCode::Min, TypeCode::Int64);
    check(ewise_mult(&c, None, Some(&secondj), &mint, &a, &a, &d));
    let err = Monoid::new(secondj.clone(), Value::new(0i64)).unwrap_err();
    assert_eq!(err.info, Info::DomainMismatch);
    let empty = Matrix::new(&Type::INT64, 2, 3).unwrap();
    let ones = graphblas::raw::storage::Array::from_vec(vec![1i64, 2]);
    let err = empty
        .build(&[0, 0], &[1, 1], ones, Some(&secondj))
        .unwrap_err();
    assert_eq!(err.info, Info::DomainMismatch);
    assert_eq!(empty.nvals().unwrap(), 0);
    let w0 = OMatrix::new(&Type::INT64, 2, 1);
    let w = w0.vector(Layout::ALL[1]);
    let err = reduce_to_vector(&w, None, None, &secondj, &a, &d).unwrap_err();
    assert_eq!(err.info, Info::DomainMismatch);
    assert_matches(w.as_matrix(), &w0, 0.0);
    let s = graphblas::raw::object::Scalar::new(&Type::INT64);
    let err = reduce_to_scalar(&s, None, ReduceOp::BinaryOp(&secondj), &a).unwrap_err();
    assert_eq!(err.info, Info::DomainMismatch);
    let plus = Monoid::builtin(BinaryCode::Plus, TypeCode::Int64).unwrap();
    let err = reduce_to_scalar(&s, Some(&secondj), ReduceOp::Monoid(&plus), &a).unwrap_err();
    assert_eq!(err.info, Info::DomainMismatch);
    assert_eq!(s.nvals(), 0);
}

#[test]
fn empty_and_zero_dimension_operands() {
    let plus = op(BinaryCode::Plus, TypeCode::Int32);
    for (r, k) in [(0, 0), (0, 5), (5, 0), (3, 3)] {
        for la in Layout::ALL {
            let a = OMatrix::new(&Type::INT32, r, k);
            let c = Matrix::new(&Type::INT32, r, k).unwrap();
            for kind in [
                OKind::Add,
                OKind::Mult,
                OKind::Union(Value::new(1i32), Value::new(2i32)),
            ] {
                run(
                    Operation {
                        kind: &kind,
                        op: &plus,
                    },
                    &c,
                    None,
                    None,
                    &a.matrix(la),
                    &a.matrix(la),
                    &Descriptor::default(),
                )
                .unwrap();
                assert_matches(&c, &a, 0.0);
            }
        }
    }
}

/// Masks with far fewer entries than the inputs (the engine then computes
/// `T` at the mask's positions only), structural or valued, complemented or
/// not, with and without replace and accumulator, into an empty and into a
/// full output (accumulated in place): every layout agrees with the model.
#[test]
fn small_masks_match_the_model() {
    let n = 20_000;
    let (plus, times) = (
        op(BinaryCode::Plus, TypeCode::Fp64),
        op(BinaryCode::Times, TypeCode::Fp64),
    );
    let a = big(n, 1000, 11, true);
    let b = big(n, 400, 12, true);
    let m = big(n, 8, 13, true);
    let full = big(n, 1000, 14, true);
    let empty = OMatrix::new(&Type::FP64, a.nrows, a.ncols);
    let layouts = [
        Layout::Sparse(Orientation::ByRow),
        Layout::Hyper(Orientation::ByCol),
        Layout::Dense(Orientation::ByRow),
    ];
    for (la, lm) in layouts.iter().zip(layouts.iter().rev()) {
        for kind in [OKind::Mult, OKind::Add] {
            for (replace, structural, complement) in [
                (true, true, false),
                (false, false, false),
                (true, false, true),
            ] {
                for (c0, accum) in [(&empty, None), (&full, Some(&plus)), (&full, None)] {
                    let desc = Descriptor {
                        replace,
                        mask_structural: structural,
                        mask_complement: complement,
                        ..Descriptor::default()
                    };
                    let e = Operation {
                        kind: &kind,
                        op: &times,
                    };
                    let c = c0.matrix(Layout::Dense(Orientation::ByRow));
                    let (am, bm) = (a.matrix(*la), b.matrix(Layout::Sparse(Orientation::ByRow)));
                    run(e, &c, Some(&m.matrix(*lm)), accum, &am, &bm, &desc).unwrap();
                    let exp = expected(e, c0, Some(&m), accum, &a, &b, &desc);
                    assert_matches(&c, &exp, 0.0);
                }
            }
        }
    }
}
