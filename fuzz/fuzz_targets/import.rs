//! `cargo fuzz run import`: see `graphblas_fuzz_support::import`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| graphblas_fuzz_support::import(data));
