/*
 * tile_scan_kernels.cuh -- the basic kernels the core composes scans and
 * reductions from: tile_reduce (one partial per tile) and tile_scan (each tile
 * scanned from a carry), optionally segmented by head flags. Tiles are whatever
 * size the core asks for: one block walks its tile in chunks, carrying the running
 * value from chunk to chunk.
 *
 * Under SWEEP_OPTION_DETERMINISTIC one thread walks each tile left to right, the
 * association order every backend uses (p = x0; p = p op x1; ...; carry op p).
 */
#ifndef SWEEP_GPU_TILE_SCAN_KERNELS_CUH
#define SWEEP_GPU_TILE_SCAN_KERNELS_CUH

#include "gpu/block/block_scan.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

constexpr int kTileThreads = 256;
constexpr int kTileItems = 4;
constexpr int kTileChunk = kTileThreads * kTileItems;

template <class T> struct TileArgs {
    const T *in;
    const uint8_t *flags; /* may be NULL */
    T *out;
    size_t n;
    size_t tile;
    const T *carries; /* may be NULL */
    T *partials;
    uint8_t *partial_flags; /* may be NULL */
    T identity;
    int exclusive;
};

/* One block per tile: in order, chunk by chunk. SCAN selects tile_scan over
 * tile_reduce. */
template <class T, class Op, bool SCAN>
__global__ void __launch_bounds__(kTileThreads) tile_block_kernel(TileArgs<T> a) {
    typedef Lifted<T, Op> C;
    typedef typename C::value V;
    typedef BlockScan<C, kTileThreads> BS;
    __shared__ typename BS::Storage bs;

    const size_t t = blockIdx.x;
    const size_t start = t * a.tile;
    const size_t end = start + a.tile < a.n ? start + a.tile : a.n;
    const T pad = RightNeutral<Op>::of(a.identity); /* past the end */
    V carry = C::make(a.identity, 0);
    bool has_carry = false;
    if (SCAN && a.carries) {
        carry = C::make(a.carries[t], 0);
        has_carry = true;
    }
    for (size_t c = start; c < end; c += kTileChunk) {
        V items[kTileItems];
        const size_t first = c + (size_t)threadIdx.x * kTileItems;
#pragma unroll
        for (int j = 0; j < kTileItems; ++j) {
            size_t g = first + j;
            items[j] = g < end ? C::make(a.in[g], a.flags ? a.flags[g] != 0 : 0u) : C::make(pad, 0);
        }
        V acc = items[0];
#pragma unroll
        for (int j = 1; j < kTileItems; ++j)
            acc = C::combine(acc, items[j]);
        V prefix, total;
        bool has;
        BS::exclusive(acc, prefix, has, total, bs);
        if (SCAN) {
            V run = prefix;
            if (has_carry) {
                run = has ? C::combine(carry, prefix) : carry;
                has = true;
            }
#pragma unroll
            for (int j = 0; j < kTileItems; ++j) {
                size_t g = first + j;
                V inc = has ? C::combine(run, items[j]) : items[j];
                if (g < end) {
                    if (a.exclusive)
                        a.out[g] = (has && !C::flag(items[j])) ? C::get(run) : a.identity;
                    else
                        a.out[g] = C::get(inc);
                }
                run = inc;
                has = true;
            }
        }
        carry = has_carry ? C::combine(carry, total) : total;
        has_carry = true;
        __syncthreads(); /* bs is reused by the next chunk */
    }
    if (!SCAN && threadIdx.x == 0) {
        a.partials[t] = C::get(carry);
        if (a.partial_flags) a.partial_flags[t] = (uint8_t)(C::flag(carry) != 0);
    }
}

/* The deterministic order: one thread per tile, strictly left to right. */
template <class T, class Op, bool SCAN>
__global__ void tile_sequential_kernel(TileArgs<T> a, size_t ntiles) {
    const size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t >= ntiles) return;
    const size_t start = t * a.tile;
    const size_t end = start + a.tile < a.n ? start + a.tile : a.n;
    const bool has_carry = SCAN && a.carries != NULL;
    const T carry = has_carry ? a.carries[t] : a.identity;
    T p = a.identity;
    bool headed = false; /* a head was met: no carry applies any more */
    for (size_t g = start; g < end; ++g) {
        const bool head = a.flags && a.flags[g] != 0;
        const T x = a.in[g];
        if (SCAN && a.exclusive) {
            T o;
            if (g == start)
                o = head ? a.identity : carry;
            else if (head)
                o = a.identity;
            else
                o = (headed || !has_carry) ? p : Op::apply(carry, p);
            a.out[g] = o;
        }
        if (g == start || head)
            p = x;
        else
            p = Op::apply(p, x);
        headed = headed || head;
        if (SCAN && !a.exclusive) a.out[g] = (headed || !has_carry) ? p : Op::apply(carry, p);
    }
    if (!SCAN) {
        a.partials[t] = p;
        if (a.partial_flags) a.partial_flags[t] = (uint8_t)headed;
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_TILE_SCAN_KERNELS_CUH */
