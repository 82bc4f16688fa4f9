/*
 * api_scan.c -- the public scans: plain, segmented by head flags, by offsets and by
 * runs of equal keys. Every argument is checked before the driver runs, so a bad
 * call writes nothing.
 */
#include "context_registry.h"
#include "internal.h"

static sweep_status check_kind(sweep_scan_kind kind) {
    if (kind != SWEEP_INCLUSIVE && kind != SWEEP_EXCLUSIVE)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "kind %d is neither SWEEP_INCLUSIVE nor SWEEP_EXCLUSIVE", (int)kind);
    return SWEEP_OK;
}

/* The context, the operator and the kind: checked even when n == 0. */
static sweep_status check_common(const sweep_context *ctx, sweep_op op, sweep_scan_kind kind,
                                 sweep_kop *kop) {
    sweep_status st = sweep__check_ctx(ctx);
    if (st == SWEEP_OK) st = sweep__resolve_op(op, kop);
    if (st == SWEEP_OK) st = check_kind(kind);
    return st;
}

/* in and out of n elements: both set, and either the same or apart. */
static sweep_status check_in_out(const void *in, const void *out, size_t n, size_t size,
                                 size_t align, size_t *bytes) {
    sweep_status st = sweep__bytes(n, size, "in", bytes);
    if (st != SWEEP_OK) return st;
    if (!in) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "in is NULL with n = %zu", n);
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL with n = %zu", n);
    st = sweep__check_aligned("in", in, align);
    if (st == SWEEP_OK) st = sweep__check_aligned("out", out, align);
    if (st != SWEEP_OK) return st;
    if (in != out && sweep__overlap(in, *bytes, out, *bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                           "out overlaps in without being equal to it (only in == out is allowed)");
    return SWEEP_OK;
}

sweep_status sweep_scan(sweep_context *ctx, sweep_op op, const void *in, void *out, size_t n,
                        sweep_scan_kind kind) {
    SWEEP__ENTER("sweep_scan");
    sweep_kop kop;
    sweep_status st = check_common(ctx, op, kind, &kop);
    if (st != SWEEP_OK || n == 0) return st;
    size_t bytes;
    st = check_in_out(in, out, n, kop.size, kop.align, &bytes);
    if (st != SWEEP_OK) return st;
    return sweep__scan(ctx, &kop, in, out, n, kind == SWEEP_EXCLUSIVE);
}

sweep_status sweep_segmented_scan_flags(sweep_context *ctx, sweep_op op, const void *in,
                                        const uint8_t *head_flags, void *out, size_t n,
                                        sweep_scan_kind kind) {
    SWEEP__ENTER("sweep_segmented_scan_flags");
    sweep_kop kop;
    sweep_status st = check_common(ctx, op, kind, &kop);
    if (st != SWEEP_OK || n == 0) return st;
    size_t bytes;
    st = check_in_out(in, out, n, kop.size, kop.align, &bytes);
    if (st != SWEEP_OK) return st;
    if (!head_flags)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "head_flags is NULL with n = %zu", n);
    if (sweep__overlap(head_flags, n, out, bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out overlaps head_flags");
    sweep_ksegments seg = {0};
    seg.form = SWEEP_SEG_FLAGS;
    seg.flags = head_flags;
    return sweep__segmented_scan(ctx, &kop, in, out, n, &seg, kind == SWEEP_EXCLUSIVE);
}

sweep_status sweep_segmented_scan_offsets(sweep_context *ctx, sweep_op op, const void *in,
                                          void *out, size_t n, const size_t *offsets, size_t nseg,
                                          sweep_scan_kind kind) {
    SWEEP__ENTER("sweep_segmented_scan_offsets");
    sweep_kop kop;
    sweep_status st = check_common(ctx, op, kind, &kop);
    if (st != SWEEP_OK || nseg == 0) return st;
    if (!offsets)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "offsets is NULL with nseg = %zu", nseg);
    st = sweep__check_aligned("offsets", offsets, sizeof(size_t));
    if (st != SWEEP_OK) return st;
    size_t bytes = 0, offset_bytes;
    if (n > 0) {
        st = check_in_out(in, out, n, kop.size, kop.align, &bytes);
        if (st != SWEEP_OK) return st;
    }
    if (nseg == SIZE_MAX) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "nseg is too large");
    st = sweep__bytes(nseg + 1, sizeof(size_t), "offsets", &offset_bytes);
    if (st != SWEEP_OK) return st;
    if (sweep__overlap(offsets, offset_bytes, out, bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out overlaps offsets");
    /* While measuring the offsets may not hold data yet: the whole input bounds the
     * need. */
    size_t first = 0, last = n;
    if (n > 0 && sweep__offsets_gate_usable(ctx)) {
        /* the scan queued behind the backend's check of the offsets, where it can be */
        int declined;
        st = sweep__segmented_scan_offsets_gated(ctx, &kop, in, out, n, offsets, nseg,
                                                 kind == SWEEP_EXCLUSIVE, &first, &last, &declined);
        if (st != SWEEP_OK || !declined) return st;
    } else if (!ctx->querying) {
        st = sweep__check_offsets(ctx, offsets, nseg, n, &first, &last);
        if (st != SWEEP_OK) return st;
    }
    if (first == last) return SWEEP_OK; /* only empty segments: nothing to write */
    sweep_ksegments seg = {0};
    seg.form = SWEEP_SEG_OFFSETS;
    seg.offsets = offsets;
    seg.nseg = nseg;
    seg.base = first;
    const size_t size = kop.size;
    return sweep__segmented_scan(ctx, &kop, (const unsigned char *)in + first * size,
                                 (unsigned char *)out + first * size, last - first, &seg,
                                 kind == SWEEP_EXCLUSIVE);
}

sweep_status sweep_scan_by_key(sweep_context *ctx, sweep_op op, const void *keys,
                               sweep_dtype key_dtype, const void *in, void *out, size_t n,
                               sweep_scan_kind kind) {
    SWEEP__ENTER("sweep_scan_by_key");
    sweep_kop kop;
    sweep_status st = check_common(ctx, op, kind, &kop);
    if (st != SWEEP_OK) return st;
    const size_t key_size = sweep_dtype_size(key_dtype);
    if (key_size == 0)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown key_dtype %d", (int)key_dtype);
    if (n == 0) return SWEEP_OK;
    size_t bytes, key_bytes;
    st = check_in_out(in, out, n, kop.size, kop.align, &bytes);
    if (st != SWEEP_OK) return st;
    if (!keys) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "keys is NULL with n = %zu", n);
    st = sweep__check_aligned("keys", keys, key_size);
    if (st != SWEEP_OK) return st;
    st = sweep__bytes(n, key_size, "keys", &key_bytes);
    if (st != SWEEP_OK) return st;
    if (sweep__overlap(keys, key_bytes, out, bytes))
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out overlaps keys");
    sweep_ksegments seg = {0};
    seg.form = SWEEP_SEG_KEYS;
    seg.keys = keys;
    seg.key_size = key_size;
    return sweep__segmented_scan(ctx, &kop, in, out, n, &seg, kind == SWEEP_EXCLUSIVE);
}
