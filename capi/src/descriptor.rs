//! `GrB_Descriptor`: the 31 predefined descriptors and user-defined ones.

use crate::api::{api, GrB_Desc_Field, GrB_Desc_Value, GrB_Info};
use crate::handle::*;
use engine::raw::object::Descriptor;
use engine::{Error, Info, Result};
use std::sync::Mutex;

/// Declares `GrB_DESC_<name>` with the flags replace, structure, complement, T0, T1.
macro_rules! predefined_descriptor {
    ($($name:ident = $r:literal $s:literal $c:literal $t0:literal $t1:literal;)*) => {$(
        #[no_mangle]
        pub static mut $name: GrB_Descriptor = {
            static OBJ: GB_Descriptor_opaque = GB_Descriptor_opaque::predefined(Descriptor {
                replace: $r != 0,
                mask_structural: $s != 0,
                mask_complement: $c != 0,
                transpose_first: $t0 != 0,
                transpose_second: $t1 != 0,
            });
            &OBJ as *const GB_Descriptor_opaque as GrB_Descriptor
        };
    )*};
}

predefined_descriptor! {
    GrB_DESC_T1 = 0 0 0 0 1;
    GrB_DESC_T0 = 0 0 0 1 0;
    GrB_DESC_T0T1 = 0 0 0 1 1;
    GrB_DESC_C = 0 0 1 0 0;
    GrB_DESC_CT1 = 0 0 1 0 1;
    GrB_DESC_CT0 = 0 0 1 1 0;
    GrB_DESC_CT0T1 = 0 0 1 1 1;
    GrB_DESC_S = 0 1 0 0 0;
    GrB_DESC_ST1 = 0 1 0 0 1;
    GrB_DESC_ST0 = 0 1 0 1 0;
    GrB_DESC_ST0T1 = 0 1 0 1 1;
    GrB_DESC_SC = 0 1 1 0 0;
    GrB_DESC_SCT1 = 0 1 1 0 1;
    GrB_DESC_SCT0 = 0 1 1 1 0;
    GrB_DESC_SCT0T1 = 0 1 1 1 1;
    GrB_DESC_R = 1 0 0 0 0;
    GrB_DESC_RT1 = 1 0 0 0 1;
    GrB_DESC_RT0 = 1 0 0 1 0;
    GrB_DESC_RT0T1 = 1 0 0 1 1;
    GrB_DESC_RC = 1 0 1 0 0;
    GrB_DESC_RCT1 = 1 0 1 0 1;
    GrB_DESC_RCT0 = 1 0 1 1 0;
    GrB_DESC_RCT0T1 = 1 0 1 1 1;
    GrB_DESC_RS = 1 1 0 0 0;
    GrB_DESC_RST1 = 1 1 0 0 1;
    GrB_DESC_RST0 = 1 1 0 1 0;
    GrB_DESC_RST0T1 = 1 1 0 1 1;
    GrB_DESC_RSC = 1 1 1 0 0;
    GrB_DESC_RSCT1 = 1 1 1 0 1;
    GrB_DESC_RSCT0 = 1 1 1 1 0;
    GrB_DESC_RSCT0T1 = 1 1 1 1 1;
}

/// The settings of a descriptor argument (`GrB_NULL` means the defaults).
pub(crate) unsafe fn settings(desc: GrB_Descriptor) -> Result<Descriptor> {
    Ok(unsafe { get_opt(desc)?.map_or(Descriptor::default(), |d| d.get()) })
}

/// `GrB_Descriptor_new(&desc)`: a descriptor with every field at its default.
#[no_mangle]
pub unsafe extern "C" fn GrB_Descriptor_new(desc: *mut GrB_Descriptor) -> GrB_Info {
    api((), || {
        // Checked first: a NULL output must not leak a new descriptor.
        non_null(desc, "descriptor")?;
        let d = GB_Descriptor_opaque::new(Mutex::new(Descriptor::default()));
        unsafe { put_handle(desc, d, "descriptor") }
    })
}

/// `GrB_Descriptor_set(desc, field, value)`.
#[no_mangle]
pub unsafe extern "C" fn GrB_Descriptor_set(
    desc: GrB_Descriptor,
    field: GrB_Desc_Field,
    value: GrB_Desc_Value,
) -> GrB_Info {
    api(desc, || {
        let d = unsafe { get(desc)? };
        if d.header().is_predefined() {
            return Err(Error::new(
                Info::InvalidValue,
                "a predefined descriptor cannot be modified",
            ));
        }
        d.desc
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .set(field, value)
    })
}

/// `GxB_COMPRESSION`: the compression `GxB_*_serialize` should use.
const COMPRESSION: GrB_Desc_Field = 7092;
/// `GxB_COMPRESSION_NONE`.
const COMPRESSION_NONE: i32 = -1;

/// Checks a `GxB_COMPRESSION` value: none, default, LZ4, or LZ4HC / ZSTD
/// with a level (`+ 0..=9` / `+ 0..=19`), as SuiteSparse accepts them.
fn check_compression(value: i32) -> Result<()> {
    let ok = matches!(value, -1 | 0 | 1000 | 2000..=2009 | 3000..=3019);
    if ok {
        Ok(())
    } else {
        Err(Error::new(
            Info::InvalidValue,
            format!("invalid compression {value}"),
        ))
    }
}

/// `GxB_Desc_set_INT32(desc, field, value)` (and `GxB_Desc_set`,
/// `GxB_set(desc, …)`): the spec's fields, or `GxB_COMPRESSION`, which is
/// accepted and has no effect (blobs are never compressed).
#[no_mangle]
pub unsafe extern "C" fn GxB_Desc_set_INT32(
    desc: GrB_Descriptor,
    field: GrB_Desc_Field,
    value: i32,
) -> GrB_Info {
    if field == COMPRESSION {
        return api(desc, || {
            unsafe { get(desc)? };
            check_compression(value)
        });
    }
    unsafe { GrB_Descriptor_set(desc, field, value) }
}

/// `GxB_Desc_get_INT32(desc, field, &value)`: `GxB_COMPRESSION` reads as
/// `GxB_COMPRESSION_NONE`, the compression blobs actually get.
#[no_mangle]
pub unsafe extern "C" fn GxB_Desc_get_INT32(
    desc: GrB_Descriptor,
    field: GrB_Desc_Field,
    value: *mut i32,
) -> GrB_Info {
    api(desc, || {
        let d = unsafe { get(desc)? };
        non_null(value, "value")?;
        let v = if field == COMPRESSION {
            COMPRESSION_NONE
        } else {
            d.get().get(field)?
        };
        unsafe { put(value, v, "value") }
    })
}

/// `GxB_Desc_get(desc, field, &value)`: every field is an `int32_t`.
#[no_mangle]
pub unsafe extern "C" fn GxB_Desc_get(
    desc: GrB_Descriptor,
    field: GrB_Desc_Field,
    value: *mut std::ffi::c_void,
) -> GrB_Info {
    unsafe { GxB_Desc_get_INT32(desc, field, value as *mut i32) }
}

crate::algebra::free_and_wait!(GrB_Descriptor_free, GrB_Descriptor_wait, GrB_Descriptor);
