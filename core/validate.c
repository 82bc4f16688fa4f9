/* Argument checks shared by the public functions. */
#include "alloc_hook.h"
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>

int sweep__overlap(const void *a, size_t abytes, const void *b, size_t bbytes) {
    if (!a || !b || abytes == 0 || bbytes == 0) return 0;
    uintptr_t pa = (uintptr_t)a, pb = (uintptr_t)b;
    return pa < pb + bbytes && pb < pa + abytes;
}

sweep_status sweep__check_aligned(const char *name, const void *ptr, size_t align) {
    if (ptr && align > 1 && ((uintptr_t)ptr & (align - 1)) != 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "%s (%p) is not aligned to its element's %zu bytes", name, ptr, align);
    return SWEEP_OK;
}

sweep_status sweep__bytes(size_t n, size_t size, const char *what, size_t *out) {
    if (size != 0 && n > SIZE_MAX / size)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "%s: %zu elements of %zu bytes overflow",
                           what, n, size);
    *out = n * size;
    return SWEEP_OK;
}

static sweep_status check_host_offsets(const size_t *off, size_t nseg, size_t n) {
    for (size_t s = 0; s < nseg; ++s) {
        if (off[s + 1] < off[s])
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "offsets decrease: offsets[%zu] = %zu < offsets[%zu] = %zu", s + 1,
                               off[s + 1], s, off[s]);
    }
    if (off[nseg] > n)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "offsets[%zu] = %zu exceeds n = %zu", nseg,
                           off[nseg], n);
    return SWEEP_OK;
}

/* The backend's own check of the offsets (table entry check_offsets), where it has one,
 * for every segment count: on the GPU backends one kernel launch and one wait, the
 * kernel storing its three words straight into pinned host memory; on the OpenMP
 * backend every thread a part (one thread, inline, for few offsets). Before, the GPU
 * check took a memset, a launch, a copy of three words and a wait, and below 4096
 * segments the core copied all the offsets to the host instead, the faster of the two
 * there: on the H100 a segmented reduce of 2^12 elements in 256 segments took 25 us
 * with the copy and 34 with that check (2^20 elements in 65536 segments: 195 and 40),
 * and segmented reduces of 2^12 to 2^18 elements took 27-33 us against CUB's 9, most
 * of it the check. */
static sweep_status backend_check(sweep_context *ctx, const size_t *offsets, size_t nseg, size_t n,
                                  size_t *first, size_t *last) {
    size_t r[3];
    sweep_status st = ctx->be->check_offsets(ctx->h, offsets, nseg, r);
    if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "check_offsets", st);
    return sweep__offsets_verdict(ctx, offsets, nseg, n, r, first, last);
}

sweep_status sweep__offsets_verdict(sweep_context *ctx, const size_t *offsets, size_t nseg,
                                    size_t n, const size_t *r, size_t *first, size_t *last) {
    sweep_status st;
    if (r[2] != SIZE_MAX) {
        size_t pair[2];
        st = ctx->be->memcpy(ctx->h, pair, offsets + r[2], sizeof pair, SWEEP_COPY_DEVICE_TO_HOST);
        if (st != SWEEP_OK) return sweep__backend_failed(ctx->be->name, "memcpy", st);
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "offsets decrease: offsets[%zu] = %zu < offsets[%zu] = %zu", r[2] + 1,
                           pair[1], r[2], pair[0]);
    }
    if (r[1] > n)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "offsets[%zu] = %zu exceeds n = %zu", nseg,
                           r[1], n);
    *first = r[0];
    *last = r[1];
    return SWEEP_OK;
}

sweep_status sweep__check_offsets(sweep_context *ctx, const size_t *offsets, size_t nseg, size_t n,
                                  size_t *first, size_t *last) {
    if (!offsets) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "offsets is NULL");
    size_t bytes = 0;
    sweep_status st = sweep__bytes(nseg + 1, sizeof(size_t), "offsets", &bytes);
    if (st != SWEEP_OK) return st;
    if (nseg == SIZE_MAX) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "nseg is too large");
    /* nseg = 0: the table's entry wants one segment at least; offsets[0] alone is read */
    if (ctx->be->check_offsets && nseg >= 1)
        return backend_check(ctx, offsets, nseg, n, first, last);
    if (ctx->props.flags & SWEEP_BACKEND_HOST_MEMORY) {
        st = check_host_offsets(offsets, nseg, n);
        if (st == SWEEP_OK) {
            *first = offsets[0];
            *last = offsets[nseg];
        }
        return st;
    }
    /* Device memory without the backend's check (or nseg = 0): read back whole (the
     * call is synchronous for this). */
    size_t *host = sweep__alloc_should_fail() ? NULL : malloc(bytes);
    if (!host)
        return sweep__fail(SWEEP_ERR_OUT_OF_MEMORY, "cannot allocate %zu bytes to check offsets",
                           bytes);
    st = ctx->be->memcpy(ctx->h, host, offsets, bytes, SWEEP_COPY_DEVICE_TO_HOST);
    if (st != SWEEP_OK) {
        free(host);
        return sweep__backend_failed(ctx->be->name, "memcpy", st);
    }
    st = check_host_offsets(host, nseg, n);
    if (st == SWEEP_OK) {
        *first = host[0];
        *last = host[nseg];
    }
    free(host);
    return st;
}
