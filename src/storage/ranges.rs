//! Copying a list of slot ranges of a slice, or a list of slices, into one
//! new, exactly sized vector, in parallel when it is large: the shared last
//! step of kernels that keep runs of entries (positional select, filters) or
//! produce their output in parts (assembly of parallel tasks). And the
//! plain copies everything else uses ([`copy_into`], [`extend_copy`],
//! [`copy_vec`]).
//!
//! # Why copies go in pieces
//!
//! glibc's `memcpy` copies blocks of 4 KiB and more with `rep movsb`, which
//! on the AMD EPYC machines this is developed on runs at a tenth of its
//! speed for some placements of source and destination: copying 256 KiB into
//! a fresh buffer takes 8 µs or 150–250 µs, alternately, from one call to
//! the next (a C program calling `memcpy` shows the same; with
//! `GLIBC_TUNABLES=glibc.cpu.x86_rep_movsb_threshold` raised every copy takes
//! 8 µs). Copying in pieces of [`COPY_PIECE`] bytes keeps `memcpy` on its
//! vector loop, which is as fast elsewhere too.

use crate::alloc::{discard_pages, HEAP_ALLOCATION_LIMIT};
use crate::error::{out_of_memory, Result};
use crate::parallel;
use crate::storage::prefetch::prefetch;
use bytemuck::Zeroable;
use std::ops::Range;

/// Elements below which a copy runs on one thread.
const PARALLEL_COPY: usize = 1 << 16;
/// Elements per parallel piece of the output.
const PIECE: usize = 1 << 15;
/// How many ranges ahead the source is prefetched.
const LOOKAHEAD: usize = 8;

/// Bytes per `memcpy` call of a large copy (below glibc's `rep movsb`
/// threshold; see the module documentation).
pub const COPY_PIECE: usize = 2048;

/// Elements up to which a copy is a loop of moves rather than a `memcpy`
/// call (a select that keeps scattered entries copies millions of ranges of
/// one or two values: the calls cost more than the copies).
const SHORT_COPY: usize = 4;

/// Elements of `T` per piece of a copy.
fn piece_len<T>() -> usize {
    (COPY_PIECE / std::mem::size_of::<T>().max(1)).max(1)
}

/// `dst.copy_from_slice(src)`, in pieces of [`COPY_PIECE`] bytes.
#[inline]
pub fn copy_into<T: Copy>(dst: &mut [T], src: &[T]) {
    assert_eq!(dst.len(), src.len(), "copy between slices of one length");
    if src.len() <= SHORT_COPY {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = s;
        }
        return;
    }
    let per = piece_len::<T>();
    for (d, s) in dst.chunks_mut(per).zip(src.chunks(per)) {
        d.copy_from_slice(s);
    }
}

/// [`copy_into`] in parallel pieces when long.
pub fn copy_into_parallel<T: Copy + Send + Sync>(dst: &mut [T], src: &[T]) {
    map_into(dst, src, |d, s| copy_into(d, s));
}

/// `dst[q] = f(src[q])` for every `q`, in parallel pieces when long.
pub fn cast_into<S: Copy + Sync, D: Send>(dst: &mut [D], src: &[S], f: impl Fn(S) -> D + Sync) {
    map_into(dst, src, |d, s| {
        for (o, &x) in d.iter_mut().zip(s) {
            *o = f(x);
        }
    });
}

/// `body` over matching pieces of `dst` and `src` (one slice each when
/// short), in parallel.
fn map_into<S: Sync, D: Send>(dst: &mut [D], src: &[S], body: impl Fn(&mut [D], &[S]) + Sync) {
    assert_eq!(dst.len(), src.len(), "a destination for each source");
    for_each_piece_mut(dst, |r, d| body(d, &src[r]));
}

/// `body(r, &mut dst[r])` over consecutive pieces `r` covering `dst` (one
/// piece when short), in parallel.
pub fn for_each_piece_mut<D: Send>(dst: &mut [D], body: impl Fn(Range<usize>, &mut [D]) + Sync) {
    if dst.len() < PARALLEL_COPY {
        return body(0..dst.len(), dst);
    }
    parallel::for_each_chunk_mut(dst, PIECE, body);
}

/// `dst.extend_from_slice(src)`, in pieces of [`COPY_PIECE`] bytes.
#[inline]
pub fn extend_copy<T: Copy>(dst: &mut Vec<T>, src: &[T]) {
    if src.len() <= SHORT_COPY {
        dst.extend(src.iter().copied());
        return;
    }
    let per = piece_len::<T>();
    dst.reserve(src.len());
    for s in src.chunks(per) {
        dst.extend_from_slice(s);
    }
}

/// `src.to_vec()`, in pieces of [`COPY_PIECE`] bytes.
pub fn copy_vec<T: Copy>(src: &[T]) -> Vec<T> {
    copy_vec_with_capacity(src, src.len())
}

/// [`copy_vec`] into a vector with room for `capacity` elements.
pub fn copy_vec_with_capacity<T: Copy>(src: &[T], capacity: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(capacity.max(src.len()));
    extend_copy(&mut out, src);
    out
}

/// The elements of `src` in `ranges`, concatenated in order.
///
/// The output is cut into equal pieces, each filled by one task from the
/// ranges it covers (a long range is shared by several pieces), so the work is
/// balanced however the ranges are sized.
pub fn copy_ranges<T: Copy + Send + Sync>(src: &[T], ranges: &[Range<usize>]) -> Vec<T> {
    let total: usize = ranges.iter().map(|r| r.len()).sum();
    if total < PARALLEL_COPY {
        let mut out = Vec::with_capacity(total);
        for r in ranges {
            extend_copy(&mut out, &src[r.clone()]);
        }
        return out;
    }
    // Start (in the output) of every range.
    let mut starts = Vec::with_capacity(ranges.len());
    let mut at = 0;
    for r in ranges {
        starts.push(at);
        at += r.len();
    }
    let mut out: Vec<T> = Vec::with_capacity(total);
    let pieces: Vec<_> = out.spare_capacity_mut()[..total]
        .chunks_mut(PIECE)
        .enumerate()
        .collect();
    parallel::map_items(pieces, |(piece, dst)| {
        let mut pos = piece * PIECE;
        let mut k = starts.partition_point(|&s| s <= pos) - 1;
        let mut filled = 0;
        while filled < dst.len() {
            if let Some(ahead) = ranges.get(k + LOOKAHEAD) {
                prefetch(src, ahead.start);
            }
            let r = &ranges[k];
            let from = r.start + (pos - starts[k]);
            let take = (r.end - from).min(dst.len() - filled);
            let (src, dst) = (&src[from..from + take], &mut dst[filled..filled + take]);
            copy_uninit(dst, src);
            filled += take;
            pos += take;
            k += 1;
        }
    });
    // SAFETY: the pieces cover `0..total` and each was filled completely (the
    // ranges hold `total` elements), with plain `Copy` values.
    unsafe { out.set_len(total) };
    out
}

/// The runs of slots of each part of a gather: `runs(t, emit)` calls
/// `emit` with each run of part `t`, in order.
pub type PartRuns<'a> = dyn Fn(usize, &mut dyn FnMut(Range<usize>)) + Sync + 'a;

/// Runs of entries gathered part by part into new index and value arrays.
///
/// Part `t` holds `part_lens[t]` slots, in the runs `runs(t, ..)` emits;
/// their elements, part after part, make the outputs. Each value is `width`
/// consecutive elements of `vals` (1 for a typed array, the size for
/// bytes). The parts are copied in parallel, each into its own place in the
/// outputs, and short runs are copied without a `memcpy` call.
pub fn gather_runs<I: Copy + Send + Sync, T: Copy + Send + Sync>(
    idx: &[I],
    vals: &[T],
    width: usize,
    part_lens: &[usize],
    runs: &PartRuns<'_>,
) -> (Vec<I>, Vec<T>) {
    let mut starts = Vec::with_capacity(part_lens.len() + 1);
    starts.push(0);
    for len in part_lens {
        starts.push(starts.last().copied().unwrap_or(0) + len);
    }
    let total = starts.last().copied().unwrap_or(0);
    let mut out_i: Vec<I> = Vec::with_capacity(total);
    let mut out_x: Vec<T> = Vec::with_capacity(total * width);
    let (slots_i, slots_x) = (
        parallel::Slots::new(&mut out_i),
        parallel::Slots::new(&mut out_x),
    );
    parallel::for_each(part_lens.len(), 1, &|t| {
        let (lo, hi) = (starts[t], starts[t + 1]);
        // SAFETY: parts write the disjoint places `starts[t]..starts[t + 1]`
        // (scaled by `width` for values) of the outputs' capacity.
        let (dst_i, dst_x) = unsafe {
            (
                std::slice::from_raw_parts_mut(slots_i.at(lo).cast(), hi - lo),
                std::slice::from_raw_parts_mut(slots_x.at(lo * width).cast(), (hi - lo) * width),
            )
        };
        let mut at = 0;
        runs(t, &mut |r| {
            let len = r.len();
            copy_run(&mut dst_i[at..at + len], &idx[r.clone()]);
            copy_run(
                &mut dst_x[at * width..(at + len) * width],
                &vals[r.start * width..r.end * width],
            );
            at += len;
        });
        assert_eq!(at, hi - lo, "a part's runs fill exactly its length");
    });
    // SAFETY: each part's runs fill its place exactly (checked above), and
    // the places cover `0..total`.
    unsafe {
        out_i.set_len(total);
        out_x.set_len(total * width);
    }
    (out_i, out_x)
}

/// Fills `dst` with `src` (same length): element by element when short,
/// where a `memcpy` call would cost more than the copy.
#[inline]
fn copy_run<T: Copy>(dst: &mut [std::mem::MaybeUninit<T>], src: &[T]) {
    match (dst, src) {
        ([], []) => {}
        ([d0], [s0]) => {
            d0.write(*s0);
        }
        ([d0, d1], [s0, s1]) => {
            d0.write(*s0);
            d1.write(*s1);
        }
        ([d0, d1, d2], [s0, s1, s2]) => {
            d0.write(*s0);
            d1.write(*s1);
            d2.write(*s2);
        }
        ([d0, d1, d2, d3], [s0, s1, s2, s3]) => {
            d0.write(*s0);
            d1.write(*s1);
            d2.write(*s2);
            d3.write(*s3);
        }
        (dst, src) => copy_uninit(dst, src),
    }
}

/// The slices concatenated, in order; each slice is copied by its own task
/// when the total is large. Fails with `GrB_OUT_OF_MEMORY` when the result
/// cannot be allocated (`what` names it).
pub fn concat_slices<T: Copy + Send + Sync>(slices: &[&[T]], what: &str) -> Result<Vec<T>> {
    let total: usize = slices.iter().map(|s| s.len()).sum();
    let mut out: Vec<T> = Vec::new();
    out.try_reserve_exact(total)
        .map_err(|_| out_of_memory(what))?;
    if total < PARALLEL_COPY || slices.len() < 2 {
        for s in slices {
            extend_copy(&mut out, s);
        }
        return Ok(out);
    }
    let mut rest = &mut out.spare_capacity_mut()[..total];
    let mut pairs = Vec::with_capacity(slices.len());
    for &s in slices {
        let (dst, tail) = rest.split_at_mut(s.len());
        pairs.push((s, dst));
        rest = tail;
    }
    parallel::map_items(pairs, |(src, dst)| copy_uninit(dst, src));
    // SAFETY: the slices' destinations cover `0..total` exactly and each was
    // filled completely, with plain `Copy` values.
    unsafe { out.set_len(total) };
    Ok(out)
}

/// [`concat_slices`] of vectors that are dropped afterwards, each as soon as
/// it is copied; a large one (mapped on its own, its pages unmapped when
/// freed anyway) is given back to the system piece by piece as it is copied
/// ([`discard_pages`]), so that the result's pages are mostly those just
/// freed and the memory in use grows by little more than the copy's
/// pieces. One vector is returned as it is.
pub fn concat_vecs<T: Copy + Send + Sync + Zeroable>(
    mut vecs: Vec<Vec<T>>,
    what: &str,
) -> Result<Vec<T>> {
    if vecs.len() == 1 {
        return Ok(vecs.pop().expect("one vector"));
    }
    let total: usize = vecs.iter().map(Vec::len).sum();
    if total < PARALLEL_COPY {
        return concat_slices(&vecs.iter().map(|v| &v[..]).collect::<Vec<_>>(), what);
    }
    let mut out: Vec<T> = Vec::new();
    out.try_reserve_exact(total)
        .map_err(|_| out_of_memory(what))?;
    let pairs = shares(
        &mut out.spare_capacity_mut()[..total],
        vecs.into_iter().map(|v| {
            let len = v.len();
            (v, len)
        }),
    );
    parallel::map_items(pairs, |(mut src, dst)| {
        // Only a vector of a mapping of its own: the heap's memory is kept
        // for reuse, and a page given back would be faulted in again.
        if src.capacity() * std::mem::size_of::<T>() >= HEAP_ALLOCATION_LIMIT {
            move_uninit(dst, &mut src);
        } else {
            copy_uninit(dst, &src);
        }
    });
    // SAFETY: the vectors' destinations cover `0..total` exactly and each
    // was filled completely, with plain `Copy` values.
    unsafe { out.set_len(total) };
    Ok(out)
}

/// Each item paired with its share of `room`, the next `len` elements, in
/// order (the shares of a buffer that tasks fill in parallel).
pub fn shares<T, S>(
    mut room: &mut [std::mem::MaybeUninit<T>],
    items: impl IntoIterator<Item = (S, usize)>,
) -> Vec<(S, &mut [std::mem::MaybeUninit<T>])> {
    let items = items.into_iter();
    let mut out = Vec::with_capacity(items.size_hint().0);
    for (item, len) in items {
        let (mine, tail) = std::mem::take(&mut room).split_at_mut(len);
        out.push((item, mine));
        room = tail;
    }
    out
}

/// Bytes of a source that is copied before its pages are given back
/// ([`move_uninit`], and the index copies of `storage::index`): a huge
/// page, so that whole ones are freed.
pub const MOVE_STEP: usize = 2 << 20;

/// [`copy_uninit`], giving the pages of `src` back to the system as they
/// are copied (`src` reads as zeros afterwards).
fn move_uninit<T: Copy + Zeroable>(dst: &mut [std::mem::MaybeUninit<T>], src: &mut [T]) {
    assert_eq!(dst.len(), src.len(), "copy between slices of one length");
    let size = std::mem::size_of::<T>().max(1);
    let mut done = 0;
    while done < src.len() {
        // Up to the next step boundary of the source's addresses.
        let at = src.as_ptr() as usize + done * size;
        let boundary = (at / MOVE_STEP + 1) * MOVE_STEP;
        let n = (boundary - at).div_ceil(size).min(src.len() - done);
        let piece = done..done + n;
        copy_uninit(&mut dst[piece.clone()], &src[piece.clone()]);
        discard_pages(&mut src[piece]);
        done += n;
    }
}

/// Fills `dst` (spare capacity of a vector) with `src`, of the same length,
/// in pieces of [`COPY_PIECE`] bytes.
pub fn copy_uninit<T: Copy>(dst: &mut [std::mem::MaybeUninit<T>], src: &[T]) {
    assert_eq!(dst.len(), src.len(), "copy between slices of one length");
    if src.len() <= SHORT_COPY {
        for (d, &s) in dst.iter_mut().zip(src) {
            d.write(s);
        }
        return;
    }
    let per = piece_len::<T>();
    for (d, s) in dst.chunks_mut(per).zip(src.chunks(per)) {
        // SAFETY: `d` and `s` hold the same number of elements, and `d`
        // (spare capacity of another vector) cannot overlap `s`.
        unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), d.as_mut_ptr().cast(), s.len()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(src: &[u64], ranges: &[Range<usize>]) -> Vec<u64> {
        ranges
            .iter()
            .flat_map(|r| src[r.clone()].to_vec())
            .collect()
    }

    #[test]
    fn small_and_large_copies_concatenate_the_ranges() {
        let src: Vec<u64> = (0..400_000).collect();
        let small = vec![3..7, 7..7, 10..12];
        assert_eq!(copy_ranges(&src, &small), vec![3, 4, 5, 6, 10, 11]);
        // Long ranges shared by pieces, empty ranges, short ranges.
        let mut large = vec![0..0, 5..200_000, 200_000..200_000];
        large.extend((200_001..300_000).step_by(3).map(|s| s..s + 2));
        large.push(300_000..400_000);
        large.push(0..0);
        assert_eq!(copy_ranges(&src, &large), naive(&src, &large));
    }

    #[test]
    fn runs_are_gathered_part_by_part_with_their_values() {
        let idx: Vec<u64> = (0..1000).map(|q| 10 * q).collect();
        let vals: Vec<u16> = (0..2000).map(|q| q as u16).collect();
        // Runs of every short length and a long one, an empty part, two values per entry.
        let runs = [
            vec![0..1, 3..5, 7..10],
            vec![],
            vec![12..16, 20..21, 30..330],
        ];
        let lens: Vec<usize> = runs
            .iter()
            .map(|p| p.iter().map(|r| r.len()).sum())
            .collect();
        let emit =
            |t: usize, emit: &mut dyn FnMut(Range<usize>)| runs[t].iter().cloned().for_each(emit);
        let (i, x) = gather_runs(&idx, &vals, 2, &lens, &emit);
        let ranges: Vec<Range<usize>> = runs.concat();
        assert_eq!(i, naive(&idx, &ranges));
        let expected: Vec<u16> = ranges
            .iter()
            .flat_map(|r| vals[2 * r.start..2 * r.end].to_vec())
            .collect();
        assert_eq!(x, expected);
        let (i, x) = gather_runs::<u64, u16>(&idx, &vals, 1, &[], &emit);
        assert!(i.is_empty() && x.is_empty());
    }

    #[test]
    fn slices_concatenate_in_order() {
        let a: Vec<u64> = (0..50_000).collect();
        let b: Vec<u64> = (50_000..120_000).collect();
        let all: Vec<u64> = (0..120_000).collect();
        assert_eq!(concat_slices(&[&a[..], &[], &b[..]], "test").unwrap(), all);
        assert_eq!(
            concat_slices(&[&a[..3], &b[..2]], "test").unwrap(),
            vec![0, 1, 2, 50_000, 50_001]
        );
        assert!(concat_slices::<u64>(&[], "test").unwrap().is_empty());
    }

    #[test]
    fn vectors_given_up_concatenate_in_order() {
        let a: Vec<u64> = (0..700_001).collect();
        let b: Vec<u64> = (700_001..1_500_000).collect();
        let all: Vec<u64> = (0..1_500_003).collect();
        let tail = vec![1_500_000, 1_500_001, 1_500_002];
        assert_eq!(concat_vecs(vec![a, vec![], b, tail], "test").unwrap(), all);
        // One vector large enough to be given back as it is copied.
        let big: Vec<u64> = (0..HEAP_ALLOCATION_LIMIT as u64 / 8 + 5).collect();
        let joined = concat_vecs(vec![vec![7], big.clone()], "test").unwrap();
        assert_eq!(joined[0], 7);
        assert_eq!(joined[1..], big[..]);
        assert_eq!(concat_vecs(vec![vec![7u16]], "test").unwrap(), [7]);
        assert!(concat_vecs::<u64>(vec![], "test").unwrap().is_empty());
    }

    #[test]
    fn a_move_copies_every_piece_whatever_the_alignment() {
        // Several huge-page steps, from an unaligned start, with an element
        // size that does not divide a step.
        let triples: Vec<[u8; 3]> = (0..3_000_000u32)
            .map(|k| [k as u8, (k >> 8) as u8, (k >> 16) as u8])
            .collect();
        for start in [0, 1, 12_345] {
            let mut src = triples[start..].to_vec();
            let mut dst = Vec::with_capacity(src.len());
            move_uninit(&mut dst.spare_capacity_mut()[..src.len()], &mut src);
            // SAFETY: `move_uninit` filled every slot.
            unsafe { dst.set_len(src.len()) };
            assert_eq!(dst[..], triples[start..]);
        }
    }
}
