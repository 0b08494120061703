use super::cost::{flops_floor, transpose_cost};
use super::*;
use crate::algebra::{BinaryCode, TypeCode};
use crate::kernels::testing::ones;
use crate::kernels::Mask;
use crate::storage::Format;
use crate::storage::{Array, Compressed, MatrixStore};
use std::sync::Arc;

/// A random `nrows × ncols` matrix with `per_row` entries per row.
fn random(nrows: u64, ncols: u64, per_row: u64, orient: Orientation) -> Arc<MatrixStore> {
    let mut seed = nrows * 31 + ncols * 7 + per_row;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 33
    };
    let mut pairs = Vec::new();
    for i in 0..nrows {
        for _ in 0..per_row {
            pairs.push((i, next() % ncols));
        }
    }
    ones(nrows, ncols, &pairs, orient, BinaryCode::Plus)
}

/// A column vector of length `n` with entries at every `step`-th position.
fn vector(n: u64, step: u64, dense: bool) -> Arc<MatrixStore> {
    let pairs: Vec<(u64, u64)> = (0..n).step_by(step as usize).map(|i| (i, 0)).collect();
    let s = ones(n, 1, &pairs, Orientation::ByCol, BinaryCode::Plus);
    if dense {
        let b = s.to_bitmap().unwrap();
        Arc::new(MatrixStore::new(Orientation::ByCol, Format::Bitmap(b)))
    } else {
        s
    }
}

fn mask(store: Arc<MatrixStore>, complement: bool) -> Mask {
    Mask {
        store,
        structural: true,
        complement,
    }
}

fn plan(a: Operand, b: Operand, m: Option<MaskOperand>, s: &Semiring, out: Orientation) -> Plan {
    choose(&Problem {
        a,
        b,
        mask: m,
        semiring: s,
        out,
        epilogue: None,
    })
    .0
}

/// `w * A`, unmasked, for a row `w` and `A` as stored.
fn row_times<'a>(w: Operand, a: &Arc<MatrixStore>, s: &'a Semiring) -> Problem<'a> {
    Problem {
        a: w,
        b: Operand::new(a.clone(), false),
        mask: None,
        semiring: s,
        out: Orientation::ByRow,
        epilogue: None,
    }
}

/// Plans `problem` `calls` times, paying each plan's transpose rent, and
/// checks that every one pushes by rows.
fn pushes_every_call(problem: &Problem, calls: usize) {
    for call in 0..calls {
        let (plan, rent) = choose(problem);
        rent.pay(problem);
        assert_eq!(
            (plan.method, plan.by_cols),
            (Method::Saxpy, false),
            "call {call}: {plan}"
        );
    }
}

/// The plan of `C<M> = L * R'` (`GrB_DESC_T1`), `C` by rows.
fn masked_times_transpose(
    l: Arc<MatrixStore>,
    r: Arc<MatrixStore>,
    m: &Mask,
    s: &Semiring,
) -> Plan {
    let mask = MaskOperand {
        mask: m,
        transposed: false,
    };
    let (l, r) = (Operand::new(l, false), Operand::new(r, true));
    plan(l, r, Some(mask), s, Orientation::ByRow)
}

fn semiring(add: BinaryCode, mul: BinaryCode, t: TypeCode) -> Semiring {
    Semiring::builtin(add, mul, t).unwrap()
}

#[test]
fn bfs_pushes_a_small_frontier_and_pulls_a_large_one() {
    let s = semiring(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool);
    let n = 20_000;
    let a = random(n, n, 8, Orientation::ByRow);
    let visited = mask(vector(n, 3, false), true);
    // vxm(q, A): u' * A, the frontier small and sparse.
    let small = Operand::new(vector(n, 2000, false), true);
    let m = MaskOperand {
        mask: &visited,
        transposed: true,
    };
    let p = plan(
        small,
        Operand::new(a.clone(), false),
        Some(m.clone()),
        &s,
        Orientation::ByRow,
    );
    assert_eq!((p.method, p.by_cols), (Method::Saxpy, false), "push");
    // mxv(q, AT, q) with AT stored by rows and a large bitmap frontier.
    let large = Operand::new(vector(n, 2, true), false);
    let m = MaskOperand {
        mask: &visited,
        transposed: false,
    };
    let p = plan(
        Operand::new(a.clone(), false),
        large,
        Some(m),
        &s,
        Orientation::ByCol,
    );
    assert_eq!(
        (p.method, p.by_cols, p.dense_r),
        (Method::Dot2, false, true),
        "pull"
    );
    // vxm with A stored by columns reads its columns: pull as well.
    let a_by_col = Operand::new(random(n, n, 8, Orientation::ByCol), false);
    let large = Operand::new(vector(n, 2, true), true);
    let p = plan(large, a_by_col, None, &s, Orientation::ByRow);
    assert_eq!((p.method, p.by_cols, p.dense_r), (Method::Dot2, true, true));
}

#[test]
fn a_transpose_is_built_once_the_savings_forgone_have_paid_for_it() {
    // vxm(q, A) with A stored by rows and a large frontier: a pull reads
    // A's columns, a transpose to build. The first such product pushes
    // and records on A what the pull would have saved; once those
    // savings reach the transpose's cost, the pull wins.
    let s = semiring(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool);
    let n = 20_000;
    let a = random(n, n, 16, Orientation::ByRow);
    let visited = mask(vector(n, 3, false), true);
    let problem = || Problem {
        a: Operand::new(vector(n, 2, true), true),
        b: Operand::new(a.clone(), false),
        mask: Some(MaskOperand {
            mask: &visited,
            transposed: true,
        }),
        semiring: &s,
        out: Orientation::ByRow,
        epilogue: None,
    };
    let transpose = transpose_cost(a.nvals() as f64);
    let mut pushes = 0;
    loop {
        let p = problem();
        let (plan, rent) = choose(&p);
        if (plan.method, plan.by_cols) == (Method::Dot2, true) {
            break;
        }
        assert_eq!((plan.method, plan.by_cols), (Method::Saxpy, false), "push");
        assert_eq!(rent.stores, [false, true], "only A would be transposed");
        assert!(rent.saving > 0.0 && rent.saving < transpose);
        rent.pay(&p);
        pushes += 1;
        assert!(pushes < 100, "the savings never paid for the transpose");
    }
    assert!(
        pushes >= 1,
        "a single product does not pay for the transpose"
    );
    assert!(a.transpose_rent() < transpose);
    assert!(!a.has_cached_transpose(), "choosing transposes nothing");
}

#[test]
fn a_small_frontier_under_a_nearly_full_complemented_mask_pushes() {
    // The end of a BFS on a road-like graph: few neighbours per vertex,
    // almost every vertex visited. Saxpy searches the long mask row at
    // each of its few first touches; a pull would visit every row.
    let s = semiring(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool);
    let n = 65_536;
    let a = random(n, n, 4, Orientation::ByRow);
    // A pull reads A by columns: cached, as after an earlier pull level.
    a.compressed(Orientation::ByCol);
    // 49 of every 50 vertices visited, held sparse.
    let seen: Vec<u64> = (0..n).filter(|j| j % 50 != 0).collect();
    let x = Array::from_vec(vec![true; seen.len()]);
    let seen = MatrixStore::from_compressed(Orientation::ByCol, Compressed::vector(n, seen, x));
    let visited = mask(Arc::new(seen), true);
    let frontier = Operand::new(vector(n, 800, false), true);
    let m = MaskOperand {
        mask: &visited,
        transposed: true,
    };
    let p = plan(
        frontier,
        Operand::new(a, false),
        Some(m),
        &s,
        Orientation::ByRow,
    );
    assert_eq!((p.method, p.by_cols), (Method::Saxpy, false));
}

#[test]
fn pagerank_pulls_a_dense_vector() {
    let s = semiring(BinaryCode::Plus, BinaryCode::Second, TypeCode::Fp64);
    let n = 10_000;
    let at = Operand::new(random(n, n, 10, Orientation::ByRow), false);
    let w = Operand::new(vector(n, 1, false), false);
    let p = plan(at, w, None, &s, Orientation::ByCol);
    assert_eq!((p.method, p.dense_r), (Method::Dot2, true));
}

#[test]
fn a_dense_row_times_a_matrix_is_pushed_without_a_transpose() {
    // r = w * A with A stored by rows and w dense: one saxpy row with a
    // product per position and more, pushed into dense workspaces that
    // the threads share. A few products do not pay for A's transpose.
    let s = semiring(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64);
    let n = 10_000;
    let a = random(n, n, 10, Orientation::ByRow);
    let w = Operand::new(vector(n, 1, false), true);
    let problem = row_times(w, &a, &s);
    pushes_every_call(&problem, 6);
    assert!(
        a.transpose_rent() < transpose_cost(a.nvals() as f64),
        "a few products do not pay for the transpose"
    );
    assert!(!a.has_cached_transpose(), "choosing transposes nothing");
}

#[test]
fn a_sparse_mask_uses_dot3() {
    let s = semiring(BinaryCode::Plus, BinaryCode::Oneb, TypeCode::Int64);
    let n = 5_000;
    let l = random(n, n, 6, Orientation::ByRow);
    let u = random(n, n, 6, Orientation::ByRow);
    let m = mask(random(n, n, 1, Orientation::ByRow), false);
    // C<M> = L * U' (GrB_DESC_ST1): the rows of L and of U are both at hand,
    // and the mask asks for few entries.
    let p = masked_times_transpose(l, u, &m, &s);
    assert_eq!(p.method, Method::Dot3);
}

#[test]
fn a_few_long_rows_under_a_sparse_mask_are_spread_not_read_dense_by_columns() {
    // Betweenness's backward pull `W<S> = W * A'`: a few rows of `W` (one a
    // source) holding 60 % of their positions under a mask of 3 %, then 65 %
    // under 3.5 %. `W'` made dense is read beyond the cache, all of its
    // columns at once by dot3, a column at a time by dot2; each row of `W`
    // spread once serves its mask entries from the cache.
    let s = semiring(BinaryCode::Plus, BinaryCode::First, TypeCode::Fp64);
    let n = 1 << 18;
    let a = random(n, n, 32, Orientation::ByRow);
    for (w_row, mask_row) in [(n * 9 / 10, n / 32), (n * 21 / 20, n / 28)] {
        let w = random(4, n, w_row, Orientation::ByRow);
        let m = mask(random(4, n, mask_row, Orientation::ByRow), false);
        let p = masked_times_transpose(w, a.clone(), &m, &s);
        assert_eq!(
            (p.method, p.by_cols, p.dense_r),
            (Method::Dot3, false, false),
            "{p}"
        );
    }
}

#[test]
fn saxpy_follows_the_storage_orientation() {
    let s = semiring(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64);
    let n = 3_000;
    let by_row = |m: u64| Operand::new(random(n, n, 5 + m, Orientation::ByRow), false);
    let p = plan(by_row(0), by_row(1), None, &s, Orientation::ByRow);
    assert_eq!((p.method, p.by_cols), (Method::Saxpy, false));
    let by_col = |m: u64| Operand::new(random(n, n, 5 + m, Orientation::ByCol), false);
    let p = plan(by_col(0), by_col(1), None, &s, Orientation::ByCol);
    assert_eq!((p.method, p.by_cols), (Method::Saxpy, true));
    // A' * B with A by rows: A' is read by columns, free.
    let p = plan(by_row(0).t(), by_col(1), None, &s, Orientation::ByCol);
    assert_eq!((p.method, p.by_cols), (Method::Saxpy, true));
}

#[test]
fn flops_are_counted_exactly_when_the_vectors_are_at_hand() {
    let a = Operand::new(random(50, 40, 3, Orientation::ByRow), false);
    let b = Operand::new(random(40, 30, 2, Orientation::ByRow), false);
    let rows = a.vectors(Orientation::ByRow);
    let brows = b.vectors(Orientation::ByRow);
    let exact: usize = rows.i.iter().map(|&k| brows.vector_range(k).len()).sum();
    assert_eq!(flops(&a, &b), exact as f64);
    let bc = Operand::new(Arc::new(b.store().reoriented(Orientation::ByCol)), false);
    let ac = Operand::new(Arc::new(a.store().reoriented(Orientation::ByCol)), false);
    assert_eq!(flops(&ac, &b), exact as f64);
    assert_eq!(flops(&ac, &bc), exact as f64);
    // Fewer entries than rows of B: each entry's row of B is looked up.
    let few = Operand::new(random(5, 40, 2, Orientation::ByRow), false);
    let few_rows = few.vectors(Orientation::ByRow);
    let looked_up: usize = few_rows
        .i
        .iter()
        .map(|&k| brows.vector_range(k).len())
        .sum();
    assert!(few.nvals() < 40);
    assert_eq!(flops(&few, &b), looked_up as f64);
    // A times its own transpose: the column counts of A, squared.
    let counts = rows.i.iter().fold(vec![0usize; 40], |mut c, &k| {
        c[k as usize] += 1;
        c
    });
    let squares: usize = counts.iter().map(|n| n * n).sum();
    assert_eq!(flops(&a, &a.t()), squares as f64);
}

#[test]
fn the_floor_of_the_products_never_exceeds_their_count() {
    for per_row in [1, 3, 7] {
        let a = Operand::new(random(300, 200, per_row, Orientation::ByRow), false);
        let floor = flops_floor(&a, &a.t());
        assert!(floor > 0.0 && floor <= flops(&a, &a.t()), "{floor}");
    }
    // Operands with different entries give no bound.
    let a = Operand::new(random(50, 40, 3, Orientation::ByRow), false);
    let b = Operand::new(random(40, 30, 2, Orientation::ByRow), false);
    assert_eq!(flops_floor(&a, &b), 0.0);
}

#[test]
fn the_products_of_a_frontier_holding_hubs_are_estimated_from_a_sample() {
    // A by rows: 8 random entries a row, and every 10th row also meets the
    // hubs 0..4. A * u with u a bitmap holding the hubs and a few others:
    // A's column lengths are not at hand (no transpose), so the count is
    // sampled over A's entries, and the hubs' long columns are not missed.
    let n = 40_000;
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    let mut seed = 7u64;
    for i in 0..n {
        for _ in 0..8 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            pairs.push((i, 5 + (seed >> 33) % (n - 5)));
        }
        if i % 10 == 0 {
            pairs.extend((0..5).map(|h| (i, h)));
        }
    }
    let a = ones(n, n, &pairs, Orientation::ByRow, BinaryCode::Plus);
    let held = |k: u64| k < 5 || k % 1000 == 7;
    let u_pairs: Vec<(u64, u64)> = (0..n).filter(|&k| held(k)).map(|k| (k, 0)).collect();
    let u = ones(n, 1, &u_pairs, Orientation::ByCol, BinaryCode::Plus);
    let u = Arc::new(MatrixStore::new(
        Orientation::ByCol,
        Format::Bitmap(u.to_bitmap().unwrap()),
    ));
    let rows = a.compressed(Orientation::ByRow);
    let exact = rows.i.iter().filter(|&&k| held(k)).count() as f64;
    let a = Operand::new(a, false);
    let estimate = flops(&a, &Operand::new(u.clone(), false));
    assert!(
        !a.store().has_cached_transpose(),
        "counting transposes nothing"
    );
    assert!(
        (estimate - exact).abs() < 0.2 * exact,
        "estimate {estimate}, exact {exact}"
    );
    // u' * A' is the same product.
    let estimate_t = flops(&Operand::new(u, true), &a.t());
    assert!((estimate_t - exact).abs() < 0.2 * exact, "{estimate_t}");
}

#[test]
fn a_pull_under_a_complemented_mask_costs_the_rows_it_allows() {
    // The rows a late BFS level leaves unvisited are mostly empty. Two
    // complemented masks with as many entries: one allows only the empty
    // rows of `A`, the other only its full ones. Counted at the average
    // length they would cost the same.
    let s = semiring(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool);
    let n = 20_000;
    let even: Vec<(u64, u64)> = (0..n)
        .step_by(2)
        .flat_map(|i| (0..16).map(move |k| (i, (i * 7 + k * 1_231) % n)))
        .collect();
    let a = ones(n, n, &even, Orientation::ByRow, BinaryCode::Plus);
    let rows = |first: u64| {
        let pairs: Vec<(u64, u64)> = (first..n).step_by(2).map(|i| (i, 0)).collect();
        let s = ones(n, 1, &pairs, Orientation::ByCol, BinaryCode::Plus);
        let b = s.to_bitmap().unwrap();
        mask(
            Arc::new(MatrixStore::new(Orientation::ByCol, Format::Bitmap(b))),
            true,
        )
    };
    let pull = Plan {
        method: Method::Dot2,
        by_cols: false,
        dense_r: true,
    };
    let cost = |visited: &Mask| {
        let p = Problem {
            a: Operand::new(a.clone(), false),
            b: Operand::new(vector(n, 4, true), false),
            mask: Some(MaskOperand {
                mask: visited,
                transposed: false,
            }),
            semiring: &s,
            out: Orientation::ByCol,
            epilogue: None,
        };
        cost::Costs::new(&p).kernel_cost(pull).unwrap()
    };
    let (empty_allowed, full_allowed) = (cost(&rows(0)), cost(&rows(1)));
    assert!(
        full_allowed > 4.0 * empty_allowed,
        "{full_allowed} vs {empty_allowed}"
    );
}

#[test]
fn sparing_a_losing_plan_its_measurement_keeps_the_cheapest_plan() {
    // BFS levels from a tiny frontier to a full one, under a dense
    // complemented mask: the plan chosen is the one the exact costs rank first.
    let s = semiring(BinaryCode::Any, BinaryCode::Oneb, TypeCode::Bool);
    let n = 6_000;
    let a = random(n, n, 6, Orientation::ByRow);
    let visited = mask(vector(n, 3, true), true);
    for (step, dense) in [
        (3000, false),
        (300, false),
        (30, true),
        (2, true),
        (1, true),
    ] {
        let p = Problem {
            a: Operand::new(a.clone(), false),
            b: Operand::new(vector(n, step, dense), false),
            mask: Some(MaskOperand {
                mask: &visited,
                transposed: false,
            }),
            semiring: &s,
            out: Orientation::ByCol,
            epilogue: None,
        };
        let costs = cost::Costs::new(&p);
        let exact = cost::Costs::plans()
            .filter_map(|plan| {
                costs.charged.set(0.0);
                let c = costs.kernel_cost(plan)?;
                Some((plan, c + costs.output_cost(plan.by_cols)))
            })
            .fold(None, |best: Option<(Plan, f64)>, (plan, c)| match best {
                Some((_, b)) if b <= c => best,
                _ => Some((plan, c)),
            })
            .unwrap();
        assert_eq!(choose(&p).0, exact.0, "frontier every {step}");
    }
}

/// A dense `nrows × ncols` store (bitmap, or full when `every` entry is
/// there) of integer values, held in `orient`.
fn dense((nrows, ncols): (u64, u64), every: bool, orient: Orientation) -> Arc<MatrixStore> {
    let entries: Vec<(u64, u64, f64)> = (0..nrows)
        .flat_map(|i| (0..ncols).map(move |j| (i, j)))
        .filter(|&(i, j)| every || (i * 7 + j * 3) % 5 != 0)
        .map(|(i, j)| (i, j, ((i * 13 + j * 5) % 11) as f64))
        .collect();
    let s = crate::kernels::testing::store(
        &crate::algebra::Type::FP64,
        (nrows, ncols),
        orient,
        &entries,
        None,
    );
    let b = s.to_bitmap().unwrap();
    let format = if every {
        Format::Full(crate::storage::Full {
            vlen: b.vlen,
            vdim: b.vdim,
            x: b.x,
        })
    } else {
        Format::Bitmap(b)
    };
    Arc::new(MatrixStore::new(orient, format))
}

/// `problem` computed by `method` over the rows of `L`, reading `R` dense
/// when `dense_r`.
fn run_by_rows(problem: &Problem, method: Method, dense_r: bool) -> MatrixStore {
    let plan = Plan {
        method,
        by_cols: false,
        dense_r,
    };
    execute(problem, plan).unwrap()
}

#[test]
fn dot_products_reading_a_dense_side_by_columns_agree_with_saxpy() {
    // R's columns are read many times each: a dense R held by rows is laid
    // out by columns first. Every layout and kind of R gives saxpy's result.
    let s = semiring(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64);
    let (n, k, c) = (30, 40, 50);
    let m = mask(random(n, c, 9, Orientation::ByRow), false);
    for every in [true, false] {
        for (orient, transposed) in [
            (Orientation::ByRow, false),
            (Orientation::ByCol, true),
            (Orientation::ByCol, false),
        ] {
            let l = Operand::new(dense((n, k), !every, Orientation::ByRow), false);
            // Held as its transpose when `transposed`.
            let dims = if transposed { (c, k) } else { (k, c) };
            let rs = dense(dims, every, orient);
            let r = Operand::new(rs.clone(), transposed);
            for masked in [false, true] {
                let operands = (l.clone(), r.clone());
                let problem = Problem::new(operands, masked.then_some(&m), &s, Orientation::ByRow);
                let expected = run_by_rows(&problem, Method::Saxpy, false);
                let methods = if masked {
                    vec![Method::Dot2, Method::Dot3]
                } else {
                    vec![Method::Dot2]
                };
                for method in methods {
                    let got = run_by_rows(&problem, method, true);
                    assert!(
                        got.same_entries(&expected),
                        "{method:?}, R full {every}, {orient:?}, transposed {transposed}, masked {masked}"
                    );
                }
            }
            // Held by rows (which saxpy reads as they are), its columns were
            // compressed and kept to lay it out by columns.
            if (orient == Orientation::ByRow) != transposed {
                assert!(
                    rs.has_cached_transpose(),
                    "{orient:?}, transposed {transposed}"
                );
            }
        }
    }
}

#[test]
fn a_dense_side_beyond_the_cache_read_column_by_column_agrees_with_saxpy() {
    // R, 2 columns of 80,000 values and flags (1.4 MB), does not fit in the
    // cache: Dot2 computes blocks of L's rows one column of R at a time, a
    // block holding 8 entries of L per cache line of a column (90,000).
    // L's 960,000 entries make several blocks a task, the last one short.
    let s = semiring(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64);
    let (n, k) = (40_001, 80_000);
    let l = Operand::new(random(n, k, 24, Orientation::ByRow), false);
    let r = Operand::new(dense((k, 2), false, Orientation::ByCol), false);
    let m = random(n, 2, 1, Orientation::ByRow);
    for masked in [None, Some(false), Some(true)] {
        let mask = masked.map(|complement| mask(m.clone(), complement));
        let operands = (l.clone(), r.clone());
        let problem = Problem::new(operands, mask.as_ref(), &s, Orientation::ByRow);
        let expected = run_by_rows(&problem, Method::Saxpy, false);
        assert!(expected.nvals() > 0);
        assert!(
            run_by_rows(&problem, Method::Dot2, true).same_entries(&expected),
            "complemented mask {masked:?}"
        );
    }
}

#[test]
fn a_repeated_product_with_a_half_full_vector_stays_pushed() {
    // t = f min.plus A, over and over (delta-stepping's relaxations over
    // one graph), `f` holding every other vertex and A beyond the cache:
    // the pull against `f` made dense tests a flag missed as a branch about
    // every other lookup and costs more than the push, however much
    // transpose rent the products pay.
    let s = semiring(BinaryCode::Min, BinaryCode::Plus, TypeCode::Int32);
    let n = 1 << 20;
    let a = random(n, n, 4, Orientation::ByRow);
    let f = Operand::new(vector(n, 2, false), true);
    pushes_every_call(&row_times(f, &a, &s), 40);
}
