//! Connected components of an undirected graph by FastSV (Zhang, Azad and Hu,
//! "FastSV: a distributed-memory connected component algorithm with fast
//! convergence", 2020), a linear-algebra Shiloach–Vishkin, with the sampling
//! of LAGraph's FastSV6 (after Afforest, Sutton et al. 2018).
//!
//! Every vertex keeps a parent `f`; `gp = f(f)` is its grandparent. Each
//! round of FastSV
//! 1. computes `mngp(i)`, the smallest grandparent among `i`'s neighbours
//!    (`A min.second gp`);
//! 2. *stochastic hooking*: `f(f(i)) = min(f(f(i)), mngp(i))` — a vertex's
//!    parent adopts the smaller label (several `i` can share a parent: the
//!    minimum wins; a `MIN_SECOND` product with the matrix that holds
//!    `(f(i), i)` for every `i`, as LAGraph's FastSV6 does);
//! 3. *aggressive hooking*: `f = min(f, mngp)`;
//! 4. *shortcutting*: `f = min(f, gp)`;
//!
//! and stops when the grandparents no longer change.
//!
//! Sampling: each vertex starts at the smaller of itself and its smallest
//! neighbour (`A min.secondi`), FastSV runs on the first few edges of every
//! row, and the most common label then stands for its whole (usually giant)
//! component `K`: the last FastSV runs on the rest of the graph, where `K`
//! is contracted into its label's vertex — rows of `K` are dropped, and
//! every edge into `K` becomes an edge to it, both ways. Labels only ever
//! name a vertex of the same component and only decrease, so every vertex
//! ends with the smallest vertex id of its component.

use crate::Graph;
use graphblas::{
    binary, monoid, prelude::*, semiring, Builtin, CompressedArrays, Matrix, Orientation,
    PatternView, Result, Vector,
};
use std::ops::Range;

/// Edges of each row FastSV first runs on.
const SAMPLES: usize = 4;

/// The component label of every vertex: the smallest vertex id in its component.
pub fn components(g: &Graph) -> Result<Vector<i64>> {
    let n = g.n();
    let a = g.adjacency();
    let f = Vector::from_pairs(n, (0..n).map(|i| (i, i as i64)))?;
    f.output()
        .accum(binary::min())
        .assign(a.mxv(&f, semiring::min_second_i::<f64, i64, i64>()))?;
    if a.nvals()? as u64 <= n * 2 * SAMPLES as u64 || n <= 1024 {
        fastsv(a, &f)?;
        return Ok(f);
    }
    let sample = a.with_pattern(Orientation::ByRow, |rows| first_edges(rows, SAMPLES))??;
    fastsv(&sample, &f)?;
    let labels = parents_of(&f)?;
    let key = most_common(&labels);
    let rest = a.with_pattern(Orientation::ByRow, |rows| contracted(rows, &labels, key))??;
    if rest.nvals()? > 0 {
        fastsv(&rest, &f)?;
    }
    Ok(f)
}

/// Runs FastSV on `a` from the parents `f` (each a vertex of its component).
fn fastsv<T: Builtin>(a: &Matrix<T>, f: &Vector<i64>) -> Result<()> {
    let mut parents = parents_of(f)?;
    let mut gp = f.extract(parents.clone()).eval()?;
    loop {
        let mngp = a.cast().mxv(&gp, semiring::min_second()).eval()?;
        let hook = |expr| f.output().accum(binary::min()).assign(expr);
        // Stochastic hooking: f(f(i)) = min(f(f(i)), mngp(i)), that is
        // f = min(f, C min.second mngp) with C(f(i), i) present.
        let n = parents.len() as u64;
        let c = Matrix::from_compressed(CompressedArrays {
            orientation: Orientation::ByCol,
            nrows: n,
            ncols: n,
            pointers: (0..=n).collect(),
            indices: parents,
            values: vec![true; n as usize],
        })?;
        hook(c.cast().mxv(&mngp, semiring::min_second()))?;
        // Aggressive hooking and shortcutting.
        hook(mngp.expr())?;
        hook(gp.expr())?;
        parents = parents_of(f)?;
        let next = f.extract(parents.clone()).eval()?;
        let changed = next
            .ewise_mult(&gp, binary::ne())
            .eval()?
            .reduce(monoid::lor())?;
        gp = next;
        if !changed {
            return Ok(());
        }
    }
}

/// Every vertex's parent.
fn parents_of(f: &Vector<i64>) -> Result<Vec<u64>> {
    Ok(f.to_dense(0)?.into_iter().map(|p| p as u64).collect())
}

/// The pattern of the first `k` entries of every row.
fn first_edges(rows: &PatternView, k: usize) -> Result<Matrix<bool>> {
    let n = rows.len();
    let mut pointers = Vec::with_capacity(n + 1);
    pointers.push(0);
    let mut total = 0u64;
    for i in 0..n {
        total += rows.vector(i).len().min(k) as u64;
        pointers.push(total);
    }
    let mut indices = vec![0u64; total as usize];
    std::thread::scope(|s| {
        let mut rest = indices.as_mut_slice();
        for range in row_pieces(n) {
            let len = (pointers[range.end] - pointers[range.start]) as usize;
            let (piece, tail) = std::mem::take(&mut rest).split_at_mut(len);
            rest = tail;
            s.spawn(move || {
                let firsts = range.flat_map(|i| rows.vector(i).first(k).iter());
                for (slot, j) in piece.iter_mut().zip(firsts) {
                    *slot = j;
                }
            });
        }
    });
    pattern_matrix(n as u64, pointers, indices)
}

/// Rows `0..n` cut into one piece a thread: the port's own passes over a
/// graph run on as many threads as the engine's kernels.
fn row_pieces(n: usize) -> Vec<Range<usize>> {
    let t = graphblas::num_threads().max(1);
    (0..t).map(|c| n * c / t..n * (c + 1) / t).collect()
}

/// The label most vertices carry (the smallest of those tied).
fn most_common(labels: &[u64]) -> u64 {
    let mut count = vec![0u32; labels.len()];
    for &l in labels {
        count[l as usize] += 1;
    }
    let best = count.iter().copied().max().unwrap_or(0);
    count.iter().position(|&c| c == best).unwrap_or(0) as u64
}

/// The graph with the component labelled `key` contracted into vertex `key`
/// (which carries its own label): the rows of its vertices are empty, and
/// every other vertex with an edge into it has an edge to `key` instead,
/// stored both ways.
fn contracted(rows: &PatternView, labels: &[u64], key: u64) -> Result<Matrix<bool>> {
    let n = rows.len();
    let ranges = row_pieces(n);
    let pieces: Vec<Contracted> = std::thread::scope(|s| {
        let work: Vec<_> = ranges
            .iter()
            .map(|range| s.spawn(|| Contracted::rows(rows, labels, key, range.clone())))
            .collect();
        work.into_iter()
            .map(|w| w.join().expect("a contraction thread panicked"))
            .collect()
    });
    // Vertex `key`'s row, empty so far, lists the vertices that touch it.
    let touching: Vec<u64> = pieces
        .iter()
        .flat_map(|p| p.touching.iter().copied())
        .collect();
    let t = touching.len() as u64;
    let mut pointers = Vec::with_capacity(n + 1);
    pointers.push(0u64);
    let mut indices =
        Vec::with_capacity(pieces.iter().map(|p| p.indices.len()).sum::<usize>() + touching.len());
    for (piece, range) in pieces.iter().zip(&ranges) {
        let shift = indices.len() as u64;
        let key_at = (range.contains(&(key as usize))).then(|| key as usize - range.start);
        match key_at {
            Some(r) => {
                let at = piece.pointers[r] as usize;
                indices.extend_from_slice(&piece.indices[..at]);
                indices.extend_from_slice(&touching);
                indices.extend_from_slice(&piece.indices[at..]);
                let ends = piece.pointers[1..].iter().enumerate();
                pointers.extend(ends.map(|(q, &p)| p + shift + if q >= r { t } else { 0 }));
            }
            None => {
                indices.extend_from_slice(&piece.indices);
                pointers.extend(piece.pointers[1..].iter().map(|&p| p + shift));
            }
        }
    }
    pattern_matrix(n as u64, pointers, indices)
}

/// The contracted rows of one piece of the graph (see [`contracted`]),
/// `pointers` from 0, and the rows that touch the contracted component.
struct Contracted {
    pointers: Vec<u64>,
    indices: Vec<u64>,
    touching: Vec<u64>,
}

impl Contracted {
    fn rows(rows: &PatternView, labels: &[u64], key: u64, range: Range<usize>) -> Contracted {
        let mut out = Contracted {
            pointers: Vec::with_capacity(range.len() + 1),
            indices: Vec::new(),
            touching: Vec::new(),
        };
        out.pointers.push(0);
        for i in range {
            if labels[i] != key {
                let row = rows.vector(i);
                let start = out.indices.len();
                out.indices
                    .extend(row.iter().filter(|&j| labels[j as usize] != key));
                if out.indices.len() - start < row.len() {
                    let at = start + out.indices[start..].partition_point(|&j| j < key);
                    out.indices.insert(at, key);
                    out.touching.push(i as u64);
                }
            }
            out.pointers.push(out.indices.len() as u64);
        }
        out
    }
}

/// The `n × n` pattern matrix of CSR arrays.
fn pattern_matrix(n: u64, pointers: Vec<u64>, indices: Vec<u64>) -> Result<Matrix<bool>> {
    let values = vec![true; indices.len()];
    Matrix::from_compressed(CompressedArrays::csr(n, n, pointers, indices, values))
}

/// The number of distinct labels.
pub fn count(labels: &Vector<i64>) -> Result<usize> {
    let mut seen: Vec<i64> = labels.pairs()?.into_iter().map(|(_, x)| x).collect();
    seen.sort_unstable();
    seen.dedup();
    Ok(seen.len())
}
