/*
 * cuda_dependent_launch.cuh -- the launches that need a launch attribute (CUDA, not
 * HIP): a dependent launch, with programmatic stream serialization (sm_90 and
 * later): it may start before the previous kernel in the stream has finished, once
 * every block of that one has called grid_dependency_trigger, and waits for it in
 * grid_dependency_wait (gpu/grid_dependency.cuh); and a cooperative launch, whose
 * blocks are all resident at once, so they may synchronise as a grid.
 */
#ifndef SWEEP_CUDA_DEPENDENT_LAUNCH_CUH
#define SWEEP_CUDA_DEPENDENT_LAUNCH_CUH

#include <cuda_runtime.h>

/* One launch with one attribute. */
template <class... Params, class... Args>
static cudaError_t sweep_cuda_launch_with(const cudaLaunchAttribute &attr, cudaStream_t stream,
                                          unsigned grid, unsigned threads, size_t smem,
                                          void (*kernel)(Params...), Args... args) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(grid);
    cfg.blockDim = dim3(threads);
    cfg.dynamicSmemBytes = smem;
    cfg.stream = stream;
    cfg.attrs = const_cast<cudaLaunchAttribute *>(&attr);
    cfg.numAttrs = 1;
    return cudaLaunchKernelEx(&cfg, kernel, args...);
}

template <class... Params, class... Args>
static cudaError_t sweep_cuda_launch_dependent(cudaStream_t stream, unsigned grid, unsigned threads,
                                               void (*kernel)(Params...), Args... args) {
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr.val.programmaticStreamSerializationAllowed = 1;
    return sweep_cuda_launch_with(attr, stream, grid, threads, 0, kernel, args...);
}

template <class... Params, class... Args>
static cudaError_t sweep_cuda_launch_cooperative(cudaStream_t stream, unsigned grid,
                                                 unsigned threads, size_t smem,
                                                 void (*kernel)(Params...), Args... args) {
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeCooperative;
    attr.val.cooperative = 1;
    return sweep_cuda_launch_with(attr, stream, grid, threads, smem, kernel, args...);
}

#endif /* SWEEP_CUDA_DEPENDENT_LAUNCH_CUH */
