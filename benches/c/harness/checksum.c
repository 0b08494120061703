/* Checksums of kernel outputs, computed after the timed region from the
 * extracted tuples.  The position hash is a sum of mixed indices, so it does
 * not depend on the order in which a library returns its tuples. */
#include "bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* A 64-bit mixing function (the finaliser of splitmix64). */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

GrB_Info matrix_checksum(GrB_Matrix A, char *buf, size_t len)
{
    GrB_Index n;
    TRY(GrB_Matrix_nvals(&n, A));
    GrB_Index *rows = malloc(((size_t) n + 1) * sizeof *rows);
    GrB_Index *cols = malloc(((size_t) n + 1) * sizeof *cols);
    double *vals = malloc(((size_t) n + 1) * sizeof *vals);
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (rows && cols && vals) {
        GrB_Index got = n;
        info = RECORD(GrB_Matrix_extractTuples_FP64(rows, cols, vals, &got, A));
        uint64_t hash = 0;
        double sum = 0;
        for (GrB_Index k = 0; info == GrB_SUCCESS && k < got; k++) {
            hash += mix(mix(rows[k]) ^ cols[k]);
            sum += vals[k];
        }
        snprintf(buf, len, "nvals=%" PRIu64 " hash=0x%016" PRIx64 " sum=%.12g",
                 (uint64_t) n, hash, sum);
    } else {
        bench_record_problem("out of memory");
    }
    free(rows);
    free(cols);
    free(vals);
    return info;
}

GrB_Info vector_entries(GrB_Vector v, GrB_Index *n, GrB_Index **idx,
                        double **vals)
{
    *idx = NULL;
    *vals = NULL;
    TRY(GrB_Vector_nvals(n, v));
    *idx = malloc(((size_t) *n + 1) * sizeof **idx);
    *vals = malloc(((size_t) *n + 1) * sizeof **vals);
    if (*idx == NULL || *vals == NULL) {
        free(*idx);
        free(*vals);
        *idx = NULL;
        *vals = NULL;
        bench_record_problem("out of memory");
        return GrB_OUT_OF_MEMORY;
    }
    return RECORD(GrB_Vector_extractTuples_FP64(*idx, *vals, n, v));
}

GrB_Info vector_checksum(GrB_Vector v, char *buf, size_t len)
{
    GrB_Index n;
    GrB_Index *idx;
    double *vals;
    GrB_Info info = vector_entries(v, &n, &idx, &vals);
    if (info == GrB_SUCCESS) {
        uint64_t hash = 0;
        double sum = 0;
        for (GrB_Index k = 0; k < n; k++) {
            hash += mix(idx[k]);
            sum += vals[k];
        }
        snprintf(buf, len, "nvals=%" PRIu64 " hash=0x%016" PRIx64 " sum=%.12g",
                 (uint64_t) n, hash, sum);
    }
    free(idx);
    free(vals);
    return info;
}
