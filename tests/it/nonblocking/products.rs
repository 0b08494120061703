//! Rewrites around products in the non-blocking engine: reductions folded
//! into a masked product, epilogues, results formed once for many readers,
//! tiled chains taking blocks of products, sibling products, folds into a
//! full output, and a product replacing its output's own pattern.

use super::*;

/// The order of the product whose reductions fold it.
const FOLD_N: u64 = 48;

/// `C<M, replace> = A * B'` then reductions of `C`, recorded as `explain`
/// sees them. `A` and `B` are dense and the mask holds a diagonal and a few
/// more entries (one with value 0): few dot products, many multiply-adds, so
/// folding the dot products beats forming the product.
fn reduce_masked_product(
    replace: bool,
    complement: bool,
) -> (Option<Value>, OMatrix, OMatrix, Vec<String>) {
    let n = FOLD_N;
    let dense = |seed: u64| {
        let cells = (0..n).flat_map(move |i| (0..n).map(move |j| (i, j)));
        matrix_n(
            n,
            cells.map(move |(i, j)| (i, j, ((i * 7 + j * 3 + seed) % 11) as i64 - 5)),
        )
    };
    let (a, b) = (dense(1), dense(2));
    let c = Matrix::new(&graphblas::raw::algebra::Type::INT64, n, n).unwrap();
    let others = [(0, 2, 1), (2, 0, 1), (2, 1, 0), (n - 1, 3, 1)];
    let m = matrix_n(n, (0..n).map(|i| (i, i, 1)).chain(others));
    let d = Descriptor {
        transpose_second: true,
        replace,
        mask_complement: complement,
        ..Descriptor::default()
    };
    mxm::mxm(&c, Some(&m), None, &plus_times(), &a, &b, &d).unwrap();
    let by = |t| Descriptor {
        transpose_first: t,
        ..Descriptor::default()
    };
    let ((sum, rows, cols), steps) = explain::capture(|| {
        let sum = reduce::reduce_to_value(&plus_monoid(), &c).unwrap();
        let sums = |t| {
            let w = Vector::new(&graphblas::raw::algebra::Type::INT64, n).unwrap();
            reduce::reduce_to_vector(&w, None, None, &plus(), &c, &by(t)).unwrap();
            OMatrix::of_vector(&w)
        };
        (sum, sums(false), sums(true))
    });
    (sum, rows, cols, steps)
}

#[test]
fn reductions_of_a_masked_product_do_not_form_it() {
    // The first reduction folds the product; `C` is still held, so the
    // second forms it (folding again would repeat the work), and the third
    // reads it.
    for replace in [false, true] {
        let (sum, rows, cols, steps) =
            with_mode(Mode::NonBlocking, || reduce_masked_product(replace, false));
        let count = |what: &str| steps.iter().filter(|s| s.contains(what)).count();
        assert_eq!(count("reduce of a product"), 1, "{steps:?}");
        assert_eq!(count("kernel Mxm"), 1, "{steps:?}");
        let at = |what: &str| steps.iter().position(|s| s.contains(what));
        assert!(at("reduce of a product") < at("kernel Mxm"), "{steps:?}");
        let (bsum, brows, bcols, bsteps) = blocking(|| reduce_masked_product(replace, false));
        assert!(bsteps.iter().all(|s| !s.contains("reduce of a product")));
        assert_eq!((sum, rows, cols), (bsum, brows, bcols));
    }
}

/// Reduce of a product reassociates a floating-point sum (each row of the
/// product is folded first, then the rows), so it may differ from reducing
/// the formed product, but by no more than the usual bound for adding the
/// same `m` terms in another order: `2 (m - 1) ε Σ|term|`.
#[test]
fn folded_floating_sums_stay_within_the_reassociation_bound() {
    use graphblas::raw::algebra::Type;
    let n = FOLD_N;
    // Values of both signs and of several magnitudes, so that the order matters.
    let value = |i: u64, j: u64, seed: u64| {
        let v = ((i * 7919 + j * 104_729 + seed * 31) % 1000) as f64 - 500.0;
        v * 10f64.powi(((i + j + seed) % 7) as i32 - 3)
    };
    let dense = |seed: u64| {
        let mut m = OMatrix::new(&Type::FP64, n, n);
        for (i, j) in (0..n).flat_map(|i| (0..n).map(move |j| (i, j))) {
            m.set(i, j, Value::new(value(i, j, seed)));
        }
        m.matrix(Layout::ALL[0])
    };
    let cells: Vec<(u64, u64)> = (0..n)
        .map(|i| (i, i))
        .chain([(0, 2), (2, 0), (n - 1, 3), (5, 9)])
        .collect();
    let fp64 = TypeCode::Fp64;
    let sum_of_product = || {
        let (a, b) = (dense(1), dense(2));
        let m = matrix_n(n, cells.iter().map(|&(i, j)| (i, j, 1)));
        let c = Matrix::new(&Type::FP64, n, n).unwrap();
        let d = Descriptor {
            transpose_second: true,
            replace: true,
            ..Descriptor::default()
        };
        let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, fp64).unwrap();
        mxm::mxm(&c, Some(&m), None, &s, &a, &b, &d).unwrap();
        let plus = Monoid::builtin(BinaryCode::Plus, fp64).unwrap();
        let (sum, steps) = explain::capture(|| reduce::reduce_to_value(&plus, &c).unwrap());
        (sum.unwrap().get::<f64>().unwrap(), steps)
    };
    let (fused, steps) = with_mode(Mode::NonBlocking, sum_of_product);
    assert!(
        steps.iter().any(|s| s.contains("reduce of a product")),
        "{steps:?}"
    );
    let (formed, _) = blocking(sum_of_product);
    let terms = cells.len() as f64 * n as f64;
    let magnitude: f64 = cells
        .iter()
        .flat_map(|&(i, j)| (0..n).map(move |k| (value(i, k, 1) * value(j, k, 2)).abs()))
        .sum();
    let bound = 2.0 * (terms - 1.0) * f64::EPSILON * magnitude;
    assert!(
        (fused - formed).abs() <= bound,
        "{fused} vs {formed}: more than {bound} apart"
    );
}

#[test]
fn reductions_of_other_products_form_them() {
    // A complemented mask has no dot products to fold.
    let (sum, rows, cols, steps) =
        with_mode(Mode::NonBlocking, || reduce_masked_product(true, true));
    assert!(
        steps.iter().all(|s| !s.contains("reduce of a product")),
        "{steps:?}"
    );
    assert_eq!(
        (sum, rows, cols),
        blocking(|| {
            let r = reduce_masked_product(true, true);
            (r.0, r.1, r.2)
        })
    );
    // A reduction by another monoid than the semiring's.
    with_mode(Mode::NonBlocking, || {
        let (a, b) = sample();
        let c = new();
        let d = Descriptor::default();
        mxm::mxm(&c, Some(&a), None, &plus_times(), &a, &b, &d).unwrap();
        let max = Monoid::builtin(BinaryCode::Max, T).unwrap();
        let (got, steps) = explain::capture(|| reduce::reduce_to_value(&max, &c).unwrap());
        assert!(
            steps.iter().all(|s| !s.contains("reduce of a product")),
            "{steps:?}"
        );
        let expected = blocking(|| {
            let e = new();
            mxm::mxm(&e, Some(&a), None, &plus_times(), &a, &b, &d).unwrap();
            reduce::reduce_to_value(&max, &e).unwrap()
        });
        assert_eq!(got, expected);
    });
    // A full mask over diagonal operands: forming the product by saxpy costs
    // n multiply-adds, folding would run n² dot products.
    let program = || {
        let n = FOLD_N;
        let diagonal = matrix_n(n, (0..n).map(|i| (i, i, i as i64 + 1)));
        let full = matrix_n(n, (0..n).flat_map(|i| (0..n).map(move |j| (i, j, 1))));
        let c = Matrix::new(&graphblas::raw::algebra::Type::INT64, n, n).unwrap();
        let d = Descriptor::default();
        mxm::mxm(
            &c,
            Some(&full),
            None,
            &plus_times(),
            &diagonal,
            &diagonal,
            &d,
        )
        .unwrap();
        explain::capture(|| reduce::reduce_to_value(&plus_monoid(), &c).unwrap())
    };
    let (got, steps) = with_mode(Mode::NonBlocking, program);
    assert!(
        steps
            .iter()
            .any(|s| s.contains("costs more than forming it")),
        "{steps:?}"
    );
    let squares: i64 = (1..=FOLD_N as i64).map(|v| v * v).sum();
    assert_eq!(got, Some(Value::new(squares)));
    assert_eq!(blocking(program).0, got);
}

#[test]
fn maps_of_a_product_run_as_its_epilogue() {
    let program = |drop_product: bool| {
        let (a, b) = sample();
        let (t, c, e) = (new(), new(), new());
        let m = matrix(&[(0, 0, 1), (0, 1, 1), (2, 1, 1), (2, 2, 1)]);
        let d = Descriptor::default();
        let positive = IndexUnaryOp::builtin(IndexUnaryCode::ValueGt, T).unwrap();
        let ainv = UnaryOp::builtin(UnaryCode::Ainv, T).unwrap();
        mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
        select::select(&c, None, None, &positive, &t, &Value::new(20i64), &d).unwrap();
        apply::apply_unary(&e, Some(&m), None, &ainv, &t, &d).unwrap();
        let product = (!drop_product).then(|| OMatrix::of(&t));
        drop(t);
        let (selected, steps) = steps_of(&c);
        let (applied, more) = steps_of(&e);
        (product, selected, applied, [steps, more].concat())
    };
    let (_, selected, applied, steps) = with_mode(Mode::NonBlocking, || program(true));
    let fused = |what: &str| {
        steps
            .iter()
            .any(|s| s.contains("kernel Mxm") && s.contains(&format!("then {what}")))
    };
    assert!(fused("select") && fused("apply"), "{steps:?}");
    assert!(
        steps.iter().any(|s| s.contains("mask push-down")),
        "{steps:?}"
    );
    let expected = blocking(|| program(true));
    assert_eq!((&selected, &applied), (&expected.1, &expected.2));
    // Read first, the product is formed once and the maps read it.
    let (product, selected, applied, steps) = with_mode(Mode::NonBlocking, || program(false));
    assert!(steps.iter().all(|s| !s.contains("epilogue")), "{steps:?}");
    let expected = blocking(|| program(false));
    assert_eq!(
        (product, selected, applied),
        (expected.0, expected.1, expected.2)
    );
}

#[test]
fn a_result_formed_for_another_reader_lets_go_of_its_inputs() {
    // `t = A * B` stays pending and `c = t * B` reads it: reading `c`
    // computes `t` too, and `t` then holds its result instead of the node
    // that keeps `A` (LAGraph's FastSV unpacks such a matrix next, which
    // had to copy content still shared).
    let program = || {
        let (a, b) = sample();
        let (t, c) = (new(), new());
        let d = Descriptor::default();
        mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
        mxm::mxm(&c, None, None, &plus_times(), &t, &b, &d).unwrap();
        let got = OMatrix::of(&c);
        let settled = !t.has_pending_work();
        let holders = std::sync::Arc::strong_count(&a.snapshot().unwrap());
        (got, settled, holders, OMatrix::of(&t))
    };
    let (got, settled, holders, t) = with_mode(Mode::NonBlocking, program);
    assert!(settled, "t still holds the node that computed it");
    assert_eq!(holders, 2, "A's content is held by `a` and the caller only");
    let expected = blocking(program);
    assert_eq!((got, t), (expected.0, expected.3));
}

#[test]
fn a_held_product_read_again_and_again_is_formed_once() {
    // `t = A * B` stays held while maps of it are read one after another
    // (PageRank's scaled degrees, read every iteration): the first map runs
    // the product as its epilogue, the second forms the product and the
    // later ones read it, instead of running it once a read.
    let program = || {
        let (a, b) = sample();
        let t = new();
        let d = Descriptor::default();
        let ainv = UnaryOp::builtin(UnaryCode::Ainv, T).unwrap();
        let times = BinaryOp::builtin(BinaryCode::Times, T).unwrap();
        let m = matrix(&[(0, 0, 1), (1, 1, 2), (2, 2, 3)]);
        mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
        let mut results = Vec::new();
        let mut steps = Vec::new();
        for k in 0..4 {
            let c = new();
            if k % 2 == 0 {
                apply::apply_unary(&c, None, None, &ainv, &t, &d).unwrap();
            } else {
                ewise::ewise_mult(&c, None, None, &times, &t, &m, &d).unwrap();
            }
            let (got, more) = steps_of(&c);
            results.push(got);
            steps.push(more);
        }
        results.push(OMatrix::of(&t));
        (results, steps)
    };
    let (got, steps) = with_mode(Mode::NonBlocking, program);
    let products = |s: &[String]| s.iter().filter(|s| s.contains("kernel Mxm")).count();
    let counts: Vec<usize> = steps.iter().map(|s| products(s)).collect();
    assert_eq!(counts, [1, 1, 0, 0], "{steps:?}");
    assert!(
        steps[0].iter().any(|s| s.contains("epilogue")),
        "{:?}",
        steps[0]
    );
    assert!(
        steps[1].iter().all(|s| !s.contains("push-down")),
        "{:?}",
        steps[1]
    );
    assert_eq!(got, blocking(program).0);
}

#[test]
fn a_product_used_as_a_structural_mask_is_computed_for_its_pattern() {
    let program = || {
        let (a, b) = sample();
        let (t, c) = (new(), new());
        let d = Descriptor::default();
        let structural = Descriptor {
            mask_structural: true,
            ..d
        };
        let ainv = UnaryOp::builtin(UnaryCode::Ainv, T).unwrap();
        mxm::mxm(&t, None, None, &plus_times(), &a, &b, &d).unwrap();
        apply::apply_unary(&c, Some(&t), None, &ainv, &a, &structural).unwrap();
        let (got, steps) = steps_of(&c);
        (got, OMatrix::of(&t), steps)
    };
    let (got, product, steps) = with_mode(Mode::NonBlocking, program);
    assert!(
        steps.iter().any(|s| s.contains("structure only")),
        "{steps:?}"
    );
    assert!(
        steps.iter().any(|s| s.contains("kernel Mxm GxB_ANY_PAIR")),
        "{steps:?}"
    );
    let expected = blocking(program);
    assert_eq!((got, product), (expected.0, expected.1));
}

#[test]
fn element_wise_chains_run_tile_by_tile() {
    // |u - v| > 2 on vectors (tiles of index ranges) and on matrices (tiles of
    // rows); when `masked`, the absolute values are added to `u` under `v`'s
    // structure (a write-back inside the chain) before the select, by the
    // apply itself or (`whole`) by an assign of the whole matrix after it.
    let program = |n: u64, ncols: u64, masked: bool, whole: bool| {
        let ty = graphblas::raw::algebra::Type::INT64;
        let fill = |seed: u64| {
            let mut m = OMatrix::new(&ty, n, ncols);
            for i in 0..n {
                for j in 0..ncols {
                    if !(i * 7 + j * 3 + seed).is_multiple_of(4) {
                        m.set(i, j, Value::new(((i * 13 + j + seed) % 11) as i64 - 5));
                    }
                }
            }
            m.matrix(Layout::ALL[(seed % 8) as usize])
        };
        let (u, v) = (fill(1), fill(2));
        let (diff, big) = (
            Matrix::new(&ty, n, ncols).unwrap(),
            Matrix::new(&ty, n, ncols).unwrap(),
        );
        let abs = if masked {
            u.dup().unwrap()
        } else {
            Matrix::new(&ty, n, ncols).unwrap()
        };
        let d = Descriptor::default();
        let minus = BinaryOp::builtin(BinaryCode::Minus, T).unwrap();
        let abs_op = UnaryOp::builtin(UnaryCode::Abs, T).unwrap();
        let gt = IndexUnaryOp::builtin(IndexUnaryCode::ValueGt, T).unwrap();
        let zero = Value::new(0i64);
        let pu = ewise::Padded::new(&u, &zero);
        let pv = ewise::Padded::new(&v, &zero);
        ewise::ewise_union(&diff, None, None, &minus, pu, pv, &d).unwrap();
        let plus = BinaryOp::builtin(BinaryCode::Plus, T).unwrap();
        let structural = Descriptor {
            mask_structural: true,
            ..d
        };
        let abs = match (masked, whole) {
            (true, false) => {
                apply::apply_unary(&abs, Some(&v), Some(&plus), &abs_op, &diff, &structural)
                    .unwrap();
                abs
            }
            (true, true) => {
                let values = Matrix::new(&ty, n, ncols).unwrap();
                apply::apply_unary(&values, None, None, &abs_op, &diff, &d).unwrap();
                let (all, m) = (Indices::All, Some(&v));
                assign::assign(&abs, m, Some(&plus), &values, all, all, &structural).unwrap();
                abs
            }
            (false, _) => {
                apply::apply_unary(&abs, None, None, &abs_op, &diff, &d).unwrap();
                abs
            }
        };
        select::select(&big, None, None, &gt, &abs, &Value::new(2i64), &d).unwrap();
        drop((diff, abs));
        steps_of(&big)
    };
    for (n, ncols) in [(1000, 1), (40, 30)] {
        for (masked, whole) in [(false, false), (true, false), (true, true)] {
            let (got, steps) = with_mode(Mode::NonBlocking, || {
                with_tile_entries(64, || program(n, ncols, masked, whole))
            });
            let tiled = |s: &String| s.contains("tiled pipeline") && s.contains("eWiseUnion");
            let written = match whole {
                false => "apply(GrB_ABS_INT64) with its write-back",
                true => "apply(GrB_ABS_INT64), assign of the whole object with its write-back",
            };
            assert!(steps.iter().any(tiled), "{steps:?}");
            let wrote = steps.iter().any(|s| s.contains(written));
            assert_eq!(wrote, masked, "{steps:?}");
            let (expected, _) = blocking(|| program(n, ncols, masked, whole));
            assert_eq!(got, expected);
        }
    }
}

/// `w = r ./ d` after `r += A·u` (or `r += u'·A`) and, when `masked`, a
/// scalar added to `r` at every position its mask holds: a chain over a
/// pending product. `keep` keeps `r` alive (it is read afterwards), so the
/// chain is not its only reader. Returns `w`, `r` when kept, and the steps.
fn product_chain(form: ProductForm, layout: Layout, masked: bool, keep: bool) -> ProductChain {
    let n = 400u64;
    let ty = graphblas::raw::algebra::Type::INT64;
    let mut a = OMatrix::new(&ty, n, n);
    for i in 0..n {
        for k in 1..6 {
            a.set(i, (i * k * 7 + 3) % n, Value::new(((i + k) % 5) as i64 - 2));
        }
    }
    let a = a.matrix(layout);
    let vector = |f: &dyn Fn(u64) -> Option<i64>| {
        let v = Vector::new(&ty, n).unwrap();
        for i in 0..n {
            if let Some(x) = f(i) {
                v.set_element(i, &Value::new(x)).unwrap();
            }
        }
        v
    };
    // `u` is sparse: the blocks' plan reads it densely, made dense once.
    let u = vector(&|i| (i % 4 != 1).then_some((i % 7) as i64 - 3));
    let d = vector(&|i| (i % 3 != 0).then_some((i % 4) as i64 + 1));
    let m = vector(&|i| (i % 5 == 0).then_some(1));
    let r = vector(&|_| Some(1));
    let d0 = Descriptor::default();
    let plus = plus();
    match form {
        ProductForm::Mxv => mxm::mxv(&r, None, Some(&plus), &plus_times(), &a, &u, &d0),
        _ => mxm::vxm(&r, None, Some(&plus), &plus_times(), &u, &a, &d0),
    }
    .unwrap();
    if masked {
        let structural = Descriptor {
            mask_structural: true,
            ..d0
        };
        let (v, all) = (Value::new(3i64), Indices::All);
        assign::assign_vector_scalar(&r, Some(&m), Some(&plus), &v, all, &structural).unwrap();
    }
    let w = Vector::new(&ty, n).unwrap();
    let minus = BinaryOp::builtin(BinaryCode::Minus, T).unwrap();
    ewise::ewise_mult_vector(&w, None, None, &minus, &r, &d, &d0).unwrap();
    let kept = keep.then_some(r);
    let (w, steps) = explain::capture(|| OMatrix::of_vector(&w));
    (w, kept.as_ref().map(OMatrix::of_vector), steps)
}

type ProductChain = (OMatrix, Option<OMatrix>, Vec<String>);

#[test]
fn vector_chains_take_blocks_of_products() {
    use graphblas::Orientation::{ByCol, ByRow};
    for (form, name) in [(ProductForm::Mxv, "mxv"), (ProductForm::Vxm, "vxm")] {
        // mxv cuts A's rows, vxm its columns: free when they are its vectors.
        let free = if form == ProductForm::Mxv {
            ByRow
        } else {
            ByCol
        };
        for orient in [ByRow, ByCol] {
            for (masked, keep) in [(false, false), (true, false), (false, true)] {
                let layout = Layout::Sparse(orient);
                let (got, kept, steps) = with_mode(Mode::NonBlocking, || {
                    with_tile_entries(64, || product_chain(form, layout, masked, keep))
                });
                let blocks =
                    format!("blocks of {name}(GrB_PLUS_TIMES_SEMIRING_INT64) with its write-back");
                let tiled = steps
                    .iter()
                    .any(|s| s.contains("tiled pipeline") && s.contains(&blocks));
                assert_eq!(
                    tiled,
                    orient == free && !keep,
                    "{name} {orient:?} {masked} {keep}: {steps:?}"
                );
                // Blocks run the plan of the whole product, made once.
                let plans = steps.iter().filter(|s| s.starts_with("plan ")).count();
                assert!(!tiled || plans == 1, "{steps:?}");
                let assigned = steps.iter().any(|s| {
                    s.contains("tiled pipeline") && s.contains("assign(scalar to rows all")
                });
                assert_eq!(assigned, masked && !keep, "{steps:?}");
                let (expected, expected_kept, _) =
                    blocking(|| product_chain(form, layout, masked, keep));
                assert_eq!(got, expected, "{name} {orient:?} {masked} {keep}");
                assert_eq!(kept, expected_kept);
            }
        }
    }
}

/// BFS's two products from one frontier: levels (`ANY.ONEB`, a pattern) and
/// parents (`MIN.FIRST`), under the same complemented mask.
fn bfs_step(read_levels_first: bool, same_mask: bool) -> (OMatrix, OMatrix, Vec<String>) {
    let (a, _) = sample();
    let ty = graphblas::raw::algebra::Type::INT64;
    let q = Vector::new(&ty, 3).unwrap();
    q.set_element(0, &Value::new(5i64)).unwrap();
    q.set_element(2, &Value::new(7i64)).unwrap();
    let visited = Vector::new(&ty, 3).unwrap();
    visited.set_element(0, &Value::new(1i64)).unwrap();
    let other = visited.dup().unwrap();
    other.set_element(1, &Value::new(1i64)).unwrap();
    let levels = Vector::new(&graphblas::raw::algebra::Type::BOOL, 3).unwrap();
    let parents = Vector::new(&ty, 3).unwrap();
    let rsc = Descriptor {
        mask_structural: true,
        mask_complement: true,
        replace: true,
        ..Descriptor::default()
    };
    let any_oneb = Semiring::builtin(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool).unwrap();
    let min_first = Semiring::builtin(BinaryCode::Min, BinaryCode::First, T).unwrap();
    let parent_mask = if same_mask { &visited } else { &other };
    mxm::vxm(&levels, Some(&visited), None, &any_oneb, &q, &a, &rsc).unwrap();
    mxm::vxm(&parents, Some(parent_mask), None, &min_first, &q, &a, &rsc).unwrap();
    let read = |v: &Vector| explain::capture(|| OMatrix::of_vector(v));
    let ((l, mut steps), (p, more)) = if read_levels_first {
        let l = read(&levels);
        (l, read(&parents))
    } else {
        let p = read(&parents);
        (read(&levels), p)
    };
    steps.extend(more);
    (l, p, steps)
}

#[test]
fn sibling_products_share_one_traversal() {
    for levels_first in [true, false] {
        let (levels, parents, steps) =
            with_mode(Mode::NonBlocking, || bfs_step(levels_first, true));
        let kernels: Vec<_> = steps.iter().filter(|s| s.starts_with("kernel")).collect();
        assert_eq!(kernels.len(), 1, "one traversal: {steps:?}");
        assert!(kernels[0].contains("MIN_FIRST"), "{steps:?}");
        assert!(
            steps.iter().any(|s| s.contains("sibling products")),
            "{steps:?}"
        );
        let expected = blocking(|| bfs_step(levels_first, true));
        assert_eq!((levels, parents), (expected.0, expected.1));
    }
    // Different masks: two traversals.
    let (levels, parents, steps) = with_mode(Mode::NonBlocking, || bfs_step(true, false));
    assert!(
        steps.iter().all(|s| !s.contains("sibling products")),
        "{steps:?}"
    );
    let expected = blocking(|| bfs_step(true, false));
    assert_eq!((levels, parents), (expected.0, expected.1));
}

/// A program found by `programs_agree_in_both_modes`: a masked transpose
/// whose mask and input were pending results read by later steps.
#[test]
fn pending_masks_and_inputs_stay_readable() {
    let none = || Write {
        mask: None,
        accum: false,
        desc: Descriptor::default(),
    };
    let empty = OMatrix {
        nrows: 3,
        ncols: 3,
        ty: graphblas::raw::algebra::Type::INT64,
        entries: Default::default(),
    };
    let start = vec![(empty, Layout::Sparse(graphblas::Orientation::ByRow)); POOL];
    let program = [
        (Step::Mult(0, 0, 0), none()),
        (Step::Transpose(3, 0), none()),
        (Step::Double(0, 0), none()),
        (
            Step::Transpose(1, 0),
            Write {
                mask: Some(3),
                ..none()
            },
        ),
        (Step::Mxm(2, 1, 3), none()),
        (Step::Tril(0, 2), none()),
    ];
    for _ in 0..200 {
        let blocking = with_mode(Mode::Blocking, || run(&start, &program));
        let deferred = with_mode(Mode::NonBlocking, || {
            with_tile_entries(3, || run(&start, &program))
        });
        assert_eq!(blocking, deferred);
    }
}

/// `r ⊕= u ⊕.⊗ A` (and `A ⊕.⊗ u`) with the semiring's own monoid as the
/// accumulator into a full `r` folds the products into `r`'s values: the
/// result is the spec's write-back of the oracle's product, in both modes,
/// pushed (several pieces with PLUS's exact identity, one with MIN) or
/// pulled against a full `u`, for a sparse, bitmap or full `u`, and `r`'s
/// old content pending or ready, shared with a copy (then copied before the
/// fold) or not.
#[test]
fn products_accumulated_with_their_monoid_fold_into_a_full_output() {
    use graphblas::Orientation::{ByCol, ByRow};
    let n = 96u64;
    let ty = graphblas::raw::algebra::Type::INT64;
    let mut a = OMatrix::new(&ty, n, n);
    for i in 0..n {
        for k in 0..12 {
            a.set(
                i,
                (i * 17 + k * 29 + 5) % n,
                Value::new(((i + 3 * k) % 9) as i64 - 4),
            );
        }
    }
    let mut u = OMatrix::new(&ty, n, 1);
    for i in (0..n).filter(|i| i % 4 != 1) {
        u.set(i, 0, Value::new((i % 7) as i64 - 2));
    }
    let mut r = OMatrix::new(&ty, n, 1);
    for i in 0..n {
        r.set(i, 0, Value::new(i as i64 * 3 - 50));
    }
    let min_plus = Semiring::builtin(BinaryCode::Min, BinaryCode::Plus, T).unwrap();
    let min = BinaryOp::builtin(BinaryCode::Min, T).unwrap();
    let d0 = Descriptor::default();
    let identity = UnaryOp::builtin(UnaryCode::Identity, T).unwrap();
    // Whether a push (saxpy) and a pull (dot2) were folded.
    let mut plans = [false; 2];
    for (s, accum) in [(plus_times(), plus()), (min_plus, min)] {
        for form in [ProductForm::Vxm, ProductForm::Mxv] {
            for u_layout in [
                Layout::Sparse(ByCol),
                Layout::Bitmap(ByCol),
                Layout::Dense(ByCol),
            ] {
                for a_layout in [Layout::Sparse(ByRow), Layout::Sparse(ByCol)] {
                    for (shared, pending) in [(false, false), (false, true), (true, true)] {
                        let program = || {
                            let (am, uv) = (a.matrix(a_layout), u.vector(u_layout));
                            let rv = r.vector(Layout::Dense(ByCol));
                            if pending {
                                // An identity map, computed with the product.
                                apply::apply_unary_vector(&rv, None, None, &identity, &rv, &d0)
                                    .unwrap();
                            }
                            let copy = shared.then(|| rv.dup().unwrap());
                            match form {
                                ProductForm::Vxm => {
                                    mxm::vxm(&rv, None, Some(&accum), &s, &uv, &am, &d0)
                                }
                                _ => {
                                    let d = Descriptor {
                                        transpose_first: true,
                                        ..d0
                                    };
                                    mxm::mxv(&rv, None, Some(&accum), &s, &am, &uv, &d)
                                }
                            }
                            .unwrap();
                            let (got, steps) = explain::capture(|| OMatrix::of_vector(&rv));
                            let kept = copy.map(|c| OMatrix::of_vector(&c));
                            (got, kept, steps)
                        };
                        let t = match form {
                            ProductForm::Vxm => oracle::mxm::vxm(&u, &a, &s),
                            _ => oracle::mxm::mxv(&a.transpose(), &u, &s),
                        };
                        let expected = write(&r, None, Some(&accum), false, &t);
                        let what = format!(
                            "{} {form:?} {u_layout:?} {a_layout:?} pending {pending}",
                            s.name()
                        );
                        let (got, kept, steps) = with_mode(Mode::NonBlocking, program);
                        assert_eq!(got, expected, "{what}");
                        assert_eq!(kept, shared.then(|| r.clone()), "{what}");
                        let folded = steps.iter().any(|s| s.contains("folded into the output"));
                        assert!(folded, "{what}: {steps:#?}");
                        for (k, method) in ["plan saxpy", "plan dot2"].iter().enumerate() {
                            plans[k] |= steps.iter().any(|s| s.starts_with(method));
                        }
                        let (got, _, _) = blocking(program);
                        assert_eq!(got, expected, "{what}, blocking");
                    }
                }
            }
        }
    }
    assert_eq!(plans, [true, true], "both the push and the pull fold");
}

/// A symmetric pattern of ones on `n` vertices (no self-loops), with
/// `zero` (when given) an edge whose value is an explicit zero.
fn symmetric_ones(n: u64, edges: usize, seed: u64, zero: Option<usize>) -> OMatrix {
    let mut m = OMatrix::new(&graphblas::raw::algebra::Type::INT64, n, n);
    let mut s = seed;
    let mut next = || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 33) % n
    };
    for e in 0..edges {
        let (i, j) = (next(), next());
        if i != j {
            let v = if zero == Some(e) { 0i64 } else { 1 };
            m.set(i, j, Value::new(v));
            m.set(j, i, Value::new(v));
        }
    }
    m
}

/// k-truss's support step `C<C, struct> = C ⊕.⊗ C'`, then
/// `C = select(C, ≥ 2)`: every old entry of `C` lies in its own structural
/// mask and the masked product lies there too, so the product's result
/// becomes `C`'s content with no merge (explain says so when the supports
/// are read; unread, the pair runs tile by tile). A mask by value (an edge
/// with an explicit zero is outside it) or a mask other than `C`'s own
/// pattern still merges. Each case is checked against the oracle's product
/// and write-back, in both modes.
#[test]
fn a_product_under_its_outputs_own_structure_replaces_it() {
    let ge = IndexUnaryOp::builtin(IndexUnaryCode::ValueGe, T).unwrap();
    let within = "T and C's old entries are within the mask";
    let cases = [
        (true, None, true),
        (false, Some(3), true),
        (true, None, false),
    ];
    for layout in Layout::ALL {
        for (structural, zero, own_mask) in cases {
            let start = symmetric_ones(60, 400, 11, zero);
            let other = symmetric_ones(60, 300, 12, None);
            let desc = Descriptor {
                mask_structural: structural,
                transpose_second: true,
                ..Descriptor::default()
            };
            let mask = if own_mask { &start } else { &other };
            let t = oracle::mxm::mxm(&start, &start, &plus_times());
            let supports = write_desc(&start, Some(mask), None, &desc, &t);
            let mut expected = OMatrix::new(&supports.ty, 60, 60);
            for (&(i, j), v) in &supports.entries {
                if v.get::<i64>().unwrap() >= 2 {
                    expected.set(i, j, v.clone());
                }
            }
            let program = |read_supports: bool| {
                let c = start.matrix(layout);
                let m = other.matrix(layout);
                let mask = if own_mask { &c } else { &m };
                mxm::mxm(&c, Some(mask), None, &plus_times(), &c, &c, &desc).unwrap();
                let read = read_supports.then(|| steps_of(&c));
                let keep = Descriptor::default();
                select::select(&c, None, None, &ge, &c, &Value::new(2i64), &keep).unwrap();
                (read, steps_of(&c))
            };
            let case = format!("{layout:?} structural {structural} own mask {own_mask}");
            let (_, (got, _)) = blocking(|| program(false));
            assert_eq!(got, expected, "{case}, blocking");
            let (read, (got, _)) = with_mode(Mode::NonBlocking, || program(true));
            let (read, steps) = read.unwrap();
            assert_eq!((read, got), (supports.clone(), expected.clone()), "{case}");
            let replaced = steps.iter().any(|s| s.contains(within));
            assert_eq!(replaced, structural && own_mask, "{case}: {steps:?}");
            let (_, (got, steps)) = with_mode(Mode::NonBlocking, || {
                with_tile_entries(100, || program(false))
            });
            assert_eq!(got, expected, "{case}, tile by tile");
            // A masked product is formed whole, never in blocks of tiles.
            let tiled = |s: &String| s.contains("tiled pipeline") && s.contains("mxm");
            assert!(!steps.iter().any(tiled), "{case}: {steps:?}");
        }
    }
}

/// `w = (A ⊕.⊗ u) - d` (eWiseAdd) with a positional multiply whose value is
/// the row index of `A` plus one: a row tile of `A` starts its rows at 0, so
/// the product must not join the pipeline as blocks.
#[test]
fn positional_products_do_not_join_pipelines_as_blocks() {
    let n = 200;
    let ty = graphblas::raw::algebra::Type::INT64;
    let a = matrix_n(
        n,
        (0..n).flat_map(|i| [(i, (i * 7) % n, 1), (i, (i + 3) % n, 2)]),
    );
    let program = || {
        let u = Vector::new(&ty, n).unwrap();
        let d = Vector::new(&ty, n).unwrap();
        for i in 0..n {
            u.set_element(i, &Value::new(1i64)).unwrap();
            d.set_element(i, &Value::new((i % 5) as i64)).unwrap();
        }
        let (r, w) = (Vector::new(&ty, n).unwrap(), Vector::new(&ty, n).unwrap());
        let min_firsti = Semiring::builtin(BinaryCode::Min, BinaryCode::FirstI1, T).unwrap();
        let d0 = Descriptor::default();
        mxm::mxv(&r, None, None, &min_firsti, &a, &u, &d0).unwrap();
        let minus = BinaryOp::builtin(BinaryCode::Minus, T).unwrap();
        ewise::ewise_add_vector(&w, None, None, &minus, &r, &d, &d0).unwrap();
        // The product is read by the chain only.
        drop(r);
        explain::capture(|| OMatrix::of_vector(&w))
    };
    let (got, steps) = with_mode(Mode::NonBlocking, || with_tile_entries(64, program));
    assert!(!steps.iter().any(|s| s.contains("blocks of")), "{steps:?}");
    assert!(
        steps.iter().any(|s| s.contains("rewrite positional")),
        "{steps:?}"
    );
    let (expected, _) = blocking(program);
    assert_eq!(got, expected);
    let row = |i: u64| expected.get(i, 0).and_then(|v| v.get::<i64>());
    assert_eq!(
        row(150),
        Some(151),
        "row 150: its index plus one, d(150) = 0"
    );
    assert_eq!(
        row(151),
        Some(151),
        "row 151: its index plus one, d(151) = 1"
    );
}

/// `E = SECONDI1(A + B, A)` (eWiseAdd, then eWiseMult with a positional
/// operator): a tile's rows start at 0, so the positional map must not run
/// tile by tile.
#[test]
fn positional_maps_do_not_run_tile_by_tile() {
    let n = 12;
    let a = matrix_n(
        n,
        (0..n).flat_map(|i| [(i, (i * 5) % n, 1), (i, (i + 1) % n, 2)]),
    );
    let b = matrix_n(n, (0..n).map(|i| (i, (i * 5) % n, 3)));
    let program = || {
        let new = || Matrix::new(&graphblas::raw::algebra::Type::INT64, n, n).unwrap();
        let (c, e) = (new(), new());
        let d0 = Descriptor::default();
        ewise::ewise_add(&c, None, None, &plus(), &a, &b, &d0).unwrap();
        let secondi1 = BinaryOp::builtin(BinaryCode::SecondI1, T).unwrap();
        ewise::ewise_mult(&e, None, None, &secondi1, &c, &a, &d0).unwrap();
        drop(c);
        explain::capture(|| OMatrix::of(&e))
    };
    let (got, steps) = with_mode(Mode::NonBlocking, || with_tile_entries(4, program));
    assert!(
        !steps
            .iter()
            .any(|s| s.contains("SECONDI1") && s.contains("tile by tile")),
        "{steps:?}"
    );
    let (expected, _) = blocking(program);
    assert_eq!(got, expected);
}
