//! [`HugePages`], a global allocator for programs that run large GraphBLAS
//! operations: it asks Linux to back large allocations with transparent huge
//! pages (2 MiB), where the kernel's setting leaves that to the program
//! (`/sys/kernel/mm/transparent_hugepage/enabled` = `madvise`).
//!
//! The kernels write buffers of many megabytes (a transpose, a product, a
//! copy) that are fresh from the system: with 4 KiB pages, faulting them in
//! and the TLB misses of scattered writes cost as much as the work itself
//! (a transpose of 1.8 M entries: 18 ms with small pages, 13 ms with huge
//! ones). The C library (`capi`) installs this allocator; a Rust program
//! opts in as [`HugePages`] shows.
//!
//! Allocation itself is the system allocator's; only the advice is added.
//! On other systems it is the system allocator.
//!
//! [`retain_freed_memory`] (called by the C library's `GrB_init`) tells
//! glibc's allocator to keep freed buffers for reuse instead of handing
//! them back to the system at once, so that the buffers of one operation
//! are not faulted in again page by page by the next; [`HugePages`] then
//! bounds what is kept (see [`FreedHeapMemory`]).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};

/// Allocations of at least this many bytes are advised to use huge pages.
pub const HUGE_ALLOCATION: usize = 4 << 20;

/// The system allocator, with large allocations (4 MiB and more) advised to
/// use transparent huge pages on Linux; on other systems the system
/// allocator. A program opts in with
///
/// ```
/// #[global_allocator]
/// static ALLOCATOR: graphblas::HugePages = graphblas::HugePages;
/// ```
pub struct HugePages;

/// Advises the pages of `[ptr, ptr + size)` to use huge pages (the kernel
/// uses them for the 2 MiB-aligned parts).
///
/// The advice covers whole pages, so that for a block glibc maps on its own
/// (its header is at the start of the mapping's first page) it covers the
/// whole mapping: the mapping is not split, and glibc's `realloc` can still
/// grow it with `mremap`, which moves its pages instead of copying them
/// into new ones (that copy, faulting in small pages before any advice,
/// was 96 % of a large product's page faults).
#[cfg(target_os = "linux")]
fn advise(ptr: *mut u8, size: usize) {
    if ptr.is_null() || size < HUGE_ALLOCATION {
        return;
    }
    let page = page_size();
    let start = ptr as usize & !(page - 1);
    let end = (ptr as usize + size).next_multiple_of(page);
    if end > start {
        // SAFETY: the range lies within the allocation just made; the advice
        // changes how it is backed, never its content. A failure (an old
        // kernel, huge pages disabled) leaves the small pages.
        unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_ptr: *mut u8, _size: usize) {}

/// The system's page size in bytes.
#[cfg(target_os = "linux")]
fn page_size() -> usize {
    // SAFETY: `sysconf` only reads a system parameter.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(size)
        .ok()
        .filter(|s| s.is_power_of_two())
        .unwrap_or(4096)
}

/// Hands the whole pages within `buf` back to the system: their elements
/// become zeros (on other systems nothing changes), and the memory is
/// free at once for the next pages the process faults in.
///
/// For a buffer about to be dropped whose content was just copied: the
/// copy's destination then reuses the pages the source gives up. On a
/// virtual machine, memory the host no longer backs costs up to ten times
/// more to fault in than memory freed a moment ago (joining the parts of a
/// 5.7 GB product: half its page-clearing time). `buf` must be memory of
/// an allocation (private and anonymous: the heap or a mapping of its own).
pub(crate) fn discard_pages<T: bytemuck::Zeroable>(buf: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        let page = page_size();
        let start = (buf.as_mut_ptr() as usize).next_multiple_of(page);
        let end = (buf.as_mut_ptr() as usize + std::mem::size_of_val(buf)) & !(page - 1);
        if end > start {
            // SAFETY: the pages lie within `buf`, borrowed mutably, private
            // anonymous or heap memory; after `MADV_DONTNEED` they read as
            // zeros, which `Zeroable` says is a valid `T`.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED) };
        }
    }
}

/// Allocations below this many bytes come from glibc's heap (reused after
/// a free) instead of a fresh mapping of their own. At 32 MiB the heap held
/// the 30 MB index arrays of kron-18 matrices, and the holes they left
/// between blocks still in use stayed resident: the C benchmarks' peaks on
/// kron-18 were 10–26 MB higher (`transpose` 575 against 549 MB after five
/// calls) at the same speed.
pub const HEAP_ALLOCATION_LIMIT: usize = 16 << 20;

/// Free memory glibc keeps at the top of its heaps before returning it.
pub const RETAINED_FREE_MEMORY: usize = 256 << 20;

/// Sets glibc's allocator (process-wide) to serve allocations below 16 MiB
/// (`HEAP_ALLOCATION_LIMIT`) from its heaps and to keep up to 256 MiB
/// (`RETAINED_FREE_MEMORY`) of freed memory for reuse, in one heap for all
/// threads.
///
/// With glibc's defaults, every buffer above 128 KiB is first a mapping of
/// its own, unmapped when freed, and free heap memory above a few MiB is
/// returned at once: an operation's result, its workspaces and the parts it
/// joins are then fresh pages on every call, and faulting them in cost more
/// than the work (grid `C = A*A`: about 5000 page faults a call, a quarter
/// of its time). glibc keeps that much in each of its arenas, and by
/// default a worker thread allocates from an arena of its own: memory a
/// task freed there stays out of reach of the calling thread's next
/// allocation (`extract_sub`'s peak on kron-18 grew from 377 MB after one
/// call to 417 MB after five). One arena makes the bound hold for the
/// process. Does nothing when the program set `GLIBC_TUNABLES` (its own
/// allocator settings win) or on other systems.
///
/// glibc gives back only the free memory at the top of a heap; blocks freed
/// below a block still in use stay resident. [`HugePages`] therefore counts
/// the heap blocks it frees and asks glibc to give back the free pages
/// inside the heap whenever more than `RETAINED_FREE_MEMORY` has been freed
/// since it last did (see [`FreedHeapMemory`]).
pub fn retain_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("GLIBC_TUNABLES").is_none() {
        // SAFETY: `mallopt` only changes allocator parameters; the values
        // are within the ranges glibc accepts.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 1);
            libc::mallopt(libc::M_MMAP_THRESHOLD, HEAP_ALLOCATION_LIMIT as libc::c_int);
            libc::mallopt(libc::M_TRIM_THRESHOLD, RETAINED_FREE_MEMORY as libc::c_int);
        }
        FREED_HEAP_MEMORY.enabled.store(true, Ordering::Relaxed);
    }
}

/// Heap blocks of at least this many bytes (and below
/// `HEAP_ALLOCATION_LIMIT`) are counted by [`FreedHeapMemory`]; smaller
/// ones are too many to be worth an atomic operation each.
const COUNTED_HEAP_BLOCK: usize = 256 << 10;

/// The net number of bytes of heap blocks freed since glibc last gave back
/// the free pages inside its heap: a block freed adds its size, one
/// allocated subtracts it (reuse of what was freed), and the count never
/// goes below zero. Above `RETAINED_FREE_MEMORY` the free pages are given
/// back (`malloc_trim`, which keeps `RETAINED_FREE_MEMORY` at the heap's top)
/// and the count starts again.
///
/// Without it, the blocks of a matrix built and freed piece by piece (the
/// tuples of each chunk of a graph added to a growing matrix) stayed
/// resident below the blocks that outlived them: 1.3 GB after four chunks
/// of 2^24 edges, which the next large buffer could not reuse.
struct FreedHeapMemory {
    /// Set by [`retain_freed_memory`]: with glibc's own settings nothing is
    /// counted.
    enabled: AtomicBool,
    net_freed: AtomicIsize,
}

static FREED_HEAP_MEMORY: FreedHeapMemory = FreedHeapMemory::new();

impl FreedHeapMemory {
    const fn new() -> Self {
        FreedHeapMemory {
            enabled: AtomicBool::new(false),
            net_freed: AtomicIsize::new(0),
        }
    }

    /// Whether a block of `size` bytes is counted.
    fn counts(&self, size: usize) -> bool {
        (COUNTED_HEAP_BLOCK..HEAP_ALLOCATION_LIMIT).contains(&size)
            && self.enabled.load(Ordering::Relaxed)
    }

    /// Counts a block of `size` bytes allocated.
    fn allocated(&self, size: usize) {
        if self.counts(size) {
            let size = size as isize;
            // Below zero (more allocated than freed since the last trim)
            // the count restarts from zero.
            let _ = self
                .net_freed
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                    Some((n - size).max(0))
                });
        }
    }

    /// Counts a block of `size` bytes freed; true when the free pages are
    /// due to be given back (the count then starts again).
    fn freed(&self, size: usize) -> bool {
        if !self.counts(size) {
            return false;
        }
        let size = size as isize;
        let net = self.net_freed.fetch_add(size, Ordering::Relaxed) + size;
        net > RETAINED_FREE_MEMORY as isize && self.net_freed.swap(0, Ordering::Relaxed) > 0
    }
}

/// Gives the free pages inside glibc's heaps back to the system, keeping
/// `RETAINED_FREE_MEMORY` at the top of the main heap.
fn give_back_free_heap_pages() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only releases pages of free chunks, under the
    // allocator's own locks.
    unsafe {
        libc::malloc_trim(RETAINED_FREE_MEMORY);
    }
}

/// Counts a block allocated at `ptr` (null: the allocation failed) and
/// advises it; returns `ptr`.
fn allocated(ptr: *mut u8, size: usize) -> *mut u8 {
    if !ptr.is_null() {
        FREED_HEAP_MEMORY.allocated(size);
        advise(ptr, size);
    }
    ptr
}

/// Counts a block of `size` bytes freed, giving back the heap's free pages
/// when they are due.
fn freed(size: usize) {
    if FREED_HEAP_MEMORY.freed(size) {
        give_back_free_heap_pages();
    }
}

// SAFETY: every call is forwarded to `System`, which upholds the contract;
// `advise` does not touch the memory, and the counting only reads sizes.
unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        allocated(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        allocated(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) };
        freed(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        let new = allocated(unsafe { System.realloc(ptr, layout, new_size) }, new_size);
        if !new.is_null() {
            freed(layout.size());
        }
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_and_small_allocations_hold_their_content() {
        // Also with freed memory retained (as the C library sets it).
        retain_freed_memory();
        for size in [16, HUGE_ALLOCATION + 12345] {
            let layout = Layout::from_size_align(size, 8).unwrap();
            // SAFETY: a non-zero layout; the memory is freed below.
            unsafe {
                let p = HugePages.alloc_zeroed(layout);
                assert!(!p.is_null());
                assert!(std::slice::from_raw_parts(p, size).iter().all(|&b| b == 0));
                p.write_bytes(7, size);
                let q = HugePages.realloc(p, layout, size * 2);
                assert!(std::slice::from_raw_parts(q, size).iter().all(|&b| b == 7));
                HugePages.dealloc(q, Layout::from_size_align(size * 2, 8).unwrap());
            }
        }
    }

    #[test]
    fn freed_heap_memory_is_due_back_above_the_bound_net_of_reuse() {
        let counter = FreedHeapMemory::new();
        let mib = 1 << 20;
        assert!(!counter.freed(RETAINED_FREE_MEMORY + mib), "not enabled");
        counter.enabled.store(true, Ordering::Relaxed);
        assert!(!counter.freed(COUNTED_HEAP_BLOCK - 1), "too small to count");
        assert!(
            !counter.freed(HEAP_ALLOCATION_LIMIT),
            "a mapping of its own"
        );
        // 256 blocks of 1 MiB freed reach the bound; one more passes it.
        assert!((0..256).all(|_| !counter.freed(mib)));
        counter.allocated(mib); // reused: one more block to free
        assert!(!counter.freed(mib));
        assert!(counter.freed(mib));
        // The count starts again, and never goes below zero.
        counter.allocated(8 * mib);
        assert!((0..256).all(|_| !counter.freed(mib)));
        assert!(counter.freed(mib));
    }

    /// Run in a process of its own by the test below: prints the resident
    /// memory gained while 1 GiB of heap blocks was allocated, each behind
    /// a small block that stays, and freed.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    #[ignore = "run in a process of its own by freed_heap_blocks_below_kept_ones_go_back_above_the_bound"]
    fn child_frees_heap_blocks_between_kept_ones() {
        retain_freed_memory();
        let before = resident_bytes();
        let (block, small) = (
            Layout::from_size_align(1 << 20, 8).unwrap(),
            Layout::from_size_align(64, 8).unwrap(),
        );
        let mut blocks = Vec::new();
        // SAFETY: non-zero layouts; every block is freed below with its layout.
        unsafe {
            for _ in 0..1024 {
                let p = HugePages.alloc(block);
                assert!(!p.is_null());
                p.write_bytes(1, block.size());
                blocks.push((p, HugePages.alloc(small)));
            }
            for &(p, _) in &blocks {
                HugePages.dealloc(p, block);
            }
            println!("kept {} bytes", resident_bytes().saturating_sub(before));
            for &(_, q) in &blocks {
                HugePages.dealloc(q, small);
            }
        }
    }

    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn freed_heap_blocks_below_kept_ones_go_back_above_the_bound() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "--ignored",
                "--nocapture",
                "alloc::tests::child_frees_heap_blocks_between_kept_ones",
            ])
            .env_remove("GLIBC_TUNABLES")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let kept: usize = text
            .lines()
            .find_map(|l| {
                l.strip_prefix("kept ")?
                    .strip_suffix(" bytes")?
                    .parse()
                    .ok()
            })
            .unwrap_or_else(|| panic!("no reading from the child: {text}"));
        // Without giving back, the whole GiB stays resident.
        assert!(
            kept <= RETAINED_FREE_MEMORY + (32 << 20),
            "kept {kept} bytes"
        );
    }

    /// The process's resident memory in bytes (0 where it cannot be read).
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn resident_bytes() -> usize {
        std::fs::read_to_string("/proc/self/statm")
            .ok()
            .and_then(|s| s.split_whitespace().nth(1)?.parse::<usize>().ok())
            .map_or(0, |pages| pages * page_size())
    }

    #[test]
    fn discarded_pages_read_as_zeros_and_the_rest_is_kept() {
        let mut buf: Vec<u64> = (1..=3 << 20).collect();
        let (from, to) = (1000, 2 << 20);
        discard_pages(&mut buf[from..to]);
        // Whole pages inside the range may be zeros; nothing outside changes.
        assert!((0..from)
            .chain(to..buf.len())
            .all(|k| buf[k] == k as u64 + 1));
        assert!((from..to).all(|k| buf[k] == 0 || buf[k] == k as u64 + 1));
        #[cfg(target_os = "linux")]
        assert_eq!(
            buf[(from + to) / 2],
            0,
            "a page in the middle was given back"
        );
    }
}
