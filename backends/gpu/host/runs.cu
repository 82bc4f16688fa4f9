/*
 * runs.cu -- the index kernels of the table that run-length encoding and
 * non-trivial runs are composed from (device/run_kernels.cuh): iota and
 * range_lengths.
 */
#include "gpu/device/run_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

using namespace sweep_gpu;

sweep_status sweep_gpu_iota(void *hv, size_t first, size_t n, size_t *out) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    SWEEP_GPU_LAUNCH(h, "iota", iota_kernel, sweep_gpu_grid(h, n, 256), 256, 0, first, n, out);
    return SWEEP_OK;
}

sweep_status sweep_gpu_range_lengths(void *hv, const size_t *starts, const size_t *count,
                                     size_t end, size_t n, size_t *lengths, uint8_t *long_flags) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    SWEEP_GPU_LAUNCH(h, "range_lengths", range_lengths_kernel, sweep_gpu_grid(h, n, 256), 256, 0,
                     starts, count, end, n, lengths, long_flags);
    return SWEEP_OK;
}
