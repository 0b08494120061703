//! `GrB_Type`: the predefined types and user-defined types.

use crate::api::{api, GrB_Info};
use crate::handle::*;
use engine::raw::algebra::{Type, TypeCode};
use engine::{Error, Info};
use std::ffi::c_char;

macro_rules! predefined_types {
    ($($name:ident = $code:ident),* $(,)?) => {$(
        #[doc = concat!("`", stringify!($name), "`")]
        #[no_mangle]
        pub static mut $name: GrB_Type = {
            static OBJ: GB_Type_opaque = GB_Type_opaque::predefined(TypeCode::$code);
            &OBJ as *const GB_Type_opaque as GrB_Type
        };
    )*};
}

predefined_types!(
    GrB_BOOL = Bool,
    GrB_INT8 = Int8,
    GrB_UINT8 = Uint8,
    GrB_INT16 = Int16,
    GrB_UINT16 = Uint16,
    GrB_INT32 = Int32,
    GrB_UINT32 = Uint32,
    GrB_INT64 = Int64,
    GrB_UINT64 = Uint64,
    GrB_FP32 = Fp32,
    GrB_FP64 = Fp64,
    GxB_FC32 = Fc32,
    GxB_FC64 = Fc64,
);

/// `GxB_FC32_t`: C's `float complex` (real part, imaginary part), which C
/// passes and returns as this struct of two `float`s.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GxB_FC32_t {
    /// The real part.
    pub re: f32,
    /// The imaginary part.
    pub im: f32,
}

/// `GxB_FC64_t`: C's `double complex`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GxB_FC64_t {
    /// The real part.
    pub re: f64,
    /// The imaginary part.
    pub im: f64,
}

/// `GrB_Type_new(&type, sizeof(ctype))`: a user-defined type of the given size.
#[no_mangle]
pub unsafe extern "C" fn GrB_Type_new(ty: *mut GrB_Type, sizeof_ctype: usize) -> GrB_Info {
    unsafe { GxB_Type_new(ty, sizeof_ctype, std::ptr::null(), std::ptr::null()) }
}

/// `GxB_Type_new(&type, size, name, definition)`: a user-defined type with a name
/// (reported by `GrB_get` and `GxB_*_type_name`); the definition is ignored.
#[no_mangle]
pub unsafe extern "C" fn GxB_Type_new(
    ty: *mut GrB_Type,
    sizeof_ctype: usize,
    type_name: *const c_char,
    _type_defn: *const c_char,
) -> GrB_Info {
    api((), || {
        non_null(ty, "type")?;
        if sizeof_ctype == 0 {
            return Err(Error::new(
                Info::InvalidValue,
                "a user-defined type needs a size of at least 1 byte",
            ));
        }
        let name = if type_name.is_null() {
            "user-defined type".to_string()
        } else {
            unsafe {
                std::ffi::CStr::from_ptr(type_name)
                    .to_string_lossy()
                    .into_owned()
            }
        };
        unsafe {
            put_handle(
                ty,
                GB_Type_opaque::new(Type::user(name, sizeof_ctype)),
                "type",
            )
        }
    })
}

crate::algebra::free_and_wait!(GrB_Type_free, GrB_Type_wait, GrB_Type);
