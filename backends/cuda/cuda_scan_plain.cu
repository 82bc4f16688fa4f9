/* cuda_scan_plain.cu -- instantiates the fused single-pass scan for form kSegNone. */
#include "cuda_single_pass.cuh"

using namespace sweep_gpu;

SWEEP_CUDA_SINGLE_PASS_INSTANTIATE(kSegNone, false)
