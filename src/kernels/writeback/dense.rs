//! The masked write-back into a dense output: `C<M> = T` with a mask that is
//! not complemented, no accumulator and no replace (BFS's `pi<p, struct> = p`
//! each level). When `C` is a bitmap or full store, or a sparse one about to
//! become dense, the mask's positions of `C`'s dense form take `T`'s values
//! (or lose their entry where `T` has none): `O(nnz(M) + nnz(T))` work,
//! instead of a merge of every vector of `C`. The dense form is `C`'s own
//! buffers when the caller owns `C`'s old content (no one else holds it: see
//! `plan::Source::take_value`), and a copy of them otherwise. A dense `T`
//! (or a compressed one with every entry) is read by position, and so is a
//! dense mask, structural or valued: no side is compressed for the walk.

use crate::algebra::Type;
use crate::error::Result;
use crate::explain::step;
use crate::kernels::{DenseMask, Mask};
use crate::storage::compressed::dense_workspace_ok;
use crate::storage::store::compressed_to_bitmap;
use crate::storage::{Array, Bitmap, Compressed, Format, MatrixStore, Orientation, Values};
use crate::with_type;
use std::borrow::Cow;
use std::iter::repeat;

/// A sparse output with at least one entry (counting those an operation may
/// add) per this many positions is made a bitmap.
const DENSE_OUTPUT: u64 = 16;

/// True when `C`'s content `c` can take a dense form laid out in orientation
/// `orient`: it is bitmap or full, or sparse but dense enough once `more`
/// entries are added (and laid out that way, or a single vector).
pub fn takes_dense_form(c: &MatrixStore, more: u64, orient: Orientation) -> bool {
    if !c.laid_out(orient) {
        return false;
    }
    match c.format() {
        Format::Full(_) | Format::Bitmap(_) => true,
        Format::Sparse(cc) => {
            let positions = c.nrows().saturating_mul(c.ncols());
            let reach = (cc.nvals() as u64).saturating_add(more);
            reach.saturating_mul(DENSE_OUTPUT) >= positions
                && dense_workspace_ok(positions, cc.nvals())
        }
    }
}

/// `c`'s content in a dense format (full stays full; sparse becomes a
/// bitmap), for a `c` that [`takes_dense_form`]. An owned `c` gives up its
/// buffers, so the caller changes them in place; a borrowed one is copied.
pub fn into_dense_form(c: Cow<'_, MatrixStore>) -> Result<Format> {
    Ok(match c {
        Cow::Owned(store) => match store.into_parts().1 {
            Format::Sparse(cc) => Format::Bitmap(compressed_to_bitmap(&cc)?),
            dense => {
                step(|| "in place: the output's dense buffers are reused (no copy)".into());
                dense
            }
        },
        Cow::Borrowed(store) => match store.format() {
            Format::Sparse(cc) => Format::Bitmap(compressed_to_bitmap(cc)?),
            dense => dense.clone(),
        },
    })
}

/// True when [`masked_into_dense`] applies to `C<mask> = T` on `C`'s old
/// content `old` in orientation `orient` (the mask not complemented; no
/// accumulator, no replace — the caller's part): `C` takes a dense form.
pub fn masked_applies(
    old: &MatrixStore,
    orient: Orientation,
    mask: &Mask,
    t: &MatrixStore,
) -> bool {
    !mask.complement && takes_dense_form(old, t.nvals() as u64, orient)
}

/// `C<mask> = T` (no accumulator, no replace) on `C`'s old content `old` of
/// type `ctype`, in orientation `orient`, when [`masked_applies`]: the
/// mask's positions of `C`'s dense form (its own buffers when `old` is
/// owned) take `T`'s values or lose their entry.
pub fn masked_into_dense(
    old: Cow<'_, MatrixStore>,
    ctype: &Type,
    orient: Orientation,
    mask: &Mask,
    t: &MatrixStore,
) -> Result<MatrixStore> {
    debug_assert!(masked_applies(&old, orient, mask, t));
    // Entries may be deleted (mask true, no T entry): full becomes a bitmap.
    let mut bitmap = match into_dense_form(old)? {
        Format::Full(f) => Bitmap {
            vlen: f.vlen,
            vdim: f.vdim,
            b: vec![true; f.x.len()],
            nvals: f.x.len(),
            x: f.x,
        },
        Format::Bitmap(b) => b,
        Format::Sparse(_) => unreachable!("a dense form"),
    };
    // T read by position when it is dense in C's layout (or compressed with
    // every entry); the mask too when it is dense: then C, T and the mask
    // are walked side by side, with neither compressed (BFS's pull levels;
    // a valued mask over full vectors, as LAGraph's connected components
    // write `parent<mask> = ccmn`).
    let t_dense = dense_t(t, orient);
    let m_dense = t_dense.as_ref().and_then(|_| mask.dense(orient));
    let (m, tc);
    let (tx, source) = match (t_dense, &m_dense) {
        (Some(t), Some(m)) => (t.x, Source::Dense { t, m }),
        (Some(t), None) => {
            m = mask.try_positions(orient)?;
            (t.x, Source::Positions { t, m: &m })
        }
        (None, _) => {
            m = mask.try_positions(orient)?;
            tc = t.try_compressed(orient)?;
            (&tc.x, Source::Compressed { t: &tc, m: &m })
        }
    };
    let tx = if tx.ty() == *ctype {
        Cow::Borrowed(tx)
    } else {
        Cow::Owned(tx.cast(ctype))
    };
    // A mask of few entries (a frontier left in bitmap form) is walked by
    // its set flags; blending costs every position.
    let blended = mask.store.nvals().saturating_mul(FEW_FLAGS) >= bitmap.b.len();
    let Bitmap {
        vlen, b, x, nvals, ..
    } = &mut bitmap;
    let slots = Slots {
        vlen: *vlen,
        b,
        nvals,
    };
    // The values copied in a typed loop (bytes only for user-defined types).
    with_type!(ctype.code(), T => {
        let xs = x.as_vec_mut::<T>().expect("values of the output's type");
        let ts = tx.values::<T>().expect("values cast to the output's type");
        match source {
            Source::Dense { t, m } if blended => slots.blend(m, t.present, xs, ts),
            other => slots.write(other, |q, s| xs[q] = ts.at(s)),
        }
    }, udt => slots.write(source, |q, s| x.set_bytes(q, tx.get_bytes(s))));
    Ok(MatrixStore::new(orient, Format::Bitmap(bitmap)).conform())
}

/// A dense mask with an entry at fewer than one position in this many is
/// walked by its set flags ([`Slots::write`]) instead of blended.
const FEW_FLAGS: usize = 16;

/// Flags tested at once by [`Slots::write`]'s walk of a dense mask.
const FLAG_RUN: usize = 64;

/// `T`'s entries and the mask's positions, as [`masked_into_dense`] reads them.
#[derive(Clone, Copy)]
enum Source<'a> {
    /// Compressed vectors in `C`'s orientation.
    Compressed {
        t: &'a Compressed,
        m: &'a Compressed,
    },
    /// `T` by position; the mask's positions as compressed vectors.
    Positions { t: DenseT<'a>, m: &'a Compressed },
    /// `T` and the mask both by position.
    Dense { t: DenseT<'a>, m: &'a DenseMask<'a> },
}

/// `T` read position by position in `C`'s dense layout: the value of the
/// entry at a position is the value at that position.
#[derive(Clone, Copy)]
struct DenseT<'a> {
    /// Presence flags; `None` when every position holds an entry.
    present: Option<&'a [bool]>,
    x: &'a Array,
}

/// `t` as a [`DenseT`] in orientation `orient`: bitmap or full, or
/// compressed with an entry at every position (a vector built from every
/// index); `None` otherwise.
fn dense_t(t: &MatrixStore, orient: Orientation) -> Option<DenseT<'_>> {
    if !t.laid_out(orient) {
        return None;
    }
    match t.format() {
        Format::Full(f) => Some(DenseT {
            present: None,
            x: &f.x,
        }),
        Format::Bitmap(b) => Some(DenseT {
            present: Some(&b.b),
            x: &b.x,
        }),
        Format::Sparse(c) if c.nvals() as u128 == u128::from(c.vlen) * u128::from(c.vdim) => {
            Some(DenseT {
                present: None,
                x: &c.x,
            })
        }
        Format::Sparse(_) => None,
    }
}

/// `T`'s entries where the mask allows writing (after complementing), as a
/// bitmap laid out in orientation `orient` (or filtered compressed vectors
/// for a compressed `T`); `None` when the mask or `T` is laid out otherwise
/// or a dense form would be too large. `C<M> = accum(C, T)` into a full `C`
/// is then the unmasked accumulation of these entries.
pub fn within_mask(
    t: &MatrixStore,
    mask: &Mask,
    orient: Orientation,
) -> Result<Option<MatrixStore>> {
    let m = &*mask.store;
    let positions = t.nrows().saturating_mul(t.ncols());
    if !t.laid_out(orient) || !m.laid_out(orient) || !dense_workspace_ok(positions, t.nvals()) {
        return Ok(None);
    }
    let allowed = mask.try_flags(orient, positions)?;
    // The dimensions as laid out in `orient` (a vector's either way).
    let (vlen, vdim) = match orient {
        Orientation::ByRow => (t.ncols(), t.nrows()),
        Orientation::ByCol => (t.nrows(), t.ncols()),
    };
    let format = match t.format() {
        Format::Full(f) => Format::Bitmap(Bitmap::from_flags(vlen, vdim, allowed, f.x.clone())),
        Format::Bitmap(b) => {
            let flags = b.b.iter().zip(&allowed).map(|(&p, &a)| p && a).collect();
            Format::Bitmap(Bitmap::from_flags(vlen, vdim, flags, b.x.clone()))
        }
        Format::Sparse(_) => {
            let tc = t.try_compressed(orient)?;
            Format::Sparse(tc.filter(|v, i, _| allowed[(v * tc.vlen + i) as usize]))
        }
    };
    Ok(Some(MatrixStore::new(orient, format)))
}

/// A bitmap of `flags` over `x`.
/// The presence flags of a dense output and its count of entries.
struct Slots<'a> {
    vlen: u64,
    b: &'a mut [bool],
    nvals: &'a mut usize,
}

impl Slots<'_> {
    /// [`Slots::write`] of a dense source (the mask's flags `m` and `T`'s
    /// presence flags `t`, `None` when every position holds an entry, laid
    /// out as `C`'s, and its values `tv`) into `C`'s values `x`, without a
    /// branch on the flags: every position takes `T`'s flag and value where
    /// the mask is set and keeps its own elsewhere (a position left without
    /// an entry keeps a value no reader sees). BFS's pull levels, whose masks
    /// set positions scattered over the whole vector. The flags and the
    /// values are two passes, each a loop over slices the compiler
    /// vectorises (one pass selecting values through closures compiled to a
    /// branch, mispredicted on such masks).
    fn blend<X: Copy>(self, m: &DenseMask<'_>, t: Option<&[bool]>, x: &mut [X], tv: Values<'_, X>) {
        debug_assert!(t.is_none_or(|t| t.len() == x.len()));
        match (m, t) {
            (DenseMask::Flags(m), Some(t)) => {
                self.blend_flags(m.iter().copied(), t.iter().copied())
            }
            (DenseMask::Flags(m), None) => self.blend_flags(m.iter().copied(), repeat(true)),
            (DenseMask::All, Some(t)) => self.blend_flags(repeat(true), t.iter().copied()),
            (DenseMask::All, None) => self.blend_flags(repeat(true), repeat(true)),
        }
        let n = x.len();
        match (m, tv.stored()) {
            (DenseMask::Flags(m), Some(tv)) => {
                for ((xq, &tq), &allowed) in x.iter_mut().zip(&tv[..n]).zip(&m[..n]) {
                    *xq = std::hint::select_unpredictable(allowed, tq, *xq);
                }
            }
            (DenseMask::Flags(m), None) => {
                let v = tv.at(0);
                for (xq, &allowed) in x.iter_mut().zip(&m[..n]) {
                    *xq = std::hint::select_unpredictable(allowed, v, *xq);
                }
            }
            (DenseMask::All, Some(tv)) => x.copy_from_slice(&tv[..n]),
            (DenseMask::All, None) => x.fill(tv.at(0)),
        }
    }

    /// The flags of [`Slots::blend`], with the mask's flags and `T`'s
    /// presence read in step with `C`'s: a select without a branch, so the
    /// loop vectorises (a branch on the mask's flag is mispredicted on the
    /// scattered masks of BFS's pull levels).
    fn blend_flags(self, allowed: impl Iterator<Item = bool>, present: impl Iterator<Item = bool>) {
        let Slots { b, nvals, .. } = self;
        let mut count = 0usize;
        for ((had, a), p) in b.iter_mut().zip(allowed).zip(present) {
            // As bytes: on `bool`s the compiler puts the branch back.
            let (a, p, kept) = (a as u8, p as u8, *had as u8);
            let now = (a & p) | (!a & kept & 1);
            count += now as usize;
            *had = now != 0;
        }
        *nvals = count;
    }

    /// At every position of the mask: `set(position, t_slot)` and the flag
    /// raised where `T` has an entry, the flag lowered where not.
    fn write(self, source: Source<'_>, mut set: impl FnMut(usize, usize)) {
        let (t, m) = match source {
            Source::Compressed { t, m } => (t, m),
            Source::Positions { t, m } => {
                let Slots { vlen, b, nvals } = self;
                let present = |q: usize| t.present.is_none_or(|p| p[q]);
                for (j, i, _) in m.entries() {
                    let q = (j * vlen + i) as usize;
                    Slots::put(b, nvals, q, present(q).then_some(q), &mut set);
                }
                return;
            }
            Source::Dense { t, m } => {
                let Slots { b, nvals, .. } = self;
                let positions = b.len();
                let mut put = |q: usize| {
                    let slot = t.present.is_none_or(|p| p[q]).then_some(q);
                    Slots::put(b, nvals, q, slot, &mut set);
                };
                match m {
                    DenseMask::All => (0..positions).for_each(put),
                    // Runs of flags none of which is set are skipped whole.
                    DenseMask::Flags(flags) => {
                        for (c, run) in flags.chunks(FLAG_RUN).enumerate() {
                            if run.iter().fold(false, |any, &f| any | f) {
                                let set_at = run.iter().enumerate().filter(|(_, &f)| f);
                                set_at.for_each(|(k, _)| put(c * FLAG_RUN + k));
                            }
                        }
                    }
                }
                return;
            }
        };
        let Slots { vlen, b, nvals } = self;
        for k in 0..m.nvec() {
            let j = m.vector_id(k);
            let base = j * vlen;
            let tr = t.vector_range(j);
            let (ti, mut at) = (t.i.idx_range(tr.clone()), 0);
            for i in m.i.idx_range(m.range(k)).iter() {
                at += ti.slice(at..ti.len()).iter().take_while(|&x| x < i).count();
                let q = (base + i) as usize;
                let slot = (at < ti.len() && ti.get(at) == i).then_some(tr.start + at);
                Slots::put(b, nvals, q, slot, &mut set);
            }
        }
    }

    /// Position `q` takes `T`'s entry at `slot` (`set(q, slot)`, its flag
    /// raised) or, when `T` has none there, loses its own.
    fn put(
        b: &mut [bool],
        nvals: &mut usize,
        q: usize,
        slot: Option<usize>,
        set: &mut impl FnMut(usize, usize),
    ) {
        if let Some(s) = slot {
            set(q, s);
            *nvals += !b[q] as usize;
            b[q] = true;
        } else if b[q] {
            b[q] = false;
            *nvals -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{Array, ArrayElement, Full};
    use std::sync::Arc;

    fn vector<T: ArrayElement>(n: u64, ids: &[u64], x: Vec<T>) -> MatrixStore {
        let c = Compressed::vector(n, ids.to_vec(), Array::from_vec(x));
        MatrixStore::from_compressed(Orientation::ByCol, c)
    }

    fn entries(s: &MatrixStore) -> Vec<(u64, i32)> {
        let mut out = Vec::new();
        s.for_each_entry(|r, _, q| out.push((r, s.values().get_as::<i32>(q))));
        out
    }

    fn mask(m: MatrixStore, structural: bool) -> Mask {
        Mask {
            store: Arc::new(m),
            structural,
            complement: false,
        }
    }

    fn bitmap(s: MatrixStore) -> MatrixStore {
        let Format::Sparse(c) = s.format() else {
            unreachable!("built sparse")
        };
        MatrixStore::new(s.orient(), Format::Bitmap(compressed_to_bitmap(c).unwrap()))
    }

    #[test]
    fn a_bitmap_t_under_a_bitmap_mask_is_written_position_by_position() {
        let c = bitmap(vector(8, &[0, 2, 3, 5], vec![1i32, 2, 3, 4]));
        // Structural mask at 2, 5, 6, 7; T at 5, 6, 7 and 1 (outside the mask).
        let m = mask(
            bitmap(vector(8, &[2, 5, 6, 7], vec![true, false, true, true])),
            true,
        );
        let t = bitmap(vector(8, &[1, 5, 6, 7], vec![10i64, 50, 60, 70]));
        for c in [c.clone(), bitmap(vector(8, &[], Vec::<i32>::new()))] {
            let kept: Vec<_> = entries(&c)
                .into_iter()
                .filter(|&(i, _)| ![2, 5, 6, 7].contains(&i))
                .collect();
            let out =
                masked_into_dense(Cow::Owned(c), &Type::INT32, Orientation::ByCol, &m, &t).unwrap();
            let mut expected = kept;
            expected.extend([(5, 50), (6, 60), (7, 70)]);
            expected.sort();
            assert_eq!(entries(&out), expected);
            assert_eq!(out.nvals(), expected.len());
        }
    }

    #[test]
    fn a_bitmap_mask_of_few_entries_is_walked_by_its_flags() {
        // 1000 positions, C holding every third; a structural mask at 5, 130
        // and 999 (three runs of flags apart, below one position in 16);
        // T at 130, 999 and 500 (outside the mask), none at 5.
        let ids: Vec<u64> = (0..1000).step_by(3).collect();
        let c = bitmap(vector(1000, &ids, ids.iter().map(|&i| i as i32).collect()));
        let m = mask(bitmap(vector(1000, &[5, 130, 999], vec![true; 3])), true);
        assert!(m.store.nvals() * FEW_FLAGS < 1000);
        let t = bitmap(vector(1000, &[130, 500, 999], vec![-1i32, -2, -3]));
        let out =
            masked_into_dense(Cow::Owned(c), &Type::INT32, Orientation::ByCol, &m, &t).unwrap();
        let mut expected: Vec<(u64, i32)> = ids
            .iter()
            .filter(|&&i| ![5, 130, 999].contains(&i))
            .map(|&i| (i, i as i32))
            .collect();
        expected.extend([(130, -1), (999, -3)]);
        expected.sort();
        assert_eq!(entries(&out), expected);
        assert_eq!(out.nvals(), expected.len());
    }

    #[test]
    fn the_mask_positions_take_t_or_lose_their_entry() {
        let c = vector(8, &[0, 2, 3, 5], vec![1i32, 2, 3, 4]);
        // Valued mask: 5 holds false (kept as it is); 2 and 6 true.
        let m = mask(
            vector(8, &[2, 5, 6, 7], vec![true, false, true, true]),
            false,
        );
        // T (of another type, cast) at 5 (outside the mask), 6 and 7; none at 2.
        let t = vector(8, &[5, 6, 7], vec![50i64, 60, 70]);
        assert!(masked_applies(&c, Orientation::ByCol, &m, &t));
        let out =
            masked_into_dense(Cow::Borrowed(&c), &Type::INT32, Orientation::ByCol, &m, &t).unwrap();
        assert_eq!(out.nvals(), 5);
        assert_eq!(
            entries(&out),
            vec![(0, 1), (3, 3), (5, 4), (6, 60), (7, 70)]
        );
    }

    #[test]
    fn a_full_output_stays_full_unless_an_entry_is_deleted() {
        let full = MatrixStore::new(
            Orientation::ByCol,
            Format::Full(Full {
                vlen: 4,
                vdim: 1,
                x: Array::from_vec(vec![1i32, 2, 3, 4]),
            }),
        );
        let t = vector(4, &[1], vec![9i32]);
        let within = mask(vector(4, &[1], vec![true]), true);
        let out = masked_into_dense(
            Cow::Borrowed(&full),
            &Type::INT32,
            Orientation::ByCol,
            &within,
            &t,
        )
        .unwrap();
        assert!(matches!(out.format(), Format::Full(_)));
        assert_eq!(entries(&out), vec![(0, 1), (1, 9), (2, 3), (3, 4)]);
        let wider = mask(vector(4, &[1, 2], vec![true, true]), true);
        // Owned: the full store's values are reused for the bitmap.
        let out = masked_into_dense(
            Cow::Owned(full),
            &Type::INT32,
            Orientation::ByCol,
            &wider,
            &t,
        )
        .unwrap();
        assert_eq!(entries(&out), vec![(0, 1), (1, 9), (3, 4)]);
    }

    #[test]
    fn complemented_masks_and_sparse_outputs_are_declined() {
        let t = vector(1 << 12, &[5], vec![9i32]);
        let one = mask(vector(1 << 12, &[5], vec![true]), true);
        let sparse = vector(1 << 12, &[1], vec![1i32]);
        assert!(!masked_applies(&sparse, Orientation::ByCol, &one, &t));
        let dense = vector(4, &[0, 1, 2], vec![1i32, 2, 3]);
        let comp = Mask {
            complement: true,
            ..mask(vector(4, &[1], vec![true]), true)
        };
        let t = vector(4, &[1], vec![9i32]);
        assert!(!masked_applies(&dense, Orientation::ByCol, &comp, &t));
    }

    /// A store of the entries `(index, value)` of a vector of length `n`
    /// held as `form`: 0 compressed, 1 bitmap, 2 full (every index present).
    fn held_as<T: ArrayElement + Copy>(n: u64, entries: &[(u64, T)], form: u8) -> MatrixStore {
        let ids: Vec<u64> = entries.iter().map(|e| e.0).collect();
        let s = vector(n, &ids, entries.iter().map(|e| e.1).collect());
        match form {
            0 => s,
            1 => bitmap(s),
            _ => {
                assert_eq!(ids.len() as u64, n, "a full store holds every index");
                let x = Array::from_vec(entries.iter().map(|e| e.1).collect());
                MatrixStore::new(
                    Orientation::ByCol,
                    Format::Full(Full {
                        vlen: n,
                        vdim: 1,
                        x,
                    }),
                )
            }
        }
    }

    #[test]
    fn every_layout_of_c_t_and_the_mask_gives_the_masked_copy() {
        let n = 12u64;
        let mut seed = 7u64;
        let mut draw = |k: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % k
        };
        for round in 0..40 {
            // Each side dense (every index) in some rounds, so full forms occur.
            let mut pick =
                |every: bool| -> Vec<u64> { (0..n).filter(|_| every || draw(3) > 0).collect() };
            let (c_ids, t_ids, m_ids) = (
                pick(round % 3 == 0),
                pick(round % 4 == 0),
                pick(round % 5 == 0),
            );
            let c: Vec<(u64, i32)> = c_ids.iter().map(|&i| (i, i as i32)).collect();
            let t: Vec<(u64, i64)> = t_ids.iter().map(|&i| (i, 100 + i as i64)).collect();
            let m: Vec<(u64, u8)> = m_ids.iter().map(|&i| (i, (draw(2)) as u8)).collect();
            for (c_form, t_form, m_form, structural) in (0..27).flat_map(|k| {
                [
                    (k / 9, k / 3 % 3, k % 3, true),
                    (k / 9, k / 3 % 3, k % 3, false),
                ]
            }) {
                let full_ok = |ids: &[u64], form: u8| form < 2 || ids.len() as u64 == n;
                if !full_ok(&c_ids, c_form) || !full_ok(&t_ids, t_form) || !full_ok(&m_ids, m_form)
                {
                    continue;
                }
                let cs = held_as(n, &c, c_form);
                let mask = mask(held_as(n, &m, m_form), structural);
                let ts = held_as(n, &t, t_form);
                if !masked_applies(&cs, Orientation::ByCol, &mask, &ts) {
                    continue;
                }
                let out =
                    masked_into_dense(Cow::Owned(cs), &Type::INT32, Orientation::ByCol, &mask, &ts)
                        .unwrap();
                let allows = |i: u64| m.iter().any(|&(j, v)| j == i && (structural || v != 0));
                let expected: Vec<(u64, i32)> = (0..n)
                    .filter_map(|i| {
                        let from = |e: &[(u64, i32)]| e.iter().find(|x| x.0 == i).map(|x| x.1);
                        if allows(i) {
                            t.iter().find(|x| x.0 == i).map(|x| (i, x.1 as i32))
                        } else {
                            from(&c).map(|v| (i, v))
                        }
                    })
                    .collect();
                assert_eq!(
                    entries(&out),
                    expected,
                    "C {c_form}, T {t_form}, mask {m_form} {structural}"
                );
                assert_eq!(out.nvals(), expected.len());
            }
        }
    }
}
