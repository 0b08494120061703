//! Memory that pending work alone keeps alive: the ready inputs of
//! uncomputed nodes that nothing else holds any more, such as the chunks a
//! program adds to a matrix one by one and frees (a chain of additions,
//! fused when computed). Computing the chain frees them, so a reader
//! computes it first once they exceed [`limit`] instead of recording more
//! work on top (see `object::Matrix::source`): deferring never holds more
//! than that beside one input.
//!
//! The largest input is left out of the count: it is usually the old
//! content of the matrix being updated (`A` in `A = A + T`), which the
//! computed result replaces rather than frees. Counted, it would make every
//! addition to a large `A` run on its own, each a merge as large as `A`.

use super::node::{Node, Source};
use std::sync::Arc;

/// Nodes visited at most by [`held_alone`]: a chain is at most
/// [`super::MAX_DEPTH`] deep; this bounds the walk of a wide graph of work.
const MAX_VISITED: usize = 256;

/// The most memory a graph of pending work may keep alive alone beside its
/// largest input: a sixteenth of physical memory.
pub fn limit() -> usize {
    #[cfg(test)]
    if let Some(limit) = tests::LIMIT.get() {
        return limit;
    }
    crate::cache_budget::physical_memory() / 16
}

/// True when the uncomputed work behind `node` keeps more than [`limit`]
/// bytes alive that nothing else holds, its largest such input left out.
pub fn too_much(node: &Node) -> bool {
    let held = held_alone(node);
    held.total - held.largest > limit()
}

/// The ready inputs that only some uncomputed work holds.
#[derive(Debug, PartialEq)]
pub struct Held {
    /// Their bytes.
    pub total: usize,
    /// The bytes of the largest of them.
    pub largest: usize,
}

/// The ready inputs that only the uncomputed work behind `node` holds
/// (each node and input counted once).
pub fn held_alone(node: &Node) -> Held {
    let mut seen: Vec<*const Node> = Vec::new();
    let mut todo = vec![node];
    let mut held = Held {
        total: 0,
        largest: 0,
    };
    while let Some(n) = todo.pop() {
        if n.is_computed() || seen.contains(&(n as *const Node)) || seen.len() == MAX_VISITED {
            continue;
        }
        seen.push(n);
        for s in n.sources() {
            match s {
                Source::Ready(store) if Arc::strong_count(store) == 1 => {
                    let bytes = store.heap_bytes();
                    held.total = held.total.saturating_add(bytes);
                    held.largest = held.largest.max(bytes);
                }
                Source::Ready(_) => {}
                Source::Pending(p) => todo.push(p),
            }
        }
    }
    held
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::storage::{Array, Compressed, Format, MatrixStore, Orientation};
    use std::cell::Cell;

    thread_local! {
        /// [`limit`] on this thread, when a test sets it.
        pub(crate) static LIMIT: Cell<Option<usize>> = const { Cell::new(None) };
    }

    /// A 1 × `n` row of `n` entries.
    fn row(n: u64) -> Arc<MatrixStore> {
        let c = Compressed {
            vlen: n,
            vdim: 1,
            h: None,
            p: vec![0, n as usize],
            i: (0..n).collect::<Vec<u64>>().into(),
            x: Array::from_vec((0..n).map(|k| k as f64).collect::<Vec<_>>()),
        };
        Arc::new(MatrixStore::new(Orientation::ByRow, Format::Sparse(c)))
    }

    /// An uncomputed node reading `inputs`.
    fn node(inputs: Vec<Source>, n: u64) -> Arc<Node> {
        let run = Arc::new(|_: Vec<_>, _| unreachable!("not computed in this test"));
        crate::plan::node::tests::map_node(inputs, run, n)
    }

    #[test]
    fn only_inputs_nothing_else_holds_count_once_each() {
        let (kept, shared) = (row(100), row(1000));
        let alone = row(10);
        let (bytes, largest) = (alone.heap_bytes(), row(20).heap_bytes());
        assert!(bytes >= 10 * 12);
        let first = node(
            vec![Source::Ready(alone), Source::Ready(shared.clone())],
            100,
        );
        // Two readers of `first`: its inputs count once.
        let second = node(
            vec![Source::Pending(first.clone()), Source::Pending(first)],
            100,
        );
        let third = node(vec![Source::Pending(second), Source::Ready(row(20))], 100);
        let held = held_alone(&third);
        let total = bytes + largest;
        assert_eq!(held, Held { total, largest });
        // The largest input is left out of the bound.
        LIMIT.set(Some(bytes));
        assert!(!too_much(&third));
        LIMIT.set(Some(bytes - 1));
        assert!(too_much(&third));
        LIMIT.set(None);
        drop((kept, shared));
    }
}
