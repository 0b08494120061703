//! Sums of a dense column's values at each run's indices, read by the
//! processor's gather instructions (AVX2): PageRank's product `A' w` with
//! `PLUS_SECOND` (or `PLUS_FIRST` flipped), the multiply reading the column
//! only, for the semirings with a monomorphic kernel (`FP32`, `FP64`, and
//! `INT64`, whose sums wrap, so its lanes add exactly as a fold does); and
//! the same sums over the flagged entries of a bitmap column (betweenness's
//! forward pull, `PLUS_FIRST`), in `FP32` and `FP64`. One instruction loads
//! eight 32-bit (four 64-bit) values from anywhere in the column, where the
//! scalar loop issues a load, an address computation and an add for each,
//! and the flagged loop a branch on each flag that the processor misses
//! about as often as the flags change. LAGraph's `gappagerank_demo` (GAP,
//! `FP32`) on a uniform graph of scale 20: 0.311–0.321 s → 0.263–0.270; a
//! scratch loop over a column whose reads concentrate on a few entries
//! (Kronecker-like) gained 24 %, over uniform reads 3 %.
//!
//! A column beyond the cache is summed by column blocks (see [`sums`]).
//!
//! Every index is checked against the column's length before its gather,
//! eight at once: memory safety does not rest on the stored indices being
//! in range.

use crate::algebra::typed_op::{First, Plus, Second};
use crate::cpu::has_avx2;
use crate::storage::column_blocks::{segments, ColumnBlocks, BLOCK_COLUMNS};
use crate::storage::Idx;
use std::any::TypeId;

/// Runs shorter than this are summed left to right, as the general fold
/// does (a gather's setup and the lanes' final sum outweigh it).
const GATHER_FROM: usize = 8;

/// For each run `p[s]..p[s + 1]` that is not empty, `w[s]` = the sum of
/// `col[idx[q]]` over the run (with `into`, added to `w[s]`), `present[s]`
/// set; the number of such runs. `None`, with nothing written, unless the
/// semiring is `PLUS` with a multiply returning the column's value (`A`,
/// `M`, `flip`), the values of a type [`Gathered`] covers, the indices
/// 32-bit, the column within a gather's signed 32-bit offsets and the
/// processor has AVX2.
///
/// A column of more than [`BLOCKED_FROM_BYTES`] in two to [`MOST_BLOCKS`]
/// blocks is summed by column blocks ([`ColumnBlocks`]): each run's segments in
/// the blocks summed apart, in block order, into `w[s]`; read from
/// `blocks` (the blocks of the whole matrix and the vector of the first
/// run) when given, the runs cut as they go otherwise, with the same sums.
#[allow(clippy::too_many_arguments)]
pub(super) fn sums<T: 'static + Copy, A: 'static, M: 'static, I: Idx + 'static>(
    into: bool,
    flip: bool,
    p: &[usize],
    idx: &[I],
    col: &[T],
    blocks: Option<(&ColumnBlocks, usize)>,
    w: &mut [T],
    present: &mut [bool],
) -> Option<usize> {
    if col.len() > i32::MAX as usize {
        return None;
    }
    let idx = gathered_indices::<A, M, I>(flip, idx)?;
    let by_blocks = by_blocks::<T>(col.len());
    macro_rules! as_gathered {
        ($($t:ty as $g:ty),*) => {$(
            if TypeId::of::<T>() == TypeId::of::<$t>() {
                // SAFETY: `T` is `$t`, which is `$g`.
                let (col, w) = unsafe { (same::<T, $g>(col), same_mut::<T, $g>(w)) };
                let runs_of = Runs { into, col, w, present };
                return Some(match (by_blocks, blocks) {
                    (false, _) => runs_of.whole(p, idx),
                    (true, None) => runs_of.cut(p, idx),
                    (true, Some((blocks, first))) => runs_of.blocked(blocks, first, p.len() - 1),
                });
            }
        )*};
    }
    as_gathered!(f32 as f32, f64 as f64, i64 as i64);
    None
}

/// For each run `p[s]..p[s + 1]` that `allowed(s)` admits, the sum of
/// `col[idx[q]]` over the run's positions whose index is flagged, handed to
/// `set(s, sum)` when one is; true when done, false (nothing done) under
/// the conditions of [`sums`] (the values `FP32` or `FP64`), or with fewer
/// than four flags (each flag is read as part of four bytes).
pub(super) fn flagged_sums<T: 'static + Copy, A: 'static, M: 'static, I: Idx + 'static>(
    flip: bool,
    p: &[usize],
    (idx, flags, col): (&[I], &[bool], &[T]),
    allowed: &impl Fn(usize) -> bool,
    set: &mut impl FnMut(usize, &T),
) -> bool {
    let sizes = (4..=i32::MAX as usize).contains(&flags.len())
        && (1..=i32::MAX as usize).contains(&col.len());
    let Some(idx) = gathered_indices::<A, M, I>(flip, idx).filter(|_| sizes) else {
        return false;
    };
    macro_rules! as_flag_gathered {
        ($($t:ty),*) => {$(
            if TypeId::of::<T>() == TypeId::of::<$t>() {
                // SAFETY: `T` is `$t`.
                let col = unsafe { same::<T, $t>(col) };
                for (s, run) in p.windows(2).enumerate() {
                    if !allowed(s) {
                        continue;
                    }
                    let is = &idx[run[0]..run[1]];
                    let z = if is.len() >= GATHER_FROM {
                        <$t as FlagGathered>::flagged_lanes(is, flags, col)
                    } else {
                        fold_flagged(None, is, flags, col)
                    };
                    if let Some(z) = z {
                        // SAFETY: `$t` is `T`.
                        set(s, unsafe { &*(&z as *const $t).cast::<T>() });
                    }
                }
                return true;
            }
        )*};
    }
    as_flag_gathered!(f32, f64);
    false
}

/// `z` plus `col[i]` for each index `i` of `is` whose flag is set, left to
/// right; `None` while no flag has been.
fn fold_flagged<T: Gathered>(z: Option<T>, is: &[u32], flags: &[bool], col: &[T]) -> Option<T> {
    is.iter().fold(z, |z, &i| match (flags[i as usize], z) {
        (false, z) => z,
        (true, None) => Some(col[i as usize]),
        (true, Some(z)) => Some(z.plus(col[i as usize])),
    })
}

/// `idx` as 32-bit indices when the gathers can sum its runs: `PLUS` with
/// a multiply returning the column's value (`A`, `M`, `flip`), 32-bit
/// indices, and a processor with AVX2.
fn gathered_indices<A: 'static, M: 'static, I: Idx + 'static>(
    flip: bool,
    idx: &[I],
) -> Option<&[u32]> {
    let plus = TypeId::of::<A>() == TypeId::of::<Plus>();
    let column = TypeId::of::<M>() == column_multiply(flip);
    let narrow = TypeId::of::<I>() == TypeId::of::<u32>();
    // SAFETY: `I` is `u32`.
    (plus && column && narrow && has_avx2()).then(|| unsafe { same::<I, u32>(idx) })
}

/// `s` as a slice of `U`.
///
/// # Safety
/// `U` has `T`'s size and alignment, and every bit pattern of `T` is a
/// valid `U`.
unsafe fn same<T, U>(s: &[T]) -> &[U] {
    std::slice::from_raw_parts(s.as_ptr().cast(), s.len())
}

/// [`same`] for a mutable slice (`T` and `U` valid for each other's bits).
///
/// # Safety
/// As for [`same`], both ways.
unsafe fn same_mut<T, U>(s: &mut [T]) -> &mut [U] {
    std::slice::from_raw_parts_mut(s.as_mut_ptr().cast(), s.len())
}

/// The multiply that returns the column's value: `SECOND` (the column is
/// the multiply's `y`), or `FIRST` when the operands are flipped.
fn column_multiply(flip: bool) -> TypeId {
    if flip {
        TypeId::of::<First>()
    } else {
        TypeId::of::<Second>()
    }
}

/// A value type whose sums the gathers compute.
trait Gathered: Copy {
    /// `PLUS` of the type (wrapping for integers).
    fn plus(self, y: Self) -> Self;
    /// The sum of `col[i]` over `is` (at least [`GATHER_FROM`] indices, all
    /// within `col`, whose length is at most `i32::MAX`), in lanes, the last
    /// ones gathered under a mask.
    fn lanes(is: &[u32], col: &[Self]) -> Self;
}

/// A value type whose flagged sums the gathers compute.
trait FlagGathered: Gathered {
    /// The sum of `col[i]` over the indices `i` of `is` (at least
    /// [`GATHER_FROM`]) whose flag is set, `None` when none is; `flags` at
    /// least four long, both at most `i32::MAX`.
    fn flagged_lanes(is: &[u32], flags: &[bool], col: &[Self]) -> Option<Self>;
}

/// Bytes of a column beyond which [`sums`] sums by column blocks: the
/// L2 cache of a core. PageRank's product on a uniform random graph of
/// scale 20 (`FP32`, 4 MB `w`; scratch C loops, 2 threads): 43–46 ms in one
/// pass, 25–27 over a copy of the matrix in blocks of 1 MB of `w`.
pub(super) const BLOCKED_FROM_BYTES: usize = 2 << 20;

/// The most blocks [`sums`] cuts a column into: a column of more blocks
/// leaves pieces of runs too short to sum, each with its own pointers
/// (not measured beyond eight: a graph of scale 21 in `FP64`).
const MOST_BLOCKS: usize = 8;

/// True when [`sums`] sums a column of `len` values `T` by blocks.
fn by_blocks<T>(len: usize) -> bool {
    (BLOCK_COLUMNS + 1..=MOST_BLOCKS * BLOCK_COLUMNS).contains(&len)
        && len.saturating_mul(std::mem::size_of::<T>()) > BLOCKED_FROM_BYTES
}

/// True when [`sums`] would sum a column of `len` values by blocks with
/// these types: the product then asks for the matrix's blocks.
pub(super) fn sums_by_blocks<T: 'static, A: 'static, M: 'static>(flip: bool, len: usize) -> bool {
    let gathered = [
        TypeId::of::<f32>(),
        TypeId::of::<f64>(),
        TypeId::of::<i64>(),
    ];
    gathered.contains(&TypeId::of::<T>())
        && by_blocks::<T>(len)
        && gathered_indices::<A, M, u32>(flip, &[]).is_some()
}

/// The sums of [`sums`] over typed slices into the slots `w`, each set in
/// `present`.
struct Runs<'a, T> {
    into: bool,
    col: &'a [T],
    w: &'a mut [T],
    present: &'a mut [bool],
}

impl<T: Gathered> Runs<'_, T> {
    /// Each run summed whole; the number of runs not empty.
    fn whole(self, p: &[usize], idx: &[u32]) -> usize {
        let mut nvals = 0;
        let slots = self.w.iter_mut().zip(self.present.iter_mut());
        for ((slot, seen), run) in slots.zip(p.windows(2)) {
            let is = &idx[run[0]..run[1]];
            if !is.is_empty() {
                let z = run_sum(is, self.col);
                *slot = if self.into { slot.plus(z) } else { z };
                *seen = true;
                nvals += 1;
            }
        }
        nvals
    }

    /// Each run cut at the column blocks, its segments summed in block order.
    fn cut(self, p: &[usize], idx: &[u32]) -> usize {
        self.present.fill(false);
        let mut nvals = 0;
        let slots = self.w.iter_mut().zip(self.present.iter_mut());
        for ((slot, seen), run) in slots.zip(p.windows(2)) {
            segments(&idx[run[0]..run[1]], |_, is| {
                nvals += add_block_sum(self.into, slot, seen, run_sum(is, self.col));
            });
        }
        nvals
    }

    /// The `n` runs from vector `first` on, read block by block from
    /// `blocks`: the same sums as [`Runs::cut`], each block of the column
    /// read by all the runs before the next.
    fn blocked(self, blocks: &ColumnBlocks, first: usize, n: usize) -> usize {
        self.present.fill(false);
        let mut nvals = 0;
        for block in &blocks.blocks {
            block.each_segment(first..first + n, |s, is| {
                let z = run_sum(is, self.col);
                nvals += add_block_sum(self.into, &mut self.w[s], &mut self.present[s], z);
            });
        }
        nvals
    }
}

/// Adds the sum `z` of a run's segment in one block to its slot (the
/// first segment's sum is the slot's value, or is added to it with
/// `into`); 1 when it was the run's first.
#[inline(always)]
fn add_block_sum<T: Gathered>(into: bool, slot: &mut T, seen: &mut bool, z: T) -> usize {
    let first = !*seen;
    *slot = if first && !into { z } else { slot.plus(z) };
    *seen = true;
    usize::from(first)
}

/// The sum of `col[i]` over the indices `is` (not empty): in lanes from
/// [`GATHER_FROM`] on, left to right below.
#[inline(always)]
fn run_sum<T: Gathered>(is: &[u32], col: &[T]) -> T {
    if is.len() >= GATHER_FROM {
        T::lanes(is, col)
    } else {
        fold(is, col)
    }
}

/// The sum of `col[i]` over the indices `is` (not empty), left to right.
#[inline(always)]
fn fold<T: Gathered>(is: &[u32], col: &[T]) -> T {
    is[1..]
        .iter()
        .fold(col[is[0] as usize], |z, &i| z.plus(col[i as usize]))
}

/// The lanes' partial sums, pairwise.
fn finish<T: Gathered>(l: [T; 8]) -> T {
    ((l[0].plus(l[1])).plus(l[2].plus(l[3]))).plus((l[4].plus(l[5])).plus(l[6].plus(l[7])))
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    //! The gathers; reached only through [`super::sums`], which checks the
    //! processor first.
    use super::{finish, fold_flagged, FlagGathered, Gathered};
    use std::arch::x86_64::*;

    /// Panics unless every index of the chunk `v` is at most `last`
    /// (unsigned): the column's bound, checked before the gather reads.
    #[inline(always)]
    unsafe fn check(v: __m256i, last: __m256i) {
        let within = _mm256_cmpeq_epi32(_mm256_max_epu32(v, last), last);
        assert!(
            _mm256_movemask_epi8(within) == -1,
            "a stored index beyond its column"
        );
    }

    /// Each chunk of eight indices of `is`, checked against `col`'s length
    /// (not empty), as a vector; the rest of `is` after the last chunk.
    #[inline(always)]
    unsafe fn chunks<'i, T>(is: &'i [u32], col: &[T], mut each: impl FnMut(__m256i)) -> &'i [u32] {
        let last = _mm256_set1_epi32((col.len() - 1) as i32);
        let chunks = is.chunks_exact(8);
        let tail = chunks.remainder();
        for c in chunks {
            let v = _mm256_loadu_si256(c.as_ptr().cast());
            check(v, last);
            each(v);
        }
        tail
    }

    /// The indices of `tail` (one to seven) in the first lanes of a vector,
    /// the other lanes zero, checked against `col`'s length as a chunk is;
    /// and the mask of the lanes they fill. A run's last indices gathered
    /// under a mask, where a loop over them would end at a different count
    /// on each run, a branch the processor misses.
    #[inline(always)]
    unsafe fn tail_chunk<T>(tail: &[u32], col: &[T]) -> (__m256i, __m256i) {
        let lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        let m = _mm256_cmpgt_epi32(_mm256_set1_epi32(tail.len() as i32), lanes);
        // SAFETY: only the lanes within `tail` are read.
        let v = _mm256_maskload_epi32(tail.as_ptr().cast(), m);
        check(v, _mm256_set1_epi32((col.len() - 1) as i32));
        (v, m)
    }

    /// The two halves of eight 32-bit lanes.
    #[inline(always)]
    unsafe fn halves(v: __m256i) -> (__m128i, __m128i) {
        (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v))
    }

    /// The halves of eight 32-bit indices `v`, and their lane mask `m`
    /// widened to 64-bit lanes for the two gathers of 64-bit values.
    #[inline(always)]
    unsafe fn wide_halves(v: __m256i, m: __m256i) -> ((__m128i, __m128i), (__m256i, __m256i)) {
        let (mlo, mhi) = halves(m);
        (
            halves(v),
            (_mm256_cvtepi32_epi64(mlo), _mm256_cvtepi32_epi64(mhi)),
        )
    }

    /// A 64-bit lane mask as itself (the integer gathers take it so).
    #[inline(always)]
    fn int_mask(m: __m256i) -> __m256i {
        m
    }

    /// `Gathered` for `$t`, its lanes summed by `go`'s body (AVX2 on).
    macro_rules! gathered {
        ($t:ty, $plus:expr, |$is:ident, $col:ident| $body:block) => {
            impl Gathered for $t {
                #[inline(always)]
                fn plus(self, y: Self) -> Self {
                    $plus(self, y)
                }

                fn lanes(is: &[u32], col: &[Self]) -> Self {
                    #[target_feature(enable = "avx2")]
                    unsafe fn go($is: &[u32], $col: &[$t]) -> $t $body
                    // SAFETY: AVX2 was found by `sums`.
                    unsafe { go(is, col) }
                }
            }
        };
    }

    /// Eight 32-bit lanes, one gather a chunk (and one under a mask for the
    /// tail).
    macro_rules! narrow {
        ($t:ty, $zero:expr, ($gather:ident, $masked:ident, $mask:ident), $add:ident, $set:ident, $store:ident, $plus:expr) => {
            gathered!($t, $plus, |is, col| {
                let mut acc = $set($zero);
                // SAFETY: every index of a chunk is within `col` (checked
                // by `chunks` and `tail_chunk` before the gather).
                let tail = chunks(is, col, |v| {
                    acc = $add(acc, $gather::<4>(col.as_ptr().cast(), v));
                });
                if !tail.is_empty() {
                    let (v, m) = tail_chunk(tail, col);
                    let x = $masked::<4>($set($zero), col.as_ptr().cast(), v, $mask(m));
                    acc = $add(acc, x);
                }
                let mut l = [$zero; 8];
                $store(l.as_mut_ptr().cast(), acc);
                finish(l)
            });
        };
    }

    /// Two vectors of four 64-bit lanes, two gathers a chunk (and two under a
    /// mask for the tail).
    macro_rules! wide {
        ($t:ty, $zero:expr, ($gather:ident, $masked:ident, $mask:ident), $add:ident, $set:ident, $store:ident, $plus:expr) => {
            gathered!($t, $plus, |is, col| {
                let (mut a, mut b) = ($set($zero), $set($zero));
                // SAFETY: every index of a chunk is within `col` (checked
                // by `chunks` and `tail_chunk` before the gathers).
                let tail = chunks(is, col, |v| {
                    let (lo, hi) = halves(v);
                    a = $add(a, $gather::<8>(col.as_ptr().cast(), lo));
                    b = $add(b, $gather::<8>(col.as_ptr().cast(), hi));
                });
                if !tail.is_empty() {
                    let (v, m) = tail_chunk(tail, col);
                    let ((lo, hi), (mlo, mhi)) = wide_halves(v, m);
                    let (mlo, mhi) = ($mask(mlo), $mask(mhi));
                    a = $add(a, $masked::<8>($set($zero), col.as_ptr().cast(), lo, mlo));
                    b = $add(b, $masked::<8>($set($zero), col.as_ptr().cast(), hi, mhi));
                }
                let mut l = [$zero; 8];
                $store(l.as_mut_ptr().cast(), a);
                $store(l[4..].as_mut_ptr().cast(), b);
                finish(l)
            });
        };
    }

    /// Each chunk of eight indices of `is` whose four-byte reads of `flags`
    /// and reads of a column of `col_len` values are all in bounds, as a
    /// vector with the mask of its set flags (all ones in a lane whose flag
    /// is set); any other chunk (an index among the last three flags) goes
    /// to `scalar`. The rest of `is` after the last chunk.
    #[inline(always)]
    unsafe fn flagged_chunks<'i>(
        is: &'i [u32],
        flags: &[bool],
        col_len: usize,
        mut each: impl FnMut(__m256i, __m256i),
        mut scalar: impl FnMut(&[u32]),
    ) -> &'i [u32] {
        let last = _mm256_set1_epi32((flags.len() - 4).min(col_len - 1) as i32);
        let (low_byte, zero) = (_mm256_set1_epi32(0xFF), _mm256_setzero_si256());
        let chunks = is.chunks_exact(8);
        let tail = chunks.remainder();
        for c in chunks {
            let v = _mm256_loadu_si256(c.as_ptr().cast());
            let within = _mm256_cmpeq_epi32(_mm256_max_epu32(v, last), last);
            if _mm256_movemask_epi8(within) != -1 {
                scalar(c);
                continue;
            }
            // SAFETY: each index leaves four bytes of `flags` to read.
            let f = _mm256_i32gather_epi32::<1>(flags.as_ptr().cast(), v);
            each(v, _mm256_cmpgt_epi32(_mm256_and_si256(f, low_byte), zero));
        }
        tail
    }

    /// The lanes' sum when a flag was set in `any`, then the chunks summed
    /// apart (`extra`) and the tail's flagged values.
    #[inline(always)]
    unsafe fn flagged_finish<T: Gathered>(
        lanes: [T; 8],
        any: __m256i,
        (extra, tail): (Option<T>, &[u32]),
        flags: &[bool],
        col: &[T],
    ) -> Option<T> {
        let mut z = (_mm256_testz_si256(any, any) == 0).then(|| finish(lanes));
        if let Some(e) = extra {
            z = Some(z.map_or(e, |z| z.plus(e)));
        }
        fold_flagged(z, tail, flags, col)
    }

    #[target_feature(enable = "avx2")]
    unsafe fn flagged_f32(is: &[u32], flags: &[bool], col: &[f32]) -> Option<f32> {
        let (mut acc, mut any, mut extra) = (_mm256_set1_ps(-0.0), _mm256_setzero_si256(), None);
        let tail = flagged_chunks(
            is,
            flags,
            col.len(),
            |v, m| {
                let src = _mm256_set1_ps(-0.0);
                // SAFETY: every index of `v` is within `col`.
                let x = _mm256_mask_i32gather_ps::<4>(src, col.as_ptr(), v, _mm256_castsi256_ps(m));
                acc = _mm256_add_ps(acc, x);
                any = _mm256_or_si256(any, m);
            },
            |c| extra = fold_flagged(extra, c, flags, col),
        );
        let mut l = [-0.0f32; 8];
        _mm256_storeu_ps(l.as_mut_ptr(), acc);
        flagged_finish(l, any, (extra, tail), flags, col)
    }

    #[target_feature(enable = "avx2")]
    unsafe fn flagged_f64(is: &[u32], flags: &[bool], col: &[f64]) -> Option<f64> {
        let (mut a, mut b) = (_mm256_set1_pd(-0.0), _mm256_set1_pd(-0.0));
        let (mut any, mut extra) = (_mm256_setzero_si256(), None);
        let tail = flagged_chunks(
            is,
            flags,
            col.len(),
            |v, m| {
                let src = _mm256_set1_pd(-0.0);
                let ((lo, hi), (mlo, mhi)) = wide_halves(v, m);
                let (mlo, mhi) = (_mm256_castsi256_pd(mlo), _mm256_castsi256_pd(mhi));
                // SAFETY: every index of `v` is within `col`.
                a = _mm256_add_pd(a, _mm256_mask_i32gather_pd::<8>(src, col.as_ptr(), lo, mlo));
                b = _mm256_add_pd(b, _mm256_mask_i32gather_pd::<8>(src, col.as_ptr(), hi, mhi));
                any = _mm256_or_si256(any, m);
            },
            |c| extra = fold_flagged(extra, c, flags, col),
        );
        let mut l = [-0.0f64; 8];
        _mm256_storeu_pd(l.as_mut_ptr(), a);
        _mm256_storeu_pd(l[4..].as_mut_ptr(), b);
        flagged_finish(l, any, (extra, tail), flags, col)
    }

    impl FlagGathered for f32 {
        fn flagged_lanes(is: &[u32], flags: &[bool], col: &[f32]) -> Option<f32> {
            // SAFETY: AVX2 was found by `flagged_sums`.
            unsafe { flagged_f32(is, flags, col) }
        }
    }

    impl FlagGathered for f64 {
        fn flagged_lanes(is: &[u32], flags: &[bool], col: &[f64]) -> Option<f64> {
            // SAFETY: AVX2 was found by `flagged_sums`.
            unsafe { flagged_f64(is, flags, col) }
        }
    }

    // Float lanes start from -0.0, `PLUS`'s exact identity.
    narrow!(
        f32,
        -0.0,
        (
            _mm256_i32gather_ps,
            _mm256_mask_i32gather_ps,
            _mm256_castsi256_ps
        ),
        _mm256_add_ps,
        _mm256_set1_ps,
        _mm256_storeu_ps,
        |x: f32, y| x + y
    );
    wide!(
        f64,
        -0.0,
        (
            _mm256_i32gather_pd,
            _mm256_mask_i32gather_pd,
            _mm256_castsi256_pd
        ),
        _mm256_add_pd,
        _mm256_set1_pd,
        _mm256_storeu_pd,
        |x: f64, y| x + y
    );
    wide!(
        i64,
        0,
        (
            _mm256_i32gather_epi64,
            _mm256_mask_i32gather_epi64,
            int_mask
        ),
        _mm256_add_epi64,
        _mm256_set1_epi64x,
        _mm256_storeu_si256,
        i64::wrapping_add
    );
}

#[cfg(not(target_arch = "x86_64"))]
mod avx2 {
    //! No gathers off x86_64 (`sums` never finds AVX2 there).
    use super::Gathered;

    macro_rules! absent {
        ($($t:ty),*) => {$(
            impl Gathered for $t {
                fn plus(self, _: Self) -> Self {
                    unreachable!("no AVX2 off x86_64")
                }
                fn lanes(_: &[u32], _: &[Self]) -> Self {
                    unreachable!("no AVX2 off x86_64")
                }
            }
        )*};
    }
    absent!(f32, f64, i64);

    macro_rules! absent_flagged {
        ($($t:ty),*) => {$(
            impl super::FlagGathered for $t {
                fn flagged_lanes(_: &[u32], _: &[bool], _: &[Self]) -> Option<Self> {
                    unreachable!("no AVX2 off x86_64")
                }
            }
        )*};
    }
    absent_flagged!(f32, f64);
}
