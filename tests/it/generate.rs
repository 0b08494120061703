//! The graph generators: symmetric, no self-loops, no duplicates, expected
//! sizes and degree shapes, deterministic per seed and thread count, weights
//! in range; and the `graphgen` binary writing what `generate` makes.

use crate::oracle;

use graphblas::raw::algebra::{Type, Value};
use graphblas::raw::io::generate::{generate, MAX_SCALE};
use graphblas::raw::io::mtx;
use graphblas::raw::object::Matrix;
use graphblas::Info;
use graphblas::Orientation;
use graphblas::{GraphKind, GraphSpec};
use oracle::OMatrix;
use std::collections::BTreeMap;

const KINDS: [GraphKind; 3] = [GraphKind::Kronecker, GraphKind::Uniform, GraphKind::Grid];

fn spec(kind: GraphKind, scale: u32, seed: u64, weighted: bool) -> GraphSpec {
    GraphSpec {
        seed,
        weighted,
        long_edges: if kind == GraphKind::Grid { 20 } else { 0 },
        ..GraphSpec::new(kind, scale)
    }
}

/// Checks the invariants of every generated graph and returns its degrees.
fn check_graph(m: &Matrix, scale: u32, weighted: bool) -> Vec<u64> {
    let n = 1u64 << scale;
    assert_eq!((m.nrows(), m.ncols()), (n, n));
    assert_eq!(m.ty(), if weighted { &Type::FP64 } else { &Type::BOOL });
    let s = m.snapshot().unwrap();
    s.check().unwrap();
    // A' stored by row equals A stored by row: symmetric, values included.
    let rows = s.compressed(Orientation::ByRow).into_owned();
    let cols = s.compressed(Orientation::ByCol).into_owned();
    assert_eq!(rows.into_hyper(), cols.into_hyper(), "not symmetric");
    let (r, c, x) = m.extract_tuples().unwrap();
    let mut degree = vec![0u64; n as usize];
    for k in 0..r.len() {
        assert_ne!(r[k], c[k], "self-loop at {}", r[k]);
        degree[r[k] as usize] += 1;
        if weighted {
            let w = x.get(k).get::<f64>().unwrap();
            assert!((1.0..=255.0).contains(&w) && w.fract() == 0.0, "weight {w}");
        } else {
            assert_eq!(x.get(k), Value::new(true));
        }
    }
    degree
}

#[test]
fn every_kind_gives_a_clean_symmetric_graph() {
    for kind in KINDS {
        for weighted in [false, true] {
            for scale in [0, 1, 5, 10] {
                let m = generate(&spec(kind, scale, 3, weighted)).unwrap();
                check_graph(&m, scale, weighted);
            }
        }
    }
}

#[test]
fn sizes_and_degree_shapes() {
    let scale = 12;
    let n = 1u64 << scale;
    let drawn = 16 * n;
    let kron = check_graph(
        &generate(&spec(GraphKind::Kronecker, scale, 1, false)).unwrap(),
        scale,
        false,
    );
    let uniform = check_graph(
        &generate(&spec(GraphKind::Uniform, scale, 1, false)).unwrap(),
        scale,
        false,
    );
    let kron_edges: u64 = kron.iter().sum::<u64>() / 2;
    let uniform_edges: u64 = uniform.iter().sum::<u64>() / 2;
    // Cleanup removes self-loops and duplicates: many for R-MAT, few for uniform.
    assert!(kron_edges < drawn && kron_edges > drawn / 2, "{kron_edges}");
    assert!(
        uniform_edges < drawn && uniform_edges > drawn * 99 / 100,
        "{uniform_edges}"
    );
    // R-MAT degrees are skewed; uniform ones are not.
    let avg = |d: &[u64]| d.iter().sum::<u64>() as f64 / d.len() as f64;
    let max = |d: &[u64]| *d.iter().max().unwrap() as f64;
    assert!(
        max(&kron) > 20.0 * avg(&kron),
        "{} vs {}",
        max(&kron),
        avg(&kron)
    );
    assert!(max(&uniform) < 3.0 * avg(&uniform));
    assert!(
        kron.iter().filter(|&&d| d == 0).count() > 0,
        "R-MAT leaves isolated vertices"
    );

    // A 64 x 64 lattice: each vertex joined to its 2 to 4 neighbours.
    let grid = spec(GraphKind::Grid, scale, 1, false);
    let plain = GraphSpec {
        long_edges: 0,
        ..grid
    };
    let degrees = check_graph(&generate(&plain).unwrap(), scale, false);
    let (rows, cols) = (64u64, 64u64);
    assert_eq!(
        degrees.iter().sum::<u64>(),
        2 * (rows * (cols - 1) + cols * (rows - 1))
    );
    assert!(degrees.iter().all(|&d| (2..=4).contains(&d)));
    let with_long = check_graph(&generate(&grid).unwrap(), scale, false);
    let extra = with_long.iter().sum::<u64>() - degrees.iter().sum::<u64>();
    assert!(extra > 0 && extra <= 2 * 20);
    // Odd scales give a 2^(s/2) x 2^(s - s/2) lattice.
    let odd = check_graph(
        &generate(&GraphSpec::new(GraphKind::Grid, 5)).unwrap(),
        5,
        false,
    );
    assert_eq!(odd.iter().sum::<u64>(), 2 * (4 * 7 + 8 * 3));
}

fn tuples(m: &Matrix) -> BTreeMap<(u64, u64), Value> {
    OMatrix::of(m).entries
}

#[test]
fn deterministic_per_seed_and_thread_count() {
    for kind in KINDS {
        let s = spec(kind, 14, 42, true);
        let a = tuples(&generate(&s).unwrap());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let b = tuples(&pool.install(|| generate(&s)).unwrap());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let c = tuples(&pool.install(|| generate(&s)).unwrap());
        assert!(a == b && b == c, "{kind:?} depends on the thread count");
        let other = tuples(&generate(&GraphSpec { seed: 43, ..s }).unwrap());
        assert_ne!(a, other, "{kind:?} ignores the seed");
    }
}

#[test]
fn bad_specs_are_errors() {
    let e = generate(&GraphSpec::new(GraphKind::Uniform, MAX_SCALE + 1))
        .err()
        .unwrap();
    assert_eq!(e.info, Info::InvalidValue);
    let huge = GraphSpec {
        edge_factor: u64::MAX,
        ..GraphSpec::new(GraphKind::Kronecker, 20)
    };
    assert_eq!(generate(&huge).err().unwrap().info, Info::InvalidValue);
}

#[test]
fn graphgen_writes_the_generated_graph() {
    let dir = std::env::temp_dir().join(format!("graphgen-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (kind, flag) in [
        (GraphKind::Kronecker, "kron"),
        (GraphKind::Uniform, "uniform"),
        (GraphKind::Grid, "grid"),
    ] {
        let out = dir.join(format!("{flag}.mtx"));
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_graphgen"))
            .args([
                "--kind",
                flag,
                "--scale",
                "9",
                "--seed",
                "5",
                "--weighted",
                "-o",
            ])
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success());
        let read = mtx::read_file(&out, None).unwrap();
        let want = generate(&GraphSpec {
            seed: 5,
            weighted: true,
            ..GraphSpec::new(kind, 9)
        })
        .unwrap();
        assert_eq!(tuples(&read), tuples(&want), "{flag}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with(
            "%%MatrixMarket matrix coordinate real symmetric\n%%GraphBLAS type double\n"
        ));
    }
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_graphgen"))
        .args(["--kind", "cube", "--scale", "3", "-o"])
        .arg(dir.join("x.mtx"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown kind"));
    std::fs::remove_dir_all(&dir).unwrap();
}
