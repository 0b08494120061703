//! The engine's thread count: a library-wide knob (`GxB_NTHREADS` in the C API).
//!
//! By default the engine runs its parallel kernels on rayon's global pool (one
//! thread per core). [`set_num_threads`] replaces that with a dedicated pool of
//! the requested size; callers run their work through [`install`] so that every
//! parallel kernel inside it uses the chosen pool. Results never depend on the
//! thread count.

use crate::error::{Error, Info, Result};
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

/// The dedicated pool, when a thread count has been set.
static POOL: RwLock<Option<Arc<ThreadPool>>> = RwLock::new(None);
/// True while [`POOL`] holds a pool (lets [`install`] skip the lock otherwise).
static HAS_POOL: AtomicBool = AtomicBool::new(false);

/// The most threads [`set_num_threads`] accepts.
pub const MAX_THREADS: usize = 1 << 12;

fn pool() -> Option<Arc<ThreadPool>> {
    if !HAS_POOL.load(Ordering::Acquire) {
        return None;
    }
    POOL.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Sets the number of threads the engine uses; `0` restores the default (one
/// per core). Fails with `GrB_INVALID_VALUE` above [`MAX_THREADS`] or when the
/// threads cannot be started.
pub fn set_num_threads(n: usize) -> Result<()> {
    if n > MAX_THREADS {
        return Err(Error::new(
            Info::InvalidValue,
            format!("{n} threads requested; at most {MAX_THREADS} are allowed"),
        ));
    }
    let mut slot = POOL.write().unwrap_or_else(|e| e.into_inner());
    if n == 0 {
        *slot = None;
        HAS_POOL.store(false, Ordering::Release);
        return Ok(());
    }
    if slot.as_ref().is_some_and(|p| p.current_num_threads() == n) {
        return Ok(());
    }
    let built = ThreadPoolBuilder::new()
        .num_threads(n)
        .thread_name(|k| format!("graphblas-{k}"))
        .build()
        .map_err(|e| Error::new(Info::InvalidValue, format!("cannot start {n} threads: {e}")))?;
    *slot = Some(Arc::new(built));
    HAS_POOL.store(true, Ordering::Release);
    Ok(())
}

/// The number of threads the engine uses.
pub fn num_threads() -> usize {
    match pool() {
        Some(p) => p.current_num_threads(),
        None => rayon::current_num_threads(),
    }
}

/// Runs `op` so that its parallel work uses the engine's threads: directly when
/// no thread count has been set (or when already on the dedicated pool),
/// otherwise on the dedicated pool (the caller waits).
pub fn install<R: Send>(op: impl FnOnce() -> R + Send) -> R {
    match pool() {
        Some(p) if p.current_thread_index().is_none() => p.install(op),
        _ => op(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test only: the knob is global, and tests run concurrently.
    #[test]
    fn thread_count_is_settable_and_used() {
        set_num_threads(3).unwrap();
        assert_eq!(num_threads(), 3);
        assert_eq!(install(rayon::current_num_threads), 3);
        // Nested installs run directly on the pool.
        assert_eq!(install(|| install(rayon::current_num_threads)), 3);
        set_num_threads(3).unwrap();
        assert_eq!(num_threads(), 3);
        assert_eq!(
            set_num_threads(MAX_THREADS + 1).unwrap_err().info,
            Info::InvalidValue
        );
        assert_eq!(num_threads(), 3);
        set_num_threads(0).unwrap();
        assert_eq!(num_threads(), rayon::current_num_threads());
        assert_eq!(install(|| 7), 7);
    }
}
