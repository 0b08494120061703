//! `GrB_get` / `GrB_set` (spec 2.1 §"Get and Set methods" and the field table
//! of "Fields"): for every object kind K, `GrB_K_get_{Scalar,String,INT32,SIZE,VOID}`
//! and `GrB_K_set_{Scalar,String,INT32,VOID}`, plus the `GrB_GLOBAL` object.
//!
//! Each field has one value type: INT32 (versions, modes, type codes, orientation,
//! descriptor settings, and the extensions `GxB_FORMAT`, `GxB_NTHREADS`,
//! `GxB_BURBLE`), string (`GrB_NAME`, `GrB_*_TYPE_STRING`) or SIZE (`GrB_SIZE`).
//! A string's buffer size (terminator included) is read with a `size_t *`; an
//! INT32 or SIZE field may also be read into a `GrB_Scalar` and an INT32 field set
//! from one. A field the object does not have, or a value of the wrong type,
//! gives `GrB_INVALID_VALUE`; a read-only field too.
//!
//! The library, matrices and vectors also have SuiteSparse's other extension
//! fields (`gxb_fields`), read and set as SuiteSparse 9 does: an `int32_t` or
//! `bool` field as INT32; a `double` (`GxB_HYPER_SWITCH`, `GxB_CHUNK`, …)
//! through a `GrB_Scalar` (FP64); a string (`GxB_LIBRARY_DATE`,
//! `GxB_COMPILER_NAME`, …) as a string; an array or a function
//! (`GxB_COMPILER_VERSION`, the library's `GxB_BITMAP_SWITCH`,
//! `GxB_MALLOC_FUNCTION`, …) through a `void *`, its size in bytes with a
//! `size_t *`. The library reports the SuiteSparse version whose
//! extensions it follows as its version (`GrB_LIBRARY_VER_*` =
//! `GxB_IMPLEMENTATION_*`), and `GrB_BLOCKING_MODE` reads the GPU modes as
//! their CPU ones.
//!
//! Names: predefined objects report their spec name (`"GrB_PLUS_FP64"`,
//! `"GrB_BOOL"`, `"GrB_DESC_T0"`), the global object the library's name, other
//! objects `""` until named. Collections and descriptors may be renamed at any
//! time; user-defined types and algebraic objects named once (`GrB_ALREADY_SET`
//! after); predefined objects and the global object not at all.

use crate::api::{api, blocking_mode, GrB_Field, GrB_Info};
use crate::gxb_fields::{self, Setting, IMPLEMENTATION};
use crate::handle::*;
use crate::values::value_as;
use engine::raw::algebra::{Type, Value};
use engine::raw::object::Matrix;
use engine::Orientation;
use engine::{Error, Info, Result};
use paste::paste;
use std::ffi::{c_char, c_void, CStr};
use std::sync::atomic::{AtomicI32, Ordering};

/// `GrB_Field` values.
pub(crate) mod field {
    /// `GrB_OUTP_FIELD`
    pub(crate) const OUTP: i32 = 0;
    /// `GrB_INP1_FIELD` (the last descriptor field)
    pub(crate) const INP1: i32 = 3;
    /// `GrB_NAME`
    pub(crate) const NAME: i32 = 10;
    /// `GrB_LIBRARY_VER_MAJOR`
    pub(crate) const LIBRARY_VER_MAJOR: i32 = 11;
    /// `GrB_LIBRARY_VER_MINOR`
    pub(crate) const LIBRARY_VER_MINOR: i32 = 12;
    /// `GrB_LIBRARY_VER_PATCH`
    pub(crate) const LIBRARY_VER_PATCH: i32 = 13;
    /// `GrB_API_VER_MAJOR`
    pub(crate) const API_VER_MAJOR: i32 = 14;
    /// `GrB_API_VER_MINOR`
    pub(crate) const API_VER_MINOR: i32 = 15;
    /// `GrB_API_VER_PATCH`
    pub(crate) const API_VER_PATCH: i32 = 16;
    /// `GrB_BLOCKING_MODE`
    pub(crate) const BLOCKING_MODE: i32 = 17;
    /// `GrB_STORAGE_ORIENTATION_HINT`
    pub(crate) const STORAGE_ORIENTATION_HINT: i32 = 100;
    /// `GrB_EL_TYPE_CODE`
    pub(crate) const EL_TYPE_CODE: i32 = 102;
    /// `GrB_INP0_TYPE_CODE`
    pub(crate) const INP0_TYPE_CODE: i32 = 103;
    /// `GrB_INP1_TYPE_CODE`
    pub(crate) const INP1_TYPE_CODE: i32 = 104;
    /// `GrB_OUTP_TYPE_CODE`
    pub(crate) const OUTP_TYPE_CODE: i32 = 105;
    /// `GrB_EL_TYPE_STRING`
    pub(crate) const EL_TYPE_STRING: i32 = 106;
    /// `GrB_INP0_TYPE_STRING`
    pub(crate) const INP0_TYPE_STRING: i32 = 107;
    /// `GrB_INP1_TYPE_STRING`
    pub(crate) const INP1_TYPE_STRING: i32 = 108;
    /// `GrB_OUTP_TYPE_STRING`
    pub(crate) const OUTP_TYPE_STRING: i32 = 109;
    /// `GrB_SIZE`
    pub(crate) const SIZE: i32 = 110;
    /// `GxB_FORMAT`: storage by row or by column (`GxB_Format_Value`).
    pub(crate) const GXB_FORMAT: i32 = 7002;
    /// `GxB_BURBLE`: explain — print each plan of the non-blocking engine,
    /// what was fused and the kernels' times (to standard error).
    pub(crate) const GXB_BURBLE: i32 = 7019;
    /// `GxB_NTHREADS`: the engine's thread count.
    pub(crate) const GXB_NTHREADS: i32 = 7086;
}

/// `GrB_Orientation` values (`GrB_BOTH` = 2 lies between these).
mod orientation {
    pub(super) const ROWMAJOR: i32 = 0;
    pub(super) const COLMAJOR: i32 = 1;
    pub(super) const UNKNOWN: i32 = 3;
}

/// `GxB_BY_ROW`
pub(crate) const GXB_BY_ROW: i32 = 0;
/// `GxB_BY_COL`
pub(crate) const GXB_BY_COL: i32 = 1;

/// The longest name accepted, terminator included (`GxB_MAX_NAME_LEN`).
const MAX_NAME_LEN: usize = 128;

/// The library's name (`GrB_NAME` of `GrB_GLOBAL`): that of the extension API
/// it implements, `GxB_IMPLEMENTATION_NAME` (docs/COMPATIBILITY.md).
const LIBRARY_NAME: &str = "SuiteSparse:GraphBLAS";

/// The value of a field.
pub(crate) enum FieldValue {
    /// An INT32 field.
    Int(i32),
    /// A string field.
    Text(String),
    /// A SIZE field.
    Size(usize),
    /// A SuiteSparse extension field of another C type.
    Extension(Setting),
}

/// Who may set an object's `GrB_NAME`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum NameRule {
    /// Any time (collections, descriptors).
    Any,
    /// Once (user-defined types and algebraic objects).
    Once,
    /// Never (the global object).
    Never,
}

/// The fields of one object kind.
pub(crate) trait Fields: Object {
    /// Who may set the name of objects of this kind created by the user
    /// (predefined objects are always read-only).
    const NAME_RULE: NameRule;

    /// The name of a predefined object.
    fn predefined_name(&self) -> String {
        String::new()
    }

    /// Reads a field other than `GrB_NAME`.
    fn get_other(&self, f: i32) -> Result<FieldValue>;

    /// Sets an INT32 field.
    fn set_int(&self, f: i32, _value: i32) -> Result<()> {
        Err(not_settable(self, f))
    }

    /// Sets a `double` field (from a `GrB_Scalar`).
    fn set_double(&self, f: i32, _value: f64) -> Result<()> {
        Err(not_settable(self, f))
    }

    /// Sets a field that takes a `void *` of `size` bytes.
    ///
    /// # Safety
    /// `value` must be NULL or point to `size` readable bytes.
    unsafe fn set_void(&self, f: i32, value: *const c_void, _size: usize) -> Result<()> {
        non_null(value, "value")?;
        Err(no_void_field(self, f))
    }
}

/// A readable name for a field, for messages.
fn field_name(f: i32) -> String {
    let name = match f {
        0 => "GrB_OUTP_FIELD",
        1 => "GrB_MASK_FIELD",
        2 => "GrB_INP0_FIELD",
        3 => "GrB_INP1_FIELD",
        10 => "GrB_NAME",
        11 => "GrB_LIBRARY_VER_MAJOR",
        12 => "GrB_LIBRARY_VER_MINOR",
        13 => "GrB_LIBRARY_VER_PATCH",
        14 => "GrB_API_VER_MAJOR",
        15 => "GrB_API_VER_MINOR",
        16 => "GrB_API_VER_PATCH",
        17 => "GrB_BLOCKING_MODE",
        100 => "GrB_STORAGE_ORIENTATION_HINT",
        102 => "GrB_EL_TYPE_CODE",
        103 => "GrB_INP0_TYPE_CODE",
        104 => "GrB_INP1_TYPE_CODE",
        105 => "GrB_OUTP_TYPE_CODE",
        106 => "GrB_EL_TYPE_STRING",
        107 => "GrB_INP0_TYPE_STRING",
        108 => "GrB_INP1_TYPE_STRING",
        109 => "GrB_OUTP_TYPE_STRING",
        110 => "GrB_SIZE",
        7002 => "GxB_FORMAT",
        7019 => "GxB_BURBLE",
        7086 => "GxB_NTHREADS",
        _ => return format!("field {f}"),
    };
    name.to_string()
}

fn unknown_field<T: Object>(_: &T, f: i32) -> Error {
    Error::new(
        Info::InvalidValue,
        format!("a {} has no field {}", T::NAME, field_name(f)),
    )
}

/// Whether an object has a field (tells read-only fields from unknown ones).
fn has_field<T: Fields>(obj: &T, f: i32) -> bool {
    f == field::NAME || !matches!(obj.get_other(f), Err(e) if e.info == Info::InvalidValue)
}

fn not_settable<T: Fields>(obj: &T, f: i32) -> Error {
    if has_field(obj, f) {
        invalid(format!("{} of a {} is read-only", field_name(f), T::NAME))
    } else {
        unknown_field(obj, f)
    }
}

fn invalid(message: String) -> Error {
    Error::new(Info::InvalidValue, message)
}

fn no_value(what: &str) -> Error {
    Error::new(Info::NoValue, what.to_string())
}

/// Reads any field of `obj`.
pub(crate) fn get_field<T: Fields>(obj: &T, f: i32) -> Result<FieldValue> {
    if f != field::NAME {
        return obj.get_other(f);
    }
    let set = obj.header().name().clone();
    Ok(FieldValue::Text(match set {
        Some(name) => name.to_string_lossy().into_owned(),
        None if obj.header().is_predefined() => obj.predefined_name(),
        None => String::new(),
    }))
}

/// Reads an INT32 field.
pub(crate) fn get_int<T: Fields>(obj: &T, f: i32) -> Result<i32> {
    match get_field(obj, f)? {
        FieldValue::Int(v) | FieldValue::Extension(Setting::Int(v)) => Ok(v),
        FieldValue::Extension(Setting::Bool(v)) => Ok(v as i32),
        _ => Err(invalid(format!(
            "{} is not an INT32 field: read it with a char * or size_t * value",
            field_name(f)
        ))),
    }
}

/// Sets `GrB_NAME` following the kind's rule.
fn set_name<T: Fields>(obj: &T, value: &CStr) -> Result<()> {
    let rule = if obj.header().is_predefined() {
        NameRule::Never
    } else {
        T::NAME_RULE
    };
    if rule == NameRule::Never {
        return Err(invalid(format!(
            "the name of a predefined {} is read-only",
            T::NAME
        )));
    }
    if value.to_bytes_with_nul().len() > MAX_NAME_LEN {
        return Err(invalid(format!(
            "names are at most {} characters",
            MAX_NAME_LEN - 1
        )));
    }
    let mut slot = obj.header().name();
    if rule == NameRule::Once && slot.is_some() {
        return Err(Error::new(
            Info::AlreadySet,
            format!("the name of this {} has already been set", T::NAME),
        ));
    }
    *slot = Some(value.to_owned());
    Ok(())
}

/// The string form of a type (`GrB_EL_TYPE_STRING` and friends): the spec name
/// of a built-in type (`"GrB_FP64"`), the name of a user-defined one.
pub(crate) fn type_string(ty: &Type) -> String {
    if ty.is_builtin() {
        format!("GrB_{}", ty.code().suffix())
    } else {
        ty.name().to_string()
    }
}

/// The `GrB_EL_TYPE_*` fields of a collection or type.
fn element_type_field(ty: &Type, f: i32) -> Option<FieldValue> {
    match f {
        field::EL_TYPE_CODE => Some(FieldValue::Int(ty.code().spec_code())),
        field::EL_TYPE_STRING => Some(FieldValue::Text(type_string(ty))),
        _ => None,
    }
}

/// The `GrB_{INP0,INP1,OUTP}_TYPE_*` fields of an algebraic object
/// (`None` for an input it does not have: `GrB_NO_VALUE`).
fn operator_type_field<T: Object>(
    obj: &T,
    f: i32,
    inp0: Option<&Type>,
    inp1: Option<&Type>,
    outp: &Type,
) -> Result<FieldValue> {
    let (ty, as_code) = match f {
        field::INP0_TYPE_CODE => (inp0, true),
        field::INP1_TYPE_CODE => (inp1, true),
        field::OUTP_TYPE_CODE => (Some(outp), true),
        field::INP0_TYPE_STRING => (inp0, false),
        field::INP1_TYPE_STRING => (inp1, false),
        field::OUTP_TYPE_STRING => (Some(outp), false),
        _ => return Err(unknown_field(obj, f)),
    };
    let ty = ty.ok_or_else(|| no_value("this input does not exist for the object"))?;
    Ok(if as_code {
        FieldValue::Int(ty.code().spec_code())
    } else {
        FieldValue::Text(type_string(ty))
    })
}

/// Checks a `GrB_Orientation` value.
fn check_orientation(value: i32) -> Result<()> {
    if (orientation::ROWMAJOR..=orientation::UNKNOWN).contains(&value) {
        Ok(())
    } else {
        Err(invalid(format!(
            "invalid orientation {value}: use GrB_ROWMAJOR, GrB_COLMAJOR, GrB_BOTH or GrB_UNKNOWN"
        )))
    }
}

/// The `GxB_Format_Value` of an orientation.
fn gxb_format(orient: Orientation) -> i32 {
    match orient {
        Orientation::ByRow => GXB_BY_ROW,
        Orientation::ByCol => GXB_BY_COL,
    }
}

/// The orientation of a `GxB_Format_Value`.
fn orientation_of_format(value: i32) -> Result<Orientation> {
    match value {
        GXB_BY_ROW => Ok(Orientation::ByRow),
        GXB_BY_COL => Ok(Orientation::ByCol),
        _ => Err(invalid(format!(
            "invalid format {value}: use GxB_BY_ROW or GxB_BY_COL"
        ))),
    }
}

// ---------------------------------------------------------------------------
// The global object
// ---------------------------------------------------------------------------

/// The one global object.
static GLOBAL: GB_Global_opaque = GB_Global_opaque::predefined();

/// `GrB_GLOBAL`: the library, for `GrB_get` / `GrB_set`.
#[no_mangle]
pub static mut GrB_GLOBAL: GrB_Global = &GLOBAL as *const GB_Global_opaque as GrB_Global;

/// The global object (for the `GxB` option functions).
pub(crate) fn global() -> &'static GB_Global_opaque {
    &GLOBAL
}

/// The global `GrB_STORAGE_ORIENTATION_HINT` (a hint: recorded and reported).
static ORIENTATION_HINT: AtomicI32 = AtomicI32::new(orientation::ROWMAJOR);

impl Fields for GB_Global_opaque {
    const NAME_RULE: NameRule = NameRule::Never;

    fn predefined_name(&self) -> String {
        LIBRARY_NAME.to_string()
    }

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        Ok(FieldValue::Int(match f {
            field::LIBRARY_VER_MAJOR => IMPLEMENTATION[0],
            field::LIBRARY_VER_MINOR => IMPLEMENTATION[1],
            field::LIBRARY_VER_PATCH => IMPLEMENTATION[2],
            field::API_VER_MAJOR => 2,
            field::API_VER_MINOR => 1,
            field::API_VER_PATCH => 0,
            field::BLOCKING_MODE => blocking_mode(),
            field::STORAGE_ORIENTATION_HINT => ORIENTATION_HINT.load(Ordering::Relaxed),
            field::GXB_FORMAT => match ORIENTATION_HINT.load(Ordering::Relaxed) {
                orientation::COLMAJOR => GXB_BY_COL,
                _ => GXB_BY_ROW,
            },
            field::GXB_NTHREADS => engine::num_threads() as i32,
            field::GXB_BURBLE => engine::raw::explain::enabled() as i32,
            _ => {
                return gxb_fields::library(f)
                    .map(FieldValue::Extension)
                    .ok_or_else(|| unknown_field(self, f))
            }
        }))
    }

    fn set_int(&self, f: i32, value: i32) -> Result<()> {
        match f {
            field::STORAGE_ORIENTATION_HINT => {
                check_orientation(value)?;
                ORIENTATION_HINT.store(value, Ordering::Relaxed);
            }
            field::GXB_FORMAT => {
                let hint = match orientation_of_format(value)? {
                    Orientation::ByRow => orientation::ROWMAJOR,
                    Orientation::ByCol => orientation::COLMAJOR,
                };
                ORIENTATION_HINT.store(hint, Ordering::Relaxed);
            }
            field::GXB_NTHREADS => engine::set_num_threads(value.max(0) as usize)?,
            field::GXB_BURBLE => engine::set_explain(value != 0),
            _ if gxb_fields::set_library_int(f, value) => {}
            _ => return Err(not_settable(self, f)),
        }
        Ok(())
    }

    fn set_double(&self, f: i32, value: f64) -> Result<()> {
        if gxb_fields::set_library_double(f, value) {
            Ok(())
        } else {
            Err(not_settable(self, f))
        }
    }

    unsafe fn set_void(&self, f: i32, value: *const c_void, size: usize) -> Result<()> {
        // The bitmap switches: 8 doubles, or NULL for SuiteSparse's defaults.
        if f != gxb_fields::gxb::BITMAP_SWITCH {
            non_null(value, "value")?;
            return Err(no_void_field(self, f));
        }
        let switches = if value.is_null() {
            None
        } else if size < std::mem::size_of::<[f64; 8]>() {
            return Err(invalid(format!(
                "GxB_BITMAP_SWITCH takes 8 doubles ({} bytes), not {size} bytes",
                std::mem::size_of::<[f64; 8]>()
            )));
        } else {
            // SAFETY: `value` holds `size` bytes, checked to be 8 doubles.
            Some(unsafe { (value as *const [f64; 8]).read_unaligned() })
        };
        gxb_fields::set_library_array(f, switches.as_ref());
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Types and collections
// ---------------------------------------------------------------------------

impl Fields for GB_Type_opaque {
    const NAME_RULE: NameRule = NameRule::Once;

    fn predefined_name(&self) -> String {
        type_string(&self.ty)
    }

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        if f == field::SIZE {
            return Ok(FieldValue::Size(self.ty.size()));
        }
        element_type_field(&self.ty, f).ok_or_else(|| unknown_field(self, f))
    }
}

impl Fields for GB_Scalar_opaque {
    const NAME_RULE: NameRule = NameRule::Any;

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        if f == field::STORAGE_ORIENTATION_HINT {
            return Ok(FieldValue::Int(orientation::UNKNOWN));
        }
        element_type_field(self.scalar.ty(), f).ok_or_else(|| unknown_field(self, f))
    }

    fn set_int(&self, f: i32, value: i32) -> Result<()> {
        match f {
            field::STORAGE_ORIENTATION_HINT => check_orientation(value),
            _ => Err(not_settable(self, f)),
        }
    }
}

impl Fields for GB_Vector_opaque {
    const NAME_RULE: NameRule = NameRule::Any;

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        match f {
            field::STORAGE_ORIENTATION_HINT => Ok(FieldValue::Int(orientation::COLMAJOR)),
            field::GXB_FORMAT => Ok(FieldValue::Int(GXB_BY_COL)),
            _ => collection_field(self, self.vector.as_matrix(), f),
        }
    }

    fn set_int(&self, f: i32, value: i32) -> Result<()> {
        match f {
            // A hint: vectors are always stored by column.
            field::STORAGE_ORIENTATION_HINT => check_orientation(value),
            field::GXB_FORMAT => match orientation_of_format(value)? {
                Orientation::ByCol => Ok(()),
                Orientation::ByRow => Err(invalid(
                    "a GrB_Vector is always stored by column (GxB_BY_COL)".into(),
                )),
            },
            _ => set_collection_int(self, self.vector.as_matrix(), f, value),
        }
    }

    fn set_double(&self, f: i32, value: f64) -> Result<()> {
        // As in SuiteSparse 9: a vector is never hypersparse.
        if f == gxb_fields::gxb::HYPER_SWITCH {
            return Err(invalid("a GrB_Vector has no GxB_HYPER_SWITCH".into()));
        }
        set_collection_double(self, self.vector.as_matrix(), f, value)
    }
}

impl Fields for GB_Matrix_opaque {
    const NAME_RULE: NameRule = NameRule::Any;

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        let orient = self.matrix.orientation();
        match f {
            field::STORAGE_ORIENTATION_HINT => Ok(FieldValue::Int(match orient {
                Orientation::ByRow => orientation::ROWMAJOR,
                Orientation::ByCol => orientation::COLMAJOR,
            })),
            field::GXB_FORMAT => Ok(FieldValue::Int(gxb_format(orient))),
            _ => collection_field(self, &self.matrix, f),
        }
    }

    fn set_int(&self, f: i32, value: i32) -> Result<()> {
        match f {
            field::STORAGE_ORIENTATION_HINT => {
                check_orientation(value)?;
                match value {
                    orientation::ROWMAJOR => self.matrix.set_orientation(Orientation::ByRow),
                    orientation::COLMAJOR => self.matrix.set_orientation(Orientation::ByCol),
                    _ => {} // GrB_BOTH, GrB_UNKNOWN: keep the current orientation
                }
                Ok(())
            }
            field::GXB_FORMAT => {
                self.matrix.set_orientation(orientation_of_format(value)?);
                Ok(())
            }
            _ => set_collection_int(self, &self.matrix, f, value),
        }
    }

    fn set_double(&self, f: i32, value: f64) -> Result<()> {
        set_collection_double(self, &self.matrix, f, value)
    }
}

/// The element type and extension fields of a matrix or vector `m`.
fn collection_field<T: Fields>(obj: &T, m: &Matrix, f: i32) -> Result<FieldValue> {
    if let Some(v) = element_type_field(m.ty(), f) {
        return Ok(v);
    }
    gxb_fields::object(m, f)?
        .map(FieldValue::Extension)
        .ok_or_else(|| unknown_field(obj, f))
}

/// Sets an INT32 extension field of a matrix or vector `m`.
fn set_collection_int<T: Fields>(obj: &T, m: &Matrix, f: i32, value: i32) -> Result<()> {
    if gxb_fields::set_object_int(m, f, value)? {
        Ok(())
    } else {
        Err(not_settable(obj, f))
    }
}

/// Sets a `double` extension field of a matrix or vector `m`.
fn set_collection_double<T: Fields>(obj: &T, m: &Matrix, f: i32, value: f64) -> Result<()> {
    if gxb_fields::set_object_double(m, f, value) {
        Ok(())
    } else {
        Err(not_settable(obj, f))
    }
}

// ---------------------------------------------------------------------------
// Algebraic objects
// ---------------------------------------------------------------------------

/// The spec name of a predefined binary operator: the engine names every
/// built-in operator `GrB_<OP>_<TYPE>`, but the four boolean-only logical
/// operators are just `GrB_LOR`, `GrB_LAND`, `GrB_LXOR`, `GrB_LXNOR`.
fn binary_spec_name(engine_name: &str) -> String {
    match engine_name {
        "GrB_LOR_BOOL" | "GrB_LAND_BOOL" | "GrB_LXOR_BOOL" | "GrB_LXNOR_BOOL" => {
            engine_name.trim_end_matches("_BOOL").to_string()
        }
        other => other.to_string(),
    }
}

impl Fields for GB_UnaryOp_opaque {
    const NAME_RULE: NameRule = NameRule::Once;

    fn predefined_name(&self) -> String {
        self.get().name().to_string()
    }

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        let op = self.get();
        operator_type_field(self, f, Some(op.xtype()), None, op.ztype())
    }
}

impl Fields for GB_BinaryOp_opaque {
    const NAME_RULE: NameRule = NameRule::Once;

    fn predefined_name(&self) -> String {
        binary_spec_name(self.get().name())
    }

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        let op = self.get();
        operator_type_field(self, f, Some(op.xtype()), Some(op.ytype()), op.ztype())
    }
}

impl Fields for GB_IndexUnaryOp_opaque {
    const NAME_RULE: NameRule = NameRule::Once;

    fn predefined_name(&self) -> String {
        self.get().name().to_string()
    }

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        let op = self.get();
        // Operators that depend only on the position have no input types.
        let inp1 = op.xtype().map(|_| op.ytype());
        operator_type_field(self, f, op.xtype(), inp1, op.ztype())
    }
}

impl Fields for GB_Monoid_opaque {
    const NAME_RULE: NameRule = NameRule::Once;

    fn predefined_name(&self) -> String {
        self.get().name()
    }

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        let ty = self.get().ty();
        operator_type_field(self, f, Some(ty), Some(ty), ty)
    }
}

impl Fields for GB_Semiring_opaque {
    const NAME_RULE: NameRule = NameRule::Once;

    fn predefined_name(&self) -> String {
        self.get().name()
    }

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        operator_type_field(self, f, None, None, self.get().ztype())
    }
}

// ---------------------------------------------------------------------------
// Descriptors
// ---------------------------------------------------------------------------

impl Fields for GB_Descriptor_opaque {
    const NAME_RULE: NameRule = NameRule::Any;

    fn predefined_name(&self) -> String {
        let d = self.get();
        let mut name = String::from("GrB_DESC_");
        for (on, letters) in [
            (d.replace, "R"),
            (d.mask_structural, "S"),
            (d.mask_complement, "C"),
            (d.transpose_first, "T0"),
            (d.transpose_second, "T1"),
        ] {
            if on {
                name.push_str(letters);
            }
        }
        name
    }

    fn get_other(&self, f: i32) -> Result<FieldValue> {
        if !(field::OUTP..=field::INP1).contains(&f) {
            return Err(unknown_field(self, f));
        }
        Ok(FieldValue::Int(self.get().get(f)?))
    }

    fn set_int(&self, f: i32, value: i32) -> Result<()> {
        if !(field::OUTP..=field::INP1).contains(&f) {
            return Err(not_settable(self, f));
        }
        if self.header().is_predefined() {
            return Err(invalid("a predefined descriptor cannot be modified".into()));
        }
        self.desc
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .set(f, value)
    }
}

// ---------------------------------------------------------------------------
// The entry points, for every kind
// ---------------------------------------------------------------------------

/// `GrB_get(obj, GrB_Scalar, field)`: an INT32 or SIZE field, typecast to the scalar's type.
unsafe fn get_scalar<T: Fields>(obj: &T, value: GrB_Scalar, f: i32) -> Result<()> {
    let s = unsafe { &get(value)?.scalar };
    let v = match get_field(obj, f)? {
        FieldValue::Int(v) | FieldValue::Extension(Setting::Int(v)) => Value::new(v),
        FieldValue::Extension(Setting::Bool(v)) => Value::new(v as i32),
        FieldValue::Extension(Setting::Double(v)) => Value::new(v),
        FieldValue::Size(n) => Value::new(n as u64),
        _ => {
            return Err(invalid(format!(
                "{} cannot be read into a GrB_Scalar: read it with a char * or void * value",
                field_name(f)
            )))
        }
    };
    if !s.ty().is_builtin() {
        return Err(invalid(
            "a field cannot be read into a GrB_Scalar of a user-defined type".into(),
        ));
    }
    s.set(&v)
}

/// `GrB_get(obj, char *, field)`: a string field, with its terminator.
unsafe fn get_string<T: Fields>(obj: &T, value: *mut c_char, f: i32) -> Result<()> {
    non_null(value, "value")?;
    let b = match get_field(obj, f)? {
        FieldValue::Text(t) => t.into_bytes(),
        FieldValue::Extension(Setting::Text(t)) => t.to_bytes().to_vec(),
        _ => return Err(invalid(format!("{} is not a string field", field_name(f)))),
    };
    unsafe {
        std::ptr::copy_nonoverlapping(b.as_ptr(), value as *mut u8, b.len());
        *value.add(b.len()) = 0;
    }
    Ok(())
}

/// `GrB_get(obj, size_t *, field)`: a SIZE field, or the buffer size a string field needs.
unsafe fn get_size<T: Fields>(obj: &T, value: *mut usize, f: i32) -> Result<()> {
    non_null(value, "value")?;
    let n = match get_field(obj, f)? {
        FieldValue::Text(t) => t.len() + 1,
        FieldValue::Size(n) => n,
        FieldValue::Extension(Setting::Text(t)) => t.to_bytes_with_nul().len(),
        FieldValue::Extension(Setting::Doubles(v)) => std::mem::size_of_val(v.as_slice()),
        FieldValue::Extension(Setting::Ints(v)) => std::mem::size_of_val(&v),
        FieldValue::Extension(Setting::Int64s(v)) => std::mem::size_of_val(v.as_slice()),
        FieldValue::Extension(Setting::Function(_)) => std::mem::size_of::<*mut c_void>(),
        _ => {
            return Err(invalid(format!(
                "{} is not a string, size or array field",
                field_name(f)
            )))
        }
    };
    unsafe { put(value, n, "value") }
}

/// `GrB_set(obj, GrB_Scalar, field)`: an INT32 or `double` field from a non-empty scalar.
unsafe fn set_scalar<T: Fields>(obj: &T, value: GrB_Scalar, f: i32) -> Result<()> {
    let s = unsafe { &get(value)?.scalar };
    let v = s
        .get()
        .ok_or_else(|| Error::new(Info::EmptyObject, "the GrB_Scalar value is empty"))?;
    if !s.ty().is_builtin() {
        return Err(invalid(
            "a field cannot be set from a GrB_Scalar of a user-defined type".into(),
        ));
    }
    if f == field::NAME {
        return Err(invalid("GrB_NAME is set with a char * value".into()));
    }
    if gxb_fields::is_double(f) {
        return obj.set_double(f, value_as::<f64>(&v)?);
    }
    obj.set_int(f, value_as::<i32>(&v)?)
}

/// `GrB_set(obj, char *, field)`: only `GrB_NAME` is a settable string.
unsafe fn set_string<T: Fields>(obj: &T, value: *const c_char, f: i32) -> Result<()> {
    non_null(value, "value")?;
    if f != field::NAME {
        return Err(if has_field(obj, f) {
            invalid(format!(
                "{} of a {} is not a string field",
                field_name(f),
                T::NAME
            ))
        } else {
            unknown_field(obj, f)
        });
    }
    unsafe { set_name(obj, CStr::from_ptr(value)) }
}

/// `GrB_set(obj, int32_t, field)`.
fn set_int32<T: Fields>(obj: &T, value: i32, f: i32) -> Result<()> {
    if f == field::NAME {
        return Err(invalid("GrB_NAME is set with a char * value".into()));
    }
    obj.set_int(f, value)
}

/// The error of `GrB_get` / `GrB_set` with a `void *` value for a field
/// that does not take one.
fn no_void_field<T: Fields>(obj: &T, f: i32) -> Error {
    if has_field(obj, f) {
        invalid(format!(
            "{} of a {} does not take a void * value",
            field_name(f),
            T::NAME
        ))
    } else {
        unknown_field(obj, f)
    }
}

/// `GrB_get(obj, void *, field)`: an array or function field, written in its C type.
unsafe fn get_void<T: Fields>(obj: &T, value: *mut c_void, f: i32) -> Result<()> {
    non_null(value, "value")?;
    unsafe fn write<V: Copy>(values: &[V], out: *mut c_void) {
        for (k, &v) in values.iter().enumerate() {
            unsafe { (out as *mut V).add(k).write_unaligned(v) };
        }
    }
    match get_field(obj, f)? {
        FieldValue::Extension(Setting::Doubles(v)) => unsafe { write(&v, value) },
        FieldValue::Extension(Setting::Ints(v)) => unsafe { write(&v, value) },
        FieldValue::Extension(Setting::Int64s(v)) => unsafe { write(&v, value) },
        FieldValue::Extension(Setting::Function(p)) => unsafe { write(&[p], value) },
        _ => return Err(no_void_field(obj, f)),
    }
    Ok(())
}

/// Defines the nine `GrB_<kind>_get_*` / `GrB_<kind>_set_*` functions for a
/// handle type; `$object` reads the handle (NULL / uninitialized checks).
macro_rules! get_set_functions {
    ($kind:ident, $handle:ty, $object:path) => {
        paste! {
            #[doc = concat!("`GrB_get(", stringify!($kind), ", GrB_Scalar value, field)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _get_Scalar>](obj: $handle, value: GrB_Scalar, field: GrB_Field) -> GrB_Info {
                api(obj, || unsafe { get_scalar($object(obj)?, value, field) })
            }

            #[doc = concat!("`GrB_get(", stringify!($kind), ", char *value, field)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _get_String>](obj: $handle, value: *mut c_char, field: GrB_Field) -> GrB_Info {
                api(obj, || unsafe { get_string($object(obj)?, value, field) })
            }

            #[doc = concat!("`GrB_get(", stringify!($kind), ", int32_t *value, field)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _get_INT32>](obj: $handle, value: *mut i32, field: GrB_Field) -> GrB_Info {
                api(obj, || {
                    let o = unsafe { $object(obj)? };
                    non_null(value, "value")?;
                    unsafe { put(value, get_int(o, field)?, "value") }
                })
            }

            #[doc = concat!("`GrB_get(", stringify!($kind), ", size_t *value, field)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _get_SIZE>](obj: $handle, value: *mut usize, field: GrB_Field) -> GrB_Info {
                api(obj, || unsafe { get_size($object(obj)?, value, field) })
            }

            #[doc = concat!("`GrB_get(", stringify!($kind), ", void *value, field)`: an array or function field.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _get_VOID>](obj: $handle, value: *mut c_void, field: GrB_Field) -> GrB_Info {
                api(obj, || unsafe { get_void($object(obj)?, value, field) })
            }

            #[doc = concat!("`GrB_set(", stringify!($kind), ", GrB_Scalar value, field)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _set_Scalar>](obj: $handle, value: GrB_Scalar, field: GrB_Field) -> GrB_Info {
                api(obj, || unsafe { set_scalar($object(obj)?, value, field) })
            }

            #[doc = concat!("`GrB_set(", stringify!($kind), ", char *value, field)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _set_String>](obj: $handle, value: *mut c_char, field: GrB_Field) -> GrB_Info {
                api(obj, || unsafe { set_string($object(obj)?, value, field) })
            }

            #[doc = concat!("`GrB_set(", stringify!($kind), ", int32_t value, field)`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _set_INT32>](obj: $handle, value: i32, field: GrB_Field) -> GrB_Info {
                api(obj, || unsafe { set_int32($object(obj)?, value, field) })
            }

            #[doc = concat!("`GrB_set(", stringify!($kind), ", void *value, field, size)`: an array field of `size` bytes.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GrB_ $kind _set_VOID>](obj: $handle, value: *mut c_void, field: GrB_Field, size: usize) -> GrB_Info {
                api(obj, || unsafe { $object(obj)?.set_void(field, value, size) })
            }
        }
    };
}

/// Reads a vector handle (a matrix handle of more than one column is not a vector).
pub(crate) unsafe fn vector_object<'a>(v: GrB_Vector) -> Result<&'a GB_Vector_opaque> {
    unsafe {
        crate::vector::vector(v)?;
        get(v)
    }
}

get_set_functions!(Scalar, GrB_Scalar, get);
get_set_functions!(Vector, GrB_Vector, vector_object);
get_set_functions!(Matrix, GrB_Matrix, get);
get_set_functions!(UnaryOp, GrB_UnaryOp, get);
get_set_functions!(IndexUnaryOp, GrB_IndexUnaryOp, get);
get_set_functions!(BinaryOp, GrB_BinaryOp, get);
get_set_functions!(Monoid, GrB_Monoid, get);
get_set_functions!(Semiring, GrB_Semiring, get);
get_set_functions!(Descriptor, GrB_Descriptor, get);
get_set_functions!(Type, GrB_Type, get);
get_set_functions!(Global, GrB_Global, get);
