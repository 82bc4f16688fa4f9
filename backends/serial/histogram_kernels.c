/*
 * histogram_kernels.c -- the serial backend's histogram: each sample's bin counted in
 * place, through the loops compiled per sample type that the OpenMP backend shares:
 * host_bins_even.h for even bins, host_bins_range.h for bins by boundaries.
 */
#include "serial.h"

#include <host/host_bins.h>
#include <host/host_bins_even.h>
#include <host/host_bins_range.h>

sweep_status sweep_serial_histogram(void *h, const sweep_khist *hist, const void *samples, size_t n,
                                    void *counts) {
    (void)h;
    if (hist->form == SWEEP_HIST_EVEN) {
        sweep_host_even even;
        sweep_host_even_prepare(hist, &even);
        sweep_host_even_count(&even, samples, 0, n, counts, hist->count_dtype == SWEEP_U32);
        return SWEEP_OK;
    }
    sweep_host_range_count(hist, samples, 0, n, counts, hist->count_dtype == SWEEP_U32);
    return SWEEP_OK;
}
