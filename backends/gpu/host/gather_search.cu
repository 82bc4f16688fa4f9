/*
 * gather_search.cu -- the basic kernels gather and search (device/gather_search.cuh).
 * Built-in orders search keys as their order-preserving patterns, one kernel per key
 * width; custom comparators take the search kernel of their run-time compiled
 * program (host/rtc_merge.cu).
 */
#include "gpu/device/gather_search.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"
#include "gpu/rtc/rtc.h"
#include "gpu/util/elem_copy.cuh"

#include <stdio.h>

using namespace sweep_gpu;

sweep_status sweep_gpu_gather(void *hv, const void *in, size_t elem_size, const size_t *idx,
                              size_t n, void *out) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (elem_size == 0 || elem_size > 32)
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "gather: elements of 1 to 32 bytes");
    SWEEP_GPU_ENTER(h);
    const unsigned threads = 256, grid = sweep_gpu_grid(h, n, threads);
    const unsigned char *src = (const unsigned char *)in;
    unsigned char *dst = (unsigned char *)out;
    switch (copy_unit(in, out, elem_size)) {
    case 16:
        SWEEP_GPU_LAUNCH(h, "gather", gather_kernel<uint4>, grid, threads, 0, src, elem_size, idx,
                         n, dst);
        break;
    case 8:
        SWEEP_GPU_LAUNCH(h, "gather", gather_kernel<unsigned long long>, grid, threads, 0, src,
                         elem_size, idx, n, dst);
        break;
    case 4:
        SWEEP_GPU_LAUNCH(h, "gather", gather_kernel<unsigned>, grid, threads, 0, src, elem_size,
                         idx, n, dst);
        break;
    case 2:
        SWEEP_GPU_LAUNCH(h, "gather", gather_kernel<unsigned short>, grid, threads, 0, src,
                         elem_size, idx, n, dst);
        break;
    default:
        SWEEP_GPU_LAUNCH(h, "gather", gather_kernel<unsigned char>, grid, threads, 0, src,
                         elem_size, idx, n, dst);
        break;
    }
    return SWEEP_OK;
}

template <class U>
static sweep_status search_run(sweep_gpu_handle *h, const sweep_kcmp *cmp, const void *haystack,
                               size_t nhay, const void *needles, size_t m, int upper, size_t *out) {
    PatternCmp<U> p;
    p.kind = key_kind_of(cmp->dtype);
    p.descending = cmp->kind == SWEEP_COMPARE_DESCENDING;
    const unsigned threads = 256;
    SWEEP_GPU_LAUNCH(h, "search", search_kernel<U>, sweep_gpu_grid(h, m, threads), threads, 0, p,
                     (const U *)haystack, nhay, (const U *)needles, m, upper, out);
    return SWEEP_OK;
}

sweep_status sweep_gpu_search(void *hv, const sweep_kcmp *cmp, const void *haystack, size_t nhay,
                              const void *needles, size_t nneedles, int upper, size_t *out) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (cmp->kind == SWEEP_COMPARE_CUSTOM)
        return sweep_gpu_rtc_search(h, cmp, haystack, nhay, needles, nneedles, upper, out);
    SWEEP_GPU_ENTER(h);
    switch (cmp->key_size) {
    case 1: return search_run<uint8_t>(h, cmp, haystack, nhay, needles, nneedles, upper, out);
    case 2: return search_run<uint16_t>(h, cmp, haystack, nhay, needles, nneedles, upper, out);
    case 4: return search_run<uint32_t>(h, cmp, haystack, nhay, needles, nneedles, upper, out);
    case 8:
        return search_run<unsigned long long>(h, cmp, haystack, nhay, needles, nneedles, upper,
                                              out);
    default: {
        char msg[96];
        snprintf(msg, sizeof msg, "search: keys of %zu bytes", cmp->key_size);
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
    }
    }
}
