//! The kernel of `GrB_kronecker`: `T = kron(A, B)` where
//! `T(iA·mB + iB, jA·nB + jB) = A(iA, jA) ⊗ B(iB, jB)`.
//!
//! The product is built in `C`'s orientation: output vector `jA·vdim(B) + jB`
//! holds, for each entry of vector `jA` of `A` in order, the entries of vector
//! `jB` of `B`, so its inner indices come out sorted. The work is split by the
//! vectors of `A`, each writing its own slice of the output.

use crate::algebra::arith::Arith;
use crate::algebra::binary::{arith_fn, compare_fn};
use crate::algebra::BinaryOp;
use crate::error::{out_of_memory, try_vec, try_with_capacity, Result};
use crate::kernels::eval::BinaryEval;
use crate::kernels::positional;
use crate::storage::{Array, ArrayElement, Compressed, MatrixStore, Orientation, Values};
use crate::with_type;

/// `kron(op(A), op(B))` with `⊗ = op`, its vectors in orientation `orient`;
/// `ta` and `tb` say whether each input is transposed. A positional
/// operator reads the inputs' positions (see [`positional`]).
pub fn kronecker(
    op: &BinaryOp,
    (a, ta): (&MatrixStore, bool),
    (b, tb): (&MatrixStore, bool),
    orient: Orientation,
) -> Result<MatrixStore> {
    let way = |t: bool| if t { orient.flip() } else { orient };
    let lowered = match op.position() {
        Some(pos) => Some(positional::both_positions(
            pos,
            op.ztype(),
            (a, ta),
            (b, tb),
        )?),
        None => None,
    };
    let (a, b, op) = match &lowered {
        Some((pa, pb, pick)) => (pa, pb, pick),
        None => (a, b, op),
    };
    let (ca, cb) = (a.try_compressed(way(ta))?, b.try_compressed(way(tb))?);
    let t = kron_compressed(&ca, &cb, op)?;
    Ok(MatrixStore::from_compressed(orient, t.conform()).conform())
}

/// The Kronecker product of two compressed matrices in the same orientation.
fn kron_compressed(a: &Compressed, b: &Compressed, op: &BinaryOp) -> Result<Compressed> {
    let avecs: Vec<usize> = (0..a.nvec()).filter(|&k| !a.range(k).is_empty()).collect();
    let bvecs: Vec<usize> = (0..b.nvec()).filter(|&k| !b.range(k).is_empty()).collect();
    let nnz_b = b.nvals();
    let nnz = a
        .nvals()
        .checked_mul(nnz_b)
        .ok_or_else(|| out_of_memory("Kronecker product entries"))?;
    let nvec = avecs
        .len()
        .checked_mul(bvecs.len())
        .ok_or_else(|| out_of_memory("Kronecker product vectors"))?;

    // Vector ids and pointers, in order of (vector of A, vector of B).
    let mut h = try_with_capacity(nvec, "Kronecker product vectors")?;
    let mut p = try_with_capacity(nvec + 1, "Kronecker product vectors")?;
    p.push(0usize);
    for &ka in &avecs {
        let la = a.range(ka).len();
        for &kb in &bvecs {
            h.push(a.vector_id(ka) * b.vdim + b.vector_id(kb));
            p.push(p.last().unwrap() + la * b.range(kb).len());
        }
    }

    let layout = Layout {
        a,
        b,
        avecs: &avecs,
        bvecs: &bvecs,
    };
    let mut i = try_vec(nnz, 0u64, "Kronecker product indices")?;
    layout.fill(&mut i, 1, |ka, out| {
        let mut n = 0;
        layout.for_each_pair(ka, |qa, qb| {
            out[n] = a.i.get(qa) * b.vlen + b.i.get(qb);
            n += 1;
        });
    });
    let x = kron_values(&layout, op, nnz)?;
    Ok(Compressed {
        vlen: a.vlen * b.vlen,
        vdim: a.vdim * b.vdim,
        h: Some(h),
        p,
        i: i.into(),
        x,
    })
}

/// Where the entries of the product come from.
struct Layout<'a> {
    a: &'a Compressed,
    b: &'a Compressed,
    /// The non-empty vectors of `a` and of `b` (positions among the held vectors).
    avecs: &'a [usize],
    bvecs: &'a [usize],
}

impl Layout<'_> {
    /// Calls `f(qa, qb)` for the entries that held vector `ka` of `A`
    /// contributes, in output order.
    fn for_each_pair(&self, ka: usize, mut f: impl FnMut(usize, usize)) {
        for &kb in self.bvecs {
            for qa in self.a.range(ka) {
                for qb in self.b.range(kb) {
                    f(qa, qb);
                }
            }
        }
    }

    /// Splits `out` (`unit` items per product entry) into the slices that the
    /// vectors of `A` produce, and fills them in parallel with `fill(ka, slice)`.
    fn fill<Z: Send>(&self, out: &mut [Z], unit: usize, fill: impl Fn(usize, &mut [Z]) + Sync) {
        let per_a = self.b.nvals() * unit;
        let mut parts = Vec::with_capacity(self.avecs.len());
        let mut rest = out;
        for &ka in self.avecs {
            let (head, tail) = rest.split_at_mut(self.a.range(ka).len() * per_a);
            parts.push((ka, head));
            rest = tail;
        }
        crate::parallel::map_items(parts, |(ka, part)| fill(ka, part));
    }
}

/// The values `A(qa) ⊗ B(qb)` in output order: typed when both inputs have the
/// operator's input type and the operator is built in, on bytes otherwise.
fn kron_values(layout: &Layout<'_>, op: &BinaryOp, nnz: usize) -> Result<Array> {
    let (ax, bx) = (&layout.a.x, &layout.b.x);
    if let Some(code) = op.code() {
        let typed = op.xtype().is_builtin() && op.ytype().is_builtin();
        if typed && ax.ty() == *op.xtype() && bx.ty() == *op.ytype() {
            return with_type!(ax.code(), T => {
                let (xa, xb) = (ax.values::<T>().unwrap(), bx.values::<T>().unwrap());
                match arith_fn::<T>(code) {
                    Some(f) => typed_values(layout, nnz, xa, xb, f),
                    None => typed_values(layout, nnz, xa, xb, compare_fn::<T>(code).expect("comparison")),
                }
            }, udt => unreachable!("built-in operators have built-in types"));
        }
    }
    let zty = op.ztype().clone();
    let zs = zty.size();
    let mut out = try_vec(nnz * zs, 0u8, "Kronecker product values")?;
    let eval = BinaryEval::new(op, &ax.ty(), &bx.ty(), &zty);
    layout.fill(&mut out, zs, |ka, part| {
        let mut eval = eval.clone();
        let mut n = 0;
        layout.for_each_pair(ka, |qa, qb| {
            eval.call(&mut part[n..n + zs], ax.get_bytes(qa), bx.get_bytes(qb));
            n += zs;
        });
    });
    Ok(Array::from_bytes(&zty, &out))
}

/// The typed tier of [`kron_values`].
fn typed_values<T: Arith, Z: ArrayElement>(
    layout: &Layout<'_>,
    nnz: usize,
    xa: Values<'_, T>,
    xb: Values<'_, T>,
    f: fn(T, T) -> Z,
) -> Result<Array> {
    if xa.stored().is_none() && xb.stored().is_none() {
        // Iso inputs: every product is the same.
        return Ok(Array::iso_of(
            Z::into_array(vec![f(xa.at(0), xb.at(0))]),
            nnz,
        ));
    }
    let mut out = try_vec(nnz, Z::ZERO, "Kronecker product values")?;
    layout.fill(&mut out, 1, |ka, part| {
        let mut n = 0;
        layout.for_each_pair(ka, |qa, qb| {
            part[n] = f(xa.at(qa), xb.at(qb));
            n += 1;
        });
    });
    Ok(Z::into_array(out))
}
