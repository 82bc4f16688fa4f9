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
 *
 * The gate (offsets_gate_begin, offsets_gate_end): the same launch, which also leaves
 * its verdict in device memory, then an event; the work queued next reads the verdict
 * first (block/segment_heads.cuh: offsets_gate_closed), and the host waits for the
 * event alone, not for that work. Where the event or mapped memory cannot be had, the
 * gate waits for its words at once, as the plain check does.
 */
#include "gpu/device/offsets_kernels.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"

#include <stdint.h>

using namespace sweep_gpu;

namespace {

constexpr size_t kResultBytes = 3 * sizeof(unsigned long long);
/* device words: the state, the result (without mapped memory), the gate's verdict */
constexpr int kVerdictWord = kOffsetsCheckStateWords + 3;
constexpr size_t kDeviceBytes = (kVerdictWord + 1) * sizeof(unsigned long long);

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

/* Queues the check; gated: the kernel leaves its verdict against n for gated work. */
sweep_status check_launch(sweep_gpu_handle *h, const size_t *offsets, size_t nseg, size_t n,
                          bool gated) {
    sweep_status st = check_ready(h);
    if (st != SWEEP_OK) return st;
    if (h->check_dirty) {
        st = check_reset(h);
        if (st != SWEEP_OK) return st;
    }
    /* until the wait succeeds, the kernel may have left its device words halfway */
    h->check_dirty = 1;
    unsigned long long *out =
        h->check_host ? h->check_host_device : h->check_result + kOffsetsCheckStateWords;
    unsigned long long *verdict = gated ? h->check_result + kVerdictWord : NULL;
    SWEEP_GPU_LAUNCH(h, "check_offsets", offsets_check_kernel,
                     sweep_gpu_grid(h, nseg, kOffsetsCheckThreads), kOffsetsCheckThreads, 0,
                     offsets, nseg, h->check_result, out, n, verdict);
    return SWEEP_OK;
}

/* The check's three words, once the kernel has finished: after `waited` (the event
 * behind it has completed) straight from mapped memory, else by a copy and a wait for
 * the stream. */
sweep_status check_words(sweep_gpu_handle *h, bool waited, unsigned long long *words) {
    if (h->check_host) {
        if (!waited) SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
        const volatile unsigned long long *w = h->check_host;
        for (int i = 0; i < 3; ++i)
            words[i] = w[i];
    } else {
        SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async(words, h->check_result + kOffsetsCheckStateWords,
                                                3 * sizeof(unsigned long long),
                                                SWEEP_COPY_DEVICE_TO_HOST, h->stream));
        SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
    }
    h->check_dirty = 0;
    return SWEEP_OK;
}

void words_to_result(const unsigned long long *words, size_t *result) {
    result[0] = (size_t)words[0];
    result[1] = (size_t)words[1];
    result[2] = words[2] == ~0ull ? SIZE_MAX : (size_t)words[2];
}

/* The event the gate waits for, made on the first gate; false where it cannot be. */
bool gate_event_ready(sweep_gpu_handle *h) {
    if (h->gate_event_made) return true;
    if (h->gate_event_failed || !h->check_host) return false;
    sweep_gpu_event e;
    if (sweep_gpu_event_create(&e) != 0) {
        sweep_gpu_clear_error();
        h->gate_event_failed = 1;
        return false;
    }
    h->gate_event = e;
    h->gate_event_made = 1;
    return true;
}

} // namespace

sweep_status sweep_gpu_check_offsets(void *hv, const size_t *offsets, size_t nseg, size_t *result) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    sweep_status st = check_launch(h, offsets, nseg, 0, false);
    if (st != SWEEP_OK) return st;
    unsigned long long words[3];
    st = check_words(h, false, words);
    if (st != SWEEP_OK) return st;
    words_to_result(words, result);
    return SWEEP_OK;
}

sweep_status sweep_gpu_offsets_gate_begin(void *hv, const size_t *offsets, size_t nseg, size_t n) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    h->gate = NULL;
    h->gate_settled = 0;
    sweep_status st = check_launch(h, offsets, nseg, n, true);
    if (st != SWEEP_OK) return st;
    if (gate_event_ready(h)) {
        SWEEP_GPU_TRY(h, sweep_gpu_event_record(h->gate_event, h->stream));
    } else {
        /* no event (or no mapped memory): the words now; the work reads the verdict all
         * the same */
        st = check_words(h, false, h->gate_words);
        if (st != SWEEP_OK) return st;
        h->gate_settled = 1;
    }
    h->gate = h->check_result + kVerdictWord;
    return SWEEP_OK;
}

sweep_status sweep_gpu_offsets_gate_settle(sweep_gpu_handle *h, size_t *result) {
    if (!h->gate_settled) {
        SWEEP_GPU_TRY(h, sweep_gpu_event_synchronize(h->gate_event));
        sweep_status st = check_words(h, true, h->gate_words);
        if (st != SWEEP_OK) return st;
        h->gate_settled = 1;
    }
    words_to_result(h->gate_words, result);
    return SWEEP_OK;
}

sweep_status sweep_gpu_offsets_gate_end(void *hv, size_t *result) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    const sweep_status st = sweep_gpu_offsets_gate_settle(h, result);
    h->gate = NULL;
    h->gate_settled = 0;
    return st;
}

void sweep_gpu_check_release(sweep_gpu_handle *h) {
    if (h->check_host) (void)sweep_gpu_host_free(h->check_host);
    if (h->check_result) (void)sweep_gpu_device_free(h->check_result);
    h->check_host = NULL;
    h->check_host_device = NULL;
    h->check_result = NULL;
    h->check_mapped_failed = 0;
    h->check_dirty = 0;
    if (h->gate_event_made) (void)sweep_gpu_event_destroy(h->gate_event);
    h->gate_event_made = 0;
    h->gate_event_failed = 0;
    h->gate = NULL;
    h->gate_settled = 0;
}
