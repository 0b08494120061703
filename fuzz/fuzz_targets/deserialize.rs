//! `cargo fuzz run deserialize`: see `graphblas_fuzz_support::deserialize`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| graphblas_fuzz_support::deserialize(data));
