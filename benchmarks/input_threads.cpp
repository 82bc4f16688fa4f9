// input_threads.cpp -- the CTest bench.inputs: every seeded generator of
// bench_distributions.h gives the same bytes on one thread and on several (the host
// loops of bench_parallel.h split work by the thread count; the inputs must not
// depend on it). Sizes reach past the loops' parallel grain, the radix sort's parts
// and the batches of runs and segment lengths.
#include "bench_distributions.h"
#include "bench_dtype.h"

#include <sweep/sweep.h>

#include <omp.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace sweepbench;

// Every generator on its variants, types and a few sizes, as one byte string per case.
std::vector<std::string> generate_all(std::uint64_t seed) {
    std::vector<std::string> out;
    const std::size_t sizes[] = {
        0, 1, 5, 1000, (std::size_t{1} << 17) + 3, (std::size_t{1} << 21) + 1};
    const auto bytes = [&](const void *p, std::size_t n) {
        out.emplace_back(static_cast<const char *>(p), n);
    };
    for (std::size_t n : sizes) {
        // The largest size (several batches of runs and segments) on two types only.
        const bool large = n > (std::size_t{1} << 20);
        for (sweep_dtype dt : {SWEEP_I8, SWEEP_U16, SWEEP_I32, SWEEP_U64, SWEEP_F32, SWEEP_F64}) {
            if (large && dt != SWEEP_U16 && dt != SWEEP_F32) continue;
            std::vector<unsigned char> b(n * sweep_dtype_size(dt) + 1, 0xa5);
            for (Variant v : key_distributions()) {
                generate_keys(v, dt, n, seed, 1, b.data());
                bytes(b.data(), b.size());
                generate_sorted_halves(v, dt, n, seed, b.data());
                bytes(b.data(), b.size());
                generate_sorted_keys(v, dt, n, seed, b.data());
                bytes(b.data(), b.size());
            }
            for (Variant v : run_laws()) {
                generate_runs(v, dt, n, seed, b.data());
                bytes(b.data(), b.size());
            }
            if (dt == SWEEP_F32 || dt == SWEEP_U64) {
                const sweep_dtype sample_dt = dt == SWEEP_F32 ? SWEEP_F32 : SWEEP_U32;
                for (Variant v : sample_laws()) {
                    generate_samples(v, sample_dt, n, seed, b.data());
                    bytes(b.data(), n * sweep_dtype_size(sample_dt));
                }
            }
        }
        for (Variant v : segment_laws()) {
            const std::vector<std::size_t> o = generate_offsets(v, n, seed);
            bytes(o.data(), o.size() * sizeof(std::size_t));
        }
        for (Variant v : sort_segment_laws()) {
            const std::vector<std::size_t> o = generate_sort_offsets(v, n, seed);
            bytes(o.data(), o.size() * sizeof(std::size_t));
        }
    }
    return out;
}

} // namespace

int main() {
    const std::uint64_t seed = 20261123u;
    omp_set_num_threads(1);
    const std::vector<std::string> one = generate_all(seed);
    int failed = 0;
    for (int threads : {3, 8}) {
        omp_set_num_threads(threads);
        const std::vector<std::string> many = generate_all(seed);
        for (std::size_t i = 0; i < one.size(); ++i) {
            if (i >= many.size() || many[i] != one[i]) {
                std::printf("case %zu differs on %d threads\n", i, threads);
                ++failed;
            }
        }
    }
    std::printf("%zu cases, %d differ\n", one.size(), failed);
    return failed ? 1 : 0;
}
