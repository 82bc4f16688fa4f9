/*
 * dist_query.c -- sweep-dist-query: what a build says about its communicators, without
 * MPI. Each kind must be described (built or not, loaded or not, and why not); a kind
 * the build made must load; what was left out fails to create with
 * SWEEP_ERR_BACKEND_UNAVAILABLE and says why; and the calls that need no communicator
 * refuse bad arguments locally. Expectations come from the command line (what CMake
 * configured): sweep-dist-query MPI_BUILT NCCL_BUILT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sweep/sweep.h>
#include <sweep/sweep_dist.h>

static int failures;

static void expect(int ok, const char *what) {
    if (!ok) {
        printf("FAIL %s (%s)\n", what, sweep_last_error());
        ++failures;
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: sweep-dist-query MPI_BUILT NCCL_BUILT\n");
        return 2;
    }
    const int want[2] = {atoi(argv[1]), atoi(argv[2])};
    for (int k = 0; k < SWEEP_COMM_KIND_COUNT; ++k) {
        sweep_dist_info info;
        memset(&info, 0x5a, sizeof info);
        expect(sweep_dist_query((sweep_comm_kind)k, &info) == SWEEP_OK, "sweep_dist_query");
        printf("%s: built %d, available %d%s%s\n", info.name, info.built, info.available,
               info.reason[0] ? ": " : "", info.reason);
        expect(info.built == want[k], "built as configured");
        /* A plugin the build made loads here (NCCL needs no GPU to load). */
        expect(info.available == want[k], "available exactly when built");
        expect(info.available || strlen(info.reason) > 0, "a reason when unavailable");
    }
    sweep_dist_info info;
    expect(sweep_dist_query((sweep_comm_kind)2, &info) == SWEEP_ERR_INVALID_ARGUMENT,
           "unknown kind refused");
    expect(sweep_dist_query(SWEEP_COMM_MPI, NULL) == SWEEP_ERR_INVALID_ARGUMENT,
           "NULL out refused");

    sweep_context *ctx = NULL;
    sweep_context_desc d = {SWEEP_BACKEND_SERIAL, 0, 0, 0};
    expect(sweep_context_create(&ctx, &d) == SWEEP_OK, "serial context");
    sweep_comm *comm = NULL;
    int handle = 0;
    sweep_status st = sweep_comm_create_nccl(ctx, &handle, &comm);
    expect(st == SWEEP_ERR_INVALID_ARGUMENT && comm == NULL, "NCCL refused on a CPU context");
    st = sweep_comm_create_mpi(ctx, NULL, &comm);
    expect(st == SWEEP_ERR_INVALID_ARGUMENT && comm == NULL, "NULL MPI communicator refused");
    if (!want[0]) {
        st = sweep_comm_create_mpi(ctx, &handle, &comm);
        expect(st == SWEEP_ERR_BACKEND_UNAVAILABLE && strstr(sweep_last_error(), "mpi") != NULL,
               "MPI left out: unavailable, saying why");
    }
    expect(sweep_dist_scan(NULL, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), NULL, NULL, 0,
                           SWEEP_INCLUSIVE) == SWEEP_ERR_INVALID_ARGUMENT,
           "NULL comm refused");
    int rank = -1;
    expect(sweep_comm_rank(NULL, &rank, NULL) == SWEEP_ERR_INVALID_ARGUMENT && rank == -1,
           "sweep_comm_rank(NULL)");
    sweep_comm_destroy(NULL);
    sweep_context_destroy(ctx);
    printf("sweep-dist-query: %d failures\n", failures);
    return failures ? 1 : 0;
}
