//! Import/export (`storage::exchange`) and serialization (`storage::serialize`)
//! against the oracle: every built-in type and a user-defined one, every storage
//! layout, every exchange format; export → import and serialize → deserialize
//! give back the same entries, and exports lay the entries out as the spec says.

use crate::oracle;

use graphblas::raw::algebra::{Type, TypeCode, Value};
use graphblas::raw::storage::exchange::{
    export, export_sizes, import, ExchangeFormat, ExportBuffers, ImportArrays,
};
use graphblas::raw::storage::serialize::{deserialize, serialize, serialized_size};
use graphblas::raw::storage::MatrixStore;
use graphblas::Info;
use oracle::*;
use proptest::prelude::*;

/// The arrays of an export.
struct Exported {
    indptr: Vec<u64>,
    indices: Vec<u64>,
    values: Vec<u8>,
}

fn export_all(store: &MatrixStore, format: ExchangeFormat) -> Result<Exported, Info> {
    let s = export_sizes(store, format).map_err(|e| e.info)?;
    let mut out = Exported {
        indptr: vec![u64::MAX; s.indptr],
        indices: vec![u64::MAX; s.indices],
        values: vec![0xAB; s.values * store.ty().size()],
    };
    let got = export(
        store,
        format,
        ExportBuffers {
            indptr: &mut out.indptr,
            indices: &mut out.indices,
            values: &mut out.values,
        },
    )
    .map_err(|e| e.info)?;
    assert_eq!(got, s);
    Ok(out)
}

/// The entries an export describes, read back as the spec defines each format.
fn entries_of(e: &Exported, ty: &Type, nrows: u64, ncols: u64, format: ExchangeFormat) -> OMatrix {
    let size = ty.size();
    let value = |k: usize| Value::from_bytes(ty, &e.values[k * size..(k + 1) * size]);
    let mut m = OMatrix::new(ty, nrows, ncols);
    let mut put = |r: u64, c: u64, v: Value| {
        assert!(
            m.entries.insert((r, c), v).is_none(),
            "({r}, {c}) exported twice"
        );
    };
    match format {
        ExchangeFormat::Csr | ExchangeFormat::Csc => {
            let outer = e.indptr.len() - 1;
            assert_eq!(e.indptr[0], 0);
            for j in 0..outer {
                let (a, b) = (e.indptr[j] as usize, e.indptr[j + 1] as usize);
                assert!(
                    e.indices[a..b].windows(2).all(|w| w[0] < w[1]),
                    "exported vectors are sorted"
                );
                for k in a..b {
                    let (r, c) = if format == ExchangeFormat::Csr {
                        (j as u64, e.indices[k])
                    } else {
                        (e.indices[k], j as u64)
                    };
                    put(r, c, value(k));
                }
            }
        }
        ExchangeFormat::Coo => {
            for k in 0..e.indptr.len() {
                put(e.indices[k], e.indptr[k], value(k));
            }
        }
        ExchangeFormat::DenseRow | ExchangeFormat::DenseCol => {
            for r in 0..nrows {
                for c in 0..ncols {
                    let k = if format == ExchangeFormat::DenseRow {
                        r * ncols + c
                    } else {
                        r + c * nrows
                    };
                    put(r, c, value(k as usize));
                }
            }
        }
    }
    m
}

fn check_round_trips(model: &OMatrix, layout: Layout) {
    let store = model.store(layout);
    let ty = &model.ty;
    for format in ExchangeFormat::ALL {
        let dense = matches!(format, ExchangeFormat::DenseRow | ExchangeFormat::DenseCol);
        let full = model.entries.len() as u64 == model.nrows * model.ncols;
        let exported = match export_all(&store, format) {
            Ok(e) => e,
            Err(info) => {
                assert!(
                    dense && !full && info == Info::InvalidValue,
                    "{format:?}: {info:?}"
                );
                continue;
            }
        };
        assert_eq!(
            &entries_of(&exported, ty, model.nrows, model.ncols, format),
            model,
            "{format:?} export"
        );
        let back = import(
            ty,
            model.nrows,
            model.ncols,
            format,
            ImportArrays {
                indptr: &exported.indptr,
                indices: &exported.indices,
                values: &exported.values,
            },
        )
        .unwrap();
        back.check().unwrap();
        assert!(back.same_entries(&store), "{format:?} import");
    }
    let blob = serialize(&store).unwrap();
    assert_eq!(blob.len(), serialized_size(&store).unwrap());
    let given = (!ty.is_builtin()).then_some(ty);
    let back = deserialize(&blob, given).unwrap();
    assert_eq!(back, store, "serialization keeps format and orientation");
}

/// A random matrix of a user-defined 3-byte type (values from small integers).
fn udt_model(ty: &Type, base: &OMatrix) -> OMatrix {
    let mut m = OMatrix::new(ty, base.nrows, base.ncols);
    for (&(r, c), v) in &base.entries {
        let b = v.get::<i8>().unwrap() as u8;
        m.entries
            .insert((r, c), Value::from_bytes(ty, &[b, b ^ 0x55, 7]));
    }
    m
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn every_type_layout_and_format_round_trips(
        ty in arb_type(),
        model in arb_matrix(TypeCode::Int8, 6, 30),
        layout in arb_layout(),
    ) {
        check_round_trips(&model.cast(&Type::builtin(ty)), layout);
    }

    #[test]
    fn user_defined_types_round_trip(model in arb_matrix(TypeCode::Int8, 5, 20), layout in arb_layout()) {
        let ty = Type::user("triple", 3);
        check_round_trips(&udt_model(&ty, &model), layout);
    }

    #[test]
    fn full_matrices_round_trip_densely(
        ty in arb_type(),
        nrows in 1u64..5,
        ncols in 1u64..5,
        layout in arb_layout(),
    ) {
        let mut model = OMatrix::new(&Type::builtin(ty), nrows, ncols);
        for r in 0..nrows {
            for c in 0..ncols {
                model.set(r, c, Value::new((r * 7 + c) as i8));
            }
        }
        check_round_trips(&model, layout);
    }
}

#[test]
fn hypersparse_matrices_near_the_dimension_limit() {
    let big = 1u64 << 60;
    let mut model = OMatrix::new(&Type::FP64, big, big);
    model.set(big - 1, 3, Value::new(1.5f64));
    model.set(0, big - 1, Value::new(-2.0f64));
    let store = model.store(Layout::Hyper(graphblas::Orientation::ByRow));
    let coo = export_all(&store, ExchangeFormat::Coo).unwrap();
    assert_eq!(
        entries_of(&coo, &Type::FP64, big, big, ExchangeFormat::Coo),
        model
    );
    // CSR would need 2^60 + 1 pointers: the sizes say so, and nothing allocates them.
    let s = export_sizes(&store, ExchangeFormat::Csr).unwrap();
    assert_eq!(s.indptr as u64, big + 1);
    let blob = serialize(&store).unwrap();
    assert!(blob.len() < 200);
    assert_eq!(deserialize(&blob, None).unwrap(), store);
    let back = import(
        &Type::FP64,
        big,
        big,
        ExchangeFormat::Coo,
        ImportArrays {
            indptr: &coo.indptr,
            indices: &coo.indices,
            values: &coo.values,
        },
    )
    .unwrap();
    assert!(back.same_entries(&store));
}

#[test]
fn import_takes_longer_arrays_for_csr() {
    // LAGraph re-imports arrays whose capacities exceed the entries they hold.
    let x: Vec<u8> = [1.0f64, 2.0, 3.0, 9.0]
        .iter()
        .flat_map(|v| v.to_ne_bytes())
        .collect();
    let a = import(
        &Type::FP64,
        2,
        3,
        ExchangeFormat::Csr,
        ImportArrays {
            indptr: &[0, 2, 3, 77],
            indices: &[2, 0, 1, 5],
            values: &x,
        },
    )
    .unwrap();
    let (r, c, v) = a.tuples();
    assert_eq!((r, c), (vec![0, 0, 1], vec![0, 2, 1]));
    assert_eq!(v.as_slice::<f64>().unwrap(), &[2.0, 1.0, 3.0]);
}
