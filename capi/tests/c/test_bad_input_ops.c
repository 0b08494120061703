/* Bad-input table, part 2: the operations (mxm, mxv, vxm, eWiseAdd,
 * eWiseMult, apply in all its forms, select, reduce, transpose, kronecker,
 * extract, assign, diag). See bad_input.h for the fixture and the macros.
 *
 * Every operation with a matrix output C (3x5) first gets the cases of its
 * output side (MATRIX_OUT: NULL, uninitialized and freed C; uninitialized and
 * freed Mask; a mask of the wrong size or of a user-defined type; an
 * uninitialized or mismatched accumulator; an uninitialized descriptor), given
 * the rest of a valid argument list; likewise VECTOR_OUT for w (size 3). Then
 * the cases of its own inputs. */

#include "bad_input.h"

#define MATRIX_OUT(f, ...)                                                              \
    do {                                                                                \
        BAD0(GrB_NULL_POINTER, f(NULL, NULL, NULL, __VA_ARGS__, NULL));                 \
        BAD0(GrB_UNINITIALIZED_OBJECT, f(UNINIT(GrB_Matrix), NULL, NULL, __VA_ARGS__, NULL)); \
        BADF(GrB_UNINITIALIZED_OBJECT, f(freed_matrix(), NULL, NULL, __VA_ARGS__, NULL)); \
        BAD(GrB_UNINITIALIZED_OBJECT, C, f(C, UNINIT(GrB_Matrix), NULL, __VA_ARGS__, NULL)); \
        BADF(GrB_UNINITIALIZED_OBJECT, f(C, freed_matrix(), NULL, __VA_ARGS__, NULL));  \
        BAD(GrB_DIMENSION_MISMATCH, C, f(C, A, NULL, __VA_ARGS__, NULL));               \
        BAD(GrB_DOMAIN_MISMATCH, C, f(C, U35, NULL, __VA_ARGS__, NULL));                \
        BAD(GrB_UNINITIALIZED_OBJECT, C, f(C, NULL, UNINIT(GrB_BinaryOp), __VA_ARGS__, NULL)); \
        BAD(GrB_DOMAIN_MISMATCH, C, f(C, NULL, add16, __VA_ARGS__, NULL));              \
        BAD(GrB_UNINITIALIZED_OBJECT, C, f(C, M, NULL, __VA_ARGS__, UNINIT(GrB_Descriptor))); \
    } while (0)

#define VECTOR_OUT(f, ...)                                                              \
    do {                                                                                \
        BAD0(GrB_NULL_POINTER, f(NULL, NULL, NULL, __VA_ARGS__, NULL));                 \
        BAD0(GrB_UNINITIALIZED_OBJECT, f(UNINIT(GrB_Vector), NULL, NULL, __VA_ARGS__, NULL)); \
        BADF(GrB_UNINITIALIZED_OBJECT, f(freed_vector(), NULL, NULL, __VA_ARGS__, NULL)); \
        BAD(GrB_UNINITIALIZED_OBJECT, w, f(w, UNINIT(GrB_Vector), NULL, __VA_ARGS__, NULL)); \
        BADF(GrB_UNINITIALIZED_OBJECT, f(w, freed_vector(), NULL, __VA_ARGS__, NULL));  \
        BAD(GrB_DIMENSION_MISMATCH, w, f(w, u4, NULL, __VA_ARGS__, NULL));              \
        BAD(GrB_DOMAIN_MISMATCH, w, f(w, Uv3, NULL, __VA_ARGS__, NULL));                \
        BAD(GrB_UNINITIALIZED_OBJECT, w, f(w, NULL, UNINIT(GrB_BinaryOp), __VA_ARGS__, NULL)); \
        BAD(GrB_DOMAIN_MISMATCH, w, f(w, NULL, add16, __VA_ARGS__, NULL));              \
        BAD(GrB_UNINITIALIZED_OBJECT, w, f(w, m3, NULL, __VA_ARGS__, UNINIT(GrB_Descriptor))); \
    } while (0)

/* Matrix f(C, NULL, NULL, op, a, b, desc): a NULL or uninitialized operator. */
#define MATRIX_OPERATOR(f, OpType, a, b)                                        \
    do {                                                                        \
        BAD(GrB_NULL_POINTER, C, f(C, NULL, NULL, NULL, a, b, NULL));           \
        BAD(GrB_UNINITIALIZED_OBJECT, C, f(C, NULL, NULL, UNINIT(OpType), a, b, NULL)); \
    } while (0)

#define VECTOR_OPERATOR(f, OpType, a, b)                                        \
    do {                                                                        \
        BAD(GrB_NULL_POINTER, w, f(w, NULL, NULL, NULL, a, b, NULL));           \
        BAD(GrB_UNINITIALIZED_OBJECT, w, f(w, NULL, NULL, UNINIT(OpType), a, b, NULL)); \
    } while (0)

static void multiply(void)
{
    GrB_Semiring sr = GrB_PLUS_TIMES_SEMIRING_FP64;
    MATRIX_OUT(GrB_mxm, sr, A, B);
    MATRIX_OPERATOR(GrB_mxm, GrB_Semiring, A, B);
    BAD(GrB_NULL_POINTER, C, GrB_mxm(C, NULL, NULL, sr, NULL, B, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_mxm(C, NULL, NULL, sr, A, NULL, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_mxm(C, NULL, NULL, sr, UNINIT(GrB_Matrix), B, NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_mxm(C, NULL, NULL, sr, A, freed_matrix(), NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_mxm(C, NULL, NULL, sr, A, A, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_mxm(C, NULL, NULL, sr, A, B, GrB_DESC_T0));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_mxm(C, NULL, NULL, sr, D, B, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_mxm(C, NULL, NULL, sr, U, B, NULL));

    VECTOR_OUT(GrB_mxv, sr, A, u4);
    VECTOR_OPERATOR(GrB_mxv, GrB_Semiring, A, u4);
    BAD(GrB_NULL_POINTER, w, GrB_mxv(w, NULL, NULL, sr, NULL, u4, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_mxv(w, NULL, NULL, sr, A, NULL, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, w, GrB_mxv(w, NULL, NULL, sr, A, UNINIT(GrB_Vector), NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_mxv(w, NULL, NULL, sr, A, u3, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_mxv(w, NULL, NULL, sr, A, u4, GrB_DESC_T0));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_mxv(w, NULL, NULL, sr, U, u4, NULL));

    VECTOR_OUT(GrB_vxm, sr, u4, A43);
    VECTOR_OPERATOR(GrB_vxm, GrB_Semiring, u4, A43);
    BAD(GrB_NULL_POINTER, w, GrB_vxm(w, NULL, NULL, sr, NULL, A43, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_vxm(w, NULL, NULL, sr, u4, NULL, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, w, GrB_vxm(w, NULL, NULL, sr, u4, UNINIT(GrB_Matrix), NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_vxm(w, NULL, NULL, sr, u3, A43, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_vxm(w, NULL, NULL, sr, u4, A43, GrB_DESC_T1));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_vxm(w, NULL, NULL, sr, Uv3, A, NULL));
}

/* eWiseAdd or eWiseMult: f##_BinaryOp, f##_Monoid, f##_Semiring. */
#define EWISE_MATRIX(f)                                                                  \
    do {                                                                                 \
        MATRIX_OUT(f##_BinaryOp, GrB_PLUS_FP64, D, D);                                   \
        MATRIX_OPERATOR(f##_BinaryOp, GrB_BinaryOp, D, D);                               \
        BAD(GrB_NULL_POINTER, C, f##_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, NULL, D, NULL)); \
        BAD(GrB_NULL_POINTER, C, f##_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, D, NULL, NULL)); \
        BAD(GrB_UNINITIALIZED_OBJECT, C, f##_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, D, UNINIT(GrB_Matrix), NULL)); \
        BAD(GrB_DIMENSION_MISMATCH, C, f##_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, D, A, NULL)); \
        BAD(GrB_DIMENSION_MISMATCH, C, f##_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, D, D, GrB_DESC_T1)); \
        BAD(GrB_DOMAIN_MISMATCH, C, f##_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, U35, D, NULL)); \
        BAD(GrB_DOMAIN_MISMATCH, C, f##_BinaryOp(C, NULL, NULL, add16, D, D, NULL));    \
        MATRIX_OPERATOR(f##_Monoid, GrB_Monoid, D, D);                                   \
        BAD(GrB_DIMENSION_MISMATCH, C, f##_Monoid(C, NULL, NULL, GrB_PLUS_MONOID_FP64, A, D, NULL)); \
        BAD(GrB_DOMAIN_MISMATCH, C, f##_Monoid(C, NULL, NULL, GrB_PLUS_MONOID_FP64, D, U35, NULL)); \
        MATRIX_OPERATOR(f##_Semiring, GrB_Semiring, D, D);                               \
        BAD(GrB_DIMENSION_MISMATCH, C, f##_Semiring(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, D, NULL)); \
        BAD(GrB_DOMAIN_MISMATCH, C, f##_Semiring(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, U35, D, NULL)); \
    } while (0)

#define EWISE_VECTOR(f)                                                                  \
    do {                                                                                 \
        VECTOR_OUT(f##_BinaryOp, GrB_PLUS_FP64, u3, u3);                                 \
        VECTOR_OPERATOR(f##_BinaryOp, GrB_BinaryOp, u3, u3);                             \
        BAD(GrB_NULL_POINTER, w, f##_BinaryOp(w, NULL, NULL, GrB_PLUS_FP64, NULL, u3, NULL)); \
        BAD(GrB_NULL_POINTER, w, f##_BinaryOp(w, NULL, NULL, GrB_PLUS_FP64, u3, NULL, NULL)); \
        BAD(GrB_DIMENSION_MISMATCH, w, f##_BinaryOp(w, NULL, NULL, GrB_PLUS_FP64, u3, u4, NULL)); \
        BAD(GrB_DOMAIN_MISMATCH, w, f##_BinaryOp(w, NULL, NULL, GrB_PLUS_FP64, u3, Uv3, NULL)); \
        VECTOR_OPERATOR(f##_Monoid, GrB_Monoid, u3, u3);                                 \
        BAD(GrB_DIMENSION_MISMATCH, w, f##_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, u4, u3, NULL)); \
        BAD(GrB_DOMAIN_MISMATCH, w, f##_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, Uv3, u3, NULL)); \
        VECTOR_OPERATOR(f##_Semiring, GrB_Semiring, u3, u3);                             \
        BAD(GrB_DOMAIN_MISMATCH, w, f##_Semiring(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, Uv3, u3, NULL)); \
    } while (0)

static void elementwise(void)
{
    EWISE_MATRIX(GrB_Matrix_eWiseAdd);
    EWISE_MATRIX(GrB_Matrix_eWiseMult);
    EWISE_VECTOR(GrB_Vector_eWiseAdd);
    EWISE_VECTOR(GrB_Vector_eWiseMult);
}

static void apply_and_select(void)
{
    /* unary */
    MATRIX_OUT(GrB_Matrix_apply, GrB_AINV_FP64, D);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply(C, NULL, NULL, NULL, D, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_Matrix_apply(C, NULL, NULL, UNINIT(GrB_UnaryOp), D, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, NULL, NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, freed_matrix(), NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, A, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, D, GrB_DESC_T0));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, U35, NULL));
    VECTOR_OUT(GrB_Vector_apply, GrB_AINV_FP64, u3);
    BAD(GrB_NULL_POINTER, w, GrB_Vector_apply(w, NULL, NULL, NULL, u3, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_apply(w, NULL, NULL, GrB_AINV_FP64, NULL, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_apply(w, NULL, NULL, GrB_AINV_FP64, u4, NULL));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Vector_apply(w, NULL, NULL, GrB_AINV_FP64, Uv3, NULL));

    /* binary operator with a bound first or second argument */
    MATRIX_OUT(GrB_Matrix_apply_BinaryOp1st_FP64, GrB_PLUS_FP64, 1.0, D);
    MATRIX_OPERATOR(GrB_Matrix_apply_BinaryOp1st_FP64, GrB_BinaryOp, 1.0, D);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply_BinaryOp1st_FP64(C, NULL, NULL, GrB_PLUS_FP64, 1.0, NULL, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_apply_BinaryOp1st_FP64(C, NULL, NULL, GrB_PLUS_FP64, 1.0, A, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_apply_BinaryOp1st_FP64(C, NULL, NULL, add16, 1.0, D, NULL));
    MATRIX_OUT(GrB_Matrix_apply_BinaryOp2nd_FP64, GrB_PLUS_FP64, D, 1.0);
    MATRIX_OPERATOR(GrB_Matrix_apply_BinaryOp2nd_FP64, GrB_BinaryOp, D, 1.0);
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_apply_BinaryOp2nd_FP64(C, NULL, NULL, GrB_PLUS_FP64, A, 1.0, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_apply_BinaryOp2nd_FP64(C, NULL, NULL, GrB_PLUS_FP64, U35, 1.0, NULL));
    MATRIX_OUT(GrB_Matrix_apply_BinaryOp1st_Scalar, GrB_PLUS_FP64, x, D);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply_BinaryOp1st_Scalar(C, NULL, NULL, GrB_PLUS_FP64, NULL, D, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_Matrix_apply_BinaryOp1st_Scalar(C, NULL, NULL, GrB_PLUS_FP64, UNINIT(GrB_Scalar), D, NULL));
    BAD(GrB_EMPTY_OBJECT, C, GrB_Matrix_apply_BinaryOp1st_Scalar(C, NULL, NULL, GrB_PLUS_FP64, x0, D, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_apply_BinaryOp1st_Scalar(C, NULL, NULL, GrB_PLUS_FP64, sU, D, NULL));
    MATRIX_OUT(GrB_Matrix_apply_BinaryOp2nd_Scalar, GrB_PLUS_FP64, D, x);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply_BinaryOp2nd_Scalar(C, NULL, NULL, GrB_PLUS_FP64, D, NULL, NULL));
    BAD(GrB_EMPTY_OBJECT, C, GrB_Matrix_apply_BinaryOp2nd_Scalar(C, NULL, NULL, GrB_PLUS_FP64, D, x0, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_apply_BinaryOp2nd_Scalar(C, NULL, NULL, GrB_PLUS_FP64, D, sU, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply_BinaryOp1st_UDT(C, NULL, NULL, add16, NULL, U35, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply_BinaryOp2nd_UDT(C, NULL, NULL, add16, U35, NULL, NULL));
    VECTOR_OUT(GrB_Vector_apply_BinaryOp1st_FP64, GrB_PLUS_FP64, 1.0, u3);
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_apply_BinaryOp1st_FP64(w, NULL, NULL, GrB_PLUS_FP64, 1.0, u4, NULL));
    VECTOR_OUT(GrB_Vector_apply_BinaryOp2nd_FP64, GrB_PLUS_FP64, u3, 1.0);
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Vector_apply_BinaryOp2nd_FP64(w, NULL, NULL, GrB_PLUS_FP64, Uv3, 1.0, NULL));
    VECTOR_OUT(GrB_Vector_apply_BinaryOp2nd_Scalar, GrB_PLUS_FP64, u3, x);
    BAD(GrB_NULL_POINTER, w, GrB_Vector_apply_BinaryOp2nd_Scalar(w, NULL, NULL, GrB_PLUS_FP64, u3, NULL, NULL));
    BAD(GrB_EMPTY_OBJECT, w, GrB_Vector_apply_BinaryOp2nd_Scalar(w, NULL, NULL, GrB_PLUS_FP64, u3, x0, NULL));
    BAD(GrB_EMPTY_OBJECT, w, GrB_Vector_apply_BinaryOp1st_Scalar(w, NULL, NULL, GrB_PLUS_FP64, x0, u3, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_apply_BinaryOp1st_UDT(w, NULL, NULL, add16, NULL, Uv3, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_apply_BinaryOp2nd_UDT(w, NULL, NULL, add16, Uv3, NULL, NULL));

    /* index-unary operator (apply and select) */
    MATRIX_OUT(GrB_Matrix_apply_IndexOp_FP64, GrB_ROWINDEX_INT64, D, 1.0);
    MATRIX_OPERATOR(GrB_Matrix_apply_IndexOp_FP64, GrB_IndexUnaryOp, D, 1.0);
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_apply_IndexOp_FP64(C, NULL, NULL, GrB_ROWINDEX_INT64, A, 1.0, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_apply_IndexOp_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, U35, 1.0, NULL));
    MATRIX_OUT(GrB_Matrix_apply_IndexOp_Scalar, GrB_ROWINDEX_INT64, D, x);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply_IndexOp_Scalar(C, NULL, NULL, GrB_ROWINDEX_INT64, D, NULL, NULL));
    BAD(GrB_EMPTY_OBJECT, C, GrB_Matrix_apply_IndexOp_Scalar(C, NULL, NULL, GrB_ROWINDEX_INT64, D, x0, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_apply_IndexOp_Scalar(C, NULL, NULL, GrB_ROWINDEX_INT64, D, sU, NULL));
    VECTOR_OUT(GrB_Vector_apply_IndexOp_FP64, GrB_ROWINDEX_INT64, u3, 1.0);
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_apply_IndexOp_FP64(w, NULL, NULL, GrB_ROWINDEX_INT64, u4, 1.0, NULL));
    BAD(GrB_EMPTY_OBJECT, w, GrB_Vector_apply_IndexOp_Scalar(w, NULL, NULL, GrB_ROWINDEX_INT64, u3, x0, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_apply_IndexOp_UDT(C, NULL, NULL, GrB_ROWINDEX_INT64, D, NULL, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_apply_IndexOp_UDT(w, NULL, NULL, GrB_ROWINDEX_INT64, u3, NULL, NULL));

    MATRIX_OUT(GrB_Matrix_select_FP64, GrB_VALUEGT_FP64, D, 0.0);
    MATRIX_OPERATOR(GrB_Matrix_select_FP64, GrB_IndexUnaryOp, D, 0.0);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_select_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, NULL, 0.0, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_select_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, A, 0.0, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_select_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, D, 0.0, GrB_DESC_T0));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_select_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, U35, 0.0, NULL));
    MATRIX_OUT(GrB_Matrix_select_Scalar, GrB_VALUEGT_FP64, D, x);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_select_Scalar(C, NULL, NULL, GrB_VALUEGT_FP64, D, NULL, NULL));
    BAD(GrB_EMPTY_OBJECT, C, GrB_Matrix_select_Scalar(C, NULL, NULL, GrB_VALUEGT_FP64, D, x0, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_select_Scalar(C, NULL, NULL, GrB_VALUEGT_FP64, D, sU, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_select_UDT(C, NULL, NULL, GrB_VALUEGT_FP64, D, NULL, NULL));
    VECTOR_OUT(GrB_Vector_select_FP64, GrB_VALUEGT_FP64, u3, 0.0);
    VECTOR_OPERATOR(GrB_Vector_select_FP64, GrB_IndexUnaryOp, u3, 0.0);
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_select_FP64(w, NULL, NULL, GrB_VALUEGT_FP64, u4, 0.0, NULL));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Vector_select_FP64(w, NULL, NULL, GrB_VALUEGT_FP64, Uv3, 0.0, NULL));
    BAD(GrB_EMPTY_OBJECT, w, GrB_Vector_select_Scalar(w, NULL, NULL, GrB_VALUEGT_FP64, u3, x0, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_select_UDT(w, NULL, NULL, GrB_VALUEGT_FP64, u3, NULL, NULL));
}

static void reduce(void)
{
    /* to a vector */
    VECTOR_OUT(GrB_Matrix_reduce_Monoid, GrB_PLUS_MONOID_FP64, D);
    BAD(GrB_NULL_POINTER, w, GrB_Matrix_reduce_Monoid(w, NULL, NULL, NULL, D, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, w, GrB_Matrix_reduce_Monoid(w, NULL, NULL, UNINIT(GrB_Monoid), D, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, NULL, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, B, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, D, GrB_DESC_T0));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, U35, NULL));
    VECTOR_OUT(GrB_Matrix_reduce_BinaryOp, GrB_PLUS_FP64, D);
    BAD(GrB_NULL_POINTER, w, GrB_Matrix_reduce_BinaryOp(w, NULL, NULL, NULL, D, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Matrix_reduce_BinaryOp(w, NULL, NULL, GrB_PLUS_FP64, B, NULL));

    /* to a scalar (C value or GrB_Scalar) */
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_reduce_FP64(NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_reduce_FP64(&d_out, NULL, NULL, A, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, A, GrB_Matrix_reduce_FP64(&d_out, NULL, UNINIT(GrB_Monoid), A, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, A, GrB_Matrix_reduce_FP64(&d_out, UNINIT(GrB_BinaryOp), GrB_PLUS_MONOID_FP64, A, NULL));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_reduce_FP64(&d_out, NULL, GrB_PLUS_MONOID_FP64, NULL, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_reduce_FP64(&d_out, NULL, GrB_PLUS_MONOID_FP64, UNINIT(GrB_Matrix), NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_reduce_FP64(&d_out, NULL, GrB_PLUS_MONOID_FP64, freed_matrix(), NULL));
    BAD(GrB_DOMAIN_MISMATCH, U, GrB_Matrix_reduce_FP64(&d_out, NULL, GrB_PLUS_MONOID_FP64, U, NULL));
    BAD(GrB_DOMAIN_MISMATCH, A, GrB_Matrix_reduce_FP64(&d_out, add16, GrB_PLUS_MONOID_FP64, A, NULL));
    BAD(GrB_NULL_POINTER, u3, GrB_Vector_reduce_FP64(NULL, NULL, GrB_PLUS_MONOID_FP64, u3, NULL));
    BAD(GrB_NULL_POINTER, u3, GrB_Vector_reduce_FP64(&d_out, NULL, NULL, u3, NULL));
    BAD0(GrB_NULL_POINTER, GrB_Vector_reduce_FP64(&d_out, NULL, GrB_PLUS_MONOID_FP64, NULL, NULL));
    BAD(GrB_DOMAIN_MISMATCH, Uv3, GrB_Vector_reduce_FP64(&d_out, NULL, GrB_PLUS_MONOID_FP64, Uv3, NULL));
    BAD(GrB_NULL_POINTER, U, GrB_Matrix_reduce_UDT(NULL, NULL, GrB_PLUS_MONOID_FP64, U, NULL));
    BAD(GrB_NULL_POINTER, Uv3, GrB_Vector_reduce_UDT(NULL, NULL, GrB_PLUS_MONOID_FP64, Uv3, NULL));

    BAD0(GrB_NULL_POINTER, GrB_Matrix_reduce_Monoid_Scalar(NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_reduce_Monoid_Scalar(UNINIT(GrB_Scalar), NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_reduce_Monoid_Scalar(freed_scalar(), NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    BAD(GrB_NULL_POINTER, s, GrB_Matrix_reduce_Monoid_Scalar(s, NULL, NULL, A, NULL));
    BAD(GrB_NULL_POINTER, s, GrB_Matrix_reduce_Monoid_Scalar(s, NULL, GrB_PLUS_MONOID_FP64, NULL, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, s, GrB_Matrix_reduce_Monoid_Scalar(s, NULL, GrB_PLUS_MONOID_FP64, UNINIT(GrB_Matrix), NULL));
    BAD(GrB_DOMAIN_MISMATCH, s, GrB_Matrix_reduce_Monoid_Scalar(s, NULL, GrB_PLUS_MONOID_FP64, U, NULL));
    BAD(GrB_DOMAIN_MISMATCH, s, GrB_Matrix_reduce_Monoid_Scalar(s, add16, GrB_PLUS_MONOID_FP64, A, NULL));
    BAD(GrB_DOMAIN_MISMATCH, sU, GrB_Matrix_reduce_Monoid_Scalar(sU, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    BAD(GrB_NULL_POINTER, s, GrB_Matrix_reduce_BinaryOp_Scalar(s, NULL, NULL, A, NULL));
    BAD(GrB_DOMAIN_MISMATCH, s, GrB_Matrix_reduce_BinaryOp_Scalar(s, NULL, GrB_PLUS_FP64, U, NULL));
    BAD(GrB_NULL_POINTER, s, GrB_Vector_reduce_Monoid_Scalar(s, NULL, NULL, u3, NULL));
    BAD(GrB_NULL_POINTER, s, GrB_Vector_reduce_Monoid_Scalar(s, NULL, GrB_PLUS_MONOID_FP64, NULL, NULL));
    BAD(GrB_DOMAIN_MISMATCH, s, GrB_Vector_reduce_Monoid_Scalar(s, NULL, GrB_PLUS_MONOID_FP64, Uv3, NULL));
    BAD(GrB_NULL_POINTER, s, GrB_Vector_reduce_BinaryOp_Scalar(s, NULL, NULL, u3, NULL));
    BAD(GrB_DOMAIN_MISMATCH, s, GrB_Vector_reduce_BinaryOp_Scalar(s, NULL, GrB_PLUS_FP64, Uv3, NULL));
}

static void transpose_and_kronecker(void)
{
    MATRIX_OUT(GrB_transpose, D53);
    BAD(GrB_NULL_POINTER, C, GrB_transpose(C, NULL, NULL, NULL, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_transpose(C, NULL, NULL, UNINIT(GrB_Matrix), NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_transpose(C, NULL, NULL, freed_matrix(), NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_transpose(C, NULL, NULL, D, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_transpose(C, NULL, NULL, D53, GrB_DESC_T0));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_transpose(C, NULL, GrB_PLUS_FP64, U35, GrB_DESC_T0));

    MATRIX_OUT(GrB_Matrix_kronecker_BinaryOp, GrB_TIMES_FP64, I11, D);
    MATRIX_OPERATOR(GrB_Matrix_kronecker_BinaryOp, GrB_BinaryOp, I11, D);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, NULL, D, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, I11, NULL, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, UNINIT(GrB_Matrix), D, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, A, D, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, I11, D, GrB_DESC_T1));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, U11, D, NULL));
    MATRIX_OPERATOR(GrB_Matrix_kronecker_Monoid, GrB_Monoid, I11, D);
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_kronecker_Monoid(C, NULL, NULL, GrB_PLUS_MONOID_FP64, I11, U35, NULL));
    MATRIX_OPERATOR(GrB_Matrix_kronecker_Semiring, GrB_Semiring, I11, D);
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_kronecker_Semiring(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, D, D, NULL));
}

static void extract(void)
{
    MATRIX_OUT(GrB_Matrix_extract, D, GrB_ALL, 3, GrB_ALL, 5);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_extract(C, NULL, NULL, NULL, GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_Matrix_extract(C, NULL, NULL, UNINIT(GrB_Matrix), GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_extract(C, NULL, NULL, D, NULL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_extract(C, NULL, NULL, D, GrB_ALL, 3, NULL, 5, NULL));
    /* A NULL list is not GrB_ALL, even when empty. */
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_extract(C, NULL, NULL, D, NULL, 0, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_extract(C, NULL, NULL, D, GrB_ALL, 3, NULL, 0, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_extract(C, NULL, NULL, D, I3, 2, GrB_ALL, 5, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_extract(C, NULL, NULL, A, GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_INVALID_VALUE, C, GrB_Matrix_extract(C, NULL, NULL, D, I3, HUGE, GrB_ALL, 5, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, C, GrB_Matrix_extract(C, NULL, NULL, D, I_OOB, 3, GrB_ALL, 5, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_extract(C, NULL, NULL, U35, GrB_ALL, 3, GrB_ALL, 5, NULL));

    VECTOR_OUT(GrB_Col_extract, A, GrB_ALL, 3, 1);
    BAD(GrB_NULL_POINTER, w, GrB_Col_extract(w, NULL, NULL, NULL, GrB_ALL, 3, 1, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Col_extract(w, NULL, NULL, A, NULL, 3, 1, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Col_extract(w, NULL, NULL, A, NULL, 0, 1, NULL));
    BAD(GrB_INVALID_INDEX, w, GrB_Col_extract(w, NULL, NULL, A, GrB_ALL, 3, 4, NULL));
    BAD(GrB_INVALID_INDEX, w, GrB_Col_extract(w, NULL, NULL, A, GrB_ALL, 3, HUGE, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Col_extract(w, NULL, NULL, A, I3, 2, 1, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, w, GrB_Col_extract(w, NULL, NULL, A, I_OOB, 3, 1, NULL));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Col_extract(w, NULL, NULL, U, GrB_ALL, 3, 1, NULL));

    VECTOR_OUT(GrB_Vector_extract, u4, I3, 3);
    BAD(GrB_NULL_POINTER, w, GrB_Vector_extract(w, NULL, NULL, NULL, I3, 3, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_extract(w, NULL, NULL, u4, NULL, 3, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_extract(w, NULL, NULL, u4, NULL, 0, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_extract(w, NULL, NULL, u4, I3, 2, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_extract(w, NULL, NULL, u4, GrB_ALL, 4, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, w, GrB_Vector_extract(w, NULL, NULL, u4, I_OOB, 3, NULL));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Vector_extract(w, NULL, NULL, Uv3, I3, 3, NULL));
}

static void assign(void)
{
    MATRIX_OUT(GrB_Matrix_assign, D, GrB_ALL, 3, GrB_ALL, 5);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_assign(C, NULL, NULL, NULL, GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_Matrix_assign(C, NULL, NULL, UNINIT(GrB_Matrix), GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_assign(C, NULL, NULL, D, NULL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_assign(C, NULL, NULL, D, NULL, 0, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_assign(C, NULL, NULL, D, GrB_ALL, 3, NULL, 0, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_assign(C, NULL, NULL, A, GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Matrix_assign(C, NULL, NULL, D, I3, 2, GrB_ALL, 5, NULL));
    BAD(GrB_INVALID_VALUE, C, GrB_Matrix_assign(C, NULL, NULL, D, I3, HUGE, GrB_ALL, 5, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, C, GrB_Matrix_assign(C, NULL, NULL, D, I_OOB, 3, GrB_ALL, 5, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_assign(C, NULL, NULL, U35, GrB_ALL, 3, GrB_ALL, 5, NULL));

    MATRIX_OUT(GrB_Matrix_assign_FP64, 1.5, GrB_ALL, 3, GrB_ALL, 5);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_assign_FP64(C, NULL, NULL, 1.5, NULL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_assign_FP64(C, NULL, NULL, 1.5, NULL, 0, GrB_ALL, 5, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, C, GrB_Matrix_assign_FP64(C, NULL, NULL, 1.5, GrB_ALL, 3, I_OOB, 3, NULL));
    BAD(GrB_INVALID_VALUE, C, GrB_Matrix_assign_FP64(C, NULL, NULL, 1.5, I3, HUGE, GrB_ALL, 5, NULL));
    MATRIX_OUT(GrB_Matrix_assign_Scalar, x, GrB_ALL, 3, GrB_ALL, 5);
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_assign_Scalar(C, NULL, NULL, NULL, GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_Matrix_assign_Scalar(C, NULL, NULL, UNINIT(GrB_Scalar), GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_assign_Scalar(C, NULL, NULL, sU, GrB_ALL, 3, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, U35, GrB_Matrix_assign_UDT(U35, NULL, NULL, NULL, GrB_ALL, 3, GrB_ALL, 5, NULL));

    VECTOR_OUT(GrB_Vector_assign, u3, GrB_ALL, 3);
    BAD(GrB_NULL_POINTER, w, GrB_Vector_assign(w, NULL, NULL, NULL, GrB_ALL, 3, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_assign(w, NULL, NULL, u4, GrB_ALL, 3, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, w, GrB_Vector_assign(w, NULL, NULL, u3, I_OOB, 3, NULL));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Vector_assign(w, NULL, NULL, Uv3, GrB_ALL, 3, NULL));
    VECTOR_OUT(GrB_Vector_assign_FP64, 2.0, GrB_ALL, 3);
    BAD(GrB_NULL_POINTER, w, GrB_Vector_assign_FP64(w, NULL, NULL, 2.0, NULL, 3, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_assign_FP64(w, NULL, NULL, 2.0, NULL, 0, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_assign(w, NULL, NULL, u3, NULL, 0, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, w, GrB_Vector_assign_FP64(w, NULL, NULL, 2.0, I_OOB, 3, NULL));
    BAD(GrB_INVALID_VALUE, w, GrB_Vector_assign_FP64(w, NULL, NULL, 2.0, I3, HUGE, NULL));
    VECTOR_OUT(GrB_Vector_assign_Scalar, x, GrB_ALL, 3);
    BAD(GrB_NULL_POINTER, w, GrB_Vector_assign_Scalar(w, NULL, NULL, NULL, GrB_ALL, 3, NULL));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Vector_assign_Scalar(w, NULL, NULL, sU, GrB_ALL, 3, NULL));
    BAD(GrB_NULL_POINTER, Uv3, GrB_Vector_assign_UDT(Uv3, NULL, NULL, NULL, GrB_ALL, 3, NULL));

    /* column and row assignment (the mask is a vector) */
    BAD0(GrB_NULL_POINTER, GrB_Col_assign(NULL, NULL, NULL, u3, GrB_ALL, 3, 1, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Col_assign(UNINIT(GrB_Matrix), NULL, NULL, u3, GrB_ALL, 3, 1, NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Col_assign(freed_matrix(), NULL, NULL, u3, GrB_ALL, 3, 1, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Col_assign(C, NULL, NULL, NULL, GrB_ALL, 3, 1, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_Col_assign(C, UNINIT(GrB_Vector), NULL, u3, GrB_ALL, 3, 1, NULL));
    BAD(GrB_INVALID_INDEX, C, GrB_Col_assign(C, NULL, NULL, u3, GrB_ALL, 3, 5, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Col_assign(C, NULL, NULL, u4, GrB_ALL, 3, 1, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Col_assign(C, u4, NULL, u3, GrB_ALL, 3, 1, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, C, GrB_Col_assign(C, NULL, NULL, u3, I_OOB, 3, 1, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Col_assign(C, NULL, NULL, u3, NULL, 0, 1, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Col_assign(C, NULL, NULL, Uv3, GrB_ALL, 3, 1, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Col_assign(C, NULL, add16, u3, GrB_ALL, 3, 1, NULL));
    BAD0(GrB_NULL_POINTER, GrB_Row_assign(NULL, NULL, NULL, u5, 1, GrB_ALL, 5, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Row_assign(C, NULL, NULL, NULL, 1, GrB_ALL, 5, NULL));
    BAD(GrB_INVALID_INDEX, C, GrB_Row_assign(C, NULL, NULL, u5, 3, GrB_ALL, 5, NULL));
    BAD(GrB_DIMENSION_MISMATCH, C, GrB_Row_assign(C, NULL, NULL, u4, 1, GrB_ALL, 5, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, C, GrB_Row_assign(C, NULL, NULL, u3, 1, I_OOB, 3, NULL));
    BAD(GrB_NULL_POINTER, C, GrB_Row_assign(C, NULL, NULL, u5, 1, NULL, 0, NULL));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Row_assign(C, NULL, add16, u5, 1, GrB_ALL, 5, NULL));
}

static void diag(void)
{
    BAD0(GrB_NULL_POINTER, GrB_Matrix_diag(NULL, u3, 0));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_diag(&made_matrix, NULL, 0));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_diag(&made_matrix, UNINIT(GrB_Vector), 0));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_diag(&made_matrix, freed_vector(), 0));
    BAD(GrB_INVALID_VALUE, u3, GrB_Matrix_diag(&made_matrix, u3, INT64_MAX));
    BAD(GrB_INVALID_VALUE, u3, GrB_Matrix_diag(&made_matrix, u3, INT64_MIN));

    BAD0(GrB_NULL_POINTER, GrB_Vector_diag(NULL, D, 0, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_diag(UNINIT(GrB_Vector), D, 0, NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Vector_diag(freed_vector(), D, 0, NULL));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_diag(w, NULL, 0, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, w, GrB_Vector_diag(w, UNINIT(GrB_Matrix), 0, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, w, GrB_Vector_diag(w, D, 0, UNINIT(GrB_Descriptor)));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_diag(w, D, 3, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_diag(w, D, -1, NULL));
    BAD(GrB_DIMENSION_MISMATCH, w, GrB_Vector_diag(w, D, INT64_MIN, NULL));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Vector_diag(w, U35, 0, NULL));
}

int main(void)
{
    bad_input_begin();
    multiply();
    elementwise();
    apply_and_select();
    reduce();
    transpose_and_kronecker();
    extract();
    assign();
    diag();
    return bad_input_end("test_bad_input_ops");
}
