//! SuiteSparse's `GxB_Iterator` over the rows (or columns) of a matrix:
//! `GxB_Iterator_new`, `GxB_rowIterator_*` / `GxB_colIterator_*` (attach,
//! kount, seekRow / seekCol, kseek, nextRow / nextCol, getRowIndex,
//! getColIndex) and `GxB_Iterator_get_<T>`. SuiteSparse defines some of
//! these as macros over its iterator's fields; here they are functions.
//!
//! `attach` takes the matrix's current content (finishing pending work) as
//! compressed vectors in the iterator's direction: a copy, so later changes
//! to the matrix do not move under the iterator (SuiteSparse requires the
//! matrix to stay unchanged while attached). A row iterator walks the rows
//! that hold entries in order (`kount`: how many row positions there are),
//! and the entries of each row by increasing column. Status codes: a move to
//! a vector without entries is `GrB_NO_VALUE`, past the last vector
//! `GxB_EXHAUSTED`, a `nextCol` past the row's end `GrB_NO_VALUE`.

use crate::api::{api, free_entry, GrB_Index, GrB_Info};
use crate::handle::*;
use crate::values::write_value_bytes;
use engine::raw::algebra::Value;
use engine::raw::storage::{Compressed, Orientation};
use engine::{Error, Info, Result};
use paste::paste;
use std::ffi::c_void;
use std::sync::Mutex;

/// `GxB_EXHAUSTED`.
const EXHAUSTED: GrB_Info = 7089;

/// Where an iterator stands.
struct Position {
    /// The content, as compressed vectors (rows for a row iterator).
    c: Compressed,
    /// The held vector (its position among the held vectors).
    k: usize,
    /// The entry (its position in `c.i`).
    p: usize,
}

/// The object behind `GxB_Iterator`.
#[repr(C)]
pub struct GB_Iterator_opaque {
    header: Header,
    at: Mutex<Option<Position>>,
}

impl Object for GB_Iterator_opaque {
    const MAGIC: u64 = magic::ITERATOR;
    const NAME: &'static str = "GxB_Iterator";
    fn header(&self) -> &Header {
        &self.header
    }
}

/// `GxB_Iterator`.
pub type GxB_Iterator = *mut GB_Iterator_opaque;

/// The outcome of a move.
enum Step {
    /// At an entry.
    Entry,
    /// At a vector with no entry there (`GrB_NO_VALUE`).
    Empty,
    /// Past the last vector (`GxB_EXHAUSTED`).
    Exhausted,
}

impl Position {
    fn nvec(&self) -> usize {
        self.c.nvec()
    }

    /// Moves to held vector `k` and its first entry.
    fn go_to_vector(&mut self, k: usize) -> Step {
        self.k = k.min(self.nvec());
        if self.k >= self.nvec() {
            return Step::Exhausted;
        }
        let r = self.c.range(self.k);
        self.p = r.start;
        if r.is_empty() {
            Step::Empty
        } else {
            Step::Entry
        }
    }

    /// The held vector of the first vector id at or after `j`.
    fn seek(&mut self, j: u64) -> Step {
        let k = match &self.c.h {
            Some(h) => h.partition_point(|&x| x < j),
            None => usize::try_from(j).unwrap_or(usize::MAX),
        };
        self.go_to_vector(k)
    }

    /// The next entry of the current vector.
    fn next_entry(&mut self) -> Step {
        if self.k >= self.nvec() {
            return Step::Exhausted;
        }
        let end = self.c.range(self.k).end;
        self.p = (self.p + 1).min(end);
        if self.p < end {
            Step::Entry
        } else {
            Step::Empty
        }
    }

    fn check_entry(&self) -> Result<usize> {
        if self.k < self.nvec() && self.p < self.c.range(self.k).end {
            Ok(self.p)
        } else {
            Err(Error::new(
                Info::InvalidValue,
                "the iterator is not at an entry",
            ))
        }
    }
}

/// Runs `f` on an attached iterator and turns its step into a status code.
unsafe fn step(it: GxB_Iterator, f: impl FnOnce(&mut Position) -> Result<Step>) -> GrB_Info {
    let mut outcome = Step::Entry;
    let info = api(it, || {
        let mut at = unsafe { get(it)?.at.lock().unwrap_or_else(|e| e.into_inner()) };
        let pos = at.as_mut().ok_or_else(not_attached)?;
        outcome = f(pos)?;
        Ok(())
    });
    match (info, outcome) {
        (0, Step::Entry) => 0,
        (0, Step::Empty) => Info::NoValue.code(),
        (0, Step::Exhausted) => EXHAUSTED,
        (err, _) => err,
    }
}

fn not_attached() -> Error {
    Error::new(
        Info::InvalidObject,
        "the iterator is not attached to a matrix",
    )
}

/// Reads an attached iterator (`None` when it is not usable; the getters
/// have no status to return, as in SuiteSparse).
unsafe fn read<R>(it: GxB_Iterator, f: impl FnOnce(&Position) -> R) -> Option<R> {
    let o = unsafe { get(it).ok()? };
    let at = o.at.lock().unwrap_or_else(|e| e.into_inner());
    at.as_ref().map(f)
}

/// `GxB_Iterator_new(&iterator)`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Iterator_new(iterator: *mut GxB_Iterator) -> GrB_Info {
    api((), || {
        let it = GB_Iterator_opaque {
            header: Header::new(magic::ITERATOR),
            at: Mutex::new(None),
        };
        unsafe { put_handle(iterator, it, "iterator") }
    })
}

/// `GxB_Iterator_free(&iterator)` (also `GrB_free(&iterator)`).
#[no_mangle]
pub unsafe extern "C" fn GxB_Iterator_free(iterator: *mut GxB_Iterator) -> GrB_Info {
    unsafe { free_entry(iterator) }
}

/// Attaches an iterator to `A`'s content in `orient`, at its first vector.
unsafe fn attach(it: GxB_Iterator, A: GrB_Matrix, orient: Orientation) -> Result<()> {
    let o = unsafe { get(it)? };
    let store = unsafe { get(A)?.matrix.snapshot()? };
    let c = store.try_compressed(orient)?.into_owned();
    let mut pos = Position { c, k: 0, p: 0 };
    pos.go_to_vector(0);
    *o.at.lock().unwrap_or_else(|e| e.into_inner()) = Some(pos);
    Ok(())
}

macro_rules! line_iterator {
    ($kind:ident, $orient:ident, $seek:ident, $next_line:ident, $next_entry:ident, $line_index:ident, $entry_index:ident) => {
        paste! {
            #[doc = concat!("`GxB_", stringify!($kind), "Iterator_attach(iterator, A, desc)`: at the first held ", stringify!($kind), ".")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind Iterator_attach>](iterator: GxB_Iterator, A: GrB_Matrix, _desc: GrB_Descriptor) -> GrB_Info {
                api(iterator, || unsafe { attach(iterator, A, Orientation::$orient) })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "Iterator_kount(iterator)`: the number of positions `kseek` takes.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind Iterator_kount>](iterator: GxB_Iterator) -> GrB_Index {
                unsafe { read(iterator, |p| p.nvec() as GrB_Index).unwrap_or(0) }
            }

            #[doc = concat!("`GxB_", stringify!($kind), "Iterator_", stringify!($seek), "(iterator, index)`: the first held ", stringify!($kind), " at or after `index`.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind Iterator_ $seek>](iterator: GxB_Iterator, index: GrB_Index) -> GrB_Info {
                unsafe { step(iterator, |p| Ok(p.seek(index))) }
            }

            #[doc = concat!("`GxB_", stringify!($kind), "Iterator_kseek(iterator, k)`: the `k`-th held ", stringify!($kind), ".")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind Iterator_kseek>](iterator: GxB_Iterator, k: GrB_Index) -> GrB_Info {
                unsafe { step(iterator, |p| Ok(p.go_to_vector(usize::try_from(k).unwrap_or(usize::MAX)))) }
            }

            #[doc = concat!("`GxB_", stringify!($kind), "Iterator_", stringify!($next_line), "(iterator)`: the next held ", stringify!($kind), ".")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind Iterator_ $next_line>](iterator: GxB_Iterator) -> GrB_Info {
                unsafe { step(iterator, |p| Ok(p.go_to_vector(p.k.saturating_add(1)))) }
            }

            #[doc = concat!("`GxB_", stringify!($kind), "Iterator_", stringify!($next_entry), "(iterator)`: the next entry of the ", stringify!($kind), " (`GrB_NO_VALUE` past its end).")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind Iterator_ $next_entry>](iterator: GxB_Iterator) -> GrB_Info {
                unsafe { step(iterator, |p| Ok(p.next_entry())) }
            }

            #[doc = concat!("`GxB_", stringify!($kind), "Iterator_", stringify!($line_index), "(iterator)`: the index of the current ", stringify!($kind), ".")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind Iterator_ $line_index>](iterator: GxB_Iterator) -> GrB_Index {
                unsafe { read(iterator, |p| if p.k < p.nvec() { p.c.vector_id(p.k) } else { p.c.vdim }).unwrap_or(0) }
            }

            #[doc = concat!("`GxB_", stringify!($kind), "Iterator_", stringify!($entry_index), "(iterator)`: the other index of the current entry.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind Iterator_ $entry_index>](iterator: GxB_Iterator) -> GrB_Index {
                unsafe { read(iterator, |p| p.check_entry().map_or(p.c.vlen, |q| p.c.i.get(q))).unwrap_or(0) }
            }
        }
    };
}

line_iterator!(
    row,
    ByRow,
    seekRow,
    nextRow,
    nextCol,
    getRowIndex,
    getColIndex
);
line_iterator!(
    col,
    ByCol,
    seekCol,
    nextCol,
    nextRow,
    getColIndex,
    getRowIndex
);

/// The value of the current entry.
unsafe fn current(it: GxB_Iterator) -> Result<Value> {
    let o = unsafe { get(it)? };
    let at = o.at.lock().unwrap_or_else(|e| e.into_inner());
    let p = at.as_ref().ok_or_else(not_attached)?;
    Ok(p.c.x.get(p.check_entry()?))
}

macro_rules! value_getter {
    ($suffix:ident, $t:ty, $tc:ident) => {
        paste! {
            #[doc = concat!("`GxB_Iterator_get_", stringify!($suffix), "(iterator)`: the current entry's value, typecast (0 when not at an entry).")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_Iterator_get_ $suffix>](iterator: GxB_Iterator) -> $t {
                unsafe { current(iterator) }
                    .ok()
                    .and_then(|v| v.cast(&engine::raw::algebra::Type::builtin(engine::raw::algebra::TypeCode::$tc)))
                    .and_then(|v| v.get::<$t>())
                    .unwrap_or_default()
            }
        }
    };
}
for_each_builtin!(value_getter);

/// `GxB_Iterator_get_UDT(iterator, value)`: copies the current entry's value.
#[no_mangle]
pub unsafe extern "C" fn GxB_Iterator_get_UDT(iterator: GxB_Iterator, value: *mut c_void) {
    unsafe {
        if let Ok(v) = current(iterator) {
            let _ = write_value_bytes(&v, value, "value");
        }
    }
}
