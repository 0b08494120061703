//! The bodies of the fuzz targets over the C API (`graphblas-capi`, called
//! through its exported functions): the cargo-fuzz crate in `fuzz/` wraps
//! each in a libFuzzer target, and this crate's smoke tests run them on the
//! seed corpus and its mutations under `cargo test`.
//!
//! Each target takes arbitrary bytes and must never crash: every call returns
//! a valid `GrB_Info`, and `GrB_PANIC` (a panic that reached the guard) is a
//! bug. A target panics when either happens, which libFuzzer reports as a
//! crash and a test reports as a failure.
//!
//! - [`c_api_calls`]: random sequences of C calls with random arguments.
//! - [`deserialize`]: `GrB_Matrix_deserialize` of arbitrary bytes.
//! - [`import`]: `GrB_Matrix_import` of arbitrary arrays.
//! - [`mtx`]: the Matrix Market reader on arbitrary text.
//!
//! What a target accepts is then used ([`use_matrix`]), so a structure that
//! passes validation but is inconsistent shows up as a panic or a wrong result.

mod args;
mod calls;
mod ffi;
mod input;
mod matrices;
#[cfg(test)]
mod seeds;
#[cfg(test)]
mod smoke_tests;

use capi::api::{GrB_Index, GrB_Info};
use engine::Info;
use input::Input;
pub use matrices::{deserialize, import, mtx};

/// Checks the code `call` returned: a valid `GrB_Info` other than `GrB_PANIC`.
/// Returns it, so callers can branch on success (`0`).
pub(crate) fn check(info: GrB_Info, call: &str) -> GrB_Info {
    assert!(
        Info::from_code(info).is_some(),
        "{call} returned {info}, which is not a GrB_Info code"
    );
    assert_ne!(
        info,
        Info::Panic.code(),
        "{call} returned GrB_PANIC: a panic reached the guard"
    );
    info
}

/// The largest buffer (in elements) the drivers allocate for a size the library reports.
const MAX_BUFFER: GrB_Index = 1 << 16;

/// `size` as a buffer length, if the drivers are willing to allocate it.
pub(crate) fn checked_buffer_len(size: GrB_Index) -> Option<usize> {
    (size <= MAX_BUFFER).then_some(size as usize)
}

/// Initialises the library once per process (in either mode, whoever is first).
pub(crate) fn init() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let info = capi::context::GrB_init(0);
        assert!(
            info == Info::Success.code() || info == Info::InvalidValue.code(),
            "GrB_init returned {info}"
        );
    });
}

/// The C-API driver: interprets `data` as a sequence of calls (at most 64).
pub fn c_api_calls(data: &[u8]) {
    init();
    let mut input = Input::new(data);
    calls::Session::new().run(&mut input, 64);
}
