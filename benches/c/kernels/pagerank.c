/* pagerank: 20 iterations of PageRank (damping 0.85) over the directed graph,
 * A as an FP64 pattern of ones; vertices without out-edges leak rank (no
 * dangling-node correction).  Timed: out-degrees d = row sums of A
 * (GrB_Matrix_reduce_Monoid), d /= 0.85 (GrB_Vector_apply_BinaryOp2nd_FP64),
 * r = 1/n (GrB_Vector_assign_FP64), then each iteration
 *   w = r ./ d                (GrB_Vector_eWiseMult_BinaryOp, GrB_DIV_FP64)
 *   r = 0.15/n                (GrB_Vector_assign_FP64)
 *   r += w*A                  (GrB_vxm, GrB_PLUS_TIMES_SEMIRING_FP64, accum PLUS) */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>

enum { ITERATIONS = 20 };
static const double damping = 0.85;

static GrB_Matrix A;
static GrB_Vector d, r, w;

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    Edges e = graph_edges(bench_graph);
    return build_ones(&A, GrB_FP64, n, n, &e);
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows;
    double teleport = (1 - damping) / (double) n;
    TRY(GrB_Vector_new(&d, GrB_FP64, n));
    TRY(GrB_Vector_new(&r, GrB_FP64, n));
    TRY(GrB_Vector_new(&w, GrB_FP64, n));
    TRY(GrB_Matrix_reduce_Monoid(d, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    TRY(GrB_Vector_apply_BinaryOp2nd_FP64(d, NULL, NULL, GrB_DIV_FP64, d, damping, NULL));
    TRY(GrB_Vector_assign_FP64(r, NULL, NULL, 1.0 / (double) n, GrB_ALL, n, NULL));
    for (int k = 0; k < ITERATIONS; k++) {
        TRY(GrB_Vector_eWiseMult_BinaryOp(w, NULL, NULL, GrB_DIV_FP64, r, d, NULL));
        TRY(GrB_Vector_assign_FP64(r, NULL, NULL, teleport, GrB_ALL, n, NULL));
        TRY(GrB_vxm(r, NULL, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, w, A, NULL));
    }
    TRY(GrB_Vector_wait(r, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

/* The sum of ranks and a position-weighted sum (sensitive to which vertex
 * holds which rank). */
static GrB_Info checksum(char *buf, size_t len)
{
    GrB_Index n;
    GrB_Index *idx;
    double *rank;
    GrB_Info info = vector_entries(r, &n, &idx, &rank);
    if (info == GrB_SUCCESS) {
        double sum = 0, weighted = 0;
        for (GrB_Index k = 0; k < n; k++) {
            sum += rank[k];
            weighted += rank[k] * (double) (1 + idx[k] % 16);
        }
        snprintf(buf, len, "nvals=%llu sum=%.12g weighted=%.12g",
                 (unsigned long long) n, sum, weighted);
    }
    free(idx);
    free(rank);
    return info;
}

static void discard(void)
{
    free_matrix(&A);
    free_vector(&d);
    free_vector(&r);
    free_vector(&w);
}

const Kernel bench_kernel = {
    .name = "pagerank",
    .needs_square = true,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
};
