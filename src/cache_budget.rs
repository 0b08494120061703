//! Derived data kept for later reads (a store's transpose), held under one
//! process-wide memory budget: when what is kept would exceed it, the items
//! used least recently are dropped first, and everything kept is dropped
//! before an allocation is reported as out of memory. Dropped data is
//! recomputed when next needed, so the budget changes speed, never results.
//!
//! The budget is a quarter of physical memory unless the environment
//! variable `GRB_CACHE_LIMIT` (bytes, with an optional `K`, `M` or `G`
//! suffix, or a percentage of physical memory such as `10%`) or
//! [`set_cache_limit`] sets it.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

/// Something kept that can be dropped and recomputed later.
pub trait Evictable: Send + Sync {
    /// The bytes it holds now (0 when nothing is kept).
    fn bytes(&self) -> usize;
    /// When it was last used, a value of [`tick`].
    fn last_use(&self) -> u64;
    /// Drops what is kept.
    fn evict(&self);
}

/// Every item registered with [`admit`] that may still hold data.
static KEPT: Mutex<Vec<Weak<dyn Evictable>>> = Mutex::new(Vec::new());

/// The budget in bytes; `UNSET` until first read or set.
static LIMIT: AtomicUsize = AtomicUsize::new(UNSET);
const UNSET: usize = usize::MAX;

/// The use counter behind [`tick`].
static CLOCK: AtomicU64 = AtomicU64::new(0);

/// A new value of the use counter: later calls return larger values.
pub fn tick() -> u64 {
    CLOCK.fetch_add(1, Ordering::Relaxed)
}

/// The budget, in bytes, for derived data kept for later reads.
pub fn cache_limit() -> usize {
    match LIMIT.load(Ordering::Relaxed) {
        UNSET => {
            let limit = std::env::var("GRB_CACHE_LIMIT")
                .ok()
                .and_then(|s| parse_limit(&s, physical_memory()))
                .unwrap_or(physical_memory() / 4);
            // A concurrent `set_cache_limit` wins over the default.
            let _ = LIMIT.compare_exchange(UNSET, limit, Ordering::Relaxed, Ordering::Relaxed);
            LIMIT.load(Ordering::Relaxed)
        }
        limit => limit,
    }
}

/// Sets the budget, in bytes, for derived data kept for later reads (`0`
/// keeps nothing), dropping what no longer fits.
pub fn set_cache_limit(bytes: usize) {
    LIMIT.store(bytes.min(UNSET - 1), Ordering::Relaxed);
    trim(None);
}

/// The bytes of derived data kept now.
pub fn cached_bytes() -> usize {
    live(&mut lock()).iter().map(|k| k.bytes()).sum()
}

/// True when `bytes` of derived data can be kept at all.
pub fn fits(bytes: usize) -> bool {
    bytes <= cache_limit()
}

/// Registers `item`, which has just been filled, and drops the least
/// recently used other items until what is kept is within the budget.
pub fn admit(item: &Arc<dyn Evictable>) {
    let mut kept = lock();
    if !kept
        .iter()
        .any(|w| std::ptr::addr_eq(w.as_ptr(), Arc::as_ptr(item)))
    {
        kept.push(Arc::downgrade(item));
    }
    drop(kept);
    trim(Some(item));
}

/// Drops everything kept; returns the bytes released. Called before an
/// allocation is reported as out of memory.
pub fn evict_all() -> usize {
    let items = live(&mut lock());
    items
        .iter()
        .map(|k| {
            let bytes = k.bytes();
            k.evict();
            bytes
        })
        .sum()
}

/// Drops the least recently used items (never `spare`) until what is kept
/// is within the budget.
fn trim(spare: Option<&Arc<dyn Evictable>>) {
    let items = live(&mut lock());
    evict_least_recent(items, cache_limit(), spare);
}

/// Drops items of `items`, least recently used first and never `spare`,
/// until the bytes they hold are at most `limit`.
fn evict_least_recent(
    mut items: Vec<Arc<dyn Evictable>>,
    limit: usize,
    spare: Option<&Arc<dyn Evictable>>,
) {
    let mut total: usize = items.iter().map(|k| k.bytes()).sum();
    if total <= limit {
        return;
    }
    items.sort_by_key(|k| k.last_use());
    for k in items {
        if total <= limit {
            break;
        }
        if spare.is_some_and(|s| Arc::ptr_eq(s, &k)) {
            continue;
        }
        total -= k.bytes().min(total);
        k.evict();
    }
}

/// The registered items still alive and holding data; forgets the others.
fn live(kept: &mut Vec<Weak<dyn Evictable>>) -> Vec<Arc<dyn Evictable>> {
    let mut items = Vec::with_capacity(kept.len());
    kept.retain(|w| match w.upgrade() {
        Some(k) if k.bytes() > 0 => {
            items.push(k);
            true
        }
        Some(_) => true,
        None => false,
    });
    items
}

fn lock() -> std::sync::MutexGuard<'static, Vec<Weak<dyn Evictable>>> {
    // The list stays consistent whatever panicked while it was held.
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Reads a budget: bytes with an optional `K`, `M` or `G` suffix (powers of
/// 1024), or a percentage of `physical` such as `10%`.
fn parse_limit(s: &str, physical: usize) -> Option<usize> {
    let s = s.trim();
    if let Some(percent) = s.strip_suffix('%') {
        let p: f64 = percent
            .trim()
            .parse()
            .ok()
            .filter(|p: &f64| (0.0..=100.0).contains(p))?;
        return Some((physical as f64 * p / 100.0) as usize);
    }
    let (digits, unit) = match s.char_indices().last()? {
        (at, c) if c.is_ascii_alphabetic() => (&s[..at], c.to_ascii_uppercase()),
        _ => (s, 'B'),
    };
    let shift = match unit {
        'B' => 0,
        'K' => 10,
        'M' => 20,
        'G' => 30,
        _ => return None,
    };
    digits.trim().parse::<usize>().ok()?.checked_mul(1 << shift)
}

/// The machine's physical memory in bytes (4 GiB where it cannot be read).
pub fn physical_memory() -> usize {
    #[cfg(unix)]
    {
        // SAFETY: `sysconf` only reads system parameters.
        let (pages, size) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && size > 0 {
            return (pages as usize).saturating_mul(size as usize);
        }
    }
    4 << 30
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// A kept item of a fixed size, used at a fixed time.
    struct Item {
        bytes: usize,
        used: u64,
        kept: AtomicBool,
    }

    impl Evictable for Item {
        fn bytes(&self) -> usize {
            if self.kept.load(Ordering::Relaxed) {
                self.bytes
            } else {
                0
            }
        }
        fn last_use(&self) -> u64 {
            self.used
        }
        fn evict(&self) {
            self.kept.store(false, Ordering::Relaxed)
        }
    }

    fn item(bytes: usize, used: u64) -> Arc<dyn Evictable> {
        Arc::new(Item {
            bytes,
            used,
            kept: AtomicBool::new(true),
        })
    }

    #[test]
    fn the_least_recently_used_go_first_and_the_spared_item_stays() {
        let items = [item(40, 3), item(30, 1), item(20, 2), item(50, 0)];
        // 140 bytes against a limit of 60: the oldest (50) is spared, so
        // 30 and 20 go, then 40, leaving 50.
        evict_least_recent(items.to_vec(), 60, Some(&items[3]));
        let left: Vec<usize> = items.iter().map(|k| k.bytes()).collect();
        assert_eq!(left, [0, 0, 0, 50]);
        let items = [item(40, 3), item(30, 1), item(20, 2)];
        evict_least_recent(items.to_vec(), 60, None);
        let left: Vec<usize> = items.iter().map(|k| k.bytes()).collect();
        assert_eq!(left, [40, 0, 20]);
    }

    #[test]
    fn limits_parse_as_bytes_units_and_percentages() {
        assert_eq!(parse_limit("1000", 0), Some(1000));
        assert_eq!(parse_limit("3k", 0), Some(3 << 10));
        assert_eq!(parse_limit(" 2G ", 0), Some(2 << 30));
        assert_eq!(parse_limit("25%", 4000), Some(1000));
        assert_eq!(parse_limit("150%", 4000), None);
        assert_eq!(parse_limit("2T", 0), None);
        assert_eq!(parse_limit("lots", 0), None);
        assert_eq!(parse_limit("", 0), None);
    }
}
