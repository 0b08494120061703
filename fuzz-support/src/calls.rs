//! The C-API driver: an interpreter that reads an op code from the fuzzer's
//! bytes, draws the call's arguments from the following bytes (objects from a
//! few slots, indices in and out of range, types, NULLs, uninitialized and
//! freed handles), makes the call and checks its `GrB_Info`.
//!
//! The driver keeps the contracts C cannot check (an array holds as many
//! elements as its length says; an output buffer is large enough), and breaks
//! every one the library must check.

use super::args::{IndexList, Slots};
use super::ffi::*;
use super::input::Input;
use super::{check, checked_buffer_len};
use capi::api::GrB_Index;
use capi::context::*;
use capi::descriptor::*;
use capi::getset::*;
use capi::import_export::*;
use capi::matrix::*;
use capi::scalar::*;
use capi::types::*;
use capi::vector::*;
use paste::paste;
use std::ffi::{c_void, CStr};
use std::ptr::{null, null_mut};

/// Bytes enough for one value of any type the driver creates (user types are at most this big).
const VALUE: usize = 64;

/// A value of a built-in C type drawn from the input.
trait Draw: Copy + Default {
    fn draw(input: &mut Input) -> Self;
}

impl Draw for bool {
    fn draw(input: &mut Input) -> bool {
        input.flag()
    }
}

macro_rules! draw_from_bytes {
    ($($t:ty),*) => {$(
        impl Draw for $t {
            fn draw(input: &mut Input) -> $t {
                let bytes = input.value_bytes();
                <$t>::from_le_bytes(bytes[..std::mem::size_of::<$t>()].try_into().unwrap())
            }
        }
    )*};
}
draw_from_bytes!(i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

/// Calls `$mac!(SUFFIX, rust_type)` for a built-in type picked by the input.
macro_rules! with_some_type {
    ($input:expr, $mac:ident) => {
        match $input.below(6) {
            0 => $mac!(INT32, i32),
            1 => $mac!(FP64, f64),
            2 => $mac!(BOOL, bool),
            3 => $mac!(UINT8, u8),
            4 => $mac!(INT64, i64),
            _ => $mac!(FP32, f32),
        }
    };
}

/// A pointer to `target` or NULL (one time in eight).
fn out<T>(input: &mut Input, target: &mut T) -> *mut T {
    if input.below(8) == 0 {
        null_mut()
    } else {
        target
    }
}

/// A buffer of `n` values (zeroed) drawn from the input, as bytes.
fn value_buffer(input: &mut Input, n: usize) -> Vec<u8> {
    let mut buf = vec![0u8; n * VALUE];
    let src = input.take(buf.len().min(64));
    buf[..src.len()].copy_from_slice(src);
    buf
}

/// A session: the objects the calls create and work on.
pub(crate) struct Session {
    s: Slots,
}

impl Session {
    /// A session with no objects.
    pub(crate) fn new() -> Session {
        Session { s: Slots::new() }
    }

    /// Runs calls until the input is exhausted (at most `max_calls`).
    pub(crate) fn run(&mut self, input: &mut Input, max_calls: usize) {
        for _ in 0..max_calls {
            if input.is_empty() {
                break;
            }
            // SAFETY: every call below passes handles that are live, NULL,
            // decoys, or objects of another kind, and buffers at least as large
            // as the lengths passed with them.
            unsafe { self.call(input) };
        }
    }

    /// One call, chosen by the next byte.
    unsafe fn call(&mut self, input: &mut Input) {
        unsafe {
            match input.below(34) {
                0 => self.matrix_new(input),
                1 => self.matrix_free(input),
                2 => self.matrix_dup(input),
                3 => self.set_element(input),
                4 => self.extract_element(input),
                5 => self.remove_and_sizes(input),
                6 => self.build(input),
                7 => self.extract_tuples(input),
                8 => self.resize_clear_wait(input),
                9 | 10 => self.mxm(input),
                11 => self.ewise(input),
                12 => self.apply(input),
                13 => self.select(input),
                14 => self.transpose(input),
                15 => self.extract(input),
                16 => self.assign(input),
                17 => self.reduce(input),
                18 => self.kronecker(input),
                19 => self.diag(input),
                20 => self.serialize(input),
                21 => self.export_import(input),
                22 => self.get_set(input),
                23 => self.vector_new_free(input),
                24 => self.vector_elements(input),
                25 => self.vector_build_tuples(input),
                26 => self.mxv(input),
                27 => self.vector_ops(input),
                28 => self.scalar_ops(input),
                29 => self.descriptor_ops(input),
                30 => self.type_ops(input),
                31 => self.error_strings(input),
                32 => self.row_col(input),
                _ => self.set_element(input),
            }
        }
    }

    unsafe fn matrix_new(&mut self, input: &mut Input) {
        let k = input.below(4);
        unsafe { self.free_matrix_slot(k) };
        let ty = self.s.ty(input);
        let (nrows, ncols) = (input.dimension(), input.dimension());
        let target = out(input, &mut self.s.matrices[k]);
        unsafe { check(GrB_Matrix_new(target, ty, nrows, ncols), "GrB_Matrix_new") };
    }

    unsafe fn free_matrix_slot(&mut self, k: usize) {
        unsafe { check(GrB_Matrix_free(&mut self.s.matrices[k]), "GrB_Matrix_free") };
    }

    unsafe fn matrix_free(&mut self, input: &mut Input) {
        match input.below(4) {
            0 => {
                unsafe { check(GrB_Matrix_free(null_mut()), "GrB_Matrix_free(NULL)") };
            }
            k => unsafe { self.free_matrix_slot(k) },
        }
    }

    unsafe fn matrix_dup(&mut self, input: &mut Input) {
        let k = input.below(4);
        let a = self.s.matrix(input);
        let mut c = null_mut();
        let target = out(input, &mut c);
        unsafe {
            if check(GrB_Matrix_dup(target, a), "GrB_Matrix_dup") == 0 {
                self.free_matrix_slot(k);
                self.s.matrices[k] = c;
            }
        }
    }

    unsafe fn set_element(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let (i, j) = (input.index(), input.index());
        match input.below(8) {
            0 => {
                let x = value_buffer(input, 1);
                let p = if input.below(8) == 0 {
                    null()
                } else {
                    x.as_ptr()
                };
                unsafe {
                    check(
                        GrB_Matrix_setElement_UDT(c, p as *const c_void, i, j),
                        "GrB_Matrix_setElement_UDT",
                    )
                };
            }
            1 => {
                let s = self.s.scalar(input);
                unsafe {
                    check(
                        GrB_Matrix_setElement_Scalar(c, s, i, j),
                        "GrB_Matrix_setElement_Scalar",
                    )
                };
            }
            _ => {
                macro_rules! set {
                    ($s:ident, $t:ty) => {
                        paste! {
                            unsafe { check([<GrB_Matrix_setElement_ $s>](c, <$t>::draw(input), i, j),
                                stringify!([<GrB_Matrix_setElement_ $s>])) }
                        }
                    };
                }
                with_some_type!(input, set);
            }
        }
    }

    unsafe fn extract_element(&mut self, input: &mut Input) {
        let a = self.s.matrix(input);
        let (i, j) = (input.index(), input.index());
        match input.below(6) {
            0 => {
                let mut x = [0u8; VALUE];
                let p = out(input, &mut x) as *mut c_void;
                unsafe {
                    check(
                        GrB_Matrix_extractElement_UDT(p, a, i, j),
                        "GrB_Matrix_extractElement_UDT",
                    )
                };
            }
            1 => {
                let s = self.s.scalar(input);
                unsafe {
                    check(
                        GrB_Matrix_extractElement_Scalar(s, a, i, j),
                        "GrB_Matrix_extractElement_Scalar",
                    )
                };
            }
            _ => {
                macro_rules! get {
                    ($s:ident, $t:ty) => {{
                        let mut x = <$t>::default();
                        let p = out(input, &mut x);
                        unsafe {
                            paste! {
                                check([<GrB_Matrix_extractElement_ $s>](p, a, i, j),
                                    stringify!([<GrB_Matrix_extractElement_ $s>]))
                            }
                        }
                    }};
                }
                with_some_type!(input, get);
            }
        }
    }

    unsafe fn remove_and_sizes(&mut self, input: &mut Input) {
        let mut n: GrB_Index = 0;
        match input.below(4) {
            0 => {
                let c = self.s.out_matrix(input);
                let (i, j) = (input.index(), input.index());
                unsafe {
                    check(
                        GrB_Matrix_removeElement(c, i, j),
                        "GrB_Matrix_removeElement",
                    )
                };
            }
            1 => {
                let a = self.s.matrix(input);
                unsafe { check(GrB_Matrix_nvals(out(input, &mut n), a), "GrB_Matrix_nvals") };
            }
            2 => {
                let a = self.s.matrix(input);
                unsafe { check(GrB_Matrix_nrows(out(input, &mut n), a), "GrB_Matrix_nrows") };
            }
            _ => {
                let a = self.s.matrix(input);
                unsafe { check(GrB_Matrix_ncols(out(input, &mut n), a), "GrB_Matrix_ncols") };
            }
        }
    }

    unsafe fn build(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let n = input.below(10);
        let rows: Vec<GrB_Index> = (0..n).map(|_| input.index()).collect();
        let cols: Vec<GrB_Index> = (0..n).map(|_| input.index()).collect();
        let dup = if input.flag() {
            null_mut()
        } else {
            self.s.binary(input)
        };
        // Sometimes a NULL array, sometimes a huge length with NULL arrays.
        let (pi, pj, nvals) = match input.below(10) {
            0 => (null(), cols.as_ptr(), n as GrB_Index),
            1 => (null(), null(), input.index()),
            _ => (rows.as_ptr(), cols.as_ptr(), n as GrB_Index),
        };
        let nulls = pi.is_null();
        match input.below(4) {
            0 => {
                let x = value_buffer(input, n);
                let px = if nulls { null() } else { x.as_ptr() };
                unsafe {
                    check(
                        GrB_Matrix_build_UDT(c, pi, pj, px as *const c_void, nvals, dup),
                        "GrB_Matrix_build_UDT",
                    )
                };
            }
            _ => {
                macro_rules! build {
                    ($s:ident, $t:ty) => {{
                        let x: Vec<$t> = (0..n).map(|_| <$t>::draw(input)).collect();
                        let px = if nulls { null() } else { x.as_ptr() };
                        unsafe {
                            paste! {
                                check([<GrB_Matrix_build_ $s>](c, pi, pj, px, nvals, dup),
                                    stringify!([<GrB_Matrix_build_ $s>]))
                            }
                        }
                    }};
                }
                with_some_type!(input, build);
            }
        }
    }

    unsafe fn extract_tuples(&mut self, input: &mut Input) {
        let a = self.s.matrix(input);
        let cap = input.below(40);
        let mut rows = vec![0 as GrB_Index; cap];
        let mut cols = vec![0 as GrB_Index; cap];
        let mut nvals = cap as GrB_Index;
        let pi = if input.below(6) == 0 {
            null_mut()
        } else {
            rows.as_mut_ptr()
        };
        let pj = if input.below(6) == 0 {
            null_mut()
        } else {
            cols.as_mut_ptr()
        };
        let pn = out(input, &mut nvals);
        match input.below(3) {
            0 => {
                let mut x = vec![0u8; cap * VALUE];
                unsafe {
                    check(
                        GrB_Matrix_extractTuples_UDT(pi, pj, x.as_mut_ptr() as *mut c_void, pn, a),
                        "GrB_Matrix_extractTuples_UDT",
                    )
                };
            }
            _ => {
                macro_rules! tuples {
                    ($s:ident, $t:ty) => {{
                        let mut x = vec![<$t>::default(); cap];
                        let px = if input.flag() {
                            null_mut()
                        } else {
                            x.as_mut_ptr()
                        };
                        unsafe {
                            paste! {
                                check([<GrB_Matrix_extractTuples_ $s>](pi, pj, px, pn, a),
                                    stringify!([<GrB_Matrix_extractTuples_ $s>]))
                            }
                        }
                    }};
                }
                with_some_type!(input, tuples);
            }
        }
    }

    unsafe fn resize_clear_wait(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        match input.below(3) {
            0 => {
                let (m, n) = (input.dimension(), input.dimension());
                unsafe { check(GrB_Matrix_resize(c, m, n), "GrB_Matrix_resize") };
            }
            1 => {
                unsafe { check(GrB_Matrix_clear(c), "GrB_Matrix_clear") };
            }
            _ => {
                let mode = input.below(3) as i32;
                unsafe { check(GrB_Matrix_wait(c, mode), "GrB_Matrix_wait") };
            }
        }
    }

    unsafe fn mxm(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.mask(input);
        let accum = self.s.accum(input);
        let semiring = self.s.semiring(input);
        let (a, b) = (self.s.matrix(input), self.s.matrix(input));
        let desc = self.s.desc(input);
        unsafe { check(GrB_mxm(c, mask, accum, semiring, a, b, desc), "GrB_mxm") };
    }

    unsafe fn ewise(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.mask(input);
        let accum = self.s.accum(input);
        let (a, b) = (self.s.matrix(input), self.s.matrix(input));
        let desc = self.s.desc(input);
        let info = match input.below(4) {
            0 => unsafe {
                GrB_Matrix_eWiseAdd_BinaryOp(c, mask, accum, self.s.binary(input), a, b, desc)
            },
            1 => unsafe {
                GrB_Matrix_eWiseMult_Monoid(c, mask, accum, self.s.monoid(input), a, b, desc)
            },
            2 => unsafe {
                GrB_Matrix_eWiseMult_Semiring(c, mask, accum, self.s.semiring(input), a, b, desc)
            },
            _ => {
                let op = self.s.binary(input);
                let (alpha, beta) = (self.s.scalar(input), self.s.scalar(input));
                unsafe { GxB_Matrix_eWiseUnion(c, mask, accum, op, a, alpha, b, beta, desc) }
            }
        };
        check(info, "GrB_Matrix_eWise*");
    }

    unsafe fn apply(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.mask(input);
        let accum = self.s.accum(input);
        let a = self.s.matrix(input);
        let desc = self.s.desc(input);
        let info = match input.below(3) {
            0 => unsafe { GrB_Matrix_apply(c, mask, accum, self.s.unary(input), a, desc) },
            1 => {
                let op = self.s.binary(input);
                unsafe {
                    GrB_Matrix_apply_BinaryOp1st_INT32(
                        c,
                        mask,
                        accum,
                        op,
                        i32::draw(input),
                        a,
                        desc,
                    )
                }
            }
            _ => {
                let op = self.s.binary(input);
                unsafe {
                    GrB_Matrix_apply_BinaryOp2nd_FP64(c, mask, accum, op, a, f64::draw(input), desc)
                }
            }
        };
        check(info, "GrB_Matrix_apply*");
    }

    unsafe fn select(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.mask(input);
        let accum = self.s.accum(input);
        let a = self.s.matrix(input);
        let op = self.s.index_op(input);
        let thunk = match input.below(4) {
            0 => i64::draw(input),
            k => k as i64 - 2,
        };
        let desc = self.s.desc(input);
        let info = if input.flag() {
            unsafe { GrB_Matrix_select_INT64(c, mask, accum, op, a, thunk, desc) }
        } else {
            unsafe { GrB_Matrix_apply_IndexOp_INT64(c, mask, accum, op, a, thunk, desc) }
        };
        check(info, "GrB_Matrix_select/apply_IndexOp");
    }

    unsafe fn transpose(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.mask(input);
        let accum = self.s.accum(input);
        let a = self.s.matrix(input);
        let desc = self.s.desc(input);
        unsafe { check(GrB_transpose(c, mask, accum, a, desc), "GrB_transpose") };
    }

    unsafe fn extract(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.mask(input);
        let accum = self.s.accum(input);
        let a = self.s.matrix(input);
        let (i, j) = (IndexList::draw(input), IndexList::draw(input));
        let desc = self.s.desc(input);
        unsafe {
            check(
                GrB_Matrix_extract(c, mask, accum, a, i.ptr(), i.len(), j.ptr(), j.len(), desc),
                "GrB_Matrix_extract",
            )
        };
    }

    unsafe fn assign(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.mask(input);
        let accum = self.s.accum(input);
        let (i, j) = (IndexList::draw(input), IndexList::draw(input));
        let desc = self.s.desc(input);
        let (pi, ni, pj, nj) = (i.ptr(), i.len(), j.ptr(), j.len());
        let info = match input.below(3) {
            0 => unsafe {
                GrB_Matrix_assign(c, mask, accum, self.s.matrix(input), pi, ni, pj, nj, desc)
            },
            1 => {
                let s = self.s.scalar(input);
                unsafe { GrB_Matrix_assign_Scalar(c, mask, accum, s, pi, ni, pj, nj, desc) }
            }
            _ => unsafe {
                GrB_Matrix_assign_FP32(c, mask, accum, f32::draw(input), pi, ni, pj, nj, desc)
            },
        };
        check(info, "GrB_Matrix_assign*");
    }

    unsafe fn reduce(&mut self, input: &mut Input) {
        let a = self.s.matrix(input);
        let accum = self.s.accum(input);
        let desc = self.s.desc(input);
        let info = match input.below(4) {
            0 => {
                let (w, mask) = (self.s.vector(input), self.s.vector_mask(input));
                unsafe { GrB_Matrix_reduce_Monoid(w, mask, accum, self.s.monoid(input), a, desc) }
            }
            1 => {
                let (w, mask) = (self.s.vector(input), self.s.vector_mask(input));
                unsafe { GrB_Matrix_reduce_BinaryOp(w, mask, accum, self.s.binary(input), a, desc) }
            }
            2 => {
                let mut x = 0.0;
                let p = out(input, &mut x);
                unsafe { GrB_Matrix_reduce_FP64(p, accum, self.s.monoid(input), a, desc) }
            }
            _ => {
                let s = self.s.scalar(input);
                unsafe {
                    GrB_Matrix_reduce_BinaryOp_Scalar(s, accum, self.s.binary(input), a, desc)
                }
            }
        };
        check(info, "GrB_Matrix_reduce*");
    }

    unsafe fn kronecker(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.mask(input);
        let accum = self.s.accum(input);
        let op = self.s.binary(input);
        let (a, b) = (self.s.matrix(input), self.s.matrix(input));
        let desc = self.s.desc(input);
        unsafe {
            check(
                GrB_Matrix_kronecker_BinaryOp(c, mask, accum, op, a, b, desc),
                "GrB_Matrix_kronecker",
            )
        };
    }

    unsafe fn diag(&mut self, input: &mut Input) {
        let k = match input.below(4) {
            0 => i64::draw(input),
            d => d as i64 - 2,
        };
        if input.flag() {
            let slot = input.below(4);
            let v = self.s.vector(input);
            let mut c = null_mut();
            let target = out(input, &mut c);
            unsafe {
                if check(GrB_Matrix_diag(target, v, k), "GrB_Matrix_diag") == 0 {
                    self.free_matrix_slot(slot);
                    self.s.matrices[slot] = c;
                }
            }
        } else {
            let v = self.s.vector(input);
            let a = self.s.matrix(input);
            let desc = self.s.desc(input);
            unsafe { check(GrB_Vector_diag(v, a, k, desc), "GrB_Vector_diag") };
        }
    }

    /// Serializes a matrix and deserializes the blob, maybe after corrupting a byte.
    unsafe fn serialize(&mut self, input: &mut Input) {
        let a = self.s.matrix(input);
        let mut size: GrB_Index = 0;
        unsafe {
            if check(
                GrB_Matrix_serializeSize(out(input, &mut size), a),
                "GrB_Matrix_serializeSize",
            ) != 0
            {
                return;
            }
        }
        let Some(len) = checked_buffer_len(size) else {
            return;
        };
        // Sometimes too small a buffer.
        let len = if input.below(8) == 0 { len / 2 } else { len };
        let mut blob = vec![0u8; len];
        let mut used = len as GrB_Index;
        unsafe {
            if check(
                GrB_Matrix_serialize(blob.as_mut_ptr() as *mut c_void, &mut used, a),
                "GrB_Matrix_serialize",
            ) != 0
            {
                return;
            }
        }
        blob.truncate(used as usize);
        if input.flag() && !blob.is_empty() {
            let at = input.u64() as usize % blob.len();
            blob[at] ^= input.byte() | 1;
        }
        let ty = if input.flag() {
            null_mut()
        } else {
            self.s.ty(input)
        };
        let k = input.below(4);
        let mut c = null_mut();
        unsafe {
            if check(
                GrB_Matrix_deserialize(&mut c, ty, blob.as_ptr() as *const c_void, used),
                "GrB_Matrix_deserialize",
            ) == 0
            {
                self.free_matrix_slot(k);
                self.s.matrices[k] = c;
            }
        }
    }

    /// Exports a matrix in some format and imports the arrays back.
    unsafe fn export_import(&mut self, input: &mut Input) {
        let a = self.s.matrix(input);
        let format = input.below(5) as i32;
        let (mut np, mut ni, mut nx) = (0, 0, 0);
        let info = unsafe { GrB_Matrix_exportSize(&mut np, &mut ni, &mut nx, format, a) };
        if check(info, "GrB_Matrix_exportSize") != 0 {
            return;
        }
        let (Some(np), Some(ni), Some(nx)) = (
            checked_buffer_len(np),
            checked_buffer_len(ni),
            checked_buffer_len(nx),
        ) else {
            return;
        };
        let mut indptr = vec![0 as GrB_Index; np];
        let mut indices = vec![0 as GrB_Index; ni];
        let mut values = vec![0u8; nx * VALUE];
        let (mut cp, mut ci, mut cx) = (np as GrB_Index, ni as GrB_Index, nx as GrB_Index);
        if input.below(8) == 0 {
            cp = cp.saturating_sub(1);
        }
        let (pp, pi, px) = (
            indptr.as_mut_ptr(),
            indices.as_mut_ptr(),
            values.as_mut_ptr(),
        );
        let ty = self.s.ty(input);
        let (nrows, ncols) = (input.dimension(), input.dimension());
        let mut c = null_mut();
        macro_rules! round_trip {
            ($s:ident, $t:ty) => {
                paste! {{
                    let px = px as *mut $t;
                    let info = unsafe { [<GrB_Matrix_export_ $s>](pp, pi, px, &mut cp, &mut ci, &mut cx, format, a) };
                    if check(info, stringify!([<GrB_Matrix_export_ $s>])) == 0 {
                        unsafe { [<GrB_Matrix_import_ $s>](&mut c, ty, nrows, ncols, pp, pi, px, cp, ci, cx, format) }
                    } else {
                        return;
                    }
                }}
            };
        }
        let info = match input.below(7) {
            0 => round_trip!(UDT, c_void),
            _ => with_some_type!(input, round_trip),
        };
        if check(info, "GrB_Matrix_import") == 0 {
            let k = input.below(4);
            unsafe { self.free_matrix_slot(k) };
            self.s.matrices[k] = c;
        }
    }

    unsafe fn get_set(&mut self, input: &mut Input) {
        let field = input.pick(&[100, 7002, 102, 110, 10, 0, 17, -1]);
        let value = input.below(5) as i32 - 1;
        let mut got = 0i32;
        let info = match input.below(4) {
            0 => unsafe { GrB_Matrix_set_INT32(self.s.out_matrix(input), value, field) },
            1 => unsafe { GrB_Matrix_get_INT32(self.s.matrix(input), out(input, &mut got), field) },
            2 => unsafe { GrB_Vector_get_INT32(self.s.vector(input), out(input, &mut got), field) },
            _ => {
                let mut size = 0usize;
                unsafe { GrB_Matrix_get_SIZE(self.s.matrix(input), out(input, &mut size), field) }
            }
        };
        check(info, "GrB_get/GrB_set");
    }

    unsafe fn free_vector_slot(&mut self, k: usize) {
        unsafe { check(GrB_Vector_free(&mut self.s.vectors[k]), "GrB_Vector_free") };
    }

    unsafe fn vector_new_free(&mut self, input: &mut Input) {
        let k = input.below(3);
        unsafe { self.free_vector_slot(k) };
        match input.below(3) {
            0 => {}
            1 => {
                let u = self.s.vector(input);
                let mut w = null_mut();
                unsafe {
                    if check(GrB_Vector_dup(out(input, &mut w), u), "GrB_Vector_dup") == 0 {
                        self.s.vectors[k] = w;
                    }
                }
            }
            _ => {
                let ty = self.s.ty(input);
                let n = input.dimension();
                let target = out(input, &mut self.s.vectors[k]);
                unsafe { check(GrB_Vector_new(target, ty, n), "GrB_Vector_new") };
            }
        }
    }

    unsafe fn vector_elements(&mut self, input: &mut Input) {
        let v = self.s.vector(input);
        let i = input.index();
        let mut n: GrB_Index = 0;
        let info = match input.below(8) {
            0 => unsafe { GrB_Vector_setElement_INT32(v, i32::draw(input), i) },
            1 => unsafe { GrB_Vector_setElement_Scalar(v, self.s.scalar(input), i) },
            2 => {
                let mut x = 0.0f64;
                unsafe { GrB_Vector_extractElement_FP64(out(input, &mut x), v, i) }
            }
            3 => unsafe { GrB_Vector_extractElement_Scalar(self.s.scalar(input), v, i) },
            4 => unsafe { GrB_Vector_removeElement(v, i) },
            5 => unsafe { GrB_Vector_resize(v, input.dimension()) },
            6 => unsafe { GrB_Vector_nvals(out(input, &mut n), v) },
            _ => unsafe { GrB_Vector_size(out(input, &mut n), v) },
        };
        check(info, "GrB_Vector element or size call");
    }

    unsafe fn vector_build_tuples(&mut self, input: &mut Input) {
        let v = self.s.vector(input);
        let n = input.below(10);
        if input.flag() {
            let rows: Vec<GrB_Index> = (0..n).map(|_| input.index()).collect();
            let x: Vec<u64> = (0..n).map(|_| u64::draw(input)).collect();
            let dup = self.s.accum(input);
            unsafe {
                check(
                    GrB_Vector_build_UINT64(v, rows.as_ptr(), x.as_ptr(), n as GrB_Index, dup),
                    "GrB_Vector_build_UINT64",
                )
            };
        } else {
            let mut rows = vec![0 as GrB_Index; n];
            let mut x = vec![0i8; n];
            let mut nvals = n as GrB_Index;
            unsafe {
                check(
                    GrB_Vector_extractTuples_INT8(rows.as_mut_ptr(), x.as_mut_ptr(), &mut nvals, v),
                    "GrB_Vector_extractTuples_INT8",
                )
            };
        }
    }

    unsafe fn mxv(&mut self, input: &mut Input) {
        let w = self.s.vector(input);
        let mask = self.s.vector_mask(input);
        let accum = self.s.accum(input);
        let semiring = self.s.semiring(input);
        let a = self.s.matrix(input);
        let u = self.s.vector(input);
        let desc = self.s.desc(input);
        let info = if input.flag() {
            unsafe { GrB_mxv(w, mask, accum, semiring, a, u, desc) }
        } else {
            unsafe { GrB_vxm(w, mask, accum, semiring, u, a, desc) }
        };
        check(info, "GrB_mxv/GrB_vxm");
    }

    unsafe fn vector_ops(&mut self, input: &mut Input) {
        let w = self.s.vector(input);
        let mask = self.s.vector_mask(input);
        let accum = self.s.accum(input);
        let (u, v) = (self.s.vector(input), self.s.vector(input));
        let desc = self.s.desc(input);
        let info = match input.below(6) {
            0 => unsafe {
                GrB_Vector_eWiseAdd_Monoid(w, mask, accum, self.s.monoid(input), u, v, desc)
            },
            1 => unsafe {
                GrB_Vector_eWiseMult_BinaryOp(w, mask, accum, self.s.binary(input), u, v, desc)
            },
            2 => unsafe { GrB_Vector_apply(w, mask, accum, self.s.unary(input), u, desc) },
            3 => {
                let op = self.s.index_op(input);
                unsafe { GrB_Vector_select_FP64(w, mask, accum, op, u, f64::draw(input), desc) }
            }
            4 => {
                let i = IndexList::draw(input);
                if input.flag() {
                    unsafe { GrB_Vector_extract(w, mask, accum, u, i.ptr(), i.len(), desc) }
                } else {
                    let x = i32::draw(input);
                    unsafe { GrB_Vector_assign_INT32(w, mask, accum, x, i.ptr(), i.len(), desc) }
                }
            }
            _ => {
                let s = self.s.scalar(input);
                unsafe { GrB_Vector_reduce_Monoid_Scalar(s, accum, self.s.monoid(input), u, desc) }
            }
        };
        check(info, "GrB_Vector operation");
    }

    unsafe fn row_col(&mut self, input: &mut Input) {
        let c = self.s.out_matrix(input);
        let mask = self.s.vector_mask(input);
        let accum = self.s.accum(input);
        let u = self.s.vector(input);
        let list = IndexList::draw(input);
        let k = input.index();
        let desc = self.s.desc(input);
        let info = match input.below(3) {
            0 => unsafe { GrB_Row_assign(c, mask, accum, u, k, list.ptr(), list.len(), desc) },
            1 => unsafe { GrB_Col_assign(c, mask, accum, u, list.ptr(), list.len(), k, desc) },
            _ => {
                let a = self.s.matrix(input);
                unsafe { GrB_Col_extract(u, mask, accum, a, list.ptr(), list.len(), k, desc) }
            }
        };
        check(info, "GrB_Row/Col_assign, GrB_Col_extract");
    }

    unsafe fn scalar_ops(&mut self, input: &mut Input) {
        let k = input.below(2);
        let mut n: GrB_Index = 0;
        let info = match input.below(8) {
            0 => {
                unsafe { check(GrB_Scalar_free(&mut self.s.scalars[k]), "GrB_Scalar_free") };
                let ty = self.s.ty(input);
                unsafe { GrB_Scalar_new(out(input, &mut self.s.scalars[k]), ty) }
            }
            1 => unsafe { GrB_Scalar_setElement_FP64(self.s.scalar(input), f64::draw(input)) },
            2 => unsafe { GrB_Scalar_setElement_BOOL(self.s.scalar(input), input.flag()) },
            3 => {
                let x = value_buffer(input, 1);
                unsafe {
                    GrB_Scalar_setElement_UDT(self.s.scalar(input), x.as_ptr() as *const c_void)
                }
            }
            4 => {
                let mut x = 0i16;
                unsafe { GrB_Scalar_extractElement_INT16(out(input, &mut x), self.s.scalar(input)) }
            }
            5 => unsafe { GrB_Scalar_clear(self.s.scalar(input)) },
            6 => unsafe { GrB_Scalar_nvals(out(input, &mut n), self.s.scalar(input)) },
            _ => {
                let s = self.s.scalar(input);
                let mut t = null_mut();
                let info = unsafe { GrB_Scalar_dup(&mut t, s) };
                unsafe { check(GrB_Scalar_free(&mut t), "GrB_Scalar_free") };
                info
            }
        };
        check(info, "GrB_Scalar call");
    }

    unsafe fn descriptor_ops(&mut self, input: &mut Input) {
        let info = match input.below(3) {
            0 => {
                unsafe {
                    check(
                        GrB_Descriptor_free(&mut self.s.descriptor),
                        "GrB_Descriptor_free",
                    )
                };
                unsafe { GrB_Descriptor_new(out(input, &mut self.s.descriptor)) }
            }
            _ => {
                let d = self.s.desc(input);
                let field = input.pick(&[0, 1, 2, 3, 7090, -1, 99]);
                let value = input.pick(&[0, 1, 2, 3, 4, 5, 7, 8, 30, -1]);
                unsafe { GrB_Descriptor_set(d, field, value) }
            }
        };
        check(info, "GrB_Descriptor call");
    }

    /// Creates the session's user-defined type (its objects keep their own copy).
    unsafe fn type_ops(&mut self, input: &mut Input) {
        unsafe { check(GrB_Type_free(&mut self.s.user_type), "GrB_Type_free") };
        let size = input.below(VALUE + 1);
        let target = out(input, &mut self.s.user_type);
        unsafe { check(GrB_Type_new(target, size), "GrB_Type_new") };
    }

    /// Reads the error message of an object: a valid C string, or an error code.
    unsafe fn error_strings(&mut self, input: &mut Input) {
        let mut message: *const std::ffi::c_char = null();
        let p = out(input, &mut message);
        let info = match input.below(3) {
            0 => unsafe { GrB_Matrix_error(p, self.s.matrix(input)) },
            1 => unsafe { GrB_Vector_error(p, self.s.vector(input)) },
            _ => unsafe { GrB_Scalar_error(p, self.s.scalar(input)) },
        };
        if check(info, "GrB_error") == 0 {
            // Must be a NUL-terminated string.
            let _ = unsafe { CStr::from_ptr(message).to_bytes().len() };
        }
    }

    /// Frees every object the session holds.
    fn free_all(&mut self) {
        // SAFETY: each slot holds a live handle or NULL.
        unsafe {
            for k in 0..self.s.matrices.len() {
                self.free_matrix_slot(k);
            }
            for k in 0..self.s.vectors.len() {
                self.free_vector_slot(k);
            }
            for s in &mut self.s.scalars {
                check(GrB_Scalar_free(s), "GrB_Scalar_free");
            }
            check(
                GrB_Descriptor_free(&mut self.s.descriptor),
                "GrB_Descriptor_free",
            );
            check(GrB_Type_free(&mut self.s.user_type), "GrB_Type_free");
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.free_all();
    }
}
