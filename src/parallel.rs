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
///
/// On a thread of a rayon pool (a nested loop, or work run with
/// `ThreadPool::install`) the pool splits the work. On any other thread — a
/// C program calling the library — that thread takes part: see [`shared`].
pub fn for_each(n: usize, min_len: usize, body: &(dyn Fn(usize) + Sync)) {
    let min_len = min_len.max(1);
    if n <= min_len {
        (0..n).for_each(body);
    } else if rayon::current_thread_index().is_some() {
        (0..n).into_par_iter().with_min_len(min_len).for_each(body);
    } else {
        shared::for_each(n, min_len, body);
    }
}

/// `0..n` cut into consecutive ranges of `len` (the last may be shorter).
pub fn chunk_ranges(n: usize, len: usize) -> Vec<Range<usize>> {
    (0..n).step_by(len).map(|s| s..n.min(s + len)).collect()
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
    map_chunks_mut(out, chunk_len, body);
}

/// [`for_each_chunk_mut`] returning `body`'s results, in chunk order.
pub fn map_chunks_mut<A: Send, R: Send>(
    out: &mut [A],
    chunk_len: usize,
    body: impl Fn(Range<usize>, &mut [A]) -> R + Sync,
) -> Vec<R> {
    let n = out.len();
    let chunk_len = chunk_len.max(1);
    let base = Slots(out.as_mut_ptr());
    map(n.div_ceil(chunk_len), 1, |t| {
        let range = t * chunk_len..n.min((t + 1) * chunk_len);
        // SAFETY: the chunks are disjoint ranges within `out`, each visited by
        // one task, and `out` stays borrowed mutably for the whole loop.
        let part = unsafe { std::slice::from_raw_parts_mut(base.at(range.start), range.len()) };
        body(range, part)
    })
}

/// A new vector of `n` values written in place, in parallel chunks of at
/// most `chunk_len` positions: chunk `r` gets the values `values(r)`
/// yields, which must be exactly `r.len()` (checked: a panic otherwise).
/// No buffer per chunk, and no copy to join them.
pub fn collect_chunks<Z: Send, I: Iterator<Item = Z>>(
    n: usize,
    chunk_len: usize,
    values: impl Fn(Range<usize>) -> I + Sync,
) -> Vec<Z> {
    let mut out: Vec<Z> = Vec::with_capacity(n);
    for_each_chunk_mut(&mut out.spare_capacity_mut()[..n], chunk_len, |r, dst| {
        let len = dst.len();
        let mut written = 0;
        for (slot, z) in dst.iter_mut().zip(values(r)) {
            slot.write(z);
            written += 1;
        }
        assert_eq!(written, len, "a chunk's values fill it");
    });
    // SAFETY: the chunks cover `0..n`, and each slot of each was written
    // (checked above; a panic unwinds past this line and leaks the values).
    unsafe { out.set_len(n) };
    out
}

/// Panics unless `ranges` are in order, disjoint and within `0..len`: what
/// the loops that hand out pieces of slices by range rely on.
fn assert_ranges_within(ranges: &[Range<usize>], len: usize) {
    let mut end = 0;
    for r in ranges {
        assert!(
            end <= r.start && r.start <= r.end && r.end <= len,
            "ranges in order, disjoint and within the length"
        );
        end = r.end;
    }
}

/// Calls `body(t, &mut a[r], &mut b[r])` for every range `r = ranges[t]`, in
/// parallel, and returns the results in order. The ranges must be in order,
/// disjoint and within both slices (checked: a panic otherwise).
pub fn map_ranges_mut<A: Send, B: Send, R: Send>(
    a: &mut [A],
    b: &mut [B],
    ranges: &[Range<usize>],
    body: impl Fn(usize, &mut [A], &mut [B]) -> R + Sync,
) -> Vec<R> {
    assert_ranges_within(ranges, a.len().min(b.len()));
    let (pa, pb) = (Slots(a.as_mut_ptr()), Slots(b.as_mut_ptr()));
    map(ranges.len(), 1, |t| {
        let r = ranges[t].clone();
        // SAFETY: the ranges were checked above to be disjoint and within
        // both slices, each is visited by one task, and both slices stay
        // borrowed mutably for the whole loop.
        let (ra, rb) = unsafe {
            (
                std::slice::from_raw_parts_mut(pa.at(r.start), r.len()),
                std::slice::from_raw_parts_mut(pb.at(r.start), r.len()),
            )
        };
        body(t, ra, rb)
    })
}

/// Calls `body(t, &mut a[r])` for every range `r = ranges[t]`, in parallel
/// ([`map_ranges_mut`] over one slice).
pub fn for_each_range_mut<A: Send>(
    a: &mut [A],
    ranges: &[Range<usize>],
    body: impl Fn(usize, &mut [A]) + Sync,
) {
    let mut none = vec![(); a.len()];
    map_ranges_mut(a, &mut none, ranges, |t, a, _| body(t, a));
}

/// [`map_ranges_mut`] into two new vectors of length `n`, `a` and `b`,
/// that each task first fills with `fill` over its own range, in parallel:
/// no pass over the whole length on the calling thread, and each range is
/// still in the cache of the thread that works on it. Positions outside the
/// ranges hold `fill` too. Returns the vectors and `body`'s results.
pub fn map_ranges_new<A: Copy + Send + Sync, B: Copy + Send + Sync, R: Send>(
    n: usize,
    fill: (A, B),
    ranges: &[Range<usize>],
    body: impl Fn(usize, &mut [A], &mut [B]) -> R + Sync,
) -> (Vec<A>, Vec<B>, Vec<R>) {
    assert_ranges_within(ranges, n);
    let (mut a, mut b): (Vec<A>, Vec<B>) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let (pa, pb) = (Slots::new(&mut a), Slots::new(&mut b));
    /// Writes `fill` into positions `r` of both buffers.
    ///
    /// # Safety
    /// `r` lies within both buffers' capacity, and no other thread touches
    /// those positions meanwhile.
    unsafe fn fill_range<A: Copy, B: Copy>(
        s: (&Slots<A>, &Slots<B>),
        fill: (A, B),
        r: Range<usize>,
    ) {
        use std::mem::MaybeUninit;
        // SAFETY: as the caller promises. Each buffer is filled as a slice
        // of its own, which the compiler turns into wide stores.
        unsafe {
            let a = std::slice::from_raw_parts_mut(s.0.at(r.start).cast(), r.len());
            a.fill(MaybeUninit::new(fill.0));
            let b = std::slice::from_raw_parts_mut(s.1.at(r.start).cast(), r.len());
            b.fill(MaybeUninit::new(fill.1));
        }
    }
    let results = map(ranges.len(), 1, |t| {
        let r = ranges[t].clone();
        // SAFETY: the ranges were checked above to be disjoint and within
        // the capacity `n`, and each is visited by one task; its positions
        // are initialised before the slices are formed.
        let (ra, rb) = unsafe {
            fill_range((&pa, &pb), fill, r.clone());
            (
                std::slice::from_raw_parts_mut(pa.at(r.start), r.len()),
                std::slice::from_raw_parts_mut(pb.at(r.start), r.len()),
            )
        };
        body(t, ra, rb)
    });
    // The gaps between the ranges, on this thread.
    let starts = ranges.iter().map(|r| r.start).chain([n]);
    let ends = [0].into_iter().chain(ranges.iter().map(|r| r.end));
    for (gap_start, gap_end) in ends.zip(starts) {
        // SAFETY: a gap lies below `n`, outside every task's range, and the
        // tasks are done.
        unsafe { fill_range((&pa, &pb), fill, gap_start..gap_end) };
    }
    // SAFETY: every position below `n` was written, by its task or as a gap.
    unsafe {
        a.set_len(n);
        b.set_len(n);
    }
    (a, b, results)
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

/// A parallel loop in which the calling thread (outside the pool) works too.
///
/// Handing a loop to rayon from outside its pool blocks the caller until a
/// worker wakes up, runs it and wakes the caller again. On these virtual
/// machines waking a sleeping thread takes 100–300 µs, so a loop of a few
/// hundred microseconds took two to four times as long in parallel as on one
/// thread. Here the caller starts on the work at once, and helper jobs join
/// in when their threads wake: indices are claimed in blocks from a shared
/// counter, so whoever is running takes the next block, and a helper that
/// starts after the last block has nothing to do.
///
/// The helpers run on a pool of their own (`crate::threads::helpers`): by
/// default one thread fewer than rayon's global pool, so that the caller and
/// the helpers together are as many threads as the cores (idle workers,
/// spinning before they sleep, would otherwise compete with them).
mod shared {
    use std::any::Any;
    use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    /// The state bit saying the loop is over: helpers that register after it
    /// is set leave without running anything.
    const CLOSED: usize = 1 << (usize::BITS - 1);

    /// One loop, shared by the caller and its helpers.
    struct Job {
        /// The first index not yet claimed.
        next: AtomicUsize,
        n: usize,
        block: usize,
        /// [`CLOSED`], and the number of helpers running blocks.
        state: AtomicUsize,
        /// The loop body, valid for the caller's [`for_each`] call only:
        /// helpers use it only while registered in `state` before
        /// [`CLOSED`] is set, and the caller waits for them to leave.
        body: *const (dyn Fn(usize) + Sync + 'static),
        /// A helper's panic, re-raised on the caller.
        panic: Mutex<Option<Box<dyn Any + Send>>>,
    }

    // SAFETY: `body` is `Sync` and used under the protocol described on
    // it; everything else is atomics or a mutex.
    unsafe impl Send for Job {}
    unsafe impl Sync for Job {}

    impl Job {
        /// Runs blocks of indices until none is left. Only the caller, or a
        /// helper registered before the loop was closed, may call it.
        fn work(&self) {
            // SAFETY: see `body`: the caller's call has not returned yet.
            let body = unsafe { &*self.body };
            loop {
                let start = self.next.fetch_add(self.block, Ordering::Relaxed);
                if start >= self.n {
                    return;
                }
                (start..(start + self.block).min(self.n)).for_each(body);
            }
        }

        /// A helper's turn: register, work unless the loop is over, leave.
        fn help(&self) {
            if self.state.fetch_add(1, Ordering::AcqRel) & CLOSED == 0 {
                if let Err(p) = catch_unwind(AssertUnwindSafe(|| self.work())) {
                    // Claimed blocks no one runs: make the caller stop too.
                    self.next.store(self.n, Ordering::Relaxed);
                    let mut slot = self.panic.lock().unwrap_or_else(|e| e.into_inner());
                    slot.get_or_insert(p);
                }
            }
            self.state.fetch_sub(1, Ordering::Release);
        }
    }

    /// Closes the loop and waits for the registered helpers to leave — also
    /// when the caller's own share panics, so no helper outlives `body`.
    struct Close<'a>(&'a Job);

    impl Drop for Close<'_> {
        fn drop(&mut self) {
            let state = &self.0.state;
            state.fetch_or(CLOSED, Ordering::AcqRel);
            let mut spins = 0u32;
            while state.load(Ordering::Acquire) & !CLOSED != 0 {
                if spins < 1 << 10 {
                    std::hint::spin_loop();
                    spins += 1;
                } else {
                    std::thread::yield_now();
                }
            }
        }
    }

    /// [`super::for_each`] from a thread outside the pool.
    pub fn for_each(n: usize, min_len: usize, body: &(dyn Fn(usize) + Sync)) {
        let Some((pool, helpers)) = crate::threads::helpers() else {
            (0..n).for_each(body);
            return;
        };
        let threads = helpers + 1;
        let helpers = helpers.min(n.div_ceil(min_len) - 1);
        // SAFETY: only the lifetime is erased; see `Job::body` — helpers
        // use it only while registered, and `Close` waits for them before
        // this function returns or unwinds.
        let body: *const (dyn Fn(usize) + Sync + 'static) = unsafe { std::mem::transmute(body) };
        let job = Arc::new(Job {
            next: AtomicUsize::new(0),
            n,
            block: min_len.max(n / (8 * threads)),
            state: AtomicUsize::new(0),
            body,
            panic: Mutex::new(None),
        });
        for _ in 0..helpers {
            let job = job.clone();
            pool.spawn(move || job.help());
        }
        {
            let _close = Close(&job);
            job.work();
        }
        let panic = job.panic.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(p) = panic {
            resume_unwind(p);
        }
    }
}

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

    #[test]
    fn chunks_are_collected_in_place_and_must_fill_their_chunk() {
        let squares = collect_chunks(10_001, 97, |r| r.map(|q| q * q));
        assert!(squares.iter().enumerate().all(|(q, &s)| s == q * q));
        assert!(collect_chunks(0, 1, |r| r).is_empty());
        let short = std::panic::catch_unwind(|| collect_chunks(100, 10, |r| r.skip(1)));
        assert!(short.is_err());
    }

    #[test]
    fn new_vectors_are_filled_around_and_under_the_ranges() {
        let ranges = [2..5, 5..5, 7..20, 30..40];
        let (a, b, lens) = map_ranges_new(45, (-1i64, false), &ranges, |t, a, b| {
            // Each task sees its range filled before it writes.
            assert!(a.iter().all(|&x| x == -1) && b.iter().all(|&x| !x));
            let start = ranges[t].start;
            for (k, (x, y)) in a.iter_mut().zip(b.iter_mut()).enumerate().step_by(2) {
                *x = (start + k) as i64;
                *y = true;
            }
            a.len()
        });
        assert_eq!(lens, [3, 0, 13, 10]);
        for k in 0..45 {
            let written = ranges
                .iter()
                .any(|r| r.contains(&k) && (k - r.start) % 2 == 0);
            assert_eq!(a[k], if written { k as i64 } else { -1 }, "position {k}");
            assert_eq!(b[k], written, "position {k}");
        }
        assert!(map_ranges_new(0, (0u8, 0u8), &[], |_, _, _| ())
            .0
            .is_empty());
    }

    #[test]
    fn a_caller_outside_the_pool_takes_part_and_sees_panics() {
        // Test threads are not rayon workers: this is the shared loop.
        assert!(rayon::current_thread_index().is_none());
        for _ in 0..50 {
            let squares = map(100_000, 1, |t| t * t);
            assert!(squares.iter().enumerate().all(|(t, &s)| s == t * t));
        }
        // Nested loops, from the caller and from helpers.
        let sums = map(64, 1, |t| map(1000, 10, |u| u + t).iter().sum::<usize>());
        assert!(sums
            .iter()
            .enumerate()
            .all(|(t, &s)| s == 999 * 500 + 1000 * t));
        let hit = std::panic::catch_unwind(|| {
            for_each(10_000, 1, &|t| assert_ne!(t, 7777, "task 7777 fails"));
        });
        let message = hit.unwrap_err();
        assert!(message
            .downcast_ref::<String>()
            .is_some_and(|m| m.contains("7777")));
        // Disjoint pieces of two slices, written in place.
        let (mut a, mut b) = (vec![0usize; 100], vec![false; 100]);
        let ranges = [0..10, 10..10, 10..60, 70..100];
        let lens = map_ranges_mut(&mut a, &mut b, &ranges, |t, ra, rb| {
            ra.iter_mut().for_each(|x| *x = t + 1);
            rb.iter_mut().for_each(|x| *x = true);
            ra.len()
        });
        assert_eq!(lens, [10, 0, 50, 30]);
        assert!(a[..10].iter().all(|&x| x == 1) && a[60..70].iter().all(|&x| x == 0));
        assert!(b[10..60].iter().all(|&x| x) && !b[65]);
        let overlapping = std::panic::catch_unwind(|| {
            let (mut a, mut b) = (vec![0u8; 10], vec![0u8; 10]);
            map_ranges_mut(&mut a, &mut b, &[0..5, 4..8], |_, _, _| ())
        });
        assert!(overlapping.is_err());
        // The helpers are still there for the next loop.
        assert_eq!(map(10_000, 1, |t| t).len(), 10_000);
    }
}
