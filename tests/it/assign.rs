//! `GrB_assign` (matrix, vector, row, column and scalar variants) against the
//! oracle: every mask kind, accumulator, replace and transpose, index lists
//! with repeats and permutations, `GrB_ALL`, every layout, aliasing, huge
//! hypersparse dimensions, user-defined types and the error cases.

use crate::oracle;

use graphblas::raw::algebra::{BinaryCode, BinaryOp, Type, TypeCode, Value};
use graphblas::raw::object::{Descriptor, Matrix, Scalar, Vector, INDEX_MAX};
use graphblas::raw::ops::assign::*;
use graphblas::raw::ops::indices::Indices;
use graphblas::Info;
use oracle::assign::OSource;
use oracle::extract::{arb_accum, arb_indices, indices, list_len};
use oracle::SpecMask;
use oracle::*;
use proptest::prelude::*;
use std::sync::Arc;

type Lists = (Option<Vec<u64>>, Option<Vec<u64>>);

/// A random output with row and column lists over it, `Ã` of the selected
/// size, and a mask of the output's size.
fn arb_case() -> impl Strategy<Value = (OMatrix, Lists, OMatrix, OMatrix)> {
    (0u64..6, 0u64..6)
        .prop_flat_map(|(r, c)| {
            (
                arb_matrix_dims(TypeCode::Int32, r, c, 15),
                arb_indices(r),
                arb_indices(c),
                arb_matrix_dims(TypeCode::Uint8, r, c, 15),
            )
        })
        .prop_flat_map(|(c, rows, cols, m)| {
            let nr = list_len(rows.as_deref(), c.nrows);
            let nc = list_len(cols.as_deref(), c.ncols);
            (
                Just(c),
                Just((rows, cols)),
                arb_matrix_dims(TypeCode::Int16, nr, nc, 12),
                Just(m),
            )
        })
}

/// The engine's `A` for a model `Ã` (transposed back for `GrB_INP0 = GrB_TRAN`).
fn input(at: &OMatrix, desc: &Descriptor, layout: Layout) -> Matrix {
    if desc.transpose_first {
        at.transpose().matrix(layout)
    } else {
        at.matrix(layout)
    }
}

/// The model of an assignment.
fn model(
    c: &OMatrix,
    m: Option<&OMatrix>,
    accum: Option<&BinaryOp>,
    src: &OSource,
    (rows, cols): &Lists,
    desc: &Descriptor,
) -> OMatrix {
    let mask = SpecMask::new(m, desc, c.nrows, c.ncols);
    oracle::assign::assign(
        c,
        &mask,
        accum,
        src,
        rows.as_deref(),
        cols.as_deref(),
        desc.replace,
    )
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn assign_matches_the_model(
        (c, lists, a, m) in arb_case(),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        la in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        let (cm, mm) = (c.matrix(lc), m.matrix(lm));
        assign(&cm, use_mask.then_some(&mm), accum.as_ref(), &input(&a, &desc, la), indices(&lists.0), indices(&lists.1), &desc).unwrap();
        let expected = model(&c, use_mask.then_some(&m), accum.as_ref(), &OSource::Matrix(&a), &lists, &desc);
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn scalar_assign_matches_the_model(
        (c, lists, _a, m) in arb_case(),
        value in proptest::option::of(arb_value(TypeCode::Fp64)),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        lc in arb_layout(), lm in arb_layout(),
    ) {
        let (cm, mm) = (c.matrix(lc), m.matrix(lm));
        let mask = use_mask.then_some(&mm);
        let (rows, cols) = (indices(&lists.0), indices(&lists.1));
        match &value {
            Some(v) => assign_scalar(&cm, mask, accum.as_ref(), v, rows, cols, &desc).unwrap(),
            None => assign_scalar_object(&cm, mask, accum.as_ref(), &Scalar::new(&Type::FP64), rows, cols, &desc).unwrap(),
        }
        let expected = model(&c, use_mask.then_some(&m), accum.as_ref(), &OSource::Scalar(value), &lists, &desc);
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn vector_assign_matches_the_model(
        (w, list, u, m) in (0u64..9)
            .prop_flat_map(|n| (arb_matrix_dims(TypeCode::Fp32, n, 1, 7), arb_indices(n), arb_matrix_dims(TypeCode::Bool, n, 1, 7)))
            .prop_flat_map(|(w, list, m)| {
                let k = list_len(list.as_deref(), w.nrows);
                (Just(w), Just(list), arb_matrix_dims(TypeCode::Int64, k, 1, 7), Just(m))
            }),
        scalar in proptest::option::of(arb_value(TypeCode::Uint8)),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        lw in arb_layout(), lu in arb_layout(), lm in arb_layout(),
    ) {
        let (wv, mv) = (w.vector(lw), m.vector(lm));
        let mask = use_mask.then_some(&mv);
        let lists = (list, None);
        let src = match &scalar {
            Some(s) => {
                assign_vector_scalar(&wv, mask, accum.as_ref(), s, indices(&lists.0), &desc).unwrap();
                OSource::Scalar(Some(s.clone()))
            }
            None => {
                assign_vector(&wv, mask, accum.as_ref(), &u.vector(lu), indices(&lists.0), &desc).unwrap();
                OSource::Matrix(&u)
            }
        };
        let expected = model(&w, use_mask.then_some(&m), accum.as_ref(), &src, &lists, &Descriptor { transpose_first: false, ..desc });
        assert_matches(wv.as_matrix(), &expected, 0.0);
    }

    #[test]
    fn row_and_column_assign_match_the_model(
        (c, line, list, u, m, by_row) in (1u64..6, 1u64..6, any::<bool>())
            .prop_flat_map(|(r, k, by_row)| {
                let (lines, len) = if by_row { (r, k) } else { (k, r) };
                (arb_matrix_dims(TypeCode::Int32, r, k, 15), 0..lines, arb_indices(len), arb_matrix_dims(TypeCode::Fp64, len, 1, 5), Just(by_row))
            })
            .prop_flat_map(|(c, line, list, m, by_row)| {
                let len = if by_row { c.ncols } else { c.nrows };
                let n = list_len(list.as_deref(), len);
                (Just(c), Just(line), Just(list), arb_matrix_dims(TypeCode::Int16, n, 1, 5), Just(m), Just(by_row))
            }),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        lc in arb_layout(), lu in arb_layout(), lm in arb_layout(),
    ) {
        let cm = c.matrix(lc);
        let mv = m.vector(lm);
        let uv = u.vector(lu);
        let mask = use_mask.then_some(&mv);
        let spec_mask = SpecMask::new(use_mask.then_some(&m), &desc, m.nrows, 1);
        let expected = if by_row {
            assign_row(&cm, mask, accum.as_ref(), &uv, line, indices(&list), &desc).unwrap();
            oracle::assign::assign_row(&c, &spec_mask, accum.as_ref(), &u, line, list.as_deref(), desc.replace)
        } else {
            assign_col(&cm, mask, accum.as_ref(), &uv, indices(&list), line, &desc).unwrap();
            oracle::assign::assign_col(&c, &spec_mask, accum.as_ref(), &u, list.as_deref(), line, desc.replace)
        };
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn assigning_from_the_output_is_aliasing_safe(
        (c, p, q) in (0u64..6).prop_flat_map(|n| (
            arb_matrix_dims(TypeCode::Int32, n, n, 20),
            Just((0..n).collect::<Vec<u64>>()).prop_shuffle(),
            proptest::collection::vec(0..n.max(1), n as usize),
        )),
        value in arb_value(TypeCode::Int32),
        accum in arb_accum(),
        desc in arb_descriptor(),
        lc in arb_layout(),
    ) {
        // C<C>(p, q) = accum(C(p, q), C~), then C<C>(p, q) = value.
        let cm = c.matrix(lc);
        let at = if desc.transpose_first { c.transpose() } else { c.clone() };
        let lists = (Some(p.clone()), Some(q.clone()));
        assign(&cm, Some(&cm), accum.as_ref(), &cm, Indices::List(&p), Indices::List(&q), &desc).unwrap();
        let once = model(&c, Some(&c), accum.as_ref(), &OSource::Matrix(&at), &lists, &desc);
        assert_matches(&cm, &once, 0.0);
        assign_scalar(&cm, Some(&cm), accum.as_ref(), &value, Indices::List(&p), Indices::List(&q), &desc).unwrap();
        let twice = model(&once, Some(&once), accum.as_ref(), &OSource::Scalar(Some(value)), &lists, &desc);
        assert_matches(&cm, &twice, 0.0);
    }
}

#[test]
fn large_regions_without_mask_or_accumulator() {
    // Regions above the pending-update threshold go through the kernel.
    let mut c = OMatrix::new(&Type::INT32, 30, 30);
    for k in 0..40u64 {
        c.set((k * 7) % 30, (k * 11) % 30, Value::new(k as i32));
    }
    let rows: Vec<u64> = (0..30).rev().collect();
    let cols: Vec<u64> = (0..30).map(|k| (k * 7) % 30).chain([3, 3]).collect();
    let lists = (Some(rows.clone()), None);
    let mut a = OMatrix::new(&Type::INT32, 30, 30);
    a.set(4, 5, Value::new(-1i32));
    let d = Descriptor::default();
    for layout in Layout::ALL {
        let cm = c.matrix(layout);
        assign_scalar(
            &cm,
            None,
            None,
            &Value::new(2.5f64),
            Indices::List(&rows),
            Indices::All,
            &d,
        )
        .unwrap();
        let expected = model(
            &c,
            None,
            None,
            &OSource::Scalar(Some(Value::new(2.5f64))),
            &lists,
            &d,
        );
        assert_matches(&cm, &expected, 0.0);
        let cm = c.matrix(layout);
        assign_scalar_object(
            &cm,
            None,
            None,
            &Scalar::new(&Type::INT8),
            Indices::All,
            Indices::List(&cols),
            &d,
        )
        .unwrap();
        let none = (None, Some(cols.clone()));
        let expected = model(&c, None, None, &OSource::Scalar(None), &none, &d);
        assert_matches(&cm, &expected, 0.0);
        let cm = c.matrix(layout);
        assign(
            &cm,
            None,
            None,
            &a.matrix(layout),
            Indices::List(&rows),
            Indices::All,
            &d,
        )
        .unwrap();
        let expected = model(&c, None, None, &OSource::Matrix(&a), &lists, &d);
        assert_matches(&cm, &expected, 0.0);
    }
}

#[test]
fn huge_hypersparse_assign() {
    let big = INDEX_MAX + 1;
    let mut c = OMatrix::new(&Type::INT64, big, big);
    for (r, k, v) in [
        (0, 5, 1i64),
        (big - 1, 0, 2),
        (big - 1, big - 1, 3),
        (7, big - 2, 4),
    ] {
        c.set(r, k, Value::new(v));
    }
    let mut m = OMatrix::new(&Type::BOOL, big, big);
    for (r, k) in [(0, 5), (3, 3), (big - 1, big - 1), (7, 7)] {
        m.set(r, k, Value::new(true));
    }
    let mut a = OMatrix::new(&Type::INT64, 3, 2);
    a.set(0, 1, Value::new(10i64));
    a.set(2, 0, Value::new(20i64));
    let lists = (Some(vec![big - 1, 7, 3]), Some(vec![big - 2, 0]));
    let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int64).unwrap();
    let structural = Descriptor {
        mask_structural: true,
        ..Descriptor::default()
    };
    let replace = Descriptor {
        replace: true,
        ..structural
    };
    for layout in Layout::ALL {
        for desc in [structural, replace] {
            // C<M, struct>(:, :) = 9, over a 2^60 x 2^60 matrix.
            let cm = c.matrix(layout);
            assign_scalar(
                &cm,
                Some(&m.matrix(layout)),
                Some(&plus),
                &Value::new(9i64),
                Indices::All,
                Indices::All,
                &desc,
            )
            .unwrap();
            let all = (None, None);
            let expected = model(
                &c,
                Some(&m),
                Some(&plus),
                &OSource::Scalar(Some(Value::new(9i64))),
                &all,
                &desc,
            );
            assert_matches(&cm, &expected, 0.0);
            // C<M>(I, J) = A.
            let cm = c.matrix(layout);
            assign(
                &cm,
                Some(&m.matrix(layout)),
                None,
                &a.matrix(layout),
                indices(&lists.0),
                indices(&lists.1),
                &desc,
            )
            .unwrap();
            let expected = model(&c, Some(&m), None, &OSource::Matrix(&a), &lists, &desc);
            assert_matches(&cm, &expected, 0.0);
        }
    }
    // Empty regions along a huge dimension: nothing assigned, replace still
    // clears what the mask does not cover.
    for layout in Layout::ALL {
        for desc in [Descriptor::default(), replace] {
            let none: Lists = (None, Some(vec![]));
            let cm = c.matrix(layout);
            let mask = (desc.replace).then(|| m.matrix(layout));
            assign_scalar(
                &cm,
                mask.as_ref(),
                None,
                &Value::new(1i64),
                Indices::All,
                Indices::List(&[]),
                &desc,
            )
            .unwrap();
            let src = OSource::Scalar(Some(Value::new(1i64)));
            let expected = model(&c, desc.replace.then_some(&m), None, &src, &none, &desc);
            assert_matches(&cm, &expected, 0.0);
        }
    }
    // A BFS step on a huge vector: v<q, struct> = level.
    let mut v = OMatrix::new(&Type::INT32, big, 1);
    v.set(0, 0, Value::new(0i32));
    v.set(big - 1, 0, Value::new(1i32));
    let mut q = OMatrix::new(&Type::BOOL, big, 1);
    q.set(5, 0, Value::new(true));
    q.set(big - 2, 0, Value::new(true));
    for layout in Layout::ALL {
        let vv = v.vector(layout);
        assign_vector_scalar(
            &vv,
            Some(&q.vector(layout)),
            None,
            &Value::new(2i32),
            Indices::All,
            &structural,
        )
        .unwrap();
        let expected = model(
            &v,
            Some(&q),
            None,
            &OSource::Scalar(Some(Value::new(2i32))),
            &(None, None),
            &structural,
        );
        assert_matches(vv.as_matrix(), &expected, 0.0);
        assert_eq!(vv.nvals().unwrap(), 4);
        // The complemented mask would fill 2^60 entries: out of memory, unchanged.
        let comp = Descriptor {
            mask_complement: true,
            ..structural
        };
        let err = assign_vector_scalar(
            &vv,
            Some(&q.vector(layout)),
            None,
            &Value::new(3i32),
            Indices::All,
            &comp,
        )
        .unwrap_err();
        assert_eq!(err.info, Info::OutOfMemory);
        // So would v(0 : 2^50) = s and v(:) = s.
        let head = Vector::new(&Type::INT32, 1 << 50).unwrap();
        let err = assign_vector_scalar(
            &head,
            Some(&Vector::new(&Type::BOOL, 1 << 50).unwrap()),
            None,
            &Value::new(3i32),
            Indices::All,
            &comp,
        )
        .unwrap_err();
        assert_eq!(err.info, Info::OutOfMemory);
        let err = assign_vector_scalar(
            &vv,
            None,
            None,
            &Value::new(3i32),
            Indices::All,
            &Descriptor::default(),
        )
        .unwrap_err();
        assert_eq!(err.info, Info::OutOfMemory);
        assert_matches(vv.as_matrix(), &expected, 0.0);
    }
}

#[test]
fn errors_leave_the_output_unchanged() {
    let mut c0 = OMatrix::new(&Type::INT32, 3, 4);
    c0.set(1, 2, Value::new(5i32));
    let cm = c0.matrix(Layout::ALL[3]);
    let a = Matrix::new(&Type::INT32, 2, 2).unwrap();
    let d = Descriptor::default();
    let err = |r: graphblas::Result<()>| r.unwrap_err().info;
    let two = Indices::List(&[0, 1]);
    let v = Value::new(1i32);

    assert_eq!(
        err(assign(&cm, None, None, &a, Indices::List(&[0, 3]), two, &d)),
        Info::IndexOutOfBounds
    );
    assert_eq!(
        err(assign(&cm, None, None, &a, two, Indices::List(&[4, 0]), &d)),
        Info::IndexOutOfBounds
    );
    assert_eq!(
        err(assign_scalar(
            &cm,
            None,
            None,
            &v,
            Indices::List(&[9]),
            Indices::All,
            &d
        )),
        Info::IndexOutOfBounds
    );
    assert_eq!(
        err(assign(&cm, None, None, &a, Indices::All, two, &d)),
        Info::DimensionMismatch
    );
    assert_eq!(
        err(assign(&cm, None, None, &a, two, Indices::List(&[0]), &d)),
        Info::DimensionMismatch
    );
    let bad_mask = Matrix::new(&Type::BOOL, 4, 3).unwrap();
    assert_eq!(
        err(assign(&cm, Some(&bad_mask), None, &a, two, two, &d)),
        Info::DimensionMismatch
    );
    let udt = Type::user("pair", 8);
    let ua = Matrix::new(&udt, 2, 2).unwrap();
    assert_eq!(
        err(assign(&cm, None, None, &ua, two, two, &d)),
        Info::DomainMismatch
    );
    let uvalue = Value::from_bytes(&udt, &[0; 8]);
    assert_eq!(
        err(assign_scalar(&cm, None, None, &uvalue, two, two, &d)),
        Info::DomainMismatch
    );
    let umask = Matrix::new(&udt, 3, 4).unwrap();
    assert_eq!(
        err(assign_scalar(&cm, Some(&umask), None, &v, two, two, &d)),
        Info::DomainMismatch
    );
    let plus8 = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int8).unwrap();
    assert_eq!(
        err(assign(&cm, None, Some(&plus8), &ua, two, two, &d)),
        Info::DomainMismatch
    );
    assert_matches(&cm, &c0, 0.0);

    // Row and column variants: the line index is GrB_INVALID_INDEX.
    let u = Vector::new(&Type::INT32, 2).unwrap();
    assert_eq!(
        err(assign_row(&cm, None, None, &u, 3, two, &d)),
        Info::InvalidIndex
    );
    assert_eq!(
        err(assign_col(&cm, None, None, &u, two, 4, &d)),
        Info::InvalidIndex
    );
    assert_eq!(
        err(assign_row(
            &cm,
            None,
            None,
            &u,
            0,
            Indices::List(&[0, 4]),
            &d
        )),
        Info::IndexOutOfBounds
    );
    assert_eq!(
        err(assign_col(
            &cm,
            None,
            None,
            &u,
            Indices::List(&[3, 0]),
            0,
            &d
        )),
        Info::IndexOutOfBounds
    );
    assert_eq!(
        err(assign_row(&cm, None, None, &u, 0, Indices::All, &d)),
        Info::DimensionMismatch
    );
    let short_mask = Vector::new(&Type::BOOL, 3).unwrap();
    assert_eq!(
        err(assign_row(&cm, Some(&short_mask), None, &u, 0, two, &d)),
        Info::DimensionMismatch
    );
    assert_matches(&cm, &c0, 0.0);

    // Vector variants.
    let w = Vector::new(&Type::INT32, 3).unwrap();
    w.set_element(2, &v).unwrap();
    assert_eq!(
        err(assign_vector(
            &w,
            None,
            None,
            &u,
            Indices::List(&[3, 0]),
            &d
        )),
        Info::IndexOutOfBounds
    );
    assert_eq!(
        err(assign_vector(&w, None, None, &u, Indices::All, &d)),
        Info::DimensionMismatch
    );
    assert_eq!(
        err(assign_vector_scalar(
            &w,
            None,
            None,
            &v,
            Indices::List(&[3]),
            &d
        )),
        Info::IndexOutOfBounds
    );
    assert_eq!(
        err(assign_vector_scalar_object(
            &w,
            None,
            None,
            &Scalar::new(&udt),
            Indices::All,
            &d
        )),
        Info::DomainMismatch
    );
    assert_eq!(w.nvals().unwrap(), 1);
}

#[test]
fn a_missing_complemented_mask_writes_nothing() {
    let mut c = OMatrix::new(&Type::INT32, 3, 3);
    c.set(0, 0, Value::new(1i32));
    c.set(1, 2, Value::new(2i32));
    c.set(2, 1, Value::new(3i32));
    let comp = Descriptor {
        mask_complement: true,
        ..Descriptor::default()
    };
    let replace = Descriptor {
        replace: true,
        ..comp
    };
    let u = OMatrix::new(&Type::INT32, 2, 1).vector(Layout::ALL[0]);
    for layout in Layout::ALL {
        let cm = c.matrix(layout);
        assign_scalar(
            &cm,
            None,
            None,
            &Value::new(7i32),
            Indices::All,
            Indices::List(&[1]),
            &comp,
        )
        .unwrap();
        assert_matches(&cm, &c, 0.0);
        // With replace, GrB_assign clears everything; GrB_Row_assign the row only.
        assign_row(&cm, None, None, &u, 1, Indices::List(&[0, 1]), &replace).unwrap();
        let mut row_cleared = c.clone();
        row_cleared.entries.remove(&(1, 2));
        assert_matches(&cm, &row_cleared, 0.0);
        assign_scalar(
            &cm,
            None,
            None,
            &Value::new(7i32),
            Indices::List(&[0]),
            Indices::List(&[0]),
            &replace,
        )
        .unwrap();
        assert_eq!(cm.nvals().unwrap(), 0);
    }
}

#[test]
fn repeated_indices_take_the_last_occurrence() {
    // w(I) = u with I = [2, 0, 2]: w(2) = u(2), w(0) = u(1); u(0) is ignored,
    // and where u has no entry at the last occurrence the target is deleted.
    let w = Vector::new(&Type::INT32, 3).unwrap();
    for k in 0..3 {
        w.set_element(k, &Value::new(100 + k as i32)).unwrap();
    }
    let u = Vector::new(&Type::INT32, 3).unwrap();
    u.set_element(0, &Value::new(1i32)).unwrap();
    u.set_element(1, &Value::new(2i32)).unwrap();
    assign_vector(
        &w,
        None,
        None,
        &u,
        Indices::List(&[2, 0, 2]),
        &Descriptor::default(),
    )
    .unwrap();
    let (idx, vals) = w.extract_tuples().unwrap();
    assert_eq!(idx, vec![0, 1]);
    assert_eq!(vals.as_slice::<i32>().unwrap(), &[2, 101]);
    // With MIN as accumulator the duplicates are still not combined (SuiteSparse).
    let x = Vector::new(&Type::INT32, 1).unwrap();
    let y = Vector::new(&Type::INT32, 2).unwrap();
    y.set_element(0, &Value::new(5i32)).unwrap();
    y.set_element(1, &Value::new(7i32)).unwrap();
    let min = BinaryOp::builtin(BinaryCode::Min, TypeCode::Int32).unwrap();
    assign_vector(
        &x,
        None,
        Some(&min),
        &y,
        Indices::List(&[0, 0]),
        &Descriptor::default(),
    )
    .unwrap();
    assert_eq!(x.extract_element(0).unwrap().unwrap().get::<i32>(), Some(7));
}

#[test]
fn user_defined_types() {
    let pair = Type::user("pair", 8);
    let v = |a: i32, b: i32| {
        let mut bytes = a.to_ne_bytes().to_vec();
        bytes.extend_from_slice(&b.to_ne_bytes());
        Value::from_bytes(&pair, &bytes)
    };
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
    let mut c = OMatrix::new(&pair, 3, 3);
    c.set(0, 0, v(1, 1));
    c.set(2, 1, v(2, 2));
    c.set(1, 1, v(9, 9));
    let mut a = OMatrix::new(&pair, 2, 2);
    a.set(0, 1, v(10, 20));
    a.set(1, 1, v(30, 40));
    let mut m = OMatrix::new(&pair, 3, 3);
    for (r, k) in [(0, 0), (2, 1), (0, 1), (1, 2)] {
        m.set(r, k, v(0, 0));
    }
    let lists = (Some(vec![2, 0]), Some(vec![0, 1]));
    for replace in [false, true] {
        let desc = Descriptor {
            mask_structural: true,
            replace,
            ..Descriptor::default()
        };
        for layout in Layout::ALL {
            let cm = c.matrix(layout);
            assign(
                &cm,
                Some(&m.matrix(layout)),
                Some(&add),
                &a.matrix(layout),
                indices(&lists.0),
                indices(&lists.1),
                &desc,
            )
            .unwrap();
            let expected = model(
                &c,
                Some(&m),
                Some(&add),
                &OSource::Matrix(&a),
                &lists,
                &desc,
            );
            assert_matches(&cm, &expected, 0.0);
            let cm = c.matrix(layout);
            assign_scalar(
                &cm,
                Some(&m.matrix(layout)),
                None,
                &v(7, 8),
                Indices::All,
                indices(&lists.1),
                &desc,
            )
            .unwrap();
            let expected = model(
                &c,
                Some(&m),
                None,
                &OSource::Scalar(Some(v(7, 8))),
                &(None, lists.1.clone()),
                &desc,
            );
            assert_matches(&cm, &expected, 0.0);
        }
    }
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let n = 300_000u64;
    let mut w = OMatrix::new(&Type::INT32, n, 1);
    let mut q = OMatrix::new(&Type::BOOL, n, 1);
    for k in 0..n {
        if k % 3 == 0 {
            w.set(k, 0, Value::new((k % 11) as i32));
        }
        if k % 5 != 1 {
            q.set(k, 0, Value::new(k % 7 != 0));
        }
    }
    let list: Vec<u64> = (0..n / 2).map(|k| (k * 7919) % n).collect();
    let mut u = OMatrix::new(&Type::INT32, n / 2, 1);
    for k in (0..n / 2).step_by(2) {
        u.set(k, 0, Value::new(-(k as i32)));
    }
    let mut c = OMatrix::new(&Type::FP64, 500, 500);
    for k in 0..90_000u64 {
        c.set(k % 500, (7 * (k / 500) + 3 * k) % 500, Value::new(k as f64));
    }
    let mut a = OMatrix::new(&Type::FP64, 300, 400);
    for k in 0..50_000u64 {
        a.set(
            k % 300,
            (7 * (k / 300) + 3 * k) % 400,
            Value::new(-(k as f64)),
        );
    }
    let rows: Vec<u64> = (0..300).map(|k| (k * 37) % 500).collect();
    let cols: Vec<u64> = (0..400).map(|k| (k * 3) % 500).collect();
    let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
    let desc = Descriptor {
        replace: true,
        ..Descriptor::default()
    };
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let wv = w.vector(Layout::ALL[1]);
            assign_vector_scalar(
                &wv,
                Some(&q.vector(Layout::ALL[1])),
                Some(&plus),
                &Value::new(3i32),
                Indices::All,
                &desc,
            )
            .unwrap();
            let wv2 = w.vector(Layout::ALL[1]);
            assign_vector(
                &wv2,
                None,
                None,
                &u.vector(Layout::ALL[1]),
                Indices::List(&list),
                &Descriptor::default(),
            )
            .unwrap();
            let cm = c.matrix(Layout::ALL[0]);
            assign(
                &cm,
                Some(&cm),
                None,
                &a.matrix(Layout::ALL[0]),
                Indices::List(&rows),
                Indices::List(&cols),
                &desc,
            )
            .unwrap();
            (
                OMatrix::of_vector(&wv),
                OMatrix::of_vector(&wv2),
                OMatrix::of(&cm),
            )
        })
    };
    let one = run(1);
    assert_eq!(one, run(4));
    let scalar = OSource::Scalar(Some(Value::new(3i32)));
    assert_eq!(
        one.0,
        model(&w, Some(&q), Some(&plus), &scalar, &(None, None), &desc)
    );
    let lists = (Some(list.clone()), None);
    assert_eq!(
        one.1,
        model(
            &w,
            None,
            None,
            &OSource::Matrix(&u),
            &lists,
            &Descriptor::default()
        )
    );
    let lists = (Some(rows.clone()), Some(cols.clone()));
    assert_eq!(
        one.2,
        model(&c, Some(&c), None, &OSource::Matrix(&a), &lists, &desc)
    );
}

/// One deletion in [`deleting_rows_and_columns_matches_the_model`].
#[derive(Clone, Debug)]
enum Deletion {
    /// `C(i, :) = ` an empty `1 × n` matrix.
    Row(u64),
    /// `C(:, j) = ` an empty vector (`GrB_Col_assign`).
    Col(u64),
    /// `C(rows, :) = ` an empty `GrB_Scalar`.
    Rows(Vec<u64>),
    /// `C(i, j) = 7` by `setElement` (a pending value).
    Set(u64, u64),
}

proptest! {
    #![proptest_config(config(60))]

    /// Rows and columns deleted by assigning nothing, one after another,
    /// with element updates and reads between: found by search and removed
    /// as pending updates when few, merged otherwise.
    #[test]
    fn deleting_rows_and_columns_matches_the_model(
        c in arb_matrix_dims(TypeCode::Int32, 300, 300, 1500),
        steps in proptest::collection::vec(
            prop_oneof![
                (0u64..300).prop_map(Deletion::Row),
                (0u64..300).prop_map(Deletion::Col),
                proptest::collection::vec(0u64..300, 0..120).prop_map(Deletion::Rows),
                (0u64..300, 0u64..300).prop_map(|(i, j)| Deletion::Set(i, j)),
            ],
            1..10,
        ),
        reads in proptest::collection::vec(any::<bool>(), 10),
        lc in arb_layout(),
    ) {
        let n = 300;
        let cm = c.matrix(lc);
        let mut model = c.clone();
        let none = Descriptor::default();
        let int32 = Type::INT32;
        for (step, read) in steps.iter().zip(reads) {
            match step {
                Deletion::Row(i) => {
                    let empty = Matrix::new(&int32, 1, n).unwrap();
                    assign(&cm, None, None, &empty, Indices::List(&[*i]), Indices::All, &none).unwrap();
                    model.entries.retain(|&(r, _), _| r != *i);
                }
                Deletion::Col(j) => {
                    let empty = Vector::new(&int32, n).unwrap();
                    assign_col(&cm, None, None, &empty, Indices::All, *j, &none).unwrap();
                    model.entries.retain(|&(_, c), _| c != *j);
                }
                Deletion::Rows(rows) => {
                    assign_scalar_object(&cm, None, None, &Scalar::new(&int32), Indices::List(rows), Indices::All, &none).unwrap();
                    model.entries.retain(|&(r, _), _| !rows.contains(&r));
                }
                Deletion::Set(i, j) => {
                    cm.set_element(*i, *j, &Value::new(7i32)).unwrap();
                    model.set(*i, *j, Value::new(7i32));
                }
            }
            if read {
                prop_assert_eq!(cm.nvals().unwrap(), model.entries.len());
            }
        }
        assert_matches(&cm, &model, 0.0);
    }
}
