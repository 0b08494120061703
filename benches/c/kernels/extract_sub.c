/* extract_sub: C = A(I, J) where I is a random half of the row indices and J
 * a random half of the column indices, each in shuffled order
 * (GrB_Matrix_extract, FP64).  The index lists are drawn once from a fixed
 * seed, so both libraries extract the same submatrix. */
#include "bench.h"

#include <stdlib.h>

static GrB_Index *rows, *cols;
static GrB_Index nrows, ncols;
static GrB_Matrix A, C;

/* The first n/2 entries of a seeded Fisher-Yates shuffle of 0..n-1. */
static GrB_Index *random_half(GrB_Index n, uint64_t *state, GrB_Index *count)
{
    GrB_Index *p = malloc(((size_t) n + 1) * sizeof *p);
    if (p == NULL) return NULL;
    for (GrB_Index k = 0; k < n; k++) p[k] = k;
    for (GrB_Index k = n; k > 1; k--) {
        /* 64-bit LCG (Knuth's MMIX constants); the high bits pick j < k. */
        *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
        GrB_Index j = (GrB_Index) ((*state >> 33) % k);
        GrB_Index t = p[k - 1];
        p[k - 1] = p[j];
        p[j] = t;
    }
    *count = n / 2;
    return p;
}

static GrB_Info setup(void)
{
    uint64_t state = 42;
    rows = random_half(bench_graph->nrows, &state, &nrows);
    cols = random_half(bench_graph->ncols, &state, &ncols);
    TRY_ALLOC(rows);
    TRY_ALLOC(cols);
    return GrB_SUCCESS;
}

static GrB_Info prepare(void)
{
    return build_values(&A, bench_graph, NULL);
}

static GrB_Info run(void)
{
    TRY(GrB_Matrix_new(&C, GrB_FP64, nrows, ncols));
    TRY(GrB_Matrix_extract(C, NULL, NULL, A, rows, nrows, cols, ncols, NULL));
    TRY(GrB_Matrix_wait(C, GrB_MATERIALIZE));
    return GrB_SUCCESS;
}

static GrB_Info checksum(char *buf, size_t len)
{
    return matrix_checksum(C, buf, len);
}

static void discard(void)
{
    free_matrix(&A);
    free_matrix(&C);
}

static void teardown(void)
{
    free(rows);
    free(cols);
}

const Kernel bench_kernel = {
    .name = "extract_sub",
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .checksum = checksum,
    .discard = discard,
    .teardown = teardown,
};
