//! Maximal independent sets: independent, maximal, and fixed by the seed.
use crate::support;

use lagraph_ports::{mis, reference};

#[test]
fn mis_is_independent_and_maximal() {
    for g in support::all_graphs() {
        for seed in [1, 42, 12345] {
            let set = mis::maximal_independent_set(&g.matrix, seed).unwrap();
            if let Err(e) = reference::mis::check_maximal_independent(&g.adj, &set) {
                panic!("{} seed {seed}: {e}", g.name);
            }
            assert_eq!(set, mis::maximal_independent_set(&g.matrix, seed).unwrap());
        }
    }
}
