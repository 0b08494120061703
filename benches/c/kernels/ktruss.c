/* ktruss: the 5-truss of the undirected graph G + G' (every edge in at least
 * 3 triangles of the remaining graph).  A is the symmetric INT64 pattern of
 * ones without the diagonal (built untimed); timed, until no edge is dropped:
 *   C<C,struct> = C*C'  (GrB_PLUS_TIMES_SEMIRING_INT64: each edge's support)
 *   C = select(C, VALUEGE, 3)  (drop edges in fewer than 3 triangles)
 * then C's values set back to ones for the next round.  The support product
 * is not waited for: a non-blocking library may run the select inside the
 * masked product (an epilogue) instead of forming the supports first. */
#include "bench.h"

#include <inttypes.h>
#include <stdio.h>

#define SUPPORT 3 /* k - 2 for k = 5 */

static Edges edges;
static GrB_Matrix C;
static GrB_Index truss_edges, rounds;

static GrB_Info setup(void)
{
    if (!graph_symmetric_edges(bench_graph, &edges)) {
        bench_record_problem("out of memory");
        return GrB_OUT_OF_MEMORY;
    }
    return GrB_SUCCESS;
}

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    return build_ones(&C, GrB_INT64, n, n, &edges);
}

static GrB_Info run(void)
{
    GrB_Index before, after;
    TRY(GrB_Matrix_nvals(&before, C));
    rounds = 0;
    for (;;) {
        rounds++;
        TRY(GrB_mxm(C, C, NULL, GrB_PLUS_TIMES_SEMIRING_INT64, C, C,
                    GrB_DESC_ST1));
        TRY(GrB_Matrix_select_INT64(C, NULL, NULL, GrB_VALUEGE_INT64, C,
                                    SUPPORT, NULL));
        TRY(GrB_Matrix_nvals(&after, C));
        if (after == before) break;
        before = after;
        /* Back to a pattern of ones: the next product counts triangles. */
        TRY(GrB_Matrix_apply_BinaryOp2nd_INT64(C, NULL, NULL, GrB_SECOND_INT64,
                                               C, 1, NULL));
    }
    truss_edges = after;
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    snprintf(buf, len, "edges=%" PRIu64 " rounds=%" PRIu64,
             (uint64_t)truss_edges, (uint64_t)rounds);
    return GrB_SUCCESS;
}

static void discard(void)
{
    free_matrix(&C);
}

static void teardown(void)
{
    edges_free(&edges);
}

const Kernel bench_kernel = {
    .name = "ktruss",
    .needs_square = true,
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
    .teardown = teardown,
};
