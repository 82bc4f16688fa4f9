/*
 * hip_memory.cpp -- context memory, copies, streams and synchronisation on the HIP
 * runtime, with the same ordering rules as the CUDA plugin: copies to or from the
 * host are complete on return, device-to-device copies and memsets stay ordered on
 * the context's stream.
 */
#include "hip_backend.h"

sweep_status sweep_hip_alloc(void *hv, void **ptr, size_t bytes) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    void *p = NULL;
    SWEEP_CUDA_TRY(h, hipMalloc(&p, bytes));
    *ptr = p;
    return SWEEP_OK;
}

sweep_status sweep_hip_free(void *hv, void *ptr) {
    sweep_cuda *h = (sweep_cuda *)hv;
    if (!ptr) return SWEEP_OK;
    SWEEP_CUDA_ENTER(h);
    SWEEP_CUDA_TRY(h, hipFree(ptr));
    return SWEEP_OK;
}

sweep_status sweep_hip_memcpy(void *hv, void *dst, const void *src, size_t bytes,
                              sweep_copy_kind kind) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    const hipMemcpyKind k = kind == SWEEP_COPY_HOST_TO_DEVICE   ? hipMemcpyHostToDevice
                            : kind == SWEEP_COPY_DEVICE_TO_HOST ? hipMemcpyDeviceToHost
                                                                : hipMemcpyDeviceToDevice;
    SWEEP_CUDA_TRY(h, hipMemcpyAsync(dst, src, bytes, k, h->stream));
    /* The host buffer is the caller's again on return, pinned or not. */
    if (kind != SWEEP_COPY_DEVICE_TO_DEVICE) SWEEP_CUDA_TRY(h, hipStreamSynchronize(h->stream));
    return SWEEP_OK;
}

sweep_status sweep_hip_memset(void *hv, void *dst, int value, size_t bytes) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    SWEEP_CUDA_TRY(h, hipMemsetAsync(dst, value & 0xff, bytes, h->stream));
    return SWEEP_OK;
}

sweep_status sweep_hip_set_stream(void *hv, void *native_stream) {
    sweep_cuda *h = (sweep_cuda *)hv;
    h->stream = (hipStream_t)native_stream;
    return SWEEP_OK;
}

sweep_status sweep_hip_synchronize(void *hv) {
    sweep_cuda *h = (sweep_cuda *)hv;
    SWEEP_CUDA_ENTER(h);
    SWEEP_CUDA_TRY(h, hipStreamSynchronize(h->stream));
    return SWEEP_OK;
}
