//! A pure-Rust implementation of the GraphBLAS C API specification 2.1:
//! sparse matrices and vectors over semirings.
//!
//! The engine is organised in layers: [`algebra`] (types, operators, monoids,
//! semirings), [`storage`] (formats), [`object`] (matrices, vectors, scalars,
//! descriptors), [`ops`] (the GraphBLAS operations) and [`plan`] (the
//! non-blocking engine that records operations and fuses them when results
//! are read).

pub mod algebra;
pub mod api;
pub mod error;
pub mod io;
pub mod object;
pub mod ops;
pub mod plan;
pub mod storage;
pub mod threads;

pub use api::*;
pub use error::{Error, Info, Result};
