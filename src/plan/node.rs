//! The recorded form of an operation: a [`Node`] computes an output's next
//! content from [`Source`]s (content that is ready, or other nodes), with the
//! write-back `C<M, replace> = accum(C, T)` described by its [`Output`].
//!
//! Nodes are immutable once recorded: they hold `Arc`s of their inputs as they
//! were when the operation was called, so later changes to the input objects
//! never change a pending result. A node's result is computed at most once.
//!
//! A computed result is kept only while someone may still read it: each node
//! counts its *claims* — the uncomputed nodes that read it (as an input, old
//! content or mask) and the objects whose deferred work it is ([`Claim`]). A
//! consumer gives up its claims once it is computed (or dropped); when the
//! last claim on a computed node goes, the node lets its result go, so a
//! long chain of pending operations (the iterations of an algorithm) holds a
//! few results at a time instead of all of them, and freed memory is reused.
//!
//! A node keeps its inputs for as long as it lives (a reader that computed
//! through it may need its result again after it was let go). An object
//! whose deferred work it is registers as its [`Owner`] and is told when the
//! node is computed, whoever read it: the object then holds the result and
//! lets go of the node, so the node's inputs are not kept alive by an object
//! that nobody reads again (LAGraph's FastSV keeps intermediate vectors whose
//! nodes held the matrix it then unpacks, which forced a copy).

use crate::algebra::{BinaryOp, Semiring, Type};
use crate::error::{Error, Info, Result};
pub use crate::kernels::mxm::ProductForm;
use crate::storage::{MatrixStore, Orientation};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// An input of a node: ready content, or the result of another node.
#[derive(Clone)]
pub enum Source {
    /// Content that is already computed.
    Ready(Arc<MatrixStore>),
    /// The (possibly not yet computed) result of a node.
    Pending(Arc<Node>),
}

impl Source {
    /// The node behind this source when its result is not computed yet.
    pub fn uncomputed(&self) -> Option<&Arc<Node>> {
        match self {
            Source::Pending(n) if !n.is_computed() => Some(n),
            _ => None,
        }
    }

    /// The element type of the content.
    pub fn ty(&self) -> Type {
        match self {
            Source::Ready(s) => s.ty(),
            Source::Pending(n) => n.out.ty.clone(),
        }
    }

    /// The content, computing it if needed.
    pub fn value(&self) -> Result<Arc<MatrixStore>> {
        match self {
            Source::Ready(s) => Ok(s.clone()),
            Source::Pending(n) => n.value(),
        }
    }

    /// The content for a consumer computing its own result: taken from the
    /// node behind this source when that consumer's claim is the last one
    /// (see [`Node::take_value`]), so that it may reuse the buffers; shared
    /// otherwise.
    pub fn take_value(&self) -> Result<Arc<MatrixStore>> {
        match self {
            Source::Ready(s) => Ok(s.clone()),
            Source::Pending(n) => n.take_value(),
        }
    }

    /// A claim on the node behind this source, if any: its result stays
    /// until the claim is dropped.
    pub fn claim(&self) -> Option<Claim> {
        match self {
            Source::Ready(_) => None,
            Source::Pending(n) => Some(Claim::new(n.clone())),
        }
    }

    /// How many nodes deep this source is (0 when ready).
    pub fn depth(&self) -> usize {
        match self {
            Source::Ready(_) => 0,
            Source::Pending(n) => n.depth,
        }
    }

    fn label(&self, names: &mut Names) -> String {
        match self {
            Source::Ready(s) => format!(
                "[{}x{} {:?}, {} entries]",
                s.nrows(),
                s.ncols(),
                s.ty(),
                s.nvals()
            ),
            Source::Pending(n) => match (n.is_computed(), n.computed_value()) {
                (true, Some(s)) => format!(
                    "[{}x{} computed, {} entries]",
                    s.nrows(),
                    s.ncols(),
                    s.nvals()
                ),
                (true, None) => "[computed, released]".into(),
                (false, _) => names.name(n),
            },
        }
    }
}

/// The mask of a node's write-back (already the effective mask: `GrB_COMP`
/// without a mask is recorded as an empty structural mask).
#[derive(Clone)]
pub struct MaskInput {
    /// The mask's content.
    pub source: Source,
    /// Only the pattern counts (`GrB_STRUCTURE`).
    pub structural: bool,
    /// The complement (`GrB_COMP`).
    pub complement: bool,
}

/// How a node's result `T` reaches its output: `C<M, replace> = accum(C, T)`.
#[derive(Clone)]
pub struct Output {
    /// The output's type.
    pub ty: Type,
    /// The output's preferred orientation.
    pub orient: Orientation,
    /// Output dimensions.
    pub nrows: u64,
    /// Output dimensions.
    pub ncols: u64,
    /// The output's old content, when the write-back reads it.
    pub old: Option<Source>,
    /// The mask.
    pub mask: Option<MaskInput>,
    /// The accumulator.
    pub accum: Option<BinaryOp>,
    /// `GrB_REPLACE`.
    pub replace: bool,
}

impl Output {
    /// True when the output is just `T` (cast to the output's type): no mask,
    /// no accumulator.
    pub fn is_plain(&self) -> bool {
        self.mask.is_none() && self.accum.is_none()
    }
}

/// A product over a semiring. For `Vxm`, `a` is the vector and `b` the matrix.
#[derive(Clone)]
pub struct Product {
    /// The semiring.
    pub semiring: Semiring,
    /// First operand.
    pub a: Source,
    /// Read `a` transposed.
    pub ta: bool,
    /// Second operand.
    pub b: Source,
    /// Read `b` transposed.
    pub tb: bool,
    /// Which product.
    pub form: ProductForm,
}

/// Computes `T` from the input stores, in (or near) the given orientation:
/// new content, or one of the inputs itself when `T` is that input as it
/// is (a select that keeps every entry).
pub type MapFn =
    dyn Fn(Vec<Arc<MatrixStore>>, Orientation) -> Result<Arc<MatrixStore>> + Send + Sync;

/// A [`MapFn`] from a computation that always makes new content.
pub fn new_content(
    run: impl Fn(Vec<Arc<MatrixStore>>, Orientation) -> Result<MatrixStore> + Send + Sync + 'static,
) -> Arc<MapFn> {
    Arc::new(move |inputs, orient| run(inputs, orient).map(Arc::new))
}

/// Any other operation, as a function of its input stores.
#[derive(Clone)]
pub struct Map {
    /// What it computes, for explain (e.g. `apply(AINV_FP64)`).
    pub name: String,
    /// Its inputs.
    pub inputs: Vec<Source>,
    /// `T(i,j)` depends only on the inputs' entries at `(i,j)` (no transposed
    /// input), so only the positions the output mask allows matter.
    pub positionwise: bool,
    /// `T(i,j)` depends on the inputs' values at `(i,j)` but not on `i` and
    /// `j` themselves (no operator reads indices), so the map may run on
    /// tiles of its inputs whose coordinates start elsewhere.
    pub position_free: bool,
    /// `T` exists only where every input has an entry (eWiseMult; apply and
    /// select of their one input).
    pub intersection: bool,
    /// The computation.
    pub run: Arc<MapFn>,
}

/// What a node computes.
#[derive(Clone)]
pub enum Op {
    /// `op(A) ⊕.⊗ op(B)`.
    Product(Product),
    /// `A'` (or `A` itself when `transpose` is false: `GrB_transpose` with `GrB_INP0`).
    Transpose {
        /// The input.
        a: Source,
        /// False when the descriptor transposes the input back.
        transpose: bool,
    },
    /// `T(i) = ⊕_j A(i, j)`: the rows of `A` (its columns when `by_cols`)
    /// each reduced with `op`, an `n × 1` result.
    Reduce {
        /// The input.
        a: Source,
        /// The reduction operator (associative and commutative).
        op: BinaryOp,
        /// Reduce the columns.
        by_cols: bool,
    },
    /// Another operation.
    Map(Map),
}

/// A recorded operation: computes `T` by `op`, writes it back by `out`.
pub struct Node {
    /// What computes `T`.
    pub op: Op,
    /// The write-back.
    pub out: Output,
    /// One more than the deepest pending input.
    pub depth: usize,
    /// Set once computed: the outcome (the value itself is in `value`).
    result: OnceLock<Result<()>>,
    /// The computed result, while claims on it remain.
    value: Mutex<Option<Arc<MatrixStore>>>,
    /// Uncomputed consumers and objects that may still read the result.
    claims: AtomicUsize,
    /// True once this node gave up its claims on its inputs.
    released_inputs: AtomicBool,
    /// True once a reader computed through this node without forming its
    /// result while others could still read it (see [`Node::may_bypass`]).
    bypassed: AtomicBool,
    /// `T` computed by a sibling product's traversal, and whether this
    /// node takes only its pattern (see [`super::siblings`]); taken when
    /// the node runs.
    sibling: Mutex<Option<(Arc<MatrixStore>, bool)>>,
    /// The objects whose next content this node computes.
    owners: Mutex<Vec<Weak<dyn Owner>>>,
    /// True once an owner took the result (see [`Claim::settle`]).
    settled: AtomicBool,
}

/// An object whose next content a node computes (see the module
/// documentation).
pub trait Owner: Send + Sync {
    /// `node`, this owner's deferred work when it registered, computed
    /// `value`. Must not block: the owner may be busy (then it takes the
    /// result when next read, as before).
    fn computed(&self, node: &Node, value: &Arc<MatrixStore>);
}

impl Node {
    /// A node for `op` writing through `out`.
    pub fn new(op: Op, out: Output) -> Node {
        let inputs = op.inputs();
        let deepest = inputs
            .iter()
            .copied()
            .chain(out.old.iter())
            .chain(out.mask.iter().map(|m| &m.source))
            .map(Source::depth)
            .max()
            .unwrap_or(0);
        let node = Node {
            op,
            out,
            depth: deepest + 1,
            result: OnceLock::new(),
            value: Mutex::new(None),
            claims: AtomicUsize::new(0),
            released_inputs: AtomicBool::new(false),
            bypassed: AtomicBool::new(false),
            sibling: Mutex::new(None),
            owners: Mutex::new(Vec::new()),
            settled: AtomicBool::new(false),
        };
        node.each_pending_input(|n| n.claim());
        node
    }

    /// Content that is ready, as a computed node: the one reader that claims
    /// it may take the content (see [`Node::take_value`]) and reuse its
    /// buffers, once no object holds it any more. Reading it again after
    /// that is an error (`GrB_PANIC`): it has nothing to compute from.
    pub fn holding(store: Arc<MatrixStore>) -> Node {
        let gone = |_: Vec<Arc<MatrixStore>>, _: Orientation| -> Result<MatrixStore> {
            Err(Error::new(
                Info::Panic,
                "ready content read after it was taken",
            ))
        };
        let map = Map {
            name: "ready content".into(),
            inputs: Vec::new(),
            positionwise: false,
            position_free: false,
            intersection: false,
            run: new_content(gone),
        };
        let out = Output {
            ty: store.ty(),
            orient: store.orient(),
            nrows: store.nrows(),
            ncols: store.ncols(),
            old: None,
            mask: None,
            accum: None,
            replace: false,
        };
        let node = Node::new(Op::Map(map), out);
        *node.lock_value() = Some(store);
        node.result.set(Ok(())).expect("a new node is not computed");
        node
    }

    /// Every source the node reads: its inputs, old content and mask.
    pub(crate) fn sources(&self) -> impl Iterator<Item = &Source> {
        let out = &self.out;
        self.op
            .inputs()
            .into_iter()
            .chain(out.old.iter())
            .chain(out.mask.iter().map(|m| &m.source))
    }

    /// Calls `f` on the node behind each pending input, old content and mask.
    fn each_pending_input(&self, mut f: impl FnMut(&Node)) {
        for s in self.sources() {
            if let Source::Pending(n) = s {
                f(n);
            }
        }
    }

    fn claim(&self) {
        self.claims.fetch_add(1, Ordering::AcqRel);
    }

    /// Whether a reader holding `own` claims on this uncomputed node (1 for
    /// a consumer node, 0 for a call that is not recorded) may compute
    /// through it without forming its result (mask push-down, epilogue,
    /// reduce of a product). Always when no one else can read the node;
    /// otherwise once: an object still holding it may be read again and
    /// again (PageRank's scaled degrees, read every iteration), and each
    /// bypass repeats the node's work, so the second reader forms the result
    /// instead and it is kept for the others. At most twice the work of
    /// forming it, never once per reader.
    pub fn may_bypass(&self, own: usize) -> bool {
        self.claims.load(Ordering::Acquire) <= own || !self.bypassed.load(Ordering::Acquire)
    }

    /// Records that a reader holding `own` claims computed through this
    /// node (see [`Node::may_bypass`]).
    pub fn note_bypass(&self, own: usize) {
        if self.claims.load(Ordering::Acquire) > own {
            self.bypassed.store(true, Ordering::Release);
        }
    }

    /// Gives up one claim; the last one on a computed node lets its result go
    /// (unless an owner took it: see [`Claim::settle`]).
    fn release_claim(&self) {
        if self.claims.fetch_sub(1, Ordering::AcqRel) == 1
            && self.is_computed()
            && !self.settled.load(Ordering::Acquire)
        {
            let released = self.lock_value().take();
            drop(released);
        }
    }

    /// Gives up this node's claims on its inputs (once).
    fn release_inputs(&self) {
        if !self.released_inputs.swap(true, Ordering::AcqRel) {
            self.each_pending_input(Node::release_claim);
        }
    }

    fn lock_value(&self) -> std::sync::MutexGuard<'_, Option<Arc<MatrixStore>>> {
        self.value.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The result, when it is computed, not an error, and still held.
    pub fn computed_value(&self) -> Option<Arc<MatrixStore>> {
        match self.result.get() {
            Some(Ok(())) => self.lock_value().clone(),
            _ => None,
        }
    }

    /// Takes `T` as a sibling product's traversal computed it, with `true`
    /// when only its pattern is this node's.
    pub fn take_sibling_t(&self) -> Option<(Arc<MatrixStore>, bool)> {
        self.sibling
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// True when a sibling product's traversal has computed `T` for this node.
    pub fn has_sibling_t(&self) -> bool {
        self.sibling
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// Hands this node the `T` a sibling's traversal computed (the first
    /// offer counts; none once the node is computed).
    pub fn offer_sibling_t(&self, t: Arc<MatrixStore>, pattern: bool) {
        let mut cell = self.sibling.lock().unwrap_or_else(|e| e.into_inner());
        if cell.is_none() && !self.is_computed() {
            *cell = Some((t, pattern));
        }
    }

    /// True once the result is computed (successfully or not).
    pub fn is_computed(&self) -> bool {
        self.result.get().is_some()
    }

    /// The result, computing it (with every pending input) the first time.
    /// A failure, a panic included (`GrB_PANIC`), is the result too: every
    /// later read reports the same error instead of computing again.
    ///
    /// Reading it is for claimants (see the module documentation): once the
    /// last claim is given up the result is gone. A rewrite that reads
    /// through an uncomputed node to that node's inputs may still come late —
    /// the node it bypassed was computed in between and let them go — and
    /// then the result is computed again for that reader alone (nodes never
    /// change, so it is the same result).
    pub fn value(&self) -> Result<Arc<MatrixStore>> {
        let mut fresh = None;
        let outcome = self.result.get_or_init(|| {
            let outcome = crate::error::catch_panic(|| super::execute::run(self)).map(|v| {
                *self.lock_value() = Some(v.clone());
                fresh = Some(v);
            });
            self.release_inputs();
            outcome
        });
        outcome.clone()?;
        if let Some(v) = &fresh {
            self.tell_owners(v);
        }
        if let Some(v) = fresh.or_else(|| self.lock_value().clone()) {
            return Ok(v);
        }
        crate::explain::step(|| "recompute: a released result was read again".into());
        crate::error::catch_panic(|| super::execute::run(self))
    }

    /// Registers an object whose next content this node computes.
    pub fn add_owner(&self, owner: Weak<dyn Owner>) {
        let mut owners = self.owners.lock().unwrap_or_else(|e| e.into_inner());
        owners.retain(|o| o.strong_count() > 0);
        owners.push(owner);
    }

    /// Tells the owners that the result is computed (once: they are
    /// forgotten, outside the lock, since one may let go of this node).
    fn tell_owners(&self, value: &Arc<MatrixStore>) {
        let owners = std::mem::take(&mut *self.owners.lock().unwrap_or_else(|e| e.into_inner()));
        for owner in owners.iter().filter_map(Weak::upgrade) {
            owner.computed(self, value);
        }
    }

    /// [`Node::value`] for the holder of the last claim on this node, while
    /// it computes its own result: the node lets its result go at once
    /// instead of when that claim is given up, so that the reader holds the
    /// only handle when no one else has one, and may change it in place.
    /// With other claims left, or once an owner took the result (it shares
    /// it anyway, see [`Claim::settle`]), the result stays.
    pub fn take_value(&self) -> Result<Arc<MatrixStore>> {
        let v = self.value()?;
        if self.claims.load(Ordering::Acquire) == 1 && !self.settled.load(Ordering::Acquire) {
            drop(self.lock_value().take());
        }
        Ok(v)
    }

    /// The plan rooted here, one line per node, for explain.
    pub fn describe(&self) -> String {
        let mut names = Names::default();
        let mut out = format!("  C = {}\n", self.line(&mut names));
        let mut k = 0;
        while k < names.named.len() {
            let node = names.named[k].clone();
            k += 1;
            let line = node.line(&mut names);
            let _ = writeln!(out, "  T{k} = {line}");
        }
        out
    }

    /// This node as one line: its write-back and operation.
    fn line(&self, names: &mut Names) -> String {
        let mut text = self.op.text(names);
        let o = &self.out;
        if let Some(m) = &o.mask {
            let kind = match (m.structural, m.complement) {
                (false, false) => "",
                (true, false) => "struct ",
                (false, true) => "!",
                (true, true) => "!struct ",
            };
            text = format!("<{kind}{}> {text}", m.source.label(names));
        }
        if let Some(acc) = &o.accum {
            let old = o.old.as_ref().map(|s| s.label(names)).unwrap_or_default();
            text = format!("{}({old}, {text})", acc.name());
        } else if let (Some(old), Some(_)) = (&o.old, &o.mask) {
            text = format!("{text} over {}", old.label(names));
        }
        if o.replace {
            text.push_str(" replace");
        }
        format!("{text} : {}x{} {:?}", o.nrows, o.ncols, o.ty)
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.release_inputs();
        if !self.is_computed() && crate::explain::enabled() {
            let mut names = Names::default();
            eprintln!(
                "[graphblas explain] never computed (overwritten, absorbed or freed): {}",
                self.line(&mut names)
            );
        }
    }
}

impl Op {
    /// Every input source of the operation.
    pub fn inputs(&self) -> Vec<&Source> {
        match self {
            Op::Product(p) => vec![&p.a, &p.b],
            Op::Transpose { a, .. } | Op::Reduce { a, .. } => vec![a],
            Op::Map(m) => m.inputs.iter().collect(),
        }
    }

    fn text(&self, names: &mut Names) -> String {
        let t = |s: &Source, tr: bool, names: &mut Names| {
            let l = s.label(names);
            if tr {
                format!("{l}'")
            } else {
                l
            }
        };
        match self {
            Op::Product(p) => {
                let (a, b) = (t(&p.a, p.ta, names), t(&p.b, p.tb, names));
                format!("{}({}, {a}, {b})", p.form.name(), p.semiring.name())
            }
            Op::Transpose { a, transpose } => {
                let a = a.label(names);
                if *transpose {
                    format!("transpose({a})")
                } else {
                    format!("copy({a})")
                }
            }
            Op::Reduce { a, op, by_cols } => {
                let along = if *by_cols { "columns" } else { "rows" };
                format!("reduce_{along}({}, {})", op.name(), a.label(names))
            }
            Op::Map(m) => {
                let args: Vec<String> = m.inputs.iter().map(|s| s.label(names)).collect();
                format!("{}({})", m.name, args.join(", "))
            }
        }
    }
}

/// An object's hold on the node computing its next content: the node keeps
/// its result while a claim on it exists (see the module documentation).
pub struct Claim(Arc<Node>);

impl Claim {
    /// Claims `node`'s result.
    pub fn new(node: Arc<Node>) -> Claim {
        node.claim();
        Claim(node)
    }

    /// The claimed node.
    pub fn node(&self) -> &Arc<Node> {
        &self.0
    }

    /// Gives up the claim of an owner that took the node's result: the
    /// node keeps the result while it lives (it costs nothing while the
    /// owner shares it), since a reader may have taken the owner's node as
    /// its source before the owner let go, and claims it only later (the
    /// last claim then finds the result gone).
    pub fn settle(self) {
        self.0.settled.store(true, Ordering::Release);
    }
}

impl Clone for Claim {
    fn clone(&self) -> Claim {
        Claim::new(self.0.clone())
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.0.release_claim();
    }
}

/// Names (`T1`, `T2`, …) for the pending nodes of a plan, in order of appearance.
#[derive(Default)]
struct Names {
    named: Vec<Arc<Node>>,
}

impl Names {
    fn name(&mut self, n: &Arc<Node>) -> String {
        let k = match self.named.iter().position(|m| Arc::ptr_eq(m, n)) {
            Some(k) => k,
            None => {
                self.named.push(n.clone());
                self.named.len() - 1
            }
        };
        format!("T{}", k + 1)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn store(n: u64) -> Arc<MatrixStore> {
        Arc::new(MatrixStore::empty(&Type::FP64, n, 1, Orientation::ByCol))
    }

    /// A plain node whose result is its one input, passed through.
    fn pass(input: Source) -> Arc<Node> {
        node(input, new_content(|inputs, _| Ok((*inputs[0]).clone())))
    }

    /// A plain node computing `run` of its one input.
    fn node(input: Source, run: Arc<MapFn>) -> Arc<Node> {
        map_node(vec![input], run, 3)
    }

    /// A positionwise map computing `run` of `inputs` into an `n × 1` `FP64` result.
    pub(crate) fn map_node(inputs: Vec<Source>, run: Arc<MapFn>, n: u64) -> Arc<Node> {
        let map = Map {
            name: "pass".into(),
            inputs,
            positionwise: true,
            position_free: true,
            intersection: true,
            run,
        };
        let out = Output {
            ty: Type::FP64,
            orient: Orientation::ByCol,
            nrows: n,
            ncols: 1,
            old: None,
            mask: None,
            accum: None,
            replace: false,
        };
        Arc::new(Node::new(Op::Map(map), out))
    }

    #[test]
    fn results_are_kept_while_claimed_and_released_after() {
        let first = pass(Source::Ready(store(3)));
        let held = Claim::new(first.clone());
        let second = pass(Source::Pending(first.clone()));
        let third = pass(Source::Pending(second.clone()));
        third.value().unwrap();
        // `second` had one claim, `third`'s, given up once `third` computed.
        assert!(second.is_computed() && second.computed_value().is_none());
        // `first` is still claimed by an object.
        assert!(first.computed_value().is_some());
        drop(held);
        assert!(first.computed_value().is_none());
        // A node dropped uncomputed gives up its claims too.
        let kept = pass(Source::Ready(store(3)));
        kept.value().unwrap();
        let claim = Claim::new(kept.clone());
        let unread = pass(Source::Pending(kept.clone()));
        drop(unread);
        assert!(kept.computed_value().is_some());
        drop(claim);
        assert!(kept.computed_value().is_none());
        // A late reader of a released result gets it computed again.
        let again = second.value().unwrap();
        assert_eq!(again.nrows(), 3);
        assert!(second.computed_value().is_none());
    }

    #[test]
    fn the_last_reader_holds_the_only_handle() {
        use std::sync::atomic::AtomicUsize;
        // How many handles the reader's input had.
        let seen = Arc::new(AtomicUsize::new(0));
        let reader = |input: Source| {
            let seen = seen.clone();
            node(
                input,
                new_content(move |inputs: Vec<Arc<MatrixStore>>, _| {
                    seen.store(Arc::strong_count(&inputs[0]), Ordering::Relaxed);
                    Ok((*inputs[0]).clone())
                }),
            )
        };
        let first = pass(Source::Ready(store(3)));
        reader(Source::Pending(first.clone())).value().unwrap();
        assert_eq!(seen.load(Ordering::Relaxed), 1);
        assert!(first.computed_value().is_none());
        // Another claim (an object whose content it is) keeps it shared.
        let second = pass(Source::Ready(store(3)));
        let held = Claim::new(second.clone());
        reader(Source::Pending(second.clone())).value().unwrap();
        assert_eq!(seen.load(Ordering::Relaxed), 2);
        assert!(second.computed_value().is_some());
        drop(held);
        // Ready content is shared with whoever handed it over.
        let ready = store(3);
        reader(Source::Ready(ready.clone())).value().unwrap();
        assert_eq!(seen.load(Ordering::Relaxed), 3);
    }
}
