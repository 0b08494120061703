//! `GrB_transpose` and the write-back, against the oracle: every mask kind,
//! accumulator, replace and input layout, including aliasing.

use crate::oracle;

use graphblas::raw::algebra::{BinaryCode, BinaryOp, TypeCode};
use graphblas::raw::object::Descriptor;
use graphblas::raw::ops::transpose::transpose;
use oracle::*;
use proptest::prelude::*;

fn arb_accum() -> impl Strategy<Value = Option<BinaryOp>> {
    prop_oneof![
        Just(None),
        Just(BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32)),
        Just(BinaryOp::builtin(BinaryCode::Minus, TypeCode::Fp64)),
        Just(BinaryOp::builtin(BinaryCode::Second, TypeCode::Int8)),
        Just(BinaryOp::builtin(BinaryCode::Lt, TypeCode::Int16)),
    ]
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn transpose_matches_the_model(
        (a, c, m) in (1u64..6, 1u64..6).prop_flat_map(|(r, k)| (
            arb_matrix_dims(TypeCode::Int16, r, k, 15),
            arb_matrix_dims(TypeCode::Int32, k, r, 15),
            arb_matrix_dims(TypeCode::Uint8, k, r, 15),
        )),
        use_mask in any::<bool>(),
        accum in arb_accum(),
        desc in arb_descriptor(),
        la in arb_layout(), lc in arb_layout(), lm in arb_layout(),
    ) {
        let desc = Descriptor { transpose_first: false, ..desc };
        let cm = c.matrix(lc);
        let am = a.matrix(la);
        let mm = m.matrix(lm);
        transpose(&cm, use_mask.then_some(&mm), accum.as_ref(), &am, &desc).unwrap();
        let mask = SpecMask::new(use_mask.then_some(&m), &desc, c.nrows, c.ncols);
        let expected = write(&c, mask.omask().as_ref(), accum.as_ref(), desc.replace, &a.transpose());
        assert_matches(&cm, &expected, 0.0);
    }

    #[test]
    fn transpose_in_place_is_aliasing_safe(a in (0u64..6).prop_flat_map(|n| arb_matrix_dims(TypeCode::Fp32, n, n, 20)), la in arb_layout()) {
        let am = a.matrix(la);
        transpose(&am, Some(&am), None, &am, &Descriptor { mask_structural: true, ..Descriptor::default() }).unwrap();
        let omask = OMask { m: &a, structural: true, complement: false };
        let expected = write(&a, Some(&omask), None, false, &a.transpose());
        assert_matches(&am, &expected, 0.0);
    }
}

#[test]
fn transposing_with_inp0_transposed_copies() {
    let a = OMatrix::new(&graphblas::raw::algebra::Type::INT8, 2, 3);
    let am = a.matrix(Layout::ALL[0]);
    let c = OMatrix::new(&graphblas::raw::algebra::Type::INT8, 2, 3).matrix(Layout::ALL[1]);
    transpose(
        &c,
        None,
        None,
        &am,
        &Descriptor {
            transpose_first: true,
            ..Descriptor::default()
        },
    )
    .unwrap();
    assert_matches(&c, &a, 0.0);
    let wrong = OMatrix::new(&graphblas::raw::algebra::Type::INT8, 3, 3).matrix(Layout::ALL[0]);
    let err = transpose(&wrong, None, None, &am, &Descriptor::default()).unwrap_err();
    assert_eq!(err.info, graphblas::Info::DimensionMismatch);
}
