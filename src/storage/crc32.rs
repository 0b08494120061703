//! CRC-32 (IEEE 802.3, as zlib's `crc32`), the checksum of serialized
//! blobs. Large inputs are checked in parallel pieces whose checksums are
//! then combined: the checksum of `a` followed by `b` is the checksum of `a`
//! advanced over `b.len()` zero bytes, xor that of `b` (the register's
//! update is linear over GF(2), so advancing it is a 32 × 32 bit matrix,
//! squared for each doubling of the length).

/// Bytes per parallel piece.
const PIECE: usize = 1 << 22;

/// The CRC-32 of `data`.
pub fn crc32(data: &[u8]) -> u32 {
    if data.len() <= PIECE {
        return crc32_serial(data);
    }
    let pieces = data.len().div_ceil(PIECE);
    let crcs = crate::parallel::map(pieces, 1, |t| {
        crc32_serial(&data[t * PIECE..((t + 1) * PIECE).min(data.len())])
    });
    let last = data.len() - (pieces - 1) * PIECE;
    let whole = advance_operator(PIECE);
    let (first, rest) = crcs.split_first().expect("at least two pieces");
    rest.iter().enumerate().fold(*first, |crc, (k, &next)| {
        if k + 2 == pieces {
            combine(crc, next, last)
        } else {
            apply(&whole, crc) ^ next
        }
    })
}

/// The checksum of `a` followed by `b` from `crc32(a)`, `crc32(b)` and
/// `b.len()`.
fn combine(crc_a: u32, crc_b: u32, len_b: usize) -> u32 {
    apply(&advance_operator(len_b), crc_a) ^ crc_b
}

/// A linear map of the 32-bit register: column `i` is the image of bit `i`.
type Operator = [u32; 32];

/// The map that advances a finished checksum over `n` zero bytes.
fn advance_operator(n: usize) -> Operator {
    // One zero bit: shift right, and the reflected polynomial comes in for
    // the bit shifted out.
    let mut power: Operator =
        std::array::from_fn(|i| if i == 0 { 0xEDB8_8320 } else { 1 << (i - 1) });
    // Squared thrice it advances one byte; its powers of two make up `n`.
    for _ in 0..3 {
        power = square(&power);
    }
    let mut total: Operator = std::array::from_fn(|i| 1 << i);
    let mut n = n;
    while n > 0 {
        if n & 1 == 1 {
            total = std::array::from_fn(|i| apply(&power, total[i]));
        }
        power = square(&power);
        n >>= 1;
    }
    total
}

/// `op` applied to the register `v`.
fn apply(op: &Operator, v: u32) -> u32 {
    (0..32)
        .filter(|&i| v >> i & 1 == 1)
        .fold(0, |acc, i| acc ^ op[i])
}

/// `op` applied twice.
fn square(op: &Operator) -> Operator {
    std::array::from_fn(|i| apply(op, op[i]))
}

/// Slice-by-8 lookup tables for CRC-32 (reflected polynomial 0xEDB88320).
const CRC_TABLES: [[u32; 256]; 8] = {
    let mut t = [[0u32; 256]; 8];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[0][n] = c;
        n += 1;
    }
    let mut s = 1;
    while s < 8 {
        let mut n = 0;
        while n < 256 {
            let prev = t[s - 1][n];
            t[s][n] = (prev >> 8) ^ t[0][(prev & 0xff) as usize];
            n += 1;
        }
        s += 1;
    }
    t
};

/// [`crc32`] on one thread: eight bytes a step through the tables.
fn crc32_serial(data: &[u8]) -> u32 {
    let t = &CRC_TABLES;
    let mut crc = !0u32;
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let lo = crc ^ u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        crc = t[7][(lo & 0xff) as usize]
            ^ t[6][((lo >> 8) & 0xff) as usize]
            ^ t[5][((lo >> 16) & 0xff) as usize]
            ^ t[4][(lo >> 24) as usize]
            ^ t[3][c[4] as usize]
            ^ t[2][c[5] as usize]
            ^ t[1][c[6] as usize]
            ^ t[0][c[7] as usize];
    }
    for &b in chunks.remainder() {
        crc = (crc >> 8) ^ t[0][((crc ^ b as u32) & 0xff) as usize];
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_known_values() {
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
        // Every split between the 8-byte and byte-wise paths agrees.
        let data: Vec<u8> = (0..100u8).collect();
        let bytewise = |d: &[u8]| {
            let mut crc = !0u32;
            for &b in d {
                crc = (crc >> 8) ^ CRC_TABLES[0][((crc ^ b as u32) & 0xff) as usize];
            }
            !crc
        };
        for n in 0..data.len() {
            assert_eq!(crc32(&data[..n]), bytewise(&data[..n]));
        }
    }

    #[test]
    fn pieces_combine_to_the_whole() {
        let data: Vec<u8> = (0..3 * PIECE + 12_345)
            .map(|i| (i * 131 + i / 7) as u8)
            .collect();
        assert_eq!(crc32(&data), crc32_serial(&data));
        for split in [0, 1, 7, 1000, data.len() / 2, data.len()] {
            let (a, b) = data.split_at(split);
            assert_eq!(
                combine(crc32(a), crc32(b), b.len()),
                crc32_serial(&data),
                "{split}"
            );
        }
    }
}
