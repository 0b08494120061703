//! The engine's integration tests, one module per area, in one test binary:
//! the library is linked once for all of them. Every operation is checked
//! against the naive model in `tests/oracle/`, with randomized cases in every
//! storage format; `GRB_MODE=blocking` runs the same cases with every
//! operation computed at once. One area: `cargo test -p graphblas --test it mxm::`.

#[path = "../oracle/mod.rs"]
mod oracle;

mod api_data;
mod api_ops;
mod apply;
mod assign;
mod cache;
mod concurrency;
mod diag;
mod edge;
mod ewise;
mod exchange;
mod extract;
mod generate;
mod identities;
mod kron;
mod lcg;
mod mtx;
mod mxm;
mod nonblocking;
mod objects;
mod oom;
mod parts;
mod reduce;
mod select;
mod sort;
mod subassign;
mod transpose;
