/* cuda_scan_offsets.cu -- instantiates the fused single-pass scan for form kSegOffsets. */
#include "cuda_single_pass.cuh"

using namespace sweep_gpu;

SWEEP_CUDA_SINGLE_PASS_INSTANTIATE(kSegOffsets, false)
