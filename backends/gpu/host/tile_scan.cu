/*
 * tile_scan.cu -- the basic scan kernels of the table (tile_reduce, tile_scan,
 * head flags, segment_last) instantiated over the built-in operators.
 */
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

#include "gpu/device/segment_kernels.cuh"
#include "gpu/device/tile_scan_kernels.cuh"
#include "gpu/host/args_tile.cuh"
#include <stdio.h>
#include <string.h>

#include "gpu/rtc/rtc.h"

using namespace sweep_gpu;

template <bool SCAN>
static sweep_status tile_run(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                             const uint8_t *flags, void *out, size_t n, size_t tile,
                             const void *carries, void *partials, uint8_t *partial_flags,
                             int exclusive) {
    const size_t ntiles = (n + tile - 1) / tile;
    const bool sequential = (h->options & SWEEP_OPTION_DETERMINISTIC) != 0;
    return dispatch_op(op, [&](auto tag) -> sweep_status {
        typedef typename decltype(tag)::T T;
        typedef typename decltype(tag)::Op Op;
        const TileArgs<T> a = sweep_gpu_tile_args<T>(op, in, flags, out, n, tile, carries, partials,
                                                     partial_flags, exclusive);
        if (sequential) {
            const unsigned threads = 128;
            SWEEP_GPU_LAUNCH(h, SCAN ? "tile_scan (sequential)" : "tile_reduce (sequential)",
                             tile_sequential_kernel<T, Op, SCAN>,
                             (unsigned)((ntiles + threads - 1) / threads), threads, 0, a, ntiles);
        } else {
            SWEEP_GPU_LAUNCH(h, SCAN ? "tile_scan" : "tile_reduce", tile_block_kernel<T, Op, SCAN>,
                             (unsigned)ntiles, kTileThreads, 0, a);
        }
        return SWEEP_OK;
    });
}

sweep_status sweep_gpu_tile_reduce(void *hv, const sweep_kop *op, const void *in,
                                   const uint8_t *flags, size_t n, size_t tile, void *partials,
                                   uint8_t *partial_flags) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    if (op->kind == SWEEP_OP_CUSTOM)
        return sweep_gpu_rtc_tile_pass(h, op, in, flags, NULL, n, tile, NULL, partials,
                                       partial_flags, 0, 0);
    return tile_run<false>(h, op, in, flags, NULL, n, tile, NULL, partials, partial_flags, 0);
}

sweep_status sweep_gpu_tile_scan(void *hv, const sweep_kop *op, const void *in,
                                 const uint8_t *flags, void *out, size_t n, size_t tile,
                                 const void *carries, int exclusive) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    if (op->kind == SWEEP_OP_CUSTOM)
        return sweep_gpu_rtc_tile_pass(h, op, in, flags, out, n, tile, carries, NULL, NULL,
                                       exclusive, 1);
    return tile_run<true>(h, op, in, flags, out, n, tile, carries, NULL, NULL, exclusive);
}

sweep_status sweep_gpu_heads_from_keys(void *hv, const void *keys, size_t key_size, size_t n,
                                       uint8_t *flags) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    if (key_size != 1 && key_size != 2 && key_size != 4 && key_size != 8)
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "heads_from_keys: key size");
    SWEEP_GPU_LAUNCH(h, "heads_from_keys", heads_from_keys_kernel, sweep_gpu_grid(h, n, 256), 256,
                     0, (const unsigned char *)keys, (unsigned)key_size, n, flags);
    return SWEEP_OK;
}

sweep_status sweep_gpu_heads_from_offsets(void *hv, const size_t *offsets, size_t nseg, size_t base,
                                          size_t n, uint8_t *flags) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    if (nseg == 0) return SWEEP_OK;
    SWEEP_GPU_LAUNCH(h, "heads_from_offsets", heads_from_offsets_kernel,
                     sweep_gpu_grid(h, nseg, 256), 256, 0, offsets, nseg, base, n, flags);
    return SWEEP_OK;
}

template <class W>
static sweep_status segment_last_run(sweep_gpu_handle *h, const sweep_kop *op, const void *scanned,
                                     const size_t *offsets, size_t nseg, size_t base, void *out) {
    W id;
    memcpy(&id, op->identity, sizeof id);
    SWEEP_GPU_LAUNCH(h, "segment_last", segment_last_kernel<W>, sweep_gpu_grid(h, nseg, 256), 256,
                     0, (const W *)scanned, offsets, nseg, base, id, (W *)out);
    return SWEEP_OK;
}

static sweep_status segment_last_any(sweep_gpu_handle *h, const sweep_kop *op, const void *scanned,
                                     const size_t *offsets, size_t nseg, size_t base, void *out) {
    ElemBytes id;
    memset(&id, 0, sizeof id);
    memcpy(id.b, op->identity, op->size);
    unsigned unit = copy_unit(scanned, out, op->size);
    if (unit > op->align) unit = (unsigned)op->align;
    SWEEP_GPU_LAUNCH(h, "segment_last", segment_last_bytes_kernel, sweep_gpu_grid(h, nseg, 256),
                     256, 0, (const unsigned char *)scanned, offsets, nseg, base, id, op->size,
                     unit, (unsigned char *)out, 0);
    return SWEEP_OK;
}

sweep_status sweep_gpu_segment_last(void *hv, const sweep_kop *op, const void *scanned,
                                    const size_t *offsets, size_t nseg, size_t base, void *out) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    if (nseg == 0) return SWEEP_OK;
    /* the operator plays no part: custom elements move as bytes, on every GPU backend */
    if (op->kind == SWEEP_OP_CUSTOM)
        return segment_last_any(h, op, scanned, offsets, nseg, base, out);
    switch (op->size) {
    case 1: return segment_last_run<uint8_t>(h, op, scanned, offsets, nseg, base, out);
    case 2: return segment_last_run<uint16_t>(h, op, scanned, offsets, nseg, base, out);
    case 4: return segment_last_run<uint32_t>(h, op, scanned, offsets, nseg, base, out);
    case 8: return segment_last_run<unsigned long long>(h, op, scanned, offsets, nseg, base, out);
    default: return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "segment_last: element size");
    }
}
