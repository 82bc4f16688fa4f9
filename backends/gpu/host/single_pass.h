/*
 * single_pass.h -- the fused single-pass scan as the entries see it; defined
 * in host/single_pass.cuh and instantiated once per segment form (host/scan_*.cu).
 */
#ifndef SWEEP_GPU_SINGLE_PASS_H
#define SWEEP_GPU_SINGLE_PASS_H

#include "gpu/block/segment_heads.cuh"
#include "gpu/host/gpu_backend.h"

/* Runs (or sizes, when scratch == NULL) one fused scan of segment form FORM with a
 * built-in operator. SEG_REDUCE: write only each segment's reduction to seg_out. */
template <int FORM, bool SEG_REDUCE>
sweep_status sweep_gpu_single_pass(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                                   void *out, size_t n, const sweep_gpu::SegArgs &seg,
                                   void *seg_out, int exclusive, void *scratch,
                                   size_t *scratch_bytes);

#endif /* SWEEP_GPU_SINGLE_PASS_H */
