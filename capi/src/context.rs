//! `GrB_init`, `GrB_finalize`, `GrB_getVersion` and `GrB_error`.

use crate::api::{finalize, initialize, run, set_initialized, GrB_Info, GrB_Mode};
use crate::handle::*;
use crate::memory::{set_allocator, Allocator};
use std::ffi::{c_char, c_uint, c_void};

/// `GrB_init(mode)`: starts the library in `GrB_BLOCKING` or `GrB_NONBLOCKING`
/// mode, with the C library's memory functions.
#[no_mangle]
pub extern "C" fn GrB_init(mode: GrB_Mode) -> GrB_Info {
    run((), || {
        initialize(mode)?;
        set_allocator(Allocator::SYSTEM);
        Ok(())
    })
}

/// `GxB_init(mode, malloc, calloc, realloc, free)`: `GrB_init` with the
/// user's memory functions, used for every array that changes hands (see
/// the `memory` module); `malloc` and `free` are required, `calloc` and
/// `realloc` may be NULL.
#[no_mangle]
pub extern "C" fn GxB_init(
    mode: GrB_Mode,
    user_malloc: Option<unsafe extern "C" fn(usize) -> *mut c_void>,
    user_calloc: Option<unsafe extern "C" fn(usize, usize) -> *mut c_void>,
    user_realloc: Option<unsafe extern "C" fn(*mut c_void, usize) -> *mut c_void>,
    user_free: Option<unsafe extern "C" fn(*mut c_void)>,
) -> GrB_Info {
    run((), || {
        let (Some(malloc), Some(free)) = (user_malloc, user_free) else {
            return Err(engine::Error::new(
                engine::Info::NullPointer,
                "GxB_init needs the malloc and free functions",
            ));
        };
        initialize(mode)?;
        set_allocator(Allocator {
            malloc,
            calloc: user_calloc,
            realloc: user_realloc,
            free,
        });
        Ok(())
    })
}

/// `GrB_finalize()`: ends the library; pending work is abandoned.
#[no_mangle]
pub extern "C" fn GrB_finalize() -> GrB_Info {
    run((), || {
        finalize();
        Ok(())
    })
}

/// `GB_Global_GrB_init_called_set(called)`: SuiteSparse's internal switch
/// recording whether `GrB_init` has been called, which LAGraph's tests clear
/// to start the library again without finalising it (`test_Xinit`). Not
/// declared in `GraphBLAS.h`, as in SuiteSparse: its callers declare it.
#[no_mangle]
pub extern "C" fn GB_Global_GrB_init_called_set(called: bool) {
    set_initialized(called);
}

/// `GrB_getVersion(&version, &subversion)`: the spec version implemented (2.1).
///
/// # Safety
/// The pointers must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn GrB_getVersion(version: *mut c_uint, subversion: *mut c_uint) -> GrB_Info {
    run((), || unsafe {
        put(version, 2, "version")?;
        put(subversion, 1, "subversion")
    })
}

macro_rules! error_fn {
    ($name:ident, $handle:ty) => {
        /// `GrB_error(&message, obj)`: the message of the last failed call on `obj`.
        ///
        /// # Safety
        /// `error` must be NULL or valid for writes; `obj` a handle or NULL.
        #[no_mangle]
        pub unsafe extern "C" fn $name(error: *mut *const c_char, obj: $handle) -> GrB_Info {
            run((), || {
                let o = unsafe { get(obj as *const _)? };
                unsafe { put(error, Object::header(o).error_ptr(), "error") }
            })
        }
    };
}

error_fn!(GrB_Type_error, GrB_Type);
error_fn!(GrB_UnaryOp_error, GrB_UnaryOp);
error_fn!(GrB_BinaryOp_error, GrB_BinaryOp);
error_fn!(GrB_IndexUnaryOp_error, GrB_IndexUnaryOp);
error_fn!(GrB_Monoid_error, GrB_Monoid);
error_fn!(GrB_Semiring_error, GrB_Semiring);
error_fn!(GrB_Scalar_error, GrB_Scalar);
error_fn!(GrB_Vector_error, GrB_Vector);
error_fn!(GrB_Matrix_error, GrB_Matrix);
error_fn!(GrB_Descriptor_error, GrB_Descriptor);
