/*
 * device.cpp -- the device entries of a GPU plugin's table over its runtime
 * (gpu_runtime.h): opening a handle on a device with the device's tuning, memory,
 * copies, streams. Copies to or from the host are complete on return;
 * device-to-device copies and memsets stay ordered on the context's stream.
 */
#include "gpu/host/gpu_backend.h"
#include "gpu/rtc/rtc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned sweep_gpu_grid(const sweep_gpu_handle *h, size_t work, unsigned threads) {
    size_t want = (work + threads - 1) / threads;
    size_t cap = (size_t)h->sm_count * (size_t)(h->max_threads_per_sm / (int)threads) * 2;
    if (h->grid_cap > 0 && cap > (size_t)h->grid_cap) cap = (size_t)h->grid_cap;
    if (cap == 0) cap = 1;
    if (want > cap) want = cap;
    return want ? (unsigned)want : 1u;
}

int sweep_gpu_env_int(const char *suffix, int fallback) {
    char name[96];
    snprintf(name, sizeof name, "%s%s", sweep_gpu_env_prefix, suffix);
    const char *v = getenv(name);
    if (!v || !*v) return fallback;
    char *end = NULL;
    long x = strtol(v, &end, 10);
    if (end == v || x < 0 || x > 1000000000L) return fallback;
    return (int)x;
}

/* A threshold of the tuning, unless the environment gives one (tests). */
static size_t env_size(const char *suffix, size_t tuned) {
    const int v = sweep_gpu_env_int(suffix, -1);
    return v >= 0 ? (size_t)v : tuned;
}

sweep_status sweep_gpu_open(const sweep_backend_open_args *args, void **handle,
                            sweep_backend_props *props) {
    sweep_gpu_handle probe;
    memset(&probe, 0, sizeof probe);
    probe.report = args->report;
    probe.device = args->device;
    sweep_gpu_device_info info;
    memset(&info, 0, sizeof info);
    const sweep_status st = sweep_gpu_device_query(&probe, &info);
    if (st != SWEEP_OK) return st;
    sweep_gpu_handle *h = (sweep_gpu_handle *)calloc(1, sizeof *h);
    if (!h) return sweep_gpu_report(&probe, SWEEP_ERR_OUT_OF_MEMORY, "out of host memory");
    const sweep_gpu_tuning *t = sweep_gpu_tuning_for(&info);
    h->device = args->device;
    h->stream = NULL;
    h->report = args->report;
    h->options = args->options;
    h->tuning = t;
    h->sm_count = info.sm_count;
    h->max_threads_per_sm = info.max_threads_per_sm;
    h->smem_per_sm = info.smem_per_sm;
    h->smem_per_block = info.smem_per_block;
    h->dependent_launch = info.dependent_launch;
    h->cooperative_launch = info.cooperative_launch;
    h->runtime_launch = info.runtime_launch;
    h->stall_mod = (unsigned)sweep_gpu_env_int("EMULATE_STALL", 0);
    h->spin_limit = sweep_gpu_env_int("SPIN_LIMIT", 4000);
    h->grid_cap = sweep_gpu_env_int("GRID_CAP", 0);
    /* the one-kernel split and its test caps exist where grids can be cooperative */
    if (info.cooperative_launch) {
        h->split_resident_bytes = env_size("SPLIT_RESIDENT_BYTES", t->split_resident_bytes);
        h->split_resident_blocks = (unsigned)sweep_gpu_env_int("SPLIT_RESIDENT_BLOCKS", 0);
        h->split_resident_tiles = (unsigned)sweep_gpu_env_int("SPLIT_RESIDENT_TILES", 0);
    }
    h->radix_hybrid_min8 = env_size("RADIX_HYBRID_MIN", t->radix_hybrid_min8);
    h->radix_hybrid_min4 = env_size("RADIX_HYBRID_MIN", t->radix_hybrid_min4);
    h->radix_hybrid_min4_keys = env_size("RADIX_HYBRID_MIN", t->radix_hybrid_min4_keys);
    h->radix_merge_max8 = env_size("RADIX_MERGE_MAX", t->radix_merge_max8);
    h->radix_merge_max4 = env_size("RADIX_MERGE_MAX", t->radix_merge_max4);
    h->radix_merge_max4_keys = env_size("RADIX_MERGE_MAX", t->radix_merge_max4_keys);
    h->segreduce_min = env_size("SEGREDUCE_MIN", t->segreduce_min);
    h->segsort_shared_max = env_size("SEGSORT_SHARED_MAX", (size_t)-1);
    h->segsort_lean = sweep_gpu_env_int("SEGSORT_LEAN", 1) != 0;
    memset(props, 0, sizeof *props);
    props->flags = 0;
    props->scan_tile = t->scan_tile;
    props->split_tile = t->split_tile;
    props->radix_tile = t->radix_tile;
    props->sort_tile = t->sort_tile;
    props->merge_part = t->merge_part;
    *handle = h;
    return SWEEP_OK;
}

void sweep_gpu_close(void *hv) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (!h) return;
    if (sweep_gpu_set_device(h->device) == 0) (void)sweep_gpu_stream_synchronize(h->stream);
    sweep_gpu_radix_release(h);   /* the radix sort's pinned read-back buffer */
    sweep_gpu_check_release(h);   /* the offsets check's device and mapped words */
    sweep_gpu_segsort_release(h); /* the segmented sort's pinned read-back buffer */
    sweep_gpu_rtc_release(h);     /* unloads the custom operators' programs */
    sweep_gpu_launch_release(h);
    sweep_gpu_clear_error();
    free(h);
}

sweep_status sweep_gpu_alloc(void *hv, void **ptr, size_t bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    void *p = NULL;
    SWEEP_GPU_TRY(h, sweep_gpu_device_alloc(&p, bytes));
    *ptr = p;
    return SWEEP_OK;
}

sweep_status sweep_gpu_free(void *hv, void *ptr) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    if (!ptr) return SWEEP_OK;
    SWEEP_GPU_ENTER(h);
    SWEEP_GPU_TRY(h, sweep_gpu_device_free(ptr));
    return SWEEP_OK;
}

sweep_status sweep_gpu_memcpy(void *hv, void *dst, const void *src, size_t bytes,
                              sweep_copy_kind kind) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    SWEEP_GPU_TRY(h, sweep_gpu_memcpy_async(dst, src, bytes, kind, h->stream));
    /* Host memory is the caller's again on return (the host buffer may be reused at
     * once, pinned or not); device-to-device copies stay ordered on the stream. */
    if (kind != SWEEP_COPY_DEVICE_TO_DEVICE)
        SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
    return SWEEP_OK;
}

sweep_status sweep_gpu_memset(void *hv, void *dst, int value, size_t bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    SWEEP_GPU_TRY(h, sweep_gpu_memset_async(dst, value & 0xff, bytes, h->stream));
    return SWEEP_OK;
}

sweep_status sweep_gpu_set_stream(void *hv, void *native_stream) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    h->stream = (sweep_gpu_stream)native_stream;
    return SWEEP_OK;
}

sweep_status sweep_gpu_synchronize(void *hv) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    SWEEP_GPU_TRY(h, sweep_gpu_stream_synchronize(h->stream));
    return SWEEP_OK;
}
