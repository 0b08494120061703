/* The specification's (2.1) declarations of every GraphBLAS function and
 * object the benchmarks use, one per line.
 *
 * Not included by any program.  scripts/bench/compat.py reads it when
 * building against a library still under construction: each declaration whose
 * name the library's GraphBLAS.h lacks goes into the generated bench_compat.h,
 * and each one the library does not define gets a stub that returns
 * GrB_NOT_IMPLEMENTED, so every program compiles and links and reports the
 * kernels that cannot run yet as "n/a".  A benchmark that starts using another
 * GraphBLAS function adds its declaration here. */

GrB_Info GrB_init(GrB_Mode mode);
GrB_Info GrB_finalize(void);

GrB_Info GrB_Matrix_new(GrB_Matrix *A, GrB_Type d, GrB_Index nrows, GrB_Index ncols);
GrB_Info GrB_Matrix_free(GrB_Matrix *A);
GrB_Info GrB_Matrix_nvals(GrB_Index *nvals, const GrB_Matrix A);
GrB_Info GrB_Matrix_wait(GrB_Matrix A, GrB_WaitMode mode);
GrB_Info GrB_Matrix_build_BOOL(GrB_Matrix C, const GrB_Index *row_indices, const GrB_Index *col_indices, const bool *values, GrB_Index n, const GrB_BinaryOp dup);
GrB_Info GrB_Matrix_build_INT64(GrB_Matrix C, const GrB_Index *row_indices, const GrB_Index *col_indices, const int64_t *values, GrB_Index n, const GrB_BinaryOp dup);
GrB_Info GrB_Matrix_build_FP64(GrB_Matrix C, const GrB_Index *row_indices, const GrB_Index *col_indices, const double *values, GrB_Index n, const GrB_BinaryOp dup);
GrB_Info GrB_Matrix_extractTuples_FP64(GrB_Index *row_indices, GrB_Index *col_indices, double *values, GrB_Index *n, const GrB_Matrix A);

GrB_Info GrB_Vector_new(GrB_Vector *v, GrB_Type d, GrB_Index nsize);
GrB_Info GrB_Vector_free(GrB_Vector *v);
GrB_Info GrB_Vector_dup(GrB_Vector *w, const GrB_Vector u);
GrB_Info GrB_Vector_nvals(GrB_Index *nvals, const GrB_Vector v);
GrB_Info GrB_Vector_wait(GrB_Vector v, GrB_WaitMode mode);
GrB_Info GrB_Vector_build_INT64(GrB_Vector w, const GrB_Index *indices, const int64_t *values, GrB_Index n, const GrB_BinaryOp dup);
GrB_Info GrB_Vector_build_FP64(GrB_Vector w, const GrB_Index *indices, const double *values, GrB_Index n, const GrB_BinaryOp dup);
GrB_Info GrB_Vector_setElement_BOOL(GrB_Vector w, bool val, GrB_Index index);
GrB_Info GrB_Vector_setElement_FP64(GrB_Vector w, double val, GrB_Index index);
GrB_Info GrB_Vector_extractTuples_FP64(GrB_Index *indices, double *values, GrB_Index *n, const GrB_Vector v);

GrB_Info GrB_Semiring_new(GrB_Semiring *semiring, GrB_Monoid add_op, GrB_BinaryOp mul_op);
GrB_Info GrB_Semiring_free(GrB_Semiring *semiring);

GrB_Info GrB_transpose(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, const GrB_Matrix A, const GrB_Descriptor desc);
GrB_Info GrB_mxm(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, const GrB_Semiring op, const GrB_Matrix A, const GrB_Matrix B, const GrB_Descriptor desc);
GrB_Info GrB_mxv(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum, const GrB_Semiring op, const GrB_Matrix A, const GrB_Vector u, const GrB_Descriptor desc);
GrB_Info GrB_vxm(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum, const GrB_Semiring op, const GrB_Vector u, const GrB_Matrix A, const GrB_Descriptor desc);
GrB_Info GrB_Matrix_eWiseAdd_BinaryOp(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, const GrB_BinaryOp op, const GrB_Matrix A, const GrB_Matrix B, const GrB_Descriptor desc);
GrB_Info GrB_Matrix_eWiseMult_BinaryOp(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, const GrB_BinaryOp op, const GrB_Matrix A, const GrB_Matrix B, const GrB_Descriptor desc);
GrB_Info GrB_Vector_eWiseMult_BinaryOp(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum, const GrB_BinaryOp op, const GrB_Vector u, const GrB_Vector v, const GrB_Descriptor desc);
GrB_Info GrB_Matrix_reduce_Monoid(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum, const GrB_Monoid op, const GrB_Matrix A, const GrB_Descriptor desc);
GrB_Info GrB_Matrix_reduce_INT64(int64_t *val, const GrB_BinaryOp accum, const GrB_Monoid op, const GrB_Matrix A, const GrB_Descriptor desc);
GrB_Info GrB_Vector_reduce_BOOL(bool *val, const GrB_BinaryOp accum, const GrB_Monoid op, const GrB_Vector u, const GrB_Descriptor desc);
GrB_Info GrB_Vector_reduce_INT64(int64_t *val, const GrB_BinaryOp accum, const GrB_Monoid op, const GrB_Vector u, const GrB_Descriptor desc);
GrB_Info GrB_Vector_assign_INT32(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum, int32_t val, const GrB_Index *indices, GrB_Index nindices, const GrB_Descriptor desc);
GrB_Info GrB_Vector_assign_FP64(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum, double val, const GrB_Index *indices, GrB_Index nindices, const GrB_Descriptor desc);
GrB_Info GrB_Matrix_select_INT64(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, const GrB_IndexUnaryOp op, const GrB_Matrix A, int64_t y, const GrB_Descriptor desc);
GrB_Info GrB_Matrix_assign(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, const GrB_Matrix A, const GrB_Index *row_indices, GrB_Index nrows, const GrB_Index *col_indices, GrB_Index ncols, const GrB_Descriptor desc);
GrB_Info GrB_Matrix_extract(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, const GrB_Matrix A, const GrB_Index *row_indices, GrB_Index nrows, const GrB_Index *col_indices, GrB_Index ncols, const GrB_Descriptor desc);
GrB_Info GrB_Vector_apply_BinaryOp2nd_FP64(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum, const GrB_BinaryOp op, const GrB_Vector u, double val, const GrB_Descriptor desc);

extern const GrB_Index *GrB_ALL;
extern GrB_Type GrB_BOOL;
extern GrB_Type GrB_INT32;
extern GrB_Type GrB_INT64;
extern GrB_Type GrB_FP64;
extern GrB_BinaryOp GrB_FIRST_BOOL;
extern GrB_BinaryOp GrB_FIRST_INT64;
extern GrB_BinaryOp GrB_FIRST_FP64;
extern GrB_BinaryOp GrB_SECOND_FP64;
extern GrB_BinaryOp GrB_PLUS_INT64;
extern GrB_BinaryOp GrB_PLUS_FP64;
extern GrB_BinaryOp GrB_TIMES_FP64;
extern GrB_BinaryOp GrB_DIV_FP64;
extern GrB_BinaryOp GrB_MIN_INT64;
extern GrB_BinaryOp GrB_MIN_FP64;
extern GrB_BinaryOp GrB_EQ_FP64;
extern GrB_IndexUnaryOp GrB_TRIL;
extern GrB_Monoid GrB_PLUS_MONOID_INT64;
extern GrB_Monoid GrB_PLUS_MONOID_FP64;
extern GrB_Monoid GrB_LAND_MONOID_BOOL;
extern GrB_Semiring GrB_PLUS_TIMES_SEMIRING_INT64;
extern GrB_Semiring GrB_PLUS_TIMES_SEMIRING_FP64;
extern GrB_Semiring GrB_MIN_PLUS_SEMIRING_FP64;
extern GrB_Semiring GrB_MIN_SECOND_SEMIRING_INT64;
extern GrB_Semiring GrB_LOR_LAND_SEMIRING_BOOL;
extern GrB_Descriptor GrB_DESC_S;
extern GrB_Descriptor GrB_DESC_T0;
extern GrB_Descriptor GrB_DESC_T1;
extern GrB_Descriptor GrB_DESC_ST1;
extern GrB_Descriptor GrB_DESC_RSC;
