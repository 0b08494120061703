/* GraphBLAS.h defines only names with a GraphBLAS prefix (GrB_, GxB_, GB_,
 * GRB_, GRAPHBLAS): a program may use any other name. Each identifier below
 * was once a macro of the header (a field or orientation value without its
 * prefix), which broke programs such as this one. Compiled as C11 and C++17 by
 * capi/tests/c_tests.rs. The header may be included twice (LAGraph does). */

#include <GraphBLAS.h>
#include <GraphBLAS.h>

int OUTP = 0, INP1 = 3, NAME = 10, SIZE = 110, UNKNOWN = 3;
int ROWMAJOR = 0, COLMAJOR = 1, BLOCKING_MODE = 17;
int LIBRARY_VER_MAJOR = 11, LIBRARY_VER_MINOR = 12, LIBRARY_VER_PATCH = 13;
int API_VER_MAJOR = 14, API_VER_MINOR = 15, API_VER_PATCH = 16;
int STORAGE_ORIENTATION_HINT = 100;
int EL_TYPE_CODE = 102, INP0_TYPE_CODE = 103, INP1_TYPE_CODE = 104;
int OUTP_TYPE_CODE = 105, EL_TYPE_STRING = 106, INP0_TYPE_STRING = 107;
int INP1_TYPE_STRING = 108, OUTP_TYPE_STRING = 109;
int GXB_FORMAT = 7002, GXB_BURBLE = 7019, GXB_NTHREADS = 7086;

int main(void)
{
    /* The prefixed names keep their values. */
    int sum = OUTP + INP1 + NAME + SIZE + UNKNOWN + ROWMAJOR + COLMAJOR +
              BLOCKING_MODE + LIBRARY_VER_MAJOR + LIBRARY_VER_MINOR +
              LIBRARY_VER_PATCH + API_VER_MAJOR + API_VER_MINOR +
              API_VER_PATCH + STORAGE_ORIENTATION_HINT + EL_TYPE_CODE +
              INP0_TYPE_CODE + INP1_TYPE_CODE + OUTP_TYPE_CODE +
              EL_TYPE_STRING + INP0_TYPE_STRING + INP1_TYPE_STRING +
              OUTP_TYPE_STRING + GXB_FORMAT + GXB_BURBLE + GXB_NTHREADS;
    int prefixed = GrB_OUTP_FIELD + GrB_INP1_FIELD + GrB_NAME + GrB_SIZE +
                   GrB_UNKNOWN + GrB_ROWMAJOR + GrB_COLMAJOR +
                   GrB_BLOCKING_MODE + GrB_LIBRARY_VER_MAJOR +
                   GrB_LIBRARY_VER_MINOR + GrB_LIBRARY_VER_PATCH +
                   GrB_API_VER_MAJOR + GrB_API_VER_MINOR + GrB_API_VER_PATCH +
                   GrB_STORAGE_ORIENTATION_HINT + GrB_EL_TYPE_CODE +
                   GrB_INP0_TYPE_CODE + GrB_INP1_TYPE_CODE +
                   GrB_OUTP_TYPE_CODE + GrB_EL_TYPE_STRING +
                   GrB_INP0_TYPE_STRING + GrB_INP1_TYPE_STRING +
                   GrB_OUTP_TYPE_STRING + GxB_FORMAT + GxB_BURBLE +
                   GxB_NTHREADS;
    return sum == prefixed ? 0 : 1;
}
