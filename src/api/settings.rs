//! Library-wide settings: the execution mode, the number of threads, the
//! memory kept for derived data, and explain (printing what the
//! non-blocking engine does).
//!
//! * [`Mode::NonBlocking`] (the default) records operations and fuses them
//!   when a result is read; [`Mode::Blocking`] computes each at once.
//!   [`set_mode`] sets it for every thread, [`with_mode`] for one call on
//!   this thread, [`mode()`] reads it.
//! * [`set_num_threads`] sets the threads the kernels use (`0`: one per core);
//!   results never depend on it.
//! * [`set_cache_limit`] bounds the memory of derived data kept for later
//!   reads (a matrix's transpose, computed once for products that read it
//!   the other way): past it the least recently used is dropped, and all of
//!   it before an allocation fails. [`cache_limit`] reads the bound (a
//!   quarter of physical memory unless `GRB_CACHE_LIMIT` says otherwise),
//!   [`cached_bytes`] what is kept now.
//! * [`set_explain`] prints every plan, what the engine fused and the kernels'
//!   times on standard error (also switched on by the environment variable
//!   `GRB_EXPLAIN=1`); [`Matrix::pending_plan`](crate::Matrix::pending_plan)
//!   shows one matrix's recorded plan.
//!
//! ```
//! use graphblas::Mode;
//! graphblas::set_num_threads(2)?;
//! assert_eq!(graphblas::num_threads(), 2);
//! graphblas::set_num_threads(0)?; // back to one per core
//! let mode = graphblas::with_mode(Mode::Blocking, graphblas::mode);
//! assert_eq!(mode, Mode::Blocking);
//! graphblas::set_explain(false);
//! # Ok::<(), graphblas::Error>(())
//! ```

pub use crate::cache_budget::{cache_limit, cached_bytes, set_cache_limit};
pub use crate::explain::set_explain;
pub use crate::plan::{mode, set_mode, with_mode, Mode};
pub use crate::threads::{num_threads, set_num_threads, MAX_THREADS};
