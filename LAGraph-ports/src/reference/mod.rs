//! Plain-Rust references for the algorithms.
pub mod cdlp;
pub mod kcore;
pub mod ktruss;
pub mod lcc;
pub mod mis;
