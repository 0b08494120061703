/* Objects through the C API: init, types, operators, monoids, semirings,
 * descriptors, scalars, vectors and matrices; the happy path and every bad
 * input of the foundation (NULL, uninitialized and freed handles, invalid
 * indices, domain mismatches, huge dimensions, invalid descriptor settings,
 * GrB_NO_VALUE). Every failing call must leave its output unchanged. */

#include <stdint.h>
#include <string.h>
#include "check.h"

typedef struct { double re, im; } complex_t;

static void add_complex(void *z, const void *x, const void *y)
{
    const complex_t *a = x, *b = y;
    complex_t r = { a->re + b->re, a->im + b->im };
    memcpy(z, &r, sizeof r);
}

static void test_init(void)
{
    unsigned version = 0, subversion = 0;
    GrB_Matrix A = NULL;
    GrB_BinaryOp plus = GrB_PLUS_FP64;
    /* Before GrB_init nothing works (but getVersion and free do). */
    EXPECT(GrB_Matrix_new(&A, GrB_FP64, 2, 2), GrB_PANIC);
    CHECK(A == NULL);
    OK(GrB_free(&A));
    OK(GrB_free(&plus));
    EXPECT(GrB_Matrix_free(NULL), GrB_NULL_POINTER);
    OK(GrB_getVersion(&version, &subversion));
    CHECK(version == 2 && subversion == 1);
    EXPECT(GrB_getVersion(NULL, &subversion), GrB_NULL_POINTER);
    EXPECT(GrB_init(7), GrB_INVALID_VALUE);
    OK(GrB_init(GrB_BLOCKING));
    EXPECT(GrB_init(GrB_BLOCKING), GrB_INVALID_VALUE);
    CHECK(GRB_VERSION == 2 && GRB_SUBVERSION == 1);
    CHECK(GrB_INDEX_MAX == (1ULL << 60) - 1);
#ifndef GxB_SUITESPARSE_GRAPHBLAS
    CHECK(0 && "the header must declare the SuiteSparse extensions");
#endif
}

static void test_matrix(void)
{
    GrB_Matrix A = NULL, B = NULL;
    GrB_Index n = 0, I[4] = {0, 2, 2, 1}, J[4] = {1, 0, 0, 3};
    double X[4] = {1.5, 2.0, 3.0, 4.0}, x = 0;
    int32_t i32 = 0;

    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GrB_Matrix_nrows(&n, A)); CHECK(n == 3);
    OK(GrB_Matrix_ncols(&n, A)); CHECK(n == 4);
    OK(GrB_Matrix_nvals(&n, A)); CHECK(n == 0);

    /* Duplicates without an operator are invalid; the matrix stays empty. */
    EXPECT(GrB_Matrix_build(A, I, J, X, 4, GrB_NULL), GrB_INVALID_VALUE);
    OK(GrB_Matrix_nvals(&n, A)); CHECK(n == 0);
    OK(GrB_Matrix_build(A, I, J, X, 4, GrB_PLUS_FP64));
    OK(GrB_Matrix_nvals(&n, A)); CHECK(n == 3);
    OK(GrB_Matrix_extractElement(&x, A, 2, 0)); CHECK(x == 5.0);
    OK(GrB_Matrix_extractElement(&i32, A, 0, 1)); CHECK(i32 == 1);
    EXPECT(GrB_Matrix_build(A, I, J, X, 1, GrB_NULL), GrB_OUTPUT_NOT_EMPTY);

    /* Absent entries and bad indices. */
    x = -1;
    EXPECT(GrB_Matrix_extractElement(&x, A, 1, 1), GrB_NO_VALUE);
    CHECK(x == -1);
    EXPECT(GrB_Matrix_extractElement(&x, A, 3, 0), GrB_INVALID_INDEX);
    EXPECT(GrB_Matrix_setElement(A, 1.0, 0, 4), GrB_INVALID_INDEX);
    EXPECT(GrB_Matrix_removeElement(A, 9, 0), GrB_INVALID_INDEX);
    OK(GrB_Matrix_nvals(&n, A)); CHECK(n == 3);

    OK(GrB_Matrix_setElement(A, 7, 1, 1));
    OK(GrB_Matrix_removeElement(A, 0, 1));
    OK(GrB_Matrix_dup(&B, A));
    OK(GrB_Matrix_setElement(A, 8.5, 1, 1));
    OK(GrB_Matrix_extractElement(&x, B, 1, 1)); CHECK(x == 7.0);
    OK(GrB_Matrix_extractElement(&x, A, 1, 1)); CHECK(x == 8.5);

    /* extractTuples: capacity too small, then enough. */
    GrB_Index rows[8], cols[8], cap = 1;
    double vals[8];
    EXPECT(GrB_Matrix_extractTuples(rows, cols, vals, &cap, A), GrB_INSUFFICIENT_SPACE);
    cap = 8;
    OK(GrB_Matrix_extractTuples(rows, cols, vals, &cap, A));
    CHECK(cap == 3);
    CHECK(rows[0] == 1 && cols[0] == 1 && vals[0] == 8.5);
    CHECK(rows[1] == 1 && cols[1] == 3 && vals[1] == 4.0);
    CHECK(rows[2] == 2 && cols[2] == 0 && vals[2] == 5.0);

    OK(GrB_Matrix_resize(A, 2, 2));
    OK(GrB_Matrix_nvals(&n, A)); CHECK(n == 1);
    OK(GrB_Matrix_clear(A));
    OK(GrB_Matrix_nvals(&n, A)); CHECK(n == 0);
    OK(GrB_wait(B, GrB_MATERIALIZE));
    EXPECT(GrB_wait(B, 5), GrB_INVALID_VALUE);

    /* NULL and freed handles. */
    EXPECT(GrB_Matrix_nrows(NULL, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_nrows(&n, NULL), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_new(NULL, GrB_FP64, 2, 2), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_new(&B, NULL, 2, 2), GrB_NULL_POINTER);
    GrB_Matrix C = B;
    OK(GrB_free(&B));
    CHECK(B == NULL);
    OK(GrB_free(&B)); /* freeing NULL is fine */
    EXPECT(GrB_free((GrB_Matrix *) NULL), GrB_NULL_POINTER);
    (void) C; /* using C now would read freed memory: not done under sanitizers */

    /* A garbage handle (readable memory with no object in it). */
    uint64_t junk[16] = {0};
    EXPECT(GrB_Matrix_nrows(&n, (GrB_Matrix) junk), GrB_UNINITIALIZED_OBJECT);

    /* Dimensions beyond GrB_INDEX_MAX + 1. */
    EXPECT(GrB_Matrix_new(&B, GrB_FP64, GrB_INDEX_MAX + 2, 2), GrB_INVALID_VALUE);
    CHECK(B == NULL);
    OK(GrB_Matrix_new(&B, GrB_BOOL, GrB_INDEX_MAX + 1, GrB_INDEX_MAX + 1));
    OK(GrB_Matrix_setElement(B, true, GrB_INDEX_MAX, 5));
    OK(GrB_Matrix_setElement(B, true, 3, GrB_INDEX_MAX));
    OK(GrB_Matrix_nvals(&n, B)); CHECK(n == 2);
    bool b = false;
    OK(GrB_Matrix_extractElement(&b, B, GrB_INDEX_MAX, 5)); CHECK(b);

    OK(GrB_free(&A));
    OK(GrB_free(&B));
}

static void test_vector_and_scalar(void)
{
    GrB_Vector v = NULL;
    GrB_Scalar s = NULL;
    GrB_Index n = 0, I[3] = {4, 1, 4};
    int64_t X[3] = {10, 20, 30}, y = 0;

    OK(GrB_Vector_new(&v, GrB_INT64, 5));
    OK(GrB_Vector_build(v, I, X, 3, GrB_MAX_INT64));
    OK(GrB_Vector_nvals(&n, v)); CHECK(n == 2);
    OK(GrB_Vector_extractElement(&y, v, 4)); CHECK(y == 30);
    OK(GrB_Vector_size(&n, v)); CHECK(n == 5);
    EXPECT(GrB_Vector_setElement(v, 1, 5), GrB_INVALID_INDEX);

    OK(GrB_Scalar_new(&s, GrB_FP32));
    OK(GrB_Scalar_nvals(&n, s)); CHECK(n == 0);
    float f = 0;
    EXPECT(GrB_Scalar_extractElement(&f, s), GrB_NO_VALUE);
    OK(GrB_Scalar_setElement(s, 2.5));
    OK(GrB_Scalar_extractElement(&f, s)); CHECK(f == 2.5f);
    OK(GrB_Vector_setElement(v, s, 0));
    OK(GrB_Vector_extractElement(&y, v, 0)); CHECK(y == 2);
    OK(GrB_Scalar_clear(s));
    OK(GrB_Vector_setElement(v, s, 0)); /* an empty scalar removes the entry */
    EXPECT(GrB_Vector_extractElement(&y, v, 0), GrB_NO_VALUE);
    OK(GrB_Vector_extractElement(s, v, 1));
    OK(GrB_Scalar_nvals(&n, s)); CHECK(n == 1);
    OK(GrB_Vector_extractElement(s, v, 2));
    OK(GrB_Scalar_nvals(&n, s)); CHECK(n == 0);

    GrB_Index idx[4];
    int64_t vals[4];
    n = 4;
    OK(GrB_Vector_extractTuples(idx, vals, &n, v));
    CHECK(n == 2 && idx[0] == 1 && vals[0] == 20 && idx[1] == 4 && vals[1] == 30);

    OK(GrB_Vector_resize(v, 2));
    OK(GrB_Vector_nvals(&n, v)); CHECK(n == 1);
    OK(GrB_free(&v));
    OK(GrB_free(&s));
}

/* extractTuples into an array of another type casts each value as
 * extractElement does: long vectors (written in parallel pieces), stored
 * and iso-valued. */
static void test_extract_tuples_cast(void)
{
    enum { N = 100000 };
    static GrB_Index idx[N];
    static uint32_t X[N];
    static uint64_t wide[N];
    static double real[N];
    static int8_t narrow[N];
    GrB_Vector v = NULL;
    for (GrB_Index k = 0; k < N; k++) { idx[k] = k; X[k] = (uint32_t) (k * 2654435761u); }
    OK(GrB_Vector_new(&v, GrB_UINT32, N));
    for (int iso = 0; iso < 2; iso++) {
        if (iso) OK(GrB_Vector_assign_UINT32(v, NULL, NULL, 7u, GrB_ALL, N, NULL));
        else OK(GrB_Vector_build_UINT32(v, idx, X, N, NULL));
        GrB_Index n = N;
        OK(GrB_Vector_extractTuples_UINT64(NULL, wide, &n, v)); CHECK(n == N);
        OK(GrB_Vector_extractTuples_FP64(NULL, real, &n, v)); CHECK(n == N);
        OK(GrB_Vector_extractTuples_INT8(NULL, narrow, &n, v)); CHECK(n == N);
        for (GrB_Index k = 0; k < N; k += 997) {
            uint64_t w = 0; double r = 0; int8_t t = 0;
            OK(GrB_Vector_extractElement_UINT64(&w, v, k));
            OK(GrB_Vector_extractElement_FP64(&r, v, k));
            OK(GrB_Vector_extractElement_INT8(&t, v, k));
            CHECK(wide[k] == w && real[k] == r && narrow[k] == t);
            CHECK(w == (iso ? 7u : X[k]));
        }
    }
    OK(GrB_free(&v));
}

static void test_user_types(void)
{
    GrB_Type Complex = NULL;
    GrB_BinaryOp add = NULL;
    GrB_Monoid sum = NULL;
    GrB_Matrix A = NULL;
    complex_t zero = {0, 0}, one = {1, 2}, out = {0, 0};
    double d = 0;
    const char *msg = NULL;

    OK(GrB_Type_new(&Complex, sizeof(complex_t)));
    OK(GrB_BinaryOp_new(&add, add_complex, Complex, Complex, Complex));
    OK(GrB_Monoid_new(&sum, add, (void *) &zero));
    OK(GrB_Matrix_new(&A, Complex, 2, 2));
    OK(GrB_Matrix_setElement_UDT(A, &one, 0, 1));
    OK(GrB_Matrix_extractElement_UDT(&out, A, 0, 1));
    CHECK(out.re == 1 && out.im == 2);

    /* A user-defined type mixed with a built-in one. */
    EXPECT(GrB_Matrix_setElement(A, 1.0, 0, 0), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_extractElement(&d, A, 0, 1), GrB_DOMAIN_MISMATCH);
    OK(GrB_error(&msg, A));
    CHECK(msg != NULL && strlen(msg) > 0);
    GrB_Monoid bad = NULL;
    EXPECT(GrB_Monoid_new(&bad, GrB_PLUS_FP64, (void *) &zero), GrB_SUCCESS);
    OK(GrB_free(&bad));
    GrB_Semiring sr = NULL;
    EXPECT(GrB_Semiring_new(&sr, sum, GrB_TIMES_FP64), GrB_DOMAIN_MISMATCH);
    CHECK(sr == NULL);
    EXPECT(GrB_Type_new(&Complex, 0), GrB_INVALID_VALUE);

    OK(GrB_free(&A));
    OK(GrB_free(&sum));
    OK(GrB_free(&add));
    OK(GrB_free(&Complex));
}

static void test_descriptors(void)
{
    GrB_Descriptor d = NULL;
    OK(GrB_Descriptor_new(&d));
    OK(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE));
    OK(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP_STRUCTURE));
    OK(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN));
    EXPECT(GrB_Descriptor_set(d, GrB_INP1, GrB_REPLACE), GrB_INVALID_VALUE);
    EXPECT(GrB_Descriptor_set(d, (GrB_Desc_Field) 42, GrB_DEFAULT), GrB_INVALID_VALUE);
    EXPECT(GrB_Descriptor_set(GrB_DESC_T0, GrB_INP0, GrB_DEFAULT), GrB_INVALID_VALUE);
    EXPECT(GrB_Descriptor_set(NULL, GrB_OUTP, GrB_REPLACE), GrB_NULL_POINTER);
    OK(GrB_free(&d));
    GrB_Descriptor predefined = GrB_DESC_RSC;
    OK(GrB_free(&predefined)); /* predefined objects are never freed */
    CHECK(GrB_DESC_RSC != NULL);
}

int main(void)
{
    test_init();
    test_matrix();
    test_vector_and_scalar();
    test_extract_tuples_cast();
    test_user_types();
    test_descriptors();
    /* After GrB_finalize, objects may still be freed (LAGraph_Finalize frees
     * its objects after finalizing and may be called twice); the rest
     * fails, and a second GrB_finalize does nothing. */
    GrB_Vector v = NULL, w = NULL;
    OK(GrB_Vector_new(&v, GrB_INT32, 3));
    OK(GrB_finalize());
    EXPECT(GrB_Vector_new(&w, GrB_INT32, 3), GrB_PANIC);
    OK(GrB_free(&v));
    CHECK(v == NULL);
    OK(GrB_free(&v));
    OK(GrB_finalize());
    return check_done("test_objects");
}
