//! Tiled pipelines (element-wise chains): when a positionwise map reads
//! another pending map whose result nothing else has formed — `abs(r - r_old)`,
//! `f(A + B) .* C` — the whole chain runs tile by tile: each tile of the
//! chain's inputs (a range of vectors of a matrix, or of indices of a vector)
//! passes through every map before the next tile, so the intermediate results
//! are tile-sized and stay in cache. Tiles run in parallel and the result is
//! assembled once.
//!
//! Only maps that never read positions take part (eWise, apply of unary and
//! bound operators, select by value, assign of a whole object): a tile's
//! coordinates start at 0. A pending map inside the chain may have a mask
//! and an accumulator: its write-back `C<M, replace> = accum(C, T)` is
//! positionwise too, so it runs on the tiles of its old content and mask.
//! (The chain's last map writes back once, on the assembled result.) Each
//! map and write-back runs its own kernel on a tile, so results are exactly
//! those of the untiled chain. A chain whose inputs hold fewer than two
//! tiles' worth of entries is not tiled.

use super::explain::{self, step};
use super::node::{Map, Op, Output, Source};
use crate::algebra::Type;
use crate::error::Result;
use crate::ops::writeback::{cast_store, merge};
use crate::ops::Mask;
use crate::storage::tile::{join, Along};
use crate::storage::{MatrixStore, Orientation};
use rayon::prelude::*;
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

/// A stage of a pipeline: an input's content (in the pipeline's
/// orientation), or a pending map of stages whose result is cast to `ty`
/// (or written back, when the map's node has a mask or an accumulator).
enum Stage<'a> {
    Input(Arc<MatrixStore>),
    Map {
        map: Kernel<'a>,
        ty: Option<Type>,
        inputs: Vec<Stage<'a>>,
        write: Option<WriteBack<'a>>,
    },
}

/// What a map stage computes from its inputs' tiles.
#[derive(Clone, Copy)]
enum Kernel<'a> {
    /// A recorded map.
    Map(&'a Map),
    /// Its single input as it is: `C<M>(:, :) = accum(C, A)` (assign of a
    /// whole object) or `GrB_transpose` with `GrB_INP0`.
    Copy,
}

impl Kernel<'_> {
    fn name(&self) -> &str {
        match self {
            Kernel::Map(m) => &m.name,
            Kernel::Copy => "assign of the whole object",
        }
    }

    fn run(&self, inputs: &[Arc<MatrixStore>], orient: Orientation) -> Result<MatrixStore> {
        match self {
            Kernel::Map(m) => (m.run)(inputs, orient),
            Kernel::Copy => Ok((*inputs[0]).clone()),
        }
    }
}

/// The write-back `C<M, replace> = accum(C, T)` of a pending map in a
/// pipeline, over stages of its old content and of its mask.
struct WriteBack<'a> {
    out: &'a Output,
    /// `C`'s old content (`None` when the write-back does not read it).
    old: Option<Box<Stage<'a>>>,
    /// The mask's content.
    mask: Option<Box<Stage<'a>>>,
}

/// True when a map can take part in a pipeline.
fn tileable(m: &Map) -> bool {
    m.positionwise && m.position_free
}

/// The pending map behind a source that can join a pipeline: its kernel,
/// inputs and node's output.
fn pending_map(s: &Source) -> Option<(Kernel<'_>, &[Source], &Output)> {
    let n = s.uncomputed()?;
    match &n.op {
        Op::Map(m) if tileable(m) => Some((Kernel::Map(m), &m.inputs, &n.out)),
        Op::Transpose {
            a,
            transpose: false,
        } => Some((Kernel::Copy, std::slice::from_ref(a), &n.out)),
        _ => None,
    }
}

/// The result of map `m` computed tile by tile with the pending maps it reads,
/// in orientation `orient`; `None` when there is no chain to tile or the
/// inputs are too small.
pub fn pipeline(m: &Map, orient: Orientation) -> Result<Option<MatrixStore>> {
    if !tileable(m) || !m.inputs.iter().any(|s| pending_map(s).is_some()) {
        return Ok(None);
    }
    let root = Stage::Map {
        map: Kernel::Map(m),
        ty: None,
        inputs: m
            .inputs
            .iter()
            .map(|s| stage(s, orient))
            .collect::<Result<_>>()?,
        write: None,
    };
    // The entries and shape of the largest input.
    let mut largest: Option<(usize, (u64, u64))> = None;
    root.inputs(&mut |s: &MatrixStore| {
        let n = s.values().len();
        if largest.is_none_or(|(l, _)| n > l) {
            largest = Some((n, s.vdims()));
        }
    });
    let Some((entries, (vlen, vdim))) = largest else {
        return Ok(None);
    };
    let tiles = entries.div_ceil(TILE.with(Cell::get));
    if tiles < 2 {
        return Ok(None);
    }
    let along = Along::for_vdim(vdim);
    let extent = if along == Along::Vectors { vdim } else { vlen };
    let tiles = tiles.min(extent as usize);
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
            (0..tiles)
                .into_par_iter()
                .map(|k| root.run(along, cut(k)..cut(k + 1), orient))
                .collect::<Result<Vec<_>>>()
        },
    )?;
    Ok(Some(join(parts, along, orient)))
}

/// The stage of a source: a pending map joins the pipeline; anything else is
/// an input, computed now.
fn stage<'a>(s: &'a Source, orient: Orientation) -> Result<Stage<'a>> {
    if let Some((map, inputs, out)) = pending_map(s) {
        let inputs = inputs
            .iter()
            .map(|s| stage(s, orient))
            .collect::<Result<_>>()?;
        let boxed = |s: &'a Source| stage(s, orient).map(Box::new);
        let write = if out.is_plain() {
            None
        } else {
            Some(WriteBack {
                out,
                old: out.old.as_ref().map(boxed).transpose()?,
                mask: out.mask.as_ref().map(|m| boxed(&m.source)).transpose()?,
            })
        };
        return Ok(Stage::Map {
            map,
            ty: Some(out.ty.clone()),
            inputs,
            write,
        });
    }
    let v = s.value()?;
    Ok(Stage::Input(if v.orient() == orient {
        v
    } else {
        let other = v.compressed(orient).into_owned();
        Arc::new(MatrixStore::from_compressed(orient, other))
    }))
}

impl Stage<'_> {
    /// Calls `f` on every input of the pipeline.
    fn inputs(&self, f: &mut impl FnMut(&MatrixStore)) {
        match self {
            Stage::Input(s) => f(s),
            Stage::Map { inputs, write, .. } => {
                inputs.iter().for_each(|i| i.inputs(f));
                if let Some(w) = write {
                    w.old.iter().chain(&w.mask).for_each(|s| s.inputs(f));
                }
            }
        }
    }

    /// The maps of the pipeline, innermost first.
    fn names(&self) -> String {
        match self {
            Stage::Input(_) => String::new(),
            Stage::Map {
                map, inputs, write, ..
            } => {
                let mut inner: Vec<String> = inputs.iter().map(Stage::names).collect();
                if let Some(w) = write {
                    inner.extend(w.old.iter().chain(&w.mask).map(|s| s.names()));
                }
                inner.retain(|n| !n.is_empty());
                let name = match write {
                    Some(_) => format!("{} with its write-back", map.name()),
                    None => map.name().to_string(),
                };
                if inner.is_empty() {
                    name
                } else {
                    format!("{}, {name}", inner.join(", "))
                }
            }
        }
    }

    /// This stage's result on one tile.
    fn run(&self, along: Along, range: Range<u64>, orient: Orientation) -> Result<MatrixStore> {
        match self {
            Stage::Input(s) => Ok(s.tile(along, range)),
            Stage::Map {
                map,
                ty,
                inputs,
                write,
            } => {
                let inputs = inputs
                    .iter()
                    .map(|i| i.run(along, range.clone(), orient).map(Arc::new))
                    .collect::<Result<Vec<_>>>()?;
                let out = map.run(&inputs, orient)?;
                if let Some(w) = write {
                    return w.run(along, range, orient, &out);
                }
                let out = match ty {
                    Some(ty) => cast_store(Arc::new(out), ty, orient),
                    None if out.orient() != orient => {
                        let ty = out.ty();
                        cast_store(Arc::new(out), &ty, orient)
                    }
                    None => return Ok(out),
                };
                Ok(Arc::try_unwrap(out).unwrap_or_else(|shared| (*shared).clone()))
            }
        }
    }
}

impl WriteBack<'_> {
    /// `C<M, replace> = accum(C, T)` on one tile, `t` being `T`'s tile.
    fn run(
        &self,
        along: Along,
        range: Range<u64>,
        orient: Orientation,
        t: &MatrixStore,
    ) -> Result<MatrixStore> {
        let out = self.out;
        let old = match &self.old {
            Some(s) => s.run(along, range.clone(), orient)?,
            None => MatrixStore::empty(&out.ty, t.nrows(), t.ncols(), orient),
        };
        let mask = match (&self.mask, &out.mask) {
            (Some(s), Some(m)) => Some(Mask {
                store: Arc::new(s.run(along, range, orient)?),
                structural: m.structural,
                complement: m.complement,
            }),
            _ => None,
        };
        merge(
            &old,
            &out.ty,
            orient,
            mask.as_ref(),
            out.accum.as_ref(),
            out.replace,
            t,
        )
    }
}
