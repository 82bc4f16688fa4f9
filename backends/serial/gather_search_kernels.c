/*
 * gather_search_kernels.c -- the serial backend's gather (out[i] = in[idx[i]]) and
 * vectorised search (one binary search per needle under the comparator; keys order
 * as in the sorts, host_keys.h).
 */
#include "serial.h"

#include <host/host_keys.h>
#include <string.h>

sweep_status sweep_serial_gather(void *h, const void *in, size_t elem_size, const size_t *idx,
                                 size_t n, void *out) {
    (void)h;
    const unsigned char *src = in;
    unsigned char *dst = out;
    for (size_t i = 0; i < n; ++i)
        memcpy(dst + i * elem_size, src + idx[i] * elem_size, elem_size);
    return SWEEP_OK;
}

sweep_status sweep_serial_search(void *h, const sweep_kcmp *cmp, const void *haystack, size_t nhay,
                                 const void *needles, size_t nneedles, int upper, size_t *out) {
    (void)h;
    const size_t ks = cmp->key_size;
    const unsigned char *hay = haystack, *nd = needles;
    for (size_t i = 0; i < nneedles; ++i) {
        const unsigned char *x = nd + i * ks;
        size_t lo = 0, hi = nhay;
        while (lo < hi) {
            const size_t mid = lo + (hi - lo) / 2;
            const unsigned char *y = hay + mid * ks;
            /* lower bound: past every key less than x; upper: past every key not
             * greater than x */
            const int go_right = upper ? !sweep_host_less(cmp, x, y) : sweep_host_less(cmp, y, x);
            if (go_right)
                lo = mid + 1;
            else
                hi = mid;
        }
        out[i] = lo;
    }
    return SWEEP_OK;
}
