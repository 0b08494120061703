//! Errors: the spec's `GrB_Info` codes and an error value that carries a message.

use std::fmt;

/// The status codes of the GraphBLAS C API (`GrB_Info`), with the spec's integer values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum Info {
    /// The call succeeded.
    Success = 0,
    /// A requested entry is not present (informational, not an error).
    NoValue = 1,
    /// An object was used before it was created, or after it was freed.
    UninitializedObject = -1,
    /// A required pointer argument was NULL.
    NullPointer = -2,
    /// An argument had an invalid value.
    InvalidValue = -3,
    /// A row or column index is outside the object's dimensions.
    InvalidIndex = -4,
    /// The domains (types) of the arguments are not compatible.
    DomainMismatch = -5,
    /// The dimensions of the arguments do not match.
    DimensionMismatch = -6,
    /// The output of a build already holds entries.
    OutputNotEmpty = -7,
    /// The requested combination is not implemented.
    NotImplemented = -8,
    /// A write-once field was written twice.
    AlreadySet = -9,
    /// An internal error (a panic was caught).
    Panic = -101,
    /// Memory could not be allocated.
    OutOfMemory = -102,
    /// An output array is too small.
    InsufficientSpace = -103,
    /// An object is in an invalid state.
    InvalidObject = -104,
    /// An index in an index list is outside the dimensions.
    IndexOutOfBounds = -105,
    /// A scalar argument holds no value.
    EmptyObject = -106,
}

impl Info {
    /// Every code, in the order of the spec's list (`GrB_SUCCESS` first).
    pub const ALL: [Info; 17] = [
        Info::Success,
        Info::NoValue,
        Info::UninitializedObject,
        Info::NullPointer,
        Info::InvalidValue,
        Info::InvalidIndex,
        Info::DomainMismatch,
        Info::DimensionMismatch,
        Info::OutputNotEmpty,
        Info::NotImplemented,
        Info::AlreadySet,
        Info::Panic,
        Info::OutOfMemory,
        Info::InsufficientSpace,
        Info::InvalidObject,
        Info::IndexOutOfBounds,
        Info::EmptyObject,
    ];

    /// The code with the given C value, or `None` for a value `GrB_Info` does not have.
    ///
    /// ```
    /// use graphblas::Info;
    /// assert_eq!(Info::from_code(-4), Some(Info::InvalidIndex));
    /// assert_eq!(Info::from_code(Info::Panic.code()), Some(Info::Panic));
    /// assert_eq!(Info::from_code(42), None);
    /// ```
    pub fn from_code(code: i32) -> Option<Info> {
        Info::ALL.into_iter().find(|info| info.code() == code)
    }

    /// The C name of the code, e.g. `"GrB_INVALID_INDEX"`.
    pub fn name(self) -> &'static str {
        match self {
            Info::Success => "GrB_SUCCESS",
            Info::NoValue => "GrB_NO_VALUE",
            Info::UninitializedObject => "GrB_UNINITIALIZED_OBJECT",
            Info::NullPointer => "GrB_NULL_POINTER",
            Info::InvalidValue => "GrB_INVALID_VALUE",
            Info::InvalidIndex => "GrB_INVALID_INDEX",
            Info::DomainMismatch => "GrB_DOMAIN_MISMATCH",
            Info::DimensionMismatch => "GrB_DIMENSION_MISMATCH",
            Info::OutputNotEmpty => "GrB_OUTPUT_NOT_EMPTY",
            Info::NotImplemented => "GrB_NOT_IMPLEMENTED",
            Info::AlreadySet => "GrB_ALREADY_SET",
            Info::Panic => "GrB_PANIC",
            Info::OutOfMemory => "GrB_OUT_OF_MEMORY",
            Info::InsufficientSpace => "GrB_INSUFFICIENT_SPACE",
            Info::InvalidObject => "GrB_INVALID_OBJECT",
            Info::IndexOutOfBounds => "GrB_INDEX_OUT_OF_BOUNDS",
            Info::EmptyObject => "GrB_EMPTY_OBJECT",
        }
    }

    /// The code as the C integer value.
    pub fn code(self) -> i32 {
        self as i32
    }
}

/// An error from a GraphBLAS operation: its status code, an [`Info`] (one
/// variant per `GrB_Info` value, so `match e.info { … }` distinguishes every
/// error the C API can return), and a message saying what was wrong.
///
/// ```
/// use graphblas::{Info, Matrix};
/// let a = Matrix::<f64>::new(2, 2)?;
/// let e = a.set(5, 0, 1.0).unwrap_err();
/// assert_eq!(e.info, Info::InvalidIndex);
/// assert_eq!(e.info.code(), -4);
/// assert!(e.to_string().starts_with("GrB_INVALID_INDEX: "));
/// # Ok::<(), graphblas::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The status code.
    pub info: Info,
    /// A human-readable explanation.
    pub message: String,
}

impl Error {
    /// Makes an error from a code and a message.
    pub fn new(info: Info, message: impl Into<String>) -> Self {
        Error {
            info,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.info.name(), self.message)
    }
}

impl std::error::Error for Error {}

/// The result type of every fallible engine function.
pub type Result<T> = std::result::Result<T, Error>;

/// Returns early with an [`Error`] of the given [`Info`] variant and a formatted message.
macro_rules! fail {
    ($info:ident, $($fmt:tt)+) => {
        return Err($crate::error::Error::new($crate::error::Info::$info, format!($($fmt)+)))
    };
}

/// Returns early with an error when the condition does not hold.
macro_rules! ensure {
    ($cond:expr, $info:ident, $($fmt:tt)+) => {
        if !$cond {
            $crate::fail!($info, $($fmt)+);
        }
    };
}
pub(crate) use {ensure, fail};

/// Converts an allocation failure into `GrB_OUT_OF_MEMORY`.
pub fn out_of_memory(what: &str) -> Error {
    Error::new(
        Info::OutOfMemory,
        format!("out of memory allocating {what}"),
    )
}

/// Allocates a vector of `n` copies of `value`, failing with `GrB_OUT_OF_MEMORY` instead of aborting.
pub fn try_vec<T: Clone>(n: usize, value: T, what: &str) -> Result<Vec<T>> {
    let mut v = try_with_capacity(n, what)?;
    v.resize(n, value);
    Ok(v)
}

/// Allocates an empty vector with room for `n` elements, failing with
/// `GrB_OUT_OF_MEMORY`; when the allocation fails, kept derived data (see
/// [`crate::cache_budget`]) is dropped and the allocation tried once more.
pub fn try_with_capacity<T>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_err() {
        if crate::cache_budget::evict_all() == 0 {
            return Err(out_of_memory(what));
        }
        v.try_reserve_exact(n).map_err(|_| out_of_memory(what))?;
    }
    Ok(v)
}

/// The error for a caught panic (`GrB_PANIC`), with the panic's message.
pub fn panic_error(payload: &(dyn std::any::Any + Send)) -> Error {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    Error::new(Info::Panic, format!("internal error (panic): {what}"))
}

/// Runs `f`, turning a panic inside it into a `GrB_PANIC` error.
pub fn catch_panic<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|p| Err(panic_error(&*p)))
}

/// Fails with `GrB_OUT_OF_MEMORY` unless `count` items of `item_bytes` each can
/// be allocated now: a probe allocation, released at once (untouched, it costs
/// no physical memory). Called before work whose buffers (kernel chunks,
/// copies) are allocated infallibly, so that an output that cannot fit is an
/// error instead of an abort.
pub fn check_room(count: usize, item_bytes: usize, what: &str) -> Result<()> {
    let bytes = count
        .checked_mul(item_bytes)
        .ok_or_else(|| out_of_memory(what))?;
    try_with_capacity::<u8>(bytes, what).map(drop)
}
