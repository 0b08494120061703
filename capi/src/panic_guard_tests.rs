//! A panic inside an operation returns `GrB_PANIC` through the C entry point,
//! leaves the output as it was, and the library stays usable.
//!
//! The panic is forced through a user-defined operator whose Rust function
//! panics (a C function cannot unwind into Rust, so the operator is made here,
//! as `GrB_BinaryOp_new` makes one from a C function). The operations are
//! called through their exported C symbols.

use crate::api::{GrB_Index, GrB_Info};
use crate::handle::{into_handle, GB_BinaryOp_opaque};
use engine::raw::algebra::{BinaryOp, Type};
use engine::Info;
use std::ffi::{c_char, c_int, c_void, CStr};
use std::ptr::null_mut;
use std::sync::Arc;

// Handles as the C side sees them: opaque pointers.
type GrB_Type = *mut c_void;
type GrB_BinaryOp = *mut c_void;
type GrB_Vector = *mut c_void;
type GrB_Descriptor = *mut c_void;

extern "C" {
    static GrB_FP64: GrB_Type;
    static GrB_PLUS_FP64: GrB_BinaryOp;
    fn GrB_init(mode: c_int) -> GrB_Info;
    fn GrB_Vector_new(v: *mut GrB_Vector, ty: GrB_Type, n: GrB_Index) -> GrB_Info;
    fn GrB_Vector_setElement_FP64(w: GrB_Vector, x: f64, i: GrB_Index) -> GrB_Info;
    fn GrB_Vector_extractElement_FP64(x: *mut f64, v: GrB_Vector, i: GrB_Index) -> GrB_Info;
    fn GrB_Vector_nvals(n: *mut GrB_Index, v: GrB_Vector) -> GrB_Info;
    fn GrB_Vector_error(message: *mut *const c_char, v: GrB_Vector) -> GrB_Info;
    fn GrB_Vector_eWiseAdd_BinaryOp(
        w: GrB_Vector,
        mask: GrB_Vector,
        accum: GrB_BinaryOp,
        op: GrB_BinaryOp,
        u: GrB_Vector,
        v: GrB_Vector,
        desc: GrB_Descriptor,
    ) -> GrB_Info;
    fn GrB_Vector_free(v: *mut GrB_Vector) -> GrB_Info;
}

/// `GrB_NONBLOCKING` (the test runs under either mode).
const NONBLOCKING: c_int = 1;

unsafe fn vector(entries: &[(GrB_Index, f64)]) -> GrB_Vector {
    let mut v = null_mut();
    unsafe { assert_eq!(GrB_Vector_new(&mut v, GrB_FP64, 4), Info::Success.code()) };
    for &(i, x) in entries {
        unsafe { assert_eq!(GrB_Vector_setElement_FP64(v, x, i), Info::Success.code()) };
    }
    v
}

unsafe fn entry(v: GrB_Vector, i: GrB_Index) -> f64 {
    let mut x = 0.0;
    unsafe {
        assert_eq!(
            GrB_Vector_extractElement_FP64(&mut x, v, i),
            Info::Success.code()
        )
    };
    x
}

unsafe fn assert_error_names_the_panic(w: GrB_Vector) {
    let mut message = std::ptr::null();
    unsafe { assert_eq!(GrB_Vector_error(&mut message, w), Info::Success.code()) };
    let message = unsafe { CStr::from_ptr(message).to_string_lossy() };
    assert!(message.contains("operator failed on purpose"), "{message}");
}

#[test]
fn a_panicking_operator_gives_grb_panic_and_the_library_stays_usable() {
    unsafe {
        // Another test of this binary (the fuzz smoke tests) may have initialised it.
        let info = GrB_init(NONBLOCKING);
        assert!(info == Info::Success.code() || info == Info::InvalidValue.code());
        let boom = BinaryOp::user(
            "boom",
            Arc::new(|_: &mut [u8], _: &[u8], _: &[u8]| panic!("operator failed on purpose")),
            Type::FP64,
            Type::FP64,
            Type::FP64,
        );
        let boom = into_handle(GB_BinaryOp_opaque::new(boom)) as GrB_BinaryOp;
        let (u, v) = (
            vector(&[(0, 1.0), (1, 2.0)]),
            vector(&[(1, 10.0), (2, 20.0)]),
        );
        let w = vector(&[(3, 7.0)]);

        // Blocking mode reports the panic at once and leaves the output as it
        // was; non-blocking mode records the operation, and the read that
        // computes it reports the panic (and so does every later read).
        let info = GrB_Vector_eWiseAdd_BinaryOp(w, null_mut(), null_mut(), boom, u, v, null_mut());
        let mut n = 0;
        if info == Info::Success.code() {
            for _ in 0..2 {
                assert_eq!(GrB_Vector_nvals(&mut n, w), Info::Panic.code());
                assert_error_names_the_panic(w);
            }
        } else {
            assert_eq!(info, Info::Panic.code());
            assert_error_names_the_panic(w);
            assert_eq!(GrB_Vector_nvals(&mut n, w), Info::Success.code());
            assert_eq!((n, entry(w, 3)), (1, 7.0));
        }
        // The inputs are untouched.
        assert_eq!(GrB_Vector_nvals(&mut n, u), Info::Success.code());
        assert_eq!((n, entry(u, 0), entry(u, 1)), (2, 1.0, 2.0));

        // The same objects work with a well-behaved operator.
        let info = GrB_Vector_eWiseAdd_BinaryOp(
            w,
            null_mut(),
            null_mut(),
            GrB_PLUS_FP64,
            u,
            v,
            null_mut(),
        );
        assert_eq!(info, Info::Success.code());
        assert_eq!((entry(w, 0), entry(w, 1), entry(w, 2)), (1.0, 12.0, 20.0));
        for mut x in [u, v, w] {
            assert_eq!(GrB_Vector_free(&mut x), Info::Success.code());
        }
    }
}
