//! Pending updates: `setElement` and `removeElement` calls recorded cheaply and
//! assembled into the storage at the next read.

use crate::algebra::Type;
use crate::error::{check_room, Result};
use crate::storage::{build_compressed, Array, Compressed, Dup, Format, MatrixStore};

/// Updates in the store's `(vector, inner)` coordinates, in call order.
pub struct Pending {
    outer: Vec<u64>,
    inner: Vec<u64>,
    /// The value of each update (a placeholder for deletions).
    vals: Array,
    delete: Vec<bool>,
    /// How many updates are values (not removals).
    sets: usize,
}

impl Pending {
    /// No updates, for values of type `ty`.
    pub fn new(ty: &Type) -> Pending {
        Pending {
            outer: Vec::new(),
            inner: Vec::new(),
            vals: Array::new(ty),
            delete: Vec::new(),
            sets: 0,
        }
    }

    /// True when there is nothing to assemble.
    pub fn is_empty(&self) -> bool {
        self.outer.is_empty()
    }

    /// True when every update is a removal.
    pub fn only_removals(&self) -> bool {
        self.sets == 0
    }

    /// Records `A(j, i) = value` (bytes of the matrix type).
    pub fn set(&mut self, j: u64, i: u64, value: &[u8]) {
        self.outer.push(j);
        self.inner.push(i);
        self.vals.push_bytes(value);
        self.delete.push(false);
        self.sets += 1;
    }

    /// Records the removal of `A(j, i)`.
    pub fn remove(&mut self, j: u64, i: u64) {
        let placeholder = vec![0u8; self.vals.elem_size()];
        self.outer.push(j);
        self.inner.push(i);
        self.vals.push_bytes(&placeholder);
        self.delete.push(true);
    }

    /// Applies the updates to `store`, returning the new content; the last update
    /// to a position wins. Fails with `GrB_OUT_OF_MEMORY`, changing nothing,
    /// when the new content does not fit.
    pub fn assemble(&self, store: &MatrixStore) -> Result<MatrixStore> {
        let orient = store.orient();
        let base = store.try_compressed(orient)?;
        let (vlen, vdim) = (base.vlen, base.vdim);
        let order: Vec<u64> = (0..self.outer.len() as u64).collect();
        // Find the last update per position (values are the update numbers).
        let last = build_compressed(
            vlen,
            vdim,
            &self.outer,
            &self.inner,
            Array::from_vec(order),
            Dup::LastWins,
        )?;
        let which = last.x.as_slice::<u64>().expect("update numbers");
        // The merged copy: per entry an index, its source and a value (twice
        // while the values grow), per vector an id and two pointers.
        let entries = base.nvals() + last.nvals();
        let vectors = base.nvec() + last.nvec();
        let bytes = entries
            .saturating_mul(24 + 2 * self.vals.elem_size())
            .saturating_add(vectors.saturating_mul(24));
        check_room(bytes, 1, "the assembled updates")?;
        let merged = merge_updates(
            &base,
            &last,
            |q| {
                let u = which[q] as usize;
                (!self.delete[u]).then_some(u)
            },
            &self.vals,
        );
        Ok(MatrixStore::from_compressed(orient, merged.conform()).conform())
    }
}

/// Merges `base` with `updates` (same shape): a position present in `updates`
/// takes the update's value (`pick(q)` gives the index into `vals`) or is
/// removed (`pick(q) = None`); other positions keep `base`.
fn merge_updates(
    base: &Compressed,
    updates: &Compressed,
    pick: impl Fn(usize) -> Option<usize>,
    vals: &Array,
) -> Compressed {
    let mut h = Vec::new();
    let mut p = vec![0usize];
    let mut i = Vec::with_capacity(base.nvals() + updates.nvals());
    // Sources: (from base?, position).
    let mut src: Vec<(bool, usize)> = Vec::with_capacity(i.capacity());
    let (mut kb, mut ku) = (0, 0);
    while kb < base.nvec() || ku < updates.nvec() {
        let jb = (kb < base.nvec()).then(|| base.vector_id(kb));
        let ju = (ku < updates.nvec()).then(|| updates.vector_id(ku));
        let j = match (jb, ju) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (None, None) => unreachable!(),
        };
        let rb = if jb == Some(j) {
            kb += 1;
            base.range(kb - 1)
        } else {
            0..0
        };
        let ru = if ju == Some(j) {
            ku += 1;
            updates.range(ku - 1)
        } else {
            0..0
        };
        let (mut qb, mut qu) = (rb.start, ru.start);
        while qb < rb.end || qu < ru.end {
            let ib = (qb < rb.end).then(|| base.i.get(qb));
            let iu = (qu < ru.end).then(|| updates.i.get(qu));
            match (ib, iu) {
                (Some(a), Some(b)) if a < b => {
                    i.push(a);
                    src.push((true, qb));
                    qb += 1;
                }
                (Some(a), None) => {
                    i.push(a);
                    src.push((true, qb));
                    qb += 1;
                }
                (ib, Some(b)) => {
                    if ib == Some(b) {
                        qb += 1;
                    }
                    if let Some(u) = pick(qu) {
                        i.push(b);
                        src.push((false, u));
                    }
                    qu += 1;
                }
                (None, None) => unreachable!(),
            }
        }
        h.push(j);
        p.push(i.len());
    }
    let mut x = Array::new(&base.ty());
    for &(from_base, q) in &src {
        if from_base {
            x.push_bytes(base.x.get_bytes(q));
        } else {
            x.push_bytes(vals.get_bytes(q));
        }
    }
    Compressed {
        vlen: base.vlen,
        vdim: base.vdim,
        h: Some(h),
        p,
        i: i.into(),
        x,
    }
}

/// True when a sparse store can take `A(j, i) = value` in place (the entry exists).
pub fn try_update_in_place(store: &mut MatrixStore, j: u64, i: u64, value: &[u8]) -> bool {
    match store.format_mut() {
        Format::Sparse(c) => match c.find(j, i) {
            Some(q) => {
                c.x.set_bytes(q, value);
                true
            }
            None => false,
        },
        Format::Full(f) => {
            f.x.set_bytes((j * f.vlen + i) as usize, value);
            true
        }
        Format::Bitmap(b) => {
            let q = (j * b.vlen + i) as usize;
            if !b.b[q] {
                b.b[q] = true;
                b.nvals += 1;
            }
            b.x.set_bytes(q, value);
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Orientation;

    #[test]
    fn last_update_wins_and_removals_apply() {
        let ty = Type::INT32;
        let base = MatrixStore::empty(&ty, 3, 3, Orientation::ByRow);
        let mut p = Pending::new(&ty);
        p.set(0, 1, &5i32.to_ne_bytes());
        p.set(2, 2, &7i32.to_ne_bytes());
        p.set(0, 1, &6i32.to_ne_bytes());
        p.remove(2, 2);
        p.set(1, 0, &8i32.to_ne_bytes());
        let a = p.assemble(&base).unwrap();
        a.check().unwrap();
        assert_eq!(a.nvals(), 2);
        assert_eq!(a.get(0, 1).unwrap().get::<i32>(), Some(6));
        assert_eq!(a.get(1, 0).unwrap().get::<i32>(), Some(8));
        let mut p = Pending::new(&ty);
        p.remove(0, 1);
        assert!(p.only_removals());
        p.set(0, 0, &1i32.to_ne_bytes());
        assert!(!p.only_removals());
        let b = p.assemble(&a).unwrap();
        assert_eq!(b.nvals(), 2);
        assert!(b.get(0, 1).is_none());
        assert_eq!(b.get(0, 0).unwrap().get::<i32>(), Some(1));
    }
}
