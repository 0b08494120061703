//! [`Kept`]: data derived from a store's content (its transpose, its
//! column blocks), computed on first use and kept under the process-wide
//! cache budget ([`crate::cache_budget`]); and [`CompressedRef`],
//! compressed vectors that are borrowed, shared with such a cache, or
//! owned.

use super::compressed::Compressed;
use crate::cache_budget::{self, Evictable};
use std::ops::Deref;
use std::sync::{Arc, Mutex, MutexGuard};

/// Data a cache holds, with the bytes it counts against the budget.
pub trait Derived: Send + Sync + 'static {
    /// The bytes the data holds on the heap.
    fn heap_bytes(&self) -> usize;
}

impl Derived for Compressed {
    fn heap_bytes(&self) -> usize {
        Compressed::heap_bytes(self)
    }
}

/// Data derived from one content, once computed; shared by the clones of
/// a store (same content) and dropped when the budget needs its room.
pub struct Kept<D> {
    kept: Mutex<Option<Held<D>>>,
}

/// The transpose of one content (see [`Kept`]).
pub type KeptTranspose = Kept<Compressed>;

struct Held<D> {
    data: Arc<D>,
    bytes: usize,
    last_use: u64,
}

impl<D> Default for Kept<D> {
    fn default() -> Self {
        Kept {
            kept: Mutex::new(None),
        }
    }
}

impl<D: Derived> Kept<D> {
    fn lock(&self) -> MutexGuard<'_, Option<Held<D>>> {
        // The slot holds an `Option` replaced whole: consistent whatever panicked.
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// True when the data is kept now.
    pub fn is_kept(&self) -> bool {
        self.lock().is_some()
    }

    /// The data when it is kept now (a use: it becomes the most recently
    /// used).
    pub fn get(&self) -> Option<Arc<D>> {
        let mut kept = self.lock();
        let k = kept.as_mut()?;
        k.last_use = cache_budget::tick();
        Some(k.data.clone())
    }

    /// The data: the kept one, or `compute()`'s result, then kept when it
    /// fits the budget.
    pub fn get_or_compute(self: &Arc<Self>, compute: impl FnOnce() -> D) -> Arc<D> {
        self.get_or_compute_some(|| Some(compute()))
            .expect("computed")
    }

    /// [`Kept::get_or_compute`] with a computation that may decline
    /// (`None`: nothing is kept).
    pub fn get_or_compute_some(
        self: &Arc<Self>,
        compute: impl FnOnce() -> Option<D>,
    ) -> Option<Arc<D>> {
        if let Some(data) = self.get() {
            return Some(data);
        }
        // Computed without holding the lock: a kernel the computation runs
        // in parallel may be stolen into by a thread that reads this slot.
        let data = Arc::new(compute()?);
        let bytes = data.heap_bytes();
        if cache_budget::fits(bytes) {
            *self.lock() = Some(Held {
                data: data.clone(),
                bytes,
                last_use: cache_budget::tick(),
            });
            let item: Arc<dyn Evictable> = self.clone();
            cache_budget::admit(&item);
        }
        Some(data)
    }
}

impl<D: Derived> Evictable for Kept<D> {
    fn bytes(&self) -> usize {
        self.lock().as_ref().map_or(0, |k| k.bytes)
    }

    fn last_use(&self) -> u64 {
        self.lock().as_ref().map_or(0, |k| k.last_use)
    }

    fn evict(&self) {
        // Dropped outside the lock: freeing a large transpose takes a while.
        let gone = self.lock().take();
        drop(gone);
    }
}

/// Compressed vectors read from a store: borrowed from it, shared with its
/// kept transpose, or computed for the reader alone.
pub enum CompressedRef<'a> {
    /// The store's own data.
    Borrowed(&'a Compressed),
    /// A kept transpose (it stays valid after an eviction).
    Shared(Arc<Compressed>),
    /// Computed for this reader.
    Owned(Compressed),
}

impl CompressedRef<'_> {
    /// The vectors, owned: moved when computed for this reader, a copy otherwise.
    pub fn into_owned(self) -> Compressed {
        match self {
            CompressedRef::Borrowed(c) => c.clone(),
            CompressedRef::Shared(c) => Arc::unwrap_or_clone(c),
            CompressedRef::Owned(c) => c,
        }
    }

    /// True when reading cost nothing: the store's data or a kept transpose.
    pub fn is_free(&self) -> bool {
        !matches!(self, CompressedRef::Owned(_))
    }
}

impl Deref for CompressedRef<'_> {
    type Target = Compressed;

    fn deref(&self) -> &Compressed {
        match self {
            CompressedRef::Borrowed(c) => c,
            CompressedRef::Shared(c) => c,
            CompressedRef::Owned(c) => c,
        }
    }
}
