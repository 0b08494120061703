//! EDGE programs (`graphblas::edge`): every lowering path against a naive
//! model of the equation on random inputs, in blocking and non-blocking
//! mode; loops; and each class of error, with its position.

use crate::lcg::Lcg;
use graphblas::edge::{ErrorKind, Program};
use graphblas::{with_mode, Matrix, Mode, Vector};
use std::collections::BTreeMap;

/// Points of a tensor: `(i, j)` (`j` = 0 for rank 1) to value.
type Points = BTreeMap<(u64, u64), f64>;

/// About `density` % of the `m × n` points, values 0..9 (exact sums).
fn points(g: &mut Lcg, m: u64, n: u64, density: u64) -> Points {
    let mut p = Points::new();
    for i in 0..m {
        for j in 0..n {
            if g.next() % 100 < density {
                p.insert((i, j), (g.next() % 10) as f64);
            }
        }
    }
    p
}

fn matrix(m: u64, n: u64, p: &Points) -> Matrix<f64> {
    Matrix::from_triplets(m, n, p.iter().map(|(&(i, j), &x)| (i, j, x))).unwrap()
}

fn vector(n: u64, p: &Points) -> Vector<f64> {
    Vector::from_pairs(n, p.iter().map(|(&(i, _), &x)| (i, x))).unwrap()
}

/// An input of a program: a matrix or a vector of f64.
enum Input {
    M(u64, u64, Points),
    V(u64, Points),
}

/// Runs `text` on the inputs in `mode` and returns the points of `out`
/// (an fp64 tensor of rank 2, 1 or 0).
fn run_in(
    mode: Mode,
    text: &str,
    inputs: &[(&str, &Input)],
    params: &[(&str, f64)],
    out: &str,
) -> Points {
    with_mode(mode, || {
        let p = Program::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let mut r = p.runner();
        for (name, input) in inputs {
            match input {
                Input::M(m, n, pts) => r.matrix_input(name, &matrix(*m, *n, pts)).map(|_| ()),
                Input::V(n, pts) => r.vector_input(name, &vector(*n, pts)).map(|_| ()),
            }
            .unwrap();
        }
        for (name, v) in params {
            r.param(name, *v).unwrap();
        }
        r.run().unwrap_or_else(|e| panic!("{e}"));
        match p.rank(out) {
            Some(2) => r
                .matrix::<f64>(out)
                .unwrap()
                .triplets()
                .unwrap()
                .into_iter()
                .map(|(i, j, x)| ((i, j), x))
                .collect(),
            Some(1) => r
                .vector::<f64>(out)
                .unwrap()
                .pairs()
                .unwrap()
                .into_iter()
                .map(|(i, x)| ((i, 0), x))
                .collect(),
            _ => r
                .scalar::<f64>(out)
                .unwrap()
                .into_iter()
                .map(|x| ((0, 0), x))
                .collect(),
        }
    })
}

/// Runs in both modes and checks each against `expected`.
fn check(
    text: &str,
    inputs: &[(&str, &Input)],
    params: &[(&str, f64)],
    out: &str,
    expected: &Points,
) {
    for mode in [Mode::Blocking, Mode::NonBlocking] {
        let got = run_in(mode, text, inputs, params, out);
        assert_eq!(&got, expected, "{mode:?}: {text}");
    }
}

const DECLS: &str = "input A[M, K] : fp64  input B[K, N] : fp64  input C[M, K] : fp64
    input D[K, M] : fp64  input x[K] : fp64  input y[M] : fp64";

/// A set of inputs: A, C (5×4), B (4×6), D (4×5), x (4), y (5).
fn inputs(seed: u64) -> Vec<(&'static str, Input)> {
    let mut g = Lcg(seed);
    vec![
        ("A", Input::M(5, 4, points(&mut g, 5, 4, 50))),
        ("B", Input::M(4, 6, points(&mut g, 4, 6, 50))),
        ("C", Input::M(5, 4, points(&mut g, 5, 4, 50))),
        ("D", Input::M(4, 5, points(&mut g, 4, 5, 50))),
        ("x", Input::V(4, points(&mut g, 4, 1, 70))),
        ("y", Input::V(5, points(&mut g, 5, 1, 70))),
    ]
}

fn pts<'a>(ins: &'a [(&str, Input)], name: &str) -> &'a Points {
    match &ins.iter().find(|(n, _)| *n == name).unwrap().1 {
        Input::M(_, _, p) | Input::V(_, p) => p,
    }
}

fn refs<'a>(ins: &'a [(&'a str, Input)]) -> Vec<(&'a str, &'a Input)> {
    ins.iter().map(|(n, i)| (*n, i)).collect()
}

/// `Z(i, j) = ⊕_k f(X(i, k), Y(k, j))` over the points present in both.
fn naive_product(
    x: &Points,
    y: &Points,
    f: impl Fn(f64, f64) -> f64,
    add: impl Fn(f64, f64) -> f64,
) -> Points {
    let mut z = Points::new();
    for (&(i, k), &a) in x {
        for (&(k2, j), &b) in y {
            if k == k2 {
                let t = f(a, b);
                z.entry((i, j)).and_modify(|s| *s = add(*s, t)).or_insert(t);
            }
        }
    }
    z
}

fn transposed(p: &Points) -> Points {
    p.iter().map(|(&(i, j), &x)| ((j, i), x)).collect()
}

#[test]
fn products_are_the_semiring_sums_in_every_rank_order() {
    for seed in 1..4 {
        let ins = inputs(seed);
        let (a, b, d, x, y) = (
            pts(&ins, "A"),
            pts(&ins, "B"),
            pts(&ins, "D"),
            pts(&ins, "x"),
            pts(&ins, "y"),
        );
        let prog = |decl: &str, eq: &str| format!("{DECLS}\n{decl}\n{eq}");
        let plus = |s: f64, t: f64| s + t;
        // mxm; the transpose of the product (operands swapped, `first` becomes `second`).
        let ab = naive_product(a, b, |u, v| u * v, plus);
        let z = "tensor Z[M, N] : fp64 empty 0";
        check(
            &prog(
                z,
                "Z[m, n] = A[m, k] * B[k, n] :: map(k, times, intersect) reduce(k, plus, union)",
            ),
            &refs(&ins),
            &[],
            "Z",
            &ab,
        );
        let zt = "tensor Z[N, M] : fp64";
        let first = naive_product(a, b, |u, _| u, f64::min);
        check(
            &prog(
                zt,
                "Z[n, m] = A[m, k] * B[k, n] :: map(k, first) reduce(k, min)",
            ),
            &refs(&ins),
            &[],
            "Z",
            &transposed(&first),
        );
        // A transposed operand: D' (5×4) times B.
        let dtb = naive_product(&transposed(d), b, |u, v| u - v, plus);
        check(
            &prog(
                z,
                "Z[m, n] = D[k, m] * B[k, n] :: map(k, minus) reduce(k, plus)",
            ),
            &refs(&ins),
            &[],
            "Z",
            &dtb,
        );
        // mxv, vxm, and mxv over A' with the matrix first.
        let w = "tensor w[M] : fp64";
        let ax = naive_product(a, x, |u, v| u * v, plus);
        check(
            &prog(w, "w[m] = A[m, k] * x[k] :: map(k, times) reduce(k, plus)"),
            &refs(&ins),
            &[],
            "w",
            &ax,
        );
        let u = "tensor u[K] : fp64";
        let ya = transposed(&naive_product(&transposed(y), a, |s, t| s.max(t), f64::min));
        check(
            &prog(u, "u[k] = y[m] * A[m, k] :: map(m, max) reduce(m, min)"),
            &refs(&ins),
            &[],
            "u",
            &ya,
        );
        let aty = naive_product(&transposed(a), y, |s, t| s - t, plus);
        check(
            &prog(u, "u[k] = A[m, k] * y[m] :: map(m, minus) reduce(m, plus)"),
            &refs(&ins),
            &[],
            "u",
            &aty,
        );
        // A dot product into a rank-0 tensor.
        let s = "tensor s[] : fp64 empty 0";
        let dot: f64 = x.values().map(|v| v * v).sum();
        let dot = Points::from([((0, 0), dot)]);
        check(
            &prog(s, "s[] = x[k] * x[k] :: map(k, times) reduce(k, plus)"),
            &refs(&ins),
            &[],
            "s",
            &dot,
        );
    }
}

#[test]
fn element_wise_maps_follow_their_merge_and_empty_values() {
    for seed in 4..7 {
        let ins = inputs(seed);
        let (a, c, d) = (pts(&ins, "A"), pts(&ins, "C"), pts(&ins, "D"));
        let both = |f: &dyn Fn(f64, f64) -> f64| -> Points {
            a.iter()
                .filter_map(|(k, &u)| c.get(k).map(|&v| (*k, f(u, v))))
                .collect()
        };
        let either = |ea: Option<f64>, ec: Option<f64>, f: &dyn Fn(f64, f64) -> f64| -> Points {
            let keys: std::collections::BTreeSet<_> = a.keys().chain(c.keys()).collect();
            keys.into_iter()
                .map(|k| {
                    let value = match (a.get(k), c.get(k)) {
                        (Some(&u), Some(&v)) => f(u, v),
                        (Some(&u), None) => ec.map_or(u, |e| f(u, e)),
                        (None, Some(&v)) => ea.map_or(v, |e| f(e, v)),
                        (None, None) => unreachable!(),
                    };
                    (*k, value)
                })
                .collect()
        };
        let z = "tensor Z[M, K] : fp64";
        let prog = |decls: &str, eq: &str| format!("{decls}\n{z}\n{eq}");
        check(
            &prog(DECLS, "Z[m, n] = A[m, n] * C[m, n]"),
            &refs(&ins),
            &[],
            "Z",
            &both(&|u, v| u * v),
        );
        // Union without empty values: a point in one operand passes through (eWiseAdd).
        check(
            &prog(DECLS, "Z[m, n] = A[m, n] - C[m, n]"),
            &refs(&ins),
            &[],
            "Z",
            &either(None, None, &|u, v| u - v),
        );
        // With empty values the missing side stands in (eWiseUnion).
        let filled = DECLS
            .replace("input A[M, K] : fp64", "input A[M, K] : fp64 empty 1")
            .replace("input C[M, K] : fp64", "input C[M, K] : fp64 empty 2");
        check(
            &prog(&filled, "Z[m, n] = A[m, n] - C[m, n] :: map(minus, union)"),
            &refs(&ins),
            &[],
            "Z",
            &either(Some(1.0), Some(2.0), &|u, v| u - v),
        );
        // An operand in the other rank order is transposed.
        let dt = transposed(d);
        let added: Points = {
            let mut out = a.clone();
            for (k, v) in &dt {
                *out.entry(*k).or_insert(0.0) += v;
                if !a.contains_key(k) {
                    out.insert(*k, *v);
                }
            }
            out
        };
        check(
            &prog(DECLS, "Z[m, n] = A[m, n] + D[n, m]"),
            &refs(&ins),
            &[],
            "Z",
            &added,
        );
        // A value bound first or second.
        let bound: Points = a.iter().map(|(k, v)| (*k, 10.0 - v)).collect();
        check(
            &prog(DECLS, "Z[m, n] = 10 - A[m, n] :: map(minus)"),
            &refs(&ins),
            &[],
            "Z",
            &bound,
        );
        let halved: Points = a.iter().map(|(k, v)| (*k, v / 2.0)).collect();
        check(
            &prog(DECLS, "Z[m, n] = A[m, n] / 2"),
            &refs(&ins),
            &[],
            "Z",
            &halved,
        );
    }
}

#[test]
fn reductions_to_rows_columns_and_a_scalar() {
    let ins = inputs(9);
    let a = pts(&ins, "A");
    let fold = |key: &dyn Fn(u64, u64) -> u64, f: &dyn Fn(f64, f64) -> f64| -> Points {
        let mut out = Points::new();
        for (&(i, j), &v) in a {
            out.entry((key(i, j), 0))
                .and_modify(|s| *s = f(*s, v))
                .or_insert(v);
        }
        out
    };
    let prog = |decl: &str, eq: &str| format!("{DECLS}\n{decl}\n{eq}");
    check(
        &prog("tensor r[M] : fp64", "r[m] = A[m, n] :: reduce(n, max)"),
        &refs(&ins),
        &[],
        "r",
        &fold(&|i, _| i, &f64::max),
    );
    check(
        &prog("tensor c[K] : fp64", "c[n] = A[m, n] :: reduce(m, plus)"),
        &refs(&ins),
        &[],
        "c",
        &fold(&|_, j| j, &|s, t| s + t),
    );
    let negated: Points = fold(&|_, j| j, &|s, t| s + t)
        .into_iter()
        .map(|(k, v)| (k, -v))
        .collect();
    check(
        &prog(
            "tensor c[K] : fp64",
            "c[n] = A[m, n] :: map(ainv) reduce(m, plus)",
        ),
        &refs(&ins),
        &[],
        "c",
        &negated,
    );
    let total: f64 = a.values().sum();
    check(
        &prog("tensor s[] : fp64", "s[] = A[m, n] :: reduce(m, n, plus)"),
        &refs(&ins),
        &[],
        "s",
        &Points::from([((0, 0), total)]),
    );
}

#[test]
fn where_clauses_are_masks_and_selects() {
    let mut g = Lcg(21);
    let (a, mut m, e) = (
        points(&mut g, 6, 6, 60),
        points(&mut g, 6, 6, 50),
        points(&mut g, 6, 6, 50),
    );
    m.insert((0, 0), 0.0); // a stored zero: false by value, present by structure
    let ins = [
        ("A", Input::M(6, 6, a.clone())),
        ("M", Input::M(6, 6, m.clone())),
        ("E", Input::M(6, 6, e.clone())),
    ];
    let decls = "input A[V, V] : fp64  input M[V, V] : fp64  input E[V, V] : fp64 empty 9
        tensor Z[V, V] : fp64  param p : int64";
    let keep = |f: &dyn Fn(u64, u64) -> bool| -> Points {
        a.iter()
            .filter(|(&(i, j), _)| f(i, j))
            .map(|(k, v)| (*k, *v))
            .collect()
    };
    let cases: Vec<(&str, Points)> = vec![
        ("n < m", keep(&|i, j| j < i)),
        ("n >= m + 1", keep(&|i, j| j > i)),
        ("m == n", keep(&|i, j| i == j)),
        ("m != n - 2", keep(&|i, j| i + 2 != j)),
        ("m + 1 > n", keep(&|i, j| i + 1 > j)),
        ("m <= 2", keep(&|i, _| i <= 2)),
        ("n > 1", keep(&|_, j| j > 1)),
        ("m == p", keep(&|i, _| i == 3)),
        ("p < n and m < 4", keep(&|i, j| 3 < j && i < 4)),
        (
            "M[m, n]",
            keep(&|i, j| m.get(&(i, j)).is_some_and(|&v| v != 0.0)),
        ),
        (
            "!M[m, n]",
            keep(&|i, j| m.get(&(i, j)).is_none_or(|&v| v == 0.0)),
        ),
        ("M[m, n] != empty", keep(&|i, j| m.contains_key(&(i, j)))),
        ("M[m, n] == empty", keep(&|i, j| !m.contains_key(&(i, j)))),
        (
            "M[m, n] > 3",
            keep(&|i, j| m.get(&(i, j)).is_some_and(|&v| v > 3.0)),
        ),
        // E's empty value 9: empty points pass `> 5` but not `< 5`.
        (
            "E[m, n] < 5",
            keep(&|i, j| e.get(&(i, j)).is_some_and(|&v| v < 5.0)),
        ),
        (
            "E[m, n] > 5",
            keep(&|i, j| e.get(&(i, j)).is_none_or(|&v| v > 5.0)),
        ),
    ];
    for (cond, expected) in cases {
        let text = format!("{decls}\nZ[m, n] = A[m, n] where {cond}");
        check(&text, &refs(&ins), &[("p", 3.0)], "Z", &expected);
    }
    // Populate keeps what it does not write; with an operator it combines.
    let prior: Points = e.clone();
    let mut written = prior.clone();
    for (k, v) in keep(&|i, j| m.get(&(i, j)).is_some_and(|&v| v != 0.0)) {
        written.insert(k, v);
    }
    check(
        &format!("{decls}\nZ[m, n] = E[m, n]\nZ[m, n] <- A[m, n] where M[m, n]"),
        &refs(&ins),
        &[],
        "Z",
        &written,
    );
    let mut summed = prior.clone();
    for (k, v) in &a {
        *summed.entry(*k).or_insert(0.0) += v;
        if !prior.contains_key(k) {
            summed.insert(*k, *v);
        }
    }
    check(
        &format!("{decls}\nZ[m, n] = E[m, n]\nZ[m, n] <- A[m, n] :: populate(plus)"),
        &refs(&ins),
        &[],
        "Z",
        &summed,
    );
}

#[test]
fn coordinates_indirect_indices_and_loops() {
    let perm = [3u64, 0, 4, 1, 2];
    let p: Points = perm
        .iter()
        .enumerate()
        .map(|(i, &v)| ((i as u64, 0), v as f64))
        .collect();
    let mut g = Lcg(5);
    let x = points(&mut g, 5, 1, 60);
    let ins = [("p", Input::V(5, p)), ("x", Input::V(5, x.clone()))];
    let decls = "input p[N] : fp64  input x[N] : fp64  tensor w[N] : fp64  tensor s[] : fp64";
    // A gather reads every point of the index: x full here.
    let full: Points = (0..5).map(|i| ((i, 0), (i * 10) as f64)).collect();
    let full_ins = [
        ("p", Input::V(5, ins[0].1.points().clone())),
        ("x", Input::V(5, full.clone())),
    ];
    let expected: Points = (0..5u64)
        .map(|i| ((i, 0), (perm[i as usize] * 10) as f64))
        .collect();
    check(
        &format!("{decls}\nw[m] = x[p[m]]"),
        &refs(&full_ins),
        &[],
        "w",
        &expected,
    );
    let coords: Points = x.keys().map(|&(i, _)| ((i, 0), i as f64)).collect();
    check(
        &format!("{decls}\nw[m] = m where x[m] != empty"),
        &refs(&ins),
        &[],
        "w",
        &coords,
    );
    let all: Points = (0..5).map(|i| ((i, 0), i as f64)).collect();
    check(&format!("{decls}\nw[m] = m"), &refs(&ins), &[], "w", &all);
    // s = 1 + 2 + 3 + 4 stops the loop after its fourth iteration.
    for mode in [Mode::Blocking, Mode::NonBlocking] {
        with_mode(mode, || {
            let prog = Program::parse(&format!(
                "{decls}\ns[] = 0\nloop i max 50 {{ s[] = s[] + i }} until s >= 10 or i > 20"
            ))
            .unwrap();
            let mut r = prog.runner();
            r.vector_input("p", &vector(5, full_ins[0].1.points()))
                .unwrap();
            r.vector_input("x", &vector(5, &full)).unwrap();
            r.run().unwrap();
            assert_eq!(r.scalar::<f64>("s").unwrap(), Some(10.0));
            assert_eq!(r.iterations(), &[4]);
        });
    }
}

impl Input {
    fn points(&self) -> &Points {
        match self {
            Input::M(_, _, p) | Input::V(_, p) => p,
        }
    }
}

/// The error `text` is rejected with: its class, line and column.
fn rejected(text: &str) -> (ErrorKind, u32, u32, String) {
    let e = Program::parse(text)
        .err()
        .unwrap_or_else(|| panic!("accepted: {text}"));
    (e.kind(), e.span().line, e.span().col, e.to_string())
}

#[test]
fn malformed_programs_are_rejected_where_they_go_wrong() {
    use ErrorKind::*;
    let cases: [(&str, ErrorKind, u32, u32); 20] = [
        // Syntax.
        ("input A[V, V : fp64", Syntax, 1, 14),
        ("input A[V] : fp64\ntensor Z[V] : fp64\nZ[m] = ", Syntax, 3, 8),
        ("input A[V] : fp64\nZ[m] $ A[m]", Syntax, 2, 6),
        ("tensor Z[V] : fp64\nloop { Z[m] = 1 }", Syntax, 2, 1),
        ("input A[V] : fp64 tensor Z[V] : fp64\nZ[m] = A[m] :: populate(plus)", Syntax, 2, 16),
        ("input A[V] : float", Syntax, 1, 14),
        // Names.
        ("tensor Z[V] : fp64\nZ[m] = Q[m]", Name, 2, 8),
        ("tensor where[V] : fp64", Name, 1, 8),
        ("tensor Z[V] : fp64\ntensor Z[V] : fp64", Name, 2, 8),
        ("input A[V] : fp64 tensor Z[V] : fp64\nZ[m] = A[m] :: map(frobnicate)", Name, 2, 20),
        // Ranks, shapes, missing reductions.
        ("input A[V, V] : fp64 tensor Z[V] : fp64\nZ[m] = A[m]", Mismatch, 2, 8),
        ("input A[V, W] : fp64 tensor Z[V] : fp64\nZ[m] = A[m, m] :: reduce(m, plus)", Mismatch, 2, 13),
        ("input A[V, V] : fp64 tensor Z[V] : fp64\nZ[m] = A[m, n]", Mismatch, 2, 8),
        // Empty values against operator properties.
        ("input A[V, V] : fp64 tensor Z[V] : fp64 empty 1\nZ[m] = A[m, n] :: reduce(n, plus)", Property, 2, 1),
        ("input X[V] : fp64 empty 1 input Y[V] : fp64 tensor Z[V] : fp64 empty 0\nZ[m] = X[m] * Y[m]", Property, 2, 13),
        ("input X[V] : fp64 empty 1 input Y[V] : fp64 empty 1 tensor Z[V] : fp64 empty 0\nZ[m] = X[m] + Y[m]", Property, 2, 13),
        // What the engine cannot express.
        ("tensor T[V, V, V] : fp64", Unsupported, 1, 8),
        ("input A[V, V] : fp64 tensor Z[V, V] : fp64\nZ[m, n] = A[m, k] + A[k, n] :: reduce(k, plus)", Unsupported, 2, 19),
        ("input A[V, V] : fp64 input x[V] : fp64 tensor Z[V, V] : fp64\nZ[m, n] = A[m, n] * x[n]", Unsupported, 2, 19),
        ("input A[V] : fp64 input B[V] : fp64 tensor Z[V] : fp64\nZ[m] = A[m] * B[m] + A[m]", Unsupported, 2, 13),
    ];
    for (text, kind, line, col) in cases {
        let (k, l, c, message) = rejected(text);
        assert_eq!((k, l, c), (kind, line, col), "{text}\n{message}");
        // The message shows the line with a caret under the position.
        assert!(
            message.contains(&format!(
                "\n  {}",
                text.lines().nth(line as usize - 1).unwrap()
            )),
            "{message}"
        );
    }
    let more = [
        ("input A[V] : fp64 input M[V] : fp64 tensor Z[V] : fp64\nZ[m] = A[m] where M[m] and !A[m]", Unsupported),
        ("input A[V] : fp64 tensor Z[V] : fp64 param p : int64\nZ[m] = A[m] where m != p", Unsupported),
        ("input A[V, V] : fp64 tensor Z[V] : fp64\nZ[m] = A[m, n] :: reduce(n, minus)", Property),
        ("input A[V, V] : fp64 tensor Z[V] : fp64\nZ[m] = A[m, n] :: reduce(n, plus, intersect)", Unsupported),
    ];
    for (text, kind) in more {
        assert_eq!(rejected(text).0, kind, "{text}");
    }
}

#[test]
fn runs_report_unbound_inputs_and_wrong_types() {
    let p =
        Program::parse("input A[V, V] : fp64 tensor Z[V, V] : fp64\nZ[m, n] = A[m, n]").unwrap();
    let mut r = p.runner();
    assert_eq!(r.run().unwrap_err().kind(), ErrorKind::Run);
    let ints = Matrix::<i64>::from_triplets(2, 2, [(0, 1, 3)]).unwrap();
    assert_eq!(
        r.matrix_input("A", &ints).err().unwrap().kind(),
        ErrorKind::Mismatch
    );
    assert_eq!(
        r.matrix_input("B", &ints).err().unwrap().kind(),
        ErrorKind::Name
    );
    let a = Matrix::<f64>::from_triplets(2, 2, [(0, 1, 3.0)]).unwrap();
    r.matrix_input("A", &a).unwrap();
    r.run().unwrap();
    assert_eq!(
        r.matrix::<f64>("Z").unwrap().triplets().unwrap(),
        vec![(0, 1, 3.0)]
    );
    assert_eq!(
        r.matrix::<i64>("Z").err().unwrap().kind(),
        ErrorKind::Mismatch
    );
}

#[test]
fn user_defined_operators_map_reduce_and_are_checked() {
    use graphblas::edge::Operators;
    use graphblas::{BinaryOp, Monoid};
    let spread = BinaryOp::new("spread", |x: f64, y: f64| (x - y).abs());
    let larger = Monoid::new(
        BinaryOp::new("larger", |x: f64, y: f64| x.max(y)),
        f64::NEG_INFINITY,
    )
    .unwrap();
    let ops = Operators::new()
        .binary("spread", spread)
        .monoid("larger", larger)
        .binary("count", BinaryOp::new("count", |x: i64, y: i64| x + y));
    let ins = inputs(11);
    let (a, c) = (pts(&ins, "A"), pts(&ins, "C"));
    let text = format!(
        "{DECLS}\ntensor Z[M, K] : fp64\ntensor r[M] : fp64\n\
         Z[m, n] = A[m, n] * C[m, n] :: map(spread, intersect)\n\
         r[m] = Z[m, n] :: reduce(n, larger)"
    );
    let mut expected = Points::new();
    for (&(i, j), &u) in a {
        if let Some(&v) = c.get(&(i, j)) {
            let e = expected.entry((i, 0)).or_insert(f64::NEG_INFINITY);
            *e = e.max((u - v).abs());
        }
    }
    for mode in [Mode::Blocking, Mode::NonBlocking] {
        let got = with_mode(mode, || {
            let p = Program::parse_with(&text, &ops).unwrap_or_else(|e| panic!("{e}"));
            let mut r = p.runner();
            for (name, input) in &ins {
                match input {
                    Input::M(m, n, p) => r.matrix_input(name, &matrix(*m, *n, p)).map(|_| ()),
                    Input::V(n, p) => r.vector_input(name, &vector(*n, p)).map(|_| ()),
                }
                .unwrap();
            }
            r.run().unwrap();
            r.vector::<f64>("r").unwrap().pairs().unwrap()
        });
        let got: Points = got.into_iter().map(|(i, x)| ((i, 0), x)).collect();
        assert_eq!(got, expected, "{mode:?}");
    }
    let reject = |text: &str| Program::parse_with(text, &ops).err().unwrap().kind();
    // An empty value that does not annihilate the user's operator.
    let decl = "input X[V] : fp64 empty 0 input Y[V] : fp64 tensor Z[V] : fp64 empty 0\n";
    assert_eq!(
        reject(&format!(
            "{decl}Z[m] = X[m] * Y[m] :: map(spread, intersect)"
        )),
        ErrorKind::Property
    );
    // Defined on int64 only; unknown without registering.
    assert_eq!(
        reject(&format!(
            "{decl}Z[m] = X[m] * Y[m] :: map(count, intersect)"
        )),
        ErrorKind::Mismatch
    );
    assert_eq!(
        Program::parse(&format!(
            "{decl}Z[m] = X[m] * Y[m] :: map(spread, intersect)"
        ))
        .err()
        .unwrap()
        .kind(),
        ErrorKind::Name
    );
}
