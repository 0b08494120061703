//! Splitting a product into parallel tasks by measured work (prefix sums of
//! per-row work), not by rows.
//!
//! Tasks are ranges of rows, each row computed by one task; a row with a lot
//! of work (the single row of a vector product, a hub of a graph) is split
//! into tasks by ranges of output columns. Either way every output entry is
//! computed by one task in a fixed order, so task boundaries may depend on
//! the thread count without changing any result. Saxpy claims its tasks
//! largest first ([`run_tasks_largest_first`]), so that a whole heavy row is
//! not the last task claimed while the other threads have nothing left.

use std::any::Any;
use std::ops::Range;
use std::sync::Mutex;

/// Rows with less work are never split by columns.
pub const SPLIT_ROW_WORK: usize = 1 << 16;
/// The least work of one column range of a split row.
pub const SPLIT_GRAIN: usize = 1 << 14;
/// Below this much total work a product runs as one task.
pub const SEQUENTIAL_WORK: usize = 1 << 14;

/// A unit of parallel work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// A range of rows (indices of held vectors).
    Rows(Range<usize>),
    /// The columns `cols` of one heavy row.
    Cols {
        /// The row (index of the held vector).
        row: usize,
        /// The output columns this task computes.
        cols: Range<u64>,
    },
}

impl Task {
    /// The row of a column task.
    pub fn row(&self) -> Option<usize> {
        match self {
            Task::Cols { row, .. } => Some(*row),
            Task::Rows(_) => None,
        }
    }
}

/// Number of tasks to aim for: four per thread, to balance them; one on a
/// single thread, where more would only have their outputs joined (copied)
/// afterwards.
pub fn task_count(total_work: usize) -> usize {
    let threads = rayon::current_num_threads();
    if total_work < SEQUENTIAL_WORK || threads == 1 {
        1
    } else {
        (threads * 4).min(total_work / (SEQUENTIAL_WORK / 4))
    }
}

/// The tasks for rows with work `row_work`; `split(row, parts)` gives the
/// boundaries (from 0 to the row length) of `parts` column ranges of a heavy row.
pub fn tasks(row_work: &[usize], split: &dyn Fn(usize, usize) -> Vec<u64>) -> Vec<Task> {
    let threads = rayon::current_num_threads();
    // Splitting a row costs a pass over its entries per part: only rows that
    // would unbalance the threads are split.
    let total: usize = row_work.iter().sum();
    let least = SPLIT_ROW_WORK.max(total / (2 * threads));
    let whole = balance_whole(row_work, total, least, threads);
    // One part per thread: every part of a split row searches each row of
    // `R` it reads for its column range, so more parts mean more searches
    // (the parts are balanced by sampled work, not by count).
    let heavy = |w: usize| {
        let parts = (w / SPLIT_GRAIN).min(threads);
        (threads > 1 && !whole && w >= least && parts > 1).then_some(parts)
    };
    coarse(row_work, |row, w| {
        let parts = heavy(w)?;
        let bounds = split(row, parts);
        Some(
            bounds
                .windows(2)
                .map(|b| Task::Cols {
                    row,
                    cols: b[0]..b[1],
                })
                .collect(),
        )
    })
}

/// Whether the rows of at least `least` work (of `total`) balance over
/// `threads` left whole: claimed largest first (as
/// [`run_tasks_largest_first`] does), the lighter rows filling in around
/// them, no thread gets more than a quarter above its share. Then no row is split (bc's backward product on a
/// uniform graph of 2^20 vertices, four rows of 14 M products each on two
/// threads, ran in 0.75–0.95 of the time with whole rows).
fn balance_whole(row_work: &[usize], total: usize, least: usize, threads: usize) -> bool {
    let mut heavy: Vec<usize> = row_work.iter().copied().filter(|&w| w >= least).collect();
    heavy.sort_unstable_by(|a, b| b.cmp(a));
    let mut load = vec![0usize; threads.max(1)];
    for w in heavy {
        let lightest = load.iter_mut().min().expect("at least one thread");
        *lightest += w;
    }
    let share = total / threads.max(1);
    load.into_iter().max().unwrap_or(0) <= share + share / 4
}

/// Groups the rows into ranges of about equal work; a row for which
/// `heavy(row, work)` gives tasks ends the current range and its tasks
/// follow, in row order.
fn coarse(
    row_work: &[usize],
    mut heavy: impl FnMut(usize, usize) -> Option<Vec<Task>>,
) -> Vec<Task> {
    let total: usize = row_work.iter().sum();
    let target = total.div_ceil(task_count(total)).max(1);
    let mut out = Vec::new();
    let mut start = 0;
    let mut acc = 0;
    for (row, &w) in row_work.iter().enumerate() {
        if let Some(split) = heavy(row, w) {
            if start < row {
                out.push(Task::Rows(start..row));
            }
            out.extend(split);
            start = row + 1;
            acc = 0;
            continue;
        }
        acc += w;
        if acc >= target {
            out.push(Task::Rows(start..row + 1));
            start = row + 1;
            acc = 0;
        }
    }
    if start < row_work.len() {
        out.push(Task::Rows(start..row_work.len()));
    }
    out
}

/// Ranges of the rows `0..n` with roughly equal work, where `before(k)` is
/// the work of rows `0..k` (non-decreasing from `before(0) == 0`, e.g. a
/// compressed matrix's vector pointers): the boundaries are searched for, so
/// the cost does not grow with `n`.
pub fn ranges_by_prefix(n: usize, before: impl Fn(usize) -> usize) -> Vec<Range<usize>> {
    let total = before(n);
    let tasks = task_count(total).max(1);
    let mut out = Vec::with_capacity(tasks);
    let mut start = 0;
    for t in 1..=tasks {
        let end = if t == tasks {
            n
        } else {
            // The first row whose preceding work reaches the task's share.
            let target = (total as u128 * t as u128 / tasks as u128) as usize;
            let (mut lo, mut hi) = (start, n);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if before(mid) < target {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        if end > start {
            out.push(start..end);
            start = end;
        }
    }
    out
}

/// Per-worker scratch space that tasks may fill and reuse (a kernel's workspace).
pub type Scratch = Option<Box<dyn Any + Send>>;

/// The scratch space as a `T`, created by `init` on first use.
pub fn scratch<T: Any + Send>(s: &mut Scratch, init: impl FnOnce() -> T) -> &mut T {
    if !s.as_ref().is_some_and(|b| b.is::<T>()) {
        *s = Some(Box::new(init()));
    }
    s.as_mut()
        .and_then(|b| b.downcast_mut::<T>())
        .expect("scratch of the requested type")
}

/// Runs `task(scratch, t)` for every `t < n`, in parallel when `n > 1`, and
/// returns the results in task order. Workers reuse their scratch space
/// across tasks. (The parallel driver is not generic, so the kernels of every
/// semiring share one copy of it.)
pub fn run_tasks<R: Send>(n: usize, task: impl Fn(&mut Scratch, usize) -> R + Sync) -> Vec<R> {
    if n <= 1 {
        let mut s = None;
        return (0..n).map(|t| task(&mut s, t)).collect();
    }
    let slots: Vec<Mutex<Option<R>>> = (0..n).map(|_| Mutex::new(None)).collect();
    run_dyn(n, &|s: &mut Scratch, t: usize| {
        let r = task(s, t);
        *slots[t].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
    });
    slots
        .into_iter()
        .map(|m| {
            m.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every task ran")
        })
        .collect()
}

/// [`run_tasks`] claiming the tasks in decreasing order of `work`: a heavy
/// task claimed last leaves the other threads idle while it runs. The
/// results still come back in task order.
pub fn run_tasks_largest_first<R: Send>(
    work: &[usize],
    task: impl Fn(&mut Scratch, usize) -> R + Sync,
) -> Vec<R> {
    let mut order: Vec<usize> = (0..work.len()).collect();
    order.sort_by_key(|&t| std::cmp::Reverse(work[t]));
    let mut results = run_tasks(order.len(), |s, k| (order[k], task(s, order[k])));
    results.sort_unstable_by_key(|&(t, _)| t);
    results.into_iter().map(|(_, r)| r).collect()
}

fn run_dyn(n: usize, body: &(dyn Fn(&mut Scratch, usize) + Sync)) {
    // One scratch space per worker thread, and one for a calling thread
    // outside the pool (a task that finds its space busy, as a nested
    // parallel call might, gets a fresh one).
    let workers = rayon::current_num_threads().max(1);
    let spaces: Vec<Mutex<Scratch>> = (0..=workers).map(|_| Mutex::new(None)).collect();
    crate::parallel::for_each(n, 1, &|t| {
        let w = rayon::current_thread_index().map_or(workers, |w| w % workers);
        match spaces[w].try_lock() {
            Ok(mut s) => body(&mut s, t),
            Err(_) => body(&mut None, t),
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    #[test]
    fn tasks_cover_every_row_once_and_split_heavy_rows_by_columns() {
        let mut work = vec![1usize; 1000];
        work[500] = SPLIT_ROW_WORK * 2;
        work[600] = SPLIT_ROW_WORK / 2;
        let t = pool(2).install(|| {
            tasks(&work, &|row, parts| {
                assert_eq!(row, 500);
                (0..=parts as u64).map(|b| b * 10).collect()
            })
        });
        let mut rows = Vec::new();
        let mut cols = Vec::new();
        for task in &t {
            match task {
                Task::Rows(r) => rows.extend(r.clone()),
                Task::Cols { row, cols: c } => {
                    assert_eq!(*row, 500);
                    cols.push(c.clone());
                }
            }
        }
        assert_eq!(rows.len(), 999);
        assert!(!rows.contains(&500));
        assert_eq!(cols.first().unwrap().start, 0);
        assert!(cols.windows(2).all(|w| w[0].end == w[1].start));
        assert_eq!(cols.len(), 2);
        // One thread gains nothing from splitting a row.
        let t = pool(1).install(|| tasks(&work, &|_, _| unreachable!()));
        assert!(t.iter().all(|t| t.row().is_none()));
    }

    #[test]
    fn heavy_rows_that_balance_whole_are_not_split() {
        // Four rows of nearly equal work on two threads: two each.
        let s = SPLIT_ROW_WORK;
        let work = [s * 9, s * 10, s * 9, s * 10, 100];
        let t = pool(2).install(|| tasks(&work, &|_, _| unreachable!()));
        assert!(t.iter().all(|t| t.row().is_none()));
        // Three such rows leave one thread with two of them: they are split.
        let three = &work[..3];
        let t = pool(2).install(|| tasks(three, &|_, parts| (0..=parts as u64).collect()));
        assert_eq!(t.iter().filter(|t| t.row().is_some()).count(), 6);
    }

    #[test]
    fn light_products_run_as_one_task() {
        assert_eq!(
            tasks(&[1, 2, 3], &|_, _| unreachable!()),
            [Task::Rows(0..3)]
        );
        assert!(tasks(&[], &|_, _| unreachable!()).is_empty());
        assert_eq!(ranges_by_prefix(3, |k| k * 2), vec![0..3]);
        assert!(ranges_by_prefix(0, |_| 0).is_empty());
    }

    #[test]
    fn prefix_ranges_cover_the_rows_in_order_with_balanced_work() {
        // Row k has work k % 7 + 1; one row holds a large share.
        let mut work: Vec<usize> = (0..50_000).map(|k| k % 7 + 1).collect();
        work[1234] = 100_000;
        let mut before = vec![0];
        for w in &work {
            before.push(before.last().unwrap() + w);
        }
        let total = before[work.len()];
        for threads in [1, 2, 4] {
            let (ranges, tasks) = pool(threads).install(|| {
                (
                    ranges_by_prefix(work.len(), |k| before[k]),
                    task_count(total),
                )
            });
            assert_eq!(ranges.first().unwrap().start, 0);
            assert_eq!(ranges.last().unwrap().end, work.len());
            assert!(ranges.windows(2).all(|r| r[0].end == r[1].start));
            assert!(ranges.iter().all(|r| !r.is_empty()));
            let share = total / tasks;
            for r in &ranges {
                let w = before[r.end] - before[r.start];
                assert!(r.contains(&1234) || w <= share + 7, "{r:?}: {w} > {share}");
            }
        }
    }

    #[test]
    fn tasks_return_results_in_order_and_reuse_scratch() {
        let out = pool(2).install(|| {
            run_tasks(100, |s, t| {
                let count = scratch(s, || 0usize);
                *count += 1;
                (t, *count)
            })
        });
        assert!(out.iter().enumerate().all(|(k, &(t, _))| k == t));
        assert!(out.iter().any(|&(_, c)| c > 1));
    }

    #[test]
    fn largest_tasks_are_claimed_first_and_results_stay_in_task_order() {
        let work = [3, 9, 1, 9, 5];
        // One thread claims them one after another, so the claims are seen
        // in order; the tie keeps task order.
        let claims = Mutex::new(Vec::new());
        let out = pool(1).install(|| {
            run_tasks_largest_first(&work, |_, t| {
                claims.lock().unwrap().push(t);
                t * 10
            })
        });
        assert_eq!(claims.into_inner().unwrap(), [1, 3, 4, 0, 2]);
        assert_eq!(out, [0, 10, 20, 30, 40]);
        let out = pool(2).install(|| run_tasks_largest_first(&work, |_, t| t * 10));
        assert_eq!(out, [0, 10, 20, 30, 40]);
    }
}
