/* cuda_scan_flags.cu -- instantiates the fused single-pass scan for form kSegFlags. */
#include "cuda_single_pass.cuh"

using namespace sweep_gpu;

SWEEP_CUDA_SINGLE_PASS_INSTANTIATE(kSegFlags, false)
