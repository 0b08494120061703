//! Local clustering coefficient of every vertex of an undirected graph.
//!
//! With `A` the adjacency pattern (self-loops dropped), `W<A> = A ⊕.pair A`
//! counts, for each edge `(i, j)`, the common neighbours of `i` and `j`; the
//! row sums of `W` are twice the triangles through each vertex. The
//! coefficient of a vertex of degree `d ≥ 2` is `2·t / (d·(d−1))`, else 0.

use graphblas::{index, monoid, prelude::*, semiring, unary, Builtin, Matrix, Result, ValueType};

/// The adjacency pattern of `a` as `T` ones, without self-loops.
pub fn pattern_without_loops<T: Builtin, A: ValueType>(a: &Matrix<A>) -> Result<Matrix<T>> {
    let ones = a.cast::<T>().apply(unary::one()).eval()?;
    ones.select(index::offdiag(), 0).eval()
}

/// The local clustering coefficient of every vertex of the symmetric
/// adjacency matrix `a` (values ignored, self-loops ignored).
pub fn local_clustering(a: &Matrix<impl ValueType>) -> Result<Vec<f64>> {
    let n = a.nrows();
    let pattern = pattern_without_loops::<f64, _>(a)?;
    let wedges = Matrix::<f64>::new(n, n)?;
    wedges
        .masked(&pattern)
        .structural()
        .assign(pattern.mxm(&pattern, semiring::plus_pair()))?;
    let closed = wedges.reduce_rows(monoid::plus()).eval()?;
    let degree = pattern.reduce_rows(monoid::plus()).eval()?;
    let closed = closed.to_dense(0.0)?;
    let degree = degree.to_dense(0.0)?;
    Ok(closed
        .iter()
        .zip(&degree)
        .map(|(&w, &d)| if d < 2.0 { 0.0 } else { w / (d * (d - 1.0)) })
        .collect())
}
