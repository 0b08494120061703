//! Arguments of C calls drawn from the fuzzer's bytes: handles (live objects,
//! NULL, wrong kinds, uninitialized and freed memory), predefined algebra,
//! descriptors and index lists.

use super::ffi::GrB_ALL;
use super::input::Input;
use capi::algebra::*;
use capi::api::GrB_Index;
use capi::descriptor::*;
use capi::handle::*;
use capi::types::*;
use std::ptr::null_mut;

/// Memory that is not a live object: what a C caller passes when it uses a
/// handle it never created, or one it has freed.
pub(crate) struct Decoys {
    /// Zeroed memory: an uninitialized object.
    garbage: Box<[u64; 32]>,
    /// Memory whose header says "freed": a stale handle whose memory is still readable.
    freed: Box<[u64; 32]>,
}

impl Decoys {
    /// An uninitialized and a freed object.
    pub(crate) fn new() -> Decoys {
        let mut freed = Box::new([0u64; 32]);
        freed[0] = magic::freed();
        Decoys {
            garbage: Box::new([0u64; 32]),
            freed,
        }
    }

    /// One of the decoys as a handle of any kind.
    fn pick<T>(&mut self, input: &mut Input) -> *mut T {
        if input.flag() {
            self.garbage.as_mut_ptr() as *mut T
        } else {
            self.freed.as_mut_ptr() as *mut T
        }
    }
}

/// The predefined objects the driver passes, read once from their exported statics.
pub(crate) struct Catalog {
    pub(crate) types: Vec<GrB_Type>,
    binary: Vec<GrB_BinaryOp>,
    unary: Vec<GrB_UnaryOp>,
    index: Vec<GrB_IndexUnaryOp>,
    monoids: Vec<GrB_Monoid>,
    semirings: Vec<GrB_Semiring>,
    descriptors: Vec<GrB_Descriptor>,
}

impl Catalog {
    /// A selection of every kind of predefined object, over several types.
    pub(crate) fn new() -> Catalog {
        // SAFETY: the statics are handles set at compile time and never written.
        unsafe {
            Catalog {
                types: vec![
                    GrB_BOOL, GrB_INT8, GrB_UINT8, GrB_INT16, GrB_UINT16, GrB_INT32, GrB_UINT32,
                    GrB_INT64, GrB_UINT64, GrB_FP32, GrB_FP64,
                ],
                binary: vec![
                    GrB_PLUS_INT32,
                    GrB_PLUS_FP64,
                    GrB_TIMES_INT64,
                    GrB_MINUS_UINT8,
                    GrB_DIV_INT16,
                    GrB_DIV_FP32,
                    GrB_MIN_UINT64,
                    GrB_MAX_INT8,
                    GrB_FIRST_BOOL,
                    GrB_SECOND_FP64,
                    GrB_ONEB_UINT32,
                    GrB_EQ_FP64,
                    GrB_LT_INT32,
                    GrB_LOR,
                    GrB_LXOR,
                    GrB_BAND_UINT16,
                    GrB_BXOR_INT64,
                ],
                unary: vec![
                    GrB_IDENTITY_FP64,
                    GrB_IDENTITY_BOOL,
                    GrB_AINV_INT32,
                    GrB_MINV_INT8,
                    GrB_MINV_FP32,
                    GrB_ABS_INT64,
                    GrB_BNOT_UINT8,
                    GrB_LNOT,
                ],
                index: vec![
                    GrB_ROWINDEX_INT64,
                    GrB_COLINDEX_INT32,
                    GrB_DIAGINDEX_INT64,
                    GrB_TRIL,
                    GrB_TRIU,
                    GrB_DIAG,
                    GrB_OFFDIAG,
                    GrB_ROWLE,
                    GrB_COLGT,
                    GrB_VALUEEQ_INT32,
                    GrB_VALUEGT_FP64,
                    GrB_VALUELE_BOOL,
                    GrB_VALUENE_UINT64,
                ],
                monoids: vec![
                    GrB_PLUS_MONOID_INT32,
                    GrB_PLUS_MONOID_FP64,
                    GrB_TIMES_MONOID_UINT8,
                    GrB_MIN_MONOID_INT64,
                    GrB_MAX_MONOID_FP32,
                    GrB_MAX_MONOID_UINT64,
                    GrB_LOR_MONOID_BOOL,
                    GrB_LXNOR_MONOID_BOOL,
                ],
                semirings: vec![
                    GrB_PLUS_TIMES_SEMIRING_INT32,
                    GrB_PLUS_TIMES_SEMIRING_FP64,
                    GrB_MIN_PLUS_SEMIRING_INT64,
                    GrB_MIN_PLUS_SEMIRING_FP32,
                    GrB_MAX_MIN_SEMIRING_UINT8,
                    GrB_MIN_FIRST_SEMIRING_UINT64,
                    GrB_MAX_SECOND_SEMIRING_INT16,
                    GrB_LOR_LAND_SEMIRING_BOOL,
                    GrB_LXOR_LAND_SEMIRING_BOOL,
                ],
                descriptors: vec![
                    GrB_DESC_T0,
                    GrB_DESC_T1,
                    GrB_DESC_T0T1,
                    GrB_DESC_C,
                    GrB_DESC_S,
                    GrB_DESC_SC,
                    GrB_DESC_R,
                    GrB_DESC_RC,
                    GrB_DESC_RS,
                    GrB_DESC_RSC,
                    GrB_DESC_RSCT0T1,
                    GrB_DESC_ST1,
                    GrB_DESC_RCT0,
                ],
            }
        }
    }
}

/// Draws a handle: mostly one of `usual` (each possibly NULL), sometimes NULL,
/// a decoy, or an object of another kind (`wrong`).
fn handle<T, W>(input: &mut Input, decoys: &mut Decoys, usual: &[*mut T], wrong: *mut W) -> *mut T {
    let b = input.byte();
    match b {
        0..=229 if !usual.is_empty() => usual[b as usize % usual.len()],
        230..=239 => decoys.pick(input),
        240..=247 => wrong as *mut T,
        _ => null_mut(),
    }
}

/// The objects a session works on, plus the catalog and decoys.
pub(crate) struct Slots {
    pub(crate) matrices: [GrB_Matrix; 4],
    pub(crate) vectors: [GrB_Vector; 3],
    pub(crate) scalars: [GrB_Scalar; 2],
    pub(crate) descriptor: GrB_Descriptor,
    pub(crate) user_type: GrB_Type,
    pub(crate) catalog: Catalog,
    pub(crate) decoys: Decoys,
}

impl Slots {
    /// No objects yet.
    pub(crate) fn new() -> Slots {
        Slots {
            matrices: [null_mut(); 4],
            vectors: [null_mut(); 3],
            scalars: [null_mut(); 2],
            descriptor: null_mut(),
            user_type: null_mut(),
            catalog: Catalog::new(),
            decoys: Decoys::new(),
        }
    }

    /// A matrix the call writes to.
    pub(crate) fn out_matrix(&mut self, input: &mut Input) -> GrB_Matrix {
        let usual = self.matrices;
        handle(input, &mut self.decoys, &usual, self.scalars[0])
    }

    /// A matrix the call reads (vectors may stand in, as C callers cast them).
    pub(crate) fn matrix(&mut self, input: &mut Input) -> GrB_Matrix {
        let mut usual = self.matrices.to_vec();
        usual.push(self.vectors[0] as GrB_Matrix);
        handle(input, &mut self.decoys, &usual, self.scalars[0])
    }

    /// A vector argument.
    pub(crate) fn vector(&mut self, input: &mut Input) -> GrB_Vector {
        let usual = self.vectors;
        handle(input, &mut self.decoys, &usual, self.scalars[1])
    }

    /// A scalar argument.
    pub(crate) fn scalar(&mut self, input: &mut Input) -> GrB_Scalar {
        let usual = self.scalars;
        handle(input, &mut self.decoys, &usual, self.matrices[0])
    }

    /// A type argument: a built-in one or the session's user-defined type.
    pub(crate) fn ty(&mut self, input: &mut Input) -> GrB_Type {
        let mut usual = self.catalog.types.clone();
        usual.push(self.user_type);
        handle(input, &mut self.decoys, &usual, self.descriptor)
    }

    /// An operator argument, or an accumulator (NULL often: no accumulator).
    pub(crate) fn binary(&mut self, input: &mut Input) -> GrB_BinaryOp {
        let usual = self.catalog.binary.clone();
        let wrong = self.catalog.monoids[0];
        handle(input, &mut self.decoys, &usual, wrong)
    }

    /// An accumulator: NULL half of the time.
    pub(crate) fn accum(&mut self, input: &mut Input) -> GrB_BinaryOp {
        if input.flag() {
            null_mut()
        } else {
            self.binary(input)
        }
    }

    /// A unary operator argument.
    pub(crate) fn unary(&mut self, input: &mut Input) -> GrB_UnaryOp {
        let usual = self.catalog.unary.clone();
        let wrong = self.catalog.binary[0];
        handle(input, &mut self.decoys, &usual, wrong)
    }

    /// An index-unary operator argument.
    pub(crate) fn index_op(&mut self, input: &mut Input) -> GrB_IndexUnaryOp {
        let usual = self.catalog.index.clone();
        let wrong = self.catalog.unary[0];
        handle(input, &mut self.decoys, &usual, wrong)
    }

    /// A monoid argument.
    pub(crate) fn monoid(&mut self, input: &mut Input) -> GrB_Monoid {
        let usual = self.catalog.monoids.clone();
        let wrong = self.catalog.semirings[0];
        handle(input, &mut self.decoys, &usual, wrong)
    }

    /// A semiring argument.
    pub(crate) fn semiring(&mut self, input: &mut Input) -> GrB_Semiring {
        let usual = self.catalog.semirings.clone();
        let wrong = self.catalog.monoids[0];
        handle(input, &mut self.decoys, &usual, wrong)
    }

    /// A mask: NULL half of the time.
    pub(crate) fn mask(&mut self, input: &mut Input) -> GrB_Matrix {
        if input.flag() {
            null_mut()
        } else {
            self.matrix(input)
        }
    }

    /// A vector mask: NULL half of the time.
    pub(crate) fn vector_mask(&mut self, input: &mut Input) -> GrB_Vector {
        if input.flag() {
            null_mut()
        } else {
            self.vector(input)
        }
    }

    /// A descriptor: NULL (the defaults), a predefined one, or the session's own.
    pub(crate) fn desc(&mut self, input: &mut Input) -> GrB_Descriptor {
        if input.flag() {
            return null_mut();
        }
        let mut usual = self.catalog.descriptors.clone();
        usual.push(self.descriptor);
        handle(input, &mut self.decoys, &usual, self.user_type)
    }
}

/// An index list argument as C passes it: a pointer and a length.
pub(crate) struct IndexList {
    /// The explicit indices, if any (kept alive while the call runs).
    list: Vec<GrB_Index>,
    kind: ListKind,
}

enum ListKind {
    /// `GrB_ALL` with some length.
    All(GrB_Index),
    /// The explicit list.
    Explicit,
    /// NULL with some length (an error unless the length is 0).
    Null(GrB_Index),
}

impl IndexList {
    /// `GrB_ALL` often, an explicit list, or NULL.
    pub(crate) fn draw(input: &mut Input) -> IndexList {
        let kind = match input.below(8) {
            0..=2 => ListKind::All(input.index()),
            7 => ListKind::Null(input.index()),
            _ => ListKind::Explicit,
        };
        let list = match kind {
            ListKind::Explicit => input.indices(),
            _ => Vec::new(),
        };
        IndexList { list, kind }
    }

    /// The pointer to pass.
    pub(crate) fn ptr(&self) -> *const GrB_Index {
        match self.kind {
            // SAFETY: `GrB_ALL` is a static set at compile time and never written.
            ListKind::All(_) => unsafe { GrB_ALL },
            ListKind::Explicit => self.list.as_ptr(),
            ListKind::Null(_) => std::ptr::null(),
        }
    }

    /// The length to pass.
    pub(crate) fn len(&self) -> GrB_Index {
        match self.kind {
            ListKind::All(n) | ListKind::Null(n) => n,
            ListKind::Explicit => self.list.len() as GrB_Index,
        }
    }
}
