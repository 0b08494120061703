//! The header of a Matrix Market file: the `%%MatrixMarket` banner, the
//! optional `%%GraphBLAS type <ctype>` line that names the element type,
//! comments, and the size line.

use super::{invalid, Field, Layout, Symmetry};
use crate::algebra::TypeCode;
use crate::error::{Error, Info, Result};
use crate::object::matrix::check_dimension;
use crate::object::INDEX_MAX;

/// Everything the header says.
#[derive(Clone, Debug)]
pub struct Header {
    /// Coordinate or array.
    pub layout: Layout,
    /// Pattern, integer or real.
    pub field: Field,
    /// General, symmetric or skew-symmetric (Hermitian real files are symmetric).
    pub symmetry: Symmetry,
    /// The element type: named by `%%GraphBLAS type`, or the field's default.
    pub ty: TypeCode,
    /// Number of rows.
    pub nrows: u64,
    /// Number of columns.
    pub ncols: u64,
    /// Number of entries listed in the file.
    pub listed: u64,
    /// Number of lines up to and including the size line.
    pub lines: usize,
    /// Byte offset of the first line after the size line.
    pub data_start: usize,
}

/// The banner's words, in lower case.
struct Banner {
    layout: Layout,
    field: Field,
    symmetry: Symmetry,
}

/// Reads the header of a Matrix Market file.
pub fn parse_header(bytes: &[u8]) -> Result<Header> {
    let mut banner: Option<Banner> = None;
    let mut named: Option<TypeCode> = None;
    let mut pos = 0;
    let mut line_no = 0;
    loop {
        if pos >= bytes.len() {
            return Err(invalid(line_no, "the file ends before the size line"));
        }
        let end = bytes[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |k| pos + k);
        let line = &bytes[pos..end];
        pos = end + 1;
        line_no += 1;
        let text = std::str::from_utf8(line)
            .map_err(|_| invalid(line_no, "the header is not text"))?
            .trim();
        let lower = text.to_ascii_lowercase();
        if line_no == 1 && lower.starts_with("%%matrixmarket") {
            banner = Some(parse_banner(&lower["%%matrixmarket".len()..], line_no)?);
        } else if banner.is_some() && lower.starts_with("%%graphblas") {
            if let Some(t) = parse_type_line(&lower["%%graphblas".len()..], line_no)? {
                named = Some(t);
            }
        } else if text.is_empty() || text.starts_with('%') {
            continue;
        } else {
            return size_line(text, banner, named, line_no, pos.min(bytes.len()));
        }
    }
}

/// `matrix <layout> <field> <symmetry>` after `%%MatrixMarket`.
fn parse_banner(rest: &str, line: usize) -> Result<Banner> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.first() != Some(&"matrix") {
        return Err(invalid(
            line,
            "the banner must read %%MatrixMarket matrix <format> <field> <symmetry>",
        ));
    }
    if words.len() != 4 {
        return Err(invalid(
            line,
            format!(
                "the banner has {} words after %%MatrixMarket; expected 4",
                words.len()
            ),
        ));
    }
    let layout = match words[1] {
        "coordinate" => Layout::Coordinate,
        "array" => Layout::Array,
        w => {
            return Err(invalid(
                line,
                format!("unknown format '{w}' (expected coordinate or array)"),
            ))
        }
    };
    let field = match words[2] {
        "pattern" => Field::Pattern,
        "integer" => Field::Integer,
        "real" => Field::Real,
        "complex" => return Err(complex(line)),
        w => {
            return Err(invalid(
                line,
                format!("unknown field '{w}' (expected pattern, integer or real)"),
            ))
        }
    };
    let symmetry = match words[3] {
        "general" => Symmetry::General,
        // A real or integer Hermitian matrix is symmetric.
        "symmetric" | "hermitian" => Symmetry::Symmetric,
        "skew-symmetric" => Symmetry::SkewSymmetric,
        w => {
            return Err(invalid(
                line,
                format!(
                "unknown symmetry '{w}' (expected general, symmetric, skew-symmetric or hermitian)"
            ),
            ))
        }
    };
    let general_or_symmetric = matches!(words[3], "general" | "symmetric");
    if field == Field::Pattern && (layout == Layout::Array || !general_or_symmetric) {
        return Err(invalid(
            line,
            "a pattern matrix must be in coordinate format and general or symmetric",
        ));
    }
    Ok(Banner {
        layout,
        field,
        symmetry,
    })
}

/// `type <ctype>` after `%%GraphBLAS`; other `%%GraphBLAS` lines are comments.
fn parse_type_line(rest: &str, line: usize) -> Result<Option<TypeCode>> {
    let mut words = rest.split_whitespace();
    if words.next() != Some("type") {
        return Ok(None);
    }
    let name = words.collect::<Vec<_>>().join(" ");
    if let Some(t) = TypeCode::BUILTIN.into_iter().find(|t| t.c_name() == name) {
        return Ok(Some(t));
    }
    if name == "float complex" || name == "double complex" {
        return Err(complex(line));
    }
    Err(invalid(line, format!("unknown GraphBLAS type '{name}'")))
}

fn complex(line: usize) -> Error {
    Error::new(
        Info::NotImplemented,
        format!("Matrix Market line {line}: complex matrices are not supported"),
    )
}

/// The size line, and the checks that need the whole header.
fn size_line(
    text: &str,
    banner: Option<Banner>,
    named: Option<TypeCode>,
    line: usize,
    data_start: usize,
) -> Result<Header> {
    let mut sizes = Vec::new();
    for w in text.split_whitespace() {
        match w.parse::<u64>() {
            Ok(v) => sizes.push(v),
            Err(_) => {
                return Err(invalid(
                    line,
                    format!("'{w}' in the size line is not a count"),
                ))
            }
        }
    }
    // Without a banner, the number of sizes tells the format (LAGraph's extension).
    let banner = banner.unwrap_or(Banner {
        layout: if sizes.len() == 2 {
            Layout::Array
        } else {
            Layout::Coordinate
        },
        field: Field::Real,
        symmetry: Symmetry::General,
    });
    let expected = match banner.layout {
        Layout::Coordinate => 3,
        Layout::Array => 2,
    };
    if sizes.len() != expected {
        return Err(invalid(
            line,
            format!(
                "the size line has {} numbers; a {} file needs {expected}",
                sizes.len(),
                banner.layout.name()
            ),
        ));
    }
    let (nrows, ncols) = (sizes[0], sizes[1]);
    check_dimension(nrows, "number of rows").map_err(|e| invalid(line, e.message))?;
    check_dimension(ncols, "number of columns").map_err(|e| invalid(line, e.message))?;
    if banner.symmetry != Symmetry::General && nrows != ncols {
        return Err(invalid(
            line,
            format!(
                "a {nrows}x{ncols} matrix cannot be {}",
                banner.symmetry.name()
            ),
        ));
    }
    let ty = named.unwrap_or(match banner.field {
        Field::Pattern => TypeCode::Bool,
        Field::Integer => TypeCode::Int64,
        Field::Real => TypeCode::Fp64,
    });
    if banner.symmetry == Symmetry::SkewSymmetric && !(ty.is_signed_integer() || ty.is_float()) {
        return Err(invalid(
            line,
            format!(
                "a skew-symmetric matrix cannot have the unsigned type {}",
                ty.c_name()
            ),
        ));
    }
    let listed = match banner.layout {
        Layout::Coordinate => sizes[2],
        Layout::Array => array_entries(nrows, ncols, banner.symmetry)
            .ok_or_else(|| invalid(line, "the array is too large"))?,
    };
    Ok(Header {
        layout: banner.layout,
        field: banner.field,
        symmetry: banner.symmetry,
        ty,
        nrows,
        ncols,
        listed,
        lines: line,
        data_start,
    })
}

/// Number of values an array file lists: every one, the lower triangle with
/// the diagonal (symmetric), or the strictly lower triangle (skew-symmetric).
fn array_entries(nrows: u64, ncols: u64, symmetry: Symmetry) -> Option<u64> {
    let n = nrows as u128;
    let count = match symmetry {
        Symmetry::General => n * ncols as u128,
        Symmetry::Symmetric => n * (n + 1) / 2,
        Symmetry::SkewSymmetric => n * n.saturating_sub(1) / 2,
    };
    (count <= INDEX_MAX as u128).then_some(count as u64)
}
