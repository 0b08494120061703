//! `cargo fuzz run mtx`: see `graphblas_fuzz_support::mtx`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| graphblas_fuzz_support::mtx(data));
