//! Finding whether every stored entry of a matrix holds the same value (a
//! pattern of ones, the usual adjacency matrix), so that products can skip
//! reading values that carry no information (see `kernels::mxm::simplify`).

use super::store::Format;
use crate::algebra::Value;
use bytemuck::Pod;

/// The value every stored entry holds, bit for bit, when there is at least one
/// entry and the type is built in; `None` otherwise. Stops at the first
/// entry that differs.
pub fn uniform_value(format: &Format) -> Option<Value> {
    let (x, present) = match format {
        Format::Sparse(c) => (&c.x, None),
        Format::Full(f) => (&f.x, None),
        Format::Bitmap(b) => (&b.x, Some(&b.b[..])),
    };
    let ty = x.ty();
    if !ty.is_builtin() {
        return None;
    }
    if x.iso().is_some() {
        let any = present.map_or(!x.is_empty(), |b| b.contains(&true));
        return any.then(|| x.get(0));
    }
    let bytes = x.bytes();
    let size = ty.size();
    let first = match present {
        Some(present) => {
            let mut entries = (0..x.len()).filter(|&k| present[k]);
            let first = entries.next()?;
            let at = |k: usize| &bytes[k * size..(k + 1) * size];
            entries.all(|k| at(k) == at(first)).then_some(first)
        }
        None if x.is_empty() => None,
        None => super::array::all_bytes_equal(bytes, size).then_some(0),
    };
    first.map(|k| x.get(k))
}

/// Values compared per step of [`all_equal`]: a block is compared without
/// branches (vectorised), and the scan stops after the first block that
/// differs.
const BLOCK: usize = 256;

/// True when the non-empty `bytes`, read as `T`s, are all equal (byte by byte
/// when they are not aligned for `T`).
pub(crate) fn all_equal<T: Pod + PartialEq>(bytes: &[u8]) -> bool {
    match bytemuck::try_cast_slice::<u8, T>(bytes) {
        Ok(v) => {
            let first = v[0];
            v.chunks(BLOCK)
                .all(|block| block.iter().fold(true, |same, y| same & (*y == first)))
        }
        Err(_) => {
            let size = std::mem::size_of::<T>();
            bytes.chunks_exact(size).all(|c| c == &bytes[..size])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{Array, Bitmap, Compressed, Full};

    fn full(x: Array) -> Format {
        Format::Full(Full {
            vlen: x.len() as u64,
            vdim: 1,
            x,
        })
    }

    #[test]
    fn equal_values_are_found_and_any_difference_is_not() {
        let ones = full(Array::from_vec(vec![1.0f64; 1000]));
        assert_eq!(uniform_value(&ones), Some(Value::new(1.0f64)));
        let mut v = vec![1.0f64; 1000];
        v[999] = 2.0;
        assert_eq!(uniform_value(&full(Array::from_vec(v))), None);
        // Bit for bit: 0.0 and -0.0 differ.
        assert_eq!(
            uniform_value(&full(Array::from_vec(vec![0.0f64, -0.0]))),
            None
        );
        let flags = full(Array::from_vec(vec![true; 5]));
        assert_eq!(uniform_value(&flags), Some(Value::new(true)));
        let small = full(Array::from_vec(vec![7i16; 3]));
        assert_eq!(uniform_value(&small), Some(Value::new(7i16)));
    }

    #[test]
    fn empty_content_has_no_uniform_value() {
        let c = Compressed::empty(&crate::algebra::Type::FP64, 4, 4);
        assert_eq!(uniform_value(&Format::Sparse(c)), None);
    }

    #[test]
    fn a_bitmap_compares_only_present_entries() {
        let bitmap = |b: Vec<bool>, x: Vec<i32>| {
            Format::Bitmap(Bitmap::from_flags(4, 1, b, Array::from_vec(x)))
        };
        let f = bitmap(vec![false, true, false, true], vec![9, 3, 8, 3]);
        assert_eq!(uniform_value(&f), Some(Value::new(3i32)));
        let g = bitmap(vec![true, true, false, false], vec![9, 3, 3, 3]);
        assert_eq!(uniform_value(&g), None);
        let none = bitmap(vec![false; 4], vec![1; 4]);
        assert_eq!(uniform_value(&none), None);
    }
}
