//! Diagonals: `GrB_Matrix_diag` (a new matrix with a vector on diagonal `k`),
//! `GxB_Matrix_diag` (the same into an existing matrix) and `GxB_Vector_diag`
//! (diagonal `k` of a matrix as a vector).
//!
//! Diagonal `k` holds the entries `(i, i + k)`: `k = 0` is the main diagonal,
//! `k > 0` lies above it and `k < 0` below.

use crate::algebra::Type;
use crate::error::{check_room, Result};
use crate::object::matrix::check_dimension;
use crate::object::{Descriptor, Matrix, Vector};
use crate::storage::{Compressed, MatrixStore, Orientation};
use crate::{ensure, fail};

/// `GrB_Matrix_diag`: a new square matrix of `v`'s type and size
/// `size(v) + |k|` holding `v(i)` at `(i, i + k)` for `k ≥ 0`, at `(i - k, i)` for `k < 0`.
pub fn matrix_diag(v: &Vector, k: i64) -> Result<Matrix> {
    let n = diag_matrix_size(v.size(), k)?;
    let c = Matrix::new(v.ty(), n, n)?;
    fill_diag(&c, v, k)?;
    Ok(c)
}

/// `GxB_Matrix_diag`: `C = diag(v, k)` into an existing matrix, which must be
/// square of size `size(v) + |k|` and of a type `v`'s values can be cast to.
/// The old content of `C` is discarded; the descriptor has no fields that apply.
pub fn matrix_diag_into(c: &Matrix, v: &Vector, k: i64, _desc: &Descriptor) -> Result<()> {
    let n = diag_matrix_size(v.size(), k)?;
    ensure!(
        c.nrows() == n && c.ncols() == n,
        DimensionMismatch,
        "diag of a vector of size {} on diagonal {k} is {n}x{n}, but the output is {}x{}",
        v.size(),
        c.nrows(),
        c.ncols()
    );
    check_castable(v.ty(), c.ty())?;
    fill_diag(c, v, k)
}

/// `GxB_Vector_diag`: `v = diag(A, k)`, where `v(i) = A(i, i + k)` for `k ≥ 0`
/// and `A(i - k, i)` for `k < 0`. `v` must have the diagonal's length (0 when
/// the diagonal lies outside `A`) and a type `A`'s values can be cast to. The
/// descriptor has no fields that apply (as in SuiteSparse).
pub fn vector_diag(v: &Vector, a: &Matrix, k: i64, _desc: &Descriptor) -> Result<()> {
    let a = a.snapshot()?;
    let len = diagonal_length(a.nrows(), a.ncols(), k);
    ensure!(
        v.size() == len,
        DimensionMismatch,
        "diagonal {k} of a {}x{} matrix has {len} entries, but the vector has size {}",
        a.nrows(),
        a.ncols(),
        v.size()
    );
    check_castable(&a.ty(), v.ty())?;
    // Walk the held vectors of A; each meets the diagonal at most once.
    let orient = a.orient();
    let c = a.compressed(orient);
    let (mut idx, mut pos) = (Vec::new(), Vec::new());
    let (nrows, ncols, k) = (a.nrows() as i128, a.ncols() as i128, k as i128);
    for kv in 0..c.nvec() {
        let j = c.vector_id(kv) as i128;
        let (row, col) = match orient {
            Orientation::ByRow => (j, j + k),
            Orientation::ByCol => (j - k, j),
        };
        if !(0..nrows).contains(&row) || !(0..ncols).contains(&col) {
            continue;
        }
        let inner = (if orient == Orientation::ByRow {
            col
        } else {
            row
        }) as u64;
        let r = c.range(kv);
        if let Ok(q) = crate::with_idx!(c.i.idx_range(r.clone()), s => s.binary_search_by(|v| crate::storage::Idx::to_u64(*v).cmp(&inner)))
        {
            idx.push((if k >= 0 { row } else { col }) as u64);
            pos.push(r.start + q);
        }
    }
    let x = c.x.gather(&pos).into_cast(v.ty());
    let t = Compressed::vector(len, idx, x);
    v.set_store(MatrixStore::from_compressed(Orientation::ByCol, t).conform());
    Ok(())
}

/// The number of entries on diagonal `k` of an `m × n` matrix.
pub fn diagonal_length(m: u64, n: u64, k: i64) -> u64 {
    let (m, n, k) = (m as i128, n as i128, k as i128);
    let len = if k >= 0 { m.min(n - k) } else { n.min(m + k) };
    len.max(0) as u64
}

/// `size + |k|`, which must be a valid dimension.
fn diag_matrix_size(size: u64, k: i64) -> Result<u64> {
    match size.checked_add(k.unsigned_abs()) {
        Some(n) => {
            check_dimension(n, "diagonal matrix dimension")?;
            Ok(n)
        }
        None => fail!(
            InvalidValue,
            "a vector of size {size} on diagonal {k} needs a dimension beyond GrB_INDEX_MAX + 1"
        ),
    }
}

/// Values of type `from` must be castable to `to`.
fn check_castable(from: &Type, to: &Type) -> Result<()> {
    ensure!(
        from.compatible(to),
        DomainMismatch,
        "values of type {from:?} cannot be cast to {to:?}"
    );
    Ok(())
}

/// Replaces `c`'s content with `v` on diagonal `k` (values cast to `c`'s type).
/// Each entry is alone in its row and column, so in either orientation the
/// vectors are the entries' positions, in order.
fn fill_diag(c: &Matrix, v: &Vector, k: i64) -> Result<()> {
    let vs = v.snapshot()?;
    let vc = vs.try_compressed(Orientation::ByCol)?;
    // Per entry a vector id, an index, two vector pointers (hypersparse, then
    // sparse) and the value, copied and cast.
    let elem = vc.x.elem_size() + c.ty().size();
    check_room(vc.nvals(), 32 + elem, "the diagonal matrix")?;
    let up = k.max(0).unsigned_abs();
    let down = k.min(0).unsigned_abs();
    let rows = vc.i.as_idx().iter().map(|i| i + down);
    let cols = vc.i.as_idx().iter().map(|i| i + up);
    let orient = c.orientation();
    let (outer, inner): (Vec<u64>, Vec<u64>) = match orient {
        Orientation::ByRow => (rows.collect(), cols.collect()),
        Orientation::ByCol => (cols.collect(), rows.collect()),
    };
    let nnz = outer.len();
    let n = c.nrows();
    let t = Compressed {
        vlen: n,
        vdim: n,
        h: Some(outer),
        p: (0..=nnz).collect(),
        i: inner.into(),
        x: vc.x.clone().into_cast(c.ty()),
    };
    c.set_store(MatrixStore::from_compressed(orient, t.conform()).conform());
    Ok(())
}
