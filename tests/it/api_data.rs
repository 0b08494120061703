//! The typed Rust API's data side: CSR / CSC arrays (moved in and out without
//! copying), patterns read in place, iterators, Matrix Market and serialized round trips, user-defined
//! element types with closure operators, errors and printing.

use graphblas::{
    binary, monoid, prelude::*, semiring, BinaryOp, CompressedArrays, Info, Matrix, Monoid,
    Orientation, Semiring, UnaryOp, Vector,
};

type R = graphblas::Result<()>;

#[test]
fn compressed_arrays_move_in_and_out_without_copying() -> R {
    let (indices, values) = (vec![1u64, 3, 0, 2], vec![1.0f64, 2.0, 3.0, 4.0]);
    let (index_ptr, value_ptr) = (indices.as_ptr(), values.as_ptr());
    let a = Matrix::from_compressed(CompressedArrays::csr(
        3,
        4,
        vec![0, 2, 2, 4],
        indices,
        values,
    ))?;
    assert_eq!(a.get(2, 2)?, Some(4.0));
    let back = a.into_csr()?;
    assert_eq!(back.pointers, vec![0, 2, 2, 4]);
    assert_eq!(back.indices.as_ptr(), index_ptr);
    assert_eq!(back.values.as_ptr(), value_ptr);
    // A shared matrix is copied out, and the copy it shares with is unchanged.
    let a = Matrix::from_compressed(back)?;
    let shared = a.dup()?;
    let csc = a.into_csc()?;
    assert_eq!(csc.orientation, Orientation::ByCol);
    assert_eq!(csc.pointers, vec![0, 1, 2, 3, 4]);
    assert_eq!(shared.nvals()?, 4);
    assert_eq!(
        Matrix::from_compressed(csc)?.triplets()?,
        shared.triplets()?
    );
    Ok(())
}

#[test]
fn compressed_arrays_are_validated() -> R {
    // Unsorted within a row: sorted on the way in (a copy).
    let a = Matrix::from_compressed(CompressedArrays::csr(
        1,
        3,
        vec![0, 2],
        vec![2, 0],
        vec![5, 6],
    ))?;
    assert_eq!(a.triplets()?, vec![(0, 0, 6), (0, 2, 5)]);
    let bad = |p: Vec<u64>, i: Vec<u64>| {
        let arrays = CompressedArrays::csr(2, 2, p, i, vec![1i8; 2]);
        Matrix::from_compressed(arrays).unwrap_err().info
    };
    assert_eq!(bad(vec![0, 2], vec![0, 1]), Info::InvalidValue); // pointers too short
    assert_eq!(bad(vec![0, 1, 2], vec![0, 5]), Info::IndexOutOfBounds);
    assert_eq!(bad(vec![0, 2, 2], vec![1, 1]), Info::InvalidValue); // duplicate
    let e = Matrix::from_csr(2, 2, &[0, 1], &[0], &[1u8]).unwrap_err();
    assert_eq!(e.info, Info::InvalidValue);
    Ok(())
}

#[test]
fn iterators_over_entries_rows_and_columns() -> R {
    let a = Matrix::from_triplets(
        3,
        2,
        [(2, 0, 'x' as u32), (0, 1, 'y' as u32), (2, 1, 'z' as u32)],
    )?;
    let entries: Vec<(u64, u64, u32)> = a.iter()?.collect();
    assert_eq!(entries, a.triplets()?);
    assert_eq!(entries[0], (0, 1, 'y' as u32));
    let rows: Vec<(u64, Vec<u64>)> = a
        .to_csr()?
        .vectors()
        .map(|(i, c, _)| (i, c.to_vec()))
        .collect();
    assert_eq!(rows, vec![(0, vec![1]), (1, vec![]), (2, vec![0, 1])]);
    let csc = a.to_csc()?;
    let cols: Vec<(u64, Vec<u32>)> = csc.vectors().map(|(j, _, x)| (j, x.to_vec())).collect();
    assert_eq!(
        cols,
        vec![(0, vec!['x' as u32]), (1, vec!['y' as u32, 'z' as u32])]
    );
    let mut from_columns: Vec<_> = csc.entries().collect();
    from_columns.sort_unstable();
    assert_eq!(from_columns, entries);
    let v = Vector::from_pairs(4, [(3, true), (1, false)])?;
    assert_eq!(v.iter()?.collect::<Vec<_>>(), vec![(1, false), (3, true)]);
    Ok(())
}

/// Each vector's indices as [`Matrix::with_pattern`] reads them.
fn pattern_of<T: graphblas::ValueType>(a: &Matrix<T>, orient: Orientation) -> Vec<Vec<u64>> {
    a.with_pattern(orient, |p| {
        (0..p.len()).map(|k| p.vector(k).iter().collect()).collect()
    })
    .unwrap()
}

#[test]
fn patterns_are_read_in_place_in_every_form() -> R {
    let by_vectors = |arrays: CompressedArrays<i32>| -> Vec<Vec<u64>> {
        arrays.vectors().map(|(_, i, _)| i.to_vec()).collect()
    };
    let sparse = Matrix::from_triplets(4, 3, [(0, 2, 1), (0, 0, 2), (3, 1, 3), (2, 2, 4)])?;
    let full = Matrix::from_triplets(2, 2, [(0, 0, 1), (0, 1, 2), (1, 0, 3), (1, 1, 4)])?;
    let hyper = Matrix::from_triplets(1 << 20, 1 << 20, [(7, 9, 1), (1 << 19, 3, 2)])?;
    // Pending work is completed first.
    let pending = sparse.ewise_add(&sparse, binary::plus()).eval()?;
    for (name, a) in [
        ("sparse", sparse),
        ("full", full),
        ("hyper", hyper),
        ("pending", pending),
    ] {
        assert_eq!(
            pattern_of(&a, Orientation::ByRow),
            by_vectors(a.to_csr()?),
            "{name}"
        );
        assert_eq!(
            pattern_of(&a, Orientation::ByCol),
            by_vectors(a.to_csc()?),
            "{name}"
        );
    }
    let a = Matrix::from_triplets(2, 9, (0..9).map(|j| (1, j, 1u8)))?;
    let (n, firsts, empty) = a.with_pattern(Orientation::ByRow, |rows| {
        let row = rows.vector(1);
        let firsts: Vec<u64> = row.first(3).iter().collect();
        (rows.nvals(), firsts, rows.vector(0).is_empty())
    })?;
    assert_eq!((n, firsts, empty), (9, vec![0, 1, 2], true));
    Ok(())
}

#[test]
fn matrix_from_vector_entries() -> R {
    let cols = Vector::from_pairs(4, [(0, 3u8), (1, 0), (3, 3)])?;
    let vals = Vector::from_pairs(4, [(0, 1.0), (2, 9.0), (3, 2.0)])?;
    let m = Matrix::from_vector_entries(4, &cols, &vals)?;
    assert_eq!(m.triplets()?, vec![(0, 3, 1.0), (3, 3, 2.0)]);
    // Column sums of the transpose view: proposals per target column.
    assert_eq!(
        m.reduce_cols(monoid::plus()).eval()?.pairs()?,
        vec![(3, 3.0)]
    );
    let e = Matrix::from_vector_entries(3, &cols, &vals).unwrap_err();
    assert_eq!(e.info, Info::IndexOutOfBounds);
    let negative = Vector::from_pairs(4, [(0, -1i64)])?;
    assert!(Matrix::from_vector_entries(4, &negative, &vals).is_err());
    Ok(())
}

#[test]
fn files_and_blobs_round_trip() -> R {
    let a = Matrix::from_triplets(3, 3, [(0, 2, 1.5), (2, 0, -2.0)])?;
    let path = std::env::temp_dir().join(format!("api_data_{}.mtx", std::process::id()));
    a.write_mtx(&path)?;
    let b = Matrix::<f64>::read_mtx(&path)?;
    std::fs::remove_file(&path).ok();
    assert_eq!(b.triplets()?, a.triplets()?);
    let as_int = Matrix::<i32>::read_mtx_from(
        &b"%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2.7\n"[..],
    )?;
    assert_eq!(as_int.get(0, 0)?, Some(2));
    assert_eq!(
        Matrix::<f64>::deserialize(&a.serialize()?)?.triplets()?,
        a.triplets()?
    );
    let v = Vector::from_pairs(3, [(1, 4u16)])?;
    assert_eq!(
        Vector::<u16>::deserialize(&v.serialize()?)?.pairs()?,
        v.pairs()?
    );
    assert_eq!(
        Vector::<u16>::deserialize(&a.serialize()?)
            .unwrap_err()
            .info,
        Info::DomainMismatch
    );
    let wide = Matrix::<u16>::new(3, 2)?;
    let e = Vector::<u16>::deserialize(&wide.serialize()?).unwrap_err();
    assert_eq!(e.info, Info::DimensionMismatch);
    let mut blob = a.serialize()?;
    blob[80] ^= 1;
    assert_eq!(
        Matrix::<f64>::deserialize(&blob).unwrap_err().info,
        Info::InvalidObject
    );
    Ok(())
}

graphblas::user_type! {
    /// A value with an error bound.
    #[derive(Debug, PartialEq)]
    pub struct Approx { value: f64, error: f64 }
}

graphblas::user_type! {
    #[derive(Debug, PartialEq, Eq)]
    struct Pair(u32, u32);
}

fn approx(value: f64, error: f64) -> Approx {
    Approx { value, error }
}

#[test]
fn user_types_with_closure_operators() -> R {
    let add = BinaryOp::new("add", |a: Approx, b: Approx| {
        approx(a.value + b.value, a.error + b.error)
    });
    let mul = BinaryOp::new("mul", |a: Approx, b: Approx| {
        approx(
            a.value * b.value,
            a.error * b.value.abs() + b.error * a.value.abs(),
        )
    });
    let ring = Semiring::new(Monoid::new(add.clone(), approx(0.0, 0.0))?, mul)?;
    assert_eq!(ring.add().identity(), approx(0.0, 0.0));
    let a = Matrix::from_triplets(
        2,
        2,
        [
            (0, 0, approx(2.0, 0.25)),
            (0, 1, approx(1.0, 0.0)),
            (1, 1, approx(3.0, 0.5)),
        ],
    )?;
    let sq = a.mxm(&a, ring).eval()?;
    assert_eq!(sq.get(0, 1)?, Some(approx(5.0, 0.75))); // 2·1 + 1·3
    let doubled = a
        .apply(UnaryOp::new("double", |x: Approx| {
            approx(2.0 * x.value, 2.0 * x.error)
        }))
        .eval()?;
    assert_eq!(doubled.get(1, 1)?, Some(approx(6.0, 1.0)));
    let total = a.reduce(Monoid::new(add, approx(0.0, 0.0))?)?;
    assert_eq!(total, approx(6.0, 0.75));
    // Masks of a user type work by structure; serialization keeps the type.
    let c = Matrix::<Approx>::new(2, 2)?;
    c.masked(&a).structural().assign(sq.expr())?;
    assert_eq!(c.nvals()?, 3);
    let blob = c.serialize()?;
    assert_eq!(
        Matrix::<Approx>::deserialize(&blob)?.triplets()?,
        c.triplets()?
    );
    assert_eq!(
        Matrix::<Pair>::deserialize(&blob).unwrap_err().info,
        Info::DomainMismatch
    );
    // A user type cannot be cast to a built-in one.
    let e = a.cast::<f64>().expr().eval().unwrap_err();
    assert_eq!(e.info, Info::DomainMismatch);
    let p = graphblas::Vector::from_pairs(2, [(1, Pair(3, 4))])?;
    assert_eq!(
        p.to_string(),
        "vector of 2 UDT(Pair, 8 bytes), 1 entries: [1:Pair(3, 4)]"
    );
    Ok(())
}

#[test]
fn operators_carry_their_properties() {
    let plus = monoid::plus::<u8>();
    assert_eq!((plus.identity(), plus.terminal()), (0, None));
    assert!(plus.is_commutative() && !plus.is_idempotent());
    assert_eq!(monoid::band::<u16>().identity(), u16::MAX);
    assert_eq!(monoid::lor::<bool>().terminal(), Some(true));
    assert_eq!(binary::minus::<f32>().name(), "GrB_MINUS_FP32");
    assert!(!binary::minus::<f32>().is_commutative());
    let s = semiring::max_min::<i8>();
    assert_eq!(s.multiply().name(), "GrB_MIN_INT8");
    assert_eq!(s.add().identity(), i8::MIN);
    let sat = Monoid::with_terminal(binary::max(), 0u32, 100).unwrap();
    assert_eq!(sat.terminal(), Some(100));
}

#[test]
fn errors_map_one_to_one_to_grb_info() {
    for (k, info) in Info::ALL.into_iter().enumerate() {
        assert_eq!(Info::from_code(info.code()), Some(info));
        assert!(info.name().starts_with("GrB_"));
        assert!(Info::ALL[..k]
            .iter()
            .all(|other| other.code() != info.code()));
    }
    let e = Matrix::<u8>::new(2, 2).unwrap().get(2, 0).unwrap_err();
    assert_eq!(e.info, Info::InvalidIndex);
    assert_eq!(e.to_string(), format!("GrB_INVALID_INDEX: {}", e.message));
}

#[test]
fn small_matrices_print_as_a_grid() -> R {
    let a = Matrix::from_triplets(2, 2, [(0, 1, 10i64), (1, 0, -3)])?;
    assert_eq!(
        a.to_string(),
        "2x2 matrix of INT64, 2 entries\n   . 10\n  -3  .\n"
    );
    assert_eq!(
        format!("{a:?}"),
        "Matrix { shape: (2, 2), entries: [(0, 1, 10), (1, 0, -3)] }"
    );
    let big = Matrix::from_triplets(100, 100, (0..30).map(|i| (i, i, 1u8)))?;
    let text = big.to_string();
    assert!(text.starts_with("100x100 matrix of UINT8, 30 entries\n  (0, 0): 1, (1, 1): 1"));
    assert!(text.ends_with(", …\n"));
    let s = graphblas::Scalar::<f32>::new();
    assert_eq!(
        (s.to_string(), format!("{s:?}")),
        ("empty".into(), "Scalar(None)".into())
    );
    Ok(())
}

#[test]
fn thread_count_is_settable_from_the_api() -> R {
    graphblas::set_num_threads(3)?;
    assert_eq!(graphblas::num_threads(), 3);
    let a = Matrix::from_triplets(2, 2, [(0, 0, 2.0), (1, 1, 3.0)])?;
    assert_eq!(
        a.mxm(&a, semiring::plus_times())
            .eval()?
            .reduce(monoid::plus())?,
        13.0
    );
    assert!(graphblas::set_num_threads(graphblas::MAX_THREADS + 1).is_err());
    graphblas::set_num_threads(0)
}
