/*
 * sweep-bench-dist: the distributed sort and scan on p ranks against one context doing
 * the same total, each rank sorting its own piece alone (what the distributed sort
 * costs at least), and the all-to-all exchange alone (sweep's communicator plugin)
 * against the engine's own all-to-all of the same bytes: grouped ncclSend/ncclRecv on
 * GPUs (what ncclAllToAll would do, with uneven counts), MPI_Alltoallv on CPUs.
 *
 *   mpirun -np 2 sweep-bench-dist --backend cuda --total 1073741824
 *   mpirun -np 4 sweep-bench-dist --backend openmp --total 67108864 --reps 5
 *
 * Keys are u32 from a hash of their global index; each rank holds total / p of them.
 * Every figure is the median of --reps timed runs after one warm-up, on rank 0, with
 * all ranks started together (a barrier) and finished (each call returns complete).
 * Rank 0 also runs the single-context reference on its own device with the same total
 * (skipped with --no-single, or when it does not fit).
 */
#include <comm_table.h>
#include <sweep/sweep.h>
#include <sweep/sweep_dist.h>

#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWEEP_BENCH_NCCL
#include <cuda_runtime.h>
#include <nccl.h>
#endif

typedef struct bench {
    int rank, size, reps, single;
    sweep_backend backend;
    size_t total;
    sweep_context *ctx;
    sweep_comm *comm;
#ifdef SWEEP_BENCH_NCCL
    ncclComm_t nccl;
    cudaStream_t stream;
#endif
} bench;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void die(const bench *b, const char *what) {
    fprintf(stderr, "sweep-bench-dist: rank %d: %s: %s\n", b->rank, what, sweep_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
}

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

static uint32_t key_of(uint64_t i) {
    uint64_t z = i * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
    return (uint32_t)(z >> 32);
}

static void *upload_keys(bench *b, size_t begin, size_t n, size_t cap) {
    uint32_t *h = malloc((n ? n : 1) * sizeof *h);
    for (size_t i = 0; i < n; ++i)
        h[i] = key_of(begin + i);
    void *d = NULL;
    CHECK(b, sweep_malloc(b->ctx, &d, (cap ? cap : 1) * 4));
    CHECK(b, sweep_memcpy(b->ctx, d, h, n * 4, SWEEP_COPY_HOST_TO_DEVICE));
    CHECK(b, sweep_synchronize(b->ctx));
    free(h);
    return d;
}

/* Times fn over reps after a warm-up; the median in seconds (rank 0's clock). */
typedef void (*run_fn)(bench *b, void *arg);
static double timed(bench *b, run_fn fn, void *arg, int collective) {
    double *t = calloc((size_t)b->reps, sizeof *t);
    for (int i = -1; i < b->reps; ++i) {
        if (collective) MPI_OK(b, MPI_Barrier(MPI_COMM_WORLD));
        double t0 = MPI_Wtime();
        fn(b, arg);
        if (collective) MPI_OK(b, MPI_Barrier(MPI_COMM_WORLD));
        if (i >= 0) t[i] = MPI_Wtime() - t0;
    }
    qsort(t, (size_t)b->reps, sizeof *t, cmp_double);
    double m = t[b->reps / 2];
    free(t);
    return m;
}

typedef struct sort_arg {
    void *in, *out;
    size_t n, cap;
} sort_arg;

static void run_dist_sort(bench *b, void *p) {
    sort_arg *a = p;
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
    size_t got = 0;
    CHECK(b, sweep_dist_radix_sort(b->comm, a->in, a->out, NULL, NULL, a->n, a->cap, &got, &d));
}

static void run_single_sort(bench *b, void *p) {
    sort_arg *a = p;
    sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
    CHECK(b, sweep_radix_sort(b->ctx, a->in, a->out, NULL, NULL, a->n, &d));
    CHECK(b, sweep_synchronize(b->ctx));
}

static void run_dist_scan(bench *b, void *p) {
    sort_arg *a = p;
    CHECK(b, sweep_dist_scan(b->comm, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), a->in, a->out,
                             a->n, SWEEP_EXCLUSIVE));
}

static void run_single_scan(bench *b, void *p) {
    sort_arg *a = p;
    CHECK(b, sweep_scan(b->ctx, sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32), a->in, a->out, a->n,
                        SWEEP_EXCLUSIVE));
    CHECK(b, sweep_synchronize(b->ctx));
}

/* ---- the exchange alone ---- */

typedef struct xchg_arg {
    const sweep_comm_table *t;
    void *h;
    sweep_comm_xfer x;
    size_t *tab;           /* send_off, send_bytes, recv_off, recv_bytes (size each) */
    int *icounts, *idispl; /* MPI_Alltoallv (bytes fit in int at these sizes) */
} xchg_arg;

static void run_plugin_exchange(bench *b, void *p) {
    xchg_arg *a = p;
    if (a->t->exchange(a->h, &a->x, 1) != SWEEP_OK) die(b, "plugin exchange");
}

static void run_engine_exchange(bench *b, void *p) {
    xchg_arg *a = p;
#ifdef SWEEP_BENCH_NCCL
    if (b->backend == SWEEP_BACKEND_CUDA) {
        ncclGroupStart();
        for (int q = 0; q < b->size; ++q) {
            ncclSend((const char *)a->x.send + a->tab[q], a->tab[b->size + q], ncclChar, q, b->nccl,
                     b->stream);
            ncclRecv((char *)a->x.recv + a->tab[2 * b->size + q], a->tab[3 * b->size + q], ncclChar,
                     q, b->nccl, b->stream);
        }
        if (ncclGroupEnd() != ncclSuccess || cudaStreamSynchronize(b->stream) != cudaSuccess)
            die(b, "grouped ncclSend/ncclRecv");
        return;
    }
#endif
    if (MPI_Alltoallv(a->x.send, a->icounts, a->idispl, MPI_BYTE, a->x.recv, a->icounts, a->idispl,
                      MPI_BYTE, MPI_COMM_WORLD) != MPI_SUCCESS)
        die(b, "MPI_Alltoallv");
}

static void plugin_report(sweep_status st, const char *message) {
    fprintf(stderr, "sweep-bench-dist: plugin: %s: %s\n", sweep_status_string(st), message);
}

static const sweep_comm_table *load_table(const char *name) {
    char file[64];
    snprintf(file, sizeof file, "libsweep-comm-%s.so", name);
    void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL); /* next to the program via its rpath */
    if (!lib) return NULL;
    sweep_comm_entry_fn entry;
    void *sym = dlsym(lib, SWEEP_COMM_ENTRY_SYMBOL);
    memcpy(&entry, &sym, sizeof entry);
    return entry ? entry() : NULL;
}

static void report(const bench *b, const char *what, double t, double single, size_t bytes) {
    if (b->rank != 0) return;
    printf("%-34s p=%d total=%zu: %9.3f ms", what, b->size, b->total, t * 1e3);
    if (bytes) printf("  %8.2f GB/s per rank", (double)bytes / t / 1e9);
    if (single > 0) printf("  (one context: %9.3f ms, speed-up %.2fx)", single * 1e3, single / t);
    printf("\n");
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    bench b;
    memset(&b, 0, sizeof b);
    b.reps = 5;
    b.single = 1;
    b.total = (size_t)1 << 24;
    b.backend = SWEEP_BACKEND_OPENMP;
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b.size);
    for (int i = 1; i < argc; ++i) {
        const char *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--total"))
            b.total = (size_t)strtoull(v, NULL, 0), ++i;
        else if (!strcmp(argv[i], "--reps"))
            b.reps = atoi(v), ++i;
        else if (!strcmp(argv[i], "--no-single"))
            b.single = 0;
        else if (!strcmp(argv[i], "--backend")) {
            b.backend = !strcmp(v, "cuda")     ? SWEEP_BACKEND_CUDA
                        : !strcmp(v, "serial") ? SWEEP_BACKEND_SERIAL
                                               : SWEEP_BACKEND_OPENMP;
            ++i;
        } else {
            if (b.rank == 0)
                fprintf(stderr, "usage: sweep-bench-dist [--backend openmp|serial|cuda] "
                                "[--total N] [--reps R] [--no-single]\n");
            MPI_Finalize();
            return 2;
        }
    }
    if (b.reps < 1) b.reps = 1;
    sweep_backend_info info;
    int device = 0;
    if (sweep_backend_query(b.backend, &info) == SWEEP_OK && info.device_count > 1)
        device = b.rank % info.device_count;
    sweep_context_desc cd = {b.backend, device, 0, 0};
    CHECK(&b, sweep_context_create(&b.ctx, &cd));
    MPI_Comm world = MPI_COMM_WORLD;
    const sweep_comm_table *table = NULL;
    void *handle = NULL;
    sweep_comm_open_args args = {device, plugin_report};
    int prank = 0, psize = 0;
    if (b.backend == SWEEP_BACKEND_CUDA) {
#ifdef SWEEP_BENCH_NCCL
        ncclUniqueId id;
        if (b.rank == 0) NCCL_OK(&b, ncclGetUniqueId(&id));
        MPI_OK(&b, MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, world));
        CUDA_OK(&b, cudaSetDevice(device));
        NCCL_OK(&b, ncclCommInitRank(&b.nccl, b.size, id, b.rank));
        CUDA_OK(&b, cudaStreamCreate(&b.stream));
        CHECK(&b, sweep_comm_create_nccl(b.ctx, &b.nccl, &b.comm));
        table = load_table("nccl");
        if (!table || table->wrap(&args, &b.nccl, &handle, &prank, &psize) != SWEEP_OK)
            die(&b, "the NCCL plugin's table");
#else
        die(&b, "this benchmark was built without NCCL");
#endif
    } else {
        CHECK(&b, sweep_comm_create_mpi(b.ctx, &world, &b.comm));
        table = load_table("mpi");
        if (!table || table->wrap(&args, &world, &handle, &prank, &psize) != SWEEP_OK)
            die(&b, "the MPI plugin's table");
    }

    size_t begin = 0, n = 0;
    sweep_dist_balanced_piece(b.total, b.rank, b.size, &begin, &n);
    sort_arg a = {upload_keys(&b, begin, n, n), NULL, n, n};
    CHECK(&b, sweep_malloc(b.ctx, &a.out, (n ? n : 1) * 4));
    /* The sort is timed out of place, from a fresh copy each time. */
    double t_scan = timed(&b, run_dist_scan, &a, 1);
    double t_sort = timed(&b, run_dist_sort, &a, 1);
    /* What the distributed sort costs at least: each rank sorting its own piece (the
     * slowest rank's time). */
    double t_local = timed(&b, run_single_sort, &a, 1);

    /* The exchange alone: each rank sends total / p^2 keys to every rank. */
    xchg_arg x;
    memset(&x, 0, sizeof x);
    x.t = table;
    x.h = handle;
    x.tab = calloc(4 * (size_t)b.size, sizeof *x.tab);
    x.icounts = calloc((size_t)b.size, sizeof *x.icounts);
    x.idispl = calloc((size_t)b.size, sizeof *x.idispl);
    size_t off = 0;
    for (int q = 0; q < b.size; ++q) {
        size_t c = 0, s = 0;
        sweep_dist_balanced_piece(n, q, b.size, &s, &c);
        x.tab[q] = x.tab[2 * b.size + q] = off;
        x.tab[b.size + q] = x.tab[3 * b.size + q] = c * 4;
        x.icounts[q] = (int)(c * 4);
        x.idispl[q] = (int)off;
        off += c * 4;
    }
    x.x.send = a.in;
    x.x.recv = a.out;
    x.x.send_off = x.tab;
    x.x.send_bytes = x.tab + b.size;
    x.x.recv_off = x.tab + 2 * b.size;
    x.x.recv_bytes = x.tab + 3 * b.size;
    double t_plugin = timed(&b, run_plugin_exchange, &x, 1);
    int fits_int = n * 4 < (size_t)2147483647;
    double t_engine =
        b.backend == SWEEP_BACKEND_CUDA || fits_int ? timed(&b, run_engine_exchange, &x, 1) : 0;

    double s_sort = 0, s_scan = 0;
    if (b.single && b.rank == 0) {
        sort_arg one = {NULL, NULL, b.total, b.total};
        if (sweep_malloc(b.ctx, &one.out, b.total * 4) == SWEEP_OK) {
            one.in = upload_keys(&b, 0, b.total, b.total);
            s_scan = timed(&b, run_single_scan, &one, 0);
            s_sort = timed(&b, run_single_sort, &one, 0);
            sweep_free(b.ctx, one.in);
            sweep_free(b.ctx, one.out);
        } else {
            printf("(one context cannot hold %zu keys: no single-context figures)\n", b.total);
        }
    }
    if (b.rank == 0)
        printf("sweep-bench-dist on %s, %d ranks, median of %d\n", sweep_backend_name(b.backend),
               b.size, b.reps);
    report(&b, "distributed exclusive scan u32", t_scan, s_scan, 0);
    report(&b, "distributed radix sort u32", t_sort, s_sort, 0);
    report(&b, "local radix sort of the piece", t_local, 0, 0);
    report(&b, "exchange alone (sweep plugin)", t_plugin, 0, n * 4);
    if (t_engine > 0)
        report(&b,
               b.backend == SWEEP_BACKEND_CUDA ? "grouped ncclSend/ncclRecv, same bytes"
                                               : "MPI_Alltoallv, same bytes",
               t_engine, 0, n * 4);
    table->destroy(handle);
    sweep_free(b.ctx, a.in);
    sweep_free(b.ctx, a.out);
    sweep_comm_destroy(b.comm);
#ifdef SWEEP_BENCH_NCCL
    if (b.backend == SWEEP_BACKEND_CUDA) {
        NCCL_OK(&b, ncclCommDestroy(b.nccl));
        CUDA_OK(&b, cudaStreamDestroy(b.stream));
    }
#endif
    sweep_context_destroy(b.ctx);
    free(x.tab);
    free(x.icounts);
    free(x.idispl);
    MPI_Finalize();
    return 0;
}
