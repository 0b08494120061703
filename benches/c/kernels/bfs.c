/* bfs: level breadth-first search from the hub (the vertex with the most
 * out-edges) over the directed graph, A as a BOOL pattern.  Each level:
 * v<q> = level (GrB_Vector_assign_INT32, structural mask), then
 * q<!v> = q*A with GrB_LOR_LAND_SEMIRING_BOOL (GrB_vxm, GrB_DESC_RSC:
 * replace, structural complemented mask), until q is empty. */
#include "bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static GrB_Index source;
static GrB_Matrix A;
static GrB_Vector v, q;

static GrB_Info setup(void)
{
    source = graph_hub(bench_graph);
    return GrB_SUCCESS;
}

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    Edges e = graph_edges(bench_graph);
    return build_ones(&A, GrB_BOOL, n, n, &e);
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows, frontier = 1;
    TRY(GrB_Vector_new(&v, GrB_INT32, n));
    TRY(GrB_Vector_new(&q, GrB_BOOL, n));
    TRY(GrB_Vector_setElement_BOOL(q, true, source));
    for (int32_t level = 1; frontier > 0; level++) {
        TRY(GrB_Vector_assign_INT32(v, q, NULL, level, GrB_ALL, n, GrB_DESC_S));
        TRY(GrB_vxm(q, v, NULL, GrB_LOR_LAND_SEMIRING_BOOL, q, A, GrB_DESC_RSC));
        TRY(GrB_Vector_nvals(&frontier, q));
    }
    TRY(GrB_Vector_wait(v, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    GrB_Index n;
    GrB_Index *idx;
    double *levels;
    GrB_Info info = vector_entries(v, &n, &idx, &levels);
    if (info == GrB_SUCCESS) {
        int64_t sum = 0, depth = 0;
        for (GrB_Index k = 0; k < n; k++) {
            sum += (int64_t) levels[k];
            if (levels[k] > depth) depth = (int64_t) levels[k];
        }
        snprintf(buf, len, "source=%" PRIu64 " reached=%" PRIu64
                 " levels=%" PRId64 " levelsum=%" PRId64,
                 (uint64_t) source, (uint64_t) n, depth, sum);
    }
    free(idx);
    free(levels);
    return info;
}

static void discard(void)
{
    free_matrix(&A);
    free_vector(&v);
    free_vector(&q);
}

const Kernel bench_kernel = {
    .name = "bfs",
    .needs_square = true,
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
