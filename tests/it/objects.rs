//! Matrix and vector methods against the oracle, in every storage layout:
//! build, setElement, removeElement, extractElement, extractTuples, dup, resize.

use crate::oracle;

use graphblas::raw::algebra::{BinaryCode, BinaryOp, Type, TypeCode, Value};
use graphblas::raw::object::{Descriptor, Matrix, Vector};
use graphblas::raw::ops::ewise::ewise_add;
use graphblas::raw::storage::{Array, Orientation, Sparsity};
use graphblas::Info;
use oracle::*;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Edit {
    Set(u64, u64, i8),
    Remove(u64, u64),
    Read(u64, u64),
}

fn arb_edits(n: u64) -> impl Strategy<Value = Vec<Edit>> {
    proptest::collection::vec(
        prop_oneof![
            (0..n, 0..n, any::<i8>()).prop_map(|(r, c, v)| Edit::Set(r, c, v)),
            (0..n, 0..n).prop_map(|(r, c)| Edit::Remove(r, c)),
            (0..n, 0..n).prop_map(|(r, c)| Edit::Read(r, c)),
        ],
        0..40,
    )
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn edits_match_the_model(start in arb_matrix_dims(TypeCode::Int32, 6, 6, 12), layout in arb_layout(), edits in arb_edits(6)) {
        let m = start.matrix(layout);
        let mut model = start.clone();
        for e in edits {
            match e {
                Edit::Set(r, c, v) => {
                    m.set_element(r, c, &Value::new(v)).unwrap();
                    model.set(r, c, Value::new(v));
                }
                Edit::Remove(r, c) => {
                    m.remove_element(r, c).unwrap();
                    model.entries.remove(&(r, c));
                }
                Edit::Read(r, c) => {
                    let got = m.extract_element(r, c).unwrap();
                    prop_assert_eq!(got.as_ref(), model.get(r, c));
                }
            }
        }
        assert_matches(&m, &model, 0.0);
        prop_assert_eq!(m.nvals().unwrap(), model.entries.len());
        m.snapshot().unwrap().check().unwrap();
    }

    #[test]
    fn build_matches_the_model(ty in arb_type(), tuples in proptest::collection::vec((0u64..5, 0u64..7, -3i8..=3), 0..30), with_dup in any::<bool>()) {
        let t = Type::builtin(ty);
        let m = Matrix::new(&t, 5, 7).unwrap();
        let rows: Vec<u64> = tuples.iter().map(|x| x.0).collect();
        let cols: Vec<u64> = tuples.iter().map(|x| x.1).collect();
        let vals = Array::from_vec(tuples.iter().map(|x| x.2).collect::<Vec<i8>>());
        let dup = BinaryOp::builtin(BinaryCode::Plus, ty).unwrap();
        let result = m.build(&rows, &cols, vals, with_dup.then_some(&dup));
        let mut model = OMatrix::new(&t, 5, 7);
        let mut duplicate = false;
        for &(r, c, v) in &tuples {
            let v = Value::new(v).cast(&t).unwrap();
            let new = match model.get(r, c) {
                Some(old) => { duplicate = true; apply_binary(&dup, old, &v) }
                None => v,
            };
            model.set(r, c, new);
        }
        if duplicate && !with_dup {
            prop_assert_eq!(result.unwrap_err().info, Info::InvalidValue);
            prop_assert_eq!(m.nvals().unwrap(), 0);
        } else {
            result.unwrap();
            assert_matches(&m, &model, 0.0);
        }
    }

    #[test]
    fn vector_build_matches_the_model(
        ty in arb_type(),
        tuples in proptest::collection::vec((0u64..9, -3i8..=3), 0..30),
        in_order in any::<bool>(),
        by_row in any::<bool>(),
        with_dup in any::<bool>(),
    ) {
        // Indices given in increasing order take the build's one-pass path.
        let mut tuples = tuples;
        if in_order {
            tuples.sort_by_key(|t| t.0);
            tuples.dedup_by_key(|t| t.0);
        }
        let t = Type::builtin(ty);
        let v = Vector::new(&t, 9).unwrap();
        if by_row {
            v.as_matrix().set_orientation(Orientation::ByRow);
        }
        let indices: Vec<u64> = tuples.iter().map(|x| x.0).collect();
        let vals = Array::from_vec(tuples.iter().map(|x| x.1).collect::<Vec<i8>>());
        let dup = BinaryOp::builtin(BinaryCode::Plus, ty).unwrap();
        let result = v.build(&indices, vals, with_dup.then_some(&dup));
        let mut model = OMatrix::new(&t, 9, 1);
        let mut duplicate = false;
        for &(i, x) in &tuples {
            let x = Value::new(x).cast(&t).unwrap();
            let new = match model.get(i, 0) {
                Some(old) => { duplicate = true; apply_binary(&dup, old, &x) }
                None => x,
            };
            model.set(i, 0, new);
        }
        if duplicate && !with_dup {
            prop_assert_eq!(result.unwrap_err().info, Info::InvalidValue);
            prop_assert_eq!(v.nvals().unwrap(), 0);
        } else {
            result.unwrap();
            assert_matches(v.as_matrix(), &model, 0.0);
            v.as_matrix().snapshot().unwrap().check().unwrap();
        }
        let out_of_range = v.build(&[3, 9], Array::from_vec(vec![1i8, 2]), None);
        prop_assert_eq!(out_of_range.unwrap_err().info, if v.nvals().unwrap() == 0 {
            Info::IndexOutOfBounds
        } else {
            Info::OutputNotEmpty
        });
    }

    #[test]
    fn dup_and_resize_match_the_model(start in arb_matrix(TypeCode::Fp64, 7, 20), layout in arb_layout(), nr in 0u64..9, nc in 0u64..9) {
        let m = start.matrix(layout);
        let d = m.dup().unwrap();
        assert_matches(&d, &start, 0.0);
        m.resize(nr, nc).unwrap();
        let mut model = OMatrix::new(&start.ty, nr, nc);
        for (&(r, c), v) in &start.entries {
            if r < nr && c < nc {
                model.entries.insert((r, c), v.clone());
            }
        }
        assert_matches(&m, &model, 0.0);
        assert_matches(&d, &start, 0.0);
    }

    #[test]
    fn sparsity_control_chooses_the_stored_format(
        a in arb_matrix_dims(TypeCode::Int32, 5, 4, 20), b in arb_matrix_dims(TypeCode::Int32, 5, 4, 20),
        layout in arb_layout(), bits in 1i32..=15, edits in arb_edits(4),
    ) {
        // Content set before the control, by an operation after it (deferred
        // in non-blocking mode) and by element edits: every stored content
        // is in an allowed format and holds the model's entries.
        let c = a.matrix(layout);
        let control = Sparsity::from_bits(bits);
        c.set_sparsity_control(control).unwrap();
        prop_assert_eq!(c.sparsity_control(), control);
        let allowed = |m: &Matrix| {
            let status = m.sparsity_status().unwrap();
            // A full-only control holds absent entries as a bitmap.
            control.allows(status) || (bits == 8 && status == Sparsity::BITMAP)
        };
        prop_assert!(allowed(&c));
        assert_matches(&c, &a, 0.0);
        let plus = BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32).unwrap();
        ewise_add(&c, None, None, &plus, &a.matrix(layout), &b.matrix(layout), &Descriptor::default()).unwrap();
        prop_assert!(allowed(&c));
        let mut model = a.clone();
        for (&(r, k), v) in &b.entries {
            let sum = match model.get(r, k) {
                Some(x) => apply_binary(&plus, x, v),
                None => v.clone(),
            };
            model.set(r, k, sum);
        }
        assert_matches(&c, &model, 0.0);
        for e in edits {
            match e {
                Edit::Set(r, k, v) if r < 5 => {
                    c.set_element(r, k, &Value::new(v)).unwrap();
                    model.set(r, k, Value::new(v).cast(&Type::INT32).unwrap());
                }
                Edit::Remove(r, k) if r < 5 => {
                    c.remove_element(r, k).unwrap();
                    model.entries.remove(&(r, k));
                }
                _ => {}
            }
        }
        prop_assert!(allowed(&c));
        assert_matches(&c, &model, 0.0);
        c.snapshot().unwrap().check().unwrap();
        let d = c.dup().unwrap();
        prop_assert_eq!(d.sparsity_control(), control);
    }

    #[test]
    fn every_layout_holds_the_same_entries(start in arb_matrix(TypeCode::Uint16, 6, 20), layout in arb_layout()) {
        let m = start.matrix(layout);
        assert_matches(&m, &start, 0.0);
        for r in 0..start.nrows {
            for c in 0..start.ncols {
                let got = m.extract_element(r, c).unwrap();
                prop_assert_eq!(got.as_ref(), start.get(r, c));
            }
        }
    }
}

#[test]
fn a_million_set_elements_is_fast() {
    let n = 1_000_000u64;
    let m = Matrix::new(&Type::FP64, n, n).unwrap();
    let start = std::time::Instant::now();
    let mut state = 12345u64;
    for k in 0..n {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        m.set_element(state % n, (state >> 20) % n, &Value::new(k as f64))
            .unwrap();
    }
    assert!(m.nvals().unwrap() > 999_000);
    // Not a timing assertion: a quadratic implementation would not finish at all.
    eprintln!("1M setElement + assemble: {:?}", start.elapsed());
}

#[test]
fn set_element_writes_a_new_entry_of_a_bitmap_in_place() {
    // Nothing is left pending (BFS's parent vector would otherwise be
    // compressed and made bitmap again at its next use), and a copy taken
    // before the update keeps its content.
    let m = Matrix::new(&Type::INT32, 4, 5).unwrap();
    m.set_sparsity_control(Sparsity::BITMAP).unwrap();
    m.set_element(1, 2, &Value::new(7i32)).unwrap();
    assert!(!m.has_pending_work());
    let before = m.dup().unwrap();
    m.set_element(3, 4, &Value::new(9i32)).unwrap();
    m.set_element(1, 2, &Value::new(8i32)).unwrap();
    assert_eq!(m.sparsity_status().unwrap(), Sparsity::BITMAP);
    assert_eq!(m.nvals().unwrap(), 2);
    assert_eq!(m.extract_element(1, 2).unwrap(), Some(Value::new(8i32)));
    assert_eq!(m.extract_element(3, 4).unwrap(), Some(Value::new(9i32)));
    assert_eq!(before.nvals().unwrap(), 1);
    assert_eq!(
        before.extract_element(1, 2).unwrap(),
        Some(Value::new(7i32))
    );
}
