//! Keeping the entries of a matrix that satisfy a predicate, in every storage
//! format: compressed data is filtered into new compressed vectors (chunks of
//! entries flagged in parallel, then the kept ones copied into place); bitmap
//! and full data keep their positions and values and get new presence flags.

use crate::kernels::entries::{for_each_position, matrix_coords, positions};
use crate::kernels::fragment::{chunk_count, join_outlines, split_even, Outline, Pattern};
use crate::kernels::runs::runs;
use crate::parallel;
use crate::storage::compact::Flagged;
use crate::storage::{Bitmap, Compressed, Format, Idx, Orientation};
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
        Format::Sparse(c) => Format::Sparse(flag_compressed(c, orient, p).copy(c)),
        _ => filter_dense(format, orient, p),
    }
}

/// Which entries of compressed data a predicate keeps: consecutive chunks
/// of its slots, flagged in parallel, and how many each chunk keeps in each
/// of its vectors.
pub struct Kept {
    chunks: Vec<Range<usize>>,
    outlines: Vec<Outline>,
    flags: Vec<Vec<bool>>,
}

/// The entries of `c` (vectors in orientation `orient`) that `p` keeps.
pub fn flag_compressed<P: Predicate>(c: &Compressed, orient: Orientation, p: &P) -> Kept {
    let n = c.nvals();
    let chunks = split_even(n, chunk_count(n));
    let marked = parallel::map_items(chunks.clone(), |slots| {
        let mut flags = Vec::with_capacity(slots.len());
        if P::VALUES_ONLY {
            p.keep_values(slots.clone(), &mut flags);
            return outline_of(c, slots, flags);
        }
        // Each vector's kept entries counted while its flags are fresh.
        let mut outline = Outline::default();
        let mut st = p.state();
        crate::with_idx!(c.i.as_idx(), idx => {
            for (j, run) in runs(c, slots) {
                let from = flags.len();
                flags.extend(run.map(|q| {
                    let (row, col) = matrix_coords(orient, j, idx[q].to_u64());
                    p.keep(&mut st, q, row, col)
                }));
                outline.add(j, kept(&flags[from..]));
            }
        });
        (outline, flags)
    });
    let (outlines, flags) = marked.into_iter().unzip();
    Kept {
        chunks,
        outlines,
        flags,
    }
}

impl Kept {
    /// The vector ids and pointers of the kept entries, and the flags.
    fn split(self) -> (Vec<u64>, Vec<usize>, Flagged) {
        let (h, p) = join_outlines(&self.outlines);
        let kept: Vec<usize> = self.outlines.iter().map(Outline::entries).collect();
        (h, p, Flagged::new(self.chunks, self.flags, &kept))
    }

    /// The kept entries of `c` (the data flagged), their inner indices and
    /// values copied straight into a new result.
    pub fn copy(self, c: &Compressed) -> Compressed {
        let (h, p, flagged) = self.split();
        let pattern = Pattern {
            h,
            p,
            i: crate::with_idx!(c.i.as_idx(), s => Idx::store(flagged.compact(s))),
        };
        pattern.with_values(c.vlen, c.vdim, c.x.compact(&flagged))
    }

    /// The kept entries of `c` (the data flagged) moved to the front of its
    /// own index and value arrays: no second copy of them.
    pub fn keep_in_place(self, mut c: Compressed) -> Compressed {
        let (h, p, flagged) = self.split();
        c.i.compact_in_place(&flagged);
        c.x.compact_in_place(&flagged);
        Pattern { h, p, i: c.i }.with_values(c.vlen, c.vdim, c.x)
    }
}

/// The count of kept entries in each vector of the chunk `slots`, whose
/// entries `flags` flags, and the flags.
fn outline_of(c: &Compressed, slots: Range<usize>, flags: Vec<bool>) -> (Outline, Vec<bool>) {
    let mut outline = Outline::default();
    for (j, run) in runs(c, slots.clone()) {
        outline.add(
            j,
            kept(&flags[run.start - slots.start..run.end - slots.start]),
        );
    }
    (outline, flags)
}

/// How many of `flags` are set.
fn kept(flags: &[bool]) -> usize {
    flags.iter().map(|&f| usize::from(f)).sum()
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
    let (vlen, vdim, x) = match format {
        Format::Bitmap(bm) => (bm.vlen, bm.vdim, bm.x.clone()),
        Format::Full(f) => (f.vlen, f.vdim, f.x.clone()),
        Format::Sparse(_) => unreachable!("dense data only"),
    };
    Format::Bitmap(Bitmap::from_flags(vlen, vdim, parts.concat(), x))
}
