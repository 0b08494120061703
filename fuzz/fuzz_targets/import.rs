//! `cargo fuzz run import`: see `graphblas_capi::fuzzing::import`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| graphblas_capi::fuzzing::import(data));
