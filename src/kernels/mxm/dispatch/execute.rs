//! The executor: runs a plan, preparing the operands it reads (values cast
//! to the multiply's types, `R`'s columns compressed or made dense) and
//! storing the kernel's result in the orientation asked for.

use super::super::dot::{Dot2, Dot3, Dot3Rows, PullInto, RCols};
use super::super::operand::{MaskOperand, MaskView, Operand, Row};
use super::super::output::{check_product_room, Product};
use super::super::positional;
use super::super::push::{self, PushDense, PushInto};
use super::super::saxpy::Saxpy;
use super::super::tiers::{self, Tier};
use super::super::values::{multiply_reads, Blocks, Take};
use super::cost::{choose, Costs};
use super::{Method, Plan, Problem};
use crate::algebra::{Semiring, Type};
use crate::error::{check_room, try_with_capacity, Result};
use crate::explain;
use crate::storage::column_blocks::ColumnBlocks;
use crate::storage::{Array, Compressed, Format, MatrixStore, Orientation};
use std::borrow::Cow;

/// The values of `a` as type `ty` (cast once when they differ and are
/// read). The typed kernels index every value they read, so an iso array
/// they read is expanded (one the multiply does not read stays as it is):
/// a stored one keeps its expansion for the next product (after a probe for
/// its room), where a copy would fill every value again on every call — a
/// push of a few rows of an unweighted graph under `MIN_PLUS` spent 10 ms
/// a call filling 7.6 M values.
fn values<'x>(a: &'x Array, ty: &Type, read: bool) -> Result<Cow<'x, Array>> {
    Ok(match (read, a.ty() == *ty) {
        (false, _) => Cow::Borrowed(a),
        (true, true) => {
            if !a.is_expanded() {
                check_room(a.len(), ty.size(), "an iso operand's values")?;
            }
            Cow::Borrowed(a)
        }
        (true, false) => Cow::Owned(a.cast(ty).expanded()?.into_owned()),
    })
}

/// The result of a kernel as a store in orientation `orient`. A result with
/// one entry per vector (a column computed by rows) is stored as one vector.
fn result_store(c: Compressed, orient: Orientation) -> Result<MatrixStore> {
    if c.vlen == 1 && c.vdim > 1 {
        let mut ids = try_with_capacity(c.nvals(), "the product's indices")?;
        ids.extend(c.entries().map(|(v, _, _)| v));
        let column = Compressed::vector(c.vdim, ids, c.x);
        return Ok(MatrixStore::from_compressed(orient.flip(), column).conform());
    }
    Ok(MatrixStore::from_compressed(orient, c).conform())
}

/// The orientation whose vectors are the rows a plan computes.
fn out_orient(plan: Plan) -> Orientation {
    if plan.by_cols {
        Orientation::ByCol
    } else {
        Orientation::ByRow
    }
}

/// The value types the multiply reads from a plan's left and right operands
/// (`flip`: the left operand is the multiply's second input), and whether it
/// reads them at all.
fn operand_types(s: &Semiring, flip: bool) -> ((&Type, bool), (&Type, bool)) {
    let (read_x, read_y) = if tiers::tier(s) == Tier::Generic {
        (true, true)
    } else {
        multiply_reads(s)
    };
    let (x, y) = (s.mul().xtype(), s.mul().ytype());
    if flip {
        ((y, read_y), (x, read_x))
    } else {
        ((x, read_x), (y, read_y))
    }
}

/// The plan's operands and mask: `(L, R, mask)`.
fn plan_sides<'p>(p: &'p Problem, plan: Plan) -> (Operand, Operand, Option<MaskOperand<'p>>) {
    if plan.by_cols {
        (p.b.t(), p.a.t(), p.mask.as_ref().map(|m| m.t()))
    } else {
        (p.a.clone(), p.b.clone(), p.mask.clone())
    }
}

/// Runs `job(L rows, R columns, L values, R values)` with the operands of a
/// dot-product plan prepared: `R`'s columns compressed, or `R` dense. The
/// plan computes `dots` dot products (those of a mask's entries), or every
/// row of `L` against every column of `R` when `None`.
fn with_dot_operands<T>(
    s: &Semiring,
    (l, r): (&Operand, &Operand),
    plan: Plan,
    dots: Option<usize>,
    job: impl FnOnce(&Compressed, RCols, &Array, &Array) -> T,
) -> Result<T> {
    let ((lty, read_l), (rty, read_r)) = operand_types(s, plan.by_cols);
    let lc = l.try_vectors(Orientation::ByRow)?;
    let lx = values(&lc.x, lty, read_l)?;
    // A dot product walks a row of `L`: the lookups into `R`'s columns.
    let lookups = match dots {
        Some(n) => (n as u64).saturating_mul(lc.nvals() as u64 / lc.nvec().max(1) as u64),
        None => (lc.nvals() as u64).saturating_mul(r.ncols()),
    };
    let dense = if plan.dense_r {
        r.dense_by_cols(lookups)?
    } else {
        None
    };
    let sparse;
    let (rcols, rvals): (RCols, &Array) = match &dense {
        Some(d) => (RCols::Dense(d), &d.values),
        None => {
            sparse = r.try_vectors(Orientation::ByCol)?;
            (RCols::Sparse(&sparse), &sparse.x)
        }
    };
    let rx = values(rvals, rty, read_r)?;
    Ok(job(&lc, rcols, &lx, &rx))
}

/// Asks for the column blocks of `l`'s rows, which a dot product reads
/// (stored that way or the kept transpose; see [`MatrixStore::column_blocks`]).
fn blocks_of(l: &Operand) -> impl Fn() -> Option<std::sync::Arc<ColumnBlocks>> + Sync + '_ {
    let rows = l.physical(Orientation::ByRow);
    move || l.store().column_blocks(rows)
}

/// `c = c ⊕ A * B` folded into the values of a full result `c` with the
/// semiring's monoid, unmasked: the new values. Two plans fold: a push (one
/// row of `L`, dense enough: see [`push::PushInto`]) and the pull of a dot
/// product against a full column ([`PullInto`]). `None`, without calling
/// `take` (which hands over `c`'s values), when the product is not computed
/// that way or its value tier does not fold into a full result.
pub fn fold_into(p: &Problem, take: Take<'_>) -> Result<Option<Array>> {
    if let Some(low) = positional::lowered(p)? {
        return fold_into(&low.problem(p), take);
    }
    if let Some(s) = p.simplified() {
        return fold_into(&p.with_semiring(&s), take);
    }
    if p.mask.is_some() || p.a.nvals() == 0 || p.b.nvals() == 0 || p.epilogue.is_some() {
        return Ok(None);
    }
    let (plan, rent) = choose(p);
    let (l, r, _) = plan_sides(p, plan);
    let (s, flip) = (p.semiring, plan.by_cols);
    let folded = match plan.method {
        Method::Saxpy if l.nrows() == 1 => push_into(s, (&l, &r), flip, take),
        Method::Dot2 if plan.dense_r && r.ncols() == 1 => {
            with_dot_operands(s, (&l, &r), plan, None, |lc, rcols, lx, rx| {
                let col = match rcols {
                    RCols::Dense(d) if d.col(0).is_full() => d.col(0),
                    _ => return None,
                };
                // One row of L per slot of the result.
                if lc.h.is_some() || lc.nvec() as u64 != lc.vdim {
                    return None;
                }
                let ask = blocks_of(&l);
                let blocks = Blocks::Ask(&ask);
                tiers::run(
                    s,
                    lx,
                    rx,
                    flip,
                    PullInto {
                        l: lc,
                        col,
                        blocks,
                        take,
                    },
                )
            })?
        }
        _ => None,
    };
    if folded.is_some() {
        rent.pay(p);
    }
    folded.transpose()
}

/// The push of [`fold_into`]: the single row `L` times `R`, folded into
/// `c`'s values; `None`, without calling `take`, when it is not pushed.
fn push_into(
    s: &Semiring,
    (l, r): (&Operand, &Operand),
    flip: bool,
    take: Take<'_>,
) -> Option<Result<Array>> {
    let ((lty, read_l), (rty, read_r)) = operand_types(s, flip);
    let rc = match r.try_vectors(Orientation::ByRow) {
        Ok(rc) => rc,
        Err(e) => return Some(Err(e)),
    };
    let lc;
    let (row, lx, rx) = {
        let (row, lx) = match dense_row(l) {
            Some((row, x)) => (row, values(x, lty, read_l)),
            None => {
                lc = match l.try_vectors(Orientation::ByRow) {
                    Ok(lc) => lc,
                    Err(e) => return Some(Err(e)),
                };
                (Row::Sparse(&lc), values(&lc.x, lty, read_l))
            }
        };
        match (lx, values(&rc.x, rty, read_r)) {
            (Ok(lx), Ok(rx)) => (row, lx, rx),
            (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
        }
    };
    let push = PushDense { l: row, r: &rc };
    let pieces = push.pieces()?;
    tiers::run(s, &lx, &rx, flip, PushInto { push, pieces, take })
}

/// `L` as a row read in place when it is one full or bitmap row: the row
/// and its values (position `j` for column `j`).
fn dense_row(l: &Operand) -> Option<(Row<'_>, &Array)> {
    match (l.full_row(), l.bitmap_row()) {
        (Some(f), _) => Some((Row::Full, &f.x)),
        (None, Some(b)) => Some((Row::Bitmap(&b.b), &b.x)),
        (None, None) => None,
    }
}

/// A saxpy plan's product: pushed into dense workspaces when `L` is one row
/// and the product dense enough (a full or bitmap row read in place; the
/// mask applied to the result), else Gustavson's saxpy over `L`'s
/// compressed rows under the mask.
fn saxpy(
    s: &Semiring,
    (l, r): (&Operand, &Operand),
    mask: Option<&MaskOperand<'_>>,
    flip: bool,
) -> Result<Product> {
    let ((lty, read_l), (rty, read_r)) = operand_types(s, flip);
    let rc = r.try_vectors(Orientation::ByRow)?;
    let rx = values(&rc.x, rty, read_r)?;
    let view = match mask {
        Some(m) => m.view(false)?,
        None => MaskView::None,
    };
    let push = |row: Row<'_>, lx: &Array| {
        let mut product = tiers::run(s, lx, &rx, flip, PushDense { l: row, r: &rc })?;
        if let Product::Column(pushed) = &mut product {
            push::keep_allowed(pushed, &view);
        }
        Some(product)
    };
    if let Some((row, x)) = dense_row(l) {
        let lx = values(x, lty, read_l)?;
        if let Some(product) = push(row, &lx) {
            return Ok(product);
        }
    }
    let lc = l.try_vectors(Orientation::ByRow)?;
    let lx = values(&lc.x, lty, read_l)?;
    if let Some(product) = push(Row::Sparse(&lc), &lx) {
        return Ok(product);
    }
    let job = Saxpy {
        l: &lc,
        r: &rc,
        mask: &view,
    };
    Ok(Product::Rows(tiers::run(s, &lx, &rx, flip, job)?))
}

/// Runs a plan (a positional multiply is rewritten first: the operands it
/// reads have the same structure, so the plan stays valid).
pub fn execute(p: &Problem, plan: Plan) -> Result<MatrixStore> {
    if let Some(low) = positional::lowered(p)? {
        return execute(&low.problem(p), plan);
    }
    let s = p.semiring;
    let (l, r, mask) = plan_sides(p, plan);
    let flip = plan.by_cols;
    // The vectors of the result are the rows the kernel computes, or (for a
    // single column computed by rows) one vector across them.
    let mut orient = out_orient(plan);
    let product = match plan.method {
        Method::Saxpy => saxpy(s, (&l, &r), mask.as_ref(), flip)?,
        Method::Dot3 => {
            let m = mask.expect("dot3 is planned with a mask");
            let rows = m.rows();
            // One entry at most per position of the mask.
            check_product_room(rows.nvals(), s.ztype().size())?;
            with_dot_operands(
                s,
                (&l, &r),
                plan,
                Some(rows.nvals()),
                |lc, rcols, lx, rx| {
                    let job = Dot3 {
                        l: lc,
                        r: rcols,
                        mask: &rows,
                    };
                    Product::Rows(tiers::run(s, lx, rx, flip, job))
                },
            )?
        }
        Method::Dot2 => {
            let view = match &mask {
                Some(m) => m.view(true)?,
                None => MaskView::None,
            };
            with_dot_operands(s, (&l, &r), plan, None, |lc, rcols, lx, rx| {
                // One entry at most per held row of L and column of R
                // (whose ids are listed), or per row for the one column.
                let cols = match &rcols {
                    RCols::Dense(_) => usize::try_from(r.ncols()).unwrap_or(usize::MAX),
                    RCols::Sparse(c) => c.nvec(),
                };
                let ask = blocks_of(&l);
                let job = Dot2 {
                    l: lc,
                    r: rcols,
                    ncols: r.ncols(),
                    mask: &view,
                    blocks: Blocks::Ask(&ask),
                };
                let bound = if job.column_form() {
                    orient = orient.flip();
                    lc.nvec()
                } else {
                    lc.nvec().saturating_mul(cols).saturating_add(cols)
                };
                check_product_room(bound, s.ztype().size())?;
                Ok(tiers::run(s, lx, rx, flip, job))
            })??
        }
    };
    let parts = match product {
        Product::Rows(parts) => parts,
        Product::Column(bitmap) => {
            let column = MatrixStore::new(orient, Format::Bitmap(bitmap)).conform();
            return match p.epilogue {
                Some(f) => f(column),
                None => Ok(column),
            };
        }
    };
    let c = parts.assemble(p.epilogue.map(|f| (f, orient)))?;
    if orient != out_orient(plan) {
        return Ok(MatrixStore::from_compressed(orient, c).conform());
    }
    result_store(c, orient)
}

/// The rows of `C<mask> = A * B` (its columns when `by_cols`) each folded
/// with the semiring's monoid, without forming `C`: one vector with an entry
/// for every row (column) of `C` that has one. Only for a mask that is not
/// complemented (the dot products of its entries), and only when folding
/// costs less than forming the product by its cheapest plan and reducing it;
/// `None` otherwise.
pub fn fold_product(p: &Problem, by_cols: bool) -> Result<Option<Compressed>> {
    if let Some(low) = positional::lowered(p)? {
        return fold_product(&low.problem(p), by_cols);
    }
    if let Some(s) = p.simplified() {
        return fold_product(&p.with_semiring(&s), by_cols);
    }
    let Some(mask) = p.mask.as_ref().filter(|m| !m.complement()) else {
        return Ok(None);
    };
    let len = if by_cols { p.b.ncols() } else { p.a.nrows() };
    if p.a.nvals() == 0 || p.b.nvals() == 0 || mask.nvals() == 0 {
        let ty = p.semiring.ztype();
        return Ok(Some(Compressed::empty(ty, len, 1)));
    }
    // Folding runs dot products along the reduced dimension. Forming the
    // product instead costs its cheapest plan, then a write-back and a
    // reduction pass over the result: the cheaper of the two is taken.
    // The products are only counted when a bound on them leaves forming
    // possibly cheaper.
    let costs = Costs::new(p);
    let fold_cost = |dense_r| costs.dot3(by_cols, dense_r).unwrap_or(f64::INFINITY);
    let dense_r = fold_cost(true) < fold_cost(false);
    let folded = fold_cost(dense_r);
    let floor = costs.forming_floor();
    if folded <= floor {
        explain::step(|| {
            format!("cost of folding {folded:.3e}; of forming and reducing at least {floor:.3e}")
        });
    } else {
        let ((formed, formed_cost), _) = costs.cheapest();
        let forming = formed_cost + 2.0 * costs.result_size();
        explain::step(|| {
            format!(
                "cost of folding {folded:.3e}; of forming ({formed}) and reducing {forming:.3e}"
            )
        });
        if folded > forming {
            return Ok(None);
        }
    }
    let plan = Plan {
        method: Method::Dot3,
        by_cols,
        dense_r,
    };
    let (l, r, mask) = plan_sides(p, plan);
    let m = mask.expect("a mask");
    let rows = m.rows();
    let s = p.semiring;
    let what = || format!("kernel {plan}, each folded, {}", s.name());
    explain::timed(what, || {
        with_dot_operands(
            s,
            (&l, &r),
            plan,
            Some(rows.nvals()),
            |lc, rcols, lx, rx| {
                let job = Dot3Rows(Dot3 {
                    l: lc,
                    r: rcols,
                    mask: &rows,
                });
                tiers::run(s, lx, rx, plan.by_cols, job)
            },
        )
    })
    .map(Some)
}

/// `C<mask> = A * B`, by the cheapest plan.
pub fn product(p: &Problem) -> Result<MatrixStore> {
    if let Some(s) = p.simplified() {
        return product(&p.with_semiring(&s));
    }
    if p.is_empty() {
        return empty_product(p);
    }
    let (plan, rent) = choose(p);
    rent.pay(p);
    execute(p, plan)
}

/// `C<mask> = A * B` by `plan`, chosen for a larger product whose operands
/// these are blocks of (over the semiring that product was simplified to).
pub fn product_by(p: &Problem, plan: Plan) -> Result<MatrixStore> {
    if p.is_empty() {
        return empty_product(p);
    }
    execute(p, plan)
}

/// The product of a problem with no entry to compute.
fn empty_product(p: &Problem) -> Result<MatrixStore> {
    let (m, n) = (p.a.nrows(), p.b.ncols());
    let empty = MatrixStore::empty(p.semiring.ztype(), m, n, p.out);
    match p.epilogue {
        Some(f) => f(empty),
        None => Ok(empty),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An iso operand the multiply reads is expanded once and keeps the
    /// expansion for the next product; one it does not read stays iso.
    #[test]
    fn a_read_iso_operand_is_expanded_once() {
        let a = Array::iso_of(Array::from_vec(vec![2.5f64]), 1000);
        let unread = values(&a, &Type::FP64, false).unwrap();
        assert!(matches!(unread, Cow::Borrowed(_)) && !a.is_expanded());
        let read = values(&a, &Type::FP64, true).unwrap();
        assert!(matches!(read, Cow::Borrowed(_)), "no copy of the values");
        assert_eq!(read.as_slice::<f64>().unwrap()[999], 2.5);
        assert!(a.is_expanded(), "the expansion stays with the array");
        let cast = values(&a, &Type::FP32, true).unwrap();
        assert_eq!(cast.as_slice::<f32>().unwrap()[0], 2.5);
    }
}
