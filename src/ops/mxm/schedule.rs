//! Splitting a product into parallel tasks by measured work (prefix sums of
//! per-row work), not by rows.
//!
//! Coarse tasks are ranges of rows, each row computed by one task in a fixed
//! order, so their boundaries may depend on the thread count without changing
//! any result. A row with a lot of work is split into fine tasks whose
//! partial results are combined in order; their boundaries depend only on the
//! work, never on the thread count, so floating-point results are the same
//! with any number of threads.

use rayon::prelude::*;
use std::any::Any;
use std::ops::Range;
use std::sync::Mutex;

/// Rows with at least this much work are split into fine tasks.
pub const FINE_ROW_WORK: usize = 1 << 17;
/// The least work of one fine task.
pub const FINE_GRAIN: usize = 1 << 15;
/// The most fine tasks one row is split into.
pub const MAX_FINE_TASKS: usize = 64;
/// Below this much total work a product runs as one task.
pub const SEQUENTIAL_WORK: usize = 1 << 14;

/// A unit of parallel work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// A range of rows (indices of held vectors).
    Rows(Range<usize>),
    /// Part of one heavy row: a range of the positions of its entries.
    Fine {
        /// The row (index of the held vector).
        row: usize,
        /// The positions of the row's entries this task handles.
        part: Range<usize>,
    },
}

/// Number of coarse tasks to aim for.
pub fn coarse_task_count(total_work: usize) -> usize {
    if total_work < SEQUENTIAL_WORK {
        1
    } else {
        (rayon::current_num_threads() * 4).min(total_work / (SEQUENTIAL_WORK / 4))
    }
}

/// The tasks for rows with work `row_work`; `entry_work(row)` lists the work
/// of each entry of a heavy row with the range of positions those entries
/// occupy (called only for rows with at least [`FINE_ROW_WORK`]).
pub fn tasks(
    row_work: &[usize],
    split_heavy: bool,
    entry_work: &dyn Fn(usize) -> (Range<usize>, Vec<usize>),
) -> Vec<Task> {
    let total: usize = row_work.iter().sum();
    let target = total.div_ceil(coarse_task_count(total)).max(1);
    let mut out = Vec::new();
    let mut start = 0;
    let mut acc = 0;
    for (row, &w) in row_work.iter().enumerate() {
        if split_heavy && w >= FINE_ROW_WORK {
            if start < row {
                out.push(Task::Rows(start..row));
            }
            let (positions, works) = entry_work(row);
            for part in fine_parts(positions, &works, w) {
                out.push(Task::Fine { row, part });
            }
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

/// Splits the entries of one row (at `positions`, with work `works`) into
/// consecutive parts of roughly equal work.
fn fine_parts(positions: Range<usize>, works: &[usize], total: usize) -> Vec<Range<usize>> {
    let parts = (total / FINE_GRAIN).clamp(1, MAX_FINE_TASKS);
    let target = total.div_ceil(parts);
    let mut out = Vec::with_capacity(parts);
    let mut start = positions.start;
    let mut acc = 0;
    for (k, &w) in works.iter().enumerate() {
        acc += w;
        if acc >= target {
            let end = positions.start + k + 1;
            out.push(start..end);
            start = end;
            acc = 0;
        }
    }
    if start < positions.end {
        out.push(start..positions.end);
    }
    out
}

/// Ranges of rows with roughly equal total work (for kernels without fine tasks).
pub fn row_ranges(row_work: &[usize]) -> Vec<Range<usize>> {
    tasks(row_work, false, &|_| unreachable!("no fine tasks"))
        .into_iter()
        .map(|t| match t {
            Task::Rows(r) => r,
            Task::Fine { .. } => unreachable!("no fine tasks"),
        })
        .collect()
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

fn run_dyn(n: usize, body: &(dyn Fn(&mut Scratch, usize) + Sync)) {
    (0..n)
        .into_par_iter()
        .with_max_len(1)
        .for_each_init(|| None, |s, t| body(s, t));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_cover_every_row_once_and_split_heavy_rows() {
        let mut work = vec![1usize; 1000];
        work[500] = FINE_ROW_WORK * 2;
        let t = tasks(&work, true, &|row| {
            assert_eq!(row, 500);
            (10..110, vec![FINE_ROW_WORK / 50; 100])
        });
        let mut rows = Vec::new();
        let mut fine = Vec::new();
        for task in &t {
            match task {
                Task::Rows(r) => rows.extend(r.clone()),
                Task::Fine { row, part } => {
                    assert_eq!(*row, 500);
                    fine.push(part.clone());
                }
            }
        }
        assert_eq!(rows.len(), 999);
        assert!(!rows.contains(&500));
        assert_eq!(fine.first().unwrap().start, 10);
        assert_eq!(fine.last().unwrap().end, 110);
        assert!(fine.windows(2).all(|w| w[0].end == w[1].start));
        assert_eq!(fine.len(), 8);
    }

    #[test]
    fn fine_boundaries_do_not_depend_on_threads() {
        let works: Vec<usize> = (0..300).map(|k| 100 + (k * 37) % 1000).collect();
        let total = works.iter().sum();
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| fine_parts(0..300, &works, total));
        let four = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap()
            .install(|| fine_parts(0..300, &works, total));
        assert_eq!(one, four);
    }

    #[test]
    fn light_products_run_as_one_task() {
        assert_eq!(row_ranges(&[1, 2, 3]), vec![0..3]);
        assert!(row_ranges(&[]).is_empty());
    }
}
