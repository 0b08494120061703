/* build: A = GrB_Matrix_build_FP64 of the input's tuples (duplicates summed).
 * Measures assembling a sparse matrix from unsorted coordinate data. */
#include "bench.h"

static GrB_Matrix A;

static GrB_Info run(void)
{
    return build_values(&A, bench_graph, NULL);
}

static GrB_Info checksum(char *buf, size_t len)
{
    return matrix_checksum(A, buf, len);
}

static void discard(void)
{
    free_matrix(&A);
}

const Kernel bench_kernel = {
    .name = "build",
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
