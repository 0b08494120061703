//! Triangle counting: `C<L> = L ⊕.⊗ L` with PLUS_PAIR, `L` the strictly
//! lower triangle of the pattern, and the sum of `C` (each triangle
//! `k < j < i` once), as `lagraph_ports::tricount`'s Sandia methods.

use crate::DistMatrix;
use graphblas::{index, monoid, semiring, unary, Result, ValueType};

/// The number of triangles of the undirected graph `a` (collective).
pub fn triangles<A: ValueType>(a: &DistMatrix<A>) -> Result<u64> {
    let pattern = a.apply(unary::one::<i64>())?;
    let l = pattern.select(index::tril(), -1)?;
    let (n, _) = a.shape();
    let c = DistMatrix::<i64>::new(a.grid(), n, n)?;
    c.masked(&l)
        .structural()
        .mxm(&l, &l, semiring::plus_pair::<i64>())?;
    Ok(c.reduce(monoid::plus())? as u64)
}
