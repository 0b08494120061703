//! Keeping the entries of a matrix that satisfy a predicate, in every storage
//! format: compressed data is filtered into new compressed vectors (chunks of
//! entries in parallel, kept runs copied as ranges); bitmap and full data keep
//! their positions and values and get new presence flags.

use crate::ops::entries::{for_each_position, matrix_coords, positions};
use crate::ops::fragment::{chunk_count, split_even, stitch, Fragment};
use crate::ops::runs::runs;
use crate::parallel;
use crate::storage::ranges::extend_copy;
use crate::storage::{Bitmap, Compressed, Format, Orientation};
use std::ops::Range;

/// Decides which entries are kept.
pub trait Predicate: Sync {
    /// Per-chunk scratch.
    type State: Send;
    /// True when the predicate needs the entries' coordinates.
    const POSITIONAL: bool;
    /// Scratch for one chunk.
    fn state(&self) -> Self::State;
    /// True to keep the entry at value position `q`, `(row, col)`.
    fn keep(&self, st: &mut Self::State, q: usize, row: u64, col: u64) -> bool;
    /// True when the predicate reads only values and implements
    /// [`Predicate::keep_values`].
    const VALUES_ONLY: bool = false;
    /// Appends to `flags` whether each value at the positions `slots` is
    /// kept (a tight loop over the values rather than a call per entry);
    /// only called when [`Predicate::VALUES_ONLY`].
    fn keep_values(&self, _slots: Range<usize>, _flags: &mut Vec<bool>) {
        unreachable!("keep_values of a predicate that does not read values only")
    }
}

/// The entries of `format` (vectors in orientation `orient`) that `p` keeps.
pub fn filter<P: Predicate>(format: &Format, orient: Orientation, p: &P) -> Format {
    match format {
        Format::Sparse(c) if P::VALUES_ONLY => filter_compressed(
            c,
            |kept, (base, flags): &mut (usize, Vec<bool>), _, slots| {
                kept.keep_flagged(
                    c,
                    slots.clone(),
                    &flags[slots.start - *base..slots.end - *base],
                );
            },
            |r| {
                let mut flags = Vec::with_capacity(r.len());
                p.keep_values(r.clone(), &mut flags);
                (r.start, flags)
            },
        ),
        Format::Sparse(c) => filter_compressed(
            c,
            |frag, st: &mut P::State, j, slots| {
                for q in slots {
                    let (row, col) = matrix_coords(orient, j, c.i[q]);
                    if p.keep(st, q, row, col) {
                        frag.keep(c, q);
                    }
                }
            },
            |_| p.state(),
        ),
        _ => filter_dense(format, orient, p),
    }
}

/// The kept slots of a chunk of compressed data: inner indices and slot ranges.
struct Kept<'a> {
    frag: &'a mut Fragment<Vec<Range<usize>>>,
}

impl Kept<'_> {
    /// Keeps the entries of `slots` (of the vector being visited) whose flag is set.
    fn keep_flagged(&mut self, c: &Compressed, slots: Range<usize>, flags: &[bool]) {
        let mut t = 0;
        while t < flags.len() {
            if !flags[t] {
                t += 1;
                continue;
            }
            let start = t;
            while t < flags.len() && flags[t] {
                t += 1;
            }
            let run = slots.start + start..slots.start + t;
            extend_copy(&mut self.frag.i, &c.i[run.clone()]);
            match self.frag.buf.last_mut() {
                Some(last) if last.end == run.start => last.end = run.end,
                _ => self.frag.buf.push(run),
            }
        }
    }

    /// Keeps the entry in slot `q` (of the vector being visited).
    #[inline]
    fn keep(&mut self, c: &Compressed, q: usize) {
        self.frag.i.push(c.i[q]);
        match self.frag.buf.last_mut() {
            Some(last) if last.end == q => last.end = q + 1,
            _ => self.frag.buf.push(q..q + 1),
        }
    }
}

/// Filters compressed data: `visit(kept, state, j, slots)` is called for each
/// piece of a vector and pushes the slots it keeps, in order. The kept values
/// are copied once, in parallel, from the ranges the chunks collected.
fn filter_compressed<S: Send>(
    c: &Compressed,
    visit: impl Fn(&mut Kept<'_>, &mut S, u64, Range<usize>) + Sync,
    state: impl Fn(Range<usize>) -> S + Sync,
) -> Format {
    let n = c.nvals();
    let frags = parallel::map_items(split_even(n, chunk_count(n)), |r| {
        let mut frag = Fragment::new(Vec::new());
        // At most every entry is kept: reserved once, not grown by doubling.
        frag.i.reserve(r.len());
        let mut st = state(r.clone());
        for (j, slots) in runs(c, r) {
            visit(&mut Kept { frag: &mut frag }, &mut st, j, slots);
            frag.close_vector(j);
        }
        frag
    });
    let (pattern, kept) = stitch(frags);
    let ranges: Vec<Range<usize>> = kept.into_iter().flatten().collect();
    let x = c.x.copy_ranges(&ranges);
    Format::Sparse(pattern.with_values(c.vlen, c.vdim, x))
}

/// Filters bitmap or full data into a bitmap with the same values.
fn filter_dense<P: Predicate>(format: &Format, orient: Orientation, p: &P) -> Format {
    let n = positions(format);
    let parts = parallel::map_items(split_even(n, chunk_count(n)), |r| {
        let mut st = p.state();
        let mut flags = Vec::with_capacity(r.len());
        for_each_position(format, r, P::POSITIONAL, |q, present, j, i| {
            let (row, col) = matrix_coords(orient, j, i);
            flags.push(present && p.keep(&mut st, q, row, col));
        });
        flags
    });
    let b = parts.concat();
    let nvals = b.iter().filter(|&&x| x).count();
    let (vlen, vdim, x) = match format {
        Format::Bitmap(bm) => (bm.vlen, bm.vdim, bm.x.clone()),
        Format::Full(f) => (f.vlen, f.vdim, f.x.clone()),
        Format::Sparse(_) => unreachable!("dense data only"),
    };
    Format::Bitmap(Bitmap {
        vlen,
        vdim,
        b,
        x,
        nvals,
    })
}
