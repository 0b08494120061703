//! Iso arrays (one value stored for many) and [`Values`], the way kernels
//! read an array's values whether each is stored or only one.

use super::array::{Array, ArrayElement};
use std::ops::Range;
use std::sync::OnceLock;

/// The values of an array as kernels read them: every value stored, or an
/// iso array's one value read at every position (no expansion).
#[derive(Clone, Copy)]
pub struct Values<'a, T> {
    pub(super) x: &'a [T],
    /// `usize::MAX` when every value is stored, 0 for an iso array.
    pub(super) mask: usize,
}

impl<'a, T: Copy> Values<'a, T> {
    /// The value at position `q`.
    #[inline(always)]
    pub fn at(&self, q: usize) -> T {
        self.x[q & self.mask]
    }

    /// Every value, when each is stored (not an iso array).
    #[inline]
    pub fn stored(&self) -> Option<&'a [T]> {
        (self.mask != 0).then_some(self.x)
    }

    /// `N` copies of the value at `q`: for an iso array, the block that
    /// [`Values::slice`] reads its value from.
    #[inline]
    pub fn block<const N: usize>(&self, q: usize) -> [T; N] {
        [self.at(q); N]
    }

    /// The values at positions `at` as a slice, so that slice functions read
    /// stored and iso values alike: the stored ones, or the first
    /// `at.len()` of `block` ([`Values::block`]) for an iso array.
    #[inline]
    pub fn slice<'b>(&self, at: Range<usize>, block: &'b [T]) -> &'b [T]
    where
        'a: 'b,
    {
        match self.stored() {
            Some(x) => &x[at],
            None => &block[..at.len()],
        }
    }
}

/// `len` copies of one value, stored once: the values of a pattern of ones,
/// of a BOOL adjacency, of a constant vector.
///
/// Kernels that know iso arrays read them through [`Array::values`],
/// [`Array::strided_bytes`] or [`Array::get_bytes`]; one that reads the
/// array as a slice of every value ([`Array::as_slice`], [`Array::bytes`])
/// gets them expanded once, kept with the array (memory the iso form saves
/// only until then).
pub struct IsoArray {
    /// The value, as an array of length 1.
    pub(super) one: Box<Array>,
    pub(super) len: usize,
    /// Every value stored, once a reader asked for them as a slice.
    pub(super) every: OnceLock<Box<Array>>,
}

impl Clone for IsoArray {
    fn clone(&self) -> IsoArray {
        IsoArray::new(self.one.clone(), self.len)
    }
}

impl IsoArray {
    pub(super) fn new(one: Box<Array>, len: usize) -> IsoArray {
        IsoArray {
            one,
            len,
            every: OnceLock::new(),
        }
    }

    /// Every value stored (expanded on first use).
    pub(super) fn every(&self) -> &Array {
        self.every.get_or_init(|| {
            crate::explain::step(|| {
                let (n, ty) = (self.len, self.one.ty());
                format!(
                    "expand iso values: {n} values of {ty:?} stored for a reader of every value"
                )
            });
            Box::new(
                Array::filled_dense(&self.one.get(0), self.len)
                    .expect("memory for an iso array's values"),
            )
        })
    }

    /// The value's bytes.
    pub fn value_bytes(&self) -> &[u8] {
        self.one.bytes()
    }
    /// The value cast to `bool` as a mask reads it (see [`Array::truth_values`]).
    pub fn truth(&self) -> bool {
        self.one.truth_values()[0]
    }
    /// The value, if it is a `T`.
    pub fn value<T: ArrayElement>(&self) -> Option<T> {
        T::slice(&self.one).map(|v| v[0])
    }
}
