/* GrB_mxm, GrB_mxv and GrB_vxm through the C API: predefined and
 * user-defined semirings, masks (value, structural, complemented), the
 * accumulator, replace, transposed inputs, aliasing, and bad inputs. */

#include <stdbool.h>
#include <stdint.h>
#include "check.h"

/* A user-defined multiply: z = x - y. */
static void minus_f(void *z, const void *x, const void *y)
{
    *(double *) z = *(const double *) x - *(const double *) y;
}

int main(void)
{
    GrB_Matrix A = NULL, C = NULL, M = NULL, T = NULL;
    GrB_Vector u = NULL, w = NULL, m = NULL;
    GrB_BinaryOp minus = NULL;
    GrB_Semiring plus_minus = NULL;
    /* A = [1 2 0; 0 3 0; 4 0 5] */
    GrB_Index I[5] = {0, 0, 1, 2, 2}, J[5] = {0, 1, 1, 0, 2};
    double X[5] = {1, 2, 3, 4, 5};
    double x = 0;
    GrB_Index n = 0;

    OK(GrB_init(GrB_NONBLOCKING));
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 3));
    OK(GrB_Matrix_build(A, I, J, X, 5, GrB_NULL));

    /* C = A*A: [1 8 0; 0 9 0; 24 8 25]. */
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, 3));
    OK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 6);
    OK(GrB_Matrix_extractElement(&x, C, 0, 1)); CHECK(x == 8);
    OK(GrB_Matrix_extractElement(&x, C, 2, 0)); CHECK(x == 24);
    OK(GrB_Matrix_extractElement(&x, C, 2, 2)); CHECK(x == 25);

    /* C += A'*A restricted to the structure of A (a mask by structure). */
    OK(GrB_mxm(C, A, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, GrB_DESC_ST0));
    OK(GrB_Matrix_extractElement(&x, C, 0, 0)); CHECK(x == 1 + 17);
    OK(GrB_Matrix_extractElement(&x, C, 2, 0)); CHECK(x == 24 + 20);

    /* Replace with a complemented mask: only (2,1), outside A, remains. */
    OK(GrB_mxm(C, A, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, GrB_DESC_RSC));
    OK(GrB_Matrix_nvals(&n, C)); CHECK(n == 1);
    OK(GrB_Matrix_extractElement(&x, C, 2, 1)); CHECK(x == 8);

    /* Aliasing: A = A*A in place. */
    OK(GrB_Matrix_dup(&T, A));
    OK(GrB_mxm(T, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, T, T, NULL));
    OK(GrB_Matrix_extractElement(&x, T, 0, 1)); CHECK(x == 8);

    /* A user-defined semiring: plus over (x - y). */
    OK(GrB_BinaryOp_new(&minus, minus_f, GrB_FP64, GrB_FP64, GrB_FP64));
    OK(GrB_Semiring_new(&plus_minus, GrB_PLUS_MONOID_FP64, minus));
    OK(GrB_mxm(C, NULL, NULL, plus_minus, A, A, NULL));
    OK(GrB_Matrix_extractElement(&x, C, 0, 1)); CHECK(x == (1 - 2) + (2 - 3));

    /* mxv and vxm: u = [1 1 1]. */
    OK(GrB_Vector_new(&u, GrB_FP64, 3));
    OK(GrB_Vector_assign_FP64(u, NULL, NULL, 1.0, GrB_ALL, 3, NULL));
    OK(GrB_Vector_new(&w, GrB_FP64, 3));
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL));
    OK(GrB_Vector_extractElement(&x, w, 2)); CHECK(x == 9);
    OK(GrB_vxm(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, u, A, NULL));
    OK(GrB_Vector_extractElement(&x, w, 1)); CHECK(x == 5);
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, GrB_DESC_T0));
    OK(GrB_Vector_extractElement(&x, w, 1)); CHECK(x == 5);

    /* A boolean BFS step with a complemented mask: unvisited neighbours of 0. */
    OK(GrB_Vector_new(&m, GrB_BOOL, 3));
    OK(GrB_Vector_setElement_BOOL(m, true, 0));
    OK(GrB_Vector_clear(w));
    OK(GrB_vxm(w, m, NULL, GrB_LOR_LAND_SEMIRING_BOOL, m, A, GrB_DESC_RC));
    OK(GrB_Vector_nvals(&n, w)); CHECK(n == 1);
    bool b = false;
    OK(GrB_Vector_extractElement_BOOL(&b, w, 1)); CHECK(b);

    /* A NULL mask complemented allows nothing. */
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, GrB_DESC_RC));
    OK(GrB_Vector_nvals(&n, w)); CHECK(n == 0);

    /* Bad input: dimensions, domains, NULL objects; the output is unchanged. */
    GrB_Matrix R = NULL;
    OK(GrB_Matrix_new(&R, GrB_FP64, 2, 3));
    OK(GrB_Matrix_nvals(&n, T)); CHECK(n == 6);
    EXPECT(GrB_mxm(T, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, R, A, NULL),
           GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_mxm(T, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, R, NULL),
           GrB_DIMENSION_MISMATCH);
    OK(GrB_Matrix_nvals(&n, T)); CHECK(n == 6);
    GrB_Type udt = NULL;
    GrB_Matrix U = NULL;
    OK(GrB_Type_new(&udt, 16));
    OK(GrB_Matrix_new(&U, udt, 3, 3));
    EXPECT(GrB_mxm(U, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_mxm(T, NULL, NULL, NULL, A, A, NULL), GrB_NULL_POINTER);
    EXPECT(GrB_mxv(NULL, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL),
           GrB_NULL_POINTER);
    EXPECT(GrB_vxm(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, u, R, NULL),
           GrB_DIMENSION_MISMATCH);

    GrB_free(&A); GrB_free(&C); GrB_free(&M); GrB_free(&T); GrB_free(&R);
    GrB_free(&U); GrB_free(&udt);
    GrB_free(&u); GrB_free(&w); GrB_free(&m);
    GrB_free(&plus_minus); GrB_free(&minus);
    OK(GrB_finalize());
    return check_done("test_mxm");
}
