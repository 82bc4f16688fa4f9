/*
 * hip_backend.h -- the HIP plugin's own entries: devices, opening a handle, memory,
 * copies and streams, against the HIP runtime. Every kernel entry and its launch
 * code is the CUDA plugin's (backends/cuda/cuda_*.cu around backends/gpu), compiled
 * by hipcc through hip_runtime_map.h; so the handle is the CUDA plugin's struct
 * sweep_cuda, filled here from HIP device properties, and the error helpers that
 * launch code calls (sweep_cuda_fail, sweep_cuda_report, sweep_cuda_grid) are
 * defined for HIP in hip_errors.cpp and hip_device.cpp.
 */
#ifndef SWEEP_HIP_BACKEND_H
#define SWEEP_HIP_BACKEND_H

#include "cuda/cuda_backend.h"

/* ---- hip_errors.cpp ---- */
/* The runtime's message and name for err ("out of memory (hipErrorOutOfMemory)"),
 * once when ROCm gives the name as the message. */
void sweep_hip_describe(hipError_t err, char *buf, size_t len);

/* ---- hip_device.cpp ---- */
sweep_status sweep_hip_device_count(int *count, char *reason, size_t reason_len);
sweep_status sweep_hip_device_name(int device, char *buf, size_t len);
sweep_status sweep_hip_open(const sweep_backend_open_args *args, void **handle,
                            sweep_backend_props *props);
void sweep_hip_close(void *h);

/* ---- hip_memory.cpp ---- */
sweep_status sweep_hip_alloc(void *h, void **ptr, size_t bytes);
sweep_status sweep_hip_free(void *h, void *ptr);
sweep_status sweep_hip_memcpy(void *h, void *dst, const void *src, size_t bytes,
                              sweep_copy_kind kind);
sweep_status sweep_hip_memset(void *h, void *dst, int value, size_t bytes);
sweep_status sweep_hip_set_stream(void *h, void *native_stream);
sweep_status sweep_hip_synchronize(void *h);

/* The offload targets the plugin was built for, "gfx90a,gfx940,gfx1030" (from CMake). */
#ifndef SWEEP_HIP_TARGETS
#error "SWEEP_HIP_TARGETS must name the offload targets of this build"
#endif

#endif /* SWEEP_HIP_BACKEND_H */
