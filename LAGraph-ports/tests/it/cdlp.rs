//! Label propagation against the plain reference (exact).
use crate::support;

use lagraph_ports::{cdlp, reference};

#[test]
fn cdlp_matches_reference() {
    for g in support::all_graphs() {
        for iterations in [0, 1, 3, 10] {
            assert_eq!(
                cdlp::label_propagation(&g.matrix, iterations).unwrap(),
                reference::cdlp::label_propagation(&g.adj, iterations),
                "{} after {iterations}",
                g.name
            );
        }
    }
}

#[test]
fn path_hand_case() {
    // 0-1-2-3: round 1 gives [1, 0, 1, 2]; round 2 gives [0, 1, 0, 1].
    let g = &support::hand_cases()[5];
    assert_eq!(
        cdlp::label_propagation(&g.matrix, 1).unwrap(),
        vec![1, 0, 1, 2]
    );
    assert_eq!(
        cdlp::label_propagation(&g.matrix, 2).unwrap(),
        vec![0, 1, 0, 1]
    );
}
