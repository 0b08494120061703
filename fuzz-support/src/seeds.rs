//! The seed corpus, made here so it can be remade (`write_seeds` in the smoke
//! tests): call sequences spelled in the driver's encoding, matrices
//! serialized by the library, import arrays, and Matrix Market texts.

use engine::raw::algebra::{Type, Value};
use engine::raw::object::Matrix;
use engine::raw::storage::serialize::serialize;
use engine::Orientation;

/// A named seed.
type Seed = (&'static str, Vec<u8>);

/// Every target's seeds.
pub(crate) fn all() -> Vec<(&'static str, Vec<Seed>)> {
    vec![
        ("c_api_calls", calls()),
        ("deserialize", blobs()),
        ("import", imports()),
        ("mtx", mtx_texts()),
    ]
}

/// `GrB_Matrix_new(&slot[k], type, n, n)` with `type` the `t`-th built-in (11: the user type).
fn new_matrix(k: u8, t: u8, n: u8) -> Vec<u8> {
    vec![0, k, t, 0, n, 0, n, 1]
}

/// `GrB_Matrix_setElement_INT32(slot[k], x, i, j)`.
fn set_int32(k: u8, i: u8, j: u8, x: u8) -> Vec<u8> {
    vec![3, k, 0, i, 0, j, 2, 0, x, 0, 0, 0, 0, 0, 0, 0]
}

/// `GrB_mxm(slot[c], NULL, NULL, semiring s, slot[a], slot[b], NULL)`.
fn mxm(c: u8, s: u8, a: u8, b: u8) -> Vec<u8> {
    vec![9, c, 1, 1, s, a, b, 1]
}

fn calls() -> Vec<Seed> {
    let two_int32 = [
        new_matrix(0, 5, 4),
        new_matrix(1, 5, 4),
        set_int32(1, 2, 3, 7),
        set_int32(1, 0, 0, 1),
        set_int32(1, 3, 2, 5),
    ]
    .concat();
    let multiply = [
        two_int32.clone(),
        mxm(0, 0, 1, 1),
        // nvals(slot 0)
        vec![5, 1, 0, 1],
    ]
    .concat();
    let serialize = [
        two_int32.clone(),
        // serialize slot 1, deserialize into slot 3 (no corruption, NULL type)
        vec![20, 1, 1, 1, 0, 1, 3],
        mxm(0, 0, 3, 1),
    ]
    .concat();
    let mixed_types = [
        new_matrix(0, 10, 3),
        new_matrix(2, 0, 3),
        set_int32(0, 1, 1, 9),
        set_int32(2, 2, 1, 1),
        // eWiseAdd slot0 = slot0 + slot2 (PLUS_FP64)
        vec![11, 0, 1, 1, 0, 2, 1, 0, 1],
        // transpose slot2 into slot0
        vec![14, 0, 1, 1, 2, 1],
    ]
    .concat();
    vec![
        ("multiply", multiply),
        ("serialize", serialize),
        ("mixed_types", mixed_types),
        ("new_only", new_matrix(3, 3, 8)),
    ]
}

/// A matrix of `ty` with the given entries, stored by `orient`.
fn matrix(ty: Type, m: u64, n: u64, orient: Orientation, entries: &[(u64, u64, Value)]) -> Matrix {
    let a = Matrix::new_oriented(&ty, m, n, orient).expect("a seed matrix");
    for (i, j, x) in entries {
        a.set_element(*i, *j, x).expect("a seed entry");
    }
    a.wait().expect("assembled");
    a
}

/// The deserialize target's input: a type byte (12: NULL) and the blob.
fn blob(type_byte: &[u8], a: &Matrix) -> Vec<u8> {
    let store = a.snapshot().expect("a snapshot");
    [type_byte, &serialize(&store).expect("a blob")].concat()
}

fn blobs() -> Vec<Seed> {
    let by_row = Orientation::ByRow;
    let by_col = Orientation::ByCol;
    let huge = (1u64 << 60) - 1;
    let user = Type::user("pair", 4);
    let full: Vec<_> = (0..3)
        .flat_map(|i| (0..3).map(move |j| (i, j, Value::new((i * 3 + j) as f32))))
        .collect();
    vec![
        ("empty", blob(&[12], &matrix(Type::FP64, 0, 0, by_row, &[]))),
        (
            "int32",
            blob(
                &[12],
                &matrix(
                    Type::INT32,
                    4,
                    5,
                    by_row,
                    &[(0, 1, Value::new(3i32)), (2, 4, Value::new(-1i32))],
                ),
            ),
        ),
        (
            "bool_by_col",
            blob(
                &[12],
                &matrix(Type::BOOL, 6, 1, by_col, &[(5, 0, Value::new(true))]),
            ),
        ),
        (
            "hypersparse",
            blob(
                &[12],
                &matrix(
                    Type::UINT64,
                    huge,
                    huge,
                    by_row,
                    &[
                        (huge - 1, 7, Value::new(9u64)),
                        (3, huge - 1, Value::new(1u64)),
                    ],
                ),
            ),
        ),
        (
            "full_fp32",
            blob(&[12], &matrix(Type::FP32, 3, 3, by_col, &full)),
        ),
        (
            "user_type",
            blob(
                &[11, 3],
                &matrix(
                    user.clone(),
                    2,
                    2,
                    by_row,
                    &[(1, 0, Value::from_bytes(&user, &[1, 2, 3, 4]))],
                ),
            ),
        ),
    ]
}

/// The import target's input: type, format, dimensions, array lengths, arrays, values.
fn import_seed(ty: u8, format: u8, m: u8, n: u8, indptr: &[u8], indices: &[u8], nx: u8) -> Vec<u8> {
    let mut out = vec![
        ty,
        format,
        0,
        m,
        0,
        n,
        indptr.len() as u8,
        indices.len() as u8,
        nx,
    ];
    for &x in indptr.iter().chain(indices) {
        out.extend([0, x]);
    }
    out.extend((0..nx as usize * 16).map(|k| k as u8));
    out
}

fn imports() -> Vec<Seed> {
    vec![
        (
            "csr_int32",
            import_seed(5, 0, 3, 3, &[0, 1, 1, 3], &[2, 0, 1], 3),
        ),
        (
            "csc_fp64",
            import_seed(10, 1, 2, 3, &[0, 0, 2, 2], &[0, 1], 2),
        ),
        (
            "coo_bool",
            import_seed(0, 2, 4, 4, &[3, 0, 2], &[1, 1, 3], 3),
        ),
        ("dense_row_uint8", import_seed(2, 3, 2, 3, &[], &[], 6)),
        ("dense_col_int64", import_seed(7, 4, 3, 1, &[], &[], 3)),
        ("user_csr", import_seed(11, 0, 2, 2, &[0, 1, 2], &[1, 0], 2)),
    ]
}

fn mtx_texts() -> Vec<Seed> {
    let texts: [(&str, &str); 7] = [
        (
            "real_general",
            "%%MatrixMarket matrix coordinate real general\n% a comment\n3 4 3\n1 1 1.5\n2 4 -2e3\n3 2 0\n",
        ),
        (
            "pattern_symmetric",
            "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n4 3\n3 3\n",
        ),
        (
            "integer_skew",
            "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 5\n3 1 -7\n",
        ),
        (
            "array_real",
            "%%MatrixMarket matrix array real general\n2 3\n1\n2\n3\n4\n5\n6\n",
        ),
        (
            "graphblas_type",
            "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type uint8_t\n2 2 2\n1 2 255\n2 1 3\n",
        ),
        ("no_banner", "2 2 1\n1 1 0.25\n"),
        (
            "hermitian",
            "%%MatrixMarket matrix coordinate real hermitian\n2 2 2\n1 1 1\n2 1 4\n",
        ),
    ];
    texts
        .iter()
        .map(|(name, text)| (*name, [&[12u8][..], text.as_bytes()].concat()))
        .collect()
}
