/* spgemm: C = A*A with GrB_PLUS_TIMES_SEMIRING_FP64 (GrB_mxm, no mask):
 * sparse matrix-matrix multiplication.  Needs a square input. */
#include "bench.h"

static GrB_Matrix A, C;

static GrB_Info prepare(void)
{
    return build_values(&A, bench_graph, NULL);
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(GrB_Matrix_new(&C, GrB_FP64, n, n));
    TRY(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL));
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
    .name = "spgemm",
    .needs_square = true,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
