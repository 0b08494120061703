//! `GxB_<Kind>_fprint(obj, name, level, f)` behind the `GxB_print(obj, level)`
//! and `GxB_fprint(obj, level, f)` macros: a readable description of any
//! object, written with the C library's `fputs` to the caller's `FILE *`
//! (NULL: the C library's standard output).
//!
//! Levels (`GxB_Print_Level`): 0 `GxB_SILENT` checks the object and prints
//! nothing; 1 `GxB_SUMMARY` one line; 2 `GxB_SHORT` (and 4, `GxB_SHORT_VERBOSE`)
//! also the first 30 entries; 3 `GxB_COMPLETE` (and 5, `GxB_COMPLETE_VERBOSE`)
//! every entry. Other levels give `GrB_INVALID_VALUE`.

use crate::api::{api, GrB_Info, GxB_Print_Level};
use crate::getset::{get_field, type_string, vector_object, FieldValue, Fields};
use crate::handle::*;
use engine::raw::algebra::{Type, TypeCode, Value};
use engine::raw::object::Descriptor;
use engine::raw::storage::{Format, MatrixStore, Orientation};
use engine::{Error, Info, Result};
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::io::Write;

/// The C library's stdio (kept out of the generated header).
/// cbindgen:ignore
mod stdio {
    use std::ffi::{c_char, c_int, c_void};
    extern "C" {
        /// `fputs(s, stream)`; the stream is a `FILE *`.
        pub fn fputs(s: *const c_char, stream: *mut c_void) -> c_int;
    }
    #[cfg(target_os = "linux")]
    extern "C" {
        /// The C `stdout` stream (glibc and musl export it by this name).
        pub static stdout: *mut c_void;
    }
}

/// The C library's standard output where its name is known (so that output
/// interleaves with the program's own `printf`), else NULL.
fn c_stdout() -> *mut c_void {
    #[cfg(target_os = "linux")]
    // SAFETY: `stdout` is initialised by the C runtime before `main`.
    return unsafe { stdio::stdout };
    #[cfg(not(target_os = "linux"))]
    return std::ptr::null_mut();
}

/// How much to print.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Silent,
    Summary,
    Short,
    Complete,
}

/// Entries shown at the short levels.
const SHORT_ENTRIES: usize = 30;

fn level(pr: c_int) -> Result<Level> {
    Ok(match pr {
        0 => Level::Silent,
        1 => Level::Summary,
        2 | 4 => Level::Short,
        3 | 5 => Level::Complete,
        _ => {
            return Err(Error::new(
                Info::InvalidValue,
                format!("invalid print level {pr}: use 0 (GxB_SILENT) to 5 (GxB_COMPLETE_VERBOSE)"),
            ))
        }
    })
}

/// Where the text goes: a C `FILE *`, or Rust's standard output when NULL.
struct Printer {
    file: *mut c_void,
    level: Level,
}

impl Printer {
    fn line(&self, text: &str) -> Result<()> {
        if self.level == Level::Silent {
            return Ok(());
        }
        let text = format!("{text}\n");
        if self.file.is_null() {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| io_error(&e.to_string()))
        } else {
            let c = CString::new(text.replace('\0', " ")).unwrap_or_default();
            // SAFETY: the caller passed a valid FILE * (checked non-NULL above).
            if unsafe { stdio::fputs(c.as_ptr(), self.file) } < 0 {
                Err(io_error("fputs failed"))
            } else {
                Ok(())
            }
        }
    }

    /// Prints the entries `(label, value)` the level asks for.
    fn entries(
        &self,
        total: usize,
        mut each: impl FnMut(&mut dyn FnMut(String, Value)),
    ) -> Result<()> {
        let limit = match self.level {
            Level::Silent | Level::Summary => return Ok(()),
            Level::Short => SHORT_ENTRIES,
            Level::Complete => usize::MAX,
        };
        let mut lines = Vec::new();
        each(&mut |label, v| {
            if lines.len() < limit {
                lines.push(format!("    {label}  {}", format_value(&v)));
            }
        });
        for l in &lines {
            self.line(l)?;
        }
        if total > lines.len() {
            self.line("    ...")?;
        }
        Ok(())
    }
}

fn io_error(what: &str) -> Error {
    Error::new(Info::InvalidValue, format!("cannot print: {what}"))
}

/// A value as text: numbers in C style (complex ones as `re+imi`),
/// user-defined values as hex bytes.
fn format_value(v: &Value) -> String {
    let code = v.ty().code();
    match code {
        TypeCode::Fc32 | TypeCode::Fc64 => {
            let z = v
                .cast(&engine::raw::algebra::Type::FC64)
                .expect("complex to FC64");
            let part =
                |k: usize| f64::from_ne_bytes(z.bytes()[8 * k..8 * k + 8].try_into().unwrap());
            format!("{}{:+}i", part(0), part(1))
        }
        TypeCode::Bool => if v.get::<bool>() == Some(true) {
            "1"
        } else {
            "0"
        }
        .to_string(),
        TypeCode::Fp32 => format!("{}", v.get::<f32>().unwrap_or_default()),
        TypeCode::Fp64 => format!("{}", v.get::<f64>().unwrap_or_default()),
        TypeCode::Udt => {
            let hex: String = v.bytes().iter().map(|b| format!("{b:02x}")).collect();
            format!("0x{hex}")
        }
        c if c.is_signed_integer() => format!("{}", v.get::<i64>().unwrap_or_default()),
        _ => format!("{}", v.get::<u64>().unwrap_or_default()),
    }
}

/// The caller's name for the object ("" when NULL).
unsafe fn label(name: *const c_char) -> String {
    if name.is_null() {
        String::new()
    } else {
        unsafe { CStr::from_ptr(name).to_string_lossy().into_owned() }
    }
}

/// The object's own name after a space: its `GrB_NAME` if it has one, else
/// `fallback` ("" when both are empty).
fn own_name<T: Fields>(obj: &T, fallback: &str) -> String {
    let name = match get_field(obj, crate::getset::field::NAME) {
        Ok(FieldValue::Text(t)) if !t.is_empty() => t,
        _ => fallback.to_string(),
    };
    if name.is_empty() {
        name
    } else {
        format!(" {name}")
    }
}

fn storage_description(store: &MatrixStore) -> &'static str {
    match store.format() {
        Format::Sparse(c) if c.is_hyper() => "hypersparse",
        Format::Sparse(_) => "sparse",
        Format::Bitmap(_) => "bitmap",
        Format::Full(_) => "full",
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        "entry"
    } else {
        "entries"
    }
}

fn print_matrix(p: &Printer, name: &str, obj: &GB_Matrix_opaque) -> Result<()> {
    let store = obj.matrix.snapshot()?;
    let n = store.nvals();
    let orient = match store.orient() {
        Orientation::ByRow => "row",
        Orientation::ByCol => "column",
    };
    p.line(&format!(
        "  {name}: {} x {} GrB_Matrix of {}, {n} {}, stored by {orient} ({})",
        store.nrows(),
        store.ncols(),
        obj.matrix.ty().name(),
        plural(n),
        storage_description(&store)
    ))?;
    let x = store.values();
    p.entries(n, |emit| {
        store.for_each_entry(|r, c, q| emit(format!("({r},{c})"), x.get(q)))
    })
}

fn print_vector(p: &Printer, name: &str, obj: &GB_Vector_opaque) -> Result<()> {
    let store = obj.vector.snapshot()?;
    let n = store.nvals();
    p.line(&format!(
        "  {name}: GrB_Vector of length {} of {}, {n} {}",
        store.nrows(),
        obj.vector.ty().name(),
        plural(n)
    ))?;
    let x = store.values();
    p.entries(n, |emit| {
        store.for_each_entry(|r, _, q| emit(format!("({r})"), x.get(q)))
    })
}

fn print_scalar(p: &Printer, name: &str, obj: &GB_Scalar_opaque) -> Result<()> {
    let value = obj
        .scalar
        .get()
        .map_or_else(|| "no value".to_string(), |v| format_value(&v));
    p.line(&format!(
        "  {name}: GrB_Scalar of {}: {value}",
        obj.scalar.ty().name()
    ))
}

fn print_type(p: &Printer, name: &str, obj: &GB_Type_opaque) -> Result<()> {
    p.line(&format!(
        "  {name}: GrB_Type{} ({}), size {} bytes",
        own_name(obj, &type_string(&obj.ty)),
        obj.ty.name(),
        obj.ty.size()
    ))
}

fn types(list: &[(&str, Option<&Type>)]) -> String {
    list.iter()
        .map(|(n, t)| format!("{n} {}", t.map_or("(not used)".to_string(), type_string)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_unary(p: &Printer, name: &str, obj: &GB_UnaryOp_opaque) -> Result<()> {
    let op = obj.get();
    p.line(&format!(
        "  {name}: GrB_UnaryOp{}: z = f(x) with {}",
        own_name(obj, op.name()),
        types(&[("z", Some(op.ztype())), ("x", Some(op.xtype()))])
    ))
}

fn print_binary(p: &Printer, name: &str, obj: &GB_BinaryOp_opaque) -> Result<()> {
    let op = obj.get();
    p.line(&format!(
        "  {name}: GrB_BinaryOp{}: z = f(x, y) with {}",
        own_name(obj, op.name()),
        types(&[
            ("z", Some(op.ztype())),
            ("x", Some(op.xtype())),
            ("y", Some(op.ytype()))
        ])
    ))
}

fn print_index_unary(p: &Printer, name: &str, obj: &GB_IndexUnaryOp_opaque) -> Result<()> {
    let op = obj.get();
    p.line(&format!(
        "  {name}: GrB_IndexUnaryOp{}: z = f(x, i, j, y) with {}",
        own_name(obj, op.name()),
        types(&[
            ("z", Some(op.ztype())),
            ("x", op.xtype()),
            ("y", Some(op.ytype()))
        ])
    ))
}

fn print_monoid(p: &Printer, name: &str, obj: &GB_Monoid_opaque) -> Result<()> {
    let m = obj.get();
    let terminal = m
        .terminal()
        .map_or(String::new(), |t| format!(", terminal {}", format_value(t)));
    p.line(&format!(
        "  {name}: GrB_Monoid{}: operator {}, identity {}{terminal}",
        own_name(obj, &m.name()),
        m.op().name(),
        format_value(m.identity())
    ))
}

fn print_semiring(p: &Printer, name: &str, obj: &GB_Semiring_opaque) -> Result<()> {
    let s = obj.get();
    p.line(&format!(
        "  {name}: GrB_Semiring{}: add {}, multiply {}",
        own_name(obj, &s.name()),
        s.add().name(),
        s.mul().name()
    ))
}

fn print_descriptor(p: &Printer, name: &str, obj: &GB_Descriptor_opaque) -> Result<()> {
    let d: Descriptor = obj.get();
    let mask = match (d.mask_structural, d.mask_complement) {
        (false, false) => "values",
        (false, true) => "complemented values",
        (true, false) => "structure",
        (true, true) => "complemented structure",
    };
    let t = |on: bool| if on { "transposed" } else { "as is" };
    p.line(&format!(
        "  {name}: GrB_Descriptor{}: output {}, mask {mask}, first input {}, second input {}",
        own_name(obj, ""),
        if d.replace { "replaced" } else { "kept" },
        t(d.transpose_first),
        t(d.transpose_second)
    ))
}

/// Defines `GxB_<kind>_fprint(obj, name, level, f)`.
macro_rules! fprint {
    ($fn:ident, $handle:ty, $object:path, $print:ident) => {
        #[doc = concat!("`", stringify!($fn), "(obj, name, level, f)`: prints a description of the object to `f` (a `FILE *`; NULL: standard output).")]
        #[no_mangle]
        pub unsafe extern "C" fn $fn(
            obj: $handle,
            name: *const c_char,
            level_: GxB_Print_Level,
            f: *mut c_void,
        ) -> GrB_Info {
            api(obj, || {
                let o = unsafe { $object(obj)? };
                let printer = Printer {
                    file: if f.is_null() { c_stdout() } else { f },
                    level: level(level_)?,
                };
                let name = unsafe { label(name) };
                $print(&printer, &name, o)
            })
        }
    };
}

fprint!(GxB_Matrix_fprint, GrB_Matrix, get, print_matrix);
fprint!(GxB_Vector_fprint, GrB_Vector, vector_object, print_vector);
fprint!(GxB_Scalar_fprint, GrB_Scalar, get, print_scalar);
fprint!(GxB_Type_fprint, GrB_Type, get, print_type);
fprint!(GxB_UnaryOp_fprint, GrB_UnaryOp, get, print_unary);
fprint!(GxB_BinaryOp_fprint, GrB_BinaryOp, get, print_binary);
fprint!(
    GxB_IndexUnaryOp_fprint,
    GrB_IndexUnaryOp,
    get,
    print_index_unary
);
fprint!(GxB_Monoid_fprint, GrB_Monoid, get, print_monoid);
fprint!(GxB_Semiring_fprint, GrB_Semiring, get, print_semiring);
fprint!(GxB_Descriptor_fprint, GrB_Descriptor, get, print_descriptor);
