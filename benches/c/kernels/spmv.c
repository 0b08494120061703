/* spmv: y = A*x with GrB_PLUS_TIMES_SEMIRING_FP64 (GrB_mxv), 100 times, each
 * product materialized (GrB_wait) so none can be skipped.  x is dense with
 * x(j) = 1 + (j mod 10)/10, built outside the timed region. */
#include "bench.h"

#include <stdlib.h>

enum { PRODUCTS = 100 };

static GrB_Matrix A;
static GrB_Vector x, y;

static GrB_Info build_x(void)
{
    GrB_Index n = bench_graph->ncols;
    GrB_Index *idx = malloc(((size_t) n + 1) * sizeof *idx);
    double *vals = malloc(((size_t) n + 1) * sizeof *vals);
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (idx && vals) {
        for (GrB_Index j = 0; j < n; j++) {
            idx[j] = j;
            vals[j] = 1.0 + (double) (j % 10) / 10.0;
        }
        info = RECORD(GrB_Vector_new(&x, GrB_FP64, n));
        if (info == GrB_SUCCESS)
            info = RECORD(GrB_Vector_build_FP64(x, idx, vals, n, GrB_PLUS_FP64));
        if (info == GrB_SUCCESS) info = RECORD(GrB_Vector_wait(x, GrB_MATERIALIZE));
    } else {
        bench_record_problem("out of memory");
    }
    free(idx);
    free(vals);
    return info;
}

static GrB_Info prepare(void)
{
    TRY(build_values(&A, bench_graph, NULL));
    return build_x();
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
