/*
 * segment_heads.cuh -- where segments start, in the three forms a segmented scan
 * takes (head flags, offsets, runs of equal keys), for whole tiles in shared memory
 * and for single elements (the look-back fallback).
 */
#ifndef SWEEP_GPU_SEGMENT_HEADS_CUH
#define SWEEP_GPU_SEGMENT_HEADS_CUH

#include "gpu/util/compat.cuh"

namespace sweep_gpu {

enum SegForm { kSegNone = 0, kSegFlags = 1, kSegOffsets = 2, kSegKeys = 3 };

struct SegArgs {
    const uint8_t *flags;
    const size_t *offsets; /* nseg + 1 entries, absolute (base subtracted on use) */
    size_t nseg;
    size_t base;
    const unsigned char *keys;
    unsigned key_size;
    /* offsets: the verdict of the check queued in front of the kernel (NULL: the
     * offsets were checked before it was queued); offsets_gate_closed */
    const unsigned long long *gate;
};

/* The verdict a check leaves for gated work (offsets_gate_closed): 0 where the
 * offsets never decrease and offsets[nseg] <= n, 1 otherwise. */
constexpr unsigned long long kOffsetsGateOpen = 0;
constexpr unsigned long long kOffsetsGateClosed = 1;

/* Whether a kernel queued behind a check must write nothing: gate is the check's
 * verdict word (NULL: no check in front, go on). Stream order makes the verdict final
 * before the kernel starts; every thread of a block reads the same word, so a block
 * leaves as a whole, before any barrier. */
SWEEP_GPU_INLINE bool offsets_gate_closed(const unsigned long long *gate) {
    return gate && *(const volatile unsigned long long *)gate != kOffsetsGateOpen;
}

SWEEP_GPU_INLINE unsigned long long load_key_bits(const unsigned char *keys, unsigned size,
                                                  size_t i) {
    switch (size) {
    case 1: return keys[i];
    case 2: return ((const uint16_t *)keys)[i];
    case 4: return ((const uint32_t *)keys)[i];
    default: return ((const unsigned long long *)keys)[i];
    }
}

/* First s in [0, count) with offsets[s] >= value (count if none). */
SWEEP_GPU_INLINE size_t lower_bound_offsets(const size_t *offsets, size_t count, size_t value) {
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (offsets[mid] < value)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* lower_bound_offsets by the whole block (every thread calls it and gets the answer).
 * Each round probes blockDim.x evenly spaced offsets at once and keeps the gap that
 * holds the answer: a tile waits for log_blockDim(count) loads instead of
 * log2(count) loads one after the other (with 2^24 offsets, 3 rounds of 256 threads
 * instead of 24 dependent loads). One thread searching made every tile of a
 * segmented scan by offsets wait microseconds before its look-back, and so every
 * later tile: on the H100 a 2^28 scan of 16-element segments took about 160 ms where
 * CUB took 1.2 ms. */
SWEEP_GPU_INLINE size_t block_lower_bound_offsets(const size_t *offsets, size_t count,
                                                  size_t value) {
    const size_t probes = blockDim.x;
    size_t lo = 0, hi = count;
    while (lo < hi) {
        const size_t step = (hi - lo + probes - 1) / probes;
        const size_t p = lo + (size_t)threadIdx.x * step;
        /* sorted offsets: the probes below value are a prefix, c of them */
        const int c = __syncthreads_count(p < hi && offsets[p] < value);
        const size_t next_hi = lo + (size_t)c * step;
        if (c > 0) lo += (size_t)(c - 1) * step + 1;
        if (next_hi < hi) hi = next_hi;
    }
    return lo;
}

/* Marks the heads of [start, start + len) (indices relative to the segmented range)
 * in sflags[0, len), which the caller has filled with the flag form's bytes or zeros.
 * Whole block (every thread calls it); ends synchronised. */
template <int FORM, int THREADS>
SWEEP_GPU_INLINE void mark_tile_heads(const SegArgs &seg, size_t start, int len, uint8_t *sflags,
                                      size_t *s_lo) {
    if (FORM == kSegOffsets) {
        const size_t lo = block_lower_bound_offsets(seg.offsets, seg.nseg + 1, seg.base + start);
        if (threadIdx.x == 0) *s_lo = lo;
        __syncthreads();
        for (size_t j = *s_lo + threadIdx.x; j <= seg.nseg; j += THREADS) {
            size_t o = seg.offsets[j] - seg.base;
            if (o >= start + (size_t)len) break;
            sflags[o - start] = 1;
        }
        __syncthreads();
    } else if (FORM == kSegKeys) {
        /* KCH keys a thread in flight before its flags are stored: a store to shared
         * memory between two loads of keys keeps the compiler from issuing the second
         * load early (it cannot tell the pointers apart), and one key at a time made the
         * tile wait a memory latency per element pair. */
        constexpr int KCH = 8;
        for (int i0 = (int)threadIdx.x; i0 < len; i0 += THREADS * KCH) {
            uint8_t head[KCH];
#pragma unroll
            for (int r = 0; r < KCH; ++r) {
                const int i = i0 + r * THREADS;
                const size_t g = start + (size_t)i;
                head[r] = i < len && (g == 0 || load_key_bits(seg.keys, seg.key_size, g) !=
                                                    load_key_bits(seg.keys, seg.key_size, g - 1));
            }
#pragma unroll
            for (int r = 0; r < KCH; ++r)
                if (i0 + r * THREADS < len) sflags[i0 + r * THREADS] = head[r];
        }
        __syncthreads();
    }
}

/* Sequential head test for a run [start, end) handled by one thread: call next(g)
 * for g = start, start+1, ... in order. */
template <int FORM> struct HeadWalker {
    const SegArgs *seg;
    size_t j; /* offsets: next offset index to consider */
    SWEEP_GPU_INLINE void begin(const SegArgs &s, size_t start) {
        seg = &s;
        j = FORM == kSegOffsets ? lower_bound_offsets(s.offsets, s.nseg + 1, s.base + start) : 0;
    }
    SWEEP_GPU_INLINE unsigned next(size_t g) {
        if (FORM == kSegFlags) return seg->flags[g] != 0;
        if (FORM == kSegKeys)
            return g == 0 || load_key_bits(seg->keys, seg->key_size, g) !=
                                 load_key_bits(seg->keys, seg->key_size, g - 1);
        if (FORM == kSegOffsets) {
            unsigned h = 0;
            while (j <= seg->nseg && seg->offsets[j] - seg->base == g) {
                h = 1;
                ++j;
            }
            return h;
        }
        return 0;
    }
};

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGMENT_HEADS_CUH */
