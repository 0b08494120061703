//! `Array`: a typed, growable buffer of element values (one per stored entry).
//!
//! Built-in types are held as `Vec<T>` so kernels get typed slices without
//! copying; user-defined types are held as 16-byte aligned bytes. Every array
//! can also be viewed as raw bytes, which the generic (any-type) kernels use.

use super::iso::{IsoArray, Values};
use crate::algebra::{Element, Type, TypeCode, Value};
use crate::error::{out_of_memory, Result};
use crate::storage::compact::Flagged;
use crate::storage::ranges::{
    cast_into, concat_slices, concat_vecs, copy_into, copy_into_parallel, copy_ranges, copy_vec,
    copy_vec_with_capacity, extend_copy,
};
use gather::GatherInto;
use std::ops::Range;

/// Positions from which [`Array::gather`] of built-in values runs in parallel.
pub(super) const PARALLEL_GATHER: usize = 1 << 16;

/// One 16-byte, 16-aligned chunk of user-defined element storage.
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct Chunk([u8; 16]);

/// Element storage for a user-defined type.
pub struct UdtArray {
    ty: Type,
    len: usize,
    chunks: Vec<Chunk>,
}

impl Clone for UdtArray {
    fn clone(&self) -> UdtArray {
        UdtArray {
            ty: self.ty.clone(),
            len: self.len,
            chunks: copy_vec(&self.chunks),
        }
    }
}

impl UdtArray {
    /// A copy with the same capacity.
    fn copy_keeping_capacity(&self) -> UdtArray {
        UdtArray {
            ty: self.ty.clone(),
            len: self.len,
            chunks: copy_vec_with_capacity(&self.chunks, self.chunks.capacity()),
        }
    }
    fn bytes(&self) -> &[u8] {
        let n = self.len * self.ty.size();
        // SAFETY: `Chunk` is 16 plain bytes; the chunks hold at least `n` bytes.
        unsafe { std::slice::from_raw_parts(self.chunks.as_ptr() as *const u8, n) }
    }
    fn bytes_mut(&mut self) -> &mut [u8] {
        let n = self.len * self.ty.size();
        // SAFETY: as above; every byte pattern is a valid user-defined value.
        unsafe { std::slice::from_raw_parts_mut(self.chunks.as_mut_ptr() as *mut u8, n) }
    }
    fn resize(&mut self, len: usize) {
        let chunks = (len * self.ty.size()).div_ceil(16);
        self.chunks.resize(chunks, Chunk::default());
        self.len = len;
    }
    fn try_reserve(&mut self, extra: usize) -> Result<()> {
        let chunks = ((self.len + extra) * self.ty.size()).div_ceil(16);
        self.chunks
            .try_reserve(chunks.saturating_sub(self.chunks.len()))
            .map_err(|_| out_of_memory("values"))
    }
}

/// A reordering of values: `place(value)` lists `value(q)` for the source
/// positions `q` in their new order. Called once per [`Array::rearranged`],
/// with the values themselves (built-in types) or with their positions (the
/// values are then gathered).
pub trait Placement {
    /// The values `value(q)` in their new order.
    fn place<V, F>(&mut self, value: F) -> Vec<V>
    where
        V: Copy + Default + Send + Sync,
        F: Fn(usize) -> V + Sync;
}

/// A buffer of values of one GraphBLAS type.
pub enum Array {
    /// `bool` values.
    Bool(Vec<bool>),
    /// `i8` values.
    Int8(Vec<i8>),
    /// `u8` values.
    Uint8(Vec<u8>),
    /// `i16` values.
    Int16(Vec<i16>),
    /// `u16` values.
    Uint16(Vec<u16>),
    /// `i32` values.
    Int32(Vec<i32>),
    /// `u32` values.
    Uint32(Vec<u32>),
    /// `i64` values.
    Int64(Vec<i64>),
    /// `u64` values.
    Uint64(Vec<u64>),
    /// `f32` values.
    Fp32(Vec<f32>),
    /// `f64` values.
    Fp64(Vec<f64>),
    /// Values of a user-defined type.
    Udt(UdtArray),
    /// `len` copies of one value, stored once (an iso-valued array).
    Iso(IsoArray),
}

/// Runs `$body` with `$v` bound to the typed `Vec` inside an [`Array`] (for the
/// built-in variants) and `$u` bound to the [`UdtArray`] otherwise.
macro_rules! with_array {
    ($arr:expr, $v:ident => $body:expr, $u:ident => $ubody:expr) => {
        match $arr {
            Array::Bool($v) => $body,
            Array::Int8($v) => $body,
            Array::Uint8($v) => $body,
            Array::Int16($v) => $body,
            Array::Uint16($v) => $body,
            Array::Int32($v) => $body,
            Array::Uint32($v) => $body,
            Array::Int64($v) => $body,
            Array::Uint64($v) => $body,
            Array::Fp32($v) => $body,
            Array::Fp64($v) => $body,
            Array::Udt($u) => $ubody,
            Array::Iso(_) => unreachable!("iso arrays are handled before"),
        }
    };
}

/// Conversion between `Vec<T>` and the matching [`Array`] variant.
pub trait ArrayElement: Element {
    /// Wraps a vector.
    fn into_array(v: Vec<Self>) -> Array;
    /// The typed slice, if the array holds this type.
    fn slice(a: &Array) -> Option<&[Self]>;
    /// The typed vector, if the array holds this type.
    fn vec_mut(a: &mut Array) -> Option<&mut Vec<Self>>;
    /// The typed vector, or the array back if it holds another type.
    fn into_vec(a: Array) -> std::result::Result<Vec<Self>, Array>;
}

macro_rules! array_element {
    ($t:ty, $variant:ident) => {
        impl ArrayElement for $t {
            fn into_array(v: Vec<Self>) -> Array {
                Array::$variant(v)
            }
            fn slice(a: &Array) -> Option<&[Self]> {
                match a {
                    Array::$variant(v) => Some(v),
                    Array::Iso(iso) => Self::slice(iso.every()),
                    _ => None,
                }
            }
            fn vec_mut(a: &mut Array) -> Option<&mut Vec<Self>> {
                a.expand();
                match a {
                    Array::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn into_vec(mut a: Array) -> std::result::Result<Vec<Self>, Array> {
                a.expand();
                match a {
                    Array::$variant(v) => Ok(v),
                    other => Err(other),
                }
            }
        }
    };
}

array_element!(bool, Bool);
array_element!(i8, Int8);
array_element!(u8, Uint8);
array_element!(i16, Int16);
array_element!(u16, Uint16);
array_element!(i32, Int32);
array_element!(u32, Uint32);
array_element!(i64, Int64);
array_element!(u64, Uint64);
array_element!(f32, Fp32);
array_element!(f64, Fp64);

fn typed_bytes<T: Element>(v: &[T]) -> &[u8] {
    // SAFETY: every built-in element type is plain data with no padding.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}

fn typed_from_bytes<T: Element + ArrayElement>(bytes: &[u8]) -> Array {
    let size = T::CODE.size();
    T::into_array(bytes.chunks_exact(size).map(T::read).collect())
}

impl Array {
    /// An empty array of type `ty`.
    pub fn new(ty: &Type) -> Array {
        crate::with_type!(ty.code(), T => T::into_array(Vec::new()), udt => Array::Udt(UdtArray {
            ty: ty.clone(),
            len: 0,
            chunks: Vec::new(),
        }))
    }

    /// An empty array of type `ty` with room for `n` values; fails with `GrB_OUT_OF_MEMORY`.
    pub fn with_capacity(ty: &Type, n: usize) -> Result<Array> {
        let mut a = Array::new(ty);
        a.try_reserve(n)?;
        Ok(a)
    }

    /// `n` copies of `value`, stored once (an iso array) when `n > 1`.
    pub fn filled(value: &Value, n: usize) -> Result<Array> {
        Ok(Array::iso_of(Array::filled_dense(value, 1)?, n))
    }

    /// `n` copies of `value`, each stored.
    pub(super) fn filled_dense(value: &Value, n: usize) -> Result<Array> {
        let mut a = Array::with_capacity(value.ty(), n)?;
        with_array!(&mut a, v => {
            let x = Element::read(value.bytes());
            v.resize(n, x);
        }, u => {
            u.resize(n);
            let size = u.ty.size();
            for chunk in u.bytes_mut().chunks_exact_mut(size) {
                chunk.copy_from_slice(value.bytes());
            }
        });
        Ok(a)
    }

    /// An array of type `ty` from the packed native-endian bytes of its values.
    pub fn from_bytes(ty: &Type, bytes: &[u8]) -> Array {
        let size = ty.size();
        assert_eq!(
            bytes.len() % size,
            0,
            "byte length is not a multiple of the size"
        );
        crate::with_type!(ty.code(), T => typed_from_bytes::<T>(bytes), udt => {
            let mut u = UdtArray { ty: ty.clone(), len: 0, chunks: Vec::new() };
            u.resize(bytes.len() / size);
            u.bytes_mut().copy_from_slice(bytes);
            Array::Udt(u)
        })
    }

    /// Wraps a typed vector.
    pub fn from_vec<T: ArrayElement>(v: Vec<T>) -> Array {
        T::into_array(v)
    }

    /// The array's element type.
    pub fn ty(&self) -> Type {
        match self {
            Array::Udt(u) => u.ty.clone(),
            Array::Iso(iso) => iso.one.ty(),
            other => Type::builtin(other.code()),
        }
    }

    /// The array's type code.
    pub fn code(&self) -> TypeCode {
        match self {
            Array::Bool(_) => TypeCode::Bool,
            Array::Int8(_) => TypeCode::Int8,
            Array::Uint8(_) => TypeCode::Uint8,
            Array::Int16(_) => TypeCode::Int16,
            Array::Uint16(_) => TypeCode::Uint16,
            Array::Int32(_) => TypeCode::Int32,
            Array::Uint32(_) => TypeCode::Uint32,
            Array::Int64(_) => TypeCode::Int64,
            Array::Uint64(_) => TypeCode::Uint64,
            Array::Fp32(_) => TypeCode::Fp32,
            Array::Fp64(_) => TypeCode::Fp64,
            Array::Udt(u) => u.ty.code(),
            Array::Iso(iso) => iso.one.code(),
        }
    }

    /// Size of one element in bytes.
    pub fn elem_size(&self) -> usize {
        match self {
            Array::Udt(u) => u.ty.size(),
            Array::Iso(iso) => iso.one.elem_size(),
            other => other.code().size(),
        }
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        match self {
            Array::Iso(iso) => iso.len,
            dense => with_array!(dense, v => v.len(), u => u.len),
        }
    }

    /// The bytes the values take: one value for an iso array (plus its
    /// expanded values, once read as a slice).
    pub fn heap_bytes(&self) -> usize {
        match self {
            Array::Iso(iso) => {
                iso.one.heap_bytes() + iso.every.get().map_or(0, |every| every.heap_bytes())
            }
            dense => dense.len() * dense.elem_size(),
        }
    }

    /// True when there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The typed values, if the array holds `T` (an iso array's expanded
    /// once: see [`IsoArray`]).
    pub fn as_slice<T: ArrayElement>(&self) -> Option<&[T]> {
        T::slice(self)
    }

    /// The values as kernels read them, if the array holds `T` (see [`Values`]).
    pub fn values<T: ArrayElement>(&self) -> Option<Values<'_, T>> {
        match self {
            Array::Iso(iso) => T::slice(&iso.one).map(|x| Values { x, mask: 0 }),
            dense => T::slice(dense).map(|x| Values {
                x,
                mask: usize::MAX,
            }),
        }
    }

    /// The typed vector, if the array holds `T` (an iso array is expanded).
    pub fn as_vec_mut<T: ArrayElement>(&mut self) -> Option<&mut Vec<T>> {
        T::vec_mut(self)
    }

    /// All values as packed native-endian bytes (an iso array's expanded
    /// once: see [`IsoArray`]).
    pub fn bytes(&self) -> &[u8] {
        match self {
            Array::Iso(iso) => iso.every().bytes(),
            dense => with_array!(dense, v => typed_bytes(v), u => u.bytes()),
        }
    }

    /// The bytes of value `k`.
    pub fn get_bytes(&self, k: usize) -> &[u8] {
        if let Array::Iso(iso) = self {
            debug_assert!(k < iso.len);
            return iso.value_bytes();
        }
        let s = self.elem_size();
        &self.bytes()[k * s..(k + 1) * s]
    }

    /// The values' bytes as byte-level kernels read them: value `q` starts at
    /// `q * step`, the step being the size of a value, or 0 for an iso array's
    /// one value (read without expanding it).
    pub fn strided_bytes(&self) -> (&[u8], usize) {
        match self {
            Array::Iso(iso) => (iso.value_bytes(), 0),
            dense => (dense.bytes(), dense.elem_size()),
        }
    }

    /// Writes every value's bytes into `dst` (exactly their length): an iso
    /// array's one value repeated, without expanding the array.
    pub fn write_bytes_into(&self, dst: &mut [u8]) {
        match self {
            Array::Iso(iso) => {
                let one = iso.value_bytes();
                for chunk in dst.chunks_exact_mut(one.len()) {
                    chunk.copy_from_slice(one);
                }
            }
            dense => copy_into_parallel(dst, dense.bytes()),
        }
    }

    /// The values cast to `D` (as [`Array::cast`] gives them) written into
    /// `dst`, one per value, in parallel when long, without a new array;
    /// `false`, with nothing written, for complex and user-defined values.
    pub fn cast_into<D: ArrayElement>(&self, dst: &mut [D]) -> bool {
        assert_eq!(dst.len(), self.len(), "one destination a value");
        let ty = self.ty();
        if ty.is_complex() || !ty.is_builtin() {
            return false;
        }
        if let Array::Iso(iso) = self {
            let one = iso.one.cast(&D::graphblas_type());
            let Some(&[v]) = D::slice(&one) else {
                return false;
            };
            dst.fill(v);
            return true;
        }
        with_array!(self, v => {
            cast_into(dst, v, crate::algebra::cast);
            true
        }, _u => false)
    }

    /// The one value of an iso array (see [`IsoArray`]); `None` when every
    /// value is stored.
    pub fn iso(&self) -> Option<&IsoArray> {
        match self {
            Array::Iso(iso) => Some(iso),
            _ => None,
        }
    }

    /// False for an iso array whose values have not been stored for a
    /// reader of every value yet (reading them as a slice stores them).
    pub fn is_expanded(&self) -> bool {
        match self {
            Array::Iso(iso) => iso.every.get().is_some(),
            _ => true,
        }
    }

    /// The values with every one stored: an iso array expanded into a
    /// copy, any other borrowed. Fails with `GrB_OUT_OF_MEMORY`.
    pub fn expanded(&self) -> Result<std::borrow::Cow<'_, Array>> {
        Ok(match self {
            Array::Iso(iso) => match iso.every.get() {
                Some(every) => std::borrow::Cow::Borrowed(&**every),
                None => std::borrow::Cow::Owned(Array::filled_dense(&iso.one.get(0), iso.len)?),
            },
            dense => std::borrow::Cow::Borrowed(dense),
        })
    }

    /// `n` copies of the one value of `one` (an array of length 1), stored once.
    pub fn iso_of(one: Array, n: usize) -> Array {
        assert_eq!(one.len(), 1, "one value");
        match n {
            0 | 1 => {
                let mut one = one;
                one.truncate(n);
                one
            }
            _ => Array::Iso(IsoArray::new(Box::new(one), n)),
        }
    }

    /// Stores every value of an iso array (before changing one in place).
    pub fn expand(&mut self) {
        if let Array::Iso(iso) = self {
            iso.every();
            let every = iso.every.take().expect("expanded above");
            *self = *every;
        }
    }

    /// Stores the values once when they are all equal, bit for bit (and
    /// there are at least two): the form stored contents take (see
    /// [`crate::storage::MatrixStore::new`]).
    pub fn make_iso_if_uniform(&mut self) {
        if self.len() >= 2
            && self.iso().is_none()
            && all_bytes_equal(self.bytes(), self.elem_size())
        {
            *self = Array::Iso(IsoArray::new(Box::new(self.slice(0..1)), self.len()));
        }
    }

    /// An iso array of `len` copies of `self`'s one value when `self` is
    /// iso; `None` otherwise.
    fn iso_of_len(&self, len: usize) -> Option<Array> {
        self.iso()
            .map(|iso| Array::Iso(IsoArray::new(iso.one.clone(), len)))
    }

    /// Value `k`.
    pub fn get(&self, k: usize) -> Value {
        Value::from_bytes(&self.ty(), self.get_bytes(k))
    }

    /// Overwrites value `k` with `bytes` (of the array's type).
    pub fn set_bytes(&mut self, k: usize, bytes: &[u8]) {
        if let Array::Iso(iso) = self {
            if iso.value_bytes() == bytes {
                return;
            }
            self.expand();
        }
        with_array!(self, v => v[k] = Element::read(bytes), u => {
            let s = u.ty.size();
            u.bytes_mut()[k * s..(k + 1) * s].copy_from_slice(bytes);
        })
    }

    /// Appends a value given by its bytes (of the array's type).
    pub fn push_bytes(&mut self, bytes: &[u8]) {
        if let Array::Iso(iso) = self {
            if iso.value_bytes() == bytes {
                iso.len += 1;
                return;
            }
            self.expand();
        }
        with_array!(self, v => v.push(Element::read(bytes)), u => {
            let s = u.ty.size();
            let k = u.len;
            u.resize(k + 1);
            u.bytes_mut()[k * s..(k + 1) * s].copy_from_slice(bytes);
        })
    }

    /// Reserves room for `extra` more values; fails with `GrB_OUT_OF_MEMORY`.
    pub fn try_reserve(&mut self, extra: usize) -> Result<()> {
        if self.iso().is_some() {
            return Ok(());
        }
        with_array!(self, v => v.try_reserve(extra).map_err(|_| out_of_memory("values")), u => u.try_reserve(extra))
    }

    /// Shortens the array to `n` values.
    pub fn truncate(&mut self, n: usize) {
        if let Array::Iso(iso) = self {
            if n < iso.len {
                // Its values expanded for a reader are as long as it was.
                iso.every = std::sync::OnceLock::new();
                iso.len = n;
            }
            return;
        }
        with_array!(self, v => v.truncate(n), u => if n < u.len { u.resize(n) })
    }

    /// Moves the values in `runs` (increasing, disjoint ranges), in order,
    /// to consecutive positions from `to`, in place; `to` may not pass the
    /// start of the first run. Iso values stay as they are.
    pub fn pack_runs(&mut self, runs: &[Range<usize>], to: usize) {
        if self.iso().is_some() {
            return;
        }
        with_array!(self, v => pack_runs(v, runs, to, 1), u => {
            let s = u.ty.size();
            pack_runs(u.bytes_mut(), runs, to, s);
        });
    }

    /// The values `kept` flags, in order (see [`Flagged`]).
    pub fn compact(&self, kept: &Flagged) -> Array {
        if let Some(iso) = self.iso_of_len(kept.kept()) {
            return iso;
        }
        with_array!(self, v => GatherInto::into_array_owned(kept.compact(v)), u => {
            Array::from_bytes(&u.ty, &kept.compact_bytes(u.bytes(), u.ty.size()))
        })
    }

    /// Keeps the values `kept` flags, in order, in place (see
    /// [`Flagged::compact_in_place`]).
    pub fn compact_in_place(&mut self, kept: &Flagged) {
        if self.iso().is_none() {
            with_array!(self, v => kept.compact_in_place(v), u => {
                let s = u.ty.size();
                kept.compact_bytes_in_place(u.bytes_mut(), s);
            });
        }
        self.truncate(kept.kept());
    }

    /// The values in `ranges`, concatenated in order (see [`copy_ranges`]).
    pub fn copy_ranges(&self, ranges: &[Range<usize>]) -> Array {
        let len = ranges.iter().map(|r| r.len()).sum();
        if let Some(iso) = self.iso_of_len(len) {
            return iso;
        }
        with_array!(self, v => GatherInto::into_array_owned(copy_ranges(v, ranges)), u => {
            let s = u.ty.size();
            let bytes: Vec<Range<usize>> = ranges.iter().map(|r| r.start * s..r.end * s).collect();
            Array::from_bytes(&u.ty, &copy_ranges(u.bytes(), &bytes))
        })
    }

    /// The arrays (all of type `ty`) concatenated, in order, in parallel when
    /// large (see [`concat_slices`]); fails with `GrB_OUT_OF_MEMORY` when the
    /// result cannot be allocated.
    pub fn concat(ty: &Type, arrays: &[&Array]) -> Result<Array> {
        if let Some(iso) = concat_iso(arrays) {
            return Ok(iso);
        }
        if arrays.iter().any(|a| a.iso().is_some()) {
            let dense = arrays
                .iter()
                .map(|a| a.expanded())
                .collect::<Result<Vec<_>>>()?;
            return Array::concat(ty, &dense.iter().map(|a| a.as_ref()).collect::<Vec<_>>());
        }
        crate::with_type!(ty.code(), T => {
            let slices: Vec<&[T]> = arrays
                .iter()
                .map(|a| a.as_slice::<T>().expect("arrays of one type"))
                .collect();
            Ok(T::into_array(concat_slices(&slices, "values")?))
        }, udt => {
            let total = arrays.iter().map(|a| a.len()).sum();
            let mut out = Array::with_capacity(ty, total)?;
            for a in arrays {
                out.append(a);
            }
            Ok(out)
        })
    }

    /// [`Array::concat`] of arrays that are dropped afterwards, given back
    /// to the system as they are copied (see [`concat_vecs`]).
    pub fn concat_owned(ty: &Type, arrays: Vec<Array>) -> Result<Array> {
        if arrays.iter().any(|a| a.iso().is_some()) {
            return Array::concat(ty, &arrays.iter().collect::<Vec<_>>());
        }
        crate::with_type!(ty.code(), T => {
            let vecs: Vec<Vec<T>> = arrays
                .into_iter()
                .map(|a| T::into_vec(a).unwrap_or_else(|_| panic!("arrays of one type")))
                .collect();
            Ok(T::into_array(concat_vecs(vecs, "values")?))
        }, udt => Array::concat(ty, &arrays.iter().collect::<Vec<_>>()))
    }

    /// Appends the values of `other` in `range` (of the same type).
    pub fn extend_from(&mut self, other: &Array, range: Range<usize>) {
        debug_assert_eq!(self.code(), other.code());
        if let (Array::Iso(iso), Some(o)) = (&mut *self, other.iso()) {
            if iso.value_bytes() == o.value_bytes() {
                iso.len += range.len();
                return;
            }
        }
        self.expand();
        if let Some(o) = other.iso() {
            let n = range.len();
            with_array!(self, v => extend_repeated(v, o.value_bytes(), n), _u => {
                for _ in 0..n {
                    self.push_bytes(o.value_bytes());
                }
            });
            return;
        }
        match (self, other) {
            (Array::Udt(u), Array::Udt(o)) => {
                let s = u.ty.size();
                let k = u.len;
                u.resize(k + range.len());
                copy_into(
                    &mut u.bytes_mut()[k * s..],
                    &o.bytes()[range.start * s..range.end * s],
                );
            }
            (this, other) => {
                with_array!(this, v => extend_typed(v, other, range), _u => unreachable!())
            }
        }
    }

    /// Appends all values of `other` (of the same type).
    pub fn append(&mut self, other: &Array) {
        self.extend_from(other, 0..other.len());
    }

    /// The values typecast to `to` (a copy; `to` must be compatible with the array's type).
    pub fn cast(&self, to: &Type) -> Array {
        if to.code() == self.code() && (to.is_builtin() || *to == self.ty()) {
            return self.clone();
        }
        if let Array::Iso(iso) = self {
            return Array::Iso(IsoArray::new(Box::new(iso.one.cast(to)), iso.len));
        }
        assert!(self.ty().compatible(to), "cast between incompatible types");
        if self.ty().is_complex() || to.is_complex() {
            return self.cast_bytes(to);
        }
        let from = self.code();
        with_array!(self, v => cast_vec(v, to.code()), _u => unreachable!("user types only cast to themselves, {from:?}"))
    }

    /// [`Array::cast`] value by value on bytes (to or from a complex type).
    fn cast_bytes(&self, to: &Type) -> Array {
        let f = crate::algebra::element::byte_cast_fn(self.code(), to.code());
        let size = to.size();
        let mut out = vec![0u8; self.len() * size];
        for (k, z) in out.chunks_exact_mut(size).enumerate() {
            f(z, self.get_bytes(k));
        }
        Array::from_bytes(to, &out)
    }

    /// The values typecast to `to`, consuming the array (no copy when the type already matches).
    pub fn into_cast(self, to: &Type) -> Array {
        if to.code() == self.code() && (to.is_builtin() || *to == self.ty()) {
            self
        } else {
            self.cast(to)
        }
    }

    /// The value at `k` cast to the Rust type `T` (built-in arrays only).
    pub fn get_as<T: Element>(&self, k: usize) -> T {
        let b = self.get_bytes(k);
        crate::with_type!(self.code(), S => crate::algebra::cast::<S, T>(S::read(b)), udt => panic!("user-defined values cannot be cast"))
    }

    /// Every value cast to `bool` as C does (`x != 0`; -0.0 is false, NaN true):
    /// the mask interpretation of values. User-defined values are true when any
    /// byte is nonzero.
    pub fn truth_values(&self) -> Vec<bool> {
        match self {
            Array::Iso(iso) => vec![iso.one.truth_values()[0]; iso.len],
            Array::Bool(v) => v.clone(),
            Array::Fp32(v) => v.iter().map(|&x| x != 0.0).collect(),
            Array::Fp64(v) => v.iter().map(|&x| x != 0.0).collect(),
            complex if complex.ty().is_complex() => {
                let bools = complex.cast(&Type::BOOL);
                bools.as_slice::<bool>().expect("cast to bool").to_vec()
            }
            other => {
                let s = other.elem_size();
                other
                    .bytes()
                    .chunks_exact(s)
                    .map(|c| c.iter().any(|&b| b != 0))
                    .collect()
            }
        }
    }
}

/// Appends `other`'s values in `range` to `v`: a plain copy when `other` holds
/// `T`, read from its bytes otherwise.
/// The concatenation of `arrays` as one iso array, when every non-empty one
/// is iso with the same value (and there is one).
fn concat_iso(arrays: &[&Array]) -> Option<Array> {
    let mut filled = arrays.iter().filter(|a| !a.is_empty());
    let first = filled.next()?.iso()?;
    filled
        .all(|a| {
            a.iso()
                .is_some_and(|o| o.value_bytes() == first.value_bytes())
        })
        .then(|| {
            Array::Iso(IsoArray::new(
                first.one.clone(),
                arrays.iter().map(|a| a.len()).sum(),
            ))
        })
}

/// True when the non-empty `bytes`, values of `size` bytes each, are all
/// equal, bit for bit.
pub(super) fn all_bytes_equal(bytes: &[u8], size: usize) -> bool {
    match size {
        1 => crate::storage::uniform::all_equal::<u8>(bytes),
        2 => crate::storage::uniform::all_equal::<u16>(bytes),
        4 => crate::storage::uniform::all_equal::<u32>(bytes),
        8 => crate::storage::uniform::all_equal::<u64>(bytes),
        _ => bytes.chunks_exact(size).all(|c| c == &bytes[..size]),
    }
}

/// Moves the runs of `v` (of elements of `size` items each) to
/// consecutive positions from `to`, which does not pass any run's start.
pub(super) fn pack_runs<T: Copy>(v: &mut [T], runs: &[Range<usize>], to: usize, size: usize) {
    let mut to = to * size;
    for r in runs {
        debug_assert!(to <= r.start * size);
        v.copy_within(r.start * size..r.end * size, to);
        to += r.len() * size;
    }
}

/// Appends `n` copies of the value `bytes` holds to `v`.
fn extend_repeated<T: Element>(v: &mut Vec<T>, bytes: &[u8], n: usize) {
    v.extend(std::iter::repeat_n(T::read(bytes), n));
}

fn extend_typed<T: ArrayElement>(v: &mut Vec<T>, other: &Array, range: Range<usize>) {
    match T::slice(other) {
        Some(src) => extend_copy(v, &src[range]),
        None => {
            let s = T::CODE.size();
            let bytes = &other.bytes()[range.start * s..range.end * s];
            v.extend(bytes.chunks_exact(s).map(T::read));
        }
    }
}

fn cast_vec<S: Element>(v: &[S], to: TypeCode) -> Array {
    crate::with_type!(to, D => D::into_array(v.iter().map(|&x| crate::algebra::cast::<S, D>(x)).collect()), udt => unreachable!())
}

/// A copy, made in pieces (see [`crate::storage::ranges`]).
impl Clone for Array {
    fn clone(&self) -> Array {
        match self {
            Array::Iso(iso) => Array::Iso(iso.clone()),
            dense => {
                with_array!(dense, v => GatherInto::into_array_owned(copy_vec(v)), u => Array::Udt(u.clone()))
            }
        }
    }
}

impl Array {
    /// A copy whose buffer has the same capacity as this one's (a clone
    /// has room for the values only).
    pub fn copy_keeping_capacity(&self) -> Array {
        if self.iso().is_some() {
            return self.clone();
        }
        with_array!(self, v => GatherInto::into_array_owned(copy_vec_with_capacity(v, v.capacity())),
            u => Array::Udt(u.copy_keeping_capacity()))
    }
}

impl std::fmt::Debug for Array {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Array::Iso(iso) => write!(f, "{:?} x {}", iso.one, iso.len),
            dense => {
                with_array!(dense, v => write!(f, "{v:?}"), u => write!(f, "{:?}[{} values]", u.ty, u.len))
            }
        }
    }
}

impl PartialEq for Array {
    fn eq(&self, other: &Array) -> bool {
        if self.iso().is_some() || other.iso().is_some() {
            return self.ty() == other.ty()
                && self.len() == other.len()
                && (0..self.len()).all(|k| self.get_bytes(k) == other.get_bytes(k));
        }
        self.ty() == other.ty() && self.bytes() == other.bytes()
    }
}

mod gather;
#[cfg(test)]
mod tests;
