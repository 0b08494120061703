//! The collective exchanges every distributed operation is built from, on
//! byte buffers: all-to-all with a buffer per destination, all-gather, and
//! agreement on success. Counts the bytes this rank sends to other ranks.

use crate::grid::Grid;
use graphblas::{Error, Info, Result};
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::traits::*;
use mpi::Count;
use std::cell::Cell;

thread_local! {
    static SENT: Cell<u64> = const { Cell::new(0) };
}

/// The bytes this rank has sent to other ranks since the program started.
pub fn bytes_sent() -> u64 {
    SENT.with(Cell::get)
}

fn count_sent(grid: &Grid, per_rank: &[usize]) {
    let others: usize = per_rank
        .iter()
        .enumerate()
        .filter(|&(r, _)| r != grid.rank())
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

/// Sends `out[r]` to rank `r` for every `r`; returns what each rank sent here.
pub fn exchange(grid: &Grid, out: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>> {
    debug_assert_eq!(out.len(), grid.size());
    let lengths: Vec<usize> = out.iter().map(Vec::len).collect();
    // Every rank learns whether every rank can send its buffers.
    let counts: Result<Vec<Count>> = lengths.iter().map(|&n| mpi_count(n)).collect();
    let counts = agree(grid, counts)?;
    let mut incoming = vec![0 as Count; grid.size()];
    grid.comm().all_to_all_into(&counts[..], &mut incoming[..]);
    count_sent(grid, &lengths);
    let total: usize = incoming.iter().map(|&c| c as usize).sum();
    mpi_count(total)?;
    // Real allocations even when empty: Open MPI rejects a send buffer at
    // the address of the receive buffer, which two empty `Vec`s share.
    let mut send = Vec::with_capacity(lengths.iter().sum::<usize>() + 1);
    out.iter().for_each(|b| send.extend_from_slice(b));
    let mut recv = vec![0u8; total + 1];
    {
        let send_displs = displacements(&counts);
        let recv_displs = displacements(&incoming);
        let send = Partition::new(&send[..], &counts[..], &send_displs[..]);
        let mut into = PartitionMut::new(&mut recv[..total], &incoming[..], &recv_displs[..]);
        grid.comm().all_to_all_varcount_into(&send, &mut into);
    }
    let mut at = 0;
    Ok(incoming
        .iter()
        .map(|&c| {
            let part = recv[at..at + c as usize].to_vec();
            at += c as usize;
            part
        })
        .collect())
}

/// Every rank's `mine`, in rank order, on every rank.
pub fn all_gather(grid: &Grid, mine: &[u8]) -> Result<Vec<Vec<u8>>> {
    let count = agree(grid, mpi_count(mine.len()))?;
    let mut counts = vec![0 as Count; grid.size()];
    grid.comm().all_gather_into(&count, &mut counts[..]);
    count_sent(grid, &vec![mine.len(); grid.size()]);
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    mpi_count(total)?;
    let mut recv = vec![0u8; total + 1]; // see `exchange`
    {
        let displs = displacements(&counts);
        let mut into = PartitionMut::new(&mut recv[..total], &counts[..], &displs[..]);
        grid.comm().all_gather_varcount_into(mine, &mut into);
    }
    let mut at = 0;
    Ok(counts
        .iter()
        .map(|&c| {
            let part = recv[at..at + c as usize].to_vec();
            at += c as usize;
            part
        })
        .collect())
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
