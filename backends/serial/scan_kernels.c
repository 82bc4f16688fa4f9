/*
 * scan_kernels.c -- the serial backend's tile reduce and tile scan (plain and with
 * the lifted (flag, value) operator of segmented scan) and the small kernels that
 * turn keys and offsets into segment heads and pick each segment's last value.
 *
 * Every combination is strictly left to right inside a tile and a carry is applied
 * as carry op local: this is the deterministic association order the other backends
 * reproduce, so the serial results are the reference for floating data too.
 */
#include "serial.h"

#include <host/host_ops.h>
#include <host/host_runs.h>
#include <string.h>

sweep_status sweep_serial_tile_reduce(void *h, const sweep_kop *op, const void *in,
                                      const uint8_t *flags, size_t n, size_t tile, void *partials,
                                      uint8_t *partial_flags) {
    (void)h;
    const sweep_host_combine combine = sweep_host_op_resolve(op);
    const size_t size = op->size;
    const unsigned char *src = in;
    unsigned char *dst = partials;
    _Alignas(32) unsigned char acc[SWEEP_SERIAL_ELEM_MAX];
    for (size_t start = 0, t = 0; start < n; start += tile, ++t) {
        const size_t end = n - start > tile ? start + tile : n;
        int any_head = flags && flags[start];
        memcpy(acc, src + start * size, size);
        for (size_t i = start + 1; i < end; ++i) {
            if (flags && flags[i]) {
                /* Lifted operator: a head discards everything before it. */
                any_head = 1;
                memcpy(acc, src + i * size, size);
            } else {
                combine(op, acc, src + i * size, acc);
            }
        }
        memcpy(dst + t * size, acc, size);
        if (partial_flags) partial_flags[t] = (uint8_t)(any_head != 0);
    }
    return SWEEP_OK;
}

/* Scans one tile [start, end). carry is NULL for no carry (the identity is not
 * combined in, so e.g. -0.0 survives a floating sum exactly as without a carry). */
static void scan_one_tile(const sweep_kop *op, sweep_host_combine combine, const unsigned char *src,
                          const uint8_t *flags, unsigned char *dst, size_t start, size_t end,
                          const unsigned char *carry, int exclusive) {
    const size_t size = op->size;
    _Alignas(32) unsigned char local[SWEEP_SERIAL_ELEM_MAX]; /* scan of the tile so far */
    _Alignas(32) unsigned char x[SWEEP_SERIAL_ELEM_MAX];     /* input saved (in == out) */
    int have_local = 0;
    for (size_t i = start; i < end; ++i) {
        const int head = flags && flags[i];
        if (head) {
            /* From the first head on, segments never see the carry. */
            carry = NULL;
            have_local = 0;
        }
        memcpy(x, src + i * size, size);
        unsigned char *o = dst + i * size;
        if (exclusive) {
            if (!have_local) {
                memcpy(o, carry ? carry : op->identity, size);
            } else if (carry) {
                combine(op, carry, local, o);
            } else {
                memcpy(o, local, size);
            }
        }
        if (have_local) {
            combine(op, local, x, local);
        } else {
            memcpy(local, x, size);
            have_local = 1;
        }
        if (!exclusive) {
            if (carry)
                combine(op, carry, local, o);
            else
                memcpy(o, local, size);
        }
    }
}

sweep_status sweep_serial_tile_scan(void *h, const sweep_kop *op, const void *in,
                                    const uint8_t *flags, void *out, size_t n, size_t tile,
                                    const void *carries, int exclusive) {
    (void)h;
    const sweep_host_combine combine = sweep_host_op_resolve(op);
    const unsigned char *carry_bytes = carries;
    for (size_t start = 0, t = 0; start < n; start += tile, ++t) {
        const size_t end = n - start > tile ? start + tile : n;
        scan_one_tile(op, combine, in, flags, out, start, end,
                      carry_bytes ? carry_bytes + t * op->size : NULL, exclusive);
    }
    return SWEEP_OK;
}

/* flags[i] = key i differs bytewise from key i - 1, for 0 < i < n. */
SWEEP_HOST_INLINE void heads_sized(const unsigned char *k, size_t ks, size_t n, uint8_t *flags) {
    for (size_t i = 1; i < n; ++i)
        flags[i] = (uint8_t)sweep_host_key_changes(k, ks, i);
}

sweep_status sweep_serial_heads_from_keys(void *h, const void *keys, size_t key_size, size_t n,
                                          uint8_t *flags) {
    (void)h;
    const unsigned char *k = keys;
    flags[0] = 1;
    /* a loop per key size, the comparison an integer one (vectorised) */
    switch (key_size) {
    case 1: heads_sized(k, 1, n, flags); break;
    case 2: heads_sized(k, 2, n, flags); break;
    case 4: heads_sized(k, 4, n, flags); break;
    case 8: heads_sized(k, 8, n, flags); break;
    default: heads_sized(k, key_size, n, flags); break;
    }
    return SWEEP_OK;
}

sweep_status sweep_serial_heads_from_offsets(void *h, const size_t *offsets, size_t nseg,
                                             size_t base, size_t n, uint8_t *flags) {
    (void)h;
    for (size_t s = 0; s < nseg; ++s)
        if (offsets[s] >= base && offsets[s] - base < n) flags[offsets[s] - base] = 1;
    return SWEEP_OK;
}

sweep_status sweep_serial_segment_last(void *h, const sweep_kop *op, const void *scanned,
                                       const size_t *offsets, size_t nseg, size_t base, void *out) {
    (void)h;
    const size_t size = op->size;
    const unsigned char *src = scanned;
    unsigned char *dst = out;
    for (size_t s = 0; s < nseg; ++s) {
        if (offsets[s] < offsets[s + 1])
            memcpy(dst + s * size, src + (offsets[s + 1] - 1 - base) * size, size);
        else
            memcpy(dst + s * size, op->identity, size);
    }
    return SWEEP_OK;
}
