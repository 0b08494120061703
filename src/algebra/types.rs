//! Element types: the 11 built-in GraphBLAS types, SuiteSparse's two complex
//! types and user-defined types.
//!
//! The complex types (`GxB_FC32`, `GxB_FC64`: `float complex`, `double
//! complex`) are built in for typecasting — they cast to and from the real
//! types as SuiteSparse does (see [`super::complex`]) — but stored and
//! computed as bytes, like user-defined types: the generic tier serves them
//! with the built-in complex operators' byte functions, so no typed kernel
//! is instantiated for them. [`Type::is_builtin`] is true for the 11 real
//! types only (those with typed arrays and kernels).

use std::fmt;
use std::sync::Arc;

/// The kind of an element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TypeCode {
    /// `bool`
    Bool,
    /// `int8_t`
    Int8,
    /// `uint8_t`
    Uint8,
    /// `int16_t`
    Int16,
    /// `uint16_t`
    Uint16,
    /// `int32_t`
    Int32,
    /// `uint32_t`
    Uint32,
    /// `int64_t`
    Int64,
    /// `uint64_t`
    Uint64,
    /// `float`
    Fp32,
    /// `double`
    Fp64,
    /// `float complex` (`GxB_FC32`)
    Fc32,
    /// `double complex` (`GxB_FC64`)
    Fc64,
    /// A user-defined type (opaque bytes).
    Udt,
}

impl TypeCode {
    /// The 11 built-in types in the spec's order.
    pub const BUILTIN: [TypeCode; 11] = [
        TypeCode::Bool,
        TypeCode::Int8,
        TypeCode::Uint8,
        TypeCode::Int16,
        TypeCode::Uint16,
        TypeCode::Int32,
        TypeCode::Uint32,
        TypeCode::Int64,
        TypeCode::Uint64,
        TypeCode::Fp32,
        TypeCode::Fp64,
    ];

    /// The two complex types.
    pub const COMPLEX: [TypeCode; 2] = [TypeCode::Fc32, TypeCode::Fc64];

    /// Size in bytes of a built-in element (0 for `Udt`, whose size is per type).
    pub const fn size(self) -> usize {
        match self {
            TypeCode::Bool | TypeCode::Int8 | TypeCode::Uint8 => 1,
            TypeCode::Int16 | TypeCode::Uint16 => 2,
            TypeCode::Int32 | TypeCode::Uint32 | TypeCode::Fp32 => 4,
            TypeCode::Int64 | TypeCode::Uint64 | TypeCode::Fp64 | TypeCode::Fc32 => 8,
            TypeCode::Fc64 => 16,
            TypeCode::Udt => 0,
        }
    }

    /// The spec's `GrB_Type_Code` value (`GrB_UDT_CODE` = 0, `GrB_BOOL_CODE` = 1, …,
    /// `GrB_FP64_CODE` = 11; SuiteSparse's `GxB_FC32_CODE` = 7070, `GxB_FC64_CODE` = 7071).
    pub const fn spec_code(self) -> i32 {
        match self {
            TypeCode::Fc32 => 7070,
            TypeCode::Fc64 => 7071,
            TypeCode::Udt => 0,
            TypeCode::Bool => 1,
            TypeCode::Int8 => 2,
            TypeCode::Uint8 => 3,
            TypeCode::Int16 => 4,
            TypeCode::Uint16 => 5,
            TypeCode::Int32 => 6,
            TypeCode::Uint32 => 7,
            TypeCode::Int64 => 8,
            TypeCode::Uint64 => 9,
            TypeCode::Fp32 => 10,
            TypeCode::Fp64 => 11,
        }
    }

    /// The type with the given `GrB_Type_Code` value.
    pub fn from_spec_code(code: i32) -> Option<TypeCode> {
        match code {
            0 => Some(TypeCode::Udt),
            1..=11 => Some(TypeCode::BUILTIN[(code - 1) as usize]),
            7070 => Some(TypeCode::Fc32),
            7071 => Some(TypeCode::Fc64),
            _ => None,
        }
    }

    /// The C type name: `"bool"`, `"int8_t"`, …, `"float"`, `"double"`.
    pub const fn c_name(self) -> &'static str {
        match self {
            TypeCode::Bool => "bool",
            TypeCode::Int8 => "int8_t",
            TypeCode::Uint8 => "uint8_t",
            TypeCode::Int16 => "int16_t",
            TypeCode::Uint16 => "uint16_t",
            TypeCode::Int32 => "int32_t",
            TypeCode::Uint32 => "uint32_t",
            TypeCode::Int64 => "int64_t",
            TypeCode::Uint64 => "uint64_t",
            TypeCode::Fp32 => "float",
            TypeCode::Fp64 => "double",
            TypeCode::Fc32 => "float complex",
            TypeCode::Fc64 => "double complex",
            TypeCode::Udt => "user-defined",
        }
    }

    /// The suffix used in predefined object names: `"BOOL"`, `"INT8"`, …, `"FP64"`, `"UDT"`.
    pub const fn suffix(self) -> &'static str {
        match self {
            TypeCode::Bool => "BOOL",
            TypeCode::Int8 => "INT8",
            TypeCode::Uint8 => "UINT8",
            TypeCode::Int16 => "INT16",
            TypeCode::Uint16 => "UINT16",
            TypeCode::Int32 => "INT32",
            TypeCode::Uint32 => "UINT32",
            TypeCode::Int64 => "INT64",
            TypeCode::Uint64 => "UINT64",
            TypeCode::Fp32 => "FP32",
            TypeCode::Fp64 => "FP64",
            TypeCode::Fc32 => "FC32",
            TypeCode::Fc64 => "FC64",
            TypeCode::Udt => "UDT",
        }
    }

    /// True for the eight integer types.
    pub const fn is_integer(self) -> bool {
        matches!(
            self,
            TypeCode::Int8
                | TypeCode::Uint8
                | TypeCode::Int16
                | TypeCode::Uint16
                | TypeCode::Int32
                | TypeCode::Uint32
                | TypeCode::Int64
                | TypeCode::Uint64
        )
    }

    /// True for the signed integer types.
    pub const fn is_signed_integer(self) -> bool {
        matches!(
            self,
            TypeCode::Int8 | TypeCode::Int16 | TypeCode::Int32 | TypeCode::Int64
        )
    }

    /// True for `Fp32` and `Fp64`.
    pub const fn is_float(self) -> bool {
        matches!(self, TypeCode::Fp32 | TypeCode::Fp64)
    }

    /// True for `Fc32` and `Fc64`.
    pub const fn is_complex(self) -> bool {
        matches!(self, TypeCode::Fc32 | TypeCode::Fc64)
    }

    /// True for the 11 real built-in types (typed arrays and kernels).
    pub const fn is_real(self) -> bool {
        !matches!(self, TypeCode::Fc32 | TypeCode::Fc64 | TypeCode::Udt)
    }
}

/// A user-defined type: a name and a size in bytes; its values are opaque.
#[derive(Debug)]
pub struct UserType {
    /// The type's name (the C type name where the caller supplied one).
    pub name: String,
    /// Size of one element in bytes.
    pub size: usize,
}

/// An element type: built-in or user-defined. Cheap to clone.
///
/// Two user-defined types are the same type only when they come from the same
/// [`Type::user`] call.
#[derive(Clone)]
pub struct Type(Repr);

#[derive(Clone)]
enum Repr {
    Builtin(TypeCode),
    User(Arc<UserType>),
}

impl Type {
    /// `GrB_BOOL`
    pub const BOOL: Type = Type(Repr::Builtin(TypeCode::Bool));
    /// `GrB_INT8`
    pub const INT8: Type = Type(Repr::Builtin(TypeCode::Int8));
    /// `GrB_UINT8`
    pub const UINT8: Type = Type(Repr::Builtin(TypeCode::Uint8));
    /// `GrB_INT16`
    pub const INT16: Type = Type(Repr::Builtin(TypeCode::Int16));
    /// `GrB_UINT16`
    pub const UINT16: Type = Type(Repr::Builtin(TypeCode::Uint16));
    /// `GrB_INT32`
    pub const INT32: Type = Type(Repr::Builtin(TypeCode::Int32));
    /// `GrB_UINT32`
    pub const UINT32: Type = Type(Repr::Builtin(TypeCode::Uint32));
    /// `GrB_INT64`
    pub const INT64: Type = Type(Repr::Builtin(TypeCode::Int64));
    /// `GrB_UINT64`
    pub const UINT64: Type = Type(Repr::Builtin(TypeCode::Uint64));
    /// `GrB_FP32`
    pub const FP32: Type = Type(Repr::Builtin(TypeCode::Fp32));
    /// `GrB_FP64`
    pub const FP64: Type = Type(Repr::Builtin(TypeCode::Fp64));
    /// `GxB_FC32`
    pub const FC32: Type = Type(Repr::Builtin(TypeCode::Fc32));
    /// `GxB_FC64`
    pub const FC64: Type = Type(Repr::Builtin(TypeCode::Fc64));

    /// The built-in type with the given code. Panics on `TypeCode::Udt`.
    pub const fn builtin(code: TypeCode) -> Type {
        assert!(!matches!(code, TypeCode::Udt), "Udt is not a built-in type");
        Type(Repr::Builtin(code))
    }

    /// A new user-defined type of `size` bytes (at least 1).
    pub fn user(name: impl Into<String>, size: usize) -> Type {
        Type(Repr::User(Arc::new(UserType {
            name: name.into(),
            size: size.max(1),
        })))
    }

    /// The type's code (`TypeCode::Udt` for user-defined types).
    pub fn code(&self) -> TypeCode {
        match &self.0 {
            Repr::Builtin(c) => *c,
            Repr::User(_) => TypeCode::Udt,
        }
    }

    /// Size of one element in bytes.
    pub fn size(&self) -> usize {
        match &self.0 {
            Repr::Builtin(c) => c.size(),
            Repr::User(u) => u.size,
        }
    }

    /// The name: the C type name for built-in types, the given name for user types.
    pub fn name(&self) -> &str {
        match &self.0 {
            Repr::Builtin(c) => c.c_name(),
            Repr::User(u) => &u.name,
        }
    }

    /// True for the 11 built-in real types (the complex ones, stored as
    /// bytes, are not: see the module docs).
    pub fn is_builtin(&self) -> bool {
        matches!(self.0, Repr::Builtin(c) if c.is_real())
    }

    /// True for `GxB_FC32` and `GxB_FC64`.
    pub fn is_complex(&self) -> bool {
        self.code().is_complex()
    }

    /// True when values of `self` can be typecast to `other`: any two built-in
    /// types (real or complex) are compatible; a user-defined type only with itself.
    pub fn compatible(&self, other: &Type) -> bool {
        match (&self.0, &other.0) {
            (Repr::Builtin(_), Repr::Builtin(_)) => true,
            _ => self == other,
        }
    }
}

impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        match (&self.0, &other.0) {
            (Repr::Builtin(a), Repr::Builtin(b)) => a == b,
            (Repr::User(a), Repr::User(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Type {}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Builtin(c) => write!(f, "{}", c.suffix()),
            Repr::User(u) => write!(f, "UDT({}, {} bytes)", u.name, u.size),
        }
    }
}

impl From<TypeCode> for Type {
    fn from(code: TypeCode) -> Type {
        Type::builtin(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_codes_round_trip() {
        for c in TypeCode::BUILTIN {
            assert_eq!(TypeCode::from_spec_code(c.spec_code()), Some(c));
        }
        assert_eq!(TypeCode::from_spec_code(0), Some(TypeCode::Udt));
        assert_eq!(TypeCode::from_spec_code(12), None);
    }

    #[test]
    fn user_types_are_distinct() {
        let a = Type::user("pair", 16);
        let b = Type::user("pair", 16);
        assert_eq!(a, a.clone());
        assert_ne!(a, b);
        assert!(!a.compatible(&b));
        assert!(!a.compatible(&Type::FP64));
        assert!(Type::INT8.compatible(&Type::FP64));
        assert_eq!(a.size(), 16);
    }
}
