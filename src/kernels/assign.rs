//! The kernel of `GrB_assign`: `C`'s new content from its old content, the
//! assigned matrix or scalar placed at its targets, and the mask ([`Job`]),
//! by a merge over the vectors that can change ([`kernel`]); a scalar under
//! a mask that is not complemented is written on the mask's pattern
//! ([`pattern`]) or into a dense copy of `C` ([`dense`]). A few entries of
//! `C` to delete are found by search ([`region`]).

mod dense;
mod kernel;
mod pattern;
pub(crate) mod region;

use self::kernel::{MaskView, Plan, Scope, Source};
use crate::algebra::{BinaryOp, Type, Value};
use crate::error::Result;
use crate::kernels::extract::select;
use crate::kernels::indices::{KeptIndices, TargetList, Targets};
use crate::kernels::{Mask, Operand};
use crate::storage::store::with_content;
use crate::storage::{Array, Compressed, MatrixStore, Orientation};
use std::sync::Arc;

/// Where the mask and replace act.
#[derive(Clone, Copy, Debug)]
pub enum Line {
    /// The whole output.
    Whole,
    /// Row `r` only.
    Row(u64),
    /// Column `j` only.
    Col(u64),
}

/// What a recorded assignment assigns (its matrix is one of the map's inputs).
pub enum Assigned {
    /// The map's second input, read transposed when `transpose`.
    Matrix {
        /// Read it transposed.
        transpose: bool,
    },
    /// A value at every position (already cast to `C`'s type without an accumulator).
    Scalar(Value),
    /// Nothing, of this type.
    Empty(Type),
}

/// A recorded assignment: everything it needs besides its input stores
/// (`C`'s old content, the assigned matrix if any, the mask if any).
pub struct Job {
    /// `C`'s type.
    pub ctype: Type,
    /// `C`'s number of rows.
    pub nrows: u64,
    /// `C`'s number of columns.
    pub ncols: u64,
    /// Structural and complement flags of the mask (the map's last input).
    pub mask: Option<(bool, bool)>,
    /// The mask is a vector to place along `line`.
    pub embed_mask: bool,
    /// The accumulator.
    pub accum: Option<BinaryOp>,
    /// What is assigned.
    pub input: Assigned,
    /// The row indices.
    pub rows: KeptIndices,
    /// The column indices.
    pub cols: KeptIndices,
    /// Where the mask and replace act.
    pub line: Line,
    /// `GrB_REPLACE`.
    pub replace: bool,
}

impl Job {
    /// The assignment as explain shows it.
    pub fn name(&self) -> String {
        let what = match &self.input {
            Assigned::Matrix { .. } => "matrix",
            Assigned::Scalar(_) => "scalar",
            Assigned::Empty(_) => "empty scalar",
        };
        let line = match self.line {
            Line::Whole => String::new(),
            Line::Row(r) => format!(" in row {r}"),
            Line::Col(j) => format!(" in column {j}"),
        };
        format!(
            "assign({what} to rows {}, columns {}{line})",
            self.rows, self.cols
        )
    }

    /// `C`'s new content, in orientation `orient`.
    pub fn run(
        &self,
        mut stores: Vec<Arc<MatrixStore>>,
        orient: Orientation,
    ) -> Result<MatrixStore> {
        if let Some((mask, v)) = self.whole_scalar_under_mask(&stores) {
            let nothing_kept = self.replace || stores[0].nvals() == 0;
            if nothing_kept && !mask.complement {
                // C becomes the mask's pattern holding v.
                return pattern::scalar_on_pattern(&mask, v, orient);
            }
            if nothing_kept {
                // C becomes the positions outside the mask holding v.
                if let Some(c) = pattern::scalar_off_pattern(&mask, v, orient)? {
                    return Ok(c);
                }
            } else if dense::scalar_applies(&stores[0], &mask, orient) {
                // C's old content alone: written in place when no one else holds it.
                let old = stores.swap_remove(0);
                drop(stores);
                return with_content(old, |c| dense::scalar_under_mask(c, &mask, v, orient));
            }
        }
        let cc = stores[0].try_compressed(orient)?;
        let (vlen, vdim) = (cc.vlen, cc.vdim);
        let (rows, cols) = (self.rows.get(), self.cols.get());
        let (outer, inner) = match orient {
            Orientation::ByRow => (&rows, &cols),
            Orientation::ByCol => (&cols, &rows),
        };
        let outer = Targets::new(outer, vdim)?;
        let inner = Targets::new(inner, vlen)?;
        let source = match &self.input {
            Assigned::Matrix { transpose } => {
                let a = Operand::new(stores[1].clone(), *transpose);
                Source::Matrix(place(&a, orient, &outer, &inner, vlen, vdim)?)
            }
            Assigned::Scalar(v) => {
                let mut x = Array::new(v.ty());
                x.push_bytes(v.bytes());
                Source::Scalar(x)
            }
            Assigned::Empty(ty) => Source::Matrix(Compressed::empty(ty, vlen, vdim)),
        };
        let scope = match (self.line, orient) {
            (Line::Whole, _) => Scope::Whole,
            (Line::Row(r), Orientation::ByRow) | (Line::Col(r), Orientation::ByCol) => {
                Scope::Outer(r)
            }
            (Line::Row(r), Orientation::ByCol) | (Line::Col(r), Orientation::ByRow) => {
                Scope::Inner(r)
            }
        };
        let mask = self.mask.map(|(structural, complement)| {
            let m = Mask {
                store: stores[stores.len() - 1].clone(),
                structural,
                complement,
            };
            if self.embed_mask {
                embed_line(&m, self.line, self.nrows, self.ncols)
            } else {
                m
            }
        });
        let mask = match mask.as_ref() {
            Some(m) => Some(MaskView {
                m: m.store.try_compressed(orient)?,
                structural: m.structural,
                complement: m.complement,
            }),
            None => None,
        };
        let out = kernel::merge(&Plan {
            c: &cc,
            ctype: &self.ctype,
            outer: &outer.targets,
            inner: &inner.targets,
            scope,
            source: &source,
            mask,
            accum: self.accum.as_ref(),
            replace: self.replace,
        })?;
        Ok(MatrixStore::from_compressed(orient, out.conform()).conform())
    }
}

impl Job {
    /// The mask and value of `C<M>(:, :) = s` with a mask and no
    /// accumulator, which the fast paths of [`pattern`] and
    /// [`dense::scalar_under_mask`] may take; `None` for every other
    /// assignment.
    fn whole_scalar_under_mask(&self, stores: &[Arc<MatrixStore>]) -> Option<(Mask, &Value)> {
        let (Line::Whole, KeptIndices::All, KeptIndices::All, Assigned::Scalar(v), None) =
            (self.line, &self.rows, &self.cols, &self.input, &self.accum)
        else {
            return None;
        };
        let (structural, complement) = self.mask.filter(|_| !self.embed_mask)?;
        let mask = Mask {
            store: stores[stores.len() - 1].clone(),
            structural,
            complement,
        };
        Some((mask, v))
    }
}

/// `T`: `Ã`'s entries placed at their targets, as hypersparse vectors in
/// orientation `orient` with `C`'s dimensions `vlen × vdim`.
fn place(
    a: &Operand,
    orient: Orientation,
    outer: &Targets,
    inner: &Targets,
    vlen: u64,
    vdim: u64,
) -> Result<Compressed> {
    let data = a.try_vectors(orient)?;
    let mut t = if outer.sources_are_identity() && inner.sources_are_identity() {
        data.into_owned().into_hyper()
    } else {
        select(&data, &outer.source_list(), &inner.source_list())?
    };
    if let TargetList::List(l) = &outer.targets {
        for j in t.h.as_mut().expect("hypersparse") {
            *j = l[*j as usize];
        }
    }
    if let TargetList::List(l) = &inner.targets {
        crate::parallel::for_each_chunk_mut(&mut t.i, 1 << 14, |_, part| {
            part.iter_mut().for_each(|i| *i = l[*i as usize])
        });
    }
    t.vlen = vlen;
    t.vdim = vdim;
    Ok(t)
}

/// A vector mask placed along a row or column of an `nrows × ncols` matrix.
fn embed_line(m: &Mask, line: Line, nrows: u64, ncols: u64) -> Mask {
    let v = m.store.compressed(Orientation::ByCol);
    let (orient, vlen, vdim, at) = match line {
        Line::Row(r) => (Orientation::ByRow, ncols, nrows, r),
        Line::Col(j) => (Orientation::ByCol, nrows, ncols, j),
        Line::Whole => unreachable!("a row or a column"),
    };
    let nnz = v.nvals();
    let (h, p) = if nnz > 0 {
        (vec![at], vec![0, nnz])
    } else {
        (Vec::new(), vec![0])
    };
    let line = Compressed {
        vlen,
        vdim,
        h: Some(h),
        p,
        i: v.i.clone(),
        x: v.x.clone(),
    };
    Mask {
        store: Arc::new(MatrixStore::from_compressed(orient, line)),
        structural: m.structural,
        complement: m.complement,
    }
}
