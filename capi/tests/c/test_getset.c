/* GrB_get / GrB_set on every kind of object and on GrB_GLOBAL: every field of
 * the spec's table with every value type it accepts, names (predefined,
 * set-once, set-any-time, read-only), and every bad input (NULL pointers,
 * uninitialized objects, unknown fields, wrong value types, read-only fields,
 * invalid values, empty scalars, too-long names). */

#include <stdint.h>
#include <string.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

/* Reads a string field in the spec's two steps and compares it. */
#define CHECK_STRING(obj, field, expected)                                     \
    do {                                                                       \
        size_t n_ = 0;                                                         \
        char s_[256] = "unchanged";                                            \
        OK(GrB_get(obj, &n_, field));                                          \
        CHECK(n_ == strlen(expected) + 1);                                     \
        OK(GrB_get(obj, s_, field));                                           \
        if (strcmp(s_, expected) != 0) {                                       \
            fprintf(stderr, "%s:%d: got \"%s\", expected \"%s\"\n", __FILE__, \
                    __LINE__, s_, expected);                                   \
            check_failures++;                                                  \
        }                                                                      \
    } while (0)

#define CHECK_INT(obj, field, expected)                                        \
    do {                                                                       \
        int32_t v_ = -12345;                                                   \
        OK(GrB_get(obj, &v_, field));                                          \
        if (v_ != (expected)) {                                                \
            fprintf(stderr, "%s:%d: got %d, expected %d\n", __FILE__,          \
                    __LINE__, (int) v_, (int) (expected));                     \
            check_failures++;                                                  \
        }                                                                      \
    } while (0)

static void test_global(void)
{
    int32_t v = 0;
    size_t n = 0;
    char buf[64];
    double d = 0;
    GrB_Scalar s = NULL, empty = NULL;

    CHECK_INT(GrB_GLOBAL, GrB_API_VER_MAJOR, 2);
    CHECK_INT(GrB_GLOBAL, GrB_API_VER_MINOR, 1);
    CHECK_INT(GrB_GLOBAL, GrB_API_VER_PATCH, 0);
    /* As SuiteSparse: the library's version is GxB_IMPLEMENTATION's. */
    CHECK_INT(GrB_GLOBAL, GrB_LIBRARY_VER_MAJOR, GxB_IMPLEMENTATION_MAJOR);
    CHECK_INT(GrB_GLOBAL, GrB_LIBRARY_VER_MINOR, GxB_IMPLEMENTATION_MINOR);
    CHECK_INT(GrB_GLOBAL, GrB_LIBRARY_VER_PATCH, GxB_IMPLEMENTATION_SUB);
    CHECK_INT(GrB_GLOBAL, GrB_BLOCKING_MODE, GrB_NONBLOCKING);
    CHECK_STRING(GrB_GLOBAL, GrB_NAME, GxB_IMPLEMENTATION_NAME);

    /* Read-only and unknown fields, wrong value types. */
    EXPECT(GrB_set(GrB_GLOBAL, "other", GrB_NAME), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_GLOBAL, GrB_BLOCKING, GrB_BLOCKING_MODE), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_GLOBAL, 3, GrB_API_VER_MAJOR), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_GLOBAL, &v, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_GLOBAL, &v, 9999), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_GLOBAL, &v, GrB_NAME), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_GLOBAL, buf, GrB_API_VER_MAJOR), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_GLOBAL, &n, GrB_API_VER_MAJOR), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_GLOBAL, (void *) buf, GrB_NAME), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_GLOBAL, (void *) buf, GrB_NAME, sizeof buf), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_GLOBAL, "x", GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_GLOBAL, 1, GrB_NAME), GrB_INVALID_VALUE);

    /* NULL pointers and objects. */
    EXPECT(GrB_Global_get_INT32(GrB_GLOBAL, NULL, GrB_API_VER_MAJOR), GrB_NULL_POINTER);
    EXPECT(GrB_Global_get_String(GrB_GLOBAL, NULL, GrB_NAME), GrB_NULL_POINTER);
    EXPECT(GrB_Global_get_SIZE(GrB_GLOBAL, NULL, GrB_NAME), GrB_NULL_POINTER);
    EXPECT(GrB_Global_get_VOID(GrB_GLOBAL, NULL, GrB_NAME), GrB_NULL_POINTER);
    EXPECT(GrB_Global_set_String(GrB_GLOBAL, NULL, GrB_NAME), GrB_NULL_POINTER);
    EXPECT(GrB_Global_set_VOID(GrB_GLOBAL, NULL, GrB_NAME, 0), GrB_NULL_POINTER);
    EXPECT(GrB_Global_get_INT32(NULL, &v, GrB_API_VER_MAJOR), GrB_NULL_POINTER);
    EXPECT(GrB_Global_get_INT32((GrB_Global) junk, &v, GrB_API_VER_MAJOR),
           GrB_UNINITIALIZED_OBJECT);
    EXPECT(GrB_Global_get_Scalar(GrB_GLOBAL, NULL, GrB_API_VER_MAJOR), GrB_NULL_POINTER);
    EXPECT(GrB_Global_get_Scalar(GrB_GLOBAL, (GrB_Scalar) junk, GrB_API_VER_MAJOR),
           GrB_UNINITIALIZED_OBJECT);

    /* The orientation hint: settable, checked. */
    CHECK_INT(GrB_GLOBAL, GrB_STORAGE_ORIENTATION_HINT, GrB_ROWMAJOR);
    OK(GrB_set(GrB_GLOBAL, GrB_COLMAJOR, GrB_STORAGE_ORIENTATION_HINT));
    CHECK_INT(GrB_GLOBAL, GrB_STORAGE_ORIENTATION_HINT, GrB_COLMAJOR);
    CHECK_INT(GrB_GLOBAL, GxB_FORMAT, GxB_BY_COL);
    EXPECT(GrB_set(GrB_GLOBAL, 7, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    CHECK_INT(GrB_GLOBAL, GrB_STORAGE_ORIENTATION_HINT, GrB_COLMAJOR);
    OK(GrB_set(GrB_GLOBAL, GxB_BY_ROW, GxB_FORMAT));
    CHECK_INT(GrB_GLOBAL, GrB_STORAGE_ORIENTATION_HINT, GrB_ROWMAJOR);
    EXPECT(GrB_set(GrB_GLOBAL, 5, GxB_FORMAT), GrB_INVALID_VALUE);

    /* Threads and burble. */
    OK(GrB_set(GrB_GLOBAL, 2, GxB_NTHREADS));
    CHECK_INT(GrB_GLOBAL, GxB_NTHREADS, 2);
    OK(GrB_set(GrB_GLOBAL, 0, GxB_NTHREADS));
    OK(GrB_get(GrB_GLOBAL, &v, GxB_NTHREADS));
    CHECK(v >= 1);
    EXPECT(GrB_set(GrB_GLOBAL, 1 << 30, GxB_NTHREADS), GrB_INVALID_VALUE);
    OK(GrB_set(GrB_GLOBAL, true, GxB_BURBLE));
    CHECK_INT(GrB_GLOBAL, GxB_BURBLE, 1);
    OK(GrB_set(GrB_GLOBAL, false, GxB_BURBLE));
    CHECK_INT(GrB_GLOBAL, GxB_BURBLE, 0);

    /* GrB_Scalar values: read an INT32 field, set from one, empty scalars. */
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_Scalar_new(&empty, GrB_INT32));
    OK(GrB_get(GrB_GLOBAL, s, GrB_API_VER_MAJOR));
    OK(GrB_Scalar_extractElement(&d, s));
    CHECK(d == 2.0);
    EXPECT(GrB_get(GrB_GLOBAL, s, GrB_NAME), GrB_INVALID_VALUE);
    OK(GrB_Scalar_setElement(s, 1.0));
    OK(GrB_set(GrB_GLOBAL, s, GrB_STORAGE_ORIENTATION_HINT));
    CHECK_INT(GrB_GLOBAL, GrB_STORAGE_ORIENTATION_HINT, GrB_COLMAJOR);
    EXPECT(GrB_set(GrB_GLOBAL, empty, GrB_STORAGE_ORIENTATION_HINT), GrB_EMPTY_OBJECT);
    EXPECT(GrB_set(GrB_GLOBAL, s, GrB_NAME), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_GLOBAL, s, GrB_API_VER_MAJOR), GrB_INVALID_VALUE);
    OK(GrB_set(GrB_GLOBAL, GrB_ROWMAJOR, GrB_STORAGE_ORIENTATION_HINT));
    OK(GrB_free(&s));
    OK(GrB_free(&empty));
}

static void test_types(void)
{
    GrB_Type T = NULL;
    GrB_Scalar s = NULL;
    size_t size = 0;
    uint64_t u = 0;
    char longname[300];

    CHECK_STRING(GrB_BOOL, GrB_NAME, "GrB_BOOL");
    CHECK_STRING(GrB_UINT16, GrB_NAME, "GrB_UINT16");
    CHECK_STRING(GrB_FP64, GrB_EL_TYPE_STRING, "GrB_FP64");
    CHECK_INT(GrB_FP64, GrB_EL_TYPE_CODE, GrB_FP64_CODE);
    CHECK_INT(GrB_INT8, GrB_EL_TYPE_CODE, GrB_INT8_CODE);
    OK(GrB_get(GrB_INT16, &size, GrB_SIZE));
    CHECK(size == 2);
    OK(GrB_get(GrB_FP64, &size, GrB_SIZE));
    CHECK(size == 8);
    EXPECT(GrB_set(GrB_BOOL, "renamed", GrB_NAME), GrB_INVALID_VALUE);
    CHECK_STRING(GrB_BOOL, GrB_NAME, "GrB_BOOL");
    EXPECT(GrB_get(GrB_FP64, (int32_t *) &size, GrB_SIZE), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_FP64, &size, GrB_INP0_TYPE_CODE), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_FP64, 3, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);

    /* A user-defined type: unnamed until named, named once. */
    OK(GrB_Type_new(&T, 24));
    CHECK_STRING(T, GrB_NAME, "");
    CHECK_INT(T, GrB_EL_TYPE_CODE, GrB_UDT_CODE);
    OK(GrB_get(T, &size, GrB_SIZE));
    CHECK(size == 24);
    OK(GrB_Scalar_new(&s, GrB_UINT64));
    OK(GrB_get(T, s, GrB_SIZE));
    OK(GrB_Scalar_extractElement(&u, s));
    CHECK(u == 24);
    memset(longname, 'x', sizeof longname - 1);
    longname[sizeof longname - 1] = 0;
    EXPECT(GrB_set(T, longname, GrB_NAME), GrB_INVALID_VALUE);
    OK(GrB_set(T, "triple_t", GrB_NAME));
    CHECK_STRING(T, GrB_NAME, "triple_t");
    EXPECT(GrB_set(T, "again", GrB_NAME), GrB_ALREADY_SET);
    CHECK_STRING(T, GrB_NAME, "triple_t");
    EXPECT(GrB_get((GrB_Type) junk, &size, GrB_SIZE), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GrB_Type_get_SIZE(NULL, &size, GrB_SIZE), GrB_NULL_POINTER);
    OK(GrB_free(&T));
    OK(GrB_free(&s));
}

static void add_int(void *z, const void *x, const void *y)
{
    *(int32_t *) z = *(const int32_t *) x + *(const int32_t *) y;
}

static void test_operators(void)
{
    GrB_BinaryOp op = NULL;
    GrB_Monoid mon = NULL;
    GrB_Semiring sr = NULL;
    int32_t v = 0;
    char buf[64];

    CHECK_STRING(GrB_PLUS_FP64, GrB_NAME, "GrB_PLUS_FP64");
    CHECK_STRING(GrB_LOR, GrB_NAME, "GrB_LOR");
    CHECK_STRING(GrB_LXNOR, GrB_NAME, "GrB_LXNOR");
    CHECK_STRING(GrB_LNOT, GrB_NAME, "GrB_LNOT");
    CHECK_STRING(GrB_AINV_INT8, GrB_NAME, "GrB_AINV_INT8");
    CHECK_STRING(GrB_TRIL, GrB_NAME, "GrB_TRIL");
    CHECK_STRING(GrB_VALUEGT_FP32, GrB_NAME, "GrB_VALUEGT_FP32");
    CHECK_STRING(GrB_ROWINDEX_INT64, GrB_NAME, "GrB_ROWINDEX_INT64");
    CHECK_STRING(GrB_PLUS_MONOID_INT32, GrB_NAME, "GrB_PLUS_MONOID_INT32");
    CHECK_STRING(GrB_LOR_MONOID_BOOL, GrB_NAME, "GrB_LOR_MONOID_BOOL");
    CHECK_STRING(GrB_PLUS_TIMES_SEMIRING_FP64, GrB_NAME, "GrB_PLUS_TIMES_SEMIRING_FP64");
    CHECK_STRING(GrB_LOR_LAND_SEMIRING_BOOL, GrB_NAME, "GrB_LOR_LAND_SEMIRING_BOOL");
    CHECK_STRING(GrB_MIN_FIRST_SEMIRING_UINT8, GrB_NAME, "GrB_MIN_FIRST_SEMIRING_UINT8");

    /* Operand types; GrB_NO_VALUE for inputs an object does not have. */
    CHECK_INT(GrB_LT_INT32, GrB_INP0_TYPE_CODE, GrB_INT32_CODE);
    CHECK_INT(GrB_LT_INT32, GrB_INP1_TYPE_CODE, GrB_INT32_CODE);
    CHECK_INT(GrB_LT_INT32, GrB_OUTP_TYPE_CODE, GrB_BOOL_CODE);
    CHECK_STRING(GrB_LT_INT32, GrB_OUTP_TYPE_STRING, "GrB_BOOL");
    CHECK_INT(GrB_AINV_INT8, GrB_INP0_TYPE_CODE, GrB_INT8_CODE);
    EXPECT(GrB_get(GrB_AINV_INT8, &v, GrB_INP1_TYPE_CODE), GrB_NO_VALUE);
    EXPECT(GrB_get(GrB_AINV_INT8, buf, GrB_INP1_TYPE_STRING), GrB_NO_VALUE);
    CHECK_INT(GrB_VALUEGT_FP32, GrB_INP0_TYPE_CODE, GrB_FP32_CODE);
    CHECK_INT(GrB_VALUEGT_FP32, GrB_INP1_TYPE_CODE, GrB_FP32_CODE);
    CHECK_INT(GrB_VALUEGT_FP32, GrB_OUTP_TYPE_CODE, GrB_BOOL_CODE);
    EXPECT(GrB_get(GrB_TRIL, &v, GrB_INP0_TYPE_CODE), GrB_NO_VALUE);
    EXPECT(GrB_get(GrB_TRIL, &v, GrB_INP1_TYPE_CODE), GrB_NO_VALUE);
    CHECK_INT(GrB_TRIL, GrB_OUTP_TYPE_CODE, GrB_BOOL_CODE);
    CHECK_INT(GrB_ROWINDEX_INT64, GrB_OUTP_TYPE_CODE, GrB_INT64_CODE);
    CHECK_INT(GrB_PLUS_MONOID_INT32, GrB_INP1_TYPE_CODE, GrB_INT32_CODE);
    CHECK_STRING(GrB_PLUS_MONOID_INT32, GrB_OUTP_TYPE_STRING, "GrB_INT32");
    EXPECT(GrB_get(GrB_PLUS_TIMES_SEMIRING_FP64, &v, GrB_INP0_TYPE_CODE), GrB_NO_VALUE);
    EXPECT(GrB_get(GrB_PLUS_TIMES_SEMIRING_FP64, &v, GrB_INP1_TYPE_CODE), GrB_NO_VALUE);
    CHECK_INT(GrB_PLUS_TIMES_SEMIRING_FP64, GrB_OUTP_TYPE_CODE, GrB_FP64_CODE);

    /* Read-only, unknown and wrongly typed fields. */
    EXPECT(GrB_set(GrB_PLUS_FP64, "mine", GrB_NAME), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_PLUS_FP64, GrB_INT8_CODE, GrB_OUTP_TYPE_CODE), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_PLUS_FP64, &v, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_PLUS_FP64, &v, GrB_OUTP_TYPE_STRING), GrB_INVALID_VALUE);
    EXPECT(GrB_get(GrB_PLUS_FP64, buf, GrB_OUTP_TYPE_CODE), GrB_INVALID_VALUE);
    EXPECT(GrB_get((GrB_BinaryOp) junk, buf, GrB_NAME), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GrB_get((GrB_Monoid) junk, buf, GrB_NAME), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GrB_UnaryOp_get_String(NULL, buf, GrB_NAME), GrB_NULL_POINTER);

    /* User-defined objects: unnamed until named once. */
    OK(GrB_BinaryOp_new(&op, add_int, GrB_INT32, GrB_INT32, GrB_INT32));
    CHECK_STRING(op, GrB_NAME, "");
    CHECK_INT(op, GrB_INP0_TYPE_CODE, GrB_INT32_CODE);
    OK(GrB_set(op, "add_int", GrB_NAME));
    EXPECT(GrB_set(op, "other", GrB_NAME), GrB_ALREADY_SET);
    CHECK_STRING(op, GrB_NAME, "add_int");
    OK(GrB_Monoid_new(&mon, op, (int32_t) 0));
    CHECK_STRING(mon, GrB_NAME, "");
    OK(GrB_set(mon, "add_int_monoid", GrB_NAME));
    EXPECT(GrB_set(mon, "again", GrB_NAME), GrB_ALREADY_SET);
    OK(GrB_Semiring_new(&sr, mon, op));
    OK(GrB_set(sr, "add_add", GrB_NAME));
    CHECK_STRING(sr, GrB_NAME, "add_add");
    EXPECT(GrB_set(sr, "again", GrB_NAME), GrB_ALREADY_SET);
    CHECK_INT(sr, GrB_OUTP_TYPE_CODE, GrB_INT32_CODE);
    OK(GrB_free(&sr));
    OK(GrB_free(&mon));
    OK(GrB_free(&op));
}

static void test_descriptors(void)
{
    GrB_Descriptor d = NULL;
    int32_t v = 0;

    CHECK_STRING(GrB_DESC_RSCT0, GrB_NAME, "GrB_DESC_RSCT0");
    CHECK_STRING(GrB_DESC_T1, GrB_NAME, "GrB_DESC_T1");
    CHECK_INT(GrB_DESC_RSCT0, GrB_OUTP_FIELD, GrB_REPLACE);
    CHECK_INT(GrB_DESC_RSCT0, GrB_MASK_FIELD, GrB_COMP_STRUCTURE);
    CHECK_INT(GrB_DESC_RSCT0, GrB_INP0_FIELD, GrB_TRAN);
    CHECK_INT(GrB_DESC_RSCT0, GrB_INP1_FIELD, GrB_DEFAULT);
    EXPECT(GrB_set(GrB_DESC_T1, GrB_DEFAULT, GrB_INP1_FIELD), GrB_INVALID_VALUE);
    EXPECT(GrB_set(GrB_DESC_T1, "mine", GrB_NAME), GrB_INVALID_VALUE);
    CHECK_INT(GrB_DESC_T1, GrB_INP1_FIELD, GrB_TRAN);

    OK(GrB_Descriptor_new(&d));
    CHECK_STRING(d, GrB_NAME, "");
    CHECK_INT(d, GrB_MASK_FIELD, GrB_DEFAULT);
    OK(GrB_set(d, GrB_REPLACE, GrB_OUTP_FIELD));
    OK(GrB_set(d, GrB_STRUCTURE, GrB_MASK_FIELD));
    OK(GrB_set(d, GrB_TRAN, GrB_INP1_FIELD));
    CHECK_INT(d, GrB_OUTP_FIELD, GrB_REPLACE);
    CHECK_INT(d, GrB_MASK_FIELD, GrB_STRUCTURE);
    CHECK_INT(d, GrB_INP1_FIELD, GrB_TRAN);
    EXPECT(GrB_set(d, GrB_TRAN, GrB_OUTP_FIELD), GrB_INVALID_VALUE);
    EXPECT(GrB_set(d, 99, GrB_MASK_FIELD), GrB_INVALID_VALUE);
    EXPECT(GrB_set(d, GrB_TRAN, GrB_SIZE), GrB_INVALID_VALUE);
    EXPECT(GrB_get(d, &v, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    CHECK_INT(d, GrB_OUTP_FIELD, GrB_REPLACE);
    /* Descriptors may be renamed at any time. */
    OK(GrB_set(d, "first", GrB_NAME));
    OK(GrB_set(d, "second", GrB_NAME));
    CHECK_STRING(d, GrB_NAME, "second");
    EXPECT(GrB_get((GrB_Descriptor) junk, &v, GrB_OUTP_FIELD), GrB_UNINITIALIZED_OBJECT);
    OK(GrB_free(&d));
}

static void test_collections(void)
{
    GrB_Matrix A = NULL;
    GrB_Vector w = NULL;
    GrB_Scalar s = NULL, u = NULL;
    GrB_Type T = NULL;
    GrB_Index n = 0;
    float x = 0;
    int32_t v = 0;
    char buf[16];

    OK(GrB_Matrix_new(&A, GrB_FP32, 3, 3));
    OK(GrB_Matrix_setElement(A, (float) 2.5, 1, 2));
    CHECK_INT(A, GrB_EL_TYPE_CODE, GrB_FP32_CODE);
    CHECK_STRING(A, GrB_EL_TYPE_STRING, "GrB_FP32");
    CHECK_STRING(A, GrB_NAME, "");
    OK(GrB_set(A, "A", GrB_NAME));
    OK(GrB_set(A, "adjacency", GrB_NAME));
    CHECK_STRING(A, GrB_NAME, "adjacency");

    /* Orientation: a hint, applied to matrices; content unchanged. */
    CHECK_INT(A, GrB_STORAGE_ORIENTATION_HINT, GrB_ROWMAJOR);
    CHECK_INT(A, GxB_FORMAT, GxB_BY_ROW);
    OK(GrB_set(A, GrB_COLMAJOR, GrB_STORAGE_ORIENTATION_HINT));
    CHECK_INT(A, GrB_STORAGE_ORIENTATION_HINT, GrB_COLMAJOR);
    CHECK_INT(A, GxB_FORMAT, GxB_BY_COL);
    OK(GrB_set(A, GrB_BOTH, GrB_STORAGE_ORIENTATION_HINT));
    OK(GrB_set(A, GrB_UNKNOWN, GrB_STORAGE_ORIENTATION_HINT));
    CHECK_INT(A, GrB_STORAGE_ORIENTATION_HINT, GrB_COLMAJOR);
    EXPECT(GrB_set(A, 9, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    EXPECT(GrB_set(A, -1, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    OK(GrB_set(A, GxB_BY_ROW, GxB_FORMAT));
    CHECK_INT(A, GrB_STORAGE_ORIENTATION_HINT, GrB_ROWMAJOR);
    OK(GrB_Matrix_nvals(&n, A));
    CHECK(n == 1);
    OK(GrB_Matrix_extractElement(&x, A, 1, 2));
    CHECK(x == 2.5f);

    /* Bad fields and values. */
    EXPECT(GrB_set(A, GrB_FP64_CODE, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    EXPECT(GrB_get(A, &v, GrB_SIZE), GrB_INVALID_VALUE);
    EXPECT(GrB_get(A, &v, GrB_OUTP_TYPE_CODE), GrB_INVALID_VALUE);
    EXPECT(GrB_get(A, (void *) buf, GrB_NAME), GrB_INVALID_VALUE);
    EXPECT(GrB_set(A, (void *) buf, GrB_NAME, sizeof buf), GrB_INVALID_VALUE);
    EXPECT(GrB_Matrix_set_String(A, NULL, GrB_NAME), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_get_INT32(A, NULL, GrB_EL_TYPE_CODE), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_get_INT32(NULL, &v, GrB_EL_TYPE_CODE), GrB_NULL_POINTER);
    EXPECT(GrB_get((GrB_Matrix) junk, &v, GrB_EL_TYPE_CODE), GrB_UNINITIALIZED_OBJECT);

    /* GrB_Scalar values: built-in scalars only. */
    OK(GrB_Type_new(&T, 4));
    OK(GrB_Scalar_new(&u, T));
    EXPECT(GrB_get(A, u, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    OK(GrB_Scalar_new(&s, GrB_INT8));
    OK(GrB_get(A, s, GrB_EL_TYPE_CODE));
    OK(GrB_Scalar_nvals(&n, s));
    CHECK(n == 1);
    OK(GrB_Scalar_setElement(s, (int8_t) GrB_COLMAJOR));
    OK(GrB_set(A, s, GrB_STORAGE_ORIENTATION_HINT));
    CHECK_INT(A, GxB_FORMAT, GxB_BY_COL);

    /* Vectors are stored by column; scalars have no orientation. */
    OK(GrB_Vector_new(&w, GrB_UINT64, 5));
    CHECK_INT(w, GrB_EL_TYPE_CODE, GrB_UINT64_CODE);
    CHECK_INT(w, GrB_STORAGE_ORIENTATION_HINT, GrB_COLMAJOR);
    OK(GrB_set(w, GrB_ROWMAJOR, GrB_STORAGE_ORIENTATION_HINT));
    CHECK_INT(w, GxB_FORMAT, GxB_BY_COL);
    EXPECT(GrB_set(w, GxB_BY_ROW, GxB_FORMAT), GrB_INVALID_VALUE);
    OK(GrB_set(w, "w", GrB_NAME));
    CHECK_STRING(w, GrB_NAME, "w");
    EXPECT(GrB_get((GrB_Vector) A, &v, GrB_EL_TYPE_CODE), GrB_INVALID_OBJECT);
    CHECK_INT(s, GrB_EL_TYPE_CODE, GrB_INT8_CODE);
    CHECK_STRING(u, GrB_EL_TYPE_STRING, "user-defined type");
    CHECK_INT(u, GrB_EL_TYPE_CODE, GrB_UDT_CODE);
    CHECK_INT(s, GrB_STORAGE_ORIENTATION_HINT, GrB_UNKNOWN);
    OK(GrB_set(s, GrB_BOTH, GrB_STORAGE_ORIENTATION_HINT));
    EXPECT(GrB_set(s, 17, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    OK(GrB_set(s, "s", GrB_NAME));
    CHECK_STRING(s, GrB_NAME, "s");
    EXPECT(GrB_get((GrB_Scalar) junk, &v, GrB_EL_TYPE_CODE), GrB_UNINITIALIZED_OBJECT);

    OK(GrB_free(&A));
    OK(GrB_free(&w));
    OK(GrB_free(&s));
    OK(GrB_free(&u));
    OK(GrB_free(&T));
}

/* All nine functions on one object of a kind: `intfield` is an INT32 field
 * of the kind and `setint` whether it is writable. */
#define NINE_FUNCTIONS(Kind, obj, intfield, setint)                            \
    do {                                                                       \
        GrB_Scalar s_ = NULL;                                                  \
        size_t n_ = 0;                                                         \
        int32_t v_ = 0;                                                        \
        char str_[256];                                                        \
        OK(GrB_Scalar_new(&s_, GrB_INT32));                                    \
        OK(GrB_##Kind##_get_SIZE(obj, &n_, GrB_NAME));                         \
        OK(GrB_##Kind##_get_String(obj, str_, GrB_NAME));                      \
        CHECK(strlen(str_) + 1 == n_);                                         \
        OK(GrB_##Kind##_get_INT32(obj, &v_, intfield));                        \
        OK(GrB_##Kind##_get_Scalar(obj, s_, intfield));                        \
        EXPECT(GrB_##Kind##_get_VOID(obj, (void *) str_, intfield),            \
               GrB_INVALID_VALUE);                                             \
        EXPECT(GrB_##Kind##_set_VOID(obj, (void *) str_, intfield, 4),         \
               GrB_INVALID_VALUE);                                             \
        EXPECT(GrB_##Kind##_set_String(obj, "x", intfield), GrB_INVALID_VALUE); \
        EXPECT(GrB_##Kind##_set_INT32(obj, v_, intfield),                      \
               (setint) ? GrB_SUCCESS : GrB_INVALID_VALUE);                    \
        EXPECT(GrB_##Kind##_set_Scalar(obj, s_, intfield),                     \
               (setint) ? GrB_SUCCESS : GrB_INVALID_VALUE);                    \
        EXPECT(GrB_##Kind##_get_INT32(obj, &v_, 4242), GrB_INVALID_VALUE);     \
        EXPECT(GrB_##Kind##_get_INT32(NULL, &v_, intfield), GrB_NULL_POINTER); \
        EXPECT(GrB_##Kind##_set_INT32(NULL, 0, intfield), GrB_NULL_POINTER);   \
        OK(GrB_free(&s_));                                                     \
    } while (0)

static void test_every_kind(void)
{
    GrB_Matrix A = NULL;
    GrB_Vector v = NULL;
    GrB_Scalar s = NULL;
    GrB_Descriptor d = NULL;

    OK(GrB_Matrix_new(&A, GrB_INT32, 2, 2));
    OK(GrB_Vector_new(&v, GrB_INT32, 2));
    OK(GrB_Scalar_new(&s, GrB_INT32));
    OK(GrB_Descriptor_new(&d));
    NINE_FUNCTIONS(Matrix, A, GrB_STORAGE_ORIENTATION_HINT, true);
    NINE_FUNCTIONS(Vector, v, GrB_STORAGE_ORIENTATION_HINT, true);
    NINE_FUNCTIONS(Scalar, s, GrB_STORAGE_ORIENTATION_HINT, true);
    NINE_FUNCTIONS(Descriptor, d, GrB_MASK_FIELD, true);
    NINE_FUNCTIONS(Global, GrB_GLOBAL, GrB_STORAGE_ORIENTATION_HINT, true);
    NINE_FUNCTIONS(Type, GrB_INT16, GrB_EL_TYPE_CODE, false);
    NINE_FUNCTIONS(UnaryOp, GrB_ABS_FP32, GrB_OUTP_TYPE_CODE, false);
    NINE_FUNCTIONS(BinaryOp, GrB_MAX_UINT8, GrB_INP1_TYPE_CODE, false);
    NINE_FUNCTIONS(IndexUnaryOp, GrB_VALUELE_INT16, GrB_INP0_TYPE_CODE, false);
    NINE_FUNCTIONS(Monoid, GrB_TIMES_MONOID_FP32, GrB_OUTP_TYPE_CODE, false);
    NINE_FUNCTIONS(Semiring, GrB_MAX_PLUS_SEMIRING_INT8, GrB_OUTP_TYPE_CODE, false);
    OK(GrB_free(&A));
    OK(GrB_free(&v));
    OK(GrB_free(&s));
    OK(GrB_free(&d));
}

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    test_global();
    test_types();
    test_operators();
    test_descriptors();
    test_collections();
    test_every_kind();
    OK(GrB_finalize());
    return check_done("test_getset");
}
