//! Tiled pipelines (element-wise chains): when a positionwise map reads
//! another pending map or product that nothing else reads — `abs(r - r_old)`,
//! `f(A + B) .* C`, `w = r ./ d` with `r += u'·A` pending — the whole chain
//! runs tile by tile: each tile of the result (a range of its vectors, or of
//! the indices of a vector) passes through every stage before the next tile,
//! so the intermediate results are tile-sized and stay in cache. Tiles run in
//! parallel and the result is assembled once.
//!
//! Only maps that never read positions take part (eWise, apply of unary and
//! bound operators, select by value, assign of a whole object or of a scalar
//! to every position): a tile's coordinates start at 0. A pending product
//! without a mask joins as blocks: the tile's rows of `op(A) ⊕.⊗ op(B)` are
//! those rows of `op(A)` times `op(B)` (row blocks of `mxv`; columns of
//! `op(B)` for column tiles and for `vxm`), when the operand cut holds those
//! rows as its vectors and the product's plan, chosen once for the whole,
//! computes it along the cut (every block runs that plan; an operand the
//! plan reads densely is made dense once). A masked product is formed whole
//! (see `kernel_of`).
//! A pending map inside the chain may have a mask and an accumulator, a
//! product an accumulator: the write-back `C<M, replace> = accum(C, T)` is
//! positionwise too, so it runs on the tiles of its old content and mask.
//! (The chain's last map writes back once, on the assembled result.) Each
//! stage runs its own kernel on a tile, so results are exactly those of the
//! untiled chain.
//!
//! A pending input joins only when the chain is its only reader: its result
//! is formed only tile by tile, so one that is also read elsewhere is
//! computed whole first (once). A chain whose inputs hold fewer than two
//! tiles' worth of entries is not tiled.

use super::execute::absorb_transpose;
use super::node::{Map, Node, Op, Output, Product, ProductForm, Source};
use crate::error::Result;
use crate::explain::{self, step};
use crate::kernels::mxm::{BlockPlan, Factors};
use crate::kernels::writeback::{cast_store, merge};
use crate::kernels::Mask;
use crate::storage::tile::{join, Along};
use crate::storage::{MatrixStore, Orientation};
use std::borrow::Cow;
use std::cell::Cell;
use std::ops::Range;
use std::sync::Arc;

/// Entries of the largest input in one tile.
pub const TILE_ENTRIES: usize = 1 << 16;

thread_local! {
    static TILE: Cell<usize> = const { Cell::new(TILE_ENTRIES) };
}

/// Runs `f` with tiles of `entries` entries on this thread (tests use small
/// tiles to exercise the pipeline on small inputs).
pub fn with_tile_entries<R>(entries: usize, f: impl FnOnce() -> R) -> R {
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            TILE.with(|t| t.set(self.0));
        }
    }
    let _restore = Restore(TILE.with(|t| t.replace(entries.max(1))));
    f()
}

/// A stage of a pipeline.
enum Stage<'a> {
    /// Content in the pipeline's orientation, read tile by tile.
    Input(Arc<MatrixStore>),
    /// A product's operand whose vectors are the tiled rows (or columns):
    /// each tile reads its range of vectors.
    Blocks(Arc<MatrixStore>),
    /// A product's operand that every tile reads whole.
    Whole(Arc<MatrixStore>),
    /// A pending map or product of stages, written through its node's output
    /// (`None` for the pipeline's root, whose node writes back once, on the
    /// assembled result).
    Map {
        kernel: Kernel<'a>,
        out: Option<&'a Output>,
        inputs: Vec<Stage<'a>>,
        write: Option<WriteBack<'a>>,
    },
}

/// What a map stage computes from its inputs' tiles.
enum Kernel<'a> {
    /// A recorded map.
    Map(&'a Map),
    /// Its single input as it is: `C<M>(:, :) = accum(C, A)` (assign of a
    /// whole object) or `GrB_transpose` with `GrB_INP0`.
    Copy,
    /// A block of a product of its two inputs (its operands after transpose
    /// absorption), read transposed as flagged, by the plan of the whole.
    Product {
        p: &'a Product,
        ta: bool,
        tb: bool,
        /// Set once the pipeline is tiled ([`Stage::plan_products`]).
        plan: Option<Box<BlockPlan>>,
    },
}

impl Kernel<'_> {
    fn name(&self) -> String {
        match self {
            Kernel::Map(m) => m.name.clone(),
            Kernel::Copy => "assign of the whole object".into(),
            Kernel::Product { p, .. } => {
                format!("blocks of {}({})", p.form.name(), p.semiring.name())
            }
        }
    }

    /// The kernel on one tile (a product in a pipeline has no mask).
    fn run(&self, inputs: Vec<Arc<MatrixStore>>, orient: Orientation) -> Result<Arc<MatrixStore>> {
        match *self {
            Kernel::Map(m) => (m.run)(inputs, orient),
            Kernel::Copy => Ok(inputs.into_iter().next().expect("a copy has one input")),
            Kernel::Product {
                p,
                ta,
                tb,
                ref plan,
            } => {
                let mut operands = inputs.into_iter();
                let (Some(a), Some(b)) = (operands.next(), operands.next()) else {
                    unreachable!("a product has two operands")
                };
                let factors = Factors {
                    semiring: &p.semiring,
                    a: (a, ta),
                    b: (b, tb),
                    form: p.form,
                };
                let plan = plan
                    .as_ref()
                    .expect("products are planned before tiles run");
                plan.run(factors, orient).map(Arc::new)
            }
        }
    }
}

/// The write-back `C<M, replace> = accum(C, T)` of a pending map in a
/// pipeline, over stages of its old content and of its mask.
struct WriteBack<'a> {
    /// `C`'s old content (`None` when the write-back does not read it).
    old: Option<Box<Stage<'a>>>,
    /// The mask's content.
    mask: Option<Box<Stage<'a>>>,
}

/// True when a map can take part in a pipeline.
fn tileable(m: &Map) -> bool {
    m.positionwise && m.position_free
}

/// The pending node behind a source when the pipeline is its only reader.
fn sole_pending(s: &Source) -> Option<&Arc<Node>> {
    s.uncomputed().filter(|n| Arc::strong_count(n) == 1)
}

/// True when a pending node may join a pipeline (products only when their
/// operands can be cut for free, which [`stage`] checks, and their multiply
/// does not read indices, which a tile renumbers).
fn may_join(n: &Node) -> bool {
    match &n.op {
        Op::Map(m) => tileable(m),
        Op::Transpose { transpose, .. } => !transpose,
        Op::Product(p) => !n.has_sibling_t() && p.semiring.mul().position().is_none(),
        Op::Reduce { .. } => false,
    }
}

/// How tiles cut a result of `nrows × ncols` held in `orient`: along its
/// vectors when it has several, else along the indices of its one vector;
/// and whether the tiles are ranges of rows (else of columns).
fn cutting(nrows: u64, ncols: u64, orient: Orientation) -> (Along, bool) {
    let (vdim, by_rows) = match orient {
        Orientation::ByRow => (nrows, true),
        Orientation::ByCol => (ncols, false),
    };
    let along = Along::for_vdim(vdim);
    (along, (along == Along::Vectors) == by_rows)
}

/// The result of map `m` computed tile by tile with the pending maps and
/// products it reads, in orientation `orient`; `None` when there is no chain
/// to tile or the inputs are too small.
pub fn pipeline(m: &Map, orient: Orientation) -> Result<Option<MatrixStore>> {
    let joins = |s: &Source| sole_pending(s).is_some_and(|n| may_join(n));
    if !tileable(m) || !m.inputs.iter().any(joins) {
        return Ok(None);
    }
    let inputs: Vec<Stage> = m
        .inputs
        .iter()
        .map(|s| stage(s, orient))
        .collect::<Result<_>>()?;
    if !inputs.iter().any(|s| matches!(s, Stage::Map { .. })) {
        return Ok(None);
    }
    let mut root = Stage::Map {
        kernel: Kernel::Map(m),
        out: None,
        inputs,
        write: None,
    };
    let Some((nrows, ncols)) = root.shape() else {
        return Ok(None);
    };
    let mut entries = 0;
    root.inputs(&mut |s: &MatrixStore| entries = entries.max(s.values().len()));
    let (along, rows) = cutting(nrows, ncols, orient);
    let extent = if rows { nrows } else { ncols };
    let tiles = entries
        .div_ceil(TILE.with(Cell::get))
        .min(usize::try_from(extent).unwrap_or(usize::MAX));
    if tiles < 2 || !root.plan_products(orient)? {
        return Ok(None);
    }
    let cut = |k: usize| (extent as u128 * k as u128 / tiles as u128) as u64;
    step(|| {
        format!(
            "rewrite tiled pipeline: {} run tile by tile ({tiles} tiles)",
            root.names()
        )
    });
    let parts = explain::timed(
        || format!("kernel pipeline ({tiles} tiles)"),
        || {
            crate::parallel::map(tiles, 1, |k| {
                let t = root.run(along, cut(k)..cut(k + 1), orient)?;
                Ok(Arc::try_unwrap(t).unwrap_or_else(|shared| (*shared).clone()))
            })
            .into_iter()
            .collect::<Result<Vec<_>>>()
        },
    )?;
    join(parts, along, orient).map(Some)
}

/// The stage of a source: a pending map or product that only the pipeline
/// reads joins it; anything else is an input, computed now.
fn stage<'a>(s: &'a Source, orient: Orientation) -> Result<Stage<'a>> {
    if let Some(n) = sole_pending(s).filter(|n| may_join(n)) {
        if let Some((kernel, inputs)) = kernel_of(n, orient)? {
            let out = &n.out;
            let boxed = |s: &'a Source| stage(s, orient).map(Box::new);
            let write = if out.is_plain() {
                None
            } else {
                Some(WriteBack {
                    old: out.old.as_ref().map(boxed).transpose()?,
                    mask: out.mask.as_ref().map(|m| boxed(&m.source)).transpose()?,
                })
            };
            return Ok(Stage::Map {
                kernel,
                out: Some(out),
                inputs,
                write,
            });
        }
    }
    let v = s.value()?;
    Ok(Stage::Input(if v.orient() == orient {
        v
    } else {
        let other = v.compressed(orient).into_owned();
        Arc::new(MatrixStore::from_compressed(orient, other))
    }))
}

/// The kernel and input stages of a pending node that joins a pipeline;
/// `None` for a product whose operand cannot be cut for free.
fn kernel_of<'a>(n: &'a Node, orient: Orientation) -> Result<Option<(Kernel<'a>, Vec<Stage<'a>>)>> {
    let stages = |inputs: &'a [Source]| -> Result<Vec<Stage<'a>>> {
        inputs.iter().map(|s| stage(s, orient)).collect()
    };
    match &n.op {
        Op::Map(m) => Ok(Some((Kernel::Map(m), stages(&m.inputs)?))),
        Op::Transpose { a, .. } => Ok(Some((Kernel::Copy, stages(std::slice::from_ref(a))?))),
        // A masked product computes only the mask's entries, so its result
        // is no larger than the mask: cutting the mask and an operand into
        // tiles (copies) and planning every tile cost more than forming it
        // whole (grid k-truss `C<C> = C*C'` then a select: 113 -> 82 M
        // instructions computed whole).
        Op::Product(_) if n.out.mask.is_some() => Ok(None),
        Op::Product(p) => product_blocks(p, n.out.nrows, n.out.ncols, orient),
        Op::Reduce { .. } => Ok(None),
    }
}

/// A product as blocks: tiles of rows cut `op(A)`'s rows (for `vxm`, whose
/// result's rows are `op(B)`'s columns, `op(B)`'s columns); tiles of columns
/// cut `op(B)`'s columns. Only when the operand cut holds those as its
/// vectors and the plan of the whole product computes along the cut; the
/// other operand is read whole by every tile.
fn product_blocks<'a>(
    p: &'a Product,
    nrows: u64,
    ncols: u64,
    orient: Orientation,
) -> Result<Option<(Kernel<'a>, Vec<Stage<'a>>)>> {
    let (_, rows) = cutting(nrows, ncols, orient);
    let cut_a = match (p.form, rows) {
        (ProductForm::Mxm | ProductForm::Mxv, true) => true,
        (ProductForm::Mxm, false) | (ProductForm::Vxm, true) => false,
        // A vector result cut by columns has a single column.
        (ProductForm::Mxv | ProductForm::Vxm, false) => return Ok(None),
    };
    let (a, ta) = absorb_transpose(&p.a, p.ta);
    let (b, tb) = absorb_transpose(&p.b, p.tb);
    let (a, b) = (a.value()?, b.value()?);
    // `op(A)`'s rows are `A`'s vectors when `A` is held by rows and read as
    // it is, or by columns and read transposed; `op(B)`'s columns likewise.
    let free = if cut_a {
        (a.orient() == Orientation::ByRow) != ta
    } else {
        (b.orient() == Orientation::ByCol) != tb
    };
    if !free {
        return Ok(None);
    }
    let inputs = if cut_a {
        vec![Stage::Blocks(a), Stage::Whole(b)]
    } else {
        vec![Stage::Whole(a), Stage::Blocks(b)]
    };
    let kernel = Kernel::Product {
        p,
        ta,
        tb,
        plan: None,
    };
    Ok(Some((kernel, inputs)))
}

impl Stage<'_> {
    /// Plans every product of the pipeline once, whole, and lays out the
    /// operand its blocks read whole as the plan reads it. False when a
    /// product's plan does not compute along the cut: the chain then runs
    /// untiled, each product by its own plan.
    fn plan_products(&mut self, orient: Orientation) -> Result<bool> {
        for s in self.children_mut() {
            if !s.plan_products(orient)? {
                return Ok(false);
            }
        }
        let Stage::Map {
            kernel: Kernel::Product { p, ta, tb, plan },
            inputs,
            ..
        } = self
        else {
            return Ok(true);
        };
        let [first, second] = &mut inputs[..] else {
            unreachable!("a product has two operands")
        };
        let (Stage::Blocks(a) | Stage::Whole(a), Stage::Blocks(b) | Stage::Whole(b)) =
            (&*first, &*second)
        else {
            unreachable!("a product's operands are stores")
        };
        let cut_a = matches!(first, Stage::Blocks(_));
        let factors = Factors {
            semiring: &p.semiring,
            a: (a.clone(), *ta),
            b: (b.clone(), *tb),
            form: p.form,
        };
        let Some(planned) = BlockPlan::new(factors, orient, cut_a) else {
            return Ok(false);
        };
        let whole = if cut_a { second } else { first };
        if let Stage::Whole(w) = whole {
            *w = planned.whole(w.clone())?;
        }
        *plan = Some(Box::new(planned));
        Ok(true)
    }

    /// The stages this one reads: its inputs, and its write-back's old
    /// content and mask.
    fn children_mut(&mut self) -> Vec<&mut Self> {
        let Stage::Map { inputs, write, .. } = self else {
            return Vec::new();
        };
        let mut children: Vec<&mut Self> = inputs.iter_mut().collect();
        if let Some(w) = write {
            children.extend(w.old.iter_mut().chain(&mut w.mask).map(|s| &mut **s));
        }
        children
    }

    /// Calls `f` on every input of the pipeline that is read tile by tile.
    fn inputs(&self, f: &mut impl FnMut(&MatrixStore)) {
        match self {
            Stage::Input(s) | Stage::Blocks(s) => f(s),
            Stage::Whole(_) => {}
            Stage::Map { inputs, write, .. } => {
                inputs.iter().for_each(|i| i.inputs(f));
                if let Some(w) = write {
                    w.old.iter().chain(&w.mask).for_each(|s| s.inputs(f));
                }
            }
        }
    }

    /// The dimensions of this stage's result (every stage of a pipeline has
    /// the result's; a product's operands have none).
    fn shape(&self) -> Option<(u64, u64)> {
        match self {
            Stage::Input(s) => Some((s.nrows(), s.ncols())),
            Stage::Blocks(_) | Stage::Whole(_) => None,
            Stage::Map { out: Some(o), .. } => Some((o.nrows, o.ncols)),
            Stage::Map { inputs, .. } => inputs.iter().find_map(Stage::shape),
        }
    }

    /// The maps of the pipeline, innermost first.
    fn names(&self) -> String {
        let Stage::Map {
            kernel,
            inputs,
            write,
            ..
        } = self
        else {
            return String::new();
        };
        let mut inner: Vec<String> = inputs.iter().map(Stage::names).collect();
        if let Some(w) = write {
            inner.extend(w.old.iter().chain(&w.mask).map(|s| s.names()));
        }
        inner.retain(|n| !n.is_empty());
        let name = match write {
            Some(_) => format!("{} with its write-back", kernel.name()),
            None => kernel.name(),
        };
        if inner.is_empty() {
            name
        } else {
            format!("{}, {name}", inner.join(", "))
        }
    }

    /// This stage's result on one tile.
    fn run(
        &self,
        along: Along,
        range: Range<u64>,
        orient: Orientation,
    ) -> Result<Arc<MatrixStore>> {
        let (kernel, out, inputs, write) = match self {
            Stage::Input(s) => return Ok(Arc::new(s.tile(along, range))),
            Stage::Blocks(s) => return Ok(Arc::new(s.tile(Along::Vectors, range))),
            Stage::Whole(s) => return Ok(s.clone()),
            Stage::Map {
                kernel,
                out,
                inputs,
                write,
            } => (kernel, out, inputs, write),
        };
        let tiles = inputs
            .iter()
            .map(|i| i.run(along, range.clone(), orient))
            .collect::<Result<Vec<_>>>()?;
        match (out, write) {
            (Some(out), Some(w)) => w.run(kernel, tiles, out, along, range, orient),
            (Some(out), None) => Ok(cast_store(kernel.run(tiles, orient)?, &out.ty, orient)),
            (None, _) => {
                let t = kernel.run(tiles, orient)?;
                let ty = t.ty();
                Ok(cast_store(t, &ty, orient))
            }
        }
    }
}

impl WriteBack<'_> {
    /// `kernel` on one tile of `inputs`, written back by
    /// `C<M, replace> = accum(C, T)` on the same tile.
    fn run(
        &self,
        kernel: &Kernel,
        inputs: Vec<Arc<MatrixStore>>,
        out: &Output,
        along: Along,
        range: Range<u64>,
        orient: Orientation,
    ) -> Result<Arc<MatrixStore>> {
        let mask = match (&self.mask, &out.mask) {
            (Some(s), Some(m)) => Some(Mask {
                store: s.run(along, range.clone(), orient)?,
                structural: m.structural,
                complement: m.complement,
            }),
            _ => None,
        };
        let t = kernel.run(inputs, orient)?;
        let old = match &self.old {
            Some(s) => s.run(along, range, orient)?,
            None => Arc::new(MatrixStore::empty(&out.ty, t.nrows(), t.ncols(), orient)),
        };
        merge(
            Cow::Borrowed(&old),
            &out.ty,
            orient,
            mask.as_ref(),
            out.accum.as_ref(),
            out.replace,
            &t,
        )
        .map(Arc::new)
    }
}
