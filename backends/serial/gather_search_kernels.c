/*
 * gather_search_kernels.c -- the serial backend's gather (out[i] = in[idx[i]]) and
 * vectorised search (the CPU search kernels of host/host_search.h: monotone blocks of
 * needles gallop from the previous answer, others run branchless binary searches in
 * lockstep; keys order as in the sorts, host_keys.h).
 */
#include "serial.h"

#include <host/host_search.h>
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
    if (nhay > 0)
        sweep_host_search_range(cmp, haystack, nhay, needles, 0, nneedles, upper, out);
    else
        memset(out, 0, nneedles * sizeof *out);
    return SWEEP_OK;
}
