//! The kernels of `GrB_eWiseAdd`, `GrB_eWiseMult` and `GxB_eWiseUnion`:
//! `T = A ⊕ B` over the union or the intersection of two stores' patterns,
//! planned by vectors ([`kernel`]) with the operator's values combined by
//! [`combine`]; both inputs are read in one orientation ([`operand`]).

mod combine;
mod iso;
mod kernel;
mod operand;

use crate::algebra::{BinaryOp, Position, Type, Value};
use crate::error::Result;
use crate::kernels::positional;
use crate::storage::{Format, MatrixStore, Orientation};
use kernel::{Mode, Plan};
use operand::Operand;

/// Which element-wise operation, with eWiseUnion's scalars.
#[derive(Clone, Copy, Debug)]
pub enum EwiseKind<'a> {
    /// `GrB_eWiseAdd`: union, single values cast to the output type.
    Add,
    /// `GrB_eWiseMult`: intersection.
    Mult,
    /// `GxB_eWiseUnion`: union, `alpha` for a missing `A(i,j)`, `beta` for a missing `B(i,j)`.
    Union {
        /// Stands in for a missing entry of `A`.
        alpha: &'a Value,
        /// Stands in for a missing entry of `B`.
        beta: &'a Value,
    },
}

/// `T = A ⊕ B` (per `kind`) with its vectors in orientation `orient`; `ta` and
/// `tb` say whether each input is transposed.
pub fn compute(
    op: &BinaryOp,
    kind: EwiseKind<'_>,
    a: &MatrixStore,
    ta: bool,
    b: &MatrixStore,
    tb: bool,
    orient: Orientation,
) -> Result<MatrixStore> {
    if let Some(pos) = op.position() {
        return compute_positional(op.ztype(), pos, kind, (a, ta), (b, tb), orient);
    }
    let oa = Operand::new(a, ta, orient);
    let ob = Operand::new(b, tb, orient);
    let (nrows, ncols) = dims(a, ta);
    let (vlen, vdim) = orient.vector_dims(nrows, ncols);
    let mode = match kind {
        EwiseKind::Mult => Mode::Intersection,
        _ => Mode::Union,
    };
    let plan = Plan::new(oa, ob, mode, vlen, vdim);
    let (xa, xb) = plan.values();
    let mut format = match iso::result_value(op, kind, xa, xb)? {
        Some(one) => combine::Kernel::run(&plan, &iso::Iso::new(one))?,
        None => combine::with_combiner(&plan, op, kind, xa, xb)??,
    };
    if let Format::Bitmap(b) = &mut format {
        // A bitmap's absent positions hold any value: it stores them all.
        b.x.expand();
    }
    Ok(MatrixStore::new(orient, format).conform())
}

/// [`compute`] with a positional operator of output type `z` (see
/// [`crate::kernels::positional`]): over the operands' positions, except that
/// eWiseAdd keeps the value of an entry present in one input only.
fn compute_positional(
    z: &Type,
    pos: Position,
    kind: EwiseKind<'_>,
    (a, ta): (&MatrixStore, bool),
    (b, tb): (&MatrixStore, bool),
    orient: Orientation,
) -> Result<MatrixStore> {
    let (pa, pb, pick) = positional::both_positions(pos, z, (a, ta), (b, tb))?;
    let positions = |kind| compute(&pick, kind, &pa, ta, &pb, tb, orient);
    match kind {
        EwiseKind::Mult => positions(EwiseKind::Mult),
        EwiseKind::Union { .. } => positions(EwiseKind::Add),
        EwiseKind::Add => {
            let values = compute(&positional::pick(false, z), kind, a, ta, b, tb, orient)?;
            let both = positions(EwiseKind::Mult)?;
            let over = positional::pick(true, z);
            compute(&over, kind, &values, false, &both, false, orient)
        }
    }
}

/// `(nrows, ncols)` of a store, transposed or not.
fn dims(s: &MatrixStore, transpose: bool) -> (u64, u64) {
    if transpose {
        (s.ncols(), s.nrows())
    } else {
        (s.nrows(), s.ncols())
    }
}

/// The orientation to compute in: the inputs' own when they agree (no
/// conversion of the inputs), the output's otherwise.
pub fn result_orientation(
    output: Orientation,
    a: &MatrixStore,
    ta: bool,
    b: &MatrixStore,
    tb: bool,
) -> Orientation {
    let native = |s: &MatrixStore, t: bool| if t { s.orient().flip() } else { s.orient() };
    let (na, nb) = (native(a, ta), native(b, tb));
    if na == nb {
        na
    } else {
        output
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{BinaryCode, TypeCode};
    use crate::storage::{Array, Compressed, Format, Indices};
    use std::collections::BTreeMap;

    /// An `n × n` store by rows holding `(i, j, i * n + j)` for every `j`
    /// with `(i * 7 + j * 3) % step == 0`, its indices in 64 bits (`wide`)
    /// or 32.
    fn store(n: u64, step: u64, wide: bool) -> MatrixStore {
        let (mut p, mut i, mut x) = (vec![0], Vec::new(), Vec::new());
        for r in 0..n {
            for j in (0..n).filter(|j| (r * 7 + j * 3) % step == 0) {
                i.push(j);
                x.push((r * n + j) as i64);
            }
            p.push(i.len());
        }
        let i = if wide {
            Indices::from(i)
        } else {
            Indices::narrow(i.into_iter().map(|j| j as u32).collect())
        };
        let c = Compressed {
            vlen: n,
            vdim: n,
            h: None,
            p,
            i,
            x: Array::from_vec(x),
        };
        MatrixStore::keeping_widths(Orientation::ByRow, Format::Sparse(c))
    }

    fn entries(s: &MatrixStore) -> BTreeMap<(u64, u64), i64> {
        let (r, c, x) = s.tuples();
        let x = x.as_slice::<i64>().unwrap().to_vec();
        r.into_iter().zip(c).zip(x).collect()
    }

    /// Merged in many chunks, inputs of either index width give the
    /// union and the intersection of their entries.
    #[test]
    fn merges_inputs_of_either_width() {
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int64).unwrap();
        for (wa, wb) in [(false, false), (false, true), (true, false), (true, true)] {
            let (a, b) = (store(600, 5, wa), store(600, 4, wb));
            let (ea, eb) = (entries(&a), entries(&b));
            for kind in [EwiseKind::Add, EwiseKind::Mult] {
                let t = compute(&plus, kind, &a, false, &b, false, Orientation::ByRow).unwrap();
                let mut want = BTreeMap::new();
                for (k, &v) in &ea {
                    match (eb.get(k), kind) {
                        (Some(w), _) => want.insert(*k, v + w),
                        (None, EwiseKind::Add) => want.insert(*k, v),
                        _ => None,
                    };
                }
                if matches!(kind, EwiseKind::Add) {
                    for (k, &w) in &eb {
                        want.entry(*k).or_insert(w);
                    }
                }
                assert!(want.len() > 10_000, "several chunks");
                assert_eq!(entries(&t), want, "widths {wa} {wb}, {kind:?}");
            }
        }
    }
}
