//! Every distributed operation against the single-process engine, on random
//! inputs, and the distributed algorithms against the `lagraph-ports`, under
//! `mpirun` with 1, 2 and 4 ranks (`--oversubscribe`: more ranks than cores).
//!
//! `under_mpirun_on_1_2_and_4_ranks` starts `mpirun -np P` on this test
//! binary, which runs the ignored test `one_rank_of_many` in every rank.

use graphblas::{
    binary, index, monoid, prelude::*, semiring, unary, GraphKind, GraphSpec, Matrix, Vector,
};
use graphblas_mpi::{algorithms, DistMatrix, DistVector, Grid};
use lagraph_ports::{bfs, cc, pagerank, tricount, Graph, Kind};
use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::process::Command;

#[test]
fn under_mpirun_on_1_2_and_4_ranks() {
    let me = std::env::current_exe().unwrap();
    for ranks in ["1", "2", "4"] {
        // Each rank that passes leaves a file here (counting "test result"
        // lines would miss ranks whose output mpirun interleaved).
        let done = std::env::temp_dir().join(format!("ranks-{}-{ranks}", std::process::id()));
        let _ = std::fs::remove_dir_all(&done);
        std::fs::create_dir_all(&done).unwrap();
        // A rank that fails leaves the others waiting in a collective: the
        // job is stopped after five minutes.
        let out = Command::new("timeout")
            .args(["300", "mpirun", "--oversubscribe", "-np", ranks])
            .arg(&me)
            .args(["--ignored", "--exact", "one_rank_of_many", "--nocapture"])
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
            .env("RAYON_NUM_THREADS", "1")
            .env(DONE_DIR, &done)
            .output()
            .expect("mpirun runs (Open MPI: `apt-get install openmpi-bin`)");
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{ranks} ranks:\n{text}");
        // Every rank ran the test to its end (and did not filter it out).
        let passed = std::fs::read_dir(&done).unwrap().count();
        let _ = std::fs::remove_dir_all(&done);
        assert_eq!(passed.to_string(), ranks, "{ranks} ranks:\n{text}");
    }
}

/// The environment variable naming the folder where each rank that passed
/// leaves a file.
const DONE_DIR: &str = "GRAPHBLAS_MPI_RANKS_DONE";

/// A deterministic generator: the same numbers on every rank.
fn seeded(seed: u8) -> TestRng {
    TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32])
}

fn below(rng: &mut TestRng, n: u64) -> u64 {
    rng.next_u64() % n
}

fn random_matrix(rng: &mut TestRng, nrows: u64, ncols: u64, density: u64) -> Matrix<i64> {
    let mut entries = Vec::new();
    for i in 0..nrows {
        for j in 0..ncols {
            if below(rng, 100) < density {
                entries.push((i, j, below(rng, 19) as i64 - 9));
            }
        }
    }
    Matrix::from_triplets(nrows, ncols, entries).unwrap()
}

fn random_vector(rng: &mut TestRng, n: u64, density: u64) -> Vector<i64> {
    let mut pairs = Vec::new();
    for i in 0..n {
        if below(rng, 100) < density {
            pairs.push((i, below(rng, 7) as i64 - 3));
        }
    }
    Vector::from_pairs(n, pairs).unwrap()
}

/// The distributed copy: each rank contributes every `size`-th entry.
fn spread(grid: &Grid, a: &Matrix<i64>) -> DistMatrix<i64> {
    let (rank, size) = (grid.rank(), grid.size());
    let mine = a.triplets().unwrap().into_iter().skip(rank).step_by(size);
    DistMatrix::from_triplets(grid, a.nrows(), a.ncols(), mine, None).unwrap()
}

fn same_vector<T: graphblas::ValueType + PartialEq + std::fmt::Debug>(
    got: &DistVector<T>,
    want: &Vector<T>,
    what: &str,
) {
    assert_eq!(
        got.to_vector().unwrap().pairs().unwrap(),
        want.pairs().unwrap(),
        "{what}"
    );
}

fn same_matrix(got: &DistMatrix<i64>, want: &Matrix<i64>, what: &str) {
    let got = got.to_matrix().unwrap().triplets().unwrap();
    assert_eq!(got, want.triplets().unwrap(), "{what}");
}

#[test]
#[ignore = "one rank of an mpirun job: started by under_mpirun_on_1_2_and_4_ranks"]
fn one_rank_of_many() {
    let universe = mpi::initialize().expect("MPI starts");
    let rank = mpi::traits::Communicator::rank(&universe.world());
    let grid = Grid::new(universe.world());
    products_with_masks_and_accumulators(&grid);
    element_wise_operations(&grid);
    matrix_operations(&grid);
    loading(&grid);
    errors_on_every_rank(&grid);
    algorithms_match_the_ports(&grid);
    if let Some(dir) = std::env::var_os(DONE_DIR) {
        std::fs::write(std::path::Path::new(&dir).join(format!("rank-{rank}")), "").unwrap();
    }
}

fn products_with_masks_and_accumulators(grid: &Grid) {
    let mut rng = seeded(1);
    // Shapes smaller than the rank count, and odd ones.
    for &(m, n) in &[(3, 2), (37, 23), (1, 40), (64, 64)] {
        for case in 0..6 {
            let a = random_matrix(&mut rng, m, n, 20);
            let (u, v) = (
                random_vector(&mut rng, n, 50),
                random_vector(&mut rng, m, 50),
            );
            let (w0, mask) = (
                random_vector(&mut rng, m, 40),
                random_vector(&mut rng, m, 60),
            );
            let (da, du, dv) = (
                spread(grid, &a),
                DistVector::from_vector(grid, &u).unwrap(),
                DistVector::from_vector(grid, &v).unwrap(),
            );
            let dw = DistVector::from_vector(grid, &w0).unwrap();
            let dm = DistVector::from_vector(grid, &mask).unwrap();
            let w = w0.dup().unwrap();
            // mxv under a valued mask, with an accumulator.
            w.masked(&mask)
                .accum(binary::plus())
                .assign(a.mxv(&u, semiring::plus_times()))
                .unwrap();
            dw.masked(&dm)
                .accum(binary::plus())
                .mxv(&da, &du, semiring::plus_times::<i64>())
                .unwrap();
            same_vector(&dw, &w, &format!("mxv {m}x{n} case {case}"));
            // vxm under a complemented structural mask, replacing.
            let (x0, xmask) = (
                random_vector(&mut rng, n, 40),
                random_vector(&mut rng, n, 30),
            );
            let (x, dx) = (
                x0.dup().unwrap(),
                DistVector::from_vector(grid, &x0).unwrap(),
            );
            let dxm = DistVector::from_vector(grid, &xmask).unwrap();
            x.masked(&xmask)
                .structural()
                .complement()
                .replace()
                .assign(v.vxm(&a, semiring::min_plus()))
                .unwrap();
            dx.masked(&dxm)
                .structural()
                .complement()
                .replace()
                .vxm(&dv, &da, semiring::min_plus::<i64>())
                .unwrap();
            same_vector(&dx, &x, &format!("vxm {m}x{n} case {case}"));
        }
    }
    // Floating-point sums: within rounding of the single-process result.
    let a = random_matrix(&mut rng, 50, 50, 30);
    let u = random_vector(&mut rng, 50, 90);
    let af: Matrix<f64> = Matrix::from_triplets(
        50,
        50,
        a.triplets()
            .unwrap()
            .into_iter()
            .map(|(i, j, x)| (i, j, x as f64 / 7.0)),
    )
    .unwrap();
    let da = DistMatrix::from_triplets(
        grid,
        50,
        50,
        af.triplets()
            .unwrap()
            .into_iter()
            .skip(grid.rank())
            .step_by(grid.size()),
        None,
    )
    .unwrap();
    let du = DistVector::from_vector(grid, &u).unwrap();
    let dy = DistVector::<f64>::new(grid, 50).unwrap();
    dy.output()
        .mxv(&da, &du, semiring::plus_times::<f64>())
        .unwrap();
    let y = af
        .mxv(u.cast::<f64>(), semiring::plus_times::<f64>())
        .eval()
        .unwrap();
    let (got, want) = (dy.to_vector().unwrap().pairs().unwrap(), y.pairs().unwrap());
    assert_eq!(got.len(), want.len());
    for ((i, g), (j, w)) in got.into_iter().zip(want) {
        assert_eq!(i, j);
        assert!((g - w).abs() <= 1e-12 * w.abs().max(1.0), "{g} vs {w}");
    }
}

fn element_wise_operations(grid: &Grid) {
    let mut rng = seeded(2);
    for &n in &[1u64, 3, 29, 100] {
        let (u, v, mask, w0) = (
            random_vector(&mut rng, n, 50),
            random_vector(&mut rng, n, 50),
            random_vector(&mut rng, n, 50),
            random_vector(&mut rng, n, 50),
        );
        let d = |x: &Vector<i64>| DistVector::from_vector(grid, x).unwrap();
        let (du, dv, dm) = (d(&u), d(&v), d(&mask));
        let fresh = || (w0.dup().unwrap(), d(&w0));
        let (w, dw) = fresh();
        w.masked(&mask)
            .assign(u.ewise_add(&v, binary::max()))
            .unwrap();
        dw.masked(&dm)
            .ewise_add(&du, &dv, binary::max::<i64>())
            .unwrap();
        same_vector(&dw, &w, "eWiseAdd");
        let (w, dw) = fresh();
        w.output()
            .accum(binary::minus())
            .assign(u.ewise_mult(&v, binary::times()))
            .unwrap();
        dw.output()
            .accum(binary::minus())
            .ewise_mult(&du, &dv, binary::times::<i64>())
            .unwrap();
        same_vector(&dw, &w, "eWiseMult");
        let (w, dw) = fresh();
        w.masked(&mask)
            .complement()
            .assign(u.apply(unary::ainv()))
            .unwrap();
        dw.masked(&dm)
            .complement()
            .apply(&du, unary::ainv::<i64>())
            .unwrap();
        same_vector(&dw, &w, "apply");
        let (w, dw) = fresh();
        w.assign(u.apply_index(index::row_index(), 5)).unwrap();
        dw.output()
            .apply_index(&du, index::row_index::<i64>(), 5)
            .unwrap();
        same_vector(&dw, &w, "apply_index");
        let (w, dw) = fresh();
        w.masked(&mask)
            .structural()
            .replace()
            .assign(u.select(index::row_gt(), (n / 2) as i64))
            .unwrap();
        dw.masked(&dm)
            .structural()
            .replace()
            .select(&du, index::row_gt(), (n / 2) as i64)
            .unwrap();
        same_vector(&dw, &w, "select");
        let (w, dw) = fresh();
        w.masked(&mask).fill(.., 42).unwrap();
        dw.masked(&dm).fill(42).unwrap();
        same_vector(&dw, &w, "fill");
        assert_eq!(du.nvals().unwrap(), u.nvals().unwrap() as u64);
        assert_eq!(
            du.reduce(monoid::plus()).unwrap(),
            u.reduce(monoid::plus()).unwrap()
        );
        for i in [0, n / 2, n - 1] {
            assert_eq!(du.get(i).unwrap(), u.get(i).unwrap());
        }
        // w(k) = u(index(k)), index entries anywhere in 0..n.
        let idx = Vector::from_pairs(
            n + 3,
            (0..n + 3)
                .filter(|k| k % 3 != 1)
                .map(|k| (k, below(&mut rng, n) as i64)),
        )
        .unwrap();
        let want: Vec<(u64, i64)> = idx
            .pairs()
            .unwrap()
            .into_iter()
            .filter_map(|(k, i)| u.get(i as u64).unwrap().map(|x| (k, x)))
            .collect();
        let got = du
            .extract_at(&DistVector::from_vector(grid, &idx).unwrap())
            .unwrap();
        assert_eq!(
            got.to_vector().unwrap().pairs().unwrap(),
            want,
            "extract_at"
        );
    }
}

fn matrix_operations(grid: &Grid) {
    let mut rng = seeded(3);
    for &(m, k, n) in &[(2, 3, 1), (17, 13, 19), (40, 40, 40)] {
        let (a, b) = (
            random_matrix(&mut rng, m, k, 30),
            random_matrix(&mut rng, k, n, 30),
        );
        let (mask, c0) = (
            random_matrix(&mut rng, m, n, 50),
            random_matrix(&mut rng, m, n, 20),
        );
        let (da, db, dm) = (spread(grid, &a), spread(grid, &b), spread(grid, &mask));
        let (c, dc) = (c0.dup().unwrap(), spread(grid, &c0));
        c.masked(&mask)
            .accum(binary::plus())
            .assign(a.mxm(&b, semiring::plus_times()))
            .unwrap();
        dc.masked(&dm)
            .accum(binary::plus())
            .mxm(&da, &db, semiring::plus_times::<i64>())
            .unwrap();
        same_matrix(&dc, &c, &format!("mxm {m}x{k}x{n}"));
        let (c, dc) = (c0.dup().unwrap(), spread(grid, &c0));
        c.masked(&mask)
            .structural()
            .complement()
            .replace()
            .assign(a.mxm(&b, semiring::min_plus()))
            .unwrap();
        dc.masked(&dm)
            .structural()
            .complement()
            .replace()
            .mxm(&da, &db, semiring::min_plus::<i64>())
            .unwrap();
        same_matrix(&dc, &c, &format!("mxm complemented {m}x{k}x{n}"));
        same_matrix(
            &da.transpose().unwrap(),
            &a.transpose().eval().unwrap(),
            "transpose",
        );
        for s in [-2i64, 0, 3] {
            same_matrix(
                &da.select(index::tril(), s).unwrap(),
                &a.select(index::tril(), s).eval().unwrap(),
                "tril",
            );
            same_matrix(
                &da.select(index::col_gt(), s).unwrap(),
                &a.select(index::col_gt(), s).eval().unwrap(),
                "colgt",
            );
        }
        let (e, f) = (
            random_matrix(&mut rng, m, n, 40),
            random_matrix(&mut rng, m, n, 40),
        );
        let (de, df) = (spread(grid, &e), spread(grid, &f));
        let (c, dc) = (c0.dup().unwrap(), spread(grid, &c0));
        c.masked(&mask)
            .assign(e.ewise_add(&f, binary::plus()))
            .unwrap();
        dc.masked(&dm)
            .ewise_add(&de, &df, binary::plus::<i64>())
            .unwrap();
        same_matrix(&dc, &c, "matrix eWiseAdd");
        let (c, dc) = (c0.dup().unwrap(), spread(grid, &c0));
        c.output()
            .accum(binary::times())
            .assign(e.ewise_mult(&f, binary::minus()))
            .unwrap();
        dc.output()
            .accum(binary::times())
            .ewise_mult(&de, &df, binary::minus::<i64>())
            .unwrap();
        same_matrix(&dc, &c, "matrix eWiseMult");
        let (got, want) = (
            da.apply(unary::abs::<i64>()).unwrap(),
            a.apply(unary::abs()).eval().unwrap(),
        );
        same_matrix(&got, &want, "matrix apply");
        assert_eq!(
            da.reduce(monoid::plus()).unwrap(),
            a.reduce(monoid::plus()).unwrap()
        );
        assert_eq!(da.nvals().unwrap(), a.nvals().unwrap() as u64);
    }
}

fn loading(grid: &Grid) {
    for kind in [GraphKind::Kronecker, GraphKind::Uniform, GraphKind::Grid] {
        let spec = GraphSpec {
            weighted: true,
            long_edges: 40,
            ..GraphSpec::new(kind, 9)
        };
        let want = Matrix::<i64>::generate_with(&spec).unwrap();
        same_matrix(
            &DistMatrix::<i64>::generate(grid, &spec).unwrap(),
            &want,
            "generate",
        );
    }
    // A file every rank reads its share of, written by rank 0.
    let spec = GraphSpec::new(GraphKind::Kronecker, 8);
    let want = Matrix::<i64>::generate_with(&spec).unwrap();
    let path = std::env::temp_dir().join(format!(
        "graphblas_mpi_{}.mtx",
        std::env::var("OMPI_COMM_WORLD_SIZE").unwrap_or_default()
    ));
    if grid.rank() == 0 {
        want.write_mtx(&path).unwrap();
    }
    let _ = DistVector::<i64>::new(grid, 1).unwrap().nvals(); // every rank waits for rank 0
    same_matrix(
        &DistMatrix::<i64>::read_mtx(grid, &path).unwrap(),
        &want,
        "read_mtx",
    );
}

fn errors_on_every_rank(grid: &Grid) {
    let u = DistVector::<i64>::new(grid, 5).unwrap();
    let a = DistMatrix::<i64>::new(grid, 4, 6).unwrap();
    let err = u
        .output()
        .mxv(&a, &u, semiring::plus_times::<i64>())
        .unwrap_err();
    assert_eq!(err.info, graphblas::Info::DimensionMismatch);
    assert_eq!(u.set(5, 1).unwrap_err().info, graphblas::Info::InvalidIndex);
    // A bad index on one rank only is an error on every rank.
    let pairs = if grid.rank() == grid.size() - 1 {
        vec![(9u64, 1i64)]
    } else {
        vec![(0, 1)]
    };
    let err = DistVector::from_pairs(grid, 5, pairs, binary::plus())
        .err()
        .unwrap();
    assert_eq!(err.info, graphblas::Info::InvalidIndex);
    let user = graphblas::IndexUnaryOp::new("user", |x: i64, _: u64, _: u64, s: i64| x > s);
    assert_eq!(
        a.select(user, 0).err().unwrap().info,
        graphblas::Info::NotImplemented
    );
}

fn algorithms_match_the_ports(grid: &Grid) {
    for kind in [GraphKind::Kronecker, GraphKind::Uniform] {
        let spec = GraphSpec {
            edge_factor: 4,
            ..GraphSpec::new(kind, 10)
        };
        let g = Graph::new(Matrix::generate_with(&spec).unwrap(), Kind::Undirected).unwrap();
        let a = DistMatrix::<bool>::generate(grid, &spec).unwrap();
        let source = 7;
        let (want, got) = (
            bfs::bfs(&g, source).unwrap(),
            algorithms::bfs(&a, source).unwrap(),
        );
        same_vector(&got.level, &want.level, "bfs level");
        same_vector(&got.parent, &want.parent, "bfs parent");
        let params = pagerank::Params::default();
        let want = pagerank::pagerank(&g, &params).unwrap();
        let got = algorithms::pagerank(&a, params.tolerance, params.max_iterations).unwrap();
        assert_eq!(got.iterations, want.iterations);
        let (got, want) = (
            got.rank.to_vector().unwrap().to_dense(0.0).unwrap(),
            want.rank.to_dense(0.0).unwrap(),
        );
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() <= 1e-12, "PageRank {g} vs {w}");
        }
        let want = tricount::triangles(&g, tricount::Method::SandiaLL).unwrap();
        assert_eq!(algorithms::triangles(&a).unwrap(), want, "triangles");
        let want = cc::components(&g).unwrap();
        same_vector(&algorithms::components(&a).unwrap(), &want, "components");
    }
}
