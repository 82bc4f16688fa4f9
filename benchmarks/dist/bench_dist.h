/*
 * bench_dist.h -- what the parts of sweep-bench-dist share: the measurements, the
 * benchmark's state, the arguments of the timed calls, the checks that abort every
 * rank on a failure, and the functions one part calls in another.
 */
#ifndef SWEEP_BENCH_DIST_H
#define SWEEP_BENCH_DIST_H

#include <comm_table.h>
#include <sweep/sweep.h>
#include <sweep/sweep_dist.h>

#include <mpi.h>
#include <stdio.h>

#ifdef SWEEP_BENCH_NCCL
#include <cuda_runtime.h>
#include <nccl.h>
#endif

/* One measurement: every timed run's seconds in the order they ran, and their median,
 * minimum and maximum. */
typedef struct stats {
    double *t;
    double median, min, max;
} stats;

#define MAX_MEASURES 12
typedef struct measure {
    const char *name; /* for the JSON */
    const char *what; /* for people */
    const char *engine;
    stats s, single;
    size_t bytes; /* the exchange's bytes sent by rank 0; 0 elsewhere */
} measure;

typedef struct bench {
    int rank, size, reps, single, single_only;
    unsigned measure; /* M_* bits */
    sweep_backend backend;
    size_t total;
    sweep_context *ctx;
    sweep_comm *comm;
    measure m[MAX_MEASURES];
    int nm;
    char notes[3][600]; /* why a single-context figure is missing (the JSON's "notes") */
    int nnotes;
#ifdef SWEEP_BENCH_NCCL
    ncclComm_t nccl;
    cudaStream_t stream;
#endif
} bench;

typedef struct sort_arg {
    void *in, *out, *vin, *vout; /* vin == NULL: keys only */
    size_t n, cap;
    sweep_scan_kind kind; /* the scans' */
} sort_arg;

#define CHECK(b, call)                                                                             \
    do {                                                                                           \
        if ((call) != SWEEP_OK) die(b, #call);                                                     \
    } while (0)

#ifdef SWEEP_BENCH_NCCL
#define NCCL_OK(b, call)                                                                           \
    do {                                                                                           \
        if ((call) != ncclSuccess) die(b, #call);                                                  \
    } while (0)
#define CUDA_OK(b, call)                                                                           \
    do {                                                                                           \
        if ((call) != cudaSuccess) die(b, #call);                                                  \
    } while (0)
#endif
#define MPI_OK(b, call)                                                                            \
    do {                                                                                           \
        if ((call) != MPI_SUCCESS) die(b, #call);                                                  \
    } while (0)

/* bench_dist.c */
void die(const bench *b, const char *what);
/* Times fn over reps after a warm-up: every run's time on rank 0's clock. */
typedef void (*run_fn)(bench *b, void *arg);
stats timed(bench *b, run_fn fn, void *arg, int collective);
measure *add(bench *b, const char *name, const char *what, stats s, size_t bytes);

/* bench_dist_exchange.c */
/* Opens the communicators, on the engine each backend uses: NCCL with cuda, else MPI. */
const sweep_comm_table *open_comm(bench *b, int device, void **handle);
/* The exchange alone: each rank sends total / p^2 keys (and values) to every rank,
 * through the plugin and through the engine's own all-to-all. */
void exchange_alone(bench *b, const sweep_comm_table *table, void *handle, const sort_arg *pa);

/* bench_dist_json.c: a measurement's line on rank 0, and the JSON of --json. */
void report(const bench *b, const measure *m);
void write_json(const bench *b, FILE *f, int argc, char **argv);

#endif /* SWEEP_BENCH_DIST_H */
