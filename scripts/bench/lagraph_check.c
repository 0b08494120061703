// lagraph_check GRAPH.mtx: runs LAGraph's algorithms once on an undirected
// graph and prints what they computed, one `name key=value ...` line per
// algorithm, so that scripts/bench-lagraph can check that a LAGraph build
// against one GraphBLAS library computes what a build against another does.
// lagraph_check --mode: prints the mode LAGraph's header selected with this
// GraphBLAS.h, `default` (LAGRAPH_SUITESPARSE) or `vanilla`.
//
// Built by scripts/bench-lagraph against each LAGraph build (its include/
// and liblagraph); uses only LAGraph's stable API and spec GrB_* calls.

#include <LAGraph.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char msg[LAGRAPH_MSG_LEN];

#define TRY(call)                                                         \
    do {                                                                  \
        int status_ = (call);                                             \
        if (status_ < 0) {                                                \
            fprintf(stderr, "lagraph_check: %s failed (%d): %s\n", #call, \
                    status_, msg);                                        \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

// The vertex of highest out-degree (the lowest of equals).
static GrB_Index hub(LAGraph_Graph G) {
    GrB_Index n, best = 0;
    int64_t most = -1;
    TRY(GrB_Matrix_nrows(&n, G->A));
    for (GrB_Index i = 0; i < n; i++) {
        int64_t d = 0;
        if (GrB_Vector_extractElement_INT64(&d, G->out_degree, i) == GrB_SUCCESS && d > most) {
            most = d;
            best = i;
        }
    }
    return best;
}

// The entries of v, their sum (as double) and largest value.
static void summary(GrB_Vector v, GrB_Index *nvals, double *sum, double *max) {
    TRY(GrB_Vector_nvals(nvals, v));
    GrB_Index n = *nvals;
    GrB_Index *idx = malloc((n + 1) * sizeof(GrB_Index));
    double *x = malloc((n + 1) * sizeof(double));
    TRY(GrB_Vector_extractTuples_FP64(idx, x, &n, v));
    *sum = 0;
    *max = 0;
    for (GrB_Index k = 0; k < n; k++) {
        *sum += x[k];
        if (k == 0 || x[k] > *max) *max = x[k];
    }
    free(idx);
    free(x);
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--mode") == 0) {
        printf("%s\n", LAGRAPH_SUITESPARSE ? "default" : "vanilla");
        return 0;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: lagraph_check GRAPH.mtx\n");
        return 2;
    }
    TRY(LAGraph_Init(msg));
    FILE *f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    GrB_Matrix A = NULL;
    TRY(LAGraph_MMRead(&A, f, msg));
    fclose(f);
    GrB_Index n;
    TRY(GrB_Matrix_nrows(&n, A));

    // The pattern as INT32 ones (SSSP's weights) and as BOOL (the rest).
    GrB_Matrix W = NULL, B = NULL;
    TRY(GrB_Matrix_new(&W, GrB_INT32, n, n));
    TRY(GrB_Matrix_apply_BinaryOp2nd_INT32(W, NULL, NULL, GrB_ONEB_INT32, A, 1, NULL));
    TRY(GrB_Matrix_new(&B, GrB_BOOL, n, n));
    TRY(GrB_Matrix_apply_BinaryOp2nd_BOOL(B, NULL, NULL, GrB_ONEB_BOOL, A, true, NULL));
    TRY(GrB_free(&A));
    LAGraph_Graph G = NULL, GW = NULL;
    TRY(LAGraph_New(&G, &B, LAGraph_ADJACENCY_UNDIRECTED, msg));
    TRY(LAGraph_New(&GW, &W, LAGraph_ADJACENCY_UNDIRECTED, msg));
    TRY(LAGraph_DeleteSelfEdges(G, msg));
    TRY(LAGraph_Cached_OutDegree(G, msg));
    TRY(LAGraph_Cached_AT(G, msg));
    TRY(LAGraph_Cached_EMin(GW, msg));
    GrB_Index src = hub(G), nvals;
    double sum, max;
    printf("graph n=%llu source=%llu\n", (unsigned long long)n, (unsigned long long)src);

    GrB_Vector level = NULL, parent = NULL;
    TRY(LAGr_BreadthFirstSearch(&level, &parent, G, src, msg));
    summary(level, &nvals, &sum, &max);
    printf("bfs reached=%llu levels=%.0f level_sum=%.0f\n", (unsigned long long)nvals, max + 1, sum);
    TRY(GrB_free(&level));
    TRY(GrB_free(&parent));

    GrB_Vector dist = NULL;
    GrB_Scalar delta = NULL;
    TRY(GrB_Scalar_new(&delta, GrB_INT32));
    TRY(GrB_Scalar_setElement_INT32(delta, 2));
    TRY(LAGr_SingleSourceShortestPath(&dist, GW, src, delta, msg));
    // Unreached vertices hold INT32_MAX: drop them.
    TRY(GrB_Vector_select_INT32(dist, NULL, NULL, GrB_VALUELT_INT32, dist, INT32_MAX, NULL));
    summary(dist, &nvals, &sum, &max);
    printf("sssp reached=%llu dist_sum=%.0f dist_max=%.0f\n", (unsigned long long)nvals, sum, max);
    TRY(GrB_free(&dist));
    TRY(GrB_free(&delta));

    GrB_Vector component = NULL;
    TRY(LAGr_ConnectedComponents(&component, G, msg));
    GrB_Index *ids = malloc((n + 1) * sizeof(GrB_Index));
    GrB_Index *cid = malloc((n + 1) * sizeof(GrB_Index));
    GrB_Index nc = n, roots = 0;
    TRY(GrB_Vector_extractTuples_UINT64(ids, cid, &nc, component));
    for (GrB_Index k = 0; k < nc; k++) roots += (cid[k] == ids[k]);
    printf("cc components=%llu\n", (unsigned long long)roots);
    free(ids);
    free(cid);
    TRY(GrB_free(&component));

    GrB_Vector rank = NULL;
    int iters = 0;
    TRY(LAGr_PageRank(&rank, &iters, G, 0.85f, 1e-4f, 100, msg));
    summary(rank, &nvals, &sum, &max);
    printf("pagerank iters=%d rank_sum=%.5g\n", iters, sum);
    TRY(GrB_free(&rank));
    TRY(LAGr_PageRankGAP(&rank, &iters, G, 0.85f, 1e-4f, 100, msg));
    summary(rank, &nvals, &sum, &max);
    printf("pagerank_gap iters=%d rank_sum=%.5g\n", iters, sum);
    TRY(GrB_free(&rank));

    GrB_Vector centrality = NULL;
    GrB_Index sources[4] = {src, 0, n / 2, n - 1};
    TRY(LAGr_Betweenness(&centrality, G, sources, 4, msg));
    summary(centrality, &nvals, &sum, &max);
    printf("bc sum=%.5g max=%.5g\n", sum, max);
    TRY(GrB_free(&centrality));

    uint64_t ntriangles = 0;
    TRY(LAGraph_TriangleCount(&ntriangles, G, msg));
    printf("tc triangles=%llu\n", (unsigned long long)ntriangles);

    TRY(LAGraph_Delete(&G, msg));
    TRY(LAGraph_Delete(&GW, msg));
    TRY(LAGraph_Finalize(msg));
    return 0;
}
