/* Concurrency through the C API: 8 POSIX threads call GrB_mxm, GrB_eWiseAdd,
 * GrB_apply, GrB_reduce and GrB_extract on their own outputs while sharing
 * the input matrices, and make bad calls on their own objects (so GrB_error
 * messages are recorded concurrently). Every result must equal the one
 * computed by the main thread alone. */

#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <string.h>
#include "check.h"

#define N 200
#define THREADS 8
#define ROUNDS 10

static GrB_Matrix A, B;

/* A digest of a matrix: entry count and a position-weighted sum. */
static int64_t digest(GrB_Matrix X)
{
    static _Thread_local GrB_Index I[N * N], J[N * N];
    static _Thread_local int64_t V[N * N];
    GrB_Index n = N * N;
    int64_t sum = 0;
    if (GrB_Matrix_extractTuples_INT64(I, J, V, &n, X) != GrB_SUCCESS) return -1;
    for (GrB_Index k = 0; k < n; k++) sum += (int64_t) (I[k] * 31 + J[k] * 17) * V[k] + 1;
    return sum * 1000003 + (int64_t) n;
}

/* One job's digests (five results), or -1 for any failed call. */
static void job(int id, int64_t out[5])
{
    GrB_Semiring sr = (id % 2) ? GrB_MIN_PLUS_SEMIRING_INT64 : GrB_PLUS_TIMES_SEMIRING_INT64;
    GrB_Descriptor d = (id % 3 == 0) ? GrB_DESC_T0 : NULL;
    GrB_Matrix C = NULL, S = NULL, T = NULL, X = NULL;
    GrB_Vector r = NULL;
    GrB_Index rows[N / 2];
    const char *msg = NULL;
    int ok = 1;
    for (int k = 0; k < N / 2; k++) rows[k] = (GrB_Index) ((k * 7 + id) % N);
    ok &= GrB_Matrix_new(&C, GrB_INT64, N, N) == GrB_SUCCESS;
    ok &= GrB_Matrix_new(&S, GrB_INT64, N, N) == GrB_SUCCESS;
    ok &= GrB_Matrix_new(&T, GrB_INT64, N, N) == GrB_SUCCESS;
    ok &= GrB_Matrix_new(&X, GrB_INT64, N / 2, N) == GrB_SUCCESS;
    ok &= GrB_Vector_new(&r, GrB_INT64, N) == GrB_SUCCESS;
    ok &= GrB_mxm(C, NULL, NULL, sr, A, B, d) == GrB_SUCCESS;
    ok &= GrB_eWiseAdd(S, B, NULL, GrB_PLUS_INT64, A, C, NULL) == GrB_SUCCESS;
    ok &= GrB_apply(T, NULL, GrB_PLUS_INT64, GrB_AINV_INT64, S, d) == GrB_SUCCESS;
    ok &= GrB_reduce(r, NULL, NULL, GrB_PLUS_MONOID_INT64, A, d) == GrB_SUCCESS;
    ok &= GrB_extract(X, NULL, NULL, B, rows, N / 2, GrB_ALL, N, NULL) == GrB_SUCCESS;
    /* A bad call on this thread's own object records a message there. */
    ok &= GrB_mxm(X, NULL, NULL, sr, A, B, NULL) == GrB_DIMENSION_MISMATCH;
    ok &= GrB_error(&msg, X) == GrB_SUCCESS && msg != NULL && strlen(msg) > 0;
    out[0] = ok ? digest(C) : -1;
    out[1] = digest(S);
    out[2] = digest(T);
    out[3] = digest((GrB_Matrix) r);
    out[4] = digest(X);
    GrB_free(&C);
    GrB_free(&S);
    GrB_free(&T);
    GrB_free(&X);
    GrB_free(&r);
}

static int64_t expected[THREADS][5];

static void *worker(void *arg)
{
    int id = (int) (intptr_t) arg, *bad = malloc(sizeof *bad);
    *bad = 0;
    for (int round = 0; round < ROUNDS; round++) {
        int64_t got[5];
        int which = (id + round) % THREADS;
        job(which, got);
        if (memcmp(got, expected[which], sizeof got) != 0) (*bad)++;
    }
    return bad;
}

static GrB_Matrix random_matrix(uint64_t seed, int per_row)
{
    GrB_Matrix M = NULL;
    uint64_t x = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    OK(GrB_Matrix_new(&M, GrB_INT64, N, N));
    for (GrB_Index i = 0; i < N; i++) {
        for (int k = 0; k < per_row; k++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            OK(GrB_Matrix_setElement_INT64(M, (int64_t) ((x >> 13) % 19) - 9, i, (x >> 33) % N));
        }
    }
    OK(GrB_wait(M, GrB_MATERIALIZE));
    return M;
}

int main(void)
{
    pthread_t t[THREADS];
    OK(GrB_init(GrB_NONBLOCKING));
    A = random_matrix(1, 6);
    B = random_matrix(2, 5);
    int64_t a0 = digest(A), b0 = digest(B);
    for (int id = 0; id < THREADS; id++) {
        job(id, expected[id]);
        for (int k = 0; k < 5; k++) CHECK(expected[id][k] != -1);
    }
    for (int id = 0; id < THREADS; id++) {
        CHECK(pthread_create(&t[id], NULL, worker, (void *) (intptr_t) id) == 0);
    }
    for (int id = 0; id < THREADS; id++) {
        void *bad = NULL;
        CHECK(pthread_join(t[id], &bad) == 0);
        CHECK(bad != NULL && *(int *) bad == 0);
        free(bad);
    }
    CHECK(digest(A) == a0 && digest(B) == b0);
    OK(GrB_free(&A));
    OK(GrB_free(&B));
    OK(GrB_finalize());
    return check_done("test_threads");
}
