//! The GraphBLAS operations: argument checks and calls into `engine::raw::ops`.

mod apply;
mod assign;
mod diag;
mod ewise;
mod extract;
mod indices;
mod kron;
mod mxm;
mod reduce;
mod transpose;

use crate::descriptor::settings;
use crate::handle::*;
use crate::vector::vector;
use engine::raw::algebra::BinaryOp;
use engine::raw::object::{Descriptor, Matrix, Vector};
use engine::Result;

/// The output-side arguments every matrix operation takes.
pub(crate) struct MatrixOutput<'a> {
    pub c: &'a Matrix,
    pub mask: Option<&'a Matrix>,
    pub accum: Option<&'a BinaryOp>,
    pub desc: Descriptor,
}

/// Reads the output, mask, accumulator and descriptor of a matrix operation.
pub(crate) unsafe fn matrix_output<'a>(
    c: GrB_Matrix,
    mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    desc: GrB_Descriptor,
) -> Result<MatrixOutput<'a>> {
    unsafe {
        Ok(MatrixOutput {
            c: &get(c)?.matrix,
            mask: get_opt(mask)?.map(|m| &m.matrix),
            accum: get_opt(accum)?.map(|op| op.get()),
            desc: settings(desc)?,
        })
    }
}

/// The output-side arguments every vector operation takes.
pub(crate) struct VectorOutput<'a> {
    pub w: &'a Vector,
    pub mask: Option<&'a Vector>,
    pub accum: Option<&'a BinaryOp>,
    pub desc: Descriptor,
}

/// Reads the output, mask, accumulator and descriptor of a vector operation.
pub(crate) unsafe fn vector_output<'a>(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    desc: GrB_Descriptor,
) -> Result<VectorOutput<'a>> {
    unsafe {
        Ok(VectorOutput {
            w: vector(w)?,
            mask: if mask.is_null() {
                None
            } else {
                Some(vector(mask)?)
            },
            accum: get_opt(accum)?.map(|op| op.get()),
            desc: settings(desc)?,
        })
    }
}

/// The value of a `GrB_Scalar` argument; an empty scalar is `GrB_EMPTY_OBJECT`.
pub(crate) unsafe fn scalar_value(
    s: GrB_Scalar,
    what: &str,
) -> Result<engine::raw::algebra::Value> {
    unsafe {
        get(s)?.scalar.get().ok_or_else(|| {
            engine::Error::new(
                engine::Info::EmptyObject,
                format!("the GrB_Scalar {what} holds no value"),
            )
        })
    }
}
