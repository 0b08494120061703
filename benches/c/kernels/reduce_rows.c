/* reduce_rows: w(i) = sum_j A(i,j) with GrB_PLUS_MONOID_FP64
 * (GrB_Matrix_reduce_Monoid): a row-wise reduction of an FP64 matrix. */
#include "bench.h"

static GrB_Matrix A;
static GrB_Vector w;

static GrB_Info prepare(void)
{
    return build_values(&A, bench_graph, NULL);
}

static GrB_Info run(void)
{
    TRY(GrB_Vector_new(&w, GrB_FP64, bench_graph->nrows));
    TRY(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    TRY(GrB_Vector_wait(w, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    return vector_checksum(w, buf, len);
}

static void discard(void)
{
    free_matrix(&A);
    free_vector(&w);
}

const Kernel bench_kernel = {
    .name = "reduce_rows",
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
