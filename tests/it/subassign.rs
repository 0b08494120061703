//! SuiteSparse's `GxB_subassign` against the oracle: `C(I, J)<M> = accum(C(I,
//! J), A)` with a mask of the submatrix's size is the spec's assign through
//! the full-size mask that is `M(k, l)` at `(I[k], J[l])` (last occurrences)
//! and true everywhere else, so `GrB_REPLACE` only clears inside `C(I, J)`.
//! Every mask kind, accumulator, replace and transpose, repeats, every layout.

use crate::oracle;

use graphblas::raw::algebra::{BinaryOp, Type, TypeCode, Value};
use graphblas::raw::object::{Descriptor, Matrix, Scalar};
use graphblas::raw::ops::subassign::*;
use oracle::assign::{Last, OSource};
use oracle::extract::{arb_accum, arb_indices, indices, list_len};
use oracle::*;
use proptest::prelude::*;

type Lists = (Option<Vec<u64>>, Option<Vec<u64>>);

/// An output, lists over it, `Ã` and a mask of the selected size.
fn arb_case() -> impl Strategy<Value = (OMatrix, Lists, OMatrix, OMatrix)> {
    (0u64..6, 0u64..6)
        .prop_flat_map(|(r, c)| {
            (
                arb_matrix_dims(TypeCode::Int32, r, c, 15),
                arb_indices(r),
                arb_indices(c),
            )
        })
        .prop_flat_map(|(c, rows, cols)| {
            let nr = list_len(rows.as_deref(), c.nrows);
            let nc = list_len(cols.as_deref(), c.ncols);
            (
                Just(c),
                Just((rows, cols)),
                arb_matrix_dims(TypeCode::Int16, nr, nc, 12),
                arb_matrix_dims(TypeCode::Uint8, nr, nc, 12),
            )
        })
}

/// The model: the spec's assign through the expanded full-size mask.
fn model(
    c: &OMatrix,
    m: Option<&OMatrix>,
    accum: Option<&BinaryOp>,
    src: &OSource,
    (rows, cols): &Lists,
    desc: &Descriptor,
) -> OMatrix {
    let (last_row, last_col) = (
        Last::new(rows.as_deref(), c.nrows),
        Last::new(cols.as_deref(), c.ncols),
    );
    let mut big = OMatrix::new(&Type::BOOL, c.nrows, c.ncols);
    for r in 0..c.nrows {
        for col in 0..c.ncols {
            let allows = match (last_row.get(r), last_col.get(col)) {
                (Some(k), Some(l)) => match m {
                    Some(m) => OMask {
                        m,
                        structural: desc.mask_structural,
                        complement: desc.mask_complement,
                    }
                    .allows(k, l),
                    None => !desc.mask_complement,
                },
                _ => true,
            };
            big.set(r, col, Value::new(allows));
        }
    }
    let plain = Descriptor::default();
    let mask = SpecMask::new(Some(&big), &plain, c.nrows, c.ncols);
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
    fn subassign_matches_the_model(
        (c, lists, a, m) in arb_case(),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        la in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        let (cm, mm) = (c.matrix(lc), m.matrix(lm));
        let am: Matrix = if desc.transpose_first { a.transpose().matrix(la) } else { a.matrix(la) };
        assign(&cm, use_mask.then_some(&mm), accum.as_ref(), &am, indices(&lists.0), indices(&lists.1), &desc).unwrap();
        let expected = model(&c, use_mask.then_some(&m), accum.as_ref(), &OSource::Matrix(&a), &lists, &desc);
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn scalar_subassign_matches_the_model(
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
    fn vector_subassign_matches_the_model(
        (c, lists, a, m) in arb_case().prop_filter("one column", |(c, _, a, _)| c.ncols == 1 && a.ncols == 1),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        lc in arb_layout(), lm in arb_layout(),
    ) {
        let desc = Descriptor { transpose_first: false, ..desc };
        let (w, mv, u) = (c.vector(lc), m.vector(lm), a.vector(lc));
        let lists = (lists.0, None);
        assign_vector(&w, use_mask.then_some(&mv), accum.as_ref(), &u, indices(&lists.0), &desc).unwrap();
        let expected = model(&c, use_mask.then_some(&m), accum.as_ref(), &OSource::Matrix(&a), &lists, &desc);
        assert_matches(w.as_matrix(), &expected, 0.0);
    }
}

#[test]
fn a_mask_of_the_wrong_size_leaves_the_output_unchanged() {
    let c = OMatrix::new(&Type::INT32, 4, 4);
    let cm = c.matrix(Layout::Sparse(graphblas::Orientation::ByRow));
    cm.set_element(0, 0, &Value::new(7i32)).unwrap();
    let a = Matrix::new(&Type::INT32, 2, 2).unwrap();
    let full_size_mask = Matrix::new(&Type::BOOL, 4, 4).unwrap();
    let rows = [0u64, 1];
    let err = assign(
        &cm,
        Some(&full_size_mask),
        None,
        &a,
        graphblas::raw::ops::indices::Indices::List(&rows),
        graphblas::raw::ops::indices::Indices::List(&rows),
        &Descriptor::default(),
    )
    .unwrap_err();
    assert_eq!(err.info, graphblas::Info::DimensionMismatch);
    assert_eq!(cm.nvals().unwrap(), 1);
}
