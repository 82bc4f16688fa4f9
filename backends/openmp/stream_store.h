/*
 * stream_store.h -- non-temporal (streaming) stores for outputs far larger than the
 * caches. An ordinary store to a line that is not cached first reads the line from
 * memory (read for ownership), so a one-read-one-write pass moves three bytes per
 * byte written; a streaming store writes a whole line without reading it, which is
 * what lets a pass reach memcpy's bandwidth. Only bytes that no other thread
 * writes may be streamed. Without SSE2 (not
 * x86-64) every copy is a memcpy.
 */
#ifndef SWEEP_OPENMP_STREAM_STORE_H
#define SWEEP_OPENMP_STREAM_STORE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define SWOMP_HAVE_STREAM 1
#else
#define SWOMP_HAVE_STREAM 0
#endif

/* Outputs of at least this many bytes are written with streaming stores: below it
 * the output may still be in the last-level cache when the caller reads it. */
#ifndef SWOMP_STREAM_MIN_BYTES
#define SWOMP_STREAM_MIN_BYTES ((size_t)32 << 20)
#endif

/* Copies bytes from src to dst, streaming the 16-byte aligned middle of dst. The
 * caller owns every byte of [dst, dst + bytes) (no other thread writes them). */
static inline void swomp_stream_copy(void *dst, const void *src, size_t bytes) {
#if SWOMP_HAVE_STREAM
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    size_t head = (size_t)(-(uintptr_t)d & 15u);
    if (head >= bytes) {
        memcpy(d, s, bytes);
        return;
    }
    memcpy(d, s, head);
    d += head;
    s += head;
    bytes -= head;
    size_t body = bytes & ~(size_t)15;
    for (size_t i = 0; i < body; i += 16)
        _mm_stream_si128((__m128i *)(void *)(d + i),
                         _mm_loadu_si128((const __m128i *)(const void *)(s + i)));
    memcpy(d + body, s + body, bytes - body);
#else
    memcpy(dst, src, bytes);
#endif
}

/* Streaming stores are weakly ordered: make them visible before other threads are
 * told (through a barrier or a flag) that the data is there. */
static inline void swomp_stream_fence(void) {
#if SWOMP_HAVE_STREAM
    _mm_sfence();
#endif
}

#endif /* SWEEP_OPENMP_STREAM_STORE_H */
