//! Simple, independent reference implementations in plain Rust (no GraphBLAS),
//! used to verify the algorithms: queue BFS, Bellman–Ford, power-iteration
//! PageRank, brute-force triangle counting, union-find components (here), and
//! local clustering, k-truss, k-core, independent-set checks and label
//! propagation (submodules).

pub mod cdlp;
pub mod kcore;
pub mod ktruss;
pub mod lcc;
pub mod mis;

use graphblas::{Matrix, Result};
use std::collections::{BTreeSet, VecDeque};

/// Out-adjacency lists `(neighbour, weight)` of a matrix, sorted by neighbour.
pub struct Adjacency {
    /// `out[i]` holds the edges `i → j`.
    pub out: Vec<Vec<(usize, f64)>>,
}

impl Adjacency {
    /// The adjacency lists of `a`.
    pub fn of(a: &Matrix<f64>) -> Result<Adjacency> {
        let mut out = vec![Vec::new(); a.nrows() as usize];
        for (i, j, x) in a.triplets()? {
            out[i as usize].push((j as usize, x));
        }
        for list in &mut out {
            list.sort_by_key(|e| e.0);
        }
        Ok(Adjacency { out })
    }

    /// The number of vertices.
    pub fn n(&self) -> usize {
        self.out.len()
    }
}

/// BFS levels by a FIFO queue (`None`: unreachable).
pub fn bfs_levels(g: &Adjacency, source: usize) -> Vec<Option<i64>> {
    let mut level = vec![None; g.n()];
    level[source] = Some(0);
    let mut queue = VecDeque::from([source]);
    while let Some(u) = queue.pop_front() {
        for &(v, _) in &g.out[u] {
            if level[v].is_none() {
                level[v] = Some(level[u].unwrap() + 1);
                queue.push_back(v);
            }
        }
    }
    level
}

/// Bellman–Ford distances (`None`: unreachable), or `None` for a reachable negative cycle.
pub fn shortest_paths(g: &Adjacency, source: usize) -> Option<Vec<Option<f64>>> {
    let mut d: Vec<Option<f64>> = vec![None; g.n()];
    d[source] = Some(0.0);
    for round in 0..=g.n() {
        let mut changed = false;
        for u in 0..g.n() {
            let Some(du) = d[u] else { continue };
            for &(v, w) in &g.out[u] {
                if d[v].is_none_or(|dv| du + w < dv) {
                    d[v] = Some(du + w);
                    changed = true;
                }
            }
        }
        if !changed {
            return Some(d);
        }
        if round == g.n() {
            break;
        }
    }
    None
}

/// PageRank by power iteration; `spread_dangling` selects LAGraph's variant
/// (dangling rank spread over all vertices) over GAP's (dropped).
pub fn pagerank(
    g: &Adjacency,
    damping: f64,
    tolerance: f64,
    max_iterations: usize,
    spread_dangling: bool,
) -> Vec<f64> {
    let n = g.n();
    let nf = n as f64;
    let mut rank = vec![1.0 / nf; n];
    for _ in 0..max_iterations {
        let mut teleport = (1.0 - damping) / nf;
        if spread_dangling {
            let lost: f64 = (0..n)
                .filter(|&u| g.out[u].is_empty())
                .map(|u| rank[u])
                .sum();
            teleport += damping * lost / nf;
        }
        let mut next = vec![teleport; n];
        for (edges, r) in g.out.iter().zip(&rank) {
            for &(v, _) in edges {
                next[v] += damping * r / edges.len() as f64;
            }
        }
        let change: f64 = next.iter().zip(&rank).map(|(a, b)| (a - b).abs()).sum();
        rank = next;
        if change < tolerance {
            break;
        }
    }
    rank
}

/// Triangles of the undirected graph (self-loops ignored), by intersecting
/// the neighbour sets of both ends of every edge.
pub fn triangles(g: &Adjacency) -> u64 {
    let sets: Vec<BTreeSet<usize>> = (0..g.n())
        .map(|u| g.out[u].iter().map(|e| e.0).filter(|&v| v != u).collect())
        .collect();
    let mut count = 0;
    for u in 0..g.n() {
        for &v in sets[u].range(..u) {
            count += sets[u].intersection(&sets[v]).filter(|&&w| w < v).count() as u64;
        }
    }
    count
}

/// Component labels (smallest vertex id of each component) by union-find.
pub fn components(g: &Adjacency) -> Vec<usize> {
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let mut parent: Vec<usize> = (0..g.n()).collect();
    for u in 0..g.n() {
        for &(v, _) in &g.out[u] {
            let (ru, rv) = (root(&mut parent, u), root(&mut parent, v));
            // The smaller id becomes the root, so roots are component minima.
            parent[ru.max(rv)] = ru.min(rv);
        }
    }
    (0..g.n()).map(|u| root(&mut parent, u)).collect()
}

/// Betweenness centrality by Brandes' algorithm with a queue, summed over
/// `sources` (edge weights ignored).
pub fn betweenness(g: &Adjacency, sources: &[usize]) -> Vec<f64> {
    let n = g.n();
    let mut centrality = vec![0.0; n];
    for &s in sources {
        let (mut sigma, mut dist) = (vec![0.0; n], vec![usize::MAX; n]);
        let (mut order, mut queue) = (Vec::new(), VecDeque::from([s]));
        sigma[s] = 1.0;
        dist[s] = 0;
        while let Some(u) = queue.pop_front() {
            order.push(u);
            for &(v, _) in &g.out[u] {
                if dist[v] == usize::MAX {
                    dist[v] = dist[u] + 1;
                    queue.push_back(v);
                }
                if dist[v] == dist[u] + 1 {
                    sigma[v] += sigma[u];
                }
            }
        }
        let mut delta = vec![0.0; n];
        for &w in order.iter().rev() {
            for &(v, _) in &g.out[w] {
                if dist[v] == dist[w] + 1 {
                    delta[w] += sigma[w] / sigma[v] * (1.0 + delta[v]);
                }
            }
            if w != s {
                centrality[w] += delta[w];
            }
        }
    }
    centrality
}
