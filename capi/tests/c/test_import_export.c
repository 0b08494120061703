/* GrB_Matrix_import / GrB_Matrix_export in every format for every type,
 * exportSize, exportHint, and every bad input: NULL pointers, uninitialized
 * objects, invalid formats, domain mismatches, too-small arrays, invalid
 * pointers, out-of-range and duplicate indices, huge dimensions. A failed
 * call leaves its outputs unchanged. */

#include <stdint.h>
#include <string.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

/*  The 3 x 4 test matrix:
 *      [ .  1  .  2 ]
 *      [ .  .  .  . ]
 *      [ 3  .  4  . ]                                                        */
static const GrB_Index csr_p[4] = {0, 2, 2, 4}, csr_j[4] = {1, 3, 0, 2};
static const GrB_Index csc_p[5] = {0, 1, 2, 3, 4}, csc_i[4] = {2, 0, 2, 0};
static const int csr_x[4] = {1, 2, 3, 4}, csc_x[4] = {3, 1, 4, 2};

/* Import, check entries, export in each sparse format, compare, for one type. */
#define ROUND_TRIP(T, SUFFIX, GRB_TYPE)                                        \
    do {                                                                       \
        GrB_Matrix A_ = NULL, B_ = NULL;                                       \
        T x_[4], y_[8], v_ = 0;                                                \
        GrB_Index p_[8], i_[8], np_ = 8, ni_ = 8, nx_ = 8, n_ = 0;             \
        for (int k = 0; k < 4; k++) x_[k] = (T) csr_x[k];                      \
        OK(GrB_Matrix_import(&A_, GRB_TYPE, 3, 4, csr_p, csr_j, x_, 4, 4, 4,  \
                             GrB_CSR_FORMAT));                                 \
        OK(GrB_Matrix_nvals(&n_, A_));                                         \
        CHECK(n_ == 4);                                                        \
        OK(GrB_Matrix_extractElement(&v_, A_, 2, 2));                          \
        CHECK(v_ == (T) 4);                                                    \
        OK(GrB_Matrix_exportSize(&np_, &ni_, &nx_, GrB_CSR_FORMAT, A_));       \
        CHECK(np_ == 4 && ni_ == 4 && nx_ == 4);                               \
        np_ = ni_ = nx_ = 8;                                                   \
        OK(GrB_Matrix_export(p_, i_, y_, &np_, &ni_, &nx_, GrB_CSR_FORMAT, A_)); \
        CHECK(np_ == 4 && ni_ == 4 && nx_ == 4);                               \
        CHECK(memcmp(p_, csr_p, sizeof csr_p) == 0);                           \
        CHECK(memcmp(i_, csr_j, sizeof csr_j) == 0);                           \
        for (int k = 0; k < 4; k++) CHECK(y_[k] == x_[k]);                     \
        np_ = ni_ = nx_ = 8;                                                   \
        OK(GrB_Matrix_export_##SUFFIX(p_, i_, y_, &np_, &ni_, &nx_,            \
                                      GrB_CSC_FORMAT, A_));                    \
        CHECK(np_ == 5 && ni_ == 4 && nx_ == 4);                               \
        CHECK(memcmp(p_, csc_p, sizeof csc_p) == 0);                           \
        CHECK(memcmp(i_, csc_i, sizeof csc_i) == 0);                           \
        for (int k = 0; k < 4; k++) CHECK(y_[k] == (T) csc_x[k]);              \
        OK(GrB_Matrix_import_##SUFFIX(&B_, GRB_TYPE, 3, 4, p_, i_, y_, 5, 4,   \
                                      4, GrB_CSC_FORMAT));                     \
        OK(GrB_Matrix_extractElement(&v_, B_, 0, 3));                          \
        CHECK(v_ == (T) 2);                                                    \
        OK(GrB_free(&B_));                                                     \
        np_ = ni_ = nx_ = 8;                                                   \
        OK(GrB_Matrix_export(p_, i_, y_, &np_, &ni_, &nx_, GrB_COO_FORMAT, A_)); \
        CHECK(np_ == 4 && ni_ == 4 && nx_ == 4);                               \
        OK(GrB_Matrix_import(&B_, GRB_TYPE, 3, 4, p_, i_, y_, 4, 4, 4,         \
                             GrB_COO_FORMAT));                                 \
        OK(GrB_Matrix_extractElement(&v_, B_, 2, 0));                          \
        CHECK(v_ == (T) 3);                                                    \
        OK(GrB_Matrix_nvals(&n_, B_));                                         \
        CHECK(n_ == 4);                                                        \
        OK(GrB_free(&B_));                                                     \
        OK(GrB_free(&A_));                                                     \
    } while (0)

static void test_every_type(void)
{
    ROUND_TRIP(bool, BOOL, GrB_BOOL);
    ROUND_TRIP(int8_t, INT8, GrB_INT8);
    ROUND_TRIP(uint8_t, UINT8, GrB_UINT8);
    ROUND_TRIP(int16_t, INT16, GrB_INT16);
    ROUND_TRIP(uint16_t, UINT16, GrB_UINT16);
    ROUND_TRIP(int32_t, INT32, GrB_INT32);
    ROUND_TRIP(uint32_t, UINT32, GrB_UINT32);
    ROUND_TRIP(int64_t, INT64, GrB_INT64);
    ROUND_TRIP(uint64_t, UINT64, GrB_UINT64);
    ROUND_TRIP(float, FP32, GrB_FP32);
    ROUND_TRIP(double, FP64, GrB_FP64);
}

static void test_formats(void)
{
    GrB_Matrix A = NULL, D = NULL;
    GrB_Index cols[4], rows[4], np = 4, ni = 4, nx = 4, nvals = 0;
    double x[6] = {1, 2, 3, 4, 5, 6}, y[6], v = 0;
    GrB_Format hint = GrB_DENSE_COL_FORMAT;

    /* COO as the spec defines it: indptr holds column indices, indices row
     * indices, in any order. */
    GrB_Index coo_cols[4] = {2, 1, 0, 3}, coo_rows[4] = {2, 0, 2, 0};
    OK(GrB_Matrix_import(&A, GrB_FP64, 3, 4, coo_cols, coo_rows, x, 4, 4, 4,
                         GrB_COO_FORMAT));
    OK(GrB_Matrix_extractElement(&v, A, 2, 2));
    CHECK(v == 1);
    OK(GrB_Matrix_extractElement(&v, A, 0, 3));
    CHECK(v == 4);
    OK(GrB_Matrix_export(cols, rows, y, &np, &ni, &nx, GrB_COO_FORMAT, A));
    CHECK(np == 4 && ni == 4 && nx == 4);
    for (int k = 0; k < 4; k++) {
        OK(GrB_Matrix_extractElement(&v, A, rows[k], cols[k]));
        CHECK(v == y[k]);
    }
    OK(GrB_Matrix_exportHint(&hint, A));
    CHECK(hint == GrB_CSR_FORMAT);

    /* Dense formats need every entry. */
    EXPECT(GrB_Matrix_exportSize(&np, &ni, &nx, GrB_DENSE_ROW_FORMAT, A), GrB_SUCCESS);
    CHECK(np == 0 && ni == 0 && nx == 12);
    np = ni = 0;
    nx = 6;
    EXPECT(GrB_Matrix_export(NULL, NULL, y, &np, &ni, &nx, GrB_DENSE_ROW_FORMAT, A),
           GrB_INSUFFICIENT_SPACE);
    {
        double big[12];
        nx = 12;
        EXPECT(GrB_Matrix_export(NULL, NULL, big, &np, &ni, &nx, GrB_DENSE_ROW_FORMAT, A),
               GrB_INVALID_VALUE);
    }
    OK(GrB_Matrix_import(&D, GrB_FP64, 2, 3, NULL, NULL, x, 0, 0, 6,
                         GrB_DENSE_COL_FORMAT));
    OK(GrB_Matrix_extractElement(&v, D, 1, 0));
    CHECK(v == 2);
    OK(GrB_Matrix_extractElement(&v, D, 0, 2));
    CHECK(v == 5);
    OK(GrB_Matrix_nvals(&nvals, D));
    CHECK(nvals == 6);
    np = ni = 0;
    nx = 6;
    OK(GrB_Matrix_export(NULL, NULL, y, &np, &ni, &nx, GrB_DENSE_ROW_FORMAT, D));
    CHECK(nx == 6);
    CHECK(y[0] == 1 && y[1] == 3 && y[2] == 5 && y[3] == 2 && y[4] == 4 && y[5] == 6);
    OK(GrB_Matrix_exportHint(&hint, D));
    CHECK(hint == GrB_CSC_FORMAT);
    EXPECT(GrB_Matrix_import(&D, GrB_FP64, 2, 4, NULL, NULL, x, 0, 0, 6,
                             GrB_DENSE_ROW_FORMAT), GrB_INVALID_VALUE);
    OK(GrB_free(&D));

    /* Unsorted rows are accepted; exports come sorted. */
    {
        GrB_Index p[3] = {0, 3, 3}, j[3] = {2, 0, 1}, q[3], jj[3];
        double z[3] = {30, 10, 20}, w[3];
        GrB_Index n1 = 3, n2 = 3, n3 = 3;
        OK(GrB_Matrix_import(&D, GrB_FP64, 2, 3, p, j, z, 3, 3, 3, GrB_CSR_FORMAT));
        OK(GrB_Matrix_export(q, jj, w, &n1, &n2, &n3, GrB_CSR_FORMAT, D));
        CHECK(jj[0] == 0 && jj[1] == 1 && jj[2] == 2);
        CHECK(w[0] == 10 && w[1] == 20 && w[2] == 30);
        OK(GrB_free(&D));
    }

    /* Empty matrices, and arrays longer than needed (as LAGraph passes them). */
    {
        GrB_Index p[5] = {0, 0, 0, 0, 99};
        OK(GrB_Matrix_import(&D, GrB_INT32, 3, 0, p, NULL, (int32_t *) NULL, 5, 0, 0,
                             GrB_CSR_FORMAT));
        OK(GrB_Matrix_nvals(&nvals, D));
        CHECK(nvals == 0);
        OK(GrB_free(&D));
    }

    OK(GrB_free(&A));
}

static void test_user_types(void)
{
    typedef struct { uint8_t r, g, b; } rgb_t;
    GrB_Type T = NULL;
    GrB_Matrix A = NULL;
    rgb_t x[2] = {{1, 2, 3}, {4, 5, 6}}, y[2], v;
    GrB_Index p[3] = {0, 1, 2}, j[2] = {1, 0}, pp[3], jj[2], n1 = 3, n2 = 2, n3 = 2;
    int32_t i32[2];

    OK(GrB_Type_new(&T, sizeof(rgb_t)));
    OK(GrB_Matrix_import(&A, T, 2, 2, p, j, (void *) x, 3, 2, 2, GrB_CSR_FORMAT));
    OK(GrB_Matrix_extractElement_UDT(&v, A, 1, 0));
    CHECK(v.r == 4 && v.g == 5 && v.b == 6);
    OK(GrB_Matrix_export(pp, jj, (void *) y, &n1, &n2, &n3, GrB_CSR_FORMAT, A));
    CHECK(memcmp(x, y, sizeof x) == 0);
    n1 = 3;
    n2 = n3 = 2;
    EXPECT(GrB_Matrix_export(pp, jj, i32, &n1, &n2, &n3, GrB_CSR_FORMAT, A),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_import(&A, T, 2, 2, p, j, i32, 3, 2, 2, GrB_CSR_FORMAT),
           GrB_DOMAIN_MISMATCH);
    OK(GrB_free(&A));
    OK(GrB_free(&T));
}

static void test_bad_inputs(void)
{
    GrB_Matrix A = NULL, B = NULL;
    double x[4] = {1, 2, 3, 4}, y[4] = {0};
    GrB_Index p[5], j[4], np = 4, ni = 4, nx = 4;
    GrB_Format hint = GrB_DENSE_COL_FORMAT;

    OK(GrB_Matrix_import(&A, GrB_FP64, 3, 4, csr_p, csr_j, x, 4, 4, 4, GrB_CSR_FORMAT));

    /* import: each failure leaves B NULL. */
    EXPECT(GrB_Matrix_import(NULL, GrB_FP64, 3, 4, csr_p, csr_j, x, 4, 4, 4,
                             GrB_CSR_FORMAT), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_import(&B, NULL, 3, 4, csr_p, csr_j, x, 4, 4, 4,
                             GrB_CSR_FORMAT), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_import(&B, (GrB_Type) junk, 3, 4, csr_p, csr_j, x, 4, 4, 4,
                             GrB_CSR_FORMAT), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GrB_Matrix_import(&B, GrB_FP32, 3, 4, csr_p, csr_j, x, 4, 4, 4,
                             GrB_CSR_FORMAT), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, NULL, csr_j, x, 4, 4, 4,
                             GrB_CSR_FORMAT), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, NULL, x, 4, 4, 4,
                             GrB_CSR_FORMAT), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, csr_j, (double *) NULL, 4, 4, 4,
                             GrB_CSR_FORMAT), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, csr_j, x, 4, 4, 4, 5),
           GrB_INVALID_VALUE);
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, csr_j, x, 4, 4, 4, -1),
           GrB_INVALID_VALUE);
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, csr_j, x, 3, 4, 4,
                             GrB_CSR_FORMAT), GrB_INVALID_VALUE);   /* short indptr */
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, csr_j, x, 4, 3, 4,
                             GrB_CSR_FORMAT), GrB_INDEX_OUT_OF_BOUNDS); /* short indices */
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, csr_j, x, 4, 4, 3,
                             GrB_CSR_FORMAT), GrB_INDEX_OUT_OF_BOUNDS); /* short values */
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 3, csr_p, csr_j, x, 4, 4, 4,
                             GrB_CSR_FORMAT), GrB_INDEX_OUT_OF_BOUNDS); /* column 3 of 3 */
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, (GrB_Index) 1 << 61, 4, csr_p, csr_j, x,
                             4, 4, 4, GrB_COO_FORMAT), GrB_INVALID_VALUE);
    EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, csr_j, x, UINT64_MAX, 4, 4,
                             GrB_CSR_FORMAT), GrB_INVALID_VALUE);
    {
        GrB_Index bad0[4] = {1, 2, 2, 4}, down[4] = {0, 3, 2, 4}, dup[4] = {1, 1, 0, 2};
        EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, bad0, csr_j, x, 4, 4, 4,
                                 GrB_CSR_FORMAT), GrB_INVALID_VALUE);
        EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, down, csr_j, x, 4, 4, 4,
                                 GrB_CSR_FORMAT), GrB_INVALID_VALUE);
        EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_p, dup, x, 4, 4, 4,
                                 GrB_CSR_FORMAT), GrB_INVALID_VALUE);
        EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, dup, dup, x, 4, 4, 4,
                                 GrB_COO_FORMAT), GrB_INVALID_VALUE);   /* (1,1) twice */
        EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_j, csr_j, x, 4, 4, 4,
                                 GrB_COO_FORMAT), GrB_INDEX_OUT_OF_BOUNDS); /* row 3 */
        EXPECT(GrB_Matrix_import(&B, GrB_FP64, 3, 4, csr_j, csr_j, x, 4, 3, 4,
                                 GrB_COO_FORMAT), GrB_INVALID_VALUE);   /* lengths differ */
    }
    CHECK(B == NULL);

    /* export and exportSize. */
    EXPECT(GrB_Matrix_export(p, j, y, &np, &ni, &nx, GrB_CSR_FORMAT, NULL), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_export(p, j, y, &np, &ni, &nx, GrB_CSR_FORMAT, (GrB_Matrix) junk),
           GrB_UNINITIALIZED_OBJECT);
    EXPECT(GrB_Matrix_export(p, j, y, NULL, &ni, &nx, GrB_CSR_FORMAT, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_export(p, j, y, &np, NULL, &nx, GrB_CSR_FORMAT, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_export(p, j, y, &np, &ni, NULL, GrB_CSR_FORMAT, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_export(NULL, j, y, &np, &ni, &nx, GrB_CSR_FORMAT, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_export(p, NULL, y, &np, &ni, &nx, GrB_CSR_FORMAT, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_export(p, j, (double *) NULL, &np, &ni, &nx, GrB_CSR_FORMAT, A),
           GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_export(p, j, y, &np, &ni, &nx, 9, A), GrB_INVALID_VALUE);
    EXPECT(GrB_Matrix_export(p, j, (float *) y, &np, &ni, &nx, GrB_CSR_FORMAT, A),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_export(p, j, (void *) y, &np, &ni, &nx, GrB_CSR_FORMAT, A),
           GrB_DOMAIN_MISMATCH);
    np = 3;
    EXPECT(GrB_Matrix_export(p, j, y, &np, &ni, &nx, GrB_CSR_FORMAT, A),
           GrB_INSUFFICIENT_SPACE);
    CHECK(np == 3 && ni == 4 && nx == 4 && y[0] == 0);
    np = 4;
    ni = 3;
    EXPECT(GrB_Matrix_export(p, j, y, &np, &ni, &nx, GrB_CSR_FORMAT, A),
           GrB_INSUFFICIENT_SPACE);
    ni = 4;
    nx = 3;
    EXPECT(GrB_Matrix_export(p, j, y, &np, &ni, &nx, GrB_COO_FORMAT, A),
           GrB_INSUFFICIENT_SPACE);
    CHECK(y[0] == 0);
    EXPECT(GrB_Matrix_exportSize(NULL, &ni, &nx, GrB_CSR_FORMAT, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_exportSize(&np, &ni, &nx, 17, A), GrB_INVALID_VALUE);
    EXPECT(GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, (GrB_Matrix) junk),
           GrB_UNINITIALIZED_OBJECT);
    EXPECT(GrB_Matrix_exportHint(NULL, A), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_exportHint(&hint, NULL), GrB_NULL_POINTER);
    OK(GrB_free(&A));
}

static void test_huge_dimensions(void)
{
    const GrB_Index big = (GrB_Index) 1 << 60;
    GrB_Matrix A = NULL;
    GrB_Index cols[2] = {3, big - 1}, rows[2] = {big - 1, 0}, c2[2], r2[2];
    GrB_Index np = 0, ni = 0, nx = 0;
    int64_t x[2] = {-5, 9}, y[2], v = 0;
    GrB_Format hint = GrB_DENSE_COL_FORMAT;

    OK(GrB_Matrix_import(&A, GrB_INT64, big, big, cols, rows, x, 2, 2, 2,
                         GrB_COO_FORMAT));
    OK(GrB_Matrix_extractElement(&v, A, big - 1, 3));
    CHECK(v == -5);
    OK(GrB_Matrix_exportHint(&hint, A));
    CHECK(hint == GrB_COO_FORMAT);
    OK(GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, A));
    CHECK(np == big + 1 && ni == 2 && nx == 2);
    EXPECT(GrB_Matrix_exportSize(&np, &ni, &nx, GrB_DENSE_ROW_FORMAT, A), GrB_INVALID_VALUE);
    np = ni = nx = 2;
    OK(GrB_Matrix_export(c2, r2, y, &np, &ni, &nx, GrB_COO_FORMAT, A));
    CHECK(np == 2);
    for (int k = 0; k < 2; k++) {
        OK(GrB_Matrix_extractElement(&v, A, r2[k], c2[k]));
        CHECK(v == y[k]);
    }
    OK(GrB_free(&A));
}

int main(void)
{
    OK(GrB_init(GrB_BLOCKING));
    test_every_type();
    test_formats();
    test_user_types();
    test_bad_inputs();
    test_huge_dimensions();
    OK(GrB_finalize());
    return check_done("test_import_export");
}
