//! Model of `GrB_Matrix_diag` and `GxB_Vector_diag`.

use super::OMatrix;

/// The square matrix with the `n × 1` matrix `v` on diagonal `k`.
pub fn matrix_diag(v: &OMatrix, k: i64) -> OMatrix {
    let n = v.nrows + k.unsigned_abs();
    let mut c = OMatrix::new(&v.ty, n, n);
    for (&(i, _), x) in &v.entries {
        let (r, col) = if k >= 0 {
            (i, i + k as u64)
        } else {
            (i + k.unsigned_abs(), i)
        };
        c.entries.insert((r, col), x.clone());
    }
    c
}

/// Diagonal `k` of `a` as an `len × 1` matrix.
pub fn vector_diag(a: &OMatrix, k: i64, len: u64) -> OMatrix {
    let mut v = OMatrix::new(&a.ty, len, 1);
    for (&(r, c), x) in &a.entries {
        if c as i128 - r as i128 == k as i128 {
            let i = if k >= 0 { r } else { c };
            v.entries.insert((i, 0), x.clone());
        }
    }
    v
}
