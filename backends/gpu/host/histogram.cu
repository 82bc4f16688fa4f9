/*
 * histogram.cu -- the histogram kernel of the table (device/histogram_kernels.cuh)
 * for every sample dtype: counters privatised in shared memory where the bins fit and
 * no block can count 2^32 samples, global atomics otherwise.
 */
#include "gpu/device/histogram_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

using namespace sweep_gpu;

/* Shared counters a block may privatise: within the 48 KB every device gives a block
 * without raising the kernel's limit. */
static const size_t kHistSharedBytes = 48 * 1024;

template <class T> static sweep_status histogram_run(sweep_gpu_handle *h, HistArgs a) {
    const unsigned grid = sweep_gpu_grid(h, a.n, kHistThreads);
    const size_t per_block =
        (a.n + (size_t)grid * kHistThreads - 1) / ((size_t)grid * kHistThreads) * kHistThreads;
    a.privatised = a.bins.bins * sizeof(unsigned) <= kHistSharedBytes && per_block < 0xffffffffull;
    const size_t smem = a.privatised ? (size_t)a.bins.bins * sizeof(unsigned) : 0;
    SWEEP_GPU_LAUNCH(h, "histogram", histogram_kernel<T>, grid, kHistThreads, smem, a);
    return SWEEP_OK;
}

sweep_status sweep_gpu_histogram(void *hv, const sweep_khist *hist, const void *samples, size_t n,
                                 void *counts) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    HistArgs a;
    a.bins.range_form = hist->form == SWEEP_HIST_RANGE;
    a.bins.bins = hist->num_bins;
    a.bins.lower_key = hist->lower_key;
    a.bins.upper_key = hist->upper_key;
    a.bins.lower = hist->lower;
    a.bins.upper = hist->upper;
    a.bins.width = hist->width;
    a.bins.boundaries = hist->boundaries;
    a.samples = samples;
    a.n = n;
    a.counts = counts;
    a.wide = hist->count_dtype != SWEEP_U32;
    a.privatised = 0;
    switch (hist->sample_dtype) {
    case SWEEP_I8: return histogram_run<int8_t>(h, a);
    case SWEEP_I16: return histogram_run<int16_t>(h, a);
    case SWEEP_I32: return histogram_run<int32_t>(h, a);
    case SWEEP_I64: return histogram_run<long long>(h, a);
    case SWEEP_U8: return histogram_run<uint8_t>(h, a);
    case SWEEP_U16: return histogram_run<uint16_t>(h, a);
    case SWEEP_U32: return histogram_run<uint32_t>(h, a);
    case SWEEP_U64: return histogram_run<unsigned long long>(h, a);
    case SWEEP_F32: return histogram_run<float>(h, a);
    case SWEEP_F64: return histogram_run<double>(h, a);
    default: return sweep_gpu_report(h, SWEEP_ERR_INVALID_ARGUMENT, "histogram: sample dtype");
    }
}
