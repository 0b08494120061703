/* Views of the input graph that kernels need (positions of G + G', its
 * strictly lower triangle, the hub vertex) and matrix construction from them.
 * All of this runs outside the timed region. */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    GrB_Index row, col;
} Position;

static int compare_positions(const void *a, const void *b)
{
    const Position *x = a, *y = b;
    if (x->row != y->row) return x->row < y->row ? -1 : 1;
    return (x->col > y->col) - (x->col < y->col);
}

Edges graph_edges(const Graph *g)
{
    Edges e = {g->nvals, g->rows, g->cols};
    return e;
}

void edges_free(Edges *e)
{
    free(e->rows);
    free(e->cols);
    memset(e, 0, sizeof *e);
}

/* Sorts and deduplicates positions into e (which takes new arrays). */
static bool positions_to_edges(Position *p, GrB_Index n, Edges *e)
{
    qsort(p, (size_t) n, sizeof *p, compare_positions);
    e->n = 0;
    e->rows = malloc(((size_t) n + 1) * sizeof *e->rows);
    e->cols = malloc(((size_t) n + 1) * sizeof *e->cols);
    if (e->rows == NULL || e->cols == NULL) {
        edges_free(e);
        return false;
    }
    for (GrB_Index k = 0; k < n; k++) {
        if (k > 0 && compare_positions(&p[k], &p[k - 1]) == 0) continue;
        e->rows[e->n] = p[k].row;
        e->cols[e->n] = p[k].col;
        e->n++;
    }
    return true;
}

/* Collects the off-diagonal positions of G + G': both orientations of each,
 * or only the lower one (row > col). */
static bool undirected_edges(const Graph *g, bool lower_only, Edges *out)
{
    memset(out, 0, sizeof *out);
    Position *p = malloc(2 * ((size_t) g->nvals + 1) * sizeof *p);
    if (p == NULL) return false;
    GrB_Index n = 0;
    for (GrB_Index k = 0; k < g->nvals; k++) {
        GrB_Index i = g->rows[k], j = g->cols[k];
        if (i == j) continue;
        GrB_Index hi = i > j ? i : j, lo = i > j ? j : i;
        p[n].row = hi;
        p[n++].col = lo;
        if (!lower_only) {
            p[n].row = lo;
            p[n++].col = hi;
        }
    }
    bool ok = positions_to_edges(p, n, out);
    free(p);
    return ok;
}

bool graph_symmetric_edges(const Graph *g, Edges *out)
{
    return undirected_edges(g, false, out);
}

bool graph_lower_edges(const Graph *g, Edges *out)
{
    return undirected_edges(g, true, out);
}

GrB_Index graph_hub(const Graph *g)
{
    GrB_Index *degree = calloc((size_t) g->nrows + 1, sizeof *degree);
    GrB_Index hub = 0;
    if (degree == NULL) return 0;
    for (GrB_Index k = 0; k < g->nvals; k++) degree[g->rows[k]]++;
    for (GrB_Index i = 1; i < g->nrows; i++) {
        if (degree[i] > degree[hub]) hub = i;
    }
    free(degree);
    return hub;
}

/* Calls the typed build for a type among BOOL, INT64 and FP64 with all-one values. */
static GrB_Info build_typed_ones(GrB_Matrix A, GrB_Type type, const Edges *e)
{
    size_t n = (size_t) e->n + 1;
    GrB_Info info;
    if (type == GrB_BOOL) {
        bool *x = malloc(n * sizeof *x);
        TRY_ALLOC(x);
        for (size_t k = 0; k < n; k++) x[k] = true;
        info = RECORD(GrB_Matrix_build_BOOL(A, e->rows, e->cols, x, e->n,
                                           GrB_FIRST_BOOL));
        free(x);
    } else if (type == GrB_INT64) {
        int64_t *x = malloc(n * sizeof *x);
        TRY_ALLOC(x);
        for (size_t k = 0; k < n; k++) x[k] = 1;
        info = RECORD(GrB_Matrix_build_INT64(A, e->rows, e->cols, x, e->n,
                                           GrB_FIRST_INT64));
        free(x);
    } else {
        double *x = malloc(n * sizeof *x);
        TRY_ALLOC(x);
        for (size_t k = 0; k < n; k++) x[k] = 1.0;
        info = RECORD(GrB_Matrix_build_FP64(A, e->rows, e->cols, x, e->n,
                                           GrB_FIRST_FP64));
        free(x);
    }
    return info;
}

GrB_Info build_ones(GrB_Matrix *A, GrB_Type type, GrB_Index nrows,
                    GrB_Index ncols, const Edges *e)
{
    TRY(GrB_Matrix_new(A, type, nrows, ncols));
    TRY(build_typed_ones(*A, type, e));
    TRY(GrB_Matrix_wait(*A, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

GrB_Info build_values(GrB_Matrix *A, const Graph *g, const double *vals)
{
    TRY(GrB_Matrix_new(A, GrB_FP64, g->nrows, g->ncols));
    TRY(GrB_Matrix_build_FP64(*A, g->rows, g->cols, vals ? vals : g->vals,
                              g->nvals, GrB_PLUS_FP64));
    TRY(GrB_Matrix_wait(*A, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

GrB_Info build_values_and_transpose(GrB_Matrix *A, GrB_Matrix *AT)
{
    TRY(build_values(A, bench_graph, NULL));
    TRY(GrB_Matrix_new(AT, GrB_FP64, bench_graph->ncols, bench_graph->nrows));
    TRY(GrB_transpose(*AT, NULL, NULL, *A, NULL));
    TRY(GrB_Matrix_wait(*AT, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

GrB_Info build_vector(GrB_Vector *v, GrB_Index n, GrB_Index count)
{
    if (count > n) count = n;
    GrB_Index *idx = malloc(((size_t) count + 1) * sizeof *idx);
    double *vals = malloc(((size_t) count + 1) * sizeof *vals);
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (idx && vals) {
        for (GrB_Index k = 0; k < count; k++) {
            idx[k] = count > 1 ? k * (n - 1) / (count - 1) : 0;
            vals[k] = 1.0 + (double) (idx[k] % 10) / 10.0;
        }
        info = RECORD(GrB_Vector_new(v, GrB_FP64, n));
        if (info == GrB_SUCCESS)
            info = RECORD(GrB_Vector_build_FP64(*v, idx, vals, count, GrB_PLUS_FP64));
        if (info == GrB_SUCCESS) info = RECORD(GrB_Vector_wait(*v, GrB_MATERIALIZE));
    } else {
        bench_record_problem("out of memory");
    }
    free(idx);
    free(vals);
    return info;
}
