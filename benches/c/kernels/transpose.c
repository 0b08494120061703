/* transpose: C = A' (FP64).  Measures GrB_transpose of a freshly built
 * matrix (a new A every repetition, so no cached transpose is reused). */
#include "bench.h"

static GrB_Matrix A, C;

static GrB_Info prepare(void)
{
    return build_values(&A, bench_graph, NULL);
}

static GrB_Info run(void)
{
    TRY(GrB_Matrix_new(&C, GrB_FP64, bench_graph->ncols, bench_graph->nrows));
    TRY(GrB_transpose(C, NULL, NULL, A, NULL));
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
    .name = "transpose",
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
