//! Explain: for every materialisation, the plan before and after rewriting,
//! the kernels chosen and their times, printed to standard error.
//!
//! Switched on by the environment variable `GRB_EXPLAIN` (any value but `0`;
//! then it stays on), by [`set_explain`] (the Rust API and `GrB_set` reach it), or captured for
//! one call with [`capture`]. Steps are recorded on the thread that runs the
//! plan (kernels may use other threads, but the planner does not).
//!
//! A leaf module: every layer records its steps here, and it imports none of them.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

const UNSET: u8 = 0;
const OFF: u8 = 1;
const ON: u8 = 2;

static SWITCH: AtomicU8 = AtomicU8::new(UNSET);

thread_local! {
    /// The steps of the materialisation running on this thread, when traced.
    static TRACE: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

/// Turns printing of plans on or off. `GRB_EXPLAIN` set in the environment
/// keeps it on: a program that turns it off (LAGraph's demos clear
/// `GxB_BURBLE`) can still be explained.
pub fn set_explain(on: bool) {
    let on = on || environment_asks();
    SWITCH.store(if on { ON } else { OFF }, Ordering::Release);
}

/// Whether the environment variable `GRB_EXPLAIN` asks for plans.
fn environment_asks() -> bool {
    std::env::var("GRB_EXPLAIN").is_ok_and(|v| v != "0" && !v.is_empty())
}

/// True when plans are printed.
pub fn enabled() -> bool {
    match SWITCH.load(Ordering::Acquire) {
        ON => true,
        OFF => false,
        _ => {
            let on = environment_asks();
            // A concurrent set_explain wins over the environment.
            let _ = SWITCH.compare_exchange(
                UNSET,
                if on { ON } else { OFF },
                Ordering::AcqRel,
                Ordering::Acquire,
            );
            SWITCH.load(Ordering::Acquire) == ON
        }
    }
}

/// True when the current thread is recording steps.
pub fn tracing() -> bool {
    TRACE.with(|t| t.borrow().is_some())
}

/// Records a step of the running materialisation (the text is only built when traced).
pub fn step(text: impl FnOnce() -> String) {
    TRACE.with(|t| {
        if let Some(steps) = t.borrow_mut().as_mut() {
            steps.push(text());
        }
    });
}

/// Runs `f` and records `what` with its time.
pub fn timed<R>(what: impl FnOnce() -> String, f: impl FnOnce() -> R) -> R {
    if !tracing() {
        return f();
    }
    let start = Instant::now();
    let r = f();
    let ms = start.elapsed().as_secs_f64() * 1e3;
    step(|| format!("{} ({ms:.3} ms)", what()));
    r
}

/// Runs `f` recording its steps; returns its result and the steps. Nested
/// calls record into the outermost trace.
pub fn capture<R>(f: impl FnOnce() -> R) -> (R, Vec<String>) {
    if tracing() {
        return (f(), Vec::new());
    }
    struct Stop;
    impl Drop for Stop {
        fn drop(&mut self) {
            TRACE.with(|t| t.borrow_mut().take());
        }
    }
    TRACE.with(|t| *t.borrow_mut() = Some(Vec::new()));
    let stop = Stop;
    let r = f();
    let steps = TRACE.with(|t| t.borrow_mut().take()).unwrap_or_default();
    drop(stop);
    (r, steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_recorded_only_inside_capture() {
        step(|| unreachable!("not traced"));
        let (value, steps) = capture(|| {
            step(|| "one".into());
            timed(|| "two".into(), || 7)
        });
        assert_eq!(value, 7);
        assert_eq!(steps[0], "one");
        assert!(steps[1].starts_with("two ("));
        assert!(!tracing());
    }
}
