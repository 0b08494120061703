/* The SuiteSparse-style extensions LAGraph uses: GxB_*_type_name, GxB_*_type,
 * GxB_get / GxB_set (GxB_FORMAT, GxB_NTHREADS, GxB_BURBLE) and GxB_print /
 * GxB_fprint, called as LAGraph calls them, with every bad input. */

#include <stdint.h>
#include <string.h>
#include "check.h"

static uint64_t junk[16]; /* readable memory that holds no object */

typedef struct { int32_t a, b; } pair_t;

static void test_type_names(void)
{
    char name[GxB_MAX_NAME_LEN];
    GrB_Matrix A = NULL;
    GrB_Vector v = NULL;
    GrB_Scalar s = NULL;
    GrB_Type T = NULL, U = NULL, t = NULL, t2 = NULL;
    GrB_Type types[11] = {GrB_BOOL, GrB_INT8, GrB_UINT8, GrB_INT16,
                          GrB_UINT16, GrB_INT32, GrB_UINT32, GrB_INT64,
                          GrB_UINT64, GrB_FP32, GrB_FP64};
    const char *names[11] = {"bool", "int8_t", "uint8_t", "int16_t",
                             "uint16_t", "int32_t", "uint32_t", "int64_t",
                             "uint64_t", "float", "double"};
    pair_t x = {3, 4}, y = {0, 0};

    for (int k = 0; k < 11; k++) {
        OK(GrB_Matrix_new(&A, types[k], 2, 2));
        OK(GxB_Matrix_type_name(name, A));
        CHECK(strcmp(name, names[k]) == 0);
        OK(GxB_Matrix_type(&t, A));
        CHECK(t == types[k]);
        OK(GrB_free(&A));
        OK(GrB_Vector_new(&v, types[k], 3));
        OK(GxB_Vector_type_name(name, v));
        CHECK(strcmp(name, names[k]) == 0);
        OK(GxB_Vector_type(&t, v));
        CHECK(t == types[k]);
        OK(GrB_free(&v));
        OK(GrB_Scalar_new(&s, types[k]));
        OK(GxB_Scalar_type_name(name, s));
        CHECK(strcmp(name, names[k]) == 0);
        OK(GxB_Scalar_type(&t, s));
        CHECK(t == types[k]);
        OK(GrB_free(&s));
    }

    /* A user-defined type reports its name; its handle works as the type. */
    OK(GxB_Type_new(&T, sizeof(pair_t), "pair_t", "typedef struct { int32_t a, b; } pair_t;"));
    OK(GrB_Matrix_new(&A, T, 4, 4));
    OK(GrB_Matrix_setElement_UDT(A, &x, 1, 2));
    OK(GxB_Matrix_type_name(name, A));
    CHECK(strcmp(name, "pair_t") == 0);
    OK(GxB_Matrix_type(&t, A));
    OK(GxB_Matrix_type(&t2, A));
    CHECK(t != NULL && t == t2);
    OK(GrB_free(&t2));          /* a library-owned handle: freeing does nothing */
    OK(GxB_Matrix_type(&t2, A));
    CHECK(t == t2);
    OK(GrB_Scalar_new(&s, t));  /* the same type as A's */
    OK(GrB_Matrix_extractElement_Scalar(s, A, 1, 2));
    OK(GrB_Scalar_extractElement_UDT(&y, s));
    CHECK(y.a == 3 && y.b == 4);
    OK(GxB_Scalar_type_name(name, s));
    CHECK(strcmp(name, "pair_t") == 0);
    OK(GrB_Type_new(&U, 3));
    OK(GrB_Vector_new(&v, U, 2));
    OK(GxB_Vector_type_name(name, v));
    CHECK(strlen(name) > 0 && strlen(name) < GxB_MAX_NAME_LEN);
    OK(GxB_Vector_type(&t2, v));
    CHECK(t2 != t);

    /* Bad inputs. */
    EXPECT(GxB_Matrix_type_name(NULL, A), GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_type_name(name, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_type_name(name, (GrB_Matrix) junk), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GxB_Vector_type_name(name, (GrB_Vector) A), GrB_INVALID_OBJECT);
    EXPECT(GxB_Scalar_type_name(name, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Matrix_type(NULL, A), GrB_NULL_POINTER);
    EXPECT(GxB_Vector_type(&t, NULL), GrB_NULL_POINTER);
    EXPECT(GxB_Scalar_type(&t, (GrB_Scalar) junk), GrB_UNINITIALIZED_OBJECT);

    OK(GrB_free(&A));
    OK(GrB_free(&v));
    OK(GrB_free(&s));
    OK(GrB_free(&T));
    OK(GrB_free(&U));
}

static void test_options(void)
{
    GrB_Matrix A = NULL, C = NULL;
    GrB_Vector v = NULL;
    GxB_Format_Value fmt = GxB_NO_FORMAT, global_format = GxB_NO_FORMAT;
    int32_t nthreads = 0;
    bool burble = true;
    GrB_Index I[100], J[100], n = 0;
    double X[100];

    /* As LAGraph_cdlp checks: matrices and the library are by row. */
    OK(GrB_Matrix_new(&A, GrB_FP64, 10, 10));
    OK(GxB_get(A, GxB_FORMAT, &fmt));
    OK(GxB_get(GxB_FORMAT, &global_format));
    CHECK(fmt == GxB_BY_ROW && global_format == GxB_BY_ROW);

    /* As LAGraph's tests do: store a matrix by column. */
    OK(GxB_set(A, GxB_FORMAT, GxB_BY_COL));
    OK(GxB_get(A, GxB_FORMAT, &fmt));
    CHECK(fmt == GxB_BY_COL);
    OK(GxB_Matrix_Option_set(A, GxB_FORMAT, GxB_BY_ROW));
    OK(GxB_Matrix_Option_get(A, GxB_FORMAT, &fmt));
    CHECK(fmt == GxB_BY_ROW);
    EXPECT(GxB_set(A, GxB_FORMAT, 7), GrB_INVALID_VALUE);
    EXPECT(GxB_set(A, GxB_NTHREADS, 2), GrB_INVALID_VALUE);
    EXPECT(GxB_get(A, GxB_BURBLE, &burble), GrB_INVALID_VALUE);
    EXPECT(GxB_get(A, GxB_FORMAT, (GxB_Format_Value *) NULL), GrB_NULL_POINTER);
    EXPECT(GxB_get((GrB_Matrix) junk, GxB_FORMAT, &fmt), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GxB_set((GrB_Matrix) NULL, GxB_FORMAT, GxB_BY_ROW), GrB_NULL_POINTER);

    OK(GrB_Vector_new(&v, GrB_INT32, 4));
    OK(GxB_get(v, GxB_FORMAT, &fmt));
    CHECK(fmt == GxB_BY_COL);
    OK(GxB_set(v, GxB_FORMAT, GxB_BY_COL));
    EXPECT(GxB_set(v, GxB_FORMAT, GxB_BY_ROW), GrB_INVALID_VALUE);
    OK(GxB_Vector_Option_get(v, GxB_FORMAT, &fmt));
    CHECK(fmt == GxB_BY_COL);

    /* Global options. */
    OK(GxB_set(GxB_BURBLE, false));
    OK(GxB_get(GxB_BURBLE, &burble));
    CHECK(burble == false);
    OK(GxB_set(GxB_BURBLE, true));
    OK(GxB_get(GxB_BURBLE, &burble));
    CHECK(burble == true);
    OK(GxB_Global_Option_set(GxB_BURBLE, false));
    OK(GxB_set(GxB_NTHREADS, 2));
    OK(GxB_get(GxB_NTHREADS, &nthreads));
    CHECK(nthreads == 2);
    EXPECT(GxB_set(GxB_NTHREADS, 100000), GrB_INVALID_VALUE);
    EXPECT(GxB_set(GrB_NAME, 1), GrB_INVALID_VALUE);
    EXPECT(GxB_get(GrB_BLOCKING_MODE, &nthreads), GrB_INVALID_VALUE);
    EXPECT(GxB_get(GxB_NTHREADS, (int32_t *) NULL), GrB_NULL_POINTER);
    OK(GxB_set(GxB_FORMAT, GxB_BY_COL));
    OK(GxB_get(GxB_FORMAT, &global_format));
    CHECK(global_format == GxB_BY_COL);
    OK(GxB_set(GxB_FORMAT, GxB_BY_ROW));
    EXPECT(GxB_set(GxB_FORMAT, 3), GrB_INVALID_VALUE);

    /* Work runs on the two threads chosen, with the same results. */
    for (int k = 0; k < 100; k++) {
        I[k] = (GrB_Index) (k * 7) % 10;
        J[k] = (GrB_Index) (k * 3) % 10;
        X[k] = k;
    }
    OK(GrB_Matrix_build(A, I, J, X, 100, GrB_PLUS_FP64));
    OK(GrB_Matrix_dup(&C, A));
    OK(GrB_Matrix_nvals(&n, C));
    CHECK(n == 10);
    OK(GxB_set(GxB_NTHREADS, 0));
    OK(GxB_get(GxB_NTHREADS, &nthreads));
    CHECK(nthreads >= 1);

    OK(GrB_free(&A));
    OK(GrB_free(&C));
    OK(GrB_free(&v));
}

/* Prints with GxB_fprint into a temporary file and returns its text. */
static const char *printed(FILE *f)
{
    static char text[8192];
    size_t n;
    rewind(f);
    n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    rewind(f);
    return text;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += (*s == '\n');
    return n;
}

static void test_print(void)
{
    GrB_Matrix A = NULL, B = NULL;
    GrB_Vector v = NULL;
    GrB_Scalar s = NULL;
    GrB_Descriptor d = NULL;
    FILE *f = tmpfile();
    const char *text;

    CHECK(f != NULL);
    if (f == NULL) return;
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GrB_Matrix_setElement(A, 1.5, 0, 1));
    OK(GrB_Matrix_setElement(A, -2.0, 2, 3));

    /* Silent: checks, prints nothing. */
    OK(GxB_fprint(A, GxB_SILENT, f));
    CHECK(strlen(printed(f)) == 0);
    OK(GxB_fprint(A, GxB_SUMMARY, f));
    text = printed(f);
    CHECK(strstr(text, "A: 3 x 4 GrB_Matrix of double, 2 entries") != NULL);
    CHECK(count_lines(text) == 1);
    OK(GxB_fprint(A, GxB_COMPLETE, f));
    text = printed(f);
    CHECK(strstr(text, "(0,1)  1.5") != NULL);
    CHECK(strstr(text, "(2,3)  -2") != NULL);

    /* Short output stops after 30 entries. */
    OK(GrB_Matrix_new(&B, GrB_INT32, 50, 50));
    for (int k = 0; k < 40; k++) OK(GrB_Matrix_setElement(B, k, k, k));
    fclose(f);
    f = tmpfile();
    OK(GxB_fprint(B, GxB_SHORT, f));
    text = printed(f);
    CHECK(count_lines(text) == 1 + 30 + 1);
    CHECK(strstr(text, "...") != NULL);
    fclose(f);
    f = tmpfile();
    OK(GxB_fprint(B, GxB_COMPLETE_VERBOSE, f));
    CHECK(count_lines(printed(f)) == 1 + 40);

    /* Every other kind of object. */
    OK(GrB_Vector_new(&v, GrB_BOOL, 5));
    OK(GrB_Vector_setElement(v, true, 3));
    OK(GrB_Scalar_new(&s, GrB_INT16));
    OK(GrB_Scalar_setElement(s, (int16_t) -7));
    OK(GrB_Descriptor_new(&d));
    OK(GrB_set(d, GrB_REPLACE, GrB_OUTP_FIELD));
    fclose(f);
    f = tmpfile();
    OK(GxB_fprint(v, GxB_COMPLETE, f));
    OK(GxB_fprint(s, GxB_COMPLETE, f));
    OK(GxB_fprint(GrB_FP32, GxB_COMPLETE, f));
    OK(GxB_fprint(GrB_AINV_INT8, GxB_COMPLETE, f));
    OK(GxB_fprint(GrB_PLUS_FP64, GxB_COMPLETE, f));
    OK(GxB_fprint(GrB_TRIL, GxB_COMPLETE, f));
    OK(GxB_fprint(GrB_MIN_MONOID_INT64, GxB_COMPLETE, f));
    OK(GxB_fprint(GrB_PLUS_TIMES_SEMIRING_FP64, GxB_COMPLETE, f));
    OK(GxB_fprint(d, GxB_COMPLETE, f));
    text = printed(f);
    CHECK(strstr(text, "v: GrB_Vector of length 5 of bool, 1 entry") != NULL);
    CHECK(strstr(text, "(3)  1") != NULL);
    CHECK(strstr(text, "s: GrB_Scalar of int16_t: -7") != NULL);
    CHECK(strstr(text, "GrB_Type GrB_FP32 (float), size 4 bytes") != NULL);
    CHECK(strstr(text, "GrB_UnaryOp GrB_AINV_INT8") != NULL);
    CHECK(strstr(text, "GrB_BinaryOp GrB_PLUS_FP64") != NULL);
    CHECK(strstr(text, "GrB_IndexUnaryOp GrB_TRIL") != NULL);
    CHECK(strstr(text, "GrB_Monoid GrB_MIN_MONOID_INT64") != NULL);
    CHECK(strstr(text, "GrB_Semiring GrB_PLUS_TIMES_SEMIRING_FP64") != NULL);
    CHECK(strstr(text, "output replaced") != NULL);
    CHECK(count_lines(text) == 10);

    /* To standard output, as LAGraph's tests print. */
    OK(GxB_print(A, 3));
    OK(GxB_print(s, GxB_SHORT));
    OK(GxB_Matrix_fprint(A, NULL, GxB_SUMMARY, NULL));

    /* Bad inputs. */
    EXPECT(GxB_fprint(A, 9, f), GrB_INVALID_VALUE);
    EXPECT(GxB_fprint(A, -1, f), GrB_INVALID_VALUE);
    EXPECT(GxB_print((GrB_Matrix) junk, 3), GrB_UNINITIALIZED_OBJECT);
    EXPECT(GxB_print((GrB_Matrix) NULL, 3), GrB_NULL_POINTER);
    EXPECT(GxB_print((GrB_Vector) A, 3), GrB_INVALID_OBJECT);
    EXPECT(GxB_print((GrB_Descriptor) junk, 1), GrB_UNINITIALIZED_OBJECT);

    fclose(f);
    OK(GrB_free(&A));
    OK(GrB_free(&B));
    OK(GrB_free(&v));
    OK(GrB_free(&s));
    OK(GrB_free(&d));
}

int main(void)
{
    OK(GrB_init(GrB_NONBLOCKING));
    test_type_names();
    test_options();
    test_print();
    OK(GrB_finalize());
    return check_done("test_gxb");
}
