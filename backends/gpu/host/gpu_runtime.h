/*
 * gpu_runtime.h -- the runtime operations the shared host code of backends/gpu needs,
 * and nothing more: each GPU plugin implements them over its own runtime,
 * backends/cuda (CUDA runtime and driver, NVRTC) and backends/hip (HIP runtime and
 * module API, hipRTC). The calls whose CUDA and HIP forms differ in the runtime's
 * prefix or name alone (setting the device, memory, copies, streams, events, kernel
 * attributes, loaded programs) are written once, in host/runtime_common.cu, through
 * the portability header's name map. The types are opaque, so the rest of the shared code names
 * neither runtime.
 *
 * Calls that return sweep_gpu_error leave reporting to the caller (SWEEP_GPU_TRY in
 * gpu_backend.h); the others say what they report.
 */
#ifndef SWEEP_GPU_RUNTIME_H
#define SWEEP_GPU_RUNTIME_H

#include <stddef.h>
#include <sweep/backend.h>

struct sweep_gpu_handle;
struct sweep_rtc_request;
struct sweep_rtc_image;

/* The runtime's error code (cudaError_t, hipError_t); 0 is success in both. */
typedef int sweep_gpu_error;
typedef void *sweep_gpu_stream; /* cudaStream_t, hipStream_t; NULL: the default stream */
typedef void *sweep_gpu_event;  /* cudaEvent_t, hipEvent_t */
typedef void *sweep_gpu_kernel; /* a run-time compiled kernel: cudaKernel_t, hipFunction_t */
typedef void *sweep_gpu_module; /* its program once loaded: cudaLibrary_t, hipModule_t */

/* ---- the plugin ---- */

/* Its name ("cuda", "hip"): the table's name and the prefix of its messages. */
extern const char sweep_gpu_plugin_name[];
/* The prefix of its environment variables ("SWEEP_CUDA_", "SWEEP_HIP_"). */
extern const char sweep_gpu_env_prefix[];

/* ---- errors ---- */

/* The status an error maps to: out of device memory -> SWEEP_ERR_OUT_OF_MEMORY, any
 * other -> SWEEP_ERR_DEVICE. */
sweep_status sweep_gpu_error_status(sweep_gpu_error err);
/* The runtime's words for err, "out of memory (cudaErrorMemoryAllocation)". */
void sweep_gpu_error_text(sweep_gpu_error err, char *buf, size_t len);
/* Clears the calling thread's last error where it is not sticky, so later calls start
 * clean. */
void sweep_gpu_clear_error(void);

/* ---- devices ---- */

/* What the shared code needs to know of a device. */
typedef struct sweep_gpu_device_info {
    int vendor;             /* SWEEP_GPU_NVIDIA or SWEEP_GPU_AMD */
    int cc_major, cc_minor; /* NVIDIA: compute capability; AMD: 0 */
    char arch[64];          /* "sm_90", "gfx90a:sramecc+:xnack-" */
    int sm_count;           /* SMs (CUs) */
    int max_threads_per_sm;
    size_t smem_per_sm;
    /* the most shared memory one block may have (above 48 KB only after
     * sweep_gpu_kernel_max_dynamic_smem raises the kernel's limit) */
    size_t smem_per_block;
    int dependent_launch;   /* sweep_gpu_launch_dependent is available */
    int cooperative_launch; /* sweep_gpu_launch_cooperative is available */
    int runtime_launch;     /* launch through the runtime rather than a faster path (tests) */
} sweep_gpu_device_info;

#define SWEEP_GPU_NVIDIA 1
#define SWEEP_GPU_AMD 2

/* The backend table's device_count and device_name entries. */
sweep_status sweep_gpu_device_count(int *count, char *reason, size_t reason_len);
sweep_status sweep_gpu_device_name(int device, char *buf, size_t len);
/* Makes probe->device current and describes it; refuses (reported through probe,
 * SWEEP_ERR_BACKEND_UNAVAILABLE) a device the plugin has no code for. */
sweep_status sweep_gpu_device_query(struct sweep_gpu_handle *probe, sweep_gpu_device_info *info);
sweep_gpu_error sweep_gpu_set_device(int device);

/* ---- memory, streams, events ---- */

sweep_gpu_error sweep_gpu_device_alloc(void **ptr, size_t bytes);
sweep_gpu_error sweep_gpu_device_free(void *ptr);
/* Pinned host memory. */
sweep_gpu_error sweep_gpu_host_alloc(void **ptr, size_t bytes);
sweep_gpu_error sweep_gpu_host_free(void *ptr);
/* Pinned host memory mapped into the current device's address space: *ptr for the
 * host, *device_ptr for kernels (NULL both where it fails; sweep_gpu_host_free frees). */
sweep_gpu_error sweep_gpu_host_alloc_mapped(void **ptr, void **device_ptr, size_t bytes);
sweep_gpu_error sweep_gpu_memcpy_async(void *dst, const void *src, size_t bytes,
                                       sweep_copy_kind kind, sweep_gpu_stream stream);
sweep_gpu_error sweep_gpu_memset_async(void *dst, int value, size_t bytes, sweep_gpu_stream stream);
sweep_gpu_error sweep_gpu_stream_synchronize(sweep_gpu_stream stream);
/* An event without timing. */
sweep_gpu_error sweep_gpu_event_create(sweep_gpu_event *event);
sweep_gpu_error sweep_gpu_event_record(sweep_gpu_event event, sweep_gpu_stream stream);
sweep_gpu_error sweep_gpu_event_synchronize(sweep_gpu_event event);
sweep_gpu_error sweep_gpu_event_destroy(sweep_gpu_event event);

/* ---- the plugin's own kernels (kernel: the __global__ function's host address) ---- */

/* Queues kernel on h's stream: grid x block threads, smem bytes of dynamic shared
 * memory, args one pointer per kernel parameter. */
sweep_gpu_error sweep_gpu_launch_kernel(struct sweep_gpu_handle *h, const void *kernel,
                                        unsigned grid, unsigned block, size_t smem, void **args);
/* Frees what sweep_gpu_launch_kernel keeps in the handle (at close). */
void sweep_gpu_launch_release(struct sweep_gpu_handle *h);
/* A launch that may start before the previous kernel in the stream has finished, once
 * every block of that one has called grid_dependency_trigger (util/grid_dependency.cuh);
 * only where the device info says dependent_launch. */
sweep_gpu_error sweep_gpu_launch_dependent(sweep_gpu_stream stream, const void *kernel,
                                           unsigned grid, unsigned block, void **args);
/* A launch whose blocks are all resident at once (they may synchronise as a grid);
 * only where the device info says cooperative_launch. *too_large: the grid cannot be
 * resident at once (nothing was queued, no error is left behind). */
sweep_gpu_error sweep_gpu_launch_cooperative(sweep_gpu_stream stream, const void *kernel,
                                             unsigned grid, unsigned block, size_t smem,
                                             void **args, int *too_large);
/* The kernel's static shared memory. */
sweep_gpu_error sweep_gpu_kernel_static_smem(const void *kernel, size_t *bytes);
/* Raises (or lowers) the dynamic shared memory the kernel may be launched with. */
sweep_gpu_error sweep_gpu_kernel_max_dynamic_smem(const void *kernel, int bytes);
/* How many blocks of the kernel fit one SM at once. */
sweep_gpu_error sweep_gpu_occupancy(int *blocks, const void *kernel, int threads, size_t smem);

/* ---- run-time compiled programs (custom operators and comparators) ---- */

/* The plugin's compiler, loaded once. Returns 0 and fills why (the compiler's name,
 * "NVRTC" or "hipRTC", and where it looked) when none can be loaded. version: the
 * compiler's, major * 1000 + minor * 10 (part of the disk cache's key). */
int sweep_gpu_rtc_available(char *why, size_t why_len, int *version);
/* The compile option naming h's device as target (for the compiler and the cache
 * key). A failed runtime query is reported and returned. */
sweep_status sweep_gpu_rtc_target(struct sweep_gpu_handle *h, char *target, size_t len);
/* Compiles a request's program text (sweep_rtc_program_text) for target, with the
 * kernels of its kind. SWEEP_ERR_INVALID_ARGUMENT with the compiler's log in log when
 * the source does not compile; another status with a reason for other failures. */
sweep_status sweep_gpu_rtc_compile(const struct sweep_rtc_request *req, const char *text,
                                   const char *target, struct sweep_rtc_image *img, char *log,
                                   size_t log_len);
/* Loads an image on the current device (rtc_internal.h: sweep_rtc_load finds its
 * kernels too). */
sweep_gpu_error sweep_gpu_module_load(const struct sweep_rtc_image *img, sweep_gpu_module *module);
/* The kernel of a loaded program by its lowered name. */
sweep_gpu_error sweep_gpu_module_kernel(sweep_gpu_module module, const char *lowered,
                                        sweep_gpu_kernel *kernel);
/* Unloads what sweep_gpu_module_load loaded (at context close); errors are ignored. */
void sweep_gpu_module_unload(sweep_gpu_module module);
/* The local memory (bytes a thread: the compiler's spills and stack) kernel k uses. */
sweep_gpu_error sweep_gpu_module_kernel_local_bytes(sweep_gpu_kernel k, size_t *bytes);
/* Launches kernel k with its argument pointers, no dynamic shared memory. */
sweep_gpu_error sweep_gpu_module_launch(sweep_gpu_kernel k, unsigned grid, unsigned block,
                                        void **args, sweep_gpu_stream stream);

#endif /* SWEEP_GPU_RUNTIME_H */
