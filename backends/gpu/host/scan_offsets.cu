/* scan_offsets.cu -- instantiates the fused single-pass scan for form kSegOffsets. */
#include "gpu/host/single_pass.cuh"

using namespace sweep_gpu;

SWEEP_GPU_SINGLE_PASS_INSTANTIATE(kSegOffsets, false)
