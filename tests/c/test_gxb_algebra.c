/* SuiteSparse's predefined GxB operators, monoids and semirings through the
 * C API: positional operators (GxB_FIRSTI ..., GxB_POSITIONI ...) in products,
 * element-wise operations and apply, and where they are refused. */

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

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    positional();
    OK(GrB_finalize());
    return check_done("test_gxb_algebra");
}
