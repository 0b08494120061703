/* spmv: y = A*x with GrB_PLUS_TIMES_SEMIRING_FP64 (GrB_mxv), 100 times, each
 * product materialized (GrB_wait) so none can be skipped.  x is dense with
 * x(j) = 1 + (j mod 10)/10, built outside the timed region. */
#include "bench.h"

enum { PRODUCTS = 100 };

static GrB_Matrix A;
static GrB_Vector x, y;

static GrB_Info prepare(void)
{
    TRY(build_values(&A, bench_graph, NULL));
    return build_vector(&x, bench_graph->ncols, bench_graph->ncols);
}

static GrB_Info run(void)
{
    TRY(GrB_Vector_new(&y, GrB_FP64, bench_graph->nrows));
    for (int k = 0; k < PRODUCTS; k++) {
        TRY(GrB_mxv(y, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, x, NULL));
        TRY(GrB_Vector_wait(y, GrB_MATERIALIZE));
    }
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    return vector_checksum(y, buf, len);
}

static void discard(void)
{
    free_matrix(&A);
    free_vector(&x);
    free_vector(&y);
}

const Kernel bench_kernel = {
    .name = "spmv",
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
