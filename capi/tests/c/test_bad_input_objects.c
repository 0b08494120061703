/* Bad-input table, part 1: the methods of GrB_Matrix, GrB_Vector and
 * GrB_Scalar (new, dup, free, clear, dimensions, nvals, resize, build,
 * setElement, extractElement, removeElement, extractTuples, wait). See
 * bad_input.h for the fixture and the case macros. */

#include "bad_input.h"

static void matrix_methods(void)
{
    GrB_Index big = GrB_INDEX_MAX + 2, cap = 1;

    /* new, dup, free */
    BAD0(GrB_NULL_POINTER, GrB_Matrix_new(NULL, GrB_FP64, 2, 2));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_new(&made_matrix, NULL, 2, 2));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_new(&made_matrix, UNINIT(GrB_Type), 2, 2));
    BAD0(GrB_INVALID_VALUE, GrB_Matrix_new(&made_matrix, GrB_FP64, big, 2));
    BAD0(GrB_INVALID_VALUE, GrB_Matrix_new(&made_matrix, GrB_FP64, 2, big));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_dup(NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_dup(&made_matrix, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_dup(&made_matrix, UNINIT(GrB_Matrix)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_dup(&made_matrix, freed_matrix()));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_free(NULL));

    /* clear, nrows, ncols, nvals, resize */
    BAD0(GrB_NULL_POINTER, GrB_Matrix_clear(NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_clear(UNINIT(GrB_Matrix)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_clear(freed_matrix()));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_nrows(NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_nrows(&n_out, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_nrows(&n_out, UNINIT(GrB_Matrix)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_nrows(&n_out, freed_matrix()));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_ncols(NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_ncols(&n_out, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_ncols(&n_out, UNINIT(GrB_Matrix)));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_nvals(NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_nvals(&n_out, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_nvals(&n_out, UNINIT(GrB_Matrix)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_nvals(&n_out, freed_matrix()));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_resize(NULL, 2, 2));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_resize(UNINIT(GrB_Matrix), 2, 2));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_resize(freed_matrix(), 2, 2));
    BAD(GrB_INVALID_VALUE, C, GrB_Matrix_resize(C, big, 2));
    BAD(GrB_INVALID_VALUE, C, GrB_Matrix_resize(C, 2, big));

    /* build (into the empty E, 3x4) */
    BAD0(GrB_NULL_POINTER, GrB_Matrix_build_FP64(NULL, I3, I3, X3, 3, NULL));
    BAD(GrB_NULL_POINTER, E, GrB_Matrix_build_FP64(E, NULL, I3, X3, 3, NULL));
    BAD(GrB_NULL_POINTER, E, GrB_Matrix_build_FP64(E, I3, NULL, X3, 3, NULL));
    BAD(GrB_NULL_POINTER, E, GrB_Matrix_build_FP64(E, I3, I3, NULL, 3, NULL));
    BAD(GrB_NULL_POINTER, E, GrB_Matrix_build_FP64(E, NULL, I3, X3, 0, NULL));
    BAD(GrB_NULL_POINTER, E, GrB_Matrix_build_FP64(E, I3, NULL, X3, 0, NULL));
    BAD(GrB_NULL_POINTER, E, GrB_Matrix_build_FP64(E, I3, I3, NULL, 0, NULL));
    /* dup must have one domain: LT returns bool */
    BAD(GrB_DOMAIN_MISMATCH, E, GrB_Matrix_build_FP64(E, I3, I3, X3, 3, GrB_LT_FP64));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_build_FP64(UNINIT(GrB_Matrix), I3, I3, X3, 3, NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_build_FP64(freed_matrix(), I3, I3, X3, 3, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, E, GrB_Matrix_build_FP64(E, I3, I3, X3, 3, UNINIT(GrB_BinaryOp)));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, E, GrB_Matrix_build_FP64(E, I_OOB, I3, X3, 3, NULL));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, E, GrB_Matrix_build_FP64(E, I3, I_OOB, X3, 3, NULL));
    BAD(GrB_OUTPUT_NOT_EMPTY, C, GrB_Matrix_build_FP64(C, I3, I3, X3, 3, NULL));
    BAD(GrB_INVALID_VALUE, E, GrB_Matrix_build_FP64(E, I3, I3, X3, HUGE, NULL));
    BAD(GrB_INVALID_VALUE, E, GrB_Matrix_build_FP64(E, I3, I3, X3, GrB_INDEX_MAX + 2, NULL));
    BAD(GrB_NULL_POINTER, E, GrB_Matrix_build_UDT(E, I3, I3, NULL, 3, NULL));
    BAD(GrB_OUTPUT_NOT_EMPTY, U, GrB_Matrix_build_UDT(U, I3, I3, &t_val, 1, NULL));

    /* setElement */
    BAD0(GrB_NULL_POINTER, GrB_Matrix_setElement_FP64(NULL, 1, 0, 0));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_setElement_FP64(UNINIT(GrB_Matrix), 1, 0, 0));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_setElement_FP64(freed_matrix(), 1, 0, 0));
    BAD(GrB_INVALID_INDEX, C, GrB_Matrix_setElement_FP64(C, 1, 3, 0));
    BAD(GrB_INVALID_INDEX, C, GrB_Matrix_setElement_FP64(C, 1, 0, 5));
    BAD(GrB_INVALID_INDEX, C, GrB_Matrix_setElement_FP64(C, 1, HUGE, 0));
    BAD(GrB_DOMAIN_MISMATCH, U, GrB_Matrix_setElement_FP64(U, 1, 0, 0));
    BAD(GrB_NULL_POINTER, U, GrB_Matrix_setElement_UDT(U, NULL, 0, 0));
    BAD(GrB_NULL_POINTER, C, GrB_Matrix_setElement_Scalar(C, NULL, 0, 0));
    BAD(GrB_UNINITIALIZED_OBJECT, C, GrB_Matrix_setElement_Scalar(C, UNINIT(GrB_Scalar), 0, 0));
    BAD(GrB_DOMAIN_MISMATCH, C, GrB_Matrix_setElement_Scalar(C, sU, 0, 0));
    BAD(GrB_INVALID_INDEX, C, GrB_Matrix_setElement_Scalar(C, x, 3, 0));

    /* extractElement */
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_extractElement_FP64(NULL, A, 0, 1));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_extractElement_FP64(&d_out, NULL, 0, 1));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_extractElement_FP64(&d_out, UNINIT(GrB_Matrix), 0, 1));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_extractElement_FP64(&d_out, freed_matrix(), 0, 1));
    BAD(GrB_INVALID_INDEX, A, GrB_Matrix_extractElement_FP64(&d_out, A, 3, 0));
    BAD(GrB_INVALID_INDEX, A, GrB_Matrix_extractElement_FP64(&d_out, A, 0, 4));
    BAD(GrB_DOMAIN_MISMATCH, U, GrB_Matrix_extractElement_FP64(&d_out, U, 1, 1));
    BAD(GrB_NULL_POINTER, U, GrB_Matrix_extractElement_UDT(NULL, U, 1, 1));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_extractElement_Scalar(NULL, A, 0, 1));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_extractElement_Scalar(UNINIT(GrB_Scalar), A, 0, 1));
    BAD(GrB_NULL_POINTER, s, GrB_Matrix_extractElement_Scalar(s, NULL, 0, 1));
    BAD(GrB_INVALID_INDEX, s, GrB_Matrix_extractElement_Scalar(s, A, 0, 4));
    BAD(GrB_DOMAIN_MISMATCH, sU, GrB_Matrix_extractElement_Scalar(sU, A, 0, 1));

    /* removeElement */
    BAD0(GrB_NULL_POINTER, GrB_Matrix_removeElement(NULL, 0, 0));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_removeElement(UNINIT(GrB_Matrix), 0, 0));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_removeElement(freed_matrix(), 0, 0));
    BAD(GrB_INVALID_INDEX, C, GrB_Matrix_removeElement(C, 3, 0));
    BAD(GrB_INVALID_INDEX, C, GrB_Matrix_removeElement(C, 0, HUGE));

    /* extractTuples (NULL I, J or X are allowed, as in SuiteSparse: that part
     * of the output is not wanted) */
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_extractTuples_FP64(I3, I3, X3, NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_extractTuples_FP64(I3, I3, X3, &cap, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_extractTuples_FP64(I3, I3, X3, &cap, UNINIT(GrB_Matrix)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_extractTuples_FP64(I3, I3, X3, &cap, freed_matrix()));
    cap = 1;
    BAD(GrB_INSUFFICIENT_SPACE, A, GrB_Matrix_extractTuples_FP64(I3, I3, X3, &cap, A));
    CHECK(cap == 1);
    cap = 3;
    BAD(GrB_DOMAIN_MISMATCH, U, GrB_Matrix_extractTuples_FP64(I3, I3, X3, &cap, U));
    cap = 0;
    BAD(GrB_INSUFFICIENT_SPACE, U, GrB_Matrix_extractTuples_UDT(I3, I3, X3, &cap, U));

    /* wait */
    BAD0(GrB_NULL_POINTER, GrB_Matrix_wait(NULL, GrB_MATERIALIZE));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_wait(UNINIT(GrB_Matrix), GrB_MATERIALIZE));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_wait(freed_matrix(), GrB_COMPLETE));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_wait(A, 7));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_wait(A, -1));
}

static void vector_methods(void)
{
    GrB_Index big = GrB_INDEX_MAX + 2, cap = 3;

    BAD0(GrB_NULL_POINTER, GrB_Vector_new(NULL, GrB_FP64, 2));
    BAD0(GrB_NULL_POINTER, GrB_Vector_new(&made_vector, NULL, 2));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_new(&made_vector, UNINIT(GrB_Type), 2));
    BAD0(GrB_INVALID_VALUE, GrB_Vector_new(&made_vector, GrB_FP64, big));
    BAD(GrB_NULL_POINTER, u3, GrB_Vector_dup(NULL, u3));
    BAD0(GrB_NULL_POINTER, GrB_Vector_dup(&made_vector, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_dup(&made_vector, UNINIT(GrB_Vector)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Vector_dup(&made_vector, freed_vector()));
    BAD0(GrB_NULL_POINTER, GrB_Vector_free(NULL));
    BAD0(GrB_NULL_POINTER, GrB_Vector_clear(NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_clear(UNINIT(GrB_Vector)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Vector_clear(freed_vector()));
    BAD(GrB_NULL_POINTER, u3, GrB_Vector_size(NULL, u3));
    BAD0(GrB_NULL_POINTER, GrB_Vector_size(&n_out, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_size(&n_out, UNINIT(GrB_Vector)));
    BAD(GrB_NULL_POINTER, u3, GrB_Vector_nvals(NULL, u3));
    BAD0(GrB_NULL_POINTER, GrB_Vector_nvals(&n_out, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_nvals(&n_out, UNINIT(GrB_Vector)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Vector_nvals(&n_out, freed_vector()));
    BAD0(GrB_NULL_POINTER, GrB_Vector_resize(NULL, 2));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_resize(UNINIT(GrB_Vector), 2));
    BAD(GrB_INVALID_VALUE, w, GrB_Vector_resize(w, big));
    /* A matrix with several columns is not a vector. */
    BAD0(GrB_INVALID_OBJECT, GrB_Vector_resize((GrB_Vector) C, 2));

    BAD0(GrB_NULL_POINTER, GrB_Vector_build_FP64(NULL, I3, X3, 3, NULL));
    BAD(GrB_NULL_POINTER, ev, GrB_Vector_build_FP64(ev, NULL, X3, 3, NULL));
    BAD(GrB_NULL_POINTER, ev, GrB_Vector_build_FP64(ev, I3, NULL, 3, NULL));
    BAD(GrB_NULL_POINTER, ev, GrB_Vector_build_FP64(ev, NULL, X3, 0, NULL));
    BAD(GrB_NULL_POINTER, ev, GrB_Vector_build_FP64(ev, I3, NULL, 0, NULL));
    BAD(GrB_DOMAIN_MISMATCH, ev, GrB_Vector_build_FP64(ev, I3, X3, 3, GrB_LT_FP64));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_build_FP64(UNINIT(GrB_Vector), I3, X3, 3, NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Vector_build_FP64(freed_vector(), I3, X3, 3, NULL));
    BAD(GrB_UNINITIALIZED_OBJECT, ev, GrB_Vector_build_FP64(ev, I3, X3, 3, UNINIT(GrB_BinaryOp)));
    BAD(GrB_INDEX_OUT_OF_BOUNDS, ev, GrB_Vector_build_FP64(ev, I_OOB, X3, 3, NULL));
    BAD(GrB_OUTPUT_NOT_EMPTY, w, GrB_Vector_build_FP64(w, I3, X3, 3, NULL));
    BAD(GrB_INVALID_VALUE, ev, GrB_Vector_build_FP64(ev, I3, X3, HUGE, NULL));
    BAD(GrB_NULL_POINTER, ev, GrB_Vector_build_UDT(ev, I3, NULL, 3, NULL));

    BAD0(GrB_NULL_POINTER, GrB_Vector_setElement_FP64(NULL, 1, 0));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_setElement_FP64(UNINIT(GrB_Vector), 1, 0));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Vector_setElement_FP64(freed_vector(), 1, 0));
    BAD(GrB_INVALID_INDEX, w, GrB_Vector_setElement_FP64(w, 1, 3));
    BAD(GrB_INVALID_INDEX, w, GrB_Vector_setElement_FP64(w, 1, HUGE));
    BAD(GrB_DOMAIN_MISMATCH, Uv3, GrB_Vector_setElement_FP64(Uv3, 1, 0));
    BAD(GrB_NULL_POINTER, Uv3, GrB_Vector_setElement_UDT(Uv3, NULL, 0));
    BAD(GrB_NULL_POINTER, w, GrB_Vector_setElement_Scalar(w, NULL, 0));
    BAD(GrB_DOMAIN_MISMATCH, w, GrB_Vector_setElement_Scalar(w, sU, 0));

    BAD(GrB_NULL_POINTER, u3, GrB_Vector_extractElement_FP64(NULL, u3, 2));
    BAD0(GrB_NULL_POINTER, GrB_Vector_extractElement_FP64(&d_out, NULL, 2));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_extractElement_FP64(&d_out, UNINIT(GrB_Vector), 2));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Vector_extractElement_FP64(&d_out, freed_vector(), 0));
    BAD(GrB_INVALID_INDEX, u3, GrB_Vector_extractElement_FP64(&d_out, u3, 3));
    BAD(GrB_DOMAIN_MISMATCH, Uv3, GrB_Vector_extractElement_FP64(&d_out, Uv3, 0));
    BAD(GrB_INVALID_INDEX, s, GrB_Vector_extractElement_Scalar(s, u3, 3));
    BAD(GrB_NULL_POINTER, Uv3, GrB_Vector_extractElement_UDT(NULL, Uv3, 0));
    BAD(GrB_DOMAIN_MISMATCH, sU, GrB_Vector_extractElement_Scalar(sU, u3, 2));

    BAD0(GrB_NULL_POINTER, GrB_Vector_removeElement(NULL, 0));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_removeElement(UNINIT(GrB_Vector), 0));
    BAD(GrB_INVALID_INDEX, w, GrB_Vector_removeElement(w, 3));

    BAD(GrB_NULL_POINTER, u3, GrB_Vector_extractTuples_FP64(I3, X3, NULL, u3));
    BAD0(GrB_NULL_POINTER, GrB_Vector_extractTuples_FP64(I3, X3, &cap, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_extractTuples_FP64(I3, X3, &cap, UNINIT(GrB_Vector)));
    cap = 0;
    BAD(GrB_INSUFFICIENT_SPACE, u3, GrB_Vector_extractTuples_FP64(I3, X3, &cap, u3));
    cap = 3;
    BAD(GrB_DOMAIN_MISMATCH, Uv3, GrB_Vector_extractTuples_FP64(I3, X3, &cap, Uv3));
    cap = 0;
    BAD(GrB_INSUFFICIENT_SPACE, Uv3, GrB_Vector_extractTuples_UDT(I3, X3, &cap, Uv3));

    BAD0(GrB_NULL_POINTER, GrB_Vector_wait(NULL, GrB_MATERIALIZE));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_wait(UNINIT(GrB_Vector), GrB_MATERIALIZE));
    BAD(GrB_INVALID_VALUE, u3, GrB_Vector_wait(u3, 9));
}

static void scalar_methods(void)
{
    BAD0(GrB_NULL_POINTER, GrB_Scalar_new(NULL, GrB_FP64));
    BAD0(GrB_NULL_POINTER, GrB_Scalar_new(&made_scalar, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_new(&made_scalar, UNINIT(GrB_Type)));
    BAD(GrB_NULL_POINTER, x, GrB_Scalar_dup(NULL, x));
    BAD0(GrB_NULL_POINTER, GrB_Scalar_dup(&made_scalar, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_dup(&made_scalar, UNINIT(GrB_Scalar)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_dup(&made_scalar, freed_scalar()));
    BAD0(GrB_NULL_POINTER, GrB_Scalar_free(NULL));
    BAD0(GrB_NULL_POINTER, GrB_Scalar_clear(NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_clear(UNINIT(GrB_Scalar)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_clear(freed_scalar()));
    BAD(GrB_NULL_POINTER, x, GrB_Scalar_nvals(NULL, x));
    BAD0(GrB_NULL_POINTER, GrB_Scalar_nvals(&n_out, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_nvals(&n_out, UNINIT(GrB_Scalar)));
    BAD0(GrB_NULL_POINTER, GrB_Scalar_setElement_FP64(NULL, 1));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_setElement_FP64(UNINIT(GrB_Scalar), 1));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_setElement_FP64(freed_scalar(), 1));
    BAD(GrB_DOMAIN_MISMATCH, sU, GrB_Scalar_setElement_FP64(sU, 1));
    BAD(GrB_NULL_POINTER, sU, GrB_Scalar_setElement_UDT(sU, NULL));
    BAD(GrB_NULL_POINTER, x, GrB_Scalar_extractElement_FP64(NULL, x));
    BAD0(GrB_NULL_POINTER, GrB_Scalar_extractElement_FP64(&d_out, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_extractElement_FP64(&d_out, UNINIT(GrB_Scalar)));
    BAD(GrB_DOMAIN_MISMATCH, sU, GrB_Scalar_extractElement_FP64(&d_out, sU));
    BAD(GrB_NULL_POINTER, sU, GrB_Scalar_extractElement_UDT(NULL, sU));
    BAD0(GrB_NO_VALUE, GrB_Scalar_extractElement_FP64(&d_out, x0));
    BAD0(GrB_NULL_POINTER, GrB_Scalar_wait(NULL, GrB_MATERIALIZE));
    BAD(GrB_INVALID_VALUE, x, GrB_Scalar_wait(x, 3));
}

int main(void)
{
    bad_input_begin();
    matrix_methods();
    vector_methods();
    scalar_methods();
    return bad_input_end("test_bad_input_objects");
}
