/*
 * block_sort.cuh -- sorts one tile of keys (and values) in shared memory, stably:
 * a bitonic network over (order pattern, input index) pairs, the index breaking
 * ties, so equal keys keep their order. Keys compare by their order-preserving
 * pattern (radix_keys.cuh), which is the built-in comparator's order (floats:
 * totalOrder; descending: the pattern inverted).
 */
#ifndef SWEEP_GPU_BLOCK_SORT_CUH
#define SWEEP_GPU_BLOCK_SORT_CUH

#include "elem_copy.cuh"
#include "radix_keys.cuh"

namespace sweep_gpu {

constexpr int kSortThreads = 256;
constexpr int kSortMaxTile = 2048;

template <class U>
__global__ void __launch_bounds__(kSortThreads)
    tile_sort_kernel(U *keys, void *values, size_t vsize, size_t n, size_t tile, int kind,
                     int descending) {
    alignas(16) __shared__ unsigned char sbuf[kSortMaxTile * 16];
    __shared__ unsigned short sidx[kSortMaxTile];
    U *spat = (U *)sbuf;
    const size_t start = blockIdx.x * tile;
    const int len = n - start < tile ? (int)(n - start) : (int)tile;
    int size = 1;
    while (size < len)
        size <<= 1;
    for (int i = threadIdx.x; i < size; i += kSortThreads) {
        spat[i] = i < len ? key_pattern(keys[start + i], kind, descending) : (U) ~(U)0;
        sidx[i] = (unsigned short)i;
    }
    __syncthreads();
    for (int k = 2; k <= size; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            for (int i = threadIdx.x; i < size; i += kSortThreads) {
                const int l = i ^ j;
                if (l > i) {
                    const U pi = spat[i], pl = spat[l];
                    const unsigned short ii = sidx[i], il = sidx[l];
                    const bool greater = pi > pl || (pi == pl && ii > il);
                    const bool up = (i & k) == 0;
                    if (greater == up) {
                        spat[i] = pl;
                        spat[l] = pi;
                        sidx[i] = il;
                        sidx[l] = ii;
                    }
                }
            }
            __syncthreads();
        }
    }
    /* keys: gather into registers, then write back in place */
    constexpr int PER = kSortMaxTile / kSortThreads;
    U k[PER];
#pragma unroll
    for (int r = 0; r < PER; ++r) {
        const int i = r * kSortThreads + threadIdx.x;
        if (i < len) k[r] = keys[start + sidx[i]];
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < PER; ++r) {
        const int i = r * kSortThreads + threadIdx.x;
        if (i < len) keys[start + i] = k[r];
    }
    if (vsize) {
        const unsigned unit = copy_unit(values, sbuf, vsize);
        for (int i = threadIdx.x; i < len; i += kSortThreads)
            copy_elem(sbuf, i, values, start + sidx[i], vsize, unit);
        __syncthreads();
        for (int i = threadIdx.x; i < len; i += kSortThreads)
            copy_elem(values, start + i, sbuf, i, vsize, unit);
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_BLOCK_SORT_CUH */
