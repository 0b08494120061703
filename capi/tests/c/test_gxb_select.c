/* SuiteSparse's historical GxB_select with the 16 predefined GxB_SelectOp
 * operators, on random matrices and vectors in every sparsity format and in
 * both modes: each result is checked entry by entry against a naive model of
 * what the operator keeps (position tests against k = (int64_t) Thunk, value
 * tests against zero or against the thunk cast to the matrix's type), and a
 * masked, accumulated call against the same GrB_select. Bad inputs too. */

#include <stdint.h>
#include <string.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

static uint64_t seed = 12345;
static uint64_t next_random(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return seed >> 33;
}

enum kind { POSITION, ZERO, THUNK };

static const struct {
    GxB_SelectOp *op;
    enum kind kind;
    int cmp; /* 0 ==, 1 !=, 2 >, 3 >=, 4 <, 5 <= ; for positions: of j - i against k */
} ops[16] = {
    {&GxB_TRIL, POSITION, 5},    {&GxB_TRIU, POSITION, 3},    {&GxB_DIAG, POSITION, 0},
    {&GxB_OFFDIAG, POSITION, 1}, {&GxB_NONZERO, ZERO, 1},     {&GxB_EQ_ZERO, ZERO, 0},
    {&GxB_GT_ZERO, ZERO, 2},     {&GxB_GE_ZERO, ZERO, 3},     {&GxB_LT_ZERO, ZERO, 4},
    {&GxB_LE_ZERO, ZERO, 5},     {&GxB_NE_THUNK, THUNK, 1},   {&GxB_EQ_THUNK, THUNK, 0},
    {&GxB_GT_THUNK, THUNK, 2},   {&GxB_GE_THUNK, THUNK, 3},   {&GxB_LT_THUNK, THUNK, 4},
    {&GxB_LE_THUNK, THUNK, 5},
};

static bool compare(double a, int cmp, double b)
{
    switch (cmp) {
    case 0: return a == b;
    case 1: return a != b;
    case 2: return a > b;
    case 3: return a >= b;
    case 4: return a < b;
    default: return a <= b;
    }
}

/* What the naive model keeps of entry (i, j) = x of a matrix of type int32
 * (is_int) or double, given the thunk as a double (absent: 0). */
static bool keeps(int which, GrB_Index i, GrB_Index j, double x, bool is_int, double thunk)
{
    switch (ops[which].kind) {
    case POSITION:
        return compare((double) ((int64_t) j - (int64_t) i), ops[which].cmp,
                       (double) (int64_t) thunk);
    case ZERO:
        return compare(x, ops[which].cmp, 0);
    default:
        return compare(x, ops[which].cmp, is_int ? (double) (int32_t) thunk : thunk);
    }
}

/* A random nrows x ncols matrix of `type` (GrB_INT32 or GrB_FP64) with values
 * in {-2, -1, 0, 1, 2} (and halves for FP64), stored as `sparsity`. */
static GrB_Matrix random_matrix(GrB_Type type, GrB_Index nrows, GrB_Index ncols, int sparsity)
{
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, type, nrows, ncols));
    for (GrB_Index i = 0; i < nrows; i++) {
        for (GrB_Index j = 0; j < ncols; j++) {
            if (next_random() % 3 == 0) continue;
            double x = (double) ((int) (next_random() % 9) - 4);
            if (type == GrB_FP64) {
                OK(GrB_Matrix_setElement_FP64(A, x / 2, i, j));
            } else {
                OK(GrB_Matrix_setElement_INT32(A, (int32_t) x / 2, i, j));
            }
        }
    }
    OK(GxB_set(A, GxB_SPARSITY_CONTROL, sparsity));
    return A;
}

/* C = select(op(A), thunk) must hold exactly the entries the model keeps. */
static void check_select(int which, GrB_Matrix A, bool is_int, GrB_Scalar thunk, double t)
{
    GrB_Index nrows = 0, ncols = 0, n = 0, kept = 0;
    GrB_Matrix C = NULL;
    OK(GrB_Matrix_nrows(&nrows, A));
    OK(GrB_Matrix_ncols(&ncols, A));
    OK(GrB_Matrix_new(&C, is_int ? GrB_INT32 : GrB_FP64, nrows, ncols));
    OK(GxB_select(C, NULL, NULL, *ops[which].op, A, thunk, NULL));
    for (GrB_Index i = 0; i < nrows; i++) {
        for (GrB_Index j = 0; j < ncols; j++) {
            double x = 0, c = 0;
            if (GrB_Matrix_extractElement_FP64(&x, A, i, j) != GrB_SUCCESS) {
                CHECK(GrB_Matrix_extractElement_FP64(&c, C, i, j) == GrB_NO_VALUE);
                continue;
            }
            bool in = GrB_Matrix_extractElement_FP64(&c, C, i, j) == GrB_SUCCESS;
            bool want = keeps(which, i, j, x, is_int, t);
            if (in != want || (in && c != x)) {
                fprintf(stderr, "select %d at (%d, %d): x = %g, thunk %g, kept %d\n", which,
                        (int) i, (int) j, x, t, (int) in);
            }
            CHECK(in == want && (!in || c == x));
            kept += want;
        }
    }
    OK(GrB_Matrix_nvals(&n, C));
    CHECK(n == kept);
    OK(GrB_free(&C));
}

/* Every operator with no thunk, an empty one and a few values of two types. */
static void test_matrices(void)
{
    static const int formats[4] = {GxB_SPARSE, GxB_HYPERSPARSE, GxB_BITMAP, GxB_FULL};
    static const double values[4] = {-1, 0, 1, 2};
    GrB_Scalar empty = NULL, s64 = NULL, sfp = NULL;
    OK(GrB_Scalar_new(&empty, GrB_FP64));
    OK(GrB_Scalar_new(&s64, GrB_INT64));
    OK(GrB_Scalar_new(&sfp, GrB_FP64));
    for (int f = 0; f < 4; f++) {
        for (int t = 0; t < 2; t++) {
            bool is_int = t == 0;
            GrB_Matrix A = random_matrix(is_int ? GrB_INT32 : GrB_FP64, 7, 9, formats[f]);
            for (int which = 0; which < 16; which++) {
                check_select(which, A, is_int, NULL, 0);
                check_select(which, A, is_int, empty, 0);
                for (int v = 0; v < 4; v++) {
                    OK(GrB_Scalar_setElement_INT64(s64, (int64_t) values[v]));
                    check_select(which, A, is_int, s64, values[v]);
                    /* 1.5 is cast to 1 for an INT32 matrix and for positions. */
                    OK(GrB_Scalar_setElement_FP64(sfp, values[v] + 0.5));
                    check_select(which, A, is_int, sfp, values[v] + 0.5);
                }
            }
            OK(GrB_free(&A));
        }
    }
    OK(GrB_free(&empty)); OK(GrB_free(&s64)); OK(GrB_free(&sfp));
}

/* True when the two matrices hold the same entries. */
static bool same_matrix(GrB_Matrix A, GrB_Matrix B)
{
    GrB_Index na = 0, nb = 0, nrows = 0, ncols = 0;
    OK(GrB_Matrix_nvals(&na, A));
    OK(GrB_Matrix_nvals(&nb, B));
    OK(GrB_Matrix_nrows(&nrows, A));
    OK(GrB_Matrix_ncols(&ncols, A));
    if (na != nb) return false;
    for (GrB_Index i = 0; i < nrows; i++) {
        for (GrB_Index j = 0; j < ncols; j++) {
            double a = 0, b = 0;
            GrB_Info ia = GrB_Matrix_extractElement_FP64(&a, A, i, j);
            GrB_Info ib = GrB_Matrix_extractElement_FP64(&b, B, i, j);
            if (ia != ib || (ia == GrB_SUCCESS && a != b)) return false;
        }
    }
    return true;
}

/* C<M> = accum(C, select(A')) with replace, as GrB_select computes it. */
static void test_mask_accum(void)
{
    GrB_Matrix A = random_matrix(GrB_FP64, 6, 6, GxB_SPARSE);
    GrB_Matrix M = random_matrix(GrB_BOOL, 6, 6, GxB_BITMAP);
    GrB_Matrix C1 = random_matrix(GrB_FP64, 6, 6, GxB_HYPERSPARSE), C2 = NULL;
    GrB_Descriptor d = NULL;
    GrB_Scalar k = NULL;
    OK(GrB_Matrix_dup(&C2, C1));
    OK(GrB_Descriptor_new(&d));
    OK(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN));
    OK(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE));
    OK(GrB_Scalar_new(&k, GrB_INT64));
    OK(GrB_Scalar_setElement_INT64(k, 1));
    OK(GxB_select(C1, M, GrB_PLUS_FP64, GxB_TRIU, A, k, d));
    OK(GrB_select(C2, M, GrB_PLUS_FP64, GrB_TRIU, A, (int64_t) 1, d));
    CHECK(same_matrix(C1, C2));
    OK(GxB_select(C1, NULL, GrB_MINUS_FP64, GxB_GT_THUNK, A, k, NULL));
    OK(GrB_select(C2, NULL, GrB_MINUS_FP64, GrB_VALUEGT_FP64, A, 1.0, NULL));
    CHECK(same_matrix(C1, C2));
    OK(GrB_free(&A)); OK(GrB_free(&M)); OK(GrB_free(&C1));
    OK(GrB_free(&C2)); OK(GrB_free(&d)); OK(GrB_free(&k));
}

/* The number of entries of w = select(op(u), k), or -1 when it fails. */
static long vector_kept(GrB_Vector w, GxB_SelectOp op, GrB_Vector u, GrB_Scalar k)
{
    GrB_Index n = 0;
    if (GxB_Vector_select(w, NULL, NULL, op, u, k, NULL) != GrB_SUCCESS) return -1;
    OK(GrB_Vector_nvals(&n, w));
    return (long) n;
}

/* A vector is an n x 1 matrix: TRIL keeps -i <= k, that is i >= -k. */
static void test_vectors(void)
{
    GrB_Vector u = NULL, w = NULL;
    GrB_Scalar k = NULL;
    int32_t x = 0;

    OK(GrB_Vector_new(&u, GrB_INT32, 6));
    for (int i = 0; i < 6; i++) OK(GrB_Vector_setElement_INT32(u, i % 3, i));
    OK(GrB_Vector_new(&w, GrB_INT32, 6));
    OK(GrB_Scalar_new(&k, GrB_INT64));
    OK(GrB_Scalar_setElement_INT64(k, -2));
    CHECK(vector_kept(w, GxB_TRIL, u, k) == 4);
    EXPECT(GrB_Vector_extractElement_INT32(&x, w, 1), GrB_NO_VALUE);
    OK(GrB_Vector_extractElement_INT32(&x, w, 2));
    CHECK(x == 2);
    CHECK(vector_kept(w, GxB_NONZERO, u, NULL) == 4);
    OK(GxB_set(u, GxB_SPARSITY_CONTROL, GxB_BITMAP));
    CHECK(vector_kept(w, GxB_EQ_THUNK, u, k) == 0);
    OK(GrB_Scalar_setElement_INT64(k, 2));
    CHECK(vector_kept(w, GxB_GE_THUNK, u, k) == 2);
    /* The polymorphic macro takes vectors too. */
    OK(GxB_select(w, NULL, NULL, GxB_LT_THUNK, u, k, NULL));
    OK(GrB_free(&u)); OK(GrB_free(&w)); OK(GrB_free(&k));
}

/* The number of entries of C = select(op(A), thunk), or -1 when it fails
 * (then with the error code in *info). */
static long matrix_kept(GrB_Matrix C, GxB_SelectOp op, GrB_Matrix A, GrB_Scalar thunk,
                        GrB_Info *info)
{
    GrB_Index n = 0;
    *info = GxB_Matrix_select(C, NULL, NULL, op, A, thunk, NULL);
    if (*info != GrB_SUCCESS) return -1;
    OK(GrB_Matrix_nvals(&n, C));
    return (long) n;
}

/* A user-defined type: a value is zero when all its bytes are; the order
 * tests are not defined. */
static void test_user_type(void)
{
    typedef struct { int32_t a, b; } pair_t;
    GrB_Type T = NULL;
    GrB_Matrix A = NULL, C = NULL;
    GrB_Scalar s = NULL, d = NULL;
    GrB_Index n = 0;
    GrB_Info info = GrB_SUCCESS;
    pair_t zero = {0, 0}, one = {0, 1}, two = {2, 0};
    OK(GrB_Type_new(&T, sizeof(pair_t)));
    OK(GrB_Matrix_new(&A, T, 3, 3));
    OK(GrB_Matrix_setElement_UDT(A, &zero, 0, 0));
    OK(GrB_Matrix_setElement_UDT(A, &one, 1, 1));
    OK(GrB_Matrix_setElement_UDT(A, &two, 2, 1));
    OK(GrB_Matrix_new(&C, T, 3, 3));
    CHECK(matrix_kept(C, GxB_NONZERO, A, NULL, &info) == 2);
    CHECK(matrix_kept(C, GxB_EQ_ZERO, A, NULL, &info) == 1);
    OK(GrB_Scalar_new(&s, T));
    OK(GrB_Scalar_setElement_UDT(s, &two));
    CHECK(matrix_kept(C, GxB_EQ_THUNK, A, s, &info) == 1);
    CHECK(matrix_kept(C, GxB_OFFDIAG, A, NULL, &info) == 1);
    CHECK(matrix_kept(C, GxB_GT_ZERO, A, NULL, &info) < 0 && info == GrB_DOMAIN_MISMATCH);
    /* A thunk of another type cannot be compared with the values, */
    OK(GrB_Scalar_new(&d, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(d, 1));
    CHECK(matrix_kept(C, GxB_EQ_THUNK, A, d, &info) < 0 && info == GrB_DOMAIN_MISMATCH);
    /* nor be a position offset; C is left as it was. */
    CHECK(matrix_kept(C, GxB_TRIL, A, s, &info) < 0 && info == GrB_DOMAIN_MISMATCH);
    OK(GrB_Matrix_nvals(&n, C));
    CHECK(n == 1);
    OK(GrB_free(&A)); OK(GrB_free(&C)); OK(GrB_free(&s)); OK(GrB_free(&d)); OK(GrB_free(&T));
}

static void test_bad_input(void)
{
    GrB_Matrix A = NULL, C = NULL, S = NULL;
    GxB_SelectOp op = GxB_TRIL;
    GrB_Index n = 0;
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 3));
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, 3));
    OK(GrB_Matrix_new(&S, GrB_FP64, 2, 3));
    OK(GrB_Matrix_setElement_FP64(C, 1, 0, 0));
    EXPECT(GxB_select(C, NULL, NULL, (GxB_SelectOp) NULL, A, NULL, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_select(C, NULL, NULL, (GxB_SelectOp) junk, A, NULL, NULL),
           GrB_UNINITIALIZED_OBJECT);
    EXPECT(GxB_select(C, NULL, NULL, GxB_TRIL, S, NULL, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GxB_select(C, NULL, NULL, GxB_TRIL, (GrB_Matrix) NULL, NULL, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_select(C, NULL, NULL, GxB_TRIL, A, (GrB_Scalar) junk, NULL),
           GrB_UNINITIALIZED_OBJECT);
    OK(GrB_Matrix_nvals(&n, C));
    CHECK(n == 1);
    /* Predefined operators are not freed. */
    OK(GrB_free(&op));
    CHECK(op == GxB_TRIL);
    EXPECT(GxB_SelectOp_free(NULL), GrB_NULL_POINTER);
    OK(GrB_free(&A)); OK(GrB_free(&C)); OK(GrB_free(&S));
}

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    for (int pass = 0; pass < 2; pass++) {
        test_matrices();
        test_mask_accum();
        test_vectors();
        test_user_type();
        test_bad_input();
        OK(GrB_finalize());
        if (pass == 0) OK(GrB_init(GrB_BLOCKING));
    }
    return check_done("test_gxb_select");
}
