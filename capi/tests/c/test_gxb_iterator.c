/* GxB_Iterator over rows and columns, walked as LAGraph walks it: every
 * entry visited once in order, seeks, empty rows, exhaustion, value getters
 * and bad inputs. */

#include <stdint.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

/* A 5 x 4 matrix: rows 0, 2 and 4 hold entries; value = 10 * i + j. */
static GrB_Matrix sample(int sparsity)
{
    GrB_Matrix A = NULL;
    GrB_Index I[5] = {0, 0, 2, 4, 4}, J[5] = {1, 3, 2, 0, 3};
    double X[5];
    for (int k = 0; k < 5; k++) X[k] = 10.0 * I[k] + J[k];
    OK(GrB_Matrix_new(&A, GrB_FP64, 5, 4));
    OK(GrB_Matrix_build(A, I, J, X, 5, NULL));
    OK(GxB_set(A, GxB_SPARSITY_CONTROL, sparsity));
    return A;
}

static void walk_rows(int sparsity)
{
    GrB_Matrix A = sample(sparsity);
    GxB_Iterator it = NULL;
    int seen = 0;
    double sum = 0;
    GrB_Index last_row = 0, last_col = 0;

    OK(GxB_Iterator_new(&it));
    OK(GxB_rowIterator_attach(it, A, NULL));
    GrB_Info info = GxB_rowIterator_seekRow(it, 0);
    while (info != GxB_EXHAUSTED) {
        CHECK(info == GrB_SUCCESS || info == GrB_NO_VALUE);
        while (info == GrB_SUCCESS) {
            GrB_Index i = GxB_rowIterator_getRowIndex(it);
            GrB_Index j = GxB_rowIterator_getColIndex(it);
            double x = GxB_Iterator_get_FP64(it);
            CHECK(x == 10.0 * i + j);
            CHECK(seen == 0 || i > last_row || (i == last_row && j > last_col));
            last_row = i;
            last_col = j;
            sum += x;
            seen++;
            info = GxB_rowIterator_nextCol(it);
        }
        CHECK(info == GrB_NO_VALUE);
        info = GxB_rowIterator_nextRow(it);
    }
    CHECK(seen == 5);
    CHECK(sum == 1 + 3 + 22 + 40 + 43);
    CHECK(GxB_rowIterator_kount(it) >= 3);
    /* Seeks: row 2 holds (2,2); rows past the end are exhausted. */
    OK(GxB_rowIterator_seekRow(it, 2));
    CHECK(GxB_rowIterator_getRowIndex(it) == 2 && GxB_rowIterator_getColIndex(it) == 2);
    CHECK(GxB_Iterator_get_INT32(it) == 22);
    EXPECT(GxB_rowIterator_seekRow(it, 5), GxB_EXHAUSTED);
    EXPECT(GxB_rowIterator_nextCol(it), GxB_EXHAUSTED);
    OK(GrB_free(&it));
    OK(GrB_free(&A));
}

static void walk_columns(void)
{
    GrB_Matrix A = sample(GxB_SPARSE);
    GxB_Iterator it = NULL;
    int seen = 0;
    int64_t v = 0;

    OK(GxB_Iterator_new(&it));
    OK(GxB_colIterator_attach(it, A, NULL));
    GrB_Info info = GxB_colIterator_seekCol(it, 3);
    while (info == GrB_SUCCESS) {
        CHECK(GxB_colIterator_getColIndex(it) == 3);
        v += GxB_Iterator_get_INT64(it);
        seen++;
        info = GxB_colIterator_nextRow(it);
    }
    CHECK(seen == 2 && v == 3 + 43);
    OK(GxB_colIterator_kseek(it, 0));
    CHECK(GxB_colIterator_getRowIndex(it) == 4);
    EXPECT(GxB_colIterator_nextCol(it), GrB_SUCCESS);
    CHECK(GxB_colIterator_getColIndex(it) == 1);
    OK(GrB_free(&it));
    OK(GrB_free(&A));
}

static void bad_inputs(void)
{
    GxB_Iterator it = NULL;
    GrB_Matrix A = sample(GxB_SPARSE);
    EXPECT(GxB_Iterator_new(NULL), GrB_NULL_POINTER);
    OK(GxB_Iterator_new(&it));
    EXPECT(GxB_rowIterator_seekRow(it, 0), GrB_INVALID_OBJECT);
    EXPECT(GxB_rowIterator_attach(it, NULL, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_rowIterator_attach((GxB_Iterator) junk, A, NULL), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GxB_rowIterator_nextRow((GxB_Iterator) junk), GrB_UNINITIALIZED_OBJECT);
    CHECK(GxB_rowIterator_kount(it) == 0);
    CHECK(GxB_Iterator_get_FP64(it) == 0);
    OK(GxB_Iterator_free(&it));
    CHECK(it == NULL);
    OK(GrB_free(&A));
}

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    walk_rows(GxB_SPARSE);
    walk_rows(GxB_HYPERSPARSE);
    walk_rows(GxB_BITMAP);
    walk_columns();
    bad_inputs();
    OK(GrB_finalize());
    return check_done("test_gxb_iterator");
}
