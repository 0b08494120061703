//! `cargo fuzz run mtx`: see `graphblas_capi::fuzzing::mtx`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| graphblas_capi::fuzzing::mtx(data));
