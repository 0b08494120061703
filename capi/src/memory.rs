//! The user's memory functions (`GxB_init`) and the buffers that cross the
//! API: the arrays `GxB_*_pack` / `GxB_*_import` take from the caller and
//! `GxB_*_unpack` / `GxB_*_export` hand to it.
//!
//! How the library honours the functions given to `GxB_init`: its own
//! working memory comes from Rust's global allocator, which is the C
//! library's `malloc` (`graphblas::HugePages` only adds advice to
//! `System`, and `System` on Unix allocates with `malloc` / `posix_memalign`
//! and frees with `free`). Every buffer that changes hands is the user's:
//!
//! * when the user's functions are the C library's own (`GrB_init`, or
//!   `GxB_init(mode, malloc, calloc, realloc, free)` as LAGraph calls it), a
//!   buffer changes hands without a copy: a `Vec` of the library becomes the
//!   user's array (the user frees it with `free`), and a user array becomes a
//!   `Vec` (dropped with `free` through `System`). Both sides are the same
//!   `malloc` heap, so the sizes Rust passes to `dealloc` do not matter:
//!   `free` takes none;
//! * otherwise every buffer is copied: arrays handed out are allocated with
//!   the user's `malloc` and filled, and arrays taken are copied into the
//!   library's memory and released with the user's `free`.

use engine::{Error, Info, Result};
use std::ffi::c_void;
use std::sync::RwLock;

/// `void *malloc(size_t)` and friends, as `GxB_init` takes them.
pub(crate) type MallocFn = unsafe extern "C" fn(usize) -> *mut c_void;
/// `void *calloc(size_t, size_t)`.
pub(crate) type CallocFn = unsafe extern "C" fn(usize, usize) -> *mut c_void;
/// `void *realloc(void *, size_t)`.
pub(crate) type ReallocFn = unsafe extern "C" fn(*mut c_void, usize) -> *mut c_void;
/// `void free(void *)`.
pub(crate) type FreeFn = unsafe extern "C" fn(*mut c_void);

extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn calloc(n: usize, size: usize) -> *mut c_void;
    fn realloc(p: *mut c_void, size: usize) -> *mut c_void;
    fn free(p: *mut c_void);
}

/// The four memory functions of the user.
#[derive(Clone, Copy)]
pub(crate) struct Allocator {
    pub malloc: MallocFn,
    pub calloc: Option<CallocFn>,
    pub realloc: Option<ReallocFn>,
    pub free: FreeFn,
}

impl Allocator {
    /// The C library's functions (the default, and `GrB_init`'s).
    pub(crate) const SYSTEM: Allocator = Allocator {
        malloc,
        calloc: Some(calloc),
        realloc: Some(realloc),
        free,
    };

    /// True when the functions are the C library's `malloc` and `free`
    /// (function addresses are unique across a process), so that buffers
    /// can change hands without a copy.
    pub(crate) fn is_system(&self) -> bool {
        self.malloc as usize == (malloc as MallocFn) as usize
            && self.free as usize == (free as FreeFn) as usize
    }
}

static USER: RwLock<Allocator> = RwLock::new(Allocator::SYSTEM);

/// The memory functions in use.
pub(crate) fn allocator() -> Allocator {
    *USER.read().unwrap_or_else(|e| e.into_inner())
}

/// Installs the user's memory functions (`GxB_init`).
pub(crate) fn set_allocator(a: Allocator) {
    *USER.write().unwrap_or_else(|e| e.into_inner()) = a;
}

/// A plain element type whose every bit pattern is valid (the arrays of
/// pack / unpack: indices, pointers, bitmap bytes and values of the built-in
/// types other than `bool`).
pub(crate) trait Plain: Copy + Default + 'static {}
macro_rules! plain {
    ($($t:ty),*) => { $(impl Plain for $t {})* };
}
plain!(i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

/// Hands `v` to the user as an array the user frees with its `free`, and
/// returns it with its size in bytes (at least one element is allocated, so
/// the pointer is never NULL).
pub(crate) fn give<T: Plain>(mut v: Vec<T>) -> Result<(*mut T, u64)> {
    let a = allocator();
    if v.capacity() == 0 {
        v.reserve_exact(1);
    }
    if a.is_system() {
        let mut v = std::mem::ManuallyDrop::new(v);
        let bytes = v.capacity() * std::mem::size_of::<T>();
        return Ok((v.as_mut_ptr(), bytes as u64));
    }
    let bytes = v.len().max(1) * std::mem::size_of::<T>();
    // SAFETY: the user's malloc returns NULL or `bytes` writable bytes.
    let p = unsafe { (a.malloc)(bytes) } as *mut T;
    if p.is_null() {
        return Err(Error::new(Info::OutOfMemory, "the user's malloc failed"));
    }
    // SAFETY: `p` holds `bytes` bytes, at least `v.len()` elements; malloc
    // memory is aligned for any plain type.
    unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), p, v.len()) };
    Ok((p, bytes as u64))
}

/// Takes the user's array `p` of `bytes` bytes holding `len` elements: the
/// array itself when it can be adopted, else a copy (the user's array is then
/// freed with the user's `free`). The caller has checked `len * size_of::<T>()
/// <= bytes`.
///
/// # Safety
/// `p` must be an allocation of the user's `malloc` of `bytes` bytes that the
/// caller gives up.
pub(crate) unsafe fn take<T: Plain>(p: *mut T, len: usize, bytes: u64) -> Vec<T> {
    let a = allocator();
    let size = std::mem::size_of::<T>();
    let aligned = (p as usize).is_multiple_of(std::mem::align_of::<T>());
    if a.is_system() && aligned {
        let cap = (bytes as usize / size).max(len);
        // SAFETY: the array is a `malloc` allocation of at least `cap`
        // elements; `Vec` frees it with `free` (see the module comment).
        return unsafe { Vec::from_raw_parts(p, len, cap) };
    }
    let mut v = vec![T::default(); len];
    unsafe {
        std::ptr::copy_nonoverlapping(p as *const u8, v.as_mut_ptr() as *mut u8, len * size);
        (a.free)(p as *mut c_void);
    }
    v
}
