//! The model of `GrB_assign` (spec 2.1, `ops_assign.tex`), position by position.
//!
//! The spec builds `T` (the assigned entries at their targets) and `Z`, both of
//! `C`'s size, then writes `Z` through the full-size mask:
//! * no accumulator: `Z = (C minus its entries in R) ∪ T`, `R = I × J`;
//! * accumulator: `Z = C ∪ T`, with `accum(C, T)` where both exist, in the
//!   accumulator's output domain;
//! * mask true: `C = Z`; mask false: `C` kept, or deleted with replace.
//!
//! Two choices where the spec is silent or where we follow SuiteSparse (see
//! the engine's `ops::assign` docs): a repeated target takes its value from the
//! last occurrence in the list (in each dimension), and entries of `C` outside
//! `R` keep their exact value (they are not cast through the accumulator's
//! domain).

use super::extract::{list_len, OIndices};
use super::SpecMask;
use super::{apply_binary, OMatrix};
use graphblas::raw::algebra::{BinaryOp, Value};
use std::collections::{BTreeMap, BTreeSet};

/// What is assigned in the model.
pub enum OSource<'a> {
    /// A matrix `Ã` (already transposed if the descriptor says so).
    Matrix(&'a OMatrix),
    /// A scalar, or an empty `GrB_Scalar`.
    Scalar(Option<Value>),
}

/// For each target of a list over a dimension of size `dim`, the position of
/// its last occurrence.
pub struct Last<'a> {
    list: OIndices<'a>,
    dim: u64,
    last: BTreeMap<u64, u64>,
}

impl<'a> Last<'a> {
    pub fn new(list: OIndices<'a>, dim: u64) -> Last<'a> {
        let mut last = BTreeMap::new();
        for (k, &v) in list.unwrap_or(&[]).iter().enumerate() {
            last.insert(v, k as u64);
        }
        Last { list, dim, last }
    }

    /// The position of the last occurrence of `t`; `None` when not a target.
    pub fn get(&self, t: u64) -> Option<u64> {
        match self.list {
            None => (t < self.dim).then_some(t),
            Some(_) => self.last.get(&t).copied(),
        }
    }
}

/// The index at position `k` of a list.
fn at(l: OIndices, k: u64) -> u64 {
    l.map_or(k, |l| l[k as usize])
}

/// The distinct targets of a list (`GrB_ALL` enumerates the dimension).
fn targets(l: OIndices, dim: u64) -> BTreeSet<u64> {
    match l {
        None => (0..dim).collect(),
        Some(l) => l.iter().copied().collect(),
    }
}

/// `C<M, replace>(I, J) = accum(C(I, J), src)`.
pub fn assign(
    c: &OMatrix,
    mask: &SpecMask,
    accum: Option<&BinaryOp>,
    src: &OSource,
    rows: OIndices,
    cols: OIndices,
    replace: bool,
) -> OMatrix {
    let (nrows, ncols) = (c.nrows, c.ncols);
    let (last_row, last_col) = (Last::new(rows, nrows), Last::new(cols, ncols));
    let in_region = |r: u64, col: u64| last_row.get(r).is_some() && last_col.get(col).is_some();
    // T(r, col): the source at the last occurrences of r and col.
    let t_at = |r: u64, col: u64| -> Option<Value> {
        let k = last_row.get(r)?;
        let l = last_col.get(col)?;
        match src {
            OSource::Matrix(a) => a.get(k, l).cloned(),
            OSource::Scalar(v) => v.clone(),
        }
    };
    let omask = mask.omask();
    let allows = |r: u64, col: u64| omask.as_ref().is_none_or(|m| m.allows(r, col));

    // Only positions of C or T can hold an output entry.
    let mut candidates: BTreeSet<(u64, u64)> = c.entries.keys().copied().collect();
    match src {
        OSource::Matrix(a) => {
            for &(k, l) in a.entries.keys() {
                candidates.insert((at(rows, k), at(cols, l)));
            }
        }
        OSource::Scalar(Some(_)) => match &omask {
            // T is the whole region, but only the mask's positions can take it.
            Some(m) if !m.complement => {
                for &(r, col) in m.m.entries.keys() {
                    if in_region(r, col) {
                        candidates.insert((r, col));
                    }
                }
            }
            // (An empty list makes an empty region, whatever the other one.)
            _ if list_len(rows, nrows) > 0 && list_len(cols, ncols) > 0 => {
                for r in targets(rows, nrows) {
                    for col in targets(cols, ncols) {
                        candidates.insert((r, col));
                    }
                }
            }
            _ => {}
        },
        OSource::Scalar(None) => {}
    }

    let mut out = OMatrix::new(&c.ty, nrows, ncols);
    for (r, col) in candidates {
        let cv = c.get(r, col);
        let z = if !in_region(r, col) {
            cv.cloned()
        } else {
            let tv = t_at(r, col);
            match accum {
                None => tv,
                Some(op) => match (cv, tv) {
                    (Some(x), Some(y)) => Some(apply_binary(op, x, &y)),
                    (Some(x), None) => x.cast(op.ztype()),
                    (None, Some(y)) => y.cast(op.ztype()),
                    (None, None) => None,
                },
            }
        };
        let v = if allows(r, col) {
            z
        } else if replace {
            None
        } else {
            cv.cloned()
        };
        if let Some(v) = v {
            out.set(r, col, v);
        }
    }
    out
}

/// `C<m, replace>(I, col) = accum(C(I, col), u)` (`GrB_Col_assign`): the spec
/// assigns to the column `c̃ = C(:, col)` as a vector and puts it back.
pub fn assign_col(
    c: &OMatrix,
    mask: &SpecMask,
    accum: Option<&BinaryOp>,
    u: &OMatrix,
    rows: OIndices,
    col: u64,
    replace: bool,
) -> OMatrix {
    let mut column = OMatrix::new(&c.ty, c.nrows, 1);
    for (&(r, k), v) in &c.entries {
        if k == col {
            column.entries.insert((r, 0), v.clone());
        }
    }
    let new = assign(
        &column,
        mask,
        accum,
        &OSource::Matrix(u),
        rows,
        None,
        replace,
    );
    let mut out = c.clone();
    out.entries.retain(|&(_, k), _| k != col);
    for (&(r, _), v) in &new.entries {
        out.entries.insert((r, col), v.clone());
    }
    out
}

/// `C<m, replace>(row, J) = accum(C(row, J), u')` (`GrB_Row_assign`): the column
/// variant on `C'`.
pub fn assign_row(
    c: &OMatrix,
    mask: &SpecMask,
    accum: Option<&BinaryOp>,
    u: &OMatrix,
    row: u64,
    cols: OIndices,
    replace: bool,
) -> OMatrix {
    assign_col(&c.transpose(), mask, accum, u, cols, row, replace).transpose()
}
