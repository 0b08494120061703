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
//! are not faulted in again page by page by the next.

use std::alloc::{GlobalAlloc, Layout, System};

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
/// a free) instead of a fresh mapping of their own.
pub const HEAP_ALLOCATION_LIMIT: usize = 32 << 20;

/// Free memory glibc keeps at the top of its heaps before returning it.
pub const RETAINED_FREE_MEMORY: usize = 256 << 20;

/// Sets glibc's allocator (process-wide) to serve allocations below 32 MiB
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
    }
}

// SAFETY: every call is forwarded to `System`, which upholds the contract;
// `advise` does not touch the memory.
unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        let ptr = unsafe { System.alloc(layout) };
        advise(ptr, layout.size());
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        advise(ptr, layout.size());
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        advise(new, new_size);
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
