/*
 * stream_stage.h -- a small L1-resident stage in front of one contiguous output
 * stream (a split's flagged or unflagged group, a compaction's kept group). Elements
 * are appended to the stage without a branch; whole 64-byte destination lines leave
 * it together, streamed when the output is far larger than the caches. A scattered
 * store to a line that is not cached first reads the line (read for ownership):
 * through the stage a u32 split moves 10 bytes per element instead of 14 (flags read
 * twice, data once, output written once), and a compaction no longer branches on
 * random flags (6x faster on two threads, 2^26 u32).
 *
 * The stage mirrors the destination's line alignment: buf[0] stands for the 64-byte
 * aligned line the stream starts in, so a flush writes whole aligned lines. The
 * bytes of the stream's first and last lines may be shared with a neighbour's stream
 * (another thread's part); they are written with ordinary stores, byte-exactly.
 */
#ifndef SWEEP_OPENMP_STREAM_STAGE_H
#define SWEEP_OPENMP_STREAM_STAGE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "stream_store.h"

/* A flush happens once this many bytes are staged; a chunk of appends between two
 * flush checks adds at most SWOMP_STAGE_CHUNK_BYTES. Both stages of a split fit in
 * L1 next to the input stream. */
#define SWOMP_STAGE_FLUSH_BYTES ((size_t)2048)
#define SWOMP_STAGE_CHUNK_BYTES ((size_t)4096)

typedef struct swomp_stage {
    _Alignas(64) unsigned char buf[SWOMP_STAGE_FLUSH_BYTES + SWOMP_STAGE_CHUNK_BYTES + 64];
    unsigned char *line; /* destination of buf[0] (64-byte aligned)                 */
    size_t fill;         /* bytes of buf in use, from buf[0]                        */
    size_t lead;         /* buf[0, lead) belongs to whoever writes before the stream */
    int stream;          /* streaming stores for whole lines                         */
} swomp_stage;

static inline void swomp_stage_init(swomp_stage *s, unsigned char *dst, int stream) {
    size_t lead = (size_t)((uintptr_t)dst & 63u);
    s->line = dst - lead;
    s->fill = s->lead = lead;
    s->stream = stream;
}

/* Writes the staged whole lines and keeps the partial last one staged. */
static inline void swomp_stage_flush(swomp_stage *s) {
    size_t whole = s->fill & ~(size_t)63, from = s->lead;
    if (whole <= from) return;
    if (from) { /* the first line is shared: only its own bytes */
        memcpy(s->line + from, s->buf + from, 64 - from);
        from = 64;
    }
#if SWOMP_HAVE_STREAM
    if (s->stream) {
        for (size_t i = from; i < whole; i += 16)
            _mm_stream_si128((__m128i *)(void *)(s->line + i),
                             _mm_load_si128((const __m128i *)(const void *)(s->buf + i)));
    } else {
        memcpy(s->line + from, s->buf + from, whole - from);
    }
#else
    memcpy(s->line + from, s->buf + from, whole - from);
#endif
    memcpy(s->buf, s->buf + whole, s->fill - whole); /* < 64 bytes, no overlap */
    s->line += whole;
    s->fill -= whole;
    s->lead = 0;
}

/* Writes what is left (ordinary stores: the last line may be shared) and orders the
 * streamed lines before whatever tells other threads the output is there. */
static inline void swomp_stage_finish(swomp_stage *s) {
    if (s->fill > s->lead) memcpy(s->line + s->lead, s->buf + s->lead, s->fill - s->lead);
    s->lead = s->fill;
    if (s->stream) swomp_stream_fence();
}

#endif /* SWEEP_OPENMP_STREAM_STAGE_H */
