/*
 * scan.cu -- the fused scan, segmented scan, reduce and segmented reduce
 * entries except reduce: argument shaping around the single-pass kernel; custom
 * operators go to their kernels compiled at run time on the operator by NVRTC or
 * hipRTC (host/rtc_scan.cu).
 */
#include "gpu/host/single_pass.h"
#include "gpu/rtc/rtc.h"

#include <stdio.h>
#include <string.h>

using namespace sweep_gpu;

sweep_status sweep_gpu_scan(void *hv, const sweep_kop *op, const void *in, void *out, size_t n,
                            int exclusive, void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (op->kind == SWEEP_OP_CUSTOM)
        return sweep_gpu_rtc_scan(h, op, in, out, n, exclusive, scratch, scratch_bytes);
    if (scratch) SWEEP_GPU_ENTER(h); /* a size query touches no device */
    SegArgs seg;
    memset(&seg, 0, sizeof seg);
    return sweep_gpu_single_pass<kSegNone, false>(h, op, in, out, n, seg, NULL, exclusive, scratch,
                                                  scratch_bytes);
}

sweep_status sweep_gpu_segmented_scan(void *hv, const sweep_kop *op, const void *in, void *out,
                                      size_t n, const sweep_ksegments *ks, int exclusive,
                                      void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (op->kind == SWEEP_OP_CUSTOM)
        return sweep_gpu_rtc_segmented_scan(h, op, in, out, n, ks, exclusive, scratch,
                                            scratch_bytes);
    if (scratch) SWEEP_GPU_ENTER(h); /* a size query touches no device */
    SegArgs seg;
    memset(&seg, 0, sizeof seg);
    switch (ks->form) {
    case SWEEP_SEG_FLAGS:
        seg.flags = ks->flags;
        return sweep_gpu_single_pass<kSegFlags, false>(h, op, in, out, n, seg, NULL, exclusive,
                                                       scratch, scratch_bytes);
    case SWEEP_SEG_OFFSETS:
        seg.offsets = ks->offsets;
        seg.nseg = ks->nseg;
        seg.base = ks->base;
        seg.gate = h->gate;
        return sweep_gpu_single_pass<kSegOffsets, false>(h, op, in, out, n, seg, NULL, exclusive,
                                                         scratch, scratch_bytes);
    case SWEEP_SEG_KEYS:
        if (ks->key_size != 1 && ks->key_size != 2 && ks->key_size != 4 && ks->key_size != 8)
            return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "segmented_scan: keys of this size");
        seg.keys = (const unsigned char *)ks->keys;
        seg.key_size = (unsigned)ks->key_size;
        return sweep_gpu_single_pass<kSegKeys, false>(h, op, in, out, n, seg, NULL, exclusive,
                                                      scratch, scratch_bytes);
    default: return sweep_gpu_report(h, SWEEP_ERR_INTERNAL, "segmented_scan: unknown form");
    }
}

sweep_status sweep_gpu_segmented_reduce(void *hv, const sweep_kop *op, const void *in, size_t n,
                                        const size_t *offsets, size_t nseg, void *out,
                                        void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (op->kind == SWEEP_OP_CUSTOM)
        return sweep_gpu_rtc_segmented_reduce(h, op, in, n, offsets, nseg, out, scratch,
                                              scratch_bytes);
    if (scratch) SWEEP_GPU_ENTER(h); /* a size query touches no device */
    SegArgs seg;
    memset(&seg, 0, sizeof seg);
    seg.offsets = offsets;
    seg.nseg = nseg;
    seg.base = 0;
    seg.gate = h->gate;
    return sweep_gpu_single_pass<kSegOffsets, true>(h, op, in, NULL, n, seg, out, 0, scratch,
                                                    scratch_bytes);
}
