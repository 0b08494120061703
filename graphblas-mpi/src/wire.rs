//! Entries as bytes on the wire: `(index, value)` pairs and `(row, column,
//! value)` triplets, indices as 8 little-endian bytes, values in the
//! engine's byte form of their type.

use graphblas::ValueType;

/// The size of a `T` value on the wire.
pub fn value_size<T: ValueType>() -> usize {
    T::graphblas_type().size()
}

/// The size of a pair of an index and a `T` value.
pub fn pair_size<T: ValueType>() -> usize {
    8 + value_size::<T>()
}

/// The size of a triplet of two indices and a `T` value.
pub fn triplet_size<T: ValueType>() -> usize {
    16 + value_size::<T>()
}

/// Writes a pair into `out` (of [`pair_size`]).
pub fn write_pair<T: ValueType>(out: &mut [u8], i: u64, v: T) {
    out[..8].copy_from_slice(&i.to_le_bytes());
    v.write_bytes(&mut out[8..]);
}

/// Writes a triplet into `out` (of [`triplet_size`]).
pub fn write_triplet<T: ValueType>(out: &mut [u8], i: u64, j: u64, v: T) {
    out[..8].copy_from_slice(&i.to_le_bytes());
    out[8..16].copy_from_slice(&j.to_le_bytes());
    v.write_bytes(&mut out[16..]);
}

/// Appends an index.
pub fn put_index(out: &mut Vec<u8>, i: u64) {
    out.extend_from_slice(&i.to_le_bytes());
}

/// Appends a value.
pub fn put_value<T: ValueType>(out: &mut Vec<u8>, v: T) {
    let at = out.len();
    out.resize(at + value_size::<T>(), 0);
    v.write_bytes(&mut out[at..]);
}

/// Appends an `(index, value)` pair.
pub fn put_pair<T: ValueType>(out: &mut Vec<u8>, i: u64, v: T) {
    put_index(out, i);
    put_value(out, v);
}

/// Appends a `(row, column, value)` triplet.
pub fn put_triplet<T: ValueType>(out: &mut Vec<u8>, i: u64, j: u64, v: T) {
    put_index(out, i);
    put_index(out, j);
    put_value(out, v);
}

/// The index in the first eight bytes.
pub fn index(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().expect("eight bytes"))
}

/// The pairs in a buffer made by [`put_pair`].
pub fn pairs<T: ValueType>(bytes: &[u8]) -> impl Iterator<Item = (u64, T)> + '_ {
    bytes
        .chunks_exact(8 + value_size::<T>())
        .map(|c| (index(c), T::from_bytes(&c[8..])))
}

/// The triplets in a buffer made by [`put_triplet`].
pub fn triplets<T: ValueType>(bytes: &[u8]) -> impl Iterator<Item = (u64, u64, T)> + '_ {
    bytes
        .chunks_exact(16 + value_size::<T>())
        .map(|c| (index(c), index(&c[8..]), T::from_bytes(&c[16..])))
}

/// The values in a buffer of values alone.
pub fn values<T: ValueType>(bytes: &[u8]) -> impl Iterator<Item = T> + '_ {
    bytes.chunks_exact(value_size::<T>()).map(T::from_bytes)
}
