/* cuda_scan_keys.cu -- instantiates the fused single-pass scan for form kSegKeys. */
#include "cuda_single_pass.cuh"

using namespace sweep_gpu;

SWEEP_CUDA_SINGLE_PASS_INSTANTIATE(kSegKeys, false)
