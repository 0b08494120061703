//! The ported algorithms' tests, one module per algorithm family, in one test
//! binary: each algorithm against its plain-Rust reference
//! (`lagraph_ports::reference`) on generated graphs, hand-made corner cases
//! and, when `LAGRAPH_DATA` names LAGraph's `data` folder, LAGraph's test
//! matrices. One module: `cargo test -p lagraph-ports --test it kcore::`.

mod algorithms;
mod api_only;
mod cdlp;
mod edge;
mod kcore;
mod ktruss;
mod lcc;
mod mis;
mod support;
