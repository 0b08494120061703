//! Matrices from arbitrary bytes: `GrB_Matrix_deserialize`, `GrB_Matrix_import`
//! and the Matrix Market reader; whatever they accept is then used.

use super::ffi::*;
use super::input::Input;
use super::{check, checked_buffer_len, init};
use capi::algebra::{GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64};
use capi::api::GrB_Index;
use capi::gxb::{GxB_Matrix_type, GxB_Type_size};
use capi::handle::*;
use capi::import_export::*;
use capi::matrix::*;
use capi::scalar::{GrB_Scalar_free, GrB_Scalar_new};
use capi::types::*;
use engine::raw::algebra::Type;
use engine::raw::storage::serialize::serialize;
use paste::paste;
use std::collections::BTreeSet;
use std::ffi::c_void;
use std::ptr::null_mut;

/// The built-in types, in `GrB_Type_Code` order.
fn builtin_types() -> [GrB_Type; 11] {
    // SAFETY: the statics are handles set at compile time and never written.
    unsafe {
        [
            GrB_BOOL, GrB_INT8, GrB_UINT8, GrB_INT16, GrB_UINT16, GrB_INT32, GrB_UINT32, GrB_INT64,
            GrB_UINT64, GrB_FP32, GrB_FP64,
        ]
    }
}

/// The types of [`builtin_types`], as the engine names them.
const ENGINE_TYPES: [Type; 11] = [
    Type::BOOL,
    Type::INT8,
    Type::UINT8,
    Type::INT16,
    Type::UINT16,
    Type::INT32,
    Type::UINT32,
    Type::INT64,
    Type::UINT64,
    Type::FP32,
    Type::FP64,
];

/// A type for the target: a built-in one, a user-defined one (freed by the
/// caller, `owned`), or NULL.
struct TypeArg {
    handle: GrB_Type,
    owned: bool,
}

impl TypeArg {
    fn draw(input: &mut Input) -> TypeArg {
        let k = input.below(14);
        if let Some(&t) = builtin_types().get(k) {
            return TypeArg {
                handle: t,
                owned: false,
            };
        }
        if k == 11 {
            let mut t = null_mut();
            let size = 1 + input.below(16);
            // SAFETY: `t` is a valid output handle.
            check(unsafe { GrB_Type_new(&mut t, size) }, "GrB_Type_new");
            return TypeArg {
                handle: t,
                owned: true,
            };
        }
        TypeArg {
            handle: null_mut(),
            owned: false,
        }
    }
}

impl Drop for TypeArg {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: the handle is the live type this argument created.
            check(unsafe { GrB_Type_free(&mut self.handle) }, "GrB_Type_free");
        }
    }
}

/// `GrB_Matrix_deserialize` of arbitrary bytes: the first byte picks the type
/// argument, the rest is the blob.
pub fn deserialize(data: &[u8]) {
    init();
    let mut input = Input::new(data);
    let ty = TypeArg::draw(&mut input);
    let blob = input.rest();
    let mut a = null_mut();
    // SAFETY: `blob` holds `blob.len()` bytes.
    let info = unsafe {
        GrB_Matrix_deserialize(
            &mut a,
            ty.handle,
            blob.as_ptr() as *const c_void,
            blob.len() as GrB_Index,
        )
    };
    if check(info, "GrB_Matrix_deserialize") == 0 {
        use_matrix(a);
    }
}

/// `GrB_Matrix_import` of arbitrary arrays: the bytes pick the type, format,
/// dimensions and array lengths, then fill the arrays.
pub fn import(data: &[u8]) {
    init();
    let mut input = Input::new(data);
    let k = input.below(12);
    let ty = builtin_types().get(k).copied();
    let format = input.below(6) as i32;
    let (nrows, ncols) = (input.dimension(), input.dimension());
    let (np, ni, nx) = (input.below(20), input.below(40), input.below(40));
    let small = |input: &mut Input| match input.byte() {
        0..=239 => GrB_Index::from(input.byte() % 12),
        _ => input.index(),
    };
    let indptr: Vec<GrB_Index> = (0..np).map(|_| small(&mut input)).collect();
    let indices: Vec<GrB_Index> = (0..ni).map(|_| small(&mut input)).collect();
    let mut values = vec![0u8; nx * 16];
    let src = input.rest();
    let n = src.len().min(values.len());
    values[..n].copy_from_slice(&src[..n]);
    let mut a = null_mut();
    macro_rules! import_as {
        ($s:ident, $t:ty, $ty:expr) => {
            paste! {
                // SAFETY: each array holds as many elements as its length says
                // (values: 16 bytes each, at least any type's size here).
                unsafe {
                    [<GrB_Matrix_import_ $s>](&mut a, $ty, nrows, ncols, indptr.as_ptr(),
                        indices.as_ptr(), values.as_ptr() as *const $t, np as GrB_Index,
                        ni as GrB_Index, nx as GrB_Index, format)
                }
            }
        };
    }
    let info = match ty {
        // SAFETY (each arm): the statics are handles set at compile time.
        Some(t) => match k {
            0 => import_as!(BOOL, bool, t),
            1 => import_as!(INT8, i8, t),
            2 => import_as!(UINT8, u8, t),
            3 => import_as!(INT16, i16, t),
            4 => import_as!(UINT16, u16, t),
            5 => import_as!(INT32, i32, t),
            6 => import_as!(UINT32, u32, t),
            7 => import_as!(INT64, i64, t),
            8 => import_as!(UINT64, u64, t),
            9 => import_as!(FP32, f32, t),
            _ => import_as!(FP64, f64, t),
        },
        None => {
            let mut t = null_mut();
            // SAFETY: `t` is a valid output handle.
            check(unsafe { GrB_Type_new(&mut t, 12) }, "GrB_Type_new");
            let info = import_as!(UDT, c_void, t);
            // SAFETY: `t` is the live type just created; the matrix keeps its own.
            check(unsafe { GrB_Type_free(&mut t) }, "GrB_Type_free");
            info
        }
    };
    if check(info, "GrB_Matrix_import") == 0 {
        use_matrix(a);
    }
}

/// The Matrix Market reader on arbitrary text: the first byte asks for a
/// built-in type (or the file's own); what it reads is written and read back.
pub fn mtx(data: &[u8]) {
    init();
    let mut input = Input::new(data);
    let k = input.below(12);
    let ty = ENGINE_TYPES.get(k).cloned();
    let text = input.rest();
    let Ok(m) = engine::raw::io::mtx::parse(text, ty.as_ref()) else {
        return;
    };
    let mut again = Vec::new();
    engine::raw::io::mtx::write(&m, &mut again).expect("writing a matrix that was read");
    let back = engine::raw::io::mtx::parse(&again, Some(m.ty()))
        .unwrap_or_else(|e| panic!("reading back what was written: {}", e.message));
    assert_eq!(
        (back.nrows(), back.ncols()),
        (m.nrows(), m.ncols()),
        "dimensions after a write and a read"
    );
    assert_eq!(
        pattern(&back),
        pattern(&m),
        "entries after a write and a read"
    );
    use_matrix(handle_of(&m));
}

/// A handle holding `m`: serialized by the engine, deserialized through the C API.
fn handle_of(m: &engine::raw::object::Matrix) -> GrB_Matrix {
    let store = m.snapshot().expect("a snapshot of a matrix that was read");
    let blob = serialize(&store).expect("serializing a matrix that was read");
    let mut a = null_mut();
    // SAFETY: the blob is as long as the length passed.
    let info = unsafe {
        GrB_Matrix_deserialize(
            &mut a,
            null_mut(),
            blob.as_ptr() as *const c_void,
            blob.len() as GrB_Index,
        )
    };
    assert_eq!(check(info, "GrB_Matrix_deserialize of a matrix read"), 0);
    a
}

/// The size of `a`'s type, and whether the type is built in (not user-defined).
unsafe fn element_type(a: GrB_Matrix) -> (usize, bool) {
    let t = unsafe { type_of(a) };
    let mut size = 0;
    let info = unsafe { GxB_Type_size(&mut size, t) };
    assert_eq!(check(info, "GxB_Type_size"), 0);
    // SAFETY: the statics are handles set at compile time and never written.
    let complex = unsafe { [GxB_FC32, GxB_FC64] };
    (size, builtin_types().contains(&t) || complex.contains(&t))
}

/// The positions of a matrix's entries.
fn pattern(m: &engine::raw::object::Matrix) -> Vec<(u64, u64)> {
    let (rows, cols, _) = m.extract_tuples().expect("tuples of a valid matrix");
    let mut p: Vec<_> = rows.into_iter().zip(cols).collect();
    p.sort_unstable();
    p
}

/// Uses a matrix a target accepted, then frees it: its tuples are in range
/// and distinct, it serializes and exports in every format, and operations on
/// it succeed.
fn use_matrix(mut a: GrB_Matrix) {
    // SAFETY: `a` is a live matrix; every buffer is as long as the length passed.
    unsafe {
        let (mut nrows, mut ncols, mut nvals) = (0, 0, 0);
        assert_eq!(check(GrB_Matrix_nrows(&mut nrows, a), "nrows"), 0);
        assert_eq!(check(GrB_Matrix_ncols(&mut ncols, a), "ncols"), 0);
        assert_eq!(check(GrB_Matrix_nvals(&mut nvals, a), "nvals"), 0);
        let (size, _) = element_type(a);
        if let Some(n) = checked_buffer_len(nvals) {
            let (mut rows, mut cols) = (vec![0; n], vec![0; n]);
            let mut x = vec![0u8; n * size];
            let mut got = nvals;
            let info = GrB_Matrix_extractTuples_UDT(
                rows.as_mut_ptr(),
                cols.as_mut_ptr(),
                x.as_mut_ptr() as *mut c_void,
                &mut got,
                a,
            );
            assert_eq!(check(info, "GrB_Matrix_extractTuples_UDT"), 0);
            assert_eq!(got, nvals, "extractTuples gives nvals entries");
            let distinct: BTreeSet<_> = rows.iter().zip(&cols).collect();
            assert_eq!(distinct.len(), n, "entries are at distinct positions");
            assert!(
                rows.iter().all(|&i| i < nrows) && cols.iter().all(|&j| j < ncols),
                "entries are inside the {nrows} x {ncols} matrix"
            );
        }
        reserialize(a);
        for format in 0..5 {
            let (mut np, mut ni, mut nx) = (0, 0, 0);
            let info = GrB_Matrix_exportSize(&mut np, &mut ni, &mut nx, format, a);
            check(info, "GrB_Matrix_exportSize");
        }
        operate(a, nrows, ncols);
        check(GrB_Matrix_free(&mut a), "GrB_Matrix_free");
    }
}

/// Serializes `a`, deserializes the blob, and checks the copy serializes to the same bytes.
unsafe fn reserialize(a: GrB_Matrix) {
    let serialized = |m: GrB_Matrix| {
        let mut size = 0;
        unsafe {
            assert_eq!(
                check(GrB_Matrix_serializeSize(&mut size, m), "serializeSize"),
                0
            )
        };
        let mut blob = vec![0u8; size as usize];
        let info = unsafe { GrB_Matrix_serialize(blob.as_mut_ptr() as *mut c_void, &mut size, m) };
        assert_eq!(check(info, "GrB_Matrix_serialize"), 0);
        blob.truncate(size as usize);
        blob
    };
    let blob = serialized(a);
    let ty = unsafe {
        if element_type(a).1 {
            null_mut()
        } else {
            type_of(a)
        }
    };
    let mut b = null_mut();
    let info = unsafe {
        GrB_Matrix_deserialize(
            &mut b,
            ty,
            blob.as_ptr() as *const c_void,
            blob.len() as GrB_Index,
        )
    };
    assert_eq!(
        check(info, "GrB_Matrix_deserialize of a serialized matrix"),
        0
    );
    assert!(
        serialized(b) == blob,
        "a deserialized copy serializes to the same bytes"
    );
    unsafe { check(GrB_Matrix_free(&mut b), "GrB_Matrix_free") };
}

/// The library-owned handle of `a`'s type.
unsafe fn type_of(a: GrB_Matrix) -> GrB_Type {
    let mut t = null_mut();
    unsafe { assert_eq!(check(GxB_Matrix_type(&mut t, a), "GxB_Matrix_type"), 0) };
    t
}

/// Runs a few operations on `a` (into new matrices of built-in types).
unsafe fn operate(a: GrB_Matrix, nrows: GrB_Index, ncols: GrB_Index) {
    let (_, builtin) = unsafe { element_type(a) };
    let mut c = null_mut();
    unsafe {
        assert_eq!(
            check(GrB_Matrix_new(&mut c, GrB_FP64, ncols, nrows), "new"),
            0
        )
    };
    let info = unsafe { GrB_transpose(c, null_mut(), null_mut(), a, null_mut()) };
    let expect_ok = |info, what| {
        if builtin {
            assert_eq!(check(info, what), 0, "{what} on an accepted matrix");
        } else {
            check(info, what);
        }
    };
    expect_ok(info, "GrB_transpose");
    let mut d = null_mut();
    unsafe {
        assert_eq!(
            check(GrB_Matrix_new(&mut d, GrB_FP64, nrows, nrows), "new"),
            0
        )
    };
    let info = unsafe {
        GrB_mxm(
            d,
            null_mut(),
            null_mut(),
            GrB_PLUS_TIMES_SEMIRING_FP64,
            a,
            c,
            null_mut(),
        )
    };
    expect_ok(info, "GrB_mxm");
    let mut s = null_mut();
    unsafe { assert_eq!(check(GrB_Scalar_new(&mut s, GrB_FP64), "new"), 0) };
    let info =
        unsafe { GrB_Matrix_reduce_BinaryOp_Scalar(s, null_mut(), GrB_PLUS_FP64, a, null_mut()) };
    expect_ok(info, "GrB_Matrix_reduce");
    unsafe { check(GrB_Scalar_free(&mut s), "GrB_Scalar_free") };
    for mut m in [c, d] {
        unsafe { check(GrB_Matrix_free(&mut m), "GrB_Matrix_free") };
    }
}
