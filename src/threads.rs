//! The engine's thread count: a library-wide knob (`GxB_NTHREADS` in the C API).
//!
//! Work runs on the caller's thread, and the engine's parallel loops
//! (`crate::parallel`) take helper threads from a pool: by default one of a
//! thread fewer than the cores, and after [`set_num_threads`] a dedicated pool
//! of the requested size. A call is never handed to another thread as a
//! whole: that hand-off costs two thread wake-ups, which for the small calls
//! graph algorithms make by the thousand (a `setElement` each) cost more than
//! the call. Rayon's own parallel sorts run through [`install`]. Results
//! never depend on the thread count.

use crate::error::{Error, Info, Result};
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::thread::JoinHandle;

/// A dedicated pool and its threads, kept so that replacing the pool can wait
/// for them: after [`set_num_threads`] returns, no thread of a replaced pool is
/// still running (and none is left half-exited when the process ends).
pub(crate) struct Pool {
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
            let replaced = slot.replace(Arc::new(start_pool(n, "graphblas-w")?));
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

/// A pool of `n` threads named `{prefix}K`.
fn start_pool(n: usize, prefix: &str) -> Result<Pool> {
    let handles = Mutex::new(Vec::with_capacity(n));
    let threads = ThreadPoolBuilder::new()
        .num_threads(n)
        .spawn_handler(|worker| {
            let mut spawn = std::thread::Builder::new().name(format!("{prefix}{}", worker.index()));
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

/// Runs `op`, a rayon parallel iterator (a parallel sort), so that it uses
/// the engine's threads: on the dedicated pool when a thread count is set
/// (the caller waits; worth it only for large work), else directly.
pub fn install<R: Send>(op: impl FnOnce() -> R + Send) -> R {
    match pool() {
        Some(p) if p.threads.current_thread_index().is_none() => p.threads.install(op),
        _ => op(),
    }
}

/// The pool whose threads help a caller's parallel loop, and how many of
/// them one loop may use (the caller is one more): the dedicated pool when a
/// thread count is set, else a pool of one thread fewer than rayon's global
/// pool (the caller and its helpers are then as many as the cores). `None`
/// with one thread, or when no pool can be started.
pub(crate) fn helpers() -> Option<(Arc<Pool>, usize)> {
    if let Some(p) = pool() {
        let helpers = p.threads.current_num_threads().saturating_sub(1);
        return (helpers > 0).then_some((p, helpers));
    }
    static DEFAULT: OnceLock<Option<Arc<Pool>>> = OnceLock::new();
    let default = DEFAULT.get_or_init(|| {
        let helpers = rayon::current_num_threads().saturating_sub(1);
        (helpers > 0)
            .then(|| start_pool(helpers, "graphblas-h").ok().map(Arc::new))
            .flatten()
    });
    let p = default.clone()?;
    let helpers = p.threads.current_num_threads();
    Some((p, helpers))
}

impl Pool {
    /// Runs `job` on one of the pool's threads.
    pub(crate) fn spawn(&self, job: impl FnOnce() + Send + 'static) {
        self.threads.spawn(job);
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
        assert_eq!(helpers().map(|(_, n)| n), Some(2));
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
        assert_eq!(helpers().map(|(_, n)| n), Some(1));
        set_num_threads(1).unwrap();
        assert!(helpers().is_none());
        set_num_threads(0).unwrap();
        assert_eq!(num_threads(), rayon::current_num_threads());
        // The replaced pool's threads exit once no task of a test running
        // beside this one still holds the pool.
        #[cfg(target_os = "linux")]
        {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
            while dedicated_threads_running() > 0 && std::time::Instant::now() < deadline {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            assert_eq!(dedicated_threads_running(), 0);
        }
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
