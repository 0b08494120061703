/* The bad-input table: a fixture of small objects, rebuilt before every case,
 * and the case macros.
 *
 *   BAD(code, obj, call)  the call must return `code`, leave every fixture
 *                         object as it was, and leave a non-empty GrB_error
 *                         message on `obj` (the object the call reports on);
 *   BAD0(code, call)      the same without the message check, for calls whose
 *                         reporting object is itself the bad argument (or that
 *                         have none, like constructors);
 *   BADF(code, call)      as BAD0, for calls passing a freed handle: skipped
 *                         when GRB_SKIP_FREED is set in the environment
 *                         (memory checkers rightly flag reading freed memory).
 *
 * The fixture (rebuilt by fresh()):
 *   outputs  C 3x5 FP64 {(0,0)=1, (2,4)=2.5}   w  3 FP64 {(1)=7}   s FP64 = 3
 *            E 3x4 FP64 empty                  ev 3 FP64 empty
 *   inputs   A 3x4 FP64 {(0,1)=1, (1,3)=4, (2,0)=5}   A43 = A' (4x3)
 *            B 4x5 FP64 {(1,0)=2, (3,4)=3}
 *            D 3x5 FP64 {(0,2)=6, (1,1)=-1}  D53 = D' (5x3)  I11 1x1 FP64 {(0,0)=2}
 *            M 3x5 BOOL mask {(0,0)=true}             m3 3 BOOL mask {(0)=true}
 *            u3 3 FP64 {(2)=1}   u4 4 FP64 {(1)=2}    u5 5 FP64 {(4)=8}
 *            U 3x4, U11 1x1, U35 3x5, Uv3 3, sU: the user-defined type T16,
 *            add16: a T16 x T16 -> T16 operator
 *            x FP64 scalar = 2,  x0 FP64 scalar without a value
 * Uninitialized handles point to `junk`, readable memory holding no object. */
#ifndef BAD_INPUT_H
#define BAD_INPUT_H

#include <stdint.h>
#include <string.h>
#include "check.h"

typedef struct { double re, im; } t16;

static GrB_Type T16;
static GrB_BinaryOp add16;
static GrB_Matrix C, E, A, A43, B, D, D53, I11, M, U, U11, U35;
static GrB_Vector w, ev, m3, u3, u4, u5, Uv3;
static GrB_Scalar s, x, x0, sU;
static GrB_Matrix made_matrix;
static GrB_Vector made_vector;
static GrB_Scalar made_scalar;
static GrB_Index I3[3] = {0, 1, 2}, I_OOB[3] = {0, 1, 7}, n_out;
static GrB_Index HUGE = (GrB_Index) 1 << 62;
static double X3[3] = {1, 2, 3}, d_out;
static t16 t_val = {1, 2};
static uint64_t junk[64];
static int bad_cases = 0, skip_freed = 0;

static inline void add_t16(void *z, const void *a, const void *b)
{
    t16 p, q;
    memcpy(&p, a, sizeof p);
    memcpy(&q, b, sizeof q);
    p.re += q.re;
    p.im += q.im;
    memcpy(z, &p, sizeof p);
}

#define UNINIT(T) ((T) (void *) junk)

static inline GrB_Matrix matrix3(GrB_Type t, GrB_Index m, GrB_Index n, int k,
                                 const GrB_Index *i, const GrB_Index *j,
                                 const double *v)
{
    GrB_Matrix X = NULL;
    OK(GrB_Matrix_new(&X, t, m, n));
    for (int e = 0; e < k; e++) OK(GrB_Matrix_setElement_FP64(X, v[e], i[e], j[e]));
    return X;
}

static inline GrB_Vector vector1(GrB_Type t, GrB_Index n, GrB_Index i, double v)
{
    GrB_Vector X = NULL;
    OK(GrB_Vector_new(&X, t, n));
    OK(GrB_Vector_setElement_FP64(X, v, i));
    return X;
}

static inline void free_all(void)
{
    GrB_Matrix *ms[] = {&C, &E, &A, &A43, &B, &D, &D53, &I11, &M, &U, &U11, &U35, &made_matrix};
    GrB_Vector *vs[] = {&w, &ev, &m3, &u3, &u4, &u5, &Uv3, &made_vector};
    GrB_Scalar *ss[] = {&s, &x, &x0, &sU, &made_scalar};
    for (size_t k = 0; k < sizeof ms / sizeof ms[0]; k++) OK(GrB_Matrix_free(ms[k]));
    for (size_t k = 0; k < sizeof vs / sizeof vs[0]; k++) OK(GrB_Vector_free(vs[k]));
    for (size_t k = 0; k < sizeof ss / sizeof ss[0]; k++) OK(GrB_Scalar_free(ss[k]));
}

/* Rebuilds the whole fixture, so every case starts from the same state and
 * any error message it finds was left by the case itself. */
static inline void fresh(void)
{
    free_all();
    C = matrix3(GrB_FP64, 3, 5, 2, (GrB_Index[]){0, 2}, (GrB_Index[]){0, 4},
                (double[]){1, 2.5});
    OK(GrB_Matrix_new(&E, GrB_FP64, 3, 4));
    A = matrix3(GrB_FP64, 3, 4, 3, (GrB_Index[]){0, 1, 2}, (GrB_Index[]){1, 3, 0},
                (double[]){1, 4, 5});
    A43 = matrix3(GrB_FP64, 4, 3, 3, (GrB_Index[]){1, 3, 0}, (GrB_Index[]){0, 1, 2},
                  (double[]){1, 4, 5});
    D53 = matrix3(GrB_FP64, 5, 3, 2, (GrB_Index[]){2, 1}, (GrB_Index[]){0, 1},
                  (double[]){6, -1});
    B = matrix3(GrB_FP64, 4, 5, 2, (GrB_Index[]){1, 3}, (GrB_Index[]){0, 4},
                (double[]){2, 3});
    D = matrix3(GrB_FP64, 3, 5, 2, (GrB_Index[]){0, 1}, (GrB_Index[]){2, 1},
                (double[]){6, -1});
    I11 = matrix3(GrB_FP64, 1, 1, 1, (GrB_Index[]){0}, (GrB_Index[]){0}, (double[]){2});
    M = matrix3(GrB_BOOL, 3, 5, 1, (GrB_Index[]){0}, (GrB_Index[]){0}, (double[]){1});
    w = vector1(GrB_FP64, 3, 1, 7);
    OK(GrB_Vector_new(&ev, GrB_FP64, 3));
    m3 = vector1(GrB_BOOL, 3, 0, 1);
    u3 = vector1(GrB_FP64, 3, 2, 1);
    u4 = vector1(GrB_FP64, 4, 1, 2);
    u5 = vector1(GrB_FP64, 5, 4, 8);
    OK(GrB_Matrix_new(&U, T16, 3, 4));
    OK(GrB_Matrix_setElement_UDT(U, &t_val, 1, 1));
    OK(GrB_Matrix_new(&U11, T16, 1, 1));
    OK(GrB_Matrix_setElement_UDT(U11, &t_val, 0, 0));
    OK(GrB_Matrix_new(&U35, T16, 3, 5));
    OK(GrB_Matrix_setElement_UDT(U35, &t_val, 0, 0));
    OK(GrB_Vector_new(&Uv3, T16, 3));
    OK(GrB_Vector_setElement_UDT(Uv3, &t_val, 0));
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(s, 3));
    OK(GrB_Scalar_new(&x, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(x, 2));
    OK(GrB_Scalar_new(&x0, GrB_FP64));
    OK(GrB_Scalar_new(&sU, T16));
    OK(GrB_Scalar_setElement_UDT(sU, &t_val));
    made_matrix = NULL;
    made_vector = NULL;
    made_scalar = NULL;
}

/* A handle whose object has been freed. */
static inline GrB_Matrix freed_matrix(void)
{
    GrB_Matrix X = NULL, stale;
    OK(GrB_Matrix_new(&X, GrB_FP64, 3, 5));
    stale = X;
    OK(GrB_Matrix_free(&X));
    return stale;
}

static inline GrB_Vector freed_vector(void)
{
    GrB_Vector X = NULL, stale;
    OK(GrB_Vector_new(&X, GrB_FP64, 3));
    stale = X;
    OK(GrB_Vector_free(&X));
    return stale;
}

static inline GrB_Scalar freed_scalar(void)
{
    GrB_Scalar X = NULL, stale;
    OK(GrB_Scalar_new(&X, GrB_FP64));
    stale = X;
    OK(GrB_Scalar_free(&X));
    return stale;
}

/* A checksum of a matrix or vector (as a matrix): entry count and positions
 * and values; user-typed objects contribute their entry count only. */
static inline double digest(GrB_Matrix X)
{
    GrB_Index n = 0, cap = 16, i[16], j[16];
    double v[16], sum = 0;
    OK(GrB_Matrix_nvals(&n, X));
    if (GrB_Matrix_extractTuples_FP64(i, j, v, &cap, X) == GrB_SUCCESS) {
        for (GrB_Index k = 0; k < cap; k++) sum += (double) (k + 1) * (i[k] * 7.0 + j[k] * 13.0 + v[k]);
    }
    return sum + 1000.0 * (double) n;
}

/* The state of every fixture object, to compare before and after a case. */
typedef struct { double d[20]; } snapshot_t;

static inline snapshot_t snapshot(void)
{
    snapshot_t st;
    GrB_Matrix ms[] = {C, E, A, A43, B, D, D53, I11, M, U, U11, U35};
    GrB_Vector vs[] = {w, ev, m3, u3, u4, u5, Uv3};
    int k = 0;
    for (size_t q = 0; q < sizeof ms / sizeof ms[0]; q++) st.d[k++] = digest(ms[q]);
    for (size_t q = 0; q < sizeof vs / sizeof vs[0]; q++) st.d[k++] = digest((GrB_Matrix) vs[q]);
    double sv = -1;
    GrB_Index n = 0;
    OK(GrB_Scalar_nvals(&n, s));
    if (n) OK(GrB_Scalar_extractElement_FP64(&sv, s));
    st.d[k++] = sv;
    return st;
}

static inline void case_done(GrB_Info got, GrB_Info expected, snapshot_t before,
                             const char *file, int line, const char *call,
                             const char *expected_name)
{
    check_info(got, expected, file, line, call, expected_name);
    snapshot_t after = snapshot();
    if (memcmp(&before, &after, sizeof before) != 0) {
        fprintf(stderr, "%s:%d: %s changed an object\n", file, line, call);
        check_failures++;
    }
    if (made_matrix != NULL || made_vector != NULL || made_scalar != NULL) {
        fprintf(stderr, "%s:%d: %s created an object\n", file, line, call);
        check_failures++;
    }
    bad_cases++;
}

static inline void message_check(const char *msg, const char *file, int line,
                                 const char *call)
{
    if (msg == NULL || strlen(msg) == 0) {
        fprintf(stderr, "%s:%d: %s left no GrB_error message\n", file, line, call);
        check_failures++;
    }
}

#define BAD0(expected, call)                                                   \
    do {                                                                       \
        fresh();                                                               \
        snapshot_t before_ = snapshot();                                       \
        GrB_Info got_ = (call);                                                \
        case_done(got_, expected, before_, __FILE__, __LINE__, #call, #expected);        \
    } while (0)

#define BAD(expected, obj, call)                                               \
    do {                                                                       \
        BAD0(expected, call);                                                  \
        const char *msg_ = NULL;                                               \
        OK(GrB_error(&msg_, obj));                                             \
        message_check(msg_, __FILE__, __LINE__, #call);                                  \
    } while (0)

#define BADF(expected, call)                                                   \
    do {                                                                       \
        if (!skip_freed) BAD0(expected, call);                                 \
    } while (0)

/* Starts a bad-input program: GrB_init, the user type, the junk handle. */
static inline void bad_input_begin(void)
{
    memset(junk, 0x5a, sizeof junk);
    skip_freed = getenv("GRB_SKIP_FREED") != NULL;
    OK(GrB_init(GrB_BLOCKING));
    OK(GrB_Type_new(&T16, sizeof(t16)));
    OK(GrB_BinaryOp_new(&add16, add_t16, T16, T16, T16));
}

/* Ends a bad-input program: frees everything and reports. */
static inline int bad_input_end(const char *name)
{
    (void) I3, (void) I_OOB, (void) n_out, (void) HUGE, (void) X3, (void) d_out;
    free_all();
    OK(GrB_BinaryOp_free(&add16));
    OK(GrB_Type_free(&T16));
    OK(GrB_finalize());
    printf("%s: %d bad-input cases\n", name, bad_cases);
    return check_done(name);
}

#endif
