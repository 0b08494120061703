//! Counted work: the units the product kernels report as they run —
//! products, steps of merging or searching index lists, positions checked
//! against a mask, entries transposed or scattered into a dense form — so
//! that tests can check each plan the planner chooses against what every
//! other plan really costs (`kernels::mxm::dispatch::plan_quality`).
//!
//! The counter lives in the calling thread, and is compiled into the
//! library's own unit tests only: everywhere else [`count`] does nothing.

#[cfg(test)]
thread_local! {
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Adds `n` units of work done on this thread.
#[inline(always)]
pub fn count(n: usize) {
    #[cfg(test)]
    WORK.with(|w| w.set(w.get() + n as u64));
    #[cfg(not(test))]
    let _ = n;
}

/// The work counted on this thread since the last call.
#[cfg(test)]
pub fn take() -> u64 {
    WORK.with(|w| w.replace(0))
}
