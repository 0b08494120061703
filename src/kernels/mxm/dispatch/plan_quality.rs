//! Plans that are never pathological: on adversarial shapes (a few dense
//! rows and columns, one dense row, a star, a path, a power-law graph with
//! heavy hubs, the same graphs with their vertices permuted or sorted by
//! degree, an empty and a full matrix), every plan of a product is run on
//! fresh operands and its work counted by the kernels ([`crate::work`]:
//! products, merge and search steps, mask positions, entries transposed or
//! made dense). The plan [`choose`] picks must do at most twice the work of
//! the best one.
//!
//! A plan whose lower bound (its products for saxpy, its row-column pairs
//! for dot2, the mask's entries for dot3) already exceeds four times the
//! least work measured is not run: it cannot be the best, and a chosen plan
//! ruled out that way fails the test.

use super::cost::Costs;
use super::*;
use crate::algebra::{BinaryCode, TypeCode};
use crate::kernels::testing::ones;
use crate::kernels::Mask;
use crate::storage::MatrixStore;
use std::sync::Arc;

/// Work a plan may do beyond twice the best: the fixed costs of a tiny product.
const SLACK: u64 = 2_000;

/// A square pattern, `n × n`, as (row, column) pairs (duplicates allowed).
struct Shape {
    name: String,
    n: u64,
    edges: Vec<(u64, u64)>,
}

/// A small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Both directions of every pair, without self-loops.
fn symmetric(name: &str, n: u64, pairs: impl IntoIterator<Item = (u64, u64)>) -> Shape {
    let edges = pairs
        .into_iter()
        .filter(|(i, j)| i != j)
        .flat_map(|(i, j)| [(i, j), (j, i)])
        .collect();
    Shape {
        name: name.to_string(),
        n,
        edges,
    }
}

/// `h` vertices joined to every other one (LAGraph's triangle-count test
/// with `h = 11`).
fn hubs(n: u64, h: u64) -> Shape {
    symmetric(
        &format!("{h} dense rows and columns"),
        n,
        (0..h).flat_map(|k| (0..n).map(move |i| (k, i))),
    )
}

/// One full row over a path.
fn dense_row(n: u64) -> Shape {
    let mut s = path(n);
    s.name = "one dense row".into();
    s.edges.extend((0..n).map(|j| (0, j)));
    s
}

fn path(n: u64) -> Shape {
    symmetric("path", n, (1..n).map(|i| (i - 1, i)))
}

/// Vertex `i` has about `n / 8 / (i + 1)^0.8` neighbours chosen at random,
/// plus a few random edges: hubs with thousands of neighbours, a tail of
/// degree one or two.
fn power_law(n: u64) -> Shape {
    let mut rng = Rng(n);
    let mut pairs = Vec::new();
    for i in 0..n {
        let d = (n as f64 / 8.0 / ((i + 1) as f64).powf(0.8)).max(1.0) as u64;
        pairs.extend((0..d).map(|_| (i, rng.below(n))));
    }
    symmetric("power law", n, pairs)
}

/// `s` with its vertices renumbered by `perm`.
fn permuted(mut s: Shape, perm: &[u64], how: &str) -> Shape {
    s.name = format!("{}, {how}", s.name);
    for (i, j) in &mut s.edges {
        (*i, *j) = (perm[*i as usize], perm[*j as usize]);
    }
    s
}

/// A random renumbering: the hubs land anywhere.
fn scattered(s: Shape) -> Shape {
    let mut rng = Rng(s.n * 7 + 1);
    let mut perm: Vec<u64> = (0..s.n).collect();
    for k in (1..perm.len()).rev() {
        perm.swap(k, rng.below(k as u64 + 1) as usize);
    }
    permuted(s, &perm, "vertices scattered")
}

/// Vertices renumbered by increasing degree (LAGraph's triangle-count
/// presort): the hubs last.
fn degree_sorted(s: Shape) -> Shape {
    let mut degree = vec![0u64; s.n as usize];
    for &(i, _) in &s.edges {
        degree[i as usize] += 1;
    }
    let mut order: Vec<u64> = (0..s.n).collect();
    order.sort_by_key(|&v| (degree[v as usize], v));
    let mut perm = vec![0; s.n as usize];
    for (new, &old) in order.iter().enumerate() {
        perm[old as usize] = new as u64;
    }
    permuted(s, &perm, "sorted by degree")
}

/// A store of `pairs` (value 1.0) in orientation `orient`, built afresh:
/// no transpose cached, no rent paid.
fn store(nrows: u64, ncols: u64, pairs: &[(u64, u64)], orient: Orientation) -> Arc<MatrixStore> {
    ones(nrows, ncols, pairs, orient, BinaryCode::First)
}

/// What a product reads: its operands and mask as pairs, built afresh for
/// every run.
struct Case {
    name: String,
    a: (u64, u64, Vec<(u64, u64)>, bool),
    b: (u64, u64, Vec<(u64, u64)>, bool),
    mask: Option<(Vec<(u64, u64)>, bool)>,
    out: Orientation,
}

impl Case {
    /// Runs `f` on the problem over fresh stores (stored by rows; an
    /// operand flagged `true` is read transposed).
    fn with_problem<T>(&self, f: impl FnOnce(&Problem) -> T) -> T {
        let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
        let operand = |(r, c, pairs, t): &(u64, u64, Vec<(u64, u64)>, bool)| {
            let (r, c) = if *t { (*c, *r) } else { (*r, *c) };
            Operand::new(store(r, c, pairs, Orientation::ByRow), *t)
        };
        let (m, n) = (self.a.0, self.b.1);
        let mask = self.mask.as_ref().map(|(pairs, complement)| Mask {
            store: store(m, n, pairs, Orientation::ByRow),
            structural: true,
            complement: *complement,
        });
        let p = Problem {
            a: operand(&self.a),
            b: operand(&self.b),
            mask: mask.as_ref().map(|mask| MaskOperand {
                mask,
                transposed: false,
            }),
            semiring: &s,
            out: self.out,
            epilogue: None,
        };
        f(&p)
    }

    /// The products of `A * B`, counted from the pairs.
    fn flops(&self) -> u64 {
        let inner = self.a.1 as usize;
        let (mut col_a, mut row_b) = (vec![0u64; inner], vec![0u64; inner]);
        for &(i, j) in &self.a.2 {
            col_a[if self.a.3 { i } else { j } as usize] += 1;
        }
        for &(i, j) in &self.b.2 {
            row_b[if self.b.3 { j } else { i } as usize] += 1;
        }
        col_a.iter().zip(&row_b).map(|(a, b)| a * b).sum()
    }

    /// A bound below the work of `plan`, found without running it.
    fn lower_bound(&self, plan: Plan) -> u64 {
        let held = |pairs: &[(u64, u64)], by_first: bool| {
            let mut v: Vec<u64> = pairs
                .iter()
                .map(|&(i, j)| if by_first { i } else { j })
                .collect();
            v.sort_unstable();
            v.dedup();
            v.len() as u64
        };
        match plan.method {
            Method::Saxpy => self.flops(),
            Method::Dot3 => self.mask.as_ref().map_or(0, |m| m.0.len() as u64),
            Method::Dot2 => {
                // Rows of A with entries times columns of B with entries.
                let rows = held(&self.a.2, !self.a.3);
                let cols = if plan.dense_r {
                    self.b.1
                } else {
                    held(&self.b.2, self.b.3)
                };
                rows * cols
            }
        }
    }

    /// Runs `plan` on fresh operands: its counted work (with the transpose
    /// of a matrix result made in the other orientation) and its entries.
    fn run(&self, plan: Plan) -> (u64, Vec<(u64, u64, f64)>) {
        self.with_problem(|p| {
            crate::work::take();
            let c = execute(p, plan).unwrap();
            let mut work = crate::work::take();
            let vector = c.nrows() == 1 || c.ncols() == 1;
            if c.orient() != p.out && !vector {
                work += c.nvals() as u64;
            }
            let (i, j, x) = c.tuples();
            let x = x.as_slice::<f64>().unwrap().to_vec();
            let mut entries: Vec<_> = (0..i.len()).map(|k| (i[k], j[k], x[k])).collect();
            entries.sort_by_key(|e| (e.0, e.1));
            (work, entries)
        })
    }
}

/// Checks the plan chosen for `case` against every plan's counted work.
fn check(case: &Case) -> std::result::Result<(), String> {
    // A product with an empty operand is empty: it is never planned.
    if case.a.2.is_empty() || case.b.2.is_empty() {
        return Ok(());
    }
    let plans: Vec<Plan> = Costs::plans()
        .filter(|p| p.method != Method::Dot3 || case.mask.as_ref().is_some_and(|m| !m.1))
        .collect();
    let mut bounded: Vec<(u64, Plan)> = plans.iter().map(|&p| (case.lower_bound(p), p)).collect();
    bounded.sort_by_key(|b| b.0);
    let mut measured: Vec<(Plan, u64)> = Vec::new();
    let mut expected = None;
    let mut best = u64::MAX;
    for (bound, plan) in bounded {
        if bound > best.saturating_mul(4) {
            continue;
        }
        let (work, entries) = case.run(plan);
        match &expected {
            None => expected = Some(entries),
            Some(e) => assert_eq!(
                e, &entries,
                "{}: {plan} computes another product",
                case.name
            ),
        }
        best = best.min(work);
        measured.push((plan, work));
    }
    // The plan chosen, and the planner's cost of each plan measured.
    let (chosen, costs) = case.with_problem(|p| {
        let costs = Costs::new(p);
        let estimate = |plan| {
            costs.charged.set(0.0);
            costs
                .kernel_cost(plan)
                .map(|c| c + costs.output_cost(plan.by_cols))
        };
        let estimates: Vec<Option<f64>> = measured.iter().map(|m| estimate(m.0)).collect();
        (choose(p).0, estimates)
    });
    let table = || {
        measured
            .iter()
            .zip(&costs)
            .map(|((p, w), c)| format!("{p}: {w} (cost {:.0})", c.unwrap_or(f64::NAN)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    match measured.iter().find(|(p, _)| *p == chosen) {
        Some(&(_, work)) if work <= 2 * best + SLACK => Ok(()),
        Some(&(_, work)) => Err(format!(
            "{}: chose {chosen} doing {work}, the best does {best} ({})",
            case.name,
            table()
        )),
        None => Err(format!(
            "{}: chose {chosen}, bound to do over 4x the best {best} ({})",
            case.name,
            table()
        )),
    }
}

/// The lower triangle (`i > j`) of a pattern, or the upper.
fn triangle(edges: &[(u64, u64)], lower: bool) -> Vec<(u64, u64)> {
    edges
        .iter()
        .copied()
        .filter(|&(i, j)| if lower { i > j } else { i < j })
        .collect()
}

/// The products to check on a shape: masked products of triangle counting
/// (`C<A> = A*A`, `C<A> = A*A'`, `C<L> = L*U'`), the unmasked square when it
/// is small enough to form, and matrix-vector products both ways with a
/// sparse, a hub-holding and a dense vector, unmasked and under a
/// complemented mask, and a block of four rows (see [`four_rows`]).
fn cases(s: &Shape, unmasked_square: bool) -> Vec<Case> {
    let n = s.n;
    let a = |t| (n, n, s.edges.clone(), t);
    let mut out = vec![
        Case {
            name: format!("{}: C<A> = A*A", s.name),
            a: a(false),
            b: a(false),
            mask: Some((s.edges.clone(), false)),
            out: Orientation::ByRow,
        },
        Case {
            name: format!("{}: C<A> = A*A'", s.name),
            a: a(false),
            b: a(true),
            mask: Some((s.edges.clone(), false)),
            out: Orientation::ByRow,
        },
        Case {
            name: format!("{}: C<L> = L*U'", s.name),
            a: (n, n, triangle(&s.edges, true), false),
            b: (n, n, triangle(&s.edges, false), true),
            mask: Some((triangle(&s.edges, true), false)),
            out: Orientation::ByRow,
        },
    ];
    if unmasked_square {
        out.push(Case {
            name: format!("{}: C = A*A", s.name),
            a: a(false),
            b: a(false),
            mask: None,
            out: Orientation::ByRow,
        });
    }
    let vectors: [(&str, Vec<u64>); 3] = [
        ("a few entries", vec![1, n / 3, n / 2, n - 2]),
        ("the first and last vertex", vec![0, n - 1]),
        ("every other entry", (0..n).step_by(2).collect()),
    ];
    let visited: Vec<(u64, u64)> = (0..n).step_by(3).map(|i| (i, 0)).collect();
    for (what, idx) in vectors {
        let x: Vec<(u64, u64)> = idx.iter().map(|&i| (i, 0)).collect();
        for masked in [false, true] {
            let mask = masked.then(|| (visited.clone(), true));
            let under = if masked { " under !visited" } else { "" };
            out.push(Case {
                name: format!("{}: A*x, x {what}{under}", s.name),
                a: a(false),
                b: (n, 1, x.clone(), false),
                mask: mask.clone(),
                out: Orientation::ByCol,
            });
            // x' * A: the row vector is the column x read transposed.
            let row_mask = mask.map(|(pairs, c)| (pairs.iter().map(|&(i, _)| (0, i)).collect(), c));
            out.push(Case {
                name: format!("{}: x'*A, x {what}{under}", s.name),
                a: (1, n, x.iter().map(|&(i, _)| (i, 0)).collect(), true),
                b: a(false),
                mask: row_mask,
                out: Orientation::ByRow,
            });
        }
    }
    out.extend(four_rows(s));
    out
}

/// Four rows at once (betweenness's sweeps from four sources): a block
/// holding about a third of the positions under a mask holding about two
/// thirds, as `F*A` and as the same product transposed, `A*F'`; and a late
/// forward pull `F<!P> = F*A'`, the paths `P` holding every vertex of more
/// than two neighbours and half the others, the frontier a third of them.
fn four_rows(s: &Shape) -> [Case; 3] {
    let n = s.n;
    let mut rng = Rng(n * 3 + 5);
    let (mut block, mut mask) = (Vec::new(), Vec::new());
    for i in 0..4 {
        for j in 0..n {
            if rng.below(3) == 0 {
                block.push((i, j));
            }
            if rng.below(3) != 0 {
                mask.push((i, j));
            }
        }
    }
    let flip = |pairs: &[(u64, u64)]| pairs.iter().map(|&(i, j)| (j, i)).collect::<Vec<_>>();
    let mut degree = vec![0u64; n as usize];
    for &(i, _) in &s.edges {
        degree[i as usize] += 1;
    }
    let (mut frontier, mut paths) = (Vec::new(), Vec::new());
    for i in 0..4 {
        for j in 0..n {
            if degree[j as usize] > 2 || rng.below(2) == 0 {
                paths.push((i, j));
                if rng.below(3) == 0 {
                    frontier.push((i, j));
                }
            }
        }
    }
    [
        Case {
            name: format!("{}: C<M> = F*A, F four rows", s.name),
            a: (4, n, block.clone(), false),
            b: (n, n, s.edges.clone(), false),
            mask: Some((mask.clone(), false)),
            out: Orientation::ByRow,
        },
        Case {
            name: format!("{}: C<M'> = A*F', F four rows", s.name),
            a: (n, n, s.edges.clone(), false),
            b: (n, 4, flip(&block), false),
            mask: Some((flip(&mask), false)),
            out: Orientation::ByRow,
        },
        Case {
            name: format!("{}: F<!P> = F*A', F four rows, P most", s.name),
            a: (4, n, frontier, false),
            b: (n, n, s.edges.clone(), true),
            mask: Some((paths, true)),
            out: Orientation::ByRow,
        },
    ]
}

/// Runs the cases of `shapes` on one thread (the work is counted per
/// thread) and reports every failure at once.
fn check_all(shapes: Vec<(Shape, bool)>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let failures: Vec<String> = pool.install(|| {
        shapes
            .iter()
            .flat_map(|(s, square)| cases(s, *square))
            .filter_map(|c| check(&c).err())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn hub_rows_and_columns() {
    let n = 6000;
    check_all(vec![
        (hubs(n, 11), false),
        (scattered(hubs(n, 11)), false),
        (degree_sorted(hubs(n, 11)), false),
        (hubs(1500, 1), true),
    ]);
}

#[test]
fn a_dense_row_a_star_and_a_path() {
    check_all(vec![
        (dense_row(6000), false),
        (dense_row(1500), true),
        (hubs(6000, 1), false),
        (path(6000), true),
        (scattered(path(6000)), true),
    ]);
}

#[test]
fn power_law_graphs() {
    let n = 6000;
    check_all(vec![
        (power_law(n), false),
        (scattered(power_law(n)), false),
        (degree_sorted(power_law(n)), false),
        (power_law(1200), true),
    ]);
}

#[test]
fn empty_and_full_matrices() {
    let full: Vec<(u64, u64)> = (0..300)
        .flat_map(|i| (0..300).map(move |j| (i, j)))
        .collect();
    check_all(vec![
        (
            Shape {
                name: "empty".into(),
                n: 5000,
                edges: Vec::new(),
            },
            true,
        ),
        (
            Shape {
                name: "full".into(),
                n: 300,
                edges: full,
            },
            true,
        ),
    ]);
}
