/* GxB_*_isStoredElement, GxB_*_build_Scalar and GxB_*_serialize /
 * GxB_*_deserialize, with bad inputs. */

#include <stdint.h>
#include <string.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

static void test_stored_and_build_scalar(void)
{
    GrB_Matrix A = NULL;
    GrB_Vector v = NULL;
    GrB_Scalar s = NULL, e = NULL;
    GrB_Index I[4] = {0, 2, 0, 1}, J[4] = {1, 2, 1, 0}, n = 0;
    double x = 0;
    int16_t y = 0;

    OK(GrB_Scalar_new(&s, GrB_INT32));
    OK(GrB_Scalar_new(&e, GrB_INT32));
    OK(GrB_Scalar_setElement_INT32(s, 5));
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 3));
    OK(GxB_Matrix_build_Scalar(A, I, J, s, 4));
    OK(GrB_Matrix_nvals(&n, A));
    CHECK(n == 3); /* the repeated (0,1) is one entry */
    OK(GrB_Matrix_extractElement(&x, A, 2, 2));
    CHECK(x == 5);
    OK(GxB_Matrix_isStoredElement(A, 1, 0));
    EXPECT(GxB_Matrix_isStoredElement(A, 1, 1), GrB_NO_VALUE);
    EXPECT(GxB_Matrix_isStoredElement(A, 3, 0), GrB_INVALID_INDEX);
    EXPECT(GxB_Matrix_isStoredElement((GrB_Matrix) junk, 0, 0), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GxB_Matrix_build_Scalar(A, I, J, s, 4), GrB_OUTPUT_NOT_EMPTY);
    OK(GrB_Matrix_clear(A));
    EXPECT(GxB_Matrix_build_Scalar(A, I, J, e, 4), GrB_EMPTY_OBJECT);
    EXPECT(GxB_Matrix_build_Scalar(A, NULL, J, s, 0), GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_build_Scalar(A, I, J, NULL, 4), GrB_NULL_POINTER);
    I[0] = 3;
    EXPECT(GxB_Matrix_build_Scalar(A, I, J, s, 4), GrB_INDEX_OUT_OF_BOUNDS);
    OK(GrB_Matrix_nvals(&n, A));
    CHECK(n == 0);

    OK(GrB_Vector_new(&v, GrB_INT16, 5));
    OK(GxB_Vector_build_Scalar(v, J, s, 4));
    OK(GrB_Vector_nvals(&n, v));
    CHECK(n == 3);
    OK(GrB_Vector_extractElement(&y, v, 0));
    CHECK(y == 5);
    OK(GxB_Vector_isStoredElement(v, 2));
    EXPECT(GxB_Vector_isStoredElement(v, 4), GrB_NO_VALUE);
    EXPECT(GxB_Vector_isStoredElement(v, 5), GrB_INVALID_INDEX);

    OK(GrB_free(&A));
    OK(GrB_free(&v));
    OK(GrB_free(&s));
    OK(GrB_free(&e));
}

static void test_serialize(void)
{
    GrB_Matrix A = NULL, B = NULL;
    GrB_Vector v = NULL, w = NULL;
    void *blob = NULL;
    GrB_Index size = 0, n = 0;
    float x = 0;

    OK(GrB_Matrix_new(&A, GrB_FP32, 4, 3));
    OK(GrB_Matrix_setElement(A, 2.5f, 3, 1));
    OK(GrB_Matrix_setElement(A, -1.0f, 0, 2));
    OK(GxB_Matrix_serialize(&blob, &size, A, NULL));
    CHECK(blob != NULL && size > 0);
    OK(GxB_Matrix_deserialize(&B, NULL, blob, size, NULL));
    OK(GrB_Matrix_extractElement(&x, B, 3, 1));
    CHECK(x == 2.5f);
    OK(GrB_free(&B));
    /* The same format as GrB_Matrix_serialize. */
    OK(GrB_Matrix_deserialize(&B, GrB_FP32, blob, size));
    OK(GrB_Matrix_nvals(&n, B));
    CHECK(n == 2);
    EXPECT(GxB_Matrix_deserialize(&B, GrB_INT8, blob, size, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GxB_Vector_deserialize(&w, NULL, blob, size, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GxB_Matrix_deserialize(&B, NULL, blob, 8, NULL), GrB_INVALID_OBJECT);
    EXPECT(GxB_Matrix_deserialize(NULL, NULL, blob, size, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_serialize(NULL, &size, A, NULL), GrB_NULL_POINTER);
    free(blob);

    OK(GrB_Vector_new(&v, GrB_FP32, 6));
    OK(GrB_Vector_setElement(v, 4.0f, 5));
    OK(GxB_Vector_serialize(&blob, &size, v, NULL));
    OK(GxB_Vector_deserialize(&w, GrB_FP32, blob, size, NULL));
    OK(GrB_Vector_extractElement(&x, w, 5));
    CHECK(x == 4.0f);
    OK(GrB_Vector_size(&n, w));
    CHECK(n == 6);
    free(blob);

    OK(GrB_free(&A));
    OK(GrB_free(&B));
    OK(GrB_free(&v));
    OK(GrB_free(&w));
}

int main(void)
{
    OK(GrB_init(GrB_BLOCKING));
    test_stored_and_build_scalar();
    test_serialize();
    OK(GrB_finalize());
    return check_done("test_gxb_objects");
}
