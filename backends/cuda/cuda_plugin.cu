/*
 * cuda_plugin.cu -- the backend table of libsweep-cuda.so and the one symbol the
 * core's loader looks up: every basic kernel and every fused primitive.
 */
#include "cuda_backend.h"

static const sweep_backend_table sweep_cuda_table = {
    SWEEP_BACKEND_ABI_VERSION,
    (uint32_t)sizeof(sweep_backend_table),
    "cuda",
    sweep_cuda_device_count,
    sweep_cuda_device_name,
    sweep_cuda_open,
    sweep_cuda_close,
    sweep_cuda_alloc,
    sweep_cuda_free,
    sweep_cuda_memcpy,
    sweep_cuda_memset,
    sweep_cuda_set_stream,
    sweep_cuda_synchronize,
    sweep_cuda_tile_reduce,
    sweep_cuda_tile_scan,
    sweep_cuda_heads_from_keys,
    sweep_cuda_heads_from_offsets,
    sweep_cuda_segment_last,
    sweep_cuda_flag_count,
    sweep_cuda_flag_scatter,
    sweep_cuda_radix_histogram,
    sweep_cuda_radix_tile_histogram,
    sweep_cuda_radix_scatter,
    sweep_cuda_tile_sort,
    sweep_cuda_merge_partition,
    sweep_cuda_merge_tiles,
    sweep_cuda_scan,
    sweep_cuda_segmented_scan,
    sweep_cuda_reduce,
    sweep_cuda_segmented_reduce,
    sweep_cuda_split,
    sweep_cuda_radix_sort,
    sweep_cuda_merge_sort,
    sweep_cuda_merge,
};

extern "C" __attribute__((visibility("default"))) const sweep_backend_table *
sweep_backend_entry(void) {
    return &sweep_cuda_table;
}
