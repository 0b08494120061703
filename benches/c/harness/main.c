/* The driver of every benchmark program: reads the input, runs the kernel's
 * repetitions, and prints one result line of tab-separated key=value fields:
 *
 *   kernel=K  graph=G  status=S  reps=R  median=SECONDS  times=T1,T2,...
 *   checksum=...  failed=CALL  info=GrB_...  note=...
 *
 * status is ok, n/a (a GraphBLAS call returned GrB_NOT_IMPLEMENTED), error
 * (any other failure), or skip (the kernel does not apply to this input).
 * Usage:
 *   <program> [--reps N] [--name GRAPH] [--blocking] [--case NAME] INPUT
 *   <program> --cases
 * where INPUT is FILE.mtx or --shape KIND:SCALE [--seed S] (shapes.c).
 * --blocking: GrB_init(GrB_BLOCKING) instead of GrB_NONBLOCKING.  --case runs
 * one of the program's cases (default: the first); --cases lists them, one a
 * line (a program without cases lists its kernel's name).
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const Graph *bench_graph;
int bench_case;

/* The first failure of the program, if any. */
static struct {
    bool failed;
    GrB_Info info;
    char call[64];
    char where[128];
} failure;

/* Keeps the first failure: what failed (at most name_len characters of name)
 * and where. */
static void record(GrB_Info info, const char *name, size_t name_len,
                   const char *where)
{
    if (failure.failed) return;
    failure.failed = true;
    failure.info = info;
    if (name_len >= sizeof failure.call) name_len = sizeof failure.call - 1;
    memcpy(failure.call, name, name_len);
    failure.call[name_len] = '\0';
    snprintf(failure.where, sizeof failure.where, "%s", where);
}

void bench_record_failure(GrB_Info info, const char *call, const char *file,
                          int line)
{
    char where[128];
    const char *base = strrchr(file, '/');
    snprintf(where, sizeof where, "%s:%d", base ? base + 1 : file, line);
    /* Only the function name of "GrB_xyz(args...)". */
    record(info, call, strcspn(call, "( \t"), where);
}

GrB_Info bench_check(GrB_Info info, const char *call, const char *file,
                     int line)
{
    if (info != GrB_SUCCESS) bench_record_failure(info, call, file, line);
    return info;
}

void bench_record_problem(const char *what)
{
    record(GrB_OUT_OF_MEMORY, what, strlen(what), "harness");
}

void free_matrix(GrB_Matrix *A)
{
    if (*A != NULL) GrB_Matrix_free(A);
    *A = NULL;
}

void free_vector(GrB_Vector *v)
{
    if (*v != NULL) GrB_Vector_free(v);
    *v = NULL;
}

static const char *info_name(GrB_Info info)
{
    switch (info) {
    case GrB_SUCCESS: return "GrB_SUCCESS";
    case GrB_NO_VALUE: return "GrB_NO_VALUE";
    case GrB_UNINITIALIZED_OBJECT: return "GrB_UNINITIALIZED_OBJECT";
    case GrB_NULL_POINTER: return "GrB_NULL_POINTER";
    case GrB_INVALID_VALUE: return "GrB_INVALID_VALUE";
    case GrB_INVALID_INDEX: return "GrB_INVALID_INDEX";
    case GrB_DOMAIN_MISMATCH: return "GrB_DOMAIN_MISMATCH";
    case GrB_DIMENSION_MISMATCH: return "GrB_DIMENSION_MISMATCH";
    case GrB_OUTPUT_NOT_EMPTY: return "GrB_OUTPUT_NOT_EMPTY";
    case GrB_NOT_IMPLEMENTED: return "GrB_NOT_IMPLEMENTED";
    case GrB_PANIC: return "GrB_PANIC";
    case GrB_OUT_OF_MEMORY: return "GrB_OUT_OF_MEMORY";
    case GrB_INSUFFICIENT_SPACE: return "GrB_INSUFFICIENT_SPACE";
    case GrB_INVALID_OBJECT: return "GrB_INVALID_OBJECT";
    case GrB_INDEX_OUT_OF_BOUNDS: return "GrB_INDEX_OUT_OF_BOUNDS";
    case GrB_EMPTY_OBJECT: return "GrB_EMPTY_OBJECT";
    default: return "unknown";
    }
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static double median(const double *times, int n)
{
    double *sorted = malloc((size_t) n * sizeof *sorted);
    if (sorted == NULL) return times[0];
    memcpy(sorted, times, (size_t) n * sizeof *sorted);
    qsort(sorted, (size_t) n, sizeof *sorted, compare_doubles);
    double m = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    free(sorted);
    return m;
}

/* The kernel's checksum of its outputs. */
static GrB_Info kernel_checksum(char *buf, size_t len)
{
    if (bench_kernel.checksum) return bench_kernel.checksum(buf, len);
    if (bench_kernel.matrix_output) return matrix_checksum(*bench_kernel.matrix_output, buf, len);
    return vector_checksum(*bench_kernel.vector_output, buf, len);
}

/* Runs the repetitions; returns GrB_SUCCESS or the first failure's code. */
static GrB_Info run_all(const Graph *g, int reps, double *times,
                        char *checksum, size_t len)
{
    bench_graph = g;
    GrB_Info info = bench_kernel.setup ? bench_kernel.setup() : GrB_SUCCESS;
    for (int r = 0; info == GrB_SUCCESS && r < reps; r++) {
        if (bench_kernel.prepare) info = bench_kernel.prepare();
        if (info != GrB_SUCCESS) break;
        double start = now_seconds();
        info = bench_kernel.run();
        times[r] = now_seconds() - start;
        if (info != GrB_SUCCESS) break;
        if (r + 1 < reps) bench_kernel.discard();
    }
    if (info == GrB_SUCCESS) info = kernel_checksum(checksum, len);
    bench_kernel.discard();
    if (bench_kernel.teardown) bench_kernel.teardown();
    return info;
}

static void usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s [--reps N] [--name GRAPH] [--blocking] [--case NAME]\n"
            "       (FILE.mtx | --shape KIND:SCALE [--seed S])\n"
            "   or: %s --cases\n", prog, prog);
    exit(2);
}

/* The command line. */
typedef struct {
    int reps;
    const char *name, *path, *shape, *case_name;
    uint64_t seed;
    GrB_Mode mode;
    bool list_cases;
} Options;

static Options parse_options(int argc, char **argv)
{
    Options o = {.reps = 5, .seed = 1, .mode = GrB_NONBLOCKING};
    for (int k = 1; k < argc; k++) {
        const char *arg = argv[k];
        bool has_value = k + 1 < argc;
        if (strcmp(arg, "--reps") == 0 && has_value) {
            o.reps = atoi(argv[++k]);
            if (o.reps < 1) usage(argv[0]);
        } else if (strcmp(arg, "--name") == 0 && has_value) {
            o.name = argv[++k];
        } else if (strcmp(arg, "--shape") == 0 && has_value) {
            o.shape = argv[++k];
        } else if (strcmp(arg, "--seed") == 0 && has_value) {
            o.seed = strtoull(argv[++k], NULL, 10);
        } else if (strcmp(arg, "--case") == 0 && has_value) {
            o.case_name = argv[++k];
        } else if (strcmp(arg, "--cases") == 0) {
            o.list_cases = true;
        } else if (strcmp(arg, "--blocking") == 0) {
            o.mode = GrB_BLOCKING;
        } else if (arg[0] == '-' || o.path != NULL) {
            usage(argv[0]);
        } else {
            o.path = arg;
        }
    }
    if (!o.list_cases && (o.path == NULL) == (o.shape == NULL)) usage(argv[0]);
    if (o.name == NULL) o.name = o.path ? o.path : o.shape;
    return o;
}

/* Prints the program's cases, one a line. */
static void list_cases(void)
{
    if (bench_kernel.cases == NULL) printf("%s\n", bench_kernel.name);
    for (int c = 0; bench_kernel.cases && bench_kernel.cases[c]; c++)
        printf("%s\n", bench_kernel.cases[c]);
}

/* Sets bench_case to the case named name (the first when NULL); false when
 * the program has no such case. */
static bool select_case(const char *name)
{
    const char *const *cases = bench_kernel.cases;
    if (name == NULL) return true;
    for (bench_case = 0; cases && cases[bench_case]; bench_case++) {
        if (strcmp(cases[bench_case], name) == 0) return true;
    }
    bench_case = 0;
    return cases == NULL && strcmp(name, bench_kernel.name) == 0;
}

/* Why the kernel does not run on g, or NULL. */
static const char *skip_reason(const Graph *g)
{
    if (bench_kernel.needs_square && g->nrows != g->ncols) return "needs a square matrix";
    bench_graph = g;
    return bench_kernel.skip ? bench_kernel.skip() : NULL;
}

int main(int argc, char **argv)
{
    Options o = parse_options(argc, argv);
    if (o.list_cases) {
        list_cases();
        return 0;
    }
    if (!select_case(o.case_name)) {
        fprintf(stderr, "%s: no case '%s' (see --cases)\n", argv[0], o.case_name);
        return 2;
    }
    Graph g;
    if (o.shape ? !shape_generate(o.shape, o.seed, &g) : !mm_read(o.path, &g)) return 1;
    printf("kernel=%s\tgraph=%s",
           bench_kernel.cases ? bench_kernel.cases[bench_case] : bench_kernel.name,
           o.name);

    const char *skip = skip_reason(&g);
    if (skip != NULL) {
        printf("\tstatus=skip\tnote=%s\n", skip);
        graph_free(&g);
        return 0;
    }
    GrB_Info info = GrB_init(o.mode);
    if (info != GrB_SUCCESS) {
        printf("\tstatus=error\tfailed=GrB_init\tinfo=%s\n", info_name(info));
        graph_free(&g);
        return 1;
    }
    int reps = o.reps;
    double *times = calloc((size_t) reps, sizeof *times);
    char checksum[512] = "";
    if (times == NULL) {
        bench_record_problem("out of memory");
        info = GrB_OUT_OF_MEMORY;
    } else {
        info = run_all(&g, reps, times, checksum, sizeof checksum);
    }
    if (info == GrB_SUCCESS) {
        printf("\tstatus=ok\treps=%d\tmedian=%.9f\ttimes=", reps,
               median(times, reps));
        for (int r = 0; r < reps; r++) printf("%s%.9f", r ? "," : "", times[r]);
        printf("\tchecksum=%s\n", checksum);
    } else {
        printf("\tstatus=%s\tfailed=%s\tinfo=%s\tnote=%s\n",
               info == GrB_NOT_IMPLEMENTED ? "n/a" : "error", failure.call,
               info_name(info), failure.where);
    }
    free(times);
    graph_free(&g);
    GrB_finalize();
    return 0;
}
