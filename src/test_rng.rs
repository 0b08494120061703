//! A seeded pseudo-random source for unit tests (a 64-bit linear
//! congruential generator): the same cases on every run.

/// Draws below `m` (at least 1), from `seed`.
pub fn below(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |m| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % m
    }
}
