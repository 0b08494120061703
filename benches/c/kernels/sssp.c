/* sssp: Bellman-Ford single-source shortest paths from the hub over the
 * directed graph with weights |a(i,j)| (1 for pattern inputs; absolute values
 * so that no negative cycle exists).  Each round: keep a copy of d
 * (GrB_Vector_dup), d = min(d, d min.+ A) (GrB_vxm with
 * GrB_MIN_PLUS_SEMIRING_FP64 and accum GrB_MIN_FP64), and stop when d did not
 * change (same nvals and GrB_Vector_eWiseMult_BinaryOp with GrB_EQ_FP64
 * reduced by GrB_LAND_MONOID_BOOL) or after n rounds. */
#include "bench.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static GrB_Index source;
static double *weights;
static GrB_Matrix A;
static GrB_Vector d, previous, same;

static GrB_Info setup(void)
{
    source = graph_hub(bench_graph);
    weights = malloc(((size_t) bench_graph->nvals + 1) * sizeof *weights);
    TRY_ALLOC(weights);
    for (GrB_Index k = 0; k < bench_graph->nvals; k++)
        weights[k] = fabs(bench_graph->vals[k]);
    return GrB_SUCCESS;
}

static GrB_Info prepare(void)
{
    return build_values(&A, bench_graph, weights);
}

/* Whether d equals previous (d only ever gains entries and decreases). */
static GrB_Info unchanged(bool *result)
{
    GrB_Index n = bench_graph->nrows, now, before;
    TRY(GrB_Vector_nvals(&now, d));
    TRY(GrB_Vector_nvals(&before, previous));
    *result = false;
    if (now != before) return GrB_SUCCESS;
    free_vector(&same);
    TRY(GrB_Vector_new(&same, GrB_BOOL, n));
    TRY(GrB_Vector_eWiseMult_BinaryOp(same, NULL, NULL, GrB_EQ_FP64, d, previous, NULL));
    TRY(GrB_Vector_reduce_BOOL(result, NULL, GrB_LAND_MONOID_BOOL, same, NULL));
    return GrB_SUCCESS;
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(GrB_Vector_new(&d, GrB_FP64, n));
    TRY(GrB_Vector_setElement_FP64(d, 0.0, source));
    bool done = false;
    for (GrB_Index round = 0; !done && round < n; round++) {
        free_vector(&previous);
        TRY(GrB_Vector_dup(&previous, d));
        TRY(GrB_vxm(d, NULL, GrB_MIN_FP64, GrB_MIN_PLUS_SEMIRING_FP64, d, A, NULL));
        TRY(unchanged(&done));
    }
    TRY(GrB_Vector_wait(d, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    GrB_Index n;
    GrB_Index *idx;
    double *dist;
    GrB_Info info = vector_entries(d, &n, &idx, &dist);
    if (info == GrB_SUCCESS) {
        double sum = 0;
        for (GrB_Index k = 0; k < n; k++) sum += dist[k];
        snprintf(buf, len, "source=%" PRIu64 " reached=%" PRIu64 " distsum=%.12g",
                 (uint64_t) source, (uint64_t) n, sum);
    }
    free(idx);
    free(dist);
    return info;
}

static void discard(void)
{
    free_matrix(&A);
    free_vector(&d);
    free_vector(&previous);
    free_vector(&same);
}

static void teardown(void)
{
    free(weights);
    weights = NULL;
}

const Kernel bench_kernel = {
    .name = "sssp",
    .needs_square = true,
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
    .teardown = teardown,
};
