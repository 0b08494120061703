//! Operators, monoids and semirings: the spec's predefined objects (exported
//! data symbols) and the constructors for user-defined ones.

use crate::api::{api, GrB_Info};
use crate::handle::*;
use crate::values::{value_from_bytes, CValue};
use engine::raw::algebra::{
    BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, Monoid, Semiring, TypeCode, UnaryCode,
    UnaryOp, Value,
};
use engine::{Error, Info, Result};
use paste::paste;
use std::ffi::{c_char, c_void, CStr};
use std::sync::Arc;

/// Declares an exported predefined object: a static handle pointing at a
/// static object whose engine value is built on first use.
macro_rules! predefined {
    ($cname:ident : $handle:ty = $obj:ty, $key:expr) => {
        #[no_mangle]
        pub static mut $cname: $handle = {
            static OBJ: $obj = <$obj>::predefined($key);
            &OBJ as *const $obj as $handle
        };
    };
}

/// A predefined operator `<prefix>_<NAME>_<SUFFIX>` of handle type `$handle`
/// (object `$obj`) with code `$codes::$code` on type `$tc`.
macro_rules! op_for {
    ($handle:ident, $obj:ident, $codes:ident, $prefix:ident, $name:ident, $code:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! { predefined!([<$prefix _ $name _ $suffix>]: $handle = $obj, ($codes::$code, TypeCode::$tc)); }
    };
}

macro_rules! unary_for {
    ($($arg:tt)*) => { op_for!(GrB_UnaryOp, GB_UnaryOp_opaque, UnaryCode, GrB, $($arg)*); };
}
for_each_builtin!(unary_for, IDENTITY, Identity);
for_each_builtin!(unary_for, AINV, Ainv);
for_each_builtin!(unary_for, MINV, Minv);
for_each_builtin!(unary_for, ABS, Abs);
for_each_integer!(unary_for, BNOT, Bnot);
predefined!(GrB_LNOT: GrB_UnaryOp = GB_UnaryOp_opaque, (UnaryCode::Lnot, TypeCode::Bool));

macro_rules! binary_for {
    ($($arg:tt)*) => { op_for!(GrB_BinaryOp, GB_BinaryOp_opaque, BinaryCode, GrB, $($arg)*); };
}
for_each_builtin!(binary_for, FIRST, First);
for_each_builtin!(binary_for, SECOND, Second);
for_each_builtin!(binary_for, ONEB, Oneb);
for_each_builtin!(binary_for, PLUS, Plus);
for_each_builtin!(binary_for, MINUS, Minus);
for_each_builtin!(binary_for, TIMES, Times);
for_each_builtin!(binary_for, DIV, Div);
for_each_builtin!(binary_for, MIN, Min);
for_each_builtin!(binary_for, MAX, Max);
for_each_builtin!(binary_for, EQ, Eq);
for_each_builtin!(binary_for, NE, Ne);
for_each_builtin!(binary_for, GT, Gt);
for_each_builtin!(binary_for, LT, Lt);
for_each_builtin!(binary_for, GE, Ge);
for_each_builtin!(binary_for, LE, Le);
for_each_integer!(binary_for, BOR, Bor);
for_each_integer!(binary_for, BAND, Band);
for_each_integer!(binary_for, BXOR, Bxor);
for_each_integer!(binary_for, BXNOR, Bxnor);
predefined!(GrB_LOR: GrB_BinaryOp = GB_BinaryOp_opaque, (BinaryCode::Lor, TypeCode::Bool));
predefined!(GrB_LAND: GrB_BinaryOp = GB_BinaryOp_opaque, (BinaryCode::Land, TypeCode::Bool));
predefined!(GrB_LXOR: GrB_BinaryOp = GB_BinaryOp_opaque, (BinaryCode::Lxor, TypeCode::Bool));
predefined!(GrB_LXNOR: GrB_BinaryOp = GB_BinaryOp_opaque, (BinaryCode::Lxnor, TypeCode::Bool));

macro_rules! index_for {
    ($name:ident, $code:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! { predefined!([<GrB_ $name _ $suffix>]: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::$code, TypeCode::$tc)); }
    };
}
index_for!(ROWINDEX, RowIndex, INT32, i32, Int32);
index_for!(ROWINDEX, RowIndex, INT64, i64, Int64);
index_for!(COLINDEX, ColIndex, INT32, i32, Int32);
index_for!(COLINDEX, ColIndex, INT64, i64, Int64);
index_for!(DIAGINDEX, DiagIndex, INT32, i32, Int32);
index_for!(DIAGINDEX, DiagIndex, INT64, i64, Int64);
for_each_builtin!(index_for, VALUEEQ, ValueEq);
for_each_builtin!(index_for, VALUENE, ValueNe);
for_each_builtin!(index_for, VALUELT, ValueLt);
for_each_builtin!(index_for, VALUELE, ValueLe);
for_each_builtin!(index_for, VALUEGT, ValueGt);
for_each_builtin!(index_for, VALUEGE, ValueGe);
predefined!(GrB_TRIL: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::Tril, TypeCode::Int64));
predefined!(GrB_TRIU: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::Triu, TypeCode::Int64));
predefined!(GrB_DIAG: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::Diag, TypeCode::Int64));
predefined!(GrB_OFFDIAG: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::Offdiag, TypeCode::Int64));
predefined!(GrB_COLLE: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::Colle, TypeCode::Int64));
predefined!(GrB_COLGT: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::Colgt, TypeCode::Int64));
predefined!(GrB_ROWLE: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::Rowle, TypeCode::Int64));
predefined!(GrB_ROWGT: GrB_IndexUnaryOp = GB_IndexUnaryOp_opaque, (IndexUnaryCode::Rowgt, TypeCode::Int64));

macro_rules! monoid_for {
    ($name:ident, $code:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! { predefined!([<GrB_ $name _MONOID_ $suffix>]: GrB_Monoid = GB_Monoid_opaque, (BinaryCode::$code, TypeCode::$tc)); }
    };
}
for_each_numeric!(monoid_for, PLUS, Plus);
for_each_numeric!(monoid_for, TIMES, Times);
for_each_numeric!(monoid_for, MIN, Min);
for_each_numeric!(monoid_for, MAX, Max);
monoid_for!(LOR, Lor, BOOL, bool, Bool);
monoid_for!(LAND, Land, BOOL, bool, Bool);
monoid_for!(LXOR, Lxor, BOOL, bool, Bool);
monoid_for!(LXNOR, Lxnor, BOOL, bool, Bool);

macro_rules! semiring_for {
    ($add:ident, $acode:ident, $mul:ident, $mcode:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! { predefined!([<GrB_ $add _ $mul _SEMIRING_ $suffix>]: GrB_Semiring = GB_Semiring_opaque, (BinaryCode::$acode, BinaryCode::$mcode, TypeCode::$tc)); }
    };
}
for_each_numeric!(semiring_for, PLUS, Plus, TIMES, Times);
for_each_numeric!(semiring_for, PLUS, Plus, MIN, Min);
for_each_numeric!(semiring_for, MIN, Min, PLUS, Plus);
for_each_numeric!(semiring_for, MIN, Min, TIMES, Times);
for_each_numeric!(semiring_for, MIN, Min, FIRST, First);
for_each_numeric!(semiring_for, MIN, Min, SECOND, Second);
for_each_numeric!(semiring_for, MIN, Min, MAX, Max);
for_each_numeric!(semiring_for, MAX, Max, PLUS, Plus);
for_each_numeric!(semiring_for, MAX, Max, TIMES, Times);
for_each_numeric!(semiring_for, MAX, Max, FIRST, First);
for_each_numeric!(semiring_for, MAX, Max, SECOND, Second);
for_each_numeric!(semiring_for, MAX, Max, MIN, Min);
semiring_for!(LOR, Lor, LAND, Land, BOOL, bool, Bool);
semiring_for!(LAND, Land, LOR, Lor, BOOL, bool, Bool);
semiring_for!(LXOR, Lxor, LAND, Land, BOOL, bool, Bool);
semiring_for!(LXNOR, Lxnor, LOR, Lor, BOOL, bool, Bool);

// SuiteSparse's predefined GxB operators, monoids and semirings, for the
// operators the engine has (its user guide's tables): the positional ones,
// ONE, LNOT, ANY, PAIR, RMINUS, RDIV, POW, ISEQ … ISLE, the logical ones on
// every type, the complex ones; the ANY, boolean, bitwise and complex
// monoids and the historical `GxB_<op>_<type>_MONOID` names; the semirings
// of the guide's families (their `GxB_<add>_<mul>_<type>` names, spec
// semirings included).

macro_rules! gxb_unary_for {
    ($($arg:tt)*) => { op_for!(GrB_UnaryOp, GB_UnaryOp_opaque, UnaryCode, GxB, $($arg)*); };
}
for_each_builtin!(gxb_unary_for, ONE, One);
for_each_builtin!(gxb_unary_for, LNOT, Lnot);
for_each_complex!(gxb_unary_for, IDENTITY, Identity);
for_each_complex!(gxb_unary_for, AINV, Ainv);
for_each_complex!(gxb_unary_for, MINV, Minv);
for_each_complex!(gxb_unary_for, ABS, Abs);
for_each_complex!(gxb_unary_for, ONE, One);
for_each_index_type!(gxb_unary_for, POSITIONI, PositionI);
for_each_index_type!(gxb_unary_for, POSITIONI1, PositionI1);
for_each_index_type!(gxb_unary_for, POSITIONJ, PositionJ);
for_each_index_type!(gxb_unary_for, POSITIONJ1, PositionJ1);

macro_rules! gxb_binary_for {
    ($($arg:tt)*) => { op_for!(GrB_BinaryOp, GB_BinaryOp_opaque, BinaryCode, GxB, $($arg)*); };
}
for_each_builtin!(gxb_binary_for, ANY, Any);
for_each_builtin!(gxb_binary_for, PAIR, Oneb);
for_each_builtin!(gxb_binary_for, RMINUS, Rminus);
for_each_builtin!(gxb_binary_for, RDIV, Rdiv);
for_each_builtin!(gxb_binary_for, POW, Pow);
for_each_builtin!(gxb_binary_for, ISEQ, Iseq);
for_each_builtin!(gxb_binary_for, ISNE, Isne);
for_each_builtin!(gxb_binary_for, ISGT, Isgt);
for_each_builtin!(gxb_binary_for, ISLT, Islt);
for_each_builtin!(gxb_binary_for, ISGE, Isge);
for_each_builtin!(gxb_binary_for, ISLE, Isle);
for_each_builtin!(gxb_binary_for, LOR, Lor);
for_each_builtin!(gxb_binary_for, LAND, Land);
for_each_builtin!(gxb_binary_for, LXOR, Lxor);
for_each_complex!(gxb_binary_for, FIRST, First);
for_each_complex!(gxb_binary_for, SECOND, Second);
for_each_complex!(gxb_binary_for, ONEB, Oneb);
for_each_complex!(gxb_binary_for, PAIR, Oneb);
for_each_complex!(gxb_binary_for, ANY, Any);
for_each_complex!(gxb_binary_for, PLUS, Plus);
for_each_complex!(gxb_binary_for, MINUS, Minus);
for_each_complex!(gxb_binary_for, RMINUS, Rminus);
for_each_complex!(gxb_binary_for, TIMES, Times);
for_each_complex!(gxb_binary_for, DIV, Div);
for_each_complex!(gxb_binary_for, RDIV, Rdiv);
for_each_complex!(gxb_binary_for, ISEQ, Iseq);
for_each_complex!(gxb_binary_for, ISNE, Isne);
for_each_complex!(gxb_binary_for, EQ, Eq);
for_each_complex!(gxb_binary_for, NE, Ne);
for_each_index_type!(gxb_binary_for, FIRSTI, FirstI);
for_each_index_type!(gxb_binary_for, FIRSTI1, FirstI1);
for_each_index_type!(gxb_binary_for, FIRSTJ, FirstJ);
for_each_index_type!(gxb_binary_for, FIRSTJ1, FirstJ1);
for_each_index_type!(gxb_binary_for, SECONDI, SecondI);
for_each_index_type!(gxb_binary_for, SECONDI1, SecondI1);
for_each_index_type!(gxb_binary_for, SECONDJ, SecondJ);
for_each_index_type!(gxb_binary_for, SECONDJ1, SecondJ1);

macro_rules! gxb_index_for {
    ($($arg:tt)*) => { op_for!(GrB_IndexUnaryOp, GB_IndexUnaryOp_opaque, IndexUnaryCode, GxB, $($arg)*); };
}
for_each_complex!(gxb_index_for, VALUEEQ, ValueEq);
for_each_complex!(gxb_index_for, VALUENE, ValueNe);

macro_rules! gxb_monoid_for {
    ($name:ident, $code:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! { predefined!([<GxB_ $name _ $suffix _MONOID>]: GrB_Monoid = GB_Monoid_opaque, (BinaryCode::$code, TypeCode::$tc)); }
    };
}
for_each_numeric!(gxb_monoid_for, MIN, Min);
for_each_numeric!(gxb_monoid_for, MAX, Max);
for_each_numeric!(gxb_monoid_for, PLUS, Plus);
for_each_numeric!(gxb_monoid_for, TIMES, Times);
for_each_builtin!(gxb_monoid_for, ANY, Any);
for_each_complex!(gxb_monoid_for, ANY, Any);
for_each_complex!(gxb_monoid_for, PLUS, Plus);
for_each_complex!(gxb_monoid_for, TIMES, Times);
for_bool!(gxb_monoid_for, LOR, Lor);
for_bool!(gxb_monoid_for, LAND, Land);
for_bool!(gxb_monoid_for, LXOR, Lxor);
for_bool!(gxb_monoid_for, LXNOR, Lxnor);
for_bool!(gxb_monoid_for, EQ, Eq);
for_each_unsigned!(gxb_monoid_for, BOR, Bor);
for_each_unsigned!(gxb_monoid_for, BAND, Band);
for_each_unsigned!(gxb_monoid_for, BXOR, Bxor);
for_each_unsigned!(gxb_monoid_for, BXNOR, Bxnor);

macro_rules! gxb_semiring_for {
    ($add:ident, $acode:ident, $mul:ident, $mcode:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! { predefined!([<GxB_ $add _ $mul _ $suffix>]: GrB_Semiring = GB_Semiring_opaque, (BinaryCode::$acode, BinaryCode::$mcode, TypeCode::$tc)); }
    };
}

/// The semirings `GxB_<add>_<mul>_<type>` of every listed monoid with every
/// listed multiply, on each type `$each!` gives.
macro_rules! gxb_semirings {
    ($each:ident: [$($add:ident = $acode:ident),*] x $muls:tt) => {
        $(gxb_semirings!(@muls $each, $add, $acode, $muls);)*
    };
    (@muls $each:ident, $add:ident, $acode:ident, [$($mul:ident = $mcode:ident),*]) => {
        $($each!(gxb_semiring_for, $add, $acode, $mul, $mcode);)*
    };
}
gxb_semirings!(for_each_numeric:
    [MIN = Min, MAX = Max, PLUS = Plus, TIMES = Times, ANY = Any] x
    [FIRST = First, SECOND = Second, PAIR = Oneb, MIN = Min, MAX = Max, PLUS = Plus,
     MINUS = Minus, RMINUS = Rminus, TIMES = Times, DIV = Div, RDIV = Rdiv, ISEQ = Iseq,
     ISNE = Isne, ISGT = Isgt, ISLT = Islt, ISGE = Isge, ISLE = Isle, LOR = Lor, LAND = Land,
     LXOR = Lxor]);
gxb_semirings!(for_each_numeric:
    [LOR = Lor, LAND = Land, LXOR = Lxor, EQ = Eq, ANY = Any] x
    [EQ = Eq, NE = Ne, GT = Gt, LT = Lt, GE = Ge, LE = Le]);
gxb_semirings!(for_bool:
    [LOR = Lor, LAND = Land, LXOR = Lxor, EQ = Eq, ANY = Any] x
    [FIRST = First, SECOND = Second, PAIR = Oneb, LOR = Lor, LAND = Land, LXOR = Lxor,
     EQ = Eq, GT = Gt, LT = Lt, GE = Ge, LE = Le]);
gxb_semirings!(for_each_unsigned:
    [BOR = Bor, BAND = Band, BXOR = Bxor, BXNOR = Bxnor] x
    [BOR = Bor, BAND = Band, BXOR = Bxor, BXNOR = Bxnor]);
gxb_semirings!(for_each_complex:
    [PLUS = Plus, TIMES = Times, ANY = Any] x
    [FIRST = First, SECOND = Second, PAIR = Oneb, PLUS = Plus, MINUS = Minus, TIMES = Times,
     DIV = Div, RDIV = Rdiv, RMINUS = Rminus]);
gxb_semirings!(for_each_index_type:
    [MIN = Min, MAX = Max, ANY = Any, PLUS = Plus, TIMES = Times] x
    [FIRSTI = FirstI, FIRSTI1 = FirstI1, FIRSTJ = FirstJ, FIRSTJ1 = FirstJ1,
     SECONDI = SecondI, SECONDI1 = SecondI1, SECONDJ = SecondJ, SECONDJ1 = SecondJ1]);

/// A user-defined unary function: `z = f(x)`.
pub type GxB_unary_function = Option<unsafe extern "C" fn(*mut c_void, *const c_void)>;
/// A user-defined binary function: `z = f(x, y)`.
pub type GxB_binary_function =
    Option<unsafe extern "C" fn(*mut c_void, *const c_void, *const c_void)>;
/// A user-defined index-unary function: `z = f(x, i, j, y)`.
pub type GxB_index_unary_function =
    Option<unsafe extern "C" fn(*mut c_void, *const c_void, u64, u64, *const c_void)>;

/// The name given by the caller, or a default.
unsafe fn name_or(name: *const c_char, default: &str) -> String {
    if name.is_null() {
        default.to_string()
    } else {
        unsafe { CStr::from_ptr(name).to_string_lossy().into_owned() }
    }
}

fn missing_function() -> Error {
    Error::new(Info::NullPointer, "the operator's function pointer is NULL")
}

/// `GrB_UnaryOp_new(&op, f, ztype, xtype)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_UnaryOp_new(
    op: *mut GrB_UnaryOp,
    function: GxB_unary_function,
    ztype: GrB_Type,
    xtype: GrB_Type,
) -> GrB_Info {
    let none = std::ptr::null();
    unsafe { GxB_UnaryOp_new(op, function, ztype, xtype, none, none) }
}

/// `GxB_UnaryOp_new(&op, f, ztype, xtype, name, definition)`: a named user-defined unary operator.
#[no_mangle]
pub unsafe extern "C" fn GxB_UnaryOp_new(
    op: *mut GrB_UnaryOp,
    function: GxB_unary_function,
    ztype: GrB_Type,
    xtype: GrB_Type,
    name: *const c_char,
    _definition: *const c_char,
) -> GrB_Info {
    // SAFETY: besides the arguments, the engine calls `f` with buffers of the
    // operator's types, the types the caller declared `f` with.
    api((), || unsafe {
        non_null(op, "op")?;
        let f = function.ok_or_else(missing_function)?;
        let z = get(ztype)?.ty.clone();
        let x = get(xtype)?.ty.clone();
        let bytes = Arc::new(move |zb: &mut [u8], xb: &[u8]| {
            f(zb.as_mut_ptr() as *mut c_void, xb.as_ptr() as *const c_void)
        });
        let made = UnaryOp::user(name_or(name, "user unary operator"), bytes, z, x);
        put_handle(op, GB_UnaryOp_opaque::new(made), "op")
    })
}

/// `GrB_BinaryOp_new(&op, f, ztype, xtype, ytype)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_BinaryOp_new(
    op: *mut GrB_BinaryOp,
    function: GxB_binary_function,
    ztype: GrB_Type,
    xtype: GrB_Type,
    ytype: GrB_Type,
) -> GrB_Info {
    let none = std::ptr::null();
    unsafe { GxB_BinaryOp_new(op, function, ztype, xtype, ytype, none, none) }
}

/// `GxB_BinaryOp_new(&op, f, ztype, xtype, ytype, name, definition)`: a named user-defined binary operator.
#[no_mangle]
pub unsafe extern "C" fn GxB_BinaryOp_new(
    op: *mut GrB_BinaryOp,
    function: GxB_binary_function,
    ztype: GrB_Type,
    xtype: GrB_Type,
    ytype: GrB_Type,
    name: *const c_char,
    _definition: *const c_char,
) -> GrB_Info {
    // SAFETY: besides the arguments, the engine calls `f` with buffers of the
    // operator's types, the types the caller declared `f` with.
    api((), || unsafe {
        non_null(op, "op")?;
        let f = function.ok_or_else(missing_function)?;
        let z = get(ztype)?.ty.clone();
        let x = get(xtype)?.ty.clone();
        let y = get(ytype)?.ty.clone();
        let bytes = Arc::new(move |zb: &mut [u8], xb: &[u8], yb: &[u8]| {
            f(
                zb.as_mut_ptr() as *mut c_void,
                xb.as_ptr() as *const c_void,
                yb.as_ptr() as *const c_void,
            )
        });
        let made = BinaryOp::user(name_or(name, "user binary operator"), bytes, z, x, y);
        put_handle(op, GB_BinaryOp_opaque::new(made), "op")
    })
}

/// `GrB_IndexUnaryOp_new(&op, f, ztype, xtype, ytype)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_IndexUnaryOp_new(
    op: *mut GrB_IndexUnaryOp,
    function: GxB_index_unary_function,
    ztype: GrB_Type,
    xtype: GrB_Type,
    ytype: GrB_Type,
) -> GrB_Info {
    let none = std::ptr::null();
    unsafe { GxB_IndexUnaryOp_new(op, function, ztype, xtype, ytype, none, none) }
}

/// `GxB_IndexUnaryOp_new(&op, f, ztype, xtype, ytype, name, definition)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_IndexUnaryOp_new(
    op: *mut GrB_IndexUnaryOp,
    function: GxB_index_unary_function,
    ztype: GrB_Type,
    xtype: GrB_Type,
    ytype: GrB_Type,
    name: *const c_char,
    _definition: *const c_char,
) -> GrB_Info {
    // SAFETY: the caller declared `f` with the operator's types.
    api((), || unsafe {
        non_null(op, "op")?;
        let f = function.ok_or_else(missing_function)?;
        let z = get(ztype)?.ty.clone();
        let x = get(xtype)?.ty.clone();
        let y = get(ytype)?.ty.clone();
        let made = IndexUnaryOp::foreign(name_or(name, "user index-unary operator"), f, z, x, y);
        put_handle(op, GB_IndexUnaryOp_opaque::new(made), "op")
    })
}

/// Creates a monoid from `op` and an identity value (already typed).
unsafe fn new_monoid(
    monoid: *mut GrB_Monoid,
    op: GrB_BinaryOp,
    identity: impl FnOnce(&BinaryOp) -> Result<Value>,
) -> GrB_Info {
    api((), || {
        non_null(monoid, "monoid")?;
        let op = unsafe { get(op)?.get().clone() };
        let id = identity(&op)?;
        let made = Monoid::new(op, id)?;
        unsafe { put_handle(monoid, GB_Monoid_opaque::new(made), "monoid") }
    })
}

macro_rules! monoid_new {
    ($prefix:ident, $suffix:ident, $t:ty, $tc:ident) => {
        paste! {
            #[doc = concat!("`", stringify!($prefix), "_Monoid_new_", stringify!($suffix), "(&monoid, op, identity)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<$prefix _Monoid_new_ $suffix>](monoid: *mut GrB_Monoid, op: GrB_BinaryOp, identity: $t) -> GrB_Info {
                unsafe { new_monoid(monoid, op, |_| Ok(identity.value())) }
            }
        }
    };
}
for_each_builtin!(monoid_new, GrB);
for_each_complex!(monoid_new, GxB);

/// `GrB_Monoid_new_UDT(&monoid, op, identity)`: the identity points to a value of the operator's type.
#[no_mangle]
pub unsafe extern "C" fn GrB_Monoid_new_UDT(
    monoid: *mut GrB_Monoid,
    op: GrB_BinaryOp,
    identity: *mut c_void,
) -> GrB_Info {
    unsafe {
        new_monoid(monoid, op, |op| {
            value_from_bytes(op.ztype(), identity, "identity")
        })
    }
}

/// `GrB_Semiring_new(&semiring, add, multiply)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Semiring_new(
    semiring: *mut GrB_Semiring,
    add: GrB_Monoid,
    multiply: GrB_BinaryOp,
) -> GrB_Info {
    api((), || {
        non_null(semiring, "semiring")?;
        let add = unsafe { get(add)?.get().clone() };
        let mul = unsafe { get(multiply)?.get().clone() };
        let made = Semiring::new(add, mul)?;
        unsafe { put_handle(semiring, GB_Semiring_opaque::new(made), "semiring") }
    })
}

/// Defines `<prefix>_free(&obj)` and `<prefix>_wait(obj, mode)` for a handle type.
macro_rules! free_and_wait {
    ($free:ident, $wait:ident, $handle:ty) => {
        #[doc = concat!("`", stringify!($free), "(&obj)`: frees the object and sets the handle to NULL.")]
        #[no_mangle]
        pub unsafe extern "C" fn $free(obj: *mut $handle) -> GrB_Info {
            unsafe { $crate::api::free_entry(obj) }
        }

        #[doc = concat!("`", stringify!($wait), "(obj, mode)`: nothing is ever pending on this kind of object.")]
        #[no_mangle]
        pub unsafe extern "C" fn $wait(obj: $handle, mode: crate::api::GrB_WaitMode) -> GrB_Info {
            api(obj, || {
                unsafe { get(obj)? };
                crate::api::check_wait_mode(mode)
            })
        }
    };
}
pub(crate) use free_and_wait;

free_and_wait!(GrB_UnaryOp_free, GrB_UnaryOp_wait, GrB_UnaryOp);
free_and_wait!(GrB_BinaryOp_free, GrB_BinaryOp_wait, GrB_BinaryOp);
free_and_wait!(
    GrB_IndexUnaryOp_free,
    GrB_IndexUnaryOp_wait,
    GrB_IndexUnaryOp
);
free_and_wait!(GrB_Monoid_free, GrB_Monoid_wait, GrB_Monoid);
free_and_wait!(GrB_Semiring_free, GrB_Semiring_wait, GrB_Semiring);
