/* scan_segreduce.cu -- instantiates the fused single-pass scan for form kSegOffsets, writing
 * one value per segment (segmented reduce). */
#include "gpu/host/single_pass.cuh"

using namespace sweep_gpu;

SWEEP_GPU_SINGLE_PASS_INSTANTIATE(kSegOffsets, true)
