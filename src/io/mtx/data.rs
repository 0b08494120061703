//! The entries of a Matrix Market file, parsed in parallel: the data is cut
//! into chunks at line boundaries, each chunk parsed on its own, and the
//! results joined in order. Errors name the file's line.

use super::header::Header;
use super::value::MtxValue;
use super::{invalid, Field, Layout};
use crate::error::Result;
use std::ops::Range;

/// Bytes per parsing chunk.
const CHUNK: usize = 1 << 20;

/// The listed entries in file order (`rows` and `cols` are empty for an array file).
#[derive(Default)]
pub struct Entries<T> {
    /// 0-based row indices.
    pub rows: Vec<u64>,
    /// 0-based column indices.
    pub cols: Vec<u64>,
    /// Values.
    pub vals: Vec<T>,
}

/// A parse error inside a chunk: the chunk's line (1-based) and what is wrong.
pub(super) type ChunkError = (usize, String);

/// Parses every entry after the header and checks their number.
pub fn parse_entries<T: MtxValue>(bytes: &[u8], h: &Header) -> Result<Entries<T>> {
    let data = &bytes[h.data_start..];
    let chunks = split_lines(data, CHUNK);
    let parsed: Vec<std::result::Result<Entries<T>, ChunkError>> =
        crate::parallel::map(chunks.len(), 1, |c| {
            parse_chunk(&data[chunks[c].clone()], h)
        });
    let mut all = Entries::default();
    for (r, part) in chunks.iter().zip(parsed) {
        match part {
            Ok(mut e) => {
                all.rows.append(&mut e.rows);
                all.cols.append(&mut e.cols);
                all.vals.append(&mut e.vals);
            }
            Err((line, msg)) => {
                return Err(invalid(h.lines + count_lines(&data[..r.start]) + line, msg))
            }
        }
    }
    let found = all.vals.len() as u64;
    if found < h.listed {
        let last =
            h.lines + count_lines(data) + usize::from(!data.ends_with(b"\n") && !data.is_empty());
        return Err(invalid(
            last,
            format!(
                "the file ends after {found} of the {} entries the size line declares",
                h.listed
            ),
        ));
    }
    if found > h.listed {
        let line = h.lines + line_of_entry(data, h.listed as usize);
        return Err(invalid(
            line,
            format!("more entries than the {} the size line declares", h.listed),
        ));
    }
    Ok(all)
}

/// Cuts `data` into ranges of about `target` bytes that end after a newline.
fn split_lines(data: &[u8], target: usize) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut start = 0;
    while start < data.len() {
        let mut end = (start + target).min(data.len());
        while end < data.len() && data[end - 1] != b'\n' {
            end += 1;
        }
        ranges.push(start..end);
        start = end;
    }
    ranges
}

/// Number of newlines in `data`.
fn count_lines(data: &[u8]) -> usize {
    data.iter().filter(|&&b| b == b'\n').count()
}

/// True for a line without an entry: blank, or a `%` comment.
fn is_blank(line: &[u8]) -> bool {
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        None => true,
        Some(&b) => b == b'%',
    }
}

/// The 1-based line (within `data`) of entry number `e` (0-based).
fn line_of_entry(data: &[u8], e: usize) -> usize {
    let mut seen = 0;
    for (k, line) in data.split(|&b| b == b'\n').enumerate() {
        if !is_blank(line) {
            if seen == e {
                return k + 1;
            }
            seen += 1;
        }
    }
    count_lines(data) + 1
}

/// Parses the entries of one chunk of whole lines.
pub(super) fn parse_chunk<T: MtxValue>(
    chunk: &[u8],
    h: &Header,
) -> std::result::Result<Entries<T>, ChunkError> {
    let mut out = Entries::default();
    for (k, line) in chunk.split(|&b| b == b'\n').enumerate() {
        if is_blank(line) {
            continue;
        }
        let fail = |msg: String| (k + 1, msg);
        let mut toks = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty());
        let mut next = |what: &str| toks.next().ok_or_else(|| fail(format!("missing {what}")));
        match h.layout {
            Layout::Coordinate => {
                let i = index(next("row index")?, h.nrows, "row").map_err(fail)?;
                let j = index(next("column index")?, h.ncols, "column").map_err(fail)?;
                let v = match h.field {
                    Field::Pattern => T::ONE,
                    _ => value::<T>(next("value")?).map_err(fail)?,
                };
                out.rows.push(i);
                out.cols.push(j);
                out.vals.push(v);
            }
            Layout::Array => out.vals.push(value::<T>(next("value")?).map_err(fail)?),
        }
        if let Some(extra) = toks.next() {
            return Err(fail(format!(
                "unexpected '{}' after the entry",
                String::from_utf8_lossy(extra)
            )));
        }
    }
    Ok(out)
}

/// A 1-based index token as a 0-based index below `n`.
fn index(tok: &[u8], n: u64, what: &str) -> std::result::Result<u64, String> {
    let text = String::from_utf8_lossy(tok);
    match text.parse::<u64>() {
        Ok(i) if (1..=n).contains(&i) => Ok(i - 1),
        Ok(i) => Err(format!("{what} index {i} is out of range 1..={n}")),
        Err(_) => Err(format!("'{text}' is not a {what} index")),
    }
}

/// A value token of type `T`.
fn value<T: MtxValue>(tok: &[u8]) -> std::result::Result<T, String> {
    T::parse(tok).ok_or_else(|| {
        format!(
            "'{}' is not a value of type {}",
            String::from_utf8_lossy(tok),
            T::CODE.c_name()
        )
    })
}
