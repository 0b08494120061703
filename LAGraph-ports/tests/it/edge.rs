//! The EDGE programs (`examples/edge/*.edge`, run by `lagraph_ports::edge`)
//! give the hand-written ports' results on generated graphs and a graph with
//! several components, in blocking and non-blocking mode.

use graphblas::{with_mode, GraphKind, Matrix, Mode};
use lagraph_ports::{bfs, cc, edge, pagerank, sssp, tricount, Graph, Kind};

fn graphs() -> Vec<(String, Graph)> {
    let mut out: Vec<(String, Graph)> = [
        (GraphKind::Kronecker, 9),
        (GraphKind::Uniform, 9),
        (GraphKind::Grid, 5),
    ]
    .into_iter()
    .map(|(kind, scale)| {
        (
            format!("{kind:?}-{scale}"),
            Graph::generate(kind, scale).unwrap(),
        )
    })
    .collect();
    // Three components, one of them a lone vertex, weights 1..=4.
    let edges = [
        (0u64, 1u64, 3.0),
        (1, 2, 1.0),
        (0, 2, 4.0),
        (3, 4, 2.0),
        (4, 5, 2.0),
    ];
    let both = edges.iter().flat_map(|&(i, j, w)| [(i, j, w), (j, i, w)]);
    let m = Matrix::from_triplets(7, 7, both).unwrap();
    out.push((
        "three components".into(),
        Graph::new(m, Kind::Undirected).unwrap(),
    ));
    out
}

fn in_both_modes(check: impl Fn(&str, &Graph)) {
    for (name, g) in graphs() {
        for mode in [Mode::Blocking, Mode::NonBlocking] {
            with_mode(mode, || check(&format!("{name}, {mode:?}"), &g));
        }
    }
}

#[test]
fn bfs_gives_the_ports_levels_and_parents() {
    in_both_modes(|name, g| {
        for source in [0, g.n() - 1] {
            let (p, e) = (bfs::bfs(g, source).unwrap(), edge::bfs(g, source).unwrap());
            assert_eq!(e.level.pairs().unwrap(), p.level.pairs().unwrap(), "{name}");
            assert_eq!(
                e.parent.pairs().unwrap(),
                p.parent.pairs().unwrap(),
                "{name}"
            );
        }
    });
}

#[test]
fn bellman_ford_gives_the_ports_distances() {
    in_both_modes(|name, g| {
        let (p, e) = (
            sssp::bellman_ford(g, 1).unwrap(),
            edge::bellman_ford(g, 1).unwrap(),
        );
        assert_eq!(e.pairs().unwrap(), p.pairs().unwrap(), "{name}");
    });
}

#[test]
fn pagerank_gives_the_ports_ranks() {
    in_both_modes(|name, g| {
        let p = pagerank::pagerank(g, &pagerank::Params::default()).unwrap();
        let e = edge::pagerank(g, 0.85, 1e-4).unwrap();
        assert_eq!(e.iterations, p.iterations, "{name}");
        let (pr, er) = (p.rank.pairs().unwrap(), e.rank.pairs().unwrap());
        assert_eq!(pr.len(), er.len(), "{name}");
        for ((i, x), (j, y)) in pr.iter().zip(&er) {
            assert_eq!(i, j);
            assert!(
                (x - y).abs() <= 1e-12,
                "{name}: rank of {i}: {x} against {y}"
            );
        }
    });
}

#[test]
fn triangle_counts_agree() {
    in_both_modes(|name, g| {
        let p = tricount::triangles(g, tricount::Method::SandiaLL).unwrap();
        assert_eq!(edge::triangles(g).unwrap(), p, "{name}");
    });
}

#[test]
fn components_agree() {
    in_both_modes(|name, g| {
        let (p, e) = (cc::components(g).unwrap(), edge::components(g).unwrap());
        assert_eq!(e.pairs().unwrap(), p.pairs().unwrap(), "{name}");
    });
}
