/*
 * hip_launch.cpp -- the HIP plugin's launches of its own kernels (gpu_runtime.h).
 */
#include "hip_backend.h"

/* The runtime's own launch, as `<<<>>>` makes it: kernel is the host-side handle of
 * the __global__ function. Nothing to keep per handle. */
sweep_gpu_error sweep_gpu_launch_kernel(sweep_gpu_handle *h, const void *kernel, unsigned grid,
                                        unsigned block, size_t smem, void **args) {
    return hipLaunchKernel(kernel, dim3(grid), dim3(block), args, smem, (hipStream_t)h->stream);
}
void sweep_gpu_launch_release(sweep_gpu_handle *) {}

/* HIP devices report neither dependent nor cooperative launches (hip_device.cpp), so
 * the shared code never asks for these. */
sweep_gpu_error sweep_gpu_launch_dependent(sweep_gpu_stream, const void *, unsigned, unsigned,
                                           void **) {
    return hipErrorNotSupported;
}
sweep_gpu_error sweep_gpu_launch_cooperative(sweep_gpu_stream, const void *, unsigned, unsigned,
                                             size_t, void **, int *too_large) {
    *too_large = 0;
    return hipErrorNotSupported;
}
