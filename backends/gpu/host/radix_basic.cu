/*
 * radix_basic.cu -- the radix sort's basic kernels, for keys of every dtype and values
 * of any size, from which the core composes a sort where the fused one (radix.cu)
 * does not serve: the histogram of all passes, per-tile digit counts, and the stable
 * per-tile scatter.
 */
#include "gpu/device/radix_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/key_width.cuh"
#include "gpu/host/launch.cuh"
#include "gpu/host/radix_histogram.cuh"

using namespace sweep_gpu;

sweep_status sweep_gpu_radix_histogram(void *hv, const sweep_kradix *key, const void *keys,
                                       size_t n, size_t *hist) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    const unsigned passes = (key->end_bit - key->begin_bit + 7) / 8;
    SWEEP_GPU_TRY(
        h, sweep_gpu_memset_async(hist, 0, passes * kRadixDigits * sizeof(size_t), h->stream));
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        return launch_histogram<U>(h, (const U *)keys, n, key, passes, (unsigned long long *)hist);
    });
}

sweep_status sweep_gpu_radix_tile_histogram(void *hv, const sweep_kradix *key, const void *keys,
                                            size_t n, size_t tile, unsigned shift, unsigned nbits,
                                            size_t *hist) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    const size_t ntiles = (n + tile - 1) / tile;
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        SWEEP_GPU_LAUNCH(h, "radix_tile_histogram", radix_tile_histogram_kernel<U>,
                         (unsigned)ntiles, kRadixHistThreads, 0, (const U *)keys, n, tile,
                         spec_of(key, shift, nbits), (unsigned long long *)hist);
        return SWEEP_OK;
    });
}

sweep_status sweep_gpu_radix_scatter(void *hv, const sweep_kradix *key, const void *keys_in,
                                     void *keys_out, const void *values_in, void *values_out,
                                     size_t vsize, size_t n, size_t tile, unsigned shift,
                                     unsigned nbits, const size_t *offsets) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    const size_t ntiles = (n + tile - 1) / tile;
    const unsigned vunit = vsize ? copy_unit(values_in, values_out, vsize) : 1;
    return by_key_width(key->key_size, [&](auto u) -> sweep_status {
        typedef decltype(u) U;
        SWEEP_GPU_LAUNCH(h, "radix_scatter", radix_scatter_kernel<U>, (unsigned)ntiles,
                         kScatterThreads, 0, (const U *)keys_in, (U *)keys_out, values_in,
                         values_out, vsize, vunit, n, tile, spec_of(key, shift, nbits),
                         (const unsigned long long *)offsets);
        return SWEEP_OK;
    });
}
