/* GxB_*_isStoredElement, GxB_*_build_Scalar, GxB_*_serialize /
 * GxB_*_deserialize and GxB_subassign, with bad inputs. */

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

static void test_subassign(void)
{
    GrB_Matrix C = NULL, M = NULL, A = NULL;
    GrB_Vector w = NULL, m = NULL, u = NULL;
    GrB_Index I[2] = {1, 3}, J[2] = {0, 2}, n = 0;
    int32_t x = 0;

    /* C = 9 everywhere; M = [1 .; . 1] over the submatrix C(I, J). */
    OK(GrB_Matrix_new(&C, GrB_INT32, 4, 4));
    OK(GrB_Matrix_assign_INT32(C, NULL, NULL, 9, GrB_ALL, 4, GrB_ALL, 4, NULL));
    OK(GrB_Matrix_new(&M, GrB_BOOL, 2, 2));
    OK(GrB_Matrix_setElement(M, true, 0, 0));
    OK(GrB_Matrix_setElement(M, true, 1, 1));
    OK(GrB_Matrix_new(&A, GrB_INT32, 2, 2));
    OK(GrB_Matrix_assign_INT32(A, NULL, NULL, 5, GrB_ALL, 2, GrB_ALL, 2, NULL));
    /* The mask has the submatrix's size; replace clears only inside it. */
    OK(GxB_subassign(C, M, NULL, A, I, 2, J, 2, GrB_DESC_R));
    OK(GrB_Matrix_extractElement(&x, C, 1, 0));
    CHECK(x == 5);
    OK(GrB_Matrix_extractElement(&x, C, 3, 2));
    CHECK(x == 5);
    EXPECT(GrB_Matrix_extractElement(&x, C, 1, 2), GrB_NO_VALUE);
    EXPECT(GrB_Matrix_extractElement(&x, C, 3, 0), GrB_NO_VALUE);
    OK(GrB_Matrix_extractElement(&x, C, 0, 0));
    CHECK(x == 9);
    OK(GrB_Matrix_nvals(&n, C));
    CHECK(n == 14);
    /* GrB_assign wants a mask of C's size. */
    EXPECT(GrB_assign(C, M, NULL, A, I, 2, J, 2, NULL), GrB_DIMENSION_MISMATCH);
    /* A scalar, with an accumulator, through the complemented mask. */
    OK(GxB_subassign(C, M, GrB_PLUS_INT32, 1, I, 2, J, 2, GrB_DESC_C));
    OK(GrB_Matrix_extractElement(&x, C, 1, 2));
    CHECK(x == 1);
    OK(GrB_Matrix_extractElement(&x, C, 1, 0));
    CHECK(x == 5);
    EXPECT(GxB_Matrix_subassign_INT32(C, C, NULL, 1, I, 2, J, 2, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GxB_Matrix_subassign(C, NULL, NULL, A, I, 2, J, 1, NULL), GrB_DIMENSION_MISMATCH);
    I[1] = 4;
    EXPECT(GxB_Matrix_subassign(C, NULL, NULL, A, I, 2, J, 2, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    EXPECT(GxB_Matrix_subassign(C, NULL, NULL, A, NULL, 0, J, 2, NULL), GrB_NULL_POINTER);
    OK(GrB_Matrix_nvals(&n, C));
    CHECK(n == 16); /* the two cleared positions took the scalar */

    /* Vectors, rows and columns: masks of the sub-vector's length. */
    OK(GrB_Vector_new(&w, GrB_INT32, 5));
    OK(GrB_Vector_new(&m, GrB_BOOL, 2));
    OK(GrB_Vector_new(&u, GrB_INT32, 2));
    OK(GrB_Vector_setElement(m, true, 1));
    OK(GrB_Vector_assign_INT32(u, NULL, NULL, 7, GrB_ALL, 2, NULL));
    OK(GxB_subassign(w, m, NULL, u, J, 2, NULL));
    OK(GrB_Vector_nvals(&n, w));
    CHECK(n == 1);
    OK(GrB_Vector_extractElement(&x, w, 2));
    CHECK(x == 7);
    OK(GxB_Row_subassign(C, m, NULL, u, 0, J, 2, GrB_DESC_R));
    OK(GrB_Matrix_extractElement(&x, C, 0, 2));
    CHECK(x == 7);
    EXPECT(GrB_Matrix_extractElement(&x, C, 0, 0), GrB_NO_VALUE);
    OK(GxB_Col_subassign(C, m, NULL, u, J, 2, 3, NULL));
    OK(GrB_Matrix_extractElement(&x, C, 2, 3));
    CHECK(x == 7);
    EXPECT(GxB_Row_subassign(C, m, NULL, u, 4, J, 2, NULL), GrB_INVALID_INDEX);
    EXPECT(GxB_Col_subassign(C, w, NULL, u, J, 2, 3, NULL), GrB_DIMENSION_MISMATCH);

    OK(GrB_free(&C));
    OK(GrB_free(&M));
    OK(GrB_free(&A));
    OK(GrB_free(&w));
    OK(GrB_free(&m));
    OK(GrB_free(&u));
}

static void test_concat_split(void)
{
    GrB_Matrix T[4] = {NULL, NULL, NULL, NULL}, S[4] = {NULL, NULL, NULL, NULL};
    GrB_Matrix C = NULL, U = NULL, keep = NULL;
    GrB_Type ut = NULL;
    GrB_Index rows[2] = {1, 2}, cols[2] = {3, 1}, bad[2] = {1, 1}, n = 0, r = 0, c = 0;
    double x = 0;

    /* Tiles 1x3, 1x1 / 2x3, 2x1, each holding its number at its (0, 0). */
    for (int k = 0; k < 4; k++) {
        OK(GrB_Matrix_new(&T[k], k % 2 ? GrB_INT8 : GrB_FP64, rows[k / 2], cols[k % 2]));
        OK(GrB_Matrix_setElement_INT32(T[k], k + 1, 0, 0));
    }
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, 4));
    OK(GrB_Matrix_setElement(C, 99.0, 2, 2));
    OK(GxB_Matrix_concat(C, T, 2, 2, NULL));
    OK(GrB_Matrix_nvals(&n, C));
    CHECK(n == 4);
    OK(GrB_Matrix_extractElement(&x, C, 1, 3));
    CHECK(x == 4);
    OK(GrB_Matrix_extractElement(&x, C, 0, 3));
    CHECK(x == 2);
    OK(GxB_Matrix_split(S, 2, 2, rows, cols, C, NULL));
    OK(GrB_Matrix_nrows(&r, S[2]));
    OK(GrB_Matrix_ncols(&c, S[2]));
    CHECK(r == 2 && c == 3);
    OK(GrB_Matrix_extractElement(&x, S[3], 0, 0));
    CHECK(x == 4);
    OK(GrB_Matrix_nvals(&n, S[1]));
    CHECK(n == 1);
    EXPECT(GxB_Matrix_split(S, 2, 2, bad, cols, C, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GxB_Matrix_concat(C, T, 1, 4, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GxB_Matrix_concat(C, T, 0, 2, NULL), GrB_INVALID_VALUE);
    EXPECT(GxB_Matrix_concat(C, NULL, 2, 2, NULL), GrB_NULL_POINTER);
    /* A tile of a user-defined type cannot be cast: C is unchanged. */
    OK(GrB_Type_new(&ut, 16));
    OK(GrB_Matrix_new(&U, ut, 1, 3));
    keep = T[0];
    T[0] = U;
    EXPECT(GxB_Matrix_concat(C, T, 2, 2, NULL), GrB_DOMAIN_MISMATCH);
    T[0] = keep;
    OK(GrB_Matrix_extractElement(&x, C, 1, 3));
    CHECK(x == 4);
    for (int k = 0; k < 4; k++) {
        OK(GrB_free(&T[k]));
        OK(GrB_free(&S[k]));
    }
    OK(GrB_free(&C));
    OK(GrB_free(&U));
    OK(GrB_free(&ut));
}

static void test_descriptor(void)
{
    GrB_Descriptor d = NULL;
    int32_t v = 0;
    GrB_Desc_Value dv = GrB_DEFAULT;

    OK(GrB_Descriptor_new(&d));
    OK(GxB_set(d, GrB_OUTP, GrB_REPLACE));
    OK(GxB_get(d, GrB_OUTP, &dv));
    CHECK(dv == GrB_REPLACE);
    OK(GxB_Desc_set(d, GrB_INP0, GrB_TRAN));
    OK(GxB_Desc_get_INT32(d, GrB_INP0, &v));
    CHECK(v == GrB_TRAN);
    /* As LAGraph_SSaveSet asks: accepted; blobs are never compressed. */
    OK(GxB_set(d, GxB_COMPRESSION, GxB_COMPRESSION_LZ4HC + 9));
    OK(GxB_get(d, GxB_COMPRESSION, &v));
    CHECK(v == GxB_COMPRESSION_NONE);
    EXPECT(GxB_set(d, GxB_COMPRESSION, 42), GrB_INVALID_VALUE);
    EXPECT(GxB_set(d, GrB_OUTP, GrB_TRAN), GrB_INVALID_VALUE);
    EXPECT(GxB_set(GrB_DESC_T0, GrB_OUTP, GrB_REPLACE), GrB_INVALID_VALUE);
    EXPECT(GxB_Desc_get_INT32(d, GrB_OUTP, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Desc_set_INT32((GrB_Descriptor) junk, GxB_COMPRESSION, 0), GrB_UNINITIALIZED_OBJECT);
    OK(GrB_free(&d));
}

static void test_sort(void)
{
    GrB_Vector u = NULL, w = NULL, p = NULL;
    GrB_Matrix A = NULL, C = NULL, P = NULL;
    GrB_Index I[4] = {0, 2, 5, 6};
    double X[4] = {3, -1, 7, 3}, x = 0;
    int64_t k = 0;

    /* As LAGraph's mcl_demo: descending values of a vector. */
    OK(GrB_Vector_new(&u, GrB_FP64, 8));
    OK(GrB_Vector_build(u, I, X, 4, NULL));
    OK(GrB_Vector_new(&w, GrB_FP64, 8));
    OK(GrB_Vector_new(&p, GrB_INT64, 8));
    OK(GxB_Vector_sort(w, p, GrB_GT_FP64, u, NULL));
    OK(GrB_Vector_extractElement(&x, w, 0));
    CHECK(x == 7);
    OK(GrB_Vector_extractElement(&k, p, 1));
    CHECK(k == 0); /* the two 3s keep their index order */
    OK(GrB_Vector_extractElement(&k, p, 2));
    CHECK(k == 6);
    EXPECT(GrB_Vector_extractElement(&x, w, 4), GrB_NO_VALUE);
    OK(GxB_Vector_sort(NULL, p, GrB_LT_FP64, u, NULL));
    OK(GrB_Vector_extractElement(&k, p, 0));
    CHECK(k == 2);
    EXPECT(GxB_Vector_sort(NULL, NULL, GrB_LT_FP64, u, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Vector_sort(w, p, GrB_PLUS_FP64, u, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GxB_Vector_sort(p, NULL, GrB_LT_FP64, u, NULL), GrB_DOMAIN_MISMATCH);

    /* Rows of a matrix, and its columns with GrB_DESC_T0. */
    OK(GrB_Matrix_new(&A, GrB_FP64, 2, 3));
    OK(GrB_Matrix_setElement(A, 5.0, 0, 0));
    OK(GrB_Matrix_setElement(A, 1.0, 0, 2));
    OK(GrB_Matrix_setElement(A, 4.0, 1, 2));
    OK(GrB_Matrix_new(&C, GrB_FP64, 2, 3));
    OK(GrB_Matrix_new(&P, GrB_INT64, 2, 3));
    OK(GxB_Matrix_sort(C, P, GrB_LT_FP64, A, NULL));
    OK(GrB_Matrix_extractElement(&x, C, 0, 0));
    CHECK(x == 1);
    OK(GrB_Matrix_extractElement(&k, P, 0, 1));
    CHECK(k == 0);
    OK(GxB_Matrix_sort(C, NULL, GrB_GT_FP64, A, GrB_DESC_T0));
    OK(GrB_Matrix_extractElement(&x, C, 0, 2));
    CHECK(x == 4);
    /* C sorted in place, from itself. */
    OK(GxB_Matrix_sort(C, NULL, GrB_LT_FP64, C, NULL));
    OK(GrB_Matrix_extractElement(&x, C, 0, 0));
    CHECK(x == 4);
    EXPECT(GxB_Matrix_sort(P, NULL, GrB_LT_FP64, A, NULL), GrB_DOMAIN_MISMATCH);

    OK(GrB_free(&u));
    OK(GrB_free(&w));
    OK(GrB_free(&p));
    OK(GrB_free(&A));
    OK(GrB_free(&C));
    OK(GrB_free(&P));
}

int main(void)
{
    OK(GrB_init(GrB_BLOCKING));
    test_stored_and_build_scalar();
    test_serialize();
    test_subassign();
    test_concat_split();
    test_descriptor();
    test_sort();
    OK(GrB_finalize());
    return check_done("test_gxb_objects");
}
