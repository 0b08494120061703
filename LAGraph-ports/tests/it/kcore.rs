//! Core numbers against the plain reference (exact).
use crate::support;

use lagraph_ports::{kcore, reference};

#[test]
fn core_numbers_match_reference() {
    for g in support::all_graphs() {
        assert_eq!(
            kcore::core_numbers(&g.matrix).unwrap(),
            reference::kcore::core_numbers(&g.adj),
            "{}",
            g.name
        );
    }
}

#[test]
fn disconnected_hand_case() {
    let g = &support::hand_cases()[4];
    assert_eq!(
        kcore::core_numbers(&g.matrix).unwrap(),
        vec![4, 4, 4, 4, 4, 2, 2, 2, 1, 0, 1, 1]
    );
}
