/*
 * gather_search.cuh -- two grid-stride kernels of the generic compositions: gather
 * (out[i] = in[idx[i]], elements moved in the widest unit their size and addresses
 * allow) and vectorised search (one binary search per needle over the haystack in
 * global memory, under a comparator policy of merge_cmp.cuh, so the built-in orders
 * and users' comparators share it). Neighbouring threads take neighbouring needles:
 * sorted needles walk the same haystack lines, which the caches then serve.
 */
#ifndef SWEEP_GPU_GATHER_SEARCH_CUH
#define SWEEP_GPU_GATHER_SEARCH_CUH

#include "gpu/util/compat.cuh"
#include "gpu/util/merge_cmp.cuh"

namespace sweep_gpu {

/* The first j in [0, n) whose key is not before x: not less than x (lower bound) or
 * greater than x (upper bound); n if none. */
template <class P>
SWEEP_GPU_INLINE size_t search_bound(const P &p, const typename P::Raw *hay, size_t n,
                                     const typename P::Key &x, bool upper) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        const typename P::Key y = p.load(hay[mid]);
        const bool before = upper ? !p.less(x, y) : p.less(y, x);
        if (before)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

template <class P>
SWEEP_GPU_INLINE void search_body(const P &p, const typename P::Raw *hay, size_t n,
                                  const typename P::Raw *needles, size_t m, int upper,
                                  size_t *out) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < m;
         i += (size_t)gridDim.x * blockDim.x)
        out[i] = search_bound(p, hay, n, p.load(needles[i]), upper != 0);
}

#if !defined(SWEEP_GPU_RTC) /* built-in orders; custom ones: rtc_sort_kernels.cuh */
/* U: the unit of the copy, dividing size and both arrays' addresses. */
template <class U>
__global__ void gather_kernel(const unsigned char *in, size_t size, const size_t *idx, size_t n,
                              unsigned char *out) {
    const size_t words = size / sizeof(U);
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        const U *s = (const U *)(in + idx[i] * size);
        U *d = (U *)(out + i * size);
        for (size_t w = 0; w < words; ++w)
            d[w] = s[w];
    }
}

template <class U>
__global__ void search_kernel(PatternCmp<U> p, const U *hay, size_t n, const U *needles, size_t m,
                              int upper, size_t *out) {
    search_body(p, hay, n, needles, m, upper, out);
}
#endif

} // namespace sweep_gpu

#endif /* SWEEP_GPU_GATHER_SEARCH_CUH */
