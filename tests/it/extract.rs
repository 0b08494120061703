//! `GrB_extract` (matrix, vector and column variants) against the oracle:
//! every mask kind, accumulator, replace and transpose, index lists with
//! repeats and permutations, `GrB_ALL`, every layout, aliasing, huge
//! hypersparse dimensions, user-defined types and the error cases.

use crate::oracle;

use graphblas::raw::algebra::{BinaryCode, BinaryOp, Type, TypeCode, Value};
use graphblas::raw::object::{Descriptor, Matrix, Vector, INDEX_MAX};
use graphblas::raw::ops::extract::{extract, extract_col, extract_vector};
use graphblas::raw::ops::indices::Indices;
use graphblas::Info;
use oracle::extract::{arb_accum, arb_indices, indices, list_len};
use oracle::SpecMask;
use oracle::*;
use proptest::prelude::*;
use std::sync::Arc;

/// A random `Ã` with random row and column lists, and an output and a mask
/// of the selected size.
fn arb_case() -> impl Strategy<
    Value = (
        OMatrix,
        Option<Vec<u64>>,
        Option<Vec<u64>>,
        OMatrix,
        OMatrix,
    ),
> {
    (0u64..6, 0u64..6)
        .prop_flat_map(|(r, c)| {
            (
                arb_matrix_dims(TypeCode::Int16, r, c, 15),
                arb_indices(r),
                arb_indices(c),
            )
        })
        .prop_flat_map(|(a, rows, cols)| {
            let nr = list_len(rows.as_deref(), a.nrows);
            let nc = list_len(cols.as_deref(), a.ncols);
            (
                Just(a),
                Just(rows),
                Just(cols),
                arb_matrix_dims(TypeCode::Int32, nr, nc, 12),
                arb_matrix_dims(TypeCode::Uint8, nr, nc, 12),
            )
        })
}

/// The engine's `A` for a model `Ã`: transposed back when the descriptor
/// transposes the input.
fn input(at: &OMatrix, desc: &Descriptor, layout: Layout) -> Matrix {
    if desc.transpose_first {
        at.transpose().matrix(layout)
    } else {
        at.matrix(layout)
    }
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn extract_matches_the_model(
        (a, rows, cols, c, m) in arb_case(),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        la in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        let (cm, mm, am) = (c.matrix(lc), m.matrix(lm), input(&a, &desc, la));
        extract(&cm, use_mask.then_some(&mm), accum.as_ref(), &am, indices(&rows), indices(&cols), &desc).unwrap();
        let mask = SpecMask::new(use_mask.then_some(&m), &desc, c.nrows, c.ncols);
        let expected = oracle::extract::extract(&c, &mask, accum.as_ref(), &a, rows.as_deref(), cols.as_deref(), desc.replace);
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn vector_extract_matches_the_model(
        (u, list, w, m) in (0u64..8).prop_flat_map(|n| (arb_matrix_dims(TypeCode::Fp32, n, 1, 6), arb_indices(n)))
            .prop_flat_map(|(u, list)| {
                let n = list_len(list.as_deref(), u.nrows);
                (Just(u), Just(list), arb_matrix_dims(TypeCode::Int64, n, 1, 6), arb_matrix_dims(TypeCode::Fp64, n, 1, 6))
            }),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        lu in arb_layout(), lw in arb_layout(), lm in arb_layout(),
    ) {
        let (wv, mv, uv) = (w.vector(lw), m.vector(lm), u.vector(lu));
        extract_vector(&wv, use_mask.then_some(&mv), accum.as_ref(), &uv, indices(&list), &desc).unwrap();
        let mask = SpecMask::new(use_mask.then_some(&m), &desc, w.nrows, 1);
        let expected = oracle::extract::extract(&w, &mask, accum.as_ref(), &u, list.as_deref(), None, desc.replace);
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }

    #[test]
    fn column_extract_matches_the_model(
        (a, rows, col, w, m) in (0u64..6, 1u64..6)
            .prop_flat_map(|(r, c)| (arb_matrix_dims(TypeCode::Uint16, r, c, 15), arb_indices(r), 0..c))
            .prop_flat_map(|(a, rows, col)| {
                let n = list_len(rows.as_deref(), a.nrows);
                (Just(a), Just(rows), Just(col), arb_matrix_dims(TypeCode::Int8, n, 1, 6), arb_matrix_dims(TypeCode::Bool, n, 1, 6))
            }),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        la in arb_layout(), lw in arb_layout(), lm in arb_layout(),
    ) {
        let (wv, mv, am) = (w.vector(lw), m.vector(lm), input(&a, &desc, la));
        extract_col(&wv, use_mask.then_some(&mv), accum.as_ref(), &am, indices(&rows), col, &desc).unwrap();
        let mask = SpecMask::new(use_mask.then_some(&m), &desc, w.nrows, 1);
        let column = [col];
        let expected = oracle::extract::extract(&w, &mask, accum.as_ref(), &a, rows.as_deref(), Some(&column), desc.replace);
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }

    #[test]
    fn extracting_into_an_input_is_aliasing_safe(
        (a, p, q) in (0u64..6).prop_flat_map(|n| (
            arb_matrix_dims(TypeCode::Int32, n, n, 20),
            Just((0..n).collect::<Vec<u64>>()).prop_shuffle(),
            proptest::collection::vec(0..n.max(1), n as usize),
        )),
        accum in arb_accum(),
        desc in arb_descriptor(),
        la in arb_layout(),
    ) {
        // C is also A and the mask: C<C> = accum(C, Ã(p, q)).
        let cm = input(&a, &Descriptor::default(), la);
        let at = if desc.transpose_first { a.transpose() } else { a.clone() };
        extract(&cm, Some(&cm), accum.as_ref(), &cm, Indices::List(&p), Indices::List(&q), &desc).unwrap();
        let mask = SpecMask::new(Some(&a), &desc, a.nrows, a.ncols);
        let expected = oracle::extract::extract(&a, &mask, accum.as_ref(), &at, Some(&p), Some(&q), desc.replace);
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn extracting_a_permutation_is_p_a_qt(
        (a, p, q) in (1u64..7, 1u64..7).prop_flat_map(|(r, c)| (
            arb_matrix_dims(TypeCode::Fp64, r, c, 25),
            Just((0..r).collect::<Vec<u64>>()).prop_shuffle(),
            Just((0..c).collect::<Vec<u64>>()).prop_shuffle(),
        )),
        la in arb_layout(),
    ) {
        let c = Matrix::new(&Type::FP64, a.nrows, a.ncols).unwrap();
        extract(&c, None, None, &a.matrix(la), Indices::List(&p), Indices::List(&q), &Descriptor::default()).unwrap();
        assert_matches(&c, &permuted(&a, &p, &q), 0.0);
    }
}

/// `P A Qᵀ` computed with the permutation matrices `P(i, p[i]) = 1` and
/// `Q(j, q[j]) = 1`, by dense products over `(+, ×)` on pattern and values.
fn permuted(a: &OMatrix, p: &[u64], q: &[u64]) -> OMatrix {
    let (m, n) = (a.nrows as usize, a.ncols as usize);
    let perm = |v: &[u64], k: usize| -> Vec<Vec<f64>> {
        let mut x = vec![vec![0.0; k]; k];
        for (i, &pi) in v.iter().enumerate() {
            x[i][pi as usize] = 1.0;
        }
        x
    };
    let (pm, qm) = (perm(p, m), perm(q, n));
    // Values and presence (an explicit zero of A stays an entry).
    let mut dense = vec![vec![None; n]; m];
    for (&(r, c), v) in &a.entries {
        dense[r as usize][c as usize] = v.get::<f64>();
    }
    let mut out = OMatrix::new(&Type::FP64, a.nrows, a.ncols);
    for (i, prow) in pm.iter().enumerate() {
        for (j, qrow) in qm.iter().enumerate() {
            // (P A Qᵀ)(i, j) = Σ_k Σ_l P(i, k) A(k, l) Q(j, l)
            let mut sum = 0.0;
            let mut present = false;
            for (k, row) in dense.iter().enumerate() {
                for (l, x) in row.iter().enumerate() {
                    if let Some(x) = x {
                        if prow[k] * qrow[l] == 1.0 {
                            sum += x;
                            present = true;
                        }
                    }
                }
            }
            if present {
                out.set(i as u64, j as u64, Value::new(sum));
            }
        }
    }
    out
}

#[test]
fn huge_hypersparse_extract() {
    let big = INDEX_MAX + 1;
    let mut a = OMatrix::new(&Type::INT64, big, big);
    for (r, c, v) in [
        (0, 5, 1i64),
        (big - 1, 0, 2),
        (big - 1, big - 1, 3),
        (7, big - 2, 4),
    ] {
        a.set(r, c, Value::new(v));
    }
    let rows = vec![big - 1, 7, big - 1, 3];
    for layout in Layout::ALL {
        for transpose in [false, true] {
            let desc = Descriptor {
                transpose_first: transpose,
                ..Descriptor::default()
            };
            let at = if transpose { a.transpose() } else { a.clone() };
            let c = Matrix::new(&Type::INT64, rows.len() as u64, big).unwrap();
            extract(
                &c,
                None,
                None,
                &input(&at, &desc, layout),
                Indices::List(&rows),
                Indices::All,
                &desc,
            )
            .unwrap();
            let mask = SpecMask::new(None, &desc, rows.len() as u64, big);
            let expected =
                oracle::extract::extract(&c_model(&c), &mask, None, &at, Some(&rows), None, false);
            assert_matches(&c, &expected, 0.0);
            assert_eq!(c.nvals().unwrap(), if transpose { 2 } else { 5 });
        }
    }
    // A huge vector, with a structural mask.
    let mut u = OMatrix::new(&Type::FP64, big, 1);
    u.set(big - 1, 0, Value::new(1.5f64));
    u.set(3, 0, Value::new(2.5f64));
    let w = OMatrix::new(&Type::FP64, big, 1);
    let mut m = OMatrix::new(&Type::BOOL, big, 1);
    m.set(big - 1, 0, Value::new(false));
    let desc = Descriptor {
        mask_structural: true,
        ..Descriptor::default()
    };
    for layout in Layout::ALL {
        let wv = w.vector(layout);
        extract_vector(
            &wv,
            Some(&m.vector(layout)),
            None,
            &u.vector(layout),
            Indices::All,
            &desc,
        )
        .unwrap();
        let mask = SpecMask::new(Some(&m), &desc, big, 1);
        let expected = oracle::extract::extract(&w, &mask, None, &u, None, None, false);
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }
}

fn c_model(c: &Matrix) -> OMatrix {
    OMatrix::of(c)
}

#[test]
fn errors_leave_the_output_unchanged() {
    let mut a = OMatrix::new(&Type::INT32, 3, 4);
    a.set(1, 2, Value::new(5i32));
    let am = a.matrix(Layout::ALL[0]);
    let mut c0 = OMatrix::new(&Type::INT32, 2, 2);
    c0.set(0, 1, Value::new(9i32));
    let cm = c0.matrix(Layout::ALL[2]);
    let d = Descriptor::default();
    let err = |r: graphblas::Result<()>| r.unwrap_err().info;

    // Index out of bounds (rows < 3, columns < 4).
    let e = extract(
        &cm,
        None,
        None,
        &am,
        Indices::List(&[0, 3]),
        Indices::List(&[0, 1]),
        &d,
    );
    assert_eq!(err(e), Info::IndexOutOfBounds);
    let e = extract(
        &cm,
        None,
        None,
        &am,
        Indices::List(&[0, 1]),
        Indices::List(&[4, 1]),
        &d,
    );
    assert_eq!(err(e), Info::IndexOutOfBounds);
    // Dimension mismatches: list lengths, GrB_ALL, mask.
    let e = extract(
        &cm,
        None,
        None,
        &am,
        Indices::List(&[0]),
        Indices::List(&[0, 1]),
        &d,
    );
    assert_eq!(err(e), Info::DimensionMismatch);
    let e = extract(
        &cm,
        None,
        None,
        &am,
        Indices::All,
        Indices::List(&[0, 1]),
        &d,
    );
    assert_eq!(err(e), Info::DimensionMismatch);
    let bad_mask = Matrix::new(&Type::BOOL, 3, 2).unwrap();
    let e = extract(
        &cm,
        Some(&bad_mask),
        None,
        &am,
        Indices::List(&[0, 1]),
        Indices::List(&[0, 1]),
        &d,
    );
    assert_eq!(err(e), Info::DimensionMismatch);
    // Domains: a user-typed input, a user-typed mask used by value.
    let udt = Type::user("pair", 8);
    let ua = Matrix::new(&udt, 3, 4).unwrap();
    let e = extract(
        &cm,
        None,
        None,
        &ua,
        Indices::List(&[0, 1]),
        Indices::List(&[0, 1]),
        &d,
    );
    assert_eq!(err(e), Info::DomainMismatch);
    let umask = Matrix::new(&udt, 2, 2).unwrap();
    let e = extract(
        &cm,
        Some(&umask),
        None,
        &am,
        Indices::List(&[0, 1]),
        Indices::List(&[0, 1]),
        &d,
    );
    assert_eq!(err(e), Info::DomainMismatch);
    assert_matches(&cm, &c0, 0.0);

    // The column variant: a column outside Ã is GrB_INVALID_INDEX.
    let w = Vector::new(&Type::INT32, 2).unwrap();
    w.set_element(1, &Value::new(4i32)).unwrap();
    let e = extract_col(&w, None, None, &am, Indices::List(&[0, 1]), 4, &d);
    assert_eq!(err(e), Info::InvalidIndex);
    let t = Descriptor {
        transpose_first: true,
        ..d
    };
    let e = extract_col(&w, None, None, &am, Indices::List(&[0, 3]), 3, &t);
    assert_eq!(err(e), Info::InvalidIndex);
    let e = extract_col(&w, None, None, &am, Indices::List(&[0, 4]), 2, &t);
    assert_eq!(err(e), Info::IndexOutOfBounds);
    let e = extract_vector(
        &w,
        None,
        None,
        &Vector::new(&Type::INT32, 3).unwrap(),
        Indices::List(&[3, 0]),
        &d,
    );
    assert_eq!(err(e), Info::IndexOutOfBounds);
    assert_eq!(w.nvals().unwrap(), 1);
}

#[test]
fn a_missing_complemented_mask_writes_nothing() {
    let mut a = OMatrix::new(&Type::INT32, 2, 2);
    a.set(0, 0, Value::new(1i32));
    let mut c = OMatrix::new(&Type::INT32, 2, 2);
    c.set(1, 1, Value::new(2i32));
    let comp = Descriptor {
        mask_complement: true,
        ..Descriptor::default()
    };
    let cm = c.matrix(Layout::ALL[0]);
    extract(
        &cm,
        None,
        None,
        &a.matrix(Layout::ALL[1]),
        Indices::All,
        Indices::All,
        &comp,
    )
    .unwrap();
    assert_matches(&cm, &c, 0.0);
    let replace = Descriptor {
        replace: true,
        ..comp
    };
    extract(
        &cm,
        None,
        None,
        &a.matrix(Layout::ALL[1]),
        Indices::All,
        Indices::All,
        &replace,
    )
    .unwrap();
    assert_eq!(cm.nvals().unwrap(), 0);
}

#[test]
fn user_defined_types() {
    let pair = Type::user("pair", 8);
    let v = |a: i32, b: i32| {
        let mut bytes = a.to_ne_bytes().to_vec();
        bytes.extend_from_slice(&b.to_ne_bytes());
        Value::from_bytes(&pair, &bytes)
    };
    // accum: componentwise sum.
    let add = BinaryOp::user(
        "pair_add",
        Arc::new(|z: &mut [u8], x: &[u8], y: &[u8]| {
            for k in 0..2 {
                let r = k * 4..k * 4 + 4;
                let s = i32::from_ne_bytes(x[r.clone()].try_into().unwrap())
                    + i32::from_ne_bytes(y[r.clone()].try_into().unwrap());
                z[r].copy_from_slice(&s.to_ne_bytes());
            }
        }),
        pair.clone(),
        pair.clone(),
        pair.clone(),
    );
    let mut a = OMatrix::new(&pair, 3, 3);
    a.set(0, 1, v(1, 2));
    a.set(2, 2, v(3, 4));
    a.set(2, 0, v(5, 6));
    let mut c = OMatrix::new(&pair, 2, 3);
    c.set(0, 0, v(10, 20));
    c.set(1, 2, v(30, 40));
    let mut m = OMatrix::new(&pair, 2, 3);
    m.set(0, 0, v(0, 0));
    m.set(1, 2, v(0, 0));
    m.set(1, 0, v(0, 0));
    let rows = [2u64, 2];
    let desc = Descriptor {
        mask_structural: true,
        ..Descriptor::default()
    };
    for layout in Layout::ALL {
        let cm = c.matrix(layout);
        extract(
            &cm,
            Some(&m.matrix(layout)),
            Some(&add),
            &a.matrix(layout),
            Indices::List(&rows),
            Indices::All,
            &desc,
        )
        .unwrap();
        let mask = SpecMask::new(Some(&m), &desc, 2, 3);
        let expected =
            oracle::extract::extract(&c, &mask, Some(&add), &a, Some(&rows), None, false);
        assert_matches(&cm, &expected, 0.0);
    }
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    // Big enough to be split across threads: one long vector, many short ones.
    let n = 200_000u64;
    let mut u = OMatrix::new(&Type::INT32, n, 1);
    for k in (0..n).step_by(3) {
        u.set(k, 0, Value::new((k % 7) as i32));
    }
    let list: Vec<u64> = (0..n).map(|k| (k * 7919) % n).collect();
    let mut a = OMatrix::new(&Type::INT32, 400, 400);
    for k in 0..60_000u64 {
        a.set(k % 400, (7 * (k / 400) + 3 * k) % 400, Value::new(k as i32));
    }
    let perm: Vec<u64> = (0..400).map(|k| (k * 13) % 400).collect();
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let w = Vector::new(&Type::INT32, n).unwrap();
            extract_vector(
                &w,
                None,
                None,
                &u.vector(Layout::ALL[1]),
                Indices::List(&list),
                &Descriptor::default(),
            )
            .unwrap();
            let c = Matrix::new(&Type::INT32, 400, 400).unwrap();
            extract(
                &c,
                None,
                None,
                &a.matrix(Layout::ALL[0]),
                Indices::List(&perm),
                Indices::List(&perm),
                &Descriptor::default(),
            )
            .unwrap();
            (OMatrix::of_vector(&w), OMatrix::of(&c))
        })
    };
    let one = run(1);
    let four = run(4);
    assert_eq!(one, four);
    let expected = oracle::extract::submatrix(&u, Some(&list), None);
    assert_eq!(one.0, expected);
    assert_eq!(
        one.1,
        oracle::extract::submatrix(&a, Some(&perm), Some(&perm))
    );
}

#[test]
fn extract_all_of_a_transposed_matrix_with_a_valued_mask() {
    let mut a = OMatrix::new(&Type::FP64, 2, 3);
    a.set(0, 2, Value::new(1.5f64));
    a.set(1, 0, Value::new(-2.0f64));
    let mut m = OMatrix::new(&Type::FP32, 3, 2);
    m.set(2, 0, Value::new(1.0f32));
    m.set(0, 1, Value::new(0.0f32));
    let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).unwrap();
    let desc = Descriptor {
        transpose_first: true,
        replace: true,
        ..Descriptor::default()
    };
    let mut c = OMatrix::new(&Type::FP64, 3, 2);
    c.set(0, 1, Value::new(4.0f64));
    c.set(2, 0, Value::new(1.0f64));
    for layout in Layout::ALL {
        let cm = c.matrix(layout);
        extract(
            &cm,
            Some(&m.matrix(layout)),
            Some(&plus),
            &a.matrix(layout),
            Indices::All,
            Indices::All,
            &desc,
        )
        .unwrap();
        let mut expected = OMatrix::new(&Type::FP64, 3, 2);
        expected.set(2, 0, Value::new(2.5f64));
        assert_matches(&cm, &expected, 0.0);
    }
}
