/* assign_masked: C<M> = A' over the whole matrix (GrB_Matrix_assign with
 * GrB_ALL and GrB_DESC_S), where C starts as A (FP64) and the structural mask
 * M is the strictly lower triangle of G + G' (BOOL).  Inside the mask C takes
 * A' (entries of C where A' has none are deleted); outside it C keeps A.
 * Needs a square input; C, A' and M are built fresh every repetition. */
#include "bench.h"

static Edges lower;
static GrB_Matrix C, AT, M;

static GrB_Info setup(void)
{
    if (!graph_lower_edges(bench_graph, &lower)) {
        bench_record_problem("out of memory");
        return GrB_OUT_OF_MEMORY;
    }
    return GrB_SUCCESS;
}

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(build_values_and_transpose(&C, &AT));
    return build_ones(&M, GrB_BOOL, n, n, &lower);
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(GrB_Matrix_assign(C, M, NULL, AT, GrB_ALL, n, GrB_ALL, n, GrB_DESC_S));
    TRY(GrB_Matrix_wait(C, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    return matrix_checksum(C, buf, len);
}

static void discard(void)
{
    free_matrix(&C);
    free_matrix(&AT);
    free_matrix(&M);
}

static void teardown(void)
{
    edges_free(&lower);
}

const Kernel bench_kernel = {
    .name = "assign_masked",
    .needs_square = true,
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
    .teardown = teardown,
};
