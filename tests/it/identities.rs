//! Algebraic identities from the spec's mathematics chapter, checked on
//! random matrices in every storage layout (the operation-specific identities,
//! commutativity, associativity and extract with permutations, live with their
//! operations in `ewise.rs` and `extract.rs`):
//!
//! * `A ⊗ (B ⊕ C) = (A ⊗ B) ⊕ (A ⊗ C)` for matrix multiply over integer
//!   semirings whose multiply distributes over their add;
//! * `transpose(transpose(A)) = A`;
//! * `build(extractTuples(A)) = A`.

use crate::oracle;

use graphblas::raw::algebra::{BinaryCode, BinaryOp, Semiring, Type, TypeCode};
use graphblas::raw::object::{Descriptor, Matrix};
use graphblas::raw::ops::ewise::ewise_add;
use graphblas::raw::ops::mxm::mxm;
use graphblas::raw::ops::transpose::transpose;
use oracle::*;
use proptest::prelude::*;

/// Integer semirings `⊕.⊗` where `⊗` distributes over `⊕` exactly (wrapping
/// integer arithmetic is a ring; min/max distribute over plus and each other).
fn arb_distributive() -> impl Strategy<Value = (BinaryCode, BinaryCode)> {
    use BinaryCode::*;
    proptest::sample::select(vec![
        (Plus, Times),
        (Min, Plus),
        (Max, Plus),
        (Max, Min),
        (Min, Max),
    ])
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn multiply_distributes_over_add(
        [a, b, c] in (0u64..6, 0u64..6, 0u64..6).prop_flat_map(|(m, k, n)| [
            arb_matrix_dims(TypeCode::Int32, m, k, 20),
            arb_matrix_dims(TypeCode::Int32, k, n, 20),
            arb_matrix_dims(TypeCode::Int32, k, n, 20),
        ]),
        (add, mul) in arb_distributive(),
        la in arb_layout(), lb in arb_layout(), lc in arb_layout(),
    ) {
        let semiring = Semiring::builtin(add, mul, TypeCode::Int32).unwrap();
        let plus = BinaryOp::builtin(add, TypeCode::Int32).unwrap();
        let d = Descriptor::default();
        let (am, bm, cm) = (a.matrix(la), b.matrix(lb), c.matrix(lc));
        let new = |r, k| Matrix::new(&Type::INT32, r, k).unwrap();
        let (m, n) = (a.nrows, b.ncols);
        // Left: A ⊗ (B ⊕ C).
        let (b_c, left) = (new(b.nrows, n), new(m, n));
        ewise_add(&b_c, None, None, &plus, &bm, &cm, &d).unwrap();
        mxm(&left, None, None, &semiring, &am, &b_c, &d).unwrap();
        // Right: (A ⊗ B) ⊕ (A ⊗ C).
        let (ab, ac, right) = (new(m, n), new(m, n), new(m, n));
        mxm(&ab, None, None, &semiring, &am, &bm, &d).unwrap();
        mxm(&ac, None, None, &semiring, &am, &cm, &d).unwrap();
        ewise_add(&right, None, None, &plus, &ab, &ac, &d).unwrap();
        assert_matches(&left, &OMatrix::of(&right), 0.0);
    }

    #[test]
    fn transposing_twice_gives_the_input(
        a in (arb_type(), 0u64..8, 0u64..8).prop_flat_map(|(t, r, c)| arb_matrix_dims(t, r, c, 30)),
        la in arb_layout(),
    ) {
        let am = a.matrix(la);
        let at = Matrix::new(&a.ty, a.ncols, a.nrows).unwrap();
        let att = Matrix::new(&a.ty, a.nrows, a.ncols).unwrap();
        transpose(&at, None, None, &am, &Descriptor::default()).unwrap();
        transpose(&att, None, None, &at, &Descriptor::default()).unwrap();
        assert_matches(&att, &a, 0.0);
    }

    #[test]
    fn building_from_extracted_tuples_gives_the_input(
        a in (arb_type(), 0u64..8, 0u64..8).prop_flat_map(|(t, r, c)| arb_matrix_dims(t, r, c, 30)),
        la in arb_layout(),
    ) {
        let (rows, cols, vals) = a.matrix(la).extract_tuples().unwrap();
        let rebuilt = Matrix::new(&a.ty, a.nrows, a.ncols).unwrap();
        rebuilt.build(&rows, &cols, vals, None).unwrap();
        assert_matches(&rebuilt, &a, 0.0);
    }
}
