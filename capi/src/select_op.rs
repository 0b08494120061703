//! SuiteSparse's historical select operators (`GxB_SelectOp`): the 16
//! predefined ones (`GxB_TRIL` … `GxB_LE_THUNK`) and `GxB_select`
//! (`GxB_Matrix_select`, `GxB_Vector_select`), as SuiteSparse:GraphBLAS 7
//! documents them. Each call becomes a `GrB_select` with the index-unary
//! operator and thunk the selector stands for:
//!
//! * `TRIL`, `TRIU`, `DIAG`, `OFFDIAG` keep `j - i <= k`, `>= k`, `== k`,
//!   `!= k`, with `k = (int64_t) Thunk` (0 when the thunk is NULL or empty);
//!   the thunk may be of any built-in type.
//! * `NONZERO`, `EQ_ZERO`, `GT_ZERO` … compare each value with zero, and
//!   `NE_THUNK`, `EQ_THUNK`, `GT_THUNK` … with the thunk (0 when NULL or
//!   empty), both in `A`'s own type: the thunk is cast to it, `A` never is.
//!   The equality tests work on every type (a user-defined value is zero
//!   when all its bytes are); the order tests only on the real built-in
//!   types (`GrB_DOMAIN_MISMATCH` otherwise).
//!
//! No user-defined select operators (`GxB_SelectOp_new`): SuiteSparse keeps
//! them for old programs only, and `GrB_IndexUnaryOp_new` replaces them.

use crate::api::{api, free_entry, GrB_Info};
use crate::handle::*;
use crate::ops::{matrix_output, vector_output};
use crate::vector::vector;
use engine::raw::algebra::{IndexUnaryCode, IndexUnaryOp, Type, TypeCode, Value};
use engine::raw::ops::select;
use engine::{Error, Info, Result};
use std::sync::Arc;

/// What a predefined select operator keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Selector {
    /// A position test against `k = (int64_t) thunk` (`TRIL`, `TRIU`, `DIAG`, `OFFDIAG`).
    Position(IndexUnaryCode),
    /// A value test against zero (`NONZERO`, `EQ_ZERO`, `GT_ZERO`, …).
    Zero(IndexUnaryCode),
    /// A value test against the thunk (`NE_THUNK`, `EQ_THUNK`, `GT_THUNK`, …).
    Thunk(IndexUnaryCode),
}

/// The object behind `GxB_SelectOp` (predefined objects only).
#[repr(C)]
pub struct GB_SelectOp_opaque {
    header: Header,
    name: &'static str,
    selector: Selector,
}

impl Object for GB_SelectOp_opaque {
    const MAGIC: u64 = magic::SELECTOP;
    const NAME: &'static str = "GxB_SelectOp";
    fn header(&self) -> &Header {
        &self.header
    }
}

/// `GxB_SelectOp`
pub type GxB_SelectOp = *mut GB_SelectOp_opaque;

/// Declares an exported predefined select operator.
macro_rules! selector {
    ($cname:ident, $kind:ident, $code:ident) => {
        #[no_mangle]
        pub static mut $cname: GxB_SelectOp = {
            static OBJ: GB_SelectOp_opaque = GB_SelectOp_opaque {
                header: Header::predefined(magic::SELECTOP),
                name: stringify!($cname),
                selector: Selector::$kind(IndexUnaryCode::$code),
            };
            &OBJ as *const GB_SelectOp_opaque as GxB_SelectOp
        };
    };
}

selector!(GxB_TRIL, Position, Tril);
selector!(GxB_TRIU, Position, Triu);
selector!(GxB_DIAG, Position, Diag);
selector!(GxB_OFFDIAG, Position, Offdiag);
selector!(GxB_NONZERO, Zero, ValueNe);
selector!(GxB_EQ_ZERO, Zero, ValueEq);
selector!(GxB_GT_ZERO, Zero, ValueGt);
selector!(GxB_GE_ZERO, Zero, ValueGe);
selector!(GxB_LT_ZERO, Zero, ValueLt);
selector!(GxB_LE_ZERO, Zero, ValueLe);
selector!(GxB_NE_THUNK, Thunk, ValueNe);
selector!(GxB_EQ_THUNK, Thunk, ValueEq);
selector!(GxB_GT_THUNK, Thunk, ValueGt);
selector!(GxB_GE_THUNK, Thunk, ValueGe);
selector!(GxB_LT_THUNK, Thunk, ValueLt);
selector!(GxB_LE_THUNK, Thunk, ValueLe);

/// The thunk's value: `None` when the scalar is NULL or holds no entry.
unsafe fn thunk_value(thunk: GrB_Scalar) -> Result<Option<Value>> {
    Ok(unsafe { get_opt(thunk)?.and_then(|s| s.scalar.get()) })
}

/// The index-unary operator and thunk that select what `selector` keeps from
/// a matrix of type `aty`.
fn as_index_op(
    name: &str,
    selector: Selector,
    aty: &Type,
    thunk: Option<Value>,
) -> Result<(IndexUnaryOp, Value)> {
    match selector {
        Selector::Position(code) => {
            let k = match thunk {
                None => 0,
                Some(v) => v.get::<i64>().ok_or_else(|| {
                    Error::new(
                        Info::DomainMismatch,
                        format!("{name} needs a thunk of a built-in type, not {:?}", v.ty()),
                    )
                })?,
            };
            let op = IndexUnaryOp::builtin(code, TypeCode::Int64).expect("positional operator");
            Ok((op, Value::new(k)))
        }
        Selector::Zero(code) => Ok((value_op(name, code, aty)?, Value::zero(aty))),
        Selector::Thunk(code) => {
            let s = match thunk {
                None => Value::zero(aty),
                Some(v) => v.cast(aty).ok_or_else(|| {
                    Error::new(
                        Info::DomainMismatch,
                        format!(
                            "{name}: the thunk's type {:?} cannot be cast to {aty:?}",
                            v.ty()
                        ),
                    )
                })?,
            };
            Ok((value_op(name, code, aty)?, s))
        }
    }
}

/// The value test `code` on values of type `aty` (no typecast): the
/// built-in `VALUE*` operator, or for a user-defined type a comparison of
/// bytes (equality tests only).
fn value_op(name: &str, code: IndexUnaryCode, aty: &Type) -> Result<IndexUnaryOp> {
    if let Some(op) = IndexUnaryOp::builtin(code, aty.code()) {
        return Ok(op);
    }
    let equal = match code {
        IndexUnaryCode::ValueEq => true,
        IndexUnaryCode::ValueNe => false,
        _ => {
            return Err(Error::new(
                Info::DomainMismatch,
                format!("{name} is not defined for values of type {aty:?}"),
            ))
        }
    };
    let f = Arc::new(move |z: &mut [u8], x: &[u8], _i, _j, s: &[u8]| {
        z[0] = ((x == s) == equal) as u8;
    });
    Ok(IndexUnaryOp::user(
        name,
        f,
        Type::BOOL,
        aty.clone(),
        aty.clone(),
    ))
}

/// Reads the operator and thunk of a select from a matrix of type `aty`.
unsafe fn index_op(
    op: GxB_SelectOp,
    aty: &Type,
    thunk: GrB_Scalar,
) -> Result<(IndexUnaryOp, Value)> {
    let op = unsafe { get(op)? };
    let thunk = unsafe { thunk_value(thunk)? };
    as_index_op(op.name, op.selector, aty, thunk)
}

/// `GxB_Matrix_select(C, Mask, accum, op, A, Thunk, desc)`:
/// `C<Mask> = accum(C, select(op(A), Thunk))`; `Thunk` may be NULL.
#[no_mangle]
pub unsafe extern "C" fn GxB_Matrix_select(
    C: GrB_Matrix,
    Mask: GrB_Matrix,
    accum: GrB_BinaryOp,
    op: GxB_SelectOp,
    A: GrB_Matrix,
    Thunk: GrB_Scalar,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(C, || {
        let out = unsafe { matrix_output(C, Mask, accum, desc)? };
        let a = unsafe { &get(A)?.matrix };
        let (op, s) = unsafe { index_op(op, a.ty(), Thunk)? };
        select::select(out.c, out.mask, out.accum, &op, a, &s, &out.desc)
    })
}

/// `GxB_Vector_select(w, mask, accum, op, u, Thunk, desc)`:
/// `w<mask> = accum(w, select(op(u), Thunk))`; `Thunk` may be NULL.
#[no_mangle]
pub unsafe extern "C" fn GxB_Vector_select(
    w: GrB_Vector,
    mask: GrB_Vector,
    accum: GrB_BinaryOp,
    op: GxB_SelectOp,
    u: GrB_Vector,
    Thunk: GrB_Scalar,
    desc: GrB_Descriptor,
) -> GrB_Info {
    api(w, || {
        let out = unsafe { vector_output(w, mask, accum, desc)? };
        let u = unsafe { vector(u)? };
        let (op, s) = unsafe { index_op(op, u.ty(), Thunk)? };
        select::select_vector(out.w, out.mask, out.accum, &op, u, &s, &out.desc)
    })
}

/// `GxB_SelectOp_free(&op)`: every select operator is predefined, so this
/// only checks the handle (`*op` may be NULL).
#[no_mangle]
pub unsafe extern "C" fn GxB_SelectOp_free(op: *mut GxB_SelectOp) -> GrB_Info {
    unsafe { free_entry(op) }
}
