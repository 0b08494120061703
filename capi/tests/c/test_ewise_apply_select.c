/* GrB_eWiseAdd / GrB_eWiseMult (binary operator, monoid, semiring),
 * GxB_eWiseUnion, GrB_apply (unary, bound first/second, index-unary; typed,
 * UDT and GrB_Scalar forms) and GrB_select, for matrices and vectors, with
 * their bad inputs. */

#include <stdint.h>
#include "check.h"

int main(void)
{
    GrB_Matrix A = NULL, B = NULL, C = NULL;
    GrB_Vector u = NULL, v = NULL, w = NULL;
    GrB_Scalar alpha = NULL, beta = NULL, empty = NULL;
    GrB_Index I[3] = {0, 1, 2}, J[3] = {0, 1, 2}, n = 0;
    double X[3] = {1, 2, 3}, Y[2] = {10, 20}, d = 0;

    OK(GrB_init(GrB_BLOCKING));
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 3));
    OK(GrB_Matrix_build(A, I, J, X, 3, GrB_NULL));
    OK(GrB_Matrix_new(&B, GrB_FP64, 3, 3));
    OK(GrB_Matrix_build(B, I, J, Y, 2, GrB_NULL));
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, 3));

    OK(GrB_eWiseAdd(C, NULL, NULL, GrB_PLUS_FP64, A, B, NULL));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 3);
    OK(GrB_Matrix_extractElement(&d, C, 1, 1)); CHECK(d == 22);
    OK(GrB_Matrix_extractElement(&d, C, 2, 2)); CHECK(d == 3);
    OK(GrB_eWiseAdd(C, NULL, NULL, GrB_PLUS_MONOID_FP64, A, B, NULL));
    OK(GrB_eWiseMult(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 2);
    OK(GrB_Matrix_extractElement(&d, C, 1, 1)); CHECK(d == 40);
    OK(GrB_eWiseMult(C, NULL, NULL, GrB_MINUS_FP64, A, B, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 0, 0)); CHECK(d == -9);

    OK(GrB_Scalar_new(&alpha, GrB_FP64));
    OK(GrB_Scalar_new(&beta, GrB_FP64));
    OK(GrB_Scalar_new(&empty, GrB_FP64));
    OK(GrB_Scalar_setElement(alpha, 100.0));
    OK(GrB_Scalar_setElement(beta, 1000.0));
    OK(GxB_eWiseUnion(C, NULL, NULL, GrB_MINUS_FP64, A, alpha, B, beta, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 2, 2)); CHECK(d == 3 - 1000);
    EXPECT(GxB_eWiseUnion(C, NULL, NULL, GrB_MINUS_FP64, A, empty, B, beta, NULL), GrB_EMPTY_OBJECT);

    /* apply: unary, bound first and second (typed and GrB_Scalar), index-unary. */
    OK(GrB_apply(C, NULL, NULL, GrB_AINV_FP64, A, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 2, 2)); CHECK(d == -3);
    OK(GrB_apply(C, NULL, NULL, GrB_MINUS_FP64, 10.0, A, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 2, 2)); CHECK(d == 7);
    OK(GrB_apply(C, NULL, NULL, GrB_MINUS_FP64, A, 10.0, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 2, 2)); CHECK(d == -7);
    OK(GrB_apply(C, NULL, NULL, GrB_TIMES_FP64, alpha, A, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 1, 1)); CHECK(d == 200);
    OK(GrB_apply(C, NULL, NULL, GrB_TIMES_FP64, A, beta, NULL));
    OK(GrB_Matrix_extractElement(&d, C, 1, 1)); CHECK(d == 2000);
    GrB_Matrix R = NULL;
    OK(GrB_Matrix_new(&R, GrB_INT64, 3, 3));
    OK(GrB_apply(R, NULL, NULL, GrB_ROWINDEX_INT64, A, (int64_t) 5, NULL));
    int64_t r = 0;
    OK(GrB_Matrix_extractElement(&r, R, 2, 2)); CHECK(r == 7);
    EXPECT(GrB_apply(C, NULL, NULL, GrB_TIMES_FP64, empty, A, NULL), GrB_EMPTY_OBJECT);

    /* select */
    OK(GrB_select(C, NULL, NULL, GrB_VALUEGT_FP64, A, 1.5, NULL));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 2);
    OK(GrB_select(C, NULL, NULL, GrB_TRIL, A, (int64_t) -1, NULL));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 0);
    OK(GrB_select(C, NULL, NULL, GrB_DIAG, A, 0, NULL));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 3);

    /* Vectors. */
    OK(GrB_Vector_new(&u, GrB_INT32, 4));
    OK(GrB_Vector_new(&v, GrB_INT32, 4));
    OK(GrB_Vector_new(&w, GrB_INT32, 4));
    OK(GrB_Vector_setElement(u, 1, 0));
    OK(GrB_Vector_setElement(u, 2, 3));
    OK(GrB_Vector_setElement(v, 5, 3));
    OK(GrB_eWiseAdd(w, NULL, NULL, GrB_PLUS_INT32, u, v, NULL));
    int32_t x = 0;
    OK(GrB_Vector_extractElement(&x, w, 3)); CHECK(x == 7);
    OK(GrB_eWiseMult(w, NULL, NULL, GrB_TIMES_MONOID_INT32, u, v, NULL));
    OK(GrB_Vector_nvals(&n, w)); CHECK(n == 1);
    OK(GrB_apply(w, NULL, NULL, GrB_PLUS_INT32, u, 100, NULL));
    OK(GrB_Vector_extractElement(&x, w, 0)); CHECK(x == 101);
    OK(GrB_apply(w, NULL, NULL, GrB_ROWINDEX_INT32, u, 0, NULL));
    OK(GrB_Vector_extractElement(&x, w, 3)); CHECK(x == 3);
    OK(GrB_select(w, NULL, NULL, GrB_VALUEEQ_INT32, u, 2, NULL));
    OK(GrB_Vector_nvals(&n, w)); CHECK(n == 1);

    /* Bad inputs leave the output unchanged. */
    GrB_Matrix small = NULL;
    OK(GrB_Matrix_new(&small, GrB_FP64, 2, 2));
    OK(GrB_Matrix_nvals(&n, C));
    GrB_Index before = n;
    EXPECT(GrB_eWiseAdd(C, NULL, NULL, GrB_PLUS_FP64, A, small, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_eWiseMult(C, small, NULL, GrB_PLUS_FP64, A, B, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_apply(C, NULL, NULL, GrB_AINV_FP64, small, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_eWiseAdd(C, NULL, NULL, (GrB_BinaryOp) NULL, A, B, NULL), GrB_NULL_POINTER);
    GrB_Type T = NULL;
    GrB_Matrix U = NULL;
    OK(GrB_Type_new(&T, 8));
    OK(GrB_Matrix_new(&U, T, 3, 3));
    EXPECT(GrB_eWiseAdd(C, NULL, NULL, GrB_PLUS_FP64, A, U, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_select(C, NULL, NULL, GrB_VALUEGT_FP64, U, 1.0, NULL), GrB_DOMAIN_MISMATCH);
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == before);

    GrB_free(&A); GrB_free(&B); GrB_free(&C); GrB_free(&R); GrB_free(&small);
    GrB_free(&U); GrB_free(&T); GrB_free(&u); GrB_free(&v); GrB_free(&w);
    GrB_free(&alpha); GrB_free(&beta); GrB_free(&empty);
    OK(GrB_finalize());
    return check_done("test_ewise_apply_select");
}
