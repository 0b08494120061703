
/* The polymorphic interface has its own include guard: cbindgen writes it
 * after the guard of the declarations. */
#ifndef GRAPHBLAS_POLYMORPHIC_H
#define GRAPHBLAS_POLYMORPHIC_H

/* ------------------------------------------------------------------------
 * Polymorphic interface (C11 _Generic), as in the specification
 * ------------------------------------------------------------------------ */

/* Helpers: the branches for the 11 built-in types by value, and by pointer. */
#define GB_BY_VALUE(p)                                                         \
    bool: p##BOOL, int8_t: p##INT8, uint8_t: p##UINT8, int16_t: p##INT16,      \
    uint16_t: p##UINT16, int32_t: p##INT32, uint32_t: p##UINT32,               \
    int64_t: p##INT64, uint64_t: p##UINT64, float: p##FP32, double: p##FP64

#define GB_BY_POINTER(p)                                                       \
    bool *: p##BOOL, int8_t *: p##INT8, uint8_t *: p##UINT8,                   \
    int16_t *: p##INT16, uint16_t *: p##UINT16, int32_t *: p##INT32,           \
    uint32_t *: p##UINT32, int64_t *: p##INT64, uint64_t *: p##UINT64,         \
    float *: p##FP32, double *: p##FP64, void *: p##UDT

#define GB_BY_CONST_POINTER(p)                                                 \
    GB_BY_POINTER(p),                                                          \
    const bool *: p##BOOL, const int8_t *: p##INT8, const uint8_t *: p##UINT8, \
    const int16_t *: p##INT16, const uint16_t *: p##UINT16,                    \
    const int32_t *: p##INT32, const uint32_t *: p##UINT32,                    \
    const int64_t *: p##INT64, const uint64_t *: p##UINT64,                    \
    const float *: p##FP32, const double *: p##FP64, const void *: p##UDT

/* The branches for the complex types (the GxB_ functions), by value and by
 * pointer. */
#define GB_COMPLEX_BY_VALUE(p) GxB_FC32_t: p##FC32, GxB_FC64_t: p##FC64

#define GB_COMPLEX_BY_POINTER(p) GxB_FC32_t *: p##FC32, GxB_FC64_t *: p##FC64

#define GB_COMPLEX_BY_CONST_POINTER(p)                                         \
    GB_COMPLEX_BY_POINTER(p), const GxB_FC32_t *: p##FC32,                     \
    const GxB_FC64_t *: p##FC64

/* The first of the variadic arguments. */
#define GB_FIRST(...) GB_FIRST_(__VA_ARGS__, 0)
#define GB_FIRST_(x, ...) x

/* Object methods */

#define GrB_Monoid_new(monoid, op, identity)                                   \
    _Generic((identity), GB_BY_VALUE(GrB_Monoid_new_),                         \
             GB_COMPLEX_BY_VALUE(GxB_Monoid_new_),                             \
             void *: GrB_Monoid_new_UDT, const void *: GrB_Monoid_new_UDT)     \
    (monoid, op, identity)

#define GrB_Scalar_setElement(s, x)                                            \
    _Generic((x), GB_BY_VALUE(GrB_Scalar_setElement_),                         \
             GB_COMPLEX_BY_VALUE(GxB_Scalar_setElement_),                      \
             void *: GrB_Scalar_setElement_UDT,                                \
             const void *: GrB_Scalar_setElement_UDT)(s, x)

#define GrB_Scalar_extractElement(x, s)                                        \
    _Generic((x), GB_BY_POINTER(GrB_Scalar_extractElement_),                   \
             GB_COMPLEX_BY_POINTER(GxB_Scalar_extractElement_))(x, s)

#define GrB_Vector_build(w, I, X, nvals, dup)                                  \
    _Generic((X), GB_BY_CONST_POINTER(GrB_Vector_build_),                      \
             GB_COMPLEX_BY_CONST_POINTER(GxB_Vector_build_))(w, I, X, nvals, dup)

#define GrB_Vector_setElement(w, x, i)                                         \
    _Generic((x), GB_BY_VALUE(GrB_Vector_setElement_),                         \
             GB_COMPLEX_BY_VALUE(GxB_Vector_setElement_),                      \
             void *: GrB_Vector_setElement_UDT,                                \
             const void *: GrB_Vector_setElement_UDT,                          \
             GrB_Scalar: GrB_Vector_setElement_Scalar)(w, x, i)

#define GrB_Vector_extractElement(x, v, i)                                     \
    _Generic((x), GB_BY_POINTER(GrB_Vector_extractElement_),                   \
             GB_COMPLEX_BY_POINTER(GxB_Vector_extractElement_),                \
             GrB_Scalar: GrB_Vector_extractElement_Scalar)(x, v, i)

#define GrB_Vector_extractTuples(I, X, nvals, v)                               \
    _Generic((X), GB_BY_POINTER(GrB_Vector_extractTuples_),                    \
             GB_COMPLEX_BY_POINTER(GxB_Vector_extractTuples_))(I, X, nvals, v)

#define GrB_Matrix_build(C, I, J, X, nvals, dup)                               \
    _Generic((X), GB_BY_CONST_POINTER(GrB_Matrix_build_),                      \
             GB_COMPLEX_BY_CONST_POINTER(GxB_Matrix_build_))                   \
    (C, I, J, X, nvals, dup)

#define GrB_Matrix_setElement(C, x, i, j)                                      \
    _Generic((x), GB_BY_VALUE(GrB_Matrix_setElement_),                         \
             GB_COMPLEX_BY_VALUE(GxB_Matrix_setElement_),                      \
             void *: GrB_Matrix_setElement_UDT,                                \
             const void *: GrB_Matrix_setElement_UDT,                          \
             GrB_Scalar: GrB_Matrix_setElement_Scalar)(C, x, i, j)

#define GrB_Matrix_extractElement(x, A, i, j)                                  \
    _Generic((x), GB_BY_POINTER(GrB_Matrix_extractElement_),                   \
             GB_COMPLEX_BY_POINTER(GxB_Matrix_extractElement_),                \
             GrB_Scalar: GrB_Matrix_extractElement_Scalar)(x, A, i, j)

#define GrB_Matrix_extractTuples(I, J, X, nvals, A)                            \
    _Generic((X), GB_BY_POINTER(GrB_Matrix_extractTuples_),                    \
             GB_COMPLEX_BY_POINTER(GxB_Matrix_extractTuples_))                 \
    (I, J, X, nvals, A)

#define GrB_Matrix_import(A, type, nrows, ncols, Ap, Ai, Ax, Ap_len, Ai_len,   \
                          Ax_len, format)                                      \
    _Generic((Ax), GB_BY_CONST_POINTER(GrB_Matrix_import_))                    \
    (A, type, nrows, ncols, Ap, Ai, Ax, Ap_len, Ai_len, Ax_len, format)

#define GrB_Matrix_export(Ap, Ai, Ax, Ap_len, Ai_len, Ax_len, format, A)       \
    _Generic((Ax), GB_BY_POINTER(GrB_Matrix_export_))                          \
    (Ap, Ai, Ax, Ap_len, Ai_len, Ax_len, format, A)

#define GrB_free(object)                                                       \
    _Generic((object),                                                         \
             GrB_Type *: GrB_Type_free,                                        \
             GrB_UnaryOp *: GrB_UnaryOp_free,                                  \
             GrB_BinaryOp *: GrB_BinaryOp_free,                                \
             GrB_IndexUnaryOp *: GrB_IndexUnaryOp_free,                        \
             GrB_Monoid *: GrB_Monoid_free,                                    \
             GrB_Semiring *: GrB_Semiring_free,                                \
             GrB_Scalar *: GrB_Scalar_free,                                    \
             GrB_Vector *: GrB_Vector_free,                                    \
             GrB_Matrix *: GrB_Matrix_free,                                    \
             GrB_Descriptor *: GrB_Descriptor_free,                            \
             GxB_Iterator *: GxB_Iterator_free,                                \
             GxB_SelectOp *: GxB_SelectOp_free)(object)

#define GrB_wait(object, mode)                                                 \
    _Generic((object),                                                         \
             GrB_Type: GrB_Type_wait,                                          \
             GrB_UnaryOp: GrB_UnaryOp_wait,                                    \
             GrB_BinaryOp: GrB_BinaryOp_wait,                                  \
             GrB_IndexUnaryOp: GrB_IndexUnaryOp_wait,                          \
             GrB_Monoid: GrB_Monoid_wait,                                      \
             GrB_Semiring: GrB_Semiring_wait,                                  \
             GrB_Scalar: GrB_Scalar_wait,                                      \
             GrB_Vector: GrB_Vector_wait,                                      \
             GrB_Matrix: GrB_Matrix_wait,                                      \
             GrB_Descriptor: GrB_Descriptor_wait)(object, mode)

#define GrB_error(error, object)                                               \
    _Generic((object),                                                         \
             GrB_Type: GrB_Type_error,                                         \
             GrB_UnaryOp: GrB_UnaryOp_error,                                   \
             GrB_BinaryOp: GrB_BinaryOp_error,                                 \
             GrB_IndexUnaryOp: GrB_IndexUnaryOp_error,                         \
             GrB_Monoid: GrB_Monoid_error,                                     \
             GrB_Semiring: GrB_Semiring_error,                                 \
             GrB_Scalar: GrB_Scalar_error,                                     \
             GrB_Vector: GrB_Vector_error,                                     \
             GrB_Matrix: GrB_Matrix_error,                                     \
             GrB_Descriptor: GrB_Descriptor_error)(error, object)

/* Operations */

#define GrB_eWiseAdd(C, Mask, accum, op, A, B, desc)                           \
    _Generic((C),                                                              \
        GrB_Matrix: _Generic((op),                                             \
            GrB_Semiring: GrB_Matrix_eWiseAdd_Semiring,                        \
            GrB_Monoid: GrB_Matrix_eWiseAdd_Monoid,                            \
            GrB_BinaryOp: GrB_Matrix_eWiseAdd_BinaryOp),                       \
        GrB_Vector: _Generic((op),                                             \
            GrB_Semiring: GrB_Vector_eWiseAdd_Semiring,                        \
            GrB_Monoid: GrB_Vector_eWiseAdd_Monoid,                            \
            GrB_BinaryOp: GrB_Vector_eWiseAdd_BinaryOp))                       \
    (C, Mask, accum, op, A, B, desc)

#define GrB_eWiseMult(C, Mask, accum, op, A, B, desc)                          \
    _Generic((C),                                                              \
        GrB_Matrix: _Generic((op),                                             \
            GrB_Semiring: GrB_Matrix_eWiseMult_Semiring,                       \
            GrB_Monoid: GrB_Matrix_eWiseMult_Monoid,                           \
            GrB_BinaryOp: GrB_Matrix_eWiseMult_BinaryOp),                      \
        GrB_Vector: _Generic((op),                                             \
            GrB_Semiring: GrB_Vector_eWiseMult_Semiring,                       \
            GrB_Monoid: GrB_Vector_eWiseMult_Monoid,                           \
            GrB_BinaryOp: GrB_Vector_eWiseMult_BinaryOp))                      \
    (C, Mask, accum, op, A, B, desc)

#define GxB_eWiseUnion(C, Mask, accum, op, A, alpha, B, beta, desc)            \
    _Generic((C),                                                              \
        GrB_Matrix: GxB_Matrix_eWiseUnion,                                     \
        GrB_Vector: GxB_Vector_eWiseUnion)                                     \
    (C, Mask, accum, op, A, alpha, B, beta, desc)

#define GrB_kronecker(C, Mask, accum, op, A, B, desc)                          \
    _Generic((op),                                                             \
        GrB_Semiring: GrB_Matrix_kronecker_Semiring,                           \
        GrB_Monoid: GrB_Matrix_kronecker_Monoid,                               \
        GrB_BinaryOp: GrB_Matrix_kronecker_BinaryOp)                           \
    (C, Mask, accum, op, A, B, desc)

/* GrB_extract(w, mask, accum, u, I, ni, desc)
 * GrB_extract(w, mask, accum, A, I, ni, j, desc)           (GrB_Col_extract)
 * GrB_extract(C, Mask, accum, A, I, ni, J, nj, desc) */
#define GrB_extract(C, Mask, accum, A, ...)                                    \
    _Generic((C),                                                              \
        GrB_Vector: _Generic((A),                                              \
            GrB_Vector: GrB_Vector_extract,                                    \
            GrB_Matrix: GrB_Col_extract),                                      \
        GrB_Matrix: GrB_Matrix_extract)                                        \
    (C, Mask, accum, A, __VA_ARGS__)

/* GrB_assign(w, mask, accum, u | x, I, ni, desc)
 * GrB_assign(C, Mask, accum, A | x, I, ni, J, nj, desc)
 * GrB_assign(C, mask, accum, u, I, ni, j, desc)             (GrB_Col_assign)
 * GrB_assign(C, mask, accum, u, i, J, nj, desc)             (GrB_Row_assign) */
#define GB_ASSIGN(P, op, C, A, ...)                                            \
    _Generic((C),                                                              \
        GrB_Vector: _Generic((A),                                              \
            GB_BY_VALUE(P##_Vector_##op##_),                                   \
            void *: P##_Vector_##op##_UDT,                                     \
            const void *: P##_Vector_##op##_UDT,                               \
            GrB_Scalar: P##_Vector_##op##_Scalar,                              \
            default: P##_Vector_##op),                                         \
        GrB_Matrix: _Generic((A),                                              \
            GB_BY_VALUE(P##_Matrix_##op##_),                                   \
            void *: P##_Matrix_##op##_UDT,                                     \
            const void *: P##_Matrix_##op##_UDT,                               \
            GrB_Scalar: P##_Matrix_##op##_Scalar,                              \
            default: P##_Matrix_##op,                                          \
            GrB_Vector: _Generic((GB_FIRST(__VA_ARGS__)),                      \
                const GrB_Index *: P##_Col_##op,                               \
                GrB_Index *: P##_Col_##op,                                     \
                default: P##_Row_##op)))

#define GrB_assign(C, Mask, accum, A, ...)                                     \
    GB_ASSIGN(GrB, assign, C, A, __VA_ARGS__)(C, Mask, accum, A, __VA_ARGS__)

/* GxB_subassign: the same forms as GrB_assign; the mask has the size of the
 * submatrix C(I,J) (SuiteSparse). */
#define GxB_subassign(C, Mask, accum, A, ...)                                  \
    GB_ASSIGN(GxB, subassign, C, A, __VA_ARGS__)(C, Mask, accum, A, __VA_ARGS__)

/* (Nested selections need a default: C compiles every association, chosen or not.)
 * GrB_apply(C, Mask, accum, unaryop, A, desc)
 * GrB_apply(C, Mask, accum, binaryop, x, A, desc)           (bind first)
 * GrB_apply(C, Mask, accum, binaryop, A, y, desc)           (bind second)
 * GrB_apply(C, Mask, accum, indexunaryop, A, thunk, desc) */
#define GB_APPLY_SECOND(kind, y)                                               \
    _Generic((y),                                                              \
        GB_BY_VALUE(GrB_##kind##_apply_BinaryOp2nd_),                          \
        GrB_Scalar: GrB_##kind##_apply_BinaryOp2nd_Scalar,                     \
        void *: GrB_##kind##_apply_BinaryOp2nd_UDT,                            \
        const void *: GrB_##kind##_apply_BinaryOp2nd_UDT,                      \
        default: GrB_##kind##_apply_BinaryOp2nd_Scalar)

#define GB_APPLY_INDEXOP(kind, thunk)                                          \
    _Generic((thunk),                                                          \
        GB_BY_VALUE(GrB_##kind##_apply_IndexOp_),                              \
        GrB_Scalar: GrB_##kind##_apply_IndexOp_Scalar,                         \
        void *: GrB_##kind##_apply_IndexOp_UDT,                                \
        const void *: GrB_##kind##_apply_IndexOp_UDT,                          \
        default: GrB_##kind##_apply_IndexOp_Scalar)

#define GB_SECOND_ARG(...) GB_SECOND_ARG_(__VA_ARGS__, 0, 0)
#define GB_SECOND_ARG_(x, y, ...) y

#define GB_APPLY(kind, op, ...)                                                \
    _Generic((op),                                                             \
        GrB_UnaryOp: GrB_##kind##_apply,                                       \
        GrB_BinaryOp: _Generic((GB_FIRST(__VA_ARGS__)),                        \
            GB_BY_VALUE(GrB_##kind##_apply_BinaryOp1st_),                      \
            GrB_Scalar: GrB_##kind##_apply_BinaryOp1st_Scalar,                 \
            void *: GrB_##kind##_apply_BinaryOp1st_UDT,                        \
            const void *: GrB_##kind##_apply_BinaryOp1st_UDT,                  \
            default: GB_APPLY_SECOND(kind, GB_SECOND_ARG(__VA_ARGS__))),       \
        GrB_IndexUnaryOp: GB_APPLY_INDEXOP(kind, GB_SECOND_ARG(__VA_ARGS__)))

#define GrB_apply(C, Mask, accum, op, ...)                                     \
    _Generic((C),                                                              \
        GrB_Matrix: GB_APPLY(Matrix, op, __VA_ARGS__),                         \
        GrB_Vector: GB_APPLY(Vector, op, __VA_ARGS__))                         \
    (C, Mask, accum, op, __VA_ARGS__)

#define GrB_select(C, Mask, accum, op, A, thunk, desc)                         \
    _Generic((C),                                                              \
        GrB_Matrix: _Generic((thunk),                                          \
            GB_BY_VALUE(GrB_Matrix_select_),                                   \
            GrB_Scalar: GrB_Matrix_select_Scalar,                              \
            void *: GrB_Matrix_select_UDT,                                     \
            const void *: GrB_Matrix_select_UDT),                              \
        GrB_Vector: _Generic((thunk),                                          \
            GB_BY_VALUE(GrB_Vector_select_),                                   \
            GrB_Scalar: GrB_Vector_select_Scalar,                              \
            void *: GrB_Vector_select_UDT,                                     \
            const void *: GrB_Vector_select_UDT))                              \
    (C, Mask, accum, op, A, thunk, desc)

/* SuiteSparse's historical GxB_select: a GxB_SelectOp (GxB_TRIL, ...,
 * GxB_LE_THUNK) and a GrB_Scalar thunk, which may be NULL. */
#define GxB_select(C, Mask, accum, op, A, Thunk, desc)                         \
    _Generic((C),                                                              \
        GrB_Matrix: GxB_Matrix_select,                                         \
        GrB_Vector: GxB_Vector_select)(C, Mask, accum, op, A, Thunk, desc)

/* GrB_reduce(w, mask, accum, monoid | binaryop, A, desc)     (to a vector)
 * GrB_reduce(&x, accum, monoid, A | u, desc)                (to a C scalar)
 * GrB_reduce(s, accum, monoid | binaryop, A | u, desc)      (to a GrB_Scalar) */
#define GB_REDUCE_TO_VALUE(A, p)                                               \
    _Generic((A), GrB_Vector: GrB_Vector_reduce_##p,                           \
             default: GrB_Matrix_reduce_##p)

#define GB_REDUCE_TO_COMPLEX(A, p)                                             \
    _Generic((A), GrB_Vector: GxB_Vector_reduce_##p,                           \
             default: GxB_Matrix_reduce_##p)

#define GB_REDUCE_TO_SCALAR(op, A)                                             \
    _Generic((op),                                                             \
        GrB_BinaryOp: _Generic((A),                                            \
            GrB_Vector: GrB_Vector_reduce_BinaryOp_Scalar,                     \
            default: GrB_Matrix_reduce_BinaryOp_Scalar),                       \
        default: _Generic((A),                                                 \
            GrB_Vector: GrB_Vector_reduce_Monoid_Scalar,                       \
            default: GrB_Matrix_reduce_Monoid_Scalar))

#define GrB_reduce(arg1, arg2, arg3, arg4, ...)                                \
    _Generic((arg1),                                                           \
        GrB_Vector: _Generic((arg4),                                           \
            GrB_BinaryOp: GrB_Matrix_reduce_BinaryOp,                          \
            default: GrB_Matrix_reduce_Monoid),                         \
        GrB_Scalar: GB_REDUCE_TO_SCALAR(arg3, arg4),                           \
        bool *: GB_REDUCE_TO_VALUE(arg4, BOOL),                                \
        int8_t *: GB_REDUCE_TO_VALUE(arg4, INT8),                              \
        uint8_t *: GB_REDUCE_TO_VALUE(arg4, UINT8),                            \
        int16_t *: GB_REDUCE_TO_VALUE(arg4, INT16),                            \
        uint16_t *: GB_REDUCE_TO_VALUE(arg4, UINT16),                          \
        int32_t *: GB_REDUCE_TO_VALUE(arg4, INT32),                            \
        uint32_t *: GB_REDUCE_TO_VALUE(arg4, UINT32),                          \
        int64_t *: GB_REDUCE_TO_VALUE(arg4, INT64),                            \
        uint64_t *: GB_REDUCE_TO_VALUE(arg4, UINT64),                          \
        float *: GB_REDUCE_TO_VALUE(arg4, FP32),                               \
        double *: GB_REDUCE_TO_VALUE(arg4, FP64),                              \
        GxB_FC32_t *: GB_REDUCE_TO_COMPLEX(arg4, FC32),                        \
        GxB_FC64_t *: GB_REDUCE_TO_COMPLEX(arg4, FC64),                        \
        void *: GB_REDUCE_TO_VALUE(arg4, UDT))                                 \
    (arg1, arg2, arg3, arg4, __VA_ARGS__)

/* GrB_get / GrB_set on every object (including GrB_GLOBAL), with a value of
 * type GrB_Scalar, char *, int32_t *, size_t *, or void * (get), and
 * GrB_Scalar, char *, int32_t (or any integer or enum), or void * with a size
 * (set). */
#define GB_GET_BY_VALUE(kind)                                                  \
    GrB_Scalar: GrB_##kind##_get_Scalar,                                       \
    char *: GrB_##kind##_get_String,                                           \
    int32_t *: GrB_##kind##_get_INT32,                                         \
    size_t *: GrB_##kind##_get_SIZE,                                           \
    void *: GrB_##kind##_get_VOID

#define GB_GET(kind, value) _Generic((value), GB_GET_BY_VALUE(kind))

#define GrB_get(object, value, ...)                                            \
    _Generic((object),                                                         \
        GrB_Scalar: GB_GET(Scalar, value),                                     \
        GrB_Vector: GB_GET(Vector, value),                                     \
        GrB_Matrix: GB_GET(Matrix, value),                                     \
        GrB_UnaryOp: GB_GET(UnaryOp, value),                                   \
        GrB_IndexUnaryOp: GB_GET(IndexUnaryOp, value),                         \
        GrB_BinaryOp: GB_GET(BinaryOp, value),                                 \
        GrB_Monoid: GB_GET(Monoid, value),                                     \
        GrB_Semiring: GB_GET(Semiring, value),                                 \
        GrB_Descriptor: GB_GET(Descriptor, value),                             \
        GrB_Type: GB_GET(Type, value),                                         \
        GrB_Global: GB_GET(Global, value))                                     \
    (object, value, __VA_ARGS__)

#define GB_SET(kind, value)                                                    \
    _Generic((value),                                                          \
        GrB_Scalar: GrB_##kind##_set_Scalar,                                   \
        char *: GrB_##kind##_set_String,                                       \
        const char *: GrB_##kind##_set_String,                                 \
        int32_t: GrB_##kind##_set_INT32,                                       \
        void *: GrB_##kind##_set_VOID,                                         \
        const void *: GrB_##kind##_set_VOID,                                   \
        default: GrB_##kind##_set_INT32)

#define GrB_set(object, value, ...)                                            \
    _Generic((object),                                                         \
        GrB_Scalar: GB_SET(Scalar, value),                                     \
        GrB_Vector: GB_SET(Vector, value),                                     \
        GrB_Matrix: GB_SET(Matrix, value),                                     \
        GrB_UnaryOp: GB_SET(UnaryOp, value),                                   \
        GrB_IndexUnaryOp: GB_SET(IndexUnaryOp, value),                         \
        GrB_BinaryOp: GB_SET(BinaryOp, value),                                 \
        GrB_Monoid: GB_SET(Monoid, value),                                     \
        GrB_Semiring: GB_SET(Semiring, value),                                 \
        GrB_Descriptor: GB_SET(Descriptor, value),                             \
        GrB_Type: GB_SET(Type, value),                                         \
        GrB_Global: GB_SET(Global, value))                                     \
    (object, value, __VA_ARGS__)

/* SuiteSparse's GxB_get / GxB_set (variadic there; here macros over the
 * fixed-argument GxB_*_Option_* functions):
 *   GxB_get(field, &value)            GxB_set(field, value)
 *   GxB_get(A, field, &value)         GxB_set(A, field, value)    (A: matrix or vector)
 * A get writes the C type of the field (docs/COMPATIBILITY.md); a set takes
 * an integer, a double (switches, chunk sizes), or for the library a
 * double[8] (GxB_BITMAP_SWITCH) or int64_t[64] (GxB_MEMORY_POOL). */
#define GB_OPTION_SET(kind, value)                                             \
    _Generic((value),                                                          \
             float: kind##_Option_set_FP64,                                    \
             double: kind##_Option_set_FP64,                                   \
             default: kind##_Option_set_INT32)

/* SuiteSparse's GxB_Global_Option_set is variadic, so a call with arguments
 * after the value compiles there and ignores them (LAGraph's tests write
 * GxB_set (GxB_BURBLE, true, GrB_GLOBAL)); these forwarders do the same. */
static inline GrB_Info GB_Global_set_INT32(GrB_Field f, int32_t v, ...)
{
    return GxB_Global_Option_set_INT32(f, v);
}
static inline GrB_Info GB_Global_set_FP64(GrB_Field f, double v, ...)
{
    return GxB_Global_Option_set_FP64(f, v);
}
static inline GrB_Info GB_Global_set_FP64_ARRAY(GrB_Field f, const double *v, ...)
{
    return GxB_Global_Option_set_FP64_ARRAY(f, v);
}
static inline GrB_Info GB_Global_set_INT64_ARRAY(GrB_Field f, const int64_t *v, ...)
{
    return GxB_Global_Option_set_INT64_ARRAY(f, v);
}

#define GB_GLOBAL_SET(value)                                                   \
    _Generic((value),                                                          \
             float: GB_Global_set_FP64,                                        \
             double: GB_Global_set_FP64,                                       \
             double *: GB_Global_set_FP64_ARRAY,                               \
             const double *: GB_Global_set_FP64_ARRAY,                         \
             int64_t *: GB_Global_set_INT64_ARRAY,                             \
             const int64_t *: GB_Global_set_INT64_ARRAY,                       \
             default: GB_Global_set_INT32)

#define GxB_get(arg1, ...)                                                     \
    _Generic((arg1),                                                           \
             GrB_Matrix: GxB_Matrix_Option_get,                                \
             GrB_Vector: GxB_Vector_Option_get,                                \
             GrB_Descriptor: GxB_Desc_get,                                     \
             default: GxB_Global_Option_get)(arg1, __VA_ARGS__)

#define GxB_set(arg1, ...)                                                     \
    _Generic((arg1),                                                           \
             GrB_Matrix: GB_OPTION_SET(GxB_Matrix, GB_SECOND_ARG(__VA_ARGS__)),  \
             GrB_Vector: GB_OPTION_SET(GxB_Vector, GB_SECOND_ARG(__VA_ARGS__)),  \
             GrB_Descriptor: GxB_Desc_set_INT32,                               \
             default: GB_GLOBAL_SET(GB_FIRST(__VA_ARGS__)))(arg1, __VA_ARGS__)

#define GxB_Desc_set(desc, field, value) GxB_Desc_set_INT32(desc, field, value)

#define GxB_Global_Option_set(field, ...)                                      \
    GB_GLOBAL_SET(GB_FIRST(__VA_ARGS__))(field, __VA_ARGS__)
#define GxB_Matrix_Option_set(A, field, value)                                 \
    GB_OPTION_SET(GxB_Matrix, value)(A, field, value)
#define GxB_Vector_Option_set(v, field, value)                                 \
    GB_OPTION_SET(GxB_Vector, value)(v, field, value)

/* GxB_fprint(object, level, f) / GxB_print(object, level): a readable
 * description of any object (level: GxB_Print_Level) to a FILE * or stdout. */
#define GxB_fprint(object, level, f)                                           \
    _Generic((object),                                                         \
             GrB_Type: GxB_Type_fprint,                                        \
             GrB_UnaryOp: GxB_UnaryOp_fprint,                                  \
             GrB_BinaryOp: GxB_BinaryOp_fprint,                                \
             GrB_IndexUnaryOp: GxB_IndexUnaryOp_fprint,                        \
             GrB_Monoid: GxB_Monoid_fprint,                                    \
             GrB_Semiring: GxB_Semiring_fprint,                                \
             GrB_Scalar: GxB_Scalar_fprint,                                    \
             GrB_Vector: GxB_Vector_fprint,                                    \
             GrB_Matrix: GxB_Matrix_fprint,                                    \
             GrB_Descriptor: GxB_Descriptor_fprint)(object, #object, level, f)

#define GxB_print(object, level) GxB_fprint(object, level, stdout)

#endif /* GRAPHBLAS_POLYMORPHIC_H */
