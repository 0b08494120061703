//! `cargo fuzz run c_api_calls`: see `graphblas_fuzz_support::c_api_calls`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| graphblas_fuzz_support::c_api_calls(data));
