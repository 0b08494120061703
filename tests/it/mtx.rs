//! Matrix Market reading and writing: every file of LAGraph's test data (good
//! ones against LAGraph's own expectations, mangled ones must give errors),
//! round trips of random matrices of every type in every form the writer
//! chooses, reading into a requested type, and bad input that must give an
//! error naming the line, never a panic.

use crate::oracle;

use graphblas::raw::algebra::{Type, TypeCode, Value};
use graphblas::raw::io::mtx;
use graphblas::raw::object::{Matrix, INDEX_MAX};
use graphblas::Info;
use oracle::*;
use proptest::prelude::*;
use std::path::PathBuf;

/// LAGraph's test data: the folder `LAGRAPH_DATA` names (a LAGraph source
/// tree's `data`), else `../shared/data/lagraph` beside the repository when
/// it exists; `None` (and a note) when neither is there.
fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("LAGRAPH_DATA").map(PathBuf::from) {
        assert!(
            dir.is_dir(),
            "LAGRAPH_DATA={} is not a folder",
            dir.display()
        );
        return Some(dir);
    }
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/lagraph");
    if !shared.is_dir() {
        println!(
            "skipped: neither LAGRAPH_DATA nor ../shared/data (LAGraph's test matrices) is there"
        );
        return None;
    }
    Some(shared)
}

/// What LAGraph's own tests expect of its data files: (name, nrows, ncols, nvals, C type).
const GOOD_FILES: &[(&str, u64, u64, usize, &str)] = &[
    ("A.mtx", 7, 7, 30, "bool"),
    ("cover.mtx", 7, 7, 12, "int32_t"),
    ("cover_structure.mtx", 7, 7, 12, "bool"),
    ("jagmesh7.mtx", 1138, 1138, 7450, "bool"),
    ("ldbc-cdlp-directed-example.mtx", 8, 8, 18, "bool"),
    ("ldbc-cdlp-undirected-example.mtx", 8, 8, 24, "bool"),
    ("ldbc-directed-example-bool.mtx", 10, 10, 17, "bool"),
    ("ldbc-directed-example.mtx", 10, 10, 17, "double"),
    ("ldbc-directed-example-unweighted.mtx", 10, 10, 17, "bool"),
    ("ldbc-undirected-example-bool.mtx", 9, 9, 24, "bool"),
    ("ldbc-undirected-example.mtx", 9, 9, 24, "double"),
    ("ldbc-undirected-example-unweighted.mtx", 9, 9, 24, "bool"),
    ("ldbc-wcc-example.mtx", 10, 10, 30, "int64_t"),
    ("LFAT5.mtx", 14, 14, 46, "double"),
    ("msf1.mtx", 6, 6, 8, "int64_t"),
    ("msf2.mtx", 8, 8, 12, "int64_t"),
    ("msf3.mtx", 5, 5, 7, "int64_t"),
    ("sample2.mtx", 8, 8, 28, "bool"),
    ("sample.mtx", 8, 8, 12, "bool"),
    ("sources_7.mtx", 64, 1, 64, "int64_t"),
    ("olm1000.mtx", 1000, 1000, 3996, "double"),
    ("bcsstk13.mtx", 2003, 2003, 83883, "double"),
    ("cryg2500.mtx", 2500, 2500, 12349, "double"),
    ("tree-example.mtx", 6, 6, 10, "int64_t"),
    ("west0067.mtx", 67, 67, 294, "double"),
    ("lp_afiro.mtx", 27, 51, 102, "double"),
    ("lp_afiro_structure.mtx", 27, 51, 102, "bool"),
    ("karate.mtx", 34, 34, 156, "bool"),
    ("matrix_bool.mtx", 7, 7, 12, "bool"),
    ("matrix_int8.mtx", 7, 7, 12, "int8_t"),
    ("matrix_int16.mtx", 7, 7, 12, "int16_t"),
    ("matrix_int32.mtx", 7, 7, 12, "int32_t"),
    ("matrix_int64.mtx", 7, 7, 12, "int64_t"),
    ("matrix_uint8.mtx", 7, 7, 12, "uint8_t"),
    ("matrix_uint16.mtx", 7, 7, 12, "uint16_t"),
    ("matrix_uint32.mtx", 7, 7, 12, "uint32_t"),
    ("matrix_uint64.mtx", 7, 7, 12, "uint64_t"),
    ("matrix_fp32.mtx", 7, 7, 12, "float"),
    ("matrix_fp32_structure.mtx", 7, 7, 12, "bool"),
    ("matrix_fp64.mtx", 7, 7, 12, "double"),
    ("west0067_jumbled.mtx", 67, 67, 294, "double"),
    ("skew_fp32.mtx", 6, 6, 20, "float"),
    ("skew_fp64.mtx", 6, 6, 20, "double"),
    ("skew_int8.mtx", 6, 6, 20, "int8_t"),
    ("skew_int16.mtx", 6, 6, 20, "int16_t"),
    ("skew_int32.mtx", 6, 6, 20, "int32_t"),
    ("skew_int64.mtx", 6, 6, 20, "int64_t"),
    ("structure.mtx", 7, 7, 12, "int32_t"),
    ("full.mtx", 3, 3, 9, "double"),
    ("full_symmetric.mtx", 4, 4, 16, "double"),
    ("empty.mtx", 3, 4, 0, "int32_t"),
];

/// Files that are not valid (or not supported), and the error they give.
fn expected_error(name: &str) -> Option<Info> {
    match name {
        "complex.mtx" | "mangled15.mtx" | "mangled16.mtx" => Some(Info::NotImplemented),
        n if n.starts_with("mangled") => Some(Info::InvalidValue),
        _ => None,
    }
}

/// Both matrices hold the same entries; values equal bit for bit (NaN equals NaN).
fn assert_same(got: &Matrix, want: &OMatrix) {
    let g = OMatrix::of(got);
    assert_eq!(
        (g.nrows, g.ncols, &g.ty),
        (want.nrows, want.ncols, &want.ty)
    );
    assert_eq!(
        g.entries.keys().collect::<Vec<_>>(),
        want.entries.keys().collect::<Vec<_>>()
    );
    for (k, v) in &g.entries {
        let w = &want.entries[k];
        let both_nan = v.ty().code().is_float()
            && v.get::<f64>().unwrap().is_nan()
            && w.get::<f64>().unwrap().is_nan();
        assert!(
            v.bytes() == w.bytes() || both_nan,
            "at {k:?}: {v:?} != {w:?}"
        );
    }
}

fn round_trip(m: &Matrix) -> (Matrix, String) {
    let mut text = Vec::new();
    mtx::write(m, &mut text).unwrap();
    let back = mtx::parse(&text, None).unwrap_or_else(|e| {
        panic!(
            "reading back failed: {e}\n{}",
            String::from_utf8_lossy(&text)
        )
    });
    (back, String::from_utf8(text).unwrap())
}

#[test]
fn every_lagraph_file_reads_as_expected_or_fails_cleanly() {
    let Some(dir) = data_dir() else { return };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".mtx"))
        .collect();
    names.sort();
    assert!(names.len() > 50);
    for name in &names {
        let result = mtx::read_file(dir.join(name), None);
        match (expected_error(name), result) {
            (Some(info), Err(e)) => {
                assert_eq!(e.info, info, "{name}: {e}");
                // A bad line is named by its number; a repeated entry by its position.
                assert!(
                    e.message.contains("line")
                        || e.message.contains("more than once")
                        || info != Info::InvalidValue,
                    "{name}: {e}"
                );
            }
            (Some(_), Ok(_)) => panic!("{name} is mangled but was read"),
            (None, Err(e)) => panic!("{name}: {e}"),
            (None, Ok(m)) => {
                if let Some(&(_, r, c, n, t)) = GOOD_FILES.iter().find(|f| f.0 == name) {
                    assert_eq!(
                        (m.nrows(), m.ncols(), m.nvals().unwrap()),
                        (r, c, n),
                        "{name}"
                    );
                    assert_eq!(m.ty().name(), t, "{name}");
                }
                let (back, text) = round_trip(&m);
                assert_same(&back, &OMatrix::of(&m));
                assert!(text.contains(&format!("%%GraphBLAS type {}", m.ty().name())));
            }
        }
    }
}

#[test]
fn lagraph_files_have_the_right_content() {
    let Some(dir) = data_dir() else { return };
    // The jumbled file lists the same entries in another order.
    let a = mtx::read_file(dir.join("west0067.mtx"), None).unwrap();
    let b = mtx::read_file(dir.join("west0067_jumbled.mtx"), None).unwrap();
    assert_same(&b, &OMatrix::of(&a));
    // Skew-symmetric: A(j, i) = -A(i, j).
    let s = OMatrix::of(&mtx::read_file(dir.join("skew_int8.mtx"), None).unwrap());
    assert_eq!(s.get(3, 0), Some(&Value::new(-12i8)));
    assert_eq!(s.get(0, 3), Some(&Value::new(12i8)));
    // A dense symmetric array lists its lower triangle by columns.
    let f = OMatrix::of(&mtx::read_file(dir.join("full_symmetric.mtx"), None).unwrap());
    assert_eq!(f.get(1, 0), f.get(0, 1));
    assert_eq!(f.get(3, 2).unwrap().get::<f64>(), Some(19.899736404418945));
    // A pattern file with a named type has value 1 of that type.
    let p = OMatrix::of(&mtx::read_file(dir.join("structure.mtx"), None).unwrap());
    assert!(p.entries.values().all(|v| *v == Value::new(1i32)));
    // A dense general array is read by columns.
    let full = OMatrix::of(&mtx::read_file(dir.join("full.mtx"), None).unwrap());
    assert_eq!(full.get(1, 0).unwrap().get::<f64>(), Some(0.709));
    assert_eq!(full.get(0, 1).unwrap().get::<f64>(), Some(0.276));
    let noheader = mtx::read_file(dir.join("full_noheader.mtx"), None).unwrap();
    assert_same(&noheader, &full);
    // nan is a value.
    let c = OMatrix::of(&mtx::read_file(dir.join("comments_west0067.mtx"), None).unwrap());
    assert!(c.get(0, 0).unwrap().get::<f64>().unwrap().is_nan());
    // Reading into a requested type casts the values.
    let k = mtx::read_file(dir.join("karate.mtx"), Some(&Type::FP32)).unwrap();
    assert_eq!(k.ty(), &Type::FP32);
    assert_eq!(k.nvals().unwrap(), 156);
}

/// A random matrix turned into one of the forms the writer distinguishes.
fn arb_shaped_matrix() -> impl Strategy<Value = (OMatrix, u8)> {
    (0u64..7, 0u64..7, arb_real_type(), 0u8..5)
        .prop_flat_map(|(r, c, t, shape)| {
            let n = if shape == 1 || shape == 2 { r } else { c };
            (arb_matrix_dims(t, r, n, 30), Just(shape))
        })
        .prop_map(|(mut m, shape)| {
            match shape {
                1 => {
                    // symmetric
                    m.entries.retain(|(r, c), _| r >= c);
                    for ((r, c), v) in m.entries.clone() {
                        m.entries.insert((c, r), v);
                    }
                }
                2 => {
                    // skew-symmetric when the type is signed
                    let neg = |v: &Value| match v.ty().code() {
                        TypeCode::Int8 => Value::new(v.get::<i8>().unwrap().wrapping_neg()),
                        TypeCode::Int16 => Value::new(v.get::<i16>().unwrap().wrapping_neg()),
                        TypeCode::Int32 => Value::new(v.get::<i32>().unwrap().wrapping_neg()),
                        TypeCode::Int64 => Value::new(v.get::<i64>().unwrap().wrapping_neg()),
                        TypeCode::Fp32 => Value::new(-v.get::<f32>().unwrap()),
                        TypeCode::Fp64 => Value::new(-v.get::<f64>().unwrap()),
                        _ => v.clone(),
                    };
                    m.entries.retain(|(r, c), _| r > c);
                    for ((r, c), v) in m.entries.clone() {
                        m.entries.insert((c, r), neg(&v));
                    }
                }
                3 => {
                    // dense
                    for r in 0..m.nrows {
                        for c in 0..m.ncols {
                            m.entries
                                .entry((r, c))
                                .or_insert_with(|| Value::new(2i8).cast(&m.ty).unwrap());
                        }
                    }
                }
                4 => {
                    // all ones
                    let one = Value::new(1i8).cast(&m.ty).unwrap();
                    m.entries.values_mut().for_each(|v| *v = one.clone());
                }
                _ => {}
            }
            (m, shape)
        })
}

/// Any value of a type, bit patterns included (NaN, infinities, subnormals, extremes).
fn arb_any_value(t: TypeCode) -> BoxedStrategy<Value> {
    match t {
        TypeCode::Bool => any::<bool>().prop_map(Value::new).boxed(),
        TypeCode::Int8 => any::<i8>().prop_map(Value::new).boxed(),
        TypeCode::Uint8 => any::<u8>().prop_map(Value::new).boxed(),
        TypeCode::Int16 => any::<i16>().prop_map(Value::new).boxed(),
        TypeCode::Uint16 => any::<u16>().prop_map(Value::new).boxed(),
        TypeCode::Int32 => any::<i32>().prop_map(Value::new).boxed(),
        TypeCode::Uint32 => any::<u32>().prop_map(Value::new).boxed(),
        TypeCode::Int64 => any::<i64>().prop_map(Value::new).boxed(),
        TypeCode::Uint64 => any::<u64>().prop_map(Value::new).boxed(),
        TypeCode::Fp32 => any::<u32>()
            .prop_map(|b| Value::new(f32::from_bits(b)))
            .boxed(),
        TypeCode::Fp64 => any::<u64>()
            .prop_map(|b| Value::new(f64::from_bits(b)))
            .boxed(),
        TypeCode::Fc32 | TypeCode::Fc64 | TypeCode::Udt => unreachable!("real types only"),
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn random_matrices_round_trip((m, shape) in arb_shaped_matrix(), layout in arb_layout()) {
        let engine = m.matrix(layout);
        let (back, text) = round_trip(&engine);
        assert_same(&back, &m);
        let banner = text.lines().next().unwrap().to_string();
        let signed = m.ty.code().is_signed_integer() || m.ty.code().is_float();
        let nonempty = !m.entries.is_empty();
        if shape == 1 && nonempty && m.nrows == m.ncols {
            prop_assert!(banner.ends_with(" symmetric"), "{}", banner);
        }
        if shape == 2 && signed && m.entries.values().any(|v| v.bytes().iter().any(|&b| b != 0)) {
            prop_assert!(banner.ends_with("skew-symmetric") || banner.ends_with(" symmetric"), "{}", banner);
        }
        if shape == 4 {
            prop_assert!(banner.contains(" pattern "), "{}", banner);
        }
        if shape == 3 && nonempty && banner.contains(" array ") {
            prop_assert!(!text.lines().nth(3).unwrap().contains(' '));
        }
    }

    #[test]
    fn extreme_values_round_trip(
        m in (0u64..5, 0u64..5, arb_real_type()).prop_flat_map(|(r, c, t)| {
            proptest::collection::vec((0..r.max(1), 0..c.max(1), arb_any_value(t)), 0..12)
                .prop_map(move |ents| {
                    let mut m = OMatrix::new(&Type::builtin(t), r, c);
                    for (i, j, v) in ents {
                        if i < r && j < c {
                            m.entries.insert((i, j), v);
                        }
                    }
                    m
                })
        }),
        layout in arb_layout(),
    ) {
        let (back, _) = round_trip(&m.matrix(layout));
        assert_same(&back, &m);
    }

    #[test]
    fn reading_into_another_type_casts((m, _) in arb_shaped_matrix(), to in arb_real_type()) {
        let mut text = Vec::new();
        mtx::write(&m.matrix(Layout::ALL[0]), &mut text).unwrap();
        let to = Type::builtin(to);
        let back = mtx::parse(&text, Some(&to)).unwrap();
        assert_same(&back, &m.cast(&to));
    }

    #[test]
    fn damaged_files_never_panic(
        (m, _) in arb_shaped_matrix(),
        cut in any::<prop::sample::Index>(),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    ) {
        let mut text = Vec::new();
        mtx::write(&m.matrix(Layout::ALL[0]), &mut text).unwrap();
        for (at, byte) in flips {
            let k = at.index(text.len());
            text[k] = byte;
        }
        let keep = cut.index(text.len() + 1);
        text.truncate(keep);
        let _ = mtx::parse(&text, None);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = mtx::parse(&bytes, None);
        let mut text = b"%%MatrixMarket matrix coordinate real general\n".to_vec();
        text.extend_from_slice(&bytes);
        let _ = mtx::parse(&text, None);
    }
}

/// Parses `text` and returns the error, which must be `GrB_INVALID_VALUE` naming `line`.
fn error_at(text: &str, line: usize) -> String {
    let e = mtx::parse(text.as_bytes(), None)
        .err()
        .expect("the input is bad");
    assert_eq!(e.info, Info::InvalidValue, "{e}");
    assert!(
        e.message.contains(&format!("line {line}:")),
        "expected line {line}: {e}"
    );
    e.message
}

#[test]
fn bad_input_names_the_line() {
    const H: &str = "%%MatrixMarket matrix coordinate real general\n";
    error_at("", 0);
    error_at("%%MatrixMarket matrix coordinate real general", 1);
    error_at("%%MatrixMarket tensor coordinate real general\n2 2 0\n", 1);
    error_at(
        "%%MatrixMarket matrix coordinate real general extra\n2 2 0\n",
        1,
    );
    error_at("%%MatrixMarket matrix coordinate real\n2 2 0\n", 1);
    error_at(&format!("{H}% comment\n2 2\n"), 3);
    error_at(&format!("{H}2 x 1\n"), 2);
    error_at(&format!("{H}2 2 2\n1 1 1.0\n"), 3);
    error_at(&format!("{H}2 2 2\n1 1 1.0\n\n% c\n"), 5);
    error_at(&format!("{H}2 2 1\n1 1 1.0\n2 2 2.0\n"), 4);
    error_at(&format!("{H}2 2 1\n% c\n0 1 1.0\n"), 4);
    error_at(&format!("{H}2 2 1\n1 3 1.0\n"), 3);
    error_at(&format!("{H}2 2 1\n1 1\n"), 3);
    error_at(&format!("{H}2 2 1\n1 1 1.0 7\n"), 3);
    error_at(&format!("{H}2 2 1\n1 1 one\n"), 3);
    error_at(&format!("{H}2 2 1\n-1 1 1.0\n"), 3);
    error_at(&format!("{H}1152921504606846977 1 0\n"), 2);
    error_at(
        "%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n",
        2,
    );
    error_at("%%MatrixMarket matrix array pattern general\n2 2\n", 1);
    error_at(
        "%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 0\n",
        1,
    );
    error_at("%%MatrixMarket matrix coordinate integer skew-symmetric\n%%GraphBLAS type uint8_t\n2 2 0\n", 3);
    error_at(
        "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int9_t\n2 2 0\n",
        2,
    );
    error_at("%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int8_t\n2 2 1\n1 1 200\n", 4);
    error_at(
        "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n",
        5,
    );
    error_at(
        "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n5\n",
        7,
    );
    error_at(
        "%%MatrixMarket matrix array real general\n1000000000 1000000000\n1\n",
        3,
    );
    let dup = mtx::parse(format!("{H}2 2 2\n2 1 1\n2 1 2\n").as_bytes(), None)
        .err()
        .unwrap();
    assert_eq!(dup.info, Info::InvalidValue);
    assert!(dup.message.contains("row 2, column 1"), "{dup}");
    let dup = mtx::parse(
        b"%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n2 1 1\n1 2 2\n",
        None,
    )
    .err()
    .unwrap();
    assert_eq!(dup.info, Info::InvalidValue);
    let e = mtx::parse(
        b"%%MatrixMarket matrix coordinate complex general\n2 2 0\n",
        None,
    )
    .err()
    .unwrap();
    assert_eq!(e.info, Info::NotImplemented);
    let e = mtx::parse(format!("{H}2 2 0\n").as_bytes(), Some(&Type::user("u", 3)))
        .err()
        .unwrap();
    assert_eq!(e.info, Info::NotImplemented);
    let m = Matrix::new(&Type::user("u", 3), 2, 2).unwrap();
    assert_eq!(
        mtx::write(&m, Vec::new()).unwrap_err().info,
        Info::NotImplemented
    );
}

#[test]
fn lenient_where_the_format_allows() {
    // CRLF line ends, blank and comment lines anywhere, case-insensitive
    // banner, Hermitian real (symmetric), a %%GraphBLAS line that is a comment.
    let text = "%%MatrixMarket MATRIX Coordinate Real Hermitian\r\n%%GraphBLAS comment\r\n\r\n% c\r\n3 3 2\r\n\r\n2 1 1.5\r\n% c\r\n3 3 -2e0\r\n";
    let m = OMatrix::of(&mtx::parse(text.as_bytes(), None).unwrap());
    assert_eq!(m.ty, Type::FP64);
    assert_eq!(m.get(0, 1), Some(&Value::new(1.5f64)));
    assert_eq!(m.get(1, 0), Some(&Value::new(1.5f64)));
    assert_eq!(m.get(2, 2), Some(&Value::new(-2.0f64)));
    assert_eq!(m.entries.len(), 3);
    // No banner: three sizes mean coordinate real general.
    let m = mtx::parse(b"2 3 1\n2 3 4.5\n", None).unwrap();
    assert_eq!(m.extract_element(1, 2).unwrap(), Some(Value::new(4.5f64)));
}

#[test]
fn huge_dimensions_stay_sparse() {
    let n = INDEX_MAX + 1;
    let text =
        format!("%%MatrixMarket matrix coordinate integer general\n{n} {n} 2\n{n} 1 7\n3 {n} -2\n");
    let m = mtx::parse(text.as_bytes(), None).unwrap();
    assert_eq!(m.nrows(), n);
    assert_eq!(m.extract_element(n - 1, 0).unwrap(), Some(Value::new(7i64)));
    let (back, out) = round_trip(&m);
    assert_same(&back, &OMatrix::of(&m));
    assert!(out.contains(&format!("{n} {n} 2")));
    let dup =
        format!("%%MatrixMarket matrix coordinate pattern general\n{n} {n} 2\n{n} 1\n{n} 1\n");
    let e = mtx::parse(dup.as_bytes(), None).err().unwrap();
    assert_eq!(e.info, Info::InvalidValue);
    assert!(e.message.contains(&format!("row {n}, column 1")), "{e}");
}
