//! What a program of many processes loads and computes in parts: the
//! generators' and Matrix Market files' parts together give the whole, and
//! the positional operators' arguments shifted to a block select and number
//! the block's entries as the whole does.

use graphblas::{binary, index, prelude::*, GraphKind, GraphSpec, IndexUnaryOp, Matrix};
use proptest::prelude::*;

#[test]
fn generated_parts_together_are_the_graph() {
    for kind in [GraphKind::Kronecker, GraphKind::Uniform, GraphKind::Grid] {
        for weighted in [false, true] {
            let spec = GraphSpec {
                weighted,
                long_edges: 300,
                edge_factor: 24, // more than one block of edges at scale 12
                ..GraphSpec::new(kind, 12)
            };
            let whole = Matrix::<f64>::generate_with(&spec)
                .unwrap()
                .triplets()
                .unwrap();
            for parts in [1, 2, 3, 5] {
                let mut entries = Vec::new();
                for part in 0..parts {
                    entries.extend(spec.edge_part::<f64>(part, parts).unwrap());
                }
                let union = Matrix::from_triplets_with(4096, 4096, entries, binary::first());
                assert_eq!(
                    union.unwrap().triplets().unwrap(),
                    whole,
                    "{kind:?}, weighted {weighted}, {parts} parts"
                );
            }
        }
    }
    let spec = GraphSpec::new(GraphKind::Uniform, 4);
    assert_eq!(
        spec.edge_part::<bool>(2, 2).unwrap_err().info,
        graphblas::Info::InvalidIndex
    );
}

/// A Matrix Market file of random entries (symmetric ones when asked), with
/// comments and blank lines among the data.
fn mtx_text(n: u64, entries: &[(u64, u64, i32)], symmetric: bool) -> String {
    let kind = if symmetric { "symmetric" } else { "general" };
    let mut text = format!("%%MatrixMarket matrix coordinate integer {kind}\n% a comment\n");
    text += &format!("{n} {n} {}\n", entries.len());
    for (k, (i, j, v)) in entries.iter().enumerate() {
        if k % 7 == 3 {
            text += "% between entries\n\n";
        }
        text += &format!("{} {} {v}\n", i + 1, j + 1);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn file_parts_together_list_every_entry_once(
        n in 1u64..40,
        raw in prop::collection::btree_map((0u64..40, 0u64..40), -9i32..9, 0..120),
        symmetric in any::<bool>(),
        parts in 1u64..7,
    ) {
        let entries: Vec<(u64, u64, i32)> = raw
            .into_iter()
            .filter(|&((i, j), _)| i < n && j < n && (!symmetric || i >= j))
            .map(|((i, j), v)| (i, j, v))
            .collect();
        let path = std::env::temp_dir().join(format!("parts_{}.mtx", std::process::id()));
        std::fs::write(&path, mtx_text(n, &entries, symmetric)).unwrap();
        let whole = Matrix::<i64>::read_mtx(&path).unwrap().triplets().unwrap();
        let (mut union, mut listed) = (Vec::new(), 0);
        for part in 0..parts {
            let p = Matrix::<i64>::read_mtx_part(&path, part, parts).unwrap();
            prop_assert_eq!((p.nrows, p.ncols, p.declared), (n, n, entries.len() as u64));
            listed += p.listed;
            union.extend(p.triplets);
        }
        std::fs::remove_file(&path).unwrap();
        union.sort_unstable();
        prop_assert_eq!(listed, entries.len() as u64);
        prop_assert_eq!(union, whole);
    }
}

#[test]
fn a_file_part_with_a_bad_line_says_where() {
    let path = std::env::temp_dir().join(format!("parts_bad_{}.mtx", std::process::id()));
    std::fs::write(
        &path,
        "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 2.5\n3 x 1\n",
    )
    .unwrap();
    let err = Matrix::<f64>::read_mtx_part(&path, 0, 1).err().unwrap();
    assert_eq!(err.info, graphblas::Info::InvalidValue);
    assert!(err.to_string().contains("line 2"), "{err}");
    assert!(Matrix::<f64>::read_mtx_part(&path, 1, 1).is_err());
    std::fs::remove_file(&path).unwrap();
}

/// A 13 × 11 matrix with an entry in most places.
fn sample() -> Matrix<i64> {
    let entries = (0..13u64)
        .flat_map(|i| (0..11u64).map(move |j| (i, j)))
        .filter(|(i, j)| (i * 7 + j * 3) % 5 != 0)
        .map(|(i, j)| (i, j, (i * 11 + j) as i64 % 9 - 4));
    Matrix::from_triplets(13, 11, entries).unwrap()
}

#[test]
fn shifted_arguments_select_a_block_as_the_whole() {
    let a = sample();
    let predicates: Vec<IndexUnaryOp<i64, i64, bool>> = vec![
        index::tril(),
        index::triu(),
        index::diag(),
        index::offdiag(),
        index::col_le(),
        index::col_gt(),
        index::row_le(),
        index::row_gt(),
        index::value_gt(),
        index::value_eq(),
    ];
    let valued: Vec<IndexUnaryOp<i64, i64, i64>> =
        vec![index::row_index(), index::col_index(), index::diag_index()];
    let (rows, cols) = (4..10u64, 3..9u64);
    let block = a.extract(rows.clone(), cols.clone()).eval().unwrap();
    for s in -6i64..7 {
        for op in &predicates {
            let s2 = op.block_argument(s, rows.start, cols.start).unwrap();
            let whole = a.select(op.clone(), s).eval().unwrap();
            let want = whole.extract(rows.clone(), cols.clone()).eval().unwrap();
            let got = block.select(op.clone(), s2).eval().unwrap();
            assert_eq!(
                got.triplets().unwrap(),
                want.triplets().unwrap(),
                "{} {s}",
                op.name()
            );
        }
        for op in &valued {
            let s2 = op.block_argument(s, rows.start, cols.start).unwrap();
            let whole = a.apply_index(op.clone(), s).eval().unwrap();
            let want = whole.extract(rows.clone(), cols.clone()).eval().unwrap();
            let got = block.apply_index(op.clone(), s2).eval().unwrap();
            assert_eq!(
                got.triplets().unwrap(),
                want.triplets().unwrap(),
                "{} {s}",
                op.name()
            );
        }
    }
    let user = IndexUnaryOp::new("user", |x: i64, _i: u64, _j: u64, s: i64| x > s);
    assert_eq!(user.block_argument(1, 2, 3), None);
}
