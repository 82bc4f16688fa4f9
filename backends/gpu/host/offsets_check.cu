/*
 * offsets_check.cu -- the table's check_offsets: segment offsets checked on the device
 * (device/offsets_kernels.cuh) and three words read back, where the core would
 * otherwise copy all nseg + 1 offsets to the host and check them there: 128 MB for
 * 2^24 segments, which took more time than the scan they guard.
 */
#include "gpu/device/offsets_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

#include <stdint.h>

using namespace sweep_gpu;

sweep_status sweep_gpu_check_offsets(void *hv, const size_t *offsets, size_t nseg, size_t *result) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    if (!h->check_result) {
        void *p = NULL;
        SWEEP_GPU_TRY(h, sweep_gpu_device_alloc(&p, 3 * sizeof(unsigned long long)));
        h->check_result = (unsigned long long *)p;
    }
    SWEEP_GPU_TRY(h, sweep_gpu_memset_async(h->check_result, 0xff, 3 * sizeof(unsigned long long),
                                            h->stream));
    SWEEP_GPU_LAUNCH(h, "check_offsets", offsets_check_kernel,
                     sweep_gpu_grid(h, nseg, kOffsetsCheckThreads), kOffsetsCheckThreads, 0,
                     offsets, nseg, h->check_result);
    unsigned long long words[3];
    SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async(words, h->check_result, sizeof words,
                                            SWEEP_COPY_DEVICE_TO_HOST, h->stream));
    SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
    result[0] = (size_t)words[0];
    result[1] = (size_t)words[1];
    result[2] = words[2] == ~0ull ? SIZE_MAX : (size_t)words[2];
    return SWEEP_OK;
}

void sweep_gpu_check_release(sweep_gpu_handle *h) {
    if (!h->check_result) return;
    (void)sweep_gpu_device_free(h->check_result);
    h->check_result = NULL;
}
