/*
 * dist_main.c -- sweep-dist-test: the distributed primitives under mpirun, or on
 * several GPUs driven by one process (--all-gpus N: ncclCommInitAll, one thread a
 * GPU). Every rank runs every case under every partition; the exit status is 0 when
 * no rank failed, 77 when the backend or communicator is not available (skipped).
 *
 *   mpirun -np 4 sweep-dist-test --backend openmp            MPI between CPU contexts
 *   mpirun -np 2 sweep-dist-test --backend cuda --comm nccl  NCCL built from MPI
 *   sweep-dist-test --backend cuda --all-gpus 2              one process, 2 GPUs
 * Options: --only TEXT (cases whose name contains it), --big TOTAL (the large sort),
 * --threads N (CPU worker threads a rank; default 1), --generic (the core's
 * composition of basic kernels instead of fused primitives), --all-layouts (every case
 * under every partition; by default each case takes two of the four).
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include "dist_test.h"

#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends.h"

typedef struct opts {
    sweep_backend backend;
    int nccl, all_gpus, threads, all_layouts;
    unsigned options;
    const char *only;
    size_t big;
} opts;

static void run_all(d_env *e) {
    for (e->layout = 0; e->layout < D_LAYOUTS; ++e->layout) {
        d_cases_scan(e);
        d_cases_split(e);
        d_cases_sort(e);
        d_cases_reuse(e);
        if (e->layout == 0) { /* the error cases once, all of them */
            int all = e->all_layouts;
            e->all_layouts = 1;
            d_cases_errors(e);
            e->all_layouts = all;
        }
    }
    e->layout = D_EVEN;
    if (e->big_total) d_case_big_sort(e);
}

/* A communicator outliving its context: sweep_comm_trim refuses it (the buffers can no
 * longer go back through the context) and sweep_comm_destroy still frees the rest.
 * Collective (the communicator is made over MPI_COMM_WORLD). */
static void case_stale_context(d_env *e, const sweep_context_desc *d) {
    const char *name = "dist.errors.trim_stale_context";
    if (e->only && !strstr(name, e->only)) return;
    sweep_context *ctx = NULL;
    sweep_comm *comm = NULL;
    if (!d_ok(e, name, sweep_context_create(&ctx, d), "second context")) return;
    if (d_ok(e, name, sweep_comm_create_mpi(ctx, &(MPI_Comm){MPI_COMM_WORLD}, &comm), "comm")) {
        d_ok(e, name, sweep_comm_trim(comm), "sweep_comm_trim with a live context");
        sweep_context_destroy(ctx);
        ctx = NULL;
        ++e->checks;
        if (sweep_comm_trim(comm) != SWEEP_ERR_INVALID_ARGUMENT)
            d_fail(e, name, "sweep_comm_trim accepted a communicator whose context is destroyed");
        sweep_comm_destroy(comm);
    }
    sweep_context_destroy(ctx);
}

static void mpi_gather_u64(d_env *e, uint64_t mine, uint64_t *all) {
    (void)e;
    MPI_Allgather(&mine, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, MPI_COMM_WORLD);
}

/* ---- one process driving several GPUs ---- */

typedef struct thread_gather {
    pthread_barrier_t barrier;
    uint64_t *slots;
} thread_gather;

static void thread_gather_u64(d_env *e, uint64_t mine, uint64_t *all) {
    thread_gather *g = e->gather_state;
    pthread_barrier_wait(&g->barrier);
    g->slots[e->rank] = mine;
    pthread_barrier_wait(&g->barrier);
    memcpy(all, g->slots, (size_t)e->size * sizeof *all);
    pthread_barrier_wait(&g->barrier);
}

static void *thread_main(void *arg) {
    run_all(arg);
    return NULL;
}

static int run_all_gpus(const opts *o) {
    const int count = o->all_gpus;
    sweep_context **ctxs = calloc((size_t)count, sizeof *ctxs);
    sweep_comm **comms = calloc((size_t)count, sizeof *comms);
    d_env *envs = calloc((size_t)count, sizeof *envs);
    pthread_t *threads = calloc((size_t)count, sizeof *threads);
    thread_gather g;
    g.slots = calloc((size_t)count, sizeof *g.slots);
    pthread_barrier_init(&g.barrier, NULL, (unsigned)count);
    for (int i = 0; i < count; ++i) {
        sweep_context_desc d = {o->backend, i, o->options, o->threads};
        if (sweep_context_create(&ctxs[i], &d) != SWEEP_OK) {
            printf("SKIP: no context on device %d: %s\n", i, sweep_last_error());
            return T_EXIT_SKIP;
        }
    }
    if (sweep_comm_create_nccl_all(ctxs, count, comms) != SWEEP_OK) {
        printf("FAIL: sweep_comm_create_nccl_all: %s\n", sweep_last_error());
        return 1;
    }
    for (int i = 0; i < count; ++i) {
        envs[i] = (d_env){ctxs[i], comms[i],          i,  count, 0, 0, 0, o->only, o->all_layouts,
                          o->big,  thread_gather_u64, &g, -1};
        pthread_create(&threads[i], NULL, thread_main, &envs[i]);
    }
    long checks = 0, failures = 0;
    for (int i = 0; i < count; ++i) {
        pthread_join(threads[i], NULL);
        checks += envs[i].checks;
        failures += envs[i].failures;
        sweep_comm_destroy(comms[i]);
        sweep_context_destroy(ctxs[i]);
    }
    printf("sweep-dist-test: %d GPUs in one process (ncclCommInitAll), %s: %ld checks, %ld "
           "failures\n",
           count, sweep_backend_name(o->backend), checks, failures);
    return failures ? 1 : 0;
}

static int parse(int argc, char **argv, opts *o) {
    memset(o, 0, sizeof *o);
    o->backend = SWEEP_BACKEND_SERIAL;
    o->threads = 1;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--backend") && v) {
            if (!t_parse_backend(v, &o->backend)) return 0;
            ++i;
        } else if (!strcmp(a, "--comm") && v) {
            o->nccl = !strcmp(v, "nccl");
            ++i;
        } else if (!strcmp(a, "--all-gpus") && v) {
            o->all_gpus = atoi(v);
            ++i;
        } else if (!strcmp(a, "--all-layouts")) {
            o->all_layouts = 1;
        } else if (!strcmp(a, "--generic")) {
            o->options |= SWEEP_OPTION_GENERIC;
        } else if (!strcmp(a, "--threads") && v) {
            o->threads = atoi(v);
            ++i;
        } else if (!strcmp(a, "--only") && v) {
            o->only = v;
            ++i;
        } else if (!strcmp(a, "--big") && v) {
            o->big = (size_t)strtoull(v, NULL, 0);
            ++i;
        } else {
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv) {
    opts o;
    if (!parse(argc, argv, &o)) {
        fprintf(stderr, "usage: sweep-dist-test [--backend serial|openmp|cuda] [--comm mpi|nccl] "
                        "[--all-gpus N] [--threads N] [--generic] [--all-layouts] [--only TEXT] "
                        "[--big TOTAL]\n");
        return 2;
    }
    if (o.all_gpus > 0) return run_all_gpus(&o);
    MPI_Init(&argc, &argv);
    d_env e;
    memset(&e, 0, sizeof e);
    MPI_Comm_rank(MPI_COMM_WORLD, &e.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &e.size);
    e.only = o.only;
    e.all_layouts = o.all_layouts;
    e.big_total = o.big;
    e.gather_u64 = mpi_gather_u64;
    e.fail_alloc = -1;
    /* One GPU a rank on GPU backends: rank modulo the devices of this host. */
    int device = 0;
    if (o.backend == SWEEP_BACKEND_CUDA || o.backend == SWEEP_BACKEND_HIP) {
        sweep_backend_info info;
        if (sweep_backend_query(o.backend, &info) == SWEEP_OK && info.device_count > 0)
            device = e.rank % info.device_count;
    }
    sweep_context_desc d = {o.backend, device, o.options, o.threads};
    int have = sweep_context_create(&e.ctx, &d) == SWEEP_OK;
    if (have) {
        sweep_status st =
            o.nccl ? sweep_comm_create_nccl_from_mpi(e.ctx, &(MPI_Comm){MPI_COMM_WORLD}, &e.comm)
                   : sweep_comm_create_mpi(e.ctx, &(MPI_Comm){MPI_COMM_WORLD}, &e.comm);
        if (st != SWEEP_OK) {
            fprintf(stderr, "rank %d: communicator: %s\n", e.rank, sweep_last_error());
            have = 0;
        }
    } else {
        fprintf(stderr, "rank %d: no %s context: %s\n", e.rank, sweep_backend_name(o.backend),
                sweep_last_error());
    }
    int all_have = 0;
    MPI_Allreduce(&have, &all_have, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_have) {
        if (e.rank == 0)
            printf("SKIP: %s is not available on every rank\n", sweep_backend_name(o.backend));
        sweep_comm_destroy(e.comm);
        sweep_context_destroy(e.ctx);
        MPI_Finalize();
        return T_EXIT_SKIP;
    }
    run_all(&e);
    if (!o.nccl) case_stale_context(&e, &d);
    long mine[2] = {e.checks, e.failures}, sum[2] = {0, 0};
    MPI_Allreduce(mine, sum, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (e.rank == 0)
        printf("sweep-dist-test: %d ranks, %s over %s: %ld checks, %ld failures\n", e.size,
               sweep_backend_name(o.backend), o.nccl ? "NCCL" : "MPI", sum[0], sum[1]);
    sweep_comm_destroy(e.comm);
    sweep_context_destroy(e.ctx);
    MPI_Finalize();
    return sum[1] ? 1 : 0;
}
