//! A deterministic pseudo-random sequence shared by the tests that draw
//! their own inputs.

/// A linear congruential generator; `next` gives its upper 31 bits.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}
