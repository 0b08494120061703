//! `GrB_eWiseAdd`, `GrB_eWiseMult` (with a semiring, monoid or binary operator)
//! and `GxB_eWiseUnion`, for matrices and vectors.

use super::{matrix_output, scalar_value, vector_output};
use crate::api::{api, GrB_Info};
use crate::handle::*;
use crate::vector::vector;
use engine::raw::algebra::BinaryOp;
use engine::raw::ops::ewise;
use engine::Result;
use paste::paste;

/// The binary operator an element-wise operation uses from each kind of algebraic object.
trait EwiseOperator {
    /// The operator for eWiseAdd (a semiring contributes its additive monoid's operator).
    unsafe fn add_op(self) -> Result<BinaryOp>;
    /// The operator for eWiseMult (a semiring contributes its multiplicative operator).
    unsafe fn mult_op(self) -> Result<BinaryOp>;
}

impl EwiseOperator for GrB_BinaryOp {
    unsafe fn add_op(self) -> Result<BinaryOp> {
        Ok(unsafe { get(self)?.get().clone() })
    }
    unsafe fn mult_op(self) -> Result<BinaryOp> {
        unsafe { self.add_op() }
    }
}

impl EwiseOperator for GrB_Monoid {
    unsafe fn add_op(self) -> Result<BinaryOp> {
        Ok(unsafe { get(self)?.get().op().clone() })
    }
    unsafe fn mult_op(self) -> Result<BinaryOp> {
        unsafe { self.add_op() }
    }
}

impl EwiseOperator for GrB_Semiring {
    unsafe fn add_op(self) -> Result<BinaryOp> {
        Ok(unsafe { get(self)?.get().add().op().clone() })
    }
    unsafe fn mult_op(self) -> Result<BinaryOp> {
        Ok(unsafe { get(self)?.get().mul().clone() })
    }
}

macro_rules! ewise_functions {
    ($kind:ident, $handle:ty) => {
        paste! {
            #[doc = concat!("`GrB_Matrix_eWise", stringify!($kind), "_...`: element-wise operations on matrices.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_eWiseAdd_ $kind>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, op: $handle, A: GrB_Matrix, B: GrB_Matrix, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let op = unsafe { op.add_op()? };
                    let (a, b) = unsafe { (&get(A)?.matrix, &get(B)?.matrix) };
                    ewise::ewise_add(out.c, out.mask, out.accum, &op, a, b, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Matrix_eWiseMult_", stringify!($kind), "`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_eWiseMult_ $kind>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, op: $handle, A: GrB_Matrix, B: GrB_Matrix, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || {
                    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
                    let op = unsafe { op.mult_op()? };
                    let (a, b) = unsafe { (&get(A)?.matrix, &get(B)?.matrix) };
                    ewise::ewise_mult(out.c, out.mask, out.accum, &op, a, b, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Vector_eWiseAdd_", stringify!($kind), "`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Vector_eWiseAdd_ $kind>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, op: $handle, u: GrB_Vector, v: GrB_Vector, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let op = unsafe { op.add_op()? };
                    let (u, v) = unsafe { (vector(u)?, vector(v)?) };
                    ewise::ewise_add_vector(out.w, out.mask, out.accum, &op, u, v, &out.desc)
                })
            }

            #[doc = concat!("`GrB_Vector_eWiseMult_", stringify!($kind), "`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Vector_eWiseMult_ $kind>](w: GrB_Vector, mask: GrB_Vector, accum: GrB_BinaryOp, op: $handle, u: GrB_Vector, v: GrB_Vector, desc: GrB_Descriptor) -> GrB_Info {
                api(w, || {
                    let out = unsafe { vector_output(w, mask, accum, desc)? };
                    let op = unsafe { op.mult_op()? };
                    let (u, v) = unsafe { (vector(u)?, vector(v)?) };
                    ewise::ewise_mult_vector(out.w, out.mask, out.accum, &op, u, v, &out.desc)
                })
            }
        }
    };
}

ewise_functions!(BinaryOp, GrB_BinaryOp);
ewise_functions!(Monoid, GrB_Monoid);
ewise_functions!(Semiring, GrB_Semiring);

/// `GxB_Matrix_eWiseUnion(C, Mask, accum, op, A, alpha, B, beta, desc)`: like
/// eWiseAdd, but a missing `A(i,j)` counts as `alpha` and a missing `B(i,j)` as `beta`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_eWiseUnion(
    C: GrB_Matrix,
    Mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    op: GrB_BinaryOp,
    A: GrB_Matrix,
    alpha: GrB_Scalar,
    B: GrB_Matrix,
    beta: GrB_Scalar,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = unsafe { matrix_output(C, Mask, accum, desc)? };
        let op = unsafe { op.add_op()? };
        let (alpha, beta) = unsafe { (scalar_value(alpha, "alpha")?, scalar_value(beta, "beta")?) };
        let (a, b) = unsafe { (&get(A)?.matrix, &get(B)?.matrix) };
        let (a, b) = (ewise::Padded::new(a, &alpha), ewise::Padded::new(b, &beta));
        ewise::ewise_union(out.c, out.mask, out.accum, &op, a, b, &out.desc)
    })
}

/// `GxB_Vector_eWiseUnion(w, mask, accum, op, u, alpha, v, beta, desc)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Vector_eWiseUnion(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    op: GrB_BinaryOp,
    u: GrB_Vector,
    alpha: GrB_Scalar,
    v: GrB_Vector,
    beta: GrB_Scalar,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let op = unsafe { op.add_op()? };
        let (alpha, beta) = unsafe { (scalar_value(alpha, "alpha")?, scalar_value(beta, "beta")?) };
        let (u, v) = unsafe { (vector(u)?, vector(v)?) };
        let (u, v) = (ewise::Padded::new(u, &alpha), ewise::Padded::new(v, &beta));
        ewise::ewise_union_vector(out.w, out.mask, out.accum, &op, u, v, &out.desc)
    })
}
