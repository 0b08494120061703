//! The structure side of element-wise kernels: which entries the result has,
//! in which order, and which input positions each value comes from. Values are
//! delegated to a [`Combiner`], so each structure is written once for all types.
//!
//! Strategies, by the storage of the inputs (both read in the result's orientation):
//! * full × full: every position, values only (no index arrays at all);
//! * dense × dense (a bitmap involved): position by position into a bitmap;
//! * union of compressed × full: a full result, the compressed entries merged in;
//! * intersection with a dense input, or with one input much smaller: walk the
//!   compressed (or smaller) input and look each entry up in the other;
//! * two compressed inputs with one pattern (`A .* A'` of a symmetric `A`):
//!   that pattern, the values computed slot by slot;
//! * otherwise: a two-way merge of the compressed entries.
//!
//! All strategies split the work into chunks of entries ([`crate::kernels::fragment`]).

use super::combine::{Combiner, Kernel};
use super::operand::{ranges_at, Operand, View};
use crate::error::Result;
use crate::kernels::fragment::{chunk_count, split_even, stitch, Fragment};
use crate::kernels::runs::{self, runs};
use crate::parallel;
use crate::storage::{Array, Bitmap, Compressed, Format, Full, Idx};
use std::ops::Range;

/// Which positions the result has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The union of the inputs' patterns (eWiseAdd, eWiseUnion).
    Union,
    /// The intersection (eWiseMult).
    Intersection,
}

/// An intersection walks the smaller input and searches the larger one when
/// their sizes differ by more than this factor.
const PROBE_RATIO: usize = 16;

/// How a plan computes its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strategy {
    /// Nothing to compute: a dimension is zero.
    Empty,
    /// Both inputs full.
    FullFull,
    /// Both inputs dense, a bitmap among them.
    Dense,
    /// Union of a compressed input with a full one (`true`: the compressed one is `A`).
    SparseFull(bool),
    /// Intersection walking one compressed input (`true`: `A`) and searching the other.
    Probe(bool),
    /// Two compressed inputs with the same pattern: slot by slot.
    SamePattern,
    /// Merge of two compressed inputs.
    Merge,
}

/// The inputs of an element-wise operation, read in the result's orientation,
/// and the strategy chosen for them.
pub struct Plan<'a> {
    a: Operand<'a>,
    b: Operand<'a>,
    mode: Mode,
    vlen: u64,
    vdim: u64,
    strategy: Strategy,
}

impl<'a> Plan<'a> {
    /// Chooses how to compute the result of `a` and `b` (`vdim` vectors of
    /// length `vlen`); inputs the strategy needs compressed are converted here,
    /// so that [`Plan::values`] are the arrays the kernel indexes.
    pub fn new(mut a: Operand<'a>, mut b: Operand<'a>, mode: Mode, vlen: u64, vdim: u64) -> Self {
        let union = mode == Mode::Union;
        let probe = |s: &Operand<'_>, other: &Operand<'_>| {
            other.is_dense() || s.nvals().saturating_mul(PROBE_RATIO) < other.nvals()
        };
        let strategy = match (&a.view, &b.view) {
            _ if vlen == 0 || vdim == 0 => Strategy::Empty,
            (View::Full(_), View::Full(_)) => Strategy::FullFull,
            _ if a.is_dense() && b.is_dense() => Strategy::Dense,
            (View::Sparse(_), View::Full(_)) if union => Strategy::SparseFull(true),
            (View::Full(_), View::Sparse(_)) if union => Strategy::SparseFull(false),
            (View::Sparse(_), _) if !union && probe(&a, &b) => Strategy::Probe(true),
            (_, View::Sparse(_)) if !union && probe(&b, &a) => Strategy::Probe(false),
            _ => Strategy::Merge,
        };
        let strategy = if strategy == Strategy::Merge {
            a = a.into_sparse();
            b = b.into_sparse();
            if same_pattern(compressed(&a), compressed(&b)) {
                Strategy::SamePattern
            } else {
                Strategy::Merge
            }
        } else {
            strategy
        };
        Plan {
            a,
            b,
            mode,
            vlen,
            vdim,
            strategy,
        }
    }

    /// The value arrays of `A` and `B` as the kernel indexes them.
    pub fn values(&self) -> (&Array, &Array) {
        (self.a.values(), self.b.values())
    }
}

impl Kernel for Plan<'_> {
    type Output = Result<Format>;

    fn run<C: Combiner>(&self, comb: &C) -> Result<Format> {
        match self.strategy {
            Strategy::Empty => {
                let ty = comb.finish(Vec::new())?.ty();
                Ok(Format::Sparse(Compressed::empty(&ty, self.vlen, self.vdim)))
            }
            Strategy::FullFull => self.full_full(comb),
            Strategy::Dense => self.dense(comb),
            Strategy::SparseFull(true) => self.sparse_full::<C, true>(compressed(&self.a), comb),
            Strategy::SparseFull(false) => self.sparse_full::<C, false>(compressed(&self.b), comb),
            Strategy::Probe(true) => self.probe::<C, true>(compressed(&self.a), &self.b, comb),
            Strategy::Probe(false) => self.probe::<C, false>(compressed(&self.b), &self.a, comb),
            Strategy::SamePattern => self.same_pattern(compressed(&self.a), comb),
            Strategy::Merge if self.mode == Mode::Union => {
                self.merge::<C, true>(compressed(&self.a), compressed(&self.b), comb)
            }
            Strategy::Merge => {
                self.merge::<C, false>(compressed(&self.a), compressed(&self.b), comb)
            }
        }
    }
}

/// The compressed data of an operand the strategy reads as compressed.
fn compressed<'b>(op: &'b Operand<'_>) -> &'b Compressed {
    match &op.view {
        View::Sparse(c) => c,
        _ => unreachable!("the strategy reads this input as compressed"),
    }
}

impl Plan<'_> {
    /// Number of positions of a dense result.
    fn positions(&self) -> usize {
        (self.vlen * self.vdim) as usize
    }

    /// Both inputs full: a full result computed from the value arrays alone.
    fn full_full<C: Combiner>(&self, comb: &C) -> Result<Format> {
        Ok(Format::Full(Full {
            vlen: self.vlen,
            vdim: self.vdim,
            x: slot_by_slot(self.positions(), comb)?,
        }))
    }

    /// Inputs with one pattern (`a`'s): every entry is in both, so the
    /// values are computed slot by slot and the pattern is copied.
    fn same_pattern<C: Combiner>(&self, a: &Compressed, comb: &C) -> Result<Format> {
        Ok(Format::Sparse(Compressed {
            vlen: a.vlen,
            vdim: a.vdim,
            h: a.h.clone(),
            p: a.p.clone(),
            i: a.i.copied(),
            x: slot_by_slot(a.nvals(), comb)?,
        }))
    }

    /// Both inputs dense, at least one a bitmap: a bitmap result.
    fn dense<C: Combiner>(&self, comb: &C) -> Result<Format> {
        let n = self.positions();
        let (pa, pb) = (presence(&self.a), presence(&self.b));
        let union = self.mode == Mode::Union;
        let parts = parallel::map_items(split_even(n, chunk_count(n)), |r| {
            let mut buf = comb.buffer(r.len());
            if !union && comb.total() {
                // Every position computed, without a branch; only those
                // both inputs hold are present.
                comb.both_range(&mut buf, r.clone());
                let flags = match (pa, pb) {
                    (Some(a), Some(b)) => {
                        let (a, b) = (&a[r.clone()], &b[r]);
                        a.iter().zip(b).map(|(&x, &y)| x & y).collect()
                    }
                    (Some(only), None) | (None, Some(only)) => only[r].to_vec(),
                    (None, None) => vec![true; r.len()],
                };
                return (flags, buf);
            }
            let mut flags = Vec::with_capacity(r.len());
            for q in r {
                let (ina, inb) = (pa.is_none_or(|b| b[q]), pb.is_none_or(|b| b[q]));
                let present = match (ina, inb) {
                    (true, true) => {
                        comb.both(&mut buf, q, q);
                        true
                    }
                    (true, false) if union => {
                        comb.only_a(&mut buf, q);
                        true
                    }
                    (false, true) if union => {
                        comb.only_b(&mut buf, q);
                        true
                    }
                    _ => {
                        comb.absent(&mut buf);
                        false
                    }
                };
                flags.push(present);
            }
            (flags, buf)
        });
        let mut b = Vec::with_capacity(n);
        let mut bufs = Vec::with_capacity(parts.len());
        for (flags, buf) in parts {
            b.extend_from_slice(&flags);
            bufs.push(buf);
        }
        let nvals = b.iter().filter(|&&x| x).count();
        Ok(Format::Bitmap(Bitmap {
            vlen: self.vlen,
            vdim: self.vdim,
            b,
            x: comb.finish(bufs)?,
            nvals,
        }))
    }

    /// Union of a compressed input `s` with a full one: a full result.
    /// `S_IS_A` says whether `s` is the first input.
    fn sparse_full<C: Combiner, const S_IS_A: bool>(
        &self,
        s: &Compressed,
        comb: &C,
    ) -> Result<Format> {
        let n = self.positions();
        let vlen = self.vlen as usize;
        let key = |q: usize| ((q / vlen) as u64, (q % vlen) as u64);
        let bufs = parallel::map_items(split_even(n, chunk_count(n + s.nvals())), |r| {
            let mut buf = comb.buffer(r.len());
            let start = runs::lower_bound(s, key(r.start));
            let end = if r.end == n {
                s.nvals()
            } else {
                runs::lower_bound(s, key(r.end))
            };
            let dense_only = |buf: &mut C::Buf, q: usize| {
                if S_IS_A {
                    comb.only_b(buf, q)
                } else {
                    comb.only_a(buf, q)
                }
            };
            let mut q = r.start;
            for (j, slots) in runs(s, start..end) {
                let base = j as usize * vlen;
                for t in slots {
                    let qs = base + s.i.get(t) as usize;
                    while q < qs {
                        dense_only(&mut buf, q);
                        q += 1;
                    }
                    if S_IS_A {
                        comb.both(&mut buf, t, qs);
                    } else {
                        comb.both(&mut buf, qs, t);
                    }
                    q += 1;
                }
            }
            while q < r.end {
                dense_only(&mut buf, q);
                q += 1;
            }
            buf
        });
        Ok(Format::Full(Full {
            vlen: self.vlen,
            vdim: self.vdim,
            x: comb.finish(bufs)?,
        }))
    }

    /// Intersection by walking the compressed input `s` and looking each entry
    /// up in `other`. `S_IS_A` says whether `s` is the first input.
    fn probe<C: Combiner, const S_IS_A: bool>(
        &self,
        s: &Compressed,
        other: &Operand<'_>,
        comb: &C,
    ) -> Result<Format> {
        let n = s.nvals();
        let frags = parallel::map_items(split_even(n, chunk_count(n)), |r| {
            let mut frag = Fragment::<_, u64>::new(comb.buffer(r.len()));
            for (j, slots) in runs(s, r) {
                let lookup = other.vector(j);
                let mut from = 0;
                for t in slots {
                    let i = s.i.get(t);
                    if let Some(q) = lookup.find(i, &mut from) {
                        frag.i.push(i);
                        if S_IS_A {
                            comb.both(&mut frag.buf, t, q);
                        } else {
                            comb.both(&mut frag.buf, q, t);
                        }
                    }
                }
                frag.close_vector(j);
            }
            frag
        });
        self.assemble(frags, comb)
    }

    /// Two-way merge of compressed inputs: their union (`UNION`) or
    /// intersection. Chunks write 32-bit indices when both inputs' are.
    fn merge<C: Combiner, const UNION: bool>(
        &self,
        a: &Compressed,
        b: &Compressed,
        comb: &C,
    ) -> Result<Format> {
        if a.i.is_narrow() && b.i.is_narrow() {
            self.merge_as::<C, UNION, u32>(a, b, comb)
        } else {
            self.merge_as::<C, UNION, u64>(a, b, comb)
        }
    }

    /// [`Plan::merge`] with chunks writing indices of width `I`.
    fn merge_as<C: Combiner, const UNION: bool, I: Idx>(
        &self,
        a: &Compressed,
        b: &Compressed,
        comb: &C,
    ) -> Result<Format> {
        let (na, nb) = (a.nvals(), b.nvals());
        // Cut the larger input evenly; cut the other at the same keys.
        let larger = if na >= nb { a } else { b };
        let cuts: Vec<runs::Key> = split_even(larger.nvals(), chunk_count(na + nb))[1..]
            .iter()
            .map(|r| runs::key_at(larger, r.start))
            .collect();
        let work: Vec<(Range<usize>, Range<usize>)> = ranges_at(a, &cuts)
            .into_iter()
            .zip(ranges_at(b, &cuts))
            .collect();
        let frags = parallel::map_items(work, |(ra, rb)| {
            let cap = if UNION {
                ra.len() + rb.len()
            } else {
                ra.len().min(rb.len())
            };
            let mut frag = Fragment::new(comb.buffer(cap));
            merge_chunk::<C, UNION, I>(a, ra, b, rb, comb, &mut frag);
            frag
        });
        self.assemble(frags, comb)
    }

    /// The compressed result from the chunks' fragments.
    fn assemble<C: Combiner, I: Idx>(
        &self,
        frags: Vec<Fragment<C::Buf, I>>,
        comb: &C,
    ) -> Result<Format> {
        let (pattern, bufs) = stitch(frags, self.vlen)?;
        let x = comb.finish(bufs)?;
        Ok(Format::Sparse(pattern.with_values(self.vlen, self.vdim, x)))
    }
}

/// `op(A[q], B[q])` for every `q < n`, in parallel chunks.
fn slot_by_slot<C: Combiner>(n: usize, comb: &C) -> Result<Array> {
    if let Some(values) = comb.both_all(n) {
        return Ok(values);
    }
    let bufs = parallel::map_items(split_even(n, chunk_count(n)), |r| {
        let mut buf = comb.buffer(r.len());
        comb.both_range(&mut buf, r);
        buf
    });
    comb.finish(bufs)
}

/// True when `a` and `b` hold the same vectors with the same inner indices
/// (compared in parallel pieces; unequal patterns usually differ early).
fn same_pattern(a: &Compressed, b: &Compressed) -> bool {
    if a.nvals() != b.nvals() || a.h != b.h || a.p != b.p {
        return false;
    }
    if a.i.same_buffer(&b.i) {
        return true;
    }
    let n = a.nvals();
    let pieces = split_even(n, chunk_count(n));
    parallel::map_items(pieces, |r| a.i.idx_range(r.clone()).same(&b.i.idx_range(r)))
        .into_iter()
        .all(|same| same)
}

/// The presence flags of a dense operand (`None` when every position is present).
fn presence<'a>(op: &'a Operand<'_>) -> Option<&'a [bool]> {
    match &op.view {
        View::Bitmap(b) => Some(&b.b),
        _ => None,
    }
}

/// Merges the slots `ra` of `a` with the slots `rb` of `b` vector by
/// vector, both read at width `I` (copied per vector when stored at the
/// other).
fn merge_chunk<C: Combiner, const UNION: bool, I: Idx>(
    a: &Compressed,
    ra: Range<usize>,
    b: &Compressed,
    rb: Range<usize>,
    comb: &C,
    frag: &mut Fragment<C::Buf, I>,
) {
    let mut va = runs(a, ra).peekable();
    let mut vb = runs(b, rb).peekable();
    loop {
        let (j, sa, sb) = match (va.peek(), vb.peek()) {
            (None, None) => break,
            (Some((ja, _)), Some((jb, _))) if ja == jb => {
                let (j, sa) = va.next().unwrap();
                (j, sa, vb.next().unwrap().1)
            }
            (Some((ja, _)), Some((jb, _))) if ja < jb => {
                let (j, sa) = va.next().unwrap();
                (j, sa, 0..0)
            }
            (Some(_), None) => {
                let (j, sa) = va.next().unwrap();
                (j, sa, 0..0)
            }
            _ => {
                let (j, sb) = vb.next().unwrap();
                (j, 0..0, sb)
            }
        };
        let ai = a.i.idx_range(sa.clone()).to_width::<I>();
        let bi = b.i.idx_range(sb.clone()).to_width::<I>();
        if UNION {
            union_vector(&ai, sa.start, &bi, sb.start, comb, frag);
        } else {
            intersect_vector(&ai, sa.start, &bi, sb.start, comb, frag);
        }
        frag.close_vector(j);
    }
}

/// The union of one vector's entries: indices `ai` of `a` (the first at
/// slot `a0`) and `bi` of `b` (from slot `b0`).
#[inline]
fn union_vector<C: Combiner, I: Idx>(
    ai: &[I],
    a0: usize,
    bi: &[I],
    b0: usize,
    comb: &C,
    frag: &mut Fragment<C::Buf, I>,
) {
    let (mut x, mut y) = (0, 0);
    while x < ai.len() && y < bi.len() {
        let (ia, ib) = (ai[x], bi[y]);
        if ia < ib {
            comb.only_a(&mut frag.buf, a0 + x);
            frag.i.push(ia);
            x += 1;
        } else if ib < ia {
            comb.only_b(&mut frag.buf, b0 + y);
            frag.i.push(ib);
            y += 1;
        } else {
            comb.both(&mut frag.buf, a0 + x, b0 + y);
            frag.i.push(ia);
            x += 1;
            y += 1;
        }
    }
    for x in x..ai.len() {
        comb.only_a(&mut frag.buf, a0 + x);
    }
    frag.i.extend_from_slice(&ai[x..]);
    for y in y..bi.len() {
        comb.only_b(&mut frag.buf, b0 + y);
    }
    frag.i.extend_from_slice(&bi[y..]);
}

/// The intersection of one vector's entries: indices `ai` of `a` (the
/// first at slot `a0`) and `bi` of `b` (from slot `b0`).
#[inline]
fn intersect_vector<C: Combiner, I: Idx>(
    ai: &[I],
    a0: usize,
    bi: &[I],
    b0: usize,
    comb: &C,
    frag: &mut Fragment<C::Buf, I>,
) {
    let (mut x, mut y) = (0, 0);
    while x < ai.len() && y < bi.len() {
        let (ia, ib) = (ai[x], bi[y]);
        if ia < ib {
            x += 1;
        } else if ib < ia {
            y += 1;
        } else {
            comb.both(&mut frag.buf, a0 + x, b0 + y);
            frag.i.push(ia);
            x += 1;
            y += 1;
        }
    }
}
