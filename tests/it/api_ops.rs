//! The typed Rust API reaches every operation of the engine: each test runs
//! one family through `Matrix<T>` / `Vector<T>` / `Scalar<T>` and checks the
//! values against hand-computed results.

use graphblas::{
    binary, index, monoid, prelude::*, semiring, unary, Info, Matrix, Mode, Scalar, Vector,
};

type R = graphblas::Result<()>;

/// `[[1, 2, .], [., 3, 4]]`
fn a23() -> Matrix<i32> {
    Matrix::from_triplets(2, 3, [(0, 0, 1), (0, 1, 2), (1, 1, 3), (1, 2, 4)]).unwrap()
}

#[test]
fn products() -> R {
    let a = a23();
    let aat = a.mxm(a.t(), semiring::plus_times()).eval()?;
    assert_eq!(
        aat.triplets()?,
        vec![(0, 0, 5), (0, 1, 6), (1, 0, 6), (1, 1, 25)]
    );
    let u = Vector::from_pairs(3, [(1, 10), (2, 1)])?;
    assert_eq!(
        a.mxv(&u, semiring::plus_times()).eval()?.pairs()?,
        vec![(0, 20), (1, 34)]
    );
    let v = Vector::from_pairs(2, [(1, 2)])?;
    let expected = vec![(1, 6), (2, 8)];
    assert_eq!(v.vxm(&a, semiring::plus_times()).eval()?.pairs()?, expected);
    // A' v through a transposed operand equals v' A.
    assert_eq!(
        a.t().mxv(&v, semiring::plus_times()).eval()?.pairs()?,
        expected
    );
    // Mixed element types through views.
    let b = v.cast::<f64>().vxm(a.cast(), semiring::min_plus()).eval()?;
    assert_eq!(b.pairs()?, vec![(1, 5.0), (2, 6.0)]);
    Ok(())
}

#[test]
fn element_wise() -> R {
    let a = a23();
    let b = Matrix::from_triplets(2, 3, [(0, 0, 10), (1, 0, 5)])?;
    let add = a.ewise_add(&b, binary::plus()).eval()?;
    assert_eq!(
        add.triplets()?,
        vec![(0, 0, 11), (0, 1, 2), (1, 0, 5), (1, 1, 3), (1, 2, 4)]
    );
    let mult = a.ewise_mult(&b, binary::times()).eval()?;
    assert_eq!(mult.triplets()?, vec![(0, 0, 10)]);
    let union = a.ewise_union(100, &b, -1, binary::minus()).eval()?;
    assert_eq!(union.get(0, 1)?, Some(3)); // 2 - (-1)
    assert_eq!(union.get(1, 0)?, Some(95)); // 100 - 5
    let gt = a.ewise_add(&b, binary::gt()).eval()?;
    assert_eq!(gt.get(0, 0)?, Some(false));
    let u = Vector::from_pairs(3, [(0, 1.0), (2, 2.0)])?;
    let v = Vector::from_pairs(3, [(2, 0.5)])?;
    assert_eq!(
        u.ewise_mult(&v, binary::div()).eval()?.pairs()?,
        vec![(2, 4.0)]
    );
    let w = u.ewise_union(0.0, &v, 1.0, binary::times()).eval()?;
    assert_eq!(w.pairs()?, vec![(0, 1.0), (2, 1.0)]);
    assert_eq!(
        u.ewise_add(&v, binary::max()).eval()?.pairs()?,
        vec![(0, 1.0), (2, 2.0)]
    );
    Ok(())
}

#[test]
fn apply_in_every_form() -> R {
    let a = a23();
    assert_eq!(a.apply(unary::ainv()).eval()?.get(1, 2)?, Some(-4));
    assert_eq!(
        a.apply_first(10, binary::minus()).eval()?.get(0, 1)?,
        Some(8)
    );
    assert_eq!(
        a.apply_second(binary::minus(), 10).eval()?.get(0, 1)?,
        Some(-8)
    );
    let rows = a.apply_index(index::row_index(), 100).eval()?;
    assert_eq!(
        rows.triplets()?.iter().map(|t| t.2).collect::<Vec<_>>(),
        vec![100, 100, 101, 101]
    );
    let at = a.t().apply(unary::identity()).eval()?;
    assert_eq!(at.shape(), (3, 2));
    assert_eq!(at.get(2, 1)?, Some(4));
    let u = Vector::from_pairs(4, [(1, 2u8), (3, 5)])?;
    assert_eq!(u.apply(unary::bnot()).eval()?.get(1)?, Some(!2u8));
    assert_eq!(u.apply_first(1, binary::bor()).eval()?.get(1)?, Some(3));
    assert_eq!(u.apply_second(binary::pow(), 2).eval()?.get(3)?, Some(25));
    let cols = u.apply_index(index::col_index(), 7i64).eval()?;
    assert_eq!(cols.pairs()?, vec![(1, 7), (3, 7)]); // a vector's column index is 0
    Ok(())
}

#[test]
fn select_and_reduce() -> R {
    let a = a23();
    assert_eq!(a.select(index::value_gt(), 2).eval()?.nvals()?, 2);
    assert_eq!(
        a.select(index::diag(), 0).eval()?.triplets()?,
        vec![(0, 0, 1), (1, 1, 3)]
    );
    let u = Vector::from_pairs(5, [(0, -1.0), (3, 2.0), (4, 7.0)])?;
    assert_eq!(u.select(index::row_le(), 3).eval()?.nvals()?, 2);
    assert_eq!(
        a.reduce_rows(monoid::plus()).eval()?.pairs()?,
        vec![(0, 3), (1, 7)]
    );
    assert_eq!(
        a.reduce_cols(binary::max()).eval()?.pairs()?,
        vec![(0, 1), (1, 3), (2, 4)]
    );
    assert_eq!(a.reduce(monoid::times())?, 24);
    assert_eq!(u.reduce(monoid::min())?, -1.0);
    // The identity for no entries; an empty scalar from a bare operator.
    assert_eq!(Vector::<i16>::new(3)?.reduce(monoid::max())?, i16::MIN);
    assert_eq!(
        Vector::<i16>::new(3)?
            .reduce_scalar(binary::max())
            .eval()?
            .get()?,
        None
    );
    let s = Scalar::from_value(1);
    s.output()
        .accum(binary::plus())
        .assign(a.reduce_scalar(monoid::plus()))?;
    assert_eq!(s.get()?, Some(11));
    Ok(())
}

#[test]
fn transpose_kronecker_extract() -> R {
    let a = a23();
    let t = a.transpose().eval()?;
    assert_eq!(
        t.triplets()?,
        vec![(0, 0, 1), (1, 0, 2), (1, 1, 3), (2, 1, 4)]
    );
    assert_eq!(a.t().transpose().eval()?.triplets()?, a.triplets()?);
    let i2 = Matrix::from_triplets(2, 2, [(0, 0, 1), (1, 1, 1)])?;
    let k = i2.kronecker(&a, binary::times()).eval()?;
    assert_eq!(k.shape(), (4, 6));
    assert_eq!(k.get(3, 5)?, Some(4));
    assert_eq!(k.get(1, 5)?, None);
    let sub = a.extract([1, 0], 1..3).eval()?;
    assert_eq!(sub.triplets()?, vec![(0, 0, 3), (0, 1, 4), (1, 0, 2)]);
    assert_eq!(a.column(.., 1).eval()?.pairs()?, vec![(0, 2), (1, 3)]);
    assert_eq!(a.row(1, ..).eval()?.pairs()?, vec![(1, 3), (2, 4)]);
    let u = Vector::from_pairs(4, [(0, 1), (3, 4)])?;
    assert_eq!(
        u.extract(vec![3, 3, 1]).eval()?.pairs()?,
        vec![(0, 4), (1, 4)]
    );
    assert_eq!(u.expr().eval()?.pairs()?, u.pairs()?);
    Ok(())
}

#[test]
fn assign_variants() -> R {
    let c = Matrix::<i32>::new(3, 3)?;
    c.output().fill(.., .., 1)?;
    let a = Matrix::from_triplets(2, 1, [(0, 0, 7)])?;
    // C([2, 0], 1) = A: (2, 1) = 7, and (0, 1) deleted (A has no entry there).
    c.output().assign_region([2, 0], [1], &a)?;
    assert_eq!((c.get(2, 1)?, c.get(0, 1)?, c.nvals()?), (Some(7), None, 8));
    // Through a transposed operand: C(1, [0, 2]) += A'.
    let a2 = Matrix::from_triplets(2, 1, [(0, 0, 5), (1, 0, 6)])?;
    c.output()
        .accum(binary::plus())
        .assign_region([1], [0, 2], a2.t())?;
    assert_eq!((c.get(1, 0)?, c.get(1, 2)?), (Some(6), Some(7)));
    // An empty GrB_Scalar deletes the region.
    c.output().fill_scalar([0], .., &Scalar::<i32>::new())?;
    assert_eq!(c.nvals()?, 6);
    // Row and column assignment with vector masks.
    let u = Vector::from_pairs(3, [(0, 9), (1, 9), (2, 9)])?;
    let keep_first = Vector::from_pairs(3, [(0, true)])?;
    c.masked(&keep_first).assign_row(0, .., &u)?;
    assert_eq!(c.get(0, 0)?, Some(9));
    assert_eq!(c.get(0, 2)?, None);
    c.output().assign_col(.., 2, &u)?;
    assert_eq!(
        c.column(.., 2).eval()?.pairs()?,
        vec![(0, 9), (1, 9), (2, 9)]
    );
    // Vector assign and fill.
    let w = Vector::<i32>::new(4)?;
    w.output()
        .assign_region([3, 1], &Vector::from_pairs(2, [(0, 1), (1, 2)])?)?;
    assert_eq!(w.pairs()?, vec![(1, 2), (3, 1)]);
    let mask = Vector::from_pairs(4, [(0, 0u8), (2, 1)])?; // by value: only index 2
    w.masked(&mask).accum(binary::plus()).fill(.., 10)?;
    assert_eq!(w.pairs()?, vec![(1, 2), (2, 10), (3, 1)]);
    w.output().fill_scalar([3], &Scalar::<i32>::new())?;
    assert_eq!(w.nvals()?, 2);
    Ok(())
}

#[test]
fn subassign_masks_only_the_region() -> R {
    // C = 1 everywhere; subassign into rows [1, 2], columns [0, 2] with a
    // 2 x 2 mask, complemented, with replace.
    let full = || -> graphblas::Result<Matrix<i32>> {
        let c = Matrix::new(3, 3)?;
        c.output().fill(.., .., 1)?;
        Ok(c)
    };
    let m = Matrix::from_triplets(2, 2, [(0, 0, true), (1, 1, true)])?;
    let a = Matrix::from_triplets(2, 2, [(0, 1, 5), (1, 0, 6)])?;
    let c = full()?;
    c.masked(&m)
        .complement()
        .replace()
        .subassign([1, 2], [0, 2], a.expr())?;
    let expected = vec![
        (0, 0, 1),
        (0, 1, 1),
        (0, 2, 1),
        (1, 1, 1),
        (1, 2, 5),
        (2, 0, 6),
        (2, 1, 1),
    ];
    assert_eq!(c.triplets()?, expected);
    // With accum and no replace the masked-out region entries stay.
    let c = full()?;
    c.masked(&m)
        .accum(binary::plus())
        .subfill([1, 2], [0, 2], 10)?;
    assert_eq!(c.get(1, 0)?, Some(11));
    assert_eq!(c.get(1, 2)?, Some(1));
    assert_eq!(c.reduce(monoid::plus())?, 9 + 20);
    // A mask of the wrong shape is an error and C is unchanged.
    let e = c.masked(&Matrix::<bool>::new(2, 1)?).subfill([1], [1], 0);
    assert_eq!(e.unwrap_err().info, Info::DimensionMismatch);
    assert_eq!(c.reduce(monoid::plus())?, 29);
    // Vectors.
    let w = Vector::from_pairs(5, [(0, 1), (1, 1), (4, 1)])?;
    let mv = Vector::from_pairs(2, [(1, true)])?;
    w.masked(&mv)
        .subassign([1, 4], Vector::from_pairs(2, [(0, 7), (1, 8)])?.expr())?;
    assert_eq!(w.pairs()?, vec![(0, 1), (1, 1), (4, 8)]);
    w.masked(&mv).replace().complement().subfill([0, 4], 3)?;
    assert_eq!(w.pairs()?, vec![(0, 3), (1, 1)]);
    Ok(())
}

#[test]
fn masks_are_checked_at_run_time() -> R {
    let c = Matrix::<f64>::new(2, 2)?;
    let wrong = Matrix::<bool>::new(3, 2)?;
    let a = Matrix::from_triplets(2, 2, [(0, 0, 1.0)])?;
    let e = c.masked(&wrong).assign(a.expr()).unwrap_err();
    assert_eq!(e.info, Info::DimensionMismatch);
    assert!(e.message.contains("mask"), "{}", e.message);
    Ok(())
}

#[test]
fn objects_diag_build_resize_dup_clear_wait() -> R {
    let v = Vector::from_pairs_with(3, [(0, 1), (2, 2), (0, 4)], binary::plus())?;
    assert_eq!(v.pairs()?, vec![(0, 5), (2, 2)]);
    let d = Matrix::from_diag(&v, -1)?;
    assert_eq!(d.triplets()?, vec![(1, 0, 5), (3, 2, 2)]);
    assert_eq!(d.diagonal(-1)?.pairs()?, v.pairs()?);
    let e = Matrix::<f64>::new(4, 4)?;
    e.set(0, 0, 1.0)?;
    e.assign_diag(&v, 1)?;
    assert_eq!(e.triplets()?, vec![(0, 1, 5.0), (2, 3, 2.0)]);
    e.set_orientation(graphblas::Orientation::ByCol);
    assert_eq!(e.orientation(), graphblas::Orientation::ByCol);
    assert_eq!(e.to_csc()?.entries().collect::<Vec<_>>(), e.triplets()?);
    assert!(Matrix::<i32>::from_triplets(2, 2, [(0, 0, 1), (0, 0, 2)]).is_err());
    let copy = d.dup()?;
    d.resize(2, 2)?;
    assert_eq!((d.shape(), d.nvals()?), ((2, 2), 1));
    assert_eq!(copy.nvals()?, 2);
    d.clear();
    assert_eq!(d.nvals()?, 0);
    graphblas::with_mode(Mode::NonBlocking, || -> R {
        let p = copy.mxm(&copy, semiring::plus_times()).eval()?;
        assert!(p.pending_plan()?.is_some());
        p.wait()?;
        assert_eq!(p.pending_plan()?, None);
        Ok(())
    })?;
    let filled = Vector::filled(3, 2.5f32)?;
    assert_eq!(filled.to_dense(0.0)?, vec![2.5; 3]);
    Ok(())
}

#[test]
fn results_agree_in_both_modes() -> R {
    let run = |mode| {
        graphblas::with_mode(mode, || -> graphblas::Result<Vec<(u64, u64, i64)>> {
            let a = Matrix::from_triplets(3, 3, [(0, 1, 2i64), (1, 2, 3), (2, 0, 4)])?;
            let c = Matrix::<i64>::new(3, 3)?;
            c.masked(&a)
                .complement()
                .assign(a.mxm(&a, semiring::plus_times()))?;
            c.output()
                .accum(binary::plus())
                .assign(a.t().apply(unary::ainv()))?;
            c.triplets()
        })
    };
    assert_eq!(run(Mode::Blocking)?, run(Mode::NonBlocking)?);
    Ok(())
}

#[test]
fn positional_operators() -> R {
    let a = a23();
    // BFS parents: each vertex reached from the frontier q takes the index
    // of a frontier vertex, the `k` of q' A (FIRSTJ, as SECONDI).
    let q = Vector::from_pairs(2, [(1, true)])?;
    let parents: Vector<i64> = q.vxm(&a, semiring::any_first_j()).eval()?;
    assert_eq!(parents.pairs()?, vec![(1, 1), (2, 1)]);
    // The last column of each row: MAX.FIRSTJ against a vector of ones.
    let ones = Vector::from_pairs(3, [(0, 1u8), (1, 1), (2, 1)])?;
    let last: Vector<i32> = a.mxv(&ones, semiring::max_first_j()).eval()?;
    assert_eq!(last.pairs()?, vec![(0, 1), (1, 2)]);
    let rows: Matrix<i64> = a.apply(unary::position_i1()).eval()?;
    assert_eq!(rows.get(1, 2)?, Some(2));
    let cols: Matrix<i32> = a.ewise_mult(&a, binary::second_j()).eval()?;
    assert_eq!(cols.get(1, 2)?, Some(2));
    let bound: Matrix<i64> = a.apply_second(binary::first_i(), 0.5).eval()?;
    assert_eq!(
        bound.triplets()?,
        vec![(0, 0, 0), (0, 1, 0), (1, 1, 1), (1, 2, 1)]
    );
    Ok(())
}
