/*
 * split_kernels.c -- the serial backend's per-tile flag counts and the stable
 * scatter by flags that split and compaction are composed from (the seeds' split:
 * flagged elements first, then the others, both groups in input order).
 */
#include "serial.h"

#include <string.h>

sweep_status sweep_serial_flag_count(void *h, const uint8_t *flags, size_t n, size_t tile,
                                     size_t *counts) {
    (void)h;
    for (size_t start = 0, t = 0; start < n; start += tile, ++t) {
        const size_t end = n - start > tile ? start + tile : n;
        size_t c = 0;
        for (size_t i = start; i < end; ++i)
            c += flags[i] != 0;
        counts[t] = c;
    }
    return SWEEP_OK;
}

sweep_status sweep_serial_flag_scatter(void *h, const uint8_t *flags, const void *in, void *out,
                                       size_t elem_size, const void *values_in, void *values_out,
                                       size_t vsize, size_t n, size_t tile, const size_t *before,
                                       const size_t *total, int keep_unflagged) {
    (void)h;
    const unsigned char *src = in;
    const unsigned char *vsrc = values_in;
    unsigned char *dst = out;
    unsigned char *vdst = values_out;
    const int with_values = vsize != 0 && values_in != NULL && values_out != NULL;
    for (size_t start = 0, t = 0; start < n; start += tile, ++t) {
        const size_t end = n - start > tile ? start + tile : n;
        size_t flagged_pos = before[t];
        /* Unflagged elements of earlier tiles: start - before[t]. */
        size_t unflagged_pos = keep_unflagged ? *total + start - before[t] : 0;
        for (size_t i = start; i < end; ++i) {
            size_t pos;
            if (flags[i])
                pos = flagged_pos++;
            else if (keep_unflagged)
                pos = unflagged_pos++;
            else
                continue;
            memcpy(dst + pos * elem_size, src + i * elem_size, elem_size);
            if (with_values) memcpy(vdst + pos * vsize, vsrc + i * vsize, vsize);
        }
    }
    return SWEEP_OK;
}
