
/* ------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------ */

/* The C API specification implemented: 2.1. */
#define GRB_VERSION 2
#define GRB_SUBVERSION 1

/* The implementation's name is that of the extension API it implements:
 * programs written for SuiteSparse (LAGraph's SWrite/SRead) check it, as
 * they check GxB_IMPLEMENTATION below. This library's own identity is
 * GRAPHBLAS_RS and its version GRAPHBLAS_RS_VERSION_* (docs/COMPATIBILITY.md). */
#define GxB_IMPLEMENTATION_NAME "SuiteSparse:GraphBLAS"
#define GRAPHBLAS_RS 1
#define GRAPHBLAS_RS_VERSION_MAJOR 0
#define GRAPHBLAS_RS_VERSION_MINOR 1
#define GRAPHBLAS_RS_VERSION_PATCH 0

/* The release of SuiteSparse:GraphBLAS whose GxB extensions this library
 * follows, for programs that compare GxB_IMPLEMENTATION with GxB_VERSION
 * (docs/COMPATIBILITY.md); as SuiteSparse, the library reports the same
 * three numbers as its version (GrB_LIBRARY_VER_*, GxB_LIBRARY_VERSION) and
 * the date as GxB_LIBRARY_DATE. */
#define GxB_VERSION(major, minor, sub)                                         \
    (((major) * 1000ULL + (minor)) * 1000ULL + (sub))
#define GxB_IMPLEMENTATION_MAJOR 7
#define GxB_IMPLEMENTATION_MINOR 4
#define GxB_IMPLEMENTATION_SUB 0
#define GxB_IMPLEMENTATION_DATE "Nov 28, 2026"
#define GxB_IMPLEMENTATION                                                     \
    GxB_VERSION(GxB_IMPLEMENTATION_MAJOR, GxB_IMPLEMENTATION_MINOR,            \
                GxB_IMPLEMENTATION_SUB)

/* The SuiteSparse:GraphBLAS extensions are available: every GxB_ name this
 * header declares behaves as SuiteSparse's user guide documents it
 * (docs/COMPATIBILITY.md lists the differences). LAGraph builds in its
 * default (SuiteSparse) mode when this is defined. */
#define GxB_SUITESPARSE_GRAPHBLAS

/* ------------------------------------------------------------------------
 * Basic types and constants
 * ------------------------------------------------------------------------ */

typedef uint64_t GrB_Index;

/* The largest valid index; dimensions may be up to GrB_INDEX_MAX + 1 = 2^60. */
#define GrB_INDEX_MAX ((GrB_Index) (1ULL << 60) - 1)

#define GrB_NULL NULL

/* The longest name of a type or operator, including the terminating NUL. */
#define GxB_MAX_NAME_LEN 128

typedef enum
{
    GrB_SUCCESS = 0,
    GrB_NO_VALUE = 1,
    GrB_UNINITIALIZED_OBJECT = -1,
    GrB_NULL_POINTER = -2,
    GrB_INVALID_VALUE = -3,
    GrB_INVALID_INDEX = -4,
    GrB_DOMAIN_MISMATCH = -5,
    GrB_DIMENSION_MISMATCH = -6,
    GrB_OUTPUT_NOT_EMPTY = -7,
    GrB_NOT_IMPLEMENTED = -8,
    GrB_ALREADY_SET = -9,
    GrB_PANIC = -101,
    GrB_OUT_OF_MEMORY = -102,
    GrB_INSUFFICIENT_SPACE = -103,
    GrB_INVALID_OBJECT = -104,
    GrB_INDEX_OUT_OF_BOUNDS = -105,
    GrB_EMPTY_OBJECT = -106,
    /* A GxB_Iterator moved past its last row or column. */
    GxB_EXHAUSTED = 7089
}
GrB_Info;

typedef enum
{
    GrB_NONBLOCKING = 0,
    GrB_BLOCKING = 1,
    /* SuiteSparse's modes allowing GPUs: no GPU is used, they run as
     * GrB_NONBLOCKING and GrB_BLOCKING (GxB_MODE reports the mode given). */
    GxB_NONBLOCKING_GPU = 2,
    GxB_BLOCKING_GPU = 3
}
GrB_Mode;

typedef enum
{
    GrB_COMPLETE = 0,
    GrB_MATERIALIZE = 1
}
GrB_WaitMode;

typedef enum
{
    GrB_OUTP = 0,
    GrB_MASK = 1,
    GrB_INP0 = 2,
    GrB_INP1 = 3,
    /* SuiteSparse: the compression of GxB_*_serialize (accepted; blobs are
     * never compressed). */
    GxB_COMPRESSION = 7092
}
GrB_Desc_Field;

/* GxB_COMPRESSION values (LZ4HC and ZSTD take a level: + 0..9, + 0..19). */
#define GxB_COMPRESSION_NONE -1
#define GxB_COMPRESSION_DEFAULT 0
#define GxB_COMPRESSION_LZ4 1000
#define GxB_COMPRESSION_LZ4HC 2000
#define GxB_COMPRESSION_ZSTD 3000

typedef enum
{
    GrB_DEFAULT = 0,
    GxB_DEFAULT = 0,
    GrB_REPLACE = 1,
    GrB_COMP = 2,
    GrB_TRAN = 3,
    GrB_STRUCTURE = 4,
    GrB_COMP_STRUCTURE = 6,
    /* GxB_GPU_CONTROL values (no GPU is used: recorded and reported). */
    GxB_GPU_ALWAYS = 2001,
    GxB_GPU_NEVER = 2002
}
GrB_Desc_Value;

typedef enum
{
    GrB_CSR_FORMAT = 0,
    GrB_CSC_FORMAT = 1,
    GrB_COO_FORMAT = 2,
    GrB_DENSE_ROW_FORMAT = 3,
    GrB_DENSE_COL_FORMAT = 4
}
GrB_Format;

typedef enum
{
    GrB_UDT_CODE = 0,
    GrB_BOOL_CODE = 1,
    GrB_INT8_CODE = 2,
    GrB_UINT8_CODE = 3,
    GrB_INT16_CODE = 4,
    GrB_UINT16_CODE = 5,
    GrB_INT32_CODE = 6,
    GrB_UINT32_CODE = 7,
    GrB_INT64_CODE = 8,
    GrB_UINT64_CODE = 9,
    GrB_FP32_CODE = 10,
    GrB_FP64_CODE = 11
}
GrB_Type_Code;

typedef enum
{
    GrB_OUTP_FIELD = 0,
    GrB_MASK_FIELD = 1,
    GrB_INP0_FIELD = 2,
    GrB_INP1_FIELD = 3,
    GrB_NAME = 10,
    GrB_LIBRARY_VER_MAJOR = 11,
    GrB_LIBRARY_VER_MINOR = 12,
    GrB_LIBRARY_VER_PATCH = 13,
    GrB_API_VER_MAJOR = 14,
    GrB_API_VER_MINOR = 15,
    GrB_API_VER_PATCH = 16,
    GrB_BLOCKING_MODE = 17,
    GrB_STORAGE_ORIENTATION_HINT = 100,
    GrB_EL_TYPE_CODE = 102,
    GrB_INP0_TYPE_CODE = 103,
    GrB_INP1_TYPE_CODE = 104,
    GrB_OUTP_TYPE_CODE = 105,
    GrB_EL_TYPE_STRING = 106,
    GrB_INP0_TYPE_STRING = 107,
    GrB_INP1_TYPE_STRING = 108,
    GrB_OUTP_TYPE_STRING = 109,
    GrB_SIZE = 110,
    /* Extensions (values as in SuiteSparse:GraphBLAS), read and set with
     * GxB_get / GxB_set; the C type of each value is listed in
     * docs/COMPATIBILITY.md. */
    GxB_HYPER_SWITCH = 7000,
    GxB_BITMAP_SWITCH = 7001,
    GxB_FORMAT = 7002,
    GxB_MODE = 7003,
    GxB_LIBRARY_NAME = 7004,
    GxB_LIBRARY_VERSION = 7005,
    GxB_LIBRARY_DATE = 7006,
    GxB_LIBRARY_ABOUT = 7007,
    GxB_LIBRARY_URL = 7008,
    GxB_LIBRARY_LICENSE = 7009,
    GxB_API_VERSION = 7012,
    GxB_API_DATE = 7013,
    GxB_API_ABOUT = 7014,
    GxB_API_URL = 7015,
    GxB_COMPILER_VERSION = 7016,
    GxB_COMPILER_NAME = 7017,
    GxB_LIBRARY_OPENMP = 7018,
    GxB_BURBLE = 7019,
    GxB_MEMORY_POOL = 7022,
    GxB_SPARSITY_STATUS = 7034,
    GxB_IS_HYPER = 7035,
    GxB_SPARSITY_CONTROL = 7036,
    GxB_MALLOC_FUNCTION = 7037,
    GxB_CALLOC_FUNCTION = 7038,
    GxB_REALLOC_FUNCTION = 7039,
    GxB_FREE_FUNCTION = 7040,
    GxB_NTHREADS = 7086,
    GxB_CHUNK = 7087,
    GxB_GPU_CONTROL = 7088,
    GxB_GPU_CHUNK = 7089
}
GrB_Field;

/* SuiteSparse's name for the fields of GxB_get / GxB_set. */
typedef GrB_Field GxB_Option_Field;

/* GxB_SPARSITY_CONTROL (a sum of these) and GxB_SPARSITY_STATUS (one of them). */
#define GxB_HYPERSPARSE 1
#define GxB_SPARSE 2
#define GxB_BITMAP 4
#define GxB_FULL 8
#define GxB_AUTO_SPARSITY 15

/* GxB_HYPER_SWITCH and GxB_BITMAP_SWITCH values. */
#define GxB_HYPER_DEFAULT (0.0625)
#define GxB_ALWAYS_HYPER ((double) 1.0)
#define GxB_NEVER_HYPER ((double) -1.0)
#define GxB_NBITMAP_SWITCH 8

typedef enum
{
    GrB_ROWMAJOR = 0,
    GrB_COLMAJOR = 1,
    GrB_BOTH = 2,
    GrB_UNKNOWN = 3
}
GrB_Orientation;

/* Storage orientation reported by GxB_get(..., GxB_FORMAT, ...). */
typedef enum
{
    GxB_BY_ROW = 0,
    GxB_BY_COL = 1,
    GxB_NO_FORMAT = -1
}
GxB_Format_Value;

/* How much GxB_print / GxB_fprint show. */
typedef enum
{
    GxB_SILENT = 0,
    GxB_SUMMARY = 1,
    GxB_SHORT = 2,
    GxB_COMPLETE = 3,
    GxB_SHORT_VERBOSE = 4,
    GxB_COMPLETE_VERBOSE = 5
}
GxB_Print_Level;

/* ------------------------------------------------------------------------
 * Opaque objects
 * ------------------------------------------------------------------------ */

typedef struct GB_Type_opaque *GrB_Type;
typedef struct GB_UnaryOp_opaque *GrB_UnaryOp;
typedef struct GB_BinaryOp_opaque *GrB_BinaryOp;
typedef struct GB_IndexUnaryOp_opaque *GrB_IndexUnaryOp;
typedef struct GB_Monoid_opaque *GrB_Monoid;
typedef struct GB_Semiring_opaque *GrB_Semiring;
typedef struct GB_Scalar_opaque *GrB_Scalar;
typedef struct GB_Vector_opaque *GrB_Vector;
typedef struct GB_Matrix_opaque *GrB_Matrix;
typedef struct GB_Descriptor_opaque *GrB_Descriptor;
typedef struct GB_Global_opaque *GrB_Global;
typedef struct GB_Iterator_opaque *GxB_Iterator;
/* SuiteSparse's historical select operators (GxB_TRIL, ..., GxB_select). */
typedef struct GB_SelectOp_opaque *GxB_SelectOp;

/* User-defined operator functions. */
typedef void (*GxB_unary_function)(void *, const void *);
typedef void (*GxB_binary_function)(void *, const void *, const void *);
typedef void (*GxB_index_unary_function)(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y);

/* ------------------------------------------------------------------------
 * Functions and predefined objects (generated from the Rust sources)
 * ------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------
 * Complex types (SuiteSparse's GxB_FC32 and GxB_FC64)
 * ------------------------------------------------------------------------ */

/* GxB_FC32_t and GxB_FC64_t: C's float complex and double complex (the real
 * part, then the imaginary part); C++ uses std::complex, of the same layout.
 * GxB_CMPLXF(r, i) and GxB_CMPLX(r, i) make a value from its parts. The
 * header does not include <complex.h>: its macro I would rename the
 * parameters named I below (include it after this header). */
#if defined(__cplusplus)
#include <complex>
typedef std::complex<float> GxB_FC32_t;
typedef std::complex<double> GxB_FC64_t;
#define GxB_CMPLXF(r, i) GxB_FC32_t((float) (r), (float) (i))
#define GxB_CMPLX(r, i) GxB_FC64_t((double) (r), (double) (i))
#else
typedef float _Complex GxB_FC32_t;
typedef double _Complex GxB_FC64_t;
/* A complex value is an array of its two parts (C11 6.2.5). */
static inline GxB_FC32_t GxB_CMPLXF(float r, float i)
{
    union { float parts[2]; GxB_FC32_t z; } u = {{r, i}};
    return u.z;
}
static inline GxB_FC64_t GxB_CMPLX(double r, double i)
{
    union { double parts[2]; GxB_FC64_t z; } u = {{r, i}};
    return u.z;
}
#endif
