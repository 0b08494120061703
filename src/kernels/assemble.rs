//! Building compressed output from independent pieces of work in parallel.
//!
//! A kernel describes its output as items (vectors) in order, each with an
//! estimate of its cost. [`plan`] groups consecutive items into tasks of
//! similar cost and cuts items too big for one task into pieces by inner index;
//! [`run`] computes each task into a [`Part`] (on the rayon pool when there are
//! several), and [`concat()`] joins the parts into one hypersparse [`Compressed`].
//! Alternatively [`count_then_fill`] runs the tasks twice, counting first, and
//! writes every entry straight into its final place.
//! The result never depends on how the work was cut, so it does not depend on
//! the number of threads.

use crate::algebra::Type;
use crate::error::Result;
use crate::storage::index::{narrow_below, IdxDest, IndexBuffer};
use crate::storage::{Array, Compressed, Idx, IdxSlice, Indices};
use std::mem::MaybeUninit;
use std::ops::Range;

/// Below this total cost the work runs on the calling thread.
pub const PARALLEL_WORK: usize = 1 << 15;

/// A piece of compressed output: consecutive vectors with their entries.
/// Several consecutive parts may hold pieces of the same vector.
pub struct Part {
    /// Ids of the vectors, increasing.
    pub ids: Vec<u64>,
    /// Number of entries of each vector in `ids`.
    pub counts: Vec<usize>,
    /// Inner indices of the entries.
    pub i: IndexBuffer,
    /// Values of the entries.
    pub x: Array,
}

impl Part {
    /// An empty part for values of type `ty` in vectors of length `vlen`.
    pub fn new(ty: &Type, vlen: u64) -> Part {
        Part {
            ids: Vec::new(),
            counts: Vec::new(),
            i: IndexBuffer::below(vlen),
            x: Array::new(ty),
        }
    }

    /// Records that the entries pushed since the previous call (`i.len()` grew
    /// from `start`) belong to vector `j`; nothing is recorded when none were.
    pub fn close_vector(&mut self, j: u64, start: usize) {
        let n = self.i.len() - start;
        if n == 0 {
            return;
        }
        if self.ids.last() == Some(&j) {
            *self.counts.last_mut().expect("a count per id") += n;
        } else {
            self.ids.push(j);
            self.counts.push(n);
        }
    }
}

/// A unit of parallel work: whole items (output vectors, in order), or a piece
/// of one big item covering the inner indices `lo..hi`.
#[derive(Clone, Debug, PartialEq)]
pub enum Task {
    /// Items `range`, each computed whole.
    Items(Range<usize>),
    /// Item `item`, only its inner indices in the range.
    Piece(usize, Range<u64>),
}

/// Plans the work on `n` items in order with the given costs: one task when
/// the total is small or there is one thread; otherwise runs of items of
/// similar total cost, and items too big for one task cut into pieces by
/// `split(item, pieces)` (consecutive inner ranges covering the whole item).
pub fn plan(
    n: usize,
    cost: impl Fn(usize) -> usize,
    split: impl Fn(usize, usize) -> Vec<Range<u64>>,
) -> Vec<Task> {
    let threads = rayon::current_num_threads();
    if threads == 1 || n == 0 {
        return vec![Task::Items(0..n)];
    }
    let costs: Vec<usize> = (0..n).map(cost).collect();
    let total: usize = costs.iter().sum();
    if total < PARALLEL_WORK {
        return vec![Task::Items(0..n)];
    }
    let target = total.div_ceil(threads * 4).max(PARALLEL_WORK / 4);
    let mut tasks = Vec::new();
    let (mut start, mut acc) = (0, 0);
    for (k, &c) in costs.iter().enumerate() {
        if c >= 2 * target {
            if start < k {
                tasks.push(Task::Items(start..k));
            }
            let pieces = split(k, c.div_ceil(target));
            tasks.extend(pieces.into_iter().map(|r| Task::Piece(k, r)));
            start = k + 1;
            acc = 0;
            continue;
        }
        acc += c;
        if acc >= target {
            tasks.push(Task::Items(start..k + 1));
            start = k + 1;
            acc = 0;
        }
    }
    if start < n {
        tasks.push(Task::Items(start..n));
    }
    tasks
}

/// Computes every task into a part (in parallel when there are several) and
/// returns the parts in task order.
pub fn run<T: Send>(tasks: &[Task], f: impl Fn(&Task) -> Result<T> + Sync) -> Result<Vec<T>> {
    if tasks.len() == 1 {
        return Ok(vec![f(&tasks[0])?]);
    }
    crate::parallel::map(tasks.len(), 1, |t| f(&tasks[t]))
        .into_iter()
        .collect()
}

/// Entries laid out item by item: `p[k]..p[k + 1]` are item `k`'s, in `i`
/// (inner indices) and `x` (values, `width` elements each).
pub struct Filled<V> {
    /// Item pointers, one more than the items.
    pub p: Vec<usize>,
    /// Inner indices.
    pub i: Indices,
    /// Values.
    pub x: Vec<V>,
}

/// Builds the output of `tasks` over `items` items in two passes.
///
/// `count(task, counts)` stores how many entries each of the task's items
/// gets: one count per item of `Task::Items`, one for a `Task::Piece`. Then
/// `fill(task, i, x)` writes the task's entries (indices, below `vlen`, and
/// `width` value elements each) into exactly the room it is given and returns
/// how many it wrote; the indices are 32-bit when `vlen` allows. Both passes
/// run in parallel when there are several tasks; nothing is written twice and
/// no parts are joined.
pub fn count_then_fill<V: Send>(
    tasks: &[Task],
    items: usize,
    (width, vlen): (usize, u64),
    count: impl Fn(&Task, &mut [usize]) + Sync,
    fill: impl Fn(&Task, IdxDest, &mut [MaybeUninit<V>]) -> usize + Sync,
) -> Result<Filled<V>> {
    if narrow_below(vlen) {
        count_then_fill_as::<u32, V>(tasks, items, width, count, fill)
    } else {
        count_then_fill_as::<u64, V>(tasks, items, width, count, fill)
    }
}

/// [`count_then_fill`] with indices of width `I`.
fn count_then_fill_as<I: Idx, V: Send>(
    tasks: &[Task],
    items: usize,
    width: usize,
    count: impl Fn(&Task, &mut [usize]) + Sync,
    fill: impl Fn(&Task, IdxDest, &mut [MaybeUninit<V>]) -> usize + Sync,
) -> Result<Filled<V>> {
    let slots = |t: &Task| match t {
        Task::Items(r) => r.len(),
        Task::Piece(..) => 1,
    };
    let mut counts = vec![0usize; tasks.iter().map(slots).sum()];
    let mut work = Vec::with_capacity(tasks.len());
    let mut rest = &mut counts[..];
    for task in tasks {
        let (mine, tail) = rest.split_at_mut(slots(task));
        work.push((task, mine));
        rest = tail;
    }
    let totals = crate::parallel::map_items(work, |(task, mine)| {
        count(task, mine);
        mine.iter().sum::<usize>()
    });
    let mut per_item = vec![0usize; items];
    let mut at = 0;
    for task in tasks {
        match task {
            Task::Items(r) => per_item[r.clone()].copy_from_slice(&counts[at..at + r.len()]),
            Task::Piece(k, _) => per_item[*k] += counts[at],
        }
        at += slots(task);
    }
    let mut p = crate::error::try_with_capacity(items + 1, "item pointers")?;
    p.push(0usize);
    for n in per_item {
        p.push(p.last().copied().unwrap_or(0) + n);
    }
    let total: usize = totals.iter().sum();
    let mut i: Vec<I> = crate::error::try_with_capacity(total, "indices")?;
    let mut x: Vec<V> = crate::error::try_with_capacity(total * width, "values")?;
    let mut work = Vec::with_capacity(tasks.len());
    let (mut rest_i, mut rest_x) = (
        &mut i.spare_capacity_mut()[..total],
        &mut x.spare_capacity_mut()[..total * width],
    );
    for (task, &n) in tasks.iter().zip(&totals) {
        let (mine_i, tail_i) = rest_i.split_at_mut(n);
        let (mine_x, tail_x) = rest_x.split_at_mut(n * width);
        work.push((task, n, mine_i, mine_x));
        (rest_i, rest_x) = (tail_i, tail_x);
    }
    crate::parallel::map_items(work, |(task, n, mine_i, mine_x)| {
        let wrote = fill(task, I::dest(mine_i), mine_x);
        assert_eq!(wrote, n, "a task filled as many entries as it counted");
    });
    // SAFETY: the tasks' slices cover `0..total` (and `0..total * width`) and
    // each task wrote every element of its slices (checked just above).
    unsafe {
        i.set_len(total);
        x.set_len(total * width);
    }
    Ok(Filled {
        p,
        i: I::store(i),
        x,
    })
}

/// Cuts the inner range `0..vlen` of an item with sorted inner indices `idx`
/// into about `pieces` ranges holding similar numbers of them.
pub fn split_by_indices(idx: IdxSlice, vlen: u64, pieces: usize) -> Vec<Range<u64>> {
    let mut bounds = vec![0u64];
    for t in (1..pieces).filter(|_| !idx.is_empty()) {
        let b = idx.get(t * idx.len() / pieces);
        if b > *bounds.last().expect("bounds") {
            bounds.push(b);
        }
    }
    bounds.push(vlen);
    bounds.windows(2).map(|w| w[0]..w[1]).collect()
}

/// Cuts `0..n` into `pieces` ranges of equal length.
pub fn split_evenly(n: u64, pieces: usize) -> Vec<Range<u64>> {
    let k = pieces.max(1) as u64;
    (0..k)
        .map(|t| t * n / k..(t + 1) * n / k)
        .filter(|r| !r.is_empty())
        .collect()
}

/// Joins parts (in order) into hypersparse compressed vectors.
pub fn concat(parts: Vec<Part>, vlen: u64, vdim: u64, ty: &Type) -> Result<Compressed> {
    if parts.len() == 1 {
        let part = parts.into_iter().next().expect("one part");
        let mut p = Vec::with_capacity(part.counts.len() + 1);
        p.push(0);
        for &n in &part.counts {
            p.push(p.last().copied().unwrap_or(0) + n);
        }
        return Ok(Compressed {
            vlen,
            vdim,
            h: Some(part.ids),
            p,
            i: part.i.into_indices(),
            x: part.x,
        });
    }
    let nvec: usize = parts.iter().map(|q| q.ids.len()).sum();
    let mut h = crate::error::try_with_capacity(nvec, "vector ids")?;
    let mut p = crate::error::try_with_capacity(nvec + 1, "vector pointers")?;
    p.push(0usize);
    for part in &parts {
        for (k, (&j, &n)) in part.ids.iter().zip(&part.counts).enumerate() {
            if k == 0 && h.last() == Some(&j) {
                *p.last_mut().expect("pointers") += n;
            } else {
                h.push(j);
                p.push(p.last().copied().unwrap_or(0) + n);
            }
        }
    }
    // The parts are given back as they are copied (see `concat_shifted`).
    let (indices, values): (Vec<_>, Vec<_>) = parts
        .into_iter()
        .map(|q| ((q.i.into_indices(), 0), q.x))
        .unzip();
    Ok(Compressed {
        vlen,
        vdim,
        h: Some(h),
        p,
        i: Indices::concat_shifted(indices, vlen)?,
        x: Array::concat_owned(ty, values)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_join_and_share_vectors() {
        let mut a = Part::new(&Type::INT32, 10);
        a.i.extend([0, 2]);
        a.x = Array::from_vec(vec![1i32, 2]);
        a.close_vector(3, 0);
        let mut b = Part::new(&Type::INT32, 10);
        b.i.push(5);
        b.x = Array::from_vec(vec![3i32]);
        b.close_vector(3, 0);
        b.i.push(1);
        b.x.push_bytes(&4i32.to_ne_bytes());
        b.close_vector(7, 1);
        b.close_vector(8, 2);
        let c = concat(vec![a, b], 10, 10, &Type::INT32).unwrap();
        c.check().unwrap();
        assert_eq!(c.h, Some(vec![3, 7]));
        assert_eq!(c.p, vec![0, 3, 4]);
        assert_eq!(c.i, vec![0, 2, 5, 1]);
    }

    #[test]
    fn parts_beyond_32_bits_stay_wide() {
        let far = 1u64 << 40;
        let mut parts = Vec::new();
        for j in [far - 7, 3] {
            let mut part = Part::new(&Type::INT32, far);
            part.i.push(j);
            part.x = Array::from_vec(vec![j as i32]);
            part.close_vector(j, 0);
            parts.push(part);
        }
        let single = concat(parts.split_off(1), far, far, &Type::INT32).unwrap();
        assert_eq!(single.i, vec![3]);
        let c = concat(parts, far, far, &Type::INT32).unwrap();
        assert!(!c.i.is_narrow());
        assert_eq!(c.i, vec![far - 7]);
    }

    #[test]
    fn filled_indices_take_the_width_of_their_bound() {
        // Item k holds the entries k, k + 10, ... below 30, valued 2 * index.
        let tasks = [
            Task::Items(0..2),
            Task::Piece(2, 0..15),
            Task::Piece(2, 15..30),
        ];
        let entries = |t: &Task| -> Vec<u64> {
            match t {
                Task::Items(r) => r.clone().flat_map(|k| (k as u64..30).step_by(10)).collect(),
                Task::Piece(k, want) => (*k as u64..30)
                    .step_by(10)
                    .filter(|i| want.contains(i))
                    .collect(),
            }
        };
        let count = |t: &Task, counts: &mut [usize]| match t {
            Task::Items(r) => counts.copy_from_slice(&vec![3; r.len()]),
            Task::Piece(..) => counts[0] = entries(t).len(),
        };
        for vlen in [30, 1 << 40] {
            let filled = count_then_fill(&tasks, 3, (1, vlen), count, |t, mut oi, ox| {
                let e = entries(t);
                for (k, &i) in e.iter().enumerate() {
                    match &mut oi {
                        IdxDest::Narrow(o) => _ = o[k].write(i as u32),
                        IdxDest::Wide(o) => _ = o[k].write(i),
                    }
                    ox[k].write(2 * i);
                }
                e.len()
            })
            .unwrap();
            assert_eq!(filled.p, vec![0, 3, 6, 9]);
            assert_eq!(filled.i, vec![0, 10, 20, 1, 11, 21, 2, 12, 22]);
            assert_eq!(filled.x, vec![0, 20, 40, 2, 22, 42, 4, 24, 44]);
            assert!(vlen < 1 << 32 || !filled.i.is_narrow());
        }
    }

    #[test]
    fn plans_cover_every_item_once() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let tasks = pool.install(|| {
            plan(
                40,
                |k| {
                    if k == 7 {
                        40 * PARALLEL_WORK
                    } else {
                        PARALLEL_WORK
                    }
                },
                |_, pieces| split_evenly(100, pieces),
            )
        });
        assert!(tasks.len() > 1);
        let mut next = 0;
        let mut pieces = 0..0;
        for t in tasks {
            match t {
                Task::Items(r) => {
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                Task::Piece(k, r) => {
                    assert_eq!(k, 7);
                    assert_eq!(r.start, pieces.end);
                    pieces = pieces.start..r.end;
                    next = 8;
                }
            }
        }
        assert_eq!(next, 40);
        assert_eq!(pieces, 0..100);
        assert_eq!(
            split_by_indices((&[1u64, 5, 5, 5, 9][..]).into(), 12, 2),
            vec![0..5, 5..12]
        );
        assert_eq!(split_evenly(10, 3), vec![0..3, 3..6, 6..10]);
    }
}
