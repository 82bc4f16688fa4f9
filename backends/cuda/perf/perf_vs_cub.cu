/*
 * perf_vs_cub.cu -- times sweep's CUDA backend against CUB from the same toolkit on
 * the target rows (n = 2^28 unless noted), median of repeated runs with CUDA
 * events after a warm-up, random 32/64-bit inputs from a hash. Also checks each
 * sweep result against CUB's (exit status 1 on a mismatch). Not part of the plugin:
 * a tool for a machine with the GPU (see ci/gpu-check.sh --perf). Second argument: "scan", "merge",
 * "radix" (those rows only), "split" (the split and compaction rows), "splittune"
 * (those and the split's kernels at other tile shapes), "tune" (scan and split rows
 * with the kernel variants of
 * perf_variants.cuh), "bulk" (copy ceilings, the bulk-copy scan's shapes and the
 * plain scans against CUB from 2^16 to n: perf_bulk.cuh) or "prefetch" (the
 * bulk-copy scan asking L2 for the input at other distances ahead).
 */
#include <cub/cub.cuh>
#include <sweep/sweep.h>

#include "perf_bulk.cuh"
#include "perf_util.cuh"
#include "perf_variants.cuh"

#include <chrono>

struct Less32 {
    __device__ bool operator()(unsigned a, unsigned b) const {
        return a < b;
    }
};

static int less_u32_host(const void *a, const void *b, void *user) {
    (void)user;
    unsigned x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x < y;
}

int main(int argc, char **argv) {
    size_t n = (size_t)1 << 28;
    if (argc > 1) n = (size_t)1 << atoi(argv[1]);
    sweep_context *ctx;
    sweep_context_desc desc = {SWEEP_BACKEND_CUDA, 0, 0, 0};
    SK(sweep_context_create(&ctx, &desc));
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("device %s, n = %zu\n", p.name, n);

    unsigned *a32, *b32, *c32, *v32, *w32, *x32;
    unsigned long long *a64, *b64, *c64;
    uint8_t *flags;
    CK(cudaMalloc(&a32, n * 4));
    CK(cudaMalloc(&b32, n * 4));
    CK(cudaMalloc(&c32, n * 4));
    CK(cudaMalloc(&v32, n * 4));
    CK(cudaMalloc(&w32, n * 4));
    CK(cudaMalloc(&x32, n * 4));
    CK(cudaMalloc(&a64, n * 8));
    CK(cudaMalloc(&b64, n * 8));
    CK(cudaMalloc(&c64, n * 8));
    CK(cudaMalloc(&flags, n));
    fill<<<1024, 256>>>(a32, n, 1);
    fill<<<1024, 256>>>(v32, n, 2);
    fill<<<1024, 256>>>(a64, n, 3);
    CK(cudaDeviceSynchronize());
    void *tmp = NULL;
    size_t tmp_bytes = 0, need = 0;
    auto ensure = [&](size_t b) {
        if (b > tmp_bytes) {
            if (tmp) CK(cudaFree(tmp));
            CK(cudaMalloc(&tmp, b));
            tmp_bytes = b;
        }
    };
    unsigned long long *nsel;
    CK(cudaMalloc(&nsel, 8));

    /* "small": the 2^16 scan rows alone */
    if (argc > 2 && strcmp(argv[2], "small") == 0) goto small;
    /* "radix" as the second argument: the radix sort rows alone */
    if (argc > 2 && strcmp(argv[2], "radix") == 0) goto radix;
    /* "split", "splittune": the split and compaction rows (and kernel variants) */
    if (argc > 2 && strncmp(argv[2], "split", 5) == 0) goto split;
    /* "prefetch": the bulk-copy scan asking L2 for the input of tiles ahead */
    if (argc > 2 && strcmp(argv[2], "prefetch") == 0) {
        using sweep_gpu::BulkScanLarge;
        typedef unsigned long long U;
        typedef BulkScanLarge<unsigned> L32;
        typedef BulkScanLarge<U> L64;
        void *state;
        CK(cudaMalloc(&state, n / 8 + 4096));
        const size_t sizes[] = {5000011, 11264 * 100 + 1};
        for (size_t m : sizes)
            for (int off = 0; off < 2; ++off) {
                CK(cub::DeviceScan::ExclusiveSum(NULL, need, a32 + off, c32 + off, m));
                ensure(need);
                CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32 + off, c32 + off, m));
                try_bulk<unsigned, BulkPrefetched<L32, 528>>(a32 + off, b32 + off, c32 + off, m, 1,
                                                             state);
                CK(cub::DeviceScan::InclusiveSum(NULL, need, a64 + off, c64 + off, m));
                ensure(need);
                CK(cub::DeviceScan::InclusiveSum(tmp, need, a64 + off, c64 + off, m));
                try_bulk<U, BulkPrefetched<L64, 792>>(a64 + off, b64 + off, c64 + off, m, 0, state);
            }
        CK(cub::DeviceScan::ExclusiveSum(NULL, need, a32, c32, n));
        ensure(need);
        CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32, c32, n));
        CK(cub::DeviceScan::ExclusiveSum(NULL, need, a64, c64, n));
        ensure(need);
        CK(cub::DeviceScan::ExclusiveSum(tmp, need, a64, c64, n));
        for (int round = 0; round < 2; ++round) {
            try_bulk<unsigned, BulkPrefetched<L32, 0>>(a32, b32, c32, n, 1, state);
            try_bulk<unsigned, L32>(a32, b32, c32, n, 1, state);
            try_bulk<unsigned, BulkPrefetched<L32, 22>>(a32, b32, c32, n, 1, state);
            try_bulk<unsigned, BulkPrefetched<L32, 66>>(a32, b32, c32, n, 1, state);
            try_bulk<U, BulkPrefetched<L64, 0>>(a64, b64, c64, n, 1, state);
            try_bulk<U, L64>(a64, b64, c64, n, 1, state);
            try_bulk<U, BulkPrefetched<L64, 33>>(a64, b64, c64, n, 1, state);
            try_bulk<U, BulkPrefetched<L64, 99>>(a64, b64, c64, n, 1, state);
        }
        /* the general kernel: segmented scan by flags (runs of 1024) */
        fill_flags<<<1024, 256>>>(flags, n, 1024, 0);
        fill_runs<<<1024, 256>>>(w32, n, 1024);
        CK(cub::DeviceScan::InclusiveSumByKey(NULL, need, w32, a32, c32, (int64_t)n));
        ensure(need);
        CK(cub::DeviceScan::InclusiveSumByKey(tmp, need, w32, a32, c32, (int64_t)n));
        for (int round = 0; round < 2; ++round) {
            try_scan<unsigned, TryTuningPF<128, 24, 10, 0>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuningPF<128, 24, 10, 32>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuningPF<128, 24, 10, 64>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuningPF<128, 24, 10, 128>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuningPF<128, 24, 10, 256>>(a32, flags, b32, c32, n, state);
        }
        /* smaller inputs */
        for (size_t m = n >> 8; m < n; m *= 4) {
            CK(cub::DeviceScan::ExclusiveSum(NULL, need, a32, c32, m));
            ensure(need);
            CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32, c32, m));
            try_bulk<unsigned, BulkPrefetched<L32, 0>>(a32, b32, c32, m, 1, state);
            try_bulk<unsigned, L32>(a32, b32, c32, m, 1, state);
            CK(cub::DeviceScan::ExclusiveSum(NULL, need, a64, c64, m));
            ensure(need);
            CK(cub::DeviceScan::ExclusiveSum(tmp, need, a64, c64, m));
            try_bulk<U, BulkPrefetched<L64, 0>>(a64, b64, c64, m, 1, state);
            try_bulk<U, L64>(a64, b64, c64, m, 1, state);
        }
        CK(cudaFree(state));
        goto done;
    }
    /* "bulk": the bulk-copy scan kernel's shapes against the copy ceilings and CUB */
    if (argc > 2 && strcmp(argv[2], "bulk") == 0) {
        using sweep_gpu::BulkScanLarge;
        using sweep_gpu::BulkScanSmall;
        typedef unsigned long long U;
        void *state;
        CK(cudaMalloc(&state, n / 8 + 4096));
        copy_rows(a32, b32, n * 4);
        /* odd sizes and a misaligned start, both kinds, against CUB */
        const size_t sizes[] = {1,    31,   767,   768,   769,   3839,
                                3840, 3841, 11263, 11264, 11265, 5000011};
        for (size_t m : sizes)
            for (int off = 0; off < 2; ++off) {
                CK(cub::DeviceScan::ExclusiveSum(NULL, need, a32 + off, c32 + off, m));
                ensure(need);
                CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32 + off, c32 + off, m));
                try_bulk<unsigned, BulkScanLarge<unsigned>>(a32 + off, b32 + off, c32 + off, m, 1,
                                                            state);
                try_bulk<unsigned, BulkScanSmall<unsigned>>(a32 + off, b32 + off, c32 + off, m, 1,
                                                            state);
                CK(cub::DeviceScan::InclusiveSum(NULL, need, a64 + off, c64 + off, m));
                ensure(need);
                CK(cub::DeviceScan::InclusiveSum(tmp, need, a64 + off, c64 + off, m));
                try_bulk<U, BulkScanLarge<U>>(a64 + off, b64 + off, c64 + off, m, 0, state);
                try_bulk<U, BulkScanSmall<U>>(a64 + off, b64 + off, c64 + off, m, 0, state);
            }
        /* the plugin against CUB from 2^16 to n, and both shapes where they meet */
        for (size_t m = (size_t)1 << 16; m <= n; m *= 4) {
            for (int w = 0; w < 2; ++w) {
                const bool wide = w == 1;
                sweep_op op = sweep_op_builtin(SWEEP_OP_SUM, wide ? SWEEP_U64 : SWEEP_U32);
                void *x = wide ? (void *)a64 : (void *)a32, *y = wide ? (void *)b64 : (void *)b32;
                const int reps = m < ((size_t)1 << 20) ? 201 : 15;
                double sw =
                    median_ms([&] { SK(sweep_scan(ctx, op, x, y, m, SWEEP_EXCLUSIVE)); }, reps);
                double cb;
                if (wide) {
                    CK(cub::DeviceScan::ExclusiveSum(NULL, need, a64, c64, m));
                    ensure(need);
                    cb = median_ms(
                        [&] { CK(cub::DeviceScan::ExclusiveSum(tmp, need, a64, c64, m)); }, reps);
                    same("scan u64", b64, c64, m);
                } else {
                    CK(cub::DeviceScan::ExclusiveSum(NULL, need, a32, c32, m));
                    ensure(need);
                    cb = median_ms(
                        [&] { CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32, c32, m)); }, reps);
                    same("scan u32", b32, c32, m);
                }
                printf("exclusive sum %s n=2^%d: sweep %8.4f ms  cub %8.4f ms  cub/sweep %.3f\n",
                       wide ? "u64" : "u32", (int)__builtin_ctzll(m), sw, cb, cb / sw);
                if (m >= ((size_t)1 << 20) && m <= ((size_t)1 << 24)) {
                    if (wide) {
                        try_bulk<U, BulkScanLarge<U>>(a64, b64, c64, m, 1, state);
                        try_bulk<U, BulkScanSmall<U>>(a64, b64, c64, m, 1, state);
                    } else {
                        try_bulk<unsigned, BulkScanLarge<unsigned>>(a32, b32, c32, m, 1, state);
                        try_bulk<unsigned, BulkScanSmall<unsigned>>(a32, b32, c32, m, 1, state);
                    }
                }
            }
        }
        CK(cudaFree(state));
        goto done;
    }
    /* exclusive sum u32 / u64 */
    {
        sweep_op op = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
        double s = median_ms([&] { SK(sweep_scan(ctx, op, a32, b32, n, SWEEP_EXCLUSIVE)); });
        CK(cub::DeviceScan::ExclusiveSum(NULL, need, a32, c32, n));
        ensure(need);
        double c = median_ms([&] { CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32, c32, n)); });
        same("scan u32", b32, c32, n);
        row("exclusive sum u32", s, c, 1.15);
    }
    {
        sweep_op op = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U64);
        double s = median_ms([&] { SK(sweep_scan(ctx, op, a64, b64, n, SWEEP_EXCLUSIVE)); });
        CK(cub::DeviceScan::ExclusiveSum(NULL, need, a64, c64, n));
        ensure(need);
        double c = median_ms([&] { CK(cub::DeviceScan::ExclusiveSum(tmp, need, a64, c64, n)); });
        same("scan u64", b64, c64, n);
        row("exclusive sum u64", s, c, 1.05);
    }
    /* tile shapes of the scan kernel (c32 / c64 hold CUB's results) */
    if (argc > 2 && strcmp(argv[2], "tune") == 0) {
        void *state;
        CK(cudaMalloc(&state, n / 8 + 4096));
        try_scan<unsigned, TryTuning<256, 16, 6>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<256, 24, 6>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<256, 24, 5>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<256, 20, 6>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<256, 28, 6>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<128, 24, 12>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<192, 24, 8>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<384, 24, 4>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<512, 12, 3>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned long long, TryTuning<256, 16, 5>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<256, 12, 5>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<128, 24, 10>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<192, 16, 6>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<256, 20, 5>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<128, 20, 10>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<256, 16, 4>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<256, 12, 6>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<256, 20, 4>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<256, 8, 8>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuning<512, 8, 4>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned, TryTuning<256, 32, 4>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<256, 32, 5>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<256, 28, 5>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<256, 24, 6>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<256, 16, 6>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuning<128, 24, 12>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuningCS<128, 24, 12>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned, TryTuningCS<256, 28, 6>>(a32, NULL, b32, c32, n, state);
        try_scan<unsigned long long, TryTuningCS<256, 16, 5>>(a64, NULL, b64, c64, n, state);
        try_scan<unsigned long long, TryTuningCS<128, 24, 10>>(a64, NULL, b64, c64, n, state);
        CK(cudaFree(state));
    }
    /* segmented scan by flags (runs of 1024) vs InclusiveSumByKey */
    {
        fill_flags<<<1024, 256>>>(flags, n, 1024, 0);
        fill_runs<<<1024, 256>>>(w32, n, 1024);
        sweep_op op = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
        double s = median_ms(
            [&] { SK(sweep_segmented_scan_flags(ctx, op, a32, flags, b32, n, SWEEP_INCLUSIVE)); });
        CK(cub::DeviceScan::InclusiveSumByKey(NULL, need, w32, a32, c32, (int64_t)n));
        ensure(need);
        double c = median_ms(
            [&] { CK(cub::DeviceScan::InclusiveSumByKey(tmp, need, w32, a32, c32, (int64_t)n)); });
        same("segscan", b32, c32, n);
        row("segmented scan flags u32 (1024)", s, c, 1.2);
        if (argc > 2 && strcmp(argv[2], "tune") == 0) {
            void *state;
            CK(cudaMalloc(&state, n / 4 + 4096));
            try_scan<unsigned, TryTuning<256, 16, 6>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuning<256, 16, 5>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuning<256, 24, 4>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuning<256, 24, 5>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuning<256, 20, 5>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuning<256, 12, 6>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuning<128, 24, 10>>(a32, flags, b32, c32, n, state);
            try_scan<unsigned, TryTuning<256, 32, 4>>(a32, flags, b32, c32, n, state);
            CK(cudaFree(state));
        }
    }
split:
    /* split vs DevicePartition::Flagged (random flags) */
    {
        fill_flags<<<1024, 256>>>(flags, n, 0, 1);
        size_t *nf;
        CK(cudaMalloc(&nf, sizeof(size_t)));
        double s =
            median_ms([&] { SK(sweep_split(ctx, flags, a32, b32, 4, NULL, NULL, 0, n, nf)); });
        CK(cub::DevicePartition::Flagged(NULL, need, a32, flags, c32, nsel, (int64_t)n));
        ensure(need);
        double c = median_ms([&] {
            CK(cub::DevicePartition::Flagged(tmp, need, a32, flags, c32, nsel, (int64_t)n));
        });
        size_t k1 = 0;
        unsigned long long k2 = 0;
        CK(cudaMemcpy(&k1, nf, sizeof k1, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&k2, nsel, sizeof k2, cudaMemcpyDeviceToHost));
        if (k1 != k2) {
            printf("MISMATCH split count %zu vs %llu\n", k1, k2);
            ++failures;
        }
        same("split flagged half", b32, c32, k1);
        row("split u32 (random flags)", s, c, 1.2);
        if (argc > 2 && (strcmp(argv[2], "tune") == 0 || strcmp(argv[2], "splittune") == 0)) {
            void *state;
            CK(cudaMalloc(&state, n / 8 + 4096));
            for (unsigned k : {1u, 2u, 4u, 8u})
                try_split<TryTuning<256, 24, 4>>(flags, a32, b32, c32, n, k1, state, k);
            try_split<TryTuning<256, 16, 6>>(flags, a32, b32, c32, n, k1, state, 4);
            try_split<TryTuning<256, 16, 6>>(flags, a32, b32, c32, n, k1, state, 6);
            try_split<TryTuning<256, 28, 3>>(flags, a32, b32, c32, n, k1, state, 4);
            for (int round = 0; round < 2; ++round) {
                try_split<TryTuningPF<256, 24, 4, 0>>(flags, a32, b32, c32, n, k1, state, 4);
                try_split<TryTuningPF<256, 24, 4, 32>>(flags, a32, b32, c32, n, k1, state, 4);
                try_split<TryTuningPF<256, 24, 4, 64>>(flags, a32, b32, c32, n, k1, state, 4);
                try_split<TryTuningPF<256, 24, 4, 128>>(flags, a32, b32, c32, n, k1, state, 4);
            }
            CK(cudaFree(state));
        }
        /* compaction (the flagged half alone) vs DeviceSelect::Flagged */
        {
            const double sc = median_ms([&] { SK(sweep_compact(ctx, flags, a32, b32, 4, n, nf)); });
            CK(cub::DeviceSelect::Flagged(NULL, need, a32, flags, c32, nsel, (int64_t)n));
            ensure(need);
            const double cc = median_ms([&] {
                CK(cub::DeviceSelect::Flagged(tmp, need, a32, flags, c32, nsel, (int64_t)n));
            });
            same("compact", b32, c32, k1);
            printf("compact u32 (random flags)         sweep %8.3f ms  cub %8.3f ms  speedup "
                   "%.2fx\n",
                   sc, cc, cc / sc);
        }
        CK(cudaFree(nf));
        if (argc > 2 && strncmp(argv[2], "split", 5) == 0) goto done;
    }
    /* "scan" or "tune" as the second argument: scan and split only */
    if (argc > 2 && (strcmp(argv[2], "scan") == 0 || strcmp(argv[2], "tune") == 0)) goto small;
    if (argc > 2 && strcmp(argv[2], "merge") == 0) goto merge; /* the merge rows alone */
    /* "pairs": one custom-comparator sort of u32 pairs by sweep, then one by CUB, and
     * nothing else (for a profiler's kernel filter) */
    if (argc > 2 && strcmp(argv[2], "pairs") == 0) goto merge_custom;
radix:
    /* radix sort u32 keys, u32/u32 pairs, u64 keys */
    {
        sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U32);
        double s = median_ms([&] { SK(sweep_radix_sort(ctx, a32, b32, NULL, NULL, n, &d)); }, 7);
        CK(cub::DeviceRadixSort::SortKeys(NULL, need, a32, c32, (int64_t)n));
        ensure(need);
        double c = median_ms(
            [&] { CK(cub::DeviceRadixSort::SortKeys(tmp, need, a32, c32, (int64_t)n)); }, 7);
        same("sort u32", b32, c32, n);
        row("radix sort u32 keys", s, c, 1.1);
    }
    {
        /* keys a into b by sweep and into c by CUB, 4-byte values v into w and x */
        auto pairs = [&](const char *what, sweep_dtype dt, auto *a, auto *b, auto *c, int reps,
                         double target) {
            sweep_sort_desc d = sweep_sort_desc_make(dt);
            d.value_size = 4;
            double sw = median_ms([&] { SK(sweep_radix_sort(ctx, a, b, v32, w32, n, &d)); }, reps);
            CK(cub::DeviceRadixSort::SortPairs(NULL, need, a, c, v32, x32, (int64_t)n));
            ensure(need);
            double cb = median_ms(
                [&] { CK(cub::DeviceRadixSort::SortPairs(tmp, need, a, c, v32, x32, (int64_t)n)); },
                reps);
            same(what, b, c, n);
            same(what, w32, x32, n);
            row(what, sw, cb, target);
        };
        pairs("radix sort u32/u32 pairs", SWEEP_U32, a32, b32, c32, 7, 1.1);
        {
            sweep_sort_desc d = sweep_sort_desc_make(SWEEP_U64);
            double s =
                median_ms([&] { SK(sweep_radix_sort(ctx, a64, b64, NULL, NULL, n, &d)); }, 5);
            CK(cub::DeviceRadixSort::SortKeys(NULL, need, a64, c64, (int64_t)n));
            ensure(need);
            double c = median_ms(
                [&] { CK(cub::DeviceRadixSort::SortKeys(tmp, need, a64, c64, (int64_t)n)); }, 5);
            same("sort u64", b64, c64, n);
            row("radix sort u64 keys", s, c, 1.2);
        }
        /* no target: 64-bit keys with 4-byte values */
        pairs("radix sort u64/u32 pairs", SWEEP_U64, a64, b64, c64, 5, 0.0);
    }
    if (argc > 2 && strcmp(argv[2], "radix") == 0) goto done;
merge:
    /* merge sort u32 at n/4 (2^26), built-in order (the core may route it to the
     * radix sort, which gives the same answer) */
    {
        size_t m = n / 4;
        sweep_compare cmp = sweep_compare_builtin(SWEEP_U32, 0);
        double s =
            median_ms([&] { SK(sweep_merge_sort(ctx, a32, b32, NULL, NULL, 0, m, cmp)); }, 5);
        CK(cub::DeviceMergeSort::SortKeysCopy(NULL, need, a32, c32, (int64_t)m, Less32()));
        ensure(need);
        double c = median_ms(
            [&] {
                CK(cub::DeviceMergeSort::SortKeysCopy(tmp, need, a32, c32, (int64_t)m, Less32()));
            },
            5);
        same("merge sort", b32, c32, m);
        row("merge sort u32 (n/4)", s, c, 1.2);
        /* block shapes of the merge kernels themselves (c32 holds CUB's answer) */
        size_t *splits;
        CK(cudaMalloc(&splits, (m / 1024 + 2) * sizeof(size_t)));
        using sweep_gpu::BlockShape;
        try_merge_sort<BlockShape<256, 17, 4>>(a32, b32, x32, splits, c32, m, true);
        try_merge_sort<BlockShape<256, 17, 1>>(a32, b32, x32, splits, c32, m);
        try_merge_sort<BlockShape<256, 17, 5>>(a32, b32, x32, splits, c32, m);
        try_merge_sort<BlockShape<256, 15, 6>>(a32, b32, x32, splits, c32, m);
        try_merge_sort<BlockShape<512, 9, 3>>(a32, b32, x32, splits, c32, m);
        try_merge_sort<BlockShape<512, 11, 2>>(a32, b32, x32, splits, c32, m);
        try_merge_sort<BlockShape<512, 17, 2>>(a32, b32, x32, splits, c32, m);
        try_merge_sort<BlockShape<1024, 9, 1>>(a32, b32, x32, splits, c32, m);
        try_merge_sort<BlockShape<128, 17, 8>>(a32, b32, x32, splits, c32, m);
        /* the merge at 256 x 17, the block sort on bigger tiles (fewer passes) */
        try_merge_sort<BlockShape<256, 17, 4>, BlockShape<512, 17, 2>>(a32, b32, x32, splits, c32,
                                                                       m, true);
        try_merge_sort<BlockShape<256, 17, 4>, BlockShape<512, 17, 3>>(a32, b32, x32, splits, c32,
                                                                       m, true);
        CK(cudaFree(splits));
    }
merge_custom:
    /* The same with a custom comparator (run-time compiled: the first call compiles,
     * or loads the disk cache, and is left out by median_ms's warm-up calls). */
    {
        size_t m = n / 4;
        sweep_custom_compare_desc d;
        memset(&d, 0, sizeof d);
        d.name = "less_u32";
        d.key_size = 4;
        d.key_align = 4;
        d.less = less_u32_host;
        d.device_source = "__device__ bool less_u32(unsigned a, unsigned b) { return a < b; }\n";
        sweep_custom_compare *cc;
        SK(sweep_custom_compare_create(&cc, &d));
        sweep_compare cmp = sweep_compare_custom(cc);
        if (argc > 2 && strcmp(argv[2], "pairs") == 0) {
            SK(sweep_merge_sort(ctx, a32, b32, v32, w32, 4, m, cmp));
            CK(cub::DeviceMergeSort::SortPairsCopy(NULL, need, a32, v32, c32, x32, (int64_t)m,
                                                   Less32()));
            ensure(need);
            CK(cub::DeviceMergeSort::SortPairsCopy(tmp, need, a32, v32, c32, x32, (int64_t)m,
                                                   Less32()));
            same("merge sort custom pairs keys", b32, c32, m);
            same("merge sort custom pairs values", w32, x32, m);
            sweep_custom_compare_destroy(cc);
            goto done;
        }
        double s =
            median_ms([&] { SK(sweep_merge_sort(ctx, a32, b32, NULL, NULL, 0, m, cmp)); }, 5);
        CK(cub::DeviceMergeSort::SortKeysCopy(NULL, need, a32, c32, (int64_t)m, Less32()));
        ensure(need);
        double c = median_ms(
            [&] {
                CK(cub::DeviceMergeSort::SortKeysCopy(tmp, need, a32, c32, (int64_t)m, Less32()));
            },
            5);
        same("merge sort custom", b32, c32, m);
        row("merge sort u32 custom cmp (n/4)", s, c, 1.2);
        /* u32 keys with u32 values, custom comparator: stability shows in the values */
        double sp = median_ms([&] { SK(sweep_merge_sort(ctx, a32, b32, v32, w32, 4, m, cmp)); }, 5);
        CK(cub::DeviceMergeSort::SortPairsCopy(NULL, need, a32, v32, c32, x32, (int64_t)m,
                                               Less32()));
        ensure(need);
        double cp = median_ms(
            [&] {
                CK(cub::DeviceMergeSort::SortPairsCopy(tmp, need, a32, v32, c32, x32, (int64_t)m,
                                                       Less32()));
            },
            5);
        same("merge sort custom pairs keys", b32, c32, m);
        same("merge sort custom pairs values", w32, x32, m);
        row("merge sort u32/u32 custom cmp", sp, cp, 1.2);
        sweep_custom_compare_destroy(cc);
    }
    if (argc > 2 && strcmp(argv[2], "merge") == 0) goto done;
small:
    /* small scan 2^16 */
    {
        size_t m = 1 << 16;
        sweep_op op = sweep_op_builtin(SWEEP_OP_SUM, SWEEP_U32);
        double s = median_ms([&] { SK(sweep_scan(ctx, op, a32, b32, m, SWEEP_EXCLUSIVE)); }, 101);
        CK(cub::DeviceScan::ExclusiveSum(NULL, need, a32, c32, m));
        ensure(need);
        double c =
            median_ms([&] { CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32, c32, m)); }, 101);
        same("scan 2^16", b32, c32, m);
        row("exclusive sum u32 n=2^16", s, c, 0.6, true);
        /* the same calls' GPU time without the host's launch cost (held_median_us) */
        const double hs =
            held_median_us([&] { SK(sweep_scan(ctx, op, a32, b32, m, SWEEP_EXCLUSIVE)); });
        const double hc =
            held_median_us([&] { CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32, c32, m)); });
        const double he = held_median_us([&] { empty_kernel<<<1, 32>>>(); });
        same("scan 2^16 (held)", b32, c32, m);
        printf("exclusive sum u32 n=2^16, GPU time behind a held queue: sweep %.2f us  cub %.2f us"
               "  sweep/cub time %.2f (target <= 0.60) %s; an empty kernel %.2f us\n",
               hs, hc, hs / hc, hs / hc <= 0.6 ? "MET" : "missed", he);
        if (argc > 2 && strcmp(argv[2], "tune") == 0) {
            /* where the small scan's time goes: an empty launch between the events, the
             * host cost of one sweep_scan call, the kernel at other tile shapes */
            double e = median_ms([&] { empty_kernel<<<1, 32>>>(); }, 101);
            printf("  empty kernel between events             %8.4f ms\n", e);
            const int calls = 2000;
            CK(cudaDeviceSynchronize());
            auto t0 = std::chrono::steady_clock::now();
            for (int i = 0; i < calls; ++i)
                SK(sweep_scan(ctx, op, a32, b32, m, SWEEP_EXCLUSIVE));
            auto t1 = std::chrono::steady_clock::now();
            CK(cudaDeviceSynchronize());
            auto t2 = std::chrono::steady_clock::now();
            printf("  sweep_scan 2^16: host %.2f us/call, queue drained %.2f us/call\n",
                   std::chrono::duration<double, std::micro>(t1 - t0).count() / calls,
                   std::chrono::duration<double, std::micro>(t2 - t0).count() / calls);
            t0 = std::chrono::steady_clock::now();
            for (int i = 0; i < calls; ++i)
                CK(cub::DeviceScan::ExclusiveSum(tmp, need, a32, c32, m));
            t1 = std::chrono::steady_clock::now();
            CK(cudaDeviceSynchronize());
            t2 = std::chrono::steady_clock::now();
            printf("  cub 2^16:        host %.2f us/call, queue drained %.2f us/call\n",
                   std::chrono::duration<double, std::micro>(t1 - t0).count() / calls,
                   std::chrono::duration<double, std::micro>(t2 - t0).count() / calls);
            auto host_us = [&](auto &&f) {
                CK(cudaDeviceSynchronize());
                auto h0 = std::chrono::steady_clock::now();
                for (int i = 0; i < calls; ++i)
                    f();
                auto h1 = std::chrono::steady_clock::now();
                CK(cudaDeviceSynchronize());
                return std::chrono::duration<double, std::micro>(h1 - h0).count() / calls;
            };
            printf("  host us/call: cudaSetDevice %.3f, cudaGetDevice %.3f, cudaGetLastError "
                   "%.3f, empty launch %.3f, sweep_scan n=1 %.3f\n",
                   host_us([] { CK(cudaSetDevice(0)); }), host_us([] {
                       int d;
                       CK(cudaGetDevice(&d));
                   }),
                   host_us([] { CK(cudaGetLastError()); }),
                   host_us([] { empty_kernel<<<1, 32>>>(); }),
                   host_us([&] { SK(sweep_scan(ctx, op, a32, b32, 1, SWEEP_EXCLUSIVE)); }));
            void *state;
            CK(cudaMalloc(&state, 1 << 20));
            try_scan<unsigned, TryTuning<256, 16, 6>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<256, 24, 6>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<128, 24, 12>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<256, 8, 6>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<256, 4, 6>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<128, 8, 6>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<512, 8, 3>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<1024, 8, 1>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<512, 16, 2>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<128, 16, 8>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<512, 4, 4>>(a32, NULL, b32, c32, m, state);
            try_scan<unsigned, TryTuning<64, 16, 16>>(a32, NULL, b32, c32, m, state);
            CK(cudaFree(state));
        }
    }
done:
    sweep_context_destroy(ctx);
    printf("perf_vs_cub: %d mismatches\n", failures);
    return failures ? 1 : 0;
}
