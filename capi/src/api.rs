//! The boundary every entry point crosses: library state (initialised, mode),
//! the panic guard, and turning engine errors into `GrB_Info` codes and
//! messages for `GrB_error`.

use crate::handle::{free, get, Object};
use engine::{Error, Info, Result};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// `GrB_Info`: the status code of every call.
pub type GrB_Info = std::ffi::c_int;
/// `GrB_Index`: row and column indices and dimensions.
pub type GrB_Index = u64;

// The C enums the entry points take. The prelude of the header declares them
// (cbindgen is told not to emit these aliases, so prototypes keep the enum
// names); a C enum whose values fit an `int` is passed exactly as an `int` in the
// C ABI, so the Rust side reads a `c_int`.
/// `GrB_Mode` (`GrB_init`).
pub type GrB_Mode = std::ffi::c_int;
/// `GrB_WaitMode` (`GrB_wait`).
pub type GrB_WaitMode = std::ffi::c_int;
/// `GrB_Desc_Field` (`GrB_Descriptor_set`).
pub type GrB_Desc_Field = std::ffi::c_int;
/// `GrB_Desc_Value` (`GrB_Descriptor_set`).
pub type GrB_Desc_Value = std::ffi::c_int;
/// `GrB_Format` (import and export).
pub type GrB_Format = std::ffi::c_int;
/// `GrB_Field` (`GrB_get` / `GrB_set`).
pub type GrB_Field = std::ffi::c_int;
/// `GxB_Print_Level` (`GxB_fprint`).
pub type GxB_Print_Level = std::ffi::c_int;

static INITIALIZED: AtomicBool = AtomicBool::new(false);
static MODE: AtomicI32 = AtomicI32::new(0);

/// `GrB_NONBLOCKING`
const MODE_NONBLOCKING: i32 = 0;
/// `GrB_BLOCKING`
const MODE_BLOCKING: i32 = 1;
/// `GxB_NONBLOCKING_GPU`: SuiteSparse's non-blocking mode allowing GPUs (no GPU is used).
const MODE_NONBLOCKING_GPU: i32 = 2;
/// `GxB_BLOCKING_GPU`: SuiteSparse's blocking mode allowing GPUs (no GPU is used).
const MODE_BLOCKING_GPU: i32 = 3;

/// Marks the library initialised in `mode`; fails if it already is. The GPU
/// modes run as their CPU counterparts and are reported as given.
pub(crate) fn initialize(mode: i32) -> Result<()> {
    let blocking = match mode {
        MODE_NONBLOCKING | MODE_NONBLOCKING_GPU => false,
        MODE_BLOCKING | MODE_BLOCKING_GPU => true,
        _ => {
            return Err(Error::new(
                Info::InvalidValue,
                format!("invalid mode {mode}: use GrB_BLOCKING or GrB_NONBLOCKING"),
            ))
        }
    };
    if INITIALIZED.swap(true, Ordering::AcqRel) {
        return Err(Error::new(
            Info::InvalidValue,
            "GrB_init has already been called",
        ));
    }
    MODE.store(mode, Ordering::Release);
    engine::retain_freed_memory();
    engine::set_mode(if blocking {
        engine::Mode::Blocking
    } else {
        engine::Mode::NonBlocking
    });
    Ok(())
}

/// Marks the library finalised (it may be initialised again).
pub(crate) fn finalize() {
    INITIALIZED.store(false, Ordering::Release);
}

/// Sets whether the library counts as initialised, keeping the mode and the
/// memory functions (`GB_Global_GrB_init_called_set`).
pub(crate) fn set_initialized(called: bool) {
    INITIALIZED.store(called, Ordering::Release);
}

/// The execution mode given to `GrB_init` (`GxB_MODE`).
pub(crate) fn mode() -> i32 {
    MODE.load(Ordering::Acquire)
}

/// The spec's mode (`GrB_BLOCKING_MODE`): a GPU mode reads as its CPU one.
pub(crate) fn blocking_mode() -> i32 {
    match mode() {
        MODE_BLOCKING | MODE_BLOCKING_GPU => MODE_BLOCKING,
        _ => MODE_NONBLOCKING,
    }
}

/// Where a failed call records its message: the object the call worked on.
pub(crate) trait ErrorSink {
    /// Records `message` on the object, if it is a live object.
    fn record(&self, message: &str);
}

impl ErrorSink for () {
    fn record(&self, _message: &str) {}
}

impl<T: Object> ErrorSink for *mut T {
    fn record(&self, message: &str) {
        // SAFETY: `get` only dereferences a non-NULL handle to read its header.
        if let Ok(obj) = unsafe { get(*self as *const T) } {
            obj.header().set_error(message);
        }
    }
}

impl<T: Object> ErrorSink for *const T {
    fn record(&self, message: &str) {
        (*self as *mut T).record(message)
    }
}

/// Runs the body of an entry point: requires `GrB_init`, catches panics
/// (`GrB_PANIC`), and turns an error into its code after recording its message
/// on `sink`. `GrB_NO_VALUE` is returned without a message.
pub(crate) fn api(sink: impl ErrorSink, body: impl FnOnce() -> Result<()>) -> GrB_Info {
    if !INITIALIZED.load(Ordering::Acquire) {
        sink.record("GraphBLAS is not initialized: call GrB_init first");
        return Info::Panic.code();
    }
    // On the caller's thread: the engine's parallel loops bring in their
    // helper threads (`GxB_NTHREADS`) themselves.
    run(sink, body)
}

/// The body of every `*_free(&obj)`: frees the object (`handle::free`).
/// As in SuiteSparse, a free needs no initialised library: LAGraph frees its
/// global objects again, NULL by then, after `GrB_finalize`.
///
/// # Safety
/// `handle` must be NULL or a valid pointer to a handle variable.
pub(crate) unsafe fn free_entry<T: Object>(handle: *mut *mut T) -> GrB_Info {
    run((), || unsafe { free(handle) })
}

/// As [`api`], for the few calls allowed before `GrB_init` (init, version,
/// error, free).
pub(crate) fn run(sink: impl ErrorSink, body: impl FnOnce() -> Result<()>) -> GrB_Info {
    match engine::raw::error::catch_panic(body) {
        Ok(()) => Info::Success.code(),
        Err(e) => {
            if e.info != Info::NoValue {
                sink.record(&e.message);
            }
            e.info.code()
        }
    }
}

/// Converts a C count (of an array's elements) to `usize`, failing with
/// `GrB_INVALID_VALUE` beyond `GrB_INDEX_MAX + 1`: no valid array is that long,
/// and a slice of such a length would not even be addressable.
pub(crate) fn count(n: GrB_Index, what: &str) -> Result<usize> {
    if n > engine::raw::object::INDEX_MAX + 1 {
        return Err(Error::new(
            Info::InvalidValue,
            format!("{what} {n} exceeds GrB_INDEX_MAX + 1 = 2^60"),
        ));
    }
    usize::try_from(n)
        .map_err(|_| Error::new(Info::InvalidValue, format!("{what} {n} is too large")))
}

/// A C array of `n` elements as a slice. A NULL array is `GrB_NULL_POINTER`
/// even when `n = 0`, as the spec lists it for every array argument.
///
/// # Safety
/// `p` must point to `n` readable elements when `n > 0`.
pub(crate) unsafe fn slice<'a, T>(p: *const T, n: usize, what: &str) -> Result<&'a [T]> {
    crate::handle::non_null(p, what)?;
    if n == 0 {
        return Ok(&[]);
    }
    Ok(unsafe { std::slice::from_raw_parts(p, n) })
}

/// Checks a `GrB_WaitMode` argument.
pub(crate) fn check_wait_mode(mode: std::ffi::c_int) -> Result<()> {
    if mode == 0 || mode == 1 {
        Ok(())
    } else {
        Err(Error::new(
            Info::InvalidValue,
            format!("invalid wait mode {mode}: use GrB_COMPLETE or GrB_MATERIALIZE"),
        ))
    }
}
