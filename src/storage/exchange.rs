//! Exchanging matrix content with caller arrays in the spec's non-opaque
//! formats (`GrB_Matrix_import` / `GrB_Matrix_export`, spec appendix B):
//!
//! * CSR: `indptr` = `nrows + 1` row pointers, `indices` = column indices,
//!   `values`; the entries of a row may come in any order on import and are
//!   sorted on export.
//! * CSC: the same by column (`ncols + 1` pointers, row indices).
//! * COO: as the spec defines it, `indptr` holds the **column** index and
//!   `indices` the **row** index of each entry, in any order.
//! * Dense by row / by column: `values` only, entry `(i, j)` at `i * ncols + j`
//!   (by row) or `i + j * nrows` (by column); `indptr` and `indices` are unused.
//!
//! Values are raw bytes of the element type (native byte order). Import
//! validates everything: invalid lengths or pointers (`GrB_INVALID_VALUE`),
//! indices or pointers beyond the dimensions or the arrays
//! (`GrB_INDEX_OUT_OF_BOUNDS`), duplicate entries (`GrB_INVALID_VALUE`).

use super::array::Array;
use super::build::{build_compressed, Dup};
use super::compressed::Compressed;
use super::store::{Format, Full, MatrixStore, Orientation};
use crate::algebra::Type;
use crate::error::{out_of_memory, try_with_capacity, Result};
use crate::{ensure, fail};

/// The external formats of import and export (`GrB_Format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExchangeFormat {
    /// `GrB_CSR_FORMAT`
    Csr,
    /// `GrB_CSC_FORMAT`
    Csc,
    /// `GrB_COO_FORMAT`
    Coo,
    /// `GrB_DENSE_ROW_FORMAT`
    DenseRow,
    /// `GrB_DENSE_COL_FORMAT`
    DenseCol,
}

impl ExchangeFormat {
    /// Every format, in the order of their spec codes.
    pub const ALL: [ExchangeFormat; 5] = [
        ExchangeFormat::Csr,
        ExchangeFormat::Csc,
        ExchangeFormat::Coo,
        ExchangeFormat::DenseRow,
        ExchangeFormat::DenseCol,
    ];

    /// The format with the given `GrB_Format` value; `GrB_INVALID_VALUE` otherwise.
    pub fn from_spec_code(code: i32) -> Result<ExchangeFormat> {
        usize::try_from(code)
            .ok()
            .and_then(|k| ExchangeFormat::ALL.get(k).copied())
            .ok_or_else(|| {
                crate::error::Error::new(
                    crate::error::Info::InvalidValue,
                    format!("invalid matrix format {code}: use GrB_CSR_FORMAT, GrB_CSC_FORMAT, GrB_COO_FORMAT, GrB_DENSE_ROW_FORMAT or GrB_DENSE_COL_FORMAT"),
                )
            })
    }

    /// The `GrB_Format` value.
    pub fn spec_code(self) -> i32 {
        self as i32
    }

    /// The orientation of the compressed formats (and of the dense ones).
    fn orientation(self) -> Orientation {
        match self {
            ExchangeFormat::Csr | ExchangeFormat::Coo | ExchangeFormat::DenseRow => {
                Orientation::ByRow
            }
            ExchangeFormat::Csc | ExchangeFormat::DenseCol => Orientation::ByCol,
        }
    }
}

/// The lengths, in elements, of the three arrays of an exchange.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExchangeSizes {
    /// Elements of `indptr`.
    pub indptr: usize,
    /// Elements of `indices`.
    pub indices: usize,
    /// Elements (values, not bytes) of `values`.
    pub values: usize,
}

/// The largest dimension (`GrB_INDEX_MAX + 1` = 2^60).
pub const MAX_DIMENSION: u64 = 1 << 60;

/// Checks that a dimension is at most [`MAX_DIMENSION`] (`GrB_INVALID_VALUE`).
fn check_dimension(n: u64, what: &str) -> Result<()> {
    ensure!(
        n <= MAX_DIMENSION,
        InvalidValue,
        "{what} {n} exceeds GrB_INDEX_MAX + 1 = 2^60"
    );
    Ok(())
}

/// Converts a count to `usize`, or `GrB_OUT_OF_MEMORY` when it cannot be held.
fn to_usize(n: u64, what: &str) -> Result<usize> {
    usize::try_from(n).map_err(|_| out_of_memory(what))
}

/// The number of positions of a dense `nrows × ncols` matrix.
fn dense_len(nrows: u64, ncols: u64) -> Result<usize> {
    let n = nrows.checked_mul(ncols).ok_or_else(|| {
        crate::error::Error::new(
            crate::error::Info::InvalidValue,
            format!("a dense {nrows} x {ncols} matrix has more than 2^64 positions"),
        )
    })?;
    to_usize(n, "dense values")
}

/// The array lengths `GrB_Matrix_exportSize` reports for exporting `store` in `format`.
pub fn export_sizes(store: &MatrixStore, format: ExchangeFormat) -> Result<ExchangeSizes> {
    let nvals = store.nvals();
    Ok(match format {
        ExchangeFormat::Csr | ExchangeFormat::Csc => {
            let (_, vdim) = format
                .orientation()
                .vector_dims(store.nrows(), store.ncols());
            ExchangeSizes {
                indptr: to_usize(vdim, "vector pointers")?
                    .checked_add(1)
                    .ok_or_else(|| out_of_memory("vector pointers"))?,
                indices: nvals,
                values: nvals,
            }
        }
        ExchangeFormat::Coo => ExchangeSizes {
            indptr: nvals,
            indices: nvals,
            values: nvals,
        },
        ExchangeFormat::DenseRow | ExchangeFormat::DenseCol => ExchangeSizes {
            indptr: 0,
            indices: 0,
            values: dense_len(store.nrows(), store.ncols())?,
        },
    })
}

/// The format `GrB_Matrix_exportHint` suggests: the one the content is already
/// closest to (COO for hypersparse content, whose pointers would be mostly empty).
pub fn export_hint(store: &MatrixStore) -> ExchangeFormat {
    match (store.format(), store.orient()) {
        (Format::Sparse(c), _) if c.is_hyper() => ExchangeFormat::Coo,
        (_, Orientation::ByRow) => ExchangeFormat::Csr,
        (_, Orientation::ByCol) => ExchangeFormat::Csc,
    }
}

/// The caller's arrays for an export, each at least as long as
/// [`export_sizes`] says (`values` in bytes: values × element size).
pub struct ExportBuffers<'a> {
    /// Receives `indptr`.
    pub indptr: &'a mut [u64],
    /// Receives `indices`.
    pub indices: &'a mut [u64],
    /// Receives the values' bytes.
    pub values: &'a mut [u8],
}

/// Writes `store` into the caller's arrays in `format` and returns the lengths
/// written. Nothing is written unless everything fits (`GrB_INSUFFICIENT_SPACE`),
/// and the dense formats need every entry present (`GrB_INVALID_VALUE`).
pub fn export(
    store: &MatrixStore,
    format: ExchangeFormat,
    out: ExportBuffers<'_>,
) -> Result<ExchangeSizes> {
    let sizes = export_sizes(store, format)?;
    let size = store.ty().size();
    let value_bytes = sizes
        .values
        .checked_mul(size)
        .ok_or_else(|| out_of_memory("values"))?;
    ensure!(
        out.indptr.len() >= sizes.indptr
            && out.indices.len() >= sizes.indices
            && out.values.len() >= value_bytes,
        InsufficientSpace,
        "the export needs arrays of {} (indptr), {} (indices) and {} (values) elements; \
         the arrays given hold {}, {} and {}",
        sizes.indptr,
        sizes.indices,
        sizes.values,
        out.indptr.len(),
        out.indices.len(),
        out.values.len() / size
    );
    let values = &mut out.values[..value_bytes];
    match format {
        ExchangeFormat::Csr | ExchangeFormat::Csc => {
            let c = store.compressed(format.orientation());
            write_pointers(&c, &mut out.indptr[..sizes.indptr]);
            out.indices[..sizes.indices].copy_from_slice(&c.i);
            c.x.write_bytes_into(values);
        }
        ExchangeFormat::Coo => {
            let x = store.values();
            let mut k = 0;
            store.for_each_entry(|r, c, q| {
                out.indptr[k] = c;
                out.indices[k] = r;
                values[k * size..(k + 1) * size].copy_from_slice(x.get_bytes(q));
                k += 1;
            });
        }
        ExchangeFormat::DenseRow | ExchangeFormat::DenseCol => {
            ensure!(
                store.nvals() == sizes.values,
                InvalidValue,
                "a dense export needs every entry present: the {} x {} matrix has {} of {}",
                store.nrows(),
                store.ncols(),
                store.nvals(),
                sizes.values
            );
            let by_row = format == ExchangeFormat::DenseRow;
            let (nrows, ncols) = (store.nrows(), store.ncols());
            let x = store.values();
            store.for_each_entry(|r, c, q| {
                let d = if by_row { r * ncols + c } else { r + c * nrows } as usize;
                values[d * size..(d + 1) * size].copy_from_slice(x.get_bytes(q));
            });
        }
    }
    Ok(sizes)
}

/// Writes the `vdim + 1` vector pointers of `c` (expanding hypersparse storage).
fn write_pointers(c: &Compressed, indptr: &mut [u64]) {
    match &c.h {
        None => {
            for (d, &p) in indptr.iter_mut().zip(&c.p) {
                *d = p as u64;
            }
        }
        Some(h) => {
            let mut k = 0;
            for (j, d) in indptr.iter_mut().enumerate() {
                while k < h.len() && h[k] < j as u64 {
                    k += 1;
                }
                *d = c.p[k] as u64;
            }
        }
    }
}

/// The caller's arrays for an import; `values` holds the values' bytes.
pub struct ImportArrays<'a> {
    /// `indptr` as given.
    pub indptr: &'a [u64],
    /// `indices` as given.
    pub indices: &'a [u64],
    /// The values' bytes (a whole number of elements).
    pub values: &'a [u8],
}

/// Builds an `nrows × ncols` matrix of type `ty` from the caller's arrays in
/// `format`, validating them completely. The slices are the arrays as the caller
/// sized them; CSR/CSC arrays may be longer than needed.
pub fn import(
    ty: &Type,
    nrows: u64,
    ncols: u64,
    format: ExchangeFormat,
    arrays: ImportArrays<'_>,
) -> Result<MatrixStore> {
    check_dimension(nrows, "number of rows")?;
    check_dimension(ncols, "number of columns")?;
    let size = ty.size();
    ensure!(
        arrays.values.len().is_multiple_of(size),
        InvalidValue,
        "the values array is not a whole number of {size}-byte elements"
    );
    let n_values = arrays.values.len() / size;
    let orient = format.orientation();
    match format {
        ExchangeFormat::Csr | ExchangeFormat::Csc => {
            let c = import_compressed(ty, nrows, ncols, orient, &arrays, n_values)?;
            Ok(MatrixStore::from_compressed(orient, c.conform()).conform())
        }
        ExchangeFormat::Coo => {
            let n = arrays.indptr.len();
            ensure!(
                arrays.indices.len() == n && n_values == n,
                InvalidValue,
                "a COO import needs arrays of one length: indptr has {n} elements, indices {}, values {n_values}",
                arrays.indices.len()
            );
            let (cols, rows) = (arrays.indptr, arrays.indices);
            check_indices(rows, nrows, "row")?;
            check_indices(cols, ncols, "column")?;
            let x = Array::from_bytes(ty, arrays.values);
            let c = build_compressed(ncols, nrows, rows, cols, x, Dup::Error)?;
            Ok(MatrixStore::from_compressed(Orientation::ByRow, c).conform())
        }
        ExchangeFormat::DenseRow | ExchangeFormat::DenseCol => {
            let n = dense_len(nrows, ncols)?;
            ensure!(
                n_values >= n,
                InvalidValue,
                "a dense {nrows} x {ncols} import needs {n} values; the array holds {n_values}"
            );
            if n == 0 {
                return Ok(MatrixStore::empty(ty, nrows, ncols, orient));
            }
            let (vlen, vdim) = orient.vector_dims(nrows, ncols);
            let x = Array::from_bytes(ty, &arrays.values[..n * size]);
            Ok(MatrixStore::new(
                orient,
                Format::Full(Full { vlen, vdim, x }),
            ))
        }
    }
}

/// Checks that every index is below `dim` (`GrB_INDEX_OUT_OF_BOUNDS`).
fn check_indices(ix: &[u64], dim: u64, what: &str) -> Result<()> {
    if let Some(k) = ix.iter().position(|&i| i >= dim) {
        fail!(
            IndexOutOfBounds,
            "{what} index {} at position {k} is out of range (dimension {dim})",
            ix[k]
        );
    }
    Ok(())
}

/// Validates CSR/CSC arrays and builds the compressed vectors (sorting each
/// vector's entries when they come unsorted).
fn import_compressed(
    ty: &Type,
    nrows: u64,
    ncols: u64,
    orient: Orientation,
    arrays: &ImportArrays<'_>,
    n_values: usize,
) -> Result<Compressed> {
    let (vlen, vdim) = orient.vector_dims(nrows, ncols);
    let (outer, inner) = match orient {
        Orientation::ByRow => ("row", "column"),
        Orientation::ByCol => ("column", "row"),
    };
    let nvec = to_usize(vdim, "vector pointers")?;
    ensure!(
        arrays.indptr.len() > nvec,
        InvalidValue,
        "indptr holds {} elements; {} {outer} pointers are needed",
        arrays.indptr.len(),
        vdim as u128 + 1
    );
    let ptr = &arrays.indptr[..=nvec];
    ensure!(
        ptr[0] == 0,
        InvalidValue,
        "indptr[0] is {}; it must be 0",
        ptr[0]
    );
    if let Some(k) = ptr.windows(2).position(|w| w[1] < w[0]) {
        fail!(
            InvalidValue,
            "indptr decreases from {} to {} at {outer} {k}",
            ptr[k],
            ptr[k + 1]
        );
    }
    let nvals = ptr[nvec];
    ensure!(
        nvals <= arrays.indices.len() as u64 && nvals <= n_values as u64,
        IndexOutOfBounds,
        "indptr[{nvec}] = {nvals} exceeds the indices ({}) or values ({n_values}) given",
        arrays.indices.len()
    );
    let nvals = nvals as usize;
    let idx = &arrays.indices[..nvals];
    check_indices(idx, vlen, inner)?;

    let mut p = try_with_capacity::<usize>(nvec + 1, "vector pointers")?;
    p.extend(ptr.iter().map(|&q| q as usize));
    let mut perm: Option<Vec<usize>> = None;
    for k in 0..nvec {
        let v = &idx[p[k]..p[k + 1]];
        if v.windows(2).all(|w| w[0] < w[1]) {
            continue;
        }
        let order = perm.get_or_insert_with(|| (0..nvals).collect());
        let range = &mut order[p[k]..p[k + 1]];
        range.sort_unstable_by_key(|&q| idx[q]);
        if let Some(w) = range.windows(2).find(|w| idx[w[0]] == idx[w[1]]) {
            fail!(
                InvalidValue,
                "duplicate entries at {outer} {k}, {inner} {}",
                idx[w[0]]
            );
        }
    }
    let values = Array::from_bytes(ty, &arrays.values[..nvals * ty.size()]);
    let (i, x) = match &perm {
        None => (idx.to_vec(), values),
        Some(order) => (
            order.iter().map(|&q| idx[q]).collect(),
            values.gather(order),
        ),
    };
    Ok(Compressed {
        vlen,
        vdim,
        h: None,
        p,
        i: i.into(),
        x,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Info;

    fn bytes(v: &[f64]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_ne_bytes()).collect()
    }

    /// 3 x 4: (0,1)=1 (0,3)=2 (2,0)=3
    fn sample() -> MatrixStore {
        let c = build_compressed(
            4,
            3,
            &[0, 0, 2],
            &[1, 3, 0],
            Array::from_vec(vec![1.0f64, 2.0, 3.0]),
            Dup::Error,
        )
        .unwrap();
        MatrixStore::from_compressed(Orientation::ByRow, c)
    }

    fn export_all(store: &MatrixStore, format: ExchangeFormat) -> (Vec<u64>, Vec<u64>, Vec<f64>) {
        let s = export_sizes(store, format).unwrap();
        let mut p = vec![0u64; s.indptr];
        let mut i = vec![0u64; s.indices];
        let mut x = vec![0u8; s.values * 8];
        let got = export(
            store,
            format,
            ExportBuffers {
                indptr: &mut p,
                indices: &mut i,
                values: &mut x,
            },
        )
        .unwrap();
        assert_eq!(got, s);
        let x = x
            .chunks_exact(8)
            .map(|b| f64::from_ne_bytes(b.try_into().unwrap()))
            .collect();
        (p, i, x)
    }

    #[test]
    fn exports_each_format() {
        let a = sample();
        assert_eq!(
            export_all(&a, ExchangeFormat::Csr),
            (vec![0, 2, 2, 3], vec![1, 3, 0], vec![1.0, 2.0, 3.0])
        );
        assert_eq!(
            export_all(&a, ExchangeFormat::Csc),
            (vec![0, 1, 2, 2, 3], vec![2, 0, 0], vec![3.0, 1.0, 2.0])
        );
        assert_eq!(
            export_all(&a, ExchangeFormat::Coo),
            (vec![1, 3, 0], vec![0, 0, 2], vec![1.0, 2.0, 3.0])
        );
        let err = export(
            &a,
            ExchangeFormat::DenseRow,
            ExportBuffers {
                indptr: &mut [],
                indices: &mut [],
                values: &mut [0u8; 96],
            },
        )
        .unwrap_err();
        assert_eq!(err.info, Info::InvalidValue);
    }

    #[test]
    fn hypersparse_pointers_expand() {
        let h = MatrixStore::from_compressed(
            Orientation::ByRow,
            sample().into_compressed(Orientation::ByRow).into_hyper(),
        );
        assert_eq!(export_hint(&h), ExchangeFormat::Coo);
        assert_eq!(export_all(&h, ExchangeFormat::Csr).0, vec![0, 2, 2, 3]);
    }

    #[test]
    fn too_small_arrays_write_nothing() {
        let a = sample();
        let mut p = [9u64; 4];
        let mut i = [9u64; 2];
        let mut x = [0u8; 24];
        let err = export(
            &a,
            ExchangeFormat::Csr,
            ExportBuffers {
                indptr: &mut p,
                indices: &mut i,
                values: &mut x,
            },
        )
        .unwrap_err();
        assert_eq!(err.info, Info::InsufficientSpace);
        assert_eq!(p, [9; 4]);
    }

    fn import_f64(
        nrows: u64,
        ncols: u64,
        format: ExchangeFormat,
        p: &[u64],
        i: &[u64],
        x: &[f64],
    ) -> Result<MatrixStore> {
        let xb = bytes(x);
        import(
            &Type::FP64,
            nrows,
            ncols,
            format,
            ImportArrays {
                indptr: p,
                indices: i,
                values: &xb,
            },
        )
    }

    #[test]
    fn imports_unsorted_rows_and_rejects_bad_input() {
        use ExchangeFormat::*;
        let a = import_f64(3, 4, Csr, &[0, 2, 2, 3], &[3, 1, 0], &[2.0, 1.0, 3.0]).unwrap();
        a.check().unwrap();
        assert!(a.same_entries(&sample()));
        let info = |r: Result<MatrixStore>| r.unwrap_err().info;
        // Duplicates, bad pointers, short arrays, out-of-range indices.
        assert_eq!(
            info(import_f64(3, 4, Csr, &[0, 2, 2, 3], &[1, 1, 0], &[1.0; 3])),
            Info::InvalidValue
        );
        assert_eq!(
            info(import_f64(3, 4, Csr, &[1, 2, 2, 3], &[1, 3, 0], &[1.0; 3])),
            Info::InvalidValue
        );
        assert_eq!(
            info(import_f64(3, 4, Csr, &[0, 2, 1, 3], &[1, 3, 0], &[1.0; 3])),
            Info::InvalidValue
        );
        assert_eq!(
            info(import_f64(3, 4, Csr, &[0, 2, 2], &[1, 3, 0], &[1.0; 3])),
            Info::InvalidValue
        );
        assert_eq!(
            info(import_f64(3, 4, Csr, &[0, 2, 2, 4], &[1, 3, 0], &[1.0; 3])),
            Info::IndexOutOfBounds
        );
        assert_eq!(
            info(import_f64(3, 4, Csr, &[0, 2, 2, 3], &[1, 4, 0], &[1.0; 3])),
            Info::IndexOutOfBounds
        );
        assert_eq!(
            info(import_f64(3, 4, Coo, &[1, 3, 0], &[0, 0, 3], &[1.0; 3])),
            Info::IndexOutOfBounds
        );
        assert_eq!(
            info(import_f64(3, 4, Coo, &[1, 3], &[0, 0, 2], &[1.0; 3])),
            Info::InvalidValue
        );
        assert_eq!(
            info(import_f64(3, 4, Coo, &[1, 1, 0], &[0, 0, 2], &[1.0; 3])),
            Info::InvalidValue
        );
        assert_eq!(
            info(import_f64(2, 2, DenseRow, &[], &[], &[1.0; 3])),
            Info::InvalidValue
        );
        assert_eq!(
            info(import_f64(1 << 61, 1, Coo, &[], &[], &[])),
            Info::InvalidValue
        );
        assert_eq!(
            info(import_f64(1 << 40, 1 << 40, DenseRow, &[], &[], &[])),
            Info::InvalidValue
        );
    }

    #[test]
    fn dense_round_trip() {
        let a = import_f64(
            2,
            3,
            ExchangeFormat::DenseCol,
            &[],
            &[],
            &[1., 2., 3., 4., 5., 6.],
        )
        .unwrap();
        assert_eq!(a.get(1, 2).unwrap().get::<f64>(), Some(6.0));
        assert_eq!(
            export_all(&a, ExchangeFormat::DenseRow).2,
            vec![1., 3., 5., 2., 4., 6.]
        );
        let empty = import_f64(0, 5, ExchangeFormat::DenseRow, &[], &[], &[]).unwrap();
        assert_eq!((empty.nrows(), empty.ncols(), empty.nvals()), (0, 5, 0));
    }

    #[test]
    fn format_codes() {
        for f in ExchangeFormat::ALL {
            assert_eq!(ExchangeFormat::from_spec_code(f.spec_code()).unwrap(), f);
        }
        assert!(ExchangeFormat::from_spec_code(5).is_err());
        assert!(ExchangeFormat::from_spec_code(-1).is_err());
    }
}
