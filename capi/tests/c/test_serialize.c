/* GrB_Matrix_serializeSize / serialize / deserialize: round trips for every
 * type, user-defined types, vectors and huge hypersparse matrices, the calling
 * sequence LAGraph uses, and every bad input: NULL pointers, uninitialized
 * objects, too-small buffers, type mismatches, and corrupted, truncated or
 * random blobs (GrB_INVALID_OBJECT, never a crash). */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

/* True when A and B have the same dimensions, type and FP64-cast entries. */
static bool same(GrB_Matrix A, GrB_Matrix B)
{
    GrB_Index ra, ca, rb, cb, na, nb;
    GrB_Index I[64], J[64], I2[64], J2[64];
    double X[64], X2[64];
    int32_t ta, tb;
    if (GrB_Matrix_nrows(&ra, A) || GrB_Matrix_ncols(&ca, A) ||
        GrB_Matrix_nrows(&rb, B) || GrB_Matrix_ncols(&cb, B) ||
        GrB_Matrix_nvals(&na, A) || GrB_Matrix_nvals(&nb, B) ||
        GrB_get(A, &ta, GrB_EL_TYPE_CODE) || GrB_get(B, &tb, GrB_EL_TYPE_CODE))
        return false;
    if (ra != rb || ca != cb || na != nb || ta != tb || na > 64) return false;
    if (GrB_Matrix_extractTuples(I, J, X, &na, A) ||
        GrB_Matrix_extractTuples(I2, J2, X2, &nb, B))
        return false;
    for (GrB_Index k = 0; k < na; k++) {
        double v;
        if (GrB_Matrix_extractElement(&v, B, I[k], J[k]) != GrB_SUCCESS || v != X[k])
            return false;
    }
    return true;
}

/* Serializes as LAGraph does: size, allocate, serialize, shrink. */
static void *serialize(GrB_Matrix A, GrB_Index *size)
{
    GrB_Index estimate = 0;
    void *blob;
    if (GrB_Matrix_serializeSize(&estimate, A) != GrB_SUCCESS) return NULL;
    blob = malloc(estimate);
    *size = estimate;
    if (blob == NULL || GrB_Matrix_serialize(blob, size, A) != GrB_SUCCESS) {
        free(blob);
        return NULL;
    }
    return realloc(blob, *size);
}

static void test_round_trips(void)
{
    GrB_Type types[11] = {GrB_BOOL, GrB_INT8, GrB_UINT8, GrB_INT16,
                          GrB_UINT16, GrB_INT32, GrB_UINT32, GrB_INT64,
                          GrB_UINT64, GrB_FP32, GrB_FP64};
    for (int k = 0; k < 11; k++) {
        GrB_Matrix A = NULL, B = NULL, C = NULL;
        GrB_Index size = 0;
        void *blob;
        OK(GrB_Matrix_new(&A, types[k], 5, 7));
        for (int e = 0; e < 9; e++)
            OK(GrB_Matrix_setElement(A, (double) (e % 3), (GrB_Index) (e * 3) % 5,
                                     (GrB_Index) (e * 5) % 7));
        blob = serialize(A, &size);
        CHECK(blob != NULL);
        if (blob == NULL) continue;
        OK(GrB_Matrix_deserialize(&B, NULL, blob, size));
        CHECK(same(A, B));
        OK(GrB_Matrix_deserialize(&C, types[k], blob, size));
        CHECK(same(A, C));
        OK(GrB_free(&C));
        EXPECT(GrB_Matrix_deserialize(&C, types[(k + 1) % 11], blob, size),
               GrB_DOMAIN_MISMATCH);
        CHECK(C == NULL);
        free(blob);
        OK(GrB_free(&A));
        OK(GrB_free(&B));
    }
}

static void test_other_shapes(void)
{
    const GrB_Index big = (GrB_Index) 1 << 60;
    GrB_Matrix A = NULL, B = NULL;
    GrB_Vector v = NULL;
    GrB_Index size = 0, n = 0;
    void *blob;
    double x = 0;

    /* A huge hypersparse matrix has a small blob. */
    OK(GrB_Matrix_new(&A, GrB_FP64, big, big));
    OK(GrB_Matrix_setElement(A, 2.5, big - 1, 7));
    OK(GrB_Matrix_setElement(A, -1.0, 3, big - 2));
    blob = serialize(A, &size);
    CHECK(blob != NULL && size < 256);
    OK(GrB_Matrix_deserialize(&B, GrB_FP64, blob, size));
    OK(GrB_Matrix_nrows(&n, B));
    CHECK(n == big);
    OK(GrB_Matrix_extractElement(&x, B, big - 1, 7));
    CHECK(x == 2.5);
    free(blob);
    OK(GrB_free(&A));
    OK(GrB_free(&B));

    /* A vector serializes as an n x 1 matrix; a dense matrix stays dense. */
    OK(GrB_Vector_new(&v, GrB_INT16, 6));
    OK(GrB_Vector_setElement(v, (int16_t) -4, 5));
    blob = serialize((GrB_Matrix) v, &size);
    CHECK(blob != NULL);
    OK(GrB_Matrix_deserialize(&B, NULL, blob, size));
    OK(GrB_Matrix_ncols(&n, B));
    CHECK(n == 1);
    OK(GrB_Matrix_extractElement(&x, B, 5, 0));
    CHECK(x == -4);
    free(blob);
    OK(GrB_free(&B));
    OK(GrB_free(&v));

    OK(GrB_Matrix_new(&A, GrB_UINT8, 3, 3));
    for (GrB_Index i = 0; i < 3; i++)
        for (GrB_Index j = 0; j < 3; j++)
            OK(GrB_Matrix_setElement(A, (uint8_t) (i * 3 + j), i, j));
    OK(GrB_set(A, GxB_BY_COL, GxB_FORMAT));
    blob = serialize(A, &size);
    OK(GrB_Matrix_deserialize(&B, NULL, blob, size));
    CHECK(same(A, B));
    free(blob);
    OK(GrB_free(&A));
    OK(GrB_free(&B));

    /* An empty 0 x 0 matrix. */
    OK(GrB_Matrix_new(&A, GrB_BOOL, 0, 0));
    blob = serialize(A, &size);
    OK(GrB_Matrix_deserialize(&B, NULL, blob, size));
    CHECK(same(A, B));
    free(blob);
    OK(GrB_free(&A));
    OK(GrB_free(&B));
}

static void test_user_types(void)
{
    typedef struct { double re, im; } complex_t;
    GrB_Type T = NULL, U = NULL, V = NULL;
    GrB_Matrix A = NULL, B = NULL;
    complex_t z = {1.5, -2}, w = {0, 0};
    GrB_Index size = 0;
    void *blob;

    OK(GrB_Type_new(&T, sizeof(complex_t)));
    OK(GrB_Type_new(&U, sizeof(complex_t)));
    OK(GrB_Type_new(&V, 4));
    OK(GrB_Matrix_new(&A, T, 4, 4));
    OK(GrB_Matrix_setElement_UDT(A, &z, 2, 1));
    blob = serialize(A, &size);
    CHECK(blob != NULL);
    EXPECT(GrB_Matrix_deserialize(&B, NULL, blob, size), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_deserialize(&B, V, blob, size), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_deserialize(&B, GrB_FP64, blob, size), GrB_DOMAIN_MISMATCH);
    CHECK(B == NULL);
    OK(GrB_Matrix_deserialize(&B, T, blob, size));
    OK(GrB_Matrix_extractElement_UDT(&w, B, 2, 1));
    CHECK(w.re == 1.5 && w.im == -2);
    OK(GrB_free(&B));
    /* Only the size of a user-defined type is checked. */
    OK(GrB_Matrix_deserialize(&B, U, blob, size));
    OK(GrB_free(&B));
    free(blob);
    OK(GrB_free(&A));
    OK(GrB_free(&T));
    OK(GrB_free(&U));
    OK(GrB_free(&V));
}

static void test_bad_inputs(void)
{
    GrB_Matrix A = NULL, B = NULL;
    GrB_Index size = 0, need = 0;
    unsigned char *blob, *bad;
    unsigned seed = 12345;

    OK(GrB_Matrix_new(&A, GrB_INT32, 4, 4));
    OK(GrB_Matrix_setElement(A, 7, 1, 2));
    OK(GrB_Matrix_setElement(A, -3, 3, 0));
    OK(GrB_Matrix_serializeSize(&need, A));
    blob = malloc(need + 16);
    bad = malloc(need + 16);
    if (blob == NULL || bad == NULL) { CHECK(0); return; }

    /* serializeSize / serialize. */
    EXPECT(GrB_Matrix_serializeSize(NULL, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_serializeSize(&size, NULL), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_serializeSize(&size, (GrB_Matrix) junk), GrB_UNINITIALIZED_OBJECT);
    size = need - 1;
    EXPECT(GrB_Matrix_serialize(blob, &size, A), GrB_INSUFFICIENT_SPACE);
    CHECK(size == need - 1);
    size = need;
    EXPECT(GrB_Matrix_serialize(NULL, &size, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_serialize(blob, NULL, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_serialize(blob, &size, (GrB_Matrix) junk), GrB_UNINITIALIZED_OBJECT);
    size = need + 16; /* a larger buffer is fine; the size used comes back */
    OK(GrB_Matrix_serialize(blob, &size, A));
    CHECK(size == need);

    /* deserialize: NULL pointers, uninitialized type. */
    EXPECT(GrB_Matrix_deserialize(NULL, NULL, blob, size), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_deserialize(&B, NULL, NULL, size), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_deserialize(&B, (GrB_Type) junk, blob, size), GrB_UNINITIALIZED_OBJECT);
    /* Trailing bytes after the blob are ignored. */
    OK(GrB_Matrix_deserialize(&B, NULL, blob, size + 16));
    CHECK(same(A, B));
    OK(GrB_free(&B));

    /* Every truncation and every corrupted byte is an invalid object. */
    for (GrB_Index n = 0; n < size; n++)
        EXPECT(GrB_Matrix_deserialize(&B, NULL, blob, n), GrB_INVALID_OBJECT);
    for (GrB_Index k = 0; k < size; k++) {
        memcpy(bad, blob, size);
        bad[k] ^= 0x5a;
        EXPECT(GrB_Matrix_deserialize(&B, NULL, bad, size), GrB_INVALID_OBJECT);
    }
    /* Random bytes, with and without a valid-looking start. */
    for (int trial = 0; trial < 200; trial++) {
        GrB_Index n = (GrB_Index) (trial % (int) size) + 1;
        for (GrB_Index k = 0; k < n; k++) {
            seed = seed * 1103515245u + 12345u;
            bad[k] = (unsigned char) (seed >> 16);
        }
        if (trial % 2 == 0) memcpy(bad, blob, n < 24 ? n : 24);
        EXPECT(GrB_Matrix_deserialize(&B, NULL, bad, n), GrB_INVALID_OBJECT);
    }
    CHECK(B == NULL);

    free(blob);
    free(bad);
    OK(GrB_free(&A));
}

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    test_round_trips();
    test_other_shapes();
    test_user_types();
    test_bad_inputs();
    OK(GrB_finalize());
    return check_done("test_serialize");
}
