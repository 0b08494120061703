/* Builds a small matrix through the GraphBLAS C API, transposes it, and
 * prints both: the smallest complete C program against libgraphblas. */

#include <stdio.h>
#include "GraphBLAS.h"

static void print_matrix(const char *name, GrB_Matrix A)
{
    GrB_Index nrows, ncols, nvals;
    GrB_Matrix_nrows(&nrows, A);
    GrB_Matrix_ncols(&ncols, A);
    GrB_Matrix_nvals(&nvals, A);
    printf("%s: %llu x %llu, %llu entries\n", name, (unsigned long long) nrows,
           (unsigned long long) ncols, (unsigned long long) nvals);
    for (GrB_Index i = 0; i < nrows; i++) {
        printf("  ");
        for (GrB_Index j = 0; j < ncols; j++) {
            double x;
            if (GrB_Matrix_extractElement(&x, A, i, j) == GrB_SUCCESS) {
                printf("%6.2f ", x);
            } else {
                printf("     . ");
            }
        }
        printf("\n");
    }
}

int main(void)
{
    GrB_Index I[] = {0, 0, 1, 2, 2};
    GrB_Index J[] = {0, 3, 1, 0, 2};
    double X[] = {1.0, 2.5, -3.0, 4.25, 5.0};
    GrB_Matrix A, AT;

    if (GrB_init(GrB_BLOCKING) != GrB_SUCCESS) return 1;
    GrB_Matrix_new(&A, GrB_FP64, 3, 4);
    GrB_Matrix_build(A, I, J, X, 5, GrB_PLUS_FP64);
    GrB_Matrix_new(&AT, GrB_FP64, 4, 3);
    GrB_transpose(AT, NULL, NULL, A, NULL);
    print_matrix("A", A);
    print_matrix("A'", AT);
    GrB_free(&A);
    GrB_free(&AT);
    GrB_finalize();
    return 0;
}
