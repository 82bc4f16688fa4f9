/*
 * merge_path.cuh -- merge-path merging (Green, McColl & Bader 2012): the stable
 * merge of sorted a and b cut along output diagonals by binary search, so each
 * partition (and, inside a block, each thread) merges an equal share of outputs
 * independently. Ties take a first: a[i] precedes b[j] unless b[j] < a[i].
 */
#ifndef SWEEP_GPU_MERGE_PATH_CUH
#define SWEEP_GPU_MERGE_PATH_CUH

#include "elem_copy.cuh"
#if !defined(SWEEP_GPU_RTC)
#include "radix_keys.cuh"
#endif

namespace sweep_gpu {

constexpr int kMergeThreads = 256;
constexpr int kMergeMaxPart = 2048;
constexpr int kMergeItems = kMergeMaxPart / kMergeThreads;

/* How many of the first `diag` outputs come from a. A and B are indexable by
 * position and give order patterns. */
template <class A, class B>
SWEEP_GPU_INLINE size_t merge_path_search(const A &a, size_t na, const B &b, size_t nb,
                                          size_t diag) {
    size_t lo = diag > nb ? diag - nb : 0;
    size_t hi = diag < na ? diag : na;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (!(b(diag - 1 - mid) < a(mid)))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

#if !defined(SWEEP_GPU_RTC) /* built-in orders; custom ones: rtc_sort_kernels.cuh */
template <class U> struct PatternOf {
    const U *p;
    int kind, descending;
    SWEEP_GPU_INLINE U operator()(size_t i) const {
        return key_pattern(p[i], kind, descending);
    }
};

template <class U>
__global__ void merge_partition_kernel(const U *a, size_t na, const U *b, size_t nb, size_t part,
                                       size_t nparts, int kind, int descending, size_t *splits) {
    const size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (k > nparts) return;
    const size_t total = na + nb;
    const size_t diag = k * part < total ? k * part : total;
    PatternOf<U> pa = {a, kind, descending}, pb = {b, kind, descending};
    splits[k] = merge_path_search(pa, na, pb, nb, diag);
}

#endif

/* One merge (a with b) or, when width > 0, every pair of adjacent sorted runs of
 * that width in src (the passes of a merge sort: pair p merges runs [2pw, 2pw + w)
 * and [2pw + w, 2pw + 2w) into the same place of dst). part divides 2 * width. */
struct MergeArgs {
    const void *a, *av;
    size_t na;
    const void *b, *bv;
    size_t nb;
    void *out, *outv;
    size_t width;
    const void *src, *srcv;
    void *dst, *dstv;
    size_t n;
    size_t vsize;
    unsigned vunit;
    size_t part;
    const size_t *splits;
    int kind, descending;
};

/* The two runs and the output of the merge that output partition k belongs to, and
 * k's first output diagonal within it. PAIRS: the runs of a merge-sort pass (chosen
 * at compile time, so each kernel computes one kind of job). */
template <class U, bool PAIRS> struct MergeJob {
    const U *a, *b;
    const unsigned char *av, *bv;
    U *out;
    unsigned char *outv;
    size_t na, nb, d0;
    SWEEP_GPU_INLINE MergeJob(const MergeArgs &m, size_t k) {
        if constexpr (!PAIRS) {
            a = (const U *)m.a;
            b = (const U *)m.b;
            av = (const unsigned char *)m.av;
            bv = (const unsigned char *)m.bv;
            out = (U *)m.out;
            outv = (unsigned char *)m.outv;
            na = m.na;
            nb = m.nb;
            d0 = k * m.part;
        } else {
            const size_t pair = 2 * m.width;
            const size_t pbase = k * m.part / pair * pair;
            const size_t rest = m.n - pbase;
            const size_t la = rest < m.width ? rest : m.width;
            const size_t lb = rest - la < m.width ? rest - la : m.width;
            const U *src = (const U *)m.src;
            const unsigned char *srcv = (const unsigned char *)m.srcv;
            na = la;
            nb = lb;
            a = src + pbase;
            b = src + pbase + la;
            av = srcv + pbase * m.vsize;
            bv = srcv + (pbase + la) * m.vsize;
            out = (U *)m.dst + pbase;
            outv = (unsigned char *)m.dstv + pbase * m.vsize;
            d0 = k * m.part - pbase;
        }
    }
};

#if !defined(SWEEP_GPU_RTC)
/* splits[k] for every output partition k < nparts of every pair of runs. */
template <class U>
__global__ void merge_pairs_partition_kernel(MergeArgs m, size_t nparts, size_t *splits) {
    const size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (k >= nparts) return;
    MergeJob<U, true> j(m, k);
    PatternOf<U> pa = {j.a, m.kind, m.descending}, pb = {j.b, m.kind, m.descending};
    splits[k] = merge_path_search(pa, j.na, pb, j.nb, j.d0);
}

template <class U> struct SmemPattern {
    const U *p;
    SWEEP_GPU_INLINE U operator()(size_t i) const {
        return p[i];
    }
};

/* One block per output partition: both input ranges into shared memory as order
 * patterns; each thread finds its own diagonal and merges kMergeItems outputs; the
 * outputs go back through shared memory so the stores are coalesced. */
template <class U, bool PAIRS>
__global__ void __launch_bounds__(kMergeThreads) merge_tiles_kernel(MergeArgs m) {
    __shared__ U sa[kMergeMaxPart], sb[kMergeMaxPart];
    __shared__ unsigned short ssrc[kMergeMaxPart]; /* bit 15: from b; low bits: index */
    const size_t k = blockIdx.x;
    MergeJob<U, PAIRS> j(m, k);
    const size_t total = j.na + j.nb;
    const size_t d0 = j.d0, d1 = d0 + m.part < total ? d0 + m.part : total;
    const size_t a0 = m.splits[k], a1 = d1 == total ? j.na : m.splits[k + 1];
    const size_t b0 = d0 - a0, b1 = d1 - a1;
    const int la = (int)(a1 - a0), lb = (int)(b1 - b0);
    for (int i = threadIdx.x; i < la; i += kMergeThreads)
        sa[i] = key_pattern(j.a[a0 + i], m.kind, m.descending);
    for (int i = threadIdx.x; i < lb; i += kMergeThreads)
        sb[i] = key_pattern(j.b[b0 + i], m.kind, m.descending);
    __syncthreads();
    const int len = la + lb;
    const int diag = (int)threadIdx.x * kMergeItems;
    U pat[kMergeItems];
    unsigned short src[kMergeItems];
    if (diag < len) {
        SmemPattern<U> pa = {sa}, pb = {sb};
        int i = (int)merge_path_search(pa, (size_t)la, pb, (size_t)lb, (size_t)diag);
        int jj = diag - i;
#pragma unroll
        for (int r = 0; r < kMergeItems; ++r) {
            if (diag + r >= len) break;
            const bool take_a = jj >= lb || (i < la && !(sb[jj] < sa[i]));
            if (take_a) {
                pat[r] = sa[i];
                src[r] = (unsigned short)i++;
            } else {
                pat[r] = sb[jj];
                src[r] = (unsigned short)(0x8000u | (unsigned)jj++);
            }
        }
    }
    __syncthreads();
    if (diag < len) {
#pragma unroll
        for (int r = 0; r < kMergeItems; ++r) {
            if (diag + r >= len) break;
            sa[diag + r] = pat[r];
            ssrc[diag + r] = src[r];
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < len; i += kMergeThreads) {
        j.out[d0 + i] = key_from_pattern(sa[i], m.kind, m.descending);
        if (m.vsize) {
            const unsigned s = ssrc[i];
            if (s & 0x8000u)
                copy_elem(j.outv, d0 + i, j.bv, b0 + (s & 0x7fffu), m.vsize, m.vunit);
            else
                copy_elem(j.outv, d0 + i, j.av, a0 + s, m.vsize, m.vunit);
        }
    }
}

#endif /* !SWEEP_GPU_RTC */

} // namespace sweep_gpu

#endif /* SWEEP_GPU_MERGE_PATH_CUH */
