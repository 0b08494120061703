//! Inner indices ([`Indices`]): stored in 32 bits when every one fits, in
//! 64 bits otherwise. Kernels read either width through [`IdxSlice`] and
//! [`with_idx!`](crate::with_idx), which compiles their code once per width.

use super::array::pack_runs;
use super::compact::Flagged;
use super::ranges::MOVE_STEP;
use crate::alloc::{discard_pages, HEAP_ALLOCATION_LIMIT};
use crate::error::{out_of_memory, Result};
use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut, Range};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, OnceLock};

/// An index width a kernel can be compiled for: `u32` or `u64`.
pub trait Idx: Copy + Ord + Default + Send + Sync + fmt::Debug + bytemuck::Pod + 'static {
    /// The index as a `u64`.
    fn to_u64(self) -> u64;
    /// The index as a `usize` (a zero extension).
    fn zx(self) -> usize;
    /// `v`, which the caller knows fits.
    fn from_u64(v: u64) -> Self;
    /// Indices of this width, stored.
    fn store(v: Vec<Self>) -> Indices;
    /// Room for indices of this width, to be written.
    fn dest(room: &mut [MaybeUninit<Self>]) -> IdxDest<'_>;
}

impl Idx for u32 {
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn zx(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn from_u64(v: u64) -> u32 {
        debug_assert!(v <= u32::MAX as u64);
        v as u32
    }
    fn store(v: Vec<u32>) -> Indices {
        Indices::narrow(v)
    }
    fn dest(room: &mut [MaybeUninit<u32>]) -> IdxDest<'_> {
        IdxDest::Narrow(room)
    }
}

impl Idx for u64 {
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self
    }
    #[inline(always)]
    fn zx(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn from_u64(v: u64) -> u64 {
        v
    }
    fn store(v: Vec<u64>) -> Indices {
        Indices::from(v)
    }
    fn dest(room: &mut [MaybeUninit<u64>]) -> IdxDest<'_> {
        IdxDest::Wide(room)
    }
}

/// Whether producers store indices in 32 bits when they fit: from
/// `GRB_INDEX_WIDTH` (`64`: always 64 bits; unset or anything else: 32 bits
/// when they fit) until [`set_narrow`] is called.
static NARROW: LazyLock<AtomicBool> = LazyLock::new(|| {
    AtomicBool::new(!std::env::var("GRB_INDEX_WIDTH").is_ok_and(|v| v.trim() == "64"))
});

/// Sets whether producers store indices in 32 bits when they fit; returns
/// the previous setting.
pub fn set_narrow(on: bool) -> bool {
    NARROW.swap(on, Ordering::Relaxed)
}

/// True when indices below `bound` are stored in 32 bits.
pub fn narrow_below(bound: u64) -> bool {
    bound <= 1 << 32 && NARROW.load(Ordering::Relaxed)
}

/// A position in an array: `usize`, or `u32` where every position fits
/// (half the memory of a permutation).
pub trait Position: Copy + Send + Sync + bytemuck::Zeroable + 'static {
    /// The position as a `usize`.
    fn at(self) -> usize;
    /// Position `k`, which the caller knows fits.
    fn from_usize(k: usize) -> Self;
}

impl Position for usize {
    #[inline(always)]
    fn at(self) -> usize {
        self
    }
    #[inline(always)]
    fn from_usize(k: usize) -> usize {
        k
    }
}

impl Position for u32 {
    #[inline(always)]
    fn at(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn from_usize(k: usize) -> u32 {
        debug_assert!(k <= u32::MAX as usize);
        k as u32
    }
}

/// A borrowed run of indices of either width.
#[derive(Clone, Copy, Debug)]
pub enum IdxSlice<'a> {
    /// 32-bit indices.
    Narrow(&'a [u32]),
    /// 64-bit indices.
    Wide(&'a [u64]),
}

impl<'a> IdxSlice<'a> {
    /// Number of indices.
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            IdxSlice::Narrow(s) => s.len(),
            IdxSlice::Wide(s) => s.len(),
        }
    }

    /// True when there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index at `q`.
    #[inline]
    pub fn get(&self, q: usize) -> u64 {
        match self {
            IdxSlice::Narrow(s) => s[q] as u64,
            IdxSlice::Wide(s) => s[q],
        }
    }

    /// The indices at `range`.
    #[inline]
    pub fn slice(&self, range: std::ops::Range<usize>) -> IdxSlice<'a> {
        match *self {
            IdxSlice::Narrow(s) => IdxSlice::Narrow(&s[range]),
            IdxSlice::Wide(s) => IdxSlice::Wide(&s[range]),
        }
    }

    /// Every index, as `u64`s.
    #[inline]
    pub fn iter(&self) -> IdxIter<'a> {
        match *self {
            IdxSlice::Narrow(s) => IdxIter::Narrow(s.iter()),
            IdxSlice::Wide(s) => IdxIter::Wide(s.iter()),
        }
    }

    /// The indices as `u64`s (copied when narrow).
    pub fn to_wide(&self) -> std::borrow::Cow<'a, [u64]> {
        match *self {
            IdxSlice::Narrow(s) => s.iter().map(|&j| j as u64).collect(),
            IdxSlice::Wide(s) => std::borrow::Cow::Borrowed(s),
        }
    }

    /// The indices at width `I`: borrowed when stored at it, copied
    /// otherwise (each must fit).
    #[inline]
    pub fn to_width<I: Idx>(&self) -> std::borrow::Cow<'a, [I]> {
        use std::borrow::Cow;
        match *self {
            IdxSlice::Narrow(s) if std::mem::size_of::<I>() == 4 => {
                Cow::Borrowed(bytemuck::cast_slice(s))
            }
            IdxSlice::Wide(s) if std::mem::size_of::<I>() == 8 => {
                Cow::Borrowed(bytemuck::cast_slice(s))
            }
            _ => self.iter().map(I::from_u64).collect(),
        }
    }

    /// True when both hold the same indices (of either width).
    pub fn same(&self, other: &IdxSlice) -> bool {
        match (*self, *other) {
            (IdxSlice::Narrow(a), IdxSlice::Narrow(b)) => a == b,
            (IdxSlice::Wide(a), IdxSlice::Wide(b)) => a == b,
            (a, b) => a.len() == b.len() && a.iter().eq(b.iter()),
        }
    }

    /// True when the (sorted) slice holds `j`.
    #[inline]
    pub fn contains(&self, j: u64) -> bool {
        match *self {
            IdxSlice::Narrow(s) => u32::try_from(j).is_ok_and(|j| s.binary_search(&j).is_ok()),
            IdxSlice::Wide(s) => s.binary_search(&j).is_ok(),
        }
    }

    /// Asks for the index at `q` to be loaded into the cache.
    #[inline(always)]
    pub fn prefetch(&self, q: usize) {
        match *self {
            IdxSlice::Narrow(s) => super::prefetch::prefetch(s, q),
            IdxSlice::Wide(s) => super::prefetch::prefetch(s, q),
        }
    }

    /// The number of indices below `bound` (the slice is sorted).
    #[inline]
    pub fn count_below(&self, bound: u64) -> usize {
        match *self {
            IdxSlice::Narrow(s) => s.partition_point(|&j| (j as u64) < bound),
            IdxSlice::Wide(s) => s.partition_point(|&j| j < bound),
        }
    }
}

impl<'a> From<&'a [u64]> for IdxSlice<'a> {
    fn from(s: &'a [u64]) -> IdxSlice<'a> {
        IdxSlice::Wide(s)
    }
}

/// The indices of an [`IdxSlice`], as `u64`s.
#[derive(Clone, Debug)]
pub enum IdxIter<'a> {
    /// 32-bit indices.
    Narrow(std::slice::Iter<'a, u32>),
    /// 64-bit indices.
    Wide(std::slice::Iter<'a, u64>),
}

impl Iterator for IdxIter<'_> {
    type Item = u64;
    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        match self {
            IdxIter::Narrow(it) => it.next().map(|&j| j as u64),
            IdxIter::Wide(it) => it.next().copied(),
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match self {
            IdxIter::Narrow(it) => it.len(),
            IdxIter::Wide(it) => it.len(),
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for IdxIter<'_> {}

/// Room for indices of either width, each position to be written once.
pub enum IdxDest<'a> {
    /// Room for 32-bit indices.
    Narrow(&'a mut [MaybeUninit<u32>]),
    /// Room for 64-bit indices.
    Wide(&'a mut [MaybeUninit<u64>]),
}

/// Runs `$body` with `$s` bound to the slice of an [`IdxSlice`] (`&[u32]`
/// or `&[u64]`): the body is compiled once per width.
#[macro_export]
macro_rules! with_idx {
    ($slice:expr, $s:ident => $body:expr) => {
        match $slice {
            $crate::storage::index::IdxSlice::Narrow($s) => $body,
            $crate::storage::index::IdxSlice::Wide($s) => $body,
        }
    };
}

/// Runs `$body` with `$x` and `$y` bound to the slices of two
/// [`IdxSlice`]s of one width (`&[u32]` or `&[u64]` both): the body is
/// compiled once per width. Slices of different widths are both read as
/// `u64`s (the narrow one copied: a pack next to computed content).
#[macro_export]
macro_rules! with_idx2 {
    ($a:expr, $b:expr, ($x:ident, $y:ident) => $body:expr) => {{
        use $crate::storage::index::IdxSlice;
        match ($a, $b) {
            (IdxSlice::Narrow($x), IdxSlice::Narrow($y)) => $body,
            (IdxSlice::Wide($x), IdxSlice::Wide($y)) => $body,
            (a, b) => {
                let (a, b) = (a.to_wide(), b.to_wide());
                let ($x, $y): (&[u64], &[u64]) = (&a, &b);
                $body
            }
        }
    }};
}

/// Runs `$body` with `$x` and `$y` bound to the slices of two
/// [`IdxSlice`]s when they have one width (compiled once per width), and
/// `$otherwise` when their widths differ.
#[macro_export]
macro_rules! with_same_idx {
    ($a:expr, $b:expr, ($x:ident, $y:ident) => $body:expr, else $otherwise:expr) => {{
        use $crate::storage::index::IdxSlice;
        match ($a, $b) {
            (IdxSlice::Narrow($x), IdxSlice::Narrow($y)) => $body,
            (IdxSlice::Wide($x), IdxSlice::Wide($y)) => $body,
            _ => $otherwise,
        }
    }};
}

enum Store {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

/// The inner indices of a compressed matrix: 32-bit when narrowed, 64-bit
/// otherwise.
///
/// Kernels that know both widths read them through [`Indices::as_idx`]; a
/// reader of a `&[u64]` (through `Deref`) gets narrow indices widened once
/// and kept with them (memory the narrow form saves only until then; shown
/// by `GRB_EXPLAIN`). Changing them in place stores them wide.
pub struct Indices {
    store: Store,
    /// The indices widened, once a reader asked for a `&[u64]`.
    wide: OnceLock<Vec<u64>>,
}

impl Indices {
    fn of(store: Store) -> Indices {
        Indices {
            store,
            wide: OnceLock::new(),
        }
    }

    /// Indices stored in 32 bits; each must fit.
    pub fn narrow(v: Vec<u32>) -> Indices {
        Indices::of(Store::Narrow(v))
    }

    /// `v` narrowed when every index is below `bound` and `bound` allows it
    /// (a copy), kept as it is otherwise (or when memory for the copy is
    /// short).
    pub fn fitting(v: Vec<u64>, bound: u64) -> Indices {
        let mut out = Vec::new();
        if !narrow_below(bound) || out.try_reserve_exact(v.len()).is_err() {
            return Indices::from(v);
        }
        Indices::narrow(narrow_moving(v, out))
    }

    /// A copy of `src`, narrowed when every index is below `bound` and
    /// `bound` allows it.
    pub fn copy_of(src: &[u64], bound: u64) -> Indices {
        match narrow_below(bound).then(|| narrow_copy(src)).flatten() {
            Some(n) => Indices::narrow(n),
            None => Indices::from(super::ranges::copy_vec(src)),
        }
    }

    /// Keeps the indices `kept` flags, in order, in place (the width stays;
    /// see [`Flagged::compact_in_place`]).
    pub fn compact_in_place(&mut self, kept: &Flagged) {
        self.wide = OnceLock::new();
        match &mut self.store {
            Store::Narrow(v) => kept.compact_in_place(v),
            Store::Wide(v) => kept.compact_in_place(v),
        }
    }

    /// Keeps the indices at the positions `keep` accepts, in their order,
    /// in place (the width stays).
    pub fn retain_positions(&mut self, keep: impl Fn(usize) -> bool) {
        fn retain<T: Copy>(v: &mut Vec<T>, keep: impl Fn(usize) -> bool) {
            let mut kept = 0;
            for q in 0..v.len() {
                if keep(q) {
                    v[kept] = v[q];
                    kept += 1;
                }
            }
            v.truncate(kept);
        }
        self.wide = OnceLock::new();
        match &mut self.store {
            Store::Narrow(v) => retain(v, keep),
            Store::Wide(v) => retain(v, keep),
        }
    }

    /// The indices of `parts`, each plus its shift, concatenated in order:
    /// in 32 bits when `bound` (above every result) and the setting allow
    /// it. The parts are copied in parallel, each freed once copied (a
    /// large one given back piece by piece as it is read), into an exactly
    /// sized array; fails with `GrB_OUT_OF_MEMORY` when that cannot be
    /// allocated.
    pub fn concat_shifted(parts: Vec<(Indices, u64)>, bound: u64) -> Result<Indices> {
        if narrow_below(bound) {
            concat_shifted_as::<u32>(parts).map(Indices::narrow)
        } else {
            concat_shifted_as::<u64>(parts).map(Indices::from)
        }
    }

    /// Moves the indices in `runs` (increasing, disjoint ranges), in order,
    /// to consecutive positions from `to`, in place (the width stays); `to`
    /// may not pass the start of the first run. Returns the position after
    /// the last one moved.
    pub fn pack_runs(&mut self, runs: &[Range<usize>], to: usize) -> usize {
        self.wide = OnceLock::new();
        match &mut self.store {
            Store::Narrow(v) => pack_runs(v, runs, to, 1),
            Store::Wide(v) => pack_runs(v, runs, to, 1),
        }
        to + runs.iter().map(|r| r.len()).sum::<usize>()
    }

    /// Shortens the indices to `n`.
    pub fn truncate(&mut self, n: usize) {
        self.wide = OnceLock::new();
        match &mut self.store {
            Store::Narrow(v) => v.truncate(n),
            Store::Wide(v) => v.truncate(n),
        }
    }

    /// These indices in 32 bits when every one is below `bound` and the
    /// setting allows it.
    pub fn narrowed(self, bound: u64) -> Indices {
        match self.store {
            Store::Wide(v) => Indices::fitting(v, bound),
            narrow => Indices::of(narrow),
        }
    }

    /// Number of indices.
    #[inline]
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Narrow(v) => v.len(),
            Store::Wide(v) => v.len(),
        }
    }

    /// True when there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of indices the storage has room for.
    pub fn capacity(&self) -> usize {
        match &self.store {
            Store::Narrow(v) => v.capacity(),
            Store::Wide(v) => v.capacity(),
        }
    }

    /// True when stored in 32 bits.
    pub fn is_narrow(&self) -> bool {
        matches!(self.store, Store::Narrow(_))
    }

    /// The index at `q`.
    #[inline]
    pub fn get(&self, q: usize) -> u64 {
        match &self.store {
            Store::Narrow(v) => v[q] as u64,
            Store::Wide(v) => v[q],
        }
    }

    /// The indices as stored.
    #[inline]
    pub fn as_idx(&self) -> IdxSlice<'_> {
        match &self.store {
            Store::Narrow(v) => IdxSlice::Narrow(v),
            Store::Wide(v) => IdxSlice::Wide(v),
        }
    }

    /// The indices at `range`, as stored.
    #[inline]
    pub fn idx_range(&self, range: std::ops::Range<usize>) -> IdxSlice<'_> {
        self.as_idx().slice(range)
    }

    /// The bytes held, a widened copy included.
    pub fn heap_bytes(&self) -> usize {
        let own = match &self.store {
            Store::Narrow(v) => v.len() * 4,
            Store::Wide(v) => v.len() * 8,
        };
        own + self.wide.get().map_or(0, |w| w.len() * 8)
    }

    /// A copy (made in parallel when large), of the same width.
    pub fn copied(&self) -> Indices {
        use super::ranges::copy_vec;
        Indices::of(match &self.store {
            Store::Narrow(v) => Store::Narrow(copy_vec(v)),
            Store::Wide(v) => Store::Wide(copy_vec(v)),
        })
    }

    /// True when both are the same buffer.
    pub fn same_buffer(&self, other: &Indices) -> bool {
        match (&self.store, &other.store) {
            (Store::Narrow(a), Store::Narrow(b)) => std::ptr::eq(a.as_ptr(), b.as_ptr()),
            (Store::Wide(a), Store::Wide(b)) => std::ptr::eq(a.as_ptr(), b.as_ptr()),
            _ => false,
        }
    }

    /// A copy with the same capacity (what unpack hands out for shared
    /// content).
    pub fn copy_keeping_capacity(&self) -> Indices {
        use super::ranges::copy_vec_with_capacity as copy;
        Indices::of(match &self.store {
            Store::Narrow(v) => Store::Narrow(copy(v, v.capacity())),
            Store::Wide(v) => Store::Wide(copy(v, v.capacity())),
        })
    }

    /// The indices as a `Vec<u64>` (moved when wide, copied when narrow).
    pub fn into_wide_vec(self) -> Result<Vec<u64>> {
        match self.store {
            Store::Wide(v) => Ok(v),
            Store::Narrow(v) => match self.wide.into_inner() {
                Some(w) => Ok(w),
                None => widen(&v),
            },
        }
    }

    /// The indices stored wide, to change in place.
    pub fn wide_mut(&mut self) -> &mut Vec<u64> {
        if let Store::Narrow(v) = &self.store {
            let w = match self.wide.take() {
                Some(w) => w,
                None => v.iter().map(|&j| j as u64).collect(),
            };
            self.store = Store::Wide(w);
        }
        self.wide = OnceLock::new();
        match &mut self.store {
            Store::Wide(v) => v,
            Store::Narrow(_) => unreachable!("widened above"),
        }
    }

    fn widened(&self) -> &[u64] {
        match &self.store {
            Store::Wide(v) => v,
            Store::Narrow(v) => self.wide.get_or_init(|| {
                crate::explain::step(|| {
                    format!(
                        "widen indices: {} 32-bit indices stored in 64 bits for a reader of u64s",
                        v.len()
                    )
                });
                v.iter().map(|&j| j as u64).collect()
            }),
        }
    }
}

/// Indices appended one by one, in 32 bits when the bound given at the start
/// (above every index to come) and the setting allow it, so that a result
/// assembled in pieces never holds a 64-bit copy of its indices.
pub struct IndexBuffer(Store);

impl IndexBuffer {
    /// An empty buffer for indices below `bound`.
    pub fn below(bound: u64) -> IndexBuffer {
        IndexBuffer(if narrow_below(bound) {
            Store::Narrow(Vec::new())
        } else {
            Store::Wide(Vec::new())
        })
    }

    /// Appends `j` (below the bound).
    #[inline]
    pub fn push(&mut self, j: u64) {
        match &mut self.0 {
            Store::Narrow(v) => v.push(u32::from_u64(j)),
            Store::Wide(v) => v.push(j),
        }
    }

    /// Appends every index of `it` (each below the bound).
    pub fn extend(&mut self, it: impl IntoIterator<Item = u64>) {
        match &mut self.0 {
            Store::Narrow(v) => v.extend(it.into_iter().map(u32::from_u64)),
            Store::Wide(v) => v.extend(it),
        }
    }

    /// Makes room for `additional` more indices.
    pub fn reserve(&mut self, additional: usize) {
        match &mut self.0 {
            Store::Narrow(v) => v.reserve(additional),
            Store::Wide(v) => v.reserve(additional),
        }
    }

    /// Number of indices appended.
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            Store::Narrow(v) => v.len(),
            Store::Wide(v) => v.len(),
        }
    }

    /// True when none were appended.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The indices appended, stored at the buffer's width.
    pub fn into_indices(self) -> Indices {
        Indices::of(self.0)
    }
}

/// [`Indices::concat_shifted`] into indices of width `I`.
fn concat_shifted_as<I: Idx>(parts: Vec<(Indices, u64)>) -> Result<Vec<I>> {
    let total = parts.iter().map(|(i, _)| i.len()).sum();
    let mut out: Vec<I> = Vec::new();
    out.try_reserve_exact(total)
        .map_err(|_| out_of_memory("joined indices"))?;
    let room = &mut out.spare_capacity_mut()[..total];
    let jobs = super::ranges::shares(
        room,
        parts.into_iter().map(|(i, s)| {
            let len = i.len();
            ((i, s), len)
        }),
    );
    crate::parallel::map_items(jobs, |((mut part, shift), dst)| match &mut part.store {
        Store::Narrow(v) => shift_into(dst, v, shift),
        Store::Wide(v) => shift_into(dst, v, shift),
    });
    // SAFETY: the parts' destinations cover `0..total` exactly and each was
    // written completely above.
    unsafe { out.set_len(total) };
    Ok(out)
}

/// Writes each index of `src` plus `shift` into `dst` (as long). A `src`
/// of a mapping of its own is given back to the system 2 MiB at a time as
/// it is read (see [`discard_pages`]): the copy then mostly reuses the
/// pages just freed, and the memory in use grows by little.
fn shift_into<S: Idx, I: Idx>(dst: &mut [MaybeUninit<I>], src: &mut Vec<S>, shift: u64) {
    let mapped = src.capacity() * std::mem::size_of::<S>() >= HEAP_ALLOCATION_LIMIT;
    let step = if mapped {
        MOVE_STEP / std::mem::size_of::<S>()
    } else {
        src.len().max(1)
    };
    for (d, piece) in dst.chunks_mut(step).zip(src.chunks_mut(step)) {
        for (o, &j) in d.iter_mut().zip(piece.iter()) {
            o.write(I::from_u64(j.to_u64() + shift));
        }
        if mapped {
            discard_pages(piece);
        }
    }
}

/// `v` as `u32`s (each must fit), copied in parallel; `None` when memory
/// for them is short.
fn narrow_copy(v: &[u64]) -> Option<Vec<u32>> {
    let mut out: Vec<u32> = Vec::new();
    out.try_reserve_exact(v.len()).ok()?;
    crate::parallel::for_each_chunk_mut(
        &mut out.spare_capacity_mut()[..v.len()],
        1 << 16,
        |r, chunk| {
            for (o, &j) in chunk.iter_mut().zip(&v[r]) {
                debug_assert!(j <= u32::MAX as u64);
                o.write(j as u32);
            }
        },
    );
    // SAFETY: every position below `v.len()` was written above.
    unsafe { out.set_len(v.len()) };
    Some(out)
}

/// `v` in 32 bits, written into `out` (empty, with room for them). When
/// `v` is a mapping of its own (a large vector), its pages are given back
/// to the system as they are read, so that the memory in use grows by
/// little more than the copy's pieces.
fn narrow_moving(mut v: Vec<u64>, mut out: Vec<u32>) -> Vec<u32> {
    /// Indices per piece: whole pages of `v` to give back.
    const PIECE: usize = MOVE_STEP / 8;
    let n = v.len();
    let mapped = v.capacity() * 8 >= HEAP_ALLOCATION_LIMIT;
    let pieces: Vec<_> = v
        .chunks_mut(PIECE)
        .zip(out.spare_capacity_mut()[..n].chunks_mut(PIECE))
        .collect();
    crate::parallel::map_items(pieces, |(src, dst)| {
        for (o, &j) in dst.iter_mut().zip(src.iter()) {
            debug_assert!(j <= u32::MAX as u64);
            o.write(j as u32);
        }
        if mapped {
            discard_pages(src);
        }
    });
    // SAFETY: the pieces cover every position below `n`, each written above.
    unsafe { out.set_len(n) };
    out
}

/// `v` as `u64`s, in fallibly allocated memory.
fn widen(v: &[u32]) -> Result<Vec<u64>> {
    let mut out = Vec::new();
    out.try_reserve_exact(v.len())
        .map_err(|_| out_of_memory("widened indices"))?;
    out.extend(v.iter().map(|&j| j as u64));
    Ok(out)
}

impl Deref for Indices {
    type Target = [u64];
    #[inline]
    fn deref(&self) -> &[u64] {
        match &self.store {
            Store::Wide(v) => v,
            Store::Narrow(_) => self.widened(),
        }
    }
}

impl DerefMut for Indices {
    fn deref_mut(&mut self) -> &mut [u64] {
        self.wide_mut()
    }
}

impl From<Vec<u64>> for Indices {
    fn from(v: Vec<u64>) -> Indices {
        Indices::of(Store::Wide(v))
    }
}

impl FromIterator<u64> for Indices {
    fn from_iter<It: IntoIterator<Item = u64>>(it: It) -> Indices {
        Indices::from(it.into_iter().collect::<Vec<u64>>())
    }
}

impl Default for Indices {
    fn default() -> Indices {
        Indices::from(Vec::new())
    }
}

impl Clone for Indices {
    fn clone(&self) -> Indices {
        Indices::of(match &self.store {
            Store::Narrow(v) => Store::Narrow(v.clone()),
            Store::Wide(v) => Store::Wide(v.clone()),
        })
    }
}

impl fmt::Debug for Indices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_idx().iter()).finish()
    }
}

impl PartialEq for Indices {
    fn eq(&self, other: &Indices) -> bool {
        self.as_idx().same(&other.as_idx())
    }
}

impl PartialEq<Vec<u64>> for Indices {
    fn eq(&self, other: &Vec<u64>) -> bool {
        self.len() == other.len() && self.as_idx().iter().eq(other.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_and_wide_hold_the_same_indices() {
        let wide = Indices::from(vec![0, 5, 9]);
        let narrow = Indices::narrow(vec![0, 5, 9]);
        assert_eq!(wide, narrow);
        assert_eq!(narrow, vec![0, 5, 9]);
        assert_eq!(narrow.get(1), 5);
        assert_eq!(&narrow[..], &[0, 5, 9]);
        assert_eq!(narrow.clone().into_wide_vec().unwrap(), vec![0, 5, 9]);
        let big = Indices::fitting(vec![1 << 40], 1 << 41);
        assert!(!big.is_narrow());
    }

    #[test]
    fn shifted_parts_concatenate_in_order() {
        // A part large enough for a mapping of its own is read in pieces,
        // each given back; the others are copied whole.
        let big: Vec<u64> = (0..(HEAP_ALLOCATION_LIMIT / 8 + 1000) as u64).collect();
        let parts = || {
            vec![
                (Indices::narrow(vec![3, 1]), 10),
                (Indices::from(big.clone()), 2),
                (Indices::from(vec![]), 7),
                (Indices::from(vec![4]), 0),
            ]
        };
        let mut want = vec![13, 11];
        want.extend(big.iter().map(|&j| j + 2));
        want.push(4);
        // In 32 bits when the setting allows it (not changed here: other
        // tests read it), in 64 past 2^32.
        for bound in [big.len() as u64 + 2, 1 << 41] {
            let joined = Indices::concat_shifted(parts(), bound).unwrap();
            assert!(joined == want, "joined indices differ");
            assert!(bound < 1 << 32 || !joined.is_narrow());
        }
        let far = Indices::concat_shifted(vec![(Indices::narrow(vec![1]), 1 << 40)], 1 << 41);
        assert_eq!(far.unwrap(), vec![(1 << 40) + 1]);
    }

    #[test]
    fn changing_narrow_indices_stores_them_wide() {
        let mut n = Indices::narrow(vec![1, 2]);
        let _ = &n[..];
        assert_eq!(n.heap_bytes(), 8 + 16);
        n[0] = 1 << 40;
        assert!(!n.is_narrow());
        assert_eq!(n.heap_bytes(), 16);
        assert_eq!(n, vec![1 << 40, 2]);
    }

    #[test]
    fn with_idx_compiles_the_body_per_width() {
        fn sum<I: Idx>(s: &[I]) -> u64 {
            s.iter().map(|j| j.to_u64()).sum()
        }
        for ix in [Indices::narrow(vec![1, 2, 3]), Indices::from(vec![1, 2, 3])] {
            assert_eq!(crate::with_idx!(ix.as_idx(), s => sum(s)), 6);
            assert_eq!(ix.idx_range(1..3).iter().collect::<Vec<_>>(), vec![2, 3]);
        }
    }
}
