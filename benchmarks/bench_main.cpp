// bench_main.cpp -- sweep-bench: registers the selected benchmarks at run time (sweep
// backends that load, peers whose device exists) and runs them with Google Benchmark.
// The run's context (command, commit, backends, devices) goes into the JSON so that
// report.py can say what was measured. The console gets one line per benchmark as it
// finishes (bench_progress.h); SWEEP_BENCH_TOTAL, when set, is the N of its "k/N".
// sweep-bench-tune is the same program with the scan kernels' tile-shape variants
// (tuning/scan_shapes.cu) registered too.
#include "bench_inputs.h"
#include "bench_options.h"
#include "bench_progress.h"
#include "bench_record.h"
#include "bench_suites.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifndef SWEEP_BENCH_COMMIT
#define SWEEP_BENCH_COMMIT "unknown"
#endif

namespace {

std::string join_command(int argc, char **argv) {
    std::string s;
    for (int i = 0; i < argc; ++i) {
        if (i) s += ' ';
        s += argv[i];
    }
    return s;
}

std::string sizes_text(const std::vector<unsigned> &log2) {
    std::string s;
    for (unsigned k : log2)
        s += (s.empty() ? "2^" : ",2^") + std::to_string(k);
    return s;
}

} // namespace

int main(int argc, char **argv) {
    using namespace sweepbench;
    const std::string command = join_command(argc, argv);
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--help") {
            std::fputs(options_usage(), stdout);
            std::fputs("\n", stdout);
            break; // Google Benchmark prints its own flags next
        }
    }
    Options o;
    std::string error;
    if (!parse_options(&argc, argv, &o, &error)) {
        std::fprintf(stderr, "sweep-bench: %s\n\n%s", error.c_str(), options_usage());
        return 2;
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    set_input_seed(o.seed);

    const std::string sweep_summary = register_sweep_benchmarks(o);
    std::string peers_summary = register_std_peers(o);
#if defined(SWEEP_BENCH_HAVE_GNU_PARALLEL)
    peers_summary += register_gnu_parallel_peers(o);
#endif
#if defined(SWEEP_BENCH_HAVE_CUDA)
    peers_summary += "; " + register_cuda_peers(o);
#endif
#if defined(SWEEP_BENCH_HAVE_HIP)
    peers_summary += "; " + register_hip_peers(o);
#endif
#if defined(SWEEP_BENCH_HAVE_SCAN_SHAPES)
    peers_summary += "; " + register_scan_shape_variants(o);
#endif
    register_queued_cases();

    const char *commit = std::getenv("SWEEP_BENCH_COMMIT");
    benchmark::AddCustomContext("sweep_version", sweep_version_string());
    benchmark::AddCustomContext("sweep_commit", commit && *commit ? commit : SWEEP_BENCH_COMMIT);
    benchmark::AddCustomContext("sweep_command", command);
    benchmark::AddCustomContext("sweep_backends", sweep_summary);
    benchmark::AddCustomContext("sweep_peers", peers_summary);
    benchmark::AddCustomContext("sweep_cpu_sizes", sizes_text(o.cpu_log2));
    std::string gpu_sizes = sizes_text(o.gpu_log2);
    for (const auto &special : o.gpu_log2_of)
        gpu_sizes += std::string(" (") + primitive_name(special.first) + " " +
                     sizes_text(special.second) + ")";
    benchmark::AddCustomContext("sweep_gpu_sizes", gpu_sizes);
    benchmark::AddCustomContext("sweep_single_thread_max",
                                "2^" + std::to_string(o.single_thread_max_log2));
    benchmark::AddCustomContext("sweep_seed", std::to_string(o.seed));
    std::fputs(wrap_lines("sweep-bench: backends: " + sweep_summary +
                          "\nsweep-bench: peers: " + peers_summary)
                   .c_str(),
               stderr);

    const char *total = std::getenv("SWEEP_BENCH_TOTAL");
    ProgressReporter progress(total ? std::strtoull(total, nullptr, 10) : 0);
    benchmark::RunSpecifiedBenchmarks(&progress);
    benchmark::Shutdown();
    release_sweep_contexts();
#if defined(SWEEP_BENCH_HAVE_CUDA)
    release_cuda_peer_inputs();
#endif
    return 0;
}
