/* A small reader for coordinate Matrix Market files: pattern, integer or real
 * values; general, symmetric or skew-symmetric structure.  Indices in the file
 * are 1-based; the Graph holds 0-based tuples with symmetric entries expanded. */
#include "bench.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum symmetry { GENERAL, SYMMETRIC, SKEW };

/* Reads one line into buf (dropping whatever does not fit); false at EOF. */
static bool read_line(FILE *f, char *buf, size_t len)
{
    if (fgets(buf, (int) len, f) == NULL) return false;
    if (strchr(buf, '\n') == NULL) {
        int c;
        while ((c = fgetc(f)) != EOF && c != '\n') {
        }
    }
    return true;
}

static void lowercase(char *s)
{
    for (; *s; s++) *s = (char) tolower((unsigned char) *s);
}

/* Parses the banner; false (with a message) for what the reader does not support. */
static bool parse_banner(const char *path, char *line, bool *pattern,
                         enum symmetry *sym)
{
    char object[32], format[32], field[32], symmetry[32];
    lowercase(line);
    if (sscanf(line, "%%%%matrixmarket %31s %31s %31s %31s", object, format,
               field, symmetry) != 4) {
        fprintf(stderr, "%s: not a Matrix Market file\n", path);
        return false;
    }
    if (strcmp(object, "matrix") != 0 || strcmp(format, "coordinate") != 0) {
        fprintf(stderr, "%s: only 'matrix coordinate' files are supported\n", path);
        return false;
    }
    if (strcmp(field, "pattern") == 0) {
        *pattern = true;
    } else if (strcmp(field, "integer") == 0 || strcmp(field, "real") == 0) {
        *pattern = false;
    } else {
        fprintf(stderr, "%s: unsupported field '%s'\n", path, field);
        return false;
    }
    if (strcmp(symmetry, "general") == 0) {
        *sym = GENERAL;
    } else if (strcmp(symmetry, "symmetric") == 0) {
        *sym = SYMMETRIC;
    } else if (strcmp(symmetry, "skew-symmetric") == 0) {
        *sym = SKEW;
    } else {
        fprintf(stderr, "%s: unsupported symmetry '%s'\n", path, symmetry);
        return false;
    }
    return true;
}

/* Parses "i j [v]" into 0-based indices and a value. */
static bool parse_entry(const char *line, bool pattern, const Graph *g,
                        GrB_Index *i, GrB_Index *j, double *v)
{
    char *end;
    errno = 0;
    unsigned long long r = strtoull(line, &end, 10);
    const char *p = end;
    unsigned long long c = strtoull(p, &end, 10);
    if (errno != 0 || end == p || r < 1 || c < 1 || r > g->nrows || c > g->ncols)
        return false;
    *i = (GrB_Index) (r - 1);
    *j = (GrB_Index) (c - 1);
    *v = 1.0;
    if (!pattern) {
        p = end;
        *v = strtod(p, &end);
        if (end == p) return false;
    }
    return true;
}

static bool read_entries(FILE *f, const char *path, Graph *g,
                         unsigned long long declared, enum symmetry sym)
{
    char line[1024];
    unsigned long long seen = 0;
    while (seen < declared && read_line(f, line, sizeof line)) {
        if (line[0] == '%' || line[strspn(line, " \t\r\n")] == '\0') continue;
        GrB_Index i, j;
        double v;
        if (!parse_entry(line, g->pattern, g, &i, &j, &v)) {
            fprintf(stderr, "%s: bad entry '%s'\n", path, line);
            return false;
        }
        seen++;
        g->rows[g->nvals] = i;
        g->cols[g->nvals] = j;
        g->vals[g->nvals++] = v;
        if (sym != GENERAL && i != j) {
            g->rows[g->nvals] = j;
            g->cols[g->nvals] = i;
            g->vals[g->nvals++] = sym == SKEW ? -v : v;
        }
    }
    if (seen < declared) {
        fprintf(stderr, "%s: %llu entries declared, %llu found\n", path,
                declared, seen);
        return false;
    }
    return true;
}

bool mm_read(const char *path, Graph *g)
{
    memset(g, 0, sizeof *g);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        perror(path);
        return false;
    }
    char line[1024];
    enum symmetry sym = GENERAL;
    bool ok = read_line(f, line, sizeof line) &&
              parse_banner(path, line, &g->pattern, &sym);
    /* The size line follows the comments. */
    bool comment = true;
    while (ok && comment) {
        ok = read_line(f, line, sizeof line);
        if (!ok) fprintf(stderr, "%s: no size line\n", path);
        comment = line[0] == '%' || line[strspn(line, " \t\r\n")] == '\0';
    }
    unsigned long long nrows = 0, ncols = 0, declared = 0;
    if (ok && sscanf(line, "%llu %llu %llu", &nrows, &ncols, &declared) != 3) {
        fprintf(stderr, "%s: bad size line\n", path);
        ok = false;
    }
    if (ok) {
        g->nrows = nrows;
        g->ncols = ncols;
        size_t capacity = (size_t) declared * (sym == GENERAL ? 1 : 2) + 1;
        g->rows = malloc(capacity * sizeof *g->rows);
        g->cols = malloc(capacity * sizeof *g->cols);
        g->vals = malloc(capacity * sizeof *g->vals);
        ok = g->rows && g->cols && g->vals;
        if (!ok) fprintf(stderr, "%s: out of memory\n", path);
    }
    ok = ok && read_entries(f, path, g, declared, sym);
    fclose(f);
    if (!ok) graph_free(g);
    return ok;
}

void graph_free(Graph *g)
{
    free(g->rows);
    free(g->cols);
    free(g->vals);
    memset(g, 0, sizeof *g);
}
