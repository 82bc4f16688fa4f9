/*
 * cuda_single_pass.h -- the fused single-pass scan as the entries see it; defined
 * in cuda_single_pass.cuh and instantiated once per segment form (cuda_scan_*.cu).
 */
#ifndef SWEEP_CUDA_SINGLE_PASS_H
#define SWEEP_CUDA_SINGLE_PASS_H

#include "cuda_backend.h"
#include "gpu/segment_heads.cuh"

/* Runs (or sizes, when scratch == NULL) one fused scan of segment form FORM with a
 * built-in operator. SEG_REDUCE: write only each segment's reduction to seg_out. */
template <int FORM, bool SEG_REDUCE>
sweep_status sweep_cuda_single_pass(sweep_cuda *h, const sweep_kop *op, const void *in, void *out,
                                    size_t n, const sweep_gpu::SegArgs &seg, void *seg_out,
                                    int exclusive, void *scratch, size_t *scratch_bytes);

#endif /* SWEEP_CUDA_SINGLE_PASS_H */
