//! Plain-Rust synchronous label propagation (LDBC Graphalytics CDLP).

use super::lcc::Adjacency;
use std::collections::BTreeMap;

/// The labels after `iterations` synchronous rounds.
pub fn label_propagation(adj: &Adjacency, iterations: usize) -> Vec<u64> {
    let mut labels: Vec<u64> = (0..adj.len() as u64).collect();
    for _ in 0..iterations {
        labels = adj
            .iter()
            .enumerate()
            .map(|(v, nbrs)| {
                let mut freq = BTreeMap::new();
                for &u in nbrs {
                    *freq.entry(labels[u]).or_insert(0usize) += 1;
                }
                // Highest count; BTreeMap order makes the smallest label win ties.
                freq.iter()
                    .fold(None, |best: Option<(u64, usize)>, (&l, &c)| match best {
                        Some((_, bc)) if bc >= c => best,
                        _ => Some((l, c)),
                    })
                    .map_or(labels[v], |(l, _)| l)
            })
            .collect();
    }
    labels
}
