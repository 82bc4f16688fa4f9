/*
 * sweep-bench-dist's exchange alone: the communicator plugin's all-to-all against the
 * engine's own (grouped ncclSend/ncclRecv with cuda, else MPI_Alltoallv) on the same
 * bytes, and the communicators both run on.
 */
#include "bench_dist.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* ---- the exchange alone ---- */

typedef struct xchg_arg {
    const sweep_comm_table *t;
    void *h;
    sweep_comm_xfer x[2]; /* keys; values (the pairs' exchange) */
    int nx;
    size_t *tab;           /* send_off, send_bytes, recv_off, recv_bytes (size each) */
    int *icounts, *idispl; /* MPI_Alltoallv (bytes fit in int at these sizes) */
} xchg_arg;

static void run_plugin_exchange(bench *b, void *p) {
    xchg_arg *a = p;
    if (a->t->exchange(a->h, a->x, a->nx) != SWEEP_OK) die(b, "plugin exchange");
}

static void run_engine_exchange(bench *b, void *p) {
    xchg_arg *a = p;
#ifdef SWEEP_BENCH_NCCL
    if (b->backend == SWEEP_BACKEND_CUDA) {
        ncclResult_t r = ncclGroupStart();
        for (int k = 0; k < a->nx; ++k)
            for (int q = 0; q < b->size && r == ncclSuccess; ++q) {
                r = ncclSend((const char *)a->x[k].send + a->tab[q], a->tab[b->size + q], ncclChar,
                             q, b->nccl, b->stream);
                if (r == ncclSuccess)
                    r = ncclRecv((char *)a->x[k].recv + a->tab[2 * b->size + q],
                                 a->tab[3 * b->size + q], ncclChar, q, b->nccl, b->stream);
            }
        ncclResult_t end = ncclGroupEnd(); /* closes the group also after a failed call */
        if (r != ncclSuccess || end != ncclSuccess ||
            cudaStreamSynchronize(b->stream) != cudaSuccess)
            die(b, "grouped ncclSend/ncclRecv");
        return;
    }
#endif
    for (int k = 0; k < a->nx; ++k)
        if (MPI_Alltoallv(a->x[k].send, a->icounts, a->idispl, MPI_BYTE, a->x[k].recv, a->icounts,
                          a->idispl, MPI_BYTE, MPI_COMM_WORLD) != MPI_SUCCESS)
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

/* Opens the communicators, on the engine each backend uses: NCCL with cuda, else MPI. */
const sweep_comm_table *open_comm(bench *b, int device, void **handle) {
    static MPI_Comm world;
    world = MPI_COMM_WORLD;
    const sweep_comm_table *table = NULL;
    sweep_comm_open_args args = {device, plugin_report};
    int prank = 0, psize = 0;
    if (b->backend == SWEEP_BACKEND_CUDA) {
#ifdef SWEEP_BENCH_NCCL
        ncclUniqueId id;
        if (b->rank == 0) NCCL_OK(b, ncclGetUniqueId(&id));
        MPI_OK(b, MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, world));
        CUDA_OK(b, cudaSetDevice(device));
        NCCL_OK(b, ncclCommInitRank(&b->nccl, b->size, id, b->rank));
        CUDA_OK(b, cudaStreamCreate(&b->stream));
        CHECK(b, sweep_comm_create_nccl(b->ctx, &b->nccl, &b->comm));
        table = load_table("nccl");
        if (!table || table->wrap(&args, &b->nccl, handle, &prank, &psize) != SWEEP_OK)
            die(b, "the NCCL plugin's table");
#else
        die(b, "this benchmark was built without NCCL");
#endif
    } else {
        CHECK(b, sweep_comm_create_mpi(b->ctx, &world, &b->comm));
        table = load_table("mpi");
        if (!table || table->wrap(&args, &world, handle, &prank, &psize) != SWEEP_OK)
            die(b, "the MPI plugin's table");
    }
    return table;
}

/* The exchange alone: each rank sends total / p^2 keys (and values) to every rank,
 * through the plugin and through the engine's own all-to-all. */
void exchange_alone(bench *b, const sweep_comm_table *table, void *handle, const sort_arg *pa) {
    size_t n = pa->n;
    xchg_arg x;
    memset(&x, 0, sizeof x);
    x.t = table;
    x.h = handle;
    x.tab = calloc(4 * (size_t)b->size, sizeof *x.tab);
    x.icounts = calloc((size_t)b->size, sizeof *x.icounts);
    x.idispl = calloc((size_t)b->size, sizeof *x.idispl);
    if (!x.tab || !x.icounts || !x.idispl) die(b, "calloc");
    size_t off = 0;
    for (int q = 0; q < b->size; ++q) {
        size_t c = 0, s = 0;
        sweep_dist_balanced_piece(n, q, b->size, &s, &c);
        x.tab[q] = x.tab[2 * b->size + q] = off;
        x.tab[b->size + q] = x.tab[3 * b->size + q] = c * 4;
        x.icounts[q] = (int)(c * 4);
        x.idispl[q] = (int)off;
        off += c * 4;
    }
    sweep_comm_xfer keys = {
        pa->in, pa->out, x.tab, x.tab + b->size, x.tab + 2 * b->size, x.tab + 3 * b->size};
    sweep_comm_xfer values = keys;
    values.send = pa->vin;
    values.recv = pa->vout;
    x.x[0] = keys;
    x.x[1] = values;
    int fits_int = n * 4 < (size_t)2147483647;
    int engine = b->backend == SWEEP_BACKEND_CUDA || fits_int;
    const char *engine_name = b->backend == SWEEP_BACKEND_CUDA ? "nccl" : "mpi";
    for (x.nx = 1; x.nx <= 2; ++x.nx) {
        int pairs = x.nx == 2;
        add(b, pairs ? "exchange_pairs" : "exchange_keys",
            pairs ? "exchange alone, pairs (sweep plugin)" : "exchange alone (sweep plugin)",
            timed(b, run_plugin_exchange, &x, 1), n * 4 * (size_t)x.nx);
        if (!engine) continue;
        measure *m = add(b, pairs ? "exchange_pairs_engine" : "exchange_keys_engine",
                         b->backend == SWEEP_BACKEND_CUDA
                             ? (pairs ? "grouped ncclSend/ncclRecv, pairs"
                                      : "grouped ncclSend/ncclRecv, same bytes")
                             : (pairs ? "MPI_Alltoallv x2, pairs" : "MPI_Alltoallv, same bytes"),
                         timed(b, run_engine_exchange, &x, 1), n * 4 * (size_t)x.nx);
        m->engine = engine_name;
    }
    free(x.tab);
    free(x.icounts);
    free(x.idispl);
}
