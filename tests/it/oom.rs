//! Out of memory: a request that cannot be allocated returns
//! `GrB_OUT_OF_MEMORY` and leaves every object as it was; nothing aborts.
//!
//! Two kinds of request: outputs too large for any machine (every index of a
//! vector or a block of a matrix with a dimension near 2^60), and ordinary
//! outputs under an address-space limit (`setrlimit(RLIMIT_AS)`, like `ulimit
//! -v`), which runs in a child process so the limit binds nothing else.

use graphblas::raw::algebra::{
    BinaryCode, BinaryOp, IndexUnaryCode, IndexUnaryOp, Semiring, Type, TypeCode, UnaryCode,
    UnaryOp, Value,
};
use graphblas::raw::object::{Descriptor, Matrix, Vector};
use graphblas::raw::ops::indices::Indices;
use graphblas::raw::ops::{apply, assign, diag, ewise, extract, kron, mxm, select, transpose};
use graphblas::{with_mode, Mode};
use graphblas::{Info, Result};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

const HUGE: u64 = 1 << 60;

/// The entry count and the value at `i`, to compare before and after.
fn state(v: &Vector, i: u64) -> (usize, Option<f64>) {
    let x = v
        .extract_element(i)
        .unwrap()
        .map(|x| x.cast(&Type::FP64).unwrap().get::<f64>().unwrap());
    (v.nvals().unwrap(), x)
}

#[test]
fn a_scalar_to_every_index_of_a_huge_vector_is_out_of_memory() {
    for ty in [Type::BOOL, Type::FP64] {
        let w = Vector::new(&ty, HUGE).unwrap();
        w.set_element(5, &Value::new(true).cast(&ty).unwrap())
            .unwrap();
        let before = state(&w, 5);
        let d = Descriptor::default();
        let err = assign::assign_vector_scalar(&w, None, None, &Value::new(1u8), Indices::All, &d)
            .unwrap_err();
        assert_eq!(err.info, Info::OutOfMemory, "{}", err.message);
        assert_eq!(state(&w, 5), before);
    }
}

#[test]
fn a_scalar_to_a_huge_block_of_a_matrix_is_out_of_memory() {
    let c = Matrix::new(&Type::INT32, 1000, HUGE).unwrap();
    c.set_element(3, HUGE - 1, &Value::new(7i32)).unwrap();
    let d = Descriptor::default();
    let err = assign::assign_scalar(
        &c,
        None,
        None,
        &Value::new(1i32),
        Indices::All,
        Indices::All,
        &d,
    )
    .unwrap_err();
    assert_eq!(err.info, Info::OutOfMemory, "{}", err.message);
    assert_eq!(c.nvals().unwrap(), 1);
    assert_eq!(
        c.extract_element(3, HUGE - 1)
            .unwrap()
            .unwrap()
            .get::<i32>(),
        Some(7)
    );
}

/// The environment variable naming the case a limited child runs (`case/mode`).
const CHILD: &str = "GRAPHBLAS_OOM_CHILD";

/// Entries of the large dense vectors: 2^24 doubles (128 MiB).
const N: u64 = 1 << 24;
/// The side of the square results built from two thin inputs: 2^12, so 2^24
/// entries (128 MiB of values, as much again of indices) from inputs of 32 KiB.
const SIDE: u64 = 1 << 12;
/// How much more address space than it already holds a limited child may
/// use: half the values of any result tried.
const HEADROOM: u64 = 64 << 20;

/// An operation run under an address-space limit, in one child process.
struct Case {
    name: &'static str,
    /// Builds the inputs and calls [`check`] with the operation.
    run: fn(Mode),
}

const CASES: &[Case] = &[
    Case {
        name: "apply",
        run: apply_case,
    },
    Case {
        name: "eWiseAdd",
        run: ewise_add_case,
    },
    Case {
        name: "eWiseMult",
        run: ewise_mult_case,
    },
    Case {
        name: "extractTuples",
        run: extract_tuples_case,
    },
    Case {
        name: "mxm",
        run: mxm_case,
    },
    Case {
        name: "mxv",
        run: mxv_case,
    },
    Case {
        name: "vxm",
        run: vxm_case,
    },
    Case {
        name: "select",
        run: select_case,
    },
    Case {
        name: "extract",
        run: extract_case,
    },
    Case {
        name: "assign",
        run: assign_case,
    },
    Case {
        name: "accumulate",
        run: accumulate_case,
    },
    Case {
        name: "mask",
        run: mask_case,
    },
    Case {
        name: "kronecker",
        run: kronecker_case,
    },
    Case {
        name: "transpose",
        run: transpose_case,
    },
    Case {
        name: "wait",
        run: wait_case,
    },
    Case {
        name: "Matrix_diag",
        run: diag_case,
    },
    Case {
        name: "vxm without room for a transpose",
        run: vxm_without_room_for_a_transpose_case,
    },
];

const MODES: [(&str, Mode); 2] = [
    ("blocking", Mode::Blocking),
    ("nonblocking", Mode::NonBlocking),
];

/// Runs every case in both modes, each in its own child process (so one that
/// aborts is reported by name and the others still run), two at a time.
#[test]
fn operations_under_an_address_space_limit_fail_cleanly() {
    let exe = std::env::current_exe().unwrap();
    let runs: Vec<String> = CASES
        .iter()
        .flat_map(|case| MODES.map(|(mode, _)| format!("{}/{mode}", case.name)))
        .collect();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(which) = runs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let out = Command::new(&exe)
                        .args([
                            "--exact",
                            "oom::limited_child", // its name in the `it` binary
                            "--ignored",
                            "--nocapture",
                            "--test-threads=1",
                        ])
                        .env(CHILD, which)
                        .output()
                        .unwrap();
                    let text = String::from_utf8_lossy(&out.stdout).to_string()
                        + &String::from_utf8_lossy(&out.stderr);
                    if !out.status.success() || !text.contains("limited child done") {
                        let failure = format!("{which} ({}):\n{text}", out.status);
                        failures.lock().unwrap().push(failure);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Run by `operations_under_an_address_space_limit_fail_cleanly` in a child:
/// the case and mode named by [`CHILD`].
#[test]
#[ignore = "run by operations_under_an_address_space_limit_fail_cleanly"]
fn limited_child() {
    let Ok(which) = std::env::var(CHILD) else {
        return;
    };
    let (name, mode) = which.split_once('/').expect("case/mode");
    let case = CASES.iter().find(|c| c.name == name).expect("a known case");
    let (_, mode) = MODES.into_iter().find(|m| m.0 == mode).expect("a mode");
    // Start the worker threads (their stacks and allocator arenas) before the limit.
    small_apply_works();
    (case.run)(mode);
    println!("limited child done");
}

/// The process's current address-space size in bytes (`VmSize`).
fn address_space() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmSize:")).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// Sets the soft address-space limit (like `ulimit -v`), returning the old one.
fn set_address_limit(bytes: u64) -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read or write the one struct passed.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_AS, &mut lim), 0);
        let old = lim.rlim_cur;
        lim.rlim_cur = bytes;
        assert_eq!(libc::setrlimit(libc::RLIMIT_AS, &lim), 0);
        old
    }
}

/// A small operation, which must work under the limit too.
fn small_apply_works() {
    let ainv = UnaryOp::builtin(UnaryCode::Ainv, TypeCode::Fp64).unwrap();
    let small = Vector::new(&Type::FP64, 10).unwrap();
    small.set_element(1, &Value::new(3.0f64)).unwrap();
    let out = Vector::new(&Type::FP64, 10).unwrap();
    apply::apply_unary_vector(&out, None, None, &ainv, &small, &Descriptor::default()).unwrap();
    assert_eq!(state(&out, 1), (1, Some(-3.0)));
}

/// An operation checked under the limit.
struct Request<'a> {
    /// The objects it reads: they must not change.
    inputs: &'a [&'a Matrix],
    /// The object it writes, if any: unchanged when the call reports the error.
    output: Option<&'a Matrix>,
    /// The call.
    call: &'a dyn Fn() -> Result<()>,
    /// Reads the entry count of the result (computing it when pending).
    read: &'a dyn Fn() -> Result<usize>,
    /// The entry count of the result when there is room for it.
    entries: usize,
}

/// Limits the address space to what the process holds plus [`HEADROOM`] and
/// runs `r` in `mode`: the call (in blocking mode) or the call or the read
/// of its pending result (in non-blocking mode) must fail with
/// `GrB_OUT_OF_MEMORY`, leaving the inputs (and the output, when the call
/// failed) holding the very same content; small operations must still work.
/// Then the limit is lifted and the same request must succeed, with
/// `r.entries` entries (so the error was the limit's, and nothing was lost).
fn check(mode: Mode, r: Request) {
    with_mode(mode, || {
        let inputs: Vec<_> = r.inputs.iter().map(|m| m.snapshot().unwrap()).collect();
        let output = r.output.map(|c| c.snapshot().unwrap());
        let old = set_address_limit(address_space() + HEADROOM);
        let err = match (r.call)() {
            Err(e) => {
                if let (Some(c), Some(before)) = (r.output, &output) {
                    assert!(
                        Arc::ptr_eq(&c.snapshot().unwrap(), before),
                        "the output changed"
                    );
                }
                println!("reported by the call");
                e
            }
            Ok(()) => {
                assert_eq!(
                    mode,
                    Mode::NonBlocking,
                    "a blocking call must report the error"
                );
                println!("reported by reading the pending result");
                let err = (r.read)().expect_err("reading the result");
                // The failed result stays on the output until it is
                // overwritten (docs/COMPATIBILITY.md): the retry below
                // starts again from the output's original content.
                if let (Some(c), Some(before)) = (r.output, &output) {
                    c.set_arc(before.clone());
                }
                err
            }
        };
        assert_eq!(err.info, Info::OutOfMemory, "{}", err.message);
        for (m, before) in r.inputs.iter().zip(&inputs) {
            assert!(
                Arc::ptr_eq(&m.snapshot().unwrap(), before),
                "an input changed"
            );
        }
        small_apply_works();
        set_address_limit(old);
        (r.call)().expect("the call with the limit lifted");
        assert_eq!(
            (r.read)().expect("the result with the limit lifted"),
            r.entries
        );
    });
}

/// A dense vector of [`N`] twos.
fn dense_vector(n: u64) -> Vector {
    let u = Vector::new(&Type::FP64, n).unwrap();
    let d = Descriptor::default();
    assign::assign_vector_scalar(&u, None, None, &Value::new(2.0f64), Indices::All, &d).unwrap();
    u
}

/// A full `nrows × ncols` matrix of twos.
fn full_matrix(nrows: u64, ncols: u64) -> Matrix {
    let a = Matrix::new(&Type::FP64, nrows, ncols).unwrap();
    let d = Descriptor::default();
    let two = Value::new(2.0f64);
    assign::assign_scalar(&a, None, None, &two, Indices::All, Indices::All, &d).unwrap();
    a
}

/// An output vector of size `n` holding one entry (so "unchanged" means something).
fn output_vector(n: u64) -> Vector {
    let w = Vector::new(&Type::FP64, n).unwrap();
    w.set_element(9, &Value::new(-1.0f64)).unwrap();
    w
}

/// An output matrix holding one entry.
fn output_matrix(nrows: u64, ncols: u64) -> Matrix {
    let c = Matrix::new(&Type::FP64, nrows, ncols).unwrap();
    c.set_element(0, 9, &Value::new(-1.0f64)).unwrap();
    c
}

/// A vector operation `w = f(u)` (or of `u` and itself) on the dense vector
/// `u` of [`N`] entries, with a result of `N` entries.
fn vector_case(mode: Mode, f: &dyn Fn(&Vector, &Vector) -> Result<()>) {
    let u = dense_vector(N);
    let w = output_vector(N);
    check(
        mode,
        Request {
            inputs: &[u.as_matrix()],
            output: Some(w.as_matrix()),
            call: &|| f(&w, &u),
            read: &|| w.nvals(),
            entries: N as usize,
        },
    );
}

fn fp64_op(code: BinaryCode) -> BinaryOp {
    BinaryOp::builtin(code, TypeCode::Fp64).unwrap()
}

fn apply_case(mode: Mode) {
    let ainv = UnaryOp::builtin(UnaryCode::Ainv, TypeCode::Fp64).unwrap();
    let d = Descriptor::default();
    vector_case(mode, &|w, u| {
        apply::apply_unary_vector(w, None, None, &ainv, u, &d)
    });
}

fn ewise_add_case(mode: Mode) {
    let (plus, d) = (fp64_op(BinaryCode::Plus), Descriptor::default());
    vector_case(mode, &|w, u| {
        ewise::ewise_add_vector(w, None, None, &plus, u, u, &d)
    });
}

fn ewise_mult_case(mode: Mode) {
    let (times, d) = (fp64_op(BinaryCode::Times), Descriptor::default());
    vector_case(mode, &|w, u| {
        ewise::ewise_mult_vector(w, None, None, &times, u, u, &d)
    });
}

/// A positional select keeping every entry of the vector of twos: a new
/// result (a `VALUE*` comparison keeping all of one-valued content would
/// share the input instead).
fn select_case(mode: Mode) {
    let rowle = IndexUnaryOp::builtin(IndexUnaryCode::Rowle, TypeCode::Int64).unwrap();
    let d = Descriptor::default();
    let last = Value::new(N as i64 - 1);
    vector_case(mode, &|w, u| {
        select::select_vector(w, None, None, &rowle, u, &last, &d)
    });
}

/// The indices `N - 1, …, 1, 0`: a permutation, so the result is a new
/// array (with `GrB_ALL` it would share the input's).
fn reversed() -> Vec<u64> {
    (0..N).rev().collect()
}

fn extract_case(mode: Mode) {
    let (d, rev) = (Descriptor::default(), reversed());
    vector_case(mode, &|w, u| {
        extract::extract_vector(w, None, None, u, Indices::List(&rev), &d)
    });
}

fn assign_case(mode: Mode) {
    let (d, rev) = (Descriptor::default(), reversed());
    vector_case(mode, &|w, u| {
        assign::assign_vector(w, None, None, u, Indices::List(&rev), &d)
    });
}

/// `w += u(:)`: the extracted `u` is shared, not copied, so what needs room
/// is the write-back merging it into `w` with the accumulator.
fn accumulate_case(mode: Mode) {
    let (d, plus) = (Descriptor::default(), fp64_op(BinaryCode::Plus));
    vector_case(mode, &|w, u| {
        extract::extract_vector(w, None, Some(&plus), u, Indices::All, &d)
    });
}

/// `w<m> = u(:)` with a dense structural mask `m`: the write-back reads the
/// mask's pattern.
fn mask_case(mode: Mode) {
    let m = dense_vector(N);
    let d = Descriptor {
        mask_structural: true,
        ..Descriptor::default()
    };
    vector_case(mode, &|w, u| {
        extract::extract_vector(w, Some(&m), None, u, Indices::All, &d)
    });
}

fn extract_tuples_case(mode: Mode) {
    let u = dense_vector(N);
    let count = std::cell::Cell::new(0);
    check(
        mode,
        Request {
            inputs: &[u.as_matrix()],
            output: None,
            call: &|| {
                count.set(u.extract_tuples()?.0.len());
                Ok(())
            },
            read: &|| Ok(count.get()),
            entries: N as usize,
        },
    );
}

fn plus_times() -> Semiring {
    Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap()
}

/// `C = A * B` of a full `SIDE × 1` and a full `1 × SIDE` matrix: the outer
/// product, `SIDE²` entries.
fn mxm_case(mode: Mode) {
    let (a, b) = (full_matrix(SIDE, 1), full_matrix(1, SIDE));
    let c = output_matrix(SIDE, SIDE);
    let (s, d) = (plus_times(), Descriptor::default());
    check(
        mode,
        Request {
            inputs: &[&a, &b],
            output: Some(&c),
            call: &|| mxm::mxm(&c, None, None, &s, &a, &b, &d),
            read: &|| c.nvals(),
            entries: (SIDE * SIDE) as usize,
        },
    );
}

/// `w = A * u` with `A` a full `N × 1` matrix and `u` of size 1.
fn mxv_case(mode: Mode) {
    let (a, u) = (full_matrix(N, 1), dense_vector(1));
    let w = output_vector(N);
    let (s, d) = (plus_times(), Descriptor::default());
    check(
        mode,
        Request {
            inputs: &[&a, u.as_matrix()],
            output: Some(w.as_matrix()),
            call: &|| mxm::mxv(&w, None, None, &s, &a, &u, &d),
            read: &|| w.nvals(),
            entries: N as usize,
        },
    );
}

/// `w' = u' * A` with `u` of size 1 and `A` a full `1 × N` matrix.
fn vxm_case(mode: Mode) {
    let (a, u) = (full_matrix(1, N), dense_vector(1));
    let w = output_vector(N);
    let (s, d) = (plus_times(), Descriptor::default());
    check(
        mode,
        Request {
            inputs: &[&a, u.as_matrix()],
            output: Some(w.as_matrix()),
            call: &|| mxm::vxm(&w, None, None, &s, &u, &a, &d),
            read: &|| w.nvals(),
            entries: N as usize,
        },
    );
}

/// `w = u * A` six times, `u` dense and `A` sparse by rows, under a limit
/// that leaves room for the products as `A` is stored but not for `A'`
/// (116 MiB of buffers): once the products have paid for a transpose the
/// planner would pull from `A'` (PageRank's products on a large graph),
/// and must read `A` as stored instead of failing. Every product equals
/// the one computed with the limit lifted.
fn vxm_without_room_for_a_transpose_case(mode: Mode) {
    const N: u64 = 1 << 20;
    const PER_ROW: u64 = 4;
    let a = Matrix::new(&Type::FP64, N, N).unwrap();
    let rows: Vec<u64> = (0..N * PER_ROW).map(|k| k / PER_ROW).collect();
    let cols: Vec<u64> = (0..N * PER_ROW).map(|k| (k * 2_654_435_761) % N).collect();
    let vals = graphblas::raw::storage::Array::from_vec(vec![1.5f64; rows.len()]);
    a.build(&rows, &cols, vals, Some(&fp64_op(BinaryCode::Plus)))
        .unwrap();
    let u = dense_vector(N);
    let (s, d) = (plus_times(), Descriptor::default());
    let product = || {
        let w = output_vector(N);
        mxm::vxm(&w, None, None, &s, &u, &a, &d)?;
        w.extract_tuples()
    };
    with_mode(mode, || {
        let old = set_address_limit(address_space() + HEADROOM);
        let limited: Vec<_> = (0..6).map(|_| product()).collect();
        set_address_limit(old);
        let expected = product().unwrap();
        for w in limited {
            assert_eq!(w.expect("a product that fits as A is stored"), expected);
        }
    });
}

/// `C = kron(A, B)` of a full `SIDE × 1` and a full `1 × SIDE` matrix.
fn kronecker_case(mode: Mode) {
    let (a, b) = (full_matrix(SIDE, 1), full_matrix(1, SIDE));
    let c = output_matrix(SIDE, SIDE);
    let (times, d) = (fp64_op(BinaryCode::Times), Descriptor::default());
    check(
        mode,
        Request {
            inputs: &[&a, &b],
            output: Some(&c),
            call: &|| kron::kronecker(&c, None, None, &times, &a, &b, &d),
            read: &|| c.nvals(),
            entries: (SIDE * SIDE) as usize,
        },
    );
}

/// `C = A'` with `A` a full `N × 1` matrix.
fn transpose_case(mode: Mode) {
    let a = full_matrix(N, 1);
    let c = output_matrix(1, N);
    let d = Descriptor::default();
    check(
        mode,
        Request {
            inputs: &[&a],
            output: Some(&c),
            call: &|| transpose::transpose(&c, None, None, &a, &d),
            read: &|| c.nvals(),
            entries: N as usize,
        },
    );
}

/// `setElement` and `removeElement` on a full matrix of [`N`] entries whose
/// content is shared (with a dup), then `GrB_wait`: the updates must be
/// recorded without copying the content, and assembling them needs room for
/// a new copy. After the failed wait the updates must still be pending (not
/// lost), and the dup must never change.
fn wait_case(mode: Mode) {
    let a = full_matrix(SIDE, N / SIDE);
    let b = a.dup().unwrap();
    check(
        mode,
        Request {
            inputs: &[&b],
            output: None,
            call: &|| {
                a.set_element(1, 1, &Value::new(5.0f64))
                    .expect("setElement records the update");
                a.remove_element(0, 0)
                    .expect("removeElement records the update");
                assert!(a.has_pending_work());
                a.wait()
            },
            read: &|| a.nvals(),
            entries: N as usize - 1,
        },
    );
    assert_eq!(a.extract_element(0, 0).unwrap(), None);
    let at = |m: &Matrix, i, j| {
        m.extract_element(i, j)
            .unwrap()
            .and_then(|x| x.get::<f64>())
    };
    assert_eq!(at(&a, 1, 1), Some(5.0));
    assert_eq!(
        (b.nvals().unwrap(), at(&b, 0, 0), at(&b, 1, 1)),
        (N as usize, Some(2.0), Some(2.0))
    );
}

/// `GrB_Matrix_diag` of a dense vector of [`N`] entries: a new `N × N`
/// matrix with `N` entries (indices and pointers for each).
fn diag_case(mode: Mode) {
    let v = dense_vector(N);
    let made = std::cell::RefCell::new(None);
    check(
        mode,
        Request {
            inputs: &[v.as_matrix()],
            output: None,
            call: &|| {
                *made.borrow_mut() = Some(diag::matrix_diag(&v, 0)?);
                Ok(())
            },
            read: &|| made.borrow().as_ref().map_or(Ok(0), Matrix::nvals),
            entries: N as usize,
        },
    );
}
