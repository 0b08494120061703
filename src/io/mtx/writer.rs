//! Writing a matrix as a Matrix Market file. The writer picks the most compact
//! faithful form: `pattern` when every value is 1, `array` when every entry is
//! present, `symmetric` or `skew-symmetric` (lower triangle only) when the
//! matrix is; the `%%GraphBLAS type` line names the element type so that
//! reading the file back gives the same matrix. Lines are formatted in
//! parallel and written in order.

use super::value::{push_u64, MtxValue};
use super::{Field, Layout, Symmetry};
use crate::algebra::Element;
use crate::error::{Error, Info, Result};
use crate::parallel;
use crate::storage::{Compressed, MatrixStore, Orientation};
use std::io::Write;
use std::ops::Range;

/// Entries per formatting chunk.
const CHUNK_ENTRIES: usize = 1 << 16;
/// Chunks formatted in parallel before they are written.
const CHUNKS_PER_BATCH: usize = 64;

/// Writes a matrix of built-in type `T` (in column-major order).
pub fn write_typed<T: MtxValue, W: Write>(a: &MatrixStore, mut out: W) -> Result<()> {
    let cols = a.compressed(Orientation::ByCol);
    let xs = cols.x.expanded()?;
    let xs = xs.as_slice::<T>().expect("values of the matrix type");
    let symmetry = detect_symmetry::<T>(a, &cols, xs);
    let pattern = symmetry != Symmetry::SkewSymmetric && xs.iter().all(|&v| same_bits(v, T::ONE));
    let nvals = cols.nvals() as u64;
    let dense = !pattern
        && nvals > 0
        && symmetry != Symmetry::SkewSymmetric
        && a.nrows().checked_mul(a.ncols()) == Some(nvals);
    let layout = if dense {
        Layout::Array
    } else {
        Layout::Coordinate
    };
    let field = if pattern {
        Field::Pattern
    } else if T::CODE.is_float() {
        Field::Real
    } else {
        Field::Integer
    };
    let lower_only = symmetry != Symmetry::General;
    let listed = if lower_only {
        cols.entries().filter(|&(j, i, _)| i >= j).count() as u64
    } else {
        nvals
    };

    let mut head = format!(
        "%%MatrixMarket matrix {} {} {}\n%%GraphBLAS type {}\n",
        layout.name(),
        field.name(),
        symmetry.name(),
        T::CODE.c_name()
    );
    match layout {
        Layout::Coordinate => head += &format!("{} {} {listed}\n", a.nrows(), a.ncols()),
        Layout::Array => head += &format!("{} {}\n", a.nrows(), a.ncols()),
    }
    out.write_all(head.as_bytes()).map_err(io_error)?;

    let chunks = chunk_vectors(&cols);
    for batch in chunks.chunks(CHUNKS_PER_BATCH) {
        let texts: Vec<Vec<u8>> = parallel::map(batch.len(), 1, |b| {
            let mut text = Vec::new();
            for k in batch[b].clone() {
                let j = cols.vector_id(k);
                for q in cols.range(k) {
                    let i = cols.i.get(q);
                    if lower_only && i < j {
                        continue;
                    }
                    if layout == Layout::Coordinate {
                        push_u64(&mut text, i + 1);
                        text.push(b' ');
                        push_u64(&mut text, j + 1);
                        if field != Field::Pattern {
                            text.push(b' ');
                        }
                    }
                    if field != Field::Pattern {
                        xs[q].format(&mut text);
                    }
                    text.push(b'\n');
                }
            }
            text
        });
        for t in texts {
            out.write_all(&t).map_err(io_error)?;
        }
    }
    out.flush().map_err(io_error)
}

fn io_error(e: std::io::Error) -> Error {
    Error::new(
        Info::InvalidValue,
        format!("cannot write the Matrix Market file: {e}"),
    )
}

/// True when two values have the same bits (so `-0.0 ≠ 0.0` and a NaN equals itself).
fn same_bits<T: Element>(a: T, b: T) -> bool {
    let (mut x, mut y) = ([0u8; 8], [0u8; 8]);
    let s = T::CODE.size();
    a.write(&mut x[..s]);
    b.write(&mut y[..s]);
    x == y
}

/// Symmetric when `A = A'` bit for bit, skew-symmetric when `A = -A'` (signed
/// and floating-point types), general otherwise. Empty and non-square
/// matrices are general.
fn detect_symmetry<T: MtxValue>(a: &MatrixStore, cols: &Compressed, xs: &[T]) -> Symmetry {
    if a.nrows() != a.ncols() || cols.nvals() == 0 {
        return Symmetry::General;
    }
    let rows = a.compressed(Orientation::ByRow);
    let ys = rows.x.values::<T>().expect("values of the matrix type");
    let signed = T::CODE.is_signed_integer() || T::CODE.is_float();
    let (mut symmetric, mut skew) = (true, signed);
    for ((jc, ic, qc), (jr, ir, qr)) in cols.entries().zip(rows.entries()) {
        if (jc, ic) != (jr, ir) {
            return Symmetry::General;
        }
        symmetric &= same_bits(xs[qc], ys.at(qr));
        skew &= same_bits(xs[qc], ys.at(qr).negate());
        if !symmetric && !skew {
            return Symmetry::General;
        }
    }
    if symmetric {
        Symmetry::Symmetric
    } else if skew {
        Symmetry::SkewSymmetric
    } else {
        Symmetry::General
    }
}

/// Groups the held vectors into runs of about [`CHUNK_ENTRIES`] entries.
fn chunk_vectors(c: &Compressed) -> Vec<Range<usize>> {
    let mut chunks = Vec::new();
    let mut start = 0;
    for k in 0..c.nvec() {
        if c.p[k + 1] - c.p[start] >= CHUNK_ENTRIES {
            chunks.push(start..k + 1);
            start = k + 1;
        }
    }
    if start < c.nvec() {
        chunks.push(start..c.nvec());
    }
    chunks
}
