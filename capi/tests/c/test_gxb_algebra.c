/* SuiteSparse's predefined GxB operators, monoids and semirings through the
 * C API: positional operators (GxB_FIRSTI ..., GxB_POSITIONI ...) in products,
 * element-wise operations and apply, and where they are refused; the GxB
 * objects LAGraph names, with SuiteSparse's semantics; the complex types. */

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "check.h"

static void positional(void)
{
    GrB_Matrix A = NULL, C = NULL;
    GrB_Vector q = NULL, p = NULL, y = NULL;
    GrB_Monoid bad = NULL;
    /* A = [. 1 1; . . 1; 1 . .] (bool), the edges 0->1, 0->2, 1->2, 2->0. */
    GrB_Index I[4] = {0, 0, 1, 2}, J[4] = {1, 2, 2, 0};
    bool X[4] = {true, true, true, true};
    int64_t v = 0;
    int32_t v32 = 0;
    GrB_Index n = 0;
    char name[GxB_MAX_NAME_LEN];

    OK(GrB_Matrix_new(&A, GrB_BOOL, 3, 3));
    OK(GrB_Matrix_build(A, I, J, X, 4, GrB_LOR));

    /* A BFS step from vertex 0: p(j) = the frontier vertex that reached j,
     * q' ANY.SECONDI A (SECONDI is the row index k of A(k,j)). */
    OK(GrB_Vector_new(&q, GrB_BOOL, 3));
    OK(GrB_Vector_setElement_BOOL(q, true, 0));
    OK(GrB_Vector_new(&p, GrB_INT64, 3));
    OK(GrB_vxm(p, NULL, NULL, GxB_ANY_SECONDI_INT64, q, A, NULL));
    OK(GrB_Vector_nvals(&n, p)); CHECK(n == 2);
    OK(GrB_Vector_extractElement_INT64(&v, p, 1)); CHECK(v == 0);
    OK(GrB_Vector_extractElement_INT64(&v, p, 2)); CHECK(v == 0);

    /* The same step pulled: A' q with MIN.SECONDI (k is the index of q). */
    OK(GrB_mxv(p, NULL, NULL, GxB_MIN_SECONDI_INT64, A, q, GrB_DESC_T0));
    OK(GrB_Vector_nvals(&n, p)); CHECK(n == 2);
    OK(GrB_Vector_extractElement_INT64(&v, p, 2)); CHECK(v == 0);

    /* The largest column index of each row, 1-based: A y with MAX.FIRSTJ1. */
    OK(GrB_Vector_new(&y, GrB_FP64, 3));
    OK(GrB_Vector_assign_FP64(y, NULL, NULL, 0.5, GrB_ALL, 3, NULL));
    OK(GrB_mxv(p, NULL, NULL, GxB_MAX_FIRSTJ1_INT64, A, y, NULL));
    OK(GrB_Vector_extractElement_INT64(&v, p, 0)); CHECK(v == 3);
    OK(GrB_Vector_extractElement_INT64(&v, p, 2)); CHECK(v == 1);

    /* C = A*A counting paths by the middle vertex: PLUS.FIRSTJ gives the
     * sum of the k of each path i -> k -> j. */
    OK(GrB_Matrix_new(&C, GrB_INT32, 3, 3));
    OK(GrB_mxm(C, NULL, NULL, GxB_PLUS_FIRSTJ_INT32, A, A, NULL));
    OK(GrB_Matrix_extractElement_INT32(&v32, C, 0, 2)); CHECK(v32 == 1);
    OK(GrB_Matrix_extractElement_INT32(&v32, C, 0, 0)); CHECK(v32 == 2);

    /* Element-wise: the column index where both have an entry. */
    OK(GrB_Matrix_eWiseMult_BinaryOp(C, NULL, NULL, GxB_SECONDJ_INT32, A, A, NULL));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 4);
    OK(GrB_Matrix_extractElement_INT32(&v32, C, 1, 2)); CHECK(v32 == 2);

    /* apply: the row index + 1, and a bound positional operator. */
    OK(GrB_Matrix_apply(C, NULL, NULL, GxB_POSITIONI1_INT32, A, NULL));
    OK(GrB_Matrix_extractElement_INT32(&v32, C, 2, 0)); CHECK(v32 == 3);
    OK(GrB_Matrix_apply_BinaryOp1st_FP64(C, NULL, NULL, GxB_FIRSTJ_INT32, 7.5, A, NULL));
    OK(GrB_Matrix_extractElement_INT32(&v32, C, 0, 2)); CHECK(v32 == 2);

    /* Positional operators combine no values: refused as an accumulator, a
     * monoid's operator or build's dup. */
    EXPECT(GrB_mxm(C, NULL, GxB_SECONDI_INT32, GxB_PLUS_FIRSTJ_INT32, A, A, NULL),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Monoid_new_INT64(&bad, GxB_FIRSTI_INT64, 0), GrB_DOMAIN_MISMATCH);
    CHECK(bad == NULL);
    GrB_Matrix D = NULL;
    OK(GrB_Matrix_new(&D, GrB_BOOL, 3, 3));
    EXPECT(GrB_Matrix_build(D, I, J, X, 4, GxB_FIRSTI_INT64), GrB_DOMAIN_MISMATCH);
    OK(GrB_Matrix_nvals(&n, D)); CHECK(n == 0);

    /* Names as SuiteSparse gives them. */
    OK(GrB_get(GxB_MIN_SECONDI_INT64, name, GrB_NAME));
    CHECK(strcmp(name, "GxB_MIN_SECONDI_INT64") == 0);
    OK(GrB_get(GxB_FIRSTJ1_INT32, name, GrB_NAME));
    CHECK(strcmp(name, "GxB_FIRSTJ1_INT32") == 0);

    GrB_free(&A);
    GrB_free(&C);
    GrB_free(&D);
    GrB_free(&q);
    GrB_free(&p);
    GrB_free(&y);
}

/* The GxB objects LAGraph uses (its scc, modularity, triangle counting,
 * clustering and BFS code). */
static void lagraph_names(void)
{
    GrB_Matrix A = NULL, C = NULL;
    GrB_Vector u = NULL, v = NULL, w = NULL;
    GrB_Vector b = NULL;
    /* A = [1 2 .; . 3 4; 5 . 6] (INT64). */
    GrB_Index I[6] = {0, 0, 1, 1, 2, 2}, J[6] = {0, 1, 1, 2, 0, 2};
    int64_t X[6] = {1, 2, 3, 4, 5, 6};
    int64_t v64 = 0;
    uint64_t u64 = 0;
    double d = 0;
    float f = 0;
    bool t = false;
    GrB_Index n = 0;

    OK(GrB_Matrix_new(&A, GrB_INT64, 3, 3));
    OK(GrB_Matrix_build(A, I, J, X, 6, GrB_PLUS_INT64));
    OK(GrB_Matrix_new(&C, GrB_INT64, 3, 3));

    /* Counting paths: PLUS.PAIR; sums: PLUS.TIMES, PLUS.FIRST, PLUS.SECOND. */
    OK(GrB_mxm(C, NULL, NULL, GxB_PLUS_PAIR_INT64, A, A, NULL));
    OK(GrB_Matrix_extractElement_INT64(&v64, C, 0, 1)); CHECK(v64 == 2);
    OK(GrB_mxm(C, NULL, NULL, GxB_PLUS_TIMES_INT64, A, A, NULL));
    OK(GrB_Matrix_extractElement_INT64(&v64, C, 0, 1)); CHECK(v64 == 1 * 2 + 2 * 3);
    OK(GrB_mxm(C, NULL, NULL, GxB_PLUS_FIRST_INT64, A, A, NULL));
    OK(GrB_Matrix_extractElement_INT64(&v64, C, 0, 1)); CHECK(v64 == 1 + 2);
    OK(GrB_mxm(C, NULL, NULL, GxB_PLUS_SECOND_INT64, A, A, NULL));
    OK(GrB_Matrix_extractElement_INT64(&v64, C, 0, 1)); CHECK(v64 == 2 + 3);

    /* ANY.EQ: is some product equal? LOR.FIRST / LAND.FIRST on bool. */
    OK(GrB_Vector_new(&u, GrB_FP64, 3));
    OK(GrB_Vector_setElement_FP64(u, 2.0, 1));
    OK(GrB_Vector_setElement_FP64(u, 5.0, 2));
    OK(GrB_Vector_new(&b, GrB_BOOL, 3));
    OK(GrB_mxv(b, NULL, NULL, GxB_ANY_EQ_FP64, A, u, NULL));
    OK(GrB_Vector_nvals(&n, b)); CHECK(n == 3);
    OK(GrB_Vector_extractElement_BOOL(&t, b, 0)); CHECK(t);  /* A(0,1) == u(1) */
    OK(GrB_Vector_extractElement_BOOL(&t, b, 1)); CHECK(!t);
    OK(GrB_Vector_new(&v, GrB_BOOL, 3));
    OK(GrB_Vector_setElement_BOOL(v, false, 0));
    OK(GrB_Vector_setElement_BOOL(v, true, 1));
    OK(GrB_vxm(b, NULL, NULL, GxB_LOR_FIRST_BOOL, v, A, NULL));
    OK(GrB_Vector_extractElement_BOOL(&t, b, 2)); CHECK(t);  /* v(1) reaches 2 */
    OK(GrB_Vector_extractElement_BOOL(&t, b, 0)); CHECK(!t); /* only v(0) */
    OK(GrB_vxm(b, NULL, NULL, GxB_LAND_FIRST_BOOL, v, A, NULL));
    OK(GrB_Vector_extractElement_BOOL(&t, b, 1)); CHECK(!t); /* v(0) and v(1) */

    /* ISEQ, ISNE and LAND on UINT64 give 1 or 0 of UINT64. */
    OK(GrB_Vector_new(&w, GrB_UINT64, 3));
    OK(GrB_Vector_assign_UINT64(w, NULL, NULL, 7, GrB_ALL, 3, NULL));
    OK(GrB_Vector_setElement_UINT64(w, 0, 2));
    OK(GrB_Vector_eWiseMult_BinaryOp(w, NULL, NULL, GxB_ISEQ_UINT64, w, w, NULL));
    OK(GrB_Vector_extractElement_UINT64(&u64, w, 2)); CHECK(u64 == 1);
    OK(GrB_Vector_eWiseMult_BinaryOp(w, NULL, GxB_LAND_UINT64, GxB_ISNE_UINT64, w, w, NULL));
    OK(GrB_Vector_extractElement_UINT64(&u64, w, 0)); CHECK(u64 == 0);

    /* POW: integers computed in double and cast back (saturating). */
    OK(GrB_Matrix_apply_BinaryOp2nd_INT64(C, NULL, NULL, GxB_POW_INT64, A, 2, NULL));
    OK(GrB_Matrix_extractElement_INT64(&v64, C, 2, 2)); CHECK(v64 == 36);
    OK(GrB_Matrix_apply_BinaryOp2nd_INT64(C, NULL, NULL, GxB_POW_INT64, A, 40, NULL));
    OK(GrB_Matrix_extractElement_INT64(&v64, C, 2, 2)); CHECK(v64 == INT64_MAX);
    OK(GrB_Vector_apply_BinaryOp1st_FP32(u, NULL, NULL, GxB_POW_FP32, 2.0f, u, NULL));
    OK(GrB_Vector_extractElement_FP32(&f, u, 2)); CHECK(f == 32.0f);
    OK(GrB_Vector_extractElement_FP64(&d, u, 1)); CHECK(d == 4.0);

    /* ONE and LNOT. */
    OK(GrB_Matrix_apply(C, NULL, NULL, GxB_ONE_INT64, A, NULL));
    OK(GrB_Matrix_extractElement_INT64(&v64, C, 2, 0)); CHECK(v64 == 1);
    OK(GrB_Vector_apply(b, b, NULL, GxB_LNOT_BOOL, b, NULL));
    OK(GrB_Vector_extractElement_BOOL(&t, b, 2)); CHECK(!t);

    /* The ANY monoid keeps some entry; EQ on bool is LXNOR. */
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GxB_ANY_UINT64_MONOID, A, NULL));
    OK(GrB_Vector_nvals(&n, w)); CHECK(n == 3);
    OK(GrB_Vector_reduce_BOOL(&t, NULL, GxB_EQ_BOOL_MONOID, v, NULL));
    CHECK(!t);

    GrB_free(&A);
    GrB_free(&C);
    GrB_free(&u);
    GrB_free(&v);
    GrB_free(&w);
    GrB_free(&b);
}

/* The complex types: typed functions, typecasts, operators, monoids and
 * semirings on GxB_FC32 and GxB_FC64. */
static void complex_types(void)
{
    GrB_Matrix A = NULL, C = NULL, R = NULL;
    GrB_Vector v = NULL;
    GrB_Scalar s = NULL;
    GrB_Type type = NULL;
    GrB_Monoid times = NULL;
    /* A = [1+2i  3-i; .  i] */
    GrB_Index I[4] = {0, 0, 1}, J[4] = {0, 1, 1}, K[3] = {0, 0, 0};
    GxB_FC64_t X[3] = {GxB_CMPLX(1, 2), GxB_CMPLX(3, -1), GxB_CMPLX(0, 1)};
    GxB_FC64_t z = GxB_CMPLX(0, 0), Y[4];
    GxB_FC32_t w = GxB_CMPLXF(0, 0), W[3] = {GxB_CMPLXF(1, 1), GxB_CMPLXF(2, 0),
                                           GxB_CMPLXF(0, -3)};
    double d = 0;
    bool t = false;
    GrB_Index n = 3;

    OK(GrB_Matrix_new(&A, GxB_FC64, 2, 2));
    OK(GxB_Matrix_build_FC64(A, I, J, X, 3, GxB_PLUS_FC64));
    OK(GxB_Matrix_type(&type, A)); CHECK(type == GxB_FC64);
    OK(GrB_Matrix_extractElement(&z, A, 0, 1)); CHECK(z == GxB_CMPLX(3, -1));
    /* Complex to real takes the real part; to bool, any part nonzero. */
    OK(GrB_Matrix_extractElement_FP64(&d, A, 0, 1)); CHECK(d == 3);
    OK(GrB_Matrix_extractElement_BOOL(&t, A, 1, 1)); CHECK(t);
    OK(GrB_Matrix_setElement(A, GxB_CMPLX(5, -5), 1, 0));
    n = 4;
    OK(GrB_Matrix_extractTuples(I, J, Y, &n, A));
    CHECK(n == 4);

    /* C = A*A: C(0,0) = (1+2i)^2 + (3-i)(5-5i) = (-3+4i) + (10-20i). */
    OK(GrB_Matrix_new(&C, GxB_FC64, 2, 2));
    OK(GrB_mxm(C, NULL, NULL, GxB_PLUS_TIMES_FC64, A, A, NULL));
    OK(GrB_Matrix_extractElement(&z, C, 0, 0)); CHECK(z == GxB_CMPLX(7, -16));

    /* |A| is real; A == A is boolean; A + A and -A. */
    OK(GrB_Matrix_new(&R, GrB_FP64, 2, 2));
    OK(GrB_Matrix_apply(R, NULL, NULL, GxB_ABS_FC64, A, NULL));
    OK(GrB_Matrix_extractElement_FP64(&d, R, 1, 1)); CHECK(d == 1);
    OK(GrB_Matrix_eWiseMult_BinaryOp(R, NULL, NULL, GxB_EQ_FC64, A, C, NULL));
    OK(GrB_Matrix_extractElement_FP64(&d, R, 0, 0)); CHECK(d == 0);
    OK(GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GxB_PLUS_FC64, A, A, NULL));
    OK(GrB_Matrix_extractElement(&z, C, 0, 1)); CHECK(z == GxB_CMPLX(6, -2));
    OK(GrB_Matrix_apply(C, NULL, NULL, GxB_AINV_FC64, A, NULL));
    OK(GrB_Matrix_extractElement(&z, C, 1, 1)); CHECK(z == GxB_CMPLX(0, -1));
    OK(GrB_Matrix_apply(C, NULL, NULL, GxB_IDENTITY_FC64, A, NULL));

    /* select with VALUENE and a complex scalar; reduce with the PLUS monoid. */
    OK(GrB_Scalar_new(&s, GxB_FC64));
    OK(GrB_Scalar_setElement(s, GxB_CMPLX(0, 1)));
    OK(GrB_Matrix_select_Scalar(C, NULL, NULL, GxB_VALUENE_FC64, A, s, NULL));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 3);
    OK(GrB_Matrix_reduce_Monoid_Scalar(s, NULL, GxB_PLUS_FC64_MONOID, A, NULL));
    OK(GrB_Scalar_extractElement(&z, s)); CHECK(z == GxB_CMPLX(9, -3));
    OK(GxB_Monoid_new_FC64(&times, GxB_TIMES_FC64, GxB_CMPLX(1, 0)));
    /* (1+2i)(3-i)(5-5i)(i) = 50i: its real part is 0. */
    OK(GrB_Matrix_reduce_Monoid_Scalar(s, NULL, times, A, NULL));
    OK(GrB_Scalar_extractElement(&z, s)); CHECK(z == GxB_CMPLX(0, 50));
    OK(GrB_Scalar_extractElement_FP64(&d, s)); CHECK(d == 0);
    OK(GrB_reduce(&z, NULL, GxB_PLUS_FC64_MONOID, A, NULL)); CHECK(z == GxB_CMPLX(9, -3));
    OK(GrB_reduce(&z, GxB_TIMES_FC64, times, A, NULL)); CHECK(z == GxB_CMPLX(150, 450));

    /* FC32 vectors, built from FP64 values (real to complex). */
    OK(GrB_Vector_new(&v, GxB_FC32, 3));
    OK(GrB_Vector_build(v, K, W, 1, NULL));
    OK(GrB_Vector_extractElement(&w, v, 0)); CHECK(w == GxB_CMPLXF(1, 1));
    OK(GrB_Vector_setElement_FP64(v, 2.5, 2));
    OK(GrB_Vector_extractElement(&w, v, 2)); CHECK(w == GxB_CMPLXF(2.5, 0));
    OK(GrB_Vector_apply(v, NULL, NULL, GxB_MINV_FC32, v, NULL));
    OK(GrB_Vector_extractElement(&w, v, 0)); CHECK(w == GxB_CMPLXF(0.5, -0.5));
    n = 3;
    OK(GrB_Vector_extractTuples(K, W, &n, v)); CHECK(n == 2);
    OK(GrB_get(GxB_PLUS_TIMES_FC32, (char *) Y, GrB_NAME));
    CHECK(strcmp((char *) Y, "GxB_PLUS_TIMES_FC32") == 0);

    GrB_free(&A);
    GrB_free(&C);
    GrB_free(&R);
    GrB_free(&v);
    GrB_free(&s);
    GrB_free(&times);
}

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    positional();
    lagraph_names();
    complex_types();
    OK(GrB_finalize());
    return check_done("test_gxb_algebra");
}
