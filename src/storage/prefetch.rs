//! A hint to the processor to start loading memory that a loop will read a
//! few iterations later. Kernels that jump between short runs of a large array
//! (one binary search or one short copy per vector) are bound by memory
//! latency, which the hardware prefetcher does not hide across pages.

/// Asks for the cache line holding `s[k]` to be loaded (nothing when `k` is
/// out of bounds, or on targets without a prefetch instruction).
#[inline(always)]
pub fn prefetch<T>(s: &[T], k: usize) {
    #[cfg(target_arch = "x86_64")]
    if k < s.len() {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch never faults and has no visible effect; the
        // address is inside `s` anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(s.as_ptr().add(k).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (s, k);
}
