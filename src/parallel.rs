//! Parallel loops that share one copy of the thread pool's machinery.
//!
//! Rayon's iterator adapters are generic over the item and closure types. A
//! parallel loop inside a kernel that is monomorphised for every semiring or
//! element type therefore copies rayon's splitting and job code once per
//! instantiation: measured with `cargo llvm-lines`, those copies were about
//! 60 % of the library's LLVM IR and most of its release build time. The
//! functions here drive the pool through [`for_each`], whose body is a
//! `dyn Fn(usize)`, so rayon is instantiated once; the typed wrappers only
//! move items in and results out by index.
//!
//! Every index is visited exactly once, and results are returned in index
//! order, so nothing depends on how the pool splits the work.

use rayon::prelude::*;
use std::ops::Range;

/// Calls `body(t)` for every `t < n`, in parallel, each task covering at least
/// `min_len` consecutive indices (sequentially when that is all of them).
pub fn for_each(n: usize, min_len: usize, body: &(dyn Fn(usize) + Sync)) {
    let min_len = min_len.max(1);
    if n <= min_len {
        (0..n).for_each(body);
    } else {
        (0..n).into_par_iter().with_min_len(min_len).for_each(body);
    }
}

/// `[f(0), f(1), ..., f(n - 1)]`, computed in parallel with tasks of at least
/// `min_len` indices.
pub fn map<R: Send>(n: usize, min_len: usize, f: impl Fn(usize) -> R + Sync) -> Vec<R> {
    let mut out: Vec<R> = Vec::with_capacity(n);
    let slots = Slots::new(&mut out);
    for_each(n, min_len, &|t| {
        // SAFETY: `t < n`, within the capacity, and `for_each` visits each
        // index once, so no slot is written twice or concurrently.
        unsafe { slots.at(t).write(f(t)) }
    });
    // SAFETY: every slot `0..n` was written above (a panic in `f` unwinds
    // past this line and leaks the written results instead).
    unsafe { out.set_len(n) };
    out
}

/// Calls `body(range, &mut out[range])` for consecutive chunks of at most
/// `chunk_len` positions covering `out`, in parallel.
pub fn for_each_chunk_mut<R: Send>(
    out: &mut [R],
    chunk_len: usize,
    body: impl Fn(Range<usize>, &mut [R]) + Sync,
) {
    let n = out.len();
    let chunk_len = chunk_len.max(1);
    let base = Slots(out.as_mut_ptr());
    for_each(n.div_ceil(chunk_len), 1, &|t| {
        let range = t * chunk_len..n.min((t + 1) * chunk_len);
        // SAFETY: the chunks are disjoint ranges within `out`, each visited by
        // one task, and `out` stays borrowed mutably for the whole loop.
        let part = unsafe { std::slice::from_raw_parts_mut(base.at(range.start), range.len()) };
        body(range, part)
    });
}

/// `f` applied to every item, in order, computed in parallel (one task may
/// take a single item: for few, large items such as chunks of a kernel).
pub fn map_items<I: Send, R: Send>(mut items: Vec<I>, f: impl Fn(I) -> R + Sync) -> Vec<R> {
    if items.len() <= 1 {
        return items.into_iter().map(f).collect();
    }
    let n = items.len();
    // SAFETY: the vector forgets its items (keeping its buffer, freed when it
    // drops); each is moved out below exactly once. A panic leaks the rest.
    unsafe { items.set_len(0) };
    let slots = Slots::new(&mut items);
    map(n, 1, |t| {
        // SAFETY: slot `t < n` holds an item not moved out before (each index
        // is visited once).
        f(unsafe { slots.at(t).read() })
    })
}

/// The start of a vector's buffer whose slots (within its capacity) parallel
/// tasks read or write, each slot by one task only: the caller's SAFETY
/// argument for every access.
pub struct Slots<T>(*mut T);

impl<T> Slots<T> {
    /// The slots of `v`'s buffer (its length and capacity are the caller's
    /// to keep right).
    pub fn new(v: &mut Vec<T>) -> Slots<T> {
        Slots(v.as_mut_ptr())
    }

    /// Slot `t` (a method, so that closures capture the whole `Slots`); the
    /// caller keeps `t` within the capacity.
    pub fn at(&self, t: usize) -> *mut T {
        self.0.wrapping_add(t)
    }
}

// SAFETY: tasks use distinct slots only (each slot by one task), and the
// values moved through them are `Send`.
unsafe impl<T: Send> Sync for Slots<T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_order_on_any_pool() {
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let squares = map(10_000, 7, |t| t * t);
                assert!(squares.iter().enumerate().all(|(t, &s)| s == t * t));
                let items: Vec<String> = (0..100).map(|t| t.to_string()).collect();
                let lengths = map_items(items, |s| s.len());
                assert_eq!(lengths[5], 1);
                assert_eq!(lengths[50], 2);
                assert_eq!(lengths.len(), 100);
                assert!(map(0, 1, |t| t).is_empty());
                assert_eq!(map_items(vec![String::from("x")], |s| s + "y"), ["xy"]);
                let seen: Vec<std::sync::atomic::AtomicUsize> =
                    (0..1000).map(|_| Default::default()).collect();
                for_each(1000, 3, &|t| {
                    seen[t].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                });
                assert!(seen
                    .iter()
                    .all(|c| c.load(std::sync::atomic::Ordering::Relaxed) == 1));
            });
        }
    }
}
