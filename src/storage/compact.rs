//! Keeping the flagged elements of a sequence: the sequence is cut into
//! consecutive chunks, each with one flag per element (computed in parallel
//! by the caller, e.g. a select's predicate), and the kept elements of every
//! chunk are written, in parallel, straight into their place in one exactly
//! sized output. The copy loop has no branch on the flags, so scattered
//! kept elements cost no more than long runs of them.

use crate::parallel;
use bytemuck::Zeroable;
use std::ops::Range;

/// Consecutive chunks of a sequence with a flag per element: the elements
/// to keep.
pub struct Flagged {
    /// The chunks, in order, covering the sequence.
    chunks: Vec<Range<usize>>,
    /// `flags[t][k]`: keep element `chunks[t].start + k`.
    flags: Vec<Vec<bool>>,
    /// Where each chunk's kept elements go in the output.
    out: Vec<Range<usize>>,
}

impl Flagged {
    /// The chunks `chunks` with their flags (one per element each) and how
    /// many of each chunk's flags are set (`kept`, as its caller counted
    /// them while flagging).
    pub fn new(chunks: Vec<Range<usize>>, flags: Vec<Vec<bool>>, kept: &[usize]) -> Flagged {
        assert_eq!(chunks.len(), flags.len(), "one flag list per chunk");
        assert_eq!(chunks.len(), kept.len(), "one count per chunk");
        let mut start = 0;
        let out = chunks
            .iter()
            .zip(&flags)
            .zip(kept)
            .map(|((r, f), &n)| {
                assert_eq!(r.len(), f.len(), "one flag per element");
                debug_assert_eq!(n, f.iter().filter(|&&b| b).count());
                start += n;
                start - n..start
            })
            .collect();
        Flagged { chunks, flags, out }
    }

    /// How many elements are kept.
    pub fn kept(&self) -> usize {
        self.out.last().map_or(0, |r| r.end)
    }

    /// The chunks and their flags, in order.
    pub fn chunks(&self) -> impl Iterator<Item = (Range<usize>, &[bool])> {
        self.chunks
            .iter()
            .cloned()
            .zip(self.flags.iter().map(|f| &f[..]))
    }

    /// The kept elements of `src` (the flagged sequence), in order.
    pub fn compact<T: Copy + Send + Sync + Zeroable>(&self, src: &[T]) -> Vec<T> {
        let mut out = vec![T::zeroed(); self.kept()];
        let base = parallel::Slots::new(&mut out);
        parallel::for_each(self.chunks.len(), 1, &|t| {
            let o = self.out[t].clone();
            // SAFETY: the output ranges are disjoint and within `out`, each
            // written by one task, and `out` outlives the loop.
            let dst = unsafe { std::slice::from_raw_parts_mut(base.at(o.start), o.len()) };
            compact_into(dst, &src[self.chunks[t].clone()], &self.flags[t]);
        });
        out
    }

    /// Keeps the flagged elements of `v` (the flagged sequence) in place, in
    /// order, and shortens `v` to them (giving back its memory past them
    /// when that is most of it): each chunk packs its kept elements
    /// at its own start, in parallel, then the packed runs are moved down in
    /// chunk order (a run never passes the start of its own chunk, so it
    /// overwrites only slots already moved).
    pub fn compact_in_place<T: Copy + Send>(&self, v: &mut Vec<T>) {
        let mut pieces = Vec::with_capacity(self.chunks.len());
        let mut rest = &mut v[..];
        let mut at = 0;
        for (r, flags) in self.chunks.iter().zip(&self.flags) {
            assert_eq!(r.start, at, "chunks cover the sequence in order");
            let (piece, tail) = std::mem::take(&mut rest).split_at_mut(r.len());
            pieces.push((piece, &flags[..]));
            (rest, at) = (tail, r.end);
        }
        parallel::map_items(pieces, |(piece, flags)| pack_front(piece, flags));
        for (r, out) in self.chunks.iter().zip(&self.out) {
            if out.start < r.start {
                v.copy_within(r.start..r.start + out.len(), out.start);
            }
        }
        v.truncate(self.kept());
        if v.len() < v.capacity() / 2 {
            // Shrinking a buffer gives its tail back without a copy.
            v.shrink_to_fit();
        }
    }

    /// [`Flagged::compact_in_place`] of a sequence of elements of `size`
    /// bytes each (one thread: for values without a built-in type).
    pub fn compact_bytes_in_place(&self, v: &mut [u8], size: usize) {
        let mut to = 0;
        for (r, flags) in self.chunks() {
            for (q, _) in r.zip(flags).filter(|(_, &f)| f) {
                v.copy_within(q * size..(q + 1) * size, to);
                to += size;
            }
        }
    }

    /// The kept elements of `src`, a sequence of elements of `size` bytes
    /// each, in order (one thread: for values without a built-in type).
    pub fn compact_bytes(&self, src: &[u8], size: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.kept() * size);
        for (r, flags) in self.chunks() {
            for (q, _) in r.zip(flags).filter(|(_, &f)| f) {
                out.extend_from_slice(&src[q * size..(q + 1) * size]);
            }
        }
        out
    }
}

/// The elements of `src` whose flag is set, in order, written into `dst`,
/// which holds exactly that many. Every element up to the last kept one is
/// written to the next free slot, which only advances past a kept one: no
/// branch on the flags.
fn compact_into<T: Copy>(dst: &mut [T], src: &[T], flags: &[bool]) {
    assert_eq!(src.len(), flags.len(), "one flag per element");
    // Past the last kept element a write could fall beyond `dst`.
    let end = flags.iter().rposition(|&f| f).map_or(0, |q| q + 1);
    let mut k = 0;
    for (&v, &f) in src[..end].iter().zip(&flags[..end]) {
        dst[k] = v;
        k += f as usize;
    }
    assert_eq!(k, dst.len(), "one slot per kept element");
}

/// Moves the elements of `v` whose flag is set to its start, in order,
/// without a branch on the flags (as [`compact_into`]).
fn pack_front<T: Copy>(v: &mut [T], flags: &[bool]) {
    assert_eq!(v.len(), flags.len(), "one flag per element");
    let mut k = 0;
    for q in 0..v.len() {
        v[k] = v[q];
        k += flags[q] as usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_elements_of_every_chunk_land_in_order() {
        let src: Vec<u32> = (0..10).collect();
        let flags = vec![
            vec![true, false, true],
            vec![false, false],
            vec![false, true, true, false, true],
        ];
        let kept = Flagged::new(vec![0..3, 3..5, 5..10], flags, &[2, 0, 3]);
        assert_eq!(kept.kept(), 5);
        assert_eq!(kept.compact(&src), vec![0, 2, 6, 7, 9]);
        let bytes: Vec<u8> = src.iter().flat_map(|v| v.to_le_bytes()).collect();
        let want: Vec<u8> = [0u32, 2, 6, 7, 9]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        assert_eq!(kept.compact_bytes(&bytes, 4), want);
    }

    #[test]
    fn kept_elements_move_down_in_place() {
        let flags = vec![
            vec![false, true, true],
            vec![true, false],
            vec![false, true, true, false, true],
        ];
        let kept = Flagged::new(vec![0..3, 3..5, 5..10], flags, &[2, 1, 3]);
        let mut v: Vec<u32> = (0..10).collect();
        kept.compact_in_place(&mut v);
        assert_eq!(v, vec![1, 2, 3, 6, 7, 9]);
        let mut bytes: Vec<u8> = (0..10u16).flat_map(|v| v.to_le_bytes()).collect();
        kept.compact_bytes_in_place(&mut bytes, 2);
        let want: Vec<u8> = [1u16, 2, 3, 6, 7, 9]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        assert_eq!(bytes[..12], want[..]);
    }

    #[test]
    fn nothing_kept_writes_nothing() {
        let kept = Flagged::new(std::iter::once(0..3).collect(), vec![vec![false; 3]], &[0]);
        assert_eq!(kept.compact(&[1u8, 2, 3]), Vec::<u8>::new());
        let none = Flagged::new(std::iter::once(0..0).collect(), vec![vec![]], &[0]);
        assert_eq!(none.compact::<u64>(&[]), Vec::<u64>::new());
    }
}
