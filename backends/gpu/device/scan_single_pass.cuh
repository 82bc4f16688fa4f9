/*
 * scan_single_pass.cuh -- the fused scan: one pass over the input, each tile's
 * prefix from a decoupled look-back (lookback.cuh). The same kernel does plain
 * scans, segmented scans (head flags, offsets or runs of equal keys, through the
 * lifted (flag, value) operator) and segmented reductions (only the last inclusive
 * value of each segment is written).
 *
 * Tiles go in launch order; the look-back's fallback covers schedulers that do not
 * run a tile's predecessors. Scratch: one tagged status word (and value) per tile,
 * never cleared (lookback.cuh), so a scan is a single launch.
 */
#ifndef SWEEP_GPU_SCAN_SINGLE_PASS_CUH
#define SWEEP_GPU_SCAN_SINGLE_PASS_CUH

#include "gpu/block/block_scan.cuh"
#include "gpu/block/segment_heads.cuh"
#include "gpu/device/lookback.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/bulk_copy.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

/* The shape of the built-in kernels of one segment form (tuning/tuning.cuh). */
template <class T, int FORM>
using ScanShape =
    typename std::conditional<FORM == kSegNone, ScanTuning<T>, SegScanTuning<T>>::type;

template <class T> struct ScanArgs {
    const T *in;
    T *out;
    size_t n;
    T identity;
    int exclusive;
    SegArgs seg;
    T *seg_out;         /* segmented reduce: one value per segment */
    unsigned stall_mod; /* test hook: tiles with tile % stall_mod == 1 publish late */
    int spin_limit;
};

/* One lane's reduction of tile q of the input, in order (the look-back's fallback,
 * lookback.cuh: rare, so plain loads, a few in flight). */
template <class C, int FORM, int TILE, class T>
SWEEP_GPU_INLINE typename C::value reduce_tile_input(const ScanArgs<T> &a, size_t q) {
    typedef typename C::value V;
    const size_t start = q * (size_t)TILE;
    const size_t end = a.n - start < (size_t)TILE ? a.n : start + TILE;
    HeadWalker<FORM> hw;
    hw.begin(a.seg, start);
    V acc = C::make(a.in[start], hw.next(start));
#pragma unroll 4
    for (size_t g = start + 1; g < end; ++g)
        acc = C::combine(acc, C::make(a.in[g], hw.next(g)));
    return acc;
}

/* Whether a shape asks for cache-streaming global accesses (a member `streaming`;
 * none: plain accesses). Tried by perf_vs_cub's tune run. */
template <class Tn, class = void> struct StreamHint { static constexpr bool value = false; };
template <class Tn> struct StreamHint<Tn, decltype((void)Tn::streaming)> {
    static constexpr bool value = Tn::streaming;
};
template <bool CS> SWEEP_GPU_INLINE uint4 load_vec16(const uint4 *p) {
#if !defined(__HIPCC__) && !defined(__HIPCC_RTC__)
    if (CS) return __ldcs(p);
#endif
    return *p;
}
template <bool CS> SWEEP_GPU_INLINE void store_vec16(uint4 *p, const uint4 &w) {
#if !defined(__HIPCC__) && !defined(__HIPCC_RTC__)
    if (CS) {
        __stcs(p, w);
        return;
    }
#endif
    *p = w;
}

/* A tile between global and (padded) shared memory, striped so that consecutive
 * threads touch consecutive addresses; 16 bytes per thread and access when `vec`
 * (a full tile at a 16-byte aligned address). */
template <class T, int THREADS, int ITEMS, bool CS = false>
SWEEP_GPU_INLINE void tile_load_striped(const T *src, T *sbuf, int len, bool vec) {
    constexpr int VEC = sizeof(T) <= 16 ? (int)(16 / sizeof(T)) : 1;
    if (ITEMS % VEC == 0 && sizeof(T) * VEC == 16 && vec) {
        uint4 w[ITEMS / VEC];
#pragma unroll
        for (int j = 0; j < ITEMS / VEC; ++j)
            w[j] = load_vec16<CS>((const uint4 *)src + j * THREADS + threadIdx.x);
#pragma unroll
        for (int j = 0; j < ITEMS / VEC; ++j) {
            T e[VEC];
            memcpy(e, &w[j], 16);
            const int i = (j * THREADS + (int)threadIdx.x) * VEC;
#pragma unroll
            for (int k = 0; k < VEC; ++k)
                sbuf[smem_pad<T>(i + k)] = e[k];
        }
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int i = j * THREADS + (int)threadIdx.x;
            if (i < len) sbuf[smem_pad<T>(i)] = src[i];
        }
    }
}
template <class T, int THREADS, int ITEMS, bool CS = false>
SWEEP_GPU_INLINE void tile_store_striped(T *dst, const T *sbuf, int len, bool vec) {
    constexpr int VEC = sizeof(T) <= 16 ? (int)(16 / sizeof(T)) : 1;
    if (ITEMS % VEC == 0 && sizeof(T) * VEC == 16 && vec) {
#pragma unroll
        for (int j = 0; j < ITEMS / VEC; ++j) {
            T e[VEC];
            const int i = (j * THREADS + (int)threadIdx.x) * VEC;
#pragma unroll
            for (int k = 0; k < VEC; ++k)
                e[k] = sbuf[smem_pad<T>(i + k)];
            uint4 w;
            memcpy(&w, e, 16);
            store_vec16<CS>((uint4 *)dst + j * THREADS + threadIdx.x, w);
        }
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int i = j * THREADS + (int)threadIdx.x;
            if (i < len) dst[i] = sbuf[smem_pad<T>(i)];
        }
    }
}

/* The block's share of the single pass, once every thread has reduced its items to
 * tacc: the block scan of those, the tile's aggregate published, the look-back (with
 * its fallback over the input), the tile's inclusive prefix published. Gives each
 * thread what comes before its first item: run, when has (false only for the first
 * thread of tile 0). Ends with the block synchronised. Shared by the general kernel
 * below and the bulk-copy one (scan_bulk.cuh). */
template <class C, int FORM, int TILE, class BS, class T, class TS>
SWEEP_GPU_INLINE void tile_prefix(const ScanArgs<T> &a, const TS &ts, size_t tile,
                                  const typename C::value &tacc, typename BS::Storage &bs,
                                  typename C::value &s_prefix, typename C::value &run, bool &has) {
    typedef typename C::value V;
    V tprefix, total;
    bool thas;
    BS::exclusive(tacc, tprefix, thas, total, bs);

    if (emulated_stall(a.stall_mod, tile) && threadIdx.x == 0) stall_delay(a.spin_limit);
    if (tile > 0 && warp_id() == 0) {
        if (threadIdx.x == 0) ts.publish(tile, total, kStatusAggregate);
        V ex = lookback<C>(ts, tile, a.spin_limit,
                           [&](size_t q) { return reduce_tile_input<C, FORM, TILE>(a, q); });
        if (threadIdx.x == 0) {
            ts.publish(tile, C::combine(ex, total), kStatusPrefix);
            /* in place, a fallback reader of this tile's input relies on the status
             * being visible before any output is */
            if ((const void *)a.in == (const void *)a.out) fence_device();
            s_prefix = ex;
        }
    } else if (tile == 0 && threadIdx.x == 0) {
        ts.publish(0, total, kStatusPrefix);
    }
    __syncthreads();

    has = thas;
    if (tile > 0) {
        run = thas ? C::combine(s_prefix, tprefix) : s_prefix;
        has = true;
    } else {
        run = tprefix;
    }
}

template <class T, class Op, int FORM, bool SEG_REDUCE, class Tn = ScanShape<T, FORM>>
__global__ void __launch_bounds__(Tn::threads, Tn::min_blocks) scan_single_pass_kernel(
    ScanArgs<T> a,
    TileState<typename std::conditional<FORM == kSegNone, T, FlagValue<T>>::type> ts) {
    typedef typename std::conditional<FORM == kSegNone, Plain<T, Op>, Lifted<T, Op>>::type C;
    typedef typename C::value V;
    constexpr int THREADS = Tn::threads;
    constexpr int ITEMS = Tn::items;
    constexpr int TILE = Tn::tile;
    typedef BlockScan<C, THREADS> BS;

    alignas(16) __shared__ T sbuf[smem_padded_size<T>(TILE)];
    alignas(16) __shared__ uint8_t sflags[FORM == kSegNone ? 16 : TILE];
    __shared__ typename BS::Storage bs;
    __shared__ V s_prefix;
    __shared__ size_t s_lo;

    /* Behind a check of the offsets that failed: nothing written, tile states
     * included (segment_heads.cuh: offsets_gate_closed). */
    if (FORM == kSegOffsets && offsets_gate_closed(a.seg.gate)) return;

    /* Tiles in launch order (CUB's choice too): the loads start at once, without an
     * atomic round trip for a tile number first; a scheduler that runs a later block
     * before an earlier one costs time, never correctness (the fallback). */
    const int tid = threadIdx.x;
    const size_t tile = blockIdx.x;
    const size_t tile_start = tile * (size_t)TILE;
    const int len = a.n - tile_start < (size_t)TILE ? (int)(a.n - tile_start) : TILE;

    /* The input (and flags or keys) of a tile ahead: its block then finds them in L2
     * or on their way, though shared memory is not free for it yet. */
    if (tid == 0) {
        constexpr int PF = PrefetchTiles<Tn>::value;
        prefetch_tile_ahead<PF, TILE>(a.in, sizeof(T), tile, a.n);
        if (FORM == kSegFlags) prefetch_tile_ahead<PF, TILE>(a.seg.flags, 1, tile, a.n);
        if (FORM == kSegKeys) prefetch_tile_ahead<PF, TILE>(a.seg.keys, a.seg.key_size, tile, a.n);
    }

    /* Load striped (coalesced), read blocked. */
    const bool full = len == TILE;
    tile_load_striped<T, THREADS, ITEMS, StreamHint<Tn>::value>(
        a.in + tile_start, sbuf, len, full && aligned16(a.in + tile_start));
    if (FORM == kSegFlags) {
        const uint8_t *f = a.seg.flags + tile_start;
        if (TILE % 16 == 0 && full && aligned16(f)) {
            for (int i = tid; i < TILE / 16; i += THREADS)
                ((uint4 *)sflags)[i] = ((const uint4 *)f)[i];
        } else {
            for (int i = tid; i < TILE; i += THREADS)
                sflags[i] = i < len ? (f[i] != 0) : 0;
        }
    } else if (FORM != kSegNone) {
        for (int i = tid; i < TILE; i += THREADS)
            sflags[i] = 0;
    }
    __syncthreads();
    if (FORM == kSegOffsets || FORM == kSegKeys)
        mark_tile_heads<FORM, THREADS>(a.seg, tile_start, len, sflags, &s_lo);

    /* The thread's items stay in shared memory through the look-back and are read
     * again afterwards: holding them in registers capped the resident blocks (and
     * spilled) for no gain, shared memory reads being cheap next to the tile's
     * global traffic. */
    const int first = tid * ITEMS;
    const T pad = RightNeutral<Op>::of(a.identity); /* past the end */
    V tacc = C::make(first < len ? sbuf[smem_pad<T>(first)] : pad,
                     FORM == kSegNone ? 0u : (unsigned)sflags[first]);
#pragma unroll
    for (int j = 1; j < ITEMS; ++j) {
        const int i = first + j;
        const T v = i < len ? sbuf[smem_pad<T>(i)] : pad;
        tacc = C::combine(tacc, C::make(v, FORM == kSegNone ? 0u : (unsigned)sflags[i]));
    }

    V run;
    bool has;
    tile_prefix<C, FORM, TILE, BS>(a, ts, tile, tacc, bs, s_prefix, run, has);

    /* Outputs in place of the thread's own items (no other thread reads them), then
     * stored striped. */
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int i = first + j;
        const T v = i < len ? sbuf[smem_pad<T>(i)] : pad;
        const V x = C::make(v, FORM == kSegNone ? 0u : (unsigned)sflags[i]);
        const V inc = has ? C::combine(run, x) : x;
        T o;
        if (a.exclusive && !SEG_REDUCE)
            o = (has && !(C::segmented && C::flag(x))) ? C::get(run) : a.identity;
        else
            o = C::get(inc);
        if (i < len) sbuf[smem_pad<T>(i)] = o;
        run = inc;
        has = true;
    }
    __syncthreads();
    if (!SEG_REDUCE && FORM == kSegOffsets) {
        /* Only what the segments cover, [offsets[0], offsets[nseg]) less base: the whole
         * range where the core cut it to them, a part where it could not (a scan queued
         * behind the offsets' check, before their first and last were known). */
        const size_t lo = a.seg.offsets[0] - a.seg.base,
                     hi = a.seg.offsets[a.seg.nseg] - a.seg.base;
        const size_t tile_end = tile_start + (size_t)len;
        if (lo <= tile_start && hi >= tile_end) {
            tile_store_striped<T, THREADS, ITEMS, StreamHint<Tn>::value>(
                a.out + tile_start, sbuf, len, full && aligned16(a.out + tile_start));
        } else {
            const int b = lo > tile_start ? (lo < tile_end ? (int)(lo - tile_start) : len) : 0;
            const int e = hi < tile_end ? (hi > tile_start ? (int)(hi - tile_start) : 0) : len;
            for (int i = b + tid; i < e; i += THREADS)
                a.out[tile_start + (size_t)i] = sbuf[smem_pad<T>(i)];
        }
    } else if (!SEG_REDUCE) {
        tile_store_striped<T, THREADS, ITEMS, StreamHint<Tn>::value>(
            a.out + tile_start, sbuf, len, full && aligned16(a.out + tile_start));
    } else {
        /* Segments whose end e falls in this tile, tile_start < e <= its end (tile 0:
         * from e = 0), take their last inclusive value, or the identity where they are
         * empty: so every segment is written by exactly one block (those at n by the
         * last), in this launch. */
        {
            const size_t lo = block_lower_bound_offsets(a.seg.offsets + 1, a.seg.nseg,
                                                        tile == 0 ? 0 : tile_start + 1);
            if (tid == 0) s_lo = lo;
        }
        __syncthreads();
        for (size_t s = s_lo + tid; s < a.seg.nseg; s += THREADS) {
            size_t e = a.seg.offsets[s + 1];
            if (e > tile_start + (size_t)len) break;
            a.seg_out[s] =
                a.seg.offsets[s] < e ? sbuf[smem_pad<T>((int)(e - 1 - tile_start))] : a.identity;
        }
    }
}

/* A segmented reduction of n = 0 elements: every segment is empty and gets the
 * identity (with elements, the reducing kernel writes the empty ones itself). gate:
 * as SegArgs's. */
template <class T>
__global__ void segment_identity_kernel(const size_t *offsets, size_t nseg, T identity, T *out,
                                        const unsigned long long *gate) {
    if (offsets_gate_closed(gate)) return;
    /* grid-stride: the launch's grid is capped (sweep_gpu_grid), nseg is not */
    for (size_t s = blockIdx.x * (size_t)blockDim.x + threadIdx.x; s < nseg;
         s += (size_t)gridDim.x * blockDim.x)
        if (offsets[s] == offsets[s + 1]) out[s] = identity;
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SCAN_SINGLE_PASS_CUH */
