//! The oracle: a deliberately naive model of the GraphBLAS spec (ordered maps of
//! entries), the spec's write-back in a few obvious lines, and proptest
//! strategies that produce random matrices in every storage format.
//!
//! The oracle trusts the engine's scalar operators (`BinaryOp::byte_fn`, casts),
//! which are unit-tested on their own; it re-implements every structural rule.
//!
//! The test modules of `tests/it/` use it as `crate::oracle` and add the model
//! of their operation in their own file under `tests/oracle/`.

#![allow(dead_code)]

pub mod assign;
pub mod diag;
pub mod extract;
pub mod kron;
pub mod reduce;

use graphblas::raw::algebra::element::byte_cast_fn;
use graphblas::raw::algebra::{BinaryOp, Position, Type, TypeCode, Value};
use graphblas::raw::object::{Descriptor, Matrix, Vector};
use graphblas::raw::storage::{Array, Format, Full, MatrixStore, Orientation};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

pub mod mxm;

/// A matrix as the spec describes it: dimensions, a domain and a set of entries.
#[derive(Clone, Debug, PartialEq)]
pub struct OMatrix {
    pub nrows: u64,
    pub ncols: u64,
    pub ty: Type,
    pub entries: BTreeMap<(u64, u64), Value>,
}

impl OMatrix {
    /// An empty matrix.
    pub fn new(ty: &Type, nrows: u64, ncols: u64) -> OMatrix {
        OMatrix {
            nrows,
            ncols,
            ty: ty.clone(),
            entries: BTreeMap::new(),
        }
    }

    /// The model of an engine matrix (read through `extract_tuples`).
    pub fn of(m: &Matrix) -> OMatrix {
        let (r, c, x) = m.extract_tuples().expect("extract_tuples");
        let mut o = OMatrix::new(m.ty(), m.nrows(), m.ncols());
        for k in 0..r.len() {
            let dup = o.entries.insert((r[k], c[k]), x.get(k));
            assert!(
                dup.is_none(),
                "extract_tuples returned ({}, {}) twice",
                r[k],
                c[k]
            );
        }
        o
    }

    /// The model of an engine vector, as an `n × 1` matrix.
    pub fn of_vector(v: &Vector) -> OMatrix {
        OMatrix::of(v.as_matrix())
    }

    /// Sets an entry (the value is cast to the matrix type).
    pub fn set(&mut self, r: u64, c: u64, v: Value) {
        let v = v.cast(&self.ty).expect("castable value");
        self.entries.insert((r, c), v);
    }

    /// The entry at `(r, c)`.
    pub fn get(&self, r: u64, c: u64) -> Option<&Value> {
        self.entries.get(&(r, c))
    }

    /// The transpose.
    pub fn transpose(&self) -> OMatrix {
        OMatrix {
            nrows: self.ncols,
            ncols: self.nrows,
            ty: self.ty.clone(),
            entries: self
                .entries
                .iter()
                .map(|(&(r, c), v)| ((c, r), v.clone()))
                .collect(),
        }
    }

    /// Every value cast to `ty`.
    pub fn cast(&self, ty: &Type) -> OMatrix {
        OMatrix {
            nrows: self.nrows,
            ncols: self.ncols,
            ty: ty.clone(),
            entries: self
                .entries
                .iter()
                .map(|(&k, v)| (k, v.cast(ty).expect("castable")))
                .collect(),
        }
    }

    /// The engine content in a given storage layout.
    pub fn store(&self, layout: Layout) -> MatrixStore {
        let orient = layout.orientation();
        let m = Matrix::new_oriented(&self.ty, self.nrows, self.ncols, orient).unwrap();
        let rows: Vec<u64> = self.entries.keys().map(|k| k.0).collect();
        let cols: Vec<u64> = self.entries.keys().map(|k| k.1).collect();
        let mut x = Array::new(&self.ty);
        for v in self.entries.values() {
            x.push_bytes(v.bytes());
        }
        m.build(&rows, &cols, x, None).unwrap();
        let s = (*m.snapshot().unwrap()).clone();
        let out = layout.convert(s);
        out.check().expect("layout conversion keeps invariants");
        out
    }

    /// An engine matrix holding this content in the given layout.
    pub fn matrix(&self, layout: Layout) -> Matrix {
        Matrix::from_store(self.store(layout))
    }

    /// An engine vector holding this `n × 1` content in a layout (always by column).
    pub fn vector(&self, layout: Layout) -> Vector {
        assert_eq!(self.ncols, 1);
        Vector::from_store(self.store(layout.by_col()))
    }
}

/// The storage layouts every operation must accept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Layout {
    Sparse(Orientation),
    Hyper(Orientation),
    Bitmap(Orientation),
    /// Full when every entry is present, bitmap otherwise.
    Dense(Orientation),
}

impl Layout {
    /// All layouts.
    pub const ALL: [Layout; 8] = [
        Layout::Sparse(Orientation::ByRow),
        Layout::Sparse(Orientation::ByCol),
        Layout::Hyper(Orientation::ByRow),
        Layout::Hyper(Orientation::ByCol),
        Layout::Bitmap(Orientation::ByRow),
        Layout::Bitmap(Orientation::ByCol),
        Layout::Dense(Orientation::ByRow),
        Layout::Dense(Orientation::ByCol),
    ];

    pub fn orientation(self) -> Orientation {
        match self {
            Layout::Sparse(o) | Layout::Hyper(o) | Layout::Bitmap(o) | Layout::Dense(o) => o,
        }
    }

    /// The same kind of layout, by column (for vectors).
    pub fn by_col(self) -> Layout {
        match self {
            Layout::Sparse(_) => Layout::Sparse(Orientation::ByCol),
            Layout::Hyper(_) => Layout::Hyper(Orientation::ByCol),
            Layout::Bitmap(_) => Layout::Bitmap(Orientation::ByCol),
            Layout::Dense(_) => Layout::Dense(Orientation::ByCol),
        }
    }

    fn convert(self, s: MatrixStore) -> MatrixStore {
        let orient = self.orientation();
        let c = s.into_compressed(orient);
        let format = match self {
            Layout::Sparse(_) => match c.clone().into_sparse() {
                Ok(sp) => Format::Sparse(sp),
                Err(_) => Format::Sparse(c.into_hyper()),
            },
            Layout::Hyper(_) => Format::Sparse(c.into_hyper()),
            Layout::Bitmap(_) | Layout::Dense(_) => {
                let store = MatrixStore::from_compressed(orient, c.clone());
                match store.to_bitmap() {
                    Some(b)
                        if self != Layout::Bitmap(orient)
                            && b.nvals == b.b.len()
                            && b.nvals > 0 =>
                    {
                        Format::Full(Full {
                            vlen: b.vlen,
                            vdim: b.vdim,
                            x: b.x,
                        })
                    }
                    Some(b) => Format::Bitmap(b),
                    None => Format::Sparse(c),
                }
            }
        };
        MatrixStore::new(orient, format)
    }
}

/// The value of a positional operator (`GxB_FIRSTI`, `GxB_POSITIONJ1`, …)
/// for entries at `x` and `y` (row, column): the row or column index of the
/// one it names, plus its offset, in its output type.
pub fn position_value(pos: Position, ty: &Type, x: (u64, u64), y: (u64, u64)) -> Value {
    let (r, c) = if pos.second { y } else { x };
    let index = if pos.column { c } else { r };
    Value::new(index as i64 + pos.offset).cast(ty).unwrap()
}

/// `op(x, y)` for the entry `x` at `xpos` and the entry `y` at `ypos` (row,
/// column): a positional operator's index, or [`apply_binary`].
pub fn apply_binary_at(
    op: &BinaryOp,
    (x, xpos): (&Value, (u64, u64)),
    (y, ypos): (&Value, (u64, u64)),
) -> Value {
    match op.position() {
        Some(pos) => position_value(pos, op.ztype(), xpos, ypos),
        None => apply_binary(op, x, y),
    }
}

/// Applies a binary operator to two values, casting them to its input domains.
pub fn apply_binary(op: &BinaryOp, x: &Value, y: &Value) -> Value {
    let x = x.cast(op.xtype()).expect("x castable");
    let y = y.cast(op.ytype()).expect("y castable");
    let mut z = vec![0u8; op.ztype().size()];
    op.byte_fn()(&mut z, x.bytes(), y.bytes());
    Value::from_bytes(op.ztype(), &z)
}

/// True when a value is "true" as a mask value: `(bool) v` as in C.
pub fn truthy(v: &Value) -> bool {
    v.get::<bool>()
        .unwrap_or_else(|| v.bytes().iter().any(|&b| b != 0))
}

/// A mask in the model: its content and how the descriptor says to read it.
pub struct OMask<'a> {
    pub m: &'a OMatrix,
    pub structural: bool,
    pub complement: bool,
}

impl OMask<'_> {
    pub fn allows(&self, r: u64, c: u64) -> bool {
        let present = match self.m.get(r, c) {
            None => false,
            Some(v) => self.structural || truthy(v),
        };
        present != self.complement
    }
}

/// The spec's mask `M̃`: from the mask matrix if given (`None` means all
/// true), complemented with `GrB_COMP`. All-true is returned as `None`; the
/// complement of all-true as an empty non-complemented mask.
pub struct SpecMask {
    m: OMatrix,
    structural: bool,
    complement: bool,
    all_true: bool,
}

impl SpecMask {
    /// The mask of an operation with output dimensions `nrows × ncols`.
    pub fn new(m: Option<&OMatrix>, desc: &Descriptor, nrows: u64, ncols: u64) -> SpecMask {
        match m {
            Some(m) => SpecMask {
                m: m.clone(),
                structural: desc.mask_structural,
                complement: desc.mask_complement,
                all_true: false,
            },
            None => SpecMask {
                m: OMatrix::new(&Type::BOOL, nrows, ncols),
                structural: true,
                complement: false,
                all_true: !desc.mask_complement,
            },
        }
    }

    /// The mask for the oracle's write-back.
    pub fn omask(&self) -> Option<OMask<'_>> {
        (!self.all_true).then_some(OMask {
            m: &self.m,
            structural: self.structural,
            complement: self.complement,
        })
    }
}

/// The write-back of an operation given its mask matrix (if any) and its
/// descriptor: [`write`] through the [`SpecMask`] the descriptor defines.
pub fn write_desc(
    c: &OMatrix,
    mask: Option<&OMatrix>,
    accum: Option<&BinaryOp>,
    desc: &Descriptor,
    t: &OMatrix,
) -> OMatrix {
    let mask = SpecMask::new(mask, desc, c.nrows, c.ncols);
    write(c, mask.omask().as_ref(), accum, desc.replace, t)
}

/// The spec's write-back `C<M, replace> = accum(C, T)`, word for word.
pub fn write(
    c: &OMatrix,
    mask: Option<&OMask>,
    accum: Option<&BinaryOp>,
    replace: bool,
    t: &OMatrix,
) -> OMatrix {
    // Z = T, or the union of C and T through accum (values in accum's z domain).
    let z: BTreeMap<(u64, u64), Value> = match accum {
        None => t.entries.clone(),
        Some(op) => {
            let mut z = BTreeMap::new();
            for (&k, cv) in &c.entries {
                let v = match t.entries.get(&k) {
                    Some(tv) => apply_binary(op, cv, tv),
                    None => cv.cast(op.ztype()).unwrap(),
                };
                z.insert(k, v);
            }
            for (&k, tv) in &t.entries {
                z.entry(k).or_insert_with(|| tv.cast(op.ztype()).unwrap());
            }
            z
        }
    };
    let allows = |r: u64, col: u64| mask.is_none_or(|m| m.allows(r, col));
    let mut out = OMatrix::new(&c.ty, c.nrows, c.ncols);
    if !replace {
        for (&(r, col), v) in &c.entries {
            if !allows(r, col) {
                out.entries.insert((r, col), v.clone());
            }
        }
    }
    for (&(r, col), v) in &z {
        if allows(r, col) {
            out.entries.insert((r, col), v.cast(&c.ty).unwrap());
        }
    }
    out
}

/// Asserts that an engine matrix holds exactly the model's entries
/// (floating-point values within a relative tolerance `tol`).
pub fn assert_matches(m: &Matrix, expected: &OMatrix, tol: f64) {
    let got = OMatrix::of(m);
    assert_eq!(
        (got.nrows, got.ncols),
        (expected.nrows, expected.ncols),
        "dimensions"
    );
    assert_eq!(got.ty, expected.ty, "type");
    let gk: Vec<_> = got.entries.keys().collect();
    let ek: Vec<_> = expected.entries.keys().collect();
    assert_eq!(gk, ek, "pattern differs");
    for (k, gv) in &got.entries {
        let ev = &expected.entries[k];
        if tol > 0.0 && got.ty.code().is_float() {
            let (a, b) = (gv.get::<f64>().unwrap(), ev.get::<f64>().unwrap());
            let ok = a == b
                || (a.is_nan() && b.is_nan())
                || (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()));
            assert!(ok, "value at {k:?}: got {a}, expected {b}");
        } else {
            assert_eq!(
                gv.bytes(),
                ev.bytes(),
                "value at {k:?}: got {gv:?}, expected {ev:?}"
            );
        }
    }
}

/// A small random value of a built-in type (small integers, so that sums and
/// products stay exact and collisions and explicit zeros are common; complex
/// values get a small imaginary part too).
pub fn arb_value(ty: TypeCode) -> BoxedStrategy<Value> {
    (-3i8..=3, -2i8..=2)
        .prop_map(move |(re, im)| {
            let mut out = vec![0u8; ty.size()];
            if ty.is_complex() {
                let mut z = [0u8; 16];
                z[..8].copy_from_slice(&f64::from(re).to_ne_bytes());
                z[8..].copy_from_slice(&f64::from(im).to_ne_bytes());
                byte_cast_fn(TypeCode::Fc64, ty)(&mut out, &z);
            } else {
                byte_cast_fn(TypeCode::Int8, ty)(&mut out, &re.to_ne_bytes());
            }
            Value::from_bytes(&Type::builtin(ty), &out)
        })
        .boxed()
}

/// A random `nrows × ncols` matrix of type `ty` with up to `max_nnz` entries.
pub fn arb_matrix_dims(
    ty: TypeCode,
    nrows: u64,
    ncols: u64,
    max_nnz: usize,
) -> BoxedStrategy<OMatrix> {
    if nrows == 0 || ncols == 0 {
        return Just(OMatrix::new(&Type::builtin(ty), nrows, ncols)).boxed();
    }
    let random = proptest::collection::vec((0..nrows, 0..ncols, arb_value(ty)), 0..=max_nnz);
    // One value everywhere (a pattern, stored iso) in a quarter of the cases.
    let uniform = (
        proptest::collection::vec((0..nrows, 0..ncols), 0..=max_nnz),
        arb_value(ty),
    )
        .prop_map(|(at, v)| at.into_iter().map(|(r, c)| (r, c, v.clone())).collect());
    prop_oneof![3 => random, 1 => uniform]
        .prop_map(move |ents: Vec<(u64, u64, Value)>| {
            let mut m = OMatrix::new(&Type::builtin(ty), nrows, ncols);
            for (r, c, v) in ents {
                m.set(r, c, v);
            }
            m
        })
        .boxed()
}

/// A random matrix with dimensions in `0..=max_dim`.
pub fn arb_matrix(ty: TypeCode, max_dim: u64, max_nnz: usize) -> BoxedStrategy<OMatrix> {
    (0..=max_dim, 0..=max_dim)
        .prop_flat_map(move |(r, c)| arb_matrix_dims(ty, r, c, max_nnz))
        .boxed()
}

/// A random storage layout.
pub fn arb_layout() -> BoxedStrategy<Layout> {
    proptest::sample::select(Layout::ALL.to_vec()).boxed()
}

/// A random descriptor (every combination of the five flags).
pub fn arb_descriptor() -> BoxedStrategy<Descriptor> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(r, c, s, t0, t1)| Descriptor {
            replace: r,
            mask_complement: c,
            mask_structural: s,
            transpose_first: t0,
            transpose_second: t1,
        })
        .boxed()
}

/// One of the 11 real built-in types.
pub fn arb_real_type() -> BoxedStrategy<TypeCode> {
    proptest::sample::select(TypeCode::BUILTIN.to_vec()).boxed()
}

/// One of the built-in types, the complex ones included.
pub fn arb_type() -> BoxedStrategy<TypeCode> {
    let all: Vec<TypeCode> = TypeCode::BUILTIN
        .into_iter()
        .chain(TypeCode::COMPLEX)
        .collect();
    proptest::sample::select(all).boxed()
}

/// Shares an engine store (helper for tests that build stores directly).
pub fn shared(s: MatrixStore) -> Arc<MatrixStore> {
    Arc::new(s)
}

/// The proptest configuration for oracle tests: `cases` random cases, no
/// regression files (the tests live outside `src/`).
pub fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}
pub mod apply;
pub mod case;
pub mod ewise;
pub mod udt;
