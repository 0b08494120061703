//! `GrB_kronecker` with a binary operator, monoid or semiring (its multiply).

use super::matrix_output;
use crate::api::{api, GrB_Info};
use crate::handle::*;
use engine::raw::algebra::BinaryOp;
use engine::Result;
use paste::paste;

unsafe fn kronecker(
    C: GrB_Matrix,
    Mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    op: Result<BinaryOp>,
    A: GrB_Matrix,
    B: GrB_Matrix,
    desc: GrB_Descriptor,
) -> Result<()> {
    let out = unsafe { matrix_output(C, Mask, accum, desc)? };
    let op = op?;
    let (a, b) = unsafe { (&get(A)?.matrix, &get(B)?.matrix) };
    engine::raw::ops::kron::kronecker(out.c, out.mask, out.accum, &op, a, b, &out.desc)
}

macro_rules! kronecker_fn {
    ($kind:ident, $handle:ty, $op:expr) => {
        paste! {
            #[doc = concat!("`GrB_Matrix_kronecker_", stringify!($kind), "(C, Mask, accum, op, A, B, desc)`: `C = kron(A, B)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_Matrix_kronecker_ $kind>](C: GrB_Matrix, Mask: GrB_Matrix, accum: GrB_BinaryOp, op: $handle, A: GrB_Matrix, B: GrB_Matrix, desc: GrB_Descriptor) -> GrB_Info {
                api(C, || unsafe { kronecker(C, Mask, accum, get(op).map($op), A, B, desc) })
            }
        }
    };
}

kronecker_fn!(BinaryOp, GrB_BinaryOp, |o: &GB_BinaryOp_opaque| o
    .get()
    .clone());
kronecker_fn!(Monoid, GrB_Monoid, |o: &GB_Monoid_opaque| o
    .get()
    .op()
    .clone());
kronecker_fn!(Semiring, GrB_Semiring, |o: &GB_Semiring_opaque| o
    .get()
    .mul()
    .clone());
