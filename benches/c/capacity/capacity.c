/* capacity: how large a graph a GraphBLAS library can analyse in this
 * machine's memory.
 *
 *   capacity KIND SCALE [SEED]      KIND: kron or uniform
 *
 * Generates a graph of 2^SCALE vertices and 16 * 2^SCALE edges (kron: R-MAT
 * with Graph500's probabilities 0.57, 0.19, 0.19; uniform: both ends
 * uniform), 2^24 edges at a time so that the program's own arrays (544 MB)
 * stay small beside the library's: each chunk, both directions of every
 * edge, is built into a BOOL matrix T and added to A (A = A + T).
 * Self-loops are then dropped. On that symmetric pattern it runs a BFS from vertex 0 (levels),
 * 20 PageRank iterations (FP32) and a triangle count (C<L> = L*L', L the
 * strict lower triangle), and prints a line per step: its GrB_Info, its
 * time, and the process's peak resident memory so far (VmHWM).  The last
 * line gives the results, equal for every library.
 *
 * Only the specification's GrB_* API: the same source builds against this
 * project's library and against SuiteSparse:GraphBLAS (scripts/bench-capacity).
 * Exit status 0 when every step succeeded, 2 when a GraphBLAS call failed
 * (GrB_OUT_OF_MEMORY when memory ran out), 3 when the program's own memory
 * ran out, 1 on bad arguments. */
#define _POSIX_C_SOURCE 199309L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "GraphBLAS.h"

#define EDGE_FACTOR 16
#define CHUNK ((GrB_Index) 1 << 24)
#define PAGERANK_ITERATIONS 20

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

/* The process's peak resident memory so far in MB (VmHWM), or -1. */
static long peak_mb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL) return -1;
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "VmHWM:", 6) == 0) kb = strtol(line + 6, NULL, 10);
    }
    fclose(f);
    return kb < 0 ? -1 : kb / 1024;
}

/* The current step: its name and start time. */
static const char *step_name;
static double step_start;

static void step_begin(const char *name)
{
    step_name = name;
    step_start = now();
}

/* Prints the step's line; returns info. */
static GrB_Info step_end(GrB_Info info)
{
    printf("step=%s\tinfo=%d\tseconds=%.3f\tpeak_mb=%ld\n", step_name, (int) info,
           now() - step_start, peak_mb());
    fflush(stdout);
    return info;
}

/* Ends the step with the first failed call's code. */
#define TRY(call)                                                              \
    do {                                                                       \
        GrB_Info info_ = (call);                                               \
        if (info_ != GrB_SUCCESS) {                                            \
            fprintf(stderr, "%s failed: %d\n", #call, (int) info_);           \
            return step_end(info_);                                            \
        }                                                                      \
    } while (0)

/* splitmix64: the random stream of edge e is seeded by mix(seed, e). */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* A uniform double in [0, 1) from the stream *s. */
static double uniform01(uint64_t *s)
{
    *s = mix(*s);
    return (double) (*s >> 11) * 0x1.0p-53;
}

/* Edge e of the graph. */
static void edge(bool kron, int scale, uint64_t seed, GrB_Index e, GrB_Index *i, GrB_Index *j)
{
    uint64_t s = mix(seed ^ mix(e));
    if (!kron) {
        s = mix(s);
        *i = s >> (64 - scale);
        s = mix(s);
        *j = s >> (64 - scale);
        return;
    }
    GrB_Index r = 0, c = 0;
    for (int b = 0; b < scale; b++) {
        double u = uniform01(&s);
        /* quadrants: 0.57 top-left, 0.19 top-right, 0.19 bottom-left */
        int right = (u >= 0.57 && u < 0.76) || u >= 0.95;
        int down = u >= 0.76;
        r = (r << 1) | (GrB_Index) down;
        c = (c << 1) | (GrB_Index) right;
    }
    *i = r;
    *j = c;
}

static GrB_Index n;
static GrB_Matrix A;

/* A = the symmetric pattern of the generated edges, without self-loops. */
static GrB_Info build(bool kron, int scale, uint64_t seed)
{
    step_begin("build");
    GrB_Index edges = (GrB_Index) EDGE_FACTOR << scale;
    GrB_Index *I = malloc(2 * CHUNK * sizeof *I), *J = malloc(2 * CHUNK * sizeof *J);
    bool *X = malloc(2 * CHUNK * sizeof *X);
    if (I == NULL || J == NULL || X == NULL) {
        fprintf(stderr, "the program's own arrays: out of memory\n");
        exit(3);
    }
    for (GrB_Index k = 0; k < 2 * CHUNK; k++) X[k] = true;
    TRY(GrB_Matrix_new(&A, GrB_BOOL, n, n));
    for (GrB_Index first = 0; first < edges; first += CHUNK) {
        GrB_Index count = edges - first < CHUNK ? edges - first : CHUNK;
        for (GrB_Index k = 0; k < count; k++) {
            edge(kron, scale, seed, first + k, &I[k], &J[k]);
            I[count + k] = J[k];
            J[count + k] = I[k];
        }
        GrB_Matrix T = NULL;
        TRY(GrB_Matrix_new(&T, GrB_BOOL, n, n));
        TRY(GrB_Matrix_build_BOOL(T, I, J, X, 2 * count, GrB_LOR));
        TRY(GrB_Matrix_eWiseAdd_BinaryOp(A, NULL, NULL, GrB_LOR, A, T, NULL));
        TRY(GrB_Matrix_free(&T));
    }
    free(I);
    free(J);
    free(X);
    TRY(GrB_Matrix_select_INT64(A, NULL, NULL, GrB_OFFDIAG, A, 0, NULL));
    TRY(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return step_end(GrB_SUCCESS);
}

/* The number of vertices a BFS from vertex 0 reaches. */
static GrB_Info bfs(GrB_Index *reached)
{
    step_begin("bfs");
    GrB_Vector level = NULL, q = NULL;
    TRY(GrB_Vector_new(&level, GrB_INT64, n));
    TRY(GrB_Vector_new(&q, GrB_BOOL, n));
    TRY(GrB_Vector_setElement_BOOL(q, true, 0));
    GrB_Index frontier = 1;
    for (int64_t depth = 1; frontier > 0; depth++) {
        TRY(GrB_Vector_assign_INT64(level, q, NULL, depth, GrB_ALL, n, GrB_DESC_S));
        TRY(GrB_vxm(q, level, NULL, GrB_LOR_LAND_SEMIRING_BOOL, q, A, GrB_DESC_RSC));
        TRY(GrB_Vector_nvals(&frontier, q));
    }
    TRY(GrB_Vector_nvals(reached, level));
    GrB_Vector_free(&level);
    GrB_Vector_free(&q);
    return step_end(GrB_SUCCESS);
}

/* 20 PageRank iterations (damping 0.85); the sum of the ranks. */
static GrB_Info pagerank(float *sum)
{
    step_begin("pagerank");
    const float damping = 0.85f, teleport = (1 - damping) / (float) n;
    GrB_Vector degree = NULL, r = NULL, w = NULL, t = NULL;
    TRY(GrB_Vector_new(&degree, GrB_FP32, n));
    TRY(GrB_Vector_new(&r, GrB_FP32, n));
    TRY(GrB_Vector_new(&w, GrB_FP32, n));
    TRY(GrB_Vector_new(&t, GrB_FP32, n));
    TRY(GrB_Matrix_reduce_Monoid(degree, NULL, NULL, GrB_PLUS_MONOID_FP32, A, NULL));
    TRY(GrB_Vector_assign_FP32(r, NULL, NULL, 1.0f / (float) n, GrB_ALL, n, NULL));
    for (int k = 0; k < PAGERANK_ITERATIONS; k++) {
        TRY(GrB_Vector_eWiseMult_BinaryOp(w, NULL, NULL, GrB_DIV_FP32, r, degree, NULL));
        TRY(GrB_vxm(t, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP32, w, A, NULL));
        TRY(GrB_Vector_assign_FP32(r, NULL, NULL, teleport, GrB_ALL, n, NULL));
        TRY(GrB_Vector_apply_BinaryOp2nd_FP32(t, NULL, NULL, GrB_TIMES_FP32, t, damping, NULL));
        TRY(GrB_Vector_assign(r, NULL, GrB_PLUS_FP32, t, GrB_ALL, n, NULL));
    }
    TRY(GrB_Vector_reduce_FP32(sum, NULL, GrB_PLUS_MONOID_FP32, r, NULL));
    GrB_Vector_free(&degree);
    GrB_Vector_free(&r);
    GrB_Vector_free(&w);
    GrB_Vector_free(&t);
    return step_end(GrB_SUCCESS);
}

/* The number of triangles: the sum of C<L> = L*L', L = tril(A, -1). */
static GrB_Info triangles(int64_t *count)
{
    step_begin("tricount");
    GrB_Matrix L = NULL, C = NULL;
    TRY(GrB_Matrix_new(&L, GrB_BOOL, n, n));
    TRY(GrB_Matrix_new(&C, GrB_INT64, n, n));
    TRY(GrB_Matrix_select_INT64(L, NULL, NULL, GrB_TRIL, A, -1, NULL));
    TRY(GrB_mxm(C, L, NULL, GrB_PLUS_TIMES_SEMIRING_INT64, L, L, GrB_DESC_ST1));
    *count = 0;
    TRY(GrB_Matrix_reduce_INT64(count, NULL, GrB_PLUS_MONOID_INT64, C, NULL));
    GrB_Matrix_free(&L);
    GrB_Matrix_free(&C);
    return step_end(GrB_SUCCESS);
}

int main(int argc, char **argv)
{
    int scale = argc >= 3 ? atoi(argv[2]) : 0;
    bool kron = argc >= 3 && strcmp(argv[1], "kron") == 0;
    if (argc < 3 || argc > 4 || (!kron && strcmp(argv[1], "uniform") != 0) || scale < 1
        || scale > 40) {
        fprintf(stderr, "usage: capacity kron|uniform SCALE [SEED]  (SCALE 1..40)\n");
        return 1;
    }
    uint64_t seed = argc == 4 ? strtoull(argv[3], NULL, 10) : 1;
    n = (GrB_Index) 1 << scale;
    step_begin("init");
    if (step_end(GrB_init(GrB_NONBLOCKING)) != GrB_SUCCESS) return 2;
    GrB_Index entries = 0, reached = 0;
    float rank_sum = 0;
    int64_t count = 0;
    if (build(kron, scale, seed) != GrB_SUCCESS || GrB_Matrix_nvals(&entries, A) != GrB_SUCCESS
        || bfs(&reached) != GrB_SUCCESS || pagerank(&rank_sum) != GrB_SUCCESS
        || triangles(&count) != GrB_SUCCESS)
        return 2;
    printf("graph=%s-%d\tvertices=%llu\tentries=%llu\treached=%llu\tpagerank_sum=%.4f\t"
           "triangles=%lld\n",
           argv[1], scale, (unsigned long long) n, (unsigned long long) entries,
           (unsigned long long) reached, (double) rank_sum, (long long) count);
    GrB_Matrix_free(&A);
    GrB_finalize();
    return 0;
}
