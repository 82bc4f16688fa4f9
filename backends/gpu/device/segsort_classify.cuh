/*
 * segsort_classify.cuh -- the first kernel of the fused segmented sort
 * (host/segmented_sort.cu): every non-empty segment appended to the list of its size
 * class, small (up to the small cap), wide small (up to the wide cap), medium (up to
 * the block sort's tile) or large, each list's length counted in scratch. A block classifies a
 * chunk of segments, takes its places in shared memory, then reserves them in each list with one
 * atomic add a class. Large segments of at least huge_min keys also go to a fourth list, which the
 * host reads when it is short (the whole-array sort takes them). The lists' order varies from run
 * to run, the result does not: each segment is sorted on its own.
 */
#ifndef SWEEP_GPU_SEGSORT_CLASSIFY_CUH
#define SWEEP_GPU_SEGSORT_CLASSIFY_CUH

#include "gpu/block/block_scan.cuh"
#include "gpu/util/compat.cuh"
#include "gpu/util/ops.cuh"

namespace sweep_gpu {

/* The size classes' lists in scratch: counts[0..4] their lengths (zeroed before the
 * classification), small, wide and medium hold segment numbers, large and huge
 * (start, length) pairs. */
constexpr int kSegLists = 5;
struct SegLists {
    unsigned *counts;
    unsigned *small;
    unsigned *wide;
    unsigned *medium;
    unsigned long long *large;
    unsigned long long *huge;
};

constexpr int kSegClassifyThreads = 256;

static __global__ void __launch_bounds__(kSegClassifyThreads)
    segsort_classify_kernel(const size_t *offsets, size_t nseg, size_t small_cap, size_t wide_cap,
                            size_t medium_cap, size_t huge_min, SegLists l) {
    __shared__ unsigned local[kSegLists], base[kSegLists];
    for (size_t chunk = (size_t)blockIdx.x * kSegClassifyThreads; chunk < nseg;
         chunk += (size_t)gridDim.x * kSegClassifyThreads) {
        if (threadIdx.x < kSegLists) local[threadIdx.x] = 0;
        __syncthreads();
        const size_t s = chunk + threadIdx.x;
        size_t start = 0, len = 0;
        if (s < nseg) {
            start = offsets[s];
            len = offsets[s + 1] - start;
        }
        const int cls = len == 0            ? -1
                        : len <= small_cap  ? 0
                        : len <= wide_cap   ? 1
                        : len <= medium_cap ? 2
                                            : 3;
        unsigned at = 0, at_huge = 0;
        if (cls >= 0) at = atomicAdd(&local[cls], 1u);
        if (cls == 3 && len >= huge_min) at_huge = atomicAdd(&local[4], 1u);
        __syncthreads();
        if (threadIdx.x < kSegLists && local[threadIdx.x] != 0)
            base[threadIdx.x] = atomicAdd(&l.counts[threadIdx.x], local[threadIdx.x]);
        __syncthreads();
        if (cls == 0) l.small[base[0] + at] = (unsigned)s;
        if (cls == 1) l.wide[base[1] + at] = (unsigned)s;
        if (cls == 2) l.medium[base[2] + at] = (unsigned)s;
        if (cls == 3) {
            l.large[2 * (size_t)(base[3] + at)] = start;
            l.large[2 * (size_t)(base[3] + at) + 1] = len;
            if (len >= huge_min) {
                l.huge[2 * (size_t)(base[4] + at_huge)] = start;
                l.huge[2 * (size_t)(base[4] + at_huge) + 1] = len;
            }
        }
        __syncthreads(); /* local and base are read before the next chunk resets them */
    }
}

/* The classification of up to kSegClassifyOneMax segments by one block of
 * kSegClassifyOneThreads, without atomics in global memory: the block keeps each
 * list's length in shared memory and writes the counts at the end, so they need no
 * zeroing before (one launch fewer a call). Every thread loads its segments' offsets
 * before the first is classified. The lists come out in segment order. */
constexpr int kSegClassifyOneThreads = 1024;
constexpr int kSegClassifyOnePer = 4;
constexpr size_t kSegClassifyOneMax = (size_t)kSegClassifyOneThreads * kSegClassifyOnePer;

static __global__ void __launch_bounds__(kSegClassifyOneThreads)
    segsort_classify_one_kernel(const size_t *offsets, size_t nseg, size_t small_cap,
                                size_t wide_cap, size_t medium_cap, size_t huge_min, SegLists l) {
    typedef BlockScan<Plain<unsigned, OpSum>, kSegClassifyOneThreads> BS;
    __shared__ typename BS::Storage st;
    __shared__ unsigned base[kSegLists];
    constexpr int T = kSegClassifyOneThreads, PER = kSegClassifyOnePer;
    size_t start[PER], len[PER];
#pragma unroll
    for (int r = 0; r < PER; ++r) {
        const size_t s = (size_t)r * T + threadIdx.x;
        start[r] = 0;
        len[r] = 0;
        if (s < nseg) {
            start[r] = offsets[s];
            len[r] = offsets[s + 1] - start[r];
        }
    }
    if (threadIdx.x < kSegLists) base[threadIdx.x] = 0;
    __syncthreads();
#pragma unroll
    for (int r = 0; r < PER; ++r) {
        const size_t s = (size_t)r * T + threadIdx.x;
        const size_t n = len[r];
        const int cls = n == 0            ? -1
                        : n <= small_cap  ? 0
                        : n <= wide_cap   ? 1
                        : n <= medium_cap ? 2
                                          : 3;
        /* each class's place by block scans of one-hot counts, two lists a word, 16
         * bits each (a chunk has at most 1024 segments of a class) */
        const unsigned long long one = cls < 0 ? 0ull : 1ull << (16 * (cls & 3));
        const bool huge = cls == 3 && n >= huge_min;
        unsigned at_cls = 0, at_huge = 0, tot_lo = 0, tot_hi = 0, tot_huge = 0;
        {
            const unsigned lo = (unsigned)one, hi = (unsigned)(one >> 32);
            unsigned pre, tot;
            bool has;
            BS::exclusive(lo, pre, has, tot, st);
            __syncthreads();
            if (cls == 0) at_cls = has ? pre & 0xffffu : 0u;
            if (cls == 1) at_cls = has ? pre >> 16 : 0u;
            tot_lo = tot;
            BS::exclusive(hi, pre, has, tot, st);
            __syncthreads();
            if (cls == 2) at_cls = has ? pre & 0xffffu : 0u;
            if (cls == 3) at_cls = has ? pre >> 16 : 0u;
            tot_hi = tot;
            BS::exclusive(huge ? 1u : 0u, pre, has, tot, st);
            __syncthreads();
            at_huge = has ? pre : 0u;
            tot_huge = tot;
        }
        if (cls == 0) l.small[base[0] + at_cls] = (unsigned)s;
        if (cls == 1) l.wide[base[1] + at_cls] = (unsigned)s;
        if (cls == 2) l.medium[base[2] + at_cls] = (unsigned)s;
        if (cls == 3) {
            l.large[2 * (size_t)(base[3] + at_cls)] = start[r];
            l.large[2 * (size_t)(base[3] + at_cls) + 1] = n;
            if (huge) {
                l.huge[2 * (size_t)(base[4] + at_huge)] = start[r];
                l.huge[2 * (size_t)(base[4] + at_huge) + 1] = n;
            }
        }
        __syncthreads(); /* base is read before it moves on */
        if (threadIdx.x == 0) {
            base[0] += tot_lo & 0xffffu;
            base[1] += tot_lo >> 16;
            base[2] += tot_hi & 0xffffu;
            base[3] += tot_hi >> 16;
            base[4] += tot_huge;
        }
        __syncthreads();
    }
    if (threadIdx.x < kSegLists) l.counts[threadIdx.x] = base[threadIdx.x];
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_SEGSORT_CLASSIFY_CUH */
