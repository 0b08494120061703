//! A pure-Rust implementation of the GraphBLAS C API specification 2.1:
//! sparse matrices and vectors over semirings, with an idiomatic typed Rust
//! API over the same engine the C library (`capi/`) uses.
//!
//! # Guide
//!
//! ## Collections
//!
//! [`Matrix<T>`], [`Vector<T>`] and [`Scalar<T>`] hold values of a built-in
//! type (`bool`, the integers, `f32`, `f64`) or of a [user type](#user-types).
//! They are built from triplets, pairs or CSR/CSC arrays and read back the same
//! ways; every fallible call returns a [`Result`].
//!
//! ```
//! use graphblas::{Matrix, Vector};
//! let a = Matrix::from_triplets(3, 3, [(0, 1, 1.5), (1, 2, 2.0), (2, 0, 4.0)])?;
//! a.set(0, 0, 9.0)?;
//! assert_eq!(a.get(0, 0)?, Some(9.0));
//! assert_eq!(a.nvals()?, 4);
//! let v = Vector::from_pairs(3, [(2, 1u8)])?;
//! assert_eq!(v.to_dense(0)?, vec![0, 0, 1]);
//! println!("{a}"); // a grid for small matrices
//! # Ok::<(), graphblas::Error>(())
//! ```
//!
//! ## Operations are expressions
//!
//! The operations ([`MatrixOps`], [`VectorOps`]; bring them into scope with
//! `use graphblas::prelude::*`) build an unevaluated expression:
//! `a.mxm(&b, semiring)`, `u.vxm(&a, semiring)`, `a.ewise_add(&b, op)`,
//! `a.apply(op)`, `a.select(op, thunk)`, `a.extract(rows, cols)`,
//! `a.reduce_rows(monoid)`, `a.kronecker(&b, op)`, … An operand is a matrix,
//! its transpose `a.t()`, or a typecast view `a.cast::<f64>()`. `.eval()` makes
//! a new object; assigning into an existing one applies the output mask,
//! accumulator and replace of the GraphBLAS write-back in one statement:
//!
//! ```
//! use graphblas::{binary, prelude::*, semiring, Matrix};
//! let a = Matrix::from_triplets(2, 2, [(0, 1, 1), (1, 0, 2), (1, 1, 3)])?;
//! let square = a.mxm(&a, semiring::plus_times()).eval()?;
//! assert_eq!(square.get(1, 1)?, Some(11));
//!
//! // C<A, struct> += A' min.+ A : computed only where A has entries.
//! let c = Matrix::<i32>::new(2, 2)?;
//! c.masked(&a)
//!     .structural()
//!     .accum(binary::plus())
//!     .assign(a.t().mxm(&a, semiring::min_plus()))?;
//! assert_eq!(c.get(0, 1)?, Some(5));
//! # Ok::<(), graphblas::Error>(())
//! ```
//!
//! The predefined operators ([`unary`], [`binary`], [`index`], [`monoid`],
//! [`semiring`]) take their element type from the operands, so they need no
//! annotation; an operator on the wrong type, a bitwise operator on floats, or
//! a vector expression assigned into a matrix is a compile error. Dimensions
//! are checked when the expression is assigned (`GrB_DIMENSION_MISMATCH`, with
//! a message). Assigning into regions (`GrB_assign`, `GxB_subassign`, row and
//! column assignment) goes through the same output builder, [`Output`].
//!
//! ## Element types and casting
//!
//! An operator's input types must be its operands' element types. To use an
//! operand as another type, read it through a view — nothing is copied, the
//! engine casts as it reads — and the result of an expression is cast to the
//! output's type when assigned:
//!
//! ```
//! use graphblas::{monoid, prelude::*, unary, Matrix, Vector};
//! let a = Matrix::from_triplets(2, 2, [(0, 0, 2.5), (0, 1, 0.5)])?;
//! // Out-degrees: A's pattern as i64 ones, summed by row.
//! let degree = a.cast::<i64>().apply(unary::one()).eval()?.reduce_rows(monoid::plus()).eval()?;
//! assert_eq!(degree.pairs()?, vec![(0, 2)]);
//! let rounded = Vector::<i32>::new(2)?;
//! rounded.assign(a.row(0, ..))?; // f64 values cast to i32
//! assert_eq!(rounded.pairs()?, vec![(0, 2), (1, 0)]);
//! # Ok::<(), graphblas::Error>(())
//! ```
//!
//! ## User types
//!
//! Any plain-data Rust type can be an element type: declare it with
//! [`user_type!`], or derive `bytemuck::Pod` and implement [`UserType`].
//! Operators on it are Rust closures ([`UnaryOp::new`], [`BinaryOp::new`],
//! [`IndexUnaryOp::new`]), combined into [`Monoid`]s and [`Semiring`]s, and
//! every operation accepts them.
//!
//! ```
//! use graphblas::{prelude::*, BinaryOp, Vector};
//! graphblas::user_type! {
//!     #[derive(Debug, PartialEq)]
//!     struct Interval { lo: f32, hi: f32 }
//! }
//! let hull = BinaryOp::new("hull", |a: Interval, b: Interval| Interval {
//!     lo: a.lo.min(b.lo),
//!     hi: a.hi.max(b.hi),
//! });
//! let u = Vector::from_pairs(3, [(0, Interval { lo: 1.0, hi: 2.0 })])?;
//! let v = Vector::from_pairs(3, [(0, Interval { lo: 0.0, hi: 1.5 }), (2, Interval { lo: 5.0, hi: 6.0 })])?;
//! let w = u.ewise_add(&v, hull).eval()?;
//! assert_eq!(w.get(0)?, Some(Interval { lo: 0.0, hi: 2.0 }));
//! # Ok::<(), graphblas::Error>(())
//! ```
//!
//! ## Conversions and files
//!
//! [`CompressedArrays`] holds a matrix as CSR or CSC arrays
//! ([`Matrix::to_csr`], [`Matrix::into_csc`], [`Matrix::from_compressed`] —
//! the last two move the arrays without copying where they can) and iterates
//! over its rows or columns; [`Matrix::iter`] and [`Matrix::triplets`] give
//! the entries. Matrix Market files ([`Matrix::read_mtx`],
//! [`Matrix::write_mtx`]) and serialized blobs ([`Matrix::serialize`]) round-trip.
//!
//! ```
//! use graphblas::Matrix;
//! let a = Matrix::from_triplets(2, 3, [(0, 2, 1u16), (1, 0, 2)])?;
//! for (row, cols, values) in a.to_csr()?.vectors() {
//!     println!("row {row}: columns {cols:?}, values {values:?}");
//! }
//! let b = Matrix::<u16>::deserialize(&a.serialize()?)?;
//! assert_eq!(b.triplets()?, vec![(0, 2, 1), (1, 0, 2)]);
//! # Ok::<(), graphblas::Error>(())
//! ```
//!
//! ## Errors
//!
//! Every error is an [`Error`]: its [`Info`] maps one to one to the C API's
//! `GrB_Info` codes, and its message says what was wrong.
//!
//! ```
//! use graphblas::{prelude::*, semiring, Info, Matrix};
//! let (a, b) = (Matrix::<f64>::new(2, 3)?, Matrix::<f64>::new(2, 3)?);
//! let e = a.mxm(&b, semiring::plus_times()).eval().unwrap_err();
//! assert_eq!(e.info, Info::DimensionMismatch);
//! println!("{e}"); // GrB_DIMENSION_MISMATCH: …
//! # Ok::<(), graphblas::Error>(())
//! ```
//!
//! ## Settings
//!
//! The engine is non-blocking by default: operations are recorded, fused and
//! computed when a result is read. [`set_mode`], [`with_mode`],
//! [`set_num_threads`] and [`set_explain`] (print what the engine fused and
//! the kernels' times) are in [`api::settings`];
//! [`Matrix::pending_plan`] shows a matrix's recorded plan.
//!
//! [`HugePages`] is a global allocator that puts large buffers on huge pages,
//! and [`retain_freed_memory`] keeps glibc from handing freed buffers back to
//! the system at once.
//!
//! ## Layers
//!
//! Below the typed API the engine is organised in layers, internal to the
//! crate, each importing only the ones below it: `ops` (the GraphBLAS
//! operations' argument checks, which record them), `object` (matrices,
//! vectors, scalars, descriptors), `plan` (the non-blocking engine that fuses
//! recorded operations and runs them when results are read), `kernels`
//! (store-to-store computation), and `storage` (formats) and `algebra`
//! (types, operators, monoids, semirings); `explain` records what the engine
//! did, for every layer. docs/ARCHITECTURE.md in the repository describes
//! them. The C library (`capi/`) reaches them through
//! a hidden module that is not a stable API. `examples/` holds BFS, PageRank
//! and triangle counting in a screenful each, and `LAGraph-ports/` a dozen
//! graph algorithms on this API.

#![deny(missing_docs)]

// The typed API and the engine's layers. The layers' docs are read with
// `--document-private-items`: where they link to private items, the lint that
// guards public docs (which sees them as public through `raw`) is allowed.
pub(crate) mod algebra;
pub(crate) mod alloc;
pub mod api;
pub(crate) mod cache_budget;
pub(crate) mod cpu;
#[allow(rustdoc::private_intra_doc_links)]
pub mod edge;
pub(crate) mod error;
pub(crate) mod explain;
pub(crate) mod io;
#[allow(rustdoc::private_intra_doc_links)]
pub(crate) mod kernels;
pub(crate) mod object;
#[allow(rustdoc::private_intra_doc_links)]
pub(crate) mod ops;
pub(crate) mod parallel;
#[allow(rustdoc::private_intra_doc_links)]
pub(crate) mod plan;
#[allow(rustdoc::private_intra_doc_links)]
pub(crate) mod storage;
#[cfg(test)]
mod test_rng;
pub(crate) mod threads;
pub(crate) mod work;

pub use alloc::{retain_freed_memory, HugePages};
pub use api::*;
/// The `bytemuck` crate, which [`user_type!`] derives its checks from.
pub use bytemuck;
pub use error::{Error, Info, Result};
pub(crate) use {
    algebra::element::with_type,
    error::{ensure, fail},
};

/// The engine's layers, for the C API crate (`capi`) and the repository's
/// tests, benchmarks and tools that drive the dynamically typed level: not a
/// stable API, and not part of the documented surface.
#[doc(hidden)]
pub mod raw {
    /// A module `raw::$layer` for each layer, re-exporting its public items.
    macro_rules! layers {
        ($($layer:ident),*) => {
            $(pub mod $layer {
                pub use crate::$layer::*;
            })*
        };
    }
    layers!(algebra, error, explain, io, kernels, object, ops, plan, storage);
}
