//! A short run of every fuzz target on the stable toolchain: the committed seed
//! corpus (`fuzz/corpus/<target>/`), then deterministic pseudo-random
//! mutations of the seeds and random inputs. Crashes the fuzzer found are
//! seeds too, so they stay fixed.

use std::path::PathBuf;

/// The seeds of one target, in name order.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read(p).expect("a seed file"))
        .collect()
}

/// A xorshift generator: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `seed` with a few bytes flipped, inserted or removed.
fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut out = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(3) {
            0 if at < out.len() => out[at] ^= 1 << rng.below(8),
            1 => out.insert(at, rng.next() as u8),
            _ if at < out.len() => {
                out.remove(at);
            }
            _ => {}
        }
    }
    out
}

/// Runs `target` on its seeds, `n` mutations of them and `n` random inputs.
fn smoke(name: &str, target: fn(&[u8]), n: usize) {
    let seeds = seeds(name);
    assert!(!seeds.is_empty(), "the {name} corpus has seeds");
    for s in &seeds {
        target(s);
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for k in 0..n {
        let seed = &seeds[k % seeds.len()];
        target(&mutate(&mut rng, seed));
        let len = rng.below(200);
        let random: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        target(&random);
    }
}

#[test]
fn c_api_calls_smoke() {
    smoke("c_api_calls", super::c_api_calls, 1500);
}

#[test]
fn deserialize_smoke() {
    smoke("deserialize", super::deserialize, 1500);
}

#[test]
fn import_smoke() {
    smoke("import", super::import, 1500);
}

#[test]
fn mtx_smoke() {
    smoke("mtx", super::mtx, 1500);
}

/// Writes the seed corpus: `cargo test -p graphblas-fuzz-support write_seeds -- --ignored`.
/// Seeds are small: a few call sequences, serialized matrices made by the
/// library, import arrays and hand-written Matrix Market texts.
#[test]
#[ignore]
fn write_seeds() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    for (target, seeds) in super::seeds::all() {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir).expect("the corpus directory");
        for (name, bytes) in seeds {
            std::fs::write(dir.join(name), bytes).expect("a seed file");
        }
    }
}
