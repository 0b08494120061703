//! The graph object shared by the algorithms: an adjacency matrix, whether it
//! is directed, and properties computed once on demand.

use graphblas::{monoid, prelude::*, unary, GraphKind, GraphSpec, Matrix, Result, Vector};
use std::cell::OnceCell;
use std::path::Path;

/// Whether `A(i, j)` is an edge `i → j` only, or also `j → i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `A(i, j)` is the edge `i → j`.
    Directed,
    /// `A` is symmetric: `A(i, j)` and `A(j, i)` are one edge.
    Undirected,
}

/// A graph: `n × n` adjacency matrix `A` with edge weights, and cached
/// properties (transpose, out-degrees) that algorithms share.
pub struct Graph {
    adjacency: Matrix<f64>,
    kind: Kind,
    transpose: OnceCell<Matrix<f64>>,
    out_degree: OnceCell<Vector<i64>>,
}

impl Graph {
    /// A graph over a square adjacency matrix (`GrB_DIMENSION_MISMATCH` otherwise).
    /// An undirected graph's matrix must be symmetric; that is not checked.
    pub fn new(adjacency: Matrix<f64>, kind: Kind) -> Result<Graph> {
        let (m, n) = adjacency.shape();
        if m != n {
            return Err(graphblas::Error::new(
                graphblas::Info::DimensionMismatch,
                format!("an adjacency matrix must be square, not {m} x {n}"),
            ));
        }
        Ok(Graph {
            adjacency,
            kind,
            transpose: OnceCell::new(),
            out_degree: OnceCell::new(),
        })
    }

    /// The generated undirected graph of the given kind with `2^scale`
    /// vertices, with random integer weights 1..=255.
    pub fn generate(kind: GraphKind, scale: u32) -> Result<Graph> {
        let spec = GraphSpec {
            weighted: true,
            ..GraphSpec::new(kind, scale)
        };
        Graph::new(Matrix::generate_with(&spec)?, Kind::Undirected)
    }

    /// A graph read from a Matrix Market file (symmetric files give both
    /// directions of each edge).
    pub fn read_mtx(path: impl AsRef<Path>, kind: Kind) -> Result<Graph> {
        Graph::new(Matrix::read_mtx(path)?, kind)
    }

    /// The number of vertices.
    pub fn n(&self) -> u64 {
        self.adjacency.nrows()
    }

    /// Directed or undirected.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The adjacency matrix `A`.
    pub fn adjacency(&self) -> &Matrix<f64> {
        &self.adjacency
    }

    /// `A'` (computed once; `A` itself for an undirected graph).
    pub fn transpose(&self) -> Result<&Matrix<f64>> {
        if self.kind == Kind::Undirected {
            return Ok(&self.adjacency);
        }
        if self.transpose.get().is_none() {
            let t = self.adjacency.transpose().eval()?;
            let _ = self.transpose.set(t);
        }
        Ok(self.transpose.get().expect("set above"))
    }

    /// The number of out-edges of each vertex (no entry for a vertex without).
    pub fn out_degree(&self) -> Result<&Vector<i64>> {
        if self.out_degree.get().is_none() {
            let ones = self.adjacency.cast().apply(unary::one()).eval()?;
            let degree = ones.reduce_rows(monoid::plus::<i64>()).eval()?;
            let _ = self.out_degree.set(degree);
        }
        Ok(self.out_degree.get().expect("set above"))
    }

    /// `GrB_INVALID_INDEX` unless `v` is a vertex of the graph.
    pub fn check_vertex(&self, v: u64) -> Result<()> {
        if v >= self.n() {
            return Err(graphblas::Error::new(
                graphblas::Info::InvalidIndex,
                format!("{v} is not a vertex of a graph with {} vertices", self.n()),
            ));
        }
        Ok(())
    }

    /// The number of edges (entries of `A`; both directions of an undirected edge).
    pub fn nvals(&self) -> Result<usize> {
        self.adjacency.nvals()
    }
}
