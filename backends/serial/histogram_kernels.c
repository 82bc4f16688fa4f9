/*
 * histogram_kernels.c -- the serial backend's histogram: each sample's bin
 * (backends/host/host_bins.h, shared with the OpenMP backend) counted in place; even
 * bins through host_bins_even.h's loops, compiled per sample type.
 */
#include "serial.h"

#include <host/host_bins.h>
#include <host/host_bins_even.h>

sweep_status sweep_serial_histogram(void *h, const sweep_khist *hist, const void *samples, size_t n,
                                    void *counts) {
    (void)h;
    const unsigned char *p = samples;
    if (hist->form == SWEEP_HIST_EVEN) {
        sweep_host_even even;
        sweep_host_even_prepare(hist, &even);
        sweep_host_even_count(&even, samples, 0, n, counts, hist->count_dtype == SWEEP_U32);
        return SWEEP_OK;
    }
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
