/*
 * split_range.c -- typed loops for the common element sizes. Every element is
 * appended to its group's stage (stream_stage.h) with the cursor advanced by the
 * flag, so neither a split nor a compaction branches on the flags (random flags
 * would mispredict half the time), and the outputs leave in whole lines. Other
 * element sizes are copied straight to their place.
 */
#include "split_range.h"

#include "split_avx2.h"
#include "stream_stage.h"
#include <host/host_elem_copy.h>

#include <string.h>

size_t swomp_count_flags(const uint8_t *flags, size_t lo, size_t hi) {
    size_t c = 0;
    if (swomp_count_flags_avx2(flags, lo, hi, &c)) return c;
    for (size_t i = lo; i < hi; i++)
        c += flags[i] != 0;
    return c;
}

/* Appends elements [lo, hi) to the flagged stage, and the others to the unflagged one
 * when there is one. Between flush checks a chunk adds at most
 * SWOMP_STAGE_CHUNK_BYTES to a stage. */
#define SWOMP_STAGED_LOOP(ES)                                                                      \
    static void staged_##ES(const uint8_t *flags, const unsigned char *src, size_t lo, size_t hi,  \
                            swomp_stage *sf, swomp_stage *su) {                                    \
        const size_t chunk = SWOMP_STAGE_CHUNK_BYTES / (ES);                                       \
        for (size_t c0 = lo; c0 < hi; c0 += chunk) {                                               \
            size_t c1 = hi - c0 < chunk ? hi : c0 + chunk, ff = sf->fill;                          \
            if (su) {                                                                              \
                size_t fu = su->fill;                                                              \
                for (size_t i = c0; i < c1; i++) {                                                 \
                    size_t f = flags[i] != 0;                                                      \
                    unsigned char v[ES];                                                           \
                    memcpy(v, src + i * (ES), (ES));                                               \
                    memcpy(sf->buf + ff, v, (ES));                                                 \
                    memcpy(su->buf + fu, v, (ES));                                                 \
                    ff += f * (ES);                                                                \
                    fu += (1 - f) * (ES);                                                          \
                }                                                                                  \
                su->fill = fu;                                                                     \
                if (fu >= SWOMP_STAGE_FLUSH_BYTES) swomp_stage_flush(su);                          \
            } else {                                                                               \
                for (size_t i = c0; i < c1; i++) {                                                 \
                    memcpy(sf->buf + ff, src + i * (ES), (ES));                                    \
                    ff += (size_t)(flags[i] != 0) * (ES);                                          \
                }                                                                                  \
            }                                                                                      \
            sf->fill = ff;                                                                         \
            if (ff >= SWOMP_STAGE_FLUSH_BYTES) swomp_stage_flush(sf);                              \
        }                                                                                          \
    }

SWOMP_STAGED_LOOP(1)
SWOMP_STAGED_LOOP(2)
SWOMP_STAGED_LOOP(4)
SWOMP_STAGED_LOOP(8)
SWOMP_STAGED_LOOP(16)

/* One group of elements (keys or values) of size es; 0 when es has no staged loop. */
static int scatter_staged(const uint8_t *flags, const unsigned char *src, size_t es, size_t lo,
                          size_t hi, unsigned char *flagged, unsigned char *unflagged, int stream) {
    void (*loop)(const uint8_t *, const unsigned char *, size_t, size_t, swomp_stage *,
                 swomp_stage *);
    switch (es) {
    case 1: loop = staged_1; break;
    case 2: loop = staged_2; break;
    case 4: loop = staged_4; break;
    case 8: loop = staged_8; break;
    case 16: loop = staged_16; break;
    default: return 0;
    }
    swomp_stage sf, su;
    swomp_stage_init(&sf, flagged, stream);
    if (unflagged) swomp_stage_init(&su, unflagged, stream);
    if (es != 4 || !swomp_split4_avx2(flags, src, lo, hi, &sf, unflagged ? &su : NULL))
        loop(flags, src, lo, hi, &sf, unflagged ? &su : NULL);
    swomp_stage_finish(&sf);
    if (unflagged) swomp_stage_finish(&su);
    return 1;
}

/* Any element size: straight to the destination. */
static void scatter_direct(const uint8_t *flags, const unsigned char *src, size_t es, size_t lo,
                           size_t hi, unsigned char *flagged, unsigned char *unflagged) {
    size_t a = 0, b = 0;
    for (size_t i = lo; i < hi; i++) {
        if (flags[i])
            sweep_host_copy_elem(flagged + (a++) * es, src + i * es, es);
        else if (unflagged)
            sweep_host_copy_elem(unflagged + (b++) * es, src + i * es, es);
    }
}

void swomp_split_range(const uint8_t *flags, const void *in, size_t elem_size, const void *values,
                       size_t vsize, size_t lo, size_t hi, const swomp_split_dst *dst) {
    const unsigned char *src = (const unsigned char *)in;
    if (!scatter_staged(flags, src, elem_size, lo, hi, dst->flagged, dst->unflagged, dst->stream))
        scatter_direct(flags, src, elem_size, lo, hi, dst->flagged, dst->unflagged);
    if (!values || !vsize) return;
    const unsigned char *vin = (const unsigned char *)values;
    if (!scatter_staged(flags, vin, vsize, lo, hi, dst->flagged_values, dst->unflagged_values,
                        dst->stream))
        scatter_direct(flags, vin, vsize, lo, hi, dst->flagged_values, dst->unflagged_values);
}
