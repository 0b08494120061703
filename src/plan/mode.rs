//! The execution mode: `Blocking` runs every operation at once;
//! `NonBlocking` (the default) records operations and runs them when a result
//! is read, which lets the planner fuse them.
//!
//! The mode is global (set by `GrB_init` or the Rust API; before either, the
//! environment variable `GRB_MODE=blocking` or `nonblocking` chooses it) and may
//! be overridden on one thread with [`with_mode`], which is how tests run the
//! same program both ways side by side.

use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};

/// How operations are executed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every operation computes its result before it returns.
    Blocking,
    /// Operations are recorded and computed when a result is read.
    NonBlocking,
}

const UNSET: u8 = 0;
const BLOCKING: u8 = 1;
const NONBLOCKING: u8 = 2;

static GLOBAL: AtomicU8 = AtomicU8::new(UNSET);

thread_local! {
    static OVERRIDE: Cell<Option<Mode>> = const { Cell::new(None) };
}

/// Sets the mode for every thread (without a [`with_mode`] override).
pub fn set_mode(mode: Mode) {
    GLOBAL.store(encode(mode), Ordering::Release);
}

fn encode(mode: Mode) -> u8 {
    match mode {
        Mode::Blocking => BLOCKING,
        Mode::NonBlocking => NONBLOCKING,
    }
}

/// The global mode: as set, else from `GRB_MODE`, else non-blocking.
fn global() -> Mode {
    let mut m = GLOBAL.load(Ordering::Acquire);
    if m == UNSET {
        let blocking = std::env::var("GRB_MODE").is_ok_and(|v| v.eq_ignore_ascii_case("blocking"));
        let from_env = if blocking { BLOCKING } else { NONBLOCKING };
        // A concurrent set_mode wins over the environment.
        let _ = GLOBAL.compare_exchange(UNSET, from_env, Ordering::AcqRel, Ordering::Acquire);
        m = GLOBAL.load(Ordering::Acquire);
    }
    if m == BLOCKING {
        Mode::Blocking
    } else {
        Mode::NonBlocking
    }
}

/// The mode operations on this thread run in.
pub fn mode() -> Mode {
    OVERRIDE.with(Cell::get).unwrap_or_else(global)
}

/// Runs `f` with operations on this thread in `mode`, then restores the
/// previous setting (also when `f` panics).
pub fn with_mode<R>(mode: Mode, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Mode>);
    impl Drop for Restore {
        fn drop(&mut self) {
            OVERRIDE.with(|o| o.set(self.0));
        }
    }
    let _restore = Restore(OVERRIDE.with(|o| o.replace(Some(mode))));
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_is_per_thread_and_restored() {
        let outer = mode();
        with_mode(Mode::Blocking, || {
            assert_eq!(mode(), Mode::Blocking);
            with_mode(Mode::NonBlocking, || assert_eq!(mode(), Mode::NonBlocking));
            assert_eq!(mode(), Mode::Blocking);
            std::thread::spawn(move || assert_eq!(mode(), outer))
                .join()
                .unwrap();
        });
        assert_eq!(mode(), outer);
    }
}
