//! Row accumulators for the saxpy kernels: where the values of one output row
//! are gathered while products arrive in any column order.
//!
//! [`DenseAcc`] (Gustavson) indexes a dense workspace by column; it never
//! clears it, marking each row with a new stamp. [`HashAcc`] uses an
//! open-addressing table sized to the row's work, for rows whose length (up
//! to 2^60) makes a dense workspace unaffordable or wasteful.
//!
//! A position is `Untouched`, `Marked` (by the mask: allowed or forbidden,
//! depending on the mask mode) or `Done` (holds a value).

/// The state of one output position in the current row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Not seen in this row.
    Untouched,
    /// Marked by the mask.
    Marked,
    /// Holds a value.
    Done,
}

/// A row accumulator: maps output columns to value slots.
pub trait Acc: Send {
    /// Starts a row in which at most `cap` distinct columns will be probed.
    fn begin(&mut self, cap: usize);
    /// Number of value slots the workspace must have.
    fn slots(&self) -> usize;
    /// The slot of column `j` and its state.
    fn probe(&mut self, j: u64) -> (usize, State);
    /// Marks slot `s` (returned by `probe`).
    fn mark(&mut self, s: usize);
    /// Records that slot `s`, column `j`, now holds a value.
    fn done(&mut self, s: usize, j: u64);
    /// Calls `f(j, slot)` for every column holding a value, in increasing
    /// column order, and ends the row.
    fn finish(&mut self, f: impl FnMut(u64, usize));
}

/// Gustavson's dense accumulator over `n` columns.
pub struct DenseAcc {
    marks: Vec<u32>,
    base: u32,
    touched: Vec<u64>,
}

impl DenseAcc {
    /// An accumulator for rows of length `n` (the caller checks that `n` is affordable).
    pub fn new(n: usize) -> DenseAcc {
        DenseAcc {
            marks: vec![0; n],
            base: 1,
            touched: Vec::new(),
        }
    }
}

impl Acc for DenseAcc {
    #[inline]
    fn begin(&mut self, _cap: usize) {}

    fn slots(&self) -> usize {
        self.marks.len()
    }

    #[inline(always)]
    fn probe(&mut self, j: u64) -> (usize, State) {
        let s = j as usize;
        let m = self.marks[s];
        let state = if m == self.base + 1 {
            State::Done
        } else if m == self.base {
            State::Marked
        } else {
            State::Untouched
        };
        (s, state)
    }

    #[inline(always)]
    fn mark(&mut self, s: usize) {
        self.marks[s] = self.base;
    }

    #[inline(always)]
    fn done(&mut self, s: usize, j: u64) {
        self.marks[s] = self.base + 1;
        self.touched.push(j);
    }

    fn finish(&mut self, mut f: impl FnMut(u64, usize)) {
        let n = self.marks.len();
        let done = self.base + 1;
        if self.touched.len().saturating_mul(16) >= n {
            // A dense row: scanning the marks is cheaper than sorting.
            for (j, &m) in self.marks.iter().enumerate() {
                if m == done {
                    f(j as u64, j);
                }
            }
        } else {
            self.touched.sort_unstable();
            for &j in &self.touched {
                f(j, j as usize);
            }
        }
        self.touched.clear();
        if self.base >= u32::MAX - 4 {
            self.marks.fill(0);
            self.base = 1;
        } else {
            self.base += 2;
        }
    }
}

const EMPTY: u64 = u64::MAX;
const UNTOUCHED: u8 = 0;
const MARKED: u8 = 1;
const DONE: u8 = 2;

/// An open-addressing hash accumulator (linear probing); tables grow with the rows.
#[derive(Default)]
pub struct HashAcc {
    keys: Vec<u64>,
    state: Vec<u8>,
    used: Vec<usize>,
    shift: u32,
    sorted: Vec<(u64, usize)>,
}

impl HashAcc {
    #[inline(always)]
    fn home(&self, j: u64) -> usize {
        (j.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }
}

impl Acc for HashAcc {
    fn begin(&mut self, cap: usize) {
        let want = (cap.max(8) * 2).next_power_of_two();
        if want > self.keys.len() {
            self.keys = vec![EMPTY; want];
            self.state = vec![UNTOUCHED; want];
            self.shift = 64 - want.trailing_zeros();
        }
    }

    fn slots(&self) -> usize {
        self.keys.len()
    }

    #[inline(always)]
    fn probe(&mut self, j: u64) -> (usize, State) {
        let mask = self.keys.len() - 1;
        let mut h = self.home(j);
        loop {
            let k = self.keys[h];
            if k == j {
                let st = match self.state[h] {
                    DONE => State::Done,
                    MARKED => State::Marked,
                    _ => State::Untouched,
                };
                return (h, st);
            }
            if k == EMPTY {
                self.keys[h] = j;
                self.state[h] = UNTOUCHED;
                self.used.push(h);
                return (h, State::Untouched);
            }
            h = (h + 1) & mask;
        }
    }

    #[inline(always)]
    fn mark(&mut self, s: usize) {
        self.state[s] = MARKED;
    }

    #[inline(always)]
    fn done(&mut self, s: usize, _j: u64) {
        self.state[s] = DONE;
    }

    fn finish(&mut self, mut f: impl FnMut(u64, usize)) {
        self.sorted.clear();
        for &s in &self.used {
            if self.state[s] == DONE {
                self.sorted.push((self.keys[s], s));
            }
            self.keys[s] = EMPTY;
            self.state[s] = UNTOUCHED;
        }
        self.used.clear();
        self.sorted.sort_unstable_by_key(|e| e.0);
        for &(j, s) in &self.sorted {
            f(j, s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise(acc: &mut impl Acc) {
        for round in 0..3u64 {
            acc.begin(10);
            let (s, st) = acc.probe(7);
            assert_eq!(st, State::Untouched);
            acc.mark(s);
            assert_eq!(acc.probe(7).1, State::Marked);
            for j in [9, 2 + round, 9] {
                let (s, st) = acc.probe(j);
                if st != State::Done {
                    acc.done(s, j);
                }
            }
            let mut out = Vec::new();
            acc.finish(|j, _| out.push(j));
            assert_eq!(out, vec![2 + round, 9]);
        }
    }

    #[test]
    fn accumulators_sort_and_reset() {
        exercise(&mut DenseAcc::new(16));
        exercise(&mut HashAcc::default());
        let mut h = HashAcc::default();
        h.begin(2);
        let big = (1u64 << 60) - 1;
        let (s, _) = h.probe(big);
        h.done(s, big);
        let (s, _) = h.probe(3);
        h.done(s, 3);
        let mut out = Vec::new();
        h.finish(|j, _| out.push(j));
        assert_eq!(out, vec![3, big]);
    }
}
