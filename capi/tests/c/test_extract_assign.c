/* GrB_extract and GrB_assign through the C API: every variant (matrix,
 * vector, column, row, typed and GrB_Scalar values), GrB_ALL, masks, and the
 * bad inputs (out-of-range indices, wrong dimensions, domain mismatches, NULL
 * and uninitialized objects), each leaving the output unchanged. */

#include <stdint.h>
#include "check.h"

static GrB_Index nvals_of(GrB_Matrix A)
{
    GrB_Index n = 0;
    GrB_Matrix_nvals(&n, A);
    return n;
}

static void test_extract(void)
{
    GrB_Matrix A = NULL, C = NULL;
    GrB_Vector w = NULL, u = NULL;
    GrB_Index I[3] = {0, 1, 2}, J[3] = {0, 1, 2};
    int32_t X[3] = {10, 20, 30}, x = 0;

    OK(GrB_Matrix_new(&A, GrB_INT32, 3, 3));
    OK(GrB_Matrix_build(A, I, J, X, 3, GrB_NULL));

    /* C = A([2 0], ALL) */
    GrB_Index rows[2] = {2, 0};
    OK(GrB_Matrix_new(&C, GrB_INT32, 2, 3));
    OK(GrB_extract(C, NULL, NULL, A, rows, 2, GrB_ALL, 3, NULL));
    CHECK(nvals_of(C) == 2);
    OK(GrB_Matrix_extractElement(&x, C, 0, 2)); CHECK(x == 30);
    OK(GrB_Matrix_extractElement(&x, C, 1, 0)); CHECK(x == 10);

    /* Column extract, and row extract through GrB_INP0 = GrB_TRAN. */
    OK(GrB_Vector_new(&w, GrB_INT32, 3));
    OK(GrB_extract(w, NULL, NULL, A, GrB_ALL, 3, 1, NULL));
    OK(GrB_Vector_extractElement(&x, w, 1)); CHECK(x == 20);
    OK(GrB_Col_extract(w, NULL, NULL, A, GrB_ALL, 3, 2, GrB_DESC_RT0));
    OK(GrB_Vector_extractElement(&x, w, 2)); CHECK(x == 30);

    /* Vector extract with repeated indices. */
    GrB_Index rep[3] = {2, 2, 1};
    OK(GrB_Vector_new(&u, GrB_INT32, 3));
    OK(GrB_extract(u, NULL, NULL, w, rep, 3, NULL));
    OK(GrB_Vector_extractElement(&x, u, 1)); CHECK(x == 30);

    /* Bad inputs leave the output unchanged. */
    GrB_Index bad[1] = {3};
    GrB_Index before = nvals_of(C);
    EXPECT(GrB_extract(C, NULL, NULL, A, bad, 1, GrB_ALL, 3, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_extract(C, NULL, NULL, A, rows, 2, bad, 1, NULL), GrB_DIMENSION_MISMATCH);
    GrB_Matrix C1 = NULL;
    OK(GrB_Matrix_new(&C1, GrB_INT32, 1, 3));
    EXPECT(GrB_extract(C1, NULL, NULL, A, bad, 1, GrB_ALL, 3, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    EXPECT(GrB_Col_extract(w, NULL, NULL, A, GrB_ALL, 3, 7, NULL), GrB_INVALID_INDEX);
    EXPECT(GrB_extract(C, NULL, NULL, (GrB_Matrix) NULL, rows, 2, GrB_ALL, 3, NULL), GrB_NULL_POINTER);
    EXPECT(GrB_extract(C, NULL, NULL, A, NULL, 2, GrB_ALL, 3, NULL), GrB_NULL_POINTER);
    CHECK(nvals_of(C) == before);

    GrB_free(&A); GrB_free(&C); GrB_free(&C1); GrB_free(&w); GrB_free(&u);
}

static void test_assign(void)
{
    GrB_Matrix C = NULL, A = NULL, M = NULL;
    GrB_Vector v = NULL, q = NULL;
    GrB_Scalar s = NULL;
    double d = 0;
    int64_t level = 0;

    /* Scalar assign to a whole vector, then a structural-mask assign (BFS levels). */
    OK(GrB_Vector_new(&v, GrB_INT64, 6));
    OK(GrB_Vector_new(&q, GrB_BOOL, 6));
    OK(GrB_Vector_setElement(q, true, 1));
    OK(GrB_Vector_setElement(q, true, 4));
    OK(GrB_assign(v, q, NULL, 3, GrB_ALL, 6, GrB_DESC_S));
    GrB_Index n = 0;
    OK(GrB_Vector_nvals(&n, v)); CHECK(n == 2);
    OK(GrB_Vector_extractElement(&level, v, 4)); CHECK(level == 3);
    OK(GrB_assign(v, NULL, GrB_PLUS_INT64, 1, GrB_ALL, 6, NULL));
    OK(GrB_Vector_nvals(&n, v)); CHECK(n == 6);
    OK(GrB_Vector_extractElement(&level, v, 4)); CHECK(level == 4);

    /* Matrix assign of a submatrix, with an accumulator. */
    GrB_Index I[2] = {0, 2}, J[2] = {1, 3};
    double X[2] = {1.5, 2.5};
    OK(GrB_Matrix_new(&A, GrB_FP64, 2, 2));
    GrB_Index diag[2] = {0, 1};
    OK(GrB_Matrix_build(A, diag, diag, X, 2, GrB_NULL));
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, 4));
    OK(GrB_Matrix_setElement(C, 10.0, 0, 1));
    OK(GrB_assign(C, NULL, GrB_PLUS_FP64, A, I, 2, J, 2, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 0, 1)); CHECK(d == 11.5);
    OK(GrB_Matrix_extractElement(&d, C, 2, 3)); CHECK(d == 2.5);

    /* Row and column assign. */
    GrB_Vector r = NULL;
    OK(GrB_Vector_new(&r, GrB_FP64, 4));
    OK(GrB_Vector_setElement(r, 7.0, 2));
    OK(GrB_assign(C, NULL, NULL, r, 1, GrB_ALL, 4, NULL)); /* GrB_Row_assign */
    OK(GrB_Matrix_extractElement(&d, C, 1, 2)); CHECK(d == 7.0);
    GrB_Vector col = NULL;
    OK(GrB_Vector_new(&col, GrB_FP64, 3));
    OK(GrB_Vector_setElement(col, 8.0, 0));
    OK(GrB_assign(C, NULL, NULL, col, GrB_ALL, 3, 0, NULL)); /* GrB_Col_assign */
    OK(GrB_Matrix_extractElement(&d, C, 0, 0)); CHECK(d == 8.0);

    /* GrB_Scalar assign: with a value, then empty (deletes the region). */
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_Scalar_setElement(s, 5.0));
    OK(GrB_assign(C, NULL, NULL, s, I, 1, J, 1, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 0, 1)); CHECK(d == 5.0);
    OK(GrB_Scalar_clear(s));
    OK(GrB_assign(C, NULL, NULL, s, I, 1, J, 1, NULL));
    EXPECT(GrB_Matrix_extractElement(&d, C, 0, 1), GrB_NO_VALUE);

    /* A missing mask with GrB_COMP allows nothing; with replace it clears. */
    GrB_Index before = nvals_of(C);
    OK(GrB_assign(C, NULL, NULL, 1.0, GrB_ALL, 3, GrB_ALL, 4, GrB_DESC_C));
    CHECK(nvals_of(C) == before);

    /* Bad inputs. */
    GrB_Index bad[1] = {9};
    EXPECT(GrB_assign(C, NULL, NULL, 1.0, bad, 1, GrB_ALL, 4, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    EXPECT(GrB_assign(C, NULL, NULL, A, I, 1, J, 2, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_assign(C, NULL, NULL, r, 5, GrB_ALL, 4, NULL), GrB_INVALID_INDEX);
    OK(GrB_Matrix_new(&M, GrB_BOOL, 2, 2));
    EXPECT(GrB_assign(C, M, NULL, 1.0, GrB_ALL, 3, GrB_ALL, 4, NULL), GrB_DIMENSION_MISMATCH);
    GrB_Type T = NULL;
    GrB_Matrix U = NULL;
    OK(GrB_Type_new(&T, 16));
    OK(GrB_Matrix_new(&U, T, 3, 4));
    EXPECT(GrB_assign(C, U, NULL, 1.0, GrB_ALL, 3, GrB_ALL, 4, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_assign(U, NULL, NULL, A, I, 2, J, 2, NULL), GrB_DOMAIN_MISMATCH);
    CHECK(nvals_of(C) == before);

    GrB_free(&C); GrB_free(&A); GrB_free(&M); GrB_free(&U); GrB_free(&T);
    GrB_free(&v); GrB_free(&q); GrB_free(&r); GrB_free(&col); GrB_free(&s);
}

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    test_extract();
    test_assign();
    OK(GrB_finalize());
    return check_done("test_extract_assign");
}
