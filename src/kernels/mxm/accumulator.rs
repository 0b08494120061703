//! Row accumulators for the saxpy kernels: where the values of one output row
//! are gathered while products arrive in any column order.
//!
//! [`DenseAcc`] (Gustavson) indexes a dense workspace by column; it never
//! clears it, marking each row with a new stamp; [`BitmapAcc`] keeps two
//! bits a column instead, for rows with more products than columns.
//! [`HashAcc`] uses an
//! open-addressing table sized to the row's work, for rows whose length (up
//! to 2^60) makes a dense workspace unaffordable or wasteful.
//!
//! A position is `Untouched`, `Marked` (by the mask: allowed or forbidden,
//! depending on the mask mode) or `Done` (holds a value).

use crate::storage::IdxSlice;
use std::ops::Range;

/// The state of one output position in the current row (a small number, so
/// that it is computed without branches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State(u8);

impl State {
    /// Not seen in this row.
    pub const UNTOUCHED: State = State(0);
    /// Marked by the mask.
    pub const MARKED: State = State(1);
    /// Holds a value.
    pub const DONE: State = State(2);
}

/// A row accumulator: maps output columns to value slots.
pub trait Acc: Send {
    /// The accumulator while one row is computed (its state held in locals,
    /// so the hot loop keeps it in registers).
    type Row<'a>: RowAcc
    where
        Self: 'a;
    /// Prepares for a row in which at most `cap` distinct columns, all in
    /// `cols`, will be probed.
    fn prepare(&mut self, cap: usize, cols: &Range<u64>);
    /// Number of value slots the workspace must have.
    fn slots(&self) -> usize;
    /// Starts the row (after [`Acc::prepare`]).
    fn row(&mut self) -> Self::Row<'_>;
}

/// One row of an accumulator.
pub trait RowAcc {
    /// The slot of column `j` and its state.
    fn probe(&mut self, j: u64) -> (usize, State);
    /// Marks slot `s` (returned by `probe`).
    fn mark(&mut self, s: usize);
    /// The slot of column `j` when it is known without probing (a row
    /// indexed by column), having asked for the column's state to be
    /// loaded.
    #[inline(always)]
    fn prefetch(&self, _j: u64) -> Option<usize> {
        None
    }
    /// Records that slot `s`, column `j`, now holds a value.
    fn done(&mut self, s: usize, j: u64);
    /// Appends every column holding a value to `cols`, in increasing order,
    /// hands `gather` their value slots (in the same order), and ends the row.
    fn finish(self, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>));
    /// The first of [`SPARES`] value slots that no column uses, when the
    /// accumulator has them: a product the mask forbids can be written there
    /// instead of branching on the mask (see [`RowAcc::finish_marked`]).
    fn spare(&self) -> Option<usize>;
    /// Records that slot `s` holds a value, without listing its column (a
    /// row written this way ends with [`RowAcc::finish_marked`]).
    fn set_done(&mut self, s: usize);
    /// [`RowAcc::finish`] for a row whose values are all at columns of
    /// `marked` (sorted): the columns of `marked` holding a value.
    fn finish_marked(self, marked: IdxSlice, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>));
    /// [`RowAcc::finish`] for a row written by [`RowAcc::set_done`] whose
    /// values at the columns of `marked` (sorted) are dropped.
    fn finish_outside(self, marked: IdxSlice, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>));
}

/// The number of spare slots of a dense accumulator: forbidden products
/// rotate over them, so that consecutive ones do not wait for each other's
/// store.
pub const SPARES: usize = 8;

/// The value slots of the columns a row's [`RowAcc::finish`] appended, in
/// their order: the values are gathered from them in one pass.
pub enum Gather<'a> {
    /// Slot `j - lo` holds the value of column `j`.
    Offset {
        /// The columns.
        cols: &'a [u64],
        /// The column of slot 0.
        lo: u64,
    },
    /// The slots, one per column.
    Slots(&'a [usize]),
}

/// A row stamp of the dense accumulator; the marks are cleared when the
/// stamps wrap around. Two bytes, not one: with one byte a result 65 536
/// columns wide cleared its 64 KB of marks every 126 rows, 23 % of the
/// instructions of a grid's `A * A` (rows of four).
type Stamp = u16;

/// Gustavson's dense accumulator over a range of columns (the caller checks
/// that its width is affordable); slot `s` is column `lo + s`.
#[derive(Default)]
pub struct DenseAcc {
    marks: Vec<Stamp>,
    base: Stamp,
    touched: Vec<u64>,
    lo: u64,
    width: usize,
}

/// A row of a [`DenseAcc`].
pub struct DenseRow<'a> {
    marks: &'a mut [Stamp],
    base: Stamp,
    lo: u64,
    touched: &'a mut Vec<u64>,
    next_base: &'a mut Stamp,
}

impl Acc for DenseAcc {
    type Row<'a> = DenseRow<'a>;

    fn prepare(&mut self, _cap: usize, cols: &Range<u64>) {
        self.width = (cols.end - cols.start) as usize;
        self.lo = cols.start;
        if self.marks.len() < self.width + SPARES {
            self.marks = vec![0; self.width + SPARES];
            self.base = 1;
        }
    }

    fn slots(&self) -> usize {
        self.marks.len()
    }

    fn row(&mut self) -> DenseRow<'_> {
        DenseRow {
            marks: &mut self.marks[..self.width + SPARES],
            base: self.base,
            lo: self.lo,
            touched: &mut self.touched,
            next_base: &mut self.base,
        }
    }
}

impl RowAcc for DenseRow<'_> {
    #[inline(always)]
    fn prefetch(&self, j: u64) -> Option<usize> {
        let s = (j - self.lo) as usize;
        crate::storage::prefetch::prefetch(self.marks, s);
        Some(s)
    }

    #[inline(always)]
    fn probe(&mut self, j: u64) -> (usize, State) {
        let s = (j - self.lo) as usize;
        // Marks below the row's base are stale: untouched.
        let d = self.marks[s].wrapping_sub(self.base);
        (s, State(if d < 2 { d as u8 + 1 } else { 0 }))
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

    fn finish(self, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>)) {
        let start = cols.len();
        if self.touched.len().saturating_mul(16) >= self.width() {
            // A dense row: scanning the marks is cheaper than sorting.
            self.scan_done(cols);
        } else {
            crate::work::count(sort_work(self.touched.len()));
            self.touched.sort_unstable();
            cols.extend_from_slice(self.touched);
        }
        self.end(cols, start, gather);
    }

    fn spare(&self) -> Option<usize> {
        Some(self.width())
    }

    #[inline(always)]
    fn set_done(&mut self, s: usize) {
        self.marks[s] = self.base + 1;
    }

    fn finish_marked(self, marked: IdxSlice, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>)) {
        crate::work::count(marked.len());
        let (done, lo, start) = (self.base + 1, self.lo, cols.len());
        cols.extend(
            marked
                .iter()
                .filter(|&j| self.marks[(j - lo) as usize] == done),
        );
        self.end(cols, start, gather);
    }

    fn finish_outside(
        self,
        marked: IdxSlice,
        cols: &mut Vec<u64>,
        gather: impl FnOnce(Gather<'_>),
    ) {
        crate::work::count(marked.len());
        for j in marked.iter() {
            self.marks[(j - self.lo) as usize] = self.base;
        }
        let start = cols.len();
        self.scan_done(cols);
        self.end(cols, start, gather);
    }
}

impl DenseRow<'_> {
    /// Appends the columns holding a value, found by scanning the marks.
    fn scan_done(&self, cols: &mut Vec<u64>) {
        let (n, done, lo) = (self.width(), self.base + 1, self.lo);
        crate::work::count(n);
        cols.extend(
            (self.marks[..n].iter().enumerate())
                .filter(|&(_, &m)| m == done)
                .map(|(s, _)| lo + s as u64),
        );
    }

    /// The number of columns (the marks end with the spare slots).
    fn width(&self) -> usize {
        self.marks.len() - SPARES
    }

    /// Hands `gather` the slots of the columns `cols[start..]` and moves
    /// the stamps on to the next row.
    fn end(self, cols: &[u64], start: usize, gather: impl FnOnce(Gather<'_>)) {
        gather(Gather::Offset {
            cols: &cols[start..],
            lo: self.lo,
        });
        self.touched.clear();
        if self.base >= Stamp::MAX - 4 {
            self.marks.fill(0);
            *self.next_base = 1;
        } else {
            *self.next_base = self.base + 2;
        }
    }
}

/// Columns a word of [`BitmapAcc`] holds the states of (two bits each).
const PER_WORD: usize = 32;

/// The low bit of every column's state in a word of [`BitmapAcc`]: set when
/// the mask marked the column.
const MARK_BITS: u64 = 0x5555_5555_5555_5555;

/// An accumulator for rows with at least as many products as columns: the
/// state of a column takes two bits (a million columns in 256 KB, within a
/// core's L2 cache, where [`DenseAcc`]'s stamps take 2 MB), so that a
/// product misses the cache on its value only. It lists no columns: a row
/// ends with a scan of the states, which clears them.
#[derive(Default)]
pub struct BitmapAcc {
    states: Vec<u64>,
    lo: u64,
    width: usize,
}

/// A row of a [`BitmapAcc`]: per column, bit 0 is the mask's mark and bit
/// 1 says the column holds a value (whatever bit 0 says).
pub struct BitmapRow<'a> {
    states: &'a mut [u64],
    lo: u64,
    width: usize,
}

impl Acc for BitmapAcc {
    type Row<'a> = BitmapRow<'a>;

    fn prepare(&mut self, _cap: usize, cols: &Range<u64>) {
        self.width = (cols.end - cols.start) as usize;
        self.lo = cols.start;
        let words = (self.width + SPARES).div_ceil(PER_WORD);
        if self.states.len() < words {
            self.states = vec![0; words];
        }
    }

    fn slots(&self) -> usize {
        self.states.len() * PER_WORD
    }

    fn row(&mut self) -> BitmapRow<'_> {
        let words = (self.width + SPARES).div_ceil(PER_WORD);
        BitmapRow {
            states: &mut self.states[..words],
            lo: self.lo,
            width: self.width,
        }
    }
}

impl BitmapRow<'_> {
    /// Sets `bits` (shifted to slot `s`) in the slot's word.
    #[inline(always)]
    fn set(&mut self, s: usize, bits: u64) {
        self.states[s / PER_WORD] |= bits << (2 * (s % PER_WORD));
    }

    /// Appends the columns holding a value, clears the states and hands
    /// `gather` the columns' slots.
    fn end(self, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>)) {
        crate::work::count(self.states.len());
        let (start, lo, width) = (cols.len(), self.lo, self.width);
        for (w, word) in self.states.iter_mut().enumerate() {
            let mut done = *word & !MARK_BITS;
            *word = 0;
            while done != 0 {
                let s = w * PER_WORD + done.trailing_zeros() as usize / 2;
                if s < width {
                    cols.push(lo + s as u64);
                }
                done &= done - 1;
            }
        }
        gather(Gather::Offset {
            cols: &cols[start..],
            lo,
        });
    }
}

impl RowAcc for BitmapRow<'_> {
    #[inline(always)]
    fn prefetch(&self, j: u64) -> Option<usize> {
        Some((j - self.lo) as usize)
    }

    #[inline(always)]
    fn probe(&mut self, j: u64) -> (usize, State) {
        let s = (j - self.lo) as usize;
        let b = (self.states[s / PER_WORD] >> (2 * (s % PER_WORD))) & 3;
        // 3 (marked, then given a value) is done.
        (s, State((b ^ ((b >> 1) & b & 1)) as u8))
    }

    #[inline(always)]
    fn mark(&mut self, s: usize) {
        self.set(s, 1);
    }

    #[inline(always)]
    fn done(&mut self, s: usize, _j: u64) {
        self.set(s, 2);
    }

    fn finish(self, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>)) {
        self.end(cols, gather);
    }

    fn spare(&self) -> Option<usize> {
        Some(self.width)
    }

    #[inline(always)]
    fn set_done(&mut self, s: usize) {
        self.set(s, 2);
    }

    fn finish_marked(self, marked: IdxSlice, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>)) {
        crate::work::count(marked.len());
        let start = cols.len();
        cols.extend(marked.iter().filter(|&j| {
            let s = (j - self.lo) as usize;
            (self.states[s / PER_WORD] >> (2 * (s % PER_WORD))) & 2 != 0
        }));
        crate::work::count(self.states.len());
        self.states.fill(0);
        gather(Gather::Offset {
            cols: &cols[start..],
            lo: self.lo,
        });
    }

    fn finish_outside(
        self,
        marked: IdxSlice,
        cols: &mut Vec<u64>,
        gather: impl FnOnce(Gather<'_>),
    ) {
        crate::work::count(marked.len());
        for j in marked.iter() {
            let s = (j - self.lo) as usize;
            self.states[s / PER_WORD] &= !(2 << (2 * (s % PER_WORD)));
        }
        self.end(cols, gather);
    }
}

const EMPTY: u64 = u64::MAX;

/// The comparisons of sorting `n` keys, for [`crate::work`].
fn sort_work(n: usize) -> usize {
    n * (n.max(1).ilog2() as usize + 1)
}

/// An open-addressing hash accumulator (linear probing); tables grow with the rows.
#[derive(Default)]
pub struct HashAcc {
    keys: Vec<u64>,
    state: Vec<u8>,
    used: Vec<usize>,
    shift: u32,
    sorted: Vec<(u64, usize)>,
}

/// A row of a [`HashAcc`].
pub struct HashRow<'a> {
    keys: &'a mut [u64],
    state: &'a mut [u8],
    used: &'a mut Vec<usize>,
    shift: u32,
    sorted: &'a mut Vec<(u64, usize)>,
}

impl Acc for HashAcc {
    type Row<'a> = HashRow<'a>;

    fn prepare(&mut self, cap: usize, _cols: &Range<u64>) {
        let want = (cap.max(8) * 2).next_power_of_two();
        if want > self.keys.len() {
            self.keys = vec![EMPTY; want];
            self.state = vec![State::UNTOUCHED.0; want];
            self.shift = 64 - want.trailing_zeros();
        }
    }

    fn slots(&self) -> usize {
        self.keys.len()
    }

    fn row(&mut self) -> HashRow<'_> {
        HashRow {
            keys: &mut self.keys,
            state: &mut self.state,
            used: &mut self.used,
            shift: self.shift,
            sorted: &mut self.sorted,
        }
    }
}

impl RowAcc for HashRow<'_> {
    #[inline(always)]
    fn probe(&mut self, j: u64) -> (usize, State) {
        let mask = self.keys.len() - 1;
        let mut h = (j.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            let k = self.keys[h];
            if k == j {
                return (h, State(self.state[h]));
            }
            if k == EMPTY {
                self.keys[h] = j;
                self.state[h] = State::UNTOUCHED.0;
                self.used.push(h);
                return (h, State::UNTOUCHED);
            }
            h = (h + 1) & mask;
        }
    }

    #[inline(always)]
    fn mark(&mut self, s: usize) {
        self.state[s] = State::MARKED.0;
    }

    #[inline(always)]
    fn done(&mut self, s: usize, _j: u64) {
        self.state[s] = State::DONE.0;
    }

    fn finish(self, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>)) {
        self.sorted.clear();
        for &s in self.used.iter() {
            if State(self.state[s]) == State::DONE {
                self.sorted.push((self.keys[s], s));
            }
            self.keys[s] = EMPTY;
            self.state[s] = State::UNTOUCHED.0;
        }
        crate::work::count(self.used.len() + sort_work(self.sorted.len()));
        self.sorted.sort_unstable_by_key(|e| e.0);
        cols.extend(self.sorted.iter().map(|e| e.0));
        // The slots are listed in `used`, cleared above, in column order.
        self.used.clear();
        self.used.extend(self.sorted.iter().map(|e| e.1));
        gather(Gather::Slots(self.used));
        self.used.clear();
    }

    fn spare(&self) -> Option<usize> {
        None
    }

    fn set_done(&mut self, s: usize) {
        self.done(s, 0);
    }

    /// Without spare slots a row is never computed whole: its mask was
    /// applied as the products arrived.
    fn finish_marked(self, _: IdxSlice, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>)) {
        self.finish(cols, gather);
    }

    /// As [`RowAcc::finish_marked`].
    fn finish_outside(self, _: IdxSlice, cols: &mut Vec<u64>, gather: impl FnOnce(Gather<'_>)) {
        self.finish(cols, gather);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns a row ends with, and their slots.
    fn finished(acc: impl RowAcc) -> Vec<(u64, usize)> {
        let (mut cols, mut slots) = (Vec::new(), Vec::new());
        acc.finish(&mut cols, |g| match g {
            Gather::Offset { cols, lo } => slots.extend(cols.iter().map(|&j| (j - lo) as usize)),
            Gather::Slots(s) => slots.extend_from_slice(s),
        });
        assert_eq!(cols.len(), slots.len());
        cols.into_iter().zip(slots).collect()
    }

    /// The columns a row ends with.
    fn finished_cols(acc: impl RowAcc) -> Vec<u64> {
        finished(acc).into_iter().map(|(j, _)| j).collect()
    }

    fn exercise(acc: &mut impl Acc) {
        for round in 0..3u64 {
            acc.prepare(10, &(0..16));
            let mut acc = acc.row();
            let (s, st) = acc.probe(7);
            assert_eq!(st, State::UNTOUCHED);
            acc.mark(s);
            assert_eq!(acc.probe(7).1, State::MARKED);
            for j in [9, 2 + round, 9] {
                let (s, st) = acc.probe(j);
                if st != State::DONE {
                    acc.done(s, j);
                }
            }
            assert_eq!(finished_cols(acc), vec![2 + round, 9]);
        }
    }

    #[test]
    fn accumulators_sort_and_reset() {
        exercise(&mut DenseAcc::default());
        exercise(&mut BitmapAcc::default());
        let mut d = DenseAcc::default();
        d.prepare(4, &(100..110));
        let mut row = d.row();
        for j in [105, 101, 105] {
            let (s, st) = row.probe(j);
            if st != State::DONE {
                row.done(s, j);
            }
        }
        assert_eq!(finished(row), vec![(101, 1), (105, 5)]);
        exercise(&mut HashAcc::default());
        let mut h = HashAcc::default();
        h.prepare(2, &(0..1 << 60));
        let mut h = h.row();
        let big = (1u64 << 60) - 1;
        let (s, _) = h.probe(big);
        h.done(s, big);
        let (s, _) = h.probe(3);
        h.done(s, 3);
        let slots: Vec<usize> = [big, 3].iter().map(|&j| h.probe(j).0).collect();
        assert_eq!(finished(h), vec![(3, slots[1]), (big, slots[0])]);
    }

    #[test]
    fn dense_rows_start_clean_across_stamp_wraparounds() {
        let mut d = DenseAcc::default();
        // More rows than the stamps count before they wrap (two per row).
        for row in 0..(Stamp::MAX as u64 / 2 + 100) {
            d.prepare(2, &(0..16));
            let mut acc = d.row();
            let (j, before) = (row % 16, (row + 15) % 16);
            // The previous row's column is stale, not done.
            assert_eq!(acc.probe(before).1, State::UNTOUCHED, "row {row}");
            let (s, _) = acc.probe(j);
            acc.done(s, j);
            assert_eq!(acc.probe(j).1, State::DONE);
            assert_eq!(finished_cols(acc), vec![j]);
        }
    }

    /// Rows whose forbidden products go to spare slots, in `acc`, end with
    /// the marked columns given a value.
    fn spare_rows(acc: &mut impl Acc, rows: u64) {
        for row in 0..rows {
            acc.prepare(4, &(0..16));
            let mut acc = acc.row();
            let spare = acc.spare().unwrap();
            assert_eq!(spare, 16);
            let marked = [row % 16, (row + 5) % 16];
            for &j in &marked {
                let (s, _) = acc.probe(j);
                acc.mark(s);
            }
            // A forbidden product goes to a spare slot; one allowed column
            // gets a value, the other none.
            acc.set_done(spare + (row as usize % SPARES));
            let (s, st) = acc.probe(marked[0]);
            assert_eq!(st, State::MARKED, "row {row}");
            acc.set_done(s);
            assert_eq!(acc.probe(marked[0]).1, State::DONE);
            assert_eq!(acc.probe(marked[1]).1, State::MARKED);
            let mut sorted = marked.to_vec();
            sorted.sort_unstable();
            let idx = crate::storage::Indices::from(sorted);
            let (mut cols, mut slots) = (Vec::new(), Vec::new());
            acc.finish_marked(idx.as_idx(), &mut cols, |g| match g {
                Gather::Offset { cols, lo } => slots.extend(cols.iter().map(|&j| j - lo)),
                Gather::Slots(_) => unreachable!("a dense row gathers by offset"),
            });
            assert_eq!(cols, vec![marked[0]], "row {row}");
            assert_eq!(slots, vec![marked[0]]);
        }
    }

    #[test]
    fn rows_written_through_spare_slots_end_with_their_marked_columns() {
        spare_rows(&mut BitmapAcc::default(), 100);
        let mut d = DenseAcc::default();
        spare_rows(&mut d, Stamp::MAX as u64 / 2 + 100);
        // A row scanned densely never reports the spare slots.
        d.prepare(16, &(0..16));
        let mut acc = d.row();
        for j in 0..16 {
            let (s, _) = acc.probe(j);
            acc.done(s, j);
        }
        acc.set_done(16);
        assert_eq!(finished_cols(acc), (0..16).collect::<Vec<_>>());
    }

    #[test]
    fn bitmap_rows_read_around_their_mask_and_start_clean() {
        let mut b = BitmapAcc::default();
        for row in 0..100u64 {
            // 70 columns: words of 32 and a partial last word with spares.
            b.prepare(70, &(1000..1070));
            let mut acc = b.row();
            assert_eq!(acc.probe(1000 + (row + 69) % 70).1, State::UNTOUCHED);
            for j in (1000..1070).filter(|j| (j + row) % 5 == 0) {
                let (s, _) = acc.probe(j);
                acc.mark(s);
                assert_eq!(acc.probe(j).1, State::MARKED);
            }
            for j in (1000..1070).filter(|j| (j + row) % 3 != 0) {
                let (s, _) = acc.probe(j);
                acc.set_done(s);
                assert_eq!(acc.probe(j).1, State::DONE);
            }
            acc.set_done(70 + row as usize % SPARES);
            let outside: Vec<u64> = (1000..1070).filter(|j| (j + row) % 2 == 0).collect();
            let want: Vec<u64> = (1000..1070)
                .filter(|j| (j + row) % 3 != 0 && (j + row) % 2 != 0)
                .collect();
            let idx = crate::storage::Indices::from(outside);
            let mut cols = Vec::new();
            acc.finish_outside(idx.as_idx(), &mut cols, |_| ());
            assert_eq!(cols, want, "row {row}");
        }
        // A row with a value in every column and a spare slot.
        b.prepare(70, &(0..70));
        let mut acc = b.row();
        for j in 0..70 {
            let (s, _) = acc.probe(j);
            acc.done(s, j);
        }
        acc.set_done(70);
        assert_eq!(finished_cols(acc), (0..70).collect::<Vec<_>>());
    }
}
