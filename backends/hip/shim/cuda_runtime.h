/*
 * shim/cuda_runtime.h -- stands in for the CUDA runtime header when hipcc compiles
 * the shared launch code (backends/cuda/cuda_backend.h includes <cuda_runtime.h>).
 * On the include path of the HIP build only; the CUDA build never sees it.
 */
#ifndef SWEEP_HIP_SHIM_CUDA_RUNTIME_H
#define SWEEP_HIP_SHIM_CUDA_RUNTIME_H

#include "../hip_runtime_map.h"

#endif /* SWEEP_HIP_SHIM_CUDA_RUNTIME_H */
