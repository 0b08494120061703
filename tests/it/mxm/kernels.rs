//! The product kernels one by one against the model: each monomorphic
//! kernel, dot products against a dense side beyond the cache, saxpy rows
//! under sparse masks and split over threads, long and terminal rows, pushed
//! rows, and the tier each semiring gets.

use super::*;

#[test]
fn each_monomorphic_kernel_matches_the_model() {
    for (n, &(add, mul, t)) in MONOMORPHIC.iter().enumerate() {
        let s = builtin(add, mul, t);
        assert_eq!(tier(&s), Tier::Monomorphic, "{s:?}");
        let seed = n as u64 * 7919 + 1;
        let a = sample(t, 7, 9, 0.35, seed);
        let b = sample(t, 9, 6, 0.35, seed + 1);
        let m = sample(TypeCode::Bool, 7, 6, 0.5, seed + 2);
        let expected = model::mxm(&a, &b, &s);
        for plan in all_plans() {
            for use_mask in [false, true] {
                if plan.method == Method::Dot3 && !use_mask {
                    continue;
                }
                let mask = Mask {
                    store: Arc::new(m.store(Layout::ALL[n % 8])),
                    structural: true,
                    complement: false,
                };
                let problem = Problem {
                    a: Operand::new(Arc::new(a.store(Layout::ALL[n % 8])), false),
                    b: Operand::new(Arc::new(b.store(Layout::ALL[(n + 3) % 8])), false),
                    mask: use_mask.then_some(MaskOperand {
                        mask: &mask,
                        transposed: false,
                    }),
                    semiring: &s,
                    out: Orientation::ByCol,
                    epilogue: None,
                };
                let got = OMatrix::of(&Matrix::from_store(execute(&problem, plan).unwrap()));
                let mut want = expected.clone();
                if use_mask {
                    want.entries.retain(|k, _| m.entries.contains_key(k));
                }
                assert_eq!(got, want, "{s:?} {plan:?} mask {use_mask}");
            }
        }
    }
}

/// Rows of every length from none to all `ncols` columns, small integer
/// values.
fn ragged(ty: TypeCode, nrows: u64, ncols: u64, seed: u64) -> OMatrix {
    let mut rng = Rng(seed | 1);
    let mut m = OMatrix::new(&Type::builtin(ty), nrows, ncols);
    for i in 0..nrows {
        for j in 0..ncols {
            if rng.below(ncols) < i % (ncols + 1) {
                m.set(i, j, Value::new(rng.below(7) as i32 - 3));
            }
        }
    }
    m
}

#[test]
fn dot_products_against_a_dense_operand_beyond_the_cache_match_the_model() {
    // A dense right side of several columns larger than the cache is read a
    // column at a time over blocks of rows: every plan, under a plain and a
    // complemented mask and without one, against the model.
    let s = builtin(Op::Plus, Op::Times, TypeCode::Int32);
    let a = sample(TypeCode::Int32, 40, 70_000, 0.001, 11);
    let b = sample(TypeCode::Int32, 70_000, 4, 0.9, 12);
    let m = sample(TypeCode::Int32, 40, 4, 0.5, 13);
    let t = model::mxm(&a, &b, &s);
    for (use_mask, complement) in [(false, false), (true, false), (true, true)] {
        let desc = Descriptor {
            mask_structural: true,
            mask_complement: complement,
            ..Descriptor::default()
        };
        let mut expected = t.clone();
        if use_mask {
            let om = omask(&m, &desc);
            expected.entries.retain(|&(i, j), _| om.allows(i, j));
        }
        let mask = use_mask.then(|| Mask {
            store: Arc::new(m.store(Layout::Sparse(Orientation::ByRow))),
            structural: true,
            complement,
        });
        let operands = (
            Operand::new(Arc::new(a.store(Layout::Sparse(Orientation::ByRow))), false),
            Operand::new(Arc::new(b.store(Layout::Bitmap(Orientation::ByCol))), false),
        );
        let problem = Problem::new(operands, mask.as_ref(), &s, Orientation::ByRow);
        for plan in all_plans() {
            if plan.method == Method::Dot3 && (!use_mask || complement) {
                continue;
            }
            let got = execute(&problem, plan).unwrap();
            got.check().unwrap();
            let got = OMatrix::of(&Matrix::from_store(got));
            assert_eq!(
                got, expected,
                "plan {plan:?}, mask {use_mask}, complement {complement}"
            );
        }
    }
}

#[test]
fn flagged_columns_beyond_the_cache_match_the_model_in_every_tier() {
    // A bitmap right side beyond the cache, read a column at a time with its
    // presence flags: each tier's loop over a block of rows (and the generic
    // fold), under a complemented mask.
    for (n, s) in every_tier().enumerate() {
        let t = s.mul().xtype().code();
        let seed = n as u64 * 7_919 + 5;
        let a = sample(t, 30, 200_000, 0.000_5, seed);
        let b = sample(t, 200_000, 4, 0.4, seed + 1);
        let m = sample(TypeCode::Bool, 30, 4, 0.3, seed + 2);
        let mut want = model::mxm(&a, &b, &s);
        want.entries.retain(|k, _| !m.entries.contains_key(k));
        let mask = Mask {
            store: Arc::new(m.store(Layout::Sparse(Orientation::ByRow))),
            structural: true,
            complement: true,
        };
        let operands = (
            Operand::new(Arc::new(a.store(Layout::Sparse(Orientation::ByRow))), false),
            Operand::new(Arc::new(b.store(Layout::Bitmap(Orientation::ByCol))), false),
        );
        let problem = Problem::new(operands, Some(&mask), &s, Orientation::ByRow);
        let plan = Plan {
            method: Method::Dot2,
            by_cols: false,
            dense_r: true,
        };
        let got = OMatrix::of(&Matrix::from_store(execute(&problem, plan).unwrap()));
        assert_eq!(got, want, "{s:?}");
    }
}

/// Every monomorphic semiring, two of the typed tier and one of the generic tier.
fn every_tier() -> impl Iterator<Item = Semiring> {
    let others = [
        builtin(Op::Plus, Op::Minus, TypeCode::Int16),
        builtin(Op::Plus, Op::Rminus, TypeCode::Fp64),
        user_multiply_semiring(),
    ];
    MONOMORPHIC
        .iter()
        .map(|&(add, mul, t)| builtin(add, mul, t))
        .chain(others)
}

#[test]
fn saxpy_rows_under_a_sparse_mask_match_the_model() {
    // A sparse mask with a dense accumulator: with inline operators a row
    // with fewer products than columns writes the products an allowing mask
    // forbids to spare slots instead of branching, and a row with more is
    // computed whole and read at the mask's positions (or around them, for
    // a complemented mask forbidding at most half the row); the others
    // branch. Every monomorphic semiring, some of the typed tier and the
    // generic tier, masks in the sparse and hypersparse layouts, rows of
    // both kinds, masks allowing about half the products or complemented.
    let plan = Plan {
        method: Method::Saxpy,
        by_cols: false,
        dense_r: false,
    };
    // (inner dimension, columns, density): rows of about 64 and 160 products
    // into 30 and 400 columns.
    for (inner, cols, density) in [(20, 30, 0.4), (40, 400, 0.1)] {
        for complement in [false, true] {
            for (n, s) in every_tier().enumerate() {
                let t = s.mul().xtype().code();
                let seed = n as u64 * 104_729 + 11 + cols;
                let a = sample(t, 24, inner, density, seed);
                let b = sample(t, inner, cols, density, seed + 1);
                let m = sample(TypeCode::Bool, 24, cols, 0.4, seed + 2);
                let mut want = model::mxm(&a, &b, &s);
                want.entries
                    .retain(|k, _| m.entries.contains_key(k) != complement);
                for layout in &Layout::ALL[..4] {
                    let mask = Mask {
                        store: Arc::new(m.store(*layout)),
                        structural: true,
                        complement,
                    };
                    let problem = Problem {
                        a: Operand::new(Arc::new(a.store(Layout::ALL[n % 4])), false),
                        b: Operand::new(Arc::new(b.store(Layout::ALL[(n + 1) % 4])), false),
                        mask: Some(MaskOperand {
                            mask: &mask,
                            transposed: false,
                        }),
                        semiring: &s,
                        out: Orientation::ByRow,
                        epilogue: None,
                    };
                    let got = OMatrix::of(&Matrix::from_store(execute(&problem, plan).unwrap()));
                    assert_eq!(
                        got, want,
                        "{s:?} mask {layout:?} {cols} columns {complement}"
                    );
                }
            }
        }
    }
}

#[test]
fn wide_dense_rows_split_over_threads_match_the_model() {
    // Rows at least `SPLIT_WIDE_ROW` columns wide with more products than
    // columns are split by columns over the threads when they do not
    // balance whole (three rows on two threads), whatever the length of
    // the rows of `R` (40 entries here), and gathered in bitmap
    // accumulators (each part at least `BITMAP_WIDTH` wide): unmasked,
    // under a mask (read at its positions) and under a complemented one
    // (read around them), on 1 and 2 threads.
    use graphblas::raw::kernels::mxm::saxpy::{BITMAP_WIDTH, SPLIT_WIDE_ROW};
    let (width, inner) = (SPLIT_WIDE_ROW, 30_000);
    assert!(width / 2 >= BITMAP_WIDTH);
    let s = builtin(Op::Plus, Op::Times, TypeCode::Fp64);
    // About 28,500 entries a row of `l`: 1.14 M products a row.
    let l = sparse_fp64(3, inner, 3 * inner, 1);
    let r = sparse_fp64(inner, width, 40, 2);
    let m = sparse_fp64(3, width, width * 4 / 5, 3);
    let product = model::mxm(&l, &r, &s);
    let plan = Plan {
        method: Method::Saxpy,
        by_cols: false,
        dense_r: false,
    };
    let (ls, rs) = (
        Arc::new(l.store(Layout::ALL[0])),
        Arc::new(r.store(Layout::ALL[0])),
    );
    for complement in [None, Some(false), Some(true)] {
        let mut want = product.clone();
        if let Some(c) = complement {
            want.entries.retain(|k, _| m.entries.contains_key(k) != c);
        }
        let mask = complement.map(|complement| Mask {
            store: Arc::new(m.store(Layout::ALL[0])),
            structural: true,
            complement,
        });
        for threads in [1, 2] {
            let problem = Problem {
                a: Operand::new(ls.clone(), false),
                b: Operand::new(rs.clone(), false),
                mask: mask.as_ref().map(|mask| MaskOperand {
                    mask,
                    transposed: false,
                }),
                semiring: &s,
                out: Orientation::ByRow,
                epilogue: None,
            };
            let got = with_threads(threads, || execute(&problem, plan).unwrap());
            let got = OMatrix::of(&Matrix::from_store(got));
            assert!(got == want, "mask {complement:?}, {threads} threads");
        }
    }
}

#[test]
fn long_rows_against_a_full_vector_match_the_model() {
    // The pull kernel folds long rows in interleaved partial results; every
    // monomorphic semiring and some of the typed tier, with rows of every
    // length, against a vector that holds every entry.
    let typed = [
        builtin(Op::Plus, Op::Minus, TypeCode::Int16),
        builtin(Op::Times, Op::Plus, TypeCode::Int8),
        builtin(Op::Plus, Op::Rminus, TypeCode::Fp64),
    ];
    let semirings = MONOMORPHIC
        .iter()
        .map(|&(add, mul, t)| builtin(add, mul, t))
        .chain(typed);
    for (n, s) in semirings.enumerate() {
        let t = s.mul().xtype().code();
        let a = ragged(t, 45, 30, n as u64 * 31 + 7);
        let b = sample(t, 30, 1, 1.0, n as u64 * 31 + 8);
        assert_pulled_product_matches_the_model(&s, &a, &b, n);
    }
}

#[test]
fn terminal_values_in_long_rows_match_the_model() {
    // MIN and MAX dot products against a full vector fold without testing
    // for the terminal value: rows that reach it (and, for floats, hold
    // NaN too) give what a fold that stops there gives.
    let cases = [
        (Op::Min, Op::First, TypeCode::Int64, Value::new(i64::MIN)),
        (Op::Max, Op::Second, TypeCode::Int32, Value::new(i32::MAX)),
        (
            Op::Min,
            Op::First,
            TypeCode::Fp64,
            Value::new(f64::NEG_INFINITY),
        ),
        (Op::Max, Op::Plus, TypeCode::Fp32, Value::new(f32::INFINITY)),
    ];
    for (n, (add, mul, t, terminal)) in cases.into_iter().enumerate() {
        let s = builtin(add, mul, t);
        let mut a = ragged(t, 45, 30, n as u64 * 13 + 5);
        let mut b = sample(t, 30, 1, 1.0, n as u64 * 13 + 6);
        for i in (0..45).step_by(3) {
            a.set(i, (i * 7) % 30, terminal.clone());
            b.set((i * 11) % 30, 0, terminal.clone());
        }
        if t.is_float() {
            for i in (1..45).step_by(4) {
                a.set(
                    i,
                    (i * 5) % 30,
                    Value::new(f64::NAN).cast(&Type::builtin(t)).unwrap(),
                );
            }
        }
        assert_pulled_product_matches_the_model(&s, &a, &b, n);
    }
}

/// `a * b` by the pull kernel (dot products by rows against a dense `b`),
/// with the operands in the `n`-th storage layouts, equals the model's.
fn assert_pulled_product_matches_the_model(s: &Semiring, a: &OMatrix, b: &OMatrix, n: usize) {
    let operands = (
        Operand::new(Arc::new(a.store(Layout::ALL[n % 8])), false),
        Operand::new(Arc::new(b.store(Layout::ALL[(n + 5) % 8])), false),
    );
    let problem = Problem::new(operands, None, s, Orientation::ByCol);
    let plan = Plan {
        method: Method::Dot2,
        by_cols: false,
        dense_r: true,
    };
    let got = OMatrix::of(&Matrix::from_store(execute(&problem, plan).unwrap()));
    assert_eq!(got, model::mxm(a, b, s), "{s:?}");
}

#[test]
fn a_row_pushed_into_dense_workspaces_matches_the_model() {
    // A row times a matrix with many products per output position is pushed
    // into dense workspaces, in two pieces merged in order: every
    // monomorphic semiring, some of the typed tier and the generic tier.
    let semirings = every_tier();
    for (n, s) in semirings.enumerate() {
        let t = s.mul().xtype().code();
        let b = ragged(t, 40, 30, n as u64 * 17 + 4);
        // A sparse row, and a full one (read in place by the kernel).
        for (density, row_layout) in [(0.8, Layout::ALL[n % 8]), (1.0, Layout::ALL[6 + n % 2])] {
            let a = sample(t, 1, 40, density, n as u64 * 17 + 3);
            for by_cols in [false, true] {
                let (l, r, layouts) = if by_cols {
                    (
                        b.transpose(),
                        a.transpose(),
                        (Layout::ALL[(n + 3) % 8], row_layout),
                    )
                } else {
                    (a.clone(), b.clone(), (row_layout, Layout::ALL[(n + 3) % 8]))
                };
                let got = pushed_product(&s, (&l, layouts.0), (&r, layouts.1), by_cols, None);
                assert_eq!(got, model::mxm(&l, &r, &s), "{s:?} by columns {by_cols}");
            }
        }
    }
}

#[test]
fn a_row_pushed_under_a_mask_lies_within_it() {
    // A product's result must hold entries only where its mask allows (the
    // write-back relies on it); a pushed row is masked after the push. Masks
    // in every layout, by value and by structure, complemented or not; the
    // row as the left operand, and as the right one of a product by columns.
    let s = builtin(Op::Plus, Op::Times, TypeCode::Fp64);
    let (row, b) = (
        sample(TypeCode::Fp64, 1, 40, 0.8, 6),
        ragged(TypeCode::Fp64, 40, 30, 5),
    );
    let m = sample(TypeCode::Int32, 1, 30, 0.5, 7);
    let product = model::mxm(&row, &b, &s);
    let by_rows = (row.clone(), b.clone(), m.clone(), product.clone(), false);
    let by_cols = (
        b.transpose(),
        row.transpose(),
        m.transpose(),
        product.transpose(),
        true,
    );
    for (l, r, m, product, by_cols) in [by_rows, by_cols] {
        for (layout, structural, complement) in Layout::ALL
            .into_iter()
            .flat_map(|l| [(l, false), (l, true)])
            .flat_map(|(l, s)| [(l, s, false), (l, s, true)])
        {
            let mask = Mask {
                store: Arc::new(m.store(layout)),
                structural,
                complement,
            };
            let (l, r) = ((&l, Layout::ALL[0]), (&r, Layout::ALL[0]));
            let got = pushed_product(&s, l, r, by_cols, Some(&mask));
            let allowed = OMask {
                m: &m,
                structural,
                complement,
            };
            let mut want = product.clone();
            want.entries.retain(|&(i, j), _| allowed.allows(i, j));
            assert_eq!(
                got, want,
                "{layout:?} structural {structural} complement {complement}"
            );
        }
    }
}

/// `a * b` by a saxpy plan (pushed when it is one row), the operands stored
/// in the given layouts, under `mask` if any.
fn pushed_product(
    s: &Semiring,
    (a, a_layout): (&OMatrix, Layout),
    (b, b_layout): (&OMatrix, Layout),
    by_cols: bool,
    mask: Option<&Mask>,
) -> OMatrix {
    let operands = (
        Operand::new(Arc::new(a.store(a_layout)), false),
        Operand::new(Arc::new(b.store(b_layout)), false),
    );
    let problem = Problem::new(operands, mask, s, Orientation::ByRow);
    let plan = Plan {
        method: Method::Saxpy,
        by_cols,
        dense_r: false,
    };
    OMatrix::of(&Matrix::from_store(execute(&problem, plan).unwrap()))
}

#[test]
fn pushed_sums_of_negative_zeros_stay_negative_zero() {
    // The push starts PLUS's slots from -0 (the exact identity: 0 + -0 is
    // 0), so a sum of -0 products is -0, as the model folds it.
    let s = builtin(Op::Plus, Op::Times, TypeCode::Fp64);
    let mut row = OMatrix::new(&Type::builtin(TypeCode::Fp64), 1, 30);
    for j in 0..30 {
        row.set(0, j, Value::new(-0.0f64));
    }
    let mut b = OMatrix::new(&Type::builtin(TypeCode::Fp64), 30, 20);
    for (i, j) in (0..30).flat_map(|i| (0..20).map(move |j| (i, j))) {
        if (i * 7 + j * 3) % 4 != 0 {
            b.set(i, j, Value::new(2.0f64));
        }
    }
    for layout in [Layout::ALL[0], Layout::ALL[6]] {
        let got = pushed_product(&s, (&row, layout), (&b, Layout::ALL[0]), false, None);
        let want = model::mxm(&row, &b, &s);
        assert!(want
            .entries
            .values()
            .all(|v| v.bytes() == (-0.0f64).to_ne_bytes()));
        assert_eq!(got, want);
    }
}

#[test]
fn tiers_are_chosen_by_semiring() {
    let s = builtin(Op::Plus, Op::Minus, TypeCode::Int16);
    assert_eq!(tier(&s), Tier::Typed);
    assert_eq!(
        tier(&builtin(Op::Lor, Op::Lt, TypeCode::Int32)),
        Tier::Generic
    );
    assert_eq!(tier(&user_multiply_semiring()), Tier::Generic);
    assert_eq!(
        tier(&builtin(Op::Plus, Op::Times, TypeCode::Fp64)),
        Tier::Monomorphic
    );
}
