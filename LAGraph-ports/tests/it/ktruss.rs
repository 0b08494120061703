//! k-truss and all-k-truss against the plain reference (exact).
use crate::support;

use lagraph_ports::{ktruss, reference};

#[test]
fn ktruss_matches_reference() {
    for g in support::all_graphs() {
        for k in 3..6 {
            let got = ktruss::ktruss(&g.matrix, k).unwrap();
            let want = reference::ktruss::ktruss(&g.adj, k);
            let mut edges: Vec<(u64, u64)> = got
                .triplets()
                .unwrap()
                .into_iter()
                .map(|(i, j, _)| (i, j))
                .collect();
            edges.sort();
            let mut expected: Vec<(u64, u64)> = (0..want.len())
                .flat_map(|i| want[i].iter().map(move |&j| (i as u64, j as u64)))
                .collect();
            expected.sort();
            assert_eq!(edges, expected, "{} k={k}", g.name);
            // Supports are the triangle counts within the truss.
            for (i, j, s) in got.triplets().unwrap() {
                let common = want[i as usize].intersection(&want[j as usize]).count();
                assert_eq!(s as usize, common, "{} k={k} ({i},{j})", g.name);
            }
        }
    }
}

#[test]
fn all_ktruss_matches_reference() {
    for g in support::all_graphs() {
        assert_eq!(
            ktruss::all_ktruss(&g.matrix).unwrap(),
            reference::ktruss::all_ktruss(&g.adj),
            "{}",
            g.name
        );
    }
}

#[test]
fn clique_is_its_own_five_truss() {
    let g = &support::hand_cases()[3];
    assert_eq!(
        ktruss::all_ktruss(&g.matrix).unwrap(),
        vec![(3, 10), (4, 10), (5, 10)]
    );
}
