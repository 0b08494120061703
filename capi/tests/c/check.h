/* Minimal assertions for the C conformance tests: each failure prints where
 * and what, and the test exits non-zero at the end. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include "GraphBLAS.h"

static int check_failures = 0;

/* Records a failure when a call returned something other than expected. */
static void check_info(GrB_Info got, GrB_Info expected, const char *file, int line,
                       const char *call, const char *expected_name)
{
    if (got != expected) {
        fprintf(stderr, "%s:%d: %s returned %d, expected %s (%d)\n", file, line,
                call, (int) got, expected_name, (int) expected);
        check_failures++;
    }
}

/* The call must return exactly the expected GrB_Info. (Each macro stringifies
 * its own argument, so the text is the call as written, not its expansion.) */
#define EXPECT(call, expected) \
    check_info((call), (expected), __FILE__, __LINE__, #call, #expected)

/* The call must succeed. */
#define OK(call) check_info((call), GrB_SUCCESS, __FILE__, __LINE__, #call, "GrB_SUCCESS")

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
