/*
 * scan_bulk.cuh -- the fused plain scan of built-in operators on 4- and 8-byte
 * elements: scan_single_pass.cuh's algorithm (thread-serial reduction, block scan,
 * decoupled look-back, thread-serial scan), one tile per block in launch order, with
 * the tile moved whole by the bulk-copy engine where the device has one
 * (bulk_copy.cuh): one thread starts the tile's load as the block begins and, once
 * the results are back in shared memory, their store. No registers hold the data in
 * flight or through the look-back, so a block can take a tile of 11264 u32 and still
 * leave room for four blocks an SM: one look-back for 11264 elements where the general
 * kernel takes one for 3072. Large tiles also ask L2 for a later tile's input as
 * they begin (the shape's `prefetch`), so loads start before shared memory is free.
 *
 * Shared memory is not padded (the engine copies bytes as they lie), so a thread's
 * items are read and written as 16-byte vectors at a stride of ITEMS elements: an
 * odd number of vectors per thread keeps the eight lanes of each quarter-warp access
 * on distinct banks. Without the engine (HIP, CUDA before sm_90) or for a partial or
 * misaligned tile, threads load and store the tile striped. In place (in == out) the
 * results go out through ordinary stores, which the look-back's fence orders after
 * the tile's published prefix (lookback.cuh).
 *
 * Measured on the H100 (docs/perf/scan.md#experiments-that-did-not-pay): blocks that stay
 * resident and take tile after tile, loading the next while working on one, were
 * much slower (u32 at 2^28: 1.03-1.52 ms against 0.77 ms), so there is no such mode.
 */
#ifndef SWEEP_GPU_SCAN_BULK_CUH
#define SWEEP_GPU_SCAN_BULK_CUH

#include "gpu/block/block_scan.cuh"
#include "gpu/device/lookback.cuh"
#include "gpu/device/scan_single_pass.cuh"
#include "gpu/tuning/tuning.cuh"
#include "gpu/util/bulk_copy.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

/* The elements this kernel serves. */
template <class T> struct BulkScanFits {
    static constexpr bool value = sizeof(T) == 4 || sizeof(T) == 8;
};

/* A thread's ITEMS consecutive elements at p (16-byte aligned) as 16-byte vectors. */
template <int ITEMS, class T> SWEEP_GPU_INLINE void load_items(const T *p, T (&x)[ITEMS]) {
    constexpr int VEC = (int)(16 / sizeof(T)), NV = ITEMS / VEC;
    uint4 w[NV];
#pragma unroll
    for (int j = 0; j < NV; ++j)
        w[j] = ((const uint4 *)p)[j];
#pragma unroll
    for (int j = 0; j < NV; ++j)
        memcpy(&x[j * VEC], &w[j], 16);
}
template <int ITEMS, class T> SWEEP_GPU_INLINE void store_items(T *p, const T (&x)[ITEMS]) {
    constexpr int VEC = (int)(16 / sizeof(T)), NV = ITEMS / VEC;
    uint4 w[NV];
#pragma unroll
    for (int j = 0; j < NV; ++j)
        memcpy(&w[j], &x[j * VEC], 16);
#pragma unroll
    for (int j = 0; j < NV; ++j)
        ((uint4 *)p)[j] = w[j];
}

/* The thread's items combined in order. */
template <class C, int ITEMS, class T> SWEEP_GPU_INLINE T reduce_items(const T (&x)[ITEMS]) {
    T acc = x[0];
#pragma unroll
    for (int i = 1; i < ITEMS; ++i)
        acc = C::combine(acc, x[i]);
    return acc;
}

/* The thread's items become their scan results after run (nothing before them
 * when !has). */
template <class C, int ITEMS, class T>
SWEEP_GPU_INLINE void scan_items(const ScanArgs<T> &a, T run, bool has, T (&x)[ITEMS]) {
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
        const T inc = has ? C::combine(run, x[i]) : x[i];
        const T o = a.exclusive ? (has ? run : a.identity) : inc;
        run = inc;
        has = true;
        x[i] = o;
    }
}

template <class T, class Op, class Sh>
__global__ void __launch_bounds__(Sh::threads, Sh::min_blocks)
    scan_bulk_kernel(ScanArgs<T> a, TileState<T> ts) {
    typedef Plain<T, Op> C;
    constexpr int THREADS = Sh::threads, ITEMS = Sh::items, TILE = Sh::tile;
    constexpr int VEC = Sh::vec, NV = ITEMS / VEC;
    typedef BlockScan<C, THREADS> BS;

    alignas(128) __shared__ T sbuf[TILE];
    __shared__ typename BS::Storage bs;
    __shared__ T s_prefix;
#if SWEEP_GPU_BULK_COPY
    __shared__ unsigned long long s_bar;
#endif

    const int tid = threadIdx.x;
    const size_t tile = blockIdx.x;
    const size_t tile_start = tile * (size_t)TILE;
    const int len = a.n - tile_start < (size_t)TILE ? (int)(a.n - tile_start) : TILE;
    const bool full = len == TILE;
    const bool vec_in = full && aligned16(a.in);

    if (!Sh::staged && vec_in && aligned16(a.out)) {
        /* Unstaged: ITEMS consecutive elements a thread, from memory to registers
         * and back. In place, the stores follow the tile's published prefix, as the
         * staged path's do. */
        const int first = tid * ITEMS;
        T x[ITEMS];
        load_items(a.in + tile_start + first, x);
        T run;
        bool has;
        tile_prefix<C, kSegNone, TILE, BS>(a, ts, tile, reduce_items<C>(x), bs, s_prefix, run, has);
        scan_items<C>(a, run, has, x);
        store_items(a.out + tile_start + first, x);
        return;
    }

#if SWEEP_GPU_BULK_COPY
    /* The input of a tile about a memory latency's worth of the grid's progress
     * ahead: its block's load then finds it in L2 (or on its way). The engine's
     * loads are bounded by the shared memory of blocks, of which those waiting on
     * their look-back hold theirs; these requests are not. */
    if (tid == 0) prefetch_tile_ahead<Sh::prefetch, TILE>(a.in, sizeof(T), tile, a.n);
    if (vec_in) {
        if (tid == 0) {
            bulk_barrier_init(&s_bar);
            bulk_load(sbuf, a.in + tile_start, (unsigned)(TILE * sizeof(T)), &s_bar);
        }
        __syncthreads(); /* the barrier's initialisation */
        bulk_wait(&s_bar);
    } else
#endif
    {
        if (vec_in) {
            uint4 w[NV];
#pragma unroll
            for (int j = 0; j < NV; ++j)
                w[j] = ((const uint4 *)(a.in + tile_start))[j * THREADS + tid];
#pragma unroll
            for (int j = 0; j < NV; ++j)
                ((uint4 *)sbuf)[j * THREADS + tid] = w[j];
        } else {
#pragma unroll
            for (int j = 0; j < ITEMS; ++j) {
                const int i = j * THREADS + tid;
                if (i < len) sbuf[i] = a.in[tile_start + i];
            }
        }
        __syncthreads();
    }

    /* The thread's items: ITEMS consecutive elements, padding past the end. */
    const int first = tid * ITEMS;
    const T pad = RightNeutral<Op>::of(a.identity);
    auto read_items = [&](T(&x)[ITEMS]) {
        load_items(sbuf + first, x);
        if (!full) {
#pragma unroll
            for (int i = 0; i < ITEMS; ++i)
                if (first + i >= len) x[i] = pad;
        }
    };

    T tacc;
    {
        T x[ITEMS];
        read_items(x);
        tacc = reduce_items<C>(x);
    }
    T run;
    bool has;
    tile_prefix<C, kSegNone, TILE, BS>(a, ts, tile, tacc, bs, s_prefix, run, has);
    {
        T x[ITEMS];
        read_items(x);
        scan_items<C>(a, run, has, x);
        store_items(sbuf + first, x);
    }

    const bool vec_out = full && aligned16(a.out);
#if SWEEP_GPU_BULK_COPY
    if (vec_out && (const void *)a.in != (const void *)a.out) {
        bulk_fence_shared();
        __syncthreads();
        if (tid == 0) {
            bulk_store_start(a.out + tile_start, sbuf, (unsigned)(TILE * sizeof(T)));
            /* the block's shared memory must outlive the engine's read of it; the
             * writes themselves complete with the grid */
            bulk_wait_stores_read();
        }
        return;
    }
#endif
    __syncthreads();
    if (vec_out) {
#pragma unroll
        for (int j = 0; j < NV; ++j)
            ((uint4 *)(a.out + tile_start))[j * THREADS + tid] =
                ((const uint4 *)sbuf)[j * THREADS + tid];
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int i = j * THREADS + tid;
            if (i < len) a.out[tile_start + i] = sbuf[i];
        }
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SCAN_BULK_CUH */
