//! `GrB_mxm`, `GrB_mxv` and `GrB_vxm` against the model: every mask kind,
//! accumulator, replace, transpose, input layout and type mix; aliasing;
//! every kernel plan; each monomorphic kernel; user-defined types; huge
//! hypersparse dimensions; and results independent of the thread count.

use crate::oracle;

use graphblas::raw::algebra::{
    BinaryCode as Op, BinaryOp, Monoid, Semiring, Type, TypeCode, Value,
};
use graphblas::raw::kernels::mxm::dispatch::{execute, Method, Plan, Problem};
use graphblas::raw::kernels::mxm::operand::{MaskOperand, Operand};
use graphblas::raw::kernels::mxm::tiers::{tier, Tier, MONOMORPHIC};
use graphblas::raw::kernels::Mask;
use graphblas::raw::object::{Descriptor, Matrix, Vector, INDEX_MAX};
use graphblas::raw::ops::mxm::{mxm, mxv, vxm};
use graphblas::raw::storage::{MatrixStore, Orientation};
use graphblas::Info;
use oracle::mxm as model;
use oracle::*;
use proptest::prelude::*;
use std::sync::Arc;

mod kernels;

fn builtin(add: Op, mul: Op, t: TypeCode) -> Semiring {
    Semiring::builtin(add, mul, t).unwrap_or_else(|| panic!("{add:?} {mul:?} {t:?}"))
}

/// A user-defined, non-commutative multiply on INT32: `x - 2y` (byte tier).
fn user_multiply_semiring() -> Semiring {
    let f = Arc::new(|z: &mut [u8], x: &[u8], y: &[u8]| {
        let x = i32::from_ne_bytes(x.try_into().unwrap());
        let y = i32::from_ne_bytes(y.try_into().unwrap());
        z.copy_from_slice(&x.wrapping_sub(y.wrapping_mul(2)).to_ne_bytes());
    });
    let mul = BinaryOp::user("x_minus_2y", f, Type::INT32, Type::INT32, Type::INT32);
    let add = Monoid::builtin(Op::Plus, TypeCode::Int32).unwrap();
    Semiring::new(add, mul).unwrap()
}

/// A positional multiply (`GxB_FIRSTJ_INT64`) under a user-defined MIN
/// monoid: the generic tier.
fn user_monoid_positional_semiring() -> Semiring {
    let f = Arc::new(|z: &mut [u8], x: &[u8], y: &[u8]| {
        let x = i64::from_ne_bytes(x.try_into().unwrap());
        let y = i64::from_ne_bytes(y.try_into().unwrap());
        z.copy_from_slice(&x.min(y).to_ne_bytes());
    });
    let min = BinaryOp::user("min_i64", f, Type::INT64, Type::INT64, Type::INT64);
    let add = Monoid::new(min, Value::new(i64::MAX)).unwrap();
    Semiring::new(add, BinaryOp::builtin(Op::FirstJ, TypeCode::Int64).unwrap()).unwrap()
}

/// Positional semirings: every multiply, each monoid, both output types.
fn positional_semirings() -> Vec<Semiring> {
    use TypeCode::*;
    vec![
        builtin(Op::Min, Op::FirstI, Int64),
        builtin(Op::Max, Op::FirstI1, Int32),
        builtin(Op::Plus, Op::FirstJ, Int32),
        builtin(Op::Times, Op::FirstJ1, Int64),
        builtin(Op::Any, Op::SecondI, Int64),
        builtin(Op::Min, Op::SecondI1, Int32),
        builtin(Op::Max, Op::SecondJ, Int64),
        builtin(Op::Plus, Op::SecondJ1, Int64),
        builtin(Op::Any, Op::FirstI, Int32),
        builtin(Op::Min, Op::SecondI, Int64),
        user_monoid_positional_semiring(),
    ]
}

/// Positional semirings whose multiply gives `k` and whose monoid keeps an extreme.
fn extreme_k_semirings() -> Vec<Semiring> {
    use TypeCode::*;
    vec![
        builtin(Op::Min, Op::SecondI, Int64),
        builtin(Op::Min, Op::SecondI1, Int32),
        builtin(Op::Max, Op::FirstJ, Int64),
        builtin(Op::Max, Op::SecondI1, Int64),
        builtin(Op::Min, Op::FirstJ1, Int32),
        builtin(Op::Any, Op::SecondI, Int32),
    ]
}

/// Semirings of every tier, with non-commutative and comparison multiplies.
fn semirings() -> Vec<Semiring> {
    use TypeCode::*;
    vec![
        builtin(Op::Plus, Op::Times, Fp64),
        builtin(Op::Plus, Op::Times, Int32),
        builtin(Op::Plus, Op::Oneb, Int64),
        builtin(Op::Min, Op::Plus, Int32),
        builtin(Op::Max, Op::Second, Int64),
        builtin(Op::Min, Op::First, Int64),
        builtin(Op::Plus, Op::First, Fp32),
        builtin(Op::Any, Op::Second, Int64),
        builtin(Op::Any, Op::Oneb, Bool),
        builtin(Op::Lor, Op::Land, Bool),
        builtin(Op::Plus, Op::Minus, Int16),
        builtin(Op::Times, Op::Div, Fp64),
        builtin(Op::Plus, Op::Div, Int8),
        builtin(Op::Max, Op::First, Uint8),
        builtin(Op::Min, Op::Second, Fp32),
        builtin(Op::Plus, Op::Oneb, Int16),
        builtin(Op::Bxor, Op::Band, Uint16),
        builtin(Op::Lor, Op::Lt, Int32),
        builtin(Op::Plus, Op::Rminus, Fp64),
        builtin(Op::Max, Op::Isgt, Fp32),
        builtin(Op::Plus, Op::Iseq, Uint8),
        builtin(Op::Any, Op::Eq, Int16),
        builtin(Op::Eq, Op::Lt, Int32),
        builtin(Op::Times, Op::Lxor, Int64),
        builtin(Op::Plus, Op::Times, Fc64),
        builtin(Op::Plus, Op::Times, Fc32),
        builtin(Op::Times, Op::Minus, Fc64),
        builtin(Op::Any, Op::Div, Fc64),
        builtin(Op::Plus, Op::Oneb, Fc32),
        builtin(Op::Lor, Op::Eq, Fc64),
        user_multiply_semiring(),
    ]
    .into_iter()
    .chain(positional_semirings())
    .collect()
}

fn arb_semiring() -> BoxedStrategy<Semiring> {
    proptest::sample::select(semirings()).boxed()
}

fn arb_accum() -> BoxedStrategy<Option<BinaryOp>> {
    prop_oneof![
        Just(None),
        Just(BinaryOp::builtin(Op::Plus, TypeCode::Int32)),
        Just(BinaryOp::builtin(Op::Minus, TypeCode::Fp64)),
        Just(BinaryOp::builtin(Op::Second, TypeCode::Int8)),
    ]
    .boxed()
}

fn arb_input_type() -> BoxedStrategy<TypeCode> {
    use TypeCode::*;
    proptest::sample::select(vec![Int32, Fp64, Uint8, Bool, Int64, Fc64, Fc32]).boxed()
}

fn arb_output_type() -> BoxedStrategy<TypeCode> {
    use TypeCode::*;
    proptest::sample::select(vec![Fp64, Int32, Int64, Bool, Uint16, Fc64]).boxed()
}

fn arb_mask_type() -> BoxedStrategy<TypeCode> {
    use TypeCode::*;
    proptest::sample::select(vec![Bool, Uint8, Fp32, Fc32]).boxed()
}

/// Random operands for `C<M> = op(A) * op(B)`: `(A, B, C, M)` stored with the
/// dimensions the descriptor's transposes need.
fn arb_operands(
    desc: Descriptor,
    max_dim: u64,
    max_nnz: usize,
) -> BoxedStrategy<(OMatrix, OMatrix, OMatrix, OMatrix)> {
    (
        0..=max_dim,
        0..=max_dim,
        0..=max_dim,
        arb_input_type(),
        arb_input_type(),
        arb_output_type(),
        arb_mask_type(),
    )
        .prop_flat_map(move |(m, k, n, ta, tb, tc, tm)| {
            let (ar, ac) = if desc.transpose_first { (k, m) } else { (m, k) };
            let (br, bc) = if desc.transpose_second {
                (n, k)
            } else {
                (k, n)
            };
            (
                arb_matrix_dims(ta, ar, ac, max_nnz),
                arb_matrix_dims(tb, br, bc, max_nnz),
                arb_matrix_dims(tc, m, n, max_nnz),
                arb_matrix_dims(tm, m, n, max_nnz),
            )
        })
        .boxed()
}

fn transposed_if(m: &OMatrix, t: bool) -> OMatrix {
    if t {
        m.transpose()
    } else {
        m.clone()
    }
}

fn omask<'a>(m: &'a OMatrix, desc: &Descriptor) -> OMask<'a> {
    OMask {
        m,
        structural: desc.mask_structural,
        complement: desc.mask_complement,
    }
}

/// The model of `mxm` for a case.
fn expected_mxm(
    a: &OMatrix,
    b: &OMatrix,
    c: &OMatrix,
    mask: Option<&OMatrix>,
    accum: Option<&BinaryOp>,
    s: &Semiring,
    desc: &Descriptor,
) -> OMatrix {
    let t = model::mxm(
        &transposed_if(a, desc.transpose_first),
        &transposed_if(b, desc.transpose_second),
        s,
    );
    write_desc(c, mask, accum, desc, &t)
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn mxm_matches_the_model(
        (desc, (a, b, c, m)) in arb_descriptor().prop_flat_map(|d| (Just(d), arb_operands(d, 5, 14))),
        s in arb_semiring(),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        let (am, bm, cm, mm) = (a.matrix(la), b.matrix(lb), c.matrix(lc), m.matrix(lm));
        let mask = use_mask.then_some(&mm);
        mxm(&cm, mask, accum.as_ref(), &s, &am, &bm, &desc).unwrap();
        let expected = expected_mxm(&a, &b, &c, use_mask.then_some(&m), accum.as_ref(), &s, &desc);
        assert_matches(&cm, &expected, 0.0);
    }

    /// A multiply giving `k` under `MIN`/`MAX`/`ANY` with a full `op(B)` reads
    /// one entry of each row of `op(A)`, and with a full `op(A)` one entry of
    /// each column of `op(B)` (`kernels::mxm::positional`).
    #[test]
    fn extreme_k_products_over_a_full_operand_match_the_model(
        (desc, (a, b, c, m)) in arb_descriptor().prop_flat_map(|d| (Just(d), arb_operands(d, 6, 20))),
        s in proptest::sample::select(extreme_k_semirings()),
        seed in any::<u64>(),
        full_b in any::<bool>(),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        // One side replaced by a full matrix of its dimensions and type.
        let full = |x: &OMatrix, salt: u64| sample(x.ty.code(), x.nrows, x.ncols, 1.0, seed ^ salt);
        let (a, b) = if full_b { (a, full(&b, 1)) } else { (full(&a, 2), b) };
        let (am, bm, cm, mm) = (a.matrix(la), b.matrix(lb), c.matrix(lc), m.matrix(lm));
        let mask = use_mask.then_some(&mm);
        mxm(&cm, mask, accum.as_ref(), &s, &am, &bm, &desc).unwrap();
        let expected = expected_mxm(&a, &b, &c, use_mask.then_some(&m), accum.as_ref(), &s, &desc);
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn mxm_output_may_alias_an_input_or_the_mask(
        (n, ta, tb) in (0u64..5, arb_input_type(), arb_input_type()),
        seed in any::<u64>(),
        which in 0usize..3,
        s in arb_semiring(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        la in arb_layout(), lb in arb_layout(),
    ) {
        let a = sample(ta, n, n, 0.4, seed);
        let b = sample(tb, n, n, 0.4, seed ^ 0x55);
        let (am, bm) = (a.matrix(la), b.matrix(lb));
        let expected = match which {
            0 => {
                mxm(&am, Some(&bm), accum.as_ref(), &s, &am, &bm, &desc).unwrap();
                expected_mxm(&a, &b, &a, Some(&b), accum.as_ref(), &s, &desc)
            }
            1 => {
                mxm(&bm, Some(&am), accum.as_ref(), &s, &am, &bm, &desc).unwrap();
                expected_mxm(&a, &b, &b, Some(&a), accum.as_ref(), &s, &desc)
            }
            _ => {
                mxm(&am, Some(&am), accum.as_ref(), &s, &bm, &bm, &desc).unwrap();
                expected_mxm(&b, &b, &a, Some(&a), accum.as_ref(), &s, &desc)
            }
        };
        let out = if which == 1 { &bm } else { &am };
        assert_matches(out, &expected, 0.0);
    }

    #[test]
    fn mxv_matches_the_model(
        (desc, (a, u, w, m)) in arb_descriptor().prop_flat_map(|d| (Just(d), arb_vector_operands(d.transpose_first, 6, 14))),
        s in arb_semiring(),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        la in arb_layout(), lu in arb_layout(), lw in arb_layout(), lm in arb_layout(),
    ) {
        let (am, uv, wv, mv) = (a.matrix(la), u.vector(lu), w.vector(lw), m.vector(lm));
        mxv(&wv, use_mask.then_some(&mv), accum.as_ref(), &s, &am, &uv, &desc).unwrap();
        let t = model::mxv(&transposed_if(&a, desc.transpose_first), &u, &s);
        let expected = write_desc(&w, use_mask.then_some(&m), accum.as_ref(), &desc, &t);
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }

    #[test]
    fn vxm_matches_the_model(
        (desc, (a, u, w, m)) in arb_descriptor().prop_flat_map(|d| (Just(d), arb_vector_operands(!d.transpose_second, 6, 14))),
        s in arb_semiring(),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        la in arb_layout(), lu in arb_layout(), lw in arb_layout(), lm in arb_layout(),
    ) {
        let (am, uv, wv, mv) = (a.matrix(la), u.vector(lu), w.vector(lw), m.vector(lm));
        vxm(&wv, use_mask.then_some(&mv), accum.as_ref(), &s, &uv, &am, &desc).unwrap();
        let t = model::vxm(&u, &transposed_if(&a, desc.transpose_second), &s);
        let expected = write_desc(&w, use_mask.then_some(&m), accum.as_ref(), &desc, &t);
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }

    #[test]
    fn every_plan_matches_the_model(
        (desc, (a, b, _c, m)) in arb_descriptor().prop_flat_map(|d| (Just(d), arb_operands(d, 6, 20))),
        s in arb_semiring(),
        use_mask in any::<bool>(),
        la in arb_layout(), lb in arb_layout(), lm in arb_layout(),
    ) {
        let at = transposed_if(&a, desc.transpose_first);
        let bt = transposed_if(&b, desc.transpose_second);
        let mut t = model::mxm(&at, &bt, &s);
        if use_mask {
            let om = omask(&m, &desc);
            t.entries.retain(|&(i, j), _| om.allows(i, j));
        }
        let mask = use_mask.then(|| Mask {
            store: Arc::new(m.store(lm)),
            structural: desc.mask_structural,
            complement: desc.mask_complement,
        });
        let operands = (
            Operand::new(Arc::new(a.store(la)), desc.transpose_first),
            Operand::new(Arc::new(b.store(lb)), desc.transpose_second),
        );
        let problem = Problem::new(operands, mask.as_ref(), &s, Orientation::ByRow);
        for plan in all_plans() {
            if plan.method == Method::Dot3 && (!use_mask || desc.mask_complement) {
                continue;
            }
            let got = execute(&problem, plan).unwrap();
            got.check().unwrap();
            let got = OMatrix::of(&Matrix::from_store(got));
            // The write-back takes a product as lying within its mask.
            prop_assert_eq!(&got, &t, "plan {:?}", plan);
        }
        // With an epilogue run on each task's output: the same as running it after.
        let mut t_even = t.clone();
        t_even.entries.retain(|&(i, j), _| (i + j) % 2 == 0);
        let problem = Problem { epilogue: Some(&even_positions), ..problem };
        for plan in all_plans() {
            if plan.method == Method::Dot3 && (!use_mask || desc.mask_complement) {
                continue;
            }
            let got = execute(&problem, plan).unwrap();
            got.check().unwrap();
            let mut got = OMatrix::of(&Matrix::from_store(got));
            if use_mask {
                let om = omask(&m, &desc);
                got.entries.retain(|&(i, j), _| om.allows(i, j));
            }
            prop_assert_eq!(&got, &t_even, "plan {:?} with an epilogue", plan);
        }
    }
}

/// Semirings whose multiply is the identity on one (TIMES, LAND), with
/// idempotent and other monoids: the ones a pattern of ones simplifies.
fn times_semirings() -> Vec<Semiring> {
    use TypeCode::*;
    vec![
        builtin(Op::Plus, Op::Times, Fp64),
        builtin(Op::Plus, Op::Times, Int64),
        builtin(Op::Plus, Op::Times, Int32),
        builtin(Op::Lor, Op::Land, Bool),
        builtin(Op::Min, Op::Times, Int64),
        builtin(Op::Max, Op::Times, Fp32),
        builtin(Op::Times, Op::Times, Fp64),
        builtin(Op::Land, Op::Land, Bool),
    ]
}

/// `m` with every value one (cast to its type).
fn ones_like(m: &OMatrix) -> OMatrix {
    let mut out = m.clone();
    for v in out.entries.values_mut() {
        *v = Value::new(1u8).cast(&m.ty).unwrap();
    }
    out
}

proptest! {
    #![proptest_config(config(300))]

    /// Operands whose values are all one let the multiply skip reading them
    /// (`kernels::mxm::simplify`); the results must not change.
    #[test]
    fn products_of_patterns_of_ones_match_the_model(
        (desc, (a, b, c, m)) in arb_descriptor().prop_flat_map(|d| (Just(d), arb_operands(d, 6, 20))),
        s in proptest::sample::select(times_semirings()),
        ones in 1usize..4,
        use_mask in any::<bool>(),
        accum in arb_accum(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        let a = if ones & 1 != 0 { ones_like(&a) } else { a };
        let b = if ones & 2 != 0 { ones_like(&b) } else { b };
        let (am, bm, cm, mm) = (a.matrix(la), b.matrix(lb), c.matrix(lc), m.matrix(lm));
        let mask = use_mask.then_some(&mm);
        mxm(&cm, mask, accum.as_ref(), &s, &am, &bm, &desc).unwrap();
        let expected = expected_mxm(&a, &b, &c, use_mask.then_some(&m), accum.as_ref(), &s, &desc);
        assert_matches(&cm, &expected, 0.0);
    }
}

/// An epilogue for the tests: keeps the entries at an even `row + column`.
fn even_positions(part: MatrixStore) -> graphblas::Result<MatrixStore> {
    let layout = Layout::Hyper(part.orient());
    let mut m = OMatrix::of(&Matrix::from_store(part));
    m.entries.retain(|&(i, j), _| (i + j) % 2 == 0);
    Ok(m.store(layout))
}

/// Random operands for a matrix-vector product: `(A, u, w, m)` with `A` of
/// `len(w) × len(u)` (stored transposed when `transposed`).
fn arb_vector_operands(
    transposed: bool,
    max_dim: u64,
    max_nnz: usize,
) -> BoxedStrategy<(OMatrix, OMatrix, OMatrix, OMatrix)> {
    (
        0..=max_dim,
        0..=max_dim,
        arb_input_type(),
        arb_input_type(),
        arb_output_type(),
        arb_mask_type(),
    )
        .prop_flat_map(move |(m, n, ta, tu, tw, tm)| {
            let (ar, ac) = if transposed { (n, m) } else { (m, n) };
            (
                arb_matrix_dims(ta, ar, ac, max_nnz),
                arb_matrix_dims(tu, n, 1, max_nnz),
                arb_matrix_dims(tw, m, 1, max_nnz),
                arb_matrix_dims(tm, m, 1, max_nnz),
            )
        })
        .boxed()
}

fn all_plans() -> Vec<Plan> {
    let mut plans = Vec::new();
    for method in [Method::Saxpy, Method::Dot2, Method::Dot3] {
        for by_cols in [false, true] {
            for dense_r in [false, true] {
                plans.push(Plan {
                    method,
                    by_cols,
                    dense_r,
                });
            }
        }
    }
    plans
}

/// A deterministic pseudo-random number generator for the larger tests.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random `nrows × ncols` matrix with about `density` of its positions set,
/// with small integer values (exact in every type).
fn sample(ty: TypeCode, nrows: u64, ncols: u64, density: f64, seed: u64) -> OMatrix {
    let mut rng = Rng(seed | 1);
    let mut m = OMatrix::new(&Type::builtin(ty), nrows, ncols);
    for i in 0..nrows {
        for j in 0..ncols {
            if (rng.below(1000) as f64) < density * 1000.0 {
                let v = rng.below(7) as i32 - 3;
                m.set(i, j, Value::new(v));
            }
        }
    }
    m
}

/// A random sparse matrix with `per_row` entries per row and fractional values.
fn sparse_fp64(nrows: u64, ncols: u64, per_row: u64, seed: u64) -> OMatrix {
    let mut rng = Rng(seed | 1);
    let mut m = OMatrix::new(&Type::FP64, nrows, ncols);
    for i in 0..nrows {
        for _ in 0..per_row {
            let j = rng.below(ncols);
            m.set(i, j, Value::new(rng.below(1000) as f64 / 7.0 - 50.0));
        }
    }
    m
}

/// A user-defined type: a pair of `i32`, with a non-commutative multiply
/// `(x0 * y0 - x1, x1 + y1)` and a componentwise-sum monoid.
fn pair_semiring(pair: &Type) -> Semiring {
    fn read(b: &[u8]) -> (i32, i32) {
        (
            i32::from_ne_bytes(b[..4].try_into().unwrap()),
            i32::from_ne_bytes(b[4..].try_into().unwrap()),
        )
    }
    fn put(z: &mut [u8], (a, b): (i32, i32)) {
        z[..4].copy_from_slice(&a.to_ne_bytes());
        z[4..].copy_from_slice(&b.to_ne_bytes());
    }
    let mul = BinaryOp::user(
        "pair_mul",
        Arc::new(|z: &mut [u8], x: &[u8], y: &[u8]| {
            let (x, y) = (read(x), read(y));
            put(
                z,
                (
                    x.0.wrapping_mul(y.0).wrapping_sub(x.1),
                    x.1.wrapping_add(y.1),
                ),
            );
        }),
        pair.clone(),
        pair.clone(),
        pair.clone(),
    );
    let add = BinaryOp::user(
        "pair_add",
        Arc::new(|z: &mut [u8], x: &[u8], y: &[u8]| {
            let (x, y) = (read(x), read(y));
            put(z, (x.0.wrapping_add(y.0), x.1.wrapping_add(y.1)));
        }),
        pair.clone(),
        pair.clone(),
        pair.clone(),
    );
    let monoid = Monoid::new(add, Value::from_bytes(pair, &[0; 8])).unwrap();
    Semiring::new(monoid, mul).unwrap()
}

fn pair_matrix(pair: &Type, nrows: u64, ncols: u64, seed: u64) -> OMatrix {
    let mut rng = Rng(seed | 1);
    let mut m = OMatrix::new(pair, nrows, ncols);
    for i in 0..nrows {
        for j in 0..ncols {
            if rng.below(3) == 0 {
                let mut v = [0u8; 8];
                v[..4].copy_from_slice(&(rng.below(9) as i32 - 4).to_ne_bytes());
                v[4..].copy_from_slice(&(rng.below(9) as i32 - 4).to_ne_bytes());
                m.entries.insert((i, j), Value::from_bytes(pair, &v));
            }
        }
    }
    m
}

#[test]
fn user_defined_type_semiring() {
    let pair = Type::user("pair", 8);
    let s = pair_semiring(&pair);
    for (case, desc) in ["", "T0", "T1", "T0T1", "S", "RSC", "SCT1"]
        .iter()
        .enumerate()
    {
        let desc = Descriptor::predefined(desc).unwrap_or_default();
        let seed = case as u64 * 31 + 5;
        let a = pair_matrix(&pair, 5, 5, seed);
        let b = pair_matrix(&pair, 5, 5, seed + 1);
        let c = pair_matrix(&pair, 5, 5, seed + 2);
        let m = pair_matrix(&pair, 5, 5, seed + 3);
        for (k, &layout) in Layout::ALL.iter().enumerate() {
            let cm = c.matrix(layout);
            let mm = m.matrix(Layout::ALL[(k + 1) % 8]);
            let mask = desc.mask_structural.then_some(&mm);
            let (am, bm) = (a.matrix(Layout::ALL[(k + 2) % 8]), b.matrix(layout));
            mxm(&cm, mask, None, &s, &am, &bm, &desc).unwrap();
            let expected = expected_mxm(
                &a,
                &b,
                &c,
                desc.mask_structural.then_some(&m),
                None,
                &s,
                &desc,
            );
            assert_matches(&cm, &expected, 0.0);

            let u = pair_matrix(&pair, 5, 1, seed + 4);
            let w = pair_matrix(&pair, 5, 1, seed + 5);
            let wv = w.vector(layout);
            vxm(&wv, None, None, &s, &u.vector(layout), &am, &desc).unwrap();
            let t = model::vxm(&u, &transposed_if(&a, desc.transpose_second), &s);
            let w = write_desc(&w, None, None, &desc, &t);
            assert_matches(wv.as_matrix(), &w, 0.0);
            mxv(&wv, None, None, &s, &am, &u.vector(layout), &desc).unwrap();
            let t = model::mxv(&transposed_if(&a, desc.transpose_first), &u, &s);
            assert_matches(wv.as_matrix(), &write_desc(&w, None, None, &desc, &t), 0.0);
        }
    }
}

/// Positional multiplies read no values: user-typed operands, into an
/// integer output, in every layout and with transposes.
#[test]
fn positional_semirings_take_operands_of_any_type() {
    let pair = Type::user("pair", 8);
    let semirings = [
        builtin(Op::Min, Op::SecondI, TypeCode::Int64),
        builtin(Op::Any, Op::FirstI1, TypeCode::Int32),
        builtin(Op::Plus, Op::SecondJ, TypeCode::Int64),
    ];
    for (case, desc) in ["", "T0", "T1", "T0T1"].iter().enumerate() {
        let desc = Descriptor::predefined(desc).unwrap_or_default();
        let seed = case as u64 * 17 + 3;
        let a = pair_matrix(&pair, 5, 5, seed);
        let b = pair_matrix(&pair, 5, 5, seed + 1);
        let c = sample(TypeCode::Int16, 5, 5, 0.3, seed + 2);
        for s in &semirings {
            for (k, &layout) in Layout::ALL.iter().enumerate() {
                let cm = c.matrix(layout);
                let (am, bm) = (a.matrix(Layout::ALL[(k + 3) % 8]), b.matrix(layout));
                mxm(&cm, None, None, s, &am, &bm, &desc).unwrap();
                let expected = expected_mxm(&a, &b, &c, None, None, s, &desc);
                assert_matches(&cm, &expected, 0.0);
            }
        }
    }
}

#[test]
fn errors_leave_the_output_unchanged() {
    let s = builtin(Op::Plus, Op::Times, TypeCode::Fp64);
    let a = sample(TypeCode::Int32, 3, 4, 0.5, 1);
    let c = sample(TypeCode::Fp64, 3, 3, 0.5, 2);
    let (am, cm) = (a.matrix(Layout::ALL[0]), c.matrix(Layout::ALL[1]));
    let d = Descriptor::default();
    let err = mxm(&cm, None, None, &s, &am, &am, &d).unwrap_err();
    assert_eq!(err.info, Info::DimensionMismatch);
    let t1 = Descriptor::predefined("T1").unwrap();
    let err = mxm(
        &cm,
        None,
        None,
        &s,
        &am,
        &am,
        &Descriptor::predefined("T0").unwrap(),
    )
    .unwrap_err();
    assert_eq!(err.info, Info::DimensionMismatch, "A'A is 4x4, C is 3x3");
    mxm(&cm, None, None, &s, &am, &am, &t1).unwrap();
    let c = OMatrix::of(&cm);

    let pair = Type::user("pair", 8);
    let p = pair_matrix(&pair, 4, 3, 9).matrix(Layout::ALL[0]);
    let err = mxm(&cm, None, None, &s, &am, &p, &d).unwrap_err();
    assert_eq!(err.info, Info::DomainMismatch);
    let umask = pair_matrix(&pair, 3, 3, 3).matrix(Layout::ALL[0]);
    let err = mxm(&cm, Some(&umask), None, &s, &am, &am, &t1).unwrap_err();
    assert_eq!(
        err.info,
        Info::DomainMismatch,
        "user-typed mask used by value"
    );
    let ps = pair_semiring(&pair);
    let err = mxm(&cm, None, None, &ps, &p, &p, &t1).unwrap_err();
    assert_eq!(
        err.info,
        Info::DomainMismatch,
        "user-typed result into FP64"
    );
    let firsti = BinaryOp::builtin(Op::FirstI, TypeCode::Int64).unwrap();
    let err = mxm(&cm, None, Some(&firsti), &s, &am, &am, &t1).unwrap_err();
    assert_eq!(err.info, Info::DomainMismatch, "a positional accumulator");
    let bad_accum = BinaryOp::builtin(Op::Plus, TypeCode::Int32).unwrap();
    let pc = pair_matrix(&pair, 4, 4, 1).matrix(Layout::ALL[0]);
    let err = mxm(&pc, None, Some(&bad_accum), &ps, &p, &p, &t1).unwrap_err();
    assert_eq!(
        err.info,
        Info::DomainMismatch,
        "built-in accumulator on a user type"
    );
    assert_matches(&cm, &c, 0.0);

    let u = sample(TypeCode::Fp64, 3, 1, 0.5, 4).vector(Layout::ALL[0]);
    let w = sample(TypeCode::Fp64, 3, 1, 0.5, 5);
    let wv = w.vector(Layout::ALL[0]);
    let err = mxv(&wv, None, None, &s, &am, &u, &d).unwrap_err();
    assert_eq!(err.info, Info::DimensionMismatch);
    let err = vxm(&wv, None, None, &s, &u, &am, &t1).unwrap_err();
    assert_eq!(err.info, Info::DimensionMismatch);
    let short = Vector::new(&Type::BOOL, 2).unwrap();
    let w4 = Vector::new(&Type::FP64, 4).unwrap();
    let err = vxm(&w4, Some(&short), None, &s, &u, &am, &d).unwrap_err();
    assert_eq!(err.info, Info::DimensionMismatch, "mask of the wrong size");
    vxm(&w4, None, None, &s, &u, &am, &d).unwrap();
    assert_matches(wv.as_matrix(), &w, 0.0);
}

#[test]
fn huge_hypersparse_dimensions() {
    let big = INDEX_MAX + 1;
    let last = INDEX_MAX;
    let entries = |pairs: &[(u64, u64, i32)]| {
        let mut m = OMatrix::new(&Type::INT64, big, big);
        for &(i, j, v) in pairs {
            m.set(i, j, Value::new(v));
        }
        m
    };
    let a = entries(&[
        (0, 5, 2),
        (last, 3, -1),
        (7, last, 4),
        (last, last, 3),
        (5, 5, 1),
    ]);
    let b = entries(&[
        (5, 0, 3),
        (3, last, 2),
        (last, 7, -2),
        (last, last, 1),
        (5, 9, 6),
    ]);
    let m = entries(&[
        (0, 0, 1),
        (last, last, 1),
        (7, 7, 0),
        (last, 9, 1),
        (5, 9, 1),
    ]);
    let c = entries(&[(1, 1, 10), (last, last, 20)]);
    let semirings = [
        builtin(Op::Plus, Op::Times, TypeCode::Int64),
        builtin(Op::Min, Op::Second, TypeCode::Int64),
        builtin(Op::Plus, Op::Minus, TypeCode::Int64),
        user_multiply_semiring(),
    ];
    let accum = BinaryOp::builtin(Op::Plus, TypeCode::Int64);
    for (k, name) in Descriptor::PREDEFINED.iter().chain([&""]).enumerate() {
        let desc = Descriptor::predefined(name).unwrap_or_default();
        let s = &semirings[k % semirings.len()];
        let layout = Layout::ALL[k % 8];
        let cm = c.matrix(layout);
        let mm = m.matrix(Layout::ALL[(k + 1) % 8]);
        let acc = (k % 3 == 0).then_some(accum.as_ref().unwrap());
        let (am, bm) = (a.matrix(layout), b.matrix(Layout::ALL[(k + 2) % 8]));
        mxm(&cm, Some(&mm), acc, s, &am, &bm, &desc).unwrap();
        let expected = expected_mxm(&a, &b, &c, Some(&m), acc, s, &desc);
        assert_matches(&cm, &expected, 0.0);

        let u = entries(&[(3, 0, 2), (last, 0, 5), (5, 0, -1)]);
        let w = entries(&[(0, 0, 1)]);
        let (u, w, mv) = (
            OMatrix { ncols: 1, ..u },
            OMatrix { ncols: 1, ..w },
            OMatrix {
                ncols: 1,
                entries: [((7, 0), Value::new(1i64)), ((last, 0), Value::new(1i64))].into(),
                ..m.clone()
            },
        );
        let wv = w.vector(layout);
        let maskv = mv.vector(layout);
        vxm(&wv, Some(&maskv), None, s, &u.vector(layout), &am, &desc).unwrap();
        let t = model::vxm(&u, &transposed_if(&a, desc.transpose_second), s);
        let expected = write(&w, Some(&omask(&mv, &desc)), None, desc.replace, &t);
        assert_matches(wv.as_matrix(), &expected, 0.0);
        let wv = w.vector(layout);
        mxv(&wv, Some(&maskv), None, s, &am, &u.vector(layout), &desc).unwrap();
        let t = model::mxv(&transposed_if(&a, desc.transpose_first), &u, s);
        let expected = write(&w, Some(&omask(&mv, &desc)), None, desc.replace, &t);
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }
}

/// Runs `f` on a pool of `threads` threads.
fn with_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let s = builtin(Op::Plus, Op::Times, TypeCode::Fp64);
    let a = sparse_fp64(400, 300, 12, 1);
    let b = sparse_fp64(300, 500, 10, 2);
    let mask = sparse_fp64(400, 500, 40, 3);
    // A heavy row (pushed into dense workspaces): u' * A with 3000 * 60 products.
    let big = sparse_fp64(3000, 2500, 60, 4);
    let u = OMatrix {
        ncols: 1,
        ..sparse_fp64(3000, 1, 1, 5)
    };
    let u = {
        let mut u = u;
        for i in 0..3000 {
            u.set(i, 0, Value::new(1.0 + i as f64 / 3.0));
        }
        u
    };
    let run = |threads: usize| {
        with_threads(threads, || {
            let mut out = Vec::new();
            for desc in ["", "S", "SC", "T0T1"] {
                let desc = Descriptor::predefined(desc).unwrap_or_default();
                let (a, b) = if desc.transpose_first {
                    (a.transpose(), b.transpose())
                } else {
                    (a.clone(), b.clone())
                };
                let c = Matrix::new(&Type::FP64, 400, 500).unwrap();
                let m = mask.matrix(Layout::ALL[2]);
                let mask = (desc != Descriptor::default()).then_some(&m);
                mxm(
                    &c,
                    mask,
                    None,
                    &s,
                    &a.matrix(Layout::ALL[0]),
                    &b.matrix(Layout::ALL[1]),
                    &desc,
                )
                .unwrap();
                out.push(OMatrix::of(&c));
            }
            let w = Vector::new(&Type::FP64, 2500).unwrap();
            vxm(
                &w,
                None,
                None,
                &s,
                &u.vector(Layout::ALL[0]),
                &big.matrix(Layout::ALL[0]),
                &Descriptor::default(),
            )
            .unwrap();
            out.push(OMatrix::of_vector(&w));
            out
        })
    };
    let one = run(1);
    for threads in [2, 4] {
        let other = run(threads);
        for (x, y) in one.iter().zip(&other) {
            assert_eq!(
                x.entries.keys().collect::<Vec<_>>(),
                y.entries.keys().collect::<Vec<_>>()
            );
            for (k, v) in &x.entries {
                assert_eq!(
                    v.bytes(),
                    y.entries[k].bytes(),
                    "at {k:?} with {threads} threads"
                );
            }
        }
    }
    // The heavy row is pushed into two dense workspaces (by size, not by
    // thread count), merged in order: each piece folds in k order, so the
    // sums match the model's up to rounding.
    let (pushed, want) = (one.last().unwrap(), model::vxm(&u, &big, &s));
    assert_eq!(
        pushed.entries.keys().collect::<Vec<_>>(),
        want.entries.keys().collect::<Vec<_>>()
    );
    for (k, v) in &want.entries {
        let (x, y) = (pushed.entries[k].get::<f64>(), v.get::<f64>());
        let (x, y) = (x.unwrap(), y.unwrap());
        assert!(
            (x - y).abs() <= 1e-12 * x.abs().max(y.abs()),
            "at {k:?}: {x} {y}"
        );
    }
    // The other products fold each entry in k order, exactly as the model does.
    assert_eq!(one[0], model::mxm(&a, &b, &s));
}

#[test]
fn breadth_first_search_with_push_and_pull() {
    // Levels by BFS with vxm (push) and with mxv on the transpose (pull),
    // with the visited set as a complemented structural mask.
    let n = 2000u64;
    let mut rng = Rng(77);
    let mut g = OMatrix::new(&Type::BOOL, n, n);
    for i in 0..n {
        for _ in 0..8 {
            let j = rng.below(n);
            g.set(i, j, Value::new(true));
            g.set(j, i, Value::new(true));
        }
    }
    let reference = {
        let mut level = vec![u64::MAX; n as usize];
        level[0] = 0;
        let mut frontier = vec![0u64];
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for &i in &frontier {
                for (&(_, j), _) in g.entries.range((i, 0)..(i + 1, 0)) {
                    if level[j as usize] == u64::MAX {
                        level[j as usize] = depth;
                        next.push(j);
                    }
                }
            }
            frontier = next;
        }
        level
    };
    let s = builtin(Op::Any, Op::Oneb, TypeCode::Bool);
    let desc = Descriptor::predefined("RSC").unwrap();
    for pull in [false, true] {
        let a = g.matrix(Layout::ALL[0]);
        let q = Vector::new(&Type::BOOL, n).unwrap();
        q.set_element(0, &Value::new(true)).unwrap();
        let visited = Vector::new(&Type::BOOL, n).unwrap();
        visited.set_element(0, &Value::new(true)).unwrap();
        let mut level = vec![u64::MAX; n as usize];
        level[0] = 0;
        let mut depth = 0;
        while q.nvals().unwrap() > 0 {
            depth += 1;
            if pull {
                mxv(&q, Some(&visited), None, &s, &a, &q, &desc).unwrap();
            } else {
                vxm(&q, Some(&visited), None, &s, &q, &a, &desc).unwrap();
            }
            let (idx, _) = q.extract_tuples().unwrap();
            for i in idx {
                level[i as usize] = depth;
                visited.set_element(i, &Value::new(true)).unwrap();
            }
        }
        assert_eq!(level, reference, "pull {pull}");
    }
}

#[test]
fn a_complemented_full_structural_mask_allows_nothing() {
    // C<!M, struct> = A*B with M holding every position: no entry of the
    // product is written; only replace clears C.
    let s = builtin(Op::Plus, Op::Times, TypeCode::Fp64);
    let a = sample(TypeCode::Fp64, 30, 20, 0.3, 5);
    let b = sample(TypeCode::Fp64, 20, 25, 0.3, 6);
    let old = sample(TypeCode::Fp64, 30, 25, 0.2, 7);
    let mut full = OMatrix::new(&Type::BOOL, 30, 25);
    for i in 0..30 {
        for j in 0..25 {
            full.set(i, j, Value::new(i % 2 == 0));
        }
    }
    let plus = BinaryOp::builtin(Op::Plus, TypeCode::Fp64);
    for layout in Layout::ALL {
        for (replace, accum) in [(false, None), (false, plus.clone()), (true, None)] {
            let c = old.matrix(layout);
            let mut desc = Descriptor::predefined("SC").unwrap();
            desc.replace = replace;
            let m = full.matrix(layout);
            let (a, b) = (a.matrix(layout), b.matrix(layout));
            mxm(&c, Some(&m), accum.as_ref(), &s, &a, &b, &desc).unwrap();
            let expected = if replace {
                OMatrix::new(&Type::FP64, 30, 25)
            } else {
                old.clone()
            };
            assert_eq!(OMatrix::of(&c), expected, "{layout:?} replace {replace}");
        }
    }
}
