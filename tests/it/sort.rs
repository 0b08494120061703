//! `GxB_sort` (`ops::sort`) against a model: each row (or column) of a
//! random matrix in every layout, sorted ascending and descending, values and
//! indices, equal values in index order.

use crate::oracle;

use graphblas::raw::algebra::{BinaryCode, BinaryOp, Type, TypeCode, Value};
use graphblas::raw::object::Matrix;
use graphblas::raw::ops::sort::sort;
use oracle::*;
use proptest::prelude::*;

/// The model: per line, the `(value, index)` pairs in order (stable).
fn model(a: &OMatrix, by_col: bool, descending: bool) -> (OMatrix, OMatrix) {
    let lines = if by_col { a.ncols } else { a.nrows };
    let mut c = OMatrix::new(&a.ty, a.nrows, a.ncols);
    let mut p = OMatrix::new(&Type::INT64, a.nrows, a.ncols);
    for line in 0..lines {
        let mut items: Vec<(i32, u64)> = a
            .entries
            .iter()
            .filter(|(&(r, col), _)| if by_col { col == line } else { r == line })
            .map(|(&(r, col), v)| (v.get::<i32>().unwrap(), if by_col { r } else { col }))
            .collect();
        items.sort_by_key(|&(_, j)| j);
        if descending {
            items.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        } else {
            items.sort_by_key(|&(v, _)| v);
        }
        for (k, (v, j)) in items.into_iter().enumerate() {
            let at = if by_col {
                (k as u64, line)
            } else {
                (line, k as u64)
            };
            c.set(at.0, at.1, Value::new(v));
            p.set(at.0, at.1, Value::new(j as i64));
        }
    }
    (c, p)
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn sort_matches_the_model(
        a in (0u64..6, 0u64..6).prop_flat_map(|(r, c)| arb_matrix_dims(TypeCode::Int32, r, c, 20)),
        layout in arb_layout(), by_col in any::<bool>(), descending in any::<bool>(),
    ) {
        let am = a.matrix(layout);
        let c = Matrix::new(&Type::INT32, a.nrows, a.ncols).unwrap();
        let p = Matrix::new(&Type::INT64, a.nrows, a.ncols).unwrap();
        let code = if descending { BinaryCode::Gt } else { BinaryCode::Lt };
        let op = BinaryOp::builtin(code, TypeCode::Int32).unwrap();
        sort(Some(&c), Some(&p), &op, &am, by_col).unwrap();
        let (mc, mp) = model(&a, by_col, descending);
        assert_matches(&c, &mc, 0.0);
        assert_matches(&p, &mp, 0.0);
    }
}
