/*
 * split_kernels.c -- the serial backend's per-tile flag counts and the stable
 * scatter by flags that split and compaction are composed from (the seeds' split:
 * flagged elements first, then the others, both groups in input order). The scatter
 * has a loop per element size (1, 2, 4, 8, 16 bytes and any other) without a branch
 * on the flags: every element is stored where it would go and the positions advance
 * by its flag; a compaction stores the elements it drops in the slot of the next
 * kept one (written again then), or past the last kept one in a local sink.
 */
#include "serial.h"

#include <host/host_elem_copy.h>
#include <host/host_runs.h>
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

/* The scatter for elements of es bytes (a constant where inlined; values vs bytes). */
SWEEP_HOST_INLINE void scatter_sized(const uint8_t *flags, const unsigned char *src,
                                     unsigned char *dst, size_t es, const unsigned char *vsrc,
                                     unsigned char *vdst, size_t vs, size_t n, size_t tile,
                                     const size_t *before, size_t total, int keep_unflagged) {
    unsigned char sink[64], vsink[64]; /* a dropped element past the last kept one */
    const int sized = es <= sizeof sink && vs <= sizeof vsink;
    for (size_t start = 0, t = 0; start < n; start += tile, ++t) {
        const size_t end = n - start > tile ? start + tile : n;
        size_t flagged_pos = before[t];
        /* Unflagged elements of earlier tiles: start - before[t]. */
        size_t unflagged_pos = keep_unflagged ? total + start - before[t] : 0;
        if (keep_unflagged) {
            for (size_t i = start; i < end; ++i) {
                const size_t f = flags[i] != 0;
                const size_t pos = f ? flagged_pos : unflagged_pos;
                flagged_pos += f;
                unflagged_pos += 1 - f;
                sweep_host_copy_elem(dst + pos * es, src + i * es, es);
                if (vs) sweep_host_copy_elem(vdst + pos * vs, vsrc + i * vs, vs);
            }
        } else if (sized) {
            for (size_t i = start; i < end; ++i) {
                const size_t f = flags[i] != 0;
                const int in = flagged_pos < total;
                sweep_host_copy_elem(in ? dst + flagged_pos * es : sink, src + i * es, es);
                if (vs)
                    sweep_host_copy_elem(in ? vdst + flagged_pos * vs : vsink, vsrc + i * vs, vs);
                flagged_pos += f;
            }
        } else {
            for (size_t i = start; i < end; ++i) {
                if (!flags[i]) continue;
                memcpy(dst + flagged_pos * es, src + i * es, es);
                if (vs) memcpy(vdst + flagged_pos * vs, vsrc + i * vs, vs);
                ++flagged_pos;
            }
        }
    }
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
    const size_t vs = vsize != 0 && values_in != NULL && values_out != NULL ? vsize : 0;
    const size_t kept = *total;
    switch (elem_size) {
    case 1:
        scatter_sized(flags, src, dst, 1, vsrc, vdst, vs, n, tile, before, kept, keep_unflagged);
        break;
    case 2:
        scatter_sized(flags, src, dst, 2, vsrc, vdst, vs, n, tile, before, kept, keep_unflagged);
        break;
    case 4:
        scatter_sized(flags, src, dst, 4, vsrc, vdst, vs, n, tile, before, kept, keep_unflagged);
        break;
    case 8:
        scatter_sized(flags, src, dst, 8, vsrc, vdst, vs, n, tile, before, kept, keep_unflagged);
        break;
    case 16:
        scatter_sized(flags, src, dst, 16, vsrc, vdst, vs, n, tile, before, kept, keep_unflagged);
        break;
    default:
        scatter_sized(flags, src, dst, elem_size, vsrc, vdst, vs, n, tile, before, kept,
                      keep_unflagged);
        break;
    }
    return SWEEP_OK;
}
