//! Graph algorithms in the style of LAGraph, written on the `graphblas` Rust API.
//!
//! The algorithms are ported from their published descriptions, each verified
//! against a simple reference implementation in plain Rust.
pub mod cdlp;
pub mod kcore;
pub mod ktruss;
pub mod lcc;
pub mod mis;
pub mod reference;
