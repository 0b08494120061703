//! Every algorithm against its plain-Rust reference, on generated graphs
//! (Kronecker, uniform, grid), hand-made corner cases (empty, single vertex,
//! disconnected, self-loops, directed) and, when `LAGRAPH_DATA` names LAGraph's
//! data folder, LAGraph's test matrices. Integers compare exactly; PageRank within 1e-9.

use crate::support::lagraph_data;
use graphblas::GraphKind;
use graphblas::{prelude::*, unary, Matrix};
use lagraph_ports::reference::{self, Adjacency};
use lagraph_ports::{bc, bfs, cc, pagerank, sssp, tricount, Graph, Kind};

/// A graph from `(i, j, weight)` edges; undirected graphs get both directions.
fn graph(n: u64, kind: Kind, edges: &[(u64, u64, f64)]) -> Graph {
    let mut all = edges.to_vec();
    if kind == Kind::Undirected {
        all.extend(
            edges
                .iter()
                .filter(|e| e.0 != e.1)
                .map(|&(i, j, x)| (j, i, x)),
        );
    }
    Graph::new(Matrix::from_triplets(n, n, all).unwrap(), kind).unwrap()
}

/// Small graphs covering the corner cases and the three generators.
fn cases() -> Vec<(String, Graph)> {
    let mut out = vec![
        ("single vertex".into(), graph(1, Kind::Undirected, &[])),
        (
            "two isolated vertices".into(),
            graph(2, Kind::Undirected, &[]),
        ),
        (
            "two triangles and a separate edge, self-loop".into(),
            graph(
                7,
                Kind::Undirected,
                &[
                    (0, 1, 1.),
                    (1, 2, 2.),
                    (0, 2, 5.),
                    (2, 3, 1.),
                    (1, 3, 1.),
                    (5, 6, 3.),
                    (4, 4, 1.),
                ],
            ),
        ),
        (
            "directed with a sink and a cycle".into(),
            graph(
                6,
                Kind::Directed,
                &[
                    (0, 1, 2.),
                    (1, 2, 2.),
                    (2, 0, 1.),
                    (2, 3, 4.),
                    (0, 3, 9.),
                    (4, 3, 1.),
                ],
            ),
        ),
    ];
    for kind in [GraphKind::Kronecker, GraphKind::Uniform, GraphKind::Grid] {
        out.push((
            format!("{kind:?} scale 8"),
            Graph::generate(kind, 8).unwrap(),
        ));
    }
    out.extend(lagraph_graphs());
    out
}

/// LAGraph's test matrices, when their folder is there ([`lagraph_data`]).
fn lagraph_graphs() -> Vec<(String, Graph)> {
    let Some(dir) = lagraph_data() else {
        eprintln!(
            "skipping the LAGraph data files: neither LAGRAPH_DATA nor ../shared/data is there"
        );
        return Vec::new();
    };
    let files = [
        ("karate.mtx", Kind::Undirected),
        ("ldbc-undirected-example.mtx", Kind::Undirected),
        ("ldbc-directed-example.mtx", Kind::Directed),
        ("west0067.mtx", Kind::Directed),
        ("bcsstk13.mtx", Kind::Undirected),
    ];
    files
        .iter()
        .filter(|(f, _)| dir.join(f).exists())
        .map(|&(f, kind)| {
            let g = Graph::read_mtx(dir.join(f), kind).unwrap();
            (f.to_string(), g)
        })
        .collect()
}

#[test]
fn bfs_levels_match_a_queue_and_parents_are_valid() {
    for (name, g) in cases() {
        let adj = Adjacency::of(g.adjacency()).unwrap();
        for source in [0, g.n() / 2] {
            let result = bfs::bfs(&g, source).unwrap();
            let expected = reference::bfs_levels(&adj, source as usize);
            let level = dense(result.level.pairs().unwrap(), g.n());
            assert_eq!(level, expected, "{name}: levels from {source}");
            let parent = dense(result.parent.pairs().unwrap(), g.n());
            for v in 0..g.n() as usize {
                match (level[v], parent[v]) {
                    (None, None) => {}
                    (Some(0), Some(p)) => assert_eq!(p as usize, v, "{name}: source's parent"),
                    (Some(l), Some(p)) => {
                        assert_eq!(level[p as usize], Some(l - 1), "{name}: parent of {v}");
                        assert!(g.adjacency().get(p as u64, v as u64).unwrap().is_some());
                    }
                    other => panic!("{name}: vertex {v} has level/parent {other:?}"),
                }
            }
        }
    }
}

#[test]
fn bellman_ford_and_delta_stepping_match_the_reference() {
    for (name, g) in cases() {
        // |weights|: the data files' negative entries would make negative cycles.
        let abs = g.adjacency().apply(unary::abs()).eval().unwrap();
        let g = Graph::new(abs, g.kind()).unwrap();
        let adj = Adjacency::of(g.adjacency()).unwrap();
        let d = sssp::bellman_ford(&g, 0).unwrap();
        let expected = reference::shortest_paths(&adj, 0).unwrap();
        assert_eq!(dense(d.pairs().unwrap(), g.n()), expected, "{name}");
        for delta in [0.5, 3.0, 40.0, 1e9] {
            let d = sssp::delta_stepping(&g, 0, delta).unwrap();
            assert_eq!(
                dense(d.pairs().unwrap(), g.n()),
                expected,
                "{name}, delta {delta}"
            );
        }
    }
}

#[test]
fn bellman_ford_reports_a_negative_cycle() {
    let g = graph(3, Kind::Directed, &[(0, 1, 1.), (1, 2, -3.), (2, 1, 1.)]);
    assert!(sssp::bellman_ford(&g, 0).is_err());
    assert!(reference::shortest_paths(&Adjacency::of(g.adjacency()).unwrap(), 0).is_none());
    // Negative weights without a cycle are fine.
    let g = graph(3, Kind::Directed, &[(0, 1, 4.), (0, 2, 1.), (2, 1, -2.)]);
    let d = sssp::bellman_ford(&g, 0).unwrap();
    assert_eq!(d.pairs().unwrap(), vec![(0, 0.), (1, -1.), (2, 1.)]);
    // Delta-stepping refuses negative weights and a non-positive delta.
    assert!(sssp::delta_stepping(&g, 0, 1.0).is_err());
    let g = graph(2, Kind::Directed, &[(0, 1, 1.)]);
    assert!(sssp::delta_stepping(&g, 0, 0.0).is_err());
}

#[test]
fn pagerank_matches_power_iteration() {
    for (name, g) in cases() {
        let adj = Adjacency::of(g.adjacency()).unwrap();
        for variant in [pagerank::Variant::Gap, pagerank::Variant::Dangling] {
            let p = pagerank::Params {
                variant,
                tolerance: 1e-10,
                ..Default::default()
            };
            let r = pagerank::pagerank(&g, &p).unwrap();
            let spread = variant == pagerank::Variant::Dangling;
            let expected = reference::pagerank(&adj, 0.85, 1e-10, 100, spread);
            let got = r.rank.to_dense(f64::NAN).unwrap();
            for (v, (x, y)) in got.iter().zip(&expected).enumerate() {
                assert!(
                    (x - y).abs() < 1e-9,
                    "{name} {variant:?}: vertex {v}: {x} vs {y}"
                );
            }
            if spread {
                let total: f64 = got.iter().sum();
                assert!((total - 1.0).abs() < 1e-9, "{name}: ranks sum to {total}");
            }
        }
    }
}

#[test]
fn every_triangle_method_matches_brute_force() {
    for (name, g) in cases()
        .into_iter()
        .filter(|(_, g)| g.kind() == Kind::Undirected)
    {
        let expected = reference::triangles(&Adjacency::of(g.adjacency()).unwrap());
        for method in [
            tricount::Method::Auto,
            tricount::Method::SandiaLL,
            tricount::Method::SandiaLUT,
            tricount::Method::SortedDot,
        ] {
            assert_eq!(
                tricount::triangles(&g, method).unwrap(),
                expected,
                "{name} {method:?}"
            );
        }
    }
}

#[test]
fn fastsv_matches_union_find() {
    for (name, g) in cases()
        .into_iter()
        .filter(|(_, g)| g.kind() == Kind::Undirected)
    {
        let expected = reference::components(&Adjacency::of(g.adjacency()).unwrap());
        let labels = cc::components(&g).unwrap().to_dense(-1).unwrap();
        let labels: Vec<usize> = labels.into_iter().map(|x| x as usize).collect();
        assert_eq!(labels, expected, "{name}");
    }
}

/// FastSV's sampling path (more than 1024 vertices, more than 8 entries a
/// row), where the most common sampled label stands for its component: on
/// generated graphs, and on one whose smallest vertex is outside that
/// sampled component, joined to it by an edge neither endpoint samples
/// (vertex 55's first four neighbours are 0 and 50–52; vertex 1999's are
/// 10–13).
#[test]
fn fastsv_sampling_keeps_components_whole() {
    let mut edges = Vec::new();
    let cluster: Vec<u64> = std::iter::once(0).chain(50..60).collect();
    for (a, &i) in cluster.iter().enumerate() {
        edges.extend(cluster[a + 1..].iter().map(|&j| (i, j, 1.)));
    }
    let giant: Vec<u64> = (10..50).chain(100..1999).collect();
    let mut seed = 7u64;
    for &i in &giant {
        for _ in 0..6 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let j = giant[(seed >> 33) as usize % giant.len()];
            if i != j {
                edges.push((i, j, 1.));
            }
        }
    }
    edges.extend((10..14).map(|j| (1999, j, 1.)));
    edges.push((55, 1999, 1.));
    edges.sort_by_key(|&(i, j, _)| (i.min(j), i.max(j)));
    edges.dedup_by_key(|&mut (i, j, _)| (i.min(j), i.max(j)));
    let crafted = graph(2000, Kind::Undirected, &edges);
    let mut graphs = vec![("crafted".to_string(), crafted)];
    for kind in [GraphKind::Kronecker, GraphKind::Uniform] {
        graphs.push((
            format!("{kind:?} scale 12"),
            Graph::generate(kind, 12).unwrap(),
        ));
    }
    for (name, g) in graphs {
        assert!(g.adjacency().nvals().unwrap() as u64 > 8 * g.n(), "{name}");
        let expected = reference::components(&Adjacency::of(g.adjacency()).unwrap());
        let labels = cc::components(&g).unwrap().to_dense(-1).unwrap();
        let labels: Vec<usize> = labels.into_iter().map(|x| x as usize).collect();
        assert_eq!(labels, expected, "{name}");
    }
}

/// A vector's entries as a dense `Option` list.
fn dense<T: Copy>(pairs: Vec<(u64, T)>, n: u64) -> Vec<Option<T>> {
    let mut out = vec![None; n as usize];
    for (i, x) in pairs {
        out[i as usize] = Some(x);
    }
    out
}

#[test]
fn betweenness_matches_brandes() {
    for (name, g) in cases() {
        let adj = Adjacency::of(g.adjacency()).unwrap();
        let sources: Vec<u64> = (0..g.n()).step_by(((g.n() / 4) as usize).max(1)).collect();
        let got = bc::betweenness(&g, &sources).unwrap();
        let src: Vec<usize> = sources.iter().map(|&s| s as usize).collect();
        let expected = reference::betweenness(&adj, &src);
        for (v, (x, y)) in got.iter().zip(&expected).enumerate() {
            assert!(
                (x - y).abs() <= 1e-9 * y.abs().max(1.0),
                "{name}: vertex {v}: {x} vs {y}"
            );
        }
    }
}
