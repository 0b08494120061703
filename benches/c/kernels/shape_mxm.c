/* shape_mxm: matrix products on the adversarial shapes (run with
 * --shape KIND:SCALE, see harness/shapes.c), GrB_PLUS_TIMES_SEMIRING_FP64,
 * A the shape's FP64 matrix; one case a run:
 *   mxm_masked_AAt  C<s(A)> = A*A'  (GrB_mxm, GrB_DESC_ST1)
 *   mxm_masked_AA   C<s(A)> = A*A   (GrB_DESC_S)
 *   mxm_masked_LLt  C<s(L)> = L*L'  (GrB_DESC_ST1), L = tril(A, -1): the
 *                   triangle count's product
 *   mxm_AA          C = A*A, skipped where it is too large to form (more
 *                   than 2^28 multiply-adds or 2^24 entries at most)
 * The operands are built fresh every repetition (L by GrB_select, untimed). */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>

enum { MASKED_AAT, MASKED_AA, MASKED_LLT, SQUARE };

static const char *const cases[] = {"mxm_masked_AAt", "mxm_masked_AA",
                                    "mxm_masked_LLt", "mxm_AA", NULL};

static GrB_Matrix A, L, C;

/* The multiply-adds of A*A: the sum over k of |A(:,k)| |A(k,:)|. */
static double square_products(const Graph *g)
{
    GrB_Index *in = calloc((size_t) g->ncols + 1, sizeof *in);
    GrB_Index *out = calloc((size_t) g->nrows + 1, sizeof *out);
    double products = -1;
    if (in != NULL && out != NULL) {
        for (GrB_Index k = 0; k < g->nvals; k++) {
            in[g->cols[k]]++;
            out[g->rows[k]]++;
        }
        products = 0;
        for (GrB_Index k = 0; k < g->nrows; k++) products += (double) in[k] * (double) out[k];
    }
    free(in);
    free(out);
    return products;
}

static const char *skip(void)
{
    static char why[128];
    if (bench_case != SQUARE) return NULL;
    const Graph *g = bench_graph;
    double products = square_products(g);
    double size = (double) g->nrows * (double) g->ncols;
    double entries = products < size ? products : size;
    if (products >= 0 && products <= 0x1p28 && entries <= 0x1p24) return NULL;
    snprintf(why, sizeof why, "A*A takes %.3g multiply-adds into up to %.3g entries",
             products, entries);
    return why;
}

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(build_values(&A, bench_graph, NULL));
    if (bench_case != MASKED_LLT) return GrB_SUCCESS;
    TRY(GrB_Matrix_new(&L, GrB_FP64, n, n));
    TRY(GrB_Matrix_select_INT64(L, NULL, NULL, GrB_TRIL, A, -1, NULL));
    return RECORD(GrB_Matrix_wait(L, GrB_MATERIALIZE));
}

/* C = the case's product. */
static GrB_Info multiply(void)
{
    GrB_Semiring plus_times = GrB_PLUS_TIMES_SEMIRING_FP64;
    switch (bench_case) {
    case MASKED_AA: return RECORD(GrB_mxm(C, A, NULL, plus_times, A, A, GrB_DESC_S));
    case MASKED_LLT: return RECORD(GrB_mxm(C, L, NULL, plus_times, L, L, GrB_DESC_ST1));
    case SQUARE: return RECORD(GrB_mxm(C, NULL, NULL, plus_times, A, A, NULL));
    default: return RECORD(GrB_mxm(C, A, NULL, plus_times, A, A, GrB_DESC_ST1));
    }
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(GrB_Matrix_new(&C, GrB_FP64, n, n));
    GrB_Info info = multiply();
    return info == GrB_SUCCESS ? RECORD(GrB_Matrix_wait(C, GrB_MATERIALIZE)) : info;
}

static void discard(void)
{
    free_matrix(&A);
    free_matrix(&L);
    free_matrix(&C);
}

const Kernel bench_kernel = {
    .name = "shape_mxm",
    .cases = cases,
    .needs_square = true,
    .skip = skip,
    .prepare = prepare,
    .run = run,
    .matrix_output = &C,
    .discard = discard,
};
