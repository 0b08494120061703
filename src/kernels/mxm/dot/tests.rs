//! Unit tests of the dot-product kernels.

use super::dot2::{fold_run, lanes_from};
use super::*;
use crate::algebra::typed_op::FnOp;
use crate::algebra::{BinaryCode, Semiring, TypeCode};
use crate::cpu::has_avx2;
use crate::storage::Array;

/// One vector of length `len` with entries at `ks`, valued `k + 1`.
fn vector(len: u64, ks: &[u64]) -> Compressed {
    let x = Array::from_vec(ks.iter().map(|&k| k as f64 + 1.0).collect::<Vec<_>>());
    Compressed::vector(len, ks.to_vec(), x)
}

fn dot_of(l: &Compressed, r: &Compressed) -> Option<f64> {
    let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
    let job = Dot2 {
        l,
        r: RCols::Sparse(r),
        ncols: 1,
        mask: &MaskView::None,
        blocks: Blocks::None,
    };
    let x = match crate::kernels::mxm::tiers::run(&s, &l.x, &r.x, false, job) {
        Product::Column(b) => b.b[0].then_some(b.x),
        Product::Rows(parts) => {
            let c = parts.assemble(None).unwrap();
            (c.nvals() == 1).then_some(c.x)
        }
    };
    x.map(|x| x.as_slice::<f64>().unwrap()[0])
}

#[test]
fn merges_and_gallops_agree() {
    let long: Vec<u64> = (0..500).filter(|k| k % 3 != 1).collect();
    for short in [vec![1, 3, 299, 498], vec![0, 499], vec![1, 4, 7]] {
        let expected: f64 = short
            .iter()
            .filter(|k| long.contains(k))
            .map(|&k| (k as f64 + 1.0) * (k as f64 + 1.0))
            .sum();
        let expected = (expected > 0.0).then_some(expected);
        let (a, b) = (vector(500, &short), vector(500, &long));
        assert_eq!(dot_of(&a, &b), expected, "short left {short:?}");
        assert_eq!(dot_of(&b, &a), expected, "short right {short:?}");
    }
    let (a, b) = (vector(500, &long), vector(500, &long[3..]));
    let expected: f64 = long[3..].iter().map(|&k| (k as f64 + 1.0).powi(2)).sum();
    assert_eq!(dot_of(&a, &b), Some(expected));
}

#[test]
fn runs_shorter_than_the_lanes_fold_left_to_right() {
    // `f(z, y) = 2z + y` is not commutative: the result shows the order.
    let f = FnOp::<i64>(|z, y| z.wrapping_mul(2).wrapping_add(y));
    let cached = lanes_from(1 << 10);
    for (lanes, longest) in [(cached, cached), (lanes_from(1 << 30), 300)] {
        for n in 1..longest as u64 {
            let expected = (1..n as i64).fold(0i64, |z, k| z.wrapping_mul(2).wrapping_add(k));
            let ks: Vec<u64> = (0..n).collect();
            let got = fold_run(f, (&ks, &ks), lanes, |_, k| k as i64);
            assert_eq!(got, expected, "{n} values, lanes from {lanes}");
        }
    }
}

#[test]
fn long_runs_pair_each_value_with_its_index() {
    // Every product of a run is folded once, with its own value and
    // index, whatever part of the lanes or the tail it falls in.
    let plus = FnOp::<i64>(|z, y| z + y);
    for lanes in [5, lanes_from(1 << 10), lanes_from(1 << 30)] {
        for n in 5..80i64 {
            let ls: Vec<i64> = (0..n + 3).map(|k| 1000 * k).collect();
            let is: Vec<u64> = (0..n as u64).map(|k| 7 * k).collect();
            let expected: i64 = (0..n).map(|k| 1000 * k * (7 * k)).sum();
            let got = fold_run(plus, (&ls, &is), lanes, |l, i| l * i as i64);
            assert_eq!(got, expected, "{n} values, lanes from {lanes}");
        }
    }
}

/// `vdim` vectors of length `vlen` from a seed: vector `v` holds index `k`
/// when a hash of `(v, k)` falls under `density` percent (1 percent for
/// every fourth vector), valued `v + k + 1`.
fn pseudo_random(vlen: u64, vdim: u64, density: u64, seed: u64) -> Compressed {
    let (mut p, mut i, mut x) = (vec![0], Vec::new(), Vec::new());
    for v in 0..vdim {
        let density = if v % 4 == 0 { 1 } else { density };
        for k in 0..vlen {
            let h = (v * 7919 + k * 104_729 + seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54;
            if h % 100 < density {
                i.push(k);
                x.push((v + k + 1) as f64);
            }
        }
        p.push(i.len());
    }
    Compressed {
        vlen,
        vdim,
        h: None,
        p,
        i: i.into(),
        x: Array::from_vec(x),
    }
}

/// The entries `(i, j, L(i,:) · R(:,j))` of the mask's entries that share an index.
fn naive_dot3(l: &Compressed, r: &Compressed, m: &Compressed) -> Vec<(u64, u64, f64)> {
    let (lx, rx) = (
        l.x.as_slice::<f64>().unwrap(),
        r.x.as_slice::<f64>().unwrap(),
    );
    let mut out = Vec::new();
    for (i, j, _) in m.entries() {
        let (lr, rr) = (l.vector_range(i), r.vector_range(j));
        let mut z = None;
        for q in lr {
            if let Some(pb) = rr.clone().find(|&pb| r.i[pb] == l.i[q]) {
                z = Some(z.unwrap_or(0.0) + lx[q] * rx[pb]);
            }
        }
        if let Some(z) = z {
            out.push((i, j, z));
        }
    }
    out
}

#[test]
fn spread_rows_and_merges_agree_with_the_naive_dot_products() {
    let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
    // Rows of L met by several mask entries are spread; the columns of R
    // are short, comparable and (the hub, column 3) long against them: a
    // hub against a row of a few entries is searched, not looked up.
    let l = pseudo_random(300, 40, 12, 1);
    let mut r = pseudo_random(300, 30, 6, 2);
    let hub: Vec<u64> = (0..300).filter(|k| k % 5 != 0).collect();
    let start = r.p[3];
    let old = r.p[4] - start;
    let mut i: Vec<u64> = r.i.to_vec();
    i.splice(start..start + old, hub.iter().copied());
    let mut x = r.x.as_slice::<f64>().unwrap().to_vec();
    x.splice(start..start + old, hub.iter().map(|&k| k as f64));
    for p in &mut r.p[4..] {
        *p = *p - old + hub.len();
    }
    r.i = i.into();
    r.x = Array::from_vec(x);
    let m = pseudo_random(30, 40, 40, 3);
    let expected = naive_dot3(&l, &r, &m);
    // Both sides 64-bit, both 32-bit, and of different widths.
    let widths = [(false, false), (true, true), (true, false), (false, true)];
    for ((narrow_l, narrow_r), hyper) in widths.into_iter().flat_map(|w| [(w, false), (w, true)]) {
        let (mut l, mut r) = (l.clone(), r.clone());
        if narrow_l {
            l.narrow_indices();
        }
        if narrow_r {
            r.narrow_indices();
        }
        if hyper {
            r = r.into_hyper();
        }
        crate::work::take();
        let job = Dot3 {
            l: &l,
            r: RCols::Sparse(&r),
            mask: &m,
        };
        let parts = crate::kernels::mxm::tiers::run(&s, &l.x, &r.x, false, job);
        let c = parts.assemble(None).unwrap();
        let cx = c.x.as_slice::<f64>().unwrap();
        let got: Vec<_> = c.entries().map(|(i, j, q)| (i, j, cx[q])).collect();
        assert_eq!(
            got, expected,
            "32-bit {narrow_l} {narrow_r}, hypersparse {hyper}"
        );
    }
}

#[test]
fn a_mask_of_few_long_rows_is_cut_into_pieces_that_agree_with_the_naive_dot_products() {
    let s = Semiring::builtin(BinaryCode::Plus, BinaryCode::Times, TypeCode::Fp64).unwrap();
    // Four rows of a mask over 2,000 columns (betweenness's four sources).
    let l = pseudo_random(1000, 4, 30, 4);
    let r = pseudo_random(1000, 2000, 3, 5);
    let m = pseudo_random(2000, 4, 60, 6);
    let job = Dot3 {
        l: &l,
        r: RCols::Sparse(&r),
        mask: &m,
    };
    let ranges = job.entry_ranges(true);
    assert_eq!(ranges.first().map(|r| r.start), Some(0));
    assert_eq!(ranges.last().map(|r| r.end), Some(m.nvals()));
    assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
    if rayon::current_num_threads() > 1 {
        assert!(ranges.len() > 4, "heavy rows are cut: {ranges:?}");
    }
    let parts = crate::kernels::mxm::tiers::run(&s, &l.x, &r.x, false, job);
    let c = parts.assemble(None).unwrap();
    let cx = c.x.as_slice::<f64>().unwrap();
    let got: Vec<_> = c.entries().map(|(i, j, q)| (i, j, cx[q])).collect();
    assert_eq!(got, naive_dot3(&l, &r, &m));
}

/// Runs of every length up to 40 over a column of `len` values `k + 1`
/// (sums exact in both types): offsets, the runs' indices and the exact
/// sum of each run.
fn gather_runs(len: u32) -> (Vec<usize>, Vec<u32>, Vec<f64>) {
    let (mut p, mut idx, mut sums) = (vec![0], Vec::new(), Vec::new());
    for n in 0..40u32 {
        let run: Vec<u32> = (0..n).map(|k| (k * 7919 + n * 31) % len).collect();
        sums.push(run.iter().map(|&k| k as f64 + 1.0).sum());
        idx.extend(run);
        p.push(idx.len());
    }
    (p, idx, sums)
}

#[test]
fn gathered_sums_match_the_fold_in_both_types_and_orientations() {
    use crate::algebra::typed_op::{First, Second};
    fn check<T: Copy + 'static>(of: fn(f64) -> T, back: fn(T) -> f64) {
        // A column within the cache and one beyond it.
        for len in [5000, 300_000] {
            check_column(len, of, back);
        }
    }
    fn check_column<T: Copy + 'static>(len: u32, of: fn(f64) -> T, back: fn(T) -> f64) {
        let (p, idx, sums) = gather_runs(len);
        let col: Vec<T> = (0..len).map(|k| of(k as f64 + 1.0)).collect();
        for (flip, into) in [(false, false), (true, false), (false, true)] {
            let runs = p.len() - 1;
            let (mut w, mut present) = (vec![of(1000.0); runs], vec![false; runs]);
            let runs_of = (&p[..], &idx[..], &col[..]);
            let got = if flip {
                sums_into::<T, First, u32>(into, true, runs_of, (&mut w, &mut present))
            } else {
                sums_into::<T, Second, u32>(into, false, runs_of, (&mut w, &mut present))
            };
            if !has_avx2() {
                assert_eq!(got, None);
                return;
            }
            assert_eq!(got, Some(runs - 1), "every run but the empty one");
            for (s, &sum) in sums.iter().enumerate() {
                let want = if s == 0 {
                    1000.0
                } else {
                    sum + if into { 1000.0 } else { 0.0 }
                };
                assert_eq!((back(w[s]), present[s]), (want, s > 0), "run of {s}");
            }
        }
        // Another multiply, or 64-bit indices: not gathered.
        let (mut w, mut present) = (vec![of(0.0); 40], vec![false; 40]);
        let wide: Vec<u64> = idx.iter().map(|&k| k as u64).collect();
        let first =
            sums_into::<T, First, u32>(false, false, (&p, &idx, &col), (&mut w, &mut present));
        let wide =
            sums_into::<T, Second, u64>(false, false, (&p, &wide, &col), (&mut w, &mut present));
        assert_eq!((first, wide), (None, None));
        assert!(!present.iter().any(|&b| b), "nothing written");
    }
    check::<f32>(|x| x as f32, |x| x as f64);
    check::<f64>(|x| x, |x| x);
    check::<i64>(|x| x as i64, |x| x as f64);
}

/// [`gather::sums`] of `PLUS` with the multiply `M`, without column blocks:
/// the runs `p` of `idx` against `col`, into the slots and flags `out`.
fn sums_into<T: Copy + 'static, M: 'static, I: crate::storage::Idx + 'static>(
    into: bool,
    flip: bool,
    (p, idx, col): (&[usize], &[I], &[T]),
    out: (&mut [T], &mut [bool]),
) -> Option<usize> {
    gather::sums::<T, crate::algebra::typed_op::Plus, M, I>(
        into, flip, p, idx, col, None, out.0, out.1,
    )
}

/// The gathered `PLUS_SECOND` sum of `col` at `idx` (one run), if gathered.
fn gathered_sum<T: Copy + Default + 'static>(col: &[T], idx: &[u32]) -> Option<T> {
    use crate::algebra::typed_op::{Plus, Second};
    let (mut w, mut present) = ([T::default()], [false]);
    let p = [0, idx.len()];
    gather::sums::<T, Plus, Second, u32>(false, false, &p, idx, col, None, &mut w, &mut present)?;
    Some(w[0])
}

#[test]
fn gathered_integer_sums_wrap_as_the_fold_does() {
    if !has_avx2() {
        return;
    }
    let col = [i64::MAX, 1, i32::MAX as i64, -5];
    let idx: Vec<u32> = (0..21).map(|k| k % 4).collect();
    let want = idx
        .iter()
        .fold(0i64, |z, &k| z.wrapping_add(col[k as usize]));
    assert_eq!(gathered_sum(&col, &idx), Some(want));
}

#[test]
fn a_gathered_index_beyond_the_column_panics_before_it_is_read() {
    if !has_avx2() {
        return;
    }
    let col = vec![1.0f32; 100];
    let idx: Vec<u32> = (0..15).chain([100]).collect();
    assert!(std::panic::catch_unwind(|| gathered_sum(&col, &idx)).is_err());
    // In a run's tail, gathered under a mask.
    let idx: Vec<u32> = (0..11).chain([100]).collect();
    assert!(std::panic::catch_unwind(|| gathered_sum(&col, &idx)).is_err());
}

#[test]
fn gathered_flagged_sums_match_the_flagged_fold() {
    use crate::algebra::typed_op::{First, Plus, Second};
    fn check<T: Copy + PartialEq + std::fmt::Debug + 'static>(of: fn(f64) -> T) {
        let len = 3000u32;
        let (p, idx, _) = gather_runs(len);
        // The last three positions are among the indices: their chunks are
        // read one by one.
        let idx: Vec<u32> = idx
            .iter()
            .map(|&k| if k % 97 == 0 { len - 1 - k % 3 } else { k })
            .collect();
        let flags: Vec<bool> = (0..len)
            .map(|k| (k as u64 * 2_654_435_761) % 7 < 4)
            .collect();
        let col: Vec<T> = (0..len).map(|k| of(k as f64 + 1.0)).collect();
        let allowed = |s: usize| s % 5 != 3;
        let want: Vec<Option<f64>> = p
            .windows(2)
            .enumerate()
            .map(|(s, run)| {
                let hits: Vec<f64> = idx[run[0]..run[1]]
                    .iter()
                    .filter(|&&k| flags[k as usize])
                    .map(|&k| k as f64 + 1.0)
                    .collect();
                (allowed(s) && !hits.is_empty()).then(|| hits.iter().sum())
            })
            .collect();
        for flip in [false, true] {
            let mut got = vec![None; want.len()];
            let mut set = |s: usize, z: &T| got[s] = Some(*z);
            let done = if flip {
                gather::flagged_sums::<T, Plus, First, u32>(
                    true,
                    &p,
                    (&idx, &flags, &col),
                    &allowed,
                    &mut set,
                )
            } else {
                gather::flagged_sums::<T, Plus, Second, u32>(
                    false,
                    &p,
                    (&idx, &flags, &col),
                    &allowed,
                    &mut set,
                )
            };
            assert_eq!(done, has_avx2());
            if done {
                let want: Vec<Option<T>> = want.iter().map(|w| w.map(of)).collect();
                assert_eq!(got, want, "flipped: {flip}");
            }
        }
    }
    check::<f32>(|x| x as f32);
    check::<f64>(|x| x);
}

#[test]
fn sums_read_from_column_blocks_are_those_of_runs_cut_at_them() {
    use crate::algebra::typed_op::{Plus, Second};
    use crate::storage::column_blocks::{ColumnBlocks, BLOCK_COLUMNS};
    use crate::storage::Indices;
    fn check<T: Copy + 'static>(of: fn(f64) -> T, bits: fn(T) -> u64, back: fn(T) -> f64) {
        // Beyond the cache in `FP32` and `FP64`, four blocks and a part.
        let len = 4 * BLOCK_COLUMNS + 1000;
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut p, mut idx) = (vec![0usize], Vec::new());
        for n in 0..400 {
            let mut run: Vec<u32> = (0..n % 97).map(|_| (next() % len as u64) as u32).collect();
            run.sort_unstable();
            run.dedup();
            idx.extend(run);
            p.push(idx.len());
        }
        let c = Compressed {
            vlen: len as u64,
            vdim: 400,
            h: None,
            p: p.clone(),
            i: Indices::narrow(idx.clone()),
            x: Array::from_vec(vec![true; idx.len()]),
        };
        let blocks = ColumnBlocks::of(&c).unwrap();
        assert_eq!(
            blocks.blocks.iter().filter(|b| b.vectors.is_some()).count(),
            1,
            "the part block lists its few vectors, the four others do not"
        );
        let col: Vec<T> = (0..len)
            .map(|k| of(((k as f64 * 0.618_034).fract() - 0.5) * 10f64.powi((k % 7) as i32)))
            .collect();
        for into in [false, true] {
            let sums = |rows: std::ops::Range<usize>, kept: bool| {
                let n = rows.len();
                let (mut w, mut present) = (vec![of(0.25); n], vec![false; n]);
                let blocks = kept.then_some((&blocks, rows.start));
                let p = &p[rows.start..=rows.end];
                let nvals = gather::sums::<T, Plus, Second, u32>(
                    into,
                    false,
                    p,
                    &idx,
                    &col,
                    blocks,
                    &mut w,
                    &mut present,
                );
                (nvals, w, present)
            };
            let bits_of = |w: &[T]| w.iter().map(|&z| bits(z)).collect::<Vec<_>>();
            let cut = sums(0..400, false);
            if !has_avx2() {
                assert_eq!(cut.0, None);
                return;
            }
            let whole = sums(0..400, true);
            assert_eq!((whole.0, &whole.2), (cut.0, &cut.2));
            assert_eq!(
                bits_of(&whole.1),
                bits_of(&cut.1),
                "all runs from the blocks"
            );
            let (a, b) = (sums(0..137, true), sums(137..400, true));
            let joined = [a.1, b.1].concat();
            assert_eq!(
                bits_of(&joined),
                bits_of(&cut.1),
                "two ranges of runs from the blocks"
            );
            // And near a sum left to right.
            for (s, run) in p.windows(2).enumerate() {
                let is = &idx[run[0]..run[1]];
                let want: f64 = is.iter().map(|&k| back(col[k as usize])).sum::<f64>()
                    + if into || is.is_empty() { 0.25 } else { 0.0 };
                let scale: f64 = is.iter().map(|&k| back(col[k as usize]).abs()).sum::<f64>() + 1.0;
                let z = back(cut.1[s]);
                assert_eq!(cut.2[s], !is.is_empty());
                assert!(
                    (z - want).abs() <= 1e-5 * scale,
                    "run {s}: {z} against {want}"
                );
            }
        }
    }
    check::<f32>(|x| x as f32, |x| x.to_bits() as u64, |x| x as f64);
    check::<f64>(|x| x, f64::to_bits, |x| x);
    // Within the cache, or cut into more than eight blocks: one pass.
    let blocked = |len| gather::sums_by_blocks::<f64, Plus, Second>(false, len);
    assert_eq!(
        [
            BLOCK_COLUMNS,
            3 * BLOCK_COLUMNS,
            8 * BLOCK_COLUMNS,
            8 * BLOCK_COLUMNS + 1
        ]
        .map(blocked),
        [false, has_avx2(), has_avx2(), false]
    );
    assert!(!gather::sums_by_blocks::<f32, Plus, Second>(
        false,
        2 * BLOCK_COLUMNS
    ));
}
