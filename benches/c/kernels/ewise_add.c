/* ewise_add: C = A + A' with GrB_PLUS_FP64 (GrB_Matrix_eWiseAdd_BinaryOp):
 * the union of the patterns, PLUS where both.
 * Needs a square input; A' is built outside the timed region. */
#include "bench.h"

static GrB_Matrix A, AT, C;

static GrB_Info prepare(void)
{
    return build_values_and_transpose(&A, &AT);
}

static GrB_Info run(void)
{
    TRY(GrB_Matrix_new(&C, GrB_FP64, bench_graph->nrows, bench_graph->ncols));
    TRY(GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, A, AT, NULL));
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
    free_matrix(&AT);
    free_matrix(&C);
}

const Kernel bench_kernel = {
    .name = "ewise_add",
    .needs_square = true,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
