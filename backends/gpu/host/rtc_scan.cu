/*
 * rtc_scan.cu -- scans and reductions with custom operators: the built-in
 * single-pass and tile kernels, compiled at run time on the operator (rtc/rtc_programs.cpp),
 * launched with argument structs built here around the same Elem type.
 */
#include "gpu/host/args_single_pass.cuh"
#include "gpu/host/args_tile.cuh"
#include "gpu/host/launch.cuh"
#include "gpu/host/rtc_elem.h"
#include "gpu/rtc/rtc.h"

#include "gpu/device/tile_scan_kernels.cuh"
#include "gpu/tuning/rtc_scan_tuning.cuh"
/* Only segment_last_bytes_kernel is launched here; the header's static head-flag
 * kernels go unused, which clang (hipcc) warns about under -Werror and nvcc does not. */
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"
#endif
#include "gpu/device/segment_kernels.cuh"
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#include <stdint.h>
#include <stdio.h>
#include <string.h>

using namespace sweep_gpu;

static sweep_status kernels_of(sweep_gpu_handle *h, const sweep_kop *op,
                               const sweep_rtc_kernels **ks) {
    const sweep_rtc_request req = sweep_gpu_rtc_op_request(op);
    return sweep_gpu_rtc_get(h, &req, ks);
}

static sweep_status unsupported_size(sweep_gpu_handle *h, const char *entry) {
    char msg[160];
    snprintf(msg, sizeof msg, "%s: custom elements of this size and alignment", entry);
    return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, msg);
}

/* Identity (or empty-segment) values of a segmented reduction, any element size. */
static sweep_status fill_empty_segments(sweep_gpu_handle *h, const sweep_kop *op,
                                        const size_t *offsets, size_t nseg, void *out) {
    if (nseg == 0) return SWEEP_OK;
    ElemBytes id;
    memset(&id, 0, sizeof id);
    memcpy(id.b, op->identity, op->size);
    unsigned unit = copy_unit(out, out, op->size);
    if (unit > op->custom->elem_align) unit = (unsigned)op->custom->elem_align;
    SWEEP_GPU_LAUNCH(h, "segmented_reduce (empty segments)", segment_last_bytes_kernel,
                     sweep_gpu_grid(h, nseg, 256), 256, 0, nullptr, offsets, nseg, 0, id, op->size,
                     unit, (unsigned char *)out, 1);
    return SWEEP_OK;
}

template <int FORM, bool SEG_REDUCE>
static sweep_status single_pass(sweep_gpu_handle *h, const sweep_kop *op, sweep_gpu_kernel k,
                                const void *in, void *out, size_t n, const SegArgs &seg,
                                void *seg_out, int exclusive, void *scratch,
                                size_t *scratch_bytes) {
    return sweep_rtc_by_elem(op->size, op->custom->elem_align, [&](auto e) -> sweep_status {
        typedef decltype(e) T;
        typedef typename std::conditional<FORM == kSegNone, T, FlagValue<T>>::type V;
        constexpr int TILE = ScanTuning<T>::tile;
        const size_t ntiles = (n + TILE - 1) / TILE;
        if (!scratch) {
            *scratch_bytes = TileState<V>::bytes(ntiles);
            return SWEEP_OK;
        }
        if (ntiles > 0xffffffffull)
            return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "scan: too many tiles");
        ScanArgs<T> a = sweep_gpu_scan_args<T>(h, op, in, out, n, exclusive, seg, seg_out);
        TileState<V> ts = TileState<V>::carve(scratch, ntiles);
        SWEEP_GPU_TRY(
            h, sweep_gpu_memset_async(scratch, 0, TileState<V>::clear_bytes(ntiles), h->stream));
        void *args[] = {&a, &ts};
        sweep_status st = sweep_gpu_rtc_launch(h, k, ntiles, ScanTuning<T>::threads, args,
                                               SEG_REDUCE ? "segmented_reduce" : "scan");
        /* with elements, the kernel wrote the empty segments too */
        if (st != SWEEP_OK || !SEG_REDUCE || ntiles > 0) return st;
        /* only empty segments; behind a check of the offsets (gate), once it is known
         * to have passed */
        if (h->gate) {
            size_t r[3];
            st = sweep_gpu_offsets_gate_settle(h, r);
            if (st != SWEEP_OK || r[2] != SIZE_MAX || r[1] > n) return st;
        }
        return fill_empty_segments(h, op, seg.offsets, seg.nseg, seg_out);
    });
}

sweep_status sweep_gpu_rtc_scan(sweep_gpu_handle *h, const sweep_kop *op, const void *in, void *out,
                                size_t n, int exclusive, void *scratch, size_t *scratch_bytes) {
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *ks = NULL;
    sweep_status st = kernels_of(h, op, &ks);
    if (st != SWEEP_OK) return st;
    SegArgs seg;
    memset(&seg, 0, sizeof seg);
    st = single_pass<kSegNone, false>(h, op, ks->k[SWEEP_RTC_SCAN_PLAIN], in, out, n, seg, NULL,
                                      exclusive, scratch, scratch_bytes);
    return st == SWEEP_ERR_UNSUPPORTED ? unsupported_size(h, "scan") : st;
}

sweep_status sweep_gpu_rtc_segmented_scan(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                                          void *out, size_t n, const sweep_ksegments *ks,
                                          int exclusive, void *scratch, size_t *scratch_bytes) {
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, op, &k);
    if (st != SWEEP_OK) return st;
    SegArgs seg;
    memset(&seg, 0, sizeof seg);
    switch (ks->form) {
    case SWEEP_SEG_FLAGS:
        seg.flags = ks->flags;
        st = single_pass<kSegFlags, false>(h, op, k->k[SWEEP_RTC_SCAN_FLAGS], in, out, n, seg, NULL,
                                           exclusive, scratch, scratch_bytes);
        break;
    case SWEEP_SEG_OFFSETS:
        seg.offsets = ks->offsets;
        seg.nseg = ks->nseg;
        seg.base = ks->base;
        seg.gate = h->gate;
        st = single_pass<kSegOffsets, false>(h, op, k->k[SWEEP_RTC_SCAN_OFFSETS], in, out, n, seg,
                                             NULL, exclusive, scratch, scratch_bytes);
        break;
    case SWEEP_SEG_KEYS:
        if (ks->key_size != 1 && ks->key_size != 2 && ks->key_size != 4 && ks->key_size != 8)
            return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "segmented_scan: keys of this size");
        seg.keys = (const unsigned char *)ks->keys;
        seg.key_size = (unsigned)ks->key_size;
        st = single_pass<kSegKeys, false>(h, op, k->k[SWEEP_RTC_SCAN_KEYS], in, out, n, seg, NULL,
                                          exclusive, scratch, scratch_bytes);
        break;
    default: return sweep_gpu_report(h, SWEEP_ERR_INTERNAL, "segmented_scan: unknown form");
    }
    return st == SWEEP_ERR_UNSUPPORTED ? unsupported_size(h, "segmented_scan") : st;
}

sweep_status sweep_gpu_rtc_segmented_reduce(sweep_gpu_handle *h, const sweep_kop *op,
                                            const void *in, size_t n, const size_t *offsets,
                                            size_t nseg, void *out, void *scratch,
                                            size_t *scratch_bytes) {
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, op, &k);
    if (st != SWEEP_OK) return st;
    SegArgs seg;
    memset(&seg, 0, sizeof seg);
    seg.offsets = offsets;
    seg.nseg = nseg;
    seg.gate = h->gate;
    st = single_pass<kSegOffsets, true>(h, op, k->k[SWEEP_RTC_SEG_REDUCE], in, NULL, n, seg, out, 0,
                                        scratch, scratch_bytes);
    return st == SWEEP_ERR_UNSUPPORTED ? unsupported_size(h, "segmented_reduce") : st;
}

/* The basic tile kernels (tile_reduce, tile_scan) of the generic path. */
sweep_status sweep_gpu_rtc_tile_pass(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                                     const uint8_t *flags, void *out, size_t n, size_t tile,
                                     const void *carries, void *partials, uint8_t *partial_flags,
                                     int exclusive, int scan) {
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, op, &k);
    if (st != SWEEP_OK) return st;
    const size_t ntiles = (n + tile - 1) / tile;
    const bool sequential = (h->options & SWEEP_OPTION_DETERMINISTIC) != 0;
    st = sweep_rtc_by_elem(op->size, op->custom->elem_align, [&](auto e) -> sweep_status {
        typedef decltype(e) T;
        TileArgs<T> a = sweep_gpu_tile_args<T>(op, in, flags, out, n, tile, carries, partials,
                                               partial_flags, exclusive);
        if (sequential) {
            size_t nt = ntiles;
            void *args[] = {&a, &nt};
            return sweep_gpu_rtc_launch(
                h, k->k[scan ? SWEEP_RTC_TILE_SCAN_SEQ : SWEEP_RTC_TILE_REDUCE_SEQ],
                (ntiles + 127) / 128, 128, args,
                scan ? "tile_scan (sequential)" : "tile_reduce (sequential)");
        }
        void *args[] = {&a};
        return sweep_gpu_rtc_launch(h, k->k[scan ? SWEEP_RTC_TILE_SCAN : SWEEP_RTC_TILE_REDUCE],
                                    ntiles, kTileThreads, args, scan ? "tile_scan" : "tile_reduce");
    });
    return st == SWEEP_ERR_UNSUPPORTED ? unsupported_size(h, scan ? "tile_scan" : "tile_reduce")
                                       : st;
}

/* Ordered reduction: contiguous chunks, then their partials (as for built-ins). */
sweep_status sweep_gpu_rtc_reduce(sweep_gpu_handle *h, const sweep_kop *op, const void *in,
                                  size_t n, void *out, void *scratch, size_t *scratch_bytes) {
    SWEEP_GPU_ENTER(h);
    const sweep_rtc_kernels *k = NULL;
    sweep_status st = kernels_of(h, op, &k);
    if (st != SWEEP_OK) return st;
    size_t blocks, chunk;
    sweep_gpu_reduce_chunks(h, n, &blocks, &chunk);
    if (!scratch) {
        *scratch_bytes = blocks * op->size;
        return SWEEP_OK;
    }
    st = sweep_rtc_by_elem(op->size, op->custom->elem_align, [&](auto e) -> sweep_status {
        typedef decltype(e) T;
        TileArgs<T> a =
            sweep_gpu_tile_args<T>(op, in, NULL, NULL, n, chunk, NULL, scratch, NULL, 0);
        void *args[] = {&a};
        sweep_status s2 = sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_TILE_REDUCE], blocks, kTileThreads,
                                               args, "reduce (chunks)");
        if (s2 != SWEEP_OK) return s2;
        a = sweep_gpu_tile_args<T>(op, scratch, NULL, NULL, blocks, blocks, NULL, out, NULL, 0);
        return sweep_gpu_rtc_launch(h, k->k[SWEEP_RTC_TILE_REDUCE], 1, kTileThreads, args,
                                    "reduce (partials)");
    });
    return st == SWEEP_ERR_UNSUPPORTED ? unsupported_size(h, "reduce") : st;
}
