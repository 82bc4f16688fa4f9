/*
 * hip_plugin.cpp -- the backend table of libsweep-hip.so and the one symbol the
 * core's loader looks up. Device entries are HIP glue (hip_device.cpp,
 * hip_memory.cpp); every kernel entry is the CUDA plugin's launch code compiled by
 * hipcc, so this table lists the same kernel entries as cuda_plugin.cu, through the
 * one list SWEEP_GPU_KERNEL_ENTRIES (cuda_backend.h).
 */
#include "hip_backend.h"

static const sweep_backend_table sweep_hip_table = {SWEEP_BACKEND_ABI_VERSION,
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
                                                    SWEEP_GPU_KERNEL_ENTRIES};

extern "C" __attribute__((visibility("default"))) const sweep_backend_table *
sweep_backend_entry(void) {
    return &sweep_hip_table;
}
