//! Input and output: Matrix Market files and synthetic graph generators.

pub mod generate;
pub mod mtx;
mod rng;
