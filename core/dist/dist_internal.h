/*
 * dist_internal.h -- what the distributed algorithms share: the communicator object,
 * the collective agreement that every call starts with (and repeats after each local
 * step that can fail), buffers of the context's device, and element probes.
 */
#ifndef SWEEP_CORE_DIST_INTERNAL_H
#define SWEEP_CORE_DIST_INTERNAL_H

#include "comm_table.h"
#include "context_registry.h"
#include "internal.h"

#include <sweep/sweep_dist.h>

/* The roles of the buffers a communicator keeps between calls (dist_buffers.c). */
typedef enum sweep__dist_slot_id {
    SWEEP__DIST_KEYS = 0,        /* sorts: the locally sorted keys; split: the local split */
    SWEEP__DIST_VALUES = 1,      /* their values                                          */
    SWEEP__DIST_RECV_KEYS = 2,   /* sorts: the merge's second buffer of received keys      */
    SWEEP__DIST_RECV_VALUES = 3, /* and of their values                                    */
    SWEEP__DIST_SCAN = 4,        /* scans, reduce: tile partials and the scan's arena      */
    SWEEP__DIST_SMALL = 5,       /* radix sort: the histogram; split: the flagged count    */
    SWEEP__DIST_SLOT_COUNT = 6
} sweep__dist_slot_id;

/* One cached buffer of context memory: bytes 0 holds none. */
typedef struct sweep__dist_slot {
    void *ptr;
    size_t bytes;
} sweep__dist_slot;

struct sweep_comm {
    sweep_context *ctx;
    const sweep_comm_table *t;
    void *h; /* the plugin's handle */
    sweep_comm_kind kind;
    int rank, size;
    struct sweep__dist_rec *recs; /* size records: the last agreement of every rank */
    sweep__dist_slot slots[SWEEP__DIST_SLOT_COUNT];
    unsigned held;            /* bit s: the running call uses slot s */
    sweep__dist_slot windows; /* host memory: the selection's copies of keys */
};

/* Loads the communicator plugin of a kind once per process; SWEEP_ERR_BACKEND_UNAVAILABLE
 * with the reason when it is absent. */
sweep_status sweep__comm_plugin(sweep_comm_kind kind, const sweep_comm_table **out);

/* One rank's word in an agreement: its status (and message when it failed), a
 * fingerprint of the arguments every rank must share, and a few numbers and one element
 * of the step. */
typedef struct sweep__dist_rec {
    int32_t status;
    int32_t pad;
    uint64_t fingerprint;
    uint64_t w[4];
    unsigned char elem[32];
    char msg[176];
} sweep__dist_rec;

/* Collective: every rank gives its local status and record; on return comm->recs holds
 * every rank's. If a rank failed, every rank returns that rank's status with the
 * message "rank R: ..." (the lowest such rank). If a fingerprint differs from rank 0's,
 * every rank returns SWEEP_ERR_INVALID_ARGUMENT naming the rank and `what` (what the
 * fingerprint covers). A failed gather is SWEEP_ERR_DEVICE on this rank. */
sweep_status sweep__dist_agree(sweep_comm *comm, sweep_status local, sweep__dist_rec *mine,
                               const char *what);

/* The checks every call starts with: the communicator and its context are live, and the
 * context is not measuring scratch. */
sweep_status sweep__dist_check_comm(const sweep_comm *comm);

/* FNV-1a over bytes, continuing from h (start with SWEEP__FNV_START). */
#define SWEEP__FNV_START 1469598103934665603ull
uint64_t sweep__fnv(uint64_t h, const void *data, size_t bytes);
/* The fingerprint of an operator: kind, dtype, element size and alignment, identity. */
uint64_t sweep__fnv_op(uint64_t h, const sweep_kop *op);

/* Context memory of at least bytes from the communicator's slot (bytes 0 gives NULL),
 * kept for later calls; valid until the slot is asked for again or released. A slot
 * grows by freeing its buffer and allocating the need (an empty slot) or the need and
 * an eighth more (a slot that was too small); when that is out of memory, the slots
 * the call does not hold and the context's free scratch blocks are freed and exactly
 * the need is tried once more. The slot is held until sweep__dist_unhold, which every
 * call does before it returns. */
sweep_status sweep__dist_buffer(sweep_comm *comm, sweep__dist_slot_id slot, size_t bytes,
                                void **ptr);
void sweep__dist_unhold(sweep_comm *comm);
/* Host memory of at least bytes for the selection's windows (dist_select.c), kept for
 * later calls like the slots; NULL when bytes is 0 or malloc fails. */
void *sweep__dist_host_buffer(sweep_comm *comm, size_t bytes);
/* Frees every slot (sweep_comm_trim, sweep_comm_destroy): the host buffer always, the
 * slots of context memory only when ctx_live (through the context's backend). */
void sweep__dist_buffers_release(sweep_comm *comm, int ctx_live);
/* Copies between host and context memory (to the host synchronously). */
sweep_status sweep__dist_to_host(sweep_context *ctx, void *host, const void *src, size_t bytes);
sweep_status sweep__dist_to_ctx(sweep_context *ctx, void *dst, const void *host, size_t bytes);
sweep_status sweep__dist_copy(sweep_context *ctx, void *dst, const void *src, size_t bytes);
/* Waits for the context's work before the communicator reads or writes its memory. */
sweep_status sweep__dist_sync(sweep_context *ctx);
/* The all-to-all of the communicator, after sweep__dist_sync. */
sweep_status sweep__dist_exchange(sweep_comm *comm, const sweep_comm_xfer *x, int nx);

/* floor(r total / p) without overflow: where rank r's balanced piece begins. */
size_t sweep__balanced_begin(size_t total, size_t r, size_t p);

/* The sum of every rank's w[k] in the last agreement, and the part of ranks below r. */
size_t sweep__dist_sum(const sweep_comm *comm, int k, int below);

#endif /* SWEEP_CORE_DIST_INTERNAL_H */
