//! Serialization of a matrix to an opaque, versioned, checksummed byte blob
//! (`GrB_Matrix_serialize` / `GrB_Matrix_deserialize`).
//!
//! # Format, version 1
//!
//! All integers are little-endian. The blob is a fixed 72-byte header, the
//! type's name, the storage sections, and a CRC-32 of everything before it:
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 0 | 8 | magic `b"GRBRSMAT"` |
//! | 8 | 4 | format version (1) |
//! | 12 | 4 | header length in bytes (72) |
//! | 16 | 8 | total blob length in bytes, checksum included |
//! | 24 | 4 | element type code (`GrB_Type_Code`: 0 user-defined, 1 `GrB_BOOL` … 11 `GrB_FP64`) |
//! | 28 | 4 | element size in bytes |
//! | 32 | 1 | orientation: 0 by row, 1 by column |
//! | 33 | 1 | storage: 0 sparse, 1 hypersparse, 2 bitmap, 3 full |
//! | 34 | 2 | length `L` of the type name (at most 127) |
//! | 36 | 4 | reserved, 0 |
//! | 40 | 8 | number of rows |
//! | 48 | 8 | number of columns |
//! | 56 | 8 | number of entries `nvals` |
//! | 64 | 8 | number of stored vectors `nvec` (sparse: `vdim`; hypersparse: listed vectors; else 0) |
//! | 72 | `L` | type name (bytes, no terminator) |
//!
//! then, with `vlen`/`vdim` the vector length and count in the stored orientation:
//! * hypersparse: `h`, `nvec` × u64 (the listed vector ids, strictly increasing);
//! * sparse and hypersparse: `p`, `nvec + 1` × u64 (vector pointers), then `i`,
//!   `nvals` × u64 (inner indices, strictly increasing within a vector);
//! * bitmap: `b`, `vlen · vdim` bytes, each 0 or 1;
//! * values: `nvals` (sparse, hypersparse) or `vlen · vdim` (bitmap, full)
//!   elements; built-in values little-endian, user-defined values as raw bytes;
//! * CRC-32 (IEEE 802.3 polynomial, as in zlib) of all preceding bytes, u32.
//!
//! Deserialization checks the magic, version, lengths and checksum, then every
//! invariant of the content, and computes the exact blob length the header
//! implies before allocating anything, so a corrupted, truncated or hostile
//! blob gives `GrB_INVALID_OBJECT` and never allocates more than its own size.
//! `docs/SERIALIZATION.md` specifies the format and the checks in full.

use super::array::Array;
use super::compressed::Compressed;
use super::crc32::crc32;
use super::exchange::MAX_DIMENSION;
use super::store::{Bitmap, Format, Full, MatrixStore, Orientation};
use crate::algebra::{Type, TypeCode};
use crate::error::{try_with_capacity, Error, Info, Result};
use crate::{ensure, fail};

/// The first 8 bytes of every blob.
pub const MAGIC: [u8; 8] = *b"GRBRSMAT";
/// The format version written.
pub const VERSION: u32 = 1;
/// Length of the fixed header.
const HEADER_LEN: usize = 72;
/// Length of the trailing checksum.
const CHECKSUM_LEN: usize = 4;
/// The longest type name stored (`GxB_MAX_NAME_LEN - 1`).
pub const MAX_NAME_LEN: usize = 127;

/// How the content is stored, as recorded in the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Sparse = 0,
    Hyper = 1,
    Bitmap = 2,
    Full = 3,
}

/// The section lengths implied by a header.
struct Layout {
    kind: Kind,
    name_len: usize,
    nvec: usize,
    nvals: usize,
    /// Number of value elements (nvals, or vlen · vdim for bitmap and full).
    nx: usize,
    /// Number of bitmap flags.
    nb: usize,
    elem_size: usize,
}

impl Layout {
    /// The total blob length, or `None` on overflow.
    fn total(&self) -> Option<usize> {
        let words = match self.kind {
            Kind::Sparse => (self.nvec.checked_add(1)?).checked_add(self.nvals)?,
            Kind::Hyper => (self.nvec.checked_mul(2)?.checked_add(1)?).checked_add(self.nvals)?,
            Kind::Bitmap | Kind::Full => 0,
        };
        HEADER_LEN
            .checked_add(self.name_len)?
            .checked_add(words.checked_mul(8)?)?
            .checked_add(self.nb)?
            .checked_add(self.nx.checked_mul(self.elem_size)?)?
            .checked_add(CHECKSUM_LEN)
    }
}

fn layout_of(store: &MatrixStore) -> Result<Layout> {
    let ty = store.ty();
    let name_len = ty.name().len().min(MAX_NAME_LEN);
    let nvals = store.nvals();
    let (kind, nvec, nx, nb) = match store.format() {
        Format::Sparse(c) if c.is_hyper() => (Kind::Hyper, c.nvec(), nvals, 0),
        Format::Sparse(c) => (Kind::Sparse, c.nvec(), nvals, 0),
        Format::Bitmap(b) => (Kind::Bitmap, 0, b.b.len(), b.b.len()),
        Format::Full(f) => (Kind::Full, 0, f.x.len(), 0),
    };
    Ok(Layout {
        kind,
        name_len,
        nvec,
        nvals,
        nx,
        nb,
        elem_size: ty.size(),
    })
}

/// The exact length of the blob [`serialize_into`] writes for `store`.
pub fn serialized_size(store: &MatrixStore) -> Result<usize> {
    layout_of(store)?
        .total()
        .ok_or_else(|| crate::error::out_of_memory("the serialized blob"))
}

/// Serializes `store` into `out` and returns the number of bytes written
/// (`GrB_INSUFFICIENT_SPACE` when `out` is shorter than [`serialized_size`]).
pub fn serialize_into(store: &MatrixStore, out: &mut [u8]) -> Result<usize> {
    let layout = layout_of(store)?;
    let total = serialized_size(store)?;
    ensure!(
        out.len() >= total,
        InsufficientSpace,
        "the buffer holds {} bytes; the serialized matrix needs {total}",
        out.len()
    );
    let ty = store.ty();
    let mut w = Writer {
        out: &mut out[..total],
        pos: 0,
    };
    w.bytes(&MAGIC);
    w.u32(VERSION);
    w.u32(HEADER_LEN as u32);
    w.u64(total as u64);
    w.u32(ty.code().spec_code() as u32);
    w.u32(ty.size() as u32);
    w.bytes(&[
        match store.orient() {
            Orientation::ByRow => 0,
            Orientation::ByCol => 1,
        },
        layout.kind as u8,
    ]);
    w.bytes(&(layout.name_len as u16).to_le_bytes());
    w.u32(0);
    w.u64(store.nrows());
    w.u64(store.ncols());
    w.u64(layout.nvals as u64);
    w.u64(layout.nvec as u64);
    w.bytes(&ty.name().as_bytes()[..layout.name_len]);
    match store.format() {
        Format::Sparse(c) => {
            if let Some(h) = &c.h {
                w.words(h.iter().copied());
            }
            w.words(c.p.iter().map(|&q| q as u64));
            w.words(c.i.as_idx().iter());
        }
        Format::Bitmap(b) => w.bytes(&b.b.iter().map(|&f| f as u8).collect::<Vec<_>>()),
        Format::Full(_) => {}
    }
    w.values(store.values());
    let crc = crc32(&w.out[..w.pos]);
    w.u32(crc);
    debug_assert_eq!(w.pos, total);
    Ok(total)
}

/// Serializes `store` into a new buffer.
pub fn serialize(store: &MatrixStore) -> Result<Vec<u8>> {
    let mut out = try_with_capacity::<u8>(serialized_size(store)?, "the serialized blob")?;
    out.resize(out.capacity(), 0);
    let n = serialize_into(store, &mut out)?;
    out.truncate(n);
    Ok(out)
}

/// Rebuilds a matrix from a blob made by [`serialize_into`]. `ty` is required
/// for user-defined types (only its size is checked against the blob) and
/// optional for built-in ones (it must then be the blob's type):
/// `GrB_DOMAIN_MISMATCH` otherwise. Any corruption gives `GrB_INVALID_OBJECT`.
/// The blob may be followed by unused bytes.
pub fn deserialize(blob: &[u8], ty: Option<&Type>) -> Result<MatrixStore> {
    let mut r = Reader { blob, pos: 0 };
    ensure!(
        r.bytes(8)? == MAGIC,
        InvalidObject,
        "the data is not a serialized matrix (wrong magic number)"
    );
    let version = r.u32()?;
    ensure!(
        version == VERSION,
        InvalidObject,
        "serialized matrix format version {version} is not supported (this library reads version {VERSION})"
    );
    ensure!(
        r.u32()? as usize == HEADER_LEN,
        InvalidObject,
        "corrupted serialized matrix: wrong header length"
    );
    let total = usize::try_from(r.u64()?).unwrap_or(usize::MAX);
    ensure!(
        total <= blob.len(),
        InvalidObject,
        "truncated serialized matrix: {} of {total} bytes",
        blob.len()
    );
    ensure!(
        total >= HEADER_LEN + CHECKSUM_LEN,
        InvalidObject,
        "corrupted serialized matrix: impossible length {total}"
    );
    let body = &blob[..total - CHECKSUM_LEN];
    let stored = u32::from_le_bytes(blob[total - CHECKSUM_LEN..total].try_into().unwrap());
    ensure!(
        crc32(body) == stored,
        InvalidObject,
        "corrupted serialized matrix: checksum mismatch"
    );
    let mut r = Reader {
        blob: body,
        pos: r.pos,
    };

    let code = TypeCode::from_spec_code(r.u32()? as i32)
        .ok_or_else(|| corrupt("unknown element type code"))?;
    let elem_size = r.u32()? as usize;
    let orient = match r.u8()? {
        0 => Orientation::ByRow,
        1 => Orientation::ByCol,
        _ => fail!(
            InvalidObject,
            "corrupted serialized matrix: bad orientation"
        ),
    };
    let kind = match r.u8()? {
        0 => Kind::Sparse,
        1 => Kind::Hyper,
        2 => Kind::Bitmap,
        3 => Kind::Full,
        _ => fail!(
            InvalidObject,
            "corrupted serialized matrix: bad storage kind"
        ),
    };
    let name_len = u16::from_le_bytes(r.bytes(2)?.try_into().unwrap()) as usize;
    ensure!(
        r.u32()? == 0 && name_len <= MAX_NAME_LEN && elem_size > 0,
        InvalidObject,
        "corrupted serialized matrix: bad header fields"
    );
    let nrows = r.u64()?;
    let ncols = r.u64()?;
    ensure!(
        nrows <= MAX_DIMENSION && ncols <= MAX_DIMENSION,
        InvalidObject,
        "corrupted serialized matrix: dimensions beyond 2^60"
    );
    let nvals = r.count()?;
    let nvec = r.count()?;
    let _name = r.bytes(name_len)?;

    let ty = element_type(code, elem_size, ty)?;
    let (vlen, vdim) = orient.vector_dims(nrows, ncols);
    let dense = match kind {
        Kind::Bitmap | Kind::Full => Some(
            vlen.checked_mul(vdim)
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| corrupt("dense size overflows"))?,
        ),
        _ => None,
    };
    let layout = Layout {
        kind,
        name_len,
        nvec,
        nvals,
        nx: dense.unwrap_or(nvals),
        nb: if kind == Kind::Bitmap {
            dense.unwrap_or(0)
        } else {
            0
        },
        elem_size,
    };
    ensure!(
        layout.total() == Some(total),
        InvalidObject,
        "corrupted serialized matrix: the header does not match the blob length"
    );

    let format = match kind {
        Kind::Sparse | Kind::Hyper => {
            let h = if kind == Kind::Hyper {
                Some(r.words(nvec)?)
            } else {
                ensure!(
                    nvec as u64 == vdim,
                    InvalidObject,
                    "corrupted serialized matrix: vector count"
                );
                None
            };
            let p: Vec<usize> = r
                .words(nvec + 1)?
                .into_iter()
                .map(|q| usize::try_from(q).unwrap_or(usize::MAX))
                .collect();
            ensure!(
                p[0] == 0 && p[nvec] == nvals && p.windows(2).all(|w| w[0] <= w[1]),
                InvalidObject,
                "corrupted serialized matrix: invalid vector pointers"
            );
            let i = r.words(nvals)?;
            let x = r.values(&ty, nvals)?;
            let c = Compressed {
                vlen,
                vdim,
                h,
                p,
                i: i.into(),
                x,
            };
            c.check()
                .map_err(|e| corrupt(&format!("invalid sparse content ({e})")))?;
            Format::Sparse(c)
        }
        Kind::Bitmap => {
            let n = layout.nb;
            let flags = r.bytes(n)?;
            ensure!(
                flags.iter().all(|&f| f <= 1),
                InvalidObject,
                "corrupted serialized matrix: bitmap flags must be 0 or 1"
            );
            let b: Vec<bool> = flags.iter().map(|&f| f == 1).collect();
            ensure!(
                b.iter().filter(|&&f| f).count() == nvals,
                InvalidObject,
                "corrupted serialized matrix: bitmap count"
            );
            let x = r.values(&ty, n)?;
            Format::Bitmap(Bitmap {
                vlen,
                vdim,
                b,
                x,
                nvals,
            })
        }
        Kind::Full => {
            let n = layout.nx;
            ensure!(
                nvals == n,
                InvalidObject,
                "corrupted serialized matrix: a full matrix has every entry"
            );
            let x = r.values(&ty, n)?;
            Format::Full(Full { vlen, vdim, x })
        }
    };
    debug_assert_eq!(r.pos, body.len());
    Ok(MatrixStore::new(orient, format))
}

fn corrupt(what: &str) -> Error {
    Error::new(
        Info::InvalidObject,
        format!("corrupted serialized matrix: {what}"),
    )
}

/// The element type of the blob, checked against the caller's type.
fn element_type(code: TypeCode, size: usize, given: Option<&Type>) -> Result<Type> {
    if code == TypeCode::Udt {
        let Some(t) = given else {
            fail!(
                DomainMismatch,
                "the serialized matrix has a user-defined type: pass that GrB_Type"
            );
        };
        ensure!(
            !t.is_builtin() && t.size() == size,
            DomainMismatch,
            "the serialized matrix has a user-defined type of {size} bytes; the type given is {t:?}"
        );
        return Ok(t.clone());
    }
    ensure!(
        size == code.size(),
        InvalidObject,
        "corrupted serialized matrix: element size {size} for type {}",
        code.suffix()
    );
    let ty = Type::builtin(code);
    if let Some(t) = given {
        ensure!(
            *t == ty,
            DomainMismatch,
            "the serialized matrix has type {ty:?}; the type given is {t:?}"
        );
    }
    Ok(ty)
}

/// Writes into a buffer already known to be long enough.
struct Writer<'a> {
    out: &'a mut [u8],
    pos: usize,
}

impl Writer<'_> {
    fn bytes(&mut self, b: &[u8]) {
        self.out[self.pos..self.pos + b.len()].copy_from_slice(b);
        self.pos += b.len();
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn words(&mut self, words: impl Iterator<Item = u64>) {
        for v in words {
            self.u64(v);
        }
    }
    /// Values: built-in ones little-endian, user-defined ones as raw bytes.
    fn values(&mut self, x: &Array) {
        let len = x.len() * x.elem_size();
        let dst = &mut self.out[self.pos..self.pos + len];
        x.write_bytes_into(dst);
        to_little_endian(dst, x.code());
        self.pos += len;
    }
}

/// Reads from a blob, failing with `GrB_INVALID_OBJECT` at its end.
struct Reader<'a> {
    blob: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn bytes(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.blob.len())
            .ok_or_else(|| corrupt("truncated"))?;
        let b = &self.blob[self.pos..end];
        self.pos = end;
        Ok(b)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.bytes(1)?[0])
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.bytes(4)?.try_into().unwrap()))
    }
    fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.bytes(8)?.try_into().unwrap()))
    }
    /// A count that must fit in memory (it is later checked against the blob length).
    fn count(&mut self) -> Result<usize> {
        usize::try_from(self.u64()?).map_err(|_| corrupt("count too large"))
    }
    fn words(&mut self, n: usize) -> Result<Vec<u64>> {
        let b = self.bytes(n.checked_mul(8).ok_or_else(|| corrupt("truncated"))?)?;
        Ok(b.chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect())
    }
    fn values(&mut self, ty: &Type, n: usize) -> Result<Array> {
        let b = self.bytes(
            n.checked_mul(ty.size())
                .ok_or_else(|| corrupt("truncated"))?,
        )?;
        if cfg!(target_endian = "little") || !ty.is_builtin() {
            Ok(Array::from_bytes(ty, b))
        } else {
            let mut native = b.to_vec();
            to_little_endian(&mut native, ty.code());
            Ok(Array::from_bytes(ty, &native))
        }
    }
}

/// Converts packed native values of a built-in type to little-endian in place
/// (and back: the swap is its own inverse). Nothing to do on little-endian hosts.
fn to_little_endian(bytes: &mut [u8], code: TypeCode) {
    let size = code.size();
    if cfg!(target_endian = "big") && size > 1 {
        for chunk in bytes.chunks_exact_mut(size) {
            chunk.reverse();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{build_compressed, Dup};

    fn sample() -> MatrixStore {
        let c = build_compressed(
            4,
            3,
            &[0, 0, 2],
            &[1, 3, 0],
            Array::from_vec(vec![1i16, -2, 3]),
            Dup::Error,
        )
        .unwrap();
        MatrixStore::from_compressed(Orientation::ByRow, c)
    }

    #[test]
    fn round_trip_and_header() {
        let a = sample();
        let blob = serialize(&a).unwrap();
        assert_eq!(blob.len(), serialized_size(&a).unwrap());
        assert_eq!(&blob[..8], b"GRBRSMAT");
        assert_eq!(
            u64::from_le_bytes(blob[16..24].try_into().unwrap()),
            blob.len() as u64
        );
        let b = deserialize(&blob, None).unwrap();
        assert_eq!(b, a);
        assert_eq!(deserialize(&blob, Some(&Type::INT16)).unwrap(), a);
        // Trailing bytes are ignored.
        let mut longer = blob.clone();
        longer.extend_from_slice(&[7; 9]);
        assert_eq!(deserialize(&longer, None).unwrap(), a);
        assert_eq!(
            deserialize(&blob, Some(&Type::INT32)).unwrap_err().info,
            Info::DomainMismatch
        );
        let mut small = vec![0u8; blob.len() - 1];
        assert_eq!(
            serialize_into(&a, &mut small).unwrap_err().info,
            Info::InsufficientSpace
        );
    }

    #[test]
    fn complex_values_round_trip() {
        let mut c = sample().compressed(Orientation::ByRow).into_owned();
        c.x = c.x.cast(&Type::FC64);
        let z = MatrixStore::from_compressed(Orientation::ByRow, c);
        let blob = serialize(&z).unwrap();
        let back = deserialize(&blob, None).unwrap();
        assert_eq!(back.ty(), Type::FC64);
        assert_eq!(back, z);
    }

    #[test]
    fn user_types_need_their_type() {
        let ty = Type::user("pair", 3);
        let x = Array::from_bytes(&ty, &[1, 2, 3, 4, 5, 6]);
        let c = build_compressed(2, 2, &[0, 1], &[1, 0], x, Dup::Error).unwrap();
        let a = MatrixStore::from_compressed(Orientation::ByCol, c);
        let blob = serialize(&a).unwrap();
        assert_eq!(
            deserialize(&blob, None).unwrap_err().info,
            Info::DomainMismatch
        );
        assert_eq!(
            deserialize(&blob, Some(&Type::user("other", 4)))
                .unwrap_err()
                .info,
            Info::DomainMismatch
        );
        assert_eq!(
            deserialize(&blob, Some(&Type::UINT8)).unwrap_err().info,
            Info::DomainMismatch
        );
        let other = Type::user("same size", 3);
        let b = deserialize(&blob, Some(&other)).unwrap();
        assert_eq!(b.ty(), other);
        assert_eq!(b.values().bytes(), a.values().bytes());
    }

    #[test]
    fn every_truncation_and_bit_flip_is_rejected() {
        let blob = serialize(&sample()).unwrap();
        for n in 0..blob.len() {
            assert_eq!(
                deserialize(&blob[..n], None).unwrap_err().info,
                Info::InvalidObject,
                "truncated to {n}"
            );
        }
        for k in 0..blob.len() {
            for bit in [0, 3, 7] {
                let mut bad = blob.clone();
                bad[k] ^= 1 << bit;
                assert_eq!(
                    deserialize(&bad, None).unwrap_err().info,
                    Info::InvalidObject,
                    "bit {bit} of byte {k}"
                );
            }
        }
    }

    /// Rewrites a header field and fixes the checksum, as a hostile blob would.
    fn forge(blob: &[u8], offset: usize, value: &[u8]) -> Vec<u8> {
        let mut b = blob.to_vec();
        b[offset..offset + value.len()].copy_from_slice(value);
        let n = b.len() - CHECKSUM_LEN;
        let crc = crc32(&b[..n]);
        b[n..].copy_from_slice(&crc.to_le_bytes());
        b
    }

    #[test]
    fn consistent_but_lying_headers_are_rejected() {
        let blob = serialize(&sample()).unwrap();
        let cases: [(usize, Vec<u8>); 9] = [
            (24, 99u32.to_le_bytes().to_vec()),        // type code
            (28, 4u32.to_le_bytes().to_vec()),         // element size
            (32, vec![2]),                             // orientation
            (33, vec![9]),                             // storage kind
            (40, (1u64 << 61).to_le_bytes().to_vec()), // rows beyond 2^60
            (56, u64::MAX.to_le_bytes().to_vec()),     // nvals huge
            (64, (1u64 << 40).to_le_bytes().to_vec()), // nvec huge
            (56, 2u64.to_le_bytes().to_vec()),         // nvals disagrees with length
            (8, 2u32.to_le_bytes().to_vec()),          // version
        ];
        for (offset, value) in cases {
            let bad = forge(&blob, offset, &value);
            assert_eq!(
                deserialize(&bad, None).unwrap_err().info,
                Info::InvalidObject,
                "field at {offset}"
            );
        }
        // Content that breaks an invariant: an inner index out of range.
        let i_offset = HEADER_LEN + "int16_t".len() + 8 * 4;
        let bad = forge(&blob, i_offset, &9u64.to_le_bytes());
        assert_eq!(
            deserialize(&bad, None).unwrap_err().info,
            Info::InvalidObject
        );
    }

    #[test]
    fn random_bytes_never_crash() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let blob = serialize(&sample()).unwrap();
        for _ in 0..2000 {
            let n = (next() % 200) as usize;
            let mut junk: Vec<u8> = (0..n).map(|_| next() as u8).collect();
            if next() % 2 == 0 && n >= 8 {
                junk[..8].copy_from_slice(&MAGIC);
            }
            assert!(deserialize(&junk, None).is_err());
            // Random damage to a valid blob, checksum repaired.
            let k = (next() as usize) % (blob.len() - CHECKSUM_LEN);
            let bad = forge(&blob, k, &[next() as u8]);
            if let Err(e) = deserialize(&bad, None) {
                assert!(matches!(e.info, Info::InvalidObject | Info::DomainMismatch));
            }
        }
    }
}
