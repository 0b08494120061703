/* select_tril: C = tril(A, -1), the strictly lower triangle, with
 * GrB_Matrix_select_INT64 and GrB_TRIL (FP64 values).  Needs a square input;
 * A is built fresh every repetition. */
#include "bench.h"

static GrB_Matrix A, C;

static GrB_Info prepare(void)
{
    return build_values(&A, bench_graph, NULL);
}

static GrB_Info run(void)
{
    TRY(GrB_Matrix_new(&C, GrB_FP64, bench_graph->nrows, bench_graph->ncols));
    TRY(GrB_Matrix_select_INT64(C, NULL, NULL, GrB_TRIL, A, -1, NULL));
    TRY(GrB_Matrix_wait(C, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    return matrix_checksum(C, buf, len);
}

static void discard(void)
{
    free_matrix(&A);
    free_matrix(&C);
}

const Kernel bench_kernel = {
    .name = "select_tril",
    .needs_square = true,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
