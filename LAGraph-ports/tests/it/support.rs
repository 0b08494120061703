//! Shared helpers for the lcc / ktruss / kcore / mis / cdlp tests: test
//! graphs as `Matrix<bool>` and as plain adjacency sets, and LAGraph's data.
#![allow(dead_code)]

use graphblas::{GraphKind, Matrix, ValueType};
use lagraph_ports::reference::lcc::{adjacency, Adjacency};
use std::path::PathBuf;

/// A test graph: the matrix and its adjacency sets.
pub struct TestGraph {
    /// A short name for messages.
    pub name: String,
    /// The adjacency matrix (may hold self-loops, which are ignored).
    pub matrix: Matrix<bool>,
    /// The adjacency sets without self-loops.
    pub adj: Adjacency,
}

/// A graph of `n` vertices with the undirected edges `edges` (both directions stored).
pub fn from_edges(name: &str, n: u64, edges: &[(u64, u64)]) -> TestGraph {
    let triplets = edges
        .iter()
        .flat_map(|&(i, j)| [(i, j, true), (j, i, true)]);
    let mut all: Vec<_> = triplets.collect();
    all.sort();
    all.dedup();
    TestGraph {
        name: name.to_string(),
        matrix: Matrix::from_triplets(n, n, all).unwrap(),
        adj: adjacency(
            n as usize,
            edges.iter().map(|&(i, j)| (i as usize, j as usize)),
        ),
    }
}

fn from_matrix<T: ValueType>(name: &str, m: &Matrix<T>) -> TestGraph {
    let edges: Vec<(u64, u64)> = m.iter().unwrap().map(|(i, j, _)| (i, j)).collect();
    let n = m.nrows().max(m.ncols());
    from_edges(name, n, &edges)
}

/// Hand cases: empty, single vertex, self-loops, disconnected pieces, cliques.
pub fn hand_cases() -> Vec<TestGraph> {
    let k5: Vec<(u64, u64)> = (0..5)
        .flat_map(|i| (i + 1..5).map(move |j| (i, j)))
        .collect();
    let mut two = k5.clone();
    two.extend([(5, 6), (6, 7), (7, 5), (7, 8), (10, 11)]);
    vec![
        from_edges("empty", 0, &[]),
        from_edges("single", 1, &[]),
        from_edges("self-loop", 2, &[(0, 0), (1, 1), (0, 1)]),
        from_edges("k5", 5, &k5),
        from_edges("disconnected", 12, &two),
        from_edges("path", 4, &[(0, 1), (1, 2), (2, 3)]),
    ]
}

/// Small generated graphs of every kind.
pub fn generated(scale: u32) -> Vec<TestGraph> {
    [GraphKind::Kronecker, GraphKind::Uniform, GraphKind::Grid]
        .into_iter()
        .map(|kind| {
            let m = Matrix::<bool>::generate(kind, scale).unwrap();
            from_matrix(&format!("{kind:?}-{scale}"), &m)
        })
        .collect()
}

/// LAGraph's test matrices: the folder `LAGRAPH_DATA` names (a LAGraph
/// source tree's `data`), else `../shared/data/lagraph` beside the
/// repository when it exists; `None` when neither is there.
pub fn lagraph_data() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("LAGRAPH_DATA").map(PathBuf::from) {
        assert!(
            dir.is_dir(),
            "LAGRAPH_DATA={} is not a folder",
            dir.display()
        );
        return Some(dir);
    }
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/lagraph");
    shared.is_dir().then_some(shared)
}

/// Small Matrix Market graphs from LAGraph's data ([`lagraph_data`]),
/// symmetrised; empty (with a message) when it is not set.
pub fn matrix_market() -> Vec<TestGraph> {
    let Some(dir) = lagraph_data() else {
        println!("skipping Matrix Market cases: neither LAGRAPH_DATA nor ../shared/data is there");
        return Vec::new();
    };
    [
        "karate.mtx",
        "ldbc-undirected-example.mtx",
        "A.mtx",
        "jagmesh7.mtx",
    ]
    .iter()
    .filter_map(|name| {
        let m = Matrix::<f64>::read_mtx(dir.join(name)).ok()?;
        Some(from_matrix(name, &m))
    })
    .collect()
}

/// Hand cases, generated graphs and Matrix Market graphs together.
pub fn all_graphs() -> Vec<TestGraph> {
    let mut graphs = hand_cases();
    graphs.extend(generated(7));
    graphs.extend(matrix_market());
    graphs
}
