//! The recorded nodes that have not run yet, so that content an object is
//! about to hand over (`GxB_*_unpack`) can first be freed of the pending
//! work that still reads it: computing that work lets the object give the
//! caller its own buffers instead of a copy. Entries are weak; nodes that
//! ran or were dropped are pruned as the list grows.

use super::node::{Node, Source};
use crate::storage::MatrixStore;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

struct Recorded {
    nodes: Vec<Weak<Node>>,
    /// The length at which the list is next pruned.
    prune_at: usize,
}

static RECORDED: Mutex<Recorded> = Mutex::new(Recorded {
    nodes: Vec::new(),
    prune_at: 64,
});

fn lock() -> MutexGuard<'static, Recorded> {
    RECORDED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Notes a node that an object recorded as its deferred work.
pub fn record(node: &Arc<Node>) {
    let mut r = lock();
    if r.nodes.len() >= r.prune_at {
        r.nodes
            .retain(|w| w.upgrade().is_some_and(|n| !n.is_computed()));
        r.prune_at = (2 * r.nodes.len()).max(64);
    }
    r.nodes.push(Arc::downgrade(node));
}

/// Computes every recorded node not run yet that reads `store` directly
/// (as an operand, old content or mask). An error stays with the node, to
/// be reported to its readers as before.
pub fn compute_readers(store: &Arc<MatrixStore>) {
    let readers: Vec<Arc<Node>> = lock()
        .nodes
        .iter()
        .filter_map(Weak::upgrade)
        .filter(|n| !n.is_computed() && reads(n, store))
        .collect();
    for node in readers {
        let _ = super::materialize(&node);
    }
}

fn reads(node: &Node, store: &Arc<MatrixStore>) -> bool {
    let out = &node.out;
    let mask = out.mask.iter().map(|m| &m.source);
    node.op
        .inputs()
        .into_iter()
        .chain(out.old.iter())
        .chain(mask)
        .any(|s| matches!(s, Source::Ready(r) if Arc::ptr_eq(r, store)))
}
