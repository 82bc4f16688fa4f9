/*
 * split_kernels.cuh -- split and compaction. Basic kernels for the core's generic
 * path (flag_count per tile, flag_scatter with the tile offsets the core scanned)
 * and the fused ones. The fused split and compaction count first: a light pass over
 * the flags alone and a scan of its block counts give every tile's prefix and the
 * total (where the split's unflagged half starts), so the pass that moves the data
 * waits for no other tile. A tile is scattered through shared memory, so stores stay
 * coalesced and each half keeps input order. A one-pass compaction, each tile finding
 * its prefix by a decoupled look-back over counts, took 0.918-0.923 ms for 2^28 u32
 * on the H100 against 0.746-0.748 ms counting first (docs/perf/split.md#compaction):
 * the look-back holds tiles in flight that a copy would not.
 * Inputs without values below 256 MiB take the one-kernel split instead
 * (split_resident.cuh).
 */
#ifndef SWEEP_GPU_SPLIT_KERNELS_CUH
#define SWEEP_GPU_SPLIT_KERNELS_CUH

#include "gpu/block/block_scan.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/bulk_copy.cuh"
#include "gpu/util/elem_copy.cuh"
#include "gpu/util/grid_dependency.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

typedef Plain<unsigned, OpSum> SmallCountSum;

/* ---------------------------------------------------------------- generic path -- */

constexpr int kSplitThreads = 256;

static __global__ void __launch_bounds__(kSplitThreads)
    flag_count_kernel(const uint8_t *flags, size_t n, size_t tile, size_t *counts) {
    __shared__ unsigned long long s_sum[kSplitThreads / kWarp];
    const size_t t = blockIdx.x;
    const size_t start = t * tile;
    const size_t end = start + tile < n ? start + tile : n;
    unsigned long long c = 0;
    for (size_t i = start + threadIdx.x; i < end; i += kSplitThreads)
        c += flags[i] != 0;
    for (int o = kWarp / 2; o > 0; o >>= 1)
        c += shfl_down(c, o);
    if (lane_id() == 0) s_sum[warp_id()] = c;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long tot = 0;
        for (int w = 0; w < kSplitThreads / kWarp; ++w)
            tot += s_sum[w];
        counts[t] = (size_t)tot;
    }
}

struct ScatterArgs {
    const uint8_t *flags;
    const void *in;
    void *out;
    size_t elem_size;
    const void *values_in;
    void *values_out;
    size_t vsize;
    size_t n;
    size_t tile;
    const size_t *before;
    const size_t *total;
    int keep_unflagged;
    unsigned elem_unit, value_unit;
};

/* One block per tile, chunk by chunk; ranks from a block scan of flag counts. */
static __global__ void __launch_bounds__(kSplitThreads) flag_scatter_kernel(ScatterArgs a) {
    typedef BlockScan<SmallCountSum, kSplitThreads> BS;
    __shared__ typename BS::Storage bs;
    const size_t t = blockIdx.x;
    const size_t start = t * a.tile;
    const size_t end = start + a.tile < a.n ? start + a.tile : a.n;
    const size_t fbase = a.before[t];
    const size_t ubase = a.keep_unflagged ? *a.total + start - fbase : 0;
    size_t fdone = 0; /* flagged elements of earlier chunks */
    for (size_t c = start; c < end; c += kSplitThreads) {
        const size_t i = c + threadIdx.x;
        const unsigned f = i < end && a.flags[i] != 0;
        unsigned pre, tot;
        bool has;
        BS::exclusive(f, pre, has, tot, bs);
        if (!has) pre = 0;
        if (i < end) {
            const size_t local = i - start;
            size_t dst;
            bool write = true;
            if (f)
                dst = fbase + fdone + pre;
            else if (a.keep_unflagged)
                dst = ubase + (local - (fdone + pre));
            else
                write = false;
            if (write) {
                copy_elem(a.out, dst, a.in, i, a.elem_size, a.elem_unit);
                if (a.vsize) copy_elem(a.values_out, dst, a.values_in, i, a.vsize, a.value_unit);
            }
        }
        fdone += tot;
        __syncthreads();
    }
}

/* ------------------------------------------------------------------ fused path -- */

/* The non-zero bytes of a word as 4 bits (byte j -> bit j). */
SWEEP_GPU_INLINE unsigned nonzero_mask4(unsigned b) {
    b = (b | (b >> 4)) & 0x0f0f0f0fu;
    b = (b | (b >> 2)) & 0x03030303u;
    b = (b | (b >> 1)) & 0x01010101u;
    return (b | (b >> 7) | (b >> 14) | (b >> 21)) & 0xfu;
}

/* The non-zero bytes of a word. */
SWEEP_GPU_INLINE unsigned nonzero_bytes(unsigned b) {
    return (unsigned)__popc(nonzero_mask4(b));
}

/* The flags set in [s, e), counted by the calling warp (16 bytes per load from the
 * first 16-byte boundary on); every lane gets the count. */
SWEEP_GPU_INLINE unsigned long long warp_count_flags(const uint8_t *flags, size_t s, size_t e) {
    size_t head = (16 - ((uintptr_t)(flags + s) & 15)) & 15;
    if (head > e - s) head = e - s;
    const size_t nvec = (e - s - head) / 16;
    const uint4 *v = (const uint4 *)(flags + s + head);
    unsigned long long c = 0;
#pragma unroll 4
    for (size_t k = lane_id(); k < nvec; k += kWarp) {
        const uint4 w = v[k];
        c += nonzero_bytes(w.x) + nonzero_bytes(w.y) + nonzero_bytes(w.z) + nonzero_bytes(w.w);
    }
    for (size_t i = s + lane_id(); i < s + head; i += kWarp)
        c += flags[i] != 0;
    for (size_t i = s + head + nvec * 16 + lane_id(); i < e; i += kWarp)
        c += flags[i] != 0;
    for (int o = kWarp / 2; o > 0; o >>= 1)
        c += shfl_down(c, o);
    return shfl(c, 0);
}

/* The count pass's blocks: kCountWarps warps, each counting up to kCountMaxPerWarp
 * split tiles in a row. */
constexpr int kCountWarps = 8;
constexpr int kCountMaxPerWarp = 8;

/* Tiles per warp of the count pass for about `bytes` flags a block. */
SWEEP_GPU_INLINE __host__ unsigned split_count_per_warp(size_t tile, size_t bytes) {
    const size_t k = bytes / (tile * kCountWarps);
    return k < 1 ? 1u : k > kCountMaxPerWarp ? (unsigned)kCountMaxPerWarp : (unsigned)k;
}
/* The flags a count block takes: 4 tiles a warp of 256 x 24 (H100, 2^28 flags: 1 to 8
 * tiles a warp counted in 0.097-0.101 ms; more a block leave fewer block counts to
 * the one-block scan). */
constexpr size_t kCountBlockFlags = 196608;

/* The split counts first: the unflagged half starts after the last flagged element,
 * and it is kept in input order (CUB writes it reversed instead and needs no count).
 * Compaction takes the same kernels and leaves the unflagged half out. Three kernels,
 * none of which waits for another block, so the pass that moves the data runs as
 * fast as a copy:
 *   split_count_kernel: block b counts kCountWarps * per_warp split tiles (of `tile`
 *     elements, a warp per_warp of them in a row) and writes before[t], the flags
 *     before tile t within the block, and sums[b], the block's count;
 *   split_sums_kernel (one block): sums[] becomes its exclusive scan, *total all flags;
 *   split_tiles_kernel: tile t's first flagged position is
 *     before[t] + sums[t / tiles per block].
 * On CUDA sm_90+ each starts loading while the one before finishes
 * (grid_dependency.cuh). */
static __global__ void __launch_bounds__(kCountWarps *kWarp)
    split_count_kernel(const uint8_t *flags, size_t n, size_t tile, unsigned per_warp,
                       unsigned long long *before, unsigned long long *sums) {
    __shared__ unsigned long long s_tile[kCountWarps * kCountMaxPerWarp];
    __shared__ unsigned long long s_warp[kCountWarps];
    grid_dependency_trigger(); /* the next kernel may start */
    const int w = warp_id();
    const size_t first = (blockIdx.x * (size_t)kCountWarps + (size_t)w) * per_warp;
    unsigned long long wsum = 0;
    for (unsigned k = 0; k < per_warp; ++k) {
        const size_t s = (first + k) * tile;
        const unsigned long long c =
            s < n ? warp_count_flags(flags, s, s + tile < n ? s + tile : n) : 0;
        if (lane_id() == 0) s_tile[w * kCountMaxPerWarp + k] = c;
        wsum += c;
    }
    if (lane_id() == 0) s_warp[w] = wsum;
    __syncthreads();
    if (lane_id() == 0) {
        unsigned long long p = 0;
        for (int i = 0; i < w; ++i)
            p += s_warp[i];
        for (unsigned k = 0; k < per_warp && (first + k) * tile < n; ++k) {
            before[first + k] = p;
            p += s_tile[w * kCountMaxPerWarp + k];
        }
        if (w == kCountWarps - 1) sums[blockIdx.x] = p;
    }
}

typedef Plain<unsigned long long, OpSum> CountSum;
constexpr int kSumsThreads = 1024;
constexpr int kSumsItems = 8;

/* One block: sums[0, nblocks) to its exclusive scan in place, *total = their sum;
 * kSumsThreads * kSumsItems of them at a time, all loaded at once. */
static __global__ void __launch_bounds__(kSumsThreads)
    split_sums_kernel(unsigned long long *sums, size_t nblocks, unsigned long long *total) {
    typedef BlockScan<CountSum, kSumsThreads> BS;
    __shared__ typename BS::Storage bs;
    grid_dependency_trigger();
    grid_dependency_wait();
    unsigned long long carry = 0;
    for (size_t c = 0; c < nblocks; c += (size_t)kSumsThreads * kSumsItems) {
        const size_t i0 = c + (size_t)threadIdx.x * kSumsItems;
        unsigned long long v[kSumsItems], mine = 0;
#pragma unroll
        for (int j = 0; j < kSumsItems; ++j) {
            v[j] = i0 + j < nblocks ? sums[i0 + j] : 0;
            mine += v[j];
        }
        unsigned long long pre, tot;
        bool has;
        BS::exclusive(mine, pre, has, tot, bs);
        unsigned long long run = carry + (has ? pre : 0);
#pragma unroll
        for (int j = 0; j < kSumsItems; ++j) {
            if (i0 + j < nblocks) sums[i0 + j] = run;
            run += v[j];
        }
        carry += tot;
        __syncthreads(); /* bs is reused */
    }
    if (threadIdx.x == 0) *total = carry;
}

template <class E, class Vt> struct SplitArgs {
    const uint8_t *flags;
    const E *in;
    E *out;
    const Vt *vin;
    Vt *vout;
    size_t n;
    size_t *num_flagged; /* may be NULL */
    /* the count kernels' results */
    const unsigned long long *total;  /* all flags */
    const unsigned long long *before; /* flags before each tile within its count block */
    const unsigned long long *sums;   /* flags before each count block */
    size_t count_tiles;               /* tiles per count block */
    int keep_unflagged;               /* 1 split, 0 compaction */
};

/* A thread's ITEMS elements of a tile in registers, striped so that each load (16
 * bytes per thread where the tile allows) is coalesced across the block. */
template <class T, int THREADS, int ITEMS> struct StripedRegs {
    static constexpr int VEC = sizeof(T) < 16 ? (int)(16 / sizeof(T)) : 1;
    static constexpr bool kVector = ITEMS % VEC == 0 && sizeof(T) * VEC == 16;
    T e[ITEMS];
    /* The tile position of item k (the same on both paths). */
    SWEEP_GPU_INLINE static int index(int k) {
        return kVector ? ((k / VEC) * THREADS + (int)threadIdx.x) * VEC + k % VEC
                       : k * THREADS + (int)threadIdx.x;
    }
    SWEEP_GPU_INLINE void load(const T *src, int len, bool vec) {
        if (kVector && vec) {
#pragma unroll
            for (int j = 0; j < ITEMS / VEC; ++j) {
                const uint4 w = ((const uint4 *)src)[j * THREADS + threadIdx.x];
                memcpy(&e[j * VEC], &w, 16);
            }
        } else {
#pragma unroll
            for (int k = 0; k < ITEMS; ++k)
                if (index(k) < len) e[k] = src[index(k)];
        }
    }
    /* Each item to its place in sbuf; then the block's halves go out in order. */
    SWEEP_GPU_INLINE void scatter(T *sbuf, const unsigned short *sdst, int len) const {
#pragma unroll
        for (int k = 0; k < ITEMS; ++k)
            if (index(k) < len) sbuf[sdst[index(k)]] = e[k];
    }
};

template <class T>
SWEEP_GPU_INLINE void split_write(T *dst, const T *sbuf, int len, int tflag, size_t fbase,
                                  size_t ubase) {
    for (int p = threadIdx.x; p < len; p += blockDim.x) {
        if (p < tflag)
            dst[fbase + p] = sbuf[p];
        else if (ubase != (size_t)-1)
            dst[ubase + (p - tflag)] = sbuf[p];
    }
}

/* One tile a block, after the count kernels have counted the flags before every
 * tile. */
template <class E, class Vt, bool VALUES, class Tn = SplitTuning<E, Vt>>
__global__ void __launch_bounds__(Tn::threads, Tn::min_blocks)
    split_tiles_kernel(SplitArgs<E, Vt> a) {
    constexpr int THREADS = Tn::threads;
    constexpr int ITEMS = Tn::items;
    constexpr int TILE = Tn::tile;
    typedef BlockScan<SmallCountSum, THREADS> BS;
    __shared__ typename BS::Storage bs;
    __shared__ unsigned short sdst[TILE];
    alignas(16)
        __shared__ unsigned char sbuf[TILE * (sizeof(E) > sizeof(Vt) ? sizeof(E) : sizeof(Vt))];

    const int tid = threadIdx.x;
    const size_t tile = blockIdx.x;
    const size_t tile_start = tile * (size_t)TILE;
    const int len = a.n - tile_start < (size_t)TILE ? (int)(a.n - tile_start) : TILE;
    const bool full = len == TILE;

    /* The flags and data of the tile PF ahead, so that its block finds them in L2 or
     * on their way (as the scans do, bulk_copy.cuh). */
    if (tid == 0) {
        constexpr int PF = PrefetchTiles<Tn>::value;
        prefetch_tile_ahead<PF, TILE>(a.flags, 1, tile, a.n);
        prefetch_tile_ahead<PF, TILE>(a.in, sizeof(E), tile, a.n);
        if (VALUES) prefetch_tile_ahead<PF, TILE>(a.vin, sizeof(Vt), tile, a.n);
    }

    /* Every load of the tile is issued before the wait for the count pass. Flags: the
     * thread's ITEMS in a row, 16 bytes per load where the tile allows. */
    uint8_t fb[ITEMS];
    const uint8_t *fsrc = a.flags + tile_start + tid * ITEMS;
    if (ITEMS % 16 == 0 && full && ((uintptr_t)fsrc & 15) == 0) {
#pragma unroll
        for (int j = 0; j < ITEMS / 16; ++j) {
            const uint4 w = ((const uint4 *)fsrc)[j];
            memcpy(&fb[16 * j], &w, 16);
        }
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            fb[j] = tid * ITEMS + j < len ? fsrc[j] : 0;
    }
    StripedRegs<E, THREADS, ITEMS> elems;
    elems.load(a.in + tile_start, len, full && aligned16(a.in + tile_start));
    StripedRegs<Vt, THREADS, ITEMS> vals;
    if (VALUES) vals.load(a.vin + tile_start, len, full && aligned16(a.vin + tile_start));
    /* the count pass may still be running (grid_dependency.cuh); the loads above
     * are of inputs it does not write */
    grid_dependency_wait();
    const unsigned long long counted = a.before[tile] + a.sums[tile / a.count_tiles];
    const unsigned long long total = *a.total;

    unsigned fl[ITEMS];
    unsigned cnt = 0;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        fl[j] = fb[j] != 0;
        cnt += fl[j];
    }
    unsigned pre, tflag;
    bool has;
    BS::exclusive(cnt, pre, has, tflag, bs);
    if (!has) pre = 0;

    /* Local destinations: flagged first, then unflagged, each in input order. */
    unsigned r = pre;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        int i = tid * ITEMS + j;
        if (i < len) sdst[i] = (unsigned short)(fl[j] ? r : tflag + (i - r));
        r += fl[j];
    }
    __syncthreads();

    elems.scatter((E *)sbuf, sdst, len);
    __syncthreads();
    const size_t fbase = (size_t)counted;
    const size_t ubase = a.keep_unflagged ? (size_t)total + (tile_start - fbase) : (size_t)-1;
    split_write<E>(a.out, (const E *)sbuf, len, (int)tflag, fbase, ubase);
    if (VALUES) {
        __syncthreads();
        vals.scatter((Vt *)sbuf, sdst, len);
        __syncthreads();
        split_write<Vt>(a.vout, (const Vt *)sbuf, len, (int)tflag, fbase, ubase);
    }
    if (a.num_flagged && tid == 0 && tile_start + len == a.n) *a.num_flagged = fbase + tflag;
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SPLIT_KERNELS_CUH */
