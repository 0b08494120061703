//! The cost of each distributed operation on a generated graph: time (the
//! median of five runs, from the first rank's start to the last rank's end)
//! and the bytes each rank sends, as markdown table rows on rank 0.
//!
//! ```text
//! cargo build --release -p graphblas-mpi --example dist_ops
//! mpirun -np P target/release/examples/dist_ops [--scale N] [--kind kron|uniform]
//! ```

use graphblas::{binary, index, monoid, semiring, GraphKind, GraphSpec, Result};
use graphblas_mpi::{bytes_sent, DistMatrix, DistVector, Grid};
use std::time::Instant;

/// One timed operation.
type Step<'a> = Box<dyn FnMut() -> Result<()> + 'a>;

/// Runs `f` five times; the median time in ms and the mean bytes sent per rank.
fn cost(grid: &Grid, mut f: impl FnMut() -> Result<()>) -> Result<(f64, f64)> {
    let mut times = Vec::new();
    let sent = bytes_sent();
    for _ in 0..5 {
        grid.barrier();
        let start = Instant::now();
        f()?;
        grid.barrier();
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    let per_rank = grid.sum(bytes_sent() - sent) as f64 / 5.0 / grid.size() as f64;
    Ok((times[2], per_rank))
}

fn main() -> Result<()> {
    let (mut kind, mut scale) = (GraphKind::Kronecker, 16);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--scale", Some(s)) => scale = s.parse().expect("--scale N"),
            ("--kind", Some(k)) if k == "uniform" => kind = GraphKind::Uniform,
            ("--kind", Some(_)) => kind = GraphKind::Kronecker,
            _ => panic!("usage: dist_ops [--scale N] [--kind kron|uniform]"),
        }
    }
    graphblas::retain_freed_memory();
    let universe = mpi::initialize().expect("MPI starts once");
    let grid = Grid::new(universe.world());
    let spec = GraphSpec::new(kind, scale);
    let n = 1u64 << scale;
    let a = DistMatrix::<f64>::generate(&grid, &spec)?;
    let l = a.select(index::tril(), -1)?;
    let dense = DistVector::filled(&grid, n, 1.0)?;
    // A sparse frontier: one vertex in 64.
    let sparse = DistVector::from_pairs(
        &grid,
        n,
        (0..n)
            .step_by(64)
            .filter(|i| i % grid.size() as u64 == grid.rank() as u64)
            .map(|i| (i, i as f64)),
        binary::first(),
    )?;
    // Every vertex's mirror n - 1 - i: mostly on another rank.
    let mirror = DistVector::<i64>::new(&grid, n)?;
    let last = n as i64 - 1;
    mirror
        .output()
        .apply_index(&dense, index::diag_index::<i64>(), last)?;
    let rows: Vec<(&str, Step)> = vec![
        (
            "generate (load)",
            Box::new(|| DistMatrix::<f64>::generate(&grid, &spec)?.wait()),
        ),
        ("transpose", Box::new(|| a.transpose()?.wait())),
        (
            "mxv, dense x (PLUS_SECOND)",
            Box::new(|| {
                let y = DistVector::<f64>::new(&grid, n)?;
                y.output().mxv(&a, &dense, semiring::plus_second::<f64>())?;
                y.wait()
            }),
        ),
        (
            "vxm, 1/64 sparse x, masked (MIN_FIRST)",
            Box::new(|| {
                let y = DistVector::<f64>::new(&grid, n)?;
                y.masked(&sparse).structural().complement().vxm(
                    &sparse,
                    &a,
                    semiring::min_first::<f64>(),
                )?;
                y.wait()
            }),
        ),
        (
            "mxm, C<L> = L·L (PLUS_PAIR)",
            Box::new(|| {
                let c = DistMatrix::<i64>::new(&grid, n, n)?;
                c.masked(&l)
                    .structural()
                    .mxm(&l, &l, semiring::plus_pair::<i64>())?;
                c.wait()
            }),
        ),
        (
            "eWiseAdd, dense vectors",
            Box::new(|| {
                let y = DistVector::<f64>::new(&grid, n)?;
                y.output()
                    .ewise_add(&dense, &sparse, binary::plus::<f64>())?;
                y.wait()
            }),
        ),
        (
            "reduce, dense vector",
            Box::new(|| dense.reduce(monoid::plus()).map(drop)),
        ),
        (
            "extract_at, every vertex's mirror",
            Box::new(|| mirror.extract_at(&mirror)?.wait()),
        ),
    ];
    if grid.rank() == 0 {
        let (pr, pc) = grid.shape();
        println!(
            "| operation ({kind:?} {scale}, {} ranks, {pr} x {pc}) | ms | MB sent per rank |",
            grid.size()
        );
        println!("|---|--:|--:|");
    }
    for (name, mut f) in rows {
        let (ms, bytes) = cost(&grid, &mut f)?;
        if grid.rank() == 0 {
            println!("| {name} | {ms:.1} | {:.2} |", bytes / 1e6);
        }
    }
    Ok(())
}
