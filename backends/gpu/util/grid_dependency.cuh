/*
 * grid_dependency.cuh -- programmatic dependent launch (CUDA, sm_90 and later): a
 * kernel launched after another with the programmatic stream serialization
 * attribute may start once every block of the first has called
 * grid_dependency_trigger (or exited), and must call grid_dependency_wait before it
 * reads what the first one writes; the wait returns when the first grid has finished
 * and its writes are visible. What it reads of earlier work it may read before.
 *
 * Both are no-ops where the feature does not exist (HIP, CUDA before sm_90) and when
 * the kernel was launched the ordinary way.
 */
#ifndef SWEEP_GPU_GRID_DEPENDENCY_CUH
#define SWEEP_GPU_GRID_DEPENDENCY_CUH

#include "gpu/util/compat.cuh"

namespace sweep_gpu {

SWEEP_GPU_INLINE void grid_dependency_trigger() {
#if !defined(__HIPCC__) && !defined(__HIPCC_RTC__) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

SWEEP_GPU_INLINE void grid_dependency_wait() {
#if !defined(__HIPCC__) && !defined(__HIPCC_RTC__) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

} // namespace sweep_gpu

#endif /* SWEEP_GPU_GRID_DEPENDENCY_CUH */
