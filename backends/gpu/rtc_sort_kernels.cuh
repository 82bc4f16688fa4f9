/*
 * rtc_sort_kernels.cuh -- merge sort and merge under a comparator given as a type
 * L with `static bool less(const K &, const K &)`: the kernels of custom comparators
 * (instantiated by the run-time compiled program, rtc_cmp_program.cuh). Keys are any
 * trivially copyable K; they are compared where they lie (global memory, through the
 * cache) rather than staged as order patterns as the built-in kernels do, since a
 * user's order has no such pattern. Stability: ties keep input order, a before b.
 */
#ifndef SWEEP_GPU_RTC_SORT_KERNELS_CUH
#define SWEEP_GPU_RTC_SORT_KERNELS_CUH

#include "elem_copy.cuh"
#include "merge_path.cuh"

namespace sweep_gpu {

constexpr int kRtcSortThreads = 256;
constexpr int kRtcSortMaxTile = 2048;
constexpr int kRtcSortMaxValue = 16;

/* A key whose operator< is the user's order, so merge_path_search applies as is. */
template <class K, class L> struct LessKey {
    K k;
    SWEEP_GPU_INLINE bool operator<(const LessKey &o) const {
        return L::less(k, o.k);
    }
};
template <class K, class L> struct LessAt {
    const K *p;
    SWEEP_GPU_INLINE LessKey<K, L> operator()(size_t i) const {
        LessKey<K, L> x;
        x.k = p[i];
        return x;
    }
};

/* One block per tile: a bitonic network over the tile's indices (padded to a power
 * of two with indices that sort last), ordered by (key, index), so the sort is
 * stable; then keys and values are gathered in sorted order and written back. */
template <class K, class L>
__global__ void __launch_bounds__(kRtcSortThreads)
    rtc_tile_sort_kernel(K *keys, void *values, size_t vsize, size_t n, size_t tile) {
    alignas(16) __shared__ unsigned char sval[kRtcSortMaxTile * kRtcSortMaxValue];
    __shared__ unsigned short sidx[kRtcSortMaxTile];
    const size_t start = blockIdx.x * tile;
    const int len = n - start < tile ? (int)(n - start) : (int)tile;
    const K *tk = keys + start;
    int size = 1;
    while (size < len)
        size <<= 1;
    for (int i = threadIdx.x; i < size; i += kRtcSortThreads)
        sidx[i] = (unsigned short)i;
    __syncthreads();
    for (int k = 2; k <= size; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            for (int i = threadIdx.x; i < size; i += kRtcSortThreads) {
                const int l = i ^ j;
                if (l > i) {
                    const int ii = sidx[i], il = sidx[l];
                    /* does il go before ii? padding (>= len) goes after every key */
                    bool l_first;
                    if (ii >= len || il >= len)
                        l_first = ii >= len && (il < len || il < ii);
                    else if (L::less(tk[il], tk[ii]))
                        l_first = true;
                    else
                        l_first = !L::less(tk[ii], tk[il]) && il < ii;
                    const bool up = (i & k) == 0;
                    if (l_first == up) {
                        sidx[i] = (unsigned short)il;
                        sidx[l] = (unsigned short)ii;
                    }
                }
            }
            __syncthreads();
        }
    }
    constexpr int PER = kRtcSortMaxTile / kRtcSortThreads;
    K reg[PER];
#pragma unroll
    for (int r = 0; r < PER; ++r) {
        const int i = r * kRtcSortThreads + threadIdx.x;
        if (i < len) reg[r] = tk[sidx[i]];
    }
    if (vsize) {
        const unsigned unit = copy_unit(values, sval, vsize);
        for (int i = threadIdx.x; i < len; i += kRtcSortThreads)
            copy_elem(sval, i, values, start + sidx[i], vsize, unit);
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < PER; ++r) {
        const int i = r * kRtcSortThreads + threadIdx.x;
        if (i < len) keys[start + i] = reg[r];
    }
    if (vsize) {
        const unsigned unit = copy_unit(values, sval, vsize);
        for (int i = threadIdx.x; i < len; i += kRtcSortThreads)
            copy_elem(values, start + i, sval, i, vsize, unit);
    }
}

/* splits[k] = merge-path split of diagonal min(k * part, na + nb), k <= nparts. */
template <class K, class L>
__global__ void rtc_merge_partition_kernel(const K *a, size_t na, const K *b, size_t nb,
                                           size_t part, size_t nparts, size_t *splits) {
    const size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (k > nparts) return;
    const size_t total = na + nb;
    const size_t diag = k * part < total ? k * part : total;
    LessAt<K, L> pa = {a}, pb = {b};
    splits[k] = merge_path_search(pa, na, pb, nb, diag);
}

/* The same for every output partition of every pair of runs of a merge-sort pass. */
template <class K, class L>
__global__ void rtc_merge_pairs_partition_kernel(MergeArgs m, size_t nparts, size_t *splits) {
    const size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (k >= nparts) return;
    MergeJob<K, true> j(m, k);
    LessAt<K, L> pa = {j.a}, pb = {j.b};
    splits[k] = merge_path_search(pa, j.na, pb, j.nb, j.d0);
}

/* One block per output partition; each thread merges runs of kMergeItems outputs,
 * found by its own merge-path search inside the partition's two input ranges. */
template <class K, class L, bool PAIRS>
__global__ void __launch_bounds__(kMergeThreads) rtc_merge_tiles_kernel(MergeArgs m) {
    const size_t k = blockIdx.x;
    MergeJob<K, PAIRS> j(m, k);
    const size_t total = j.na + j.nb;
    const size_t d0 = j.d0, d1 = d0 + m.part < total ? d0 + m.part : total;
    const size_t a0 = m.splits[k], a1 = d1 == total ? j.na : m.splits[k + 1];
    const size_t b0 = d0 - a0, b1 = d1 - a1;
    const size_t la = a1 - a0, lb = b1 - b0, len = la + lb;
    LessAt<K, L> pa = {j.a + a0}, pb = {j.b + b0};
    for (size_t diag = (size_t)threadIdx.x * kMergeItems; diag < len;
         diag += (size_t)kMergeThreads * kMergeItems) {
        size_t i = merge_path_search(pa, la, pb, lb, diag);
        size_t jj = diag - i;
        for (int r = 0; r < kMergeItems && diag + r < len; ++r) {
            const bool take_a = jj >= lb || (i < la && !L::less(j.b[b0 + jj], j.a[a0 + i]));
            const size_t o = d0 + diag + r;
            if (take_a) {
                j.out[o] = j.a[a0 + i];
                if (m.vsize) copy_elem(j.outv, o, j.av, a0 + i, m.vsize, m.vunit);
                ++i;
            } else {
                j.out[o] = j.b[b0 + jj];
                if (m.vsize) copy_elem(j.outv, o, j.bv, b0 + jj, m.vsize, m.vunit);
                ++jj;
            }
        }
    }
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_RTC_SORT_KERNELS_CUH */
