//! Deterministic synthetic graphs, as symmetric adjacency matrices without
//! self-loops or duplicate edges:
//!
//! * [`GraphKind::Kronecker`]: the Graph500 / GAP Kronecker (R-MAT) generator,
//!   `2^scale` vertices and `edge_factor · 2^scale` edges drawn with quadrant
//!   probabilities A = 0.57, B = C = 0.19, D = 0.05, vertex ids permuted;
//! * [`GraphKind::Uniform`]: the same numbers of vertices and edges with
//!   uniformly random endpoints (Erdős–Rényi-like);
//! * [`GraphKind::Grid`]: a road-like 2-D lattice of `2^scale` vertices, each
//!   joined to its right and lower neighbours, plus `long_edges` random
//!   long-range edges.
//!
//! Edges are then symmetrised, and self-loops and duplicates removed. Values
//! are `true` (`BOOL`), or with `weighted` random integer weights 1..=255 as
//! `FP64` (equal in both directions). A graph depends only on its
//! [`GraphSpec`]: edges are drawn in fixed-size blocks, each from its own
//! stream seeded by the seed and the block number, whatever the thread count.

use super::rng::{hash3, Rng};
use crate::error::{try_vec, try_with_capacity, Result};
use crate::object::Matrix;
use crate::storage::Array;
use crate::{ensure, fail};
use rayon::prelude::*;
use std::ops::Range;

/// The kinds of graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphKind {
    /// Kronecker (R-MAT) graph with a skewed degree distribution.
    Kronecker,
    /// Uniformly random edges.
    Uniform,
    /// A 2-D grid with optional long-range edges.
    Grid,
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphSpec {
    /// The kind of graph.
    pub kind: GraphKind,
    /// `2^scale` vertices (at most 32).
    pub scale: u32,
    /// Edges drawn per vertex (before cleanup) for Kronecker and uniform graphs.
    pub edge_factor: u64,
    /// The seed; the same spec always gives the same graph.
    pub seed: u64,
    /// Random integer weights 1..=255 as `FP64` instead of `BOOL` `true`.
    pub weighted: bool,
    /// Random long-range edges added to a grid.
    pub long_edges: u64,
}

impl GraphSpec {
    /// A spec with the usual defaults: edge factor 16, seed 1, unweighted, no long edges.
    pub fn new(kind: GraphKind, scale: u32) -> GraphSpec {
        GraphSpec {
            kind,
            scale,
            edge_factor: 16,
            seed: 1,
            weighted: false,
            long_edges: 0,
        }
    }
}

/// The largest scale: vertex ids are packed in 32 bits while edges are sorted.
pub const MAX_SCALE: u32 = 32;

/// Edges drawn per random stream.
const EDGE_BLOCK: usize = 1 << 16;

/// Stream ids, so that the parts of a graph draw independent numbers.
const EDGE_STREAM: u64 = 1;
const PERMUTATION_STREAM: u64 = 2;
const WEIGHT_STREAM: u64 = 3;

/// A dropped edge (a self-loop); sorts last.
const NO_EDGE: u64 = u64::MAX;

/// Generates the graph a spec describes.
pub fn generate(spec: &GraphSpec) -> Result<Matrix> {
    let part = edge_part(spec, 0, 1)?;
    let m = Matrix::new(&part.vals.ty(), part.n, part.n)?;
    m.build(&part.rows, &part.cols, part.vals, None)?;
    Ok(m)
}

/// A share of a generated graph's entries: both directions of the edges one
/// part draws, sorted by (row, column), without repeats within the share.
pub struct EdgePart {
    /// The number of vertices of the whole graph.
    pub n: u64,
    /// Row indices.
    pub rows: Vec<u64>,
    /// Column indices.
    pub cols: Vec<u64>,
    /// `BOOL` `true`, or the `FP64` weights.
    pub vals: Array,
}

/// Part `part` of `parts` of the graph a spec describes: the edges are drawn
/// in fixed blocks, and each part draws a contiguous range of them. The
/// union of the parts over `0..parts`, duplicates merged, is the graph
/// [`generate`] gives, whatever `parts` is (a duplicate edge has the same
/// weight wherever it is drawn).
pub fn edge_part(spec: &GraphSpec, part: u64, parts: u64) -> Result<EdgePart> {
    ensure!(
        spec.scale <= MAX_SCALE,
        InvalidValue,
        "scale {} is larger than the largest supported scale {MAX_SCALE}",
        spec.scale
    );
    ensure!(
        part < parts,
        InvalidIndex,
        "part {part} of {parts} does not exist"
    );
    let n = 1u64 << spec.scale;
    let drawn = || match spec.edge_factor.checked_mul(n).map(usize::try_from) {
        Some(Ok(m)) => Ok(m),
        _ => fail!(
            InvalidValue,
            "{} x 2^{} edges cannot be generated",
            spec.edge_factor,
            spec.scale
        ),
    };
    let share = Share { part, parts };
    let edges = match spec.kind {
        GraphKind::Kronecker => kronecker_edges(spec.scale, drawn()?, spec.seed, share)?,
        GraphKind::Uniform => random_edges(n, drawn()?, spec.seed, share)?,
        GraphKind::Grid => grid_edges(spec.scale, spec.long_edges, spec.seed, share)?,
    };
    let (rows, cols) = both_directions(edges)?;
    let vals = match spec.weighted {
        false => Array::from_vec(vec![true; rows.len()]),
        true => Array::from_vec(weights(&rows, &cols, spec.seed)),
    };
    Ok(EdgePart {
        n,
        rows,
        cols,
        vals,
    })
}

/// Part `part` of `parts` of some work.
#[derive(Clone, Copy)]
struct Share {
    part: u64,
    parts: u64,
}

impl Share {
    /// This part's range of `0..total`.
    fn of(self, total: usize) -> Range<usize> {
        let at = |k: u64| (total as u128 * k as u128 / self.parts as u128) as usize;
        at(self.part)..at(self.part + 1)
    }
}

/// An undirected edge as one sortable word, smaller endpoint first; a self-loop is dropped.
#[inline]
fn pack(u: u64, v: u64) -> u64 {
    if u == v {
        NO_EDGE
    } else {
        (u.min(v) << 32) | u.max(v)
    }
}

/// This share of `m` edges, each drawn by `draw` from the stream of its block.
fn draw_edges(
    m: usize,
    seed: u64,
    share: Share,
    draw: impl Fn(&mut Rng) -> (u64, u64) + Sync,
) -> Result<Vec<u64>> {
    let blocks = share.of(m.div_ceil(EDGE_BLOCK));
    let first = blocks.start * EDGE_BLOCK;
    let last = (blocks.end * EDGE_BLOCK).min(m);
    let mut edges = try_vec(last - first, NO_EDGE, "edges")?;
    edges
        .par_chunks_mut(EDGE_BLOCK)
        .enumerate()
        .for_each(|(b, block)| {
            let b = blocks.start + b;
            let mut rng = Rng::new(hash3(seed, EDGE_STREAM, b as u64));
            for e in block {
                let (u, v) = draw(&mut rng);
                *e = pack(u, v);
            }
        });
    Ok(edges)
}

/// Kronecker (R-MAT) edges with permuted vertex ids.
fn kronecker_edges(scale: u32, m: usize, seed: u64, share: Share) -> Result<Vec<u64>> {
    // Quadrant thresholds in units of 2^-32: A = 0.57, A+B = 0.76, A+B+C = 0.95.
    const T_A: u64 = (0.57 * 4294967296.0) as u64;
    const T_AB: u64 = (0.76 * 4294967296.0) as u64;
    const T_ABC: u64 = (0.95 * 4294967296.0) as u64;
    let perm = permutation(1 << scale, seed)?;
    draw_edges(m, seed, share, |rng| {
        let (mut u, mut v) = (0u64, 0u64);
        let mut bits = 0u64;
        for level in 0..scale {
            if level % 2 == 0 {
                bits = rng.next_u64();
            }
            let r = bits & 0xffff_ffff;
            bits >>= 32;
            // Quadrants (0,0), (0,1), (1,0), (1,1) with probabilities A, B, C, D.
            let du = (r >= T_AB) as u64;
            let dv = ((T_A..T_AB).contains(&r) || r >= T_ABC) as u64;
            u = (u << 1) | du;
            v = (v << 1) | dv;
        }
        (perm[u as usize], perm[v as usize])
    })
}

/// A random permutation of `0..n` (Fisher–Yates).
fn permutation(n: u64, seed: u64) -> Result<Vec<u64>> {
    let mut perm = try_with_capacity(n as usize, "vertex permutation")?;
    perm.extend(0..n);
    let mut rng = Rng::new(hash3(seed, PERMUTATION_STREAM, 0));
    for i in (1..n as usize).rev() {
        perm.swap(i, rng.below(i as u64 + 1) as usize);
    }
    Ok(perm)
}

/// `m` edges with uniformly random endpoints among `n` vertices.
fn random_edges(n: u64, m: usize, seed: u64, share: Share) -> Result<Vec<u64>> {
    draw_edges(m, seed, share, |rng| (rng.below(n), rng.below(n)))
}

/// This share of a `2^(scale/2) × 2^(scale - scale/2)` lattice (row-major
/// vertex ids, each joined to its right and lower neighbours) and of
/// `long_edges` random edges.
fn grid_edges(scale: u32, long_edges: u64, seed: u64, share: Share) -> Result<Vec<u64>> {
    let rows = 1u64 << (scale / 2);
    let cols = 1u64 << (scale - scale / 2);
    let n = rows * cols;
    let ids = share.of(n as usize);
    let long = usize::try_from(long_edges).unwrap_or(usize::MAX);
    let mut edges = try_with_capacity((2 * ids.len()).saturating_add(long), "edges")?;
    edges.resize(2 * ids.len(), NO_EDGE);
    edges.par_chunks_mut(2).enumerate().for_each(|(k, pair)| {
        let id = (ids.start + k) as u64;
        let (r, c) = (id / cols, id % cols);
        if c + 1 < cols {
            pair[0] = pack(id, id + 1);
        }
        if r + 1 < rows {
            pair[1] = pack(id, id + cols);
        }
    });
    edges.extend(random_edges(n, long, seed, share)?);
    Ok(edges)
}

/// Both directions of every edge (packed; `NO_EDGE` entries ignored) as
/// (row, column) lists sorted by (row, column), without repeats.
fn both_directions(edges: Vec<u64>) -> Result<(Vec<u64>, Vec<u64>)> {
    let mut directed = try_with_capacity(2 * edges.len(), "edges")?;
    directed.extend(edges.iter().copied().filter(|&e| e != NO_EDGE));
    let one_way = directed.len();
    directed.extend_from_within(..one_way);
    directed[one_way..]
        .par_iter_mut()
        .for_each(|e| *e = e.rotate_right(32));
    drop(edges);
    directed.par_sort_unstable();
    directed.dedup();
    let rows = directed.par_iter().map(|&e| e >> 32).collect();
    let cols = directed.par_iter().map(|&e| e & 0xffff_ffff).collect();
    Ok((rows, cols))
}

/// The weight of each edge, 1..=255, from the seed and the edge alone.
fn weights(rows: &[u64], cols: &[u64], seed: u64) -> Vec<f64> {
    rows.par_iter()
        .zip(cols.par_iter())
        .map(|(&u, &v)| (1 + hash3(seed, WEIGHT_STREAM, pack(u, v)) % 255) as f64)
        .collect()
}
