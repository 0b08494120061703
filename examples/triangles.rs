//! Triangle counting with the Rust API (Sandia "LL"): with `L` the strictly
//! lower triangle of an undirected graph, `C<L> = L · L'` counts, for each
//! edge, the triangles it closes; their sum is the number of triangles.
//!
//! `cargo run --example triangles`

use graphblas::{index, monoid, prelude::*, semiring, Matrix, Result};

fn main() -> Result<()> {
    // Two triangles sharing the edge 1-2, plus a pendant edge 3-4.
    let edges = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (3, 4)];
    let a = Matrix::from_triplets(
        5,
        5,
        edges.iter().flat_map(|&(i, j)| [(i, j, 1i64), (j, i, 1)]),
    )?;

    let l = a.select(index::tril(), -1).eval()?;
    let c = Matrix::<i64>::new(a.nrows(), a.ncols())?;
    c.masked(&l)
        .structural()
        .assign(l.mxm(l.t(), semiring::plus_pair()))?;
    let triangles = c.reduce(monoid::plus())?;
    println!("triangles: {triangles}");
    assert_eq!(triangles, 2);
    Ok(())
}
