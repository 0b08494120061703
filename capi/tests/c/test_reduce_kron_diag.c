/* GrB_reduce (to a vector, to typed C scalars, to GrB_Scalar, with monoids
 * and binary operators), GrB_kronecker and the diag functions through the C
 * API, with their bad inputs. */

#include <stdint.h>
#include "check.h"

int main(void)
{
    GrB_Matrix A = NULL, K = NULL, D = NULL, E = NULL;
    GrB_Vector w = NULL, d = NULL;
    GrB_Scalar s = NULL;
    GrB_Index I[4] = {0, 0, 1, 2}, J[4] = {0, 2, 1, 2};
    int32_t X[4] = {1, 2, 3, 4};
    int64_t total = 0;
    double dsum = 0;
    int32_t x = 0;

    OK(GrB_init(GrB_BLOCKING));
    OK(GrB_Matrix_new(&A, GrB_INT32, 3, 3));
    OK(GrB_Matrix_build(A, I, J, X, 4, GrB_NULL));

    /* Reduce to a vector: rows with a monoid, columns through GrB_INP0 = GrB_TRAN. */
    OK(GrB_Vector_new(&w, GrB_INT64, 3));
    OK(GrB_reduce(w, NULL, NULL, GrB_PLUS_MONOID_INT64, A, NULL));
    OK(GrB_Vector_extractElement(&total, w, 0)); CHECK(total == 3);
    OK(GrB_reduce(w, NULL, NULL, GrB_MAX_INT32, A, GrB_DESC_T0));
    OK(GrB_Vector_extractElement(&total, w, 2)); CHECK(total == 4);

    /* Reduce to C scalars: the identity for an empty input; accumulate. */
    OK(GrB_reduce(&total, NULL, GrB_PLUS_MONOID_INT64, A, NULL)); CHECK(total == 10);
    OK(GrB_reduce(&total, GrB_PLUS_INT64, GrB_PLUS_MONOID_INT64, A, NULL)); CHECK(total == 20);
    OK(GrB_reduce(&dsum, NULL, GrB_MAX_MONOID_FP64, A, NULL)); CHECK(dsum == 4.0);
    OK(GrB_reduce(&x, NULL, GrB_PLUS_MONOID_INT32, w, NULL)); CHECK(x == 1 + 3 + 4);
    GrB_Matrix Z = NULL;
    OK(GrB_Matrix_new(&Z, GrB_FP64, 4, 4));
    OK(GrB_reduce(&dsum, NULL, GrB_MIN_MONOID_FP64, Z, NULL)); CHECK(dsum > 1e308);

    /* Reduce to a GrB_Scalar: empty input empties it. */
    OK(GrB_Scalar_new(&s, GrB_INT32));
    OK(GrB_reduce(s, NULL, GrB_PLUS_MONOID_INT32, A, NULL));
    OK(GrB_Scalar_extractElement(&x, s)); CHECK(x == 10);
    OK(GrB_reduce(s, NULL, GrB_PLUS_INT32, A, NULL));
    OK(GrB_Scalar_extractElement(&x, s)); CHECK(x == 10);
    OK(GrB_reduce(s, NULL, GrB_PLUS_MONOID_INT32, Z, NULL));
    GrB_Index n = 1;
    OK(GrB_Scalar_nvals(&n, s)); CHECK(n == 0);

    /* Kronecker: (3x3) ⊗ (3x3) is 9x9 with 16 entries. */
    OK(GrB_Matrix_new(&K, GrB_INT32, 9, 9));
    OK(GrB_kronecker(K, NULL, NULL, GrB_TIMES_INT32, A, A, NULL));
    OK(GrB_Matrix_nvals(&n, K)); CHECK(n == 16);
    OK(GrB_Matrix_extractElement(&x, K, 8, 8)); CHECK(x == 16);
    OK(GrB_kronecker(K, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_INT32, A, A, NULL));
    EXPECT(GrB_kronecker(A, NULL, NULL, GrB_TIMES_INT32, A, A, NULL), GrB_DIMENSION_MISMATCH);

    /* Diag: a vector onto diagonal 1, and back. */
    OK(GrB_Vector_new(&d, GrB_INT32, 3));
    OK(GrB_Vector_setElement(d, 7, 0));
    OK(GrB_Vector_setElement(d, 9, 2));
    OK(GrB_Matrix_diag(&D, d, 1));
    GrB_Index nr = 0;
    OK(GrB_Matrix_nrows(&nr, D)); CHECK(nr == 4);
    OK(GrB_Matrix_extractElement(&x, D, 2, 3)); CHECK(x == 9);
    OK(GrB_Vector_clear(d));
    OK(GrB_Vector_diag(d, D, 1, NULL));
    OK(GrB_Vector_extractElement(&x, d, 0)); CHECK(x == 7);
    EXPECT(GrB_Matrix_diag(NULL, d, 0), GrB_NULL_POINTER);
    EXPECT(GrB_Vector_diag(d, D, 0, NULL), GrB_DIMENSION_MISMATCH);
    OK(GrB_Matrix_new(&E, GrB_INT32, 3, 3));
    OK(GxB_Matrix_diag(E, d, 0, NULL));
    OK(GrB_Matrix_nvals(&n, E)); CHECK(n == 2);

    /* Bad inputs. */
    EXPECT(GrB_reduce((int64_t *) NULL, NULL, GrB_PLUS_MONOID_INT64, A, NULL), GrB_NULL_POINTER);
    EXPECT(GrB_reduce(w, NULL, NULL, GrB_PLUS_MONOID_INT64, K, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_reduce(w, NULL, NULL, GrB_LT_INT32, A, NULL), GrB_DOMAIN_MISMATCH);
    GrB_Monoid nomonoid = NULL;
    EXPECT(GrB_reduce(&total, NULL, nomonoid, A, NULL), GrB_NULL_POINTER);

    GrB_free(&A); GrB_free(&K); GrB_free(&D); GrB_free(&E); GrB_free(&Z);
    GrB_free(&w); GrB_free(&d); GrB_free(&s);
    OK(GrB_finalize());
    return check_done("test_reduce_kron_diag");
}
