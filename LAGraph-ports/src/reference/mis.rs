//! Plain-Rust checks for independent sets.

use super::lcc::Adjacency;

/// Whether `set` is independent (no two members adjacent) and maximal (every
/// other vertex has a neighbour in it); `Err` says which property fails.
pub fn check_maximal_independent(adj: &Adjacency, set: &[u64]) -> Result<(), String> {
    let mut member = vec![false; adj.len()];
    for &v in set {
        member[v as usize] = true;
    }
    for (v, nbrs) in adj.iter().enumerate() {
        let covered = nbrs.iter().any(|&u| member[u]);
        if member[v] && covered {
            return Err(format!("vertex {v} and a neighbour are both in the set"));
        }
        if !member[v] && !covered {
            return Err(format!("vertex {v} could be added: the set is not maximal"));
        }
    }
    Ok(())
}
