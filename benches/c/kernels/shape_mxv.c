/* shape_mxv: matrix-vector products on the adversarial shapes (run with
 * --shape KIND:SCALE, see harness/shapes.c), GrB_PLUS_TIMES_SEMIRING_FP64,
 * A the shape's FP64 matrix, 100 products a run, each materialized; one case
 * a run, w = A*u (GrB_mxv) or w' = u'*A (GrB_vxm) with
 *   _sparse       u of four entries, the first and last vertex among them
 *                 (the hub of a star, or of a degree-sorted shape)
 *   _dense        u full
 *   _not_visited  u every other vertex, under the complemented structural
 *                 mask of a vector of every third vertex (GrB_DESC_RSC): the
 *                 pull step of a breadth-first search
 * u(i) = 1 + (i mod 10)/10; A, u and the mask are built fresh every
 * repetition. */
#include "bench.h"

enum { PRODUCTS = 100 };
enum { SPARSE, DENSE, NOT_VISITED, VARIANTS };

/* The mxv cases, then the vxm ones, in the order of the variants. */
static const char *const cases[] = {"mxv_sparse", "mxv_dense", "mxv_not_visited",
                                    "vxm_sparse", "vxm_dense", "vxm_not_visited",
                                    NULL};

static GrB_Matrix A;
static GrB_Vector u, visited, w;

static GrB_Info prepare(void)
{
    GrB_Index n = bench_graph->nrows;
    int variant = bench_case % VARIANTS;
    TRY(build_values(&A, bench_graph, NULL));
    if (variant == NOT_VISITED) TRY(build_vector(&visited, n, n / 3));
    return build_vector(&u, n, variant == SPARSE ? 4 : variant == DENSE ? n : n / 2);
}

static GrB_Info run(void)
{
    bool vxm = bench_case >= VARIANTS;
    GrB_Descriptor desc = visited ? GrB_DESC_RSC : NULL;
    GrB_Semiring plus_times = GrB_PLUS_TIMES_SEMIRING_FP64;
    TRY(GrB_Vector_new(&w, GrB_FP64, bench_graph->nrows));
    for (int k = 0; k < PRODUCTS; k++) {
        if (vxm) {
            TRY(GrB_vxm(w, visited, NULL, plus_times, u, A, desc));
        } else {
            TRY(GrB_mxv(w, visited, NULL, plus_times, A, u, desc));
        }
        TRY(GrB_Vector_wait(w, GrB_MATERIALIZE));
    }
    return GrB_SUCCESS;
}

static void discard(void)
{
    free_matrix(&A);
    free_vector(&u);
    free_vector(&visited);
    free_vector(&w);
}

const Kernel bench_kernel = {
    .name = "shape_mxv",
    .cases = cases,
    .needs_square = true,
    .prepare = prepare,
    .run = run,
    .vector_output = &w,
    .discard = discard,
};
