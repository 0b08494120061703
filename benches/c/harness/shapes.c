/* The adversarial shapes of the planner's plan-quality test, generated
 * instead of read (the input "--shape KIND:SCALE"): square matrices of
 * n = 2^SCALE vertices (the full one excepted), every tuple with a value in
 * 1..4 drawn from the seed, so the same kind, scale and seed give the same
 * matrix on every machine.
 *
 *   hubs             11 vertices joined to every vertex, both ways: the
 *                    few dense rows and columns of LAGraph's triangle-count
 *                    test
 *   hubs_sorted      hubs, vertices renumbered by increasing degree (the
 *                    triangle count's presort): the hubs last
 *   dense_row        a path plus one full row
 *   star             one vertex joined to every vertex, both ways
 *   path             vertex i joined to i+1, both ways
 *   powerlaw         vertex i has about n / 8 / (i+1)^0.8 random neighbours
 *                    (both ways): hubs of thousands, a tail of degree one
 *   powerlaw_sorted  powerlaw renumbered by increasing degree
 *   empty            no entries
 *   full             every entry of a 2^(SCALE/2+2)-square matrix: about as
 *                    many entries as a graph of average degree 8 to 16
 */
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A graph being generated: its tuples, their capacity and the generator. */
typedef struct {
    Graph *g;
    size_t capacity;
    uint64_t state;
} Builder;

/* The next 31 random bits (a linear congruential generator). */
static uint64_t next(Builder *b)
{
    b->state = b->state * 6364136223846793005u + 1442695040888963407u;
    return b->state >> 33;
}

/* Doubles the room for tuples; false when out of memory. */
static bool grow(Builder *b)
{
    Graph *g = b->g;
    size_t capacity = 2 * b->capacity + 1024;
    GrB_Index *rows = realloc(g->rows, capacity * sizeof *rows);
    if (rows != NULL) g->rows = rows;
    GrB_Index *cols = realloc(g->cols, capacity * sizeof *cols);
    if (cols != NULL) g->cols = cols;
    double *vals = realloc(g->vals, capacity * sizeof *vals);
    if (vals != NULL) g->vals = vals;
    if (rows == NULL || cols == NULL || vals == NULL) return false;
    b->capacity = capacity;
    return true;
}

/* Appends the tuple (i, j) with a random value; false when out of memory. */
static bool add(Builder *b, GrB_Index i, GrB_Index j)
{
    Graph *g = b->g;
    if (g->nvals == b->capacity && !grow(b)) return false;
    g->rows[g->nvals] = i;
    g->cols[g->nvals] = j;
    g->vals[g->nvals++] = (double) (1 + next(b) % 4);
    return true;
}

/* Appends (i, j) and (j, i), or nothing for a self-loop. */
static bool add_both(Builder *b, GrB_Index i, GrB_Index j)
{
    return i == j || (add(b, i, j) && add(b, j, i));
}

static bool hubs(Builder *b, GrB_Index h)
{
    GrB_Index n = b->g->nrows;
    for (GrB_Index k = 0; k < h && k < n; k++) {
        for (GrB_Index i = 0; i < n; i++) {
            if (!add_both(b, k, i)) return false;
        }
    }
    return true;
}

static bool path(Builder *b)
{
    for (GrB_Index i = 1; i < b->g->nrows; i++) {
        if (!add_both(b, i - 1, i)) return false;
    }
    return true;
}

static bool dense_row(Builder *b)
{
    if (!path(b)) return false;
    for (GrB_Index j = 0; j < b->g->ncols; j++) {
        if (!add(b, 0, j)) return false;
    }
    return true;
}

static bool power_law(Builder *b)
{
    GrB_Index n = b->g->nrows;
    for (GrB_Index i = 0; i < n; i++) {
        double d = (double) n / 8.0 / pow((double) (i + 1), 0.8);
        GrB_Index degree = d < 1.0 ? 1 : (GrB_Index) d;
        for (GrB_Index k = 0; k < degree; k++) {
            if (!add_both(b, i, next(b) % n)) return false;
        }
    }
    return true;
}

static bool full(Builder *b)
{
    for (GrB_Index i = 0; i < b->g->nrows; i++) {
        for (GrB_Index j = 0; j < b->g->ncols; j++) {
            if (!add(b, i, j)) return false;
        }
    }
    return true;
}

typedef struct {
    GrB_Index degree, vertex;
} Ranked;

static int compare_ranked(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    if (x->degree != y->degree) return x->degree < y->degree ? -1 : 1;
    return (x->vertex > y->vertex) - (x->vertex < y->vertex);
}

/* Renumbers the vertices by increasing number of tuples in their row. */
static bool degree_sorted(Graph *g)
{
    Ranked *rank = calloc((size_t) g->nrows + 1, sizeof *rank);
    GrB_Index *renamed = malloc(((size_t) g->nrows + 1) * sizeof *renamed);
    bool ok = rank != NULL && renamed != NULL;
    if (ok) {
        for (GrB_Index i = 0; i < g->nrows; i++) rank[i].vertex = i;
        for (GrB_Index k = 0; k < g->nvals; k++) rank[g->rows[k]].degree++;
        qsort(rank, (size_t) g->nrows, sizeof *rank, compare_ranked);
        for (GrB_Index i = 0; i < g->nrows; i++) renamed[rank[i].vertex] = i;
        for (GrB_Index k = 0; k < g->nvals; k++) {
            g->rows[k] = renamed[g->rows[k]];
            g->cols[k] = renamed[g->cols[k]];
        }
    }
    free(rank);
    free(renamed);
    return ok;
}

/* Fills b's graph (already sized) with the shape kind; false when kind is
 * unknown (g untouched) or memory runs out. */
static bool generate(const char *kind, Builder *b, bool *known)
{
    *known = true;
    if (strcmp(kind, "hubs") == 0) return hubs(b, 11);
    if (strcmp(kind, "hubs_sorted") == 0) return hubs(b, 11) && degree_sorted(b->g);
    if (strcmp(kind, "dense_row") == 0) return dense_row(b);
    if (strcmp(kind, "star") == 0) return hubs(b, 1);
    if (strcmp(kind, "path") == 0) return path(b);
    if (strcmp(kind, "powerlaw") == 0) return power_law(b);
    if (strcmp(kind, "powerlaw_sorted") == 0) return power_law(b) && degree_sorted(b->g);
    if (strcmp(kind, "empty") == 0) return true;
    if (strcmp(kind, "full") == 0) return full(b);
    *known = false;
    return false;
}

bool shape_generate(const char *spec, uint64_t seed, Graph *g)
{
    memset(g, 0, sizeof *g);
    char kind[32];
    int scale = -1, used = 0;
    if (sscanf(spec, "%31[a-z_]:%d%n", kind, &scale, &used) != 2 ||
        spec[used] != '\0' || scale < 0 || scale > 30) {
        fprintf(stderr, "bad shape '%s' (want KIND:SCALE, SCALE 0 to 30)\n", spec);
        return false;
    }
    int bits = strcmp(kind, "full") == 0 ? scale / 2 + 2 : scale;
    g->nrows = g->ncols = (GrB_Index) 1 << bits;
    Builder b = {g, 0, seed};
    bool known = true;
    /* Arrays even for no tuples: a build from NULL is an error. */
    bool ok = grow(&b) && generate(kind, &b, &known);
    if (!known) {
        fprintf(stderr, "no shape '%s' (have: hubs, hubs_sorted, dense_row, star, "
                        "path, powerlaw, powerlaw_sorted, empty, full)\n", kind);
    } else if (!ok) {
        fprintf(stderr, "%s: out of memory\n", spec);
    }
    if (!ok) graph_free(g);
    return ok;
}
