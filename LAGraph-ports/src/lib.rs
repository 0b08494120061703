//! Graph algorithms in the style of LAGraph, written on the `graphblas` Rust API.
//!
//! The algorithms are ported from their published descriptions, each verified
//! against a simple reference implementation in plain Rust ([`reference`]).
//! They take a [`Graph`], which caches what several algorithms share (the
//! transpose, the out-degrees), as LAGraph's `LAGraph_Graph` does.

pub mod bc;
pub mod bfs;
pub mod cc;
pub mod cdlp;
pub mod edge;
pub mod graph;
pub mod kcore;
pub mod ktruss;
pub mod lcc;
pub mod mis;
pub mod pagerank;
pub mod reference;
pub mod sssp;
pub mod tricount;

pub use graph::{Graph, Kind};
