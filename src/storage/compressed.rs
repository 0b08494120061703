//! `Compressed`: sparse and hypersparse storage of a set of sparse vectors
//! (CSR when the vectors are rows, CSC when they are columns).

use super::array::{Array, Placement};
use super::index::{Idx, Indices};
use crate::algebra::Type;
use crate::error::{try_vec, Result};
use crate::parallel::Slots;
use std::ops::Range;

/// Entries from which a transpose is split among the threads.
const PARALLEL_TRANSPOSE: usize = 1 << 17;

/// `vdim` sparse vectors of length `vlen`, compressed.
///
/// Invariants: `p` is non-decreasing with `p[0] = 0` and `p.len() = nvec + 1`;
/// the inner indices `i[p[k]..p[k+1]]` of each vector are strictly increasing and
/// `< vlen`; `x.len() = i.len()`. When `h` is `Some`, the storage is hypersparse:
/// vector `k` is vector number `h[k]` (strictly increasing, `< vdim`) and vectors
/// not listed are empty; otherwise `nvec = vdim` and vector `k` is vector `k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Compressed {
    /// Length of each vector (the inner dimension).
    pub vlen: u64,
    /// Number of vectors (the outer dimension).
    pub vdim: u64,
    /// The ids of the stored vectors, when hypersparse.
    pub h: Option<Vec<u64>>,
    /// Vector pointers into `i` and `x`.
    pub p: Vec<usize>,
    /// Inner indices of the entries.
    pub i: Indices,
    /// Values of the entries.
    pub x: Array,
}

/// True when a compressed matrix with `vdim` vectors of which `nonempty` hold
/// entries should be hypersparse (fewer than 1 in 16 vectors used).
pub fn prefer_hyper(vdim: u64, nonempty: usize) -> bool {
    (nonempty as u64).saturating_mul(16) <= vdim && vdim > 1
}

/// True when a dense workspace of `len` entries is affordable for a kernel that
/// touches `work` entries: a dense array is never allocated for huge dimensions.
pub fn dense_workspace_ok(len: u64, work: usize) -> bool {
    len <= (1 << 20) || len <= (work as u64).saturating_mul(8)
}

impl Compressed {
    /// An empty matrix: hypersparse with no vectors.
    pub fn empty(ty: &Type, vlen: u64, vdim: u64) -> Compressed {
        Compressed {
            vlen,
            vdim,
            h: Some(Vec::new()),
            p: vec![0],
            i: Vec::new().into(),
            x: Array::new(ty),
        }
    }

    /// A single vector of length `vlen` (one column, `vdim == 1`) with entries
    /// at the increasing indices `i`, valued `x`.
    pub fn vector(vlen: u64, i: Vec<u64>, x: Array) -> Compressed {
        debug_assert_eq!(i.len(), x.len());
        Compressed {
            vlen,
            vdim: 1,
            h: None,
            p: vec![0, i.len()],
            i: i.into(),
            x,
        }
    }

    /// Stores the indices in 32 bits when they fit (see [`Indices`]).
    pub fn narrow_indices(&mut self) {
        self.i = std::mem::take(&mut self.i).narrowed(self.vlen);
    }

    /// The element type.
    pub fn ty(&self) -> Type {
        self.x.ty()
    }

    /// The bytes its arrays hold (their lengths, not their capacities; the
    /// inner indices at their stored width).
    pub fn heap_bytes(&self) -> usize {
        let words = self.p.len() + self.h.as_ref().map_or(0, Vec::len);
        words * 8 + self.i.heap_bytes() + self.x.heap_bytes()
    }

    /// Number of stored entries.
    pub fn nvals(&self) -> usize {
        self.i.len()
    }

    /// Number of vectors held in `p` (all of them, or the listed ones when hypersparse).
    pub fn nvec(&self) -> usize {
        self.p.len() - 1
    }

    /// True when hypersparse.
    pub fn is_hyper(&self) -> bool {
        self.h.is_some()
    }

    /// The vector id of the `k`-th held vector.
    #[inline]
    pub fn vector_id(&self, k: usize) -> u64 {
        match &self.h {
            Some(h) => h[k],
            None => k as u64,
        }
    }

    /// The positions of the entries of the `k`-th held vector.
    #[inline]
    pub fn range(&self, k: usize) -> Range<usize> {
        self.p[k]..self.p[k + 1]
    }

    /// The index `k` of vector `j` among the held vectors, if it is held.
    pub fn find_vector(&self, j: u64) -> Option<usize> {
        match &self.h {
            Some(h) => h.binary_search(&j).ok(),
            None => (j < self.vdim).then_some(j as usize),
        }
    }

    /// The positions of the entries of vector `j` (empty when not held).
    pub fn vector_range(&self, j: u64) -> Range<usize> {
        self.find_vector(j).map_or(0..0, |k| self.range(k))
    }

    /// The positions in `range` (part of one vector) whose inner index is in `want`.
    pub fn within(&self, range: Range<usize>, want: &Range<u64>) -> Range<usize> {
        if want.start == 0 && want.end >= self.vlen {
            return range;
        }
        let (lo, hi) = crate::with_idx!(self.i.idx_range(range.clone()), s => (
            s.partition_point(|i| i.to_u64() < want.start),
            s.partition_point(|i| i.to_u64() < want.end),
        ));
        range.start + lo..range.start + hi
    }

    /// The position of entry `(j, i)` (vector `j`, inner index `i`), if present.
    pub fn find(&self, j: u64, i: u64) -> Option<usize> {
        let r = self.vector_range(j);
        let start = r.start;
        let found =
            crate::with_idx!(self.i.idx_range(r), s => s.binary_search_by(|v| v.to_u64().cmp(&i)));
        found.ok().map(|q| start + q)
    }

    /// Number of vectors holding at least one entry.
    pub fn nonempty_vectors(&self) -> usize {
        self.p.windows(2).filter(|w| w[1] > w[0]).count()
    }

    /// Iterates over `(vector id, inner index, position)` of every entry, in order.
    pub fn entries(&self) -> impl Iterator<Item = (u64, u64, usize)> + '_ {
        (0..self.nvec()).flat_map(move |k| {
            let j = self.vector_id(k);
            self.range(k).map(move |q| (j, self.i.get(q), q))
        })
    }

    /// Calls `visit(d, q)` for each entry `q`, `d` being its position in
    /// the dense form (`j * vlen + i`), vector by vector.
    pub fn for_each_position(&self, visit: impl FnMut(usize, usize)) {
        self.for_each_position_in(self.slots(), visit)
    }

    /// The slots the vectors delimit: `p[0]..p[nvec]`.
    fn slots(&self) -> Range<usize> {
        self.p[0]..self.p[self.nvec()]
    }

    /// [`Compressed::for_each_position`] for the entries in `slots` only.
    pub fn for_each_position_in(&self, slots: Range<usize>, mut visit: impl FnMut(usize, usize)) {
        if slots.is_empty() {
            return;
        }
        crate::with_idx!(self.i.as_idx(), idx => {
            for k in self.vector_of_slot(slots.start)..self.nvec() {
                let r = self.range(k);
                if r.start >= slots.end {
                    break;
                }
                let base = (self.vector_id(k) * self.vlen) as usize;
                let r = r.start.max(slots.start)..r.end.min(slots.end);
                for (q, i) in r.clone().zip(&idx[r]) {
                    visit(base + i.zx(), q);
                }
            }
        })
    }

    /// The index `k` of the held vector containing slot `s` (`s < nvals`).
    pub fn vector_of_slot(&self, s: usize) -> usize {
        // The last k with p[k] <= s: empty vectors before it share its start.
        self.p.partition_point(|&x| x <= s) - 1
    }

    /// The entries cut for parallel work on the dense form (`vlen * vdim`
    /// positions, which must fit in memory): pieces of about `len` slots,
    /// each with the positions it alone writes. The position ranges are
    /// consecutive and cover the dense form (a piece's entries lie in its
    /// range, since entries are in position order); none without entries.
    pub fn dense_pieces(&self, len: usize) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
        let n = (self.vlen * self.vdim) as usize;
        let all = self.slots();
        let slots: Vec<Range<usize>> = crate::parallel::chunk_ranges(all.len(), len.max(1))
            .into_iter()
            .map(|r| r.start + all.start..r.end + all.start)
            .collect();
        let start = |q: usize| {
            let k = self.vector_of_slot(q);
            (self.vector_id(k) * self.vlen + self.i.get(q)) as usize
        };
        let starts: Vec<usize> = slots.iter().skip(1).map(|r| start(r.start)).collect();
        if slots.is_empty() {
            return (slots, Vec::new());
        }
        let positions = [0]
            .into_iter()
            .chain(starts.iter().copied())
            .zip(starts.iter().copied().chain([n]))
            .map(|(a, b)| a..b)
            .collect();
        (slots, positions)
    }

    /// Converts to hypersparse, listing only the non-empty vectors.
    pub fn into_hyper(self) -> Compressed {
        if self.h.is_some() && self.nonempty_vectors() == self.nvec() {
            return self;
        }
        let mut h = Vec::new();
        let mut p = vec![0usize];
        for k in 0..self.nvec() {
            let r = self.range(k);
            if !r.is_empty() {
                h.push(self.vector_id(k));
                p.push(r.end);
            }
        }
        Compressed {
            h: Some(h),
            p,
            ..self
        }
    }

    /// Converts to non-hypersparse (`p` gets `vdim + 1` entries); fails with
    /// `GrB_OUT_OF_MEMORY` when that cannot be allocated.
    pub fn into_sparse(self) -> Result<Compressed> {
        let Some(h) = &self.h else {
            return Ok(self);
        };
        let vdim = usize::try_from(self.vdim)
            .map_err(|_| crate::error::out_of_memory("vector pointers"))?;
        let mut p = try_vec(vdim + 1, 0usize, "vector pointers")?;
        for (k, &j) in h.iter().enumerate() {
            p[j as usize + 1] = self.p[k + 1] - self.p[k];
        }
        for j in 0..vdim {
            p[j + 1] += p[j];
        }
        Ok(Compressed { h: None, p, ..self })
    }

    /// Chooses sparse or hypersparse by how many vectors are used.
    pub fn conform(self) -> Compressed {
        let nonempty = self.nonempty_vectors();
        self.conform_counted(nonempty)
    }

    /// [`Compressed::conform`] for a matrix known to hold `nonempty`
    /// non-empty vectors (saving the pass that counts them).
    pub fn conform_counted(self, nonempty: usize) -> Compressed {
        debug_assert_eq!(nonempty, self.nonempty_vectors());
        if prefer_hyper(self.vdim, nonempty) {
            self.into_hyper()
        } else {
            match self.into_sparse() {
                Ok(c) => c,
                Err(_) => unreachable!("a sparse form is only chosen when it is small"),
            }
        }
    }

    /// The bytes [`Compressed::transpose`] allocates for `nnz` entries of
    /// `elem` bytes each in `nvec` vectors of length `vlen` (`None` past `usize`).
    pub fn transpose_bytes(vlen: u64, nvec: usize, nnz: usize, elem: usize) -> Option<usize> {
        if dense_workspace_ok(vlen, nnz + nvec) {
            // Two sets of vector pointers; per entry an index, a position, a value.
            let pointers = usize::try_from(vlen)
                .ok()?
                .checked_add(1)?
                .checked_mul(16)?;
            nnz.checked_mul(16 + elem)?.checked_add(pointers)
        } else {
            // Per entry a sorted (inner, outer, position) triple, a vector id
            // and pointer, an index, a position and a value.
            nnz.checked_mul(56 + elem)
        }
    }

    /// The transpose: vectors become the inner dimension and vice versa.
    pub fn transpose(&self) -> Compressed {
        let nnz = self.nvals();
        crate::work::count(nnz);
        if dense_workspace_ok(self.vlen, nnz + self.nvec()) && u32::try_from(nnz).is_ok() {
            self.transpose_by_buckets()
        } else {
            self.transpose_by_sorting()
        }
    }

    /// Transpose with a counting sort over the inner indices (needs `vlen`
    /// counters per task, and fewer than 2^32 entries); see
    /// [`BucketTranspose`].
    fn transpose_by_buckets(&self) -> Compressed {
        let mut placement = BucketTranspose::new(self);
        let x = self.x.rearranged(&mut placement);
        Compressed {
            vlen: self.vdim,
            vdim: self.vlen,
            h: None,
            p: placement.p,
            i: std::mem::take(&mut placement.i),
            x,
        }
        .conform_counted(placement.nonempty)
    }

    /// Transpose by sorting the entries (for huge inner dimensions).
    fn transpose_by_sorting(&self) -> Compressed {
        let mut order: Vec<(u64, u64, usize)> = self.entries().map(|(j, i, q)| (i, j, q)).collect();
        order.sort_unstable();
        let mut h = Vec::new();
        let mut p = vec![0usize];
        for (n, &(i, _, _)) in order.iter().enumerate() {
            if h.last() != Some(&i) {
                if !h.is_empty() {
                    p.push(n);
                }
                h.push(i);
            }
        }
        if !h.is_empty() {
            p.push(order.len());
        }
        let i_out = order.iter().map(|&(_, j, _)| j).collect();
        // The output's inner indices are the input's vector ids.
        let i_out = Indices::fitting(i_out, self.vdim);
        let perm: Vec<usize> = order.iter().map(|&(_, _, q)| q).collect();
        Compressed {
            vlen: self.vdim,
            vdim: self.vlen,
            h: Some(h),
            p,
            i: i_out,
            x: self.x.gather(&perm),
        }
    }

    /// Keeps the entries whose position satisfies `keep`, in order.
    pub fn filter(&self, mut keep: impl FnMut(u64, u64, usize) -> bool) -> Compressed {
        let mut p = Vec::with_capacity(self.p.len());
        p.push(0);
        let mut i = Vec::new();
        let mut perm = Vec::new();
        for k in 0..self.nvec() {
            let j = self.vector_id(k);
            for q in self.range(k) {
                let iq = self.i.get(q);
                if keep(j, iq, q) {
                    i.push(iq);
                    perm.push(q);
                }
            }
            p.push(i.len());
        }
        Compressed {
            vlen: self.vlen,
            vdim: self.vdim,
            h: self.h.clone(),
            p,
            i: i.into(),
            x: self.x.gather(&perm),
        }
        .conform()
    }

    /// Checks the invariants (for tests and debugging); returns a description of the first violation.
    pub fn check(&self) -> std::result::Result<(), String> {
        if self.p.first() != Some(&0) {
            return Err("p[0] != 0".into());
        }
        if *self.p.last().unwrap() != self.i.len() || self.i.len() != self.x.len() {
            return Err("p, i and x lengths disagree".into());
        }
        match &self.h {
            Some(h) => {
                if h.len() != self.nvec() {
                    return Err("h and p lengths disagree".into());
                }
                if h.windows(2).any(|w| w[0] >= w[1]) || h.last().is_some_and(|&j| j >= self.vdim) {
                    return Err("h is not strictly increasing within vdim".into());
                }
            }
            None => {
                if self.nvec() as u64 != self.vdim {
                    return Err("p length is not vdim + 1".into());
                }
            }
        }
        for k in 0..self.nvec() {
            let r = self.range(k);
            if r.start > r.end {
                return Err("p decreases".into());
            }
            let v = self.i.idx_range(r);
            let mut pairs = v.iter().zip(v.iter().skip(1));
            if pairs.any(|(a, b)| a >= b) || (!v.is_empty() && v.get(v.len() - 1) >= self.vlen) {
                return Err(format!("vector {k} indices not sorted or out of range"));
            }
        }
        Ok(())
    }
}

/// Entries per piece of [`Compressed::dense_pieces`] for the kernels that
/// spread or fold a compressed matrix into its dense form.
pub const DENSE_PIECE_ENTRIES: usize = 1 << 15;

/// Entries checked per task by [`indices_sorted_within`].
const CHECKED_PER_TASK: usize = 1 << 16;

/// True when the indices of every vector (`p`, checked by
/// [`pointers_increase`], delimits them in `i`) are strictly increasing and
/// below `vlen` (at most 2^60, `GrB_INDEX_MAX + 1`): a packed matrix's
/// arrays come from the caller and must hold before the kernels read them.
/// One pass in parallel over ranges of `i`, branch-free arithmetic on each
/// pair of neighbours, in vector registers: a range counts its drops (an
/// index not above the one before) and its indices from `vlen` up, and a
/// drop is allowed only where a vector starts.
pub fn indices_sorted_within(p: &[u64], i: &[u64], vlen: u64) -> bool {
    debug_assert!(vlen <= 1 << 60);
    if i.is_empty() {
        return true;
    }
    let Some(last) = vlen.checked_sub(1) else {
        return false;
    };
    let nvec = p.len().saturating_sub(1);
    // Without a vector of two entries, every pair of neighbours straddles
    // vectors: only the range counts.
    let longer: u64 = over_pairs(p, |v| {
        v.iter()
            .zip(&v[1..])
            .fold(0, |n, (&a, &b)| n + negative(a.wrapping_add(1), b))
    })
    .into_iter()
    .sum();
    let first = |q: usize| p[..nvec].partition_point(|&s| (s as usize) < q);
    crate::parallel::map(i.len().div_ceil(CHECKED_PER_TASK), 1, |t| {
        let (lo, hi) = (
            t * CHECKED_PER_TASK,
            ((t + 1) * CHECKED_PER_TASK).min(i.len()),
        );
        // The pairs (q - 1, q) for q in lo.max(1)..hi.
        let [drops, outside, bits] = neighbours(&i[lo.saturating_sub(1)..hi], last);
        // Below 2^62 (or out of range anyway) the subtractions are exact.
        if outside != 0 || bits >> 62 != 0 {
            return false;
        }
        if longer == 0 {
            return true;
        }
        // The vectors starting in this range (so `start < i.len()`).
        let mut allowed = 0;
        for w in p[first(lo)..=first(hi).min(nvec)].windows(2) {
            let (start, end) = (w[0] as usize, w[1] as usize);
            let drop_at_start = negative(i[start], i[start.max(1) - 1].wrapping_add(1));
            allowed += (start < end && start > 0) as u64 & drop_at_start;
        }
        drops == allowed
    })
    .into_iter()
    .all(|ok| ok)
}

/// Of the non-empty `v`'s neighbours `(a, b)`: how many `b` are not above
/// `a` (drops), how many indices are above `last`, and the bits of all
/// indices or'ed, compiled with AVX2 where the processor has it (20 % less
/// time on a scratch copy of 7.6 M indices).
fn neighbours(v: &[u64], last: u64) -> [u64; 3] {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::has_avx2() {
        #[target_feature(enable = "avx2")]
        unsafe fn counted_avx2(v: &[u64], last: u64) -> [u64; 3] {
            counted(v, last)
        }
        // SAFETY: the processor has AVX2.
        return unsafe { counted_avx2(v, last) };
    }
    counted(v, last)
}

/// [`neighbours`] for the compiled baseline.
#[inline(always)]
fn counted(v: &[u64], last: u64) -> [u64; 3] {
    let (mut drops, mut outside, mut bits) = (0, negative(last, v[0]), v[0]);
    for (&a, &b) in v.iter().zip(&v[1..]) {
        drops += negative(b, a.wrapping_add(1));
        outside += negative(last, b);
        bits |= b;
    }
    [drops, outside, bits]
}

/// 1 when `a < b`, else 0, for `a` and `b` below 2^62: the sign of `a - b`.
fn negative(a: u64, b: u64) -> u64 {
    a.wrapping_sub(b) >> 63
}

/// True when the vector pointers `p` (a caller's array) never decrease and
/// stay below 2^62 (no array is that long): branch-free, in parallel pieces.
pub fn pointers_increase(p: &[u64]) -> bool {
    over_pairs(p, |v| {
        let (drops, bits) = v
            .iter()
            .zip(&v[1..])
            .fold((0, 0), |(n, bits), (&a, &b)| (n + negative(b, a), bits | b));
        drops == 0 && bits >> 62 == 0
    })
    .into_iter()
    .all(|ok| ok)
}

/// `f` of overlapping pieces of `p`, in parallel: each piece ends where the
/// next one starts, so together they hold every pair of neighbours once.
fn over_pairs<R: Send>(p: &[u64], f: impl Fn(&[u64]) -> R + Sync) -> Vec<R> {
    let pairs = p.len().saturating_sub(1);
    crate::parallel::map(pairs.div_ceil(CHECKED_PER_TASK), 1, |t| {
        let lo = t * CHECKED_PER_TASK;
        f(&p[lo..=((t + 1) * CHECKED_PER_TASK).min(pairs)])
    })
}

/// The entries of a transpose placed by a counting sort. Large inputs are
/// split into ranges of input vectors with about equal entries, one task
/// each: every task counts the entries of its range per output vector, which
/// gives each task its own first slot in every output vector (after the
/// slots of the tasks before it, so each output vector stays sorted); then
/// every task places its own entries. Each task reads only its part of the
/// input, and the scattered writes are shared out.
struct BucketTranspose<'a> {
    src: &'a Compressed,
    /// The input vectors of each task.
    parts: Vec<Range<usize>>,
    /// For each task, the next free slot of each output vector (slots fit
    /// in `u32`: the caller checks that there are fewer than 2^32 entries).
    next: Vec<Vec<u32>>,
    /// The output vector pointers.
    p: Vec<usize>,
    /// How many output vectors are not empty.
    nonempty: usize,
    /// The output inner indices, once placed.
    i: Indices,
}

impl<'a> BucketTranspose<'a> {
    /// Counts the entries of `src` per task and output vector, and turns the
    /// counts into each task's first slots and the output vector pointers.
    fn new(src: &'a Compressed) -> Self {
        let nnz = src.nvals();
        let tasks = if nnz < PARALLEL_TRANSPOSE {
            1
        } else {
            rayon::current_num_threads().max(1)
        };
        let nvec = src.nvec();
        let bounds: Vec<usize> = (0..=tasks)
            .map(|t| src.p.partition_point(|&q| q < t * nnz / tasks).min(nvec))
            .collect();
        let parts: Vec<Range<usize>> = bounds.windows(2).map(|w| w[0]..w[1]).collect();
        let out_vdim = src.vlen as usize;
        let mut next = crate::parallel::map(parts.len(), 1, |t| {
            let entries = src.i.idx_range(src.p[parts[t].start]..src.p[parts[t].end]);
            crate::with_idx!(entries, s => count_per_index(s, out_vdim))
        });
        let (p, nonempty) = first_slots(&mut next, out_vdim);
        BucketTranspose {
            src,
            parts,
            next,
            p,
            nonempty,
            i: Indices::default(),
        }
    }
}

/// How many of `idx` equal each index below `n`.
fn count_per_index<I: Idx>(idx: &[I], n: usize) -> Vec<u32> {
    let mut count = vec![0u32; n];
    for &r in idx {
        count[r.zx()] += 1;
    }
    count
}

/// Turns per-task counts of entries per output vector into each task's
/// first slot in each output vector (the tasks in order within a vector);
/// returns the output vector pointers and how many vectors are not empty.
/// One and two tasks (the common cases) have loops of their own.
fn first_slots(next: &mut [Vec<u32>], out_vdim: usize) -> (Vec<usize>, usize) {
    let mut p = Vec::with_capacity(out_vdim + 1);
    p.push(0);
    let (mut total, mut nonempty) = (0u32, 0);
    match next {
        [a] => {
            for slot in &mut a[..out_vdim] {
                let count = *slot;
                *slot = total;
                total += count;
                nonempty += usize::from(count != 0);
                p.push(total as usize);
            }
        }
        [a, b] => {
            for (sa, sb) in a[..out_vdim].iter_mut().zip(&mut b[..out_vdim]) {
                let (ca, cb) = (*sa, *sb);
                *sa = total;
                *sb = total + ca;
                total += ca + cb;
                nonempty += usize::from(ca + cb != 0);
                p.push(total as usize);
            }
        }
        all => {
            for r in 0..out_vdim {
                let before = total;
                for slots in all.iter_mut() {
                    let count = slots[r];
                    slots[r] = total;
                    total += count;
                }
                nonempty += usize::from(total != before);
                p.push(total as usize);
            }
        }
    }
    (p, nonempty)
}

impl Placement for BucketTranspose<'_> {
    fn place<V, F>(&mut self, value: F) -> Vec<V>
    where
        V: Copy + Default + Send + Sync,
        F: Fn(usize) -> V + Sync,
    {
        // The output's inner indices are the input's vector ids.
        let narrow = super::index::narrow_below(self.src.vdim);
        let (i, x) = crate::with_idx!(self.src.i.as_idx(), idx => if narrow {
            let (i, x) = self.place_as::<_, u32, _, _>(idx, &value);
            (u32::store(i), x)
        } else {
            let (i, x) = self.place_as::<_, u64, _, _>(idx, &value);
            (u64::store(i), x)
        });
        self.i = i;
        x
    }
}

impl BucketTranspose<'_> {
    /// Places every entry (input indices `idx`, output indices `O`); returns
    /// the output's inner indices and values.
    fn place_as<I: Idx, O: Idx, V, F>(&mut self, idx: &[I], value: &F) -> (Vec<O>, Vec<V>)
    where
        V: Copy + Default + Send + Sync,
        F: Fn(usize) -> V + Sync,
    {
        let src = self.src;
        let nnz = src.nvals();
        let mut i_out: Vec<O> = Vec::with_capacity(nnz);
        let mut x_out: Vec<V> = Vec::with_capacity(nnz);
        let (i_slots, x_slots) = (Slots::new(&mut i_out), Slots::new(&mut x_out));
        let next = std::mem::take(&mut self.next);
        let tasks: Vec<_> = self.parts.iter().zip(next).collect();
        crate::parallel::map_items(tasks, |(part, mut next)| {
            // Locals, so that the loop keeps them in registers (the writes
            // through raw pointers could otherwise alias them).
            let (i_out, x_out) = (i_slots.at(0), x_slots.at(0));
            let p = &src.p[..];
            for k in part.clone() {
                let j = O::from_u64(src.vector_id(k));
                let range = p[k]..p[k + 1];
                for (q, &r) in range.clone().zip(&idx[range]) {
                    let r = r.zx();
                    let slot = next[r];
                    next[r] = slot + 1;
                    let slot = slot as usize;
                    // SAFETY: `new` gave every (task, output vector)
                    // pair its own slots, as many as the task has entries
                    // for that vector, within `0..nnz` (the capacity).
                    unsafe {
                        i_out.add(slot).write(j);
                        x_out.add(slot).write(value(q));
                    }
                }
            }
        });
        // SAFETY: the tasks' slots cover `0..nnz` exactly and each was written
        // once, with plain `Copy` values.
        unsafe {
            i_out.set_len(nnz);
            x_out.set_len(nnz);
        }
        (i_out, x_out)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A 3 × 4 matrix by rows: (0,1)=1 (0,3)=2 (2,0)=3, `i32` values.
    pub(in crate::storage) fn sample() -> Compressed {
        Compressed {
            vlen: 4,
            vdim: 3,
            h: None,
            p: vec![0, 2, 2, 3],
            i: vec![1, 3, 0].into(),
            x: Array::from_vec(vec![1i32, 2, 3]),
        }
    }

    #[test]
    fn heap_bytes_count_indices_at_their_stored_width() {
        let mut c = sample();
        let (pointers, values) = (4 * 8, 3 * 4);
        assert_eq!(c.heap_bytes(), pointers + 3 * 8 + values);
        c.i = Indices::narrow(vec![1, 3, 0]);
        assert_eq!(c.heap_bytes(), pointers + 3 * 4 + values);
    }

    #[test]
    fn dense_pieces_cover_the_positions_and_hold_their_entries() {
        // Sparse and hypersparse, with empty vectors, cut into pieces of
        // every size from one entry to all of them.
        let sparse = Compressed {
            vlen: 5,
            vdim: 4,
            h: None,
            p: vec![0, 2, 2, 5, 6],
            i: vec![1, 4, 0, 2, 3, 4].into(),
            x: Array::from_vec(vec![0u8; 6]),
        };
        let hyper = sparse.clone().into_hyper();
        for c in [&sparse, &hyper] {
            let mut all = Vec::new();
            c.for_each_position(|d, q| all.push((d, q)));
            assert_eq!(all.first(), Some(&(1, 0)));
            for len in 1..=7 {
                let (slots, positions) = c.dense_pieces(len);
                assert_eq!(slots.len(), positions.len());
                assert_eq!(positions[0].start, 0);
                assert_eq!(positions.last().unwrap().end, 20);
                assert!(positions.windows(2).all(|w| w[0].end == w[1].start));
                let mut pieces = Vec::new();
                for (s, r) in slots.iter().zip(&positions) {
                    c.for_each_position_in(s.clone(), |d, q| {
                        assert!(r.contains(&d), "entry {q} at {d} outside {r:?}");
                        pieces.push((d, q));
                    });
                }
                assert_eq!(pieces, all, "pieces of {len}");
            }
        }
        let empty = Compressed::empty(&Type::builtin(crate::algebra::TypeCode::Uint8), 5, 4);
        assert_eq!(empty.dense_pieces(3), (vec![], vec![]));
    }

    #[test]
    fn hyper_round_trip() {
        let a = sample();
        let h = a.clone().into_hyper();
        assert_eq!(h.h, Some(vec![0, 2]));
        h.check().unwrap();
        assert_eq!(h.find(2, 0), Some(2));
        assert_eq!(h.find(1, 0), None);
        assert_eq!(h.into_sparse().unwrap(), a);
    }

    #[test]
    fn transposes_agree() {
        let a = sample();
        let t1 = a.transpose_by_buckets().into_hyper();
        let t2 = a.transpose_by_sorting();
        assert_eq!(t1, t2);
        t2.check().unwrap();
        let back = t2.transpose().into_sparse().unwrap();
        assert_eq!(back, a);
    }

    /// A `vdim × vlen` matrix with about `per_vector` entries in each vector
    /// at pseudo-random positions (skewed toward low indices, like a hub).
    fn scattered(vdim: u64, vlen: u64, per_vector: u64) -> Compressed {
        let mut seed = 12345u64;
        let (mut p, mut i) = (vec![0], Vec::new());
        for _ in 0..vdim {
            let mut row: Vec<u64> = (0..per_vector)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    let r = seed >> 33;
                    if r.is_multiple_of(4) {
                        r % 16
                    } else {
                        r % vlen
                    }
                })
                .collect();
            row.sort_unstable();
            row.dedup();
            i.extend(row);
            p.push(i.len());
        }
        let x: Vec<f64> = (0..i.len()).map(|k| k as f64).collect();
        Compressed {
            vlen,
            vdim,
            h: None,
            p,
            i: i.into(),
            x: Array::from_vec(x),
        }
    }

    #[test]
    fn a_large_transpose_split_among_tasks_agrees_with_sorting() {
        let a = scattered(20_000, 30_000, 12);
        assert!(a.nvals() >= PARALLEL_TRANSPOSE);
        let buckets = a.transpose_by_buckets();
        buckets.check().unwrap();
        assert_eq!(buckets, a.transpose_by_sorting().conform());
        // Values of a user-defined type go by their positions.
        let udt = Type::user("word", 8);
        let mut b = a.clone();
        b.x = Array::from_bytes(&udt, a.x.bytes());
        let (tb, ts) = (b.transpose_by_buckets(), b.transpose_by_sorting().conform());
        assert_eq!((&tb.i, &tb.p, tb.x.bytes()), (&ts.i, &ts.p, ts.x.bytes()));
    }

    #[test]
    fn huge_dimensions_stay_hypersparse() {
        let big = 1u64 << 60;
        let a = Compressed {
            vlen: big,
            vdim: big,
            h: Some(vec![5, big - 1]),
            p: vec![0, 1, 2],
            i: vec![big - 2, 7].into(),
            x: Array::from_vec(vec![1.0f64, 2.0]),
        };
        a.check().unwrap();
        let t = a.transpose();
        t.check().unwrap();
        assert_eq!(t.h, Some(vec![7, big - 2]));
        assert_eq!(t.conform().h.map(|h| h.len()), Some(2));
    }

    #[test]
    fn indices_are_stored_in_32_bits_where_they_fit() {
        use crate::storage::build::{build_compressed, Dup};
        let before = crate::storage::index::set_narrow(true);
        let x = Array::from_vec(vec![1.0f64, 2.0, 3.0]);
        let small = build_compressed(10, 4, &[3, 0, 0], &[9, 4, 1], x.clone(), Dup::Error).unwrap();
        let huge = build_compressed(1 << 40, 4, &[3, 0, 0], &[1 << 39, 4, 1], x, Dup::Error);
        let huge = huge.unwrap();
        // A transpose's indices are the source's vector ids.
        let (ts, th) = (small.transpose(), huge.transpose());
        crate::storage::index::set_narrow(before);
        assert!(small.i.is_narrow() && ts.i.is_narrow());
        assert!(!huge.i.is_narrow() && th.i.is_narrow());
        assert_eq!(small.i, vec![1, 4, 9]);
        assert_eq!(huge.i, vec![1, 4, 1 << 39]);
        assert_eq!(ts.transpose().i, small.i);
        assert_eq!(th.transpose().i, huge.i);
        assert_eq!(small.find(3, 9), Some(2));
        assert_eq!(small.within(0..2, &(2..5)), 1..2);
    }

    #[test]
    fn packed_indices_are_checked_in_every_task() {
        // 3 vectors of 50,000 sorted indices: the checks span several tasks.
        let (n, vlen) = (50_000u64, 100_000u64);
        let p: Vec<u64> = (0..=3).map(|k| k * n).collect();
        let mut i: Vec<u64> = (0..3).flat_map(|_| (0..n).map(|k| 2 * k)).collect();
        assert!(indices_sorted_within(&p, &i, vlen));
        assert!(
            !indices_sorted_within(&p, &i, vlen - 2),
            "the last index of each is out of range"
        );
        i.swap(2 * n as usize + 10, 2 * n as usize + 11);
        assert!(
            !indices_sorted_within(&p, &i, vlen),
            "the third vector is unsorted"
        );
        assert!(indices_sorted_within(&[0, 0], &[], 0), "no entries");
        let top = 1 << 62;
        assert!(
            !indices_sorted_within(&[0, 2], &[3, top], 1 << 60),
            "far out"
        );
        assert!(!indices_sorted_within(&[0, 2], &[u64::MAX, 3], 1 << 60));
        assert!(!indices_sorted_within(&[0, 1], &[0], 0), "no room");
        assert!(pointers_increase(&[0, 0, 3, 3, 7]) && pointers_increase(&[]));
        assert!(!pointers_increase(&[0, 4, 3]) && !pointers_increase(&[0, 1 << 62]));
        let long: Vec<u64> = (0..=3 * CHECKED_PER_TASK as u64).collect();
        assert!(pointers_increase(&long));
        for at in [2, CHECKED_PER_TASK, CHECKED_PER_TASK + 1, long.len() - 1] {
            let mut p = long.clone();
            p[at] -= 2;
            assert!(!pointers_increase(&p), "a drop at {at}, where pieces meet");
        }
    }

    #[test]
    fn neighbours_are_counted_alike_with_and_without_avx2() {
        let mut next = crate::test_rng::below(11);
        for len in [1, 2, 3, 7, 8, 9, 31, 64, 1000] {
            let v: Vec<u64> = (0..len).map(|_| next(40)).collect();
            for last in [0, 10, 39, 40] {
                assert_eq!(neighbours(&v, last), counted(&v, last), "{len} {last}");
            }
        }
    }

    /// The per-vector rule `indices_sorted_within` checks, written plainly.
    fn sorted_naive(p: &[u64], i: &[u64], vlen: u64) -> bool {
        p.windows(2).all(|w| {
            let v = &i[w[0] as usize..w[1] as usize];
            v.windows(2).all(|x| x[0] < x[1]) && v.iter().all(|&x| x < vlen)
        })
    }

    #[test]
    fn packed_index_check_agrees_with_the_plain_rule() {
        // Vectors of 0-3 entries (empty ones repeat a pointer) with indices
        // that drop at vector starts, and near-misses: a repeat, a drop
        // inside a vector, an index at vlen; some vectors span task edges.
        let mut next = crate::test_rng::below(7);
        let mut outcomes = [0; 2];
        for case in 0..200 {
            let (mut p, mut i) = (vec![0u64], Vec::new());
            let nvec = if case % 10 == 0 { 70_000 } else { 1 + next(40) };
            for _ in 0..nvec {
                let len = match case % 10 {
                    0 => next(4),
                    5 => next(2),
                    _ => next(5),
                };
                let mut x = next(3);
                for _ in 0..len {
                    i.push(x);
                    x += 1 + next(2);
                }
                p.push(i.len() as u64);
            }
            let vlen = 12;
            if !i.is_empty() && case % 3 != 0 {
                let q = next(i.len() as u64) as usize;
                i[q] = match case % 3 {
                    1 => next(13),
                    _ => i[q.saturating_sub(1)],
                };
            }
            let expected = sorted_naive(&p, &i, vlen);
            assert_eq!(indices_sorted_within(&p, &i, vlen), expected, "case {case}");
            outcomes[expected as usize] += 1;
        }
        assert!(outcomes[0] > 20 && outcomes[1] > 20, "{outcomes:?}");
    }
}
