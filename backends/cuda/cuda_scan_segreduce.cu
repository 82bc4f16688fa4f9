/* cuda_scan_segreduce.cu -- instantiates the fused single-pass scan for form kSegOffsets, writing
 * one value per segment (segmented reduce). */
#include "cuda_single_pass.cuh"

using namespace sweep_gpu;

SWEEP_CUDA_SINGLE_PASS_INSTANTIATE(kSegOffsets, true)
