//! [`Operand`]: a store read as itself or as its transpose (O(1): the
//! store is read in the other orientation), as the kernels of products,
//! extract and assign take their matrix inputs. The product's own views
//! of an operand (dense access, positions) are in `mxm::operand`.

use crate::error::Result;
use crate::storage::{CompressedRef, Format, MatrixStore, Orientation};
use std::sync::Arc;

/// A matrix operand: a store, possibly read transposed.
#[derive(Clone)]
pub struct Operand {
    pub(super) store: Arc<MatrixStore>,
    pub(super) transposed: bool,
}

impl Operand {
    /// The store, transposed when `transposed`.
    pub fn new(store: Arc<MatrixStore>, transposed: bool) -> Operand {
        Operand { store, transposed }
    }

    /// The same operand over another store of the same shape (read the same way).
    pub fn with_store(&self, store: Arc<MatrixStore>) -> Operand {
        Operand {
            store,
            transposed: self.transposed,
        }
    }

    /// The transpose (O(1)).
    pub fn t(&self) -> Operand {
        Operand {
            store: self.store.clone(),
            transposed: !self.transposed,
        }
    }

    /// The underlying store.
    pub fn store(&self) -> &MatrixStore {
        &self.store
    }

    /// Number of rows.
    pub fn nrows(&self) -> u64 {
        if self.transposed {
            self.store.ncols()
        } else {
            self.store.nrows()
        }
    }

    /// Number of columns.
    pub fn ncols(&self) -> u64 {
        if self.transposed {
            self.store.nrows()
        } else {
            self.store.ncols()
        }
    }

    /// Number of entries.
    pub fn nvals(&self) -> usize {
        self.store.nvals()
    }

    /// The store orientation holding this operand's vectors along `o`
    /// (`ByRow`: its rows; `ByCol`: its columns).
    pub fn physical(&self, o: Orientation) -> Orientation {
        if self.transposed {
            o.flip()
        } else {
            o
        }
    }

    /// The orientation whose vectors the stored data holds as they are:
    /// the operand's rows (`ByRow`) or columns (`ByCol`).
    pub fn native_orientation(&self) -> Orientation {
        self.physical(self.store.orient())
    }

    /// The operand's rows (`ByRow`) or columns (`ByCol`) as compressed vectors.
    pub fn vectors(&self, o: Orientation) -> CompressedRef<'_> {
        self.store.compressed(self.physical(o))
    }

    /// [`Operand::vectors`], failing with `GrB_OUT_OF_MEMORY` when a
    /// conversion does not fit.
    pub fn try_vectors(&self, o: Orientation) -> Result<CompressedRef<'_>> {
        self.store.try_compressed(self.physical(o))
    }

    /// True when the buffers [`Operand::vectors`] along `o` allocates fit
    /// in memory now (a probe, see [`crate::error::check_room`]).
    pub fn vectors_fit(&self, o: Orientation) -> bool {
        self.store.conversion_room(self.physical(o)).is_ok()
    }

    /// True when [`Operand::vectors`] along `o` transposes the store (and
    /// the store then keeps the transpose for later reads).
    pub fn transposes_along(&self, o: Orientation) -> bool {
        self.physical(o) != self.store.orient()
    }

    /// True when [`Operand::vectors`] along `o` is free: the store holds
    /// compressed vectors in that orientation, or has the transpose kept.
    pub fn is_native(&self, o: Orientation) -> bool {
        let p = self.physical(o);
        if p == self.store.orient() {
            matches!(self.store.format(), Format::Sparse(_))
        } else {
            self.store.has_cached_transpose()
        }
    }

    /// The compressed vectors along `o` when they are free, for measuring.
    pub fn native_vectors(&self, o: Orientation) -> Option<CompressedRef<'_>> {
        self.store.compressed_if_free(self.physical(o))
    }
}
