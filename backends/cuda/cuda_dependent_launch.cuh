/*
 * cuda_dependent_launch.cuh -- launches a kernel with programmatic stream
 * serialization (CUDA, sm_90 and later): it may start before the previous kernel in
 * the stream has finished, once every block of that one has called
 * grid_dependency_trigger, and waits for it in grid_dependency_wait
 * (gpu/grid_dependency.cuh). Not for HIP.
 */
#ifndef SWEEP_CUDA_DEPENDENT_LAUNCH_CUH
#define SWEEP_CUDA_DEPENDENT_LAUNCH_CUH

#include <cuda_runtime.h>

template <class... Params, class... Args>
static cudaError_t sweep_cuda_launch_dependent(cudaStream_t stream, unsigned grid, unsigned threads,
                                               void (*kernel)(Params...), Args... args) {
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(grid);
    cfg.blockDim = dim3(threads);
    cfg.dynamicSmemBytes = 0;
    cfg.stream = stream;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    return cudaLaunchKernelEx(&cfg, kernel, args...);
}

#endif /* SWEEP_CUDA_DEPENDENT_LAUNCH_CUH */
