/*
 * segsort_large.cuh -- the fused segmented sort's large segments (beyond the block
 * sort's tile): one block per segment of the large list, grid-stride over the list
 * (its length read on the device), each sorted by an LSD radix sort in global memory.
 * A pass over digit (shift, nbits): the segment's digit counts in shared memory,
 * their exclusive scan (the digits' first places), then the segment's tiles in order,
 * each ranked stably in the block (a warp's keys among themselves by matching digits,
 * then the warps in order) and scattered to its digits' next places in the other
 * buffer. The passes ping-pong between the output
 * and a scratch buffer of the input's size (the same positions), ordered so that the
 * last pass writes the output; in place, the first pass reads the input and writes
 * the scratch buffer, and after an odd count of passes the scratch buffer is copied
 * back. Segments of at least skip_from keys are left to the whole-array sort, those of
 * at most shared_max to the shared-memory sort (segsort_shared.cuh), which runs the
 * same passes (seg_lsd_pass) between buffers in shared memory.
 */
#ifndef SWEEP_GPU_SEGSORT_LARGE_CUH
#define SWEEP_GPU_SEGSORT_LARGE_CUH

#include "gpu/block/block_radix_rank.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/elem_copy.cuh"
#include "gpu/util/radix_keys.cuh"

#include <type_traits>

namespace sweep_gpu {

struct SegLargeArgs {
    const void *keys_in, *values_in;
    void *keys_out, *values_out;
    void *keys_tmp, *values_tmp;     /* as long as the input, the same positions */
    const unsigned long long *large; /* (start, length) pairs */
    const unsigned *count;
    unsigned long long skip_from;  /* left to the whole-array sort from this length */
    unsigned long long shared_max; /* left to segsort_shared.cuh up to this length */
    int kind, descending;
    unsigned begin_bit, end_bit;
};

/* A block's shared memory for the LSD passes of one segment: per warp and digit the
 * tile's counts, then the warp's first place among the tile's keys of the digit; per
 * digit the segment's next place and the current tile's first; the digit counts of
 * every pass (keys of U have at most sizeof(U) passes). */
template <class U, class Sh> struct SegLsdStorage {
    unsigned warp_counts[Sh::threads / kWarp][kRadixDigits];
    unsigned long long next[kRadixDigits], tile_base[kRadixDigits];
    unsigned counts[sizeof(U)][kRadixDigits];
};

/* Pass `pass`'s digit of the call. */
SWEEP_GPU_INLINE DigitSpec seg_lsd_digit(const SegLargeArgs &a, unsigned pass) {
    DigitSpec spec;
    spec.kind = a.kind;
    spec.descending = a.descending;
    spec.shift = a.begin_bit + 8 * pass;
    spec.nbits = a.end_bit - spec.shift < 8 ? a.end_bit - spec.shift : 8;
    return spec;
}

/* The digit counts of passes [first, last) over len keys at src (global or shared
 * memory), in s.counts. Ends with the block synchronised. UNROLL: each thread loads
 * UNROLL keys before it counts them (from global memory, a loop that waits for each load
 * in turn is latency-bound); 1 is the plain loop. */
template <int UNROLL, class U, class Sh>
SWEEP_GPU_INLINE void seg_lsd_count(const U *src, size_t len, const SegLargeArgs &a, unsigned first,
                                    unsigned last, SegLsdStorage<U, Sh> &s) {
    constexpr int T = Sh::threads;
    for (unsigned p = first; p < last; ++p)
        for (int d = threadIdx.x; d < kRadixDigits; d += T)
            s.counts[p][d] = 0;
    __syncthreads();
    const KeyCodec<U> codec(seg_lsd_digit(a, first)); /* the pattern is the same for all */
    for (size_t i0 = 0; i0 < len; i0 += (size_t)T * UNROLL) {
        U x[UNROLL];
#pragma unroll
        for (int j = 0; j < UNROLL; ++j) {
            const size_t i = i0 + (size_t)j * T + threadIdx.x;
            if (i < len) x[j] = codec.encode(src[i]);
        }
#pragma unroll
        for (int j = 0; j < UNROLL; ++j) {
            const size_t i = i0 + (size_t)j * T + threadIdx.x;
            if (i >= len) continue;
#pragma unroll
            for (unsigned p = 0; p < sizeof(U); ++p) {
                if (p < first || p >= last) continue;
                const unsigned shift = a.begin_bit + 8 * p;
                const unsigned nbits = a.end_bit - shift < 8 ? a.end_bit - shift : 8;
                atomicAdd(&s.counts[p][(unsigned)(x[j] >> shift) & ((1u << nbits) - 1)], 1u);
            }
        }
    }
    __syncthreads();
}

/* The place of a thread's item j in the tile from t0: a warp's items are runs of
 * kWarp consecutive keys, item after item. */
template <class Sh> SWEEP_GPU_INLINE size_t seg_lsd_index(size_t t0, int j) {
    return t0 + (size_t)warp_id() * kWarp * Sh::items + (size_t)j * kWarp + lane_id();
}

/* A thread's keys (and values) of the tile from t0, those before len. */
template <class U, class Vt, class Sh>
SWEEP_GPU_INLINE void seg_lsd_load(const U *src, const Vt *vsrc, size_t len, size_t t0,
                                   U (&raw)[Sh::items], Vt (&v)[Sh::items]) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    (void)vsrc;
    (void)v;
#pragma unroll
    for (int j = 0; j < Sh::items; ++j) {
        const size_t i = seg_lsd_index<Sh>(t0, j);
        if (i < len) {
            raw[j] = src[i];
            if constexpr (VALUES) v[j] = vsrc[i];
        }
    }
}

/* One LSD pass of the block over len keys on digit spec: src to dst (each in global or
 * shared memory, apart), values alongside; counts: the pass's digit counts
 * (seg_lsd_count, in s). Starts and ends with the block synchronised as far as s and the
 * source are concerned: dst's writes are seen by the block's reads after the pass. */
template <class U, class Vt, class Sh>
SWEEP_GPU_INLINE void seg_lsd_pass(const U *src, const Vt *vsrc, U *dst, Vt *vdst, size_t len,
                                   const DigitSpec &spec, const unsigned *counts,
                                   SegLsdStorage<U, Sh> &s) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    constexpr int T = Sh::threads, ITEMS = Sh::items, TILE = Sh::tile;
    const int lane = lane_id(), warp = warp_id();
    const KeyCodec<U> codec(spec);
    /* the exclusive scan of the segment's digit counts */
    for (int d = threadIdx.x; d < kRadixDigits; d += T)
        s.next[d] = counts[d];
    __syncthreads();
    for (int step = 1; step < kRadixDigits; step *= 2) {
        unsigned long long add[(kRadixDigits + T - 1) / T];
#pragma unroll
        for (int q = 0; q * T < kRadixDigits; ++q) {
            const int d = q * T + (int)threadIdx.x;
            add[q] = d < kRadixDigits && d >= step ? s.next[d - step] : 0;
        }
        __syncthreads();
#pragma unroll
        for (int q = 0; q * T < kRadixDigits; ++q) {
            const int d = q * T + (int)threadIdx.x;
            if (d < kRadixDigits) s.next[d] += add[q];
        }
        __syncthreads();
    }
    for (int d = threadIdx.x; d < kRadixDigits; d += T)
        s.next[d] -= counts[d]; /* inclusive to exclusive */
    __syncthreads();
    /* the tiles in order, each key to its digit's next place; each thread loads its
     * keys (and values) of the next tile before it ranks the current one, so that the
     * loads are in flight through the ranking (a tile at a time, a block walking one
     * segment waited for a memory latency every tile). Wide pairs load each tile as
     * they come: twice their registers would spill. */
    constexpr bool AHEAD = sizeof(U) + (VALUES ? sizeof(Vt) : 0) <= 12;
    U raw[ITEMS], next_raw[ITEMS];
    Vt v[ITEMS], next_v[ITEMS];
    (void)v; /* no values: never read */
    (void)next_raw;
    (void)next_v;
    if constexpr (AHEAD) seg_lsd_load<U, Vt, Sh>(src, vsrc, len, 0, next_raw, next_v);
    for (size_t t0 = 0; t0 < len; t0 += TILE) {
        unsigned digits[ITEMS], ranks[ITEMS];
        bool valid[ITEMS];
        if constexpr (AHEAD) {
#pragma unroll
            for (int j = 0; j < ITEMS; ++j) {
                raw[j] = next_raw[j];
                if constexpr (VALUES) v[j] = next_v[j];
            }
            if (t0 + TILE < len)
                seg_lsd_load<U, Vt, Sh>(src, vsrc, len, t0 + TILE, next_raw, next_v);
        } else {
            seg_lsd_load<U, Vt, Sh>(src, vsrc, len, t0, raw, v);
        }
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            valid[j] = seg_lsd_index<Sh>(t0, j) < len;
            digits[j] = valid[j] ? codec.digit(codec.encode(raw[j])) : 0;
        }
        /* each key's rank among the warp's keys of its digit, counted in the warp's own
         * row */
        unsigned *wc = s.warp_counts[warp];
        for (int d = lane; d < kRadixDigits; d += kWarp)
            wc[d] = 0;
        warp_sync();
        BlockRadixRank<T, ITEMS>::warp_ranks(digits, valid, wc, ranks);
        __syncthreads(); /* every warp's counts are in */
        /* per digit: each warp's first place among the tile's keys of the digit (warps
         * in order), the tile's first place in the segment, and the next tile's */
        for (int d = threadIdx.x; d < kRadixDigits; d += T) {
            unsigned run = 0;
#pragma unroll
            for (int w = 0; w < T / kWarp; ++w) {
                const unsigned c = s.warp_counts[w][d];
                s.warp_counts[w][d] = run;
                run += c;
            }
            const unsigned long long first = s.next[d];
            s.tile_base[d] = first;
            s.next[d] = first + run;
        }
        __syncthreads();
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            if (valid[j]) {
                const unsigned d = digits[j];
                const size_t at = s.tile_base[d] + wc[d] + ranks[j];
                dst[at] = raw[j];
                if constexpr (VALUES) vdst[at] = v[j];
            }
        }
        /* No barrier here: the next tile's counts go to each warp's own row, which only
         * that warp reads from now on, and tile_base is rewritten only after the next
         * tile's first barrier. */
    }
    __syncthreads(); /* the pass's writes and reads of s are done */
}

/* Segments of the large list with shared_max < length < skip_from. UPFRONT: the digit
 * counts of every pass in one sweep over the segment, 8 loads a thread at a time,
 * before the first pass; otherwise each pass counts its own digit first, a load at a
 * time (the route before the shared-memory sort, kept to time the two). */
template <class U, class Vt, bool UPFRONT, class Sh = SegLarge>
__global__ void __launch_bounds__(Sh::threads) segsort_large_kernel(SegLargeArgs a) {
    constexpr bool VALUES = !std::is_same<Vt, NoValue>::value;
    constexpr int T = Sh::threads;
    __shared__ SegLsdStorage<U, Sh> ls;
    const bool in_place = a.keys_in == a.keys_out || (VALUES && a.values_in == a.values_out);
    const unsigned passes = (a.end_bit - a.begin_bit + 7) / 8;
    /* pass p writes the output where (p even) == first_out, else the buffer */
    const bool first_out = passes % 2 == 1 && !in_place;
    const size_t c = *a.count;
    for (size_t k = blockIdx.x; k < c; k += gridDim.x) {
        const size_t start = a.large[2 * k], len = a.large[2 * k + 1];
        if (len >= a.skip_from || len <= a.shared_max) continue;
        const U *src = (const U *)a.keys_in + start;
        const Vt *vsrc = (const Vt *)a.values_in + start;
        U *dst = NULL;
        Vt *vdst = NULL;
        if (UPFRONT) seg_lsd_count<8, U, Sh>(src, len, a, 0, passes, ls);
        for (unsigned pass = 0; pass < passes; ++pass) {
            const bool out = (pass % 2 == 0) == first_out;
            dst = (U *)(out ? a.keys_out : a.keys_tmp) + start;
            if constexpr (VALUES) vdst = (Vt *)(out ? a.values_out : a.values_tmp) + start;
            if (!UPFRONT) seg_lsd_count<1, U, Sh>(src, len, a, pass, pass + 1, ls);
            seg_lsd_pass<U, Vt, Sh>(src, vsrc, dst, vdst, len, seg_lsd_digit(a, pass),
                                    ls.counts[pass], ls);
            /* the block's writes are seen by its reads of the next pass */
            src = dst;
            vsrc = vdst;
        }
        if (dst != (U *)a.keys_out + start) {
            /* in place after an odd count of passes: the buffer back to the output */
            U *ko = (U *)a.keys_out + start;
            Vt *vo = (Vt *)a.values_out + start;
            for (size_t i = threadIdx.x; i < len; i += T) {
                ko[i] = dst[i];
                if constexpr (VALUES) vo[i] = vdst[i];
            }
        }
        __syncthreads(); /* the shared counters are reused by the next segment */
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGSORT_LARGE_CUH */
