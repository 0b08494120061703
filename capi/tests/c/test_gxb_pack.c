/* GxB_Matrix_pack_* / unpack_* and GxB_Vector_pack_* / unpack_*: the content
 * moves in from the caller's malloc'd arrays and out again without a copy
 * (the same pointers come back), jumbled and iso inputs, every bad input
 * (the caller keeps its arrays), and the copies made when GxB_init was given
 * other memory functions. */

#include <stdint.h>
#include <string.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

static void *dup_array(const void *x, size_t bytes)
{
    void *p = malloc(bytes);
    memcpy(p, x, bytes);
    return p;
}

/* The 3 x 4 matrix [. 1 . 2; . . . .; 3 . 4 .] by row. */
static const GrB_Index ap[4] = {0, 2, 2, 4}, aj[4] = {1, 3, 0, 2};
static const double ax[4] = {1, 2, 3, 4};

static void check_sample(GrB_Matrix A)
{
    GrB_Index n = 0;
    double x = 0;
    OK(GrB_Matrix_nvals(&n, A));
    CHECK(n == 4);
    OK(GrB_Matrix_extractElement(&x, A, 0, 3));
    CHECK(x == 2);
    OK(GrB_Matrix_extractElement(&x, A, 2, 0));
    CHECK(x == 3);
    EXPECT(GrB_Matrix_extractElement(&x, A, 1, 1), GrB_NO_VALUE);
}

static void test_csr_round_trip(void)
{
    GrB_Matrix A = NULL;
    GrB_Index *p = dup_array(ap, sizeof(ap)), *j = dup_array(aj, sizeof(aj));
    double *x = dup_array(ax, sizeof(ax));
    GrB_Index *p0 = p, *j0 = j, n = 1, psize = 0, jsize = 0, xsize = 0;
    double *x0 = x;
    void *xv = x;
    bool iso = true, jumbled = true;

    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GxB_Matrix_pack_CSR(A, &p, &j, &xv, sizeof(ap), sizeof(aj), sizeof(ax), false, false, NULL));
    CHECK(p == NULL && j == NULL && xv == NULL);
    check_sample(A);
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &xv, &psize, &jsize, &xsize, &iso, &jumbled, NULL));
    /* Zero copy: the arrays packed are the arrays unpacked. */
    CHECK(p == p0 && j == j0 && xv == (void *) x0);
    CHECK(psize >= sizeof(ap) && jsize >= sizeof(aj) && xsize >= sizeof(ax));
    CHECK(!iso && !jumbled);
    CHECK(memcmp(p, ap, sizeof(ap)) == 0 && memcmp(j, aj, sizeof(aj)) == 0);
    CHECK(memcmp(xv, ax, sizeof(ax)) == 0);
    OK(GrB_Matrix_nvals(&n, A));
    CHECK(n == 0);

    /* The same arrays as CSC: the transpose (4 x 3) holds them. */
    OK(GrB_free(&A));
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 3));
    OK(GxB_Matrix_pack_CSC(A, &p, &j, &xv, psize, jsize, xsize, false, false, NULL));
    double y = 0;
    OK(GrB_Matrix_extractElement(&y, A, 3, 0));
    CHECK(y == 2);
    /* Unpacked by row: converted, so new arrays (the old ones were freed). */
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &xv, &psize, &jsize, &xsize, &iso, &jumbled, NULL));
    CHECK(psize >= 5 * sizeof(GrB_Index) && p[4] == 4 && j[0] == 2);
    free(p);
    free(j);
    free(xv);
    OK(GrB_free(&A));
}

static void test_jumbled_and_iso(void)
{
    GrB_Matrix A = NULL;
    GrB_Index jj[4] = {3, 1, 2, 0};
    double xj[4] = {2, 1, 4, 3}, v = 0, one = 7;
    GrB_Index *p = dup_array(ap, sizeof(ap)), *j = dup_array(jj, sizeof(jj));
    void *x = dup_array(xj, sizeof(xj));
    GrB_Index ps, js, xs;
    bool iso, jumbled;

    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    /* Unsorted rows are refused unless declared jumbled. */
    EXPECT(GxB_Matrix_pack_CSR(A, &p, &j, &x, sizeof(ap), sizeof(jj), sizeof(xj), false, false, NULL),
           GrB_INVALID_VALUE);
    CHECK(p != NULL && j != NULL && x != NULL);
    OK(GxB_Matrix_pack_CSR(A, &p, &j, &x, sizeof(ap), sizeof(jj), sizeof(xj), false, true, NULL));
    check_sample(A);
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &x, &ps, &js, &xs, &iso, &jumbled, NULL));
    CHECK(memcmp(j, aj, sizeof(aj)) == 0 && memcmp(x, ax, sizeof(ax)) == 0);
    free(x);

    /* iso: one value for every entry. */
    x = dup_array(&one, sizeof(one));
    OK(GxB_Matrix_pack_CSR(A, &p, &j, &x, ps, js, sizeof(one), true, false, NULL));
    OK(GrB_Matrix_extractElement(&v, A, 2, 2));
    CHECK(v == 7);
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &x, &ps, &js, &xs, NULL, NULL, NULL));
    CHECK(xs >= 4 * sizeof(double) && ((double *) x)[3] == 7);
    /* Unpacked with a flag, content whose values are all equal reads as
     * iso, and the values array holds that one value (as in SuiteSparse). */
    OK(GxB_Matrix_pack_CSR(A, &p, &j, &x, ps, js, xs, false, false, NULL));
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &x, &ps, &js, &xs, &iso, &jumbled, NULL));
    CHECK(iso && !jumbled && xs >= sizeof(double) && ((double *) x)[0] == 7);
    /* Repacked iso with more entries than values (LAGraph's FastSV6). */
    GrB_Index p5[4] = {0, 2, 3, 5}, j5[5] = {0, 1, 2, 0, 2}, n = 0;
    memcpy(p, p5, sizeof(p5));
    free(j);
    j = dup_array(j5, sizeof(j5));
    OK(GxB_Matrix_pack_CSR(A, &p, &j, &x, ps, sizeof(j5), sizeof(double), iso, jumbled, NULL));
    OK(GrB_Matrix_nvals(&n, A));
    CHECK(n == 5);
    OK(GrB_Matrix_extractElement(&v, A, 2, 2));
    CHECK(v == 7);
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &x, &ps, &js, &xs, &iso, &jumbled, NULL));
    /* Fewer bytes than the 5 entries would take: the one value only. */
    CHECK(iso && xs >= sizeof(double) && xs < 5 * sizeof(double) && ((double *) x)[0] == 7);
    free(p);
    free(j);
    free(x);
    OK(GrB_free(&A));
}

static void test_bad_packs(void)
{
    GrB_Matrix A = NULL;
    GrB_Index bad_p[4] = {0, 3, 2, 4}, oob_j[4] = {1, 4, 0, 2}, dup_j[4] = {1, 1, 0, 2};
    GrB_Index *p = dup_array(ap, sizeof(ap)), *j = dup_array(aj, sizeof(aj));
    void *x = dup_array(ax, sizeof(ax)), *none = NULL;
    GrB_Index *q = NULL;
    double d = 0;

    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GrB_Matrix_setElement(A, 9.0, 1, 1));
    memcpy(p, bad_p, sizeof(bad_p));
    EXPECT(GxB_Matrix_pack_CSR(A, &p, &j, &x, 32, 32, 32, false, false, NULL), GrB_INVALID_VALUE);
    memcpy(p, ap, sizeof(ap));
    memcpy(j, oob_j, sizeof(oob_j));
    EXPECT(GxB_Matrix_pack_CSR(A, &p, &j, &x, 32, 32, 32, false, false, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    memcpy(j, dup_j, sizeof(dup_j));
    EXPECT(GxB_Matrix_pack_CSR(A, &p, &j, &x, 32, 32, 32, false, true, NULL), GrB_INVALID_VALUE);
    memcpy(j, aj, sizeof(aj));
    EXPECT(GxB_Matrix_pack_CSR(A, &p, &j, &x, 24, 32, 32, false, false, NULL), GrB_INVALID_VALUE);
    EXPECT(GxB_Matrix_pack_CSR(A, &p, &j, &x, 32, 32, 31, false, false, NULL), GrB_INVALID_VALUE);
    EXPECT(GxB_Matrix_pack_CSR(A, NULL, &j, &x, 32, 32, 32, false, false, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_pack_CSR(A, &q, &j, &x, 32, 32, 32, false, false, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_pack_CSR(A, &p, &j, &none, 32, 32, 32, false, false, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_pack_CSR((GrB_Matrix) junk, &p, &j, &x, 32, 32, 32, false, false, NULL),
           GrB_UNINITIALIZED_OBJECT);
    /* Nothing was taken, and A is unchanged. */
    CHECK(p != NULL && j != NULL && x != NULL);
    OK(GrB_Matrix_extractElement(&d, A, 1, 1));
    CHECK(d == 9);
    EXPECT(GxB_Matrix_unpack_FullR(A, &x, &q[0], NULL, NULL), GrB_NULL_POINTER);
    OK(GrB_Matrix_extractElement(&d, A, 1, 1));
    CHECK(d == 9);
    free(p);
    free(j);
    free(x);
    OK(GrB_free(&A));
}

static void test_hyper_bitmap_full(void)
{
    GrB_Matrix A = NULL;
    GrB_Index hp[3] = {0, 2, 4}, hh[2] = {0, 2};
    GrB_Index *p = dup_array(hp, sizeof(hp)), *h = dup_array(hh, sizeof(hh));
    GrB_Index *j = dup_array(aj, sizeof(aj)), *p0 = p, *h0 = h, nvec = 0, nvals = 0;
    GrB_Index ps, hs, js, xs, bs;
    void *x = dup_array(ax, sizeof(ax)), *x0 = x;
    int8_t bits[12] = {0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0}, *b = NULL, *b0;
    double dense[12] = {0, 1, 0, 2, 0, 0, 0, 0, 3, 0, 4, 0}, full[6] = {1, 2, 3, 4, 5, 6}, v = 0;
    bool iso, jumbled;
    int32_t status = 0;

    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GxB_Matrix_pack_HyperCSR(A, &p, &h, &j, &x, sizeof(hp), sizeof(hh), sizeof(aj), sizeof(ax),
                                false, 2, false, NULL));
    check_sample(A);
    OK(GxB_get(A, GxB_SPARSITY_STATUS, &status));
    CHECK(status == GxB_HYPERSPARSE);
    OK(GxB_Matrix_unpack_HyperCSR(A, &p, &h, &j, &x, &ps, &hs, &js, &xs, &iso, &nvec, &jumbled, NULL));
    CHECK(p == p0 && h == h0 && x == x0 && nvec == 2 && h[1] == 2);
    free(p);
    free(h);
    free(j);
    free(x);

    b = dup_array(bits, sizeof(bits));
    b0 = b;
    x = dup_array(dense, sizeof(dense));
    x0 = x;
    EXPECT(GxB_Matrix_pack_BitmapR(A, &b, &x, sizeof(bits), sizeof(dense), false, 3, NULL), GrB_INVALID_VALUE);
    OK(GxB_Matrix_pack_BitmapR(A, &b, &x, sizeof(bits), sizeof(dense), false, 4, NULL));
    check_sample(A);
    OK(GxB_get(A, GxB_SPARSITY_STATUS, &status));
    CHECK(status == GxB_BITMAP);
    OK(GxB_Matrix_unpack_BitmapR(A, &b, &x, &bs, &xs, &iso, &nvals, NULL));
    CHECK(x == x0 && nvals == 4 && b[3] == 1 && b[2] == 0);
    (void) b0;
    free(b);
    /* A bitmap by column of the same 3 x 4 matrix. */
    EXPECT(GxB_Matrix_unpack_FullR(A, &x, &xs, &iso, NULL), GrB_INVALID_VALUE);
    free(x);

    OK(GrB_free(&A));
    OK(GrB_Matrix_new(&A, GrB_FP64, 2, 3));
    x = dup_array(full, sizeof(full));
    x0 = x;
    OK(GxB_Matrix_pack_FullC(A, &x, sizeof(full), false, NULL));
    OK(GrB_Matrix_extractElement(&v, A, 1, 0));
    CHECK(v == 2);
    OK(GxB_Matrix_unpack_FullC(A, &x, &xs, &iso, NULL));
    CHECK(x == x0 && xs >= sizeof(full));
    OK(GxB_Matrix_pack_FullC(A, &x, sizeof(full), false, NULL));
    /* Read by row: converted. */
    OK(GxB_Matrix_unpack_FullR(A, &x, &xs, &iso, NULL));
    CHECK(((double *) x)[1] == 3 && ((double *) x)[3] == 2);
    EXPECT(GxB_Matrix_pack_FullR(A, &x, sizeof(full) - 8, false, NULL), GrB_INVALID_VALUE);
    free(x);
    OK(GrB_free(&A));
}

static void test_vectors(void)
{
    GrB_Vector v = NULL;
    GrB_Index vi[3] = {4, 1, 6}, *i = dup_array(vi, sizeof(vi)), *i0 = i, is, xs, nvals = 0;
    int32_t vx[3] = {40, 10, 60}, dense[8] = {1, 2, 3, 4, 5, 6, 7, 8}, y = 0;
    void *x = dup_array(vx, sizeof(vx)), *x0 = x;
    int8_t *b = NULL;
    GrB_Index bs;
    bool iso, jumbled;

    OK(GrB_Vector_new(&v, GrB_INT32, 8));
    OK(GxB_Vector_pack_CSC(v, &i, &x, sizeof(vi), sizeof(vx), false, 3, true, NULL));
    OK(GrB_Vector_extractElement(&y, v, 6));
    CHECK(y == 60);
    OK(GxB_Vector_unpack_CSC(v, &i, &x, &is, &xs, &iso, &nvals, &jumbled, NULL));
    CHECK(i == i0 && x == x0 && nvals == 3 && i[0] == 1 && ((int32_t *) x)[0] == 10);
    free(i);
    free(x);

    x = dup_array(dense, sizeof(dense));
    x0 = x;
    OK(GxB_Vector_pack_Full(v, &x, sizeof(dense), false, NULL));
    OK(GrB_Vector_extractElement(&y, v, 7));
    CHECK(y == 8);
    /* iso may be NULL (LAGraph's FastSV6 passes it so): the content is not iso. */
    OK(GxB_Vector_unpack_Full(v, &x, &xs, NULL, NULL));
    CHECK(x == x0 && ((int32_t *) x)[2] == 3);
    OK(GxB_Vector_pack_Full(v, &x, sizeof(dense), false, NULL));
    OK(GrB_Vector_removeElement(v, 0));
    EXPECT(GxB_Vector_unpack_Full(v, &x, &xs, &iso, NULL), GrB_INVALID_VALUE);
    OK(GxB_Vector_unpack_Bitmap(v, &b, &x, &bs, &xs, &iso, &nvals, NULL));
    CHECK(nvals == 7 && b[0] == 0 && b[1] == 1 && ((int32_t *) x)[1] == 2);
    OK(GxB_Vector_pack_Bitmap(v, &b, &x, bs, xs, false, 7, NULL));
    OK(GrB_Vector_nvals(&nvals, v));
    CHECK(nvals == 7);
    OK(GrB_free(&v));
}

static void test_import_export(void)
{
    GrB_Matrix A = NULL;
    GrB_Vector v = NULL;
    GrB_Type t = NULL;
    GrB_Index *p = dup_array(ap, sizeof(ap)), *j = dup_array(aj, sizeof(aj));
    GrB_Index *p0 = p, nr = 0, nc = 0, ps, js, xs, n = 0;
    void *x = dup_array(ax, sizeof(ax)), *x0 = x;
    bool iso, jumbled;
    int64_t dense[5] = {5, 4, 3, 2, 1}, y = 0;

    OK(GxB_Matrix_import_CSR(&A, GrB_FP64, 3, 4, &p, &j, &x, sizeof(ap), sizeof(aj), sizeof(ax),
                             false, false, NULL));
    CHECK(p == NULL);
    check_sample(A);
    OK(GxB_Matrix_export_CSR(&A, &t, &nr, &nc, &p, &j, &x, &ps, &js, &xs, &iso, &jumbled, NULL));
    CHECK(A == NULL && t == GrB_FP64 && nr == 3 && nc == 4 && p == p0 && x == x0);
    /* A failed import makes nothing and leaves the arrays. */
    EXPECT(GxB_Matrix_import_CSR(&A, GrB_FP64, 3, 3, &p, &j, &x, ps, js, xs, false, false, NULL),
           GrB_INDEX_OUT_OF_BOUNDS);
    CHECK(A == NULL && p == p0);
    EXPECT(GxB_Matrix_import_CSR(NULL, GrB_FP64, 3, 4, &p, &j, &x, ps, js, xs, false, false, NULL),
           GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_export_CSR(&A, &t, &nr, &nc, &p, &j, &x, &ps, &js, &xs, &iso, &jumbled, NULL),
           GrB_NULL_POINTER);
    free(p);
    free(j);
    free(x);

    x = dup_array(dense, sizeof(dense));
    x0 = x;
    OK(GxB_Vector_import_Full(&v, GrB_INT64, 5, &x, sizeof(dense), false, NULL));
    OK(GrB_Vector_extractElement(&y, v, 4));
    CHECK(y == 1);
    OK(GrB_Vector_size(&n, v));
    CHECK(n == 5);
    OK(GxB_Vector_export_Full(&v, &t, &n, &x, &xs, &iso, NULL));
    CHECK(v == NULL && t == GrB_INT64 && n == 5 && x == x0);
    free(x);
}

/* Unpacking content that pending work still reads (non-blocking mode)
 * computes that work first and hands back the packed arrays themselves.
 * Content still shared after that (with a dup) comes out as a copy with
 * arrays at least as large as those packed: LAGraph's FastSV6 packs roomy
 * arrays, computes with the matrix, unpacks it and fills the arrays to the
 * sizes it packed. The pending result and the dup keep what they read. */
static void test_unpack_shared(void)
{
    GrB_Matrix A = NULL, B = NULL;
    GrB_Vector u = NULL, w = NULL;
    GrB_Index *p = malloc(16 * sizeof(GrB_Index)), *j = malloc(64 * sizeof(GrB_Index));
    GrB_Index ps = 0, js = 0, xs = 0, *p0 = p, *j0 = j;
    void *x = calloc(64, sizeof(double)), *x0 = x;
    double y = 0;
    memcpy(p, ap, sizeof(ap));
    memcpy(j, aj, sizeof(aj));
    memcpy(x, ax, sizeof(ax));

    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GxB_Matrix_pack_CSR(A, &p, &j, &x, 16 * sizeof(GrB_Index), 64 * sizeof(GrB_Index),
                           64 * sizeof(double), false, false, NULL));
    OK(GrB_Vector_new(&u, GrB_FP64, 4));
    OK(GrB_Vector_assign_FP64(u, NULL, NULL, 1.0, GrB_ALL, 4, NULL));
    OK(GrB_Vector_new(&w, GrB_FP64, 3));
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL));
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &x, &ps, &js, &xs, NULL, NULL, NULL));
    CHECK(p == p0 && j == j0 && x == x0);
    memset(p, 0xff, ps);
    memset(j, 0xff, js);
    memset(x, 0xff, xs);
    OK(GrB_Vector_extractElement(&y, w, 0));
    CHECK(y == 3);
    OK(GrB_Vector_extractElement(&y, w, 2));
    CHECK(y == 7);

    memcpy(p, ap, sizeof(ap));
    memcpy(j, aj, sizeof(aj));
    memcpy(x, ax, sizeof(ax));
    OK(GxB_Matrix_pack_CSR(A, &p, &j, &x, 16 * sizeof(GrB_Index), 64 * sizeof(GrB_Index),
                           64 * sizeof(double), false, false, NULL));
    OK(GrB_Matrix_dup(&B, A));
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &x, &ps, &js, &xs, NULL, NULL, NULL));
    CHECK(ps >= 16 * sizeof(GrB_Index) && js >= 64 * sizeof(GrB_Index) && xs >= 64 * sizeof(double));
    CHECK(memcmp(p, ap, sizeof(ap)) == 0 && memcmp(j, aj, sizeof(aj)) == 0);
    /* The whole arrays are the caller's (memcheck checks the writes). */
    memset(p, 0xff, ps);
    memset(j, 0xff, js);
    memset(x, 0xff, xs);
    check_sample(B);
    free(p);
    free(j);
    free(x);
    OK(GrB_free(&A));
    OK(GrB_free(&B));
    OK(GrB_free(&u));
    OK(GrB_free(&w));
}

/* Counting memory functions, for GxB_init. */
static int mallocs = 0, frees = 0;
static void *counting_malloc(size_t n) { mallocs++; return malloc(n); }
static void *counting_calloc(size_t n, size_t s) { mallocs++; return calloc(n, s); }
static void *counting_realloc(void *p, size_t n) { return realloc(p, n); }
static void counting_free(void *p) { frees++; free(p); }

static void test_user_allocator(void)
{
    GrB_Matrix A = NULL;
    GrB_Index *p = counting_malloc(sizeof(ap)), *j = counting_malloc(sizeof(aj)), ps, js, xs;
    void *x = counting_malloc(sizeof(ax));
    bool iso, jumbled;

    memcpy(p, ap, sizeof(ap));
    memcpy(j, aj, sizeof(aj));
    memcpy(x, ax, sizeof(ax));
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    mallocs = frees = 0;
    /* Other functions than the C library's: the arrays are copied and freed
     * with the user's free, and the ones handed out come from its malloc. */
    OK(GxB_Matrix_pack_CSR(A, &p, &j, &x, sizeof(ap), sizeof(aj), sizeof(ax), false, false, NULL));
    CHECK(frees == 3);
    check_sample(A);
    OK(GxB_Matrix_unpack_CSR(A, &p, &j, &x, &ps, &js, &xs, &iso, &jumbled, NULL));
    CHECK(mallocs == 3);
    CHECK(memcmp(p, ap, sizeof(ap)) == 0 && memcmp(x, ax, sizeof(ax)) == 0);
    counting_free(p);
    counting_free(j);
    counting_free(x);
    OK(GrB_free(&A));
}

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    test_unpack_shared();
    test_csr_round_trip();
    test_jumbled_and_iso();
    test_bad_packs();
    test_hyper_bitmap_full();
    test_vectors();
    test_import_export();
    OK(GrB_finalize());
    OK(GxB_init(GrB_BLOCKING, counting_malloc, counting_calloc, counting_realloc, counting_free));
    test_user_allocator();
    OK(GrB_finalize());
    return check_done("test_gxb_pack");
}
