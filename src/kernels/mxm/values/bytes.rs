//! The generic tier: values as element bytes, operators through byte
//! functions with typecasts. Correct for every type and operator,
//! user-defined ones included.

use super::super::accumulator::Gather;
use super::{is_any, Sr};
use crate::algebra::{Semiring, Type};
use crate::error::{out_of_memory, Result};
use crate::kernels::eval::BinaryEval;
use crate::storage::ranges::extend_copy;
use crate::storage::Array;

/// The generic tier: values as bytes, operators through [`BinaryEval`].
pub struct ByteSr<'a> {
    l: &'a [u8],
    r: &'a [u8],
    ls: usize,
    rs: usize,
    /// How far apart consecutive values are in `l` and `r`: their size, or 0
    /// for an iso array's one value.
    lstep: usize,
    rstep: usize,
    zs: usize,
    flip: bool,
    mul: BinaryEval,
    add: BinaryEval,
    terminal: Option<Vec<u8>>,
    any: bool,
    zty: Type,
}

/// The workspace of [`ByteSr`]: values plus per-thread scratch.
#[derive(Clone)]
pub struct ByteW {
    v: Vec<u8>,
    mul: BinaryEval,
    add: BinaryEval,
    product: Vec<u8>,
    sum: Vec<u8>,
}

impl<'a> ByteSr<'a> {
    /// The generic semiring over value arrays `l` and `r`, already cast to the
    /// multiply's input types (`l` holds the second input when `flip`).
    pub fn new(s: &Semiring, l: &'a Array, r: &'a Array, flip: bool) -> Self {
        let mul = s.mul();
        let (xs, ys) = (mul.xtype(), mul.ytype());
        let z = s.ztype();
        let any = is_any(s);
        let (ls, rs) = if flip {
            (ys.size(), xs.size())
        } else {
            (xs.size(), ys.size())
        };
        let ((l, lstep), (r, rstep)) = (l.strided_bytes(), r.strided_bytes());
        ByteSr {
            l,
            r,
            ls,
            rs,
            lstep,
            rstep,
            zs: z.size(),
            flip,
            mul: BinaryEval::new(mul, xs, ys, z),
            add: BinaryEval::new(s.add().op(), z, z, z),
            terminal: if any {
                None
            } else {
                s.add().terminal().map(|t| t.bytes().to_vec())
            },
            any,
            zty: z.clone(),
        }
    }

    fn operands(&self, lp: usize, rp: usize) -> (&[u8], &[u8]) {
        let (lo, ro) = (lp * self.lstep, rp * self.rstep);
        let l = &self.l[lo..lo + self.ls];
        let r = &self.r[ro..ro + self.rs];
        if self.flip {
            (r, l)
        } else {
            (l, r)
        }
    }

    fn slot(&self, s: usize) -> std::ops::Range<usize> {
        s * self.zs..(s + 1) * self.zs
    }
}

impl Sr for ByteSr<'_> {
    type W = ByteW;
    type Z = ByteW;

    fn alloc(&self, n: usize) -> ByteW {
        ByteW {
            v: vec![0; n * self.zs],
            mul: self.mul.clone(),
            add: self.add.clone(),
            product: vec![0; self.zs],
            sum: vec![0; self.zs],
        }
    }

    fn set(&self, w: &mut ByteW, s: usize, lp: usize, rp: usize) {
        let (x, y) = self.operands(lp, rp);
        let range = self.slot(s);
        w.mul.call(&mut w.v[range], x, y);
    }

    fn add(&self, w: &mut ByteW, s: usize, lp: usize, rp: usize) {
        if self.any {
            return;
        }
        let (x, y) = self.operands(lp, rp);
        w.mul.call(&mut w.product, x, y);
        let range = self.slot(s);
        w.add.call(&mut w.sum, &w.v[range.clone()], &w.product);
        w.v[range].copy_from_slice(&w.sum);
    }

    fn slot_bytes(&self) -> usize {
        self.zs
    }

    fn has_terminal(&self) -> bool {
        self.any || self.terminal.is_some()
    }

    fn add_is_noop(&self) -> bool {
        self.any
    }

    fn push(&self, out: &mut ByteW, w: &ByteW, s: usize) {
        out.v.extend_from_slice(&w.v[self.slot(s)]);
    }

    fn gather(&self, out: &mut ByteW, w: &ByteW, g: Gather<'_>) {
        match g {
            Gather::Offset { cols, lo } => {
                for &j in cols {
                    self.push(out, w, (j - lo) as usize);
                }
            }
            Gather::Slots(slots) => {
                for &s in slots {
                    self.push(out, w, s);
                }
            }
        }
    }

    fn append(&self, out: &mut ByteW, part: &ByteW) {
        extend_copy(&mut out.v, &part.v);
    }

    fn try_reserve(&self, out: &mut ByteW, n: usize) -> Result<()> {
        out.v
            .try_reserve(n.saturating_mul(self.zs))
            .map_err(|_| out_of_memory("the product's values"))
    }

    fn z(&self) -> ByteW {
        self.alloc(1)
    }

    fn fold<I: Iterator<Item = (usize, usize)>>(&self, z: &mut ByteW, mut pairs: I) -> bool {
        let Some((lp, rp)) = pairs.next() else {
            return false;
        };
        self.set(z, 0, lp, rp);
        if self.any {
            return true;
        }
        for (lp, rp) in pairs {
            if self
                .terminal
                .as_deref()
                .is_some_and(|t| t == &z.v[self.slot(0)])
            {
                break;
            }
            self.add(z, 0, lp, rp);
        }
        true
    }

    fn z_push(&self, out: &mut ByteW, z: &ByteW) {
        self.push(out, z, 0);
    }

    fn z_set(&self, w: &mut ByteW, s: usize, z: &ByteW) {
        w.v[self.slot(s)].copy_from_slice(&z.v[self.slot(0)]);
    }

    fn z_combine(&self, acc: &mut ByteW, z: &ByteW) {
        if self.any {
            return;
        }
        let slot = self.slot(0);
        acc.add
            .call(&mut acc.sum, &acc.v[slot.clone()], &z.v[slot.clone()]);
        let ByteW { v, sum, .. } = acc;
        v[slot].copy_from_slice(sum);
    }

    fn to_array(&self, w: ByteW) -> Array {
        Array::from_bytes(&self.zty, &w.v)
    }
}
