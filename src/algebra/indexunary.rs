//! Index-unary operators `z = f(a_ij, i, j, s)`: the spec's predefined ones and user-defined ones.

use super::element::Element;
use super::types::{Type, TypeCode};
use crate::with_type;
use std::ffi::c_void;
use std::fmt;
use std::sync::Arc;

/// An index-unary function on element bytes: `f(z, x, i, j, s)` writes `z = f(x, i, j, s)`.
pub type ByteIndexFn = Arc<dyn Fn(&mut [u8], &[u8], u64, u64, &[u8]) + Send + Sync>;

/// A C index-unary function `f(z, x, i, j, s)` on pointers to its operands
/// (the function `GrB_IndexUnaryOp_new` takes).
pub type ForeignIndexFn = unsafe extern "C" fn(*mut c_void, *const c_void, u64, u64, *const c_void);

/// The built-in index-unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexUnaryCode {
    /// `z = i + s` (INT32 or INT64)
    RowIndex,
    /// `z = j + s`
    ColIndex,
    /// `z = j - i + s`
    DiagIndex,
    /// `z = (j <= i + s)`
    Tril,
    /// `z = (j >= i + s)`
    Triu,
    /// `z = (j == i + s)`
    Diag,
    /// `z = (j != i + s)`
    Offdiag,
    /// `z = (j <= s)`
    Colle,
    /// `z = (j > s)`
    Colgt,
    /// `z = (i <= s)`
    Rowle,
    /// `z = (i > s)`
    Rowgt,
    /// `z = (a_ij == s)`
    ValueEq,
    /// `z = (a_ij != s)`
    ValueNe,
    /// `z = (a_ij < s)`
    ValueLt,
    /// `z = (a_ij <= s)`
    ValueLe,
    /// `z = (a_ij > s)`
    ValueGt,
    /// `z = (a_ij >= s)`
    ValueGe,
}

impl IndexUnaryCode {
    /// Every built-in index-unary operator.
    pub const ALL: [IndexUnaryCode; 17] = [
        IndexUnaryCode::RowIndex,
        IndexUnaryCode::ColIndex,
        IndexUnaryCode::DiagIndex,
        IndexUnaryCode::Tril,
        IndexUnaryCode::Triu,
        IndexUnaryCode::Diag,
        IndexUnaryCode::Offdiag,
        IndexUnaryCode::Colle,
        IndexUnaryCode::Colgt,
        IndexUnaryCode::Rowle,
        IndexUnaryCode::Rowgt,
        IndexUnaryCode::ValueEq,
        IndexUnaryCode::ValueNe,
        IndexUnaryCode::ValueLt,
        IndexUnaryCode::ValueLe,
        IndexUnaryCode::ValueGt,
        IndexUnaryCode::ValueGe,
    ];

    /// The operator's name as in `GrB_<NAME>[_<TYPE>]`.
    pub const fn name(self) -> &'static str {
        match self {
            IndexUnaryCode::RowIndex => "ROWINDEX",
            IndexUnaryCode::ColIndex => "COLINDEX",
            IndexUnaryCode::DiagIndex => "DIAGINDEX",
            IndexUnaryCode::Tril => "TRIL",
            IndexUnaryCode::Triu => "TRIU",
            IndexUnaryCode::Diag => "DIAG",
            IndexUnaryCode::Offdiag => "OFFDIAG",
            IndexUnaryCode::Colle => "COLLE",
            IndexUnaryCode::Colgt => "COLGT",
            IndexUnaryCode::Rowle => "ROWLE",
            IndexUnaryCode::Rowgt => "ROWGT",
            IndexUnaryCode::ValueEq => "VALUEEQ",
            IndexUnaryCode::ValueNe => "VALUENE",
            IndexUnaryCode::ValueLt => "VALUELT",
            IndexUnaryCode::ValueLe => "VALUELE",
            IndexUnaryCode::ValueGt => "VALUEGT",
            IndexUnaryCode::ValueGe => "VALUEGE",
        }
    }

    /// True for the operators that compute an index (`ROWINDEX`, `COLINDEX`, `DIAGINDEX`).
    pub const fn is_index_valued(self) -> bool {
        matches!(
            self,
            IndexUnaryCode::RowIndex | IndexUnaryCode::ColIndex | IndexUnaryCode::DiagIndex
        )
    }

    /// True for the operators that read the entry's value (`VALUE*`).
    pub const fn reads_value(self) -> bool {
        matches!(
            self,
            IndexUnaryCode::ValueEq
                | IndexUnaryCode::ValueNe
                | IndexUnaryCode::ValueLt
                | IndexUnaryCode::ValueLe
                | IndexUnaryCode::ValueGt
                | IndexUnaryCode::ValueGe
        )
    }

    /// Evaluates a positional predicate (`TRIL` … `ROWGT`) at `(i, j)` with thunk `s`.
    pub fn position_test(self, i: u64, j: u64, s: i64) -> bool {
        let (i, j, s) = (i as i128, j as i128, s as i128);
        match self {
            IndexUnaryCode::Tril => j <= i + s,
            IndexUnaryCode::Triu => j >= i + s,
            IndexUnaryCode::Diag => j == i + s,
            IndexUnaryCode::Offdiag => j != i + s,
            IndexUnaryCode::Colle => j <= s,
            IndexUnaryCode::Colgt => j > s,
            IndexUnaryCode::Rowle => i <= s,
            IndexUnaryCode::Rowgt => i > s,
            _ => unreachable!("not a positional predicate"),
        }
    }

    /// Evaluates an index-valued operator (`ROWINDEX`, `COLINDEX`, `DIAGINDEX`).
    pub fn index_value(self, i: u64, j: u64, s: i64) -> i64 {
        let (i, j) = (i as i64, j as i64);
        match self {
            IndexUnaryCode::RowIndex => i.wrapping_add(s),
            IndexUnaryCode::ColIndex => j.wrapping_add(s),
            IndexUnaryCode::DiagIndex => j.wrapping_sub(i).wrapping_add(s),
            _ => unreachable!("not an index-valued operator"),
        }
    }

    /// Evaluates a value comparison (`VALUE*`).
    pub fn value_test<T: Element>(self, x: T, s: T) -> bool {
        match self {
            IndexUnaryCode::ValueEq => x == s,
            IndexUnaryCode::ValueNe => x != s,
            IndexUnaryCode::ValueLt => x < s,
            IndexUnaryCode::ValueLe => x <= s,
            IndexUnaryCode::ValueGt => x > s,
            IndexUnaryCode::ValueGe => x >= s,
            _ => unreachable!("not a value comparison"),
        }
    }
}

/// How an index-unary operator computes.
#[derive(Clone)]
pub enum IndexUnaryKind {
    /// A built-in operator.
    Builtin(IndexUnaryCode),
    /// A user-defined function on element bytes.
    User(ByteIndexFn),
}

/// An index-unary operator `z = f(x, i, j, s)`. Cheap to clone.
#[derive(Clone)]
pub struct IndexUnaryOp {
    kind: IndexUnaryKind,
    /// The domain of `x`, or `None` when the operator never reads the value.
    xtype: Option<Type>,
    ytype: Type,
    ztype: Type,
    name: Arc<str>,
    /// The C function behind a user-defined operator made by
    /// [`IndexUnaryOp::foreign`]: kernels on many entries call it directly.
    foreign: Option<ForeignIndexFn>,
}

impl IndexUnaryOp {
    /// The built-in operator. `t` is the type suffix: INT32/INT64 for the
    /// index-valued ones, any built-in type for `VALUE*`; it is ignored (INT64)
    /// for the positional predicates. `None` when the combination does not exist.
    pub fn builtin(code: IndexUnaryCode, t: TypeCode) -> Option<IndexUnaryOp> {
        if t == TypeCode::Udt {
            return None;
        }
        let (xtype, ytype, ztype, name) = if code.is_index_valued() {
            if !matches!(t, TypeCode::Int32 | TypeCode::Int64) {
                return None;
            }
            let ty = Type::builtin(t);
            (
                None,
                ty.clone(),
                ty,
                format!("GrB_{}_{}", code.name(), t.suffix()),
            )
        } else if code.reads_value() {
            // Complex values have no order: only VALUEEQ and VALUENE (GxB).
            let prefix = match (t.is_complex(), code) {
                (false, _) => "GrB",
                (true, IndexUnaryCode::ValueEq | IndexUnaryCode::ValueNe) => "GxB",
                (true, _) => return None,
            };
            let ty = Type::builtin(t);
            (
                Some(ty.clone()),
                ty,
                Type::BOOL,
                format!("{prefix}_{}_{}", code.name(), t.suffix()),
            )
        } else {
            (
                None,
                Type::INT64,
                Type::BOOL,
                format!("GrB_{}", code.name()),
            )
        };
        Some(IndexUnaryOp {
            kind: IndexUnaryKind::Builtin(code),
            xtype,
            ytype,
            ztype,
            name: name.into(),
            foreign: None,
        })
    }

    /// A user-defined operator from a function on element bytes.
    pub fn user(
        name: impl Into<String>,
        f: ByteIndexFn,
        ztype: Type,
        xtype: Type,
        ytype: Type,
    ) -> IndexUnaryOp {
        IndexUnaryOp {
            kind: IndexUnaryKind::User(f),
            xtype: Some(xtype),
            ytype,
            ztype,
            name: name.into().into(),
            foreign: None,
        }
    }

    /// A user-defined operator from a C function.
    ///
    /// # Safety
    /// Called with `z`, `x` and `s` pointing to values of `ztype`, `xtype`
    /// and `ytype`, `f` reads `x` and `s` and writes `z` as those types, and
    /// touches nothing else the engine owns.
    pub unsafe fn foreign(
        name: impl Into<String>,
        f: ForeignIndexFn,
        ztype: Type,
        xtype: Type,
        ytype: Type,
    ) -> IndexUnaryOp {
        // SAFETY: the engine calls the byte function with buffers of the
        // operator's types, as the caller promised `f` expects.
        let bytes = Arc::new(
            move |z: &mut [u8], x: &[u8], i: u64, j: u64, s: &[u8]| unsafe {
                f(
                    z.as_mut_ptr().cast(),
                    x.as_ptr().cast(),
                    i,
                    j,
                    s.as_ptr().cast(),
                )
            },
        );
        IndexUnaryOp {
            foreign: Some(f),
            ..IndexUnaryOp::user(name, bytes, ztype, xtype, ytype)
        }
    }

    /// The C function of an operator made by [`IndexUnaryOp::foreign`].
    pub fn foreign_fn(&self) -> Option<ForeignIndexFn> {
        self.foreign
    }

    /// How the operator computes.
    pub fn kind(&self) -> &IndexUnaryKind {
        &self.kind
    }
    /// The built-in code, if built-in.
    pub fn code(&self) -> Option<IndexUnaryCode> {
        match self.kind {
            IndexUnaryKind::Builtin(c) => Some(c),
            IndexUnaryKind::User(_) => None,
        }
    }
    /// The domain of the entry's value, or `None` when the operator ignores values.
    pub fn xtype(&self) -> Option<&Type> {
        self.xtype.as_ref()
    }
    /// The domain of the thunk `s`.
    pub fn ytype(&self) -> &Type {
        &self.ytype
    }
    /// The domain of `z`.
    pub fn ztype(&self) -> &Type {
        &self.ztype
    }
    /// The operator's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The operator as a function on element bytes. For operators that ignore
    /// values, `x` may be any bytes. `s` must be in `ytype`.
    pub fn byte_fn(&self) -> ByteIndexFn {
        match &self.kind {
            IndexUnaryKind::User(f) => f.clone(),
            IndexUnaryKind::Builtin(code) => {
                let code = *code;
                if code.is_index_valued() {
                    if self.ztype.code() == TypeCode::Int32 {
                        Arc::new(move |z: &mut [u8], _x: &[u8], i, j, s: &[u8]| {
                            let v = code.index_value(i, j, i32::read(s) as i64);
                            (v as i32).write(z)
                        })
                    } else {
                        Arc::new(move |z: &mut [u8], _x: &[u8], i, j, s: &[u8]| {
                            code.index_value(i, j, i64::read(s)).write(z)
                        })
                    }
                } else if code.reads_value() {
                    let t = self.ytype.code();
                    with_type!(t, T => Arc::new(move |z: &mut [u8], x: &[u8], _i, _j, s: &[u8]| {
                        code.value_test(T::read(x), T::read(s)).write(z)
                    }), udt => super::complex::index_fn(code, t).expect("complex VALUEEQ / VALUENE"))
                } else {
                    Arc::new(move |z: &mut [u8], _x: &[u8], i, j, s: &[u8]| {
                        code.position_test(i, j, i64::read(s)).write(z)
                    })
                }
            }
        }
    }
}

impl fmt::Debug for IndexUnaryOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positional_ops() {
        assert!(IndexUnaryCode::Tril.position_test(3, 2, 0));
        assert!(!IndexUnaryCode::Tril.position_test(3, 4, 0));
        assert!(IndexUnaryCode::Tril.position_test(3, 4, 1));
        assert!(IndexUnaryCode::Offdiag.position_test(1, 2, 0));
        assert_eq!(IndexUnaryCode::DiagIndex.index_value(2, 5, 1), 4);
        let op = IndexUnaryOp::builtin(IndexUnaryCode::RowIndex, TypeCode::Int32).unwrap();
        let mut z = [0u8; 4];
        op.byte_fn()(&mut z, &[], 7, 0, &3i32.to_ne_bytes());
        assert_eq!(i32::from_ne_bytes(z), 10);
        assert!(IndexUnaryOp::builtin(IndexUnaryCode::RowIndex, TypeCode::Fp64).is_none());
        assert_eq!(
            IndexUnaryOp::builtin(IndexUnaryCode::Tril, TypeCode::Int64)
                .unwrap()
                .name(),
            "GrB_TRIL"
        );
    }

    #[test]
    fn value_ops() {
        let op = IndexUnaryOp::builtin(IndexUnaryCode::ValueGt, TypeCode::Fp64).unwrap();
        let mut z = [0u8; 1];
        op.byte_fn()(&mut z, &2.5f64.to_ne_bytes(), 0, 0, &1.0f64.to_ne_bytes());
        assert_eq!(z, [1]);
    }
}
