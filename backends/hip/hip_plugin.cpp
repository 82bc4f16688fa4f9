/*
 * hip_plugin.cpp -- the backend table of libsweep-hip.so and the one symbol the
 * core's loader looks up. Device entries are HIP glue (hip_device.cpp,
 * hip_memory.cpp); every kernel entry is the CUDA plugin's launch code compiled by
 * hipcc, so this table lists the same kernel entries as cuda_plugin.cu (keep the
 * two in step: an entry missing here is only slower, the core composes it).
 */
#include "hip_backend.h"

static const sweep_backend_table sweep_hip_table = {
    SWEEP_BACKEND_ABI_VERSION,
    (uint32_t)sizeof(sweep_backend_table),
    "hip",
    sweep_hip_device_count,
    sweep_hip_device_name,
    sweep_hip_open,
    sweep_hip_close,
    sweep_hip_alloc,
    sweep_hip_free,
    sweep_hip_memcpy,
    sweep_hip_memset,
    sweep_hip_set_stream,
    sweep_hip_synchronize,
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
    return &sweep_hip_table;
}
