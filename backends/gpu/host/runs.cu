/*
 * runs.cu -- the run primitives on the GPU: the index kernels of the table that the
 * core composes run-length encoding and non-trivial runs from (device/run_kernels.cuh:
 * iota and range_lengths), and the fused entry (device/runs_select.cuh): unique,
 * run-length encoding and non-trivial runs in one kernel each. Keys of 1, 2, 4 or 8
 * bytes at their natural alignment; values of 1, 2, 4, 8 or 16 bytes at theirs go
 * through shared memory, others are copied bytewise.
 */
#include "gpu/device/run_kernels.cuh"
#include "gpu/device/runs_select.cuh"
#include "gpu/host/gpu_backend.h"
#include "gpu/host/launch.cuh"
#include "gpu/host/single_pass.cuh"

#include <string.h>

using namespace sweep_gpu;

sweep_status sweep_gpu_iota(void *hv, size_t first, size_t n, size_t *out) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    SWEEP_GPU_LAUNCH(h, "iota", iota_kernel, sweep_gpu_grid(h, n, 256), 256, 0, first, n, out);
    return SWEEP_OK;
}

sweep_status sweep_gpu_range_lengths(void *hv, const size_t *starts, const size_t *count,
                                     size_t end, size_t n, size_t *lengths, uint8_t *long_flags) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    SWEEP_GPU_ENTER(h);
    SWEEP_GPU_LAUNCH(h, "range_lengths", range_lengths_kernel, sweep_gpu_grid(h, n, 256), 256, 0,
                     starts, count, end, n, lengths, long_flags);
    return SWEEP_OK;
}

namespace {

template <class K, class Vt, int MODE>
sweep_status runs_run(sweep_gpu_handle *h, const sweep_kruns *r, void *scratch,
                      size_t *scratch_bytes) {
    typedef RunsShape<K, Vt, MODE> Sh;
    typedef TileState<typename RunsOp<MODE>::value> TS;
    const size_t ntiles = (r->n + Sh::tile - 1) / Sh::tile;
    if (ntiles > 0x7fffffffull) /* one block per tile */
        return sweep_gpu_report(h, SWEEP_ERR_UNSUPPORTED, "runs: too many tiles");
    /* the tile states, and a count word for unique without one */
    const size_t states = TS::bytes(ntiles);
    if (!scratch) {
        *scratch_bytes = states + 256;
        return SWEEP_OK;
    }
    unsigned char *p = (unsigned char *)scratch;
    const TS ts = TS::carve(p, ntiles, sweep_gpu_tile_tag());
    RunsArgs a;
    memset(&a, 0, sizeof a);
    a.keys = r->keys;
    a.n = r->n;
    a.values_in = MODE == kRunsUnique && r->vsize ? r->values_in : NULL;
    a.vsize = r->vsize;
    a.value_unit = a.values_in ? copy_unit(r->values_in, r->values_out, r->vsize) : 1;
    a.keys_out = r->keys_out;
    a.values_out = r->values_out;
    a.offsets = r->offsets;
    a.lengths = r->lengths;
    a.count = r->count ? r->count : (size_t *)(p + states);
    a.stall_mod = h->stall_mod;
    a.spin_limit = h->spin_limit;
    SWEEP_GPU_LAUNCH(h, "runs", runs_select_kernel<K, Vt, MODE>, (unsigned)ntiles, Sh::threads, 0,
                     a, ts);
    return SWEEP_OK;
}

template <class K, class Vt>
sweep_status runs_form(sweep_gpu_handle *h, const sweep_kruns *r, void *scratch,
                       size_t *scratch_bytes) {
    switch (r->form) {
    case SWEEP_RUNS_UNIQUE: return runs_run<K, Vt, kRunsUnique>(h, r, scratch, scratch_bytes);
    case SWEEP_RUNS_ENCODE: return runs_run<K, NoValue, kRunsEncode>(h, r, scratch, scratch_bytes);
    default: return runs_run<K, NoValue, kRunsNonTrivial>(h, r, scratch, scratch_bytes);
    }
}

bool runs_natural(const void *p, size_t size) {
    return ((uintptr_t)p & (size - 1)) == 0;
}

/* Values through shared memory where their size and alignment allow; the bytewise
 * path otherwise (NoValue with values_in set). */
template <class K>
sweep_status runs_values(sweep_gpu_handle *h, const sweep_kruns *r, void *scratch,
                         size_t *scratch_bytes) {
    const size_t v = r->form == SWEEP_RUNS_UNIQUE && r->values_in ? r->vsize : 0;
    const bool typed = v && (v & (v - 1)) == 0 && v <= 16 && runs_natural(r->values_in, v) &&
                       runs_natural(r->values_out, v);
    if (!typed) return runs_form<K, NoValue>(h, r, scratch, scratch_bytes);
    switch (v) {
    case 1: return runs_form<K, uint8_t>(h, r, scratch, scratch_bytes);
    case 2: return runs_form<K, uint16_t>(h, r, scratch, scratch_bytes);
    case 4: return runs_form<K, uint32_t>(h, r, scratch, scratch_bytes);
    case 8: return runs_form<K, unsigned long long>(h, r, scratch, scratch_bytes);
    default: return runs_form<K, Value16>(h, r, scratch, scratch_bytes);
    }
}

} // namespace

sweep_status sweep_gpu_runs(void *hv, const sweep_kruns *r, void *scratch, size_t *scratch_bytes) {
    sweep_gpu_handle *h = (sweep_gpu_handle *)hv;
    const size_t ks = r->key_size;
    if ((ks != 1 && ks != 2 && ks != 4 && ks != 8) || !runs_natural(r->keys, ks) ||
        (r->keys_out && !runs_natural(r->keys_out, ks)))
        return SWEEP_ERR_UNSUPPORTED; /* the core composes it from the basic kernels */
    if (scratch) SWEEP_GPU_ENTER(h);
    switch (ks) {
    case 1: return runs_values<uint8_t>(h, r, scratch, scratch_bytes);
    case 2: return runs_values<uint16_t>(h, r, scratch, scratch_bytes);
    case 4: return runs_values<uint32_t>(h, r, scratch, scratch_bytes);
    default: return runs_values<unsigned long long>(h, r, scratch, scratch_bytes);
    }
}
