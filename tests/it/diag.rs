//! `GrB_Matrix_diag`, `GxB_Matrix_diag` and `GxB_Vector_diag` against the
//! oracle: every layout, every diagonal in and around the matrix, typecasts,
//! errors, and dimensions near 2^60.

use crate::oracle;

use graphblas::raw::algebra::{Type, Value};
use graphblas::raw::object::{Descriptor, Matrix, Vector, INDEX_MAX};
use graphblas::raw::ops::diag::{diagonal_length, matrix_diag, matrix_diag_into, vector_diag};
use graphblas::Info;
use graphblas::Orientation;
use oracle::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn matrix_diag_matches_the_model(
        v in (0u64..8, arb_type()).prop_flat_map(|(n, t)| arb_matrix_dims(t, n, 1, 8)),
        k in -10i64..10, lv in arb_layout(), orient in any::<bool>(), cty in arb_type(),
    ) {
        let vv = v.vector(lv);
        let c = matrix_diag(&vv, k).unwrap();
        let expected = oracle::diag::matrix_diag(&v, k);
        assert_matches(&c, &expected, 0.0);

        let n = v.nrows + k.unsigned_abs();
        let orient = if orient { Orientation::ByRow } else { Orientation::ByCol };
        let c = Matrix::new_oriented(&Type::builtin(cty), n, n, orient).unwrap();
        c.set_element(0, 0, &Value::new(1i8)).ok();
        matrix_diag_into(&c, &vv, k, &Descriptor::default()).unwrap();
        assert_matches(&c, &expected.cast(&Type::builtin(cty)), 0.0);
    }

    #[test]
    fn vector_diag_matches_the_model(
        a in (0u64..7, 0u64..7, arb_type()).prop_flat_map(|(r, c, t)| arb_matrix_dims(t, r, c, 30)),
        k in -9i64..9, la in arb_layout(), vty in arb_type(),
    ) {
        let len = diagonal_length(a.nrows, a.ncols, k);
        let v = Vector::new(&Type::builtin(vty), len).unwrap();
        if len > 0 {
            v.set_element(0, &Value::new(3i8)).unwrap();
        }
        vector_diag(&v, &a.matrix(la), k, &Descriptor::default()).unwrap();
        let expected = oracle::diag::vector_diag(&a, k, len).cast(&Type::builtin(vty));
        assert_matches(v.as_matrix(), &expected, 0.0);
        // A vector of any other length is a dimension mismatch.
        let wrong = Vector::new(&Type::builtin(vty), len + 1).unwrap();
        let e = vector_diag(&wrong, &a.matrix(la), k, &Descriptor::default()).unwrap_err();
        prop_assert_eq!(e.info, Info::DimensionMismatch);
    }
}

#[test]
fn diagonal_lengths() {
    assert_eq!(diagonal_length(3, 5, 0), 3);
    assert_eq!(diagonal_length(3, 5, 2), 3);
    assert_eq!(diagonal_length(3, 5, 3), 2);
    assert_eq!(diagonal_length(3, 5, 5), 0);
    assert_eq!(diagonal_length(3, 5, -2), 1);
    assert_eq!(diagonal_length(3, 5, -3), 0);
    assert_eq!(diagonal_length(3, 5, i64::MIN), 0);
    assert_eq!(diagonal_length(3, 5, i64::MAX), 0);
    assert_eq!(diagonal_length(0, 0, 0), 0);
}

#[test]
fn errors() {
    let v = Vector::new(&Type::INT32, 4).unwrap();
    v.set_element(1, &Value::new(5i32)).unwrap();
    let c = Matrix::new(&Type::INT32, 5, 5).unwrap();
    c.set_element(0, 0, &Value::new(9i32)).unwrap();
    let d = Descriptor::default();
    assert_eq!(
        matrix_diag_into(&c, &v, 2, &d).unwrap_err().info,
        Info::DimensionMismatch
    );
    assert_eq!(c.nvals().unwrap(), 1);
    let cu = Matrix::new(&Type::user("u", 4), 5, 5).unwrap();
    assert_eq!(
        matrix_diag_into(&cu, &v, -1, &d).unwrap_err().info,
        Info::DomainMismatch
    );
    matrix_diag_into(&c, &v, -1, &d).unwrap();
    assert_eq!(c.extract_tuples().unwrap().0, vec![2]);

    let a = Matrix::new(&Type::user("u", 4), 3, 3).unwrap();
    let w = Vector::new(&Type::INT32, 3).unwrap();
    assert_eq!(
        vector_diag(&w, &a, 0, &d).unwrap_err().info,
        Info::DomainMismatch
    );

    let big = Vector::new(&Type::BOOL, INDEX_MAX - 4).unwrap();
    assert_eq!(matrix_diag(&big, 5).unwrap().nrows(), INDEX_MAX + 1);
    assert_eq!(
        matrix_diag(&big, -6).err().map(|e| e.info),
        Some(Info::InvalidValue)
    );
    assert_eq!(
        matrix_diag(&big, i64::MIN).err().map(|e| e.info),
        Some(Info::InvalidValue)
    );
}

#[test]
fn huge_hypersparse_diagonals() {
    let n = INDEX_MAX + 1;
    let v = Vector::new(&Type::FP32, n - 3).unwrap();
    v.set_element(0, &Value::new(1.5f32)).unwrap();
    v.set_element(n - 4, &Value::new(2.5f32)).unwrap();
    let c = matrix_diag(&v, -3).unwrap();
    assert_eq!(c.nrows(), n);
    assert_eq!(c.extract_element(3, 0).unwrap(), Some(Value::new(1.5f32)));
    assert_eq!(
        c.extract_element(n - 1, n - 4).unwrap(),
        Some(Value::new(2.5f32))
    );
    for orient in [Orientation::ByRow, Orientation::ByCol] {
        let a = Matrix::new_oriented(&Type::INT8, n, n, orient).unwrap();
        a.set_element(n - 1, n - 2, &Value::new(7i8)).unwrap();
        a.set_element(4, 3, &Value::new(8i8)).unwrap();
        a.set_element(4, 4, &Value::new(9i8)).unwrap();
        let w = Vector::new(&Type::INT64, n - 1).unwrap();
        vector_diag(&w, &a, -1, &Descriptor::default()).unwrap();
        let (i, x) = w.extract_tuples().unwrap();
        assert_eq!(i, vec![3, n - 2]);
        assert_eq!(x.as_slice::<i64>().unwrap(), &[8, 7]);
    }
}

#[test]
fn a_vector_diag_round_trips_through_a_matrix_diag() {
    let v = Vector::new(&Type::UINT16, 6).unwrap();
    for i in [0u64, 2, 5] {
        v.set_element(i, &Value::new(i as u16 + 10)).unwrap();
    }
    for k in [-4i64, 0, 3] {
        let c = matrix_diag(&v, k).unwrap();
        let w = Vector::new(&Type::UINT16, 6).unwrap();
        vector_diag(&w, &c, k, &Descriptor::default()).unwrap();
        assert_matches(w.as_matrix(), &OMatrix::of_vector(&v), 0.0);
    }
}
