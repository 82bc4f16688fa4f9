/*
 * dist_comm.c -- communicators: loading the MPI and NCCL plugins (found like the
 * backend plugins, next to libsweep or in SWEEP_PLUGIN_PATH), wrapping the caller's
 * communicators, and what sweep_dist_query says about each plugin, including what
 * configure time left out.
 */
#include "dist_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Set by the build: whether each plugin was made, and if not, why. */
#ifndef SWEEP_DIST_MPI_BUILT
#define SWEEP_DIST_MPI_BUILT 0
#endif
#ifndef SWEEP_DIST_NCCL_BUILT
#define SWEEP_DIST_NCCL_BUILT 0
#endif
#ifndef SWEEP_DIST_MPI_NOTE
#define SWEEP_DIST_MPI_NOTE "this build of sweep has no MPI communicator"
#endif
#ifndef SWEEP_DIST_NCCL_NOTE
#define SWEEP_DIST_NCCL_NOTE "this build of sweep has no NCCL communicator"
#endif

typedef struct comm_slot {
    const sweep_comm_table *table;
    char path[512];
    char reason[512];
} comm_slot;

static pthread_mutex_t comm_lock = PTHREAD_MUTEX_INITIALIZER;
static comm_slot comm_slots[SWEEP_COMM_KIND_COUNT];
static int comm_loaded[SWEEP_COMM_KIND_COUNT];

static const char *kind_name(sweep_comm_kind kind) {
    return kind == SWEEP_COMM_MPI ? "mpi" : "nccl";
}

static int try_comm_file(void *user, const char *file) {
    comm_slot *slot = user;
    char note[768];
    snprintf(slot->path, sizeof slot->path, "%s", file);
    void *sym = NULL;
    void *lib =
        sweep__plugin_open(file, SWEEP_COMM_ENTRY_SYMBOL, &sym, slot->reason, sizeof slot->reason);
    if (!lib) return 0;
    sweep_comm_entry_fn entry;
    memcpy(&entry, &sym, sizeof entry);
    const sweep_comm_table *table = entry();
    if (!table || table->abi_version != SWEEP_COMM_ABI_VERSION ||
        table->table_size != sizeof(sweep_comm_table)) {
        snprintf(note, sizeof note, "%s: no %s of communicator ABI %u; ", file,
                 SWEEP_COMM_ENTRY_SYMBOL, SWEEP_COMM_ABI_VERSION);
        sweep__note_append(slot->reason, sizeof slot->reason, note);
        dlclose(lib);
        return 0;
    }
    slot->table = table; /* never unloaded: MPI and CUDA keep handlers inside */
    slot->reason[0] = '\0';
    return 1;
}

static const comm_slot *comm_load(sweep_comm_kind kind) {
    pthread_mutex_lock(&comm_lock);
    comm_slot *slot = &comm_slots[kind];
    if (!comm_loaded[kind]) {
        int built = kind == SWEEP_COMM_MPI ? SWEEP_DIST_MPI_BUILT : SWEEP_DIST_NCCL_BUILT;
        if (!built) {
            snprintf(slot->reason, sizeof slot->reason, "%s",
                     kind == SWEEP_COMM_MPI ? SWEEP_DIST_MPI_NOTE : SWEEP_DIST_NCCL_NOTE);
        } else {
            char file[64];
            snprintf(file, sizeof file, "libsweep-comm-%s.so", kind_name(kind));
            (void)sweep__plugin_search(file, try_comm_file, slot, slot->reason,
                                       sizeof slot->reason);
        }
        comm_loaded[kind] = 1;
    }
    pthread_mutex_unlock(&comm_lock);
    return slot;
}

sweep_status sweep__comm_plugin(sweep_comm_kind kind, const sweep_comm_table **out) {
    const comm_slot *slot = comm_load(kind);
    if (!slot->table)
        return sweep__fail(SWEEP_ERR_BACKEND_UNAVAILABLE,
                           "the %s communicator is not available: %s", kind_name(kind),
                           slot->reason);
    *out = slot->table;
    return SWEEP_OK;
}

sweep_status sweep_dist_query(sweep_comm_kind kind, sweep_dist_info *out) {
    SWEEP__ENTER("sweep_dist_query");
    if ((int)kind < 0 || (int)kind >= SWEEP_COMM_KIND_COUNT)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown communicator kind %d", (int)kind);
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    const comm_slot *slot = comm_load(kind);
    memset(out, 0, sizeof *out);
    out->kind = kind;
    out->built = kind == SWEEP_COMM_MPI ? SWEEP_DIST_MPI_BUILT : SWEEP_DIST_NCCL_BUILT;
    out->available = slot->table != NULL;
    snprintf(out->name, sizeof out->name, "%s", kind_name(kind));
    snprintf(out->path, sizeof out->path, "%s", slot->path);
    snprintf(out->reason, sizeof out->reason, "%s", slot->reason);
    return SWEEP_OK;
}

/* ------------------------------------------------------------------ create -- */

static sweep_status comm_new(sweep_context *ctx, sweep_comm_kind kind, const sweep_comm_table *t,
                             void *h, int rank, int size, sweep_comm **out) {
    sweep_comm *c = calloc(1, sizeof *c);
    sweep__dist_rec *recs = calloc((size_t)size, sizeof *recs);
    if (!c || !recs) {
        free(c);
        free(recs);
        t->destroy(h);
        return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate the communicator");
    }
    c->ctx = ctx;
    c->t = t;
    c->h = h;
    c->kind = kind;
    c->rank = rank;
    c->size = size;
    c->recs = recs;
    *out = c;
    return SWEEP_OK;
}

/* The context suits the kind: host memory for MPI, CUDA for NCCL. */
static sweep_status check_ctx_kind(const sweep_context *ctx, sweep_comm_kind kind) {
    sweep_status st = sweep__check_ctx(ctx);
    if (st != SWEEP_OK) return st;
    int host = (ctx->props.flags & SWEEP_BACKEND_HOST_MEMORY) != 0;
    if (kind == SWEEP_COMM_MPI && !host)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "the MPI communicator needs a CPU context (this one is %s); use NCCL "
                           "for GPU contexts",
                           sweep_backend_name(ctx->backend));
    if (kind == SWEEP_COMM_NCCL && ctx->backend != SWEEP_BACKEND_CUDA)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "the NCCL communicator needs a CUDA context (this one is %s)",
                           sweep_backend_name(ctx->backend));
    return SWEEP_OK;
}

static sweep_comm_open_args open_args(const sweep_context *ctx) {
    sweep_comm_open_args a;
    a.device = ctx->device;
    a.report = sweep__report;
    return a;
}

static sweep_status wrap(sweep_context *ctx, sweep_comm_kind kind, const void *native,
                         sweep_comm **out) {
    sweep_status st = check_ctx_kind(ctx, kind);
    if (st != SWEEP_OK) return st;
    if (!native) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "the communicator pointer is NULL");
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    const sweep_comm_table *t = NULL;
    st = sweep__comm_plugin(kind, &t);
    if (st != SWEEP_OK) return st;
    sweep_comm_open_args args = open_args(ctx);
    void *h = NULL;
    int rank = 0, size = 0;
    st = t->wrap(&args, native, &h, &rank, &size);
    if (st != SWEEP_OK) return st;
    return comm_new(ctx, kind, t, h, rank, size, out);
}

sweep_status sweep_comm_create_mpi(sweep_context *ctx, const void *mpi_comm, sweep_comm **out) {
    SWEEP__ENTER("sweep_comm_create_mpi");
    return wrap(ctx, SWEEP_COMM_MPI, mpi_comm, out);
}

sweep_status sweep_comm_create_nccl(sweep_context *ctx, const void *nccl_comm, sweep_comm **out) {
    SWEEP__ENTER("sweep_comm_create_nccl");
    return wrap(ctx, SWEEP_COMM_NCCL, nccl_comm, out);
}

/* Rank 0 of the MPI communicator makes the NCCL id; MPI carries it to every rank. Every
 * rank passes each step's status through MPI first, so a rank that fails early does
 * not leave the others waiting in ncclCommInitRank. */
sweep_status sweep_comm_create_nccl_from_mpi(sweep_context *ctx, const void *mpi_comm,
                                             sweep_comm **out) {
    SWEEP__ENTER("sweep_comm_create_nccl_from_mpi");
    if (!mpi_comm) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "mpi_comm is NULL");
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    const sweep_comm_table *mpi = NULL, *nccl = NULL;
    sweep_status st = sweep__comm_plugin(SWEEP_COMM_MPI, &mpi);
    if (st != SWEEP_OK) return st;
    sweep_comm_open_args args;
    args.device = 0;
    args.report = sweep__report;
    void *mh = NULL;
    int rank = 0, size = 0;
    st = mpi->wrap(&args, mpi_comm, &mh, &rank, &size);
    if (st != SWEEP_OK) return st;
    /* From here on every rank takes part in each MPI step, failed or not. */
    sweep_status local = check_ctx_kind(ctx, SWEEP_COMM_NCCL);
    if (local == SWEEP_OK) local = sweep__comm_plugin(SWEEP_COMM_NCCL, &nccl);
    struct {
        int32_t status;
        uint32_t len;
        unsigned char id[SWEEP_COMM_ID_BYTES];
    } msg;
    memset(&msg, 0, sizeof msg);
    if (local == SWEEP_OK) args = open_args(ctx);
    if (local == SWEEP_OK && rank == 0) {
        size_t len = 0;
        local = nccl->unique_id(&args, msg.id, &len);
        msg.len = (uint32_t)len;
    }
    int32_t *all = calloc((size_t)size, sizeof *all);
    if (!all) {
        mpi->destroy(mh);
        return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate %d status words", size);
    }
    int32_t word = (int32_t)local;
    int bad = -1;
    st = mpi->allgather(mh, &word, all, sizeof word);
    for (int q = 0; st == SWEEP_OK && q < size && bad < 0; ++q)
        if (all[q] != SWEEP_OK) bad = q;
    free(all);
    if (st == SWEEP_OK && bad < 0) st = mpi->bcast(mh, &msg, sizeof msg, 0);
    void *nh = NULL;
    if (st == SWEEP_OK && bad < 0) st = nccl->init_rank(&args, msg.id, msg.len, size, rank, &nh);
    mpi->destroy(mh);
    if (st != SWEEP_OK) return st;
    if (bad >= 0) {
        if (bad == rank) return local; /* its own message stands */
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "rank %d could not join (see its sweep_last_error)", bad);
    }
    return comm_new(ctx, SWEEP_COMM_NCCL, nccl, nh, rank, size, out);
}

sweep_status sweep_comm_create_nccl_all(sweep_context *const *ctxs, int count, sweep_comm **out) {
    SWEEP__ENTER("sweep_comm_create_nccl_all");
    if (!ctxs || !out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "ctxs or out is NULL");
    if (count < 1) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "count %d is below 1", count);
    sweep_status st;
    for (int i = 0; i < count; ++i) {
        st = check_ctx_kind(ctxs[i], SWEEP_COMM_NCCL);
        if (st != SWEEP_OK) return st;
        for (int j = 0; j < i; ++j)
            if (ctxs[j]->device == ctxs[i]->device)
                return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                                   "ctxs[%d] and ctxs[%d] are on the same device %d", j, i,
                                   ctxs[i]->device);
    }
    const sweep_comm_table *t = NULL;
    st = sweep__comm_plugin(SWEEP_COMM_NCCL, &t);
    if (st != SWEEP_OK) return st;
    int *devices = calloc((size_t)count, sizeof *devices);
    void **hs = calloc((size_t)count, sizeof *hs);
    sweep_comm **made = calloc((size_t)count, sizeof *made);
    if (!devices || !hs || !made) {
        free(devices);
        free(hs);
        free(made);
        return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate %d communicators", count);
    }
    for (int i = 0; i < count; ++i)
        devices[i] = ctxs[i]->device;
    st = t->init_all(devices, count, sweep__report, hs);
    if (st == SWEEP_OK) {
        int i = 0;
        for (; i < count; ++i) {
            st = comm_new(ctxs[i], SWEEP_COMM_NCCL, t, hs[i], i, count, &made[i]);
            if (st != SWEEP_OK) break; /* comm_new released hs[i] */
        }
        if (st != SWEEP_OK) {
            for (int j = 0; j < i; ++j)
                sweep_comm_destroy(made[j]);
            for (int j = i + 1; j < count; ++j)
                t->destroy(hs[j]);
        } else {
            for (int j = 0; j < count; ++j)
                out[j] = made[j];
        }
    }
    free(devices);
    free(hs);
    free(made);
    return st;
}

void sweep_comm_destroy(sweep_comm *comm) {
    if (!comm) return;
    SWEEP__ENTER("sweep_comm_destroy");
    /* The cached buffers go back through the context. Once the context is destroyed
     * nothing can be freed through it: the last error then says so, and the buffers
     * are lost (destroy communicators before their contexts). */
    sweep__dist_buffers_release(comm, sweep__check_ctx(comm->ctx) == SWEEP_OK);
    comm->t->destroy(comm->h);
    free(comm->recs);
    free(comm);
}

sweep_status sweep_comm_rank(const sweep_comm *comm, int *rank, int *size) {
    SWEEP__ENTER("sweep_comm_rank");
    if (!comm) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "comm is NULL");
    if (rank) *rank = comm->rank;
    if (size) *size = comm->size;
    return SWEEP_OK;
}

sweep_status sweep_comm_kind_of(const sweep_comm *comm, sweep_comm_kind *out) {
    SWEEP__ENTER("sweep_comm_kind_of");
    if (!comm || !out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "comm or out is NULL");
    *out = comm->kind;
    return SWEEP_OK;
}

size_t sweep__balanced_begin(size_t total, size_t r, size_t p) {
    /* total = a p + b gives r a + floor(r b / p), with no overflow. */
    return r * (total / p) + r * (total % p) / p;
}

sweep_status sweep_dist_balanced_piece(size_t total, int rank, int size, size_t *begin,
                                       size_t *count) {
    SWEEP__ENTER("sweep_dist_balanced_piece");
    if (size < 1 || rank < 0 || rank >= size)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "rank %d is not in [0, %d)", rank, size);
    size_t b = sweep__balanced_begin(total, (size_t)rank, (size_t)size);
    size_t e = sweep__balanced_begin(total, (size_t)rank + 1, (size_t)size);
    if (begin) *begin = b;
    if (count) *count = e - b;
    return SWEEP_OK;
}
