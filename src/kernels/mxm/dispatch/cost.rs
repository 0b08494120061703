//! The cost model: the work of each plan of a product, measured from the
//! operands' shapes, and the choice of the cheapest.
//!
//! The cost of a plan adds the conversions it needs (transposing an operand
//! that is not stored that way, densifying a sparse column, storing the
//! result in the output's orientation) to the work of the kernel.

use super::super::dot::spreadable;
use super::super::operand::{MaskOperand, Operand};
use super::super::push;
use super::super::saxpy::{dense_accumulator, SEARCH_MASK_RATIO, SPLIT_ROW_LEN};
use super::super::schedule::SEQUENTIAL_WORK;
use super::super::values::stops_at_first;
use super::sampling::sampled;
use super::{Method, Plan, Problem};
use crate::explain;
use crate::storage::compressed::{dense_workspace_ok, prefer_hyper};
use crate::storage::{Compressed, CompressedRef, Idx, Orientation};

mod mask_dots;
mod pull;

/// Cost of transposing one entry whose result stays in the cache.
const TRANSPOSE: f64 = 3.0;
/// Extra cost of transposing one entry of a result much larger than the
/// cache, where every scattered write misses (measured at two threads: 4 ns
/// an entry for the 2-D grid's 261 120, 12–14 ns for the 1.8–2.1 M of
/// scale-16 Kronecker and uniform graphs, where a saxpy product takes
/// 1.5–2 ns).
const TRANSPOSE_MISS: f64 = 4.0;
/// Entries of a transpose at which its writes miss the cache.
const TRANSPOSE_CACHED: f64 = (1 << 20) as f64;

/// The cost of transposing `entries` entries.
pub(super) fn transpose_cost(entries: f64) -> f64 {
    entries * (TRANSPOSE + TRANSPOSE_MISS * (entries / TRANSPOSE_CACHED).min(1.0))
}
/// Cost of one position of a dense conversion.
const DENSIFY: f64 = 0.5;
/// Cost of one saxpy product with a hash accumulator (1 with a dense one).
const HASH_FLOP: f64 = 3.0;
/// Cost of checking one position against a mask.
const MASK_CHECK: f64 = 0.2;
/// Cost of a row of a saxpy under a sparse mask besides its products and
/// the mask's entries: finding the mask's row, preparing the workspace for
/// it and gathering the row's result (measured: k-truss's `C<C> = C*C'` on
/// a 2-D grid, 4 products a row, takes about twice as long as dot3).
const MASKED_ROW: f64 = 16.0;
/// Lists at least this many times longer than the other are searched, not merged.
const GALLOP: f64 = 16.0;
/// An operand is only counted when it has at most this many times the entries
/// of the work it helps to measure.
const COUNT_RATIO: usize = 4;
/// Cost of one step of merging two sorted lists.
const MERGE_STEP: f64 = 1.0;

/// The lengths of an operand's vectors: along the inner dimension `k` for
/// counting products (`|A(:,k)|` of a left operand, `|B(k,:)|` of a right
/// one), or its rows or columns for measuring dot products.
enum KLens<'x> {
    /// The vectors along `k` are at hand.
    Vectors(CompressedRef<'x>),
    /// The vectors across `k` are at hand: their indices are the `k`s.
    Entries(CompressedRef<'x>),
    /// Counted into a histogram over `k`.
    Counts(Vec<u32>),
    /// One flag per `k`, and how many are set: a bitmap vector's entries
    /// (its rows when it is a column, its columns when a row).
    Flags(&'x [bool], usize),
    /// Only the average is known.
    Uniform(f64),
}

impl<'x> KLens<'x> {
    /// The lengths of `x`'s vectors along `along` (its rows or columns), `k` of them.
    fn of(x: &'x Operand, along: Orientation, k: u64) -> KLens<'x> {
        let across = match along {
            Orientation::ByRow => x.ncols(),
            Orientation::ByCol => x.nrows(),
        };
        if let (crate::storage::Format::Bitmap(b), 1) = (x.store().format(), across) {
            KLens::Flags(&b.b, b.nvals)
        } else if let Some(c) = x.native_vectors(along) {
            KLens::Vectors(c)
        } else if let Some(c) = x.native_vectors(along.flip()) {
            KLens::Entries(c)
        } else {
            KLens::Uniform(x.nvals() as f64 / k.max(1) as f64)
        }
    }

    /// The length for `k` (not for `Entries`).
    fn len(&self, k: u64) -> f64 {
        match self {
            KLens::Vectors(c) => c.vector_range(k).len() as f64,
            KLens::Counts(v) => v[k as usize] as f64,
            KLens::Flags(f, _) => f64::from(u8::from(f[k as usize])),
            KLens::Uniform(u) => *u,
            KLens::Entries(_) => unreachable!("entries are counted before lookups"),
        }
    }

    /// Replaces `Entries` by a histogram when affordable (else the average).
    fn countable(self, k: u64) -> KLens<'x> {
        match self {
            KLens::Entries(c) if dense_workspace_ok(k, c.nvals()) => {
                let mut v = vec![0u32; k as usize];
                for i in c.i.as_idx().iter() {
                    v[i as usize] += 1;
                }
                KLens::Counts(v)
            }
            KLens::Entries(c) => KLens::Uniform(c.nvals() as f64 / k.max(1) as f64),
            other => other,
        }
    }

    /// Number of entries behind these lengths (infinite when unknown).
    fn entries(&self) -> f64 {
        match self {
            KLens::Vectors(c) | KLens::Entries(c) => c.nvals() as f64,
            KLens::Counts(v) => v.iter().map(|&n| n as f64).sum(),
            KLens::Flags(_, set) => *set as f64,
            KLens::Uniform(_) => f64::INFINITY,
        }
    }

    /// Number of lookups [`KLens::sum_with`] makes when iterating this side.
    fn iterations(&self) -> f64 {
        match self {
            KLens::Vectors(c) => c.nvec() as f64,
            KLens::Entries(c) => c.nvals() as f64,
            KLens::Counts(v) => v.len() as f64,
            KLens::Flags(_, set) => *set as f64,
            KLens::Uniform(_) => f64::INFINITY,
        }
    }

    /// `Σ_k self(k) * other(k)` by iterating this side (`other` must not be `Entries`).
    fn sum_with(&self, other: &KLens, k: u64) -> f64 {
        if let KLens::Uniform(u) = other {
            // Every length of the other side is the same: no need to iterate.
            let total = match self {
                KLens::Vectors(c) | KLens::Entries(c) => c.nvals() as f64,
                KLens::Counts(v) => v.iter().map(|&n| n as f64).sum(),
                KLens::Flags(_, set) => *set as f64,
                KLens::Uniform(w) => w * k as f64,
            };
            return total * u;
        }
        match self {
            KLens::Vectors(c) => exact_sum(c, other).unwrap_or_else(|| {
                sampled(c.nvec(), |kk| {
                    c.range(kk).len() as f64 * other.len(c.vector_id(kk))
                })
            }),
            KLens::Entries(c) => entries_against(c, other),
            KLens::Counts(v) => v
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(k, &n)| n as f64 * other.len(k as u64))
                .sum(),
            // Many flags set: sampled (a lookup for each would cost about as
            // much as a product that reads the vector).
            KLens::Flags(f, set) if *set > LOOKED_UP_FLAGS => {
                sampled(f.len(), |k| if f[k] { other.len(k as u64) } else { 0.0 })
            }
            KLens::Flags(f, _) => (0..)
                .zip(f.iter())
                .filter(|(_, &set)| set)
                .map(|(k, _)| other.len(k))
                .sum(),
            KLens::Uniform(_) => other.sum_with(self, k),
        }
    }
}

/// `Σ other(k)` over the indices `k` of `c`'s entries, in one pass: a
/// histogram, the pointers of vectors not hypersparse, or flags are read
/// in a loop of their own for each index width, without a test of their
/// kind or a call per entry (betweenness centrality plans each push by
/// looking up a row of `A` for each of the frontier's entries).
fn entries_against(c: &Compressed, other: &KLens) -> f64 {
    crate::with_idx!(c.i.as_idx(), idx => match other {
        KLens::Counts(v) => idx.iter().map(|&k| u64::from(v[k.zx()])).sum::<u64>() as f64,
        KLens::Vectors(o) if !o.is_hyper() => {
            let p = &o.p;
            idx.iter()
                .map(|&k| {
                    let k = k.zx();
                    (p[k + 1] - p[k]) as u64
                })
                .sum::<u64>() as f64
        }
        KLens::Flags(f, _) => idx.iter().map(|&k| u64::from(f[k.zx()])).sum::<u64>() as f64,
        _ => idx.iter().map(|&k| other.len(k.to_u64())).sum(),
    })
}

/// `Σ_k |c(k)| * other(k)` in one pass, when `c` is not hypersparse and the
/// other side is a histogram or a non-hypersparse pointer array: two arrays
/// read in order, cheap enough to be exact. A sample would miss (or count
/// many times over) the few long vectors of a graph with hubs, where the
/// products concentrate.
fn exact_sum(c: &Compressed, other: &KLens) -> Option<f64> {
    if c.is_hyper() {
        return None;
    }
    let lens = c.p.windows(2).map(|w| (w[1] - w[0]) as f64);
    match other {
        KLens::Vectors(o) if !o.is_hyper() => Some(
            lens.zip(o.p.windows(2))
                .map(|(a, w)| a * (w[1] - w[0]) as f64)
                .sum(),
        ),
        KLens::Counts(v) => Some(lens.zip(v).map(|(a, &b)| a * b as f64).sum()),
        _ => None,
    }
}

/// Set flags of a bitmap vector up to which the other side's length is
/// looked up for each (a cache miss apiece in a large operand); past that,
/// the products are sampled.
const LOOKED_UP_FLAGS: usize = 4096;

/// Entries of the far larger side of a lopsided product sampled to count
/// its products (each read misses the cache).
const SAMPLED_AGAINST: usize = 4096;

/// `Σ_k |A(:,k)| * |B(k,:)|`, the number of products: exact when the
/// vectors of `A` and `B` are at hand in either orientation (counting a
/// histogram if needed) and there are few of them, sampled when there are
/// many (see [`sampled`]), else from average lengths.
pub fn flops(a: &Operand, b: &Operand) -> f64 {
    let k = a.ncols();
    let (mut la, mut lb) = (
        KLens::of(a, Orientation::ByCol, k),
        KLens::of(b, Orientation::ByRow, k),
    );
    if let (KLens::Entries(ca), KLens::Entries(cb)) = (&la, &lb) {
        // `A * A'`: both sides have the same lengths, counted once.
        if std::ptr::eq(&**ca, &**cb) {
            if let KLens::Counts(v) = KLens::Entries(CompressedRef::Borrowed(ca)).countable(k) {
                return v.iter().map(|&n| n as f64 * n as f64).sum();
            }
        }
        // Counting costs a pass over the entries: not worth it for the far
        // larger side of a lopsided product (a matrix times a vector).
        let (na, nb) = (ca.nvals(), cb.nvals());
        if na > nb.saturating_mul(COUNT_RATIO) {
            la = KLens::Uniform(na as f64 / k.max(1) as f64);
        } else if nb > na.saturating_mul(COUNT_RATIO) {
            lb = KLens::Uniform(nb as f64 / k.max(1) as f64);
        } else {
            la = la.countable(k);
        }
    }
    // Iterate the cheaper side; the other is looked up (counted first if need be).
    if matches!(lb, KLens::Entries(_)) || la.iterations() > lb.iterations() {
        std::mem::swap(&mut la, &mut lb);
    }
    // Counting or iterating entries is a pass over them: affordable unless
    // the other side, its vectors and its entries, is far smaller (then the
    // product is lopsided, and reading all of them may cost more than it).
    let lopsided = |c: &Compressed, other: &KLens| {
        c.nvals() as f64 > other.iterations().max(other.entries()) * COUNT_RATIO as f64
    };
    if let KLens::Entries(c) = &lb {
        if lopsided(c, &la) {
            return sampled_against(c, &la, k);
        }
    }
    if let KLens::Entries(c) = &la {
        if lopsided(c, &lb) {
            return sampled_against(c, &lb, k);
        }
    }
    la.sum_with(&lb.countable(k), k)
}

/// `Σ_k |c's entries at k| * other(k)` for the far larger side `c` of a
/// lopsided product, from a sample of its entries spread evenly
/// when `other` is looked up without a pass over it (a bitmap vector's
/// flags, vectors at hand); else from `c`'s average length. The products of
/// a BFS frontier holding hubs concentrate on the hubs' long vectors, and a
/// sample of entries meets them as often as they hold entries.
fn sampled_against(c: &Compressed, other: &KLens, k: u64) -> f64 {
    match other {
        KLens::Flags(..) | KLens::Vectors(_) | KLens::Counts(_) => {
            // Entries spread evenly; which vector holds each does not matter.
            let n = c.nvals();
            let stride = (n / SAMPLED_AGAINST).max(1);
            let samples = n / stride;
            let sum: f64 = (0..samples).map(|t| other.len(c.i.get(t * stride))).sum();
            sum * n as f64 / samples.max(1) as f64
        }
        KLens::Entries(_) | KLens::Uniform(_) => {
            KLens::Uniform(c.nvals() as f64 / k.max(1) as f64).sum_with(other, k)
        }
    }
}

/// A lower bound on [`flops`] found without counting: for a product whose
/// two sides have the same lengths along `k` (`A * A'`), `Σ_k |A(:,k)|²` is
/// at least `nnz(A)² / k` (Cauchy–Schwarz); 0 for any other product.
pub(super) fn flops_floor(a: &Operand, b: &Operand) -> f64 {
    let k = a.ncols();
    let same = match (
        KLens::of(a, Orientation::ByCol, k),
        KLens::of(b, Orientation::ByRow, k),
    ) {
        (KLens::Entries(ca), KLens::Entries(cb)) | (KLens::Vectors(ca), KLens::Vectors(cb)) => {
            std::ptr::eq(&*ca, &*cb)
        }
        _ => false,
    };
    if same {
        let n = a.nvals() as f64;
        n * n / k.max(1) as f64
    } else {
        0.0
    }
}

/// The exact lengths of `x`'s vectors along `along` (`dim` of them): at hand,
/// or counted when `x` has at most `budget` entries.
fn lengths(x: &Operand, along: Orientation, dim: u64, budget: usize) -> Option<KLens<'_>> {
    match KLens::of(x, along, dim) {
        KLens::Entries(c) if c.nvals() > budget => None,
        other => Some(other.countable(dim)).filter(|l| !matches!(l, KLens::Uniform(_))),
    }
}

/// True when reading `x`'s vectors along `o` builds its store's transpose.
/// How a plan reads its sides as compressed vectors: `L` by rows, `R` by
/// rows (saxpy) or by columns (a dot product), or not at all (read dense).
fn side_reads(plan: Plan) -> (Orientation, Option<Orientation>) {
    match plan.method {
        Method::Saxpy => (Orientation::ByRow, Some(Orientation::ByRow)),
        _ if plan.dense_r => (Orientation::ByRow, None),
        _ => (Orientation::ByRow, Some(Orientation::ByCol)),
    }
}

fn builds_transpose(x: &Operand, o: Orientation) -> bool {
    !x.is_native(o) && x.transposes_along(o)
}

/// Extra cost of a product pushed into a dense workspace larger than the
/// cache: its write lands at a random position (measured: about 6 ns a
/// product into LAGraph's BFS frontier of 262 144 positions, where a dot
/// product's step takes 1.3 ns).
const SCATTER_MISS: f64 = 3.0;
/// Bytes of a push's workspace (values and flags) that stay in the cache:
/// the writes to the rest miss.
const WORKSPACE_CACHED: f64 = (1 << 20) as f64;

/// Cost of one slot of a push's workspace: filling it, and merging it into
/// the first (measured: without it, grid `A * x` chose the push after one
/// transpose, at 0.45 ms a product where the pull takes 0.2 ms).
const WORKSPACE_SLOT: f64 = 1.0;

/// Extra cost of a lookup into a dense column beyond the cache whose flag is
/// missed as a branch, at worst (half the flags set), charged to pulls
/// without a mask, in proportion to the share of the column the cache does
/// not hold (see [`WORKSPACE_CACHED`]).
/// Measured: `t = f min.plus A` over a uniform graph of scale 20 (33.5 M
/// `INT32` ones), `f` holding 43 % of the vertices, dot2 against `f` made
/// dense took 114–119 ms a call where the push takes 58–59 (two threads):
/// about 3 units a lookup, where the push costs 3.4 a product and a lookup
/// into a full column (PageRank's `A' w`) about one. Pulls under a mask
/// (BFS's) are not charged: their flag tests were not measured to cost
/// more, and charging them moved BFS to slower pushes.
const FLAG_MISS: f64 = 2.0;

/// Extra cost of a dot3 lookup into a dense form of `R` of several columns
/// beyond the cache, at worst: a mask row's entries read all of its columns
/// at once (dot2 reads a block of rows one column at a time), so that the
/// lookups spread over the whole form. Measured: betweenness's backward
/// pull `W<S> = W * A'` on a uniform graph of scale 20 (4 sources, `W`
/// 2.5 M entries, 128 k mask entries), `W'` made dense and read by columns
/// took 54–67 ms, `W`'s rows spread and read by rows 42–47 ms.
const INTERLEAVED_MISS: f64 = 0.8;

/// The cost of a dot3 lookup into `r` made dense, relative to one into a
/// single column (see [`INTERLEAVED_MISS`]).
fn interleaved_lookups(r: &Operand) -> f64 {
    if r.ncols() <= 1 {
        return 1.0;
    }
    let slots = r.nrows().saturating_mul(r.ncols());
    1.0 + INTERLEAVED_MISS * beyond_cache(slots, r.store().ty().size())
}

/// Extra cost of a dot2 lookup, under a mask, into a column of `R` made
/// dense that the cache does not hold, at worst. Measured: betweenness's
/// backward pull `W<S> = W * A'` on a uniform graph of scale 20 (4
/// sources, `W` 2.4–2.7 M entries, 120–146 k mask entries), dot2 with `W'`
/// made dense took 67–76 ms a call where dot3 spreading `W`'s rows took
/// 29–38, at estimated costs within 1 % of each other.
const COLUMN_MISS: f64 = 1.0;

/// The cost of a dot2 lookup under a mask into a column of `r` made dense,
/// relative to one within the cache (see [`COLUMN_MISS`]): dot2 reads a
/// block of rows one column at a time, so its lookups spread over a column.
fn column_lookups(r: &Operand) -> f64 {
    1.0 + COLUMN_MISS * beyond_cache(r.nrows(), r.store().ty().size())
}

/// Extra cost of looking up a row of `R` whose pointer misses the cache.
const POINTER_MISS: f64 = 2.0;
/// Rows of `R` whose pointers stay in the cache.
const POINTERS_CACHED: f64 = (1 << 17) as f64;
/// Row pointers in a cache line.
const POINTERS_PER_LINE: f64 = 8.0;

/// The extra cost of one lookup of a row pointer of `R`, `rows` of them,
/// from rows of `L` of `row_len` entries on average: each row's `k`s are
/// sorted, so a long row steps through the pointers a cache line at a time,
/// while short rows of a large `R` jump and miss at every lookup.
fn pointer_miss(rows: f64, row_len: f64) -> f64 {
    let gap = rows / row_len.max(1.0);
    POINTER_MISS * (rows / POINTERS_CACHED).min(1.0) * (gap / POINTERS_PER_LINE).min(1.0)
}

/// The share of a dense array of `slots` values of `value_bytes` bytes,
/// with a flag each, that the cache does not hold (see
/// [`WORKSPACE_CACHED`]).
fn beyond_cache(slots: u64, value_bytes: usize) -> f64 {
    let bytes = slots as f64 * (value_bytes as f64 + 1.0);
    (1.0 - WORKSPACE_CACHED / bytes).max(0.0)
}

/// The cost of a dense form of `x` for random access, if one is affordable.
fn dense_cost(x: &Operand) -> Option<f64> {
    if x.is_dense() {
        Some(0.0)
    } else if dense_workspace_ok(x.positions(), x.nvals()) {
        Some(x.positions() as f64 * DENSIFY)
    } else {
        None
    }
}

/// The cost of merging sorted lists of lengths `a` and `b`: a gallop
/// through the longer list searches a gap of `hi / lo` entries for each
/// entry of the shorter one, doubling its step and then halving it (two
/// steps per bit of the gap, each a branch that is hard to predict).
fn merge_cost(a: f64, b: f64) -> f64 {
    // Lengths are never NaN: a plain comparison orders them.
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if lo * GALLOP < hi {
        lo * (2.0 * (hi / lo.max(1.0)).log2()).max(1.0)
    } else {
        (a + b) * MERGE_STEP
    }
}

/// Cost of spreading one entry of a row of `L` by index, and of clearing it.
const SPREAD_STEP: f64 = 1.0;
/// Cost of looking one index up in a spread row: a bit test in the cache,
/// with no branch to mispredict (measured at 0.6–0.7 of a masked saxpy
/// product: AllKtruss's `C<C> = C*C'` on bcsstk13, 4.4 M of each, 5.0 ms
/// against 7.2 at best).
const LOOKUP_STEP: f64 = 0.6;

/// The dot products a spread row serves on average: the entries of
/// `entries` mask entries over `vectors` rows of the product, or zero when
/// they do not share rows (a row met once is merged, not spread) or the
/// inner dimension is too large to spread.
fn spread_share(entries: usize, vectors: u64, inner: u64) -> f64 {
    let share = entries as f64 / vectors.clamp(1, entries.max(1) as u64) as f64;
    if share < 2.0 || !spreadable(inner, entries) {
        0.0
    } else {
        share
    }
}

/// The cost of one dot product of a row of `spread` entries of `L`, spread
/// once for `share` dot products, with a column of `R` of `walked` entries
/// whose walk costs `walk` (see [`Costs::walk_step`]): infinite where the
/// kernel merges or searches instead (see [`super::super::dot`]).
fn spread_dot(spread: f64, walked: f64, walk: f64, share: f64) -> f64 {
    if share == 0.0 || walked > GALLOP * spread {
        f64::INFINITY
    } else {
        walk * LOOKUP_STEP + 2.0 * spread * SPREAD_STEP / share
    }
}

/// The plans of a problem ranked by cost.
struct Ranking {
    /// The cheapest plan and its cost.
    best: (Plan, f64),
    /// The next cheapest, if any (for explain).
    runner_up: Option<(Plan, f64)>,
    /// The cheapest plan that builds a transpose, and its cost without
    /// the transposes.
    transposing: Option<(Plan, f64)>,
}

/// The measured costs of the plans of one problem.
pub(super) struct Costs<'p, 'a> {
    p: &'p Problem<'a>,
    /// The transposes charged to the plan being costed (see
    /// [`Costs::rank`]).
    pub(super) charged: std::cell::Cell<f64>,
    /// The number of products (see [`flops`]), once counted.
    flops: std::cell::OnceCell<f64>,
    /// Whether a dot product is expected to stop at its first product.
    terminal: bool,
    /// The work of the dot products of a mask's entries with both sides
    /// read sparse (by rows and by columns, spreading a vector met several
    /// times), with `B` read dense, with `A` read dense, and with both sides
    /// merged (exact, or sampled over many mask vectors), once measured.
    dot3_measured: std::cell::OnceCell<[Option<f64>; 5]>,
    /// The work of a pull's dot products under a complemented mask, `R`
    /// read dense and read sparse, by rows and by columns, once measured.
    pull_measured: [std::cell::OnceCell<Option<[f64; 2]>>; 2],
}

impl Costs<'_, '_> {
    /// The cost of reading `x`'s vectors along `o` as compressed storage.
    fn vectors_cost(&self, x: &Operand, o: Orientation) -> f64 {
        if x.is_native(o) {
            return 0.0;
        }
        let densify = if x.is_dense() {
            x.positions() as f64 * DENSIFY
        } else {
            0.0
        };
        if !x.transposes_along(o) {
            // A bitmap or full store compressed in its own orientation.
            return densify;
        }
        // The store keeps a transpose for the products that read it later,
        // so a product is charged only what the savings forgone by the
        // products before it have not paid for (ski rental: at most twice
        // the cost of knowing the products to come). The products of an
        // iterative algorithm that want the transpose build it soon; those
        // that rarely would (betweenness's backward sweep after BFS and
        // PageRank read `A` as it is stored, a late BFS level) never pay
        // for it.
        let transpose = (transpose_cost(x.nvals() as f64) - x.store().transpose_rent()).max(0.0);
        self.charged.set(self.charged.get() + transpose);
        densify + transpose
    }

    /// Which of `A` and `B` a plan reads in an orientation their stores do
    /// not hold yet: the transposes it builds.
    fn new_transposes(&self, plan: Plan) -> [bool; 2] {
        let (l, r, _) = self.sides(plan.by_cols);
        let (l_along, r_along) = side_reads(plan);
        let l_t = builds_transpose(&l, l_along);
        let r_t = r_along.is_some_and(|o| builds_transpose(&r, o));
        if plan.by_cols {
            [r_t, l_t]
        } else {
            [l_t, r_t]
        }
    }

    /// True when the transposes `plan` builds fit in memory now (a probe).
    fn transposes_fit(&self, plan: Plan) -> bool {
        let (l, r, _) = self.sides(plan.by_cols);
        let (l_along, r_along) = side_reads(plan);
        let fits = |x: &Operand, o| !builds_transpose(x, o) || x.vectors_fit(o);
        fits(&l, l_along) && r_along.is_none_or(|o| fits(&r, o))
    }

    /// The operands and mask of a plan's orientation: `(L, R, mask)`.
    fn sides(&self, by_cols: bool) -> (Operand, Operand, Option<MaskOperand<'_>>) {
        let p = self.p;
        if by_cols {
            (p.b.t(), p.a.t(), p.mask.as_ref().map(|m| m.t()))
        } else {
            (p.a.clone(), p.b.clone(), p.mask.clone())
        }
    }

    /// The number of products, counted on first use.
    fn flops(&self) -> f64 {
        *self.flops.get_or_init(|| flops(&self.p.a, &self.p.b))
    }

    /// Entries of the result, roughly.
    pub(super) fn result_size(&self) -> f64 {
        self.result_size_from(self.flops())
    }

    /// Entries of a result of `flops` products, roughly.
    fn result_size_from(&self, flops: f64) -> f64 {
        let p = self.p;
        let mut n = flops.min(p.a.nrows() as f64 * p.b.ncols() as f64);
        if let Some(m) = p.mask.as_ref().filter(|m| !m.complement()) {
            n = n.min(m.nvals() as f64);
        }
        n
    }

    /// The cost of storing the result in the wanted orientation.
    pub(super) fn output_cost(&self, by_cols: bool) -> f64 {
        let made = if by_cols {
            Orientation::ByCol
        } else {
            Orientation::ByRow
        };
        if made == self.p.out {
            0.0
        } else if self.p.a.nrows().min(self.p.b.ncols()) == 1 {
            self.result_size() * DENSIFY
        } else {
            transpose_cost(self.result_size())
        }
    }

    /// The fraction of positions the mask allows, roughly.
    fn allowed_fraction(&self) -> f64 {
        let p = self.p;
        let Some(m) = &p.mask else {
            return 1.0;
        };
        let positions = (p.a.nrows() as f64 * p.b.ncols() as f64).max(1.0);
        let set = (m.nvals() as f64 / positions).min(1.0);
        if m.complement() {
            1.0 - set
        } else {
            set
        }
    }

    /// The costs of a saxpy plan that do not depend on the number of
    /// products: reading `L`'s and `R`'s rows, looking up a row of `R` for
    /// every entry of `L`, and the mask's rows.
    fn saxpy_fixed(&self, by_cols: bool) -> f64 {
        let (l, r, mask) = self.sides(by_cols);
        let conversion = match &mask {
            Some(m) if !m.is_dense() && !m.rows_are_native() => transpose_cost(m.nvals() as f64),
            _ => 0.0,
        };
        // Every entry of L looks up a row of R (a search when R is
        // hypersparse) twice: once to measure its row's work (tasks are cut
        // by work), once to multiply.
        let r_rows = r.nrows().min(r.nvals() as u64).max(1);
        let lookup = if prefer_hyper(r.nrows(), r_rows as usize) {
            (r_rows as f64).log2().max(1.0)
        } else {
            0.5 + pointer_miss(r.nrows() as f64, l.nvals() as f64 / l.nrows().max(1) as f64)
        };
        // A full row is pushed in place, never compressed, yet its
        // compression stays charged (a pushed product's workspaces are
        // charged in `saxpy`).
        self.vectors_cost(&l, Orientation::ByRow)
            + self.vectors_cost(&r, Orientation::ByRow)
            + 2.0 * l.nvals() as f64 * lookup
            + conversion
    }

    fn saxpy(&self, by_cols: bool) -> f64 {
        let (l, r, mask) = self.sides(by_cols);
        let flops = self.flops();
        let mut per_flop = if dense_accumulator(r.ncols(), flops as usize) {
            1.0
        } else {
            HASH_FLOP
        };
        // A single row (a vector times a matrix) reading short rows of R is
        // not split (see `SPLIT_ROW_LEN`): one thread does all the products,
        // where the other plans share them out.
        let short_rows = flops < l.nvals() as f64 * SPLIT_ROW_LEN as f64;
        let pushed = push::applies(l.nrows(), flops, r.ncols());
        let mut workspaces = 0.0;
        if pushed {
            per_flop += SCATTER_MISS * beyond_cache(r.ncols(), self.p.semiring.ztype().size());
            let slots = push::piece_count(flops as usize, r.ncols() as usize) * r.ncols() as usize;
            workspaces = slots as f64 * WORKSPACE_SLOT;
        }
        if l.nrows() == 1 && short_rows && !pushed && flops >= SEQUENTIAL_WORK as f64 {
            per_flop *= crate::threads::num_threads() as f64;
        }
        let mask_reading = match &mask {
            None => 0.0,
            Some(m) if m.is_dense() => flops * MASK_CHECK,
            Some(m) => {
                // A mask row much longer than its row's work is searched at
                // each first touch instead of scattered (a late BFS level:
                // a small frontier under a nearly full complemented mask).
                let rows = l.nrows().clamp(1, l.nvals().max(1) as u64) as f64;
                let (mask_row, work_row) = (m.nvals() as f64 / rows, flops / rows);
                let reading = if mask_row > SEARCH_MASK_RATIO as f64 * work_row {
                    flops * mask_row.log2().max(1.0)
                } else {
                    m.nvals() as f64
                };
                reading + rows * MASKED_ROW
            }
        };
        self.saxpy_fixed(by_cols) + flops * per_flop + workspaces + mask_reading
    }

    /// The fraction of the entries of `walked`'s rows that meet an entry of
    /// a column of the other side, `columns` of them: the products over all
    /// the entries a full walk of every row against every column reads. With
    /// uniform lengths this is the other side's density; where products
    /// concentrate on a few long columns of `walked` (a BFS frontier holding
    /// hubs) it is far higher, and a dot product that stops at its first
    /// product stops that much sooner.
    fn hit_fraction(&self, walked: &Operand, columns: u64) -> f64 {
        let read = walked.nvals() as f64 * columns.max(1) as f64;
        (self.flops() / read.max(1.0)).min(1.0)
    }

    /// The entries a dot product walks along a vector of `len` entries
    /// against a dense other side where a `hits` fraction of them meet an
    /// entry: all of them, or until the first product when the monoid stops
    /// there.
    fn walk_step(&self, len: f64, hits: f64) -> f64 {
        if self.terminal && hits > 0.0 {
            len.min(1.0 / hits)
        } else {
            len
        }
    }

    /// The cost of a lookup into `r` made dense, whose flags a `hits`
    /// fraction of the lookups find set, relative to one into a full column
    /// (see [`FLAG_MISS`]): a flag set about as often as not is a branch
    /// missed about as often as taken, which also drops the loads already
    /// under way, and those miss the cache where `r` does not fit in it. A
    /// dot product that stops at its first product is not charged (it tests
    /// until then only, see [`Costs::walk_step`]).
    fn flag_tests(&self, hits: f64, r: &Operand) -> f64 {
        if self.terminal {
            return 1.0;
        }
        let beyond = beyond_cache(r.nrows(), r.store().ty().size());
        1.0 + FLAG_MISS * 2.0 * hits.min(1.0 - hits).max(0.0) * beyond
    }

    /// The cost of one dot product of an average row of `l` with an average
    /// column of `r`, read densely or merged; and the cost of preparing `r`.
    fn dot_step(&self, l: &Operand, r: &Operand, dense_r: bool) -> Option<(f64, f64)> {
        let rows = (l.nrows().min(l.nvals() as u64)).max(1) as f64;
        let len_l = l.nvals() as f64 / rows;
        if dense_r {
            let prepare = dense_cost(r)?;
            let hits = self.hit_fraction(l, r.ncols());
            Some((self.walk_step(len_l, hits), prepare))
        } else {
            let cols = (r.ncols().min(r.nvals() as u64)).max(1) as f64;
            let len_r = r.nvals() as f64 / cols;
            Some((
                merge_cost(len_l, len_r),
                self.vectors_cost(r, Orientation::ByCol),
            ))
        }
    }

    pub(super) fn dot3(&self, by_cols: bool, dense_r: bool) -> Option<f64> {
        let (l, r, mask) = self.sides(by_cols);
        let m = mask.filter(|m| !m.complement())?;
        let (step, prepare) = self.dot_step(&l, &r, dense_r)?;
        let pattern = if m.rows_are_native() {
            0.0
        } else {
            transpose_cost(m.nvals() as f64)
        };
        let mut work = self.mask_dots(&m, step, (by_cols, dense_r), true);
        if dense_r {
            work *= interleaved_lookups(&r);
        }
        Some(self.vectors_cost(&l, Orientation::ByRow) + prepare + pattern + work)
    }

    /// The cost of dot2; once its costs besides the dot products reach
    /// `bound` (a cost another plan already has), the pull's dot products
    /// are estimated from average lengths instead of measured: the plan
    /// loses either way, and measuring can cost more than the winner.
    fn dot2(&self, by_cols: bool, dense_r: bool, bound: f64) -> Option<f64> {
        let (l, r, mask) = self.sides(by_cols);
        let (mut step, prepare) = self.dot_step(&l, &r, dense_r)?;
        if dense_r && mask.is_none() {
            step *= self.flag_tests(self.hit_fraction(&l, r.ncols()), &r);
        }
        let rows = l.nrows().min(l.nvals() as u64) as f64;
        let cols = if dense_r {
            r.ncols() as f64
        } else {
            r.ncols().min(r.nvals() as u64) as f64
        };
        let pairs = rows * cols;
        // Under a mask that is not complemented, the dot products are those
        // of dot3 (measured, so skewed lengths count), and every other pair
        // is checked too.
        let fixed = self.vectors_cost(&l, Orientation::ByRow) + prepare + pairs * MASK_CHECK;
        let measured = match mask {
            Some(m) if !m.complement() => {
                let dots = self.mask_dots(&m, step, (by_cols, dense_r), false);
                Some(if dense_r {
                    dots * column_lookups(&r)
                } else {
                    dots
                })
            }
            Some(_) if fixed >= bound => None,
            Some(m) => self.pull_measured[by_cols as usize]
                .get_or_init(|| self.complemented_pull_dots(&l, &r, &m))
                .map(|w| w[dense_r as usize]),
            None => None,
        };
        let dots = measured.unwrap_or(pairs * self.allowed_fraction() * step);
        Some(fixed + dots)
    }
}

impl<'p, 'a> Costs<'p, 'a> {
    pub(super) fn new(p: &'p Problem<'a>) -> Self {
        Costs {
            p,
            charged: Default::default(),
            flops: Default::default(),
            terminal: stops_at_first(p.semiring),
            dot3_measured: Default::default(),
            pull_measured: Default::default(),
        }
    }

    /// Every plan, in the order ties are settled (the first wins).
    pub(super) fn plans() -> impl Iterator<Item = Plan> {
        [false, true].into_iter().flat_map(|by_cols| {
            let saxpy = Plan {
                method: Method::Saxpy,
                by_cols,
                dense_r: false,
            };
            let dots = [false, true].into_iter().flat_map(move |dense_r| {
                [Method::Dot3, Method::Dot2].map(|method| Plan {
                    method,
                    by_cols,
                    dense_r,
                })
            });
            std::iter::once(saxpy).chain(dots)
        })
    }

    /// The cost of a plan's kernel and the conversions it needs, without
    /// storing its result; `None` when the plan does not apply.
    pub(super) fn kernel_cost(&self, plan: Plan) -> Option<f64> {
        self.kernel_cost_within(plan, f64::INFINITY)
    }

    /// [`Costs::kernel_cost`], sparing work that only refines a cost at or above `bound`.
    fn kernel_cost_within(&self, plan: Plan, bound: f64) -> Option<f64> {
        match plan.method {
            Method::Saxpy => Some(self.saxpy(plan.by_cols)),
            Method::Dot3 => self.dot3(plan.by_cols, plan.dense_r),
            Method::Dot2 => self.dot2(plan.by_cols, plan.dense_r, bound),
        }
        .filter(|c| c.is_finite())
    }

    /// The cheapest plan and its cost, and the next cheapest (for explain).
    pub(super) fn cheapest(&self) -> ((Plan, f64), Option<(Plan, f64)>) {
        let ranking = self.rank(true);
        (ranking.best, ranking.runner_up)
    }

    /// The plans ranked by cost (with `transposes`, those building one too).
    fn rank(&self, transposes: bool) -> Ranking {
        let mut best: Option<(Plan, f64)> = None;
        let mut runner_up = None;
        let mut transposing: Option<(Plan, f64)> = None;
        for plan in Self::plans() {
            if !transposes && self.new_transposes(plan) != [false; 2] {
                continue;
            }
            self.charged.set(0.0);
            let bound = best.map_or(f64::INFINITY, |(_, b)| b);
            let Some(c) = self.kernel_cost_within(plan, bound) else {
                continue;
            };
            let c = c + self.output_cost(plan.by_cols);
            if best.is_none_or(|(_, b)| c < b) {
                runner_up = best;
                best = Some((plan, c));
            } else if runner_up.is_none_or(|(_, r)| c < r) {
                runner_up = Some((plan, c));
            }
            let free = c - self.charged.get();
            if self.new_transposes(plan) != [false; 2] && transposing.is_none_or(|(_, t)| free < t)
            {
                transposing = Some((plan, free));
            }
        }
        // With no finite cost at all, saxpy is the plan that always runs.
        let saxpy = Plan {
            method: Method::Saxpy,
            by_cols: false,
            dense_r: false,
        };
        Ranking {
            best: best.unwrap_or((saxpy, f64::INFINITY)),
            runner_up,
            transposing,
        }
    }

    /// A lower bound on the cost of forming the product by any plan and
    /// reducing it, found without counting the products when the operands'
    /// lengths give a bound on their number (see [`flops_floor`]): a saxpy
    /// is charged that bound, a dot product its kernel, and no plan its
    /// output.
    pub(super) fn forming_floor(&self) -> f64 {
        let floor = flops_floor(&self.p.a, &self.p.b);
        let least = Self::plans()
            .filter_map(|plan| match plan.method {
                Method::Saxpy => Some(self.saxpy_fixed(plan.by_cols) + floor),
                _ => self.kernel_cost(plan),
            })
            .fold(f64::INFINITY, f64::min);
        least + 2.0 * self.result_size_from(floor)
    }
}

/// What a product that does without a transpose would have saved with it:
/// rent that [`Rent::pay`] records on the stores it would transpose.
#[must_use]
pub struct Rent {
    pub(super) saving: f64,
    /// Whether `A` and `B` would be transposed.
    pub(super) stores: [bool; 2],
}

impl Rent {
    /// Records the saving forgone on the stores, once the product is
    /// computed by the plan it came with.
    pub fn pay(self, p: &Problem) {
        let [a, b] = self.stores;
        if a {
            p.a.store().pay_transpose_rent(self.saving);
        }
        // `A * A'` transposes one store.
        if b && !(a && std::ptr::eq(p.a.store(), p.b.store())) {
            p.b.store().pay_transpose_rent(self.saving);
        }
    }
}

/// The cheapest plan for `p`, and the rent it pays for the transposes it
/// does without.
pub fn choose(p: &Problem) -> (Plan, Rent) {
    let started = std::time::Instant::now();
    let costs = Costs::new(p);
    let mut ranking = costs.rank(true);
    if !costs.transposes_fit(ranking.best.0) {
        // A transpose that does not fit must not fail the product.
        let unfit = ranking.best.0;
        explain::step(|| format!("the transpose {unfit} needs does not fit in memory"));
        ranking = costs.rank(false);
    }
    let Ranking {
        best,
        runner_up,
        transposing,
    } = ranking;
    let rent = match transposing {
        Some((plan, free)) if free < best.1 && costs.new_transposes(best.0) == [false; 2] => Rent {
            saving: best.1 - free,
            stores: costs.new_transposes(plan),
        },
        _ => Rent {
            saving: 0.0,
            stores: [false; 2],
        },
    };
    explain::step(|| {
        let next = runner_up.map_or(String::new(), |(plan, cost)| {
            format!("; next {plan}, {cost:.3e}")
        });
        let forgone = if rent.saving > 0.0 {
            format!("; a transpose would save {:.3e}", rent.saving)
        } else {
            String::new()
        };
        let took = started.elapsed().as_secs_f64() * 1e3;
        format!(
            "plan {}, cost {:.3e}{next}{forgone} (planned in {took:.3} ms)",
            best.0, best.1
        )
    });
    (best.0, rent)
}
