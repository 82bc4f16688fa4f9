// bench_record.cpp -- naming, counters and registration shared by all benchmarks.
#include "bench_record.h"

#include <algorithm>
#include <chrono>
#include <vector>

namespace sweepbench {

std::string case_name(const CaseId &c) {
    return std::string(primitive_name(c.primitive)) + "/" + dtype_label(c.primitive, c.dtype) +
           "/" + variant_name(c.variant) + "/" + c.impl + "/" + std::to_string(c.n);
}

void record_counters(benchmark::State &state, const CaseId &c, std::size_t kept) {
    const std::size_t elem = sweep_dtype_size(c.dtype);
    const double bytes = min_bytes(c.primitive, elem, c.n, kept);
    const auto iters = static_cast<std::int64_t>(state.iterations());
    state.SetItemsProcessed(iters * static_cast<std::int64_t>(c.n));
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes * static_cast<double>(iters)));
    state.counters["n"] = static_cast<double>(c.n);
    state.counters["elem_bytes"] = static_cast<double>(elem);
    state.counters["bytes_min"] = bytes;
    state.counters["is_peer"] = c.is_peer ? 1.0 : 0.0;
    state.counters["on_gpu"] = c.device == Device::Gpu ? 1.0 : 0.0;
    state.SetLabel(c.impl);
}

namespace {
struct Queued {
    CaseId id;
    std::function<void(benchmark::State &)> fn;
};
std::vector<Queued> &queue() {
    static std::vector<Queued> q;
    return q;
}
int primitive_rank(Primitive p) {
    const auto &all = all_primitives();
    return static_cast<int>(std::find(all.begin(), all.end(), p) - all.begin());
}
} // namespace

void register_case(const CaseId &c, std::function<void(benchmark::State &)> fn) {
    queue().push_back(Queued{c, std::move(fn)});
}

void register_cases(const Options &o, const std::string &impl, Device dev, bool single_thread,
                    bool is_peer, const std::vector<Primitive> &supported, const CaseFn &run) {
    for (Primitive p : supported) {
        if (!wants_primitive(o, p)) continue;
        for (const Cell &cell : cells_for(o, p)) {
            for (std::size_t n : sizes_for(o, p, dev, single_thread)) {
                CaseId c{p, cell.dtype, n, impl, dev, is_peer};
                c.variant = cell.variant;
                register_case(c, [c, run](benchmark::State &state) { run(state, c); });
            }
        }
    }
}

void register_queued_cases() {
    auto &q = queue();
    std::stable_sort(q.begin(), q.end(), [](const Queued &a, const Queued &b) {
        const int pa = primitive_rank(a.id.primitive), pb = primitive_rank(b.id.primitive);
        if (pa != pb) return pa < pb;
        if (a.id.dtype != b.id.dtype) return a.id.dtype < b.id.dtype;
        if (a.id.variant != b.id.variant) return a.id.variant < b.id.variant;
        return a.id.n < b.id.n;
    });
    for (const auto &e : q) {
        auto fn = e.fn;
        benchmark::RegisterBenchmark(case_name(e.id).c_str(),
                                     [fn](benchmark::State &state) { fn(state); })
            ->UseManualTime()
            ->Unit(benchmark::kMicrosecond);
    }
    q.clear();
}

std::uint64_t host_now_ns() {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count());
}

double host_seconds_since(std::uint64_t start_ns) {
    return static_cast<double>(host_now_ns() - start_ns) * 1e-9;
}

} // namespace sweepbench
