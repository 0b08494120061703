/* Minimal assertions for the C conformance tests: each failure prints where
 * and what, and the test exits non-zero at the end. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include "GraphBLAS.h"

static int check_failures = 0;

/* The call must return exactly the expected GrB_Info. */
#define EXPECT(call, expected)                                                 \
    do {                                                                       \
        GrB_Info check_info_ = (call);                                         \
        if (check_info_ != (expected)) {                                       \
            fprintf(stderr, "%s:%d: %s returned %d, expected %s (%d)\n",       \
                    __FILE__, __LINE__, #call, (int) check_info_, #expected,   \
                    (int) (expected));                                         \
            check_failures++;                                                  \
        }                                                                      \
    } while (0)

/* The call must succeed. */
#define OK(call) EXPECT(call, GrB_SUCCESS)

/* A condition must hold. */
#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,   \
                    #cond);                                                    \
            check_failures++;                                                  \
        }                                                                      \
    } while (0)

/* Ends a test program: prints a summary and returns the exit status. */
static int check_done(const char *name)
{
    if (check_failures == 0) {
        printf("%s: all checks passed\n", name);
        return 0;
    }
    printf("%s: %d check(s) failed\n", name, check_failures);
    return 1;
}

#endif
