/*
 * histogram_kernels.c -- the serial backend's histogram: each sample's bin
 * (backends/host/host_bins.h, shared with the OpenMP backend) counted in place.
 */
#include "serial.h"

#include <host/host_bins.h>

sweep_status sweep_serial_histogram(void *h, const sweep_khist *hist, const void *samples, size_t n,
                                    void *counts) {
    (void)h;
    const unsigned char *p = samples;
    const size_t size = sweep_dtype_size(hist->sample_dtype);
    uint32_t *c32 = counts;
    uint64_t *c64 = counts;
    for (size_t i = 0; i < n; ++i) {
        size_t b;
        if (!sweep_host_bin_of(hist, p + i * size, &b)) continue;
        if (hist->count_dtype == SWEEP_U32)
            ++c32[b];
        else
            ++c64[b];
    }
    return SWEEP_OK;
}
