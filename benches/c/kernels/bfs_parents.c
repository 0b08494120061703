/* bfs_parents: breadth-first search from the hub recording levels and
 * parents, each found by its own product over the same frontier, graph and
 * mask (the shape of a textbook BFS that computes both).  A is a BOOL
 * pattern; q holds each frontier vertex's own id.  Each level:
 *   p<!pi> = q MIN.FIRST A      (GrB_vxm, GrB_DESC_RSC: the parents)
 *   r<!pi> = q LOR.ONEB A       (GrB_vxm, GrB_DESC_RSC: the reached set)
 *   v<r> = level, pi<p> = p     (structural masks)
 *   q = rowindex(p)
 * until nothing new is reached.  In non-blocking mode our library computes
 * the two products in one traversal (sibling products). */
#include "bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static GrB_Index source;
static GrB_Matrix A;
static GrB_Vector v, pi, q, p, r;
static GrB_Semiring lor_oneb;

static GrB_Info setup(void)
{
    source = graph_hub(bench_graph);
    return GrB_Semiring_new(&lor_oneb, GrB_LOR_MONOID_BOOL, GrB_ONEB_BOOL);
}

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    Edges e = graph_edges(bench_graph);
    return build_ones(&A, GrB_BOOL, n, n, &e);
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows, reached = 1;
    TRY(GrB_Vector_new(&v, GrB_INT32, n));
    TRY(GrB_Vector_new(&pi, GrB_INT64, n));
    TRY(GrB_Vector_new(&q, GrB_INT64, n));
    TRY(GrB_Vector_new(&p, GrB_INT64, n));
    TRY(GrB_Vector_new(&r, GrB_BOOL, n));
    TRY(GrB_Vector_setElement_INT32(v, 0, source));
    TRY(GrB_Vector_setElement_INT64(pi, (int64_t) source, source));
    TRY(GrB_Vector_setElement_INT64(q, (int64_t) source, source));
    for (int32_t level = 1;; level++) {
        TRY(GrB_vxm(p, pi, NULL, GrB_MIN_FIRST_SEMIRING_INT64, q, A, GrB_DESC_RSC));
        TRY(GrB_vxm(r, pi, NULL, lor_oneb, q, A, GrB_DESC_RSC));
        TRY(GrB_Vector_nvals(&reached, r));
        if (reached == 0) break;
        TRY(GrB_Vector_assign_INT32(v, r, NULL, level, GrB_ALL, n, GrB_DESC_S));
        TRY(GrB_Vector_assign(pi, p, NULL, p, GrB_ALL, n, GrB_DESC_S));
        TRY(GrB_Vector_apply_IndexOp_INT64(q, NULL, NULL, GrB_ROWINDEX_INT64, p, 0, NULL));
    }
    TRY(GrB_Vector_wait(v, GrB_MATERIALIZE));
    TRY(GrB_Vector_wait(pi, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    GrB_Index nv, np;
    GrB_Index *vi = NULL, *pidx = NULL;
    double *levels = NULL, *parents = NULL;
    GrB_Info info = vector_entries(v, &nv, &vi, &levels);
    if (info == GrB_SUCCESS) info = vector_entries(pi, &np, &pidx, &parents);
    if (info == GrB_SUCCESS) {
        int64_t sum = 0, psum = 0;
        for (GrB_Index k = 0; k < nv; k++) sum += (int64_t) levels[k];
        for (GrB_Index k = 0; k < np; k++) psum += (int64_t) parents[k];
        snprintf(buf, len, "source=%" PRIu64 " reached=%" PRIu64
                 " levelsum=%" PRId64 " parentsum=%" PRId64,
                 (uint64_t) source, (uint64_t) nv, sum, psum);
    }
    free(vi);
    free(levels);
    free(pidx);
    free(parents);
    return info;
}

static void discard(void)
{
    free_matrix(&A);
    free_vector(&v);
    free_vector(&pi);
    free_vector(&q);
    free_vector(&p);
    free_vector(&r);
}

const Kernel bench_kernel = {
    .name = "bfs_parents",
    .needs_square = true,
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
