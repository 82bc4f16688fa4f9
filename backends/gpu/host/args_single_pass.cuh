/*
 * args_single_pass.cuh -- ScanArgs of the single-pass scan and segmented
 * reduction (gpu/device/scan_single_pass.cuh), filled in one place for the built-in launch
 * (host/single_pass.cuh) and the run-time compiled one of custom operators
 * (host/rtc_scan.cu), which hands the very same struct to a kernel compiled from the
 * same header. The identity is the operator's bytes in both (identity_of).
 */
#ifndef SWEEP_GPU_ARGS_SINGLE_PASS_CUH
#define SWEEP_GPU_ARGS_SINGLE_PASS_CUH

#include "gpu/device/scan_single_pass.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/util/ops.cuh"

#include <string.h>

/* The single-pass scan (seg_out NULL) or segmented reduction (out NULL) of n
 * elements; the look-back test hooks come from the handle. */
template <class T>
inline sweep_gpu::ScanArgs<T>
sweep_gpu_scan_args(const sweep_gpu_handle *h, const sweep_kop *op, const void *in, void *out,
                    size_t n, int exclusive, const sweep_gpu::SegArgs &seg, void *seg_out) {
    sweep_gpu::ScanArgs<T> a;
    memset(&a, 0, sizeof a);
    a.in = (const T *)in;
    a.out = (T *)out;
    a.n = n;
    a.identity = sweep_gpu::identity_of<T>(op);
    a.exclusive = exclusive;
    a.seg = seg;
    a.seg_out = (T *)seg_out;
    a.stall_mod = h->stall_mod;
    a.spin_limit = h->spin_limit;
    return a;
}

#endif /* SWEEP_GPU_ARGS_SINGLE_PASS_CUH */
