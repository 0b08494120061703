//! Plain-Rust core numbers by the bucket-free peeling definition.

use super::lcc::Adjacency;

/// The core number of every vertex.
pub fn core_numbers(adj: &Adjacency) -> Vec<u64> {
    let n = adj.len();
    let mut degree: Vec<usize> = adj.iter().map(|s| s.len()).collect();
    let mut core = vec![0u64; n];
    let mut present = vec![true; n];
    let mut left = n;
    let mut k = 0usize;
    while left > 0 {
        match (0..n).find(|&v| present[v] && degree[v] <= k) {
            Some(v) => {
                present[v] = false;
                left -= 1;
                core[v] = k as u64;
                for &u in &adj[v] {
                    degree[u] -= 1;
                }
            }
            None => k += 1,
        }
    }
    core
}
