/* pull_forms: PageRank's pull y += A'*w (A the graph, FP64, w full), 20
 * products a run, each materialized, written four spec-valid ways, one a
 * case: a speed-up must hold for each of them.
 *   mxv_AT     GrB_mxv(y, AT, w) over the stored transpose AT = A'
 *   mxv_A_T0   GrB_mxv(y, A, w) with GrB_DESC_T0
 *   vxm_A      GrB_vxm(y, w, A)
 *   vxm_AT_T1  GrB_vxm(y, w, AT) with GrB_DESC_T1
 * mxv with PLUS_SECOND, vxm with PLUS_FIRST (the value of w), accumulated
 * with GrB_PLUS_FP64 into y = 1 a run; w(i) = 1 + (i mod 10)/10.  A and AT
 * are built fresh every repetition (untimed), so the run pays for whatever
 * a library derives from them (a transpose, a copy laid out for the pull). */
#include "bench.h"

enum { PRODUCTS = 20 };
enum { MXV_AT, MXV_A_T0, VXM_A, VXM_AT_T1 };

static const char *const cases[] = {"mxv_AT", "mxv_A_T0", "vxm_A", "vxm_AT_T1", NULL};

static GrB_Semiring plus_second, plus_first;
static GrB_Matrix A, AT;
static GrB_Vector w, y;

static GrB_Info setup(void)
{
    TRY(GrB_Semiring_new(&plus_second, GrB_PLUS_MONOID_FP64, GrB_SECOND_FP64));
    return GrB_Semiring_new(&plus_first, GrB_PLUS_MONOID_FP64, GrB_FIRST_FP64);
}

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    if (bench_case == MXV_AT || bench_case == VXM_AT_T1) {
        TRY(build_values_and_transpose(&A, &AT));
        free_matrix(&A);
    } else {
        TRY(build_values(&A, bench_graph, NULL));
    }
    return build_vector(&w, n, n);
}

static GrB_Info run(void)
{
    GrB_Index n = bench_graph->nrows;
    TRY(GrB_Vector_new(&y, GrB_FP64, n));
    TRY(GrB_Vector_assign_FP64(y, NULL, NULL, 1.0, GrB_ALL, n, NULL));
    for (int k = 0; k < PRODUCTS; k++) {
        switch (bench_case) {
        case MXV_AT:
            TRY(GrB_mxv(y, NULL, GrB_PLUS_FP64, plus_second, AT, w, NULL));
            break;
        case MXV_A_T0:
            TRY(GrB_mxv(y, NULL, GrB_PLUS_FP64, plus_second, A, w, GrB_DESC_T0));
            break;
        case VXM_A:
            TRY(GrB_vxm(y, NULL, GrB_PLUS_FP64, plus_first, w, A, NULL));
            break;
        default:
            TRY(GrB_vxm(y, NULL, GrB_PLUS_FP64, plus_first, w, AT, GrB_DESC_T1));
            break;
        }
        TRY(GrB_Vector_wait(y, GrB_MATERIALIZE));
    }
    return GrB_SUCCESS;
}

static void discard(void)
{
    free_matrix(&A);
    free_matrix(&AT);
    free_vector(&w);
    free_vector(&y);
}

static void teardown(void)
{
    GrB_Semiring_free(&plus_second);
    GrB_Semiring_free(&plus_first);
}

const Kernel bench_kernel = {
    .name = "pull_forms",
    .cases = cases,
    .needs_square = true,
    .setup = setup,
    .prepare = prepare,
    .run = run,
    .vector_output = &y,
    .discard = discard,
    .teardown = teardown,
};
