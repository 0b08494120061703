//! `cargo fuzz run c_api_calls`: see `graphblas_capi::fuzzing::c_api_calls`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| graphblas_capi::fuzzing::c_api_calls(data));
