//! Lazy expressions: `a.mxm(&b, semiring)`, `a.t()`, `u.vxm(&a, s)`,
//! `a.ewise_add(&b, op)`, `a.apply(op)`, `a.select(op, s)`, … build an
//! unevaluated expression; assigning it into an output applies the mask,
//! accumulator and replace in one call, and `.eval()` makes a new object.
//! Either way the engine then records the operation (non-blocking mode) and
//! computes it when a result is read.
//!
//! ```
//! use graphblas::{binary, prelude::*, semiring, Matrix};
//! let a = Matrix::from_triplets(2, 2, [(0, 1, 2.0), (1, 0, 3.0)])?;
//! let b = a.mxm(&a, semiring::plus_times()).eval()?;
//! assert_eq!(b.get(0, 0)?, Some(6.0));
//! // C<B, struct> += A' A
//! let c = Matrix::<f64>::new(2, 2)?;
//! c.masked(&b).structural().accum(binary::plus()).assign(a.t().mxm(&a, semiring::plus_times()))?;
//! assert_eq!(c.get(1, 1)?, Some(4.0));
//! # Ok::<(), graphblas::Error>(())
//! ```

mod matrix;
mod operand;
mod output;
mod scalar;
mod vector;

pub use matrix::{MatrixExpr, MatrixOps};
pub use operand::{IndexList, MatrixOperand, MatrixRef, MatrixView, VectorOperand, VectorView};
pub use output::{Collection, MatrixMask, NoMask, Output, ScalarOutput, VectorMask};
pub use scalar::ScalarExpr;
pub use vector::{VectorExpr, VectorOps};
