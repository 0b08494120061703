//! Opaque handles: the structs behind `GrB_Matrix`, `GrB_Type`, … and the checks
//! that turn NULL, uninitialized or freed handles into error codes instead of crashes.
//!
//! Every object starts with a [`Header`] holding a magic number that names its
//! kind while it lives; freeing overwrites it, so a stale handle is reported as
//! `GrB_UNINITIALIZED_OBJECT` wherever its memory is still readable.
//! Predefined objects are statics whose engine value is built on first use.

use engine::raw::algebra::{
    BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, Monoid, Semiring, Type, TypeCode,
    UnaryCode, UnaryOp,
};
use engine::raw::object::{Descriptor, Matrix, Scalar, Vector};
use engine::{Error, Info, Result};
use std::ffi::{c_char, CString};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// Magic numbers of live objects, one per kind (vectors share the matrix magic,
/// because a `GrB_Vector` may be cast to a `GrB_Matrix`).
pub mod magic {
    /// `GrB_Matrix` and `GrB_Vector`.
    pub(crate) const MATRIX: u64 = 0x4752_425f_4d41_5458;
    /// `GrB_Scalar`.
    pub(crate) const SCALAR: u64 = 0x4752_425f_5343_4c52;
    /// `GrB_Type`.
    pub(crate) const TYPE: u64 = 0x4752_425f_5459_5045;
    /// `GrB_UnaryOp`.
    pub(crate) const UNARY: u64 = 0x4752_425f_554e_4f50;
    /// `GrB_BinaryOp`.
    pub(crate) const BINARY: u64 = 0x4752_425f_4249_4e4f;
    /// `GrB_IndexUnaryOp`.
    pub(crate) const INDEX: u64 = 0x4752_425f_4958_4f50;
    /// `GrB_Monoid`.
    pub(crate) const MONOID: u64 = 0x4752_425f_4d4f_4e4f;
    /// `GrB_Semiring`.
    pub(crate) const SEMIRING: u64 = 0x4752_425f_5345_4d49;
    /// `GrB_Descriptor`.
    pub(crate) const DESCRIPTOR: u64 = 0x4752_425f_4445_5343;
    /// `GrB_Global`.
    pub(crate) const GLOBAL: u64 = 0x4752_425f_474c_4f42;
    /// `GxB_Iterator`.
    pub(crate) const ITERATOR: u64 = 0x4758_425f_4954_4552;
    /// `GxB_SelectOp`.
    pub(crate) const SELECTOP: u64 = 0x4758_425f_5345_4c4f;
    /// Written over the magic when an object is freed.
    pub(crate) const FREED: u64 = 0x4752_425f_4652_4545;

    /// [`FREED`], for the fuzz targets' stale-handle decoys (a function: a
    /// public constant would be written into the header).
    pub const fn freed() -> u64 {
        FREED
    }
}

/// The first field of every object.
#[repr(C)]
pub(crate) struct Header {
    magic: AtomicU64,
    predefined: bool,
    error: Mutex<Option<CString>>,
    /// The name given by `GrB_set(obj, name, GrB_NAME)`, if any.
    name: Mutex<Option<CString>>,
}

impl Header {
    /// The header of a live object created at run time.
    pub(crate) const fn new(magic: u64) -> Header {
        Header {
            magic: AtomicU64::new(magic),
            predefined: false,
            error: Mutex::new(None),
            name: Mutex::new(None),
        }
    }

    /// The header of a predefined (static, never freed) object.
    pub(crate) const fn predefined(magic: u64) -> Header {
        Header {
            magic: AtomicU64::new(magic),
            predefined: true,
            error: Mutex::new(None),
            name: Mutex::new(None),
        }
    }

    /// True for predefined objects.
    pub(crate) fn is_predefined(&self) -> bool {
        self.predefined
    }

    /// Records the message of the last failed call on this object.
    pub(crate) fn set_error(&self, message: &str) {
        let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
        *self.error.lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
    }

    /// The name set by `GrB_set(obj, name, GrB_NAME)` (`None` until set), for reading or changing.
    pub(crate) fn name(&self) -> std::sync::MutexGuard<'_, Option<CString>> {
        self.name.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The message of the last failed call ("" if none). The pointer stays valid
    /// until the next failed call on the object or its free.
    pub(crate) fn error_ptr(&self) -> *const c_char {
        static EMPTY: &[u8] = b"\0";
        match &*self.error.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(s) => s.as_ptr(),
            None => EMPTY.as_ptr() as *const c_char,
        }
    }
}

/// An object type behind a C handle.
pub(crate) trait Object: Sized {
    /// The magic number of live objects of this kind.
    const MAGIC: u64;
    /// The C name of the handle type, for messages.
    const NAME: &'static str;
    /// The object's header.
    fn header(&self) -> &Header;
}

/// Reads a handle: NULL → `GrB_NULL_POINTER`; not a live object of this kind →
/// `GrB_UNINITIALIZED_OBJECT`.
///
/// # Safety
/// `p` must be NULL or point to readable memory of at least a `Header`.
pub(crate) unsafe fn get<'a, T: Object>(p: *const T) -> Result<&'a T> {
    if p.is_null() {
        return Err(Error::new(
            Info::NullPointer,
            format!("a required {} argument is NULL", T::NAME),
        ));
    }
    let header = unsafe { &*(p as *const Header) };
    let m = header.magic.load(Ordering::Acquire);
    if m != T::MAGIC {
        let what = if m == magic::FREED {
            "has been freed"
        } else {
            "is not initialized (or is not a valid object of this kind)"
        };
        return Err(Error::new(
            Info::UninitializedObject,
            format!("the {} argument {what}", T::NAME),
        ));
    }
    // SAFETY: the magic number says `p` is a live object of this kind.
    Ok(unsafe { &*p })
}

/// Reads an optional handle: NULL means "none".
///
/// # Safety
/// As for [`get`].
pub(crate) unsafe fn get_opt<'a, T: Object>(p: *const T) -> Result<Option<&'a T>> {
    if p.is_null() {
        Ok(None)
    } else {
        unsafe { get(p).map(Some) }
    }
}

/// Moves a new object to the heap and returns its handle.
pub(crate) fn into_handle<T: Object>(obj: T) -> *mut T {
    Box::into_raw(Box::new(obj))
}

/// Frees the object behind `*handle` and sets `*handle` to NULL. A NULL handle
/// pointer is an error; a NULL handle, a predefined object, or one that is
/// not a live object of this kind (already freed, say: its memory may hold
/// anything by then) is left alone, as SuiteSparse does (the spec's
/// `GrB_free` fails only with `GrB_PANIC`; LAGraph's `test_argminmax` frees
/// a matrix the algorithm freed).
///
/// # Safety
/// `handle` must be NULL or a valid pointer to a handle variable, which must
/// be NULL or point to readable memory of at least a `Header`.
pub(crate) unsafe fn free<T: Object>(handle: *mut *mut T) -> Result<()> {
    if handle.is_null() {
        return Err(Error::new(
            Info::NullPointer,
            format!("the {} pointer passed to free is NULL", T::NAME),
        ));
    }
    let p = unsafe { *handle };
    let Ok(obj) = (unsafe { get(p) }) else {
        return Ok(());
    };
    if obj.header().is_predefined() {
        return Ok(());
    }
    obj.header().magic.store(magic::FREED, Ordering::Release);
    // SAFETY: a live object not predefined was made by `into_handle`.
    unsafe {
        drop(Box::from_raw(p));
        *handle = std::ptr::null_mut();
    }
    Ok(())
}

/// Moves a new object to the heap and writes its handle through `out`; a NULL
/// `out` fails with `GrB_NULL_POINTER` before anything is allocated (so nothing leaks).
///
/// # Safety
/// `out` must be NULL or valid for writes.
pub(crate) unsafe fn put_handle<T: Object>(out: *mut *mut T, obj: T, what: &str) -> Result<()> {
    non_null(out, what)?;
    unsafe { put(out, into_handle(obj), what) }
}

/// Writes through an output pointer, or fails with `GrB_NULL_POINTER`.
///
/// # Safety
/// `out` must be NULL or valid for writes.
pub(crate) unsafe fn put<T>(out: *mut T, value: T, what: &str) -> Result<()> {
    if out.is_null() {
        return Err(Error::new(
            Info::NullPointer,
            format!("the output pointer {what} is NULL"),
        ));
    }
    unsafe { out.write(value) };
    Ok(())
}

/// Fails with `GrB_NULL_POINTER` when a required input pointer is NULL.
pub(crate) fn non_null<T>(p: *const T, what: &str) -> Result<()> {
    if p.is_null() {
        Err(Error::new(
            Info::NullPointer,
            format!("the pointer argument {what} is NULL"),
        ))
    } else {
        Ok(())
    }
}

macro_rules! object_struct {
    ($(#[$doc:meta])* $name:ident, $magic:ident, $cname:literal, $field:ident : $ty:ty) => {
        $(#[$doc])*
        #[repr(C)]
        pub struct $name {
            header: Header,
            /// The engine object.
            pub $field: $ty,
        }

        impl Object for $name {
            const MAGIC: u64 = magic::$magic;
            const NAME: &'static str = $cname;
            fn header(&self) -> &Header {
                &self.header
            }
        }

        impl $name {
            /// A live object created at run time.
            pub(crate) fn new($field: $ty) -> $name {
                $name {
                    header: Header::new(magic::$magic),
                    $field,
                }
            }
        }
    };
}

object_struct!(
    /// The object behind `GrB_Matrix`.
    GB_Matrix_opaque, MATRIX, "GrB_Matrix", matrix: Matrix
);
object_struct!(
    /// The object behind `GrB_Vector` (same layout as a matrix object).
    GB_Vector_opaque, MATRIX, "GrB_Vector", vector: Vector
);
object_struct!(
    /// The object behind `GrB_Scalar`.
    GB_Scalar_opaque, SCALAR, "GrB_Scalar", scalar: Scalar
);
object_struct!(
    /// The object behind `GrB_Descriptor`.
    GB_Descriptor_opaque, DESCRIPTOR, "GrB_Descriptor", desc: Mutex<Descriptor>
);

impl GB_Descriptor_opaque {
    /// A predefined descriptor.
    pub(crate) const fn predefined(desc: Descriptor) -> GB_Descriptor_opaque {
        GB_Descriptor_opaque {
            header: Header::predefined(magic::DESCRIPTOR),
            desc: Mutex::new(desc),
        }
    }

    /// The current settings.
    pub(crate) fn get(&self) -> Descriptor {
        *self.desc.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The object behind `GrB_Type`.
#[repr(C)]
pub struct GB_Type_opaque {
    header: Header,
    /// The engine type.
    pub ty: Type,
}

impl Object for GB_Type_opaque {
    const MAGIC: u64 = magic::TYPE;
    const NAME: &'static str = "GrB_Type";
    fn header(&self) -> &Header {
        &self.header
    }
}

impl GB_Type_opaque {
    /// A user-defined type.
    pub(crate) fn new(ty: Type) -> GB_Type_opaque {
        GB_Type_opaque {
            header: Header::new(magic::TYPE),
            ty,
        }
    }
    /// A library-owned handle for a type (never freed): how `GxB_Matrix_type`
    /// reports a user-defined type, whose own handle the engine does not know.
    pub(crate) fn alias(ty: Type) -> GB_Type_opaque {
        GB_Type_opaque {
            header: Header::predefined(magic::TYPE),
            ty,
        }
    }
    /// A predefined type.
    pub(crate) const fn predefined(code: TypeCode) -> GB_Type_opaque {
        GB_Type_opaque {
            header: Header::predefined(magic::TYPE),
            ty: Type::builtin(code),
        }
    }
}

/// How to build a predefined algebraic object on first use.
pub(crate) trait Builtin<T> {
    /// Builds the engine object.
    fn build(&self) -> T;
}

impl Builtin<UnaryOp> for (UnaryCode, TypeCode) {
    fn build(&self) -> UnaryOp {
        UnaryOp::builtin(self.0, self.1).expect("predefined unary operator exists")
    }
}
impl Builtin<BinaryOp> for (BinaryCode, TypeCode) {
    fn build(&self) -> BinaryOp {
        BinaryOp::builtin(self.0, self.1).expect("predefined binary operator exists")
    }
}
impl Builtin<IndexUnaryOp> for (IndexUnaryCode, TypeCode) {
    fn build(&self) -> IndexUnaryOp {
        IndexUnaryOp::builtin(self.0, self.1).expect("predefined index-unary operator exists")
    }
}
impl Builtin<Monoid> for (BinaryCode, TypeCode) {
    fn build(&self) -> Monoid {
        Monoid::builtin(self.0, self.1).expect("predefined monoid exists")
    }
}
impl Builtin<Semiring> for (BinaryCode, BinaryCode, TypeCode) {
    fn build(&self) -> Semiring {
        Semiring::builtin(self.0, self.1, self.2).expect("predefined semiring exists")
    }
}

macro_rules! algebra_struct {
    ($(#[$doc:meta])* $name:ident, $magic:ident, $cname:literal, $ty:ty, $key:ty) => {
        $(#[$doc])*
        #[repr(C)]
        pub struct $name {
            header: Header,
            key: Option<$key>,
            cell: OnceLock<$ty>,
        }

        impl Object for $name {
            const MAGIC: u64 = magic::$magic;
            const NAME: &'static str = $cname;
            fn header(&self) -> &Header {
                &self.header
            }
        }

        impl $name {
            /// A user-defined object.
            pub(crate) fn new(value: $ty) -> $name {
                $name {
                    header: Header::new(magic::$magic),
                    key: None,
                    cell: OnceLock::from(value),
                }
            }
            /// A predefined object, built on first use.
            pub(crate) const fn predefined(key: $key) -> $name {
                $name {
                    header: Header::predefined(magic::$magic),
                    key: Some(key),
                    cell: OnceLock::new(),
                }
            }
            /// The engine object.
            pub(crate) fn get(&self) -> &$ty {
                self.cell.get_or_init(|| {
                    self.key
                        .as_ref()
                        .expect("user objects are built at creation")
                        .build()
                })
            }
        }
    };
}

algebra_struct!(
    /// The object behind `GrB_UnaryOp`.
    GB_UnaryOp_opaque, UNARY, "GrB_UnaryOp", UnaryOp, (UnaryCode, TypeCode)
);
algebra_struct!(
    /// The object behind `GrB_BinaryOp`.
    GB_BinaryOp_opaque, BINARY, "GrB_BinaryOp", BinaryOp, (BinaryCode, TypeCode)
);
algebra_struct!(
    /// The object behind `GrB_IndexUnaryOp`.
    GB_IndexUnaryOp_opaque, INDEX, "GrB_IndexUnaryOp", IndexUnaryOp, (IndexUnaryCode, TypeCode)
);
algebra_struct!(
    /// The object behind `GrB_Monoid`.
    GB_Monoid_opaque, MONOID, "GrB_Monoid", Monoid, (BinaryCode, TypeCode)
);
algebra_struct!(
    /// The object behind `GrB_Semiring`.
    GB_Semiring_opaque, SEMIRING, "GrB_Semiring", Semiring, (BinaryCode, BinaryCode, TypeCode)
);

/// The object behind `GrB_Global` (the library itself, for `GrB_get`/`GrB_set`).
#[repr(C)]
pub struct GB_Global_opaque {
    header: Header,
}

impl Object for GB_Global_opaque {
    const MAGIC: u64 = magic::GLOBAL;
    const NAME: &'static str = "GrB_Global";
    fn header(&self) -> &Header {
        &self.header
    }
}

impl GB_Global_opaque {
    /// The one global object.
    pub(crate) const fn predefined() -> GB_Global_opaque {
        GB_Global_opaque {
            header: Header::predefined(magic::GLOBAL),
        }
    }
}

/// `GrB_Matrix`
pub type GrB_Matrix = *mut GB_Matrix_opaque;
/// `GrB_Vector`
pub type GrB_Vector = *mut GB_Vector_opaque;
/// `GrB_Scalar`
pub type GrB_Scalar = *mut GB_Scalar_opaque;
/// `GrB_Type`
pub type GrB_Type = *mut GB_Type_opaque;
/// `GrB_UnaryOp`
pub type GrB_UnaryOp = *mut GB_UnaryOp_opaque;
/// `GrB_BinaryOp`
pub type GrB_BinaryOp = *mut GB_BinaryOp_opaque;
/// `GrB_IndexUnaryOp`
pub type GrB_IndexUnaryOp = *mut GB_IndexUnaryOp_opaque;
/// `GrB_Monoid`
pub type GrB_Monoid = *mut GB_Monoid_opaque;
/// `GrB_Semiring`
pub type GrB_Semiring = *mut GB_Semiring_opaque;
/// `GrB_Descriptor`
pub type GrB_Descriptor = *mut GB_Descriptor_opaque;
/// `GrB_Global`
pub type GrB_Global = *mut GB_Global_opaque;
