//! Sums of a cost over the vectors or the entries of an operand: exact for
//! small operands, estimated from an even sample of larger ones.

use crate::storage::Compressed;

/// Vectors up to which a cost is summed over every vector; past that, over
/// runs of consecutive ones spread evenly, scaled up (an estimate is all a
/// plan needs, and an exact sum would cost as much as a small product itself).
const SAMPLED_VECTORS: usize = 4096;
/// Consecutive vectors per run of a sample: runs read memory in order, where
/// single vectors spread evenly would each miss the cache.
const SAMPLE_RUN: usize = 64;

/// `Σ_{k < n} f(k)` (several sums at once), or its estimate from runs of
/// consecutive terms (see [`SAMPLED_VECTORS`]) when `n` is larger.
pub(super) fn sampled_sums<const N: usize>(n: usize, f: impl Fn(usize) -> [f64; N]) -> [f64; N] {
    let add = |mut sums: [f64; N], k: usize| {
        sums.iter_mut().zip(f(k)).for_each(|(s, w)| *s += w);
        sums
    };
    if n <= SAMPLED_VECTORS {
        return (0..n).fold([0.0; N], add);
    }
    // Runs start `n / runs >= SAMPLE_RUN` apart, so they never overlap.
    let runs = SAMPLED_VECTORS / SAMPLE_RUN;
    let sums = (0..runs)
        .flat_map(|r| {
            let start = (n as u128 * r as u128 / runs as u128) as usize;
            start..start + SAMPLE_RUN
        })
        .fold([0.0; N], add);
    sums.map(|s| s * (n as f64 / SAMPLED_VECTORS as f64))
}

/// [`sampled_sums`] of one sum.
pub(super) fn sampled(n: usize, f: impl Fn(usize) -> f64) -> f64 {
    let [sum] = sampled_sums(n, |k| [f(k)]);
    sum
}

/// Entries up to which a cost is summed over every entry of a matrix; past
/// that, over entries spread evenly.
const SAMPLED_ENTRIES: usize = 8192;

/// `Σ f(vector id, inner index)` over the entries of `c`, several sums at
/// once, or their estimate from [`SAMPLED_ENTRIES`] entries spread evenly
/// (scaled up). Sampling entries, not vectors, samples each vector in
/// proportion to its length: the long vectors of hubs, where the work of a
/// skewed product concentrates, are never skipped.
pub(super) fn sampled_entries<const N: usize>(
    c: &Compressed,
    f: impl Fn(u64, u64) -> [f64; N],
) -> [f64; N] {
    let n = c.nvals();
    let (count, stride) = if n <= SAMPLED_ENTRIES {
        (n, 1)
    } else {
        (SAMPLED_ENTRIES, n / SAMPLED_ENTRIES)
    };
    let mut sums = [0.0; N];
    let mut kk = 0;
    for t in 0..count {
        let q = t * stride;
        while c.p[kk + 1] <= q {
            kk += 1;
        }
        for (s, w) in sums.iter_mut().zip(f(c.vector_id(kk), c.i.get(q))) {
            *s += w;
        }
    }
    let scale = n as f64 / count.max(1) as f64;
    sums.map(|s| s * scale)
}
