//! `Matrix`: a GraphBLAS matrix object — its content (a shared, immutable
//! [`MatrixStore`]), cheap pending updates, and a slot for deferred work.

use super::pending::{try_update_in_place, Pending};
use crate::algebra::{BinaryOp, Type, Value};
use crate::error::{Error, Result};
use crate::plan::{self, Claim, Node, Owner, Source};
use crate::storage::{
    build_compressed, build_single_vector, Array, Dup, Format, MatrixStore, Orientation, Sparsity,
    TupleValues,
};
use crate::{ensure, fail};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError, Weak};

/// The default `[GxB_HYPER_SWITCH, GxB_BITMAP_SWITCH]` of a new object (SuiteSparse's defaults).
pub const DEFAULT_SWITCHES: [f64; 2] = [0.0625, 0.04];

/// The largest valid index (`GrB_INDEX_MAX`); dimensions may be up to `INDEX_MAX + 1`.
pub const INDEX_MAX: u64 = (1u64 << 60) - 1;

struct State {
    store: Arc<MatrixStore>,
    /// Work recorded by the non-blocking engine that computes the next content.
    deferred: Option<Claim>,
    pending: Option<Pending>,
    /// Preferred orientation for content this object produces.
    orient: Orientation,
    /// The formats the content may be held in (`GxB_SPARSITY_CONTROL`).
    sparsity: Sparsity,
    /// SuiteSparse's `GxB_HYPER_SWITCH` and `GxB_BITMAP_SWITCH` of this
    /// object: kept and reported (and copied by `dup`); the engine chooses
    /// among the allowed formats by its own rules.
    switches: [f64; 2],
}

impl State {
    /// Holds the content in a format the sparsity control allows. A failed
    /// conversion (out of memory for a bitmap) keeps the engine's format: the
    /// content is the same either way.
    fn settle(&mut self) {
        if let Ok(Some(store)) = self.sparsity.conform(&self.store) {
            self.store = Arc::new(store);
        }
    }
}

/// Deferred work computed by whichever reader came first: the object takes
/// the result now (unless it is busy, or has other work by then) and lets go
/// of the node, so that the node's inputs are not held for it.
impl Owner for Mutex<State> {
    fn computed(&self, node: &Node, value: &Arc<MatrixStore>) {
        let mut s = match self.try_lock() {
            Ok(s) => s,
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            Err(TryLockError::WouldBlock) => return,
        };
        match s.deferred.take() {
            Some(claim) if std::ptr::eq(Arc::as_ptr(claim.node()), node) => {
                s.store = value.clone();
                s.settle();
                drop(s);
                claim.settle();
            }
            other => s.deferred = other,
        }
    }
}

/// A matrix (a vector is an `n × 1` matrix stored by column). All methods take
/// `&self`: the object is internally locked, so an operation may use the same
/// object as input and output.
pub struct Matrix {
    ty: Type,
    state: Arc<Mutex<State>>,
}

/// Checks that a dimension is at most `GrB_INDEX_MAX + 1`.
pub fn check_dimension(n: u64, what: &str) -> Result<()> {
    ensure!(
        n <= INDEX_MAX + 1,
        InvalidValue,
        "{what} {n} exceeds GrB_INDEX_MAX + 1 = 2^60"
    );
    Ok(())
}

impl Matrix {
    /// A new empty `nrows × ncols` matrix stored by row.
    pub fn new(ty: &Type, nrows: u64, ncols: u64) -> Result<Matrix> {
        Matrix::new_oriented(ty, nrows, ncols, Orientation::ByRow)
    }

    /// A new empty matrix in the given orientation.
    pub fn new_oriented(ty: &Type, nrows: u64, ncols: u64, orient: Orientation) -> Result<Matrix> {
        check_dimension(nrows, "number of rows")?;
        check_dimension(ncols, "number of columns")?;
        Ok(Matrix::from_store(MatrixStore::empty(
            ty, nrows, ncols, orient,
        )))
    }

    /// A matrix holding the given content.
    pub fn from_store(store: MatrixStore) -> Matrix {
        Matrix::from_arc(Arc::new(store))
    }

    /// A matrix sharing the given content.
    pub fn from_arc(store: Arc<MatrixStore>) -> Matrix {
        let orient = store.orient();
        Matrix {
            ty: store.ty(),
            state: Arc::new(Mutex::new(State {
                store,
                deferred: None,
                pending: None,
                orient,
                sparsity: Sparsity::AUTO,
                switches: DEFAULT_SWITCHES,
            })),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The element type.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// Number of rows.
    pub fn nrows(&self) -> u64 {
        self.lock().store.nrows()
    }

    /// Number of columns.
    pub fn ncols(&self) -> u64 {
        self.lock().store.ncols()
    }

    /// The preferred orientation of this object's content.
    pub fn orientation(&self) -> Orientation {
        self.lock().orient
    }

    /// Sets the preferred orientation; the content is converted when next written.
    pub fn set_orientation(&self, orient: Orientation) {
        self.lock().orient = orient;
    }

    /// The formats this object's content may take (`GxB_SPARSITY_CONTROL`).
    pub fn sparsity_control(&self) -> Sparsity {
        self.lock().sparsity
    }

    /// Sets the sparsity control and converts the current content to it;
    /// every later content is converted when stored.
    pub fn set_sparsity_control(&self, control: Sparsity) -> Result<()> {
        let store = self.snapshot()?;
        let converted = control.conform(&store)?;
        let mut s = self.lock();
        s.sparsity = control;
        if let Some(c) = converted {
            if Arc::ptr_eq(&s.store, &store) {
                s.store = Arc::new(c);
            }
        }
        s.settle();
        Ok(())
    }

    /// `[hyper switch, bitmap switch]` (see [`DEFAULT_SWITCHES`]).
    pub fn format_switches(&self) -> [f64; 2] {
        self.lock().switches
    }

    /// Sets `[hyper switch, bitmap switch]`.
    pub fn set_format_switches(&self, switches: [f64; 2]) {
        self.lock().switches = switches;
    }

    /// The format the content is held in (`GxB_SPARSITY_STATUS`).
    pub fn sparsity_status(&self) -> Result<Sparsity> {
        Ok(Sparsity::of(&*self.snapshot()?))
    }

    /// True when the object has deferred work or pending updates.
    pub fn has_pending_work(&self) -> bool {
        let s = self.lock();
        s.deferred.is_some() || s.pending.is_some()
    }

    /// Finishes all deferred work and pending updates and returns the content.
    /// This is the one way every reader gets the current content.
    pub fn snapshot(&self) -> Result<Arc<MatrixStore>> {
        let deferred = self.lock().deferred.clone();
        if let Some(work) = deferred {
            // Computed outside the lock: the work may read other objects.
            let store = plan::materialize(work.node())?;
            let mut s = self.lock();
            if s.deferred
                .as_ref()
                .is_some_and(|d| Arc::ptr_eq(d.node(), work.node()))
            {
                s.store = store;
                s.deferred = None;
                s.settle();
            }
        }
        let mut s = self.lock();
        if let Some(p) = &s.pending {
            // On failure the updates stay pending, to be assembled by a later read.
            let store = p.assemble(&s.store)?;
            s.store = Arc::new(store);
            s.pending = None;
            s.settle();
        }
        Ok(s.store.clone())
    }

    /// What an operation reading this object records as its input: the node
    /// that computes the content when there is one (unless it is too deep,
    /// or keeps too much memory alive alone: see [`plan::held`]), the
    /// content otherwise (pending updates are assembled first).
    pub fn source(&self) -> Result<Source> {
        {
            let s = self.lock();
            if s.pending.is_none() {
                match &s.deferred {
                    None => return Ok(Source::Ready(s.store.clone())),
                    Some(n)
                        if n.node().depth < plan::MAX_DEPTH && !plan::held::too_much(n.node()) =>
                    {
                        return Ok(Source::Pending(n.node().clone()))
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(Source::Ready(self.snapshot()?))
    }

    /// [`Matrix::source`] for an operation that replaces this object's
    /// content and reads the old one: ready content comes as a computed node
    /// ([`Node::holding`]), so that once the operation's work is recorded
    /// here ([`Matrix::set_deferred`] lets go of the content) that work may
    /// hold the only handle and reuse its buffers.
    pub fn source_to_replace(&self) -> Result<Source> {
        Ok(match self.source()? {
            Source::Ready(store) => Source::Pending(Arc::new(Node::holding(store))),
            pending => pending,
        })
    }

    /// Replaces the content (the output side of every operation).
    pub fn set_store(&self, store: MatrixStore) {
        self.set_arc(Arc::new(store));
    }

    /// Replaces the content with shared content.
    pub fn set_arc(&self, store: Arc<MatrixStore>) {
        debug_assert!(store.ty() == self.ty);
        let mut s = self.lock();
        s.store = store;
        s.deferred = None;
        s.pending = None;
        s.settle();
    }

    /// Records deferred work that will produce the object's next content.
    /// Pending updates are dropped: the work replaces them (an operation
    /// that reads the old content assembled them when it took its source).
    /// The old content is let go: the work holds what it reads of it, and
    /// this object never shows it again (a failed computation is reported
    /// by every later read), so it is freed as soon as the work is done with
    /// it, and the work may write into it. Until then the object keeps its
    /// dimensions and the result's orientation (pending updates recorded
    /// meanwhile are in that orientation's coordinates).
    pub fn set_deferred(&self, work: Arc<Node>) {
        let mut s = self.lock();
        debug_assert!(work.out.nrows == s.store.nrows() && work.out.ncols == s.store.ncols());
        let o = &work.out;
        s.store = Arc::new(MatrixStore::empty(&self.ty, o.nrows, o.ncols, o.orient));
        s.pending = None;
        let owner: Weak<Mutex<State>> = Arc::downgrade(&self.state);
        work.add_owner(owner);
        plan::readers::record(&work);
        s.deferred = Some(Claim::new(work));
    }

    /// Number of stored entries.
    pub fn nvals(&self) -> Result<usize> {
        Ok(self.snapshot()?.nvals())
    }

    /// A new matrix with the same content (`GrB_Matrix_dup`): O(1), the
    /// content (or the pending work that computes it) is shared.
    pub fn dup(&self) -> Result<Matrix> {
        let m = match self.source()? {
            Source::Ready(store) => Matrix::from_arc(store),
            Source::Pending(work) => {
                let m = Matrix::from_arc(self.dims_store());
                m.set_deferred(work);
                m
            }
        };
        m.set_orientation(self.orientation());
        m.lock().sparsity = self.sparsity_control();
        m.set_format_switches(self.format_switches());
        Ok(m)
    }

    /// Removes the content, leaving the matrix empty (type and dimensions
    /// kept), and returns it (`GxB_*_unpack`): the content itself, without a
    /// copy, when nothing else shares it; pending work that reads it is
    /// computed first to that end. When it is still shared (a dup, or
    /// computed work that may be read again), a copy with buffers as large
    /// as the content's, since a caller may fill the arrays it unpacks up
    /// to the sizes it packed (LAGraph's FastSV6 reuses them as workspace).
    pub fn take_content(&self) -> Result<MatrixStore> {
        let store = self.snapshot()?;
        self.clear();
        let store = Arc::try_unwrap(store).or_else(|shared| {
            plan::readers::compute_readers(&shared);
            Arc::try_unwrap(shared)
        });
        Ok(store.unwrap_or_else(|shared| shared.copy_keeping_capacity()))
    }

    /// Removes every entry, keeping type and dimensions.
    pub fn clear(&self) {
        let mut s = self.lock();
        let empty = MatrixStore::empty(&self.ty, s.store.nrows(), s.store.ncols(), s.orient);
        s.store = Arc::new(empty);
        s.deferred = None;
        s.pending = None;
        s.settle();
    }

    /// Changes the dimensions; entries outside the new dimensions are dropped.
    pub fn resize(&self, nrows: u64, ncols: u64) -> Result<()> {
        check_dimension(nrows, "number of rows")?;
        check_dimension(ncols, "number of columns")?;
        let store = self.snapshot()?;
        let orient = store.orient();
        let c = store.compressed(orient);
        let (vlen, vdim) = orient.vector_dims(nrows, ncols);
        let mut kept = c.filter(|j, i, _| j < vdim && i < vlen);
        kept.vlen = vlen;
        if kept.vdim != vdim {
            kept = kept.into_hyper();
            kept.vdim = vdim;
        }
        self.set_store(MatrixStore::from_compressed(orient, kept.conform()).conform());
        Ok(())
    }

    fn check_index(&self, store: &MatrixStore, row: u64, col: u64) -> Result<()> {
        ensure!(
            row < store.nrows(),
            InvalidIndex,
            "row index {row} out of range; must be < {}",
            store.nrows()
        );
        ensure!(
            col < store.ncols(),
            InvalidIndex,
            "column index {col} out of range; must be < {}",
            store.ncols()
        );
        Ok(())
    }

    /// Dimensions without finishing deferred work (they never change while pending).
    fn dims_store(&self) -> Arc<MatrixStore> {
        self.lock().store.clone()
    }

    /// `A(row, col) = value`, typecasting the value to the matrix type.
    pub fn set_element(&self, row: u64, col: u64, value: &Value) -> Result<()> {
        let v = value.cast(&self.ty).ok_or_else(|| {
            Error::new(
                crate::Info::DomainMismatch,
                format!(
                    "cannot set a {:?} value in a {:?} matrix",
                    value.ty(),
                    self.ty
                ),
            )
        })?;
        self.set_element_bytes(row, col, v.bytes())
    }

    /// `A(row, col) = value` with the value given as bytes of the matrix type.
    pub fn set_element_bytes(&self, row: u64, col: u64, value: &[u8]) -> Result<()> {
        self.check_index(&self.dims_store(), row, col)?;
        let mut s = self.lock();
        let (j, i) = s.store.to_vector_coords(row, col);
        // A bitmap takes a new entry in place as well as an existing one.
        let in_place = matches!(s.store.format(), Format::Bitmap(_) | Format::Full(_))
            || s.store.get(row, col).is_some();
        if s.pending.is_none() && s.deferred.is_none() && in_place {
            // In place only when the content is not shared: a shared one would
            // be copied whole here, where running out of memory aborts; the
            // update then waits to be assembled (fallibly) at the next read.
            if let Some(store) = Arc::get_mut(&mut s.store) {
                if try_update_in_place(store, j, i, value) {
                    return Ok(());
                }
            }
        }
        let ty = self.ty.clone();
        s.pending
            .get_or_insert_with(|| Pending::new(&ty))
            .set(j, i, value);
        Ok(())
    }

    /// Removes `A(row, col)` if present.
    pub fn remove_element(&self, row: u64, col: u64) -> Result<()> {
        self.check_index(&self.dims_store(), row, col)?;
        let mut s = self.lock();
        if s.pending.is_none() && s.deferred.is_none() && s.store.get(row, col).is_none() {
            return Ok(());
        }
        let (j, i) = s.store.to_vector_coords(row, col);
        let ty = self.ty.clone();
        s.pending
            .get_or_insert_with(|| Pending::new(&ty))
            .remove(j, i);
        Ok(())
    }

    /// Removes the entries `find` names (as rows and columns) in the current
    /// content, as pending updates; false, changing nothing, when `find`
    /// gives `None`. Deferred work and pending values are settled first;
    /// pending removals stay pending (`find` sees the content without them:
    /// removing twice is removing once).
    pub fn remove_found(
        &self,
        find: impl FnOnce(&MatrixStore) -> Option<Vec<(u64, u64)>>,
    ) -> Result<bool> {
        let unsettled = |s: &State| {
            s.deferred.is_some() || s.pending.as_ref().is_some_and(|p| !p.only_removals())
        };
        if unsettled(&self.lock()) {
            self.snapshot()?;
        }
        let mut s = self.lock();
        if unsettled(&s) {
            // Changed by another thread meanwhile.
            return Ok(false);
        }
        let Some(found) = find(&s.store) else {
            return Ok(false);
        };
        if found.is_empty() {
            return Ok(true);
        }
        let store = s.store.clone();
        let pending = s.pending.get_or_insert_with(|| Pending::new(&self.ty));
        for (row, col) in found {
            let (j, i) = store.to_vector_coords(row, col);
            pending.remove(j, i);
        }
        Ok(true)
    }

    /// The value at `(row, col)`, or `None` when no entry is stored there.
    pub fn extract_element(&self, row: u64, col: u64) -> Result<Option<Value>> {
        self.check_index(&self.dims_store(), row, col)?;
        Ok(self.snapshot()?.get(row, col))
    }

    /// Builds the content from tuples (`GrB_Matrix_build`). The matrix must be
    /// empty; values are typecast to the matrix type; duplicates are combined
    /// with `dup` (in input order), or are an error when `dup` is `None`.
    pub fn build<'a>(
        &self,
        rows: &[u64],
        cols: &[u64],
        vals: impl Into<TupleValues<'a>>,
        dup: Option<&BinaryOp>,
    ) -> Result<()> {
        self.build_tuples(rows, Some(cols), vals.into(), dup)
    }

    /// [`Matrix::build`] of a matrix of one column (a GraphBLAS vector)
    /// from the tuples' rows.
    pub(crate) fn build_column(
        &self,
        rows: &[u64],
        vals: TupleValues,
        dup: Option<&BinaryOp>,
    ) -> Result<()> {
        self.build_tuples(rows, None, vals, dup)
    }

    /// [`Matrix::build`] with the columns all zero when `cols` is `None`.
    fn build_tuples(
        &self,
        rows: &[u64],
        cols: Option<&[u64]>,
        vals: TupleValues,
        dup: Option<&BinaryOp>,
    ) -> Result<()> {
        ensure!(
            rows.len() == vals.len() && cols.is_none_or(|cols| cols.len() == rows.len()),
            InvalidValue,
            "build needs as many row indices, column indices and values"
        );
        let current = self.snapshot()?;
        ensure!(
            current.nvals() == 0,
            OutputNotEmpty,
            "build requires an empty output; it holds {} entries",
            current.nvals()
        );
        ensure!(
            vals.ty().compatible(&self.ty),
            DomainMismatch,
            "values of type {:?} cannot be built into a {:?} matrix",
            vals.ty(),
            self.ty
        );
        let (nrows, ncols) = (current.nrows(), current.ncols());
        ensure!(
            cols.is_some() || ncols == 1,
            InvalidValue,
            "tuples without columns build a matrix of one column"
        );
        if let Some(k) = rows.iter().position(|&r| r >= nrows) {
            fail!(
                IndexOutOfBounds,
                "row index {} out of range; must be < {nrows}",
                rows[k]
            );
        }
        if let Some(&c) = cols.and_then(|cols| cols.iter().find(|&&c| c >= ncols)) {
            fail!(
                IndexOutOfBounds,
                "column index {c} out of range; must be < {ncols}"
            );
        }
        // Checked before the values are read: a bad operator is an API error.
        let combine = dup.map(|op| dup_combiner(op, &self.ty)).transpose()?;
        let vals = if vals.ty() == self.ty {
            vals
        } else {
            vals.cast(&self.ty).into()
        };
        let dup_mode = match &combine {
            Some(f) => Dup::Combine(f.as_ref()),
            None => Dup::Error,
        };
        let orient = self.orientation();
        let zeros;
        let c = match (orient, cols) {
            (Orientation::ByCol, None) => build_single_vector(nrows, rows, vals, dup_mode)?,
            (Orientation::ByRow, None) => {
                zeros = vec![0; rows.len()];
                build_compressed(ncols, nrows, rows, &zeros, vals, dup_mode)?
            }
            (Orientation::ByRow, Some(cols)) => {
                build_compressed(ncols, nrows, rows, cols, vals, dup_mode)?
            }
            (Orientation::ByCol, Some(cols)) => {
                build_compressed(nrows, ncols, cols, rows, vals, dup_mode)?
            }
        };
        let store = MatrixStore::from_compressed(orient, c).conform();
        // The values were just written: whether they are all the same (a
        // pattern of ones, which products read as a structure) is found
        // while they are at hand, not by the first product that asks.
        store.uniform_value();
        self.set_store(store);
        Ok(())
    }

    /// Builds the content from positions that all take `value`
    /// (`GxB_Matrix_build_Scalar`): a repeated position is one entry. The
    /// value is typecast to the matrix type.
    pub fn build_uniform(&self, rows: &[u64], cols: &[u64], value: &Value) -> Result<()> {
        ensure!(
            value.ty().compatible(&self.ty),
            DomainMismatch,
            "a {:?} value cannot be built into a {:?} matrix",
            value.ty(),
            self.ty
        );
        let value = value
            .cast(&self.ty)
            .expect("compatible types have a typecast");
        let vals = Array::filled(&value, rows.len())?;
        let keep_first = Arc::new(|z: &mut [u8], x: &[u8], _: &[u8]| z.copy_from_slice(x));
        let ty = self.ty.clone();
        let dup = BinaryOp::user("keep first", keep_first, ty.clone(), ty.clone(), ty);
        self.build(rows, cols, vals, Some(&dup))
    }

    /// Every entry as `(rows, cols, values)` (`GrB_Matrix_extractTuples`), in storage order.
    pub fn extract_tuples(&self) -> Result<(Vec<u64>, Vec<u64>, Array)> {
        self.extract_tuples_of(true, true)
    }

    /// [`Matrix::extract_tuples`] with only the coordinates asked for (the
    /// others empty).
    pub fn extract_tuples_of(&self, rows: bool, cols: bool) -> Result<(Vec<u64>, Vec<u64>, Array)> {
        let store = self.snapshot()?;
        let per_entry = 8 * (usize::from(rows) + usize::from(cols)) + self.ty.size();
        crate::error::check_room(store.nvals(), per_entry, "the tuples")?;
        Ok(store.tuples_of(rows, cols))
    }

    /// Finishes pending work (`GrB_wait`).
    pub fn wait(&self) -> Result<()> {
        self.snapshot().map(|_| ())
    }
}

/// A function `acc = f(acc, next)` on element bytes.
pub type Combiner = Box<dyn Fn(&mut [u8], &[u8]) + Sync + Send>;

/// The combining function `acc = dup(acc, next)` for values of type `ty`, with
/// typecasts. The spec requires the three domains of `dup` to be one
/// (`GrB_LT_INT32`, which returns `bool`, is a `GrB_DOMAIN_MISMATCH`).
pub fn dup_combiner(op: &BinaryOp, ty: &Type) -> Result<Combiner> {
    op.check_not_positional("build's dup")?;
    ensure!(
        op.xtype() == op.ytype() && op.ytype() == op.ztype(),
        DomainMismatch,
        "the dup operator {} must have one domain for x, y and z",
        op.name()
    );
    op.check_domains(ty, ty, ty)?;
    let f = op.byte_fn();
    let to_x = crate::algebra::element::byte_cast_fn(ty.code(), op.xtype().code());
    let to_y = crate::algebra::element::byte_cast_fn(ty.code(), op.ytype().code());
    let from_z = crate::algebra::element::byte_cast_fn(op.ztype().code(), ty.code());
    let (xs, ys, zs) = (op.xtype().size(), op.ytype().size(), op.ztype().size());
    Ok(Box::new(move |acc: &mut [u8], next: &[u8]| {
        let mut x = vec![0u8; xs];
        let mut y = vec![0u8; ys];
        let mut z = vec![0u8; zs];
        to_x(&mut x, acc);
        to_y(&mut y, next);
        f(&mut z, &x, &y);
        from_z(acc, &z);
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{BinaryCode, TypeCode};

    #[test]
    fn a_reader_computes_work_that_keeps_too_much_alive_alone() {
        use crate::plan::held::tests::LIMIT;
        use crate::plan::{Map, Op, Output};
        let m = Matrix::new(&Type::FP64, 2, 3).unwrap();
        for (limit, stays_pending) in [(None, true), (Some(0), false)] {
            let copy = Map {
                name: "copy".into(),
                // Two inputs: the larger is left out of the bound.
                inputs: vec![
                    Source::Ready(Arc::new(roomy_content())),
                    Source::Ready(Arc::new(roomy_content())),
                ],
                positionwise: false,
                position_free: false,
                intersection: false,
                run: crate::plan::new_content(|inputs, _| Ok(inputs[0].copy_keeping_capacity())),
            };
            let out = Output {
                ty: Type::FP64,
                orient: Orientation::ByRow,
                nrows: 2,
                ncols: 3,
                old: None,
                mask: None,
                accum: None,
                replace: false,
            };
            m.set_deferred(Arc::new(Node::new(Op::Map(copy), out)));
            LIMIT.set(limit);
            let source = m.source().unwrap();
            LIMIT.set(None);
            assert_eq!(matches!(source, Source::Pending(_)), stays_pending);
            assert_eq!(source.value().unwrap().nvals(), 3);
        }
    }

    /// A 2 x 3 content by row with room for 8 entries in each buffer.
    fn roomy_content() -> MatrixStore {
        let mut i = Vec::with_capacity(8);
        i.extend([0u64, 2, 1]);
        let mut x = Vec::with_capacity(8);
        x.extend([1.0f64, 2.0, 3.0]);
        let mut p = Vec::with_capacity(8);
        p.extend([0usize, 2, 3]);
        let c = crate::storage::Compressed {
            vlen: 3,
            vdim: 2,
            h: None,
            p,
            i: i.into(),
            x: Array::from_vec(x),
        };
        MatrixStore::keeping_widths(Orientation::ByRow, crate::storage::Format::Sparse(c))
    }

    fn capacities(store: &MatrixStore) -> (usize, usize, usize, *const u64) {
        match store.format() {
            crate::storage::Format::Sparse(c) => {
                let x = match &c.x {
                    Array::Fp64(v) => v.capacity(),
                    _ => unreachable!(),
                };
                (c.p.capacity(), c.i.capacity(), x, c.i.as_ptr())
            }
            _ => unreachable!(),
        }
    }

    #[test]
    fn taken_content_keeps_its_buffers_or_their_capacity() {
        let a = Matrix::from_store(roomy_content());
        let before = capacities(&a.snapshot().unwrap());
        let taken = a.take_content().unwrap();
        assert_eq!(
            capacities(&taken),
            before,
            "not shared: the buffers themselves"
        );
        assert_eq!(a.nvals().unwrap(), 0);

        // Shared with pending work: a copy, as roomy as the content.
        let a = Matrix::from_store(roomy_content());
        let reader = a.snapshot().unwrap();
        let taken = a.take_content().unwrap();
        let (p, i, x, ptr) = capacities(&taken);
        assert!(p >= 8 && i >= 8 && x >= 8);
        assert_ne!(ptr, capacities(&reader).3);
        assert_eq!(taken.format(), reader.format());
    }

    #[test]
    fn set_extract_remove() {
        let a = Matrix::new(&Type::FP64, 3, 4).unwrap();
        a.set_element(1, 2, &Value::new(2.5f64)).unwrap();
        a.set_element(0, 0, &Value::new(7i32)).unwrap();
        assert_eq!(a.nvals().unwrap(), 2);
        assert_eq!(
            a.extract_element(1, 2).unwrap().unwrap().get::<f64>(),
            Some(2.5)
        );
        a.set_element(1, 2, &Value::new(3.5f64)).unwrap();
        assert_eq!(
            a.extract_element(1, 2).unwrap().unwrap().get::<f64>(),
            Some(3.5)
        );
        a.remove_element(1, 2).unwrap();
        assert_eq!(a.extract_element(1, 2).unwrap(), None);
        assert_eq!(a.nvals().unwrap(), 1);
        assert_eq!(
            a.extract_element(3, 0).unwrap_err().info,
            crate::Info::InvalidIndex
        );
    }

    #[test]
    fn build_with_dup_and_errors() {
        let a = Matrix::new(&Type::INT32, 2, 2).unwrap();
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        a.build(
            &[0, 0, 1],
            &[1, 1, 0],
            Array::from_vec(vec![1i32, 2, 3]),
            Some(&plus),
        )
        .unwrap();
        assert_eq!(
            a.extract_element(0, 1).unwrap().unwrap().get::<i32>(),
            Some(3)
        );
        let again = a.build(&[0], &[0], Array::from_vec(vec![1i32]), None);
        assert_eq!(again.unwrap_err().info, crate::Info::OutputNotEmpty);
        let b = Matrix::new(&Type::INT32, 2, 2).unwrap();
        let dup = b.build(&[0, 0], &[0, 0], Array::from_vec(vec![1i32, 2]), None);
        assert_eq!(dup.unwrap_err().info, crate::Info::InvalidValue);
        let bad = b.build(&[2], &[0], Array::from_vec(vec![1i32]), None);
        assert_eq!(bad.unwrap_err().info, crate::Info::IndexOutOfBounds);
        // Every position takes the one value; repeats are one entry.
        let u = Matrix::new(&Type::FP64, 2, 2).unwrap();
        u.build_uniform(&[1, 0, 1], &[1, 0, 1], &Value::new(3i8))
            .unwrap();
        assert_eq!(u.nvals().unwrap(), 2);
        assert_eq!(
            u.extract_element(1, 1).unwrap().unwrap().get::<f64>(),
            Some(3.0)
        );
        // A dup operator must have one domain: LT_INT32 returns bool.
        let lt = BinaryOp::builtin(BinaryCode::Lt, TypeCode::Int32).unwrap();
        let mixed = b.build(&[0], &[0], Array::from_vec(vec![1i32]), Some(&lt));
        assert_eq!(mixed.unwrap_err().info, crate::Info::DomainMismatch);
        assert_eq!(b.nvals().unwrap(), 0);
    }

    #[test]
    fn resize_drops_entries_and_huge_dims_work() {
        let a = Matrix::new(&Type::INT8, 3, 3).unwrap();
        a.set_element(2, 2, &Value::new(1i8)).unwrap();
        a.set_element(0, 1, &Value::new(2i8)).unwrap();
        a.resize(2, 5).unwrap();
        assert_eq!((a.nrows(), a.ncols(), a.nvals().unwrap()), (2, 5, 1));
        let big = Matrix::new(&Type::INT8, INDEX_MAX + 1, INDEX_MAX + 1).unwrap();
        big.set_element(INDEX_MAX, 3, &Value::new(1i8)).unwrap();
        big.set_element(5, INDEX_MAX, &Value::new(2i8)).unwrap();
        assert_eq!(big.nvals().unwrap(), 2);
        assert_eq!(
            big.extract_element(INDEX_MAX, 3)
                .unwrap()
                .unwrap()
                .get::<i8>(),
            Some(1)
        );
        assert!(Matrix::new(&Type::INT8, INDEX_MAX + 2, 1).is_err());
    }

    #[test]
    fn dup_shares_and_copy_on_write_isolates() {
        let a = Matrix::new(&Type::INT64, 2, 2).unwrap();
        a.set_element(0, 0, &Value::new(1i64)).unwrap();
        let b = a.dup().unwrap();
        a.set_element(0, 0, &Value::new(5i64)).unwrap();
        assert_eq!(
            b.extract_element(0, 0).unwrap().unwrap().get::<i64>(),
            Some(1)
        );
        assert_eq!(
            a.extract_element(0, 0).unwrap().unwrap().get::<i64>(),
            Some(5)
        );
    }
}
