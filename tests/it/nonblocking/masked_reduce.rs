//! Reduce of a masked result: a reduction of all of a pending `C<M> = T`
//! into an output that held nothing folds the values of `T` the mask keeps
//! without forming `C`, with the same result, bit for bit, as reducing the
//! formed `C` (the same values in the same order).

use super::*;
use graphblas::raw::algebra::Type;

/// How the masked result's `T` is computed.
#[derive(Clone, Copy, Debug)]
enum Make {
    /// `C<M> = A` (`GrB_assign` of the whole object).
    Copy,
    /// `C<M> = -A`.
    Ainv,
    /// `C<M> = A + B`.
    Add,
    /// `C<M> = A * B` over `PLUS_TIMES`.
    Product,
}

/// One case: the operands, the mask, how it is read, and `C`'s type.
#[derive(Clone, Debug)]
struct Case {
    a: (OMatrix, Layout),
    b: (OMatrix, Layout),
    mask: (OMatrix, Layout),
    structural: bool,
    complement: bool,
    make: Make,
    ctype: TypeCode,
    /// `C` is cleared before the write (else new).
    cleared: bool,
}

/// FP64 values whose sums depend on the order they are added in.
fn scaled(v: i32, r: u64, c: u64) -> Value {
    let magnitude = 10f64.powi(((r * 3 + c) % 9) as i32 - 4);
    Value::new(f64::from(v) * 1.1 * magnitude)
}

/// A random `n × m` FP64 matrix; every position present when `fill`.
fn arb_operand(n: u64, m: u64) -> impl Strategy<Value = (OMatrix, Layout)> {
    let entries = proptest::collection::vec((0..n, 0..m, -9i32..10), 0..=((n * m) as usize));
    (entries, any::<bool>(), arb_layout()).prop_map(move |(entries, fill, layout)| {
        let mut a = OMatrix::new(&Type::FP64, n, m);
        if fill {
            for (r, c) in (0..n).flat_map(|r| (0..m).map(move |c| (r, c))) {
                a.set(r, c, scaled(((r + c) % 5) as i32 - 2, r, c));
            }
        }
        for (r, c, v) in entries {
            a.set(r, c, scaled(v, r, c));
        }
        (a, layout)
    })
}

fn arb_case() -> impl Strategy<Value = Case> {
    (1u64..9, 1u64..9).prop_flat_map(|(n, m)| {
        let make = prop_oneof![
            Just(Make::Copy),
            Just(Make::Ainv),
            Just(Make::Add),
            Just(Make::Product)
        ];
        let ctype = proptest::sample::select(vec![TypeCode::Fp64, TypeCode::Fp32, TypeCode::Int64]);
        let mask = (
            arb_matrix_dims(TypeCode::Int64, n, m, (n * m) as usize),
            arb_layout(),
        );
        (
            (arb_operand(n, m), arb_operand(m, m), mask),
            (any::<bool>(), any::<bool>(), make, ctype, any::<bool>()),
        )
            .prop_map(
                |((a, b, mask), (structural, complement, make, ctype, cleared))| Case {
                    a,
                    b,
                    mask,
                    structural,
                    complement,
                    make,
                    ctype,
                    cleared,
                },
            )
    })
}

/// Writes the case's `C<M> = T`, then reduces `C` with `PLUS_FP64`; the
/// sum, `C`'s content read afterwards, and the steps explain recorded.
fn run_case(case: &Case) -> (Option<Value>, OMatrix, Vec<String>) {
    let (a, b) = (case.a.0.matrix(case.a.1), case.b.0.matrix(case.b.1));
    let mask = case.mask.0.matrix(case.mask.1);
    let (n, m) = (a.nrows(), a.ncols());
    let c = Matrix::new(&Type::builtin(case.ctype), n, m).unwrap();
    if case.cleared {
        copy_whole(&c, None, &a);
        c.clear();
    }
    let d = Descriptor {
        mask_structural: case.structural,
        mask_complement: case.complement,
        ..Descriptor::default()
    };
    let written = match case.make {
        Make::Copy => assign::assign(&c, Some(&mask), None, &a, Indices::All, Indices::All, &d),
        Make::Ainv => {
            let ainv = UnaryOp::builtin(UnaryCode::Ainv, TypeCode::Fp64).unwrap();
            apply::apply_unary(&c, Some(&mask), None, &ainv, &a, &d)
        }
        Make::Add => {
            let b = b_as(&case.b.0, n, m).matrix(case.b.1);
            ewise::ewise_add(&c, Some(&mask), None, &fp64(BinaryCode::Plus), &a, &b, &d)
        }
        Make::Product => {
            let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
            mxm::mxm(&c, Some(&mask), None, &s, &a, &b, &d)
        }
    };
    written.unwrap();
    let plus = Monoid::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
    let (sum, steps) = explain::capture(|| reduce::reduce_to_value(&plus, &c).unwrap());
    (sum, OMatrix::of(&c), steps)
}

/// `C<M> = A`, the whole object.
fn copy_whole(c: &Matrix, mask: Option<&Matrix>, a: &Matrix) {
    let d = Descriptor::default();
    assign::assign(c, mask, None, a, Indices::All, Indices::All, &d).unwrap();
}

fn fp64(code: BinaryCode) -> BinaryOp {
    BinaryOp::builtin(code, TypeCode::Fp64).unwrap()
}

/// `b`'s entries within `n × m` (the second operand of `Add`).
fn b_as(b: &OMatrix, n: u64, m: u64) -> OMatrix {
    let mut out = OMatrix::new(&Type::FP64, n, m);
    for (r, c) in (0..n).flat_map(|r| (0..m).map(move |c| (r, c))) {
        if let Some(v) = b.get(r % b.nrows, c % b.ncols) {
            out.set(r, c, v.clone());
        }
    }
    out
}

const FOLDED: &str = "reduce of a masked result";

proptest! {
    #![proptest_config(config(600))]

    /// Every kind of `T`, mask, layout and output type: the same sum as
    /// reducing the formed result, and `C` still computed when read.
    #[test]
    fn reductions_of_masked_results_agree_in_both_modes(case in arb_case()) {
        let (sum, c, steps) = with_mode(Mode::NonBlocking, || run_case(&case));
        let (bsum, bc, bsteps) = blocking(|| run_case(&case));
        prop_assert!(bsteps.iter().all(|s| !s.contains(FOLDED)));
        prop_assert_eq!(c, bc);
        if steps.iter().any(|s| s.contains("reduce of a product")) {
            // Folding a masked product's rows reassociates the sum (see
            // `products.rs`): its terms are below 1e11, at most 512 of them.
            let f = |v: Option<Value>| v.map(|v| v.get::<f64>().unwrap());
            match (f(sum), f(bsum)) {
                (Some(x), Some(y)) => {
                    prop_assert!((x - y).abs() <= 2.0 * 512.0 * f64::EPSILON * 512.0 * 1e11);
                }
                (x, y) => prop_assert_eq!(x, y),
            }
        } else {
            prop_assert_eq!(sum, bsum);
        }
    }
}

#[test]
fn a_sum_of_a_masked_copy_folds_the_kept_values() {
    // PageRank's sinks: a full vector copied under a structural mask into a
    // cleared output, then summed.
    let n = 40;
    let mut r = OMatrix::new(&Type::FP64, n, 1);
    let mut sinks = OMatrix::new(&Type::BOOL, n, 1);
    for i in 0..n {
        r.set(i, 0, scaled(i as i32 - 20, i, 0));
        if i % 3 == 0 {
            sinks.set(i, 0, Value::new(true));
        }
    }
    let expected: f64 = (0..n)
        .filter(|i| i % 3 == 0)
        .map(|i| r.get(i, 0).unwrap().get::<f64>().unwrap())
        .sum();
    for layout in [Layout::ALL[4], Layout::ALL[6], Layout::ALL[0]] {
        let case = Case {
            a: (r.clone(), Layout::ALL[6]),
            b: (r.clone(), Layout::ALL[6]),
            mask: (sinks.clone(), layout),
            structural: true,
            complement: false,
            make: Make::Copy,
            ctype: TypeCode::Fp64,
            cleared: true,
        };
        let (sum, c, steps) = with_mode(Mode::NonBlocking, || run_case(&case));
        assert_eq!(
            steps.iter().filter(|s| s.contains(FOLDED)).count(),
            1,
            "{steps:?}"
        );
        let sum = sum.unwrap().get::<f64>().unwrap();
        assert!(
            (sum - expected).abs() <= 1e-12 * expected.abs(),
            "{sum} vs {expected}"
        );
        assert_eq!(c.entries.len(), 14);
    }
}

#[test]
fn an_output_holding_entries_is_formed_before_it_is_reduced() {
    // Entries outside the mask stay in `C`: the rewrite does not apply.
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let c = new();
        copy_whole(&c, None, &b);
        OMatrix::of(&c);
        copy_whole(&c, Some(&a), &a);
        let (sum, steps) =
            explain::capture(|| reduce::reduce_to_value(&plus_monoid(), &c).unwrap());
        assert!(steps.iter().all(|s| !s.contains(FOLDED)), "{steps:?}");
        // `a`'s entries (1 to 5) replace `b`'s where `a` has entries; `b`'s
        // (1, 0) = 7 and (2, 1) = 9 stay.
        assert_eq!(sum.unwrap().get::<i64>(), Some(1 + 2 + 3 + 4 + 5 + 7 + 9));
    });
}
