//! One part of a Matrix Market file, read on its own: the data after the
//! header is cut into `parts` byte ranges at line boundaries, and a part
//! reads and parses only its range (for a program of many processes, each
//! loading its share of a file too large for one).

use super::data::parse_chunk;
use super::header::{parse_header, Header};
use super::value::MtxValue;
use super::{mirror, Layout};
use crate::algebra::Type;
use crate::error::{Error, Info, Result};
use crate::storage::Array;
use crate::{ensure, fail, with_type};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Bytes read at a time while looking for the end of the header or of a line.
const STEP: u64 = 1 << 16;

/// The entries one part of a file lists, with their mirror images when the
/// file is symmetric or skew-symmetric.
pub struct MtxPart {
    /// The matrix's number of rows.
    pub nrows: u64,
    /// The matrix's number of columns.
    pub ncols: u64,
    /// The number of entries the whole file declares.
    pub declared: u64,
    /// The number of entries this part lists (before mirroring).
    pub listed: u64,
    /// Row indices.
    pub rows: Vec<u64>,
    /// Column indices.
    pub cols: Vec<u64>,
    /// The values, cast to the type asked for.
    pub vals: Array,
}

/// Reads part `part` of `parts` of a `coordinate` Matrix Market file, its
/// values cast to the built-in type `ty`. The parts of a file together list
/// each of its lines once; checking that they list the declared number of
/// entries is the caller's (the total is known only to all parts together).
pub fn read_part(path: impl AsRef<Path>, part: u64, parts: u64, ty: &Type) -> Result<MtxPart> {
    ensure!(
        part < parts,
        InvalidIndex,
        "part {part} of {parts} does not exist"
    );
    ensure!(
        ty.is_builtin(),
        NotImplemented,
        "Matrix Market files hold built-in real types only, not {}",
        ty.name()
    );
    let path = path.as_ref();
    let unreadable = |e: std::io::Error| {
        Error::new(
            Info::InvalidValue,
            format!("cannot read {}: {e}", path.display()),
        )
    };
    let mut file = File::open(path).map_err(unreadable)?;
    let len = file.metadata().map_err(unreadable)?.len();
    let h = read_header(&mut file, len).map_err(|e| e.or_io(unreadable))?;
    if h.layout == Layout::Array {
        fail!(
            NotImplemented,
            "{}: an array file is read whole, not in parts",
            path.display()
        );
    }
    let data_start = h.data_start as u64;
    let cut = |k: u64| data_start + ((len - data_start) as u128 * k as u128 / parts as u128) as u64;
    let start = line_start(&mut file, cut(part), data_start, len).map_err(unreadable)?;
    let end = line_start(&mut file, cut(part + 1), data_start, len).map_err(unreadable)?;
    let mut bytes = vec![0u8; (end - start) as usize];
    file.seek(SeekFrom::Start(start)).map_err(unreadable)?;
    file.read_exact(&mut bytes).map_err(unreadable)?;
    with_type!(h.ty, T => entries::<T>(&bytes, &h, start, ty), udt => unreachable!("headers name built-in types"))
}

/// The header, read in growing prefixes until its size line is complete.
fn read_header(file: &mut File, len: u64) -> std::result::Result<Header, HeaderError> {
    let mut prefix = Vec::new();
    loop {
        let want = (prefix.len() as u64 + STEP).min(len);
        file.take(want - prefix.len() as u64)
            .read_to_end(&mut prefix)
            .map_err(HeaderError::Io)?;
        let whole = prefix.len() as u64 == len;
        match parse_header(&prefix) {
            // The size line is complete when a newline follows it.
            Ok(h) if whole || prefix.get(h.data_start - 1) == Some(&b'\n') => return Ok(h),
            Err(e) if whole => return Err(HeaderError::Bad(e)),
            _ => {}
        }
    }
}

/// A failure while reading the header: the file's content or the reading.
enum HeaderError {
    Bad(Error),
    Io(std::io::Error),
}

impl HeaderError {
    fn or_io(self, io: impl FnOnce(std::io::Error) -> Error) -> Error {
        match self {
            HeaderError::Bad(e) => e,
            HeaderError::Io(e) => io(e),
        }
    }
}

/// The first line start at or after `at`: `at` itself at the start of the
/// data or the end of the file, else the byte after the next newline at or
/// after `at - 1`.
fn line_start(file: &mut File, at: u64, data_start: u64, len: u64) -> std::io::Result<u64> {
    if at <= data_start || at >= len {
        return Ok(at.clamp(data_start, len));
    }
    let mut pos = at - 1;
    file.seek(SeekFrom::Start(pos))?;
    let mut buf = vec![0u8; STEP as usize];
    while pos < len {
        let got = file.read(&mut buf)?;
        if got == 0 {
            break;
        }
        if let Some(k) = buf[..got].iter().position(|&b| b == b'\n') {
            return Ok(pos + k as u64 + 1);
        }
        pos += got as u64;
    }
    Ok(len)
}

/// Parses a part's lines as values of the file's type `T`, mirrors them, and
/// casts the values to `target`.
fn entries<T: MtxValue>(bytes: &[u8], h: &Header, offset: u64, target: &Type) -> Result<MtxPart> {
    let mut e = parse_chunk::<T>(bytes, h).map_err(|(line, msg)| {
        Error::new(
            Info::InvalidValue,
            format!("Matrix Market data, line {line} after byte {offset}: {msg}"),
        )
    })?;
    let listed = e.vals.len() as u64;
    mirror(&mut e, h.symmetry);
    Ok(MtxPart {
        nrows: h.nrows,
        ncols: h.ncols,
        declared: h.listed,
        listed,
        rows: e.rows,
        cols: e.cols,
        vals: Array::from_vec(e.vals).into_cast(target),
    })
}
