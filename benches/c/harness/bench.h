/* The benchmark harness shared by every kernel program in benches/c.
 *
 * Each program is one kernel (benches/c/kernels/<name>.c) linked with the
 * harness (main.c, mmread.c, shapes.c, graph.c, checksum.c).  It uses only the
 * specification's GrB_* API, so the same source builds against this project's
 * libgraphblas and against SuiteSparse:GraphBLAS.
 *
 * A kernel is a set of callbacks (struct Kernel).  The harness reads the
 * Matrix Market input (or generates a shape) once, calls setup() once, then for every repetition
 * calls prepare() (untimed: builds fresh inputs, so nothing one library caches
 * about an input survives into the next repetition), run() (timed: the kernel
 * including GrB_wait(GrB_MATERIALIZE) on its outputs) and, except after the
 * last repetition, discard() (untimed).  checksum() describes the outputs of
 * the last repetition; teardown() frees everything.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "GraphBLAS.h"
/* Declarations this build's GraphBLAS.h lacks (generated per build; empty for
 * SuiteSparse, see scripts/bench/compat.py). */
#include "bench_compat.h"

/* ---- input graph ---------------------------------------------------------- */

/* A Matrix Market matrix as tuples; symmetric and skew-symmetric files are
 * expanded to both triangles.  Pattern files get the value 1. */
typedef struct {
    GrB_Index nrows, ncols;
    GrB_Index nvals;       /* number of tuples (after expansion) */
    GrB_Index *rows, *cols;
    double *vals;
    bool pattern;          /* the file held no values */
} Graph;

/* A set of (row, col) positions without values. */
typedef struct {
    GrB_Index n;
    GrB_Index *rows, *cols;
} Edges;

/* Reads a coordinate Matrix Market file (pattern, integer or real; general,
 * symmetric or skew-symmetric).  On failure prints why and returns false. */
bool mm_read(const char *path, Graph *g);
/* Generates the adversarial shape "KIND:SCALE" from seed (see shapes.c).  On
 * failure prints why and returns false. */
bool shape_generate(const char *spec, uint64_t seed, Graph *g);
void graph_free(Graph *g);

/* The graph's positions (aliases g's arrays; do not free). */
Edges graph_edges(const Graph *g);
/* The off-diagonal positions of G + G', each once (sorted).  Square only. */
bool graph_symmetric_edges(const Graph *g, Edges *out);
/* The positions (i, j), i > j, of the strictly lower triangle of the
 * pattern of G + G', each once (sorted).  Square only. */
bool graph_lower_edges(const Graph *g, Edges *out);
void edges_free(Edges *e);
/* The vertex with the most out-edges (the smallest such index). */
GrB_Index graph_hub(const Graph *g);

/* Builds a fresh nrows x ncols matrix of type BOOL, INT64 or FP64 with the
 * value 1 at every position of e, and waits for it. */
GrB_Info build_ones(GrB_Matrix *A, GrB_Type type, GrB_Index nrows,
                    GrB_Index ncols, const Edges *e);
/* Builds a fresh FP64 matrix from the graph's tuples with the given values
 * (g->vals when vals is NULL; duplicates summed), and waits for it. */
GrB_Info build_values(GrB_Matrix *A, const Graph *g, const double *vals);
/* Builds A from the graph's values (as build_values) and AT = A', waited. */
GrB_Info build_values_and_transpose(GrB_Matrix *A, GrB_Matrix *AT);
/* Builds a fresh FP64 vector of size n with count entries spread evenly
 * over 0..n-1 (the first and the last included; every index when
 * count >= n), v(i) = 1 + (i mod 10)/10, and waits for it. */
GrB_Info build_vector(GrB_Vector *v, GrB_Index n, GrB_Index count);

/* ---- checksums: printed as "key=value ..." and compared across libraries;
 * integers must match exactly, floats to a relative tolerance. -------------- */

/* nvals, an order-independent hash of the positions, and the sum of values. */
GrB_Info matrix_checksum(GrB_Matrix A, char *buf, size_t len);
/* nvals, an order-independent hash of the indices, and the sum of values. */
GrB_Info vector_checksum(GrB_Vector v, char *buf, size_t len);
/* A vector's entries as doubles (indices and values malloc'd; free both). */
GrB_Info vector_entries(GrB_Vector v, GrB_Index *n, GrB_Index **idx,
                        double **vals);

/* ---- error handling ------------------------------------------------------- */

/* Records the first failed GraphBLAS call of the program for the report. */
void bench_record_failure(GrB_Info info, const char *call, const char *file,
                          int line);
/* Records a failure outside GraphBLAS (the harness running out of memory)
 * as GrB_OUT_OF_MEMORY. */
void bench_record_problem(const char *what);

/* Returns info, recording the call when info is not GrB_SUCCESS. */
GrB_Info bench_check(GrB_Info info, const char *call, const char *file,
                     int line);

/* Evaluates a GraphBLAS call to its GrB_Info, recording a failure. */
#define RECORD(call) bench_check((call), #call, __FILE__, __LINE__)

/* Evaluates a GraphBLAS call; on anything but GrB_SUCCESS records it and
 * returns its code from the enclosing function. */
#define TRY(call)                                                              \
    do {                                                                       \
        GrB_Info try_info_ = RECORD(call);                                     \
        if (try_info_ != GrB_SUCCESS) return try_info_;                        \
    } while (0)

/* Fails the enclosing function with GrB_OUT_OF_MEMORY when p is NULL. */
#define TRY_ALLOC(p)                                                           \
    do {                                                                       \
        if ((p) == NULL) {                                                     \
            bench_record_problem("out of memory");                             \
            return GrB_OUT_OF_MEMORY;                                          \
        }                                                                      \
    } while (0)

/* Frees a handle if set (GrB_free is polymorphic; these are not). */
void free_matrix(GrB_Matrix *A);
void free_vector(GrB_Vector *v);

/* ---- the kernel interface -------------------------------------------------- */

/* setup, prepare and teardown may be NULL (nothing to do); so may cases,
 * skip, and checksum when an output is named. */
typedef struct {
    const char *name;
    /* The variants the program times, one a run (--case NAME), each reported
     * under its own name; NULL-terminated.  NULL: one, named name. */
    const char *const *cases;
    bool needs_square;                 /* skipped on rectangular inputs */
    const char *(*skip)(void);         /* before setup: why the case does not
                                          run on this input, or NULL */
    GrB_Info (*setup)(void);           /* once, untimed */
    GrB_Info (*prepare)(void);         /* before each repetition, untimed */
    GrB_Info (*run)(void);             /* timed */
    GrB_Info (*checksum)(char *buf, size_t len); /* of the last repetition */
    /* Without checksum(): the output it describes (matrix_checksum or
     * vector_checksum), the one of the two that is set. */
    GrB_Matrix *matrix_output;
    GrB_Vector *vector_output;
    void (*discard)(void);             /* frees what prepare and run made */
    void (*teardown)(void);            /* frees what setup made */
} Kernel;

/* Every program defines exactly one kernel. */
extern const Kernel bench_kernel;
/* The input, set by the harness before setup(). */
extern const Graph *bench_graph;
/* The index of the case being run in bench_kernel.cases (0 without cases). */
extern int bench_case;

#endif
