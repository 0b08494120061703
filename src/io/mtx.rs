//! Matrix Market files (`.mtx`): reading and writing engine matrices.
//!
//! Read: `coordinate` and `array` formats; fields `pattern`, `integer` and
//! `real` (`complex` is rejected with `GrB_NOT_IMPLEMENTED`); symmetries
//! `general`, `symmetric`, `skew-symmetric`, and `hermitian` (a real Hermitian
//! matrix is symmetric). The element type is the one a `%%GraphBLAS type
//! <ctype>` line names (as LAGraph writes it), else `bool` for `pattern`
//! (every value `true`), `int64_t` for `integer` and `double` for `real`; a
//! caller may ask for another built-in type, to which the values are cast. A
//! file without a banner is read as `real general` (LAGraph's extension).
//!
//! Bad input never panics: it gives an error (`GrB_INVALID_VALUE`) whose
//! message names the line — a bad header, a value that is not of the type,
//! an index out of range, too few or too many entries, duplicates.

mod assemble;
mod data;
mod header;
mod part;
mod value;
mod writer;

use self::assemble::assemble_rows;
use self::data::{parse_entries, Entries};
use self::header::{parse_header, Header};
use self::value::MtxValue;
use crate::algebra::Type;
use crate::error::{Error, Info, Result};
use crate::object::Matrix;
use crate::storage::{Array, Compressed, Format, Full, MatrixStore, Orientation};
use crate::{fail, with_type};
pub use part::{read_part, MtxPart};
use std::io::{BufWriter, Read, Write};
use std::path::Path;

/// How entries are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// `row column [value]` per entry.
    Coordinate,
    /// Every value, in column-major order.
    Array,
}

/// What the listed values are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// No values: every entry is 1.
    Pattern,
    /// Integers.
    Integer,
    /// Floating-point numbers.
    Real,
}

/// Which part of the matrix is listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symmetry {
    /// Every entry.
    General,
    /// The lower triangle; `A(j, i) = A(i, j)`.
    Symmetric,
    /// The lower triangle; `A(j, i) = -A(i, j)`.
    SkewSymmetric,
}

impl Layout {
    fn name(self) -> &'static str {
        match self {
            Layout::Coordinate => "coordinate",
            Layout::Array => "array",
        }
    }
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Pattern => "pattern",
            Field::Integer => "integer",
            Field::Real => "real",
        }
    }
}

impl Symmetry {
    fn name(self) -> &'static str {
        match self {
            Symmetry::General => "general",
            Symmetry::Symmetric => "symmetric",
            Symmetry::SkewSymmetric => "skew-symmetric",
        }
    }
}

/// A `GrB_INVALID_VALUE` error about line `line` of the file.
fn invalid(line: usize, msg: impl std::fmt::Display) -> Error {
    Error::new(
        Info::InvalidValue,
        format!("Matrix Market line {line}: {msg}"),
    )
}

/// Reads a Matrix Market file; `ty` asks for an element type other than the file's.
pub fn read_file(path: impl AsRef<Path>, ty: Option<&Type>) -> Result<Matrix> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|e| {
        Error::new(
            Info::InvalidValue,
            format!("cannot read {}: {e}", path.display()),
        )
    })?;
    parse(&bytes, ty)
}

/// Reads a Matrix Market file from a reader; `ty` as in [`read_file`].
pub fn read(mut reader: impl Read, ty: Option<&Type>) -> Result<Matrix> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|e| {
        Error::new(
            Info::InvalidValue,
            format!("cannot read the Matrix Market file: {e}"),
        )
    })?;
    parse(&bytes, ty)
}

/// Reads a Matrix Market file held in memory; `ty` as in [`read_file`].
pub fn parse(bytes: &[u8], ty: Option<&Type>) -> Result<Matrix> {
    let h = parse_header(bytes)?;
    let target = match ty {
        Some(t) if !t.is_builtin() => fail!(
            NotImplemented,
            "Matrix Market files hold built-in real types only, not {}",
            t.name()
        ),
        Some(t) => t.clone(),
        None => Type::builtin(h.ty),
    };
    with_type!(h.ty, T => build::<T>(bytes, &h, &target), udt => unreachable!("headers name built-in types"))
}

/// Parses the entries as values of the file's type `T` and builds the matrix
/// of type `target`, completing the symmetric part of the matrix.
fn build<T: MtxValue>(bytes: &[u8], h: &Header, target: &Type) -> Result<Matrix> {
    let mut e = parse_entries::<T>(bytes, h)?;
    if h.layout == Layout::Array {
        if h.symmetry == Symmetry::General {
            return Ok(dense_matrix(h, Array::from_vec(e.vals).into_cast(target)));
        }
        // The lower triangle (strictly lower when skew-symmetric), by columns.
        let skip = usize::from(h.symmetry == Symmetry::SkewSymmetric) as u64;
        for j in 0..h.ncols {
            for i in j + skip..h.nrows {
                e.rows.push(i);
                e.cols.push(j);
            }
        }
    }
    mirror(&mut e, h.symmetry);
    if let Some(c) = assemble_rows(h.nrows, h.ncols, &e.rows, &e.cols, &e.vals)? {
        let c = Compressed {
            x: c.x.into_cast(target),
            ..c
        };
        return Ok(Matrix::from_store(
            MatrixStore::from_compressed(Orientation::ByRow, c.conform()).conform(),
        ));
    }
    // Huge dimensions: the general build, which sorts.
    let m = Matrix::new(target, h.nrows, h.ncols)?;
    let vals = Array::from_vec(e.vals);
    match m.build(&e.rows, &e.cols, vals, None) {
        Ok(()) => Ok(m),
        Err(err) if err.info == Info::InvalidValue => {
            let (i, j) = first_duplicate(&e.rows, &e.cols).unwrap_or((0, 0));
            Err(duplicate(i, j))
        }
        Err(err) => Err(err),
    }
}

/// Adds the entries a symmetric or skew-symmetric file leaves out: the
/// mirror image of every listed entry off the diagonal.
fn mirror<T: MtxValue>(e: &mut Entries<T>, symmetry: Symmetry) {
    if symmetry == Symmetry::General {
        return;
    }
    let listed = e.vals.len();
    for k in 0..listed {
        if e.rows[k] != e.cols[k] {
            let v = match symmetry {
                Symmetry::SkewSymmetric => e.vals[k].negate(),
                _ => e.vals[k],
            };
            e.rows.push(e.cols[k]);
            e.cols.push(e.rows[k]);
            e.vals.push(v);
        }
    }
}

/// An `array general` file: its values are the columns of a full matrix.
fn dense_matrix(h: &Header, x: Array) -> Matrix {
    let store = if x.is_empty() {
        MatrixStore::empty(&x.ty(), h.nrows, h.ncols, Orientation::ByCol)
    } else {
        MatrixStore::new(
            Orientation::ByCol,
            Format::Full(Full {
                vlen: h.nrows,
                vdim: h.ncols,
                x,
            }),
        )
    };
    let m = Matrix::from_store(store);
    m.set_orientation(Orientation::ByRow);
    m
}

/// The error for an entry listed twice (0-based position).
fn duplicate(row: u64, col: u64) -> Error {
    Error::new(
        Info::InvalidValue,
        format!(
            "Matrix Market data lists the entry at row {}, column {} more than once",
            row + 1,
            col + 1
        ),
    )
}

/// The first position listed twice (for the error message).
fn first_duplicate(rows: &[u64], cols: &[u64]) -> Option<(u64, u64)> {
    let mut keys: Vec<(u64, u64)> = rows.iter().copied().zip(cols.iter().copied()).collect();
    keys.sort_unstable();
    keys.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
}

/// Writes a matrix as a Matrix Market file (see the module docs for the form
/// chosen). A matrix of a user-defined type gives `GrB_NOT_IMPLEMENTED`.
pub fn write(m: &Matrix, out: impl Write) -> Result<()> {
    let a = m.snapshot()?;
    with_type!(a.ty().code(),
        T => writer::write_typed::<T, _>(&a, out),
        udt => fail!(NotImplemented, "Matrix Market files hold built-in real types only, not {}", a.ty().name()))
}

/// Writes a matrix to a Matrix Market file at `path`.
pub fn write_file(m: &Matrix, path: impl AsRef<Path>) -> Result<()> {
    let path = path.as_ref();
    let file = std::fs::File::create(path).map_err(|e| {
        Error::new(
            Info::InvalidValue,
            format!("cannot create {}: {e}", path.display()),
        )
    })?;
    write(m, BufWriter::with_capacity(1 << 20, file))
}
