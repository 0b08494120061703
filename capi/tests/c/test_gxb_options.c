/* SuiteSparse's identification macros, GxB_init with the user's memory
 * functions, and the GxB_get / GxB_set options: sparsity control and status,
 * switches, library strings and versions, as LAGraph reads them. */

#include <stdint.h>
#include <string.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

static void test_identification(void)
{
    int ver[3] = {0, 0, 0};
    const char *s = NULL;
    GrB_Mode mode = GrB_BLOCKING;

    CHECK(GxB_IMPLEMENTATION >= GxB_VERSION(7, 1, 0));
    CHECK(GxB_VERSION(7, 4, 0) == 7004000ULL);
    OK(GxB_get(GxB_LIBRARY_VERSION, ver));
    CHECK(ver[0] == GxB_IMPLEMENTATION_MAJOR && ver[1] == GxB_IMPLEMENTATION_MINOR &&
          ver[2] == GxB_IMPLEMENTATION_SUB);
    OK(GxB_get(GxB_LIBRARY_DATE, &s));
    CHECK(s != NULL && strcmp(s, GxB_IMPLEMENTATION_DATE) == 0);
    OK(GxB_get(GxB_LIBRARY_NAME, &s));
    CHECK(strcmp(s, GxB_IMPLEMENTATION_NAME) == 0);
    OK(GxB_Global_Option_get_CHAR(GxB_COMPILER_NAME, &s));
    CHECK(strcmp(s, "rustc") == 0);
    OK(GxB_get(GxB_COMPILER_VERSION, ver));
    CHECK(ver[0] >= 1);
    OK(GxB_get(GxB_API_VERSION, ver));
    CHECK(ver[0] == 2 && ver[1] == 1 && ver[2] == 0);
    OK(GxB_Global_Option_get_INT32(GxB_LIBRARY_VERSION, ver));
    CHECK(ver[0] == GxB_IMPLEMENTATION_MAJOR);
    OK(GxB_get(GxB_API_ABOUT, &s));
    CHECK(strlen(s) > 0);
    OK(GxB_get(GxB_MODE, &mode));
    CHECK(mode == GrB_NONBLOCKING);
    EXPECT(GxB_Global_Option_get_CHAR(GxB_NTHREADS, &s), GrB_INVALID_VALUE);
    EXPECT(GxB_Global_Option_get_CHAR(GxB_LIBRARY_NAME, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_get(GxB_LIBRARY_NAME, (const char **) NULL), GrB_NULL_POINTER);
    EXPECT(GxB_get(GxB_SPARSITY_STATUS, &ver[0]), GrB_INVALID_VALUE);
}

static void test_memory_functions(void)
{
    /* The functions come back as void *; ISO C compares them as functions. */
    void *f = NULL;
    void *(*m)(size_t) = NULL;
    void *(*c)(size_t, size_t) = NULL;
    void *(*r)(void *, size_t) = NULL;
    void (*fr)(void *) = NULL;
    OK(GxB_get(GxB_MALLOC_FUNCTION, &f));
    memcpy(&m, &f, sizeof(f));
    CHECK(m == malloc);
    OK(GxB_Global_Option_get_FUNCTION(GxB_CALLOC_FUNCTION, &f));
    memcpy(&c, &f, sizeof(f));
    CHECK(c == calloc);
    OK(GxB_get(GxB_REALLOC_FUNCTION, &f));
    memcpy(&r, &f, sizeof(f));
    CHECK(r == realloc);
    OK(GxB_get(GxB_FREE_FUNCTION, &f));
    memcpy(&fr, &f, sizeof(f));
    CHECK(fr == free);
    /* Already initialised; and malloc / free are required. */
    EXPECT(GxB_init(GrB_NONBLOCKING, malloc, calloc, realloc, free), GrB_INVALID_VALUE);
    EXPECT(GxB_init(GrB_NONBLOCKING, NULL, calloc, realloc, free), GrB_NULL_POINTER);
    EXPECT(GxB_init(GrB_NONBLOCKING, malloc, calloc, realloc, NULL), GrB_NULL_POINTER);
}

static void test_global_switches(void)
{
    double h = 0, b[GxB_NBITMAP_SWITCH], nb[GxB_NBITMAP_SWITCH];
    int64_t pool[64];
    bool openmp = true;

    OK(GxB_get(GxB_HYPER_SWITCH, &h));
    CHECK(h == GxB_HYPER_DEFAULT);
    OK(GxB_set(GxB_HYPER_SWITCH, 0.25));
    OK(GxB_Global_Option_get_FP64(GxB_HYPER_SWITCH, &h));
    CHECK(h == 0.25);
    OK(GxB_set(GxB_HYPER_SWITCH, GxB_HYPER_DEFAULT));
    OK(GxB_get(GxB_BITMAP_SWITCH, b));
    CHECK(b[0] > 0 && b[GxB_NBITMAP_SWITCH - 1] > b[0]);
    for (int k = 0; k < GxB_NBITMAP_SWITCH; k++) nb[k] = 0.5;
    OK(GxB_set(GxB_BITMAP_SWITCH, nb));
    OK(GxB_get(GxB_BITMAP_SWITCH, nb));
    CHECK(nb[3] == 0.5);
    OK(GxB_set(GxB_BITMAP_SWITCH, b));
    memset(pool, 1, sizeof(pool));
    OK(GxB_get(GxB_MEMORY_POOL, pool));
    CHECK(pool[0] == 0 && pool[63] == 0);
    OK(GxB_set(GxB_MEMORY_POOL, pool));
    OK(GxB_Global_Option_get_INT64(GxB_MEMORY_POOL, pool));
    OK(GxB_get(GxB_LIBRARY_OPENMP, &openmp));
    CHECK(!openmp);
    OK(GxB_set(GxB_GPU_CONTROL, GxB_GPU_NEVER));
    OK(GxB_set(GxB_CHUNK, 4096.0));
    OK(GxB_get(GxB_CHUNK, &h));
    CHECK(h == 4096.0);
    EXPECT(GxB_set(GxB_SPARSITY_CONTROL, GxB_SPARSE), GrB_INVALID_VALUE);
    EXPECT(GxB_set(GxB_LIBRARY_NAME, 1), GrB_INVALID_VALUE);
    EXPECT(GxB_Global_Option_set_FP64(GxB_NTHREADS, 2.0), GrB_INVALID_VALUE);
    EXPECT(GxB_Global_Option_set_FP64_ARRAY(GxB_BITMAP_SWITCH, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Global_Option_get_INT64(GxB_NTHREADS, pool), GrB_INVALID_VALUE);
}

/* The status after `control` on a matrix with `full` entries or a few. */
static int status_after(GrB_Matrix A, int control)
{
    int32_t status = -1, got = -1;
    OK(GxB_set(A, GxB_SPARSITY_CONTROL, control));
    OK(GxB_get(A, GxB_SPARSITY_CONTROL, &got));
    CHECK(got == control);
    OK(GxB_get(A, GxB_SPARSITY_STATUS, &status));
    return status;
}

static void test_sparsity(void)
{
    GrB_Matrix A = NULL, C = NULL, F = NULL;
    GrB_Vector v = NULL;
    GrB_Index n = 0;
    bool hyper = true;
    double sw = 0, x = 0;
    int32_t status = 0;

    OK(GrB_Matrix_new(&A, GrB_FP64, 6, 6));
    OK(GrB_Matrix_setElement(A, 1.5, 0, 1));
    OK(GrB_Matrix_setElement(A, 2.5, 4, 3));
    CHECK(status_after(A, GxB_HYPERSPARSE) == GxB_HYPERSPARSE);
    OK(GxB_get(A, GxB_IS_HYPER, &hyper));
    CHECK(hyper);
    CHECK(status_after(A, GxB_SPARSE) == GxB_SPARSE);
    OK(GxB_get(A, GxB_IS_HYPER, &hyper));
    CHECK(!hyper);
    CHECK(status_after(A, GxB_BITMAP) == GxB_BITMAP);
    /* A full-only control holds a matrix with absent entries as a bitmap. */
    CHECK(status_after(A, GxB_FULL) == GxB_BITMAP);
    CHECK(status_after(A, GxB_SPARSE + GxB_HYPERSPARSE) & (GxB_SPARSE + GxB_HYPERSPARSE));
    OK(GrB_Matrix_extractElement(&x, A, 4, 3));
    CHECK(x == 2.5);
    OK(GrB_Matrix_nvals(&n, A));
    CHECK(n == 2);

    /* Results stored later honour the control. */
    OK(GrB_Matrix_new(&C, GrB_FP64, 6, 6));
    OK(GxB_set(C, GxB_SPARSITY_CONTROL, GxB_BITMAP));
    OK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL));
    OK(GxB_get(C, GxB_SPARSITY_STATUS, &status));
    CHECK(status == GxB_BITMAP);
    OK(GrB_Matrix_new(&F, GrB_FP64, 3, 3));
    OK(GrB_Matrix_assign_FP64(F, NULL, NULL, 1.0, GrB_ALL, 3, GrB_ALL, 3, NULL));
    OK(GxB_set(F, GxB_SPARSITY_CONTROL, GxB_FULL + GxB_SPARSE));
    OK(GxB_get(F, GxB_SPARSITY_STATUS, &status));
    CHECK(status == GxB_FULL);
    OK(GrB_Matrix_removeElement(F, 1, 1));
    OK(GxB_get(F, GxB_SPARSITY_STATUS, &status));
    CHECK(status == GxB_SPARSE);
    OK(GxB_set(F, GxB_SPARSITY_CONTROL, GxB_AUTO_SPARSITY));

    /* Switches of an object: kept and reported. */
    OK(GxB_get(A, GxB_HYPER_SWITCH, &sw));
    CHECK(sw == GxB_HYPER_DEFAULT);
    OK(GxB_set(A, GxB_HYPER_SWITCH, GxB_NEVER_HYPER));
    OK(GxB_Matrix_Option_get_FP64(A, GxB_HYPER_SWITCH, &sw));
    CHECK(sw == GxB_NEVER_HYPER);
    OK(GxB_set(A, GxB_BITMAP_SWITCH, 0.5));
    OK(GxB_get(A, GxB_BITMAP_SWITCH, &sw));
    CHECK(sw == 0.5);
    EXPECT(GxB_Matrix_Option_get_FP64(A, GxB_SPARSITY_STATUS, &sw), GrB_INVALID_VALUE);
    EXPECT(GxB_set(A, GxB_SPARSITY_STATUS, GxB_SPARSE), GrB_INVALID_VALUE);
    EXPECT(GxB_set(A, GxB_NTHREADS, 2.0), GrB_INVALID_VALUE);
    EXPECT(GxB_get((GrB_Matrix) junk, GxB_SPARSITY_STATUS, &status), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GxB_get(A, GxB_SPARSITY_STATUS, (int32_t *) NULL), GrB_NULL_POINTER);

    OK(GrB_Vector_new(&v, GrB_INT32, 5));
    OK(GrB_Vector_setElement(v, 3, 2));
    OK(GxB_set(v, GxB_SPARSITY_CONTROL, GxB_BITMAP));
    OK(GxB_Vector_Option_get_INT32(v, GxB_SPARSITY_STATUS, &status));
    CHECK(status == GxB_BITMAP);
    OK(GxB_set(v, GxB_SPARSITY_CONTROL, GxB_SPARSE));
    OK(GxB_get(v, GxB_SPARSITY_STATUS, &status));
    CHECK(status == GxB_SPARSE);

    OK(GrB_free(&A));
    OK(GrB_free(&C));
    OK(GrB_free(&F));
    OK(GrB_free(&v));
}

static void test_types(void)
{
    size_t size = 0;
    GrB_Type t = NULL, u = NULL;
    char name[GxB_MAX_NAME_LEN];
    typedef struct { double a, b, c; } triple_t;

    OK(GxB_Type_size(&size, GrB_INT16));
    CHECK(size == 2);
    OK(GrB_Type_new(&u, sizeof(triple_t)));
    OK(GxB_Type_size(&size, u));
    CHECK(size == sizeof(triple_t));
    OK(GxB_Type_from_name(&t, "uint32_t"));
    CHECK(t == GrB_UINT32);
    OK(GxB_Type_from_name(&t, "GrB_FP64"));
    CHECK(t == GrB_FP64);
    OK(GxB_Type_from_name(&t, "no such type"));
    CHECK(t == NULL);
    OK(GxB_Type_name(name, GrB_FP32));
    CHECK(strcmp(name, "float") == 0);
    EXPECT(GxB_Type_size(NULL, GrB_INT8), GrB_NULL_POINTER);
    EXPECT(GxB_Type_size(&size, (GrB_Type) junk), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GxB_Type_from_name(&t, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Type_name(NULL, GrB_INT8), GrB_NULL_POINTER);
    OK(GrB_free(&u));
}

/* The extension fields through GrB_get / GrB_set, as SuiteSparse 9 reads
 * them: int32_t and bool fields as INT32, doubles through a GrB_Scalar,
 * strings as strings, arrays and functions through a void * (their size in
 * bytes with a size_t *). */
static void test_getset_fields(void)
{
    int32_t v = -1;
    int ver[3] = {0, 0, 0};
    double b[GxB_NBITMAP_SWITCH], nb[GxB_NBITMAP_SWITCH], x = 0;
    char text[256];
    size_t size = 0;
    void *f = NULL;
    void *(*m)(size_t) = NULL;
    GrB_Scalar s = NULL;
    GrB_Matrix A = NULL;
    GrB_Vector u = NULL;

    /* The library reports the SuiteSparse version it follows as its own. */
    OK(GrB_get(GrB_GLOBAL, &v, GrB_LIBRARY_VER_MAJOR));
    CHECK(v == GxB_IMPLEMENTATION_MAJOR);
    OK(GrB_get(GrB_GLOBAL, &v, GrB_LIBRARY_VER_MINOR));
    CHECK(v == GxB_IMPLEMENTATION_MINOR);
    OK(GrB_get(GrB_GLOBAL, &v, GrB_LIBRARY_VER_PATCH));
    CHECK(v == GxB_IMPLEMENTATION_SUB);
    OK(GrB_Global_get_String(GrB_GLOBAL, text, (GrB_Field) GxB_LIBRARY_DATE));
    CHECK(strcmp(text, GxB_IMPLEMENTATION_DATE) == 0);
    OK(GrB_Global_get_String(GrB_GLOBAL, text, (GrB_Field) GxB_COMPILER_NAME));
    CHECK(strcmp(text, "rustc") == 0);
    OK(GrB_Global_get_SIZE(GrB_GLOBAL, &size, (GrB_Field) GxB_COMPILER_NAME));
    CHECK(size == strlen("rustc") + 1);
    OK(GrB_Global_get_SIZE(GrB_GLOBAL, &size, (GrB_Field) GxB_COMPILER_VERSION));
    CHECK(size == sizeof(ver));
    OK(GrB_Global_get_VOID(GrB_GLOBAL, (void *) ver, (GrB_Field) GxB_COMPILER_VERSION));
    CHECK(ver[0] >= 1);
    OK(GrB_Global_get_VOID(GrB_GLOBAL, (void *) &f, (GrB_Field) GxB_MALLOC_FUNCTION));
    memcpy(&m, &f, sizeof(f));
    CHECK(m == malloc);
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &v, (GrB_Field) GxB_LIBRARY_OPENMP));
    CHECK(v == 0);
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &v, (GrB_Field) GxB_MODE));
    CHECK(v == GrB_NONBLOCKING);

    /* A double through a GrB_Scalar; not as an INT32. */
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(s, 0.125));
    OK(GrB_Global_set_Scalar(GrB_GLOBAL, s, (GrB_Field) GxB_HYPER_SWITCH));
    OK(GxB_get(GxB_HYPER_SWITCH, &x));
    CHECK(x == 0.125);
    OK(GrB_Scalar_clear(s));
    OK(GrB_Global_get_Scalar(GrB_GLOBAL, s, (GrB_Field) GxB_HYPER_SWITCH));
    OK(GrB_Scalar_extractElement_FP64(&x, s));
    CHECK(x == 0.125);
    OK(GxB_set(GxB_HYPER_SWITCH, GxB_HYPER_DEFAULT));
    EXPECT(GrB_Global_get_INT32(GrB_GLOBAL, &v, (GrB_Field) GxB_HYPER_SWITCH), GrB_INVALID_VALUE);
    EXPECT(GrB_Global_get_VOID(GrB_GLOBAL, (void *) &x, (GrB_Field) GxB_HYPER_SWITCH),
           GrB_INVALID_VALUE);

    /* The library's bitmap switches: 8 doubles; NULL restores the defaults. */
    OK(GrB_Global_get_SIZE(GrB_GLOBAL, &size, (GrB_Field) GxB_BITMAP_SWITCH));
    CHECK(size == sizeof(b));
    OK(GrB_Global_get_VOID(GrB_GLOBAL, (void *) b, (GrB_Field) GxB_BITMAP_SWITCH));
    for (int k = 0; k < GxB_NBITMAP_SWITCH; k++) nb[k] = 0.25;
    OK(GrB_Global_set_VOID(GrB_GLOBAL, (void *) nb, (GrB_Field) GxB_BITMAP_SWITCH, sizeof(nb)));
    OK(GxB_get(GxB_BITMAP_SWITCH, nb));
    CHECK(nb[0] == 0.25 && nb[7] == 0.25);
    EXPECT(GrB_Global_set_VOID(GrB_GLOBAL, (void *) nb, (GrB_Field) GxB_BITMAP_SWITCH, 8),
           GrB_INVALID_VALUE);
    OK(GrB_Global_set_VOID(GrB_GLOBAL, NULL, (GrB_Field) GxB_BITMAP_SWITCH, 0));
    OK(GxB_get(GxB_BITMAP_SWITCH, nb));
    CHECK(memcmp(nb, b, sizeof(b)) == 0);
    EXPECT(GrB_Global_set_VOID(GrB_GLOBAL, (void *) nb, (GrB_Field) GxB_COMPILER_NAME, 8),
           GrB_INVALID_VALUE);
    EXPECT(GrB_Global_set_VOID(GrB_GLOBAL, NULL, (GrB_Field) GxB_CHUNK, 8), GrB_NULL_POINTER);

    /* SuiteSparse's variadic GxB_set takes (and ignores) arguments after the value. */
    OK(GxB_set(GxB_BURBLE, false, GrB_GLOBAL));
    OK(GxB_set(GxB_CHUNK, 1024.0, GrB_GLOBAL));
    OK(GxB_get(GxB_CHUNK, &x));
    CHECK(x == 1024.0);

    /* A matrix's and a vector's sparsity and switches. */
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
    OK(GrB_Matrix_setElement_FP64(A, 1, 2, 3));
    OK(GrB_Matrix_set_INT32(A, GxB_HYPERSPARSE, (GrB_Field) GxB_SPARSITY_CONTROL));
    OK(GrB_Matrix_get_INT32(A, &v, (GrB_Field) GxB_SPARSITY_STATUS));
    CHECK(v == GxB_HYPERSPARSE);
    OK(GrB_Matrix_get_INT32(A, &v, (GrB_Field) GxB_IS_HYPER));
    CHECK(v == 1);
    OK(GrB_Matrix_set_INT32(A, GxB_BITMAP, (GrB_Field) GxB_SPARSITY_CONTROL));
    OK(GrB_Matrix_get_INT32(A, &v, (GrB_Field) GxB_SPARSITY_CONTROL));
    CHECK(v == GxB_BITMAP);
    OK(GrB_Matrix_get_INT32(A, &v, (GrB_Field) GxB_SPARSITY_STATUS));
    CHECK(v == GxB_BITMAP);
    OK(GrB_Scalar_setElement_FP64(s, 0.5));
    OK(GrB_Matrix_set_Scalar(A, s, (GrB_Field) GxB_BITMAP_SWITCH));
    OK(GxB_get(A, GxB_BITMAP_SWITCH, &x));
    CHECK(x == 0.5);
    OK(GrB_Matrix_set_Scalar(A, s, (GrB_Field) GxB_HYPER_SWITCH));
    OK(GrB_Scalar_clear(s));
    OK(GrB_Matrix_get_Scalar(A, s, (GrB_Field) GxB_HYPER_SWITCH));
    OK(GrB_Scalar_extractElement_FP64(&x, s));
    CHECK(x == 0.5);
    EXPECT(GrB_Matrix_set_INT32(A, GxB_SPARSE, (GrB_Field) GxB_SPARSITY_STATUS), GrB_INVALID_VALUE);
    EXPECT(GrB_Matrix_get_INT32(A, &v, (GrB_Field) GxB_LIBRARY_OPENMP), GrB_INVALID_VALUE);
    OK(GrB_Vector_new(&u, GrB_INT32, 5));
    OK(GrB_Vector_set_INT32(u, GxB_SPARSE, (GrB_Field) GxB_SPARSITY_CONTROL));
    OK(GrB_Vector_get_INT32(u, &v, (GrB_Field) GxB_SPARSITY_STATUS));
    CHECK(v == GxB_SPARSE);
    OK(GrB_Scalar_setElement_FP64(s, 0.5));
    OK(GrB_Vector_set_Scalar(u, s, (GrB_Field) GxB_BITMAP_SWITCH));
    /* As in SuiteSparse 9, a vector has no hyper switch. */
    EXPECT(GrB_Vector_set_Scalar(u, s, (GrB_Field) GxB_HYPER_SWITCH), GrB_INVALID_VALUE);
    OK(GrB_free(&A));
    OK(GrB_free(&u));
    OK(GrB_free(&s));
}

/* SuiteSparse's internal switch, which LAGraph's tests declare themselves. */
extern void GB_Global_GrB_init_called_set(bool called);

/* The GPU modes run as their CPU modes: GxB_MODE reports the mode given,
 * GrB_BLOCKING_MODE the spec's. Restarting through
 * GB_Global_GrB_init_called_set keeps the objects alive. */
static void test_gpu_modes(void)
{
    GrB_Mode mode = GrB_NONBLOCKING;
    int32_t v = -1;
    GrB_Matrix A = NULL;
    GrB_Index n = 0;

    OK(GrB_Matrix_new(&A, GrB_INT8, 2, 2));
    OK(GrB_Matrix_setElement_INT8(A, 3, 1, 1));
    EXPECT(GrB_init(GrB_BLOCKING), GrB_INVALID_VALUE);
    GB_Global_GrB_init_called_set(false);
    OK(GrB_init(GxB_BLOCKING_GPU));
    OK(GxB_get(GxB_MODE, &mode));
    CHECK(mode == GxB_BLOCKING_GPU);
    OK(GrB_get(GrB_GLOBAL, &v, GrB_BLOCKING_MODE));
    CHECK(v == GrB_BLOCKING);
    OK(GrB_Matrix_nvals(&n, A));
    CHECK(n == 1);
    GB_Global_GrB_init_called_set(false);
    OK(GxB_init(GxB_NONBLOCKING_GPU, malloc, calloc, realloc, free));
    OK(GxB_get(GxB_MODE, &mode));
    CHECK(mode == GxB_NONBLOCKING_GPU);
    OK(GrB_get(GrB_GLOBAL, &v, GrB_BLOCKING_MODE));
    CHECK(v == GrB_NONBLOCKING);
    GB_Global_GrB_init_called_set(false);
    EXPECT(GrB_init((GrB_Mode) 4), GrB_INVALID_VALUE);
    OK(GrB_init(GrB_NONBLOCKING));
    OK(GrB_free(&A));
}

int main(void)
{
    OK(GxB_init(GrB_NONBLOCKING, malloc, calloc, realloc, free));
    test_identification();
    test_memory_functions();
    test_global_switches();
    test_sparsity();
    test_types();
    test_getset_fields();
    test_gpu_modes();
    OK(GrB_finalize());
    return check_done("test_gxb_options");
}
