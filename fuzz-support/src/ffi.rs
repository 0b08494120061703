//! The operations' entry points, declared as a C caller sees them (their
//! modules are private to `capi`'s `ops`; the symbols are the exported ones,
//! linked from its rlib).

use capi::api::{GrB_Index, GrB_Info};
use capi::handle::*;

// The handles point at Rust structs that C only sees as opaque pointers.
#[allow(improper_ctypes)]
extern "C" {
    pub(crate) static GrB_ALL: *const GrB_Index;

    pub(crate) fn GrB_mxm(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        semiring: GrB_Semiring,
        A: GrB_Matrix,
        B: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_mxv(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        semiring: GrB_Semiring,
        A: GrB_Matrix,
        u: GrB_Vector,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_vxm(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        semiring: GrB_Semiring,
        u: GrB_Vector,
        A: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;

    pub(crate) fn GrB_Matrix_eWiseAdd_BinaryOp(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        A: GrB_Matrix,
        B: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_eWiseMult_Monoid(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_Monoid,
        A: GrB_Matrix,
        B: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_eWiseMult_Semiring(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_Semiring,
        A: GrB_Matrix,
        B: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GxB_Matrix_eWiseUnion(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        A: GrB_Matrix,
        alpha: GrB_Scalar,
        B: GrB_Matrix,
        beta: GrB_Scalar,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Vector_eWiseAdd_Monoid(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        op: GrB_Monoid,
        u: GrB_Vector,
        v: GrB_Vector,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Vector_eWiseMult_BinaryOp(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        u: GrB_Vector,
        v: GrB_Vector,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_kronecker_BinaryOp(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        A: GrB_Matrix,
        B: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;

    pub(crate) fn GrB_Matrix_apply(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_UnaryOp,
        A: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Vector_apply(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        op: GrB_UnaryOp,
        u: GrB_Vector,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_apply_BinaryOp1st_INT32(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        x: i32,
        A: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_apply_BinaryOp2nd_FP64(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        A: GrB_Matrix,
        y: f64,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_apply_IndexOp_INT64(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_IndexUnaryOp,
        A: GrB_Matrix,
        thunk: i64,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_select_INT64(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        op: GrB_IndexUnaryOp,
        A: GrB_Matrix,
        thunk: i64,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Vector_select_FP64(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        op: GrB_IndexUnaryOp,
        u: GrB_Vector,
        thunk: f64,
        desc: GrB_Descriptor,
    ) -> GrB_Info;

    pub(crate) fn GrB_transpose(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        A: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;

    pub(crate) fn GrB_Matrix_extract(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        A: GrB_Matrix,
        I: *const GrB_Index,
        ni: GrB_Index,
        J: *const GrB_Index,
        nj: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Col_extract(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        A: GrB_Matrix,
        I: *const GrB_Index,
        ni: GrB_Index,
        j: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Vector_extract(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        u: GrB_Vector,
        I: *const GrB_Index,
        ni: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;

    pub(crate) fn GrB_Matrix_assign(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        A: GrB_Matrix,
        I: *const GrB_Index,
        ni: GrB_Index,
        J: *const GrB_Index,
        nj: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_assign_Scalar(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        s: GrB_Scalar,
        I: *const GrB_Index,
        ni: GrB_Index,
        J: *const GrB_Index,
        nj: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_assign_FP32(
        C: GrB_Matrix,
        Mask: GrB_Matrix,
        accum: GrB_BinaryOp,
        x: f32,
        I: *const GrB_Index,
        ni: GrB_Index,
        J: *const GrB_Index,
        nj: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Row_assign(
        C: GrB_Matrix,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        u: GrB_Vector,
        i: GrB_Index,
        J: *const GrB_Index,
        nj: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Col_assign(
        C: GrB_Matrix,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        u: GrB_Vector,
        I: *const GrB_Index,
        ni: GrB_Index,
        j: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Vector_assign_INT32(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        x: i32,
        I: *const GrB_Index,
        ni: GrB_Index,
        desc: GrB_Descriptor,
    ) -> GrB_Info;

    pub(crate) fn GrB_Matrix_reduce_Monoid(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        monoid: GrB_Monoid,
        A: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_reduce_BinaryOp(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        A: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_reduce_FP64(
        val: *mut f64,
        accum: GrB_BinaryOp,
        monoid: GrB_Monoid,
        A: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Matrix_reduce_BinaryOp_Scalar(
        s: GrB_Scalar,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        A: GrB_Matrix,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    pub(crate) fn GrB_Vector_reduce_Monoid_Scalar(
        s: GrB_Scalar,
        accum: GrB_BinaryOp,
        monoid: GrB_Monoid,
        u: GrB_Vector,
        desc: GrB_Descriptor,
    ) -> GrB_Info;

    pub(crate) fn GrB_Matrix_diag(C: *mut GrB_Matrix, v: GrB_Vector, k: i64) -> GrB_Info;
    pub(crate) fn GrB_Vector_diag(
        v: GrB_Vector,
        A: GrB_Matrix,
        k: i64,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
}
