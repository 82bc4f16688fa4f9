/*
 * offsets_check.cu -- the table's check_offsets: segment offsets checked on the device
 * (device/offsets_kernels.cuh) and three words read back, where the core would
 * otherwise copy all nseg + 1 offsets to the host and check them there: 128 MB for
 * 2^24 segments, which took more time than the scan they guard.
 *
 * A check is one launch and one wait, for every segment count: the kernel stores its
 * three words straight into pinned host memory mapped into the device's address space,
 * and leaves its device words ready for the next check, so nothing is set or copied
 * around the launch. Where mapped memory cannot be had, the kernel stores the words in
 * device memory and the host copies them back.
 */
#include "gpu/device/offsets_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

#include <stdint.h>

using namespace sweep_gpu;

namespace {

constexpr size_t kResultBytes = 3 * sizeof(unsigned long long);
constexpr size_t kDeviceBytes = kOffsetsCheckStateWords * sizeof(unsigned long long) + kResultBytes;

/* The device words, made on the first check, and the mapped result words where they
 * can be had (the check falls back to a copy rather than failing without them). */
sweep_status check_ready(sweep_gpu_handle *h) {
    if (!h->check_result) {
        void *p = NULL;
        SWEEP_GPU_TRY(h, sweep_gpu_device_alloc(&p, kDeviceBytes));
        h->check_result = (unsigned long long *)p;
        h->check_dirty = 1;
    }
    if (!h->check_host && !h->check_mapped_failed) {
        void *p = NULL, *d = NULL;
        if (sweep_gpu_host_alloc_mapped(&p, &d, kResultBytes) != 0) {
            sweep_gpu_clear_error();
            h->check_mapped_failed = 1;
        } else {
            h->check_host = (unsigned long long *)p;
            h->check_host_device = (unsigned long long *)d;
        }
    }
    return SWEEP_OK;
}

/* The state a check starts from (offsets_kernels.cuh): no decrease seen, no block
 * finished. Only for new device words and after a check that stopped halfway. */
sweep_status check_reset(sweep_gpu_handle *h) {
    SWEEP_GPU_TRY(h, sweep_gpu_memset_async(h->check_result + kOffsetsCheckLeast, 0xff,
                                            sizeof(unsigned long long), h->stream));
    SWEEP_GPU_TRY(h, sweep_gpu_memset_async(h->check_result + kOffsetsCheckDone, 0,
                                            sizeof(unsigned long long), h->stream));
    return SWEEP_OK;
}

} // namespace

sweep_status sweep_gpu_check_offsets(void *hv, const size_t *offsets, size_t nseg, size_t *result) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    sweep_status st = check_ready(h);
    if (st != SWEEP_OK) return st;
    if (h->check_dirty) {
        st = check_reset(h);
        if (st != SWEEP_OK) return st;
    }
    /* until the wait below succeeds, the kernel may have left its device words halfway */
    h->check_dirty = 1;
    unsigned long long *out =
        h->check_host ? h->check_host_device : h->check_result + kOffsetsCheckStateWords;
    SWEEP_GPU_LAUNCH(h, "check_offsets", offsets_check_kernel,
                     sweep_gpu_grid(h, nseg, kOffsetsCheckThreads), kOffsetsCheckThreads, 0,
                     offsets, nseg, h->check_result, out);
    unsigned long long words[3];
    if (h->check_host) {
        SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
        const volatile unsigned long long *w = h->check_host;
        for (int i = 0; i < 3; ++i)
            words[i] = w[i];
    } else {
        SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async(words, out, sizeof words, SWEEP_COPY_DEVICE_TO_HOST,
                                                h->stream));
        SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
    }
    h->check_dirty = 0;
    result[0] = (size_t)words[0];
    result[1] = (size_t)words[1];
    result[2] = words[2] == ~0ull ? SIZE_MAX : (size_t)words[2];
    return SWEEP_OK;
}

void sweep_gpu_check_release(sweep_gpu_handle *h) {
    if (h->check_host) (void)sweep_gpu_host_free(h->check_host);
    if (h->check_result) (void)sweep_gpu_device_free(h->check_result);
    h->check_host = NULL;
    h->check_host_device = NULL;
    h->check_result = NULL;
    h->check_mapped_failed = 0;
    h->check_dirty = 0;
}
