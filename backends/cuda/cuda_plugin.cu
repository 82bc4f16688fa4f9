/*
 * cuda_plugin.cu -- the backend table of libsweep-cuda.so and the one symbol the
 * core's loader looks up: every basic kernel and every fused primitive.
 */
#include "cuda_backend.h"

static const sweep_backend_table sweep_cuda_table = {SWEEP_BACKEND_ABI_VERSION,
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
                                                     SWEEP_GPU_KERNEL_ENTRIES};

extern "C" __attribute__((visibility("default"))) const sweep_backend_table *
sweep_backend_entry(void) {
    return &sweep_cuda_table;
}
