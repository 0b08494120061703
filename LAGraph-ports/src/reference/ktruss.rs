//! Plain-Rust k-truss by repeated edge peeling.

use super::lcc::Adjacency;

/// The k-truss: the surviving adjacency sets (`k < 3` treated as 3).
pub fn ktruss(adj: &Adjacency, k: u32) -> Adjacency {
    let need = k.max(3) as usize - 2;
    let mut g = adj.clone();
    loop {
        let doomed: Vec<(usize, usize)> = (0..g.len())
            .flat_map(|i| g[i].iter().map(move |&j| (i, j)))
            .filter(|&(i, j)| i < j && g[i].intersection(&g[j]).count() < need)
            .collect();
        if doomed.is_empty() {
            return g;
        }
        for (i, j) in doomed {
            g[i].remove(&j);
            g[j].remove(&i);
        }
    }
}

/// `(k, undirected edge count)` of every non-empty k-truss from `k = 3`.
pub fn all_ktruss(adj: &Adjacency) -> Vec<(u32, usize)> {
    (3..)
        .map(|k| (k, ktruss(adj, k).iter().map(|s| s.len()).sum::<usize>() / 2))
        .take_while(|&(_, e)| e > 0)
        .collect()
}
