/*
 * device_tuning.cpp -- the run-time tuning rows (device_tuning.h), one per
 * architecture, and the choice among them from a device's properties.
 */
#include "gpu/tuning/device_tuning.h"
#include "gpu/host/gpu_runtime.h"

#include <string.h>

namespace {

/* Timed on the H100 (sm_90):
 * - the hybrid radix sort from where it was faster than the LSD sort: 2^25 8-byte keys,
 *   2^26 4-byte keys with values, 2^27 4-byte keys alone
 *   (docs/perf/radix-sort.md#where-the-hybrid-is-used);
 * - the merge sort for radix sorts on every bit where it beat the LSD passes: up to
 *   2^20 8-byte keys (u64 keys 154 against 183 us at 2^20, 252 against 263 at 2^21),
 *   2^16 4-byte keys with values (u32 pairs 71 against 74 us at 2^16, 84 against 78 at
 *   2^17), 2^17 4-byte keys alone (69 against 73 us at 2^17, 80 against 78 at 2^18)
 *   (docs/perf/radix-sort.md#short-sorts-by-merging);
 * - the one-kernel split below 256 MiB of elements (u32: faster than the three kernels
 *   from 2^16 to 2^25 elements, even at 2^26, slower at 2^28;
 *   docs/perf/split.md#the-one-kernel-split). */
constexpr sweep_gpu_tuning kSm90 = {
    "sm_90",
    1,
    /* scan_tile, split_tile, radix_tile */ 16384,
    16384,
    16384,
    /* sort_tile, merge_part */ 1024,
    2048,
    /* radix_hybrid_min8, _min4, _min4_keys */ (size_t)1 << 25,
    (size_t)1 << 26,
    (size_t)1 << 27,
    /* radix_merge_max8, _max4, _max4_keys */ (size_t)1 << 20,
    (size_t)1 << 16,
    (size_t)1 << 17,
    /* split_resident_bytes */ (size_t)1 << 28,
    /* reduce_blocks_per_sm */ 4,
    /* reduce_one_block_bytes */ 16384,
    /* segreduce_min: not timed yet (docs/perf/scan.md#segmented-reduce-its-own-kernel) */
    (size_t)1 << 16,
};

/* A row of defaults: sm_90's values, until they are measured on the architecture. */
constexpr sweep_gpu_tuning defaults_of(const char *name) {
    sweep_gpu_tuning t = kSm90;
    t.name = name;
    t.measured = 0;
    return t;
}

constexpr sweep_gpu_tuning kNvidia = defaults_of("NVIDIA (defaults)");
constexpr sweep_gpu_tuning kCdna = defaults_of("AMD CDNA, gfx9 (defaults)");
constexpr sweep_gpu_tuning kRdna = defaults_of("AMD RDNA, gfx10 and later (defaults)");

} // namespace

const sweep_gpu_tuning *sweep_gpu_tuning_for(const sweep_gpu_device_info *info) {
    if (info->vendor == SWEEP_GPU_AMD) return strncmp(info->arch, "gfx9", 4) == 0 ? &kCdna : &kRdna;
    if (info->cc_major == 9 && info->cc_minor == 0) return &kSm90;
    return &kNvidia;
}
