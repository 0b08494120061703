//! The values of the tuples given to a build: an array of the library, or
//! the caller's array read where it lies (the C array of
//! `GrB_Matrix_build`), so that tuples not in storage order are gathered
//! into the result straight from it instead of from a copy made first.

use super::array::{all_bytes_equal, Array, ArrayElement, PARALLEL_GATHER};
use super::index::Position;
use crate::algebra::{Element, Type};

/// The values of a build's tuples, value `k` belonging to tuple `k`.
pub enum TupleValues<'a> {
    /// An array of the library: kept as the result's values when the
    /// tuples are in storage order already.
    Owned(Array),
    /// Values in memory the caller keeps for the build's duration, at
    /// least two and not all equal (equal ones are an iso array, see
    /// [`TupleValues::from_bytes`]).
    Borrowed {
        /// The values' type.
        ty: Type,
        /// Their bytes, `ty.size()` a value.
        bytes: &'a [u8],
    },
}

impl From<Array> for TupleValues<'_> {
    fn from(a: Array) -> Self {
        TupleValues::Owned(a)
    }
}

impl<'a> TupleValues<'a> {
    /// The `bytes.len() / ty.size()` values of type `ty` in `bytes`, read
    /// where they are; stored once (an iso array, a caller's pattern of
    /// ones never copied in full) when there are at least two and all are
    /// equal.
    pub fn from_bytes(ty: &Type, bytes: &'a [u8]) -> Self {
        let size = ty.size();
        if bytes.len() < 2 * size {
            TupleValues::Owned(Array::from_bytes(ty, bytes))
        } else if all_bytes_equal(bytes, size) {
            let one = Array::from_bytes(ty, &bytes[..size]);
            TupleValues::Owned(Array::iso_of(one, bytes.len() / size))
        } else {
            TupleValues::Borrowed {
                ty: ty.clone(),
                bytes,
            }
        }
    }

    /// The values' type.
    pub fn ty(&self) -> Type {
        match self {
            TupleValues::Owned(a) => a.ty(),
            TupleValues::Borrowed { ty, .. } => ty.clone(),
        }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        match self {
            TupleValues::Owned(a) => a.len(),
            TupleValues::Borrowed { ty, bytes } => bytes.len() / ty.size(),
        }
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values as an array of the library (a copy of borrowed ones).
    pub fn into_array(self) -> Array {
        match self {
            TupleValues::Owned(a) => a,
            TupleValues::Borrowed { ty, bytes } => Array::from_bytes(&ty, bytes),
        }
    }

    /// The values typecast to `ty`.
    pub fn cast(self, ty: &Type) -> Array {
        self.into_array().cast(ty)
    }

    /// The bytes of value `k`.
    pub fn get_bytes(&self, k: usize) -> &[u8] {
        match self {
            TupleValues::Owned(a) => a.get_bytes(k),
            TupleValues::Borrowed { ty, bytes } => &bytes[k * ty.size()..(k + 1) * ty.size()],
        }
    }

    /// The values at the given positions, in order.
    pub fn gather<P: Position>(&self, positions: &[P]) -> Array {
        match self {
            TupleValues::Owned(a) => a.gather(positions),
            TupleValues::Borrowed { ty, bytes } => {
                crate::with_type!(ty.code(), T => gather_read::<T, P>(bytes, positions), udt => {
                    Array::from_bytes(ty, bytes).gather(positions)
                })
            }
        }
    }
}

/// `T::read` of the values at `positions` in `bytes`, in parallel when
/// there are many (the caller's array may not be aligned for `T`).
fn gather_read<T: Element + ArrayElement, P: Position>(bytes: &[u8], positions: &[P]) -> Array {
    let size = T::CODE.size();
    let value = |p: P| T::read(&bytes[p.at() * size..(p.at() + 1) * size]);
    if positions.len() < PARALLEL_GATHER {
        T::into_array(positions.iter().map(|&p| value(p)).collect())
    } else {
        T::into_array(crate::parallel::map(positions.len(), 1 << 12, |t| {
            value(positions[t])
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fp64_bytes(v: &[f64]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_ne_bytes()).collect()
    }

    #[test]
    fn borrowed_values_gather_as_an_array_does() {
        let v: Vec<f64> = (0..(PARALLEL_GATHER as u32 + 7))
            .map(|k| f64::from(k) * 0.5)
            .collect();
        let bytes = fp64_bytes(&v);
        let borrowed =
            TupleValues::from_bytes(&Type::builtin(crate::algebra::TypeCode::Fp64), &bytes);
        assert!(matches!(borrowed, TupleValues::Borrowed { .. }));
        let owned = Array::from_vec(v.clone());
        for positions in [vec![3u32, 0, 2], (0..v.len() as u32).rev().collect()] {
            assert_eq!(
                borrowed.gather(&positions).bytes(),
                owned.gather(&positions).bytes()
            );
        }
        assert_eq!(borrowed.get_bytes(5), owned.get_bytes(5));
        assert_eq!(borrowed.len(), v.len());
    }

    #[test]
    fn equal_values_are_stored_once_and_unaligned_ones_read() {
        let bytes = fp64_bytes(&[2.0; 4]);
        let iso = TupleValues::from_bytes(&Type::builtin(crate::algebra::TypeCode::Fp64), &bytes);
        assert!(matches!(&iso, TupleValues::Owned(a) if a.iso().is_some()));
        // One byte in: the values are not aligned for f64.
        let mut shifted = vec![0u8];
        shifted.extend(fp64_bytes(&[1.0, 2.0, 3.0]));
        let ty = Type::builtin(crate::algebra::TypeCode::Fp64);
        let borrowed = TupleValues::from_bytes(&ty, &shifted[1..]);
        let got = borrowed.gather(&[2u32, 0]);
        assert_eq!(got.bytes(), Array::from_vec(vec![3.0f64, 1.0]).bytes());
    }
}
