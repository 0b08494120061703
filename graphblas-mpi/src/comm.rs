//! The collective exchanges every distributed operation is built from, on
//! byte buffers: all-to-all with a buffer per destination, all-gather, and
//! agreement on success. Counts the bytes this rank sends to other ranks.

use crate::grid::{Grid, Scope};
use graphblas::{Error, Info, Result};
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::traits::*;
use mpi::Count;
use std::cell::Cell;
use std::ops::Range;

thread_local! {
    static SENT: Cell<u64> = const { Cell::new(0) };
}

/// The bytes this rank has sent to other ranks since the program started.
pub fn bytes_sent() -> u64 {
    SENT.with(Cell::get)
}

fn count_sent(grid: &Grid, scope: Scope, per_rank: &[usize]) {
    let me = grid.within(scope).1;
    let others: usize = per_rank
        .iter()
        .enumerate()
        .filter(|&(r, _)| r != me)
        .map(|(_, &n)| n)
        .sum();
    SENT.with(|s| s.set(s.get() + others as u64));
}

/// An MPI count, or an error for a buffer MPI cannot describe in one message.
fn mpi_count(n: usize) -> Result<Count> {
    Count::try_from(n).map_err(|_| {
        Error::new(
            Info::NotImplemented,
            format!("a message of {n} bytes is larger than MPI's 2 GiB count"),
        )
    })
}

/// Offsets of consecutive blocks of the given lengths.
fn displacements(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0, |at, &c| {
            let here = *at;
            *at += c;
            Some(here)
        })
        .collect()
}

/// What the ranks sent this rank in one exchange, in one buffer.
pub struct Inbox {
    buf: Vec<u8>,
    ranges: Vec<Range<usize>>,
}

impl Inbox {
    /// The bytes rank `r` sent.
    pub fn from(&self, r: usize) -> &[u8] {
        &self.buf[self.ranges[r].clone()]
    }

    /// The bytes every rank sent, in rank order.
    pub fn parts(&self) -> impl Iterator<Item = &[u8]> {
        self.ranges.iter().map(|r| &self.buf[r.clone()])
    }

    fn new(buf: Vec<u8>, counts: &[Count]) -> Inbox {
        let mut at = 0;
        let ranges = counts
            .iter()
            .map(|&c| {
                at += c as usize;
                at - c as usize..at
            })
            .collect();
        Inbox { buf, ranges }
    }
}

/// Sends every item to each rank of its group: `group(item)` indexes
/// `members`, the ranks (indices within `scope`) of each group. Each item
/// takes `size` bytes, written by `put`. Returns what every rank of the
/// scope sent this one.
pub fn route<I>(
    grid: &Grid,
    scope: Scope,
    items: &[I],
    size: usize,
    members: &[Vec<usize>],
    group: impl Fn(&I) -> usize,
    put: impl Fn(&I, &mut [u8]),
) -> Result<Inbox> {
    let groups: Vec<u32> = items.iter().map(|x| group(x) as u32).collect();
    let mut per_group = vec![0usize; members.len()];
    groups.iter().for_each(|&g| per_group[g as usize] += 1);
    let mut lengths = vec![0usize; grid.within(scope).0];
    for (g, ranks) in members.iter().enumerate() {
        for &r in ranks {
            lengths[r] += per_group[g] * size;
        }
    }
    let mut at = displacements_of(&lengths);
    // One more byte: a real allocation even when empty (Open MPI rejects a
    // send buffer at the address of the receive buffer, which two empty
    // `Vec`s share).
    let mut buf = vec![0u8; lengths.iter().sum::<usize>() + 1];
    let mut one = vec![0u8; size];
    for (x, &g) in items.iter().zip(&groups) {
        put(x, &mut one);
        for &r in &members[g as usize] {
            buf[at[r]..at[r] + size].copy_from_slice(&one);
            at[r] += size;
        }
    }
    exchange(grid, scope, &buf, &lengths)
}

/// The groups of [`route`] when every item goes to one rank of the scope:
/// rank `r` alone.
pub fn each_rank(grid: &Grid, scope: Scope) -> Vec<Vec<usize>> {
    (0..grid.within(scope).0).map(|r| vec![r]).collect()
}

/// Sends each blob to its rank (`(rank, bytes)`, at most one a rank).
pub fn send_blobs(grid: &Grid, blobs: &[(usize, Vec<u8>)]) -> Result<Inbox> {
    let mut lengths = vec![0usize; grid.size()];
    blobs.iter().for_each(|(r, b)| lengths[*r] = b.len());
    let mut buf = Vec::with_capacity(lengths.iter().sum::<usize>() + 1); // see `route`
    for r in 0..grid.size() {
        if let Some((_, b)) = blobs.iter().find(|(to, _)| *to == r) {
            buf.extend_from_slice(b);
        }
    }
    buf.push(0);
    exchange(grid, Scope::World, &buf, &lengths)
}

/// Offsets of consecutive blocks of the given lengths.
fn displacements_of(lengths: &[usize]) -> Vec<usize> {
    lengths
        .iter()
        .scan(0, |at, &n| {
            *at += n;
            Some(*at - n)
        })
        .collect()
}

/// Sends `lengths[r]` bytes of `send` (in order) to every rank `r` of the scope.
fn exchange(grid: &Grid, scope: Scope, send: &[u8], lengths: &[usize]) -> Result<Inbox> {
    let comm = grid.comm_of(scope);
    // Every rank learns whether every rank can send its buffers.
    let counts: Result<Vec<Count>> = lengths.iter().map(|&n| mpi_count(n)).collect();
    let counts = agree(grid, counts)?;
    let mut incoming = vec![0 as Count; lengths.len()];
    comm.all_to_all_into(&counts[..], &mut incoming[..]);
    count_sent(grid, scope, lengths);
    let total: usize = incoming.iter().map(|&c| c as usize).sum();
    agree(grid, mpi_count(total))?;
    let mut recv = vec![0u8; total + 1]; // see `route`
    {
        let send_displs = displacements(&counts);
        let recv_displs = displacements(&incoming);
        let total_sent = lengths.iter().sum::<usize>();
        let send = Partition::new(&send[..total_sent], &counts[..], &send_displs[..]);
        let mut into = PartitionMut::new(&mut recv[..total], &incoming[..], &recv_displs[..]);
        comm.all_to_all_varcount_into(&send, &mut into);
    }
    Ok(Inbox::new(recv, &incoming))
}

/// Every rank's `mine`, in order, on every rank of the scope.
pub fn all_gather(grid: &Grid, scope: Scope, mine: &[u8]) -> Result<Inbox> {
    let (comm, (size, _)) = (grid.comm_of(scope), grid.within(scope));
    let count = agree(grid, mpi_count(mine.len()))?;
    let mut counts = vec![0 as Count; size];
    comm.all_gather_into(&count, &mut counts[..]);
    count_sent(grid, scope, &vec![mine.len(); size]);
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    agree(grid, mpi_count(total))?;
    let mut recv = vec![0u8; total + 1]; // see `route`
    {
        let displs = displacements(&counts);
        let mut into = PartitionMut::new(&mut recv[..total], &counts[..], &displs[..]);
        comm.all_gather_varcount_into(mine, &mut into);
    }
    Ok(Inbox::new(recv, &counts))
}

/// The collective outcome of a step every rank takes: `Ok` on every rank
/// when it succeeded everywhere; otherwise an error on every rank (a
/// rank's own error where it failed, else the first failing rank's code).
pub fn agree<T>(grid: &Grid, mine: Result<T>) -> Result<T> {
    let code = match &mine {
        Ok(_) => 0,
        Err(e) => e.info.code(),
    };
    // Error codes are negative: the smallest is the first failure's kind.
    let mut worst = 0i32;
    grid.comm()
        .all_reduce_into(&code, &mut worst, SystemOperation::min());
    match mine {
        Err(e) => Err(e),
        Ok(_) if worst != 0 => Err(Error::new(
            Info::from_code(worst).unwrap_or(Info::Panic),
            "the operation failed on another rank",
        )),
        Ok(v) => Ok(v),
    }
}
