//! [`Dot3`]: the dot products of a mask's entries, `C<M> = L * R`.

use super::scatter::RowScatter;
use super::*;

/// Rows per block of the work measured to split a [`Dot3`] into tasks.
const WORK_BLOCK: usize = 256;
/// Blocks of [`WORK_BLOCK`] rows measured per parallel task.
const WORK_BLOCKS_PER_TASK: usize = 16;
/// Cap on each factor of a row's work in a [`Dot3`] (so a row counts at most about 2^40).
const WORK_CAP: usize = 1 << 20;

/// The entries of `C = L * R` present in the mask `mask` (rows of `C`).
pub struct Dot3<'a> {
    /// Rows of the left operand.
    pub l: &'a Compressed,
    /// Columns of the right operand.
    pub r: RCols<'a>,
    /// The positions to compute.
    pub mask: &'a Compressed,
}

impl Dot3<'_> {
    /// Ranges of the mask's entries (positions in its index array) with
    /// about equal work. A row's work is its row of `L` (spread and
    /// cleared) and, for each of its mask entries, the row's length, at most
    /// twice an average column of `R`'s: a dot product walks the column
    /// against a spread row, or looks the row up in a much longer column.
    /// (Counting a dense row's whole length for every entry made a few such
    /// rows look like all the work; counting just the average column made
    /// the long last rows of a triangle count's `L` look too cheap, their
    /// columns being long too.) The work is summed per block of
    /// [`WORK_BLOCK`] rows (a prefix per row cost more than a small
    /// product's dot products), and a block holding more than half a task's
    /// share of it is measured row by row, so that a graph's few dense rows,
    /// numbered together, are shared out. With `split_rows`, a row holding
    /// more than half a share is itself cut into pieces of its entries
    /// (betweenness centrality's mask of four rows, one per source, would
    /// otherwise be at most four tasks of unequal work); the tasks of its
    /// pieces each spread its row of `L`.
    pub(super) fn entry_ranges(&self, split_rows: bool) -> Vec<Range<usize>> {
        let (l, m) = (self.l, self.mask);
        let n = m.nvec();
        let r_len = match &self.r {
            RCols::Sparse(rc) => rc.nvals().div_ceil(rc.nvec().max(1)),
            RCols::Dense(_) => usize::MAX,
        };
        // The work of one mask entry of a row of `L` of `l_len` entries,
        // capped so that a row's work fits without checks.
        let per_entry = |l_len: usize| l_len.min(WORK_CAP).min(r_len.saturating_mul(2)) + 1;
        let work = |m_len: usize, l_len: usize| {
            m_len.min(WORK_CAP) * per_entry(l_len) + l_len.min(WORK_CAP)
        };
        let l_len = |kk: usize| l.vector_range(m.vector_id(kk)).len();
        let row_work = |kk: usize| work(m.range(kk).len(), l_len(kk));
        let aligned = m.h.is_none() && l.h.is_none() && m.p.len() == l.p.len();
        let blocks = n.div_ceil(WORK_BLOCK);
        let block_rows = |b: usize| b * WORK_BLOCK..((b + 1) * WORK_BLOCK).min(n);
        let block_work = parallel::map(blocks, WORK_BLOCKS_PER_TASK, |b| {
            let rows = block_rows(b);
            if aligned {
                // Row k of the mask is row k of `L`: both pointer arrays streamed.
                let (mp, lp) = (&m.p[rows.start..=rows.end], &l.p[rows.start..=rows.end]);
                mp.windows(2)
                    .zip(lp.windows(2))
                    .map(|(mp, lp)| work(mp[1] - mp[0], lp[1] - lp[0]))
                    .sum::<usize>()
            } else {
                rows.map(row_work).sum()
            }
        });
        let total = block_work.iter().fold(0usize, |t, &w| t.saturating_add(w));
        let heavy = match task_count(total) {
            1 => usize::MAX,
            tasks => total / (2 * tasks),
        };
        // Units of work (the entries of a block, of one row of a heavy
        // block, or of a piece of a heavy row) and the work before each.
        let (mut units, mut before) = (Vec::with_capacity(blocks), vec![0usize]);
        let mut add = |entries: Range<usize>, w: usize| {
            units.push(entries);
            before.push(before[before.len() - 1].saturating_add(w));
        };
        for (b, w) in block_work.into_iter().enumerate() {
            if w <= heavy {
                let rows = block_rows(b);
                add(m.p[rows.start]..m.p[rows.end], w);
                continue;
            }
            for kk in block_rows(b) {
                let (entries, l_len) = (m.range(kk), l_len(kk));
                let len = entries.len();
                let pieces = if split_rows {
                    work(len, l_len).div_ceil(heavy).clamp(1, len.max(1))
                } else {
                    1
                };
                for t in 0..pieces {
                    let piece =
                        entries.start + len * t / pieces..entries.start + len * (t + 1) / pieces;
                    add(piece.clone(), work(piece.len(), l_len));
                }
            }
        }
        ranges_by_prefix(units.len(), |u| before[u])
            .into_iter()
            .map(|r| units[r.start].start..units[r.end - 1].end)
            .collect()
    }

    /// Computes the mask's entries at positions `entries` of its index
    /// array: `entry(out, z, j)` for each entry `(i, j)` that has a value
    /// `z`, then `end(out, i)` for each row `i` met. A row of `L` met by
    /// several mask entries is spread once (see [`RowScatter`]).
    fn rows<S: Sr, O>(
        &self,
        sr: &S,
        space: &mut Space<S::Z>,
        entries: Range<usize>,
        out: &mut O,
        entry: impl Fn(&mut O, &S::Z, u64),
        end: impl Fn(&mut O, u64),
    ) {
        let (l, m) = (self.l, self.mask);
        let Space { z: w, row: spread } = space;
        let spreadable = spreadable(l.vlen, m.nvals());
        if entries.is_empty() {
            return;
        }
        // The rows holding the entries: from the one holding the first.
        let first = m.p[1..].partition_point(|&end| end <= entries.start);
        for kk in first..m.nvec() {
            let mr = m.range(kk);
            if mr.start >= entries.end {
                break;
            }
            if l.h.is_none() {
                let first_indices = |start| l.i.as_idx().prefetch(start);
                prefetch_ahead(
                    &l.p,
                    kk,
                    m.nvec(),
                    |k| m.vector_id(k) as usize,
                    first_indices,
                );
            }
            let mr = mr.start.max(entries.start)..mr.end.min(entries.end);
            let i = m.vector_id(kk);
            let lr = l.vector_range(i);
            work::count(1 + mr.len());
            if lr.is_empty() {
                continue;
            }
            let (a, a0) = (l.i.idx_range(lr.clone()), lr.start);
            let js = m.i.idx_range(mr);
            // The operand's form is tested once per row, not per entry.
            match &self.r {
                RCols::Sparse(rc) => crate::with_same_idx!(a, rc.i.as_idx(), (a, ri) => {
                    let spread = (spreadable && js.len() > 1 && spread.spread(a, l.vlen))
                        .then_some(&mut *spread);
                    let dots = Entries { sr, a, a0, spread: spread.as_deref() };
                    // Column `j` is vector `j` unless `R` is hypersparse:
                    // its range read straight from the pointers.
                    let (direct, rp) = (rc.h.is_none(), &rc.p[..]);
                    for (t, j) in js.iter().enumerate() {
                        let rr = if direct {
                            let first_indices = |s| crate::storage::prefetch::prefetch(ri, s);
                            prefetch_ahead(rp, t, js.len(), |t| js.get(t) as usize, first_indices);
                            rp[j as usize]..rp[j as usize + 1]
                        } else {
                            rc.vector_range(j)
                        };
                        if dots.dot(w, &ri[rr.clone()], rr.start) {
                            entry(out, w, j);
                        }
                    }
                    if let Some(spread) = spread {
                        spread.clear(a);
                    }
                }, else {
                    // One side stored wide (changed in place): the row and
                    // each column are matched in 64 bits, without spreading.
                    let a = a.to_wide();
                    let dots = Entries { sr, a: &a[..], a0, spread: None };
                    for j in js.iter() {
                        let rr = rc.vector_range(j);
                        let b = rc.i.idx_range(rr.clone()).to_wide();
                        if dots.dot_apart(w, &b, rr.start) {
                            entry(out, w, j);
                        }
                    }
                }),
                RCols::Dense(d) => crate::with_idx!(a, a => {
                    for j in js.iter() {
                        if dot_dense(sr, w, a, a0, d, j) {
                            entry(out, w, j);
                        }
                    }
                }),
            }
            end(out, i);
        }
    }
}

/// How many vectors ahead [`Dot3::rows`] asks for the operands' vectors to
/// be loaded (their pointers twice as far ahead). Its lookups jump twice:
/// across mask rows to rows of `L` far apart (betweenness's backward pull by
/// columns, a level of a few percent of the vertices), and within a mask row
/// to columns of `R` far apart (a row of `W` against the rows of `A` its
/// level allows). Each jump was two misses in a row, the vector's pointer
/// and its first indices, before the dot product's lookups.
const LOOKAHEAD: usize = 4;

/// Asks for vector `id(k + LOOKAHEAD)` of an operand with pointers `p` (its
/// first indices, through `first_indices`) and for the pointer of vector
/// `id(k + 2 * LOOKAHEAD)` to be loaded, `k` counting up to `len`.
#[inline(always)]
fn prefetch_ahead(
    p: &[usize],
    k: usize,
    len: usize,
    id: impl Fn(usize) -> usize,
    first_indices: impl Fn(usize),
) {
    if k + 2 * LOOKAHEAD < len {
        crate::storage::prefetch::prefetch(p, id(k + 2 * LOOKAHEAD));
    }
    if k + LOOKAHEAD < len {
        if let Some(&start) = p.get(id(k + LOOKAHEAD)) {
            first_indices(start);
        }
    }
}

/// The dot products of one row `a` of `L` (values from position `a0`) with
/// columns of `R` read sparse: by lookups when the row is spread and the
/// column not much longer than the row, else merged or searched.
struct Entries<'x, S, I> {
    sr: &'x S,
    a: &'x [I],
    a0: usize,
    spread: Option<&'x RowScatter>,
}

impl<S: Sr, I: Idx> Entries<'_, S, I> {
    /// `z = L(i,:) · R(:,j)` for the column `b` (values from position `b0`
    /// of `R`); false when no index is shared.
    #[inline(always)]
    fn dot(&self, z: &mut S::Z, b: &[I], b0: usize) -> bool {
        match self.spread {
            Some(spread) if b.len() <= GALLOP_RATIO * self.a.len() => {
                spread.dot(self.sr, z, self.a0, b, b0)
            }
            _ => dot_with_runs(self.sr, z, self.a, self.a0, b, b0),
        }
    }

    /// [`Entries::dot`] as a call: for rows whose operands differ in index
    /// width, rare enough not to be worth a copy of its folds in `rows`.
    #[inline(never)]
    fn dot_apart(&self, z: &mut S::Z, b: &[I], b0: usize) -> bool {
        self.dot(z, b, b0)
    }
}

impl Job for Dot3<'_> {
    type Out = Parts;

    fn run<S: Sr>(self, sr: &S) -> Parts {
        // Each task's rows, and where its current row started.
        let tasks = by_rows(
            sr,
            &self.entry_ranges(true),
            || (Rows::new(sr), 0),
            |space, rows, out| {
                self.rows(
                    sr,
                    space,
                    rows,
                    out,
                    |(out, _), z, j| {
                        out.i.push(j);
                        sr.z_push(&mut out.w, z);
                    },
                    |(out, start), i| {
                        out.end_row(i, *start);
                        *start = out.i.len();
                    },
                )
            },
        );
        let rows = tasks.into_iter().map(|(rows, _)| rows).collect();
        parts(sr, rows, self.mask.vlen, self.mask.vdim)
    }
}

/// The rows of `C<M> = L * R` (`M` not complemented) each folded with the
/// semiring's monoid, without forming `C`: the kernel of a reduction of a
/// masked product. The result is one vector with an entry for every row of
/// `C` that has one; each row is folded in increasing column order.
pub struct Dot3Rows<'a>(pub Dot3<'a>);

/// The folded rows of one task: row ids and their values.
struct Folded<W, Z> {
    ids: Vec<u64>,
    w: W,
    /// The fold of the current row, when it has a value yet.
    acc: Option<Z>,
}

impl Job for Dot3Rows<'_> {
    type Out = Compressed;

    fn run<S: Sr>(self, sr: &S) -> Compressed {
        let dot3 = &self.0;
        let new = || Folded {
            ids: Vec::new(),
            w: sr.alloc(0),
            acc: None,
        };
        let parts = by_rows(sr, &dot3.entry_ranges(false), new, |space, rows, out| {
            dot3.rows(
                sr,
                space,
                rows,
                out,
                |out, z, _| match &mut out.acc {
                    Some(acc) => sr.z_combine(acc, z),
                    None => out.acc = Some(z.clone()),
                },
                |out, i| {
                    if let Some(acc) = out.acc.take() {
                        out.ids.push(i);
                        sr.z_push(&mut out.w, &acc);
                    }
                },
            )
        });
        let mut parts = parts.into_iter();
        let (mut ids, mut w) = match parts.next() {
            Some(first) => (first.ids, first.w),
            None => (Vec::new(), sr.alloc(0)),
        };
        for part in parts {
            ids.extend_from_slice(&part.ids);
            sr.append(&mut w, &part.w);
        }
        Compressed::vector(dot3.mask.vdim, ids, sr.to_array(w))
    }
}

/// Indices missing from a list that is still read as a run (a hub's row
/// lacks its own diagonal).
const RUN_GAPS: u64 = 8;

/// How many indices are missing between the first and the last of the
/// sorted, non-empty `list`.
#[inline(always)]
fn gaps<I: Idx>(list: &[I]) -> u64 {
    list[list.len() - 1].to_u64() - list[0].to_u64() + 1 - list.len() as u64
}

/// The positions in `run` (sorted, at most `gaps` indices missing between
/// its first and last) of the indices of `short` it holds: index `k` sits
/// within `gaps` positions before `k - run[0]`, so only that window is read.
fn in_run<'x, I: Idx>(
    short: &'x [I],
    run: &'x [I],
    gaps: u64,
) -> impl Iterator<Item = (usize, usize)> + 'x {
    let first = run[0].to_u64();
    short.iter().enumerate().filter_map(move |(ps, &k)| {
        let d = k.to_u64().wrapping_sub(first);
        if d >= run.len() as u64 + gaps {
            return None;
        }
        let hi = (d as usize).min(run.len() - 1);
        let lo = d.saturating_sub(gaps) as usize;
        (lo..=hi).find(|&q| run[q] == k).map(|q| (ps, q))
    })
}

/// [`dot_sparse`], with the much longer list looked up by position when it
/// is nearly a run of consecutive indices: a mask's entry in a hub's dense
/// row (triangle counting on a graph with a few dense rows and columns)
/// costs the other list's length, not a search through the hub's row.
/// Inlined in `Dot3::rows` once per index width only: each inlined copy
/// adds five folds to every copy of `rows` (one per semiring and job), and
/// a few more copies make optimising `rows` most of the engine's build time.
#[inline(always)]
fn dot_with_runs<S: Sr, I: Idx>(
    sr: &S,
    z: &mut S::Z,
    a: &[I],
    a0: usize,
    b: &[I],
    b0: usize,
) -> bool {
    let long = a.len().max(b.len());
    if !a.is_empty() && !b.is_empty() && long >= GALLOP_RATIO * a.len().min(b.len()) {
        if b.len() == long && gaps(b) <= RUN_GAPS {
            work::count(a.len() * (1 + gaps(b) as usize));
            return sr.fold(z, in_run(a, b, gaps(b)).map(|(pa, pb)| (a0 + pa, b0 + pb)));
        }
        if a.len() == long && gaps(a) <= RUN_GAPS {
            work::count(b.len() * (1 + gaps(a) as usize));
            return sr.fold(z, in_run(b, a, gaps(a)).map(|(pb, pa)| (a0 + pa, b0 + pb)));
        }
    }
    dot_sparse(sr, z, a, a0, b, b0)
}

#[cfg(test)]
mod run_tests {
    use super::*;

    #[test]
    fn a_nearly_full_run_is_looked_up_by_position() {
        // Runs from 100 to 299 missing 0..=8 indices; the matches of a
        // short list are the ones a search finds.
        for missing in 0..=RUN_GAPS {
            let run: Vec<u64> = (100..300)
                .filter(|k| (k - 100) % 25 != 3 || (k - 100) / 25 >= missing)
                .collect();
            assert_eq!(gaps(&run), missing);
            let short: Vec<u64> = vec![0, 99, 100, 103, 128, 150, 203, 298, 299, 300, 5000];
            let found: Vec<(usize, usize)> = in_run(&short, &run, gaps(&run)).collect();
            let expected: Vec<(usize, usize)> = short
                .iter()
                .enumerate()
                .filter_map(|(ps, k)| run.binary_search(k).ok().map(|q| (ps, q)))
                .collect();
            assert_eq!(found, expected, "{missing} missing");
        }
    }
}
