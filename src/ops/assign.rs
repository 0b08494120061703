//! `GrB_assign`: `C<M, replace>(I, J) = accum(C(I, J), A)` and its vector, row,
//! column and scalar variants (spec 2.1, `ops_assign.tex`).
//!
//! # Semantics
//!
//! The spec defines assign through full-size intermediates. `T` holds `Ã`'s
//! entries at their targets, `T(I[i], J[j]) = Ã(i, j)` (`Ã` is `A`, or `A'` with
//! `GrB_INP0 = GrB_TRAN`; for a scalar, the value at every position of the
//! region `R = I × J`). Then
//! * without an accumulator, `Z = (C minus its entries in R) ∪ T`;
//! * with one, `Z = C ∪ T` with `accum(C(i,j), T(i,j))` where both exist;
//!
//! and `Z` is written to `C` through the *full-size* mask with the standard
//! mask and replace rule: where the mask is true `C` takes `Z`; where it is
//! false `C` keeps its entry, or loses it with `GrB_REPLACE`. Consequences,
//! which this implementation follows exactly:
//! * Inside `R` it is the standard write-back of `T` (an entry of `C` in `R`
//!   with no assigned value is deleted where the mask is true, unless there is
//!   an accumulator).
//! * Outside `R`, `Z = C`, so entries are never changed — except that with a
//!   mask and `GrB_REPLACE`, entries of `C` where the mask is false are deleted
//!   *everywhere*, outside `R` too. Without a mask `GrB_REPLACE` does nothing.
//! * A missing mask with `GrB_COMP` is the complemented all-true mask: nothing is
//!   written, and with `GrB_REPLACE` every entry of `C` is deleted.
//!
//! Values: inside `R` they follow the write-back (cast to `C`'s type, or through
//! the accumulator's domains). Outside `R` entries keep their exact values: the
//! spec's literal `Z` would pass them through the accumulator's output domain,
//! which can only matter when that domain cannot hold `C`'s values; like
//! SuiteSparse, we never touch them.
//!
//! `GrB_Row_assign` and `GrB_Col_assign` take a vector mask over the one row or
//! column of `C`, and only that row or column can change: there the rules
//! above apply, including `GrB_REPLACE` deleting its entries where the mask is
//! false (the spec's `C(:, j) = c̃` write-back of the column variant).
//!
//! A `GrB_Scalar` with no value assigns nothing (spec 2.1, constant variants:
//! `T` is empty): without an accumulator the entries of `C` in `R` are deleted
//! where the mask is true; with one, `R` is unchanged. SuiteSparse does the
//! same (it assigns an empty `|I| × |J|` matrix). See [`assign_scalar_object`].
//!
//! # Index lists
//!
//! `GrB_ALL` ([`Indices::All`]) is every index of `C`'s dimension, in order.
//! Lists may be in any order. The spec leaves repeated indices undefined (for
//! all but the scalar variants); we follow SuiteSparse: a repeated target takes
//! its value from the *last* occurrence in the list, in each dimension, even
//! where `A` has no entry at that position. Equivalently, the lists are reduced
//! to their distinct targets, each with the position of its last occurrence,
//! before assigning. For a scalar this is the spec's rule (duplicates ignored).
//!
//! # Errors
//!
//! Checked before `C` changes, in the spec's order: a user-typed mask used by
//! value or incompatible types (`GrB_DOMAIN_MISMATCH`); for the row and column
//! variants a row or column index outside `C` (`GrB_INVALID_INDEX`); mask
//! dimensions, or `|I| × |J|` not matching `Ã` (`GrB_DIMENSION_MISMATCH`); an
//! index beyond `C`'s dimensions (`GrB_INDEX_OUT_OF_BOUNDS`).
//!
//! # Performance
//!
//! * `C(:, :) = A` (both `GrB_ALL`) is the standard write-back of `A` (shared
//!   without copying when nothing is merged); `C(:, :) = s` without mask or
//!   accumulator is a full store of the value.
//! * A few positions set to a scalar without mask or accumulator become pending
//!   `setElement` / `removeElement` updates (assembled at the next read), so
//!   assigning single elements in a loop does not rebuild `C` every time.
//!   Likewise assigning nothing (an empty matrix, vector or `GrB_Scalar`)
//!   without mask or accumulator, which deletes a row or column of a big `C`:
//!   `C`'s entries in the region are found by search and become pending
//!   removals when there are a few.
//! * `C(I, J) = A` with increasing lists places `A`'s entries without any
//!   search; other lists extract `A` at the last occurrences first
//!   ([`crate::kernels::extract`]'s kernel).
//! * Vectors of `C` that cannot change are copied wholesale, and so are runs
//!   of entries between the positions that can change; a scalar assigned
//!   under a non-complemented mask only visits the mask's entries:
//!   `v<q, struct> = level` costs `O(nnz(q) log)` plus a copy of `v`, whatever
//!   `size(v)`. Once `v` is dense enough (one entry per 16 positions) it is
//!   kept as a bitmap, and the value is written at the mask's positions of a
//!   copy of it: no merge at all. The kernels are [`crate::kernels::assign`].
//! * Work is split over rayon threads by vectors and, inside big vectors, by
//!   ranges of indices; the result does not depend on the thread count.

use super::record;
use super::record::check_output;
use crate::algebra::{BinaryOp, Type, Value};
use crate::error::{check_room, out_of_memory, Result};
use crate::kernels::assign::{region, Assigned, Job, Line};
use crate::kernels::indices::{Indices, Targets};
use crate::object::{Descriptor, Matrix, Scalar, Vector};
use crate::plan::{self, new_content, Map, Node, Op, Output};
use crate::storage::{Array, Format, Full, MatrixStore, Orientation};
use crate::{ensure, fail};
use std::sync::Arc;

/// At most this many positions are assigned a scalar through pending updates.
const PENDING_MAX: u64 = 256;

/// `C<M, replace>(I, J) = accum(C(I, J), Ã)` (`GrB_Matrix_assign`).
pub fn assign(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    a: &Matrix,
    rows: Indices,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let (nrows, ncols) = (c.nrows(), c.ncols());
    let mask = record::mask_input(mask, desc, nrows, ncols)?;
    check_output(c, nrows, ncols, accum, a.ty())?;
    let transpose = desc.transpose_first;
    let adims = if transpose {
        (a.ncols(), a.nrows())
    } else {
        (a.nrows(), a.ncols())
    };
    check_lengths((rows.len(nrows), cols.len(ncols)), adims)?;
    rows.check(nrows, "row")?;
    cols.check(ncols, "column")?;
    Request {
        c,
        mask,
        embed_mask: false,
        accum,
        input: Input::Matrix {
            a: record::source(a)?,
            transpose,
        },
        rows,
        cols,
        line: Line::Whole,
        replace: desc.replace,
    }
    .execute()
}

/// `C<M, replace>(I, J) = accum(C(I, J), value)` (`GrB_Matrix_assign_<TYPE>`).
pub fn assign_scalar(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    value: &Value,
    rows: Indices,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let constant = Constant {
        value: Some(value),
        ty: value.ty(),
    };
    assign_constant(c, mask, accum, constant, rows, cols, desc)
}

/// `C<M, replace>(I, J) = accum(C(I, J), s)` for a `GrB_Scalar`
/// (`GrB_Matrix_assign_Scalar`); an empty scalar assigns nothing, so without
/// an accumulator it deletes the entries of `C(I, J)` where the mask allows.
pub fn assign_scalar_object(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    s: &Scalar,
    rows: Indices,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let value = s.get();
    let constant = Constant {
        value: value.as_ref(),
        ty: s.ty(),
    };
    assign_constant(c, mask, accum, constant, rows, cols, desc)
}

/// `w<m, replace>(I) = accum(w(I), u)` (`GrB_Vector_assign`).
pub fn assign_vector(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    indices: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let desc = Descriptor {
        transpose_first: false,
        ..*desc
    };
    assign(
        w.as_matrix(),
        mask.map(Vector::as_matrix),
        accum,
        u.as_matrix(),
        indices,
        Indices::All,
        &desc,
    )
}

/// `w<m, replace>(I) = accum(w(I), value)` (`GrB_Vector_assign_<TYPE>`).
pub fn assign_vector_scalar(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    value: &Value,
    indices: Indices,
    desc: &Descriptor,
) -> Result<()> {
    assign_scalar(
        w.as_matrix(),
        mask.map(Vector::as_matrix),
        accum,
        value,
        indices,
        Indices::All,
        desc,
    )
}

/// `w<m, replace>(I) = accum(w(I), s)` for a `GrB_Scalar`
/// (`GrB_Vector_assign_Scalar`); see [`assign_scalar_object`].
pub fn assign_vector_scalar_object(
    w: &Vector,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    s: &Scalar,
    indices: Indices,
    desc: &Descriptor,
) -> Result<()> {
    assign_scalar_object(
        w.as_matrix(),
        mask.map(Vector::as_matrix),
        accum,
        s,
        indices,
        Indices::All,
        desc,
    )
}

/// `C<m, replace>(row, J) = accum(C(row, J), u')` (`GrB_Row_assign`): the mask
/// is a vector over the row, and only row `row` can change.
pub fn assign_row(
    c: &Matrix,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    row: u64,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    assign_line(c, mask, accum, u, Line::Row(row), cols, desc)
}

/// `C<m, replace>(I, col) = accum(C(I, col), u)` (`GrB_Col_assign`): the mask
/// is a vector over the column, and only column `col` can change.
pub fn assign_col(
    c: &Matrix,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    rows: Indices,
    col: u64,
    desc: &Descriptor,
) -> Result<()> {
    assign_line(c, mask, accum, u, Line::Col(col), rows, desc)
}

/// Checks that the index lists have `Ã`'s dimensions.
fn check_lengths(lists: (u64, u64), a: (u64, u64)) -> Result<()> {
    if lists != a {
        fail!(
            DimensionMismatch,
            "the index lists select {}x{} positions but the assigned matrix is {}x{}",
            lists.0,
            lists.1,
            a.0,
            a.1
        );
    }
    Ok(())
}

/// The scalar an assign writes: its value, or none (an empty `GrB_Scalar`),
/// and its type.
struct Constant<'a> {
    value: Option<&'a Value>,
    ty: &'a Type,
}

/// The scalar variants.
fn assign_constant(
    c: &Matrix,
    mask: Option<&Matrix>,
    accum: Option<&BinaryOp>,
    constant: Constant<'_>,
    rows: Indices,
    cols: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let Constant { value, ty } = constant;
    let (nrows, ncols) = (c.nrows(), c.ncols());
    let mask = record::mask_input(mask, desc, nrows, ncols)?;
    check_output(c, nrows, ncols, accum, ty)?;
    rows.check(nrows, "row")?;
    cols.check(ncols, "column")?;
    let input = match value {
        Some(v) => Input::Scalar(v.clone()),
        None => Input::Empty(ty.clone()),
    };
    Request {
        c,
        mask,
        embed_mask: false,
        accum,
        input,
        rows,
        cols,
        line: Line::Whole,
        replace: desc.replace,
    }
    .execute()
}

/// The row and column variants: `list` indexes along the line.
fn assign_line(
    c: &Matrix,
    mask: Option<&Vector>,
    accum: Option<&BinaryOp>,
    u: &Vector,
    line: Line,
    list: Indices,
    desc: &Descriptor,
) -> Result<()> {
    let (nrows, ncols) = (c.nrows(), c.ncols());
    let (at, bound, len, what) = match line {
        Line::Row(r) => (r, nrows, ncols, "row"),
        Line::Col(j) => (j, ncols, nrows, "column"),
        Line::Whole => unreachable!("a row or a column"),
    };
    // The vector mask, checked against the line; placed along it when run.
    let vmask = match mask {
        Some(m) => record::mask_input(Some(m.as_matrix()), desc, m.size(), 1)?,
        None => None,
    };
    check_output(c, nrows, ncols, accum, u.ty())?;
    ensure!(
        at < bound,
        InvalidIndex,
        "{what} index {at} out of range; must be < {bound}"
    );
    if let Some(m) = mask {
        ensure!(
            m.size() == len,
            DimensionMismatch,
            "the mask has size {} but the {what} has {len} entries",
            m.size()
        );
    }
    ensure!(
        list.len(len) == u.size(),
        DimensionMismatch,
        "the index list selects {} positions but the vector has size {}",
        list.len(len),
        u.size()
    );
    let (inner_what, at_list) = (if what == "row" { "column" } else { "row" }, [at]);
    list.check(len, inner_what)?;
    let (mask, embed_mask) = match vmask {
        Some(m) => (Some(m), true),
        None => (record::mask_input(None, desc, nrows, ncols)?, false),
    };
    // The row receives u' (1 x n), the column u (n x 1).
    let (rows, cols, transpose) = match line {
        Line::Row(_) => (Indices::List(&at_list), list, true),
        _ => (list, Indices::List(&at_list), false),
    };
    Request {
        c,
        mask,
        embed_mask,
        accum,
        input: Input::Matrix {
            a: record::source(u.as_matrix())?,
            transpose,
        },
        rows,
        cols,
        line,
        replace: desc.replace,
    }
    .execute()
}

/// What is assigned.
#[derive(Clone)]
enum Input {
    /// A matrix, read transposed when `transpose`.
    Matrix {
        /// Its content.
        a: plan::Source,
        /// Read it transposed.
        transpose: bool,
    },
    /// A value at every position.
    Scalar(Value),
    /// An empty `GrB_Scalar` of this type: nothing.
    Empty(Type),
}

/// A checked assignment.
struct Request<'a> {
    c: &'a Matrix,
    /// The mask with `C`'s dimensions (a missing one with `GrB_COMP`
    /// already resolved), or with `embed_mask` a vector mask over the line.
    mask: Option<plan::MaskInput>,
    /// The mask is a vector to place along `line`.
    embed_mask: bool,
    accum: Option<&'a BinaryOp>,
    input: Input,
    rows: Indices<'a>,
    cols: Indices<'a>,
    line: Line,
    replace: bool,
}

impl Request<'_> {
    /// Runs the cases that read nothing at once; records the others.
    fn execute(self) -> Result<()> {
        if self.assign_pending()? || self.remove_pending()? || self.fill()? {
            return Ok(());
        }
        let whole = matches!(
            (self.line, self.rows, self.cols),
            (Line::Whole, Indices::All, Indices::All)
        );
        if let (true, Input::Matrix { a, transpose }) = (whole, &self.input) {
            // C<M>(:, :) = accum(C, A) is the standard write-back of A.
            let c = self.c;
            let out = record::output(
                c,
                c.nrows(),
                c.ncols(),
                self.mask,
                self.accum,
                self.replace,
                &a.ty(),
            )?;
            let copy = Op::Transpose {
                a: a.clone(),
                transpose: *transpose,
            };
            return record::submit(c, Node::new(copy, out));
        }
        self.record()
    }

    /// Records the assignment as a map from `C`'s old content, the assigned
    /// matrix and the mask to `C`'s new content.
    fn record(self) -> Result<()> {
        self.check_scalar_room()?;
        // A scalar assigned to every position (`GrB_ALL` both ways) is
        // written at each position from `C`, the mask and the value there
        // alone, whatever the position: it may run on tiles (see `plan::tiles`).
        let everywhere = matches!(
            (self.line, self.rows, self.cols),
            (Line::Whole, Indices::All, Indices::All)
        );
        let c = self.c;
        let ctype = c.ty().clone();
        let mut inputs = vec![c.source_to_replace()?];
        let input = match self.input {
            Input::Matrix { a, transpose } => {
                inputs.push(a);
                Assigned::Matrix { transpose }
            }
            // Without an accumulator the value is only ever cast to C's type.
            Input::Scalar(v) => Assigned::Scalar(match self.accum {
                None => v.cast(&ctype).expect("types checked compatible"),
                Some(_) => v,
            }),
            Input::Empty(ty) => Assigned::Empty(ty),
        };
        let mask = self.mask.map(|m| {
            inputs.push(m.source);
            (m.structural, m.complement)
        });
        let job = Job {
            ctype: ctype.clone(),
            nrows: c.nrows(),
            ncols: c.ncols(),
            mask,
            embed_mask: self.embed_mask,
            accum: self.accum.cloned(),
            input,
            rows: self.rows.keep()?,
            cols: self.cols.keep()?,
            line: self.line,
            replace: self.replace,
        };
        let map = Map {
            name: job.name(),
            inputs,
            positionwise: everywhere,
            position_free: everywhere,
            intersection: false,
            run: new_content(move |stores: Vec<Arc<MatrixStore>>, orient: Orientation| {
                job.run(stores, orient)
            }),
        };
        let out = Output {
            ty: ctype,
            orient: c.orientation(),
            nrows: c.nrows(),
            ncols: c.ncols(),
            old: None,
            mask: None,
            accum: None,
            replace: false,
        };
        record::submit(c, Node::new(Op::Map(map), out))
    }

    /// `C(:, :) = value` without a mask or an accumulator: every position
    /// holds the value (a full store); false when not applicable.
    fn fill(&self) -> Result<bool> {
        let (Line::Whole, Indices::All, Indices::All, Input::Scalar(v), None, None) = (
            self.line,
            self.rows,
            self.cols,
            &self.input,
            &self.mask,
            self.accum,
        ) else {
            return Ok(false);
        };
        let orient = self.c.orientation();
        let ty = self.c.ty();
        let (nrows, ncols) = (self.c.nrows(), self.c.ncols());
        let (vlen, vdim) = orient.vector_dims(nrows, ncols);
        let store = match nrows.checked_mul(ncols) {
            Some(0) => MatrixStore::empty(ty, nrows, ncols, orient),
            Some(n) if n <= isize::MAX as u64 / 32 => {
                let v = v.cast(ty).expect("types checked compatible");
                let x = Array::filled(&v, n as usize)?;
                MatrixStore::new(orient, Format::Full(Full { vlen, vdim, x }))
            }
            _ => return Err(out_of_memory("a full matrix")),
        };
        self.c.set_store(store);
        Ok(true)
    }

    /// Assigns a scalar (or nothing) to a few positions without a mask or an
    /// accumulator as pending element updates; false when not applicable.
    fn assign_pending(&self) -> Result<bool> {
        let value = match &self.input {
            Input::Scalar(v) => Some(v),
            Input::Empty(_) => None,
            Input::Matrix { .. } => return Ok(false),
        };
        let (nr, nc) = (self.rows.len(self.c.nrows()), self.cols.len(self.c.ncols()));
        if self.mask.is_some()
            || self.accum.is_some()
            || !matches!(self.line, Line::Whole)
            || nr.saturating_mul(nc) > PENDING_MAX
        {
            return Ok(false);
        }
        if nr == 0 || nc == 0 {
            // Nothing is assigned, and without a mask nothing else changes.
            return Ok(true);
        }
        let value = value.map(|v| v.cast(self.c.ty()).expect("types checked compatible"));
        for r in 0..nr {
            let row = self.rows.get(r);
            for k in 0..nc {
                let col = self.cols.get(k);
                match &value {
                    Some(v) => self.c.set_element_bytes(row, col, v.bytes())?,
                    None => self.c.remove_element(row, col)?,
                }
            }
        }
        Ok(true)
    }
}

impl Request<'_> {
    /// Nothing assigned (an empty `GrB_Scalar`, or a matrix without entries)
    /// without a mask or an accumulator deletes `C`'s entries in the region:
    /// found by search ([`region::entries_within`], in `C`'s orientation or
    /// its kept transpose, whichever has fewer vectors to look at) and
    /// removed as pending updates, when there are at most [`PENDING_MAX`]
    /// (`C`'s deferred work is done first); false when not applicable.
    fn remove_pending(&self) -> Result<bool> {
        let nothing = match &self.input {
            Input::Empty(_) => true,
            Input::Matrix {
                a: plan::Source::Ready(a),
                ..
            } => a.nvals() == 0,
            _ => false,
        };
        if !nothing || self.mask.is_some() || self.accum.is_some() {
            return Ok(false);
        }
        let c = self.c;
        let rows = Targets::new(&self.rows, c.nrows())?.targets;
        let cols = Targets::new(&self.cols, c.ncols())?.targets;
        c.remove_found(|store| {
            let own = store.orient();
            [own, own.flip()]
                .into_iter()
                .filter_map(|o| Some((o, store.compressed_if_free(o)?)))
                .map(|(o, v)| match o {
                    Orientation::ByRow => (o, v, &rows, &cols),
                    Orientation::ByCol => (o, v, &cols, &rows),
                })
                .min_by_key(|(_, v, outer, _)| outer.len().min(v.nvec() as u64))
                .and_then(|(o, v, outer, inner)| {
                    let found = region::entries_within(&v, outer, inner, PENDING_MAX as usize)?;
                    Some(
                        found
                            .into_iter()
                            .map(|(j, i)| match o {
                                Orientation::ByRow => (j, i),
                                Orientation::ByCol => (i, j),
                            })
                            .collect(),
                    )
                })
        })
    }

    /// A scalar written without a mask or under a complemented one fills
    /// every position of the region the mask does not hold: when that cannot
    /// fit in memory, the call fails at once (`GrB_OUT_OF_MEMORY`, `C`
    /// unchanged) instead of leaving a result that fails when read. Only
    /// regions of at least 2^32 positions are checked, which reads the mask.
    fn check_scalar_room(&self) -> Result<()> {
        let Input::Scalar(_) = self.input else {
            return Ok(());
        };
        if self.mask.as_ref().is_some_and(|m| !m.complement) {
            return Ok(());
        }
        let distinct = |l: &Indices, dim: u64| match l {
            Indices::All => dim,
            Indices::List(l) => {
                let mut v = l.to_vec();
                v.sort_unstable();
                v.dedup();
                v.len() as u64
            }
        };
        let bound = |l: &Indices, dim: u64| l.len(dim).min(dim);
        let c = self.c;
        if bound(&self.rows, c.nrows()).saturating_mul(bound(&self.cols, c.ncols())) < 1 << 32 {
            return Ok(());
        }
        let region =
            distinct(&self.rows, c.nrows()).saturating_mul(distinct(&self.cols, c.ncols()));
        let masked = match &self.mask {
            Some(m) => m.source.value()?.nvals() as u64,
            None => 0,
        };
        let count = usize::try_from(region.saturating_sub(masked)).unwrap_or(usize::MAX);
        check_room(count, 8 + c.ty().size(), "the assigned entries")
    }
}
