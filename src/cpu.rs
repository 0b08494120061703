//! What the processor offers beyond the compiled baseline, for the few
//! loops compiled twice (with and without AVX2) and picked at run time.

/// Whether the processor has AVX2 (the standard library caches the
/// answer).
pub(crate) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
