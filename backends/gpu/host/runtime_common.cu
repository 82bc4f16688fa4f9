/*
 * runtime_common.cu -- the calls of the runtime interface (gpu_runtime.h) whose CUDA
 * and HIP forms correspond one to one, written once through the name map of the
 * portability header (util/compat.cuh: SWEEP_GPU_RT): setting the device, memory,
 * copies, streams, events, kernel attributes and loaded programs. Each plugin compiles
 * it against its own runtime; what differs in substance (devices, errors' words,
 * launches, run-time compilation) is backends/cuda's and backends/hip's.
 */
#include "gpu/host/gpu_runtime.h"
#include "gpu/rtc/rtc_internal.h"
#include "gpu/util/compat.cuh"

typedef SWEEP_GPU_RT(Stream_t) Stream;
typedef SWEEP_GPU_RT(Event_t) Event;

sweep_gpu_error sweep_gpu_set_device(int device) {
    return SWEEP_GPU_RT(SetDevice)(device);
}

void sweep_gpu_clear_error(void) {
    (void)SWEEP_GPU_RT(GetLastError)();
}

sweep_gpu_error sweep_gpu_device_alloc(void **ptr, size_t bytes) {
    return SWEEP_GPU_RT(Malloc)(ptr, bytes);
}

sweep_gpu_error sweep_gpu_device_free(void *ptr) {
    return SWEEP_GPU_RT(Free)(ptr);
}

sweep_gpu_error sweep_gpu_host_alloc(void **ptr, size_t bytes) {
    return SWEEP_GPU_RT_HOST_ALLOC(ptr, bytes);
}

sweep_gpu_error sweep_gpu_host_free(void *ptr) {
    return SWEEP_GPU_RT_HOST_FREE(ptr);
}

sweep_gpu_error sweep_gpu_host_alloc_mapped(void **ptr, void **device_ptr, size_t bytes) {
    void *p = NULL, *d = NULL;
    *ptr = NULL;
    *device_ptr = NULL;
    sweep_gpu_error err = SWEEP_GPU_RT_HOST_ALLOC_MAPPED(&p, bytes);
    if (err != 0) return err;
    err = SWEEP_GPU_RT_HOST_DEVICE_POINTER(&d, p);
    if (err != 0) {
        (void)SWEEP_GPU_RT_HOST_FREE(p);
        return err;
    }
    *ptr = p;
    *device_ptr = d;
    return 0;
}

sweep_gpu_error sweep_gpu_memcpy_async(void *dst, const void *src, size_t bytes,
                                       sweep_copy_kind kind, sweep_gpu_stream stream) {
    const SWEEP_GPU_RT(MemcpyKind) k =
        kind == SWEEP_COPY_HOST_TO_DEVICE   ? SWEEP_GPU_RT(MemcpyHostToDevice)
        : kind == SWEEP_COPY_DEVICE_TO_HOST ? SWEEP_GPU_RT(MemcpyDeviceToHost)
                                            : SWEEP_GPU_RT(MemcpyDeviceToDevice);
    return SWEEP_GPU_RT(MemcpyAsync)(dst, src, bytes, k, (Stream)stream);
}

sweep_gpu_error sweep_gpu_memset_async(void *dst, int value, size_t bytes,
                                       sweep_gpu_stream stream) {
    return SWEEP_GPU_RT(MemsetAsync)(dst, value, bytes, (Stream)stream);
}

sweep_gpu_error sweep_gpu_stream_synchronize(sweep_gpu_stream stream) {
    return SWEEP_GPU_RT(StreamSynchronize)((Stream)stream);
}

sweep_gpu_error sweep_gpu_event_create(sweep_gpu_event *event) {
    Event e = NULL;
    const sweep_gpu_error err =
        SWEEP_GPU_RT(EventCreateWithFlags)(&e, SWEEP_GPU_RT(EventDisableTiming));
    *event = e;
    return err;
}

sweep_gpu_error sweep_gpu_event_record(sweep_gpu_event event, sweep_gpu_stream stream) {
    return SWEEP_GPU_RT(EventRecord)((Event)event, (Stream)stream);
}

sweep_gpu_error sweep_gpu_event_synchronize(sweep_gpu_event event) {
    return SWEEP_GPU_RT(EventSynchronize)((Event)event);
}

sweep_gpu_error sweep_gpu_event_destroy(sweep_gpu_event event) {
    return SWEEP_GPU_RT(EventDestroy)((Event)event);
}

sweep_gpu_error sweep_gpu_kernel_static_smem(const void *kernel, size_t *bytes) {
    SWEEP_GPU_RT(FuncAttributes) a;
    const sweep_gpu_error err = SWEEP_GPU_RT(FuncGetAttributes)(&a, kernel);
    *bytes = err == 0 ? a.sharedSizeBytes : 0;
    return err;
}

sweep_gpu_error sweep_gpu_kernel_max_dynamic_smem(const void *kernel, int bytes) {
    return SWEEP_GPU_RT(FuncSetAttribute)(
        kernel, SWEEP_GPU_RT(FuncAttributeMaxDynamicSharedMemorySize), bytes);
}

sweep_gpu_error sweep_gpu_occupancy(int *blocks, const void *kernel, int threads, size_t smem) {
    return SWEEP_GPU_RT(OccupancyMaxActiveBlocksPerMultiprocessor)(blocks, kernel, threads, smem);
}

sweep_gpu_error sweep_gpu_module_load(const sweep_rtc_image *img, sweep_gpu_module *module) {
    sweep_gpu_rt_module m = NULL;
    const sweep_gpu_error err = SWEEP_GPU_RT_MODULE_LOAD(&m, img->data);
    *module = m;
    return err;
}

sweep_gpu_error sweep_gpu_module_kernel(sweep_gpu_module module, const char *lowered,
                                        sweep_gpu_kernel *kernel) {
    sweep_gpu_rt_kernel k = NULL;
    const sweep_gpu_error err =
        SWEEP_GPU_RT_MODULE_KERNEL(&k, (sweep_gpu_rt_module)module, lowered);
    *kernel = k;
    return err;
}

void sweep_gpu_module_unload(sweep_gpu_module module) {
    if (module) (void)SWEEP_GPU_RT_MODULE_UNLOAD((sweep_gpu_rt_module)module);
}
