/* cc: connected components of the undirected graph G + G' by min-label
 * propagation, A as an INT64 pattern.  Timed: f(i) = i (GrB_Vector_build_INT64),
 * then repeat f = min(f, A min.second f) (GrB_mxv with
 * GrB_MIN_SECOND_SEMIRING_INT64 and accum GrB_MIN_INT64) until the sum of the
 * labels (GrB_Vector_reduce_INT64) stops falling.  Each component ends up
 * labelled by its smallest vertex. */
#include "bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static Edges symmetric;
static GrB_Index *vertices;
static int64_t *labels;
static GrB_Matrix A;
static GrB_Vector f;
static int64_t rounds;

static GrB_Info setup(void)
{
    GrB_Index n = bench_graph->nrows;
    vertices = malloc(((size_t) n + 1) * sizeof *vertices);
    labels = malloc(((size_t) n + 1) * sizeof *labels);
    if (vertices == NULL || labels == NULL || !graph_symmetric_edges(bench_graph, &symmetric)) {
        bench_record_problem("out of memory");
        return GrB_OUT_OF_MEMORY;
    }
    for (GrB_Index i = 0; i < n; i++) {
        vertices[i] = i;
        labels[i] = (int64_t) i;
    }
    return GrB_SUCCESS;
}

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    return build_ones(&A, GrB_INT64, n, n, &symmetric);
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(GrB_Vector_new(&f, GrB_INT64, n));
    TRY(GrB_Vector_build_INT64(f, vertices, labels, n, GrB_PLUS_INT64));
    int64_t sum = 0, before;
    TRY(GrB_Vector_reduce_INT64(&sum, NULL, GrB_PLUS_MONOID_INT64, f, NULL));
    rounds = 0;
    do {
        before = sum;
        TRY(GrB_mxv(f, NULL, GrB_MIN_INT64, GrB_MIN_SECOND_SEMIRING_INT64, A, f, NULL));
        TRY(GrB_Vector_reduce_INT64(&sum, NULL, GrB_PLUS_MONOID_INT64, f, NULL));
        rounds++;
    } while (sum < before);
    TRY(GrB_Vector_wait(f, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

/* The number of components (vertices that are their own label). */
static GrB_Info checksum(char *buf, size_t len)
{
    GrB_Index n;
    GrB_Index *idx;
    double *label;
    GrB_Info info = vector_entries(f, &n, &idx, &label);
    if (info == GrB_SUCCESS) {
        int64_t components = 0;
        for (GrB_Index k = 0; k < n; k++) components += (GrB_Index) label[k] == idx[k];
        snprintf(buf, len, "components=%" PRId64 " rounds=%" PRId64, components, rounds);
    }
    free(idx);
    free(label);
    return info;
}

static void discard(void)
{
    free_matrix(&A);
    free_vector(&f);
}

static void teardown(void)
{
    edges_free(&symmetric);
    free(vertices);
    free(labels);
}

const Kernel bench_kernel = {
    .name = "cc",
    .needs_square = true,
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
    .teardown = teardown,
};
