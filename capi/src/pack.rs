//! SuiteSparse's `GxB_Matrix_pack_*` / `GxB_Matrix_unpack_*` and
//! `GxB_Vector_pack_*` / `GxB_Vector_unpack_*`: a matrix's content moved in
//! from, or out to, the caller's arrays (CSR, CSC, HyperCSR, HyperCSC,
//! BitmapR, BitmapC, FullR, FullC; vectors CSC, Bitmap, Full).
//!
//! Pack takes the arrays (`*Ap` … are set to NULL) and unpack hands arrays out
//! (the matrix is left with no entries); sizes are in bytes. With the C
//! library's allocator the arrays change hands without a copy (`memory`):
//! unpacking what was packed returns the same pointers. Every input is
//! checked before anything is taken (pointers, sizes, indices in range and,
//! unless `jumbled`, sorted without duplicates; a jumbled input is sorted in
//! place first): a failed pack leaves the caller's arrays with the caller.
//! An `iso` input (one value for every entry) is stored as one value. Unpack
//! reports `jumbled = false` (sorted) and, when every entry holds the same
//! value, `iso = true` with that one value only, as SuiteSparse does; as in
//! SuiteSparse, `iso` and `jumbled` may be NULL (asking for content neither
//! iso nor jumbled: the values array then has one value per entry).

use crate::api::{api, GrB_Index, GrB_Info};
use crate::handle::*;
use crate::memory::{give, take, Plain};
use engine::raw::algebra::{Type, TypeCode, Value};
use engine::raw::object::{Matrix, Vector};
use engine::raw::storage::compressed::{indices_sorted_within, pointers_increase};
use engine::raw::storage::jumbled::sort_within_vectors;
use engine::raw::storage::store::compressed_to_bitmap;
use engine::raw::storage::{Array, Bitmap, Compressed, Format, Full, MatrixStore, Orientation};
use engine::{Error, Info, Result};
use std::ffi::c_void;

fn invalid(message: impl Into<String>) -> Error {
    Error::new(Info::InvalidValue, message.into())
}

/// A caller array passed to pack: `*slot`, of `bytes` bytes.
struct In<T> {
    slot: *mut *mut T,
    bytes: GrB_Index,
    what: &'static str,
}

impl<T: Copy> In<T> {
    /// The first `len` elements, checked: a NULL slot, or a NULL array that
    /// must hold elements, is `GrB_NULL_POINTER`; too few bytes `GrB_INVALID_VALUE`.
    unsafe fn view<'a>(&self, len: usize) -> Result<&'a mut [T]> {
        non_null(self.slot, self.what)?;
        let need = len
            .checked_mul(std::mem::size_of::<T>())
            .filter(|&b| b as u64 <= self.bytes)
            .ok_or_else(|| {
                invalid(format!(
                    "{} holds {} bytes, fewer than its {len} elements need",
                    self.what, self.bytes
                ))
            })?;
        if need == 0 {
            return Ok(&mut []);
        }
        // SAFETY: the slot holds the caller's array of `bytes` bytes (the
        // pack functions' contract), at least the `need` bytes read here.
        unsafe {
            non_null(*self.slot, self.what)?;
            Ok(std::slice::from_raw_parts_mut(*self.slot, len))
        }
    }
}

impl<T: Plain> In<T> {
    /// Takes the checked array (the slot becomes NULL).
    unsafe fn take(&self, len: usize) -> Vec<T> {
        let p = unsafe { std::mem::replace(&mut *self.slot, std::ptr::null_mut()) };
        if p.is_null() {
            return Vec::new();
        }
        unsafe { take(p, len, self.bytes) }
    }
}

/// Values of type `ty` taken from the caller's array of `bytes` bytes: `n`
/// values, or one repeated `n` times when `iso`.
unsafe fn take_values(ty: &Type, x: &In<c_void>, n: usize, iso: bool) -> Result<Array> {
    let size = ty.size();
    let stored = if iso { n.min(1) } else { n };
    let bytes = In::<u8> {
        slot: x.slot as *mut *mut u8,
        bytes: x.bytes,
        what: x.what,
    };
    let raw = unsafe { bytes.view(stored * size)? };
    if iso || !ty.is_builtin() || ty.code() == TypeCode::Bool {
        // A copy: iso values are expanded, user-defined values are kept in
        // 16-byte chunks, and `bool` bytes are checked.
        let array = if iso && n > 0 {
            Array::filled(&Value::from_bytes(ty, raw), n)?
        } else {
            if ty.code() == TypeCode::Bool && raw.iter().any(|&b| b > 1) {
                return Err(invalid("a bool value is neither 0 nor 1"));
            }
            Array::from_bytes(ty, raw)
        };
        unsafe { drop(bytes.take(stored * size)) };
        return Ok(array);
    }
    macro_rules! adopt {
        ($($code:ident => $t:ty),*) => {
            match ty.code() {
                $(TypeCode::$code => Array::$code(
                    unsafe { take(std::mem::replace(&mut *x.slot, std::ptr::null_mut()) as *mut $t, n, x.bytes) },
                ),)*
                _ => unreachable!("bool and user-defined values are copied"),
            }
        };
    }
    if n == 0 {
        unsafe { drop(bytes.take(0)) };
        return Ok(Array::new(ty));
    }
    Ok(
        adopt!(Int8 => i8, Uint8 => u8, Int16 => i16, Uint16 => u16, Int32 => i32,
        Uint32 => u32, Int64 => i64, Uint64 => u64, Fp32 => f32, Fp64 => f64),
    )
}

/// Hands values to the caller (a copy for `bool` and user-defined types).
fn give_values(mut x: Array) -> Result<(*mut c_void, u64)> {
    // The caller gets one value per entry: an iso array is expanded.
    x.expand();
    macro_rules! hand {
        ($($code:ident),*) => {
            match x {
                $(Array::$code(v) => give(v).map(|(p, b)| (p as *mut c_void, b)),)*
                other => give(other.bytes().to_vec()).map(|(p, b)| (p as *mut c_void, b)),
            }
        };
    }
    hand!(Int8, Uint8, Int16, Uint16, Int32, Uint32, Int64, Uint64, Fp32, Fp64)
}

/// `(vlen, vdim)` of an `nrows × ncols` matrix stored in `orient`.
fn vdims(m: &Matrix, orient: Orientation) -> (u64, u64) {
    match orient {
        Orientation::ByRow => (m.ncols(), m.nrows()),
        Orientation::ByCol => (m.nrows(), m.ncols()),
    }
}

/// A length that must fit in memory, as `usize`.
fn length(n: u64, what: &str) -> Result<usize> {
    usize::try_from(n)
        .ok()
        .filter(|&n| n <= isize::MAX as usize / 16)
        .ok_or_else(|| invalid(format!("{what} {n} is too large")))
}

/// The vector pointers of a compressed pack: the caller's array, or the
/// library's own (a vector's single column).
enum Pointers {
    Caller(In<u64>),
    Own(Vec<u64>),
}

impl Pointers {
    unsafe fn view<'a>(&mut self, len: usize) -> Result<&'a mut [u64]> {
        match self {
            Pointers::Caller(p) => unsafe { p.view(len) },
            // SAFETY: the slice is `v`'s heap buffer, which stays in place
            // until `take` hands `v` on; callers are done with the view by then.
            Pointers::Own(v) if v.len() == len => unsafe {
                Ok(std::slice::from_raw_parts_mut(v.as_mut_ptr(), len))
            },
            Pointers::Own(_) => Err(invalid("a vector has one column")),
        }
    }

    unsafe fn take(self, len: usize) -> Vec<u64> {
        match self {
            Pointers::Caller(p) => unsafe { p.take(len) },
            Pointers::Own(v) => v,
        }
    }
}

/// The arrays of a compressed pack.
struct CompressedIn {
    p: Pointers,
    h: Option<(In<u64>, GrB_Index)>,
    i: In<u64>,
    x: In<c_void>,
    iso: bool,
    jumbled: bool,
}

/// Packs compressed vectors in `orient` into `m`.
unsafe fn pack_compressed(m: &Matrix, orient: Orientation, mut a: CompressedIn) -> Result<()> {
    let ty = m.ty().clone();
    let (vlen, vdim) = vdims(m, orient);
    let nvec = match &a.h {
        Some((_, nvec)) if *nvec > vdim => return Err(invalid("nvec exceeds the vectors")),
        Some((_, nvec)) => length(*nvec, "nvec")?,
        None => length(vdim, "the number of vectors")?,
    };
    let p = unsafe { a.p.view(nvec + 1)? };
    if p[0] != 0 || !pointers_increase(p) {
        return Err(invalid(
            "the vector pointers must start at 0 and not decrease",
        ));
    }
    let nvals = length(p[nvec], "the number of entries")?;
    if let Some((h, _)) = &a.h {
        let h = unsafe { h.view(nvec)? };
        if h.windows(2).any(|w| w[0] >= w[1]) || h.last().is_some_and(|&j| j >= vdim) {
            return Err(invalid("the vector ids must increase and be in range"));
        }
    }
    let i = unsafe { a.i.view(nvals)? };
    if a.jumbled {
        let size = ty.size();
        let x = In::<u8> {
            slot: a.x.slot as *mut *mut u8,
            bytes: a.x.bytes,
            what: a.x.what,
        };
        let xs = if a.iso {
            &mut [][..]
        } else {
            unsafe { x.view(nvals * size)? }
        };
        sort_within_vectors(p, i, xs, size);
    }
    if !indices_sorted_within(p, i, vlen) {
        // Which rule is broken, found on the failing path only.
        if i.iter().any(|&k| k >= vlen) {
            return Err(out_of_range());
        }
        return Err(invalid("the indices of a vector are not sorted or repeat"));
    }
    let x = unsafe { take_values(&ty, &a.x, nvals, a.iso)? };
    let h = a.h.as_ref().map(|(h, _)| unsafe { h.take(nvec) });
    let (taken_p, taken_i) = unsafe { (a.p.take(nvec + 1), a.i.take(nvals)) };
    let c = Compressed {
        vlen,
        vdim,
        h,
        p: pointers(taken_p),
        i: taken_i.into(),
        x,
    };
    m.set_orientation(orient);
    m.set_store(MatrixStore::keeping_widths(orient, Format::Sparse(c)));
    Ok(())
}

fn out_of_range() -> Error {
    Error::new(Info::IndexOutOfBounds, "an index is out of range")
}

/// `GrB_Index` vector pointers as `usize` (the same 64 bits).
fn pointers(v: Vec<u64>) -> Vec<usize> {
    const _: () = assert!(std::mem::size_of::<usize>() == std::mem::size_of::<u64>());
    let mut v = std::mem::ManuallyDrop::new(v);
    // SAFETY: `u64` and `usize` have the same size and alignment here.
    unsafe { Vec::from_raw_parts(v.as_mut_ptr() as *mut usize, v.len(), v.capacity()) }
}

/// `usize` vector pointers as `GrB_Index`.
fn indices_of(v: Vec<usize>) -> Vec<u64> {
    let mut v = std::mem::ManuallyDrop::new(v);
    // SAFETY: as in `pointers`.
    unsafe { Vec::from_raw_parts(v.as_mut_ptr() as *mut u64, v.len(), v.capacity()) }
}

/// Packs a bitmap (`b`: one `int8_t` 0/1 flag per position) or, without
/// `b`, a full matrix in `orient` into `m`.
unsafe fn pack_dense(
    m: &Matrix,
    orient: Orientation,
    b: Option<(In<i8>, GrB_Index)>,
    x: In<c_void>,
    iso: bool,
) -> Result<()> {
    let ty = m.ty().clone();
    let (vlen, vdim) = vdims(m, orient);
    let n = vlen
        .checked_mul(vdim)
        .ok_or_else(|| invalid("the matrix is too large to be dense"))?;
    let n = length(n, "the number of positions")?;
    let format = match b {
        Some((b, nvals)) => {
            let flags = unsafe { b.view(n)? };
            if flags.iter().any(|&f| f != 0 && f != 1) {
                return Err(invalid("a bitmap flag is neither 0 nor 1"));
            }
            let count = flags.iter().filter(|&&f| f == 1).count();
            if count as u64 != nvals {
                return Err(invalid(format!(
                    "nvals is {nvals} but the bitmap holds {count}"
                )));
            }
            let x = unsafe { take_values(&ty, &x, n, iso)? };
            let flags = unsafe { b.take(n) };
            Format::Bitmap(Bitmap {
                vlen,
                vdim,
                b: flags.into_iter().map(|f| f == 1).collect(),
                x,
                nvals: count,
            })
        }
        None => Format::Full(Full {
            vlen,
            vdim,
            x: unsafe { take_values(&ty, &x, n, iso)? },
        }),
    };
    m.set_orientation(orient);
    m.set_store(MatrixStore::keeping_widths(orient, format));
    Ok(())
}

/// Output slots of an unpack.
struct Out<T> {
    slot: *mut *mut T,
    size: *mut GrB_Index,
}

impl<T> Out<T> {
    unsafe fn check(&self, what: &str) -> Result<()> {
        non_null(self.slot, what)?;
        non_null(self.size, what)
    }
}

impl<T: Plain> Out<T> {
    unsafe fn put(&self, v: Vec<T>) -> Result<()> {
        let (p, bytes) = give(v)?;
        unsafe {
            *self.slot = p;
            *self.size = bytes;
        }
        Ok(())
    }
}

/// Hands the unpacked values `x` to the caller through `out` and reports
/// through the flags that are not NULL: iso when every entry holds the same
/// value, never jumbled. Iso content is handed out as its one value only
/// when the caller asked to be told (`iso` not NULL), SuiteSparse's rule.
unsafe fn put_values(
    out: &Out<c_void>,
    x: Array,
    is_iso: bool,
    iso: *mut bool,
    jumbled: *mut bool,
) -> Result<()> {
    let x = if is_iso && !iso.is_null() && x.len() > 1 {
        x.gather(&[0usize])
    } else {
        x
    };
    let (p, bytes) = give_values(x)?;
    unsafe {
        *out.slot = p;
        *out.size = bytes;
        for (flag, value) in [(iso, is_iso), (jumbled, false)] {
            if !flag.is_null() {
                *flag = value;
            }
        }
    }
    Ok(())
}

/// A failed conversion: the error, and the content to put back.
type Kept = Box<(Error, MatrixStore)>;

/// Takes `m`'s content for an unpack; `convert` turns it into the output
/// form and, on failure, hands it back so that `m` keeps it. Also tells
/// whether the content is iso (every entry holds the same value).
fn take_as<R>(
    m: &Matrix,
    convert: impl FnOnce(MatrixStore) -> std::result::Result<R, Kept>,
) -> Result<(R, bool)> {
    let store = m.take_content()?;
    let iso = store.uniform_value().is_some();
    convert(store).map(|r| (r, iso)).map_err(|kept| {
        let (e, store) = *kept;
        m.set_store(store);
        e
    })
}

/// The content as compressed vectors in `orient`, hypersparse or not.
fn compressed_of(
    store: MatrixStore,
    orient: Orientation,
    hyper: bool,
) -> std::result::Result<Compressed, Kept> {
    let c = if store.orient() == orient && matches!(store.format(), Format::Sparse(_)) {
        store.into_compressed(orient)
    } else {
        match store.try_compressed_owned(orient) {
            Ok(c) => c,
            Err(e) => return Err(Box::new((e, store))),
        }
    };
    if hyper {
        return Ok(c.into_hyper());
    }
    let backup = c.is_hyper().then(|| c.clone());
    // Only a hypersparse input can fail (its vector pointers are allocated).
    c.into_sparse().map_err(|e| {
        let c = backup.expect("only a hypersparse input can fail");
        Box::new((e, MatrixStore::keeping_widths(orient, Format::Sparse(c))))
    })
}

/// The arrays of a compressed unpack (with the place for `nvec` when
/// hypersparse).
struct CompressedOut {
    p: Out<u64>,
    h: Option<(Out<u64>, *mut GrB_Index)>,
    i: Out<u64>,
    x: Out<c_void>,
}

/// Unpacks `m` into compressed vectors in `orient`.
unsafe fn unpack_compressed(
    m: &Matrix,
    orient: Orientation,
    arrays: CompressedOut,
    iso: *mut bool,
    jumbled: *mut bool,
) -> Result<()> {
    let CompressedOut { p, h, i, x } = arrays;
    unsafe {
        p.check("Ap")?;
        i.check("Ai")?;
        x.check("Ax")?;
    }
    if let Some((h, nvec)) = &h {
        unsafe { h.check("Ah")? };
        non_null(*nvec, "nvec")?;
    } else {
        let (_, vdim) = vdims(m, orient);
        length(vdim + 1, "the number of vector pointers")?;
    }
    let (c, is_iso) = take_as(m, |s| compressed_of(s, orient, h.is_some()))?;
    if let Some((hs, nvec)) = h {
        unsafe {
            *nvec = c.nvec() as GrB_Index;
            hs.put(c.h.unwrap_or_default())?;
        }
    }
    unsafe {
        p.put(indices_of(c.p))?;
        i.put(c.i.into_wide_vec()?)?;
        put_values(&x, c.x, is_iso, iso, jumbled)?;
    }
    Ok(())
}

/// The content as a bitmap in `orient` (full values are moved, not copied).
fn dense_of(store: MatrixStore, orient: Orientation) -> std::result::Result<Bitmap, Kept> {
    let store = if store.orient() == orient {
        store
    } else {
        store.reoriented(orient)
    };
    if let Format::Sparse(c) = store.format() {
        return compressed_to_bitmap(c).map_err(|e| Box::new((e, store)));
    }
    Ok(match store.into_parts().1 {
        Format::Bitmap(b) => b,
        Format::Full(f) => Bitmap {
            b: vec![true; f.x.len()],
            nvals: f.x.len(),
            vlen: f.vlen,
            vdim: f.vdim,
            x: f.x,
        },
        Format::Sparse(_) => unreachable!("handled above"),
    })
}

/// Unpacks `m` as a bitmap (with `b`) or full matrix in `orient`.
unsafe fn unpack_dense(
    m: &Matrix,
    orient: Orientation,
    b: Option<(Out<i8>, *mut GrB_Index)>,
    x: Out<c_void>,
    iso: *mut bool,
) -> Result<()> {
    unsafe { x.check("Ax")? };
    if let Some((b, nvals)) = &b {
        unsafe { b.check("Ab")? };
        non_null(*nvals, "nvals")?;
    }
    let (vlen, vdim) = vdims(m, orient);
    let n = vlen.checked_mul(vdim).map(|n| length(n, "positions"));
    let n = n.ok_or_else(|| invalid("the matrix is too large to be dense"))??;
    if b.is_none() && m.nvals()? != n {
        return Err(invalid("the matrix is not full: some entries are absent"));
    }
    let (bitmap, is_iso) = take_as(m, |s| dense_of(s, orient))?;
    if let Some((bs, nvals)) = b {
        unsafe {
            *nvals = bitmap.nvals as GrB_Index;
            bs.put(bitmap.b.iter().map(|&f| f as i8).collect())?;
        }
    }
    unsafe {
        put_values(&x, bitmap.x, is_iso, iso, std::ptr::null_mut())?;
    }
    Ok(())
}

/// `GxB_*_import_*`: a new `nrows × ncols` object of `type`, filled by a pack,
/// written through `A` (nothing is made when the pack fails).
unsafe fn import_new<T: Object>(
    A: *mut *mut T,
    type_: GrB_Type,
    nrows: GrB_Index,
    ncols: GrB_Index,
    make: impl FnOnce(&Type, GrB_Index, GrB_Index) -> Result<T>,
    of: impl FnOnce(&T) -> &Matrix,
    fill: impl FnOnce(&Matrix) -> Result<()>,
) -> Result<()> {
    non_null(A, "A")?;
    let ty = unsafe { get(type_)?.ty.clone() };
    let object = make(&ty, nrows, ncols)?;
    fill(of(&object))?;
    unsafe { put_handle(A, object, "A") }
}

/// `GxB_*_export_*`: unpacks `*A`, reports its type and dimensions (`ncols`
/// may be NULL for a vector), and frees it.
unsafe fn export_free<T: Object>(
    A: *mut *mut T,
    type_: *mut GrB_Type,
    nrows: *mut GrB_Index,
    ncols: *mut GrB_Index,
    matrix: impl FnOnce(&T) -> &Matrix,
    empty: impl FnOnce(&Matrix) -> Result<()>,
) -> Result<()> {
    non_null(A, "A")?;
    let m = unsafe { matrix(get(*A)?) };
    non_null(type_, "type")?;
    non_null(nrows, "nrows")?;
    let (r, c, ty) = (m.nrows(), m.ncols(), m.ty().clone());
    empty(m)?;
    unsafe {
        *type_ = crate::gxb::type_handle(&ty);
        *nrows = r;
    }
    if !ncols.is_null() {
        unsafe { *ncols = c };
    }
    unsafe { free(A) }
}

/// A matrix handle's engine matrix.
fn of_matrix(o: &GB_Matrix_opaque) -> &Matrix {
    &o.matrix
}

/// A vector handle's engine matrix (`n × 1`).
fn of_vector(o: &GB_Vector_opaque) -> &Matrix {
    o.vector.as_matrix()
}

/// The engine matrix behind a matrix handle.
unsafe fn matrix<'a>(A: GrB_Matrix) -> Result<&'a Matrix> {
    Ok(unsafe { &get(A)?.matrix })
}

/// The engine matrix (`n × 1`) behind a vector handle.
unsafe fn vector_matrix<'a>(v: GrB_Vector) -> Result<&'a Matrix> {
    Ok(unsafe { crate::vector::vector(v)?.as_matrix() })
}

fn new_matrix(ty: &Type, nrows: GrB_Index, ncols: GrB_Index) -> Result<GB_Matrix_opaque> {
    Ok(GB_Matrix_opaque::new(Matrix::new(ty, nrows, ncols)?))
}

fn new_vector(ty: &Type, n: GrB_Index, _one: GrB_Index) -> Result<GB_Vector_opaque> {
    Ok(GB_Vector_opaque::new(Vector::new(ty, n)?))
}

/// Defines `GxB_<kind>_{pack,unpack,import,export}_<name>` from the
/// functions `fill(m, pack arguments)` and `empty(m, unpack arguments)`.
macro_rules! exchange {
    (
        $kind:ident, $name:ident, $handle:ident, $object:ident, $of:ident, $make:ident,
        dims($($dim:ident),*),
        fill($($pa:ident: $pt:ty),*) => $fill:expr,
        empty($($ua:ident: $ut:ty),*) => $empty:expr
    ) => {
        paste::paste! {
            #[doc = concat!("`GxB_", stringify!($kind), "_pack_", stringify!($name), "`: moves the caller's arrays into the object.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _pack_ $name>](A: $handle, $($pa: $pt,)* _desc: GrB_Descriptor) -> GrB_Info {
                api(A, || {
                    let m = unsafe { $object(A)? };
                    $fill(m)
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_unpack_", stringify!($name), "`: moves the content out to new arrays; the object is left empty.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _unpack_ $name>](A: $handle, $($ua: $ut,)* _desc: GrB_Descriptor) -> GrB_Info {
                api(A, || {
                    let m = unsafe { $object(A)? };
                    $empty(m)
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_import_", stringify!($name), "`: a new object holding the caller's arrays.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _import_ $name>](A: *mut $handle, type_: GrB_Type, $($dim: GrB_Index,)* $($pa: $pt,)* _desc: GrB_Descriptor) -> GrB_Info {
                api((), || {
                    let (nrows, ncols) = exchange!(@dims $($dim),*);
                    let fill = |m: &Matrix| $fill(m);
                    unsafe { import_new(A, type_, nrows, ncols, $make, $of, fill) }
                })
            }

            #[doc = concat!("`GxB_", stringify!($kind), "_export_", stringify!($name), "`: the content as new arrays; the object is freed.")]
            #[no_mangle]
            pub unsafe extern "C" fn [<GxB_ $kind _export_ $name>](A: *mut $handle, type_: *mut GrB_Type, $($dim: *mut GrB_Index,)* $($ua: $ut,)* _desc: GrB_Descriptor) -> GrB_Info {
                api((), || {
                    let (nrows, ncols): (*mut GrB_Index, *mut GrB_Index) = exchange!(@out $($dim),*);
                    let empty = |m: &Matrix| $empty(m);
                    unsafe { export_free(A, type_, nrows, ncols, $of, empty) }
                })
            }
        }
    };
    (@dims $nrows:ident, $ncols:ident) => { ($nrows, $ncols) };
    (@dims $n:ident) => { ($n, 1) };
    (@out $nrows:ident, $ncols:ident) => { ($nrows, $ncols) };
    (@out $n:ident) => { ($n, std::ptr::null_mut()) };
}

macro_rules! compressed {
    ($name:ident, $orient:ident) => {
        exchange!(
            Matrix, $name, GrB_Matrix, matrix, of_matrix, new_matrix,
            dims(nrows, ncols),
            fill(Ap: *mut *mut GrB_Index, Ai: *mut *mut GrB_Index, Ax: *mut *mut c_void,
                 Ap_size: GrB_Index, Ai_size: GrB_Index, Ax_size: GrB_Index, iso: bool, jumbled: bool)
            => |m| unsafe { pack_compressed(m, Orientation::$orient, CompressedIn {
                p: Pointers::Caller(In { slot: Ap, bytes: Ap_size, what: "Ap" }),
                h: None,
                i: In { slot: Ai, bytes: Ai_size, what: "Ai" },
                x: In { slot: Ax, bytes: Ax_size, what: "Ax" },
                iso,
                jumbled,
            }) },
            empty(Ap: *mut *mut GrB_Index, Ai: *mut *mut GrB_Index, Ax: *mut *mut c_void,
                  Ap_size: *mut GrB_Index, Ai_size: *mut GrB_Index, Ax_size: *mut GrB_Index,
                  iso: *mut bool, jumbled: *mut bool)
            => |m| unsafe { unpack_compressed(m, Orientation::$orient, CompressedOut {
                p: Out { slot: Ap, size: Ap_size }, h: None,
                i: Out { slot: Ai, size: Ai_size }, x: Out { slot: Ax, size: Ax_size } }, iso, jumbled) }
        );
    };
}

compressed!(CSR, ByRow);
compressed!(CSC, ByCol);

macro_rules! hyper {
    ($name:ident, $orient:ident) => {
        exchange!(
            Matrix, $name, GrB_Matrix, matrix, of_matrix, new_matrix,
            dims(nrows, ncols),
            fill(Ap: *mut *mut GrB_Index, Ah: *mut *mut GrB_Index, Ai: *mut *mut GrB_Index,
                 Ax: *mut *mut c_void, Ap_size: GrB_Index, Ah_size: GrB_Index, Ai_size: GrB_Index,
                 Ax_size: GrB_Index, iso: bool, nvec: GrB_Index, jumbled: bool)
            => |m| unsafe { pack_compressed(m, Orientation::$orient, CompressedIn {
                p: Pointers::Caller(In { slot: Ap, bytes: Ap_size, what: "Ap" }),
                h: Some((In { slot: Ah, bytes: Ah_size, what: "Ah" }, nvec)),
                i: In { slot: Ai, bytes: Ai_size, what: "Ai" },
                x: In { slot: Ax, bytes: Ax_size, what: "Ax" },
                iso,
                jumbled,
            }) },
            empty(Ap: *mut *mut GrB_Index, Ah: *mut *mut GrB_Index, Ai: *mut *mut GrB_Index,
                  Ax: *mut *mut c_void, Ap_size: *mut GrB_Index, Ah_size: *mut GrB_Index,
                  Ai_size: *mut GrB_Index, Ax_size: *mut GrB_Index, iso: *mut bool,
                  nvec: *mut GrB_Index, jumbled: *mut bool)
            => |m| unsafe { unpack_compressed(m, Orientation::$orient, CompressedOut {
                p: Out { slot: Ap, size: Ap_size }, h: Some((Out { slot: Ah, size: Ah_size }, nvec)),
                i: Out { slot: Ai, size: Ai_size }, x: Out { slot: Ax, size: Ax_size } }, iso, jumbled) }
        );
    };
}

hyper!(HyperCSR, ByRow);
hyper!(HyperCSC, ByCol);

macro_rules! bitmap {
    ($kind:ident, $name:ident, $handle:ident, $object:ident, $of:ident, $make:ident, $orient:ident, dims($($dim:ident),*)) => {
        exchange!(
            $kind, $name, $handle, $object, $of, $make, dims($($dim),*),
            fill(Ab: *mut *mut i8, Ax: *mut *mut c_void, Ab_size: GrB_Index, Ax_size: GrB_Index,
                 iso: bool, nvals: GrB_Index)
            => |m| unsafe { pack_dense(m, Orientation::$orient,
                Some((In { slot: Ab, bytes: Ab_size, what: "Ab" }, nvals)),
                In { slot: Ax, bytes: Ax_size, what: "Ax" }, iso) },
            empty(Ab: *mut *mut i8, Ax: *mut *mut c_void, Ab_size: *mut GrB_Index,
                  Ax_size: *mut GrB_Index, iso: *mut bool, nvals: *mut GrB_Index)
            => |m| unsafe { unpack_dense(m, Orientation::$orient, Some((Out { slot: Ab, size: Ab_size }, nvals)),
                Out { slot: Ax, size: Ax_size }, iso) }
        );
    };
}

macro_rules! full {
    ($kind:ident, $name:ident, $handle:ident, $object:ident, $of:ident, $make:ident, $orient:ident, dims($($dim:ident),*)) => {
        exchange!(
            $kind, $name, $handle, $object, $of, $make, dims($($dim),*),
            fill(Ax: *mut *mut c_void, Ax_size: GrB_Index, iso: bool)
            => |m| unsafe { pack_dense(m, Orientation::$orient, None, In { slot: Ax, bytes: Ax_size, what: "Ax" }, iso) },
            empty(Ax: *mut *mut c_void, Ax_size: *mut GrB_Index, iso: *mut bool)
            => |m| unsafe { unpack_dense(m, Orientation::$orient, None, Out { slot: Ax, size: Ax_size }, iso) }
        );
    };
}

bitmap!(
    Matrix,
    BitmapR,
    GrB_Matrix,
    matrix,
    of_matrix,
    new_matrix,
    ByRow,
    dims(nrows, ncols)
);
bitmap!(
    Matrix,
    BitmapC,
    GrB_Matrix,
    matrix,
    of_matrix,
    new_matrix,
    ByCol,
    dims(nrows, ncols)
);
full!(
    Matrix,
    FullR,
    GrB_Matrix,
    matrix,
    of_matrix,
    new_matrix,
    ByRow,
    dims(nrows, ncols)
);
full!(
    Matrix,
    FullC,
    GrB_Matrix,
    matrix,
    of_matrix,
    new_matrix,
    ByCol,
    dims(nrows, ncols)
);
bitmap!(
    Vector,
    Bitmap,
    GrB_Vector,
    vector_matrix,
    of_vector,
    new_vector,
    ByCol,
    dims(n)
);
full!(
    Vector,
    Full,
    GrB_Vector,
    vector_matrix,
    of_vector,
    new_vector,
    ByCol,
    dims(n)
);

/// Unpacks a vector's indices and values.
unsafe fn unpack_vector(
    m: &Matrix,
    i: Out<u64>,
    x: Out<c_void>,
    iso: *mut bool,
    nvals: *mut GrB_Index,
    jumbled: *mut bool,
) -> Result<()> {
    unsafe {
        i.check("vi")?;
        x.check("vx")?;
    }
    non_null(nvals, "nvals")?;
    let (c, is_iso) = take_as(m, |s| compressed_of(s, Orientation::ByCol, false))?;
    unsafe {
        *nvals = c.i.len() as GrB_Index;
        i.put(c.i.into_wide_vec()?)?;
        put_values(&x, c.x, is_iso, iso, jumbled)?;
    }
    Ok(())
}

exchange!(
    Vector, CSC, GrB_Vector, vector_matrix, of_vector, new_vector,
    dims(n),
    fill(vi: *mut *mut GrB_Index, vx: *mut *mut c_void, vi_size: GrB_Index, vx_size: GrB_Index,
         iso: bool, nvals: GrB_Index, jumbled: bool)
    => |m| unsafe { pack_compressed(m, Orientation::ByCol, CompressedIn {
        // The vector pointers of the one column.
        p: Pointers::Own(vec![0, nvals]),
        h: None,
        i: In { slot: vi, bytes: vi_size, what: "vi" },
        x: In { slot: vx, bytes: vx_size, what: "vx" },
        iso,
        jumbled,
    }) },
    empty(vi: *mut *mut GrB_Index, vx: *mut *mut c_void, vi_size: *mut GrB_Index,
          vx_size: *mut GrB_Index, iso: *mut bool, nvals: *mut GrB_Index, jumbled: *mut bool)
    => |m| unsafe { unpack_vector(m, Out { slot: vi, size: vi_size }, Out { slot: vx, size: vx_size }, iso, nvals, jumbled) }
);
