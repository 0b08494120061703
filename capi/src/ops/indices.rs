//! `GrB_ALL` and the conversion of C index lists into engine index lists.

use crate::api::{count, slice, GrB_Index};
use engine::raw::ops::indices::Indices;
use engine::Result;

/// The target of `GrB_ALL`: a distinct address, never read.
static ALL_MARKER: GrB_Index = 0;

/// `GrB_ALL`: passed as an index list, it means every index in order.
#[no_mangle]
pub static mut GrB_ALL: *const GrB_Index = &ALL_MARKER;

/// The index list `(list, n)`: `GrB_ALL` or `n` explicit indices.
pub(crate) unsafe fn indices<'a>(
    list: *const GrB_Index,
    n: GrB_Index,
    what: &str,
) -> Result<Indices<'a>> {
    if std::ptr::eq(list, &ALL_MARKER) {
        return Ok(Indices::All);
    }
    let n = count(n, what)?;
    Ok(unsafe { Indices::List(slice(list, n, what)?) })
}
