//! Generated inputs shared by the criterion benchmarks (`mod common;` in a
//! bench file). Deterministic: the same seed gives the same data everywhere.

use graphblas::raw::algebra::{BinaryCode, BinaryOp, Type, TypeCode};
use graphblas::raw::object::Matrix;
use graphblas::raw::storage::Array;

/// Coordinate data for an `n × n` FP64 matrix, in no particular order
/// (duplicate positions possible, as in real input files).
pub struct Tuples {
    /// Number of rows and columns.
    pub n: u64,
    /// Row indices.
    pub rows: Vec<u64>,
    /// Column indices.
    pub cols: Vec<u64>,
    /// Values.
    pub vals: Vec<f64>,
}

/// A splitmix64 stream: small, fast and good enough for benchmark data.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

impl Tuples {
    /// `2^scale` rows with about `per_row` entries each at uniformly random
    /// columns, values in `[0, 1)`.
    pub fn uniform(scale: u32, per_row: u64, seed: u64) -> Tuples {
        let n = 1u64 << scale;
        let mut random = Random(seed);
        let count = (n * per_row) as usize;
        let (mut rows, mut cols, mut vals) = (
            Vec::with_capacity(count),
            Vec::with_capacity(count),
            Vec::with_capacity(count),
        );
        for _ in 0..count {
            rows.push(random.next() % n);
            cols.push(random.next() % n);
            vals.push((random.next() >> 11) as f64 / (1u64 << 53) as f64);
        }
        Tuples {
            n,
            rows,
            cols,
            vals,
        }
    }

    /// Builds the FP64 matrix (duplicates summed) into a new matrix.
    pub fn matrix(&self) -> Matrix {
        let m = Matrix::new(&Type::FP64, self.n, self.n).expect("matrix");
        self.build_into(&m);
        m
    }

    /// `GrB_Matrix_build` of these tuples into the empty matrix `m`.
    pub fn build_into(&self, m: &Matrix) {
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Fp64).expect("PLUS_FP64");
        let vals = Array::from_vec(self.vals.clone());
        m.build(&self.rows, &self.cols, vals, Some(&plus))
            .expect("build");
    }
}
