/*
 * table.cpp -- the backend table of a GPU plugin (libsweep-cuda.so, libsweep-hip.so)
 * and the one symbol the core's loader looks up: the device entries (device.cpp over
 * the plugin's runtime), every basic kernel and every fused primitive.
 */
#include "gpu/host/gpu_backend.h"

static const sweep_backend_table sweep_gpu_table = {
    SWEEP_BACKEND_ABI_VERSION,
    (uint32_t)sizeof(sweep_backend_table),
    sweep_gpu_plugin_name,
    sweep_gpu_device_count,
    sweep_gpu_device_name,
    sweep_gpu_open,
    sweep_gpu_close,
    sweep_gpu_alloc,
    sweep_gpu_free,
    sweep_gpu_memcpy,
    sweep_gpu_memset,
    sweep_gpu_set_stream,
    sweep_gpu_synchronize,
    /* basic kernels */
    sweep_gpu_tile_reduce,
    sweep_gpu_tile_scan,
    sweep_gpu_heads_from_keys,
    sweep_gpu_heads_from_offsets,
    sweep_gpu_segment_last,
    sweep_gpu_flag_count,
    sweep_gpu_flag_scatter,
    sweep_gpu_radix_histogram,
    sweep_gpu_radix_tile_histogram,
    sweep_gpu_radix_scatter,
    sweep_gpu_tile_sort,
    sweep_gpu_merge_partition,
    sweep_gpu_merge_tiles,
    /* fused primitives */
    sweep_gpu_scan,
    sweep_gpu_segmented_scan,
    sweep_gpu_reduce,
    sweep_gpu_segmented_reduce,
    sweep_gpu_split,
    sweep_gpu_radix_sort,
    sweep_gpu_merge_sort,
    sweep_gpu_merge,
    /* added in ABI 3: basic kernels, and the fused segmented sort */
    sweep_gpu_gather,
    sweep_gpu_search,
    sweep_gpu_segmented_sort,
    /* basic kernels of ABI 3 */
    sweep_gpu_iota,
    sweep_gpu_range_lengths,
    sweep_gpu_histogram,
    /* fused primitives of ABI 3: unique, run-length encoding, non-trivial runs */
    sweep_gpu_runs,
    /* segment offsets checked on the device */
    sweep_gpu_check_offsets,
    /* the check overlapped with the work queued behind it */
    sweep_gpu_offsets_gate_begin,
    sweep_gpu_offsets_gate_end,
};

extern "C" __attribute__((visibility("default"))) const sweep_backend_table *
sweep_backend_entry(void) {
    return &sweep_gpu_table;
}
