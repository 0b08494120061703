//! Plain-Rust local clustering coefficient, from adjacency sets; also the
//! adjacency-set form of a graph shared by the other plain references.

use std::collections::BTreeSet;

/// The neighbours of every vertex, without self-loops.
pub type Adjacency = Vec<BTreeSet<usize>>;

/// The undirected adjacency sets of `n` vertices with the edges `edges`
/// (both directions added, self-loops dropped).
pub fn adjacency(n: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Adjacency {
    let mut adj = vec![BTreeSet::new(); n];
    for (i, j) in edges {
        if i != j {
            adj[i].insert(j);
            adj[j].insert(i);
        }
    }
    adj
}

/// The local clustering coefficient of every vertex.
pub fn local_clustering(adj: &Adjacency) -> Vec<f64> {
    adj.iter()
        .map(|nbrs| {
            let d = nbrs.len() as f64;
            if d < 2.0 {
                return 0.0;
            }
            let links: usize = nbrs
                .iter()
                .map(|&u| adj[u].intersection(nbrs).count())
                .sum();
            links as f64 / (d * (d - 1.0))
        })
        .collect()
}
