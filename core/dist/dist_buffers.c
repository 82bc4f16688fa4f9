/*
 * dist_buffers.c -- the buffers a communicator keeps between calls: one slot of
 * context memory per role (the locally sorted keys and values, the merge's second
 * buffer, the scan's partials, small tables), each grown when a call needs more and
 * never shrunk, so that calls of similar sizes allocate nothing (a device allocation,
 * and even more a free, synchronises the device and costs milliseconds at a gigabyte).
 * The same for the host copies of keys that the split points' selection probes.
 * Calls on one communicator are collective and never overlap, so a slot serves one
 * call at a time; sweep_comm_trim and sweep_comm_destroy give everything back.
 */
#include "alloc_hook.h"
#include "dist_internal.h"

#include <stdint.h>
#include <stdlib.h>

/* The size a slot grows to for a need of bytes: the need itself when the slot was
 * empty (a communicator that sorts the same sizes every time keeps no more than that,
 * leaving the rest to the sorts' scratch), an eighth more when it held a smaller
 * buffer, so that sizes that creep up call after call do not reallocate every time;
 * 256-byte granules. */
static size_t grown_size(size_t bytes, size_t held) {
    size_t more = held ? bytes / 8 : 0;
    size_t want = bytes > SIZE_MAX - more ? bytes : bytes + more;
    return sweep__scratch_round(want);
}

static void slot_free(sweep_comm *comm, int s) {
    sweep__dist_slot *b = &comm->slots[s];
    if (b->ptr) (void)comm->ctx->be->free(comm->ctx->h, b->ptr);
    b->ptr = NULL;
    b->bytes = 0;
}

/* Frees every slot that the running call does not hold (all of them between calls). */
static void slots_drop_unheld(sweep_comm *comm) {
    for (int s = 0; s < SWEEP__DIST_SLOT_COUNT; ++s)
        if (!(comm->held & (1u << s))) slot_free(comm, s);
}

sweep_status sweep__dist_buffer(sweep_comm *comm, sweep__dist_slot_id slot, size_t bytes,
                                void **ptr) {
    sweep_context *ctx = comm->ctx;
    sweep__dist_slot *b = &comm->slots[slot];
    *ptr = NULL;
    if (bytes == 0) return SWEEP_OK;
    comm->held |= 1u << slot;
    if (bytes <= b->bytes) {
        *ptr = b->ptr;
        return SWEEP_OK;
    }
    const size_t had = b->bytes;
    slot_free(comm, (int)slot);
    size_t want = grown_size(bytes, had);
    void *p = NULL;
    /* The test hook (alloc_hook.h) fails one attempt: the first, or the retry. */
    sweep_status st =
        sweep__alloc_should_fail() ? SWEEP_ERR_OUT_OF_MEMORY : ctx->be->alloc(ctx->h, &p, want);
    if (st == SWEEP_ERR_OUT_OF_MEMORY) {
        /* Make room: the other slots this call does not hold and the context's free
         * scratch blocks; then once more, for exactly what is needed. */
        slots_drop_unheld(comm);
        sweep__cache_release(ctx);
        want = bytes;
        st =
            sweep__alloc_should_fail() ? SWEEP_ERR_OUT_OF_MEMORY : ctx->be->alloc(ctx->h, &p, want);
        if (st == SWEEP_OK) sweep__clear_error(); /* the first failure's message */
    }
    if (st == SWEEP_ERR_OUT_OF_MEMORY)
        return sweep__fail(st, "cannot allocate %zu bytes of context memory for the exchange",
                           bytes);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "alloc", st);
    b->ptr = p;
    b->bytes = want;
    *ptr = p;
    return SWEEP_OK;
}

void sweep__dist_unhold(sweep_comm *comm) {
    comm->held = 0;
}

void *sweep__dist_host_buffer(sweep_comm *comm, size_t bytes) {
    sweep__dist_slot *b = &comm->windows;
    if (bytes == 0) return NULL;
    if (bytes <= b->bytes) return b->ptr;
    const size_t had = b->bytes;
    free(b->ptr);
    b->ptr = NULL;
    b->bytes = 0;
    size_t want = grown_size(bytes, had);
    void *p = malloc(want);
    if (!p) p = malloc(want = bytes);
    if (!p) return NULL;
    b->ptr = p;
    b->bytes = want;
    return p;
}

void sweep__dist_buffers_release(sweep_comm *comm, int ctx_live) {
    comm->held = 0;
    if (ctx_live) slots_drop_unheld(comm);
    free(comm->windows.ptr);
    comm->windows.ptr = NULL;
    comm->windows.bytes = 0;
}

sweep_status sweep_comm_trim(sweep_comm *comm) {
    SWEEP__ENTER("sweep_comm_trim");
    if (!comm) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "comm is NULL");
    sweep_status st = sweep__check_ctx(comm->ctx);
    if (st != SWEEP_OK) return st;
    /* Every call returns after its work finished; the backend's free waits for the
     * device where a failed call may have left work queued. */
    sweep__dist_buffers_release(comm, 1);
    return SWEEP_OK;
}
