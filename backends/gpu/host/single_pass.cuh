/*
 * single_pass.cuh -- host side of the fused single-pass scan: scratch size, the
 * run's tile-state tag, the launch (one, nothing to clear first); and of the
 * segmented reduction's own kernel, which large inputs take (segreduce_min). Each segment form
 * is instantiated in its own file (host/scan_<form>.cu) so the plugin's build
 * spreads over cores.
 */
#ifndef SWEEP_GPU_SINGLE_PASS_CUH
#define SWEEP_GPU_SINGLE_PASS_CUH

#include "gpu/device/scan_bulk.cuh"
#include "gpu/device/scan_single_pass.cuh"
#include "gpu/device/segreduce_kernel.cuh"
#include "gpu/host/args_single_pass.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

#include "gpu/host/single_pass.h"

#include <atomic>
#include <chrono>

/* A fresh tag for each launch that uses tile states (lookback.cuh): consecutive
 * numbers from a start drawn once per process, so no two launches of the process
 * share one and data left in scratch by anything else matches with odds of 2^-62.
 * Low two bits clear (the status goes there), never zero. */
inline unsigned long long sweep_gpu_tile_tag() {
    static std::atomic<unsigned long long> next{
        (unsigned long long)std::chrono::steady_clock::now().time_since_epoch().count() *
            0x9e3779b97f4a7c15ull ^
        (unsigned long long)(uintptr_t)&next};
    unsigned long long t = 0;
    while (t == 0)
        t = next.fetch_add(1, std::memory_order_relaxed) << 2;
    return t;
}

/* Explicit instantiation for one form (one per file). */
#define SWEEP_GPU_SINGLE_PASS_INSTANTIATE(FORM, SEG_REDUCE)                                        \
    template sweep_status sweep_gpu_single_pass<FORM, SEG_REDUCE>(                                 \
        sweep_gpu_handle * h, const sweep_kop *op, const void *in, void *out, size_t n,            \
        const sweep_gpu::SegArgs &seg, void *seg_out, int exclusive, void *scratch,                \
        size_t *scratch_bytes);

/* Plain scans of 4- and 8-byte elements take the bulk-copy kernel
 * (gpu/device/scan_bulk.cuh): its large tiles from one for every other SM on (on the
 * H100 they were faster at 2^20 and 2^22 elements: u32 11.4 against 13.3 us and
 * 15.8 against 24.7 us), small ones below that (2^16: 8-9 against 9-11 us), so a
 * short scan still spreads over the device. Returns the scratch bytes (tile
 * states) when scratch is NULL. */
template <class T, class Op>
sweep_status sweep_gpu_scan_bulk(sweep_gpu_handle *h, const sweep_gpu::ScanArgs<T> &a,
                                 void *scratch, size_t *scratch_bytes) {
    using namespace sweep_gpu;
    typedef BulkScanLarge<T> Large;
    typedef BulkScanSmall<T> Small;
    const size_t sms = (size_t)(h->sm_count > 0 ? h->sm_count : 1);
    const bool large = a.n >= sms / 2 * Large::tile;
    const size_t tile = large ? Large::tile : Small::tile;
    const size_t ntiles = (a.n + tile - 1) / tile;
    if (!scratch) {
        *scratch_bytes = TileState<T>::bytes(ntiles);
        return SWEEP_OK;
    }
    if (ntiles == 0) return SWEEP_OK;
    if (ntiles > 0x7fffffffull) /* one block per tile */
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "scan: too many tiles");
    TileState<T> ts = TileState<T>::carve(scratch, ntiles, sweep_gpu_tile_tag());
    if (large)
        return sweep_gpu_launch(h, "scan (bulk copy)", scan_bulk_kernel<T, Op, Large>,
                                (unsigned)ntiles, Large::threads, 0, a, ts);
    return sweep_gpu_launch(h, "scan (bulk copy)", scan_bulk_kernel<T, Op, Small>, (unsigned)ntiles,
                            Small::threads, 0, a, ts);
}

/* The segmented reduction by offsets through its own kernel
 * (gpu/device/segreduce_kernel.cuh), n > 0; the scratch bytes (tile states) when
 * scratch is NULL. */
template <class T, class Op>
sweep_status sweep_gpu_segreduce(sweep_gpu_handle *h, const sweep_gpu::ScanArgs<T> &a,
                                 void *scratch, size_t *scratch_bytes) {
    using namespace sweep_gpu;
    typedef SegReduceShape<T> Shape;
    const size_t ntiles = (a.n + Shape::tile - 1) / Shape::tile;
    if (!scratch) {
        *scratch_bytes = TileState<FlagValue<T>>::bytes(ntiles);
        return SWEEP_OK;
    }
    if (ntiles > 0x7fffffffull) /* one block per tile */
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "segmented_reduce: too many tiles");
    TileState<FlagValue<T>> ts =
        TileState<FlagValue<T>>::carve(scratch, ntiles, sweep_gpu_tile_tag());
    return sweep_gpu_launch(h, "segmented_reduce", segreduce_kernel<T, Op>, (unsigned)ntiles,
                            Shape::threads, 0, a, ts);
}

template <int FORM, bool SEG_REDUCE>
sweep_status sweep_gpu_single_pass(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                                   void *out, size_t n, const sweep_gpu::SegArgs &seg,
                                   void *seg_out, int exclusive, void *scratch,
                                   size_t *scratch_bytes) {
    using namespace sweep_gpu;
    return dispatch_op(op, [&](auto tag) -> sweep_status {
        typedef typename decltype(tag)::T T;
        typedef typename decltype(tag)::Op Op;
        typedef typename std::conditional<FORM == kSegNone, T, FlagValue<T>>::type V;
        const ScanArgs<T> a = sweep_gpu_scan_args<T>(h, op, in, out, n, exclusive, seg, seg_out);
        if constexpr (FORM == kSegNone && !SEG_REDUCE && BulkScanFits<T>::value)
            return sweep_gpu_scan_bulk<T, Op>(h, a, scratch, scratch_bytes);
        if constexpr (SEG_REDUCE)
            if (n > 0 && n >= h->segreduce_min)
                return sweep_gpu_segreduce<T, Op>(h, a, scratch, scratch_bytes);
        typedef ScanShape<T, FORM> Shape;
        constexpr int TILE = Shape::tile;
        const size_t ntiles = (n + TILE - 1) / TILE;
        if (!scratch) {
            *scratch_bytes = TileState<V>::bytes(ntiles);
            return SWEEP_OK;
        }
        if (ntiles > 0x7fffffffull) /* one block per tile */
            return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "scan: too many tiles");
        /* n == 0 reaches here only for a segmented reduction of empty segments */
        if (ntiles > 0) {
            TileState<V> ts = TileState<V>::carve(scratch, ntiles, sweep_gpu_tile_tag());
            SWEEP_GPU_LAUNCH(h, SEG_REDUCE ? "segmented_reduce" : "scan (single pass)",
                             scan_single_pass_kernel<T, Op, FORM, SEG_REDUCE>, (unsigned)ntiles,
                             Shape::threads, 0, a, ts);
        }
        /* with elements, the kernel wrote the empty segments too */
        if (SEG_REDUCE && ntiles == 0 && seg.nseg > 0)
            SWEEP_GPU_LAUNCH(h, "segmented_reduce (empty segments)", segment_identity_kernel<T>,
                             sweep_gpu_grid(h, seg.nseg, 256), 256, 0, seg.offsets, seg.nseg,
                             a.identity, (T *)seg_out, seg.gate);
        return SWEEP_OK;
    });
}

#endif /* SWEEP_GPU_SINGLE_PASS_CUH */
