//! Local clustering coefficient against the plain reference (tolerance 1e-12).
use crate::support;

use lagraph_ports::{lcc, reference};

#[test]
fn lcc_matches_reference() {
    for g in support::all_graphs() {
        let got = lcc::local_clustering(&g.matrix).unwrap();
        let want = reference::lcc::local_clustering(&g.adj);
        assert_eq!(got.len(), want.len(), "{}", g.name);
        for (v, (x, y)) in got.iter().zip(&want).enumerate() {
            assert!((x - y).abs() <= 1e-12, "{} vertex {v}: {x} vs {y}", g.name);
        }
    }
}

#[test]
fn lcc_of_clique_is_one() {
    let g = &support::hand_cases()[3];
    assert_eq!(lcc::local_clustering(&g.matrix).unwrap(), vec![1.0; 5]);
}
