/* Bad-input table, part 3: serialize and deserialize, import and export,
 * GrB_get and GrB_set, the polymorphic GrB_wait and GrB_free, descriptors and
 * GrB_error itself. See bad_input.h for the fixture and the macros. */

#include "bad_input.h"

static void serialize(void)
{
    char blob[4096], bad[64];
    GrB_Index size = sizeof blob, small = 4, big = sizeof blob, n = 0;
    memset(bad, 0x33, sizeof bad);

    BAD(GrB_NULL_POINTER, A, GrB_Matrix_serializeSize(NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_serializeSize(&n, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_serializeSize(&n, UNINIT(GrB_Matrix)));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_serializeSize(&n, freed_matrix()));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_serialize(NULL, &size, A));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_serialize(blob, NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_serialize(blob, &size, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_serialize(blob, &size, UNINIT(GrB_Matrix)));
    BAD(GrB_INSUFFICIENT_SPACE, A, GrB_Matrix_serialize(blob, &small, A));
    CHECK(small == 4);

    /* A valid blob of A, to damage. */
    fresh();
    OK(GrB_Matrix_serialize(blob, &big, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_deserialize(NULL, GrB_FP64, blob, big));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_deserialize(&made_matrix, GrB_FP64, NULL, big));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_deserialize(&made_matrix, UNINIT(GrB_Type), blob, big));
    BAD0(GrB_DOMAIN_MISMATCH, GrB_Matrix_deserialize(&made_matrix, GrB_INT32, blob, big));
    BAD0(GrB_DOMAIN_MISMATCH, GrB_Matrix_deserialize(&made_matrix, T16, blob, big));
    BAD0(GrB_INVALID_OBJECT, GrB_Matrix_deserialize(&made_matrix, GrB_FP64, bad, sizeof bad));
    BAD0(GrB_INVALID_OBJECT, GrB_Matrix_deserialize(&made_matrix, GrB_FP64, blob, big - 1));
    BAD0(GrB_INVALID_OBJECT, GrB_Matrix_deserialize(&made_matrix, GrB_FP64, blob, 0));
    BAD0(GrB_INVALID_OBJECT, GrB_Matrix_deserialize(&made_matrix, GrB_FP64, blob, 3));
}

static void import_export(void)
{
    GrB_Index p[4] = {0, 1, 2, 3}, j[3] = {1, 3, 0}, j_oob[3] = {1, 9, 0},
              p_down[4] = {0, 2, 1, 3};
    double v[3] = {1, 4, 5}, out[16];
    GrB_Index op[16], oj[16], np = 16, ni = 16, nx = 16, tiny = 1;
    GrB_Format hint = GrB_CSR_FORMAT;

    BAD0(GrB_NULL_POINTER, GrB_Matrix_import_FP64(NULL, GrB_FP64, 3, 4, p, j, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_import_FP64(&made_matrix, NULL, 3, 4, p, j, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_import_FP64(&made_matrix, UNINIT(GrB_Type), 3, 4, p, j, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, NULL, j, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, p, NULL, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, p, j, NULL, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_DOMAIN_MISMATCH, GrB_Matrix_import_FP64(&made_matrix, GrB_INT32, 3, 4, p, j, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_DOMAIN_MISMATCH, GrB_Matrix_import_FP64(&made_matrix, T16, 3, 4, p, j, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_INVALID_VALUE, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, p, j, v, 4, 3, 3, 99));
    BAD0(GrB_INVALID_VALUE, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, p, j, v, 4, 3, 3, -7));
    BAD0(GrB_INVALID_VALUE, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, GrB_INDEX_MAX + 2, 4, p, j, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_INVALID_VALUE, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, p, j, v, 2, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_INDEX_OUT_OF_BOUNDS, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, p, j, v, 4, 3, 2, GrB_CSR_FORMAT));
    BAD0(GrB_INVALID_VALUE, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, p_down, j, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_INDEX_OUT_OF_BOUNDS, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, p, j_oob, v, 4, 3, 3, GrB_CSR_FORMAT));
    BAD0(GrB_INDEX_OUT_OF_BOUNDS, GrB_Matrix_import_FP64(&made_matrix, GrB_FP64, 3, 4, I_OOB, j, v, 3, 3, 3, GrB_COO_FORMAT));

    BAD(GrB_NULL_POINTER, A, GrB_Matrix_exportSize(NULL, &ni, &nx, GrB_CSR_FORMAT, A));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_exportSize(&np, NULL, &nx, GrB_CSR_FORMAT, A));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_exportSize(&np, &ni, NULL, GrB_CSR_FORMAT, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, UNINIT(GrB_Matrix)));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_exportSize(&np, &ni, &nx, 42, A));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_export_FP64(NULL, oj, out, &np, &ni, &nx, GrB_CSR_FORMAT, A));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_export_FP64(op, oj, out, NULL, &ni, &nx, GrB_CSR_FORMAT, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_export_FP64(op, oj, out, &np, &ni, &nx, GrB_CSR_FORMAT, NULL));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_export_FP64(op, oj, out, &np, &ni, &nx, GrB_CSR_FORMAT, freed_matrix()));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_export_FP64(op, oj, out, &np, &ni, &nx, 42, A));
    BAD(GrB_INSUFFICIENT_SPACE, A, GrB_Matrix_export_FP64(op, oj, out, &np, &ni, &tiny, GrB_CSR_FORMAT, A));
    BAD(GrB_DOMAIN_MISMATCH, U, GrB_Matrix_export_FP64(op, oj, out, &np, &ni, &nx, GrB_CSR_FORMAT, U));
    BAD(GrB_DOMAIN_MISMATCH, A, GrB_Matrix_export_UDT(op, oj, out, &np, &ni, &nx, GrB_CSR_FORMAT, A));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_exportHint(NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_exportHint(&hint, NULL));
}

static void get_and_set(void)
{
    int32_t i32 = 0;
    char name[256];
    size_t size = 0;

    BAD(GrB_NULL_POINTER, A, GrB_Matrix_get_INT32(A, NULL, GrB_EL_TYPE_CODE));
    BAD0(GrB_NULL_POINTER, GrB_Matrix_get_INT32(NULL, &i32, GrB_EL_TYPE_CODE));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_get_INT32(UNINIT(GrB_Matrix), &i32, GrB_EL_TYPE_CODE));
    BADF(GrB_UNINITIALIZED_OBJECT, GrB_Matrix_get_INT32(freed_matrix(), &i32, GrB_EL_TYPE_CODE));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_get_INT32(A, &i32, 987654));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_get_INT32(A, &i32, GrB_NAME));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_get_String(A, NULL, GrB_NAME));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_get_SIZE(A, NULL, GrB_NAME));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_get_SIZE(A, &size, 987654));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_get_Scalar(A, NULL, GrB_EL_TYPE_CODE));
    BAD(GrB_UNINITIALIZED_OBJECT, A, GrB_Matrix_get_Scalar(A, UNINIT(GrB_Scalar), GrB_EL_TYPE_CODE));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_set_INT32(A, 5, GrB_EL_TYPE_CODE));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_set_INT32(A, 5, 987654));
    BAD(GrB_INVALID_VALUE, A, GrB_Matrix_set_INT32(A, 77, GrB_STORAGE_ORIENTATION_HINT));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_set_String(A, NULL, GrB_NAME));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_set_Scalar(A, NULL, GrB_STORAGE_ORIENTATION_HINT));
    BAD(GrB_EMPTY_OBJECT, A, GrB_Matrix_set_Scalar(A, x0, GrB_STORAGE_ORIENTATION_HINT));
    BAD(GrB_NULL_POINTER, A, GrB_Matrix_set_VOID(A, NULL, GrB_NAME, 4));

    BAD(GrB_NULL_POINTER, u3, GrB_Vector_get_INT32(u3, NULL, GrB_EL_TYPE_CODE));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Vector_get_INT32(UNINIT(GrB_Vector), &i32, GrB_EL_TYPE_CODE));
    BAD(GrB_INVALID_VALUE, u3, GrB_Vector_get_INT32(u3, &i32, 987654));
    BAD(GrB_INVALID_VALUE, u3, GrB_Vector_set_INT32(u3, 1, 987654));
    BAD(GrB_NULL_POINTER, x, GrB_Scalar_get_INT32(x, NULL, GrB_EL_TYPE_CODE));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Scalar_get_INT32(UNINIT(GrB_Scalar), &i32, GrB_EL_TYPE_CODE));
    BAD(GrB_INVALID_VALUE, x, GrB_Scalar_get_String(x, name, 987654));
    BAD(GrB_INVALID_VALUE, x, GrB_Scalar_set_INT32(x, 1, 987654));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Type_get_INT32(UNINIT(GrB_Type), &i32, GrB_EL_TYPE_CODE));
    BAD0(GrB_NULL_POINTER, GrB_BinaryOp_get_String(NULL, name, GrB_NAME));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Descriptor_get_INT32(UNINIT(GrB_Descriptor), &i32, GrB_OUTP_FIELD));
}

static void polymorphic_and_descriptors(void)
{
    GrB_Descriptor d = NULL;
    const char *msg = NULL;

    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_wait(UNINIT(GrB_Matrix), GrB_MATERIALIZE));
    BAD(GrB_INVALID_VALUE, C, GrB_wait(C, 42));
    BAD(GrB_INVALID_VALUE, w, GrB_wait(w, 42));
    BAD(GrB_INVALID_VALUE, s, GrB_wait(s, 42));
    BAD0(GrB_NULL_POINTER, GrB_free((GrB_Matrix *) NULL));
    BAD0(GrB_NULL_POINTER, GrB_free((GrB_Vector *) NULL));
    BAD0(GrB_NULL_POINTER, GrB_free((GrB_Scalar *) NULL));
    /* What is not a live object of the kind (already freed, say) is left
     * alone: the spec's GrB_free fails only with GrB_PANIC, and SuiteSparse
     * (on which LAGraph's tests rely) succeeds. */
    BAD0(GrB_SUCCESS, GrB_Matrix_free((GrB_Matrix *) &(GrB_Matrix){UNINIT(GrB_Matrix)}));
    BADF(GrB_SUCCESS, GrB_Matrix_free(&(GrB_Matrix){freed_matrix()}));

    OK(GrB_Descriptor_new(&d));
    BAD0(GrB_NULL_POINTER, GrB_Descriptor_new(NULL));
    BAD(GrB_INVALID_VALUE, d, GrB_Descriptor_set(d, GrB_OUTP, GrB_TRAN));
    BAD(GrB_INVALID_VALUE, d, GrB_Descriptor_set(d, 12345, GrB_DEFAULT));
    BAD(GrB_INVALID_VALUE, d, GrB_Descriptor_set(d, GrB_MASK, 12345));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_Descriptor_set(UNINIT(GrB_Descriptor), GrB_OUTP, GrB_REPLACE));
    BAD0(GrB_NULL_POINTER, GrB_Descriptor_set(NULL, GrB_OUTP, GrB_REPLACE));
    OK(GrB_free(&d));

    /* GrB_error itself */
    BAD0(GrB_NULL_POINTER, GrB_error(NULL, A));
    BAD0(GrB_NULL_POINTER, GrB_error(&msg, (GrB_Matrix) NULL));
    BAD0(GrB_UNINITIALIZED_OBJECT, GrB_error(&msg, UNINIT(GrB_Matrix)));
}

int main(void)
{
    bad_input_begin();
    serialize();
    import_export();
    get_and_set();
    polymorphic_and_descriptors();
    return bad_input_end("test_bad_input_misc");
}
