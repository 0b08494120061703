//! `cargo fuzz run deserialize`: see `graphblas_capi::fuzzing::deserialize`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| graphblas_capi::fuzzing::deserialize(data));
