/* tricount: the number of triangles of the undirected graph G + G'.  L is the
 * strictly lower triangle as an INT64 pattern of ones (built untimed); timed:
 * C<L> = L*L' with GrB_PLUS_TIMES_SEMIRING_INT64 and a structural mask
 * (GrB_mxm, GrB_DESC_ST1), then the sum of C (GrB_Matrix_reduce_INT64).
 * C(i,j) counts the k < j < i closing each lower edge, so every triangle is
 * counted once.  C is not waited for: as in LAGraph's triangle count, the
 * reduction is the first read, so a non-blocking library may sum the product
 * without forming C. */
#include "bench.h"

#include <inttypes.h>
#include <stdio.h>

static Edges lower;
static GrB_Matrix L, C;
static int64_t triangles;

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
    return build_ones(&L, GrB_INT64, n, n, &lower);
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(GrB_Matrix_new(&C, GrB_INT64, n, n));
    TRY(GrB_mxm(C, L, NULL, GrB_PLUS_TIMES_SEMIRING_INT64, L, L, GrB_DESC_ST1));
    TRY(GrB_Matrix_reduce_INT64(&triangles, NULL, GrB_PLUS_MONOID_INT64, C, NULL));
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    snprintf(buf, len, "triangles=%" PRId64, triangles);
    return GrB_SUCCESS;
}

static void discard(void)
{
    free_matrix(&L);
    free_matrix(&C);
}

static void teardown(void)
{
    edges_free(&lower);
}

const Kernel bench_kernel = {
    .name = "tricount",
    .needs_square = true,
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
    .teardown = teardown,
};
