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
use std::sync::{Arc, Mutex, RwLock};
use std::thread::JoinHandle;

/// A dedicated pool and its threads, kept so that replacing the pool can wait
/// for them: after [`set_num_threads`] returns, no thread of a replaced pool is
/// still running (and none is left half-exited when the process ends).
struct Pool {
    threads: ThreadPool,
    handles: Vec<JoinHandle<()>>,
}

/// The dedicated pool, when a thread count has been set.
static POOL: RwLock<Option<Arc<Pool>>> = RwLock::new(None);
/// True while [`POOL`] holds a pool (lets [`install`] skip the lock otherwise).
static HAS_POOL: AtomicBool = AtomicBool::new(false);

/// The most threads [`set_num_threads`] accepts.
pub const MAX_THREADS: usize = 1 << 12;

fn pool() -> Option<Arc<Pool>> {
    if !HAS_POOL.load(Ordering::Acquire) {
        return None;
    }
    POOL.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Sets the number of threads the engine uses; `0` restores the default (one
/// per core). Fails with `GrB_INVALID_VALUE` above [`MAX_THREADS`] or when the
/// threads cannot be started. The threads of a pool this replaces have exited
/// when it returns, unless another caller is still running work on them (they
/// then exit when that work ends) or the call comes from one of them.
pub fn set_num_threads(n: usize) -> Result<()> {
    if n > MAX_THREADS {
        return Err(Error::new(
            Info::InvalidValue,
            format!("{n} threads requested; at most {MAX_THREADS} are allowed"),
        ));
    }
    let replaced = {
        let mut slot = POOL.write().unwrap_or_else(|e| e.into_inner());
        if n == 0 {
            HAS_POOL.store(false, Ordering::Release);
            slot.take()
        } else if slot
            .as_ref()
            .is_some_and(|p| p.threads.current_num_threads() == n)
        {
            return Ok(());
        } else {
            let replaced = slot.replace(Arc::new(start_pool(n)?));
            HAS_POOL.store(true, Ordering::Release);
            replaced
        }
    };
    if let Some(Ok(old)) = replaced.map(Arc::try_unwrap) {
        if old.threads.current_thread_index().is_none() {
            drop(old.threads);
            for handle in old.handles {
                // A worker that panicked has nothing left to clean up.
                let _ = handle.join();
            }
        }
    }
    Ok(())
}

fn start_pool(n: usize) -> Result<Pool> {
    let handles = Mutex::new(Vec::with_capacity(n));
    let threads = ThreadPoolBuilder::new()
        .num_threads(n)
        .spawn_handler(|worker| {
            let mut spawn =
                std::thread::Builder::new().name(format!("graphblas-w{}", worker.index()));
            if let Some(size) = worker.stack_size() {
                spawn = spawn.stack_size(size);
            }
            let handle = spawn.spawn(move || worker.run())?;
            handles
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(handle);
            Ok(())
        })
        .build()
        .map_err(|e| Error::new(Info::InvalidValue, format!("cannot start {n} threads: {e}")))?;
    let handles = handles.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(Pool { threads, handles })
}

/// The number of threads the engine uses.
pub fn num_threads() -> usize {
    match pool() {
        Some(p) => p.threads.current_num_threads(),
        None => rayon::current_num_threads(),
    }
}

/// Runs `op` so that its parallel work uses the engine's threads: directly when
/// no thread count has been set (or when already on the dedicated pool),
/// otherwise on the dedicated pool (the caller waits).
pub fn install<R: Send>(op: impl FnOnce() -> R + Send) -> R {
    match pool() {
        Some(p) if p.threads.current_thread_index().is_none() => p.threads.install(op),
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
        set_num_threads(2).unwrap();
        assert_eq!(install(rayon::current_num_threads), 2);
        set_num_threads(0).unwrap();
        assert_eq!(num_threads(), rayon::current_num_threads());
        #[cfg(target_os = "linux")]
        assert_eq!(dedicated_threads_running(), 0);
        assert_eq!(install(|| 7), 7);
    }

    /// The threads of this process named by [`start_pool`] (`graphblas-wK`;
    /// the main thread carries the test binary's name, `graphblas-HASH`).
    #[cfg(target_os = "linux")]
    fn dedicated_threads_running() -> usize {
        std::fs::read_dir("/proc/self/task")
            .unwrap()
            .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
            .filter_map(|name| Some(name.trim_end().strip_prefix("graphblas-w")?.to_owned()))
            .filter(|k| k.bytes().all(|b| b.is_ascii_digit()))
            .count()
    }
}
