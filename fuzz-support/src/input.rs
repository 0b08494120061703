//! Drawing arguments from the fuzzer's bytes: a cursor that never fails (an
//! exhausted input reads as zeros) and choosers biased towards the values that
//! matter at the C boundary (small indices, boundaries, huge sizes).

use capi::api::GrB_Index;

/// `GrB_INDEX_MAX`: the largest valid index (2^60 - 1).
const INDEX_MAX: GrB_Index = (1 << 60) - 1;

/// The fuzzer's bytes, read front to back.
pub(crate) struct Input<'a> {
    bytes: &'a [u8],
}

impl<'a> Input<'a> {
    /// A cursor at the start of `bytes`.
    pub(crate) fn new(bytes: &'a [u8]) -> Input<'a> {
        Input { bytes }
    }

    /// True once every byte has been read.
    pub(crate) fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The next byte (0 when exhausted).
    pub(crate) fn byte(&mut self) -> u8 {
        match self.bytes.split_first() {
            Some((&b, rest)) => {
                self.bytes = rest;
                b
            }
            None => 0,
        }
    }

    /// The next `n` bytes (fewer when exhausted).
    pub(crate) fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.bytes.split_at(n.min(self.bytes.len()));
        self.bytes = rest;
        head
    }

    /// Every byte not read yet.
    pub(crate) fn rest(&mut self) -> &'a [u8] {
        self.take(self.bytes.len())
    }

    /// A little-endian `u64` from the next 8 bytes (zero-padded).
    pub(crate) fn u64(&mut self) -> u64 {
        let mut word = [0u8; 8];
        let head = self.take(8);
        word[..head.len()].copy_from_slice(head);
        u64::from_le_bytes(word)
    }

    /// A number below `n` (`n > 0`) from one byte.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }

    /// A boolean from one byte.
    pub(crate) fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// One of `choices` (non-empty), picked by one byte.
    pub(crate) fn pick<T: Copy>(&mut self, choices: &[T]) -> T {
        choices[self.below(choices.len())]
    }

    /// A dimension: mostly small, sometimes 0, `GrB_INDEX_MAX`-sized, or beyond it.
    pub(crate) fn dimension(&mut self) -> GrB_Index {
        match self.byte() {
            0..=199 => GrB_Index::from(self.byte() % 9),
            200..=219 => GrB_Index::from(self.byte()),
            220..=234 => INDEX_MAX + 1 - GrB_Index::from(self.byte() % 3),
            235..=244 => INDEX_MAX + 1 + GrB_Index::from(self.byte() % 3),
            _ => self.u64(),
        }
    }

    /// An index: mostly within small dimensions, sometimes at a boundary or huge.
    pub(crate) fn index(&mut self) -> GrB_Index {
        match self.byte() {
            0..=219 => GrB_Index::from(self.byte() % 10),
            220..=239 => INDEX_MAX - GrB_Index::from(self.byte() % 3),
            240..=249 => INDEX_MAX + 1,
            _ => self.u64(),
        }
    }

    /// A short list of indices (at most 12).
    pub(crate) fn indices(&mut self) -> Vec<GrB_Index> {
        let n = self.below(13);
        (0..n).map(|_| self.index()).collect()
    }

    /// Eight bytes for a value (zero-padded), read as any built-in C type.
    pub(crate) fn value_bytes(&mut self) -> [u8; 8] {
        self.u64().to_le_bytes()
    }
}
