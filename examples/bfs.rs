//! Breadth-first search levels with the Rust API: each step assigns the
//! current level to the frontier `q`, then moves to the unvisited neighbours,
//! `q<!v, struct, replace> = q LOR.LAND A`.
//!
//! `cargo run --example bfs`

use graphblas::{prelude::*, semiring, Matrix, Result, Vector};

fn main() -> Result<()> {
    // A path 0-1-2-3 with a shortcut 0-2 and an isolated vertex 4.
    let edges = [(0, 1), (1, 2), (2, 3), (0, 2)];
    let a = Matrix::from_triplets(
        5,
        5,
        edges
            .iter()
            .flat_map(|&(i, j)| [(i, j, true), (j, i, true)]),
    )?;

    let levels = Vector::<i32>::new(a.nrows())?;
    let frontier = Vector::<bool>::from_pairs(a.nrows(), [(0, true)])?;
    let mut level = 1;
    while frontier.nvals()? > 0 {
        levels.masked(&frontier).structural().fill(.., level)?;
        frontier
            .masked(&levels)
            .structural()
            .complement()
            .replace()
            .assign(frontier.vxm(&a, semiring::lor_land()))?;
        level += 1;
    }
    println!("levels from vertex 0: {levels}");
    assert_eq!(levels.pairs()?, vec![(0, 1), (1, 2), (2, 2), (3, 3)]);
    Ok(())
}
